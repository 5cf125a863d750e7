//! The one write transaction of an order (SPEC §6, §17): re-price the cart,
//! re-check credit under the account lock, write the order with its lines,
//! payment and history, redeem the coupon, empty the cart, take stock with
//! conditional updates and number the order, then store the number with the
//! idempotent answer.

use super::intent::{IdemKey, OrderSource, QuotationForOrder, Recipient};
use super::sections::Resolved;
use crate::commerce::offers::payment_refusal;
use crate::commerce::orders::dto::{
    LineOption, OrderDetail, OrderParts, ShippingDetails, order_detail,
};
use crate::commerce::placing::line_options::order_line_options;
use crate::commerce::pricing::{CartRows, LoadCart, PricedCart, TaxDestination};
use crate::http::error::ApiError;
use crate::http::state::AppState;
use crate::read_model::Snapshot;
use crate::read_model::snapshot::Store;
use sqlx::AnyConnection;
use std::sync::Arc;
use uplink_db::accounts::UserRow;
use uplink_db::now_ms;
use uplink_db::orders::{self as q, HistoryRow, OrderLineRow, OrderRow, PaymentRow};
use uplink_domain::cart::{MAX_ORDER_QTY, MAX_ORDER_TOTAL};
use uplink_domain::checkout::PaymentMethod;
use uplink_domain::checkout::credit::CreditEntryKind;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::ids::new_id;
use uplink_domain::money::Money;
use uplink_payments::Intent;

/// Everything decided before the transaction: who, which lines in which
/// store against which snapshot, the resolved sections, the shipping fee,
/// the total the buyer agreed to and the authorised payment, if any.
#[derive(Clone)]
pub(super) struct OrderDraft {
    pub user: UserRow,
    pub snapshot: Arc<Snapshot>,
    pub store: usize,
    pub source: OrderSource,
    pub sections: Resolved,
    pub fee: i64,
    pub details: ShippingDetails,
    pub total: i64,
    pub digital_only: bool,
    pub intent: Option<Intent>,
    /// The request's idempotency key; none for a renewal (its claim makes it once).
    pub idem: Option<IdemKey>,
    pub recipient: Recipient,
}

impl OrderDraft {
    fn store(&self) -> &Store {
        &self.snapshot.stores[self.store]
    }

    fn method(&self) -> PaymentMethod {
        self.sections.method
    }

    fn user_id(&self) -> &str {
        &self.user.id
    }
}

