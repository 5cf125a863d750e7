//! Product listing and detail (SPEC §4.4), served from the catalogue read model.

pub mod get_product;
pub mod list_products;
pub mod params;

use crate::route_docs::api_routes;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(list_products::list_products))
        .routes(api_routes!(get_product::get_product))
}
