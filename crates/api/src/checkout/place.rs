//! Placing an order (SPEC §6): validate the sections, authorise the payment
//! (which may first need a 3-D Secure step or a PayPal approval), then ONE
//! write transaction re-prices the cart, re-checks coupon, credit and
//! eligibility, takes stock with conditional updates, numbers and stores the
//! order with its payment, empties the cart and stores the idempotent answer.
//! The payment is captured after the commit (voided when the transaction
//! fails). A declined payment leaves only the failed attempt behind.

use super::options::payment_refusal;
use super::quote::order_line_options;
use crate::cart::pricing::{CartRows, LoadCart, PricedCart, TaxDestination, load_priced_cart};
use crate::cart::scope::check_store_region;
use crate::http::error::{ApiError, ApiResult, FieldError};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::http::store::StoreContext;
use crate::orders::dto::{LineOption, OrderAddress, OrderParts, ShippingDetails, order_detail};
use serde::{Deserialize, Serialize};
use uplink_db::account_area::AddressRow;
use uplink_db::now_ms;
use uplink_db::orders::{self as q, OrderLineRow, OrderRow, PaymentRow};
use uplink_domain::accounts::address::{Address, AddressInput};
use uplink_domain::cart::{MAX_ORDER_QTY, MAX_ORDER_TOTAL};
use uplink_domain::catalog::Region;
use uplink_domain::checkout::PaymentMethod;
use uplink_domain::checkout::shipping::{self, CARRIERS, PICKUP_LOCATIONS, ShippingMethod};
use uplink_domain::error_code::ErrorCode;
use uplink_domain::ids::new_id;
use uplink_domain::money::Money;
use uplink_payments::{
    AuthOutcome, AuthorizeRequest, GatewayError, Intent, IntentStatus, Provider,
};
use utoipa::ToSchema;

/// A new address typed at checkout.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
pub struct AddressFields {
    pub name: String,
    pub company: Option<String>,
    pub line1: String,
    pub line2: Option<String>,
    pub city: String,
    /// Required for US addresses.
    pub state: Option<String>,
    pub postal_code: String,
    pub country: String,
    pub phone: String,
}

/// ShippingInformation: how and where the goods travel.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
pub struct ShippingInput {
    /// `customer_provided`, `priority` or `pickup` (US store only).
    pub method: String,
    /// An address from the address book…
    pub address_id: Option<String>,
    /// …or a new one.
    pub address: Option<AddressFields>,
    /// Keep the new address in the address book.
    #[serde(default)]
    pub save_address: bool,
    /// Customer Provided: DHL, FedEx, UPS or Other.
    pub carrier: Option<String>,
    /// Customer Provided: the buyer's account number with that carrier.
    pub account_number: Option<String>,
    /// Self pick-up: location code from `GET /checkout/options`.
    pub pickup_location: Option<String>,
}

/// The billing address (always required, also for digital-only carts).
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema, Default)]
pub struct BillingInput {
    /// Use the shipping address.
    #[serde(default)]
    pub same_as_shipping: bool,
    pub address_id: Option<String>,
    pub address: Option<AddressFields>,
    #[serde(default)]
    pub save_address: bool,
}

