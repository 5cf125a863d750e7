//! One file per catalogue operation.

pub mod get_media;
pub mod get_product;
pub mod get_serial;
pub mod list_categories;
pub mod list_products;
pub mod search_products;
pub mod staff;
pub mod suggest;
