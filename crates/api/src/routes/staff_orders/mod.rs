//! Fulfilment staff (SPEC §1, §7, §15): find orders, mark bank transfers
//! paid, add shipments with tracking numbers, cancel with refund. The full
//! back-office comes later; each change e-mails the customer.

pub mod actions;

use crate::route_docs::api_routes;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(actions::staff_list_orders))
        .routes(api_routes!(actions::staff_get_order))
        .routes(api_routes!(actions::staff_mark_paid))
        .routes(api_routes!(actions::staff_add_shipment))
        .routes(api_routes!(actions::staff_cancel_order))
}
