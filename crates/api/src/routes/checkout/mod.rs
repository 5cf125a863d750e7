//! `GET /checkout/options`: what the checkout pages offer (SPEC §6).

pub mod options;

use crate::state::AppState;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(options::checkout_options))
}
