//! The HTTP side of idempotency keys (SPEC §2): the `Idempotency-Key`
//! header, the request fingerprint, replays with `Idempotent-Replayed: true`,
//! 422 `idempotency_key_reused`, and waiting for a concurrent twin.

use crate::http::error::{ApiError, ApiResult};
use crate::http::state::AppState;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::time::Duration;
use uplink_db::idempotency::Claim;
use uplink_domain::error_code::ErrorCode;

pub const HEADER: &str = "idempotency-key";
/// How long a request waits for a concurrent request with the same key.
const WAIT: Duration = Duration::from_secs(20);

/// The `Idempotency-Key` header: required, 1–255 visible ASCII characters.
pub fn key_from(headers: &HeaderMap) -> ApiResult<String> {
    let v = headers
        .get(HEADER)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .unwrap_or("");
    if v.is_empty() || v.len() > 255 || !v.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(ApiError::field(
            "Idempotency-Key",
            ErrorCode::ValidationFailed,
            "Send an Idempotency-Key header (1–255 characters, e.g. a UUID) so a retried request cannot place the order twice.",
        ));
    }
    Ok(v.to_owned())
}

/// A fingerprint of what the request asks for.
pub fn fingerprint<T: Serialize>(context: &str, body: &T) -> String {
    let json = serde_json::to_vec(body).unwrap_or_default();
    let mut bytes = context.as_bytes().to_vec();
    bytes.push(0);
    bytes.extend_from_slice(&json);
    uplink_domain::ids::hash_secret(&String::from_utf8_lossy(&bytes))
}

/// A stored answer sent again.
pub fn replay(status: u16, body: String) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::OK);
    let ct = if status.is_success() {
        "application/json"
    } else {
        "application/problem+json"
    };
    let location = (status == StatusCode::CREATED)
        .then(|| {
            serde_json::from_str::<serde_json::Value>(&body)
                .ok()?
                .get("number")?
                .as_str()
                .map(|n| format!("/api/v1/orders/{n}"))
        })
        .flatten();
    let mut res = (status, body).into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(ct));
    h.insert("idempotent-replayed", HeaderValue::from_static("true"));
    if let Some(l) = location.and_then(|l| HeaderValue::from_str(&l).ok()) {
        h.insert(header::LOCATION, l);
    }
    res
}

/// Claims the key; `Ok(Some(response))` is a replay to send as is.
pub async fn claim(
    state: &AppState,
    scope: &str,
    key: &str,
    hash: &str,
) -> ApiResult<Option<Response>> {
    let started = tokio::time::Instant::now();
    loop {
        match state.db.idempotency_claim(scope, key, hash).await? {
            Claim::Proceed => return Ok(None),
            Claim::Replay { status, body } => return Ok(Some(replay(status, body))),
            Claim::Mismatch => {
                return Err(ApiError::new(ErrorCode::IdempotencyKeyReused).with_detail(
                    "This Idempotency-Key was already used with a different request; use a new key for a new request.",
                ));
            }
            Claim::Busy if started.elapsed() < WAIT => {
                tokio::time::sleep(Duration::from_millis(25)).await;
            }
            Claim::Busy => {
                return Err(ApiError::new(ErrorCode::RateLimited)
                    .with_detail("A request with this Idempotency-Key is still running; try again in a moment.")
                    .with_header(header::RETRY_AFTER, HeaderValue::from_static("1")));
            }
        }
    }
}

/// Stores a refusal under the key (client errors replay like successes);
/// our own failures release the key so a retry runs again.
pub async fn settle_error(state: &AppState, scope: &str, key: &str, e: &ApiError) {
    let r = if e.status.is_server_error() || e.code == ErrorCode::RateLimited {
        state.db.idempotency_release(scope, key).await
    } else {
        let body = serde_json::to_string(&e.problem()).unwrap_or_default();
        state
            .db
            .idempotency_finish(scope, key, e.status.as_u16(), &body)
            .await
    };
    if let Err(err) = r {
        tracing::error!(error = %err, "could not settle an idempotency key");
    }
}
