use crate::credit::account::{invoice, invoice_customer};
use crate::credit::dto::OverdueInvoice;
use crate::http::error::{ApiResult, Problem};
use crate::http::identity::{RequireRole, Sales};
use crate::http::state::AppState;
use axum::Json;
use axum::extract::State;

/// Overdue invoices a list shows at most.
const LIST_LIMIT: i64 = 500;

/// Credit-terms invoices past their due date with something left to pay,
/// the longest overdue first (sales staff).
#[utoipa::path(get, path = "/staff/credit/overdue", tag = "admin",
    responses(
        (status = 200, body = [OverdueInvoice]),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: not sales staff", body = Problem),
    ))]
pub async fn list_overdue(
    State(state): State<AppState>,
    _staff: RequireRole<Sales>,
) -> ApiResult<Json<Vec<OverdueInvoice>>> {
    let now = uplink_db::now_ms();
    let rows = state.db.overdue_credit_invoices(now, LIST_LIMIT).await?;
    Ok(Json(
        rows.iter()
            .map(|r| OverdueInvoice {
                customer: invoice_customer(r),
                invoice: invoice(r, now),
            })
            .collect(),
    ))
}
