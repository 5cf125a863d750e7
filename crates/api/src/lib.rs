//! Uplink's HTTP layer: axum routes, extractors, errors and the OpenAPI document.
//!
//! [`app`] builds the whole router from an [`AppState`]; the `uplink` binary
//! serves it and tests drive it in-process.

pub mod auth;
pub mod catalog;
pub mod config;
pub mod error;
pub mod extract;
pub mod mail;
pub mod middleware;
pub mod money;
pub mod openapi;
pub mod routes;
pub mod secrets;
pub mod state;
pub mod store;
pub mod timefmt;
pub mod web;

pub use config::Config;
pub use error::{ApiError, ApiResult, FieldError};
pub use state::AppState;

use axum::Router;

/// The complete application: `/api/v1`, `/api/openapi.json`, operations
/// endpoints, and the single-page app for every other path.
pub fn app(state: AppState) -> Router {
    let (api_v1, openapi) = routes::api_v1().split_for_parts();
    let openapi = std::sync::Arc::new(openapi::finish(openapi));
    let router = Router::new()
        .nest("/api/v1", api_v1)
        .merge(routes::ops::router(openapi))
        .fallback(web::fallback)
        .with_state(state);
    middleware::apply(router)
}
