//! Starting a session (the guest cart joins the customer's) and the answer
//! every sign-in gives: the session cookie, or the token for bearer clients.

use crate::accounts::dto::Me;
use crate::http::cookies;
use crate::http::error::{ApiError, ApiResult};
use crate::http::identity::ClientInfo;
use crate::http::state::AppState;
use crate::platform::jobs::Job;
use axum::Json;
use axum::http::{StatusCode, header};
use axum::response::{AppendHeaders, IntoResponse, Response};
use serde::{Deserialize, Serialize};
use uplink_db::accounts::NewSession;
use uplink_db::accounts::UserRow;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::ids::{hash_secret, new_id, new_secret};
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
        expires_at: crate::platform::timefmt::rfc3339(issued.expires_at),
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

/// A freshly started session: the token goes to the client exactly once.
#[derive(Debug, Clone)]
pub struct IssuedSession {
    pub id: String,
    pub token: String,
    pub csrf_token: String,
    pub expires_at: i64,
}

/// Starts a session for `user_id`. `method` records how they signed in.
/// A session the browser already had ends (no session fixation, no stale
/// second session when someone signs in as another account).
pub async fn start_session(
    state: &AppState,
    user_id: &str,
    method: &str,
    client: &ClientInfo,
) -> ApiResult<IssuedSession> {
    // Every way of signing in ends here, so a disabled account is refused here.
    if uplink_db::backoffice_customers::disabled_at(state.db.pool(), user_id)
        .await?
        .is_some()
    {
        return Err(ApiError::new(ErrorCode::AccountDisabled));
    }
    if let Some(previous) = &client.session_token {
        state
            .db
            .delete_session_by_token_hash(&hash_secret(previous))
            .await?;
    }
    let now = uplink_db::now_ms();
    let token = new_secret();
    let csrf_token = new_secret();
    let id = new_id("ses");
    let max_expires_at = now + state.config.auth.session_max_secs * 1000;
    let expires_at = (now + state.config.auth.session_idle_secs * 1000).min(max_expires_at);
    state
        .db
        .insert_session(&NewSession {
            id: &id,
            token_hash: &hash_secret(&token),
            user_id,
            csrf_token: &csrf_token,
            method,
            ip: Some(&client.ip),
            user_agent: client.user_agent.as_deref(),
            now,
            expires_at,
            max_expires_at,
        })
        .await?;
    // The browser's guest cart joins the customer's cart (SPEC §5).
    crate::commerce::cart::merge::merge_guest_carts_on_sign_in(
        state,
        client.cart_token.as_deref(),
        user_id,
    )
    .await;
    Ok(IssuedSession {
        id,
        token,
        csrf_token,
        expires_at,
    })
}

/// Expired sessions are removed hourly.
pub fn jobs() -> Vec<Job<AppState>> {
    vec![Job {
        name: "purge_expired_sessions",
        every: std::time::Duration::from_secs(3600),
        run: |state| {
            Box::pin(async move {
                let now = uplink_db::now_ms();
                let sessions = state.db.purge_expired_sessions(now).await?;
                // App tokens last five minutes; a day later nobody needs them.
                let tokens = state.db.purge_app_tokens(now - 86_400_000).await?;
                Ok(sessions + tokens)
            })
        },
    }]
}
