use super::dto::MeResponse;
use crate::auth::AuthUser;
use crate::error::{ApiResult, Problem};
use crate::state::AppState;
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
