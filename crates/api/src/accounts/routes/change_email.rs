use crate::accounts::dto::Accepted;
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::platform::mail::{Email as Mail, with_link};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use uplink_db::account_area::{AccountTokenRow, TOKEN_EMAIL_CHANGE};
use uplink_db::accounts::UserWriteError;
use uplink_domain::accounts::Email;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::ids::{hash_secret, new_secret};
use utoipa::ToSchema;

/// How long an e-mail change link works.
pub const EMAIL_CHANGE_TTL_MS: i64 = 24 * 60 * 60 * 1000;

#[derive(Debug, Deserialize, ToSchema)]
pub struct ChangeEmail {
    /// The new address; it receives the confirmation link.
    pub email: String,
    /// The current password (required when the account has one).
    pub password: Option<String>,
}

/// Starts an e-mail change: a link goes to the NEW address; the address
/// changes only when that link is opened.
#[utoipa::path(post, path = "/me/email", tag = "account", request_body = ChangeEmail,
    responses(
        (status = 202, body = Accepted),
        (status = 401, description = "`invalid_credentials` (field `password`) or `unauthenticated`", body = Problem),
        (status = 409, description = "`email_taken`", body = Problem),
        (status = 422, description = "`validation_failed`", body = Problem),
    ))]
pub async fn change_email(
    State(state): State<AppState>,
    auth: AuthUser,
    ApiJson(req): ApiJson<ChangeEmail>,
) -> ApiResult<(StatusCode, Json<Accepted>)> {
    let email = Email::parse(&req.email)
        .map_err(|e| ApiError::field("email", ErrorCode::ValidationFailed, e.to_string()))?;
    if email.as_str() == auth.user.email {
        return Err(ApiError::field(
            "email",
            ErrorCode::ValidationFailed,
            "This is already your e-mail address.",
        ));
    }
    super::change_password::check_current_password(
        &state,
        &auth,
        req.password.as_deref(),
        "password",
    )
    .await?;
    if state.db.user_by_email(email.as_str()).await?.is_some() {
        return Err(ApiError::field(
            "email",
            ErrorCode::EmailTaken,
            "Another account already uses this e-mail address.",
        ));
    }
    state
        .db
        .void_account_tokens(&auth.user.id, TOKEN_EMAIL_CHANGE)
        .await?;
    let token = new_secret();
    let now = uplink_db::now_ms();
    state
        .db
        .insert_account_token(&AccountTokenRow {
            token_hash: hash_secret(&token),
            kind: TOKEN_EMAIL_CHANGE.into(),
            user_id: auth.user.id.clone(),
            new_email: Some(email.as_str().to_owned()),
            created_at: now,
            expires_at: now + EMAIL_CHANGE_TTL_MS,
            used_at: None,
        })
        .await?;
    let link = format!(
        "{}/account/settings?email_token={token}",
        state.config.public_url
    );
    let (text, html) = with_link(
        &format!("Hello {},", auth.user.name),
        "Please confirm that this is the new e-mail address of your Uplink account.",
        "Confirm the new address",
        &link,
        "The link works once, for 24 hours. Until you open it, your account keeps its current address.",
    );
    state
        .mailer
        .send(
            &state.db,
            Mail {
                kind: "email_change",
                user_id: Some(auth.user.id.clone()),
                to: email.into_string(),
                subject: "Confirm your new e-mail address".into(),
                text,
                html: Some(html),
            },
        )
        .await?;
    Ok((
        StatusCode::ACCEPTED,
        Json(Accepted {
            message: "We sent a confirmation link to the new address. Your e-mail changes when you open it."
                .into(),
        }),
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ConfirmEmail {
    pub token: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EmailChanged {
    pub email: String,
}

/// Confirms an e-mail change with the link's token (works signed out too).
#[utoipa::path(post, path = "/me/email/confirm", tag = "account", request_body = ConfirmEmail,
    responses(
        (status = 200, body = EmailChanged),
        (status = 409, description = "`email_taken`: another account took the address meanwhile", body = Problem),
        (status = 422, description = "`validation_failed` on `token`: unknown, used or expired link", body = Problem),
    ))]
pub async fn confirm_email(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<ConfirmEmail>,
) -> ApiResult<Json<EmailChanged>> {
    let invalid = || {
        ApiError::field(
            "token",
            ErrorCode::ValidationFailed,
            "This confirmation link is invalid, used or expired; change the address again to get a new one.",
        )
    };
    let token = state
        .db
        .use_account_token(
            &hash_secret(req.token.trim()),
            TOKEN_EMAIL_CHANGE,
            uplink_db::now_ms(),
        )
        .await?
        .ok_or_else(invalid)?;
    let new_email = token.new_email.ok_or_else(invalid)?;
    let user = state
        .db
        .user_by_id(&token.user_id)
        .await?
        .filter(|u| u.deleted_at.is_none())
        .ok_or_else(invalid)?;
    state
        .db
        .set_user_email(&user.id, &new_email)
        .await
        .map_err(|e| match e {
            UserWriteError::EmailTaken => ApiError::field(
                "email",
                ErrorCode::EmailTaken,
                "Another account started using this address meanwhile.",
            ),
            UserWriteError::Db(e) => ApiError::from(e),
        })?;
    tracing::info!(user_id = %user.id, "e-mail address changed");
    Ok(Json(EmailChanged { email: new_email }))
}
