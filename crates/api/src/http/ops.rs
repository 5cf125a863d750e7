//! Operations endpoints outside `/api/v1`: health, readiness, metrics and the
//! OpenAPI document.

use crate::http::error::ApiError;
use crate::http::state::AppState;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;
use std::sync::Arc;
use uplink_domain::error_code::ErrorCode;
use utoipa::openapi::OpenApi;

pub fn router(openapi: Arc<OpenApi>) -> Router<AppState> {
    let doc = Arc::new(
        openapi
            .to_pretty_json()
            .expect("OpenAPI document serialises"),
    );
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
        .route(
            "/api/openapi.json",
            get(move || {
                let doc = doc.clone();
                async move {
                    (
                        [(
                            header::CONTENT_TYPE,
                            HeaderValue::from_static("application/json"),
                        )],
                        (*doc).clone(),
                    )
                }
            }),
        )
}

/// The process is up.
async fn healthz() -> Json<serde_json::Value> {
    Json(json!({"status": "ok"}))
}

/// The process can reach its database.
async fn readyz(State(state): State<AppState>) -> Response {
    match state.db.ping().await {
        Ok(()) => Json(json!({"status": "ready"})).into_response(),
        Err(e) => {
            tracing::warn!(error = %e, "readiness check failed");
            ApiError::new(ErrorCode::Internal)
                .with_status(axum::http::StatusCode::SERVICE_UNAVAILABLE)
                .with_detail("The database is not reachable.")
                .into_response()
        }
    }
}

/// Prometheus text exposition.
async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        state.metrics.render(),
    )
}
