//! Public, non-secret settings the browser needs at start-up.

pub mod get_config;

use crate::state::AppState;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_config::get_config))
}
