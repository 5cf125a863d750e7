use crate::accounts::dto::MeResponse;
use crate::http::error::{ApiResult, Problem};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use axum::Json;
use axum::extract::State;

/// The signed-in account and the session's CSRF token.
#[utoipa::path(get, path = "/me", tag = "account",
    responses(
        (status = 200, body = MeResponse),
        (status = 401, description = "Not signed in (`unauthenticated`)", body = Problem),
    ))]
pub async fn get_me(State(state): State<AppState>, auth: AuthUser) -> ApiResult<Json<MeResponse>> {
    Ok(Json(MeResponse::load(&state, &auth).await?))
}
