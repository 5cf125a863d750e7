//! Signing in and out (SPEC §8): register, login, logout, the session probe
//! and the anti-automation challenge.

pub mod challenge;
pub mod dto;
pub mod get_session;
pub mod incontrol;
pub mod login;
pub mod logout;
pub mod oidc;
pub mod password_reset;
pub mod register;

use crate::route_docs::api_routes;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(register::register))
        .routes(api_routes!(login::login))
        .routes(api_routes!(logout::logout))
        .routes(api_routes!(get_session::get_session))
        .routes(api_routes!(
            challenge::get_challenge,
            challenge::solve_challenge
        ))
        .routes(api_routes!(password_reset::request_password_reset))
        .routes(api_routes!(password_reset::confirm_password_reset))
        .routes(api_routes!(oidc::oidc_start))
        .routes(api_routes!(oidc::oidc_callback))
        .routes(api_routes!(incontrol::incontrol_start))
        .routes(api_routes!(incontrol::incontrol_callback))
}
