use crate::commerce::orders::dto::{OrderDetail, load_parts, order_detail};
use crate::http::error::{ApiError, ApiResult, FieldError, Problem};
use crate::http::extract::{ApiJson, ApiQuery};
use crate::http::identity::{Admin, Fulfilment, RequireRole};
use crate::http::state::AppState;
use crate::platform::money::MoneyDto;
use crate::platform::timefmt::{day_start_ms, rfc3339};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use uplink_db::orders::{OrderRow, StaffOrderFilter};
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
    /// A store code (`global`, `us`, a mini-store's code).
    pub store: Option<String>,
    /// `card`, `paypal`, `bank_transfer` or `credit_terms`.
    pub payment_method: Option<String>,
    /// The buyer's e-mail (exact).
    pub customer: Option<String>,
    /// Orders with a line of this SKU.
    pub sku: Option<String>,
    /// An order number (`UL-000123`).
    pub q: Option<String>,
    /// Placed on or after this UTC day (`YYYY-MM-DD`).
    pub from: Option<String>,
    /// Placed on or before this UTC day (`YYYY-MM-DD`).
    pub to: Option<String>,
    /// The next page: orders placed before this time (the last row's `placed_at`).
    pub before: Option<String>,
    /// Rows per page (1–200, default 50).
    pub limit: Option<i64>,
}

fn trimmed(v: &Option<String>) -> Option<String> {
    v.as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

fn bad(field: &str, message: &str) -> ApiError {
    ApiError::field(field, ErrorCode::ValidationFailed, message.to_owned())
}

fn day(field: &str, v: &Option<String>) -> ApiResult<Option<i64>> {
    trimmed(v)
        .map(|d| day_start_ms(&d).ok_or_else(|| bad(field, "Give the day as YYYY-MM-DD.")))
        .transpose()
}

/// The query as a storage filter, each value checked.
fn order_filter(q: &StaffOrderQuery) -> ApiResult<StaffOrderFilter> {
    let status = trimmed(&q.status)
        .map(|s| {
            OrderStatus::parse(&s)
                .map(|s| s.as_str().to_owned())
                .ok_or_else(|| bad("status", "Not an order status."))
        })
        .transpose()?;
    let before = trimmed(&q.before)
        .map(|b| {
            time::OffsetDateTime::parse(&b, &time::format_description::well_known::Rfc3339)
                .map(|t| (t.unix_timestamp_nanos() / 1_000_000) as i64)
                .map_err(|_| bad("before", "Pass the last row's placed_at."))
        })
        .transpose()?;
    Ok(StaffOrderFilter {
        status,
        store: trimmed(&q.store),
        payment_method: trimmed(&q.payment_method),
        email: trimmed(&q.customer).map(|e| e.to_lowercase()),
        number: trimmed(&q.q).map(|n| n.to_ascii_uppercase()),
        sku: trimmed(&q.sku).map(|s| s.to_ascii_uppercase()),
        from_ms: day("from", &q.from)?,
        to_ms: day("to", &q.to)?.map(|d| d + 86_400_000),
        before_placed_at: before,
        limit: q.limit.unwrap_or(50).clamp(1, 200),
    })
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

/// Orders of every customer, newest first, filtered (fulfilment staff).
/// Page with `before` = the last row's `placed_at`; fewer rows than `limit`
/// means the last page.
#[utoipa::path(get, path = "/staff/orders", tag = "staff", params(StaffOrderQuery),
    responses((status = 200, body = [StaffOrderRow]), (status = 403, description = "`forbidden`", body = Problem)))]
pub async fn staff_list_orders(
    State(state): State<AppState>,
    _staff: RequireRole<Fulfilment>,
    ApiQuery(q): ApiQuery<StaffOrderQuery>,
) -> ApiResult<Json<Vec<StaffOrderRow>>> {
    let rows = state.db.staff_order_search(&order_filter(&q)?).await?;
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
        crate::commerce::orders::lifecycle::mark_paid(&state, &o, &auth.actor()).await?,
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
            &auth.actor(),
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
    RequireRole(auth, _): RequireRole<Fulfilment>,
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
        crate::commerce::orders::lifecycle::cancel(
            &state,
            &o,
            Actor::Staff,
            reason,
            Some(&auth.actor()),
        )
        .await?,
    ))
}

