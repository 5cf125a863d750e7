//! Demo orders of the demo customers (documented in the README), so `/order`,
//! an order's page and its invoice have something to show on a fresh start:
//! a shipped card order and an unpaid bank transfer of customer@uplink.test,
//! a paid US-store order with California sales tax of us.customer@uplink.test
//! and a completed credit-terms order of business@uplink.test. Hardware only
//! (digital delivery is not part of these orders).
//!
//! They are priced as checkout prices a cart ([`super::order_pricing`]) and
//! written with the order queries of checkout and fulfilment in one
//! transaction, so they are numbered `UL-000001`… in the order they were
//! placed. The unshipped ones take their stock as checkout does; the shipped
//! ones left the warehouse before the demo's stock was counted.

use super::order_pricing::{
    Item, Line, Priced, Ship, StoreFacts, demo_error, item, price, store_facts,
};
use sqlx::AnyConnection;
use uplink_db::orders::{self as q, OrderLineRow, OrderRow, PaymentRow, ShipmentRow};
use uplink_db::{Db, DbError};
use uplink_domain::accounts::address::Address;
use uplink_domain::cart::Totals;
use uplink_domain::catalog::Region;
use uplink_domain::checkout::shipping::ShippingMethod;
use uplink_domain::checkout::{PaymentMethod, order_number};
use uplink_domain::ids::new_id;

const MINUTE: i64 = 60_000;
const HOUR: i64 = 60 * MINUTE;
const DAY: i64 = 24 * HOUR;
/// The default of `UPLINK_BANK_TRANSFER_DAYS` (the API's checkout settings,
/// which the seed does not see): checkout's pay-by time.
const BANK_TRANSFER_DAYS: i64 = 14;
/// Who ships the demo parcels (the demo fulfilment account).
const FULFILMENT: &str = "fulfilment@uplink.test";

/// How far an order got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Progress {
    AwaitingPayment,
    Processing,
    Shipped,
    Completed,
}

/// A parcel that left `after` ms after the order was placed.
struct Parcel {
    carrier: &'static str,
    tracking: &'static str,
    after: i64,
}

struct DemoOrder {
    email: &'static str,
    store: &'static str,
    placed_ago: i64,
    lines: &'static [Line],
    /// Priced and kept on the order like checkout does, but its redemption
    /// is not counted: `WELCOME10` is once per customer, and the demo
    /// customer should still be able to try it on `/cart`.
    coupon: Option<&'static str>,
    ship: Ship,
    pay: PaymentMethod,
    progress: Progress,
    parcel: Option<Parcel>,
}

/// Oldest first: the numbers follow the order of placement.
fn demo_orders() -> Vec<DemoOrder> {
    vec![
        DemoOrder {
            email: "customer@uplink.test",
            store: "global",
            placed_ago: 20 * DAY + 5 * HOUR,
            lines: &[
                Line("MAX-BR1-MINI-C4", 2, &[("setup", "preconfig")]),
                Line("ANT-MOB-22G", 1, &[]),
            ],
            coupon: Some("WELCOME10"),
            ship: Ship::Priority,
            pay: PaymentMethod::Card,
            progress: Progress::Shipped,
            parcel: Some(Parcel {
                carrier: "DHL",
                tracking: "JD014600006281234567",
                after: DAY + 3 * HOUR,
            }),
        },
        DemoOrder {
            email: "business@uplink.test",
            store: "global",
            placed_ago: 12 * DAY + 2 * HOUR,
            lines: &[Line("UL-SW8-POE", 4, &[]), Line("AP-ONE-AX", 4, &[])],
            coupon: None,
            ship: Ship::CustomerProvided {
                carrier: "FedEx",
                account: "510087020",
            },
            pay: PaymentMethod::CreditTerms,
            progress: Progress::Completed,
            parcel: Some(Parcel {
                carrier: "FedEx",
                tracking: "794658871234",
                after: DAY + 6 * HOUR,
            }),
        },
        DemoOrder {
            email: "us.customer@uplink.test",
            store: "us",
            placed_ago: 2 * DAY + 4 * HOUR,
            lines: &[Line("UL-BRANCH-500", 1, &[]), Line("UL-ANT-OMNI4", 1, &[])],
            coupon: None,
            ship: Ship::Priority,
            pay: PaymentMethod::Card,
            progress: Progress::Processing,
            parcel: None,
        },
        DemoOrder {
            email: "customer@uplink.test",
            store: "global",
            placed_ago: DAY + 2 * HOUR,
            lines: &[Line("AP-ONE-AX", 1, &[])],
            coupon: None,
            ship: Ship::Priority,
            pay: PaymentMethod::BankTransfer,
            progress: Progress::AwaitingPayment,
            parcel: None,
        },
    ]
}

