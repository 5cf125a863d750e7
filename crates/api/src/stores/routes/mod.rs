//! One file per store operation.

pub mod get_store;
pub mod list_countries;
pub mod list_stores;
pub mod staff;