/// Refunds a completed order, in full or per line and quantity, through the
/// payment it was paid with (admin). The buyer gets a credit note.
#[utoipa::path(post, path = "/staff/orders/{number}/refunds", tag = "staff",
    request_body = crate::commerce::orders::refunds::RefundRequest,
    params(("number" = String, Path, description = "Order number")),
    responses((status = 200, body = OrderDetail), (status = 403, description = "`forbidden`", body = Problem),
        (status = 404, description = "`not_found`", body = Problem),
        (status = 402, description = "`refund_declined`: the provider refused; nothing changed", body = Problem),
        (status = 409, description = "`order_not_refundable`: not completed, or nothing left to refund", body = Problem),
        (status = 422, description = "`validation_failed`: a line or quantity, or the reason", body = Problem)))]
pub async fn staff_refund_order(
    State(state): State<AppState>,
    RequireRole(auth, _): RequireRole<Admin>,
    Path(number): Path<String>,
    ApiJson(req): ApiJson<crate::commerce::orders::refunds::RefundRequest>,
) -> ApiResult<Json<OrderDetail>> {
    let o = staff_order(&state, &number).await?;
    Ok(Json(
        crate::commerce::orders::refunds::refund(&state, &o, &req, &auth.actor()).await?,
    ))
}

/// A credit note of any order as a PDF (fulfilment staff).
#[utoipa::path(get, path = "/staff/orders/{number}/credit-notes/{note}", tag = "staff",
    params(("number" = String, Path, description = "Order number"), ("note" = String, Path, description = "Credit note number, e.g. `CN-000001.pdf`")),
    responses((status = 200, content_type = "application/pdf", description = "The PDF"),
        (status = 403, description = "`forbidden`", body = Problem), (status = 404, description = "`not_found`", body = Problem)))]
pub async fn staff_credit_note(
    State(state): State<AppState>,
    _staff: RequireRole<Fulfilment>,
    Path((number, note)): Path<(String, String)>,
) -> ApiResult<Response> {
    let o = staff_order(&state, &number).await?;
    credit_note_response(&state, o, &note).await
}

/// The PDF response of credit note `note` of `order` (404 when it has none such).
pub async fn credit_note_response(
    state: &AppState,
    order: OrderRow,
    note: &str,
) -> ApiResult<Response> {
    let (file, pdf) =
        crate::commerce::orders::invoice::render_order_credit_note(state, order, note)
            .await?
            .ok_or_else(|| ApiError::not_found("This credit note"))?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"{file}\""),
            ),
            (header::CACHE_CONTROL, "private, no-store".to_owned()),
        ],
        pdf,
    )
        .into_response())
}

/// Marks a shipped order delivered: it becomes `completed` (fulfilment staff).
#[utoipa::path(post, path = "/staff/orders/{number}/complete", tag = "staff",
    params(("number" = String, Path, description = "Order number")),
    responses((status = 200, body = OrderDetail), (status = 403, description = "`forbidden`", body = Problem),
        (status = 404, description = "`not_found`", body = Problem),
        (status = 409, description = "`invalid_transition`: only a shipped order can be completed", body = Problem)))]
pub async fn staff_complete_order(
    State(state): State<AppState>,
    RequireRole(auth, _): RequireRole<Fulfilment>,
    Path(number): Path<String>,
) -> ApiResult<Json<OrderDetail>> {
    let o = staff_order(&state, &number).await?;
    Ok(Json(
        crate::commerce::orders::lifecycle::complete(&state, &o, &auth.actor()).await?,
    ))
}

/// What was sent again.
#[derive(Debug, Serialize, ToSchema)]
pub struct ResentEmails {
    /// Subjects of the messages sent again, newest first.
    pub subjects: Vec<String>,
}

/// Sends the buyer the latest e-mail about this order again (fulfilment staff).
#[utoipa::path(post, path = "/staff/orders/{number}/resend-email", tag = "staff",
    params(("number" = String, Path, description = "Order number")),
    responses((status = 200, body = ResentEmails), (status = 403, description = "`forbidden`", body = Problem),
        (status = 404, description = "`not_found`: no such order, or nothing was sent about it", body = Problem)))]
pub async fn staff_resend_order_email(
    State(state): State<AppState>,
    RequireRole(auth, _): RequireRole<Fulfilment>,
    Path(number): Path<String>,
) -> ApiResult<Json<ResentEmails>> {
    let o = staff_order(&state, &number).await?;
    let latest = state.db.outbox_about(&o.user_id, &o.number, 1).await?;
    let Some(original) = latest.first() else {
        return Err(ApiError::not_found("An e-mail about this order"));
    };
    state
        .mailer
        .resend(&state.db, &auth.actor(), original)
        .await?;
    Ok(Json(ResentEmails {
        subjects: vec![original.subject.clone()],
    }))
}
