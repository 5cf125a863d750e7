use super::own_order;
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::orders::dto::{invoice_kind, load_parts, order_detail};
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};

/// The order's invoice as a PDF; a proforma invoice while a bank transfer is unpaid.
#[utoipa::path(get, path = "/orders/{number}/invoice.pdf", tag = "orders",
    params(("number" = String, Path, description = "Order number")),
    responses(
        (status = 200, content_type = "application/pdf", description = "The PDF"),
        (status = 404, description = "`not_found` (also: a cancelled unpaid order has no invoice)", body = Problem),
    ))]
pub async fn order_invoice(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(number): Path<String>,
) -> ApiResult<Response> {
    let number = number.trim_end_matches(".pdf").to_owned();
    let order = own_order(&state, &auth, &number).await?;
    let kind =
        invoice_kind(&order).ok_or_else(|| ApiError::not_found("An invoice for this order"))?;
    let mut conn = state.db.pool().acquire().await?;
    let parts = load_parts(&mut conn, order).await?;
    let detail = order_detail(&parts, &state.config.checkout.bank_details);
    let proforma = kind == "proforma";
    let pdf =
        crate::orders::invoice::render(&detail, proforma, &state.config.checkout.bank_details);
    let file = if proforma {
        format!("proforma-{}.pdf", detail.number)
    } else {
        format!("invoice-{}.pdf", detail.number)
    };
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
