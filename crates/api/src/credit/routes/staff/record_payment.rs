use crate::credit::account::staff_view_of;
use crate::credit::dto::CreditAccount;
use crate::credit::payments::{parse_payment, record};
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::{RequireRole, Sales};
use crate::http::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;
use uplink_domain::checkout::{order_number, parse_order_number};
use utoipa::ToSchema;

/// A payment received against a credit-terms invoice.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CreditPaymentRequest {
    /// Cents received; at most what is still open on the invoice.
    pub amount_cents: i64,
    /// The bank line, cheque or remittance reference (1–100 characters).
    pub reference: String,
}

/// Records a payment against a credit-terms order's invoice (sales staff):
/// a Reimbursed entry; paid in full, the order's payment becomes `paid`.
/// Answers the customer's credit account.
#[utoipa::path(post, path = "/staff/orders/{number}/credit-payment", tag = "admin", request_body = CreditPaymentRequest,
    params(("number" = String, Path, description = "Order number")),
    responses(
        (status = 200, body = CreditAccount),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: not sales staff", body = Problem),
        (status = 404, description = "`not_found`", body = Problem),
        (status = 422, description = "`validation_failed`: not a credit-terms order, cancelled, more than is open (`outstanding`), or no reference", body = Problem),
    ))]
pub async fn record_credit_payment(
    State(state): State<AppState>,
    RequireRole(staff, _): RequireRole<Sales>,
    Path(number): Path<String>,
    ApiJson(req): ApiJson<CreditPaymentRequest>,
) -> ApiResult<Json<CreditAccount>> {
    let payment = parse_payment(req.amount_cents, &req.reference)?;
    // Only a well-formed number reaches the database (`UL-000123`).
    let number = parse_order_number(&number)
        .map(order_number)
        .ok_or_else(|| ApiError::not_found("This order"))?;
    let order = state
        .db
        .order_by_number(&number)
        .await?
        .ok_or_else(|| ApiError::not_found("This order"))?;
    record(&state, &order, &payment, &staff.actor()).await?;
    Ok(Json(staff_view_of(&state.db, &order.user_id).await?))
}
