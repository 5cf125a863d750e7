//! Stores and regions (SPEC §3): the eStores and partner mini-stores a
//! visitor can shop in, and the country lists of address forms. Which store a
//! request sees is the kernel's [`crate::http::store`].

pub mod routes;

use crate::http::route_docs::api_routes;
use crate::http::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(routes::list_countries::list_countries))
        .routes(api_routes!(routes::list_stores::list_stores))
        .routes(api_routes!(routes::get_store::get_store))
}
