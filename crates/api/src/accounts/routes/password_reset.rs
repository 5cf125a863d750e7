use crate::accounts::dto::Accepted;
use crate::accounts::sessions::start_session;
use crate::accounts::sessions::{AuthResponse, SessionTransport, signed_in};
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::ClientInfo;
use crate::http::state::AppState;
use crate::platform::config::AuthMode;
use crate::platform::mail::{Email as Mail, with_link};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use uplink_db::account_area::{AccountTokenRow, TOKEN_PASSWORD_RESET};
use uplink_domain::accounts::{Email, password::check_new_password};
use uplink_domain::error_code::ErrorCode;
use uplink_domain::ids::{hash_secret, new_secret};
use utoipa::ToSchema;

/// How long a reset link works (SPEC §8).
pub const RESET_TTL_MS: i64 = 60 * 60 * 1000;

#[derive(Debug, Deserialize, ToSchema)]
pub struct PasswordResetRequest {
    pub email: String,
}

/// Sends a password-reset link if an account has this address. The answer is
/// the same either way, and the work happens after answering, so the timing
/// does not tell either.
#[utoipa::path(post, path = "/auth/password-reset", tag = "auth",
    request_body = PasswordResetRequest,
    responses(
        (status = 202, body = Accepted),
        (status = 422, description = "`validation_failed`: not an e-mail address", body = Problem),
    ))]
pub async fn request_password_reset(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<PasswordResetRequest>,
) -> ApiResult<Response> {
    if state.config.auth.mode != AuthMode::Token {
        return Err(ApiError::new(ErrorCode::Forbidden)
            .with_detail("Passwords are managed by the identity provider."));
    }
    let email = Email::parse(&req.email)
        .map_err(|e| ApiError::field("email", ErrorCode::ValidationFailed, e.to_string()))?;
    let task_state = state.clone();
    tokio::spawn(async move {
        if let Err(e) = send_reset_link(&task_state, &email).await {
            tracing::error!(error = %e, "could not send a password-reset link");
        }
    });
    Ok((
        StatusCode::ACCEPTED,
        Json(Accepted {
            message:
                "If an account uses this address, we sent it a link to choose a new password. \
                      The link works for 60 minutes."
                    .into(),
        }),
    )
        .into_response())
}

async fn send_reset_link(state: &AppState, email: &Email) -> anyhow::Result<()> {
    let Some(user) = state.db.user_by_email(email.as_str()).await? else {
        tracing::info!("password reset requested for an address without an account");
        return Ok(());
    };
    state
        .db
        .void_account_tokens(&user.id, TOKEN_PASSWORD_RESET)
        .await?;
    let token = new_secret();
    let now = uplink_db::now_ms();
    state
        .db
        .insert_account_token(&AccountTokenRow {
            token_hash: hash_secret(&token),
            kind: TOKEN_PASSWORD_RESET.into(),
            user_id: user.id.clone(),
            new_email: None,
            created_at: now,
            expires_at: now + RESET_TTL_MS,
            used_at: None,
        })
        .await?;
    let link = format!("{}/password/reset?token={token}", state.config.public_url);
    let (text, html) = with_link(
        &format!("Hello {},", user.name),
        "Someone (hopefully you) asked to reset the password of your Uplink account.",
        "Choose a new password",
        &link,
        "The link works once, for 60 minutes. If you did not ask for it, ignore this e-mail; your password stays as it is.",
    );
    state
        .mailer
        .send(
            &state.db,
            Mail {
                kind: "password_reset",
                user_id: Some(user.id),
                to: user.email,
                subject: "Reset your Uplink password".into(),
                text,
                html: Some(html),
            },
        )
        .await?;
    Ok(())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PasswordResetConfirm {
    /// The `token` of the link.
    pub token: String,
    /// The new password (at least 10 characters).
    pub password: String,
}

/// Sets a new password with a reset link's token (single use, 60 minutes).
/// Every session of the account ends; the caller is signed in afresh.
#[utoipa::path(post, path = "/auth/password-reset/confirm", tag = "auth",
    request_body = PasswordResetConfirm,
    responses(
        (status = 200, body = AuthResponse, description = "Password changed and signed in (cookies set)"),
        (status = 400, description = "`reset_token_invalid`: unknown, used or expired link", body = Problem),
        (status = 422, description = "`validation_failed` on `password`", body = Problem),
    ))]
pub async fn confirm_password_reset(
    State(state): State<AppState>,
    client: ClientInfo,
    ApiJson(req): ApiJson<PasswordResetConfirm>,
) -> ApiResult<Response> {
    check_new_password(&req.password)
        .map_err(|m| ApiError::field("password", ErrorCode::ValidationFailed, m))?;
    let now = uplink_db::now_ms();
    let token = state
        .db
        .use_account_token(&hash_secret(req.token.trim()), TOKEN_PASSWORD_RESET, now)
        .await?
        .ok_or_else(|| ApiError::new(ErrorCode::ResetTokenInvalid))?;
    let user = state
        .db
        .user_by_id(&token.user_id)
        .await?
        .filter(|u| u.deleted_at.is_none())
        .ok_or_else(|| ApiError::new(ErrorCode::ResetTokenInvalid))?;
    let hash = state
        .passwords
        .hash(&req.password)
        .await
        .map_err(ApiError::internal)?;
    state.db.set_password_hash(&user.id, &hash).await?;
    let ended = state.db.delete_user_sessions(&user.id, None).await?;
    crate::accounts::throttle::record_success(&state, &user.email).await?;
    tracing::info!(user_id = %user.id, sessions_ended = ended, "password reset");
    let issued = start_session(&state, &user.id, "password", &client).await?;
    Ok(signed_in(
        &state,
        StatusCode::OK,
        &user,
        issued,
        SessionTransport::Cookie,
    ))
}
