//! Placing an order (SPEC §6): validate the sections, authorise the payment
//! (which may first need a 3-D Secure step or a PayPal approval), then ONE
//! write transaction re-prices the cart, re-checks coupon, credit and
//! eligibility, takes stock with conditional updates, numbers and stores the
//! order with its payment, empties the cart and stores the idempotent answer.
//! The payment is captured after the commit (voided when the transaction
//! fails). A declined payment leaves only the failed attempt behind.

//! The steps, one file each: `sections` (what the request asks for),
//! `payment` (may the method be used; authorising at the gateway),
//! `transaction` (the write), `commit` (running it and what follows the
//! commit). `renewal` places the auto-renewal job's orders with the same steps.

mod commit;
mod payment;
mod renewal;
mod sections;
mod transaction;

pub use renewal::{RenewalOrder, RenewalPayment, place_renewal};
pub use transaction::{IdemKey, QuotationForOrder};

use crate::cart::pricing::{CartRows, LoadCart, PricedCart, TaxDestination};
use crate::cart::scope::check_store_region;
use crate::checkout::dto::PlaceOrderRequest;
use crate::http::error::{ApiError, ApiResult};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::http::store::StoreContext;
use crate::orders::dto::{OrderDetail, ShippingDetails};
use commit::{after_commit, write_or_void};
use payment::check_payment_allowed;
use sections::Resolved;
use std::sync::Arc;
use transaction::{DraftLines, OrderDraft, cart_problem};
use uplink_db::account_area::{AddressRow, Defaults};
use uplink_db::now_ms;
use uplink_domain::checkout::PaymentMethod;
use uplink_domain::checkout::shipping::ShippingMethod;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::money::Money;

/// An order just placed: the answer (also stored under the idempotency key).
pub struct PlacedOrder {
    pub detail: OrderDetail,
}

/// What the buyer agreed to, priced outside the transaction.
struct Checked {
    sections: Resolved,
    fee: i64,
    details: ShippingDetails,
    total: i64,
    digital_only: bool,
}

/// What the order is made of: the customer's cart, or an accepted quotation.
#[derive(Clone, Copy)]
enum Source<'a> {
    Cart,
    Quotation(&'a Arc<QuotationForOrder>),
}

impl Source<'_> {
    fn quotation(&self) -> Option<&Arc<QuotationForOrder>> {
        match self {
            Source::Cart => None,
            Source::Quotation(q) => Some(q),
        }
    }
}

/// Places the order from the cart. On success the 201 answer is already
/// stored under the idempotency key.
pub async fn place(
    state: &AppState,
    auth: &AuthUser,
    store_ctx: &StoreContext,
    req: &PlaceOrderRequest,
    idem: &IdemKey,
) -> ApiResult<PlacedOrder> {
    place_from(state, auth, store_ctx, Source::Cart, req, idem).await
}

/// Places the order that pays an accepted quotation at its quoted prices
/// (SPEC §9), with the same payment, idempotency and re-checks as the cart's.
pub async fn place_quotation(
    state: &AppState,
    auth: &AuthUser,
    store_ctx: &StoreContext,
    quotation: Arc<QuotationForOrder>,
    req: &PlaceOrderRequest,
    idem: &IdemKey,
) -> ApiResult<PlacedOrder> {
    let source = Source::Quotation(&quotation);
    place_from(state, auth, store_ctx, source, req, idem).await
}

