//! Receives envelopes: authenticates the DSN key, applies the per-key
//! quota, decodes and parses the body, and stores the items it knows.

use crate::http::error::ApiError;
use crate::http::identity::ClientInfo;
use crate::http::state::AppState;
use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;
use sha2::{Digest, Sha256};
use uplink_domain::error_code::ErrorCode;
use uplink_intake::envelope::{Envelope, EnvelopeError, Limits};
use uplink_intake::model;
use uplink_intake::rate_limit::{self, RateLimit};

const X_SENTRY_ERROR: HeaderName = HeaderName::from_static("x-sentry-error");
const X_SENTRY_RATE_LIMITS: HeaderName = HeaderName::from_static("x-sentry-rate-limits");

/// Which endpoint an envelope came through.
#[derive(Clone, Copy)]
pub enum Kind {
    Envelope,
    Store,
}

/// An intake request as the two endpoints extract it, before any check.
pub struct IntakeRequest {
    /// The `{project_id}` of the path, not yet parsed.
    pub project_id: String,
    pub uri: Uri,
    pub headers: HeaderMap,
    pub client: ClientInfo,
    /// The body, or why it could not be read (e.g. over the body limit).
    pub body: Result<Bytes, BytesRejection>,
}

fn envelope_error(e: EnvelopeError) -> Response {
    let (code, msg) = match &e {
        EnvelopeError::Malformed(m) => (ErrorCode::ValidationFailed, m.clone()),
        EnvelopeError::TooLarge(m) => (ErrorCode::PayloadTooLarge, m.clone()),
    };
    let mut err = ApiError::new(code).with_detail(format!("The envelope was refused: {msg}."));
    if code == ErrorCode::ValidationFailed {
        err = err.with_status(StatusCode::BAD_REQUEST);
    }
    let header_value: String = msg
        .chars()
        .filter(|c| c.is_ascii() && !c.is_ascii_control())
        .take(200)
        .collect();
    if let Ok(v) = HeaderValue::from_str(&header_value) {
        err = err.with_header(X_SENTRY_ERROR, v);
    }
    err.into_response()
}

fn auth_error(code: ErrorCode, detail: &str) -> Response {
    let mut err = ApiError::new(code).with_detail(detail.to_owned());
    if let Ok(v) = HeaderValue::from_str(detail) {
        err = err.with_header(X_SENTRY_ERROR, v);
    }
    err.into_response()
}

/// Authenticates, applies the quota, parses and stores one request.
pub async fn receive(state: &AppState, request: IntakeRequest, kind: Kind) -> Response {
    let IntakeRequest {
        project_id,
        uri,
        headers,
        client,
        body,
    } = request;
    let Ok(project_id) = project_id.parse::<i64>() else {
        return ApiError::not_found(&format!("The project {project_id}")).into_response();
    };
    let body = match body {
        Ok(b) => b,
        Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return envelope_error(EnvelopeError::TooLarge("body exceeds 20 MB".into()));
        }
        Err(rejection) => return envelope_error(EnvelopeError::Malformed(rejection.body_text())),
    };
    let limits = Limits::default();
    // The key from the query or the auth header, before touching the body.
    let early_key = uri
        .query()
        .and_then(uplink_intake::auth::key_from_query)
        .or_else(|| {
            headers
                .get("x-sentry-auth")
                .and_then(|v| v.to_str().ok())
                .and_then(uplink_intake::auth::key_from_auth_header)
        });
    let parsed = || -> Result<Envelope, EnvelopeError> {
        let encoding = headers
            .get(header::CONTENT_ENCODING)
            .and_then(|v| v.to_str().ok());
        let raw = uplink_intake::decode::decode_body(encoding, &body, limits.max_envelope_bytes)?;
        match kind {
            Kind::Envelope => uplink_intake::parse_with(&raw, limits),
            Kind::Store => uplink_intake::envelope::from_store_body(&raw, limits),
        }
    };
    let (key, envelope) = match early_key {
        Some(k) => (k, None),
        None => {
            // Only the envelope's `dsn` header is left; a body we cannot read
            // without a key is an authentication failure, not a parse error.
            let env = match parsed() {
                Ok(env) => env,
                Err(_) => return auth_error(ErrorCode::Unauthenticated, "missing DSN key"),
            };
            match env.dsn().and_then(uplink_intake::auth::Dsn::parse) {
                Some(dsn) => (dsn.public_key, Some(env)),
                None => return auth_error(ErrorCode::Unauthenticated, "missing DSN key"),
            }
        }
    };
    let db = &state.db;
    match db.intake_key(&key).await {
        Ok(Some(k)) if k.active && k.project_id == project_id => {}
        Ok(_) => return auth_error(ErrorCode::Forbidden, "unknown or disabled DSN key"),
        Err(e) => return ApiError::from(e).into_response(),
    }
    let now = uplink_db::now_ms();
    let (window, secs_left) = rate_limit::minute_window(now);
    match db.count_intake_envelope(&key, window).await {
        Ok(n) if n > state.config.errors.intake_per_minute => {
            let limit = [RateLimit::key_quota(secs_left)];
            let mut err = ApiError::new(ErrorCode::RateLimited).with_detail(format!(
                "This DSN key sent more than {} envelopes this minute; retry in {secs_left} s.",
                state.config.errors.intake_per_minute
            ));
            for (name, value) in [
                (header::RETRY_AFTER, rate_limit::retry_after(&limit)),
                (X_SENTRY_RATE_LIMITS, rate_limit::format_rate_limits(&limit)),
            ] {
                if let Ok(v) = HeaderValue::from_str(&value) {
                    err = err.with_header(name, v);
                }
            }
            return err.into_response();
        }
        Ok(_) => {}
        Err(e) => return ApiError::from(e).into_response(),
    }
    let envelope = match envelope.map_or_else(parsed, Ok) {
        Ok(env) => env,
        Err(e) => return envelope_error(e),
    };
    let user_agent = client.user_agent.as_deref().unwrap_or("");
    match store(state, project_id, &envelope, now, &client.ip, user_agent).await {
        Ok(id) => Json(json!({ "id": id })).into_response(),
        Err(Stored::Refused(e)) => envelope_error(e),
        Err(Stored::Db(e)) => ApiError::from(e).into_response(),
    }
}

