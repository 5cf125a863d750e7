//! The back-office (SPEC §15), staff only, each endpoint behind its role:
//! fulfilment's order desk (find orders, mark bank transfers paid, add
//! shipments, cancel with refund), the e-mail outbox, and the error intake's
//! issues, release health and slowest routes (admins).

pub mod dto;
pub mod routes;

use crate::http::route_docs::api_routes;
use crate::http::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(routes::outbox::list_outbox))
        .routes(api_routes!(routes::list_issues::list_issues))
        .routes(api_routes!(routes::get_issue::get_issue))
        .routes(api_routes!(routes::list_releases::list_releases))
        .routes(api_routes!(routes::list_routes::list_routes))
        .routes(api_routes!(routes::staff_orders::staff_list_orders))
        .routes(api_routes!(routes::staff_orders::staff_get_order))
        .routes(api_routes!(routes::staff_orders::staff_mark_paid))
        .routes(api_routes!(routes::staff_orders::staff_add_shipment))
        .routes(api_routes!(routes::staff_orders::staff_cancel_order))
}