async fn place_from(
    state: &AppState,
    auth: &AuthUser,
    store_ctx: &StoreContext,
    source: Source<'_>,
    req: &PlaceOrderRequest,
    idem: &IdemKey,
) -> ApiResult<PlacedOrder> {
    check_store_region(store_ctx, Some(auth))?;
    let checked = check(state, auth, store_ctx, source, req).await?;
    let store = &store_ctx.snapshot.stores[store_ctx.store];
    // Payment first for cards and PayPal: authorise (nothing is taken yet).
    let intent = match checked.sections.method {
        PaymentMethod::Card | PaymentMethod::Paypal => {
            let charge = payment::Charge {
                uid: auth.id(),
                method: checked.sections.method,
                total: checked.total,
                currency: &store.currency,
            };
            Some(payment::authorise(state, &charge, req).await?)
        }
        _ => None,
    };
    let draft = OrderDraft {
        user: auth.user.clone(),
        snapshot: store_ctx.snapshot.clone(),
        store: store_ctx.store,
        lines: match source.quotation() {
            Some(q) => DraftLines::Given(q.contents.clone()),
            None => DraftLines::Cart {
                owner: uplink_db::cart::customer_owner(auth.id()),
            },
        },
        sections: checked.sections.clone(),
        fee: checked.fee,
        details: checked.details,
        total: checked.total,
        digital_only: checked.digital_only,
        intent: intent.clone(),
        idem: Some(idem.clone()),
        renewal: None,
        quotation: source.quotation().cloned(),
    };
    let placed = write_or_void(state, draft).await?;
    let detail = after_commit(state, &auth.user, placed, intent.as_ref()).await;
    save_addresses(state, auth.id(), req, &checked.sections).await;
    Ok(PlacedOrder { detail })
}

/// What the buyer sees now (outside the transaction): the cart read once,
/// priced first without and then with shipping and tax; the sections
/// resolved; the total the buyer saw; whether the payment method may be used.
async fn check(
    state: &AppState,
    auth: &AuthUser,
    store_ctx: &StoreContext,
    source: Source<'_>,
    req: &PlaceOrderRequest,
) -> ApiResult<Checked> {
    let uid = auth.id();
    let owner = uplink_db::cart::customer_owner(uid);
    let snap = &store_ctx.snapshot;
    let store_idx = store_ctx.store;
    let st = &snap.stores[store_idx];
    // (A reader connection is held only around each read: `resolve` may
    // need one of its own, and holding one across it could exhaust the pool.)
    let mut rows = CartRows::load(
        &mut *state.db.pool().acquire().await?,
        &LoadCart {
            given: source.quotation().map(|q| &*q.contents),
            snapshot: snap,
            store: store_idx,
            owner: Some(owner.as_str()).filter(|_| source.quotation().is_none()),
            user_id: Some(uid),
            tax: TaxDestination::Destination(None),
            shipping: Money::ZERO,
        },
    )
    .await?;
    if let Some(q) = source.quotation() {
        rows = rows.with_quoted(q.prices.clone());
    }
    let preview = rows.price(snap, store_idx, Money::ZERO);
    if preview.lines.is_empty() {
        return Err(ApiError::field(
            "lines",
            ErrorCode::ValidationFailed,
            "Your cart is empty.",
        ));
    }
    let digital_only = preview.is_digital_only();
    let r = sections::resolve(state, auth, st, req, digital_only).await?;
    let (mut fee, details) = sections::shipping_fee(st, &r, &preview);
    if let Some(quoted) = source.quotation().and_then(|q| q.shipping_cents)
        && r.shipping_method == ShippingMethod::Priority
    {
        // Sales quoted the shipping: it replaces the store's rate.
        fee = quoted;
    }
    rows.set_tax_destination(
        &mut *state.db.pool().acquire().await?,
        snap,
        store_idx,
        TaxDestination::Destination(r.tax_state.as_deref()),
        Some(uid),
    )
    .await?;
    let priced = rows.price(snap, store_idx, Money::from_cents(fee));
    if let Some(e) = cart_problem(&priced) {
        return Err(e);
    }
    crate::delivery::checks::check_order_lines(&state.db, snap, &priced, uid).await?;
    check_price_seen(req, &priced)?;
    let total = priced.totals.total.cents();
    check_payment_allowed(state, &auth.user, st, r.method, total).await?;
    Ok(Checked {
        sections: r,
        fee,
        details,
        total,
        digital_only,
    })
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
            .insert_address(&row, crate::accounts::addresses::MAX_ADDRESSES)
            .await
        {
            tracing::info!(error = ?e, "address from checkout not saved");
        }
    }
}
