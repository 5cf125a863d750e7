//! The invitation a pavilion order sends an end customer who had no account
//! (SPEC §10, D102): reading it, and claiming the account made for them —
//! once. In token mode the claim sets the password and signs in; in
//! keycloak mode the caller signs in with SSO first (the account is linked
//! by its verified e-mail) and the claim marks the invitation used.

use crate::accounts::sessions::{AuthResponse, SessionTransport, signed_in, start_session};
use crate::http::error::{ApiError, ApiResult, FieldError, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::{ClientInfo, MaybeUser};
use crate::http::state::AppState;
use crate::platform::config::AuthMode;
use crate::platform::timefmt::rfc3339;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use uplink_db::invitations as q;
use uplink_domain::accounts::password::check_new_password;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::ids::hash_secret;
use utoipa::ToSchema;

/// What the claim page shows.
#[derive(Debug, Serialize, ToSchema)]
pub struct InvitationDto {
    /// The account's e-mail (the one the partner entered).
    pub email: String,
    /// The name the partner entered; the claimer may correct it.
    pub name: String,
    pub company: Option<String>,
    /// The partner who ordered for them.
    pub partner_name: Option<String>,
    /// RFC 3339.
    pub expires_at: String,
    /// `token` (choose a password) or `keycloak` (sign in with SSO first).
    pub auth_mode: String,
}

#[derive(Debug, Deserialize, Serialize, ToSchema)]
pub struct ClaimInvitation {
    /// Token mode: the password of the account (at least 10 characters).
    pub password: Option<String>,
    /// The name to keep on the account (default: the one the partner entered).
    pub name: Option<String>,
}

fn invalid() -> ApiError {
    ApiError::new(ErrorCode::InvitationInvalid).with_detail(
        "This invitation link is invalid, has expired or was already used; sign in, or reset your password with this e-mail address.",
    )
}

/// An invitation by the token of its link, while it can be claimed.
#[utoipa::path(get, path = "/invitations/{token}", tag = "auth",
    params(("token" = String, Path, description = "The token of the invitation link")),
    responses(
        (status = 200, body = InvitationDto),
        (status = 400, description = "`invitation_invalid`: unknown, used or expired", body = Problem),
    ))]
pub async fn get_invitation(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> ApiResult<Json<InvitationDto>> {
    let mut conn = state.db.pool().acquire().await?;
    let now = uplink_db::now_ms();
    let inv = q::invitation_by_hash(&mut conn, &hash_secret(token.trim()))
        .await?
        .filter(|i| i.claimed_at.is_none() && i.expires_at > now)
        .ok_or_else(invalid)?;
    let user = q::user_in(&mut conn, &inv.user_id)
        .await?
        .filter(|u| u.deleted_at.is_none())
        .ok_or_else(invalid)?;
    let partner_name = match &inv.partner_id {
        Some(id) => uplink_db::partners::partner_by_id(&mut conn, id)
            .await?
            .map(|p| p.name),
        None => None,
    };
    Ok(Json(InvitationDto {
        email: user.email,
        name: user.name,
        company: user.company,
        partner_name,
        expires_at: rfc3339(inv.expires_at),
        auth_mode: state.config.auth.mode.as_str().to_owned(),
    }))
}

/// Claims the account an invitation made: the devices, licences and plans
/// delivered to it are the claimer's from now on. Works once: of two claims
/// at once, one wins and the other gets `invitation_invalid`.
#[utoipa::path(post, path = "/invitations/{token}/claim", tag = "auth",
    request_body = ClaimInvitation,
    params(("token" = String, Path, description = "The token of the invitation link")),
    responses(
        (status = 200, body = AuthResponse, description = "Claimed and signed in (token mode: cookies set)"),
        (status = 400, description = "`invitation_invalid`: unknown, used or expired", body = Problem),
        (status = 401, description = "`unauthenticated`: keycloak mode, sign in with SSO first", body = Problem),
        (status = 403, description = "`forbidden`: keycloak mode, signed in as another e-mail; `csrf_failed`", body = Problem),
        (status = 422, description = "`validation_failed` on `password` or `name`", body = Problem),
    ))]
