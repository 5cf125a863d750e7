//! Placing an order (SPEC §6), whichever way it was bought: the one entry
//! [`place`] takes an [`OrderIntent`], prices it through the pricing
//! pipeline, checks what the buyer agreed to (the sections, the total they
//! saw, the payment method), authorises the payment (which may first need a
//! 3-D Secure step or a PayPal approval), then ONE write transaction
//! re-prices the lines, re-checks coupon, credit and eligibility, takes
//! stock with conditional updates, numbers and stores the order with its
//! payment, marks its source (cart emptied, quotation or renewal claim
//! `ordered`) and stores the idempotent answer. The payment is captured
//! after the commit (voided when the transaction fails); delivery runs
//! after the commit too. A declined payment leaves only the failed attempt.
//!
//! The steps, one file each: `intent` (what a way of buying hands over),
//! `sections` (what the request asks for), `payment` (may the method be
//! used; authorising at the gateway), `transaction` (the write), `commit`
//! (running it and what follows the commit).

pub mod attribution;
mod commit;
pub mod idempotency;
mod intent;
pub mod line_options;
mod payment;
pub mod request;
mod sections;
mod transaction;

pub use intent::{
    EndCustomer, IdemKey, OffSessionPayment, OrderIntent, OrderSource, OrderTerms,
    QuotationForOrder, Recipient, RenewalForOrder,
};

use crate::commerce::cart::scope::check_store_region;
use crate::commerce::orders::dto::{OrderDetail, ShippingDetails};
use crate::commerce::placing::request::PlaceOrderRequest;
use crate::commerce::pricing::{CartRows, LoadCart, PricedCart, TaxDestination};
use crate::http::error::{ApiError, ApiResult};
use crate::http::state::AppState;
use commit::{after_commit, write_or_void};
use payment::{Charge, authorise, authorise_saved, check_payment_allowed};
use sections::Resolved;
use transaction::{OrderDraft, cart_problem};
use uplink_db::account_area::{AddressRow, Defaults};
use uplink_db::now_ms;
use uplink_domain::accounts::address::Address;
use uplink_domain::catalog::Region;
use uplink_domain::checkout::PaymentMethod;
use uplink_domain::checkout::shipping::ShippingMethod;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::money::Money;
use uplink_payments::Intent;

/// What the buyer agreed to, priced outside the transaction.
struct Agreed {
    sections: Resolved,
    fee: i64,
    details: ShippingDetails,
    total: i64,
    digital_only: bool,
}

/// Places the order. With an idempotency key, the 201 answer is stored
/// under it in the order's transaction.
pub async fn place(state: &AppState, intent: OrderIntent) -> ApiResult<OrderDetail> {
    let agreed = match &intent.terms {
        OrderTerms::Requested(req) => {
            check_store_region(&intent.store, Some(&intent.buyer))?;
            agree_to_request(state, &intent, req).await?
        }
        OrderTerms::Decided { billing, payment } => {
            agree_to_decided(state, &intent, billing, payment).await?
        }
    };
    // Payment first for cards and PayPal: authorise (nothing is taken yet).
    let authorised = authorise_payment(state, &intent, &agreed).await?;
    let draft = OrderDraft {
        user: intent.buyer.clone(),
        snapshot: intent.store.snapshot.clone(),
        store: intent.store.store,
        source: intent.source.clone(),
        sections: agreed.sections.clone(),
        fee: agreed.fee,
        details: agreed.details.clone(),
        total: agreed.total,
        digital_only: agreed.digital_only,
        intent: authorised.clone(),
        idem: intent.idempotency.clone(),
        recipient: intent.recipient.clone(),
    };
    let placed = write_or_void(state, draft).await?;
    let detail = after_commit(state, &intent.buyer, placed, authorised.as_ref()).await;
    if let OrderTerms::Requested(req) = &intent.terms {
        save_addresses(state, &intent.buyer.id, req, &agreed.sections).await;
    }
    Ok(detail)
}

/// The lines read once, as the intent's source gives them, with the quoted
/// prices of a quotation; priced later for each step of what is agreed.
async fn load_lines(
    state: &AppState,
    intent: &OrderIntent,
    tax: TaxDestination<'_>,
) -> ApiResult<CartRows> {
    let owner = match &intent.source {
        OrderSource::Cart(slot) => slot.customer_owner(&intent.buyer.id),
        _ => uplink_db::cart::customer_owner(&intent.buyer.id),
    };
    let given = intent.source.given();
    // (A reader connection is held only around each read: `resolve` may
    // need one of its own, and holding one across it could exhaust the pool.)
    let rows = CartRows::load(
        &mut *state.db.pool().acquire().await?,
        &LoadCart {
            given: given.map(|c| &**c),
            snapshot: &intent.store.snapshot,
            store: intent.store.store,
            owner: Some(owner.as_str()).filter(|_| given.is_none()),
            user_id: Some(&intent.buyer.id),
            tax,
            shipping: Money::ZERO,
        },
    )
    .await?;
    Ok(match intent.source.quotation() {
        Some(q) => rows.with_quoted(q.prices.clone()),
        None => rows,
    })
}

