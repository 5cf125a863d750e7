//! Public, non-secret settings the browser needs at start-up.

pub mod get_config;

use crate::route_docs::api_routes;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(api_routes!(get_config::get_config))
}