#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
pub struct PaymentInput {
    /// `card`, `paypal`, `bank_transfer` or `credit_terms`.
    pub method: String,
    /// Credit Card: the token from the gateway's tokenisation endpoint.
    pub token: Option<String>,
    /// Card after a 3-D Secure step, or PayPal after approval: the payment intent the gateway returned.
    pub payment_intent: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
pub struct PlaceOrderRequest {
    /// Required unless every line is digital.
    pub shipping: Option<ShippingInput>,
    #[serde(default)]
    pub billing: BillingInput,
    pub payment: PaymentInput,
    /// The total the buyer saw; a different current total is `price_changed`.
    pub expected_total_cents: Option<i64>,
    /// Page the gateway returns to after a 3-D Secure step or PayPal approval (a path on this site).
    pub return_path: Option<String>,
    /// Page PayPal returns to when the buyer cancels (a path on this site).
    pub cancel_path: Option<String>,
}

/// What the request says, checked and resolved.
#[derive(Clone)]
struct Resolved {
    shipping_method: ShippingMethod,
    shipping_address: Option<Address>,
    billing_address: Address,
    details: ShippingDetails,
    tax_state: Option<String>,
    method: PaymentMethod,
}

fn address_of(a: &AddressFields) -> AddressInput {
    AddressInput {
        name: a.name.clone(),
        company: a.company.clone(),
        line1: a.line1.clone(),
        line2: a.line2.clone(),
        city: a.city.clone(),
        state: a.state.clone(),
        postal_code: a.postal_code.clone(),
        country: a.country.clone(),
        phone: a.phone.clone(),
    }
}

fn from_row(r: &AddressRow) -> Address {
    Address {
        name: r.name.clone(),
        company: r.company.clone(),
        line1: r.line1.clone(),
        line2: r.line2.clone(),
        city: r.city.clone(),
        state: r.state.clone(),
        postal_code: r.postal_code.clone(),
        country: r.country.clone(),
        phone: r.phone.clone(),
    }
}

pub fn snapshot_address(a: &Address) -> OrderAddress {
    OrderAddress {
        name: a.name.clone(),
        company: a.company.clone(),
        line1: a.line1.clone(),
        line2: a.line2.clone(),
        city: a.city.clone(),
        state: a.state.clone(),
        postal_code: a.postal_code.clone(),
        country: a.country.clone(),
        phone: a.phone.clone(),
    }
}

async fn pick_address(
    state: &AppState,
    user_id: &str,
    prefix: &str,
    id: Option<&str>,
    fields: Option<&AddressFields>,
    errors: &mut Vec<FieldError>,
) -> ApiResult<Option<Address>> {
    if let Some(id) = id {
        return match state.db.address_of(user_id, id).await? {
            Some(row) => Ok(Some(from_row(&row))),
            None => {
                errors.push(FieldError::new(
                    format!("{prefix}.address_id"),
                    ErrorCode::ValidationFailed,
                    "This address is not in your address book.",
                ));
                Ok(None)
            }
        };
    }
    match fields {
        Some(f) => match address_of(f).validate() {
            Ok(a) => Ok(Some(a)),
            Err(list) => {
                errors.extend(list.into_iter().map(|e| {
                    FieldError::new(
                        format!("{prefix}.address.{}", e.field),
                        ErrorCode::ValidationFailed,
                        e.message,
                    )
                }));
                Ok(None)
            }
        },
        None => {
            errors.push(FieldError::new(
                format!("{prefix}.address"),
                ErrorCode::ValidationFailed,
                "Choose an address from your address book or enter a new one.",
            ));
            Ok(None)
        }
    }
}

fn pickup_state(code: &str) -> Option<String> {
    match code {
        "sfo" => Some("CA".into()),
        "aus" => Some("TX".into()),
        _ => None,
    }
}

/// Checks the ShippingInformation section and the payment method name.
async fn resolve(
    state: &AppState,
    auth: &AuthUser,
    store: &crate::read_model::snapshot::Store,
    req: &PlaceOrderRequest,
    digital_only: bool,
) -> ApiResult<Resolved> {
    let uid = auth.id();
    let mut errors = Vec::new();
    let mut shipping_method = ShippingMethod::None;
    let mut shipping_address = None;
    let mut details = ShippingDetails::default();
    if !digital_only {
        match &req.shipping {
            None => errors.push(FieldError::new(
                "shipping",
                ErrorCode::ValidationFailed,
                "Choose how your order is shipped.",
            )),
            Some(s) => {
                match ShippingMethod::parse(&s.method).filter(|m| *m != ShippingMethod::None) {
                    None => errors.push(FieldError::new(
                        "shipping.method",
                        ErrorCode::ValidationFailed,
                        "Choose Customer Provided, Priority Shipping or self pick-up.",
                    )),
                    Some(ShippingMethod::Pickup) => {
                        shipping_method = ShippingMethod::Pickup;
                        if store.region != Region::Us
                            || !store.shipping_methods.iter().any(|m| m == "pickup")
                        {
                            errors.push(FieldError::new(
                                "shipping.method",
                                ErrorCode::ValidationFailed,
                                "Self pick-up is only offered by the US store.",
                            ));
                        } else {
                            match s
                                .pickup_location
                                .as_deref()
                                .and_then(|c| PICKUP_LOCATIONS.iter().find(|(code, _)| *code == c))
                            {
                                Some((code, label)) => {
                                    details.pickup_location = Some((*code).into());
                                    details.pickup_label = Some((*label).into());
                                }
                                None => errors.push(FieldError::new(
                                    "shipping.pickup_location",
                                    ErrorCode::ValidationFailed,
                                    "Choose a pick-up location.",
                                )),
                            }
                        }
                    }
                    Some(m) => {
                        shipping_method = m;
                        shipping_address = pick_address(
                            state,
                            uid,
                            "shipping",
                            s.address_id.as_deref(),
                            s.address.as_ref(),
                            &mut errors,
                        )
                        .await?;
                        if m == ShippingMethod::CustomerProvided {
                            match s.carrier.as_deref().and_then(|c| {
                                CARRIERS.iter().find(|k| k.eq_ignore_ascii_case(c.trim()))
                            }) {
                                Some(c) => details.carrier = Some((*c).into()),
                                None => errors.push(FieldError::new(
                                    "shipping.carrier",
                                    ErrorCode::ValidationFailed,
                                    "Choose your carrier: DHL, FedEx, UPS or Other.",
                                )),
                            }
                            let acct = s.account_number.as_deref().map(str::trim).unwrap_or("");
                            if acct.len() < 3
                                || acct.len() > 40
                                || !acct
                                    .chars()
                                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ' ')
                            {
                                errors.push(FieldError::new(
                                "shipping.account_number",
                                ErrorCode::ValidationFailed,
                                "Enter your account number with the carrier (3–40 letters, digits, spaces or hyphens).",
                            ));
                            } else {
                                details.account_number = Some(acct.to_owned());
                            }
                        }
                    }
                }
            }
        }
    }
    let b = &req.billing;
    let billing_address = if b.same_as_shipping && shipping_address.is_some() {
        shipping_address.clone()
    } else if b.same_as_shipping && b.address_id.is_none() && b.address.is_none() {
        errors.push(FieldError::new(
            "billing.address",
            ErrorCode::ValidationFailed,
            "There is no shipping address to copy; enter a billing address.",
        ));
        None
    } else {
        pick_address(
            state,
            uid,
            "billing",
            b.address_id.as_deref(),
            b.address.as_ref(),
            &mut errors,
        )
        .await?
    };
    let method = PaymentMethod::parse(&req.payment.method);
    if method.is_none() {
        errors.push(FieldError::new(
            "payment.method",
            ErrorCode::ValidationFailed,
            "Choose Credit Card, Paypal Payment, Bank Transfer or Credit Terms Payment.",
        ));
    }
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    let billing_address = billing_address.expect("no errors means an address");
    let tax_state = match shipping_method {
        ShippingMethod::Pickup => details.pickup_location.as_deref().and_then(pickup_state),
        _ => shipping_address
            .as_ref()
            .or(Some(&billing_address))
            .filter(|a| a.country == "US")
            .and_then(|a| a.state.clone()),
    };
    Ok(Resolved {
        shipping_method,
        shipping_address,
        billing_address,
        details,
        tax_state,
        method: method.expect("checked"),
    })
}

