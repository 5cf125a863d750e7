use crate::accounts::dto::Me;
use crate::http::error::ApiResult;
use crate::http::identity::MaybeUser;
use crate::http::state::AppState;
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

/// How this store signs people in, and whether the caller is signed in.
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionInfo {
    /// `token` (e-mail + password) or `keycloak` (OpenID Connect), SPEC §8.
    #[schema(example = "token")]
    pub auth_mode: String,
    /// "Sign in with SSO" is available (`GET /auth/oidc/start`).
    pub sso_enabled: bool,
    /// "Sign in with InControl" is available (`GET /auth/incontrol/start`).
    pub incontrol_enabled: bool,
    /// The signed-in account, or null for guests.
    pub user: Option<Me>,
    /// The session's CSRF token (null for guests).
    pub csrf_token: Option<String>,
}

/// The caller's sign-in state; never 401 (guests get `user: null`).
#[utoipa::path(get, path = "/auth/session", tag = "auth",
    responses((status = 200, body = SessionInfo)))]
pub async fn get_session(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
) -> ApiResult<Json<SessionInfo>> {
    let auth = &state.config.auth;
    Ok(Json(SessionInfo {
        auth_mode: auth.mode.as_str().to_owned(),
        sso_enabled: auth.oidc.is_some(),
        incontrol_enabled: auth.incontrol.is_some(),
        csrf_token: user.as_ref().map(|u| u.csrf_token.clone()),
        user: user.as_ref().map(|u| Me::from_row(&u.user)),
    }))
}
