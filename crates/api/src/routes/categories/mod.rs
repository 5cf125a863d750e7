//! The category tree (SPEC §4.1).

pub mod list_categories;

use crate::state::AppState;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_categories::list_categories))
        .routes(routes!(list_categories::get_category))
}