/// The first problem of a priced cart as an error (line problems keep their codes).
fn cart_problem(cart: &PricedCart) -> Option<ApiError> {
    if cart.lines.is_empty() {
        return Some(ApiError::field(
            "lines",
            ErrorCode::ValidationFailed,
            "Your cart is empty.",
        ));
    }
    for (i, l) in cart.lines.iter().enumerate() {
        if let Some(p) = &l.problem {
            let field = if p.code == ErrorCode::InsufficientStock {
                format!("lines[{i}].qty")
            } else {
                format!("lines[{i}]")
            };
            let mut e = ApiError::field(&field, p.code, p.message.clone());
            if let Some(a) = p.available {
                e = e.with_extra("available", a);
            }
            return Some(e.with_extra("line_id", l.line.row.id.clone()));
        }
    }
    if let Some(c) = &cart.coupon
        && let Some((code, message)) = &c.refusal
    {
        return Some(ApiError::field(
            "coupon",
            *code,
            format!("{message} Remove it in the cart to continue."),
        ));
    }
    order_bounds_problem(cart)
}

/// `invalid_quantity` when the cart is beyond the store-wide bounds of one
/// order (SPEC §2, D80): too many units, or a total too large to take.
fn order_bounds_problem(cart: &PricedCart) -> Option<ApiError> {
    let units = cart.item_count();
    if units > MAX_ORDER_QTY {
        return Some(ApiError::field(
            "lines",
            ErrorCode::InvalidQuantity,
            format!(
                "One order can hold at most {MAX_ORDER_QTY} units; this cart has {units}. Lower the quantities or request a quotation."
            ),
        ));
    }
    if cart.totals.total > MAX_ORDER_TOTAL {
        return Some(ApiError::field(
            "lines",
            ErrorCode::InvalidQuantity,
            format!(
                "One order can total at most {}; lower the quantities or request a quotation.",
                crate::platform::money::money_text(MAX_ORDER_TOTAL.cents(), &cart.currency)
            ),
        ));
    }
    None
}

fn shipping_fee(
    store: &crate::read_model::snapshot::Store,
    r: &Resolved,
    cart: &PricedCart,
) -> (i64, ShippingDetails) {
    let mut details = r.details.clone();
    if r.shipping_method != ShippingMethod::Priority {
        return (0, details);
    }
    let country = r
        .shipping_address
        .as_ref()
        .map_or("US", |a| a.country.as_str());
    let quote = shipping::priority_quote(store.region, country, cart.weight_grams());
    details.min_days = Some(quote.min_days);
    details.max_days = Some(quote.max_days);
    details.zone = serde_json::to_value(quote.zone)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned));
    (quote.fee_cents, details)
}

fn safe_path(p: Option<&str>, default: &str) -> String {
    p.filter(|p| p.starts_with('/') && !p.starts_with("//") && !p.contains('\\') && p.len() < 300)
        .unwrap_or(default)
        .to_owned()
}

fn requires_action(intent: &Intent, redirect_url: String) -> ApiError {
    ApiError::new(ErrorCode::PaymentRequiresAction)
        .with_detail(match intent.provider {
            Provider::Card => "Your bank asks you to confirm this payment (3-D Secure). Continue to the confirmation page.",
            Provider::Paypal => "Approve the payment with PayPal to place your order.",
        })
        .with_extra("payment_intent", intent.id.clone())
        .with_extra("redirect_url", redirect_url)
}