/// The buyer with the default address of their address book.
struct Buyer {
    id: String,
    email: String,
    address: Address,
}

/// The demo orders, unless there are orders already. Needs the demo
/// catalogue, accounts, coupons and tax rates.
pub async fn seed_demo_orders(db: &Db) -> Result<(), DbError> {
    if db.order_count().await? > 0 {
        return Ok(());
    }
    let now = uplink_db::now_ms();
    let mut orders = Vec::new();
    for d in demo_orders() {
        if let Some(buyer) = demo_buyer(db, d.email).await? {
            orders.push((d, buyer));
        }
    }
    let (mut tx, mut cards) = (db.begin_write().await?, Vec::new());
    for (d, buyer) in &orders {
        write_order(&mut tx, d, buyer, now, &mut cards).await?;
    }
    tx.commit().await?;
    db.record_captured_cards(&cards).await
}

async fn demo_buyer(db: &Db, email: &str) -> Result<Option<Buyer>, DbError> {
    let Some(user) = db.user_by_email(email).await? else {
        return Ok(None);
    };
    let addresses = db.addresses_of(&user.id).await?;
    let Some(row) = addresses.iter().find(|a| a.is_default_shipping) else {
        return Ok(None);
    };
    Ok(Some(Buyer {
        id: user.id,
        email: user.email,
        address: row.address(),
    }))
}

/// One order with its lines, payment, history and, as far as it got, its
/// shipment, stock and credit entry; a card payment's gateway records go
/// to `cards`.
async fn write_order(
    tx: &mut AnyConnection,
    d: &DemoOrder,
    buyer: &Buyer,
    now: i64,
    cards: &mut Vec<q::CapturedCard>,
) -> Result<(), DbError> {
    let store = store_facts(tx, d.store).await?;
    let mut items = Vec::with_capacity(d.lines.len());
    for line in d.lines {
        items.push(item(tx, &store, line).await?);
    }
    let ship = (d.ship, &buyer.address);
    let priced = price(tx, &store, &items, d.coupon, ship, now).await?;
    let at = Placement {
        number: order_number(q::next_order_seq(tx).await?),
        intent: (d.pay == PaymentMethod::Card).then(|| new_id("pi")),
        placed: now - d.placed_ago,
    };
    let order = order_row(d, &store, buyer, &priced, &at);
    q::insert_order(tx, &order).await?;
    let lines = line_rows(&order, &items, &priced.totals, store.region, d.progress);
    for l in &lines {
        q::insert_line(tx, l).await?;
    }
    if let Some(intent) = &at.intent {
        cards.push(test_card(&order, intent));
    }
    q::insert_payment(tx, &payment_row(&order, d.pay, at.intent.as_deref())).await?;
    if d.pay == PaymentMethod::CreditTerms {
        let note = format!("Order {}", order.number);
        let entry = uplink_db::credit::NewCreditEntry {
            user_id: &buyer.id,
            kind: uplink_domain::checkout::credit::CreditEntryKind::Purchased,
            amount_cents: order.total_cents,
            order_id: Some(&order.id),
            note: &note,
            actor: "checkout",
            due_at: Some(uplink_db::credit::due_after(
                at.placed,
                super::accounts::DEMO_FIRST_TERMS_DAYS,
            )),
            created_at: at.placed,
        };
        uplink_db::credit::insert_credit_entry(tx, &entry).await?;
    }
    if matches!(d.progress, Progress::AwaitingPayment | Progress::Processing) {
        take_stock(tx, &lines).await?;
    }
    write_history(tx, d, &order, &lines).await
}

/// An order's number, test-gateway intent (card) and time of placing.
struct Placement {
    number: String,
    intent: Option<String>,
    placed: i64,
}

