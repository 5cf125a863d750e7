//! Full-text search and header autocomplete (SPEC §4.4).

pub mod search_products;
pub mod suggest;

use crate::route_docs::api_routes;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(search_products::search))
        .routes(api_routes!(suggest::suggest))
}