fn gateway_error(e: GatewayError) -> ApiError {
    match e {
        GatewayError::InvalidToken => ApiError::field(
            "payment.token",
            ErrorCode::ValidationFailed,
            "Your card details have expired or were already used; enter the card again.",
        ),
        GatewayError::UnknownIntent | GatewayError::WrongState(_) => ApiError::field(
            "payment.payment_intent",
            ErrorCode::ValidationFailed,
            "This payment cannot be used for an order; start the payment again.",
        ),
        other => ApiError::internal(other),
    }
}

fn declined(code: &str, message: &str) -> ApiError {
    ApiError::new(ErrorCode::PaymentDeclined)
        .with_detail(format!(
            "{message} Your cart is unchanged; try another card or payment method."
        ))
        .with_extra("decline_code", code.to_owned())
}

#[allow(clippy::too_many_arguments)]
async fn record_failure(
    state: &AppState,
    uid: &str,
    method: PaymentMethod,
    intent: Option<&Intent>,
    amount: i64,
    currency: &str,
    code: &str,
    message: &str,
) {
    let now = now_ms();
    let card = intent.and_then(|i| i.card.clone());
    let row = PaymentRow {
        id: new_id("pay"),
        order_id: None,
        user_id: uid.to_owned(),
        method: method.as_str().into(),
        status: "failed".into(),
        amount_cents: amount,
        currency: currency.to_owned(),
        gateway: Some(state.gateway.name().into()),
        gateway_ref: intent.map(|i| i.id.clone()),
        card_brand: card.as_ref().map(|c| c.brand.clone()),
        card_last4: card.as_ref().map(|c| c.last4.clone()),
        card_exp_month: card.as_ref().map(|c| c.exp_month),
        card_exp_year: card.as_ref().map(|c| c.exp_year),
        failure_code: Some(code.to_owned()),
        failure_message: Some(message.to_owned()),
        created_at: now,
        updated_at: now,
    };
    if let Err(e) = state.db.record_failed_payment(&row).await {
        tracing::error!(error = %e, "could not record a failed payment attempt");
    }
}

/// Gets an authorised intent for `total` (card or PayPal), or the answer to send instead.
async fn authorise(
    state: &AppState,
    uid: &str,
    req: &PlaceOrderRequest,
    method: PaymentMethod,
    total: i64,
    currency: &str,
) -> ApiResult<Intent> {
    let gw = &state.gateway;
    let provider = if method == PaymentMethod::Paypal {
        Provider::Paypal
    } else {
        Provider::Card
    };
    let auth_req = AuthorizeRequest {
        amount_cents: total,
        currency: currency.to_owned(),
        customer_ref: uid.to_owned(),
        description: "Uplink order".into(),
        return_url: safe_path(req.return_path.as_deref(), "/checkout/confirm-order"),
        cancel_url: safe_path(req.cancel_path.as_deref(), "/checkout/payment"),
    };
    if let Some(id) = req.payment.payment_intent.as_deref() {
        let intent = gw
            .intent(id)
            .await
            .map_err(gateway_error)?
            .filter(|i| i.customer_ref == uid && i.provider == provider)
            .ok_or_else(|| gateway_error(GatewayError::UnknownIntent))?;
        return match intent.status {
            IntentStatus::Authorized
                if intent.amount_cents == total && intent.currency == currency =>
            {
                Ok(intent)
            }
            IntentStatus::Authorized => {
                let _ = gw.void(&intent.id).await;
                Err(ApiError::new(ErrorCode::PriceChanged)
                    .with_detail("The order total changed after the payment was approved; review your cart and pay again.")
                    .with_extra("total_cents", total))
            }
            IntentStatus::RequiresAction => {
                let kind = if provider == Provider::Paypal {
                    "paypal"
                } else {
                    "3ds"
                };
                let url = format!(
                    "{}/{kind}/{}",
                    uplink_payments::test_gateway::BASE_PATH,
                    intent.id
                );
                Err(requires_action(&intent, url))
            }
            IntentStatus::Failed => {
                let msg = "The card could not be confirmed (3-D Secure failed).";
                record_failure(
                    state,
                    uid,
                    method,
                    Some(&intent),
                    total,
                    currency,
                    "authentication_failed",
                    msg,
                )
                .await;
                Err(declined("authentication_failed", msg))
            }
            IntentStatus::Cancelled => Err(declined(
                "cancelled_by_customer",
                "The PayPal payment was cancelled.",
            )),
            _ => Err(gateway_error(GatewayError::WrongState(
                intent.status.as_str(),
            ))),
        };
    }
    let outcome = match method {
        PaymentMethod::Paypal => gw.start_paypal(auth_req).await.map_err(gateway_error)?,
        _ => {
            let Some(token) = req.payment.token.as_deref().filter(|t| !t.is_empty()) else {
                return Err(ApiError::field(
                    "payment.token",
                    ErrorCode::ValidationFailed,
                    "Enter your card details.",
                ));
            };
            gw.authorize_card(token, auth_req)
                .await
                .map_err(gateway_error)?
        }
    };
    match outcome {
        AuthOutcome::Authorized(i) => Ok(i),
        AuthOutcome::RequiresAction {
            intent,
            redirect_url,
        } => Err(requires_action(&intent, redirect_url)),
        AuthOutcome::Declined {
            intent,
            code,
            message,
        } => {
            record_failure(
                state,
                uid,
                method,
                intent.as_ref(),
                total,
                currency,
                &code,
                &message,
            )
            .await;
            Err(declined(&code, &message))
        }
    }
}

