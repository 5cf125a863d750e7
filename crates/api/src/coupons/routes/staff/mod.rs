//! Admins: coupons.

pub mod coupons;
