use super::own_order;
use crate::commerce::orders::dto::OrderDetail;
use crate::http::error::{ApiResult, Problem};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use uplink_domain::checkout::order_status::Actor;

/// Cancels an order that is still waiting for payment; its stock goes back on sale.
#[utoipa::path(post, path = "/orders/{number}/cancel", tag = "orders",
    params(("number" = String, Path, description = "Order number")),
    responses(
        (status = 200, body = OrderDetail),
        (status = 404, description = "`not_found`", body = Problem),
        (status = 409, description = "`order_not_cancellable`: only `pending_payment` orders", body = Problem),
    ))]
pub async fn cancel_order(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(number): Path<String>,
) -> ApiResult<Json<OrderDetail>> {
    let order = own_order(&state, &auth, &number).await?;
    let detail = crate::commerce::orders::lifecycle::cancel(
        &state,
        &order,
        Actor::Customer,
        "Cancelled by the customer.",
        None,
    )
    .await?;
    Ok(Json(detail))
}
