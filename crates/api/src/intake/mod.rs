//! The Sentry-compatible error intake (SPEC §14): `POST /api/{project_id}/envelope/`
//! and the legacy `POST /api/{project_id}/store/`. These live beside `/api/v1`
//! (SDKs build the path from the DSN) and are not part of the OpenAPI document.

pub mod dto;
pub mod envelope;
pub mod routes;

use crate::http::route_docs::api_routes;
use crate::http::state::AppState;
use crate::platform::jobs::Job;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderName, Method, header};
use axum::routing::post;
use tower_http::cors::{AllowOrigin, CorsLayer};
use utoipa_axum::router::OpenApiRouter;

/// Compressed bodies may not exceed the envelope limit either.
const BODY_LIMIT: usize = uplink_intake::envelope::MAX_ENVELOPE_BYTES;

/// Browsers on any origin may report (a DSN is public); they may read the
/// back-off headers. No cookies are involved.
pub fn cors() -> CorsLayer {
    CorsLayer::new()
        .allow_origin(AllowOrigin::mirror_request())
        .allow_methods([Method::POST, Method::OPTIONS])
        .allow_headers([
            header::CONTENT_TYPE,
            header::CONTENT_ENCODING,
            HeaderName::from_static("x-sentry-auth"),
            HeaderName::from_static("sentry-trace"),
            HeaderName::from_static("baggage"),
        ])
        .expose_headers([
            HeaderName::from_static("x-sentry-rate-limits"),
            header::RETRY_AFTER,
            HeaderName::from_static("x-sentry-error"),
        ])
        .max_age(std::time::Duration::from_secs(3600))
}

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/api/{project_id}/envelope/",
            post(routes::post_envelope::post_envelope),
        )
        .route(
            "/api/{project_id}/envelope",
            post(routes::post_envelope::post_envelope),
        )
        .route(
            "/api/{project_id}/store/",
            post(routes::post_envelope::post_store),
        )
        .route(
            "/api/{project_id}/store",
            post(routes::post_envelope::post_store),
        )
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(cors())
}

/// Error reports past their retention are removed hourly (SPEC §14).
pub fn jobs() -> Vec<Job<AppState>> {
    vec![Job {
        name: "purge_error_reports",
        every: std::time::Duration::from_secs(3600),
        run: |state| {
            Box::pin(async move {
                Ok(state
                    .db
                    .purge_intake(&state.retention(), uplink_db::now_ms())
                    .await?)
            })
        },
    }]
}

/// What admins read of the intake, under `/api/v1/admin/errors`: grouped
/// issues, release health and the slowest routes.
pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(routes::staff::list_issues::list_issues))
        .routes(api_routes!(routes::staff::get_issue::get_issue))
        .routes(api_routes!(routes::staff::list_releases::list_releases))
        .routes(api_routes!(routes::staff::list_routes::list_routes))
}
