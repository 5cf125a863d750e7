//! Full-text search and header autocomplete (SPEC §4.4).

pub mod search_products;
pub mod suggest;

use crate::state::AppState;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search_products::search))
        .routes(routes!(suggest::suggest))
}
