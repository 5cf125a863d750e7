//! Stores and regions (SPEC §3): the eStores and partner mini-stores a
//! visitor can shop in, and the country lists of address forms. Which store a
//! request sees is the kernel's [`crate::http::store`].

pub mod admin;
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

/// Admins: stores and mini-stores.
pub fn staff_router() -> OpenApiRouter<AppState> {
    use routes::staff::stores;
    OpenApiRouter::new()
        .routes(api_routes!(
            stores::list_admin_stores,
            stores::create_admin_store
        ))
        .routes(api_routes!(
            stores::get_admin_store,
            stores::update_admin_store
        ))
        .routes(api_routes!(
            stores::get_store_selection,
            stores::set_store_selection
        ))
}
