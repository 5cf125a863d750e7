//! Orders (SPEC §7): the customer's order list and detail, cancelling,
//! invoices (PDF), the order e-mails, and the status changes staff and jobs
//! make (`manage`: mark paid, ship, cancel with refund, capture).
//!
//! `POST /orders` (placing an order) is the checkout's route on the same path.

pub mod dto;
pub mod emails;
pub mod invoice;
pub mod manage;
pub mod pdf;
pub mod routes;
pub mod statement;

use crate::http::route_docs::api_routes;
use crate::http::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(routes::list_orders::list_orders))
        .routes(api_routes!(routes::get_order::get_order))
        .routes(api_routes!(routes::cancel_order::cancel_order))
        .routes(api_routes!(routes::order_invoice::order_invoice))
}
