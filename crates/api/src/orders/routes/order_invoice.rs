use super::own_order;
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
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
    let (file, pdf) = crate::commerce::orders::invoice::render_order(&state, order)
        .await?
        .ok_or_else(|| ApiError::not_found("An invoice for this order"))?;
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

/// A credit note of the caller's order (a refund) as a PDF.
#[utoipa::path(get, path = "/orders/{number}/credit-notes/{note}", tag = "orders",
    params(("number" = String, Path, description = "Order number"), ("note" = String, Path, description = "Credit note number, e.g. `CN-000001.pdf`")),
    responses(
        (status = 200, content_type = "application/pdf", description = "The PDF"),
        (status = 404, description = "`not_found`", body = Problem),
    ))]
pub async fn order_credit_note(
    State(state): State<AppState>,
    auth: AuthUser,
    Path((number, note)): Path<(String, String)>,
) -> ApiResult<Response> {
    let order = own_order(&state, &auth, &number).await?;
    crate::orders::routes::staff::staff_orders::credit_note_response(&state, order, &note).await
}
