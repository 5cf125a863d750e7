use super::oidc::{CallbackParams, StartParams};
use crate::accounts::flows::{self, CallbackResult};
use crate::accounts::incontrol;
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiQuery;
use crate::http::identity::{ClientInfo, MaybeUser};
use crate::http::state::AppState;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use uplink_db::account_area::{AuthFlowRow, InControlLinkRow};
use uplink_domain::error_code::ErrorCode;

fn not_configured() -> ApiError {
    ApiError::not_found("InControl sign-in")
        .with_detail("InControl is not configured on this store.")
}

/// Starts "Sign in with InControl" (signed out) or "Link InControl" (signed in): 302 to InControl.
///
/// InControl returns to `{public_url}/incontrol/callback`, which calls `GET /auth/incontrol/callback`.
#[utoipa::path(get, path = "/auth/incontrol/start", tag = "auth", params(StartParams),
    responses(
        (status = 302, description = "To InControl; sets the `uplink_auth_flow` cookie"),
        (status = 404, description = "`not_found`: InControl is not configured", body = Problem),
    ))]
pub async fn incontrol_start(
    State(state): State<AppState>,
    headers: HeaderMap,
    MaybeUser(user): MaybeUser,
    ApiQuery(params): ApiQuery<StartParams>,
) -> ApiResult<Response> {
    let cfg = state
        .config
        .auth
        .incontrol
        .clone()
        .ok_or_else(not_configured)?;
    let redirect_uri = format!("{}/incontrol/callback", state.config.public_url);
    let started = flows::prepare(&state, &headers);
    let (verifier, challenge) = incontrol::pkce_pair();
    let url = incontrol::authorize_url(&cfg, &redirect_uri, &started.state, &challenge)?;
    let now = uplink_db::now_ms();
    let row = AuthFlowRow {
        state_hash: String::new(),
        provider: "incontrol".into(),
        binding_hash: String::new(),
        nonce: None,
        pkce_verifier: Some(verifier),
        redirect_uri,
        return_to: flows::clean_return_to(params.return_to.as_deref()),
        link_user_id: user.map(|u| u.user.id),
        created_at: now,
        expires_at: now + flows::FLOW_TTL_SECS * 1000,
    };
    flows::store_and_redirect(&state, started, row, &url).await
}

/// Finishes the InControl flow: exchanges the code, reads the profile, links
/// the InControl account (to the signed-in account, or to the account it
/// signs in/creates), stores its tokens encrypted and imports its devices
/// (`POST /me/devices/import-incontrol` does it again). JSON or 302 as for SSO.
#[utoipa::path(get, path = "/auth/incontrol/callback", tag = "auth", params(CallbackParams),
    responses(
        (status = 200, body = CallbackResult, description = "Signed in / linked (JSON callers)"),
        (status = 302, description = "Signed in / linked, to `return_to` (navigations)"),
        (status = 401, description = "`unauthenticated`: InControl refused", body = Problem),
        (status = 409, description = "`email_taken`: the InControl account belongs to another Uplink account, or its unverified e-mail is already registered", body = Problem),
        (status = 422, description = "`validation_failed`: unknown, used or expired `state`", body = Problem),
    ))]
pub async fn incontrol_callback(
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
    let cfg = state
        .config
        .auth
        .incontrol
        .clone()
        .ok_or_else(not_configured)?;
    let flow = flows::take(
        state,
        headers,
        "incontrol",
        params.state.as_deref().unwrap_or_default(),
    )
    .await?;
    if params.error.is_some() {
        return Err(ApiError::new(ErrorCode::Unauthenticated)
            .with_detail("InControl sign-in was cancelled."));
    }
    let code = params.code.ok_or_else(|| {
        ApiError::field(
            "code",
            ErrorCode::ValidationFailed,
            "InControl sent no code.",
        )
    })?;
    let token = incontrol::exchange_code(
        &cfg,
        &flow.redirect_uri,
        &code,
        flow.pkce_verifier.as_deref().unwrap_or_default(),
    )
    .await?;
    let profile = incontrol::profile(&cfg, &token.access_token).await?;
    let (user, linked) = match &flow.link_user_id {
        Some(user_id) => {
            if let Some(other) = state.db.identity("incontrol", &profile.subject).await?
                && &other.user_id != user_id
            {
                return Err(ApiError::new(ErrorCode::EmailTaken).with_detail(
                    "This InControl account is already linked to another Uplink account.",
                ));
            }
            let user = state
                .db
                .user_by_id(user_id)
                .await?
                .filter(|u| u.deleted_at.is_none())
                .ok_or_else(|| ApiError::new(ErrorCode::Unauthenticated))?;
            state
                .db
                .upsert_identity(
                    "incontrol",
                    &profile.subject,
                    &user.id,
                    profile.email.as_deref(),
                )
                .await?;
            (user, true)
        }
        None => (flows::find_or_create_user(state, &profile).await?, true),
    };
    let secrets = state.secret_box().await.map_err(ApiError::internal)?;
    let now = uplink_db::now_ms();
    state
        .db
        .upsert_incontrol_link(&InControlLinkRow {
            user_id: user.id.clone(),
            subject: profile.subject.clone(),
            access_token_enc: secrets.seal(&token.access_token),
            refresh_token_enc: token.refresh_token.as_deref().map(|t| secrets.seal(t)),
            token_expires_at: token.expires_in.map(|s| now + s * 1000),
            scope: token.scope.clone(),
            linked_at: now,
            updated_at: now,
        })
        .await?;
    tracing::info!(user_id = %user.id, "InControl account linked");
    // Its devices come along now (SPEC §8). A failure keeps the link: the
    // devices page imports again on demand.
    if let Some(import_devices) = state.hooks.incontrol_linked
        && let Err(e) = import_devices(state, &user.id, &token.access_token).await
    {
        tracing::warn!(user_id = %user.id, error = %e, "InControl devices not imported at link time");
    }
    flows::finish(
        state,
        headers,
        client,
        &user,
        "incontrol",
        flow.return_to,
        linked,
    )
    .await
}