/// Idempotency scope and key of this request.
pub struct IdemKey<'a> {
    pub scope: &'a str,
    pub key: &'a str,
}

/// Why the transaction must start over (the catalogue changed under it).
enum TxError {
    Api(ApiError),
    CatalogChanged,
}

impl From<ApiError> for TxError {
    fn from(e: ApiError) -> Self {
        TxError::Api(e)
    }
}
impl From<uplink_db::DbError> for TxError {
    fn from(e: uplink_db::DbError) -> Self {
        TxError::Api(e.into())
    }
}
impl From<sqlx::Error> for TxError {
    fn from(e: sqlx::Error) -> Self {
        TxError::Api(e.into())
    }
}

/// Places the order. On success the 201 answer is already stored under the idempotency key.
pub async fn place(
    state: &AppState,
    auth: &AuthUser,
    store_ctx: &StoreContext,
    req: &PlaceOrderRequest,
    idem: &IdemKey<'_>,
) -> ApiResult<String> {
    check_store_region(store_ctx, Some(auth))?;
    let uid = auth.id().to_owned();
    let owner = uplink_db::cart::customer_owner(&uid);
    let mut snap = store_ctx.snapshot.clone();
    let store_idx = store_ctx.store;
    let st = snap.stores[store_idx].clone();
    let currency = st.currency.clone();

    // What the buyer sees now (outside the transaction): read once, priced
    // first without and then with shipping and tax.
    // (A reader connection is held only around each read: `resolve` may
    // need one of its own, and holding one across it could exhaust the pool.)
    let mut rows = CartRows::load(
        &mut *state.db.pool().acquire().await?,
        &LoadCart {
            snapshot: &snap,
            store: store_idx,
            owner: Some(&owner),
            user_id: Some(&uid),
            tax: TaxDestination::Destination(None),
            shipping: Money::ZERO,
        },
    )
    .await?;
    let preview = rows.price(&snap, store_idx, Money::ZERO);
    if preview.lines.is_empty() {
        return Err(ApiError::field(
            "lines",
            ErrorCode::ValidationFailed,
            "Your cart is empty.",
        ));
    }
    let digital_only = preview.is_digital_only();
    let r = resolve(state, auth, &st, req, digital_only).await?;
    let (fee, details) = shipping_fee(&st, &r, &preview);
    rows.set_tax_destination(
        &mut *state.db.pool().acquire().await?,
        &snap,
        store_idx,
        TaxDestination::Destination(r.tax_state.as_deref()),
        Some(&uid),
    )
    .await?;
    let priced = rows.price(&snap, store_idx, Money::from_cents(fee));
    if let Some(e) = cart_problem(&priced) {
        return Err(e);
    }
    let total = priced.totals.total.cents();
    let price_seen = match req.expected_total_cents {
        Some(t) => t == total,
        None => !priced.price_changed(),
    };
    if !price_seen {
        return Err(ApiError::new(ErrorCode::PriceChanged)
            .with_detail("Prices changed since you last looked; review the new total and place the order again.")
            .with_extra("total_cents", total));
    }
    // What the customer owes on credit terms matters only when paying that way.
    let owed = match r.method {
        PaymentMethod::CreditTerms => state.db.credit_owed(&uid).await?,
        _ => 0,
    };
    if let Some((code, message)) = payment_refusal(r.method, &st, &auth.user, total, owed) {
        let mut e = ApiError::field("payment.method", code, message);
        if code == ErrorCode::CreditLimitExceeded {
            e = e.with_extra(
                "available_credit_cents",
                uplink_domain::checkout::credit::available_credit(
                    auth.user.credit_limit_cents.unwrap_or(0),
                    owed,
                ),
            );
        }
        return Err(e);
    }

    // Payment first for cards and PayPal: authorise (nothing is taken yet).
    let intent = match r.method {
        PaymentMethod::Card | PaymentMethod::Paypal => {
            Some(authorise(state, &uid, req, r.method, total, &currency).await?)
        }
        _ => None,
    };

    let mut attempt = 0;
    let outcome = loop {
        attempt += 1;
        let job = {
            let (state, auth, snap, owner) =
                (state.clone(), auth.clone(), snap.clone(), owner.clone());
            let (r, details, intent) = (r.clone(), details.clone(), intent.clone());
            let (scope, key) = (idem.scope.to_owned(), idem.key.to_owned());
            async move {
                let idem = IdemKey {
                    scope: &scope,
                    key: &key,
                };
                write_order(
                    &state,
                    &auth,
                    &snap,
                    store_idx,
                    &owner,
                    &r,
                    fee,
                    &details,
                    total,
                    digital_only,
                    intent.as_ref(),
                    &idem,
                )
                .await
            }
        };
        match state.db.on_writer_thread(job).await {
            Err(TxError::CatalogChanged) if attempt < 3 => {
                if let Err(e) = state.catalog.refresh().await {
                    break Err(ApiError::internal(e));
                }
                match state.catalog.loaded() {
                    Some(s) => snap = s,
                    None => break Err(ApiError::internal("catalogue vanished")),
                }
            }
            Err(TxError::CatalogChanged) => {
                break Err(ApiError::new(ErrorCode::PriceChanged).with_detail(
                    "The catalogue is being updated; review your cart and try again.",
                ));
            }
            Err(TxError::Api(e)) => break Err(e),
            Ok(done) => break Ok(done),
        }
    };
    let Placed {
        order_id,
        body,
        stock_band_changed,
        mut parts,
    } = match outcome {
        Ok(x) => x,
        Err(e) => {
            if let Some(i) = &intent
                && let Err(v) = state.gateway.void(&i.id).await
            {
                tracing::error!(error = %v, intent = %i.id, "could not void an authorisation");
            }
            return Err(e);
        }
    };

    // After the commit: show a sold-out (or newly low) product so on this
    // server at once (D69), take the money, tell the customer, keep new addresses.
    if stock_band_changed {
        state.catalog.stock_band_changed().await;
    }
    // The confirmation is written from the order in hand (no reading it
    // back) and, for a captured payment, in the transaction recording it.
    let bank = &state.config.checkout.bank_details;
    let captured = match &intent {
        Some(i) if crate::orders::manage::capture_at_gateway(state, &order_id, &i.id).await => {
            crate::orders::manage::mark_captured(&mut parts, &i.id, now_ms());
            Some(i.id.as_str())
        }
        _ => None,
    };
    let detail = order_detail(&parts, bank);
    let email = crate::orders::emails::confirmation_email(state, &uid, &auth.user.email, &detail);
    match captured {
        Some(intent_id) => {
            crate::orders::manage::record_capture(state, &order_id, intent_id, Some(email)).await
        }
        None => crate::orders::emails::record(state, email).await,
    }
    save_addresses(state, &uid, req, &r).await;
    Ok(body)
}

