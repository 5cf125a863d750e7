use crate::http::cookies;
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{AppendHeaders, IntoResponse, Response};
use serde::Deserialize;
use uplink_domain::error_code::ErrorCode;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteMe {
    /// The current password (accounts with a password).
    pub password: Option<String>,
    /// The account's e-mail address, typed again (accounts without a password).
    pub confirm_email: Option<String>,
}

/// Deletes the account: personal data, addresses, bookmarks, linked accounts,
/// devices (their serials go free), saved cards and sessions are removed; an
/// anonymous shell keeps past orders consistent.
#[utoipa::path(delete, path = "/me", tag = "account", request_body = DeleteMe,
    responses(
        (status = 204, description = "Deleted; cookies cleared"),
        (status = 401, description = "`invalid_credentials` on `password`", body = Problem),
        (status = 422, description = "`validation_failed` on `confirm_email`", body = Problem),
    ))]
pub async fn delete_me(
    State(state): State<AppState>,
    auth: AuthUser,
    ApiJson(req): ApiJson<DeleteMe>,
) -> ApiResult<Response> {
    if auth.user.password_hash.is_some() {
        super::change_password::check_current_password(
            &state,
            &auth,
            req.password.as_deref(),
            "password",
        )
        .await?;
    } else {
        let typed = req
            .confirm_email
            .as_deref()
            .map(|e| e.trim().to_lowercase());
        if typed.as_deref() != Some(auth.user.email.as_str()) {
            return Err(ApiError::field(
                "confirm_email",
                ErrorCode::ValidationFailed,
                "Type your e-mail address to confirm.",
            ));
        }
    }
    state.db.anonymise_user(&auth.user.id).await?;
    tracing::info!(user_id = %auth.user.id, "account deleted");
    let [a, b] = cookies::clear_session_cookies(&state.config);
    Ok((
        StatusCode::NO_CONTENT,
        AppendHeaders([(header::SET_COOKIE, a), (header::SET_COOKIE, b)]),
    )
        .into_response())
}

/// Unlinks InControl: its stored tokens are deleted.
#[utoipa::path(delete, path = "/me/incontrol", tag = "account",
    responses(
        (status = 204, description = "Unlinked"),
        (status = 404, description = "`not_found`: no InControl account was linked", body = Problem),
    ))]
pub async fn unlink_incontrol(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<StatusCode> {
    if state.db.delete_incontrol_link(&auth.user.id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::not_found("A linked InControl account"))
    }
}
