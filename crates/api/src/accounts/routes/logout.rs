use crate::accounts::sessions::no_store;
use crate::http::cookies;
use crate::http::error::{ApiResult, Problem};
use crate::http::identity::MaybeUser;
use crate::http::state::AppState;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{AppendHeaders, IntoResponse, Response};

/// Ends the current session (cookie or bearer) and clears the cookies.
#[utoipa::path(post, path = "/auth/logout", tag = "auth",
    params(("X-CSRF-Token" = Option<String>, Header, description = "Required with a cookie session")),
    responses(
        (status = 204, description = "Signed out (also when there was no session)"),
        (status = 403, description = "`csrf_failed`", body = Problem),
    ))]
pub async fn logout(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
) -> ApiResult<Response> {
    if let Some(user) = user {
        state.db.delete_session(&user.session_id).await?;
    }
    let [a, b] = cookies::clear_session_cookies(&state.config);
    Ok((
        StatusCode::NO_CONTENT,
        AppendHeaders([(header::SET_COOKIE, a), (header::SET_COOKIE, b)]),
        no_store(),
    )
        .into_response())
}