async fn save_addresses(state: &AppState, uid: &str, req: &PlaceOrderRequest, r: &Resolved) {
    let mut todo = Vec::new();
    if let Some(s) = &req.shipping
        && s.save_address
        && s.address_id.is_none()
        && let Some(a) = &r.shipping_address
    {
        todo.push(a.clone());
    }
    if req.billing.save_address && req.billing.address_id.is_none() && !req.billing.same_as_shipping
    {
        todo.push(r.billing_address.clone());
    }
    for a in todo {
        let now = now_ms();
        let first = state
            .db
            .addresses_of(uid)
            .await
            .map(|v| v.is_empty())
            .unwrap_or(false);
        let row = AddressRow {
            id: new_id("adr"),
            user_id: uid.to_owned(),
            name: a.name,
            company: a.company,
            line1: a.line1,
            line2: a.line2,
            city: a.city,
            state: a.state,
            postal_code: a.postal_code,
            country: a.country,
            phone: a.phone,
            is_default_shipping: first,
            is_default_billing: first,
            created_at: now,
            updated_at: now,
        };
        if let Err(e) = state
            .db
            .insert_address(&row, crate::accounts::addresses::MAX_ADDRESSES)
            .await
        {
            tracing::info!(error = ?e, "address from checkout not saved");
        }
    }
}

