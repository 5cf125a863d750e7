//! Every `/api/v1` resource, one folder per resource and one file per operation.
//!
//! To add a resource: write `routes/<resource>/mod.rs` exposing
//! `pub fn router() -> OpenApiRouter<AppState>` and merge it below.

pub mod auth;
pub mod cart;
pub mod categories;
pub mod checkout;
pub mod countries;
pub mod errors;
pub mod intake;
pub mod me;
pub mod media;
pub mod meta;
pub mod ops;
pub mod orders;
pub mod outbox;
pub mod products;
pub mod search;
pub mod serials;
pub mod staff_orders;
pub mod stores;

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

/// The `/api/v1` router with its OpenAPI paths (relative to `/api/v1`).
pub fn api_v1() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(meta::router())
        .merge(auth::router())
        .merge(me::router())
        .merge(countries::router())
        .merge(stores::router())
        .merge(categories::router())
        .merge(products::router())
        .merge(search::router())
        .merge(serials::router())
        .merge(media::router())
        .merge(outbox::router())
        .merge(cart::router())
        .merge(errors::router())
        .merge(checkout::router())
        .merge(orders::router())
        .merge(staff_orders::router())
}
