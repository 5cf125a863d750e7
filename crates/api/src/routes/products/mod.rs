//! Product listing and detail (SPEC §4.4), served from the catalogue read model.

pub mod get_product;
pub mod list_products;
pub mod params;

use crate::state::AppState;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_products::list_products))
        .routes(routes!(get_product::get_product))
}