/// The order row as checkout fills it, with the state it has reached.
fn order_row(
    d: &DemoOrder,
    store: &StoreFacts,
    buyer: &Buyer,
    priced: &Priced,
    at: &Placement,
) -> OrderRow {
    let (totals, number, placed) = (&priced.totals, at.number.as_str(), at.placed);
    let address = serde_json::to_string(&buyer.address).unwrap_or_default();
    let (payment_status, reference, pay_by, paid_at) = match d.pay {
        PaymentMethod::BankTransfer => (
            "pending",
            Some(number.to_owned()),
            Some(placed + BANK_TRANSFER_DAYS * DAY),
            None,
        ),
        PaymentMethod::CreditTerms => ("on_terms", Some(number.to_owned()), None, None),
        _ => ("paid", at.intent.clone(), None, Some(placed + MINUTE)),
    };
    let ship = match d.ship {
        Ship::Priority => ShippingMethod::Priority,
        Ship::CustomerProvided { .. } => ShippingMethod::CustomerProvided,
    };
    OrderRow {
        id: new_id("ord"),
        number: number.to_owned(),
        store_code: store.code.clone(),
        user_id: buyer.id.clone(),
        email: buyer.email.clone(),
        status: status_of(d.progress).into(),
        currency: store.currency.clone(),
        subtotal_cents: totals.subtotal.cents(),
        discount_cents: totals.discount.cents(),
        shipping_cents: totals.shipping.cents(),
        tax_cents: totals.tax.cents(),
        total_cents: totals.total.cents(),
        coupon_code: d.coupon.map(Into::into),
        payment_method: d.pay.as_str().into(),
        payment_status: payment_status.into(),
        payment_reference: reference,
        shipping_method: ship.as_str().into(),
        shipping_details: serde_json::to_string(&priced.details).unwrap_or_else(|_| "{}".into()),
        shipping_address: Some(address.clone()),
        billing_address: address,
        digital_only: false,
        pay_by,
        placed_at: placed,
        paid_at,
        updated_at: last_change(d, placed),
        partner_id: None,
        partner_referral_code: None,
        partner_name: None,
        quotation_number: None,
        partner_channel: None,
        end_customer: None,
        recipient_user_id: None,
        price_list: "store".into(),
        referrer_user_id: None,
        app_referral_code: None,
        referral_discount_cents: 0,
    }
}

fn status_of(p: Progress) -> &'static str {
    match p {
        Progress::AwaitingPayment => "pending_payment",
        Progress::Processing => "processing",
        Progress::Shipped => "shipped",
        Progress::Completed => "completed",
    }
}

/// When the parcel left, and when the order was completed (three days later).
fn shipped_at(d: &DemoOrder, placed: i64) -> Option<i64> {
    d.parcel.as_ref().map(|p| placed + p.after)
}

fn completed_at(d: &DemoOrder, placed: i64) -> Option<i64> {
    shipped_at(d, placed)
        .filter(|_| d.progress == Progress::Completed)
        .map(|at| at + 3 * DAY)
}

fn last_change(d: &DemoOrder, placed: i64) -> i64 {
    completed_at(d, placed)
        .or(shipped_at(d, placed))
        .unwrap_or(placed + MINUTE)
}

/// One line per item, priced as [`price_lines`] priced it.
fn line_rows(
    order: &OrderRow,
    items: &[Item],
    totals: &Totals,
    region: Region,
    progress: Progress,
) -> Vec<OrderLineRow> {
    let delivery = match progress {
        Progress::AwaitingPayment | Progress::Processing => "to_ship",
        Progress::Shipped => "shipped",
        Progress::Completed => "delivered",
    };
    items
        .iter()
        .zip(&totals.lines)
        .enumerate()
        .map(|(i, (item, amounts))| OrderLineRow {
            id: new_id("oln"),
            order_id: order.id.clone(),
            position: i as i64,
            product_id: item.product_id.clone(),
            sku: item.sku.clone(),
            name: item.name.clone(),
            product_type: item.product_type.clone(),
            qty: item.qty,
            unit_price_cents: item.unit.cents(),
            subtotal_cents: amounts.subtotal.cents(),
            discount_cents: amounts.discount.cents(),
            tax_cents: amounts.tax.cents(),
            total_cents: amounts.total.cents(),
            options: serde_json::to_string(&item.options).unwrap_or_else(|_| "[]".into()),
            serials: "[]".into(),
            weight_grams: item.weight_grams,
            warehouse: Some(region.warehouse().as_str().to_owned()),
            delivery_status: delivery.into(),
            coverage_until: None,
            refunded_qty: 0,
        })
        .collect()
}

