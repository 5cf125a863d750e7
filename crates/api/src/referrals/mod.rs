//! The app referral programme (SPEC §10, D103): a customer's code and share
//! link (GET_REFERRAL_CODE), their rewards — converted into a coupon, or
//! redeemed as data or days on their own cloud subscription — the referral
//! stores' branding and terms, the jobs that move rewards along, and the
//! programme's terms (admins). Entering a code (REFERRAL_CODE) is the
//! cart's; the referee's discount and earning rewards are the commerce
//! engine's (`crate::commerce::referral`).

pub mod dto;
pub mod jobs;
pub mod rewards;
pub mod routes;

use crate::http::route_docs::api_routes;
use crate::http::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(routes::my_referral::get_my_referral))
        .routes(api_routes!(routes::my_referral::create_referral_code))
        .routes(api_routes!(routes::rewards::list_rewards))
        .routes(api_routes!(routes::rewards::convert_rewards_to_coupon))
        .routes(api_routes!(routes::rewards::redeem_sfc_rewards))
        .routes(api_routes!(routes::referral_stores::get_referral_store))
}

/// Admins: the programme's terms.
pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(api_routes!(
        routes::staff::terms::get_referral_terms,
        routes::staff::terms::put_referral_terms
    ))
}
