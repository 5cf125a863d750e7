use super::own_order;
use crate::commerce::orders::dto::{OrderDetail, load_parts, order_detail};
use crate::http::error::{ApiResult, Problem};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use axum::Json;
use axum::extract::{Path, State};

/// One of the customer's orders with lines (and what each digital line delivered), addresses,
/// payment, history and shipments.
#[utoipa::path(get, path = "/orders/{number}", tag = "orders",
    params(("number" = String, Path, description = "Order number, e.g. UL-000123")),
    responses((status = 200, body = OrderDetail), (status = 404, description = "`not_found` (also for another customer's order)", body = Problem)))]
pub async fn get_order(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(number): Path<String>,
) -> ApiResult<Json<OrderDetail>> {
    let order = own_order(&state, &auth, &number).await?;
    let mut conn = state.db.pool().acquire().await?;
    let parts = load_parts(&mut conn, order).await?;
    let mut detail = order_detail(&parts, &state.config.checkout.bank_details);
    crate::commerce::orders::deliverables::attach(&mut conn, &parts.order.id, &mut detail).await?;
    Ok(Json(detail))
}