/// The order's payment: captured at the test gateway, a pending bank
/// transfer, or on credit terms.
fn payment_row(order: &OrderRow, method: PaymentMethod, intent: Option<&str>) -> PaymentRow {
    let card = intent.is_some();
    PaymentRow {
        id: new_id("pay"),
        order_id: Some(order.id.clone()),
        user_id: order.user_id.clone(),
        method: method.as_str().into(),
        status: match method {
            PaymentMethod::BankTransfer => "pending",
            PaymentMethod::CreditTerms => "on_terms",
            _ => "captured",
        }
        .into(),
        amount_cents: order.total_cents,
        currency: order.currency.clone(),
        gateway: intent.map(|_| "test".to_owned()),
        gateway_ref: intent.map(str::to_owned),
        card_brand: card.then(|| "Visa".to_owned()),
        card_last4: card.then(|| "4242".to_owned()),
        card_exp_month: card.then_some(12),
        card_exp_year: card.then_some(2030),
        failure_code: None,
        failure_message: None,
        created_at: order.placed_at,
        updated_at: order.paid_at.unwrap_or(order.placed_at),
    }
}

/// The test gateway's side of a demo card payment (its token and captured
/// intent), so staff can refund the order through the gateway like any other.
pub(crate) fn test_card(order: &OrderRow, intent: &str) -> q::CapturedCard {
    let at = order.placed_at;
    q::CapturedCard {
        token_id: new_id("tok"),
        intent_id: intent.to_owned(),
        card: ("Visa", "4242", 12, 2030),
        amount_cents: order.total_cents,
        currency: order.currency.clone(),
        customer_ref: order.user_id.clone(),
        description: "Uplink order",
        return_url: "/checkout/confirm-order",
        cancel_url: "/checkout/payment",
        token_created_at: at - MINUTE,
        token_expires_at: at + 29 * MINUTE,
        authorised_at: at,
        captured_at: order.paid_at.unwrap_or(at),
    }
}

/// Takes the stock of an order still to ship, product by product in id
/// order, as checkout does.
async fn take_stock(tx: &mut AnyConnection, lines: &[OrderLineRow]) -> Result<(), DbError> {
    let mut wanted: std::collections::BTreeMap<(&str, &str), i64> = Default::default();
    for l in lines {
        if let Some(w) = &l.warehouse {
            *wanted.entry((&l.product_id, w)).or_default() += l.qty;
        }
    }
    for ((product, warehouse), qty) in wanted {
        if !uplink_db::stock::take_stock(tx, product, warehouse, qty)
            .await?
            .taken
        {
            return Err(demo_error(format!("too little stock of {product}")));
        }
    }
    Ok(())
}

/// The history as checkout, the gateway and fulfilment write it, at the
/// times they happened; the parcel as staff record it.
async fn write_history(
    tx: &mut AnyConnection,
    d: &DemoOrder,
    order: &OrderRow,
    lines: &[OrderLineRow],
) -> Result<(), DbError> {
    let placed = order.placed_at;
    let (status, note) = match d.pay {
        PaymentMethod::BankTransfer => (
            "pending_payment",
            "Order placed; waiting for the bank transfer.",
        ),
        PaymentMethod::CreditTerms => ("processing", "Order placed on credit terms."),
        PaymentMethod::Paypal => ("processing", "Order placed; paid with PayPal."),
        PaymentMethod::Card => ("processing", "Order placed; paid by card."),
    };
    q::insert_history_at(tx, &order.id, placed, status, "customer", note).await?;
    let (Some(parcel), Some(at)) = (&d.parcel, shipped_at(d, placed)) else {
        return Ok(());
    };
    let ids: Vec<&str> = lines.iter().map(|l| l.id.as_str()).collect();
    q::insert_shipment(
        tx,
        &ShipmentRow {
            id: new_id("shp"),
            order_id: order.id.clone(),
            carrier: parcel.carrier.into(),
            tracking_number: parcel.tracking.into(),
            line_ids: serde_json::to_string(&ids).unwrap_or_else(|_| "[]".into()),
            shipped_at: at,
            created_by: FULFILMENT.into(),
        },
    )
    .await?;
    let note = format!("Shipped with {} ({}).", parcel.carrier, parcel.tracking);
    q::insert_history_at(tx, &order.id, at, "shipped", "staff", &note).await?;
    if let Some(done) = completed_at(d, placed) {
        let note = "Delivered; order completed.";
        q::insert_history_at(tx, &order.id, done, "completed", "staff", note).await?;
    }
    Ok(())
}
