//! Stores and regions (SPEC §3).

pub mod get_store;
pub mod list_stores;

use crate::state::AppState;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_stores::list_stores))
        .routes(routes!(get_store::get_store))
}
