use crate::commerce::orders::dto::{OrderDetail, load_parts, order_detail};
use crate::http::error::{ApiError, ApiResult, FieldError, Problem};
use crate::http::extract::{ApiJson, ApiQuery};
use crate::http::identity::{Fulfilment, RequireRole};
use crate::http::state::AppState;
use crate::platform::money::MoneyDto;
use crate::platform::timefmt::rfc3339;
use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use uplink_db::orders::OrderRow;
use uplink_domain::checkout::order_status::{Actor, OrderStatus};
use uplink_domain::error_code::ErrorCode;
use utoipa::{IntoParams, ToSchema};

async fn staff_order(state: &AppState, number: &str) -> ApiResult<OrderRow> {
    state
        .db
        .order_by_number(&number.trim().to_ascii_uppercase())
        .await?
        .ok_or_else(|| ApiError::not_found("This order"))
}

async fn detail(state: &AppState, o: OrderRow) -> ApiResult<OrderDetail> {
    let mut conn = state.db.pool().acquire().await?;
    let parts = load_parts(&mut conn, o).await?;
    Ok(order_detail(&parts, &state.config.checkout.bank_details))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StaffOrderQuery {
    /// One status, e.g. `pending_payment` or `processing`.
    pub status: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StaffOrderRow {
    pub number: String,
    pub status: OrderStatus,
    pub email: String,
    pub placed_at: String,
    pub total: MoneyDto,
    pub payment_method: String,
    pub payment_status: String,
    pub shipping_method: String,
    /// The partner whose referral code the buyer applied (`null`: none).
    pub referred_by: Option<String>,
}

/// Recent orders of every customer (fulfilment staff).
#[utoipa::path(get, path = "/staff/orders", tag = "staff", params(StaffOrderQuery),
    responses((status = 200, body = [StaffOrderRow]), (status = 403, description = "`forbidden`", body = Problem)))]
pub async fn staff_list_orders(
    State(state): State<AppState>,
    _staff: RequireRole<Fulfilment>,
    ApiQuery(q): ApiQuery<StaffOrderQuery>,
) -> ApiResult<Json<Vec<StaffOrderRow>>> {
    let status = match q.status.as_deref().filter(|s| !s.is_empty()) {
        Some(s) => Some(
            OrderStatus::parse(s)
                .ok_or_else(|| {
                    ApiError::field(
                        "status",
                        ErrorCode::ValidationFailed,
                        "Not an order status.",
                    )
                })?
                .as_str(),
        ),
        None => None,
    };
    let rows = state.db.recent_orders(status, 200).await?;
    Ok(Json(
        rows.into_iter()
            .map(|o| StaffOrderRow {
                status: OrderStatus::parse(&o.status).unwrap_or(OrderStatus::Processing),
                placed_at: rfc3339(o.placed_at),
                total: MoneyDto::new(o.total_cents, &o.currency),
                number: o.number,
                email: o.email,
                payment_method: o.payment_method,
                payment_status: o.payment_status,
                shipping_method: o.shipping_method,
                referred_by: o.partner_name,
            })
            .collect(),
    ))
}

/// Any order (fulfilment staff).
#[utoipa::path(get, path = "/staff/orders/{number}", tag = "staff",
    params(("number" = String, Path, description = "Order number")),
    responses((status = 200, body = OrderDetail), (status = 403, description = "`forbidden`", body = Problem), (status = 404, description = "`not_found`", body = Problem)))]
pub async fn staff_get_order(
    State(state): State<AppState>,
    _staff: RequireRole<Fulfilment>,
    Path(number): Path<String>,
) -> ApiResult<Json<OrderDetail>> {
    let o = staff_order(&state, &number).await?;
    Ok(Json(detail(&state, o).await?))
}

/// Marks an unpaid bank-transfer order paid: it moves to `processing` and the customer is told.
#[utoipa::path(post, path = "/staff/orders/{number}/mark-paid", tag = "staff",
    params(("number" = String, Path, description = "Order number")),
    responses((status = 200, body = OrderDetail), (status = 403, description = "`forbidden`", body = Problem),
        (status = 422, description = "`validation_failed`: not an unpaid bank transfer", body = Problem)))]
pub async fn staff_mark_paid(
    State(state): State<AppState>,
    RequireRole(auth, _): RequireRole<Fulfilment>,
    Path(number): Path<String>,
) -> ApiResult<Json<OrderDetail>> {
    let o = staff_order(&state, &number).await?;
    Ok(Json(
        crate::commerce::orders::lifecycle::mark_paid(&state, &o, &auth.user.email).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewShipment {
    pub carrier: String,
    pub tracking_number: String,
    /// Order line ids in this parcel; empty or absent = every line still to ship.
    #[serde(default)]
    pub line_ids: Vec<String>,
}

/// Adds a shipment with its tracking number: `partially_shipped` or `shipped`; the customer is told.
#[utoipa::path(post, path = "/staff/orders/{number}/shipments", tag = "staff", request_body = NewShipment,
    params(("number" = String, Path, description = "Order number")),
    responses((status = 200, body = OrderDetail), (status = 403, description = "`forbidden`", body = Problem),
        (status = 422, description = "`validation_failed`", body = Problem)))]
pub async fn staff_add_shipment(
    State(state): State<AppState>,
    RequireRole(auth, _): RequireRole<Fulfilment>,
    Path(number): Path<String>,
    ApiJson(req): ApiJson<NewShipment>,
) -> ApiResult<Json<OrderDetail>> {
    let o = staff_order(&state, &number).await?;
    Ok(Json(
        crate::commerce::orders::lifecycle::add_shipment(
            &state,
            &o,
            &req.carrier,
            &req.tracking_number,
            &req.line_ids,
            &auth.user.email,
        )
        .await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct StaffCancel {
    /// Told to the customer.
    pub reason: String,
}

/// Cancels an unpaid or paid-but-unshipped order; a paid one is refunded through the gateway.
#[utoipa::path(post, path = "/staff/orders/{number}/cancel", tag = "staff", request_body = StaffCancel,
    params(("number" = String, Path, description = "Order number")),
    responses((status = 200, body = OrderDetail), (status = 403, description = "`forbidden`", body = Problem),
        (status = 409, description = "`order_not_cancellable`", body = Problem)))]
pub async fn staff_cancel_order(
    State(state): State<AppState>,
    _staff: RequireRole<Fulfilment>,
    Path(number): Path<String>,
    ApiJson(req): ApiJson<StaffCancel>,
) -> ApiResult<Json<OrderDetail>> {
    let reason = req.reason.trim();
    if reason.is_empty() || reason.len() > 500 {
        return Err(ApiError::validation(vec![FieldError::new(
            "reason",
            ErrorCode::ValidationFailed,
            "Say why (up to 500 characters); the customer reads it.",
        )]));
    }
    let o = staff_order(&state, &number).await?;
    Ok(Json(
        crate::commerce::orders::lifecycle::cancel(&state, &o, Actor::Staff, reason).await?,
    ))
}
