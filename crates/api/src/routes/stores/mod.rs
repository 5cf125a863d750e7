//! Stores and regions (SPEC §3).

pub mod get_store;
pub mod list_stores;

use crate::route_docs::api_routes;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(list_stores::list_stores))
        .routes(api_routes!(get_store::get_store))
}
