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

use crate::state::AppState;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register::register))
        .routes(routes!(login::login))
        .routes(routes!(logout::logout))
        .routes(routes!(get_session::get_session))
        .routes(routes!(
            challenge::get_challenge,
            challenge::solve_challenge
        ))
        .routes(routes!(password_reset::request_password_reset))
        .routes(routes!(password_reset::confirm_password_reset))
        .routes(routes!(oidc::oidc_start))
        .routes(routes!(oidc::oidc_callback))
        .routes(routes!(incontrol::incontrol_start))
        .routes(routes!(incontrol::incontrol_callback))
}
