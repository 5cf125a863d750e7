use super::buyer_view;
use crate::http::error::{ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::http::store::{StoreContext, StoreParam};
use crate::quotations::dto::{CreateQuotationRequest, QuotationDetail};
use crate::quotations::request::create;
use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Asks for a quotation (SPEC §9): the whole cart (`{"from_cart": true}`;
/// the cart's items move into the quotation and the cart is emptied) or the given lines (`{"lines": [...]}`, checked like
/// cart lines), with an optional note. The quotation starts as a `draft`;
/// submit it to send it to sales. The lines' catalogue subtotal must reach
/// the configured minimum.
#[utoipa::path(post, path = "/quotations", tag = "quotations", request_body = CreateQuotationRequest,
    params(StoreParam),
    responses(
        (status = 201, body = QuotationDetail, headers(("Location" = String, description = "The new quotation"))),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 404, description = "`not_found`: an unknown SKU", body = Problem),
        (status = 409, description = "`must_change_store`", body = Problem),
        (status = 422, description = "`validation_failed` (fields under `lines[i].`, `note`), `quotation_below_minimum` (with `minimum_cents`), `not_sold_in_store`, serial and quantity codes", body = Problem),
    ))]
pub async fn create_quotation(
    State(state): State<AppState>,
    auth: AuthUser,
    store: StoreContext,
    ApiJson(req): ApiJson<CreateQuotationRequest>,
) -> ApiResult<Response> {
    let number = create(&state, &auth, &store, &req).await?;
    let detail = buyer_view(&state, auth.id(), &number).await?;
    let location = format!("/api/v1/quotations/{number}");
    Ok((
        StatusCode::CREATED,
        [(header::LOCATION, location)],
        Json(detail),
    )
        .into_response())
}