/// What the buyer sees now at checkout (outside the transaction): the
/// lines priced first without and then with shipping and tax; the sections
/// resolved; the total the buyer saw; whether the payment method may be used.
async fn agree_to_request(
    state: &AppState,
    intent: &OrderIntent,
    req: &PlaceOrderRequest,
) -> ApiResult<Agreed> {
    let uid = intent.buyer.id.as_str();
    let snap = &intent.store.snapshot;
    let store_idx = intent.store.store;
    let st = &snap.stores[store_idx];
    let mut rows = load_lines(state, intent, TaxDestination::Destination(None)).await?;
    let preview = rows.price(snap, store_idx, Money::ZERO);
    if preview.lines.is_empty() {
        return Err(ApiError::field(
            "lines",
            ErrorCode::ValidationFailed,
            "Your cart is empty.",
        ));
    }
    let digital_only = preview.is_digital_only();
    let r = sections::resolve(state, uid, st, req, digital_only).await?;
    let (mut fee, details) = sections::shipping_fee(st, &r, &preview);
    if let Some(quoted) = intent.source.quotation().and_then(|q| q.shipping_cents)
        && r.shipping_method == ShippingMethod::Priority
    {
        // Sales quoted the shipping: it replaces the store's rate.
        fee = quoted;
    }
    // Only the US store looks its tax rate up. Elsewhere no connection is
    // taken: each one costs PostgreSQL a round trip as it goes back to the pool.
    if st.region == Region::Us {
        rows.set_tax_destination(
            &mut *state.db.pool().acquire().await?,
            snap,
            store_idx,
            TaxDestination::Destination(r.tax_state.as_deref()),
            Some(uid),
        )
        .await?;
    }
    let priced = rows.price(snap, store_idx, Money::from_cents(fee));
    if let Some(e) = cart_problem(&priced) {
        return Err(e);
    }
    let owner = deliverables_owner(state, intent).await?;
    crate::commerce::cart::stacking::check_order_lines(&state.db, snap, &priced, &owner).await?;
    check_price_seen(req, &priced)?;
    let total = priced.totals.total.cents();
    check_payment_allowed(state, &intent.buyer, st, r.method, total).await?;
    Ok(Agreed {
        sections: r,
        fee,
        details,
        total,
        digital_only,
    })
}

/// Whose devices, plans and eSIMs the lines are checked against: the
/// buyer's, or the end customer's account (none yet: nothing of theirs to
/// stack on or top up).
async fn deliverables_owner(state: &AppState, intent: &OrderIntent) -> ApiResult<String> {
    match &intent.recipient {
        Recipient::Buyer => Ok(intent.buyer.id.clone()),
        Recipient::EndCustomer(c) => Ok(state
            .db
            .user_by_email(&c.email)
            .await?
            .map_or_else(String::new, |u| u.id)),
    }
}

/// What a job decided (no one at the screen): digital lines billed to the
/// given address (US sales tax by its state in the US store), nothing to
/// ship, paid off-session.
async fn agree_to_decided(
    state: &AppState,
    intent: &OrderIntent,
    billing: &Address,
    payment: &OffSessionPayment,
) -> ApiResult<Agreed> {
    let snap = &intent.store.snapshot;
    let store = &snap.stores[intent.store.store];
    let tax_state = billing
        .state
        .clone()
        .filter(|_| billing.country == "US" && store.region == Region::Us);
    let rows = load_lines(
        state,
        intent,
        TaxDestination::Destination(tax_state.as_deref()),
    )
    .await?;
    let priced = rows.price(snap, intent.store.store, Money::ZERO);
    if let Some(e) = cart_problem(&priced) {
        return Err(e);
    }
    let total = priced.totals.total.cents();
    let method = match payment {
        OffSessionPayment::SavedCard { .. } => PaymentMethod::Card,
        OffSessionPayment::CreditTerms => PaymentMethod::CreditTerms,
    };
    check_payment_allowed(state, &intent.buyer, store, method, total).await?;
    Ok(Agreed {
        sections: Resolved {
            shipping_method: ShippingMethod::None,
            shipping_address: None,
            billing_address: billing.clone(),
            details: ShippingDetails::default(),
            tax_state,
            method,
        },
        fee: 0,
        details: ShippingDetails::default(),
        total,
        digital_only: true,
    })
}

/// Authorises the agreed total at the gateway for a card or PayPal (as the
/// request asks, or off-session with a saved card); nothing for a bank
/// transfer or credit terms.
async fn authorise_payment(
    state: &AppState,
    intent: &OrderIntent,
    agreed: &Agreed,
) -> ApiResult<Option<Intent>> {
    let store = &intent.store.snapshot.stores[intent.store.store];
    let charge = Charge {
        uid: &intent.buyer.id,
        method: agreed.sections.method,
        total: agreed.total,
        currency: &store.currency,
    };
    match &intent.terms {
        OrderTerms::Requested(req) => match charge.method {
            PaymentMethod::Card | PaymentMethod::Paypal => {
                Ok(Some(authorise(state, &charge, req).await?))
            }
            _ => Ok(None),
        },
        OrderTerms::Decided {
            payment:
                OffSessionPayment::SavedCard {
                    token_id,
                    description,
                },
            ..
        } => Ok(Some(
            authorise_saved(state, &charge, token_id, description.clone()).await?,
        )),
        OrderTerms::Decided { .. } => Ok(None),
    }
}

/// `price_changed` unless the buyer saw this total (or, without one sent,
/// unless no price moved since the cart was last shown).
fn check_price_seen(req: &PlaceOrderRequest, priced: &PricedCart) -> ApiResult<()> {
    let total = priced.totals.total.cents();
    let price_seen = match req.expected_total_cents {
        Some(t) => t == total,
        None => !priced.price_changed(),
    };
    if price_seen {
        return Ok(());
    }
    Err(ApiError::new(ErrorCode::PriceChanged)
        .with_detail(
            "Prices changed since you last looked; review the new total and place the order again.",
        )
        .with_extra("total_cents", total))
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
        let defaults = Defaults {
            shipping: first,
            billing: first,
        };
        let row = AddressRow::new(uid, a, defaults, now);
        if let Err(e) = state
            .db
            .insert_address(&row, uplink_domain::accounts::address::MAX_ADDRESSES)
            .await
        {
            tracing::info!(error = ?e, "address from checkout not saved");
        }
    }
}