/// Why the transaction must start over (the catalogue changed under it).
pub(super) enum TxError {
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

/// A committed order: its id, the idempotent answer, whether it moved a
/// product to another stock band, and the rows written.
pub(super) struct Placed {
    pub order_id: String,
    pub answer: OrderDetail,
    pub stock_band_changed: bool,
    pub parts: OrderParts,
}

/// The transaction itself. Runs on the writer thread.
///
/// The rows every checkout shares come last: the products' stock rows and
/// the one order counter. On PostgreSQL a row taken stays locked until the
/// commit, so the order's own rows are written first under a provisional
/// number (its id) and the hot rows are held for the last few statements
/// only (D120): on PostgreSQL one message, the last product's stock with
/// the counter, the number and the stored answer (D121, D131), and the
/// commit (D132). Lock order is the same in every order: coupon, stock in
/// product id order, counter.
pub(super) async fn write_order(state: &AppState, d: &OrderDraft) -> Result<Placed, TxError> {
    let uid = d.user_id();
    let mut tx = state.db.begin_write().await?;
    if d.method() == PaymentMethod::CreditTerms {
        uplink_db::credit::lock_user(&mut tx, uid).await?;
    }
    if uplink_db::catalog::catalog_version_in(&mut tx).await? != d.snapshot.version {
        return Err(TxError::CatalogChanged);
    }
    let cart = reprice(&mut tx, d).await?;
    check_referral(&mut tx, d, &cart).await?;
    recheck_credit(&mut tx, d).await?;
    let now = now_ms();
    let mut order = order_row(state, d, &cart, now);
    order.recipient_user_id = recipient_account(&mut tx, d, now).await?;
    q::insert_order(&mut tx, &order).await?;
    let lines = insert_lines(&mut tx, d, &cart, &order.id).await?;
    if let Some(renewal) = d.source.renewal()
        && !uplink_db::renewals::mark_renewal_ordered(&mut tx, &renewal.claim, &order.id, now)
            .await?
    {
        return Err(
            ApiError::internal("the renewal's claim was taken over by another server").into(),
        );
    }
    if paid_at_placement(d.method())
        && lines
            .iter()
            .any(|l| l.delivery_status == "awaiting_delivery")
    {
        // Paid now (card authorised, PayPal, credit terms): the digital
        // lines are queued for delivery with the payment, in this transaction.
        uplink_db::delivery::enqueue(&mut tx, &order.id, now).await?;
    }
    let history = insert_history(&mut tx, d, &order).await?;
    let payment = payment_row(state, d, &order, now);
    q::insert_payment(&mut tx, &payment).await?;
    let channel =
        crate::commerce::placing::attribution::channel_of(d.store(), &d.user, &d.recipient);
    crate::commerce::placing::attribution::record_partner(
        &mut tx, &mut order, &lines, &cart, channel,
    )
    .await?;
    if paid_at_placement(d.method()) {
        // Paid now: the referrer earns their (pending) reward with the payment.
        crate::commerce::referral::earn_rewards(&mut tx, &order, &lines, Some(d.store()), now)
            .await?;
    }
    redeem_coupon(&mut tx, d, &cart, &order.id).await?;
    if let (OrderSource::Cart(_), Some(cart_id)) = (&d.source, &cart.cart_id) {
        uplink_db::cart::clear_cart(&mut tx, cart_id).await?;
    }
    let mut parts = OrderParts {
        order,
        lines,
        history: vec![history],
        payments: vec![payment],
        shipments: Vec::new(),
        refunds: Vec::new(),
    };
    let (answer, stock_band_changed) =
        number_and_answer(&mut tx, state, d, &cart, &mut parts, now).await?;
    // (Numbered in place, the order is committed already and this commits
    // the empty transaction begun after it, D132.)
    tx.commit().await?;
    Ok(Placed {
        order_id: parts.order.id.clone(),
        answer,
        stock_band_changed,
        parts,
    })
}

/// Takes the stock, numbers the order and stores the request's answer
/// (built from the rows just written: reading them back would cost four
/// more statements while this transaction holds the writer); the answer,
/// and whether a product moved to another stock band.
///
/// On PostgreSQL the hot rows stay locked from the stock's statement to
/// the commit, so when no other row names the order by its number (a
/// quotation, a credit entry), the number and the answer go in that same
/// statement (D131): the answer is written with a placeholder the
/// database replaces with the number, and the statement is sent with the
/// COMMIT (D132), so the order is committed when it returns.
async fn number_and_answer(
    tx: &mut AnyConnection,
    state: &AppState,
    d: &OrderDraft,
    cart: &PricedCart,
    parts: &mut OrderParts,
    now: i64,
) -> Result<(OrderDetail, bool), TxError> {
    let bank = &state.config.checkout.bank_details;
    // (On SQLite a statement more costs no round trip: no early body.)
    let in_place = state.db.backend() == uplink_db::Backend::Postgres
        && d.source.quotation().is_none()
        && d.method() != PaymentMethod::CreditTerms;
    let placeholder = new_id("number");
    let early_body = if in_place {
        number_order(d, &mut parts.order, &placeholder);
        Some(answer_body(&order_detail(parts, bank))?)
    } else {
        None
    };
    let number = early_body.as_deref().map(|body| q::NumberInPlace {
        order_id: &parts.order.id,
        number_is_reference: number_is_reference(d.method()),
        answer: stored_answer(d, body),
        placeholder: &placeholder,
    });
    let (seq, band_changed, finished) = take_stock_and_number(tx, d, cart, number.as_ref()).await?;
    number_order(
        d,
        &mut parts.order,
        &uplink_domain::checkout::order_number(seq),
    );
    let answer = order_detail(parts, bank);
    if !finished {
        write_numbered_rows(tx, d, &parts.order, now).await?;
        let body = answer_body(&answer)?;
        let order = &parts.order;
        let reference = order.payment_reference.as_deref();
        let stored = stored_answer(d, &body);
        q::set_number_and_answer(tx, &order.id, &order.number, reference, stored).await?;
    }
    Ok((answer, band_changed))
}

fn answer_body(answer: &OrderDetail) -> Result<String, TxError> {
    Ok(serde_json::to_string(answer).map_err(ApiError::internal)?)
}

/// The 201 answer stored under the request's idempotency key, if it has one.
fn stored_answer<'a>(d: &'a OrderDraft, body: &'a str) -> Option<q::StoredAnswer<'a>> {
    d.idem.as_ref().map(|idem| q::StoredAnswer {
        scope: &idem.scope,
        key: &idem.key,
        status: 201,
        body,
    })
}

/// Whether the order's number is also its payment reference.
fn number_is_reference(method: PaymentMethod) -> bool {
    matches!(
        method,
        PaymentMethod::BankTransfer | PaymentMethod::CreditTerms
    )
}

/// Gives the order its number (the counter's value, D66, or the
/// placeholder of D131); it is also the payment reference of a bank
/// transfer and of credit terms. Stored over the provisional one with the
/// request's answer, by [`number_and_answer`].
fn number_order(d: &OrderDraft, order: &mut OrderRow, number: &str) {
    if number_is_reference(d.method()) {
        order.payment_reference = Some(number.to_owned());
    }
    order.number = number.to_owned();
}

/// The rows that name the order by its number: the quotation marked
/// ordered and the credit entry.
async fn write_numbered_rows(
    tx: &mut AnyConnection,
    d: &OrderDraft,
    order: &OrderRow,
    now: i64,
) -> Result<(), TxError> {
    if let Some(quotation) = d.source.quotation() {
        mark_quotation_ordered(tx, quotation, order, now).await?;
    }
    if d.method() == PaymentMethod::CreditTerms {
        let note = format!("Order {}", order.number);
        // The invoice falls due by the terms in force now, whatever they become later.
        let days = d.user.payment_terms_days.unwrap_or(30);
        let entry = uplink_db::credit::NewCreditEntry {
            user_id: d.user_id(),
            kind: CreditEntryKind::Purchased,
            amount_cents: d.total,
            order_id: Some(&order.id),
            note: &note,
            actor: "checkout",
            due_at: Some(uplink_db::credit::due_after(now, days)),
            created_at: now,
        };
        uplink_db::credit::insert_credit_entry(tx, &entry).await?;
    }
    Ok(())
}

/// The cart's app referral code is checked again with what only the order
/// knows: where it goes (its shipping address, else its billing address)
/// and the card that pays (SPEC §10). Refused: `referral_not_eligible` with
/// the reason, nothing written; the buyer removes the code and places the
/// order again.
async fn check_referral(
    tx: &mut AnyConnection,
    d: &OrderDraft,
    cart: &PricedCart,
) -> Result<(), TxError> {
    let Some(offer) = cart.app_referral.as_ref().filter(|o| o.applies()) else {
        return Ok(());
    };
    use crate::commerce::referral as r;
    let terms = r::terms_in(&r::terms(tx).await?, d.store());
    let address = d
        .sections
        .shipping_address
        .as_ref()
        .unwrap_or(&d.sections.billing_address);
    let card = d
        .intent
        .as_ref()
        .and_then(|i| i.card.as_ref())
        .map(|c| (c.brand.as_str(), c.last4.as_str(), c.exp_month, c.exp_year));
    match r::refusal_for(
        tx,
        &offer.referrer_id,
        d.user_id(),
        &terms,
        Some(address),
        card,
    )
    .await?
    {
        Some(why) => Err(r::not_eligible("app_referral", why).into()),
        None => Ok(()),
    }
}

/// The account the deliverables land on when it is not the buyer's: the
/// end customer's, made now (invited, no password) when the e-mail has none.
async fn recipient_account(
    tx: &mut AnyConnection,
    d: &OrderDraft,
    now: i64,
) -> Result<Option<String>, TxError> {
    let Recipient::EndCustomer(c) = &d.recipient else {
        return Ok(None);
    };
    use uplink_db::invitations as inv;
    if let Some(user) = inv::user_by_email_in(tx, &c.email).await? {
        return Ok(Some(user.id));
    }
    let country = match &d.sections.shipping_address {
        Some(a) => a.country.clone(),
        None => d.sections.billing_address.country.clone(),
    };
    let invited = inv::InvitedUser {
        email: &c.email,
        name: &c.name,
        company: c.company.as_deref(),
        country: &country,
    };
    Ok(Some(inv::insert_invited_user(tx, &invited, now).await?))
}

/// The quotation becomes `ordered`, only while it is still accepted and
/// valid (a second payment of it, or one racing its expiry, is refused).
async fn mark_quotation_ordered(
    tx: &mut AnyConnection,
    quotation: &QuotationForOrder,
    order: &OrderRow,
    now: i64,
) -> Result<(), TxError> {
    use uplink_db::quotations as qq;
    if !qq::mark_ordered(tx, &quotation.id, (&order.id, &order.number), now).await? {
        return Err(ApiError::new(ErrorCode::QuotationNotPayable)
            .with_detail(
                "This quotation was paid, changed or expired meanwhile; reload it to see where it stands.",
            )
            .into());
    }
    let entry = qq::QuotationHistoryRow {
        id: new_id("qth"),
        quotation_id: quotation.id.clone(),
        status: "ordered".into(),
        party: "buyer".into(),
        author: order.email.clone(),
        kind: "status".into(),
        body: format!("Paid: order {}.", order.number),
        created_at: now,
    };
    qq::insert_history(tx, &entry).await?;
    Ok(())
}

/// True when the order is paid as it is placed (everything but a bank transfer).
pub(super) fn paid_at_placement(method: PaymentMethod) -> bool {
    method != PaymentMethod::BankTransfer
}

/// The cart priced again inside the transaction; refused when it is no
/// longer what the buyer agreed to. Stock problems are left to the
/// conditional updates of [`take_stock`].
async fn reprice(tx: &mut AnyConnection, d: &OrderDraft) -> Result<PricedCart, TxError> {
    let owner = match &d.source {
        OrderSource::Cart(slot) => slot.customer_owner(d.user_id()),
        _ => uplink_db::cart::customer_owner(d.user_id()),
    };
    let mut rows = CartRows::load(
        tx,
        &LoadCart {
            snapshot: &d.snapshot,
            store: d.store,
            owner: Some(owner.as_str()).filter(|_| d.source.given().is_none()),
            given: d.source.given().map(|c| &**c),
            user_id: Some(d.user_id()),
            tax: TaxDestination::Destination(d.sections.tax_state.as_deref()),
            shipping: Money::from_cents(d.fee),
        },
    )
    .await?;
    if let Some(q) = d.source.quotation() {
        rows = rows.with_quoted(q.prices.clone());
    }
    let cart = rows.price(&d.snapshot, d.store, Money::from_cents(d.fee));
    if cart.is_digital_only() != d.digital_only {
        return Err(ApiError::new(ErrorCode::PriceChanged)
            .with_detail("Your cart changed while the order was placed; review it and try again.")
            .into());
    }
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
    if cart.totals.total.cents() != d.total {
        return Err(ApiError::new(ErrorCode::PriceChanged)
            .with_detail(
                "Prices changed while the order was placed; review the new total and try again.",
            )
            .with_extra("total_cents", cart.totals.total.cents())
            .into());
    }
    Ok(cart)
}

/// Takes stock, product by product in id order (one lock order for every
/// transaction), and the order's number: its sequence value, true when
/// a product moved to another stock band, and true when `number` was
/// written with them. Too few units of a product:
/// `insufficient_stock` on its first line, with what is left.
async fn take_stock_and_number(
    tx: &mut AnyConnection,
    d: &OrderDraft,
    cart: &PricedCart,
    number: Option<&q::NumberInPlace<'_>>,
) -> Result<(i64, bool, bool), TxError> {
    let warehouse = d.store().warehouse().as_str().to_owned();
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
    let takes: Vec<(&str, i64)> = wanted.iter().map(|(pid, (qty, _))| (*pid, *qty)).collect();
    let product_id = match q::take_stock_and_number(tx, &warehouse, &takes, number).await? {
        q::StockAndNumber::Numbered {
            seq,
            band_changed,
            finished,
        } => return Ok((seq, band_changed, finished)),
        q::StockAndNumber::Short { product_id } => product_id,
    };
    let line_idx = wanted.get(product_id.as_str()).map_or(0, |(_, i)| *i);
    let available = uplink_db::stock::available_units(tx, &product_id, &warehouse).await?;
    let name = cart.lines[line_idx]
        .product
        .map(|p| d.snapshot.product(p).name.clone())
        .unwrap_or_default();
    Err(ApiError::field(
        &format!("lines[{line_idx}].qty"),
        ErrorCode::InsufficientStock,
        format!("Only {available} of {name} left in stock; lower the quantity."),
    )
    .with_extra("available", available)
    .with_extra("line_id", cart.lines[line_idx].line.row.id.clone())
    .into())
}

/// Credit terms: the limit re-checked under the account lock.
async fn recheck_credit(tx: &mut AnyConnection, d: &OrderDraft) -> Result<(), TxError> {
    if d.method() != PaymentMethod::CreditTerms {
        return Ok(());
    }
    let owed = uplink_db::credit::credit_owed(tx, d.user_id()).await?;
    match payment_refusal(d.method(), d.store(), &d.user, d.total, owed) {
        Some((code, message)) => Err(ApiError::field("payment.method", code, message).into()),
        None => Ok(()),
    }
}

/// The order row under its provisional number, its id: [`number_order`]
/// numbers it once the hot rows are taken. The payment reference of a bank
/// transfer or credit terms is that number, so it is set there too.
fn order_row(state: &AppState, d: &OrderDraft, cart: &PricedCart, now: i64) -> OrderRow {
    let id = new_id("ord");
    let r = &d.sections;
    let referral = cart.app_referral.as_ref().filter(|o| o.applies());
    let (status, payment_status, reference, pay_by) = match r.method {
        PaymentMethod::BankTransfer => (
            "pending_payment",
            "pending",
            None,
            Some(now + state.config.checkout.bank_transfer_days * 86_400_000),
        ),
        PaymentMethod::CreditTerms => ("processing", "on_terms", None, None),
        _ => (
            "processing",
            "authorized",
            d.intent.as_ref().map(|i| i.id.clone()),
            None,
        ),
    };
    OrderRow {
        number: id.clone(),
        id,
        store_code: d.store().code.clone(),
        user_id: d.user_id().to_owned(),
        email: d.user.email.clone(),
        status: status.into(),
        currency: cart.currency.clone(),
        subtotal_cents: cart.totals.subtotal.cents(),
        discount_cents: cart.totals.discount.cents(),
        shipping_cents: cart.totals.shipping.cents(),
        tax_cents: cart.totals.tax.cents(),
        total_cents: d.total,
        coupon_code: cart
            .coupon
            .as_ref()
            .filter(|c| c.refusal.is_none())
            .map(|c| c.row.code.clone()),
        payment_method: r.method.as_str().into(),
        payment_status: payment_status.into(),
        payment_reference: reference,
        shipping_method: r.shipping_method.as_str().into(),
        shipping_details: serde_json::to_string(&d.details).unwrap_or_else(|_| "{}".into()),
        shipping_address: r
            .shipping_address
            .as_ref()
            .map(|a| serde_json::to_string(a).unwrap_or_default()),
        billing_address: serde_json::to_string(&r.billing_address).unwrap_or_default(),
        digital_only: d.digital_only,
        pay_by,
        placed_at: now,
        paid_at: None,
        updated_at: now,
        partner_id: None,
        partner_referral_code: None,
        partner_name: None,
        quotation_number: d.source.quotation().map(|q| q.number.clone()),
        partner_channel: None,
        end_customer: match &d.recipient {
            Recipient::EndCustomer(c) => serde_json::to_string(c).ok(),
            Recipient::Buyer => None,
        },
        recipient_user_id: None,
        price_list: cart.price_list.as_str().to_owned(),
        referrer_user_id: referral.map(|o| o.referrer_id.clone()),
        app_referral_code: referral.map(|o| o.code.clone()),
        referral_discount_cents: referral.map_or(0, |_| cart.referral_discount.cents()),
    }
}

/// One order line per cart line, priced as the cart priced it.
async fn insert_lines(
    tx: &mut AnyConnection,
    d: &OrderDraft,
    cart: &PricedCart,
    order_id: &str,
) -> Result<Vec<OrderLineRow>, TxError> {
    let warehouse = d.store().warehouse().as_str().to_owned();
    let mut lines = Vec::with_capacity(cart.lines.len());
    for (i, l) in cart.lines.iter().enumerate() {
        let p = l.product.map(|p| d.snapshot.product(p));
        let options: Vec<LineOption> = order_line_options(l);
        let row = OrderLineRow {
            id: new_id("oln"),
            order_id: order_id.to_owned(),
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
            coverage_until: d
                .source
                .quotation()
                .and_then(|q| q.coverage_until.get(&l.line.row.id).copied()),
            refunded_qty: 0,
        };
        lines.push(row);
    }
    q::insert_lines(tx, &lines).await?;
    Ok(lines)
}

/// The first entry of the order's history.
async fn insert_history(
    tx: &mut AnyConnection,
    d: &OrderDraft,
    order: &OrderRow,
) -> Result<HistoryRow, TxError> {
    if let Some(renewal) = d.source.renewal() {
        let claim = &renewal.claim;
        let how = match d.method() {
            PaymentMethod::CreditTerms => "on credit terms",
            _ => "with the saved card",
        };
        let note = format!("Automatic renewal of {}; paid {how}.", claim.serial);
        return Ok(q::insert_history(tx, &order.id, &order.status, "system", &note).await?);
    }
    let how = match d.method() {
        PaymentMethod::BankTransfer => "; waiting for the bank transfer.",
        PaymentMethod::CreditTerms => " on credit terms.",
        PaymentMethod::Paypal => "; paid with PayPal.",
        PaymentMethod::Card => "; paid by card.",
    };
    let placed = match d.source.quotation() {
        Some(q) => format!(
            "Order placed from quotation {} at the quoted prices",
            q.number
        ),
        None => "Order placed".to_owned(),
    };
    let note = format!("{placed}{how}");
    Ok(q::insert_history(tx, &order.id, &order.status, "customer", &note).await?)
}

/// The order's payment: pending (bank transfer), on terms, or authorised
/// at the gateway (captured after the commit).
fn payment_row(state: &AppState, d: &OrderDraft, order: &OrderRow, now: i64) -> PaymentRow {
    let intent = d.intent.as_ref();
    let card = intent.and_then(|i| i.card.clone());
    PaymentRow {
        id: new_id("pay"),
        order_id: Some(order.id.clone()),
        user_id: d.user_id().to_owned(),
        method: d.method().as_str().into(),
        status: match d.method() {
            PaymentMethod::BankTransfer => "pending",
            PaymentMethod::CreditTerms => "on_terms",
            _ => "authorized",
        }
        .into(),
        amount_cents: d.total,
        currency: order.currency.clone(),
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
    }
}

/// Counts the coupon's use; refused when its last use went to another order meanwhile.
async fn redeem_coupon(
    tx: &mut AnyConnection,
    d: &OrderDraft,
    cart: &PricedCart,
    order_id: &str,
) -> Result<(), TxError> {
    let Some(c) = cart.coupon.as_ref().filter(|c| c.refusal.is_none()) else {
        return Ok(());
    };
    let redeemed = uplink_db::cart::redeem_coupon(
        tx,
        &c.row.code,
        Some(d.user_id()),
        Some(order_id),
        &d.store().code,
        cart.totals.discount.cents(),
    )
    .await?;
    if redeemed {
        return Ok(());
    }
    Err(ApiError::field(
        "coupon",
        ErrorCode::CouponUsageExceeded,
        "This coupon has just been used up; remove it to continue.",
    )
    .into())
}

/// The first problem of a priced cart as an error (line problems keep their codes).
pub(super) fn cart_problem(cart: &PricedCart) -> Option<ApiError> {
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
