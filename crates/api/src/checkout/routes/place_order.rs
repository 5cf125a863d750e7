use crate::commerce::cart::slot::CartSlot;
use crate::commerce::orders::dto::OrderDetail;
use crate::commerce::placing::idempotency;
use crate::commerce::placing::request::PlaceOrderRequest;
use crate::commerce::placing::{IdemKey, OrderIntent, OrderSource, OrderTerms, Recipient, place};
use crate::http::error::{ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::http::store::{StoreContext, StoreParam};
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Places an order from the signed-in customer's cart (SPEC §6). Needs an
/// `Idempotency-Key` header: the same key with the same body answers the first
/// result again (`Idempotent-Replayed: true`), with another body 422
/// `idempotency_key_reused`. A card payment that needs 3-D Secure, and every
/// PayPal payment, first answers 402 `payment_requires_action` with
/// `redirect_url` and `payment_intent`; after the gateway page, send the
/// request again (new key) with `payment.payment_intent`.
#[utoipa::path(post, path = "/orders", tag = "orders", request_body = PlaceOrderRequest,
    params(StoreParam,
        ("Idempotency-Key" = String, Header, description = "Unique per attempt, e.g. a UUID; kept 24 hours")),
    responses(
        (status = 201, body = OrderDetail, headers(("Location" = String, description = "The new order"))),
        (status = 402, description = "`payment_declined` (with `decline_code`), `payment_requires_action` (with `redirect_url`, `payment_intent`)", body = Problem),
        (status = 409, description = "`insufficient_stock` (with `available`), `price_changed` (with `total_cents`), `must_change_store`", body = Problem),
        (status = 422, description = "`validation_failed` (fields under `shipping.`, `billing.`, `payment.`, `lines[i]`), `payment_method_unavailable`, `credit_limit_exceeded`, `idempotency_key_reused`, coupon codes", body = Problem),
    ))]
pub async fn place_order(
    State(state): State<AppState>,
    auth: AuthUser,
    store: StoreContext,
    slot: CartSlot,
    headers: HeaderMap,
    ApiJson(req): ApiJson<PlaceOrderRequest>,
) -> ApiResult<Response> {
    let key = idempotency::key_from(&headers)?;
    let scope = match slot {
        CartSlot::Main => format!("{}:POST /orders", auth.id()),
        other => format!("{}:POST /orders?cart={}", auth.id(), other.as_str()),
    };
    let hash = idempotency::fingerprint(store.code(), &req);
    if let Some(replay) = idempotency::claim(&state, &scope, &key, &hash).await? {
        return Ok(replay);
    }
    let idem = IdemKey { scope, key };
    let intent = OrderIntent {
        buyer: auth.user,
        store,
        source: OrderSource::Cart(slot),
        terms: OrderTerms::Requested(Box::new(req)),
        idempotency: Some(idem.clone()),
        recipient: Recipient::Buyer,
    };
    match place(&state, intent).await {
        Ok(order) => {
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
