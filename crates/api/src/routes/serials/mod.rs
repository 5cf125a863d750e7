//! Device serial lookup (SPEC §4.2).

pub mod get_serial;

use crate::route_docs::api_routes;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(api_routes!(get_serial::get_serial))
}
