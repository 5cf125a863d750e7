//! Signing in from the mobile app (SPEC §12, D104): the app's backend mints
//! a token for one of its customers with an integration key; the app opens
//! a page with `#token=…`, and the page exchanges it for a session — in
//! token and keycloak mode alike, since the app has vouched for the
//! customer. A token works once, for five minutes, and only while the key
//! that minted it is live; only its SHA-256 is kept.

use crate::accounts::sessions::{AuthResponse, SessionTransport, signed_in, start_session};
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::ClientInfo;
use crate::http::integration_key::IntegrationCaller;
use crate::http::state::AppState;
use crate::platform::timefmt::rfc3339;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use uplink_domain::accounts::email::Email;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::ids::{hash_secret, new_secret};
use utoipa::ToSchema;

/// How long an app token may wait to be exchanged.
pub const APP_TOKEN_TTL_SECS: i64 = 300;

#[derive(Debug, Deserialize, ToSchema)]
pub struct MintAppToken {
    /// The customer's e-mail address (their Uplink account).
    #[schema(example = "customer@uplink.test")]
    pub email: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AppToken {
    /// Open `{public URL}/mobile#token=<token>` in the app's web view.
    pub token: String,
    pub expires_at: String,
    pub expires_in_secs: i64,
}

/// Mints a single-use app token for a customer (the mobile app's backend,
/// with an integration key). It signs the customer in once, within five
/// minutes.
#[utoipa::path(post, path = "/app/tokens", tag = "auth",
    request_body = MintAppToken,
    responses(
        (status = 201, body = AppToken),
        (status = 401, description = "`unauthenticated`: no integration key, or an unknown or revoked one", body = Problem),
        (status = 404, description = "`not_found`: no customer with this e-mail", body = Problem),
        (status = 422, description = "`validation_failed`: not an e-mail address", body = Problem),
    ))]
pub async fn mint_app_token(
    State(state): State<AppState>,
    caller: IntegrationCaller,
    ApiJson(req): ApiJson<MintAppToken>,
) -> ApiResult<(StatusCode, Json<AppToken>)> {
    let email = Email::parse(&req.email)
        .map_err(|e| ApiError::field("email", ErrorCode::ValidationFailed, e.to_string()))?;
    let user = state
        .db
        .user_by_email(email.as_str())
        .await?
        .ok_or_else(|| ApiError::not_found("A customer with this e-mail"))?;
    let token = new_secret();
    let now = uplink_db::now_ms();
    let expires_at = now + APP_TOKEN_TTL_SECS * 1000;
    state
        .db
        .insert_app_token(
            &hash_secret(&token),
            &user.id,
            &caller.key_id,
            now,
            expires_at,
        )
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(AppToken {
            token,
            expires_at: rfc3339(expires_at),
            expires_in_secs: APP_TOKEN_TTL_SECS,
        }),
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ExchangeAppToken {
    /// The token from the page's address (`#token=…`).
    pub token: String,
    #[serde(default)]
    pub session: SessionTransport,
}

/// Exchanges an app token for a session (a cookie, or a bearer token when
/// asked). A missing, used, expired or tampered token, or one whose
/// integration key was revoked, is 400 `app_token_invalid`.
#[utoipa::path(post, path = "/auth/app-token", tag = "auth",
    request_body = ExchangeAppToken,
    responses(
        (status = 200, body = AuthResponse, description = "Signed in; cookie sessions also get `uplink_session` and `uplink_csrf` cookies"),
        (status = 400, description = "`app_token_invalid`", body = Problem),
    ))]
pub async fn exchange_app_token(
    State(state): State<AppState>,
    client: ClientInfo,
    ApiJson(req): ApiJson<ExchangeAppToken>,
) -> ApiResult<Response> {
    let invalid = || ApiError::new(ErrorCode::AppTokenInvalid);
    let token = req.token.trim();
    if token.is_empty() || token.len() > 200 {
        return Err(invalid());
    }
    let now = uplink_db::now_ms();
    let user_id = state
        .db
        .use_app_token(&hash_secret(token), now)
        .await?
        .ok_or_else(invalid)?;
    let user = state
        .db
        .user_by_id(&user_id)
        .await?
        .filter(|u| u.deleted_at.is_none())
        .ok_or_else(invalid)?;
    let issued = start_session(&state, &user.id, "app", &client).await?;
    tracing::info!(user_id = %user.id, "signed in from the app");
    Ok(signed_in(
        &state,
        StatusCode::OK,
        &user,
        issued,
        req.session,
    ))
}
