//! The order operations; [`own_order`] is the lookup they share.

pub mod cancel_order;
pub mod get_order;
pub mod list_orders;
pub mod order_invoice;

use crate::http::error::{ApiError, ApiResult};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use uplink_db::orders::OrderRow;

/// The caller's order by number; another customer's order is a 404 like a missing one.
pub async fn own_order(state: &AppState, auth: &AuthUser, number: &str) -> ApiResult<OrderRow> {
    let number = number.trim().to_ascii_uppercase();
    match state.db.order_by_number(&number).await? {
        Some(o) if o.user_id == auth.id() => Ok(o),
        _ => Err(ApiError::not_found("This order")),
    }
}
pub mod staff;
