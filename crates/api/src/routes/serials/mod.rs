//! Device serial lookup (SPEC §4.2).

pub mod get_serial;

use crate::state::AppState;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_serial::get_serial))
}
