//! The catalogue (SPEC §4): product listing and detail, categories, full-text
//! search and autocomplete, serial lookup and media, all answered from the
//! catalogue read model ([`crate::read_model`]) with no SQL per request.
//!
//! `listing` filters, sorts and counts facets over a snapshot; `query` parses
//! the listing's query parameters; `dto` shapes the answers; `markdown`
//! renders descriptions once per snapshot.

pub mod dto;
pub mod listing;
pub mod markdown;
pub mod query;
pub mod routes;

use crate::http::route_docs::api_routes;
use crate::http::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(routes::list_categories::list_categories))
        .routes(api_routes!(routes::list_categories::get_category))
        .routes(api_routes!(routes::list_products::list_products))
        .routes(api_routes!(routes::get_product::get_product))
        .routes(api_routes!(routes::search_products::search))
        .routes(api_routes!(routes::suggest::suggest))
        .routes(api_routes!(routes::get_serial::get_serial))
        .routes(api_routes!(routes::get_media::get_media))
}
