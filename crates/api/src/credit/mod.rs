//! Credit terms (SPEC §6 Credit Terms Payment, §15; D96): the account a
//! business customer buys on. Sales staff set the limit, payment terms and
//! may-exceed flag and record the payments customers make against their
//! credit-terms invoices; everyone sees the same history (Allocated,
//! Purchased, Reimbursed, Refunded, Reverted) with a running balance.
//!
//! Checkout writes the Purchased entry inside the order's transaction and
//! order cancellation the Reverted / Refunded ones (`orders::manage`); this
//! capability reads the ledger and makes the staff's changes.

pub mod account;
pub mod dto;
pub mod payments;
pub mod routes;
pub mod terms;

use crate::http::route_docs::api_routes;
use crate::http::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(api_routes!(routes::get_my_credit::get_my_credit))
}

/// Sales staff: customers with their terms, payments against credit-terms
/// invoices, the overdue ones.
pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(routes::staff::list_customers::list_customers))
        .routes(api_routes!(
            routes::staff::customer_credit_terms::get_credit_terms,
            routes::staff::customer_credit_terms::put_credit_terms
        ))
        .routes(api_routes!(
            routes::staff::record_payment::record_credit_payment
        ))
        .routes(api_routes!(routes::staff::list_overdue::list_overdue))
}

/// True when `text` holds a control character (never valid in a search, note
/// or reference; PostgreSQL refuses a NUL outright).
pub(crate) fn has_control(text: &str) -> bool {
    text.chars().any(char::is_control)
}
