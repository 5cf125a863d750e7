//! One file per coupon operation.

pub mod staff;