pub async fn claim_invitation(
    State(state): State<AppState>,
    client: ClientInfo,
    caller: MaybeUser,
    Path(token): Path<String>,
    ApiJson(req): ApiJson<ClaimInvitation>,
) -> ApiResult<Response> {
    let name = claimed_name(req.name.as_deref())?;
    let hash = hash_secret(token.trim());
    let password_hash = match state.config.auth.mode {
        AuthMode::Token => {
            let password = req.password.as_deref().unwrap_or_default();
            check_new_password(password)
                .map_err(|m| ApiError::field("password", ErrorCode::ValidationFailed, m))?;
            Some(
                state
                    .passwords
                    .hash(password)
                    .await
                    .map_err(ApiError::internal)?,
            )
        }
        AuthMode::Keycloak => None,
    };
    let now = uplink_db::now_ms();
    let mut tx = state.db.begin_write().await?;
    let inv = q::invitation_by_hash(&mut tx, &hash)
        .await?
        .ok_or_else(invalid)?;
    let user = q::user_in(&mut tx, &inv.user_id)
        .await?
        .filter(|u| u.deleted_at.is_none())
        .ok_or_else(invalid)?;
    if password_hash.is_none() {
        // Keycloak mode: the SSO sign-in already linked this account by its e-mail.
        match &caller.0 {
            None => {
                return Err(ApiError::new(ErrorCode::Unauthenticated)
                    .with_detail("Sign in with SSO using this e-mail address first."));
            }
            Some(c) if c.user.id != user.id => {
                return Err(ApiError::new(ErrorCode::Forbidden).with_detail(format!(
                    "You are signed in as {}; this invitation is for {}.",
                    c.user.email, user.email
                )));
            }
            Some(_) => {}
        }
    }
    if q::claim_invitation(&mut tx, &hash, now).await?.is_none() {
        return Err(invalid());
    }
    let name = name.unwrap_or_else(|| user.name.clone());
    match &password_hash {
        Some(h) => q::activate_invited_user(&mut tx, &user.id, h, &name, now).await?,
        None => q::clear_invited(&mut tx, &user.id, &name, now).await?,
    }
    tx.commit().await?;
    tracing::info!(user_id = %user.id, "invitation claimed");
    let user = state.db.user_by_id(&user.id).await?.ok_or_else(invalid)?;
    match (password_hash, caller.0) {
        (Some(_), _) => {
            let issued = start_session(&state, &user.id, "password", &client).await?;
            Ok(signed_in(
                &state,
                StatusCode::OK,
                &user,
                issued,
                SessionTransport::Cookie,
            ))
        }
        (None, Some(c)) => {
            // The SSO session goes on; its expiry slides with this request.
            let idle_ms = state.config.auth.session_idle_secs * 1000;
            let body = AuthResponse {
                user: crate::accounts::dto::Me::from_row(&user),
                csrf_token: c.csrf_token,
                expires_at: rfc3339(now + idle_ms),
                token: None,
            };
            Ok((StatusCode::OK, Json(body)).into_response())
        }
        (None, None) => Err(invalid()),
    }
}

/// The name to keep: trimmed, 1 to 120 characters; `None` keeps the one the
/// partner entered.
fn claimed_name(raw: Option<&str>) -> ApiResult<Option<String>> {
    let Some(name) = raw.map(str::trim).filter(|n| !n.is_empty()) else {
        return Ok(None);
    };
    if name.chars().count() > 120 || name.chars().any(char::is_control) {
        return Err(ApiError::validation(vec![FieldError::new(
            "name",
            ErrorCode::ValidationFailed,
            "Enter your name (up to 120 characters).",
        )]));
    }
    Ok(Some(name.to_owned()))
}
