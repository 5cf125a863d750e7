//! Shapes shared by the sign-in endpoints.

use crate::auth::{IssuedSession, cookies};
use crate::routes::me::dto::Me;
use crate::state::AppState;
use axum::Json;
use axum::http::{StatusCode, header};
use axum::response::{AppendHeaders, IntoResponse, Response};
use serde::{Deserialize, Serialize};
use uplink_db::accounts::UserRow;
use utoipa::ToSchema;

/// Where the new session goes: a browser cookie (default), or — for API
/// clients and the mobile app — the response body, to be sent back as
/// `Authorization: Bearer <token>`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SessionTransport {
    #[default]
    Cookie,
    Bearer,
}

/// A successful sign-in or registration.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuthResponse {
    pub user: Me,
    /// Send as `X-CSRF-Token` on mutating requests made with the cookie (also in the `uplink_csrf` cookie).
    pub csrf_token: String,
    /// When the session ends if unused (it slides forward with use).
    pub expires_at: String,
    /// The bearer token; only when `session` was `bearer` (never for cookie sessions).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

/// The response of a sign-in: cookies for browsers, the token in the body for bearer clients.
pub fn signed_in(
    state: &AppState,
    status: StatusCode,
    user: &UserRow,
    issued: IssuedSession,
    transport: SessionTransport,
) -> Response {
    let body = AuthResponse {
        user: Me::from_row(user),
        csrf_token: issued.csrf_token.clone(),
        expires_at: crate::timefmt::rfc3339(issued.expires_at),
        token: (transport == SessionTransport::Bearer).then(|| issued.token.clone()),
    };
    match transport {
        SessionTransport::Cookie => {
            let [session, csrf] =
                cookies::session_cookies(&state.config, &issued.token, &issued.csrf_token);
            (
                status,
                AppendHeaders([(header::SET_COOKIE, session), (header::SET_COOKIE, csrf)]),
                no_store(),
                Json(body),
            )
                .into_response()
        }
        SessionTransport::Bearer => (status, no_store(), Json(body)).into_response(),
    }
}

/// Answers carrying secrets must not be cached.
pub fn no_store() -> [(header::HeaderName, &'static str); 1] {
    [(header::CACHE_CONTROL, "no-store")]
}
