use crate::accounts::flows::{self, CallbackResult};
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiQuery;
use crate::http::identity::ClientInfo;
use crate::http::state::AppState;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use serde::Deserialize;
use uplink_db::account_area::AuthFlowRow;
use uplink_domain::error_code::ErrorCode;
use utoipa::IntoParams;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StartParams {
    /// Where to go after signing in: a path on this site (default `/account`).
    pub return_to: Option<String>,
    /// Silent check (`prompt=none`) for the hidden `/check-login.html` iframe.
    #[serde(default)]
    pub silent: bool,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CallbackParams {
    pub code: Option<String>,
    pub state: Option<String>,
    /// Set by the provider when it refused (e.g. `login_required` after a silent check).
    pub error: Option<String>,
    pub error_description: Option<String>,
}

fn not_configured() -> ApiError {
    ApiError::not_found("Single sign-on")
        .with_detail("Single sign-on is not configured on this store.")
}

/// Starts "Sign in with SSO": 302 to the provider (authorization code + PKCE).
///
/// The provider returns to `{public_url}/sso/callback` (or `/check-login.html`
/// for `silent=true`); that page calls `GET /auth/oidc/callback`.
#[utoipa::path(get, path = "/auth/oidc/start", tag = "auth", params(StartParams),
    responses(
        (status = 302, description = "To the identity provider; sets the `uplink_auth_flow` cookie"),
        (status = 404, description = "`not_found`: sSO is not configured", body = Problem),
    ))]
pub async fn oidc_start(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiQuery(params): ApiQuery<StartParams>,
) -> ApiResult<Response> {
    let cfg = state.config.auth.oidc.clone().ok_or_else(not_configured)?;
    let redirect_uri = if params.silent {
        format!("{}/check-login.html", state.config.public_url)
    } else {
        format!("{}/sso/callback", state.config.public_url)
    };
    let started = flows::prepare(&state, &headers);
    let (url, oidc_state, nonce, verifier) = state
        .oidc
        .authorize_url(&cfg, &redirect_uri, params.silent)
        .await?;
    // The library made its own random `state`; we keep that one.
    let started = flows::StartedFlow {
        state: oidc_state,
        ..started
    };
    let now = uplink_db::now_ms();
    let row = AuthFlowRow {
        state_hash: String::new(),
        provider: "oidc".into(),
        binding_hash: String::new(),
        nonce: Some(nonce),
        pkce_verifier: Some(verifier),
        redirect_uri,
        return_to: flows::clean_return_to(params.return_to.as_deref()),
        link_user_id: None,
        created_at: now,
        expires_at: now + flows::FLOW_TTL_SECS * 1000,
    };
    flows::store_and_redirect(&state, started, row, &url).await
}

/// Finishes "Sign in with SSO": checks `state` (single use, same browser),
/// exchanges the code with the PKCE verifier, verifies the ID token, finds or
/// creates the account (by subject, else by verified e-mail) and starts our own session.
///
/// With `Accept: application/json` it answers `CallbackResult`; otherwise 302 to
/// `return_to` (errors: 302 to `/login?error=<code>`).
#[utoipa::path(get, path = "/auth/oidc/callback", tag = "auth", params(CallbackParams),
    responses(
        (status = 200, body = CallbackResult, description = "Signed in (JSON callers); session cookies set"),
        (status = 302, description = "Signed in, to `return_to` (navigations)"),
        (status = 401, description = "`unauthenticated`: the provider refused or the token did not verify", body = Problem),
        (status = 403, description = "`csrf_failed`: started in another browser", body = Problem),
        (status = 422, description = "`validation_failed`: unknown, used or expired `state`", body = Problem),
    ))]
pub async fn oidc_callback(
    State(state): State<AppState>,
    headers: HeaderMap,
    client: ClientInfo,
    ApiQuery(params): ApiQuery<CallbackParams>,
) -> Response {
    match callback(&state, &headers, &client, params).await {
        Ok(res) => res,
        Err(e) => flows::fail(&headers, e),
    }
}

async fn callback(
    state: &AppState,
    headers: &HeaderMap,
    client: &ClientInfo,
    params: CallbackParams,
) -> ApiResult<Response> {
    let cfg = state.config.auth.oidc.clone().ok_or_else(not_configured)?;
    let state_param = params.state.as_deref().unwrap_or_default();
    let flow = flows::take(state, headers, "oidc", state_param).await?;
    if let Some(error) = params.error {
        tracing::info!(%error, description = ?params.error_description, "the identity provider refused the sign-in");
        return Err(ApiError::new(ErrorCode::Unauthenticated)
            .with_detail(match error.as_str() {
                "login_required" | "interaction_required" => {
                    "You are not signed in at the identity provider."
                }
                "access_denied" => "The sign-in was cancelled.",
                _ => "The identity provider refused the sign-in.",
            })
            .with_extra("provider_error", error.chars().take(64).collect::<String>()));
    }
    let code = params.code.ok_or_else(|| {
        ApiError::field(
            "code",
            ErrorCode::ValidationFailed,
            "The provider sent no code.",
        )
    })?;
    let profile = state
        .oidc
        .exchange(
            &cfg,
            &flow.redirect_uri,
            &code,
            flow.pkce_verifier.as_deref().unwrap_or_default(),
            flow.nonce.as_deref().unwrap_or_default(),
        )
        .await?;
    let user = flows::find_or_create_user(state, &profile).await?;
    flows::finish(state, headers, client, &user, "oidc", flow.return_to, false).await
}
