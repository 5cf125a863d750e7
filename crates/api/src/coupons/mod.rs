//! Coupons as staff run them (SPEC §5, §15): create, edit, pause, and what
//! each has given away so far. Applying a coupon is the cart's (the
//! commerce engine's line and pricing rules); referral reward coupons are
//! the referral programme's and are not listed here.

pub mod admin;
pub mod routes;

use crate::http::route_docs::api_routes;
use crate::http::state::AppState;
use utoipa_axum::router::OpenApiRouter;

/// Admins: coupons.
pub fn staff_router() -> OpenApiRouter<AppState> {
    use routes::staff::coupons;
    OpenApiRouter::new()
        .routes(api_routes!(
            coupons::list_admin_coupons,
            coupons::create_admin_coupon
        ))
        .routes(api_routes!(
            coupons::get_admin_coupon,
            coupons::update_admin_coupon
        ))
}
