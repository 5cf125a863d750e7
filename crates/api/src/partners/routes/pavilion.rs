use crate::commerce::cart::slot::CartSlot;
use crate::commerce::orders::dto::OrderDetail;
use crate::commerce::placing::idempotency;
use crate::commerce::placing::{
    EndCustomer, IdemKey, OrderIntent, OrderSource, OrderTerms, Recipient, place,
};
use crate::http::error::{ApiError, ApiResult, FieldError, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::{Partner, RequireRole};
use crate::http::state::AppState;
use crate::http::store::{StoreContext, StoreParam};
use crate::partners::account::partner_of;
use crate::partners::dto::{EndCustomerDto, PavilionOrderRequest};
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use uplink_domain::accounts::email::Email;
use uplink_domain::error_code::ErrorCode;

/// The partner pavilion (SPEC §10, `/partner-pavillion/checkout`): a partner
/// checks out their cart — at partner prices, in an eStore — on behalf of an
/// end customer. The order is the partner's (they pay and see it); its
/// licences, warranties and plans land on the end customer's devices: on
/// the account with that e-mail, or on one made for them, which the
/// invitation in their delivery e-mail lets them claim. The body is
/// checkout's (`POST /orders`) under `order`, with the same
/// `Idempotency-Key`, payment steps and answers.
#[utoipa::path(post, path = "/partner/pavilion/orders", tag = "partners",
    request_body = PavilionOrderRequest,
    params(StoreParam,
        ("Idempotency-Key" = String, Header, description = "Unique per attempt, e.g. a UUID; kept 24 hours")),
    responses(
        (status = 201, body = OrderDetail, headers(("Location" = String, description = "The new order"))),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 402, description = "`payment_declined`, `payment_requires_action` (with `redirect_url`, `payment_intent`)", body = Problem),
        (status = 403, description = "`forbidden`: partners only; `csrf_failed`", body = Problem),
        (status = 409, description = "`insufficient_stock`, `price_changed`, `must_change_store`", body = Problem),
        (status = 422, description = "`validation_failed` (fields under `end_customer.`, `order.shipping.` …), `payment_method_unavailable`, `credit_limit_exceeded`, `idempotency_key_reused`", body = Problem),
    ))]
pub async fn place_pavilion_order(
    State(state): State<AppState>,
    RequireRole(auth, _): RequireRole<Partner>,
    store: StoreContext,
    headers: HeaderMap,
    ApiJson(req): ApiJson<PavilionOrderRequest>,
) -> ApiResult<Response> {
    partner_of(&state, &auth.user).await?;
    let end_customer = end_customer_of(&req.end_customer, &auth.user.email)?;
    if !store.snapshot.stores[store.store].is_estore() {
        return Err(ApiError::field(
            "store",
            ErrorCode::ValidationFailed,
            "The pavilion sells from the main store at partner prices; leave the mini-store first.",
        ));
    }
    let key = idempotency::key_from(&headers)?;
    let scope = format!("{}:POST /partner/pavilion/orders", auth.id());
    let hash = idempotency::fingerprint(store.code(), &req);
    if let Some(replay) = idempotency::claim(&state, &scope, &key, &hash).await? {
        return Ok(replay);
    }
    let idem = IdemKey { scope, key };
    let intent = OrderIntent {
        buyer: auth.user,
        store,
        source: OrderSource::Cart(CartSlot::Main),
        terms: OrderTerms::Requested(Box::new(req.order)),
        recipient: Recipient::EndCustomer(end_customer),
        idempotency: Some(idem.clone()),
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

/// The end customer, checked: a name, an e-mail (not the partner's own: that
/// is an ordinary checkout), an optional company.
fn end_customer_of(c: &EndCustomerDto, own_email: &str) -> ApiResult<EndCustomer> {
    let mut errors = Vec::new();
    let name = c.name.trim();
    if name.is_empty() || name.chars().count() > 100 || name.chars().any(char::is_control) {
        errors.push(FieldError::new(
            "end_customer.name",
            ErrorCode::ValidationFailed,
            "Enter the end customer's name (at most 100 characters).",
        ));
    }
    let company = c
        .company
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    if company.is_some_and(|s| s.chars().count() > 100 || s.chars().any(char::is_control)) {
        errors.push(FieldError::new(
            "end_customer.company",
            ErrorCode::ValidationFailed,
            "Keep the company name to at most 100 characters.",
        ));
    }
    let email = match Email::parse(&c.email) {
        Ok(e) if e.as_str() == own_email => {
            errors.push(FieldError::new(
                "end_customer.email",
                ErrorCode::ValidationFailed,
                "This is your own e-mail; for your own devices use the ordinary checkout.",
            ));
            None
        }
        Ok(e) => Some(e),
        Err(e) => {
            errors.push(FieldError::new(
                "end_customer.email",
                ErrorCode::ValidationFailed,
                e.to_string(),
            ));
            None
        }
    };
    match email {
        Some(email) if errors.is_empty() => Ok(EndCustomer {
            name: name.to_owned(),
            company: company.map(str::to_owned),
            email: email.as_str().to_owned(),
        }),
        _ => Err(ApiError::validation(errors)),
    }
}
