use crate::commerce::orders::dto::OrderDetail;
use crate::commerce::placing::idempotency;
use crate::commerce::placing::request::PlaceOrderRequest;
use crate::commerce::placing::{IdemKey, OrderIntent, OrderSource, OrderTerms, Recipient, place};
use crate::commerce::quotes;
use crate::http::error::{ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::quotations::workflow::Author;
use crate::quotations::{emails, load_own};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use uplink_domain::quotations::QuotationStatus;

/// Pays an accepted quotation at its quoted prices (SPEC §9): the body is
/// checkout's (`POST /orders`), with any payment method the customer may
/// use, an `Idempotency-Key` and the same 3-D Secure / PayPal steps. The
/// answer is the order, which names the quotation; the quotation becomes
/// `ordered`. Paying it again is 409 `quotation_not_payable`.
#[utoipa::path(post, path = "/quotations/{number}/pay", tag = "quotations", request_body = PlaceOrderRequest,
    params(("number" = String, Path, description = "Quotation number"),
        ("Idempotency-Key" = String, Header, description = "Unique per attempt, e.g. a UUID; kept 24 hours")),
    responses(
        (status = 201, body = OrderDetail, headers(("Location" = String, description = "The new order"))),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 402, description = "`payment_declined`, `payment_requires_action` (with `redirect_url`, `payment_intent`)", body = Problem),
        (status = 404, description = "`not_found` (also another customer's quotation)", body = Problem),
        (status = 409, description = "`quotation_not_payable` (with `quotation_status`), `quotation_expired`, `insufficient_stock`, `price_changed`, `must_change_store`", body = Problem),
        (status = 422, description = "`validation_failed`, `payment_method_unavailable`, `credit_limit_exceeded`, `idempotency_key_reused`", body = Problem),
    ))]
pub async fn pay_quotation(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(number): Path<String>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<PlaceOrderRequest>,
) -> ApiResult<Response> {
    let key = idempotency::key_from(&headers)?;
    let q = load_own(&state, auth.id(), &number).await?;
    let scope = format!("{}:POST /quotations/{}/pay", auth.id(), q.row.number);
    let hash = idempotency::fingerprint(&q.row.number, &req);
    if let Some(replay) = idempotency::claim(&state, &scope, &key, &hash).await? {
        return Ok(replay);
    }
    let idem = IdemKey { scope, key };
    let placed = match quotes::check_payable(&q.row, uplink_db::now_ms())
        .and_then(|()| quotes::store_of(&state, &q.row))
    {
        Ok(store) => {
            let quotation = std::sync::Arc::new(quotes::for_order(&q.row, &q.lines));
            let intent = OrderIntent {
                buyer: auth.user.clone(),
                store,
                source: OrderSource::Quotation(quotation),
                terms: OrderTerms::Requested(Box::new(req)),
                idempotency: Some(idem.clone()),
                recipient: Recipient::Buyer,
            };
            place(&state, intent).await
        }
        Err(e) => Err(e),
    };
    match placed {
        Ok(order) => {
            let author = Author::buyer(&auth.user);
            emails::status_changed(&state, &q, QuotationStatus::Ordered, &author, "", None).await;
            let location = format!("/api/v1/orders/{}", order.number);
            Ok((
                StatusCode::CREATED,
                [(header::LOCATION, location)],
                Json(order),
            )
                .into_response())
        }
        Err(e) => {
            idempotency::settle_error(&state, &idem.scope, &idem.key, &e).await;
            Err(e)
        }
    }
}
