//! Partners (SPEC §1, §10, D102): a reseller's side of the store. Their
//! dashboard (orders credited to them, rebates by status, their referral
//! code and mini-store links), the rebate ledger with its CSV export, the
//! mini-stores they run (products, prices above the store's floor,
//! branding, paused or open), and the partner pavilion, where a partner
//! checks out their cart for an end customer. Staff see the rebates
//! awaiting payout and mark them paid.
//!
//! Pricing at the partner price list, attribution and the rebate rows of an
//! order, and delivering a pavilion order to the end customer are the
//! commerce engine's; the invitation an end customer claims is the
//! accounts capability's.

pub mod account;
pub mod dto;
pub mod ledger;
pub mod mini_stores;
pub mod routes;

use crate::http::route_docs::api_routes;
use crate::http::state::AppState;
use utoipa_axum::router::OpenApiRouter;

/// A partner's own operations (partners only: 403 for anyone else).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(routes::dashboard::partner_dashboard))
        .routes(api_routes!(routes::rebates::partner_rebates))
        .routes(api_routes!(routes::rebates::partner_rebates_csv))
        .routes(api_routes!(routes::mini_stores::list_mini_stores))
        .routes(api_routes!(
            routes::mini_stores::get_mini_store,
            routes::mini_stores::update_mini_store
        ))
        .routes(api_routes!(routes::mini_stores::mini_store_candidates))
        .routes(api_routes!(routes::pavilion::place_pavilion_order))
}

/// Staff: rebates awaiting payout per partner, and payouts.
pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(routes::staff::rebates::staff_rebates))
        .routes(api_routes!(routes::staff::rebates::mark_rebates_paid))
}