enum Stored {
    Refused(EnvelopeError),
    Db(uplink_db::DbError),
}

impl From<uplink_db::DbError> for Stored {
    fn from(e: uplink_db::DbError) -> Self {
        Stored::Db(e)
    }
}

/// An anonymous, stable stand-in for "who" when the SDK sent no user: a hash
/// of the client address and browser (never stored in clear).
fn anonymous_user(ip: &str, user_agent: &str) -> Option<String> {
    if ip.is_empty() && user_agent.is_empty() {
        return None;
    }
    let digest = Sha256::digest(format!("{ip}\u{0}{user_agent}").as_bytes());
    Some(format!("anon:{}", hex::encode(&digest[..8])))
}

/// Validates every stored item first (so a bad item stores nothing), then stores them.
async fn store(
    state: &AppState,
    project_id: i64,
    env: &Envelope,
    now: i64,
    client_ip: &str,
    user_agent: &str,
) -> Result<String, Stored> {
    let id = env.event_id().unwrap_or_else(|| uuid_like(now));
    let mut json_items = Vec::new();
    for item in &env.items {
        match item.item_type.as_str() {
            "event" | "transaction" | "session" | "sessions" | "client_report" => {
                let value = item.json().map_err(Stored::Refused)?;
                if !value.is_object() {
                    return Err(Stored::Refused(EnvelopeError::Malformed(format!(
                        "{} item is not a JSON object",
                        item.item_type
                    ))));
                }
                json_items.push((item, Some(value)));
            }
            "attachment" => json_items.push((item, None)),
            other => tracing::debug!(
                item_type = other,
                "skipping an envelope item of an unknown type"
            ),
        }
    }
    let db = &state.db;
    let retention = state.retention();
    for (item, value) in json_items {
        match (item.item_type.as_str(), value) {
            ("event", Some(v)) => {
                let mut s = model::summarize_event(&v);
                if s.user.is_none() {
                    s.user = anonymous_user(client_ip, user_agent);
                }
                let event_id = v
                    .get("event_id")
                    .and_then(|e| e.as_str())
                    .and_then(uplink_intake::envelope::normalize_event_id)
                    .unwrap_or_else(|| id.clone());
                let stored = db
                    .store_error_event(
                        project_id,
                        &event_id,
                        &s,
                        &String::from_utf8_lossy(&item.payload),
                        now,
                        retention.events_per_issue,
                    )
                    .await?;
                if stored.new_issue {
                    tracing::info!(issue = %stored.issue_id, title = %s.title, "new error issue");
                }
            }
            ("transaction", Some(v)) => {
                if let Some(t) = model::summarize_transaction(&v) {
                    let tx_id = v
                        .get("event_id")
                        .and_then(|e| e.as_str())
                        .and_then(uplink_intake::envelope::normalize_event_id)
                        .unwrap_or_else(|| id.clone());
                    db.record_transaction(&tx_id, &t, now).await?;
                }
            }
            ("session", Some(v)) => {
                if let Some(u) = model::parse_session(&v) {
                    db.record_session(&u, now).await?;
                }
            }
            ("sessions", Some(v)) => {
                for a in model::parse_session_aggregates(&v) {
                    db.record_session_aggregate(&a, now).await?;
                }
            }
            ("client_report", Some(v)) => {
                db.record_outcomes(&model::parse_client_report(&v), now)
                    .await?;
            }
            ("attachment", _) => {
                db.store_error_attachment(
                    &id,
                    item.header_str("filename").unwrap_or("attachment"),
                    item.header_str("content_type")
                        .unwrap_or("application/octet-stream"),
                    &item.payload,
                    now,
                )
                .await?;
            }
            _ => {}
        }
    }
    Ok(id)
}

/// A fresh 32-hex-digit id for envelopes that carry none (sessions, client reports).
fn uuid_like(now: i64) -> String {
    let r: u64 = rand::random();
    format!("{:016x}{r:016x}", now as u64)
}
