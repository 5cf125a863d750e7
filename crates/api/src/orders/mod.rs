//! Orders (SPEC §7): the customer's order list and detail, cancelling and
//! the invoice PDF. The order itself, its e-mails, documents and lifecycle
//! are the commerce engine's (`crate::commerce::orders`).
//!
//! `POST /orders` (placing an order) is the checkout's route on the same path.

pub mod routes;

use crate::http::route_docs::api_routes;
use crate::http::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(routes::list_orders::list_orders))
        .routes(api_routes!(routes::get_order::get_order))
        .routes(api_routes!(routes::cancel_order::cancel_order))
        .routes(api_routes!(routes::order_invoice::order_invoice))
        .routes(api_routes!(routes::order_invoice::order_credit_note))
}

/// Fulfilment's order desk: find orders, mark bank transfers paid, add
/// shipments, cancel with refund.
pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(routes::staff::staff_orders::staff_list_orders))
        .routes(api_routes!(routes::staff::staff_orders::staff_get_order))
        .routes(api_routes!(routes::staff::staff_orders::staff_mark_paid))
        .routes(api_routes!(routes::staff::staff_orders::staff_add_shipment))
        .routes(api_routes!(routes::staff::staff_orders::staff_cancel_order))
        .routes(api_routes!(routes::staff::staff_orders::staff_refund_order))
        .routes(api_routes!(routes::staff::staff_orders::staff_credit_note))
        .routes(api_routes!(
            routes::staff::staff_orders::staff_complete_order
        ))
        .routes(api_routes!(
            routes::staff::staff_orders::staff_resend_order_email
        ))
}
