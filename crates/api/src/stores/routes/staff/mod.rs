//! Admins: stores and mini-stores.

pub mod stores;
