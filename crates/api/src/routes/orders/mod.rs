//! The customer's orders (SPEC §7): place, list, read, cancel, invoice PDF.

pub mod cancel;
pub mod get;
pub mod invoice;
pub mod list;
pub mod place;

use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult};
use crate::route_docs::api_routes;
use crate::state::AppState;
use uplink_db::orders::OrderRow;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(place::place_order, list::list_orders))
        .routes(api_routes!(get::get_order))
        .routes(api_routes!(cancel::cancel_order))
        .routes(api_routes!(invoice::order_invoice))
}

/// The caller's order by number; another customer's order is a 404 like a missing one.
pub async fn own_order(state: &AppState, auth: &AuthUser, number: &str) -> ApiResult<OrderRow> {
    let number = number.trim().to_ascii_uppercase();
    match state.db.order_by_number(&number).await? {
        Some(o) if o.user_id == auth.id() => Ok(o),
        _ => Err(ApiError::not_found("This order")),
    }
}
