use crate::accounts::sessions::start_session;
use crate::accounts::sessions::{AuthResponse, SessionTransport, signed_in};
use crate::accounts::throttle;
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::ClientInfo;
use crate::http::state::AppState;
use crate::platform::config::AuthMode;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde::Deserialize;
use uplink_domain::accounts::Email;
use uplink_domain::error_code::ErrorCode;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginRequest {
    #[schema(example = "customer@uplink.test")]
    pub email: String,
    pub password: String,
    #[serde(default)]
    pub session: SessionTransport,
}

/// Signs in with e-mail and password (token mode).
///
/// A wrong password and an unknown e-mail get the same answer in about the same
/// time. After 5 failures for the account or from the IP within 15 minutes the
/// answer is 403 `challenge_required` until a challenge pass (cookie
/// `uplink_challenge` or header `X-Challenge-Pass`, see `/auth/challenge`) is presented.
#[utoipa::path(post, path = "/auth/login", tag = "auth",
    request_body = LoginRequest,
    params(("X-Challenge-Pass" = Option<String>, Header, description = "A challenge pass for API clients (browsers use the cookie)")),
    responses(
        (status = 200, body = AuthResponse, description = "Signed in; cookie sessions also get `uplink_session` and `uplink_csrf` cookies"),
        (status = 401, description = "`invalid_credentials`", body = Problem),
        (status = 403, description = "`challenge_required` (solve `/auth/challenge` first), or `forbidden` in keycloak mode", body = Problem),
    ))]
pub async fn login(
    State(state): State<AppState>,
    client: ClientInfo,
    headers: HeaderMap,
    ApiJson(req): ApiJson<LoginRequest>,
) -> ApiResult<Response> {
    if state.config.auth.mode != AuthMode::Token {
        return Err(ApiError::new(ErrorCode::Forbidden)
            .with_detail("Sign in with SSO; passwords are managed by the identity provider."));
    }
    // Malformed addresses are treated like unknown ones (same answer, same time).
    let account_key = Email::parse(&req.email).map_or_else(
        |_| req.email.trim().to_lowercase().chars().take(254).collect(),
        Email::into_string,
    );
    throttle::admit_attempt(&state, &account_key, &client.ip, &headers).await?;
    let user = state.db.user_by_email(&account_key).await?;
    let hash = user.as_ref().and_then(|u| u.password_hash.as_deref());
    let ok = state
        .passwords
        .verify(&req.password, hash)
        .await
        .map_err(ApiError::internal)?;
    let Some(user) = user.filter(|_| ok) else {
        throttle::record_failure(&state, &account_key, &client.ip).await?;
        return Err(ApiError::new(ErrorCode::InvalidCredentials));
    };
    throttle::record_success(&state, &account_key).await?;
    let issued = start_session(&state, &user.id, "password", &client).await?;
    Ok(signed_in(
        &state,
        StatusCode::OK,
        &user,
        issued,
        req.session,
    ))
}
