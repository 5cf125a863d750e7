//! The category tree (SPEC §4.1).

pub mod list_categories;

use crate::route_docs::api_routes;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(list_categories::list_categories))
        .routes(api_routes!(list_categories::get_category))
}
