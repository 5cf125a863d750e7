//! Media files: product images and downloads stored in the database.

pub mod get_media;

use crate::state::AppState;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_media::get_media))
}