#[allow(clippy::too_many_arguments)]
async fn write_order(
    state: &AppState,
    auth: &AuthUser,
    snap: &crate::read_model::Snapshot,
    store_idx: usize,
    owner: &str,
    r: &Resolved,
    fee: i64,
    details: &ShippingDetails,
    total: i64,
    digital_only: bool,
    intent: Option<&Intent>,
    idem: &IdemKey<'_>,
) -> Result<Placed, TxError> {
    let uid = auth.id();
    let st = &snap.stores[store_idx];
    let mut tx = state.db.begin_write().await?;
    if r.method == PaymentMethod::CreditTerms {
        uplink_db::credit::lock_user(&mut tx, uid).await?;
    }
    if uplink_db::catalog::catalog_version_in(&mut tx).await? != snap.version {
        return Err(TxError::CatalogChanged);
    }
    let cart = load_priced_cart(
        &mut tx,
        &LoadCart {
            snapshot: snap,
            store: store_idx,
            owner: Some(owner),
            user_id: Some(uid),
            tax: TaxDestination::Destination(r.tax_state.as_deref()),
            shipping: Money::from_cents(fee),
        },
    )
    .await?;
    if cart.is_digital_only() != digital_only {
        return Err(ApiError::new(ErrorCode::PriceChanged)
            .with_detail("Your cart changed while the order was placed; review it and try again.")
            .into());
    }
    // Stock problems are decided by the conditional updates below, the rest here.
    let non_stock = cart.lines.iter().any(|l| {
        l.problem
            .as_ref()
            .is_some_and(|p| p.code != ErrorCode::InsufficientStock)
    });
    if (non_stock
        || cart.lines.is_empty()
        || order_bounds_problem(&cart).is_some()
        || cart.coupon.as_ref().is_some_and(|c| c.refusal.is_some()))
        && let Some(e) = cart_problem(&cart)
    {
        return Err(e.into());
    }
    if cart.totals.total.cents() != total {
        return Err(ApiError::new(ErrorCode::PriceChanged)
            .with_detail(
                "Prices changed while the order was placed; review the new total and try again.",
            )
            .with_extra("total_cents", cart.totals.total.cents())
            .into());
    }
    // Take stock, product by product in id order (one lock order for every transaction).
    let warehouse = st.warehouse().as_str().to_owned();
    let mut wanted: std::collections::BTreeMap<&str, (i64, usize)> =
        std::collections::BTreeMap::new();
    for (i, l) in cart.lines.iter().enumerate() {
        if l.physical {
            let e = wanted
                .entry(l.line.row.product_id.as_str())
                .or_insert((0, i));
            e.0 = e.0.saturating_add(l.line.row.qty);
        }
    }
    let mut stock_band_changed = false;
    for (pid, (qty, line_idx)) in &wanted {
        let take = uplink_db::stock::take_stock(&mut tx, pid, &warehouse, *qty).await?;
        stock_band_changed |= take.band_changed;
        if !take.taken {
            let available = uplink_db::stock::available_units(&mut tx, pid, &warehouse).await?;
            let name = cart.lines[*line_idx]
                .product
                .map(|p| snap.product(p).name.clone())
                .unwrap_or_default();
            return Err(ApiError::field(
                &format!("lines[{line_idx}].qty"),
                ErrorCode::InsufficientStock,
                format!("Only {available} of {name} left in stock; lower the quantity."),
            )
            .with_extra("available", available)
            .with_extra("line_id", cart.lines[*line_idx].line.row.id.clone())
            .into());
        }
    }
    // Credit terms: re-checked under the account lock.
    if r.method == PaymentMethod::CreditTerms {
        let owed = uplink_db::credit::credit_owed(&mut tx, uid).await?;
        if let Some((code, message)) = payment_refusal(r.method, st, &auth.user, total, owed) {
            return Err(ApiError::field("payment.method", code, message).into());
        }
    }
    let now = now_ms();
    let seq = q::next_order_seq(&mut tx).await?;
    let number = uplink_domain::checkout::order_number(seq);
    let order_id = new_id("ord");
    let (status, payment_status, reference, pay_by) = match r.method {
        PaymentMethod::BankTransfer => (
            "pending_payment",
            "pending",
            Some(number.clone()),
            Some(now + state.config.checkout.bank_transfer_days * 86_400_000),
        ),
        PaymentMethod::CreditTerms => ("processing", "on_terms", Some(number.clone()), None),
        _ => (
            "processing",
            "authorized",
            intent.map(|i| i.id.clone()),
            None,
        ),
    };
    let mut order = OrderRow {
        id: order_id.clone(),
        number: number.clone(),
        store_code: st.code.clone(),
        user_id: uid.to_owned(),
        email: auth.user.email.clone(),
        status: status.into(),
        currency: cart.currency.clone(),
        subtotal_cents: cart.totals.subtotal.cents(),
        discount_cents: cart.totals.discount.cents(),
        shipping_cents: cart.totals.shipping.cents(),
        tax_cents: cart.totals.tax.cents(),
        total_cents: total,
        coupon_code: cart
            .coupon
            .as_ref()
            .filter(|c| c.refusal.is_none())
            .map(|c| c.row.code.clone()),
        payment_method: r.method.as_str().into(),
        payment_status: payment_status.into(),
        payment_reference: reference,
        shipping_method: r.shipping_method.as_str().into(),
        shipping_details: serde_json::to_string(details).unwrap_or_else(|_| "{}".into()),
        shipping_address: r
            .shipping_address
            .as_ref()
            .map(|a| serde_json::to_string(&snapshot_address(a)).unwrap_or_default()),
        billing_address: serde_json::to_string(&snapshot_address(&r.billing_address))
            .unwrap_or_default(),
        digital_only,
        pay_by,
        placed_at: now,
        paid_at: None,
        updated_at: now,
        partner_id: None,
        partner_referral_code: None,
        partner_name: None,
    };
    q::insert_order(&mut tx, &order).await?;
    let mut lines = Vec::with_capacity(cart.lines.len());
    for (i, l) in cart.lines.iter().enumerate() {
        let p = l.product.map(|p| snap.product(p));
        let options: Vec<LineOption> = order_line_options(l);
        let row = OrderLineRow {
            id: new_id("oln"),
            order_id: order_id.clone(),
            position: i as i64,
            product_id: l.line.row.product_id.clone(),
            sku: p.map(|p| p.sku.clone()).unwrap_or_default(),
            name: p.map(|p| p.name.clone()).unwrap_or_default(),
            product_type: p
                .map(|p| p.product_type.as_str().to_owned())
                .unwrap_or_default(),
            qty: l.line.row.qty,
            unit_price_cents: l.unit_price.cents(),
            subtotal_cents: l.amounts.subtotal.cents(),
            discount_cents: l.amounts.discount.cents(),
            tax_cents: l.amounts.tax.cents(),
            total_cents: l.amounts.total.cents(),
            options: serde_json::to_string(&options).unwrap_or_else(|_| "[]".into()),
            serials: serde_json::to_string(&l.line.serials).unwrap_or_else(|_| "[]".into()),
            weight_grams: l.weight_grams.unwrap_or(0),
            warehouse: l.physical.then(|| warehouse.clone()),
            delivery_status: if l.physical {
                "to_ship"
            } else {
                "awaiting_delivery"
            }
            .into(),
        };
        q::insert_line(&mut tx, &row).await?;
        lines.push(row);
    }
    crate::partners::referral::record_partner(&mut tx, &mut order, &lines, &cart).await?;
    let note = match r.method {
        PaymentMethod::BankTransfer => "Order placed; waiting for the bank transfer.",
        PaymentMethod::CreditTerms => "Order placed on credit terms.",
        PaymentMethod::Paypal => "Order placed; paid with PayPal.",
        PaymentMethod::Card => "Order placed; paid by card.",
    };
    let history = q::insert_history(&mut tx, &order_id, status, "customer", note).await?;
    let card = intent.and_then(|i| i.card.clone());
    let payment = PaymentRow {
        id: new_id("pay"),
        order_id: Some(order_id.clone()),
        user_id: uid.to_owned(),
        method: r.method.as_str().into(),
        status: match r.method {
            PaymentMethod::BankTransfer => "pending",
            PaymentMethod::CreditTerms => "on_terms",
            _ => "authorized",
        }
        .into(),
        amount_cents: total,
        currency: cart.currency.clone(),
        gateway: intent.map(|_| state.gateway.name().to_owned()),
        gateway_ref: intent.map(|i| i.id.clone()),
        card_brand: card.as_ref().map(|c| c.brand.clone()),
        card_last4: card.as_ref().map(|c| c.last4.clone()),
        card_exp_month: card.as_ref().map(|c| c.exp_month),
        card_exp_year: card.as_ref().map(|c| c.exp_year),
        failure_code: None,
        failure_message: None,
        created_at: now,
        updated_at: now,
    };
    q::insert_payment(&mut tx, &payment).await?;
    if r.method == PaymentMethod::CreditTerms {
        uplink_db::credit::insert_credit_entry(
            &mut tx,
            uid,
            "Purchased",
            total,
            Some(&order_id),
            &format!("Order {number}"),
        )
        .await?;
    }
    if let Some(c) = cart.coupon.as_ref().filter(|c| c.refusal.is_none()) {
        let redeemed = uplink_db::cart::redeem_coupon(
            &mut tx,
            &c.row.code,
            Some(uid),
            Some(&order_id),
            &st.code,
            cart.totals.discount.cents(),
        )
        .await?;
        if !redeemed {
            return Err(ApiError::field(
                "coupon",
                ErrorCode::CouponUsageExceeded,
                "This coupon has just been used up; remove it to continue.",
            )
            .into());
        }
    }
    if let Some(cart_id) = &cart.cart_id {
        uplink_db::cart::clear_cart(&mut tx, cart_id).await?;
    }
    // The answer is built from the rows just written: reading them back
    // would cost four more statements while this transaction holds the writer.
    let parts = OrderParts {
        order,
        lines,
        history: vec![history],
        payments: vec![payment],
        shipments: Vec::new(),
    };
    let body = serde_json::to_string(&order_detail(&parts, &state.config.checkout.bank_details))
        .map_err(ApiError::internal)?;
    uplink_db::idempotency::finish_in(&mut tx, idem.scope, idem.key, 201, &body).await?;
    tx.commit().await?;
    Ok(Placed {
        order_id,
        body,
        stock_band_changed,
        parts,
    })
}

/// A committed order: its id, the idempotent answer, whether it moved a
/// product to another stock band, and the rows written.
struct Placed {
    order_id: String,
    body: String,
    stock_band_changed: bool,
    parts: OrderParts,
}
