//! Checkout (SPEC §6): what the checkout pages offer (shipping methods,
//! payment methods, totals) and placing an order — one transaction that
//! takes stock, records the payment and writes the order — with idempotency
//! keys, plus the order system's background jobs.
//!
//! Placing itself, the offers and the order jobs are the commerce engine's
//! (`crate::commerce::placing`, `offers`, `orders::jobs`); this capability
//! is the two routes of the checkout pages.

pub mod routes;

use crate::http::route_docs::api_routes;
use crate::http::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(routes::options::checkout_options))
        .routes(api_routes!(routes::place_order::place_order))
}
