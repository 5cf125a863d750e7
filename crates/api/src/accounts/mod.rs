//! Accounts (SPEC §8): registration, password and single sign-on, InControl
//! linking, the anti-automation challenge, password reset, and the signed-in
//! customer's own account (profile, e-mail, password, export, deletion,
//! address book, bookmarks).
//!
//! Who is calling is the kernel's [`crate::http::identity`]; this capability
//! starts and ends sessions ([`sessions`]) and runs the sign-in flows.

pub mod addresses;
pub mod dto;
pub mod flows;
pub mod incontrol;
pub mod routes;
pub mod sessions;
pub mod throttle;

use crate::http::route_docs::api_routes;
use crate::http::state::AppState;
use utoipa_axum::router::OpenApiRouter;

/// Staff and customers: a customer's page, view-as, roles, disabling.
pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(routes::staff::customers::staff_customer))
        .routes(api_routes!(routes::staff::customers::view_as_customer))
        .routes(api_routes!(routes::staff::customers::set_customer_roles))
        .routes(api_routes!(routes::staff::customers::disable_customer))
        .routes(api_routes!(routes::staff::customers::enable_customer))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(routes::register::register))
        .routes(api_routes!(routes::login::login))
        .routes(api_routes!(routes::logout::logout))
        .routes(api_routes!(routes::get_session::get_session))
        .routes(api_routes!(
            routes::challenge::get_challenge,
            routes::challenge::solve_challenge
        ))
        .routes(api_routes!(routes::password_reset::request_password_reset))
        .routes(api_routes!(routes::password_reset::confirm_password_reset))
        .routes(api_routes!(routes::oidc::oidc_start))
        .routes(api_routes!(routes::oidc::oidc_callback))
        .routes(api_routes!(routes::incontrol::incontrol_start))
        .routes(api_routes!(routes::incontrol::incontrol_callback))
        .routes(api_routes!(
            routes::get_me::get_me,
            routes::update_me::update_me,
            routes::delete_me::delete_me
        ))
        .routes(api_routes!(routes::change_email::change_email))
        .routes(api_routes!(routes::change_email::confirm_email))
        .routes(api_routes!(routes::change_password::change_password))
        .routes(api_routes!(routes::export_me::export_me))
        .routes(api_routes!(routes::delete_me::unlink_incontrol))
        .routes(api_routes!(
            routes::addresses::list_addresses,
            routes::addresses::create_address
        ))
        .routes(api_routes!(
            routes::addresses::get_address,
            routes::addresses::update_address,
            routes::addresses::delete_address
        ))
        .routes(api_routes!(routes::app_tokens::mint_app_token))
        .routes(api_routes!(routes::app_tokens::exchange_app_token))
        .routes(api_routes!(routes::invitations::get_invitation))
        .routes(api_routes!(routes::invitations::claim_invitation))
        .routes(api_routes!(routes::bookmarks::list_bookmarks))
        .routes(api_routes!(
            routes::bookmarks::put_bookmark,
            routes::bookmarks::delete_bookmark
        ))
}
