//! The signed-in customer's own account: profile, e-mail, password, export,
//! deletion, address book and bookmarks (SPEC §8).

pub mod dto;
pub mod get_me;

use crate::state::AppState;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_me::get_me))
}
