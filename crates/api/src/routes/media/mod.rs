//! Media files: product images and downloads stored in the database.

pub mod get_media;

use crate::route_docs::api_routes;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(api_routes!(get_media::get_media))
}
