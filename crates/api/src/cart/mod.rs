//! Carts (SPEC §5): the cart's routes. Whose cart a request addresses, the
//! line rules, pricing and the guest-cart merge are the commerce engine's
//! (`crate::commerce::cart`, `crate::commerce::pricing`).
//!
//! A cart belongs to a (store, owner). The owner is the signed-in customer,
//! or — for guests — the browser, identified by the random `uplink_cart`
//! cookie (HttpOnly; only its SHA-256 is stored). A signed-in customer whose
//! account region differs from the current eStore's region gets 409
//! `must_change_store` with `target_store` from every cart call.
//!

pub mod routes;

use crate::http::route_docs::api_routes;
use crate::http::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(
            routes::get_cart::get_cart,
            routes::clear_cart::clear_cart
        ))
        .routes(api_routes!(routes::add_line::add_line))
        .routes(api_routes!(
            routes::update_line::update_line,
            routes::delete_line::delete_line
        ))
        .routes(api_routes!(
            routes::apply_coupon::apply_coupon,
            routes::remove_coupon::remove_coupon
        ))
        .routes(api_routes!(
            routes::apply_referral_code::apply_referral_code,
            routes::remove_referral_code::remove_referral_code
        ))
        .routes(api_routes!(
            routes::app_referral::apply_app_referral,
            routes::app_referral::remove_app_referral
        ))
        .routes(api_routes!(routes::quick_order::quick_order))
}
