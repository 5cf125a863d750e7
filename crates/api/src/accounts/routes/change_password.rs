use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use uplink_domain::accounts::password::check_new_password;
use uplink_domain::error_code::ErrorCode;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct ChangePassword {
    /// Required when the account has a password (accounts from SSO/InControl may set a first one).
    pub current_password: Option<String>,
    /// At least 10 characters.
    pub new_password: String,
}

/// Checks the account's current password (when it has one): 401 `invalid_credentials` on `field`.
pub async fn check_current_password(
    state: &AppState,
    auth: &AuthUser,
    given: Option<&str>,
    field: &str,
) -> ApiResult<()> {
    let Some(hash) = auth.user.password_hash.as_deref() else {
        return Ok(());
    };
    let ok = state
        .passwords
        .verify(given.unwrap_or_default(), Some(hash))
        .await
        .map_err(ApiError::internal)?;
    if ok {
        Ok(())
    } else {
        let mut e = ApiError::field(
            field,
            ErrorCode::InvalidCredentials,
            "The current password is not correct.",
        );
        e.status = StatusCode::UNAUTHORIZED;
        Err(e)
    }
}

/// Changes the password; every other session of the account ends.
#[utoipa::path(post, path = "/me/password", tag = "account", request_body = ChangePassword,
    responses(
        (status = 204, description = "Changed"),
        (status = 401, description = "`invalid_credentials` on `current_password`", body = Problem),
        (status = 422, description = "`validation_failed` on `new_password`", body = Problem),
    ))]
pub async fn change_password(
    State(state): State<AppState>,
    auth: AuthUser,
    ApiJson(req): ApiJson<ChangePassword>,
) -> ApiResult<StatusCode> {
    check_new_password(&req.new_password)
        .map_err(|m| ApiError::field("new_password", ErrorCode::ValidationFailed, m))?;
    check_current_password(
        &state,
        &auth,
        req.current_password.as_deref(),
        "current_password",
    )
    .await?;
    let hash = state
        .passwords
        .hash(&req.new_password)
        .await
        .map_err(ApiError::internal)?;
    state.db.set_password_hash(&auth.user.id, &hash).await?;
    state
        .db
        .delete_user_sessions(&auth.user.id, Some(&auth.session_id))
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
