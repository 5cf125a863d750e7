//! The demo partner's activity (D102), so `/partner` has something to show
//! on a fresh start: orders credited to Skyline Resellers
//! (partner@uplink.test) with rebates in every status — paid (in a payout),
//! available, pending, cancelled with its order, and one clawed back. The
//! buyer is Skyline's customer Marta Nowak of Baltic Ferries
//! (marta@uplink.test), through Skyline's referral code and its mini-store;
//! and Priya placed one pavilion order for her. Marta's three devices carry
//! the licences those orders delivered.
//!
//! The orders are licences for serial numbers, priced as checkout prices
//! them (the store's price, or the partner price list in the pavilion) and
//! written with the order and delivery queries, delivered: each serial has
//! its key. The ledger moves through the storage layer's own steps
//! (maturing, payout, settling a cancelled order).

use super::order_pricing::{Line, demo_error, item, store_facts};
use sqlx::AnyConnection;
use uplink_db::delivery::LicenceKeyRow;
use uplink_db::devices::NewDevice;
use uplink_db::orders::{self as q, OrderLineRow, OrderRow, PaymentRow};
use uplink_db::partners::{self as pq, NewRebate};
use uplink_db::{Db, DbError};
use uplink_domain::cart::{LineInput, price_lines};
use uplink_domain::checkout::order_number;
use uplink_domain::devices::standard_warranty_end_ms;
use uplink_domain::ids::new_id;
use uplink_domain::money::Money;
use uplink_domain::partner_referral::rebate;

const DAY: i64 = 86_400_000;
const PARTNER: &str = "partner@uplink.test";
/// The pavilion's demo end customer (an account that signs in).
pub const END_CUSTOMER: &str = "marta@uplink.test";

/// How an order reached the partner, and what became of it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// The cart's partner code SKYLINE.
    Referral,
    /// Placed in the Skyline mini-store.
    MiniStore,
    /// Priya's pavilion order for the end customer.
    Pavilion,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Fate {
    /// Paid by card and delivered.
    Delivered,
    /// A bank transfer that never arrived: cancelled after 14 days.
    Unpaid,
    /// Paid and delivered, then refunded by staff after the return window.
    Refunded,
}

struct DemoOrder {
    buyer: &'static str,
    store: &'static str,
    kind: Kind,
    fate: Fate,
    placed_ago: i64,
    sku: &'static str,
    serials: &'static [&'static str],
}

/// Oldest first.
fn demo_orders() -> Vec<DemoOrder> {
    vec![
        DemoOrder {
            buyer: END_CUSTOMER,
            store: "global",
            kind: Kind::Referral,
            fate: Fate::Delivered,
            placed_ago: 45 * DAY,
            sku: "LIC-WAN-SMOOTH",
            serials: &["1824-BALT-0003"],
        },
        DemoOrder {
            buyer: END_CUSTOMER,
            store: "skyline",
            kind: Kind::MiniStore,
            fate: Fate::Delivered,
            placed_ago: 30 * DAY,
            sku: "LIC-IC2-3Y",
            serials: &["2933-BALT-0002"],
        },
        DemoOrder {
            buyer: END_CUSTOMER,
            store: "skyline",
            kind: Kind::MiniStore,
            fate: Fate::Refunded,
            placed_ago: 26 * DAY,
            sku: "LIC-IC2-1Y",
            serials: &["2933-BALT-0002"],
        },
        DemoOrder {
            buyer: END_CUSTOMER,
            store: "skyline",
            kind: Kind::MiniStore,
            fate: Fate::Unpaid,
            placed_ago: 20 * DAY,
            sku: "LIC-IC2-3Y",
            serials: &["1824-BALT-0003"],
        },
        DemoOrder {
            buyer: PARTNER,
            store: "global",
            kind: Kind::Pavilion,
            fate: Fate::Delivered,
            placed_ago: 6 * DAY,
            sku: "LIC-WAN-SMOOTH",
            serials: &["1824-BALT-0001", "2933-BALT-0002"],
        },
        DemoOrder {
            buyer: END_CUSTOMER,
            store: "skyline",
            kind: Kind::MiniStore,
            fate: Fate::Delivered,
            placed_ago: 2 * DAY,
            sku: "LIC-IC2-3Y",
            serials: &["1824-BALT-0003"],
        },
    ]
}

/// The end customer's devices, registered before the pavilion order
/// delivered their licences.
const MARTA_DEVICES: [(&str, &str, &str); 3] = [
    ("1824-BALT-0001", "BR1-MINI", "Ferry Aurora"),
    ("2933-BALT-0002", "TRANSIT-DUO", "Ferry Borealis"),
    ("1824-BALT-0003", "BR1-MINI", "Harbour office Gdynia"),
];

/// A buyer and the address their orders are billed to.
struct Buyer {
    id: String,
    email: String,
    address: uplink_domain::accounts::address::Address,
}

async fn buyer(db: &Db, email: &str) -> Result<Option<Buyer>, DbError> {
    let Some(user) = db.user_by_email(email).await? else {
        return Ok(None);
    };
    let addresses = db.addresses_of(&user.id).await?;
    let Some(a) = addresses
        .iter()
        .find(|a| a.is_default_billing)
        .or(addresses.first())
    else {
        return Ok(None);
    };
    Ok(Some(Buyer {
        id: user.id,
        email: user.email,
        address: a.address(),
    }))
}

/// Seeds the partner's demo activity (after the demo orders and devices).
pub async fn seed_demo_partner_activity(db: &Db) -> Result<(), DbError> {
    let (Some(partner_user), Some(marta)) = (
        db.user_by_email(PARTNER).await?,
        db.user_by_email(END_CUSTOMER).await?,
    ) else {
        return Ok(());
    };
    let now = uplink_db::now_ms();
    for (serial, model, name) in MARTA_DEVICES {
        db.add_device(&NewDevice {
            serial,
            user_id: &marta.id,
            model_code: model,
            name,
            prime: false,
            source: "manual",
            registered_at: now - 200 * DAY,
            warranty_ends_at: standard_warranty_end_ms(now - 200 * DAY),
        })
        .await?;
    }
    let mut buyers = std::collections::HashMap::new();
    for d in demo_orders() {
        if let Some(b) = buyer(db, d.buyer).await? {
            buyers.insert(d.buyer, b);
        }
    }
    let (mut tx, mut cards) = (db.begin_write().await?, Vec::new());
    let partner = pq::partner_of_user(&mut tx, &partner_user.id)
        .await?
        .ok_or_else(|| demo_error("the demo partner has no partner row".into()))?;
    let window = 14 * DAY;
    for d in demo_orders() {
        let Some(buyer) = buyers.get(d.buyer) else {
            continue;
        };
        // The first payout went out 20 days ago, before the later orders matured.
        if d.placed_ago == 30 * DAY {
            let then = now - 20 * DAY;
            pq::mature_rebates(&mut tx, then, window).await?;
            let due = pq::ledger_totals(&mut tx, &partner.id)
                .await?
                .available_cents;
            pq::pay_out(
                &mut tx,
                &partner.id,
                due,
                "SKY-PAYOUT-0001",
                "admin@uplink.test",
                then,
            )
            .await?
            .map_err(|_| demo_error("demo payout refused".into()))?;
        }
        let recipient = (d.kind == Kind::Pavilion).then_some(marta.id.as_str());
        let order = write_order(&mut tx, &d, buyer, &partner, recipient, now, &mut cards).await?;
        if d.fate == Fate::Refunded {
            // Refunded after the return window: its rebate was available,
            // so it is clawed back.
            pq::mature_rebates(&mut tx, now - 3 * DAY, window).await?;
            q::set_status(&mut tx, &order.id, "completed", "refunded").await?;
        }
        if d.fate != Fate::Delivered {
            pq::settle_order_rebates(&mut tx, &order.id, order.updated_at).await?;
        }
    }
    pq::mature_rebates(&mut tx, now, window).await?;
    tx.commit().await?;
    db.record_captured_cards(&cards).await
}

/// One licence order: its line, payment, history, keys and rebate; its
/// card payment's gateway records go to `cards`.
async fn write_order(
    tx: &mut AnyConnection,
    d: &DemoOrder,
    buyer: &Buyer,
    partner: &uplink_db::partners::PartnerRow,
    recipient: Option<&str>,
    now: i64,
    cards: &mut Vec<q::CapturedCard>,
) -> Result<OrderRow, DbError> {
    let store = store_facts(tx, d.store).await?;
    let qty = d.serials.len() as i64;
    let mut it = item(tx, &store, &Line(d.sku, qty, &[])).await?;
    if d.kind == Kind::Pavilion {
        // The pavilion sells at the partner price list.
        let share = super::partners::PARTNER_PRICE_BP;
        it.unit = it.unit.percent_bp(share);
    }
    let totals = price_lines(
        &[LineInput {
            unit_price: it.unit,
            qty,
        }],
        None,
        0,
        Money::ZERO,
    )
    .map_err(|_| demo_error("demo partner order too large".into()))?;
    let placed = now - d.placed_ago;
    let number = order_number(q::next_order_seq(tx).await?);
    let paid = d.fate != Fate::Unpaid;
    let (status, updated) = match d.fate {
        Fate::Delivered => ("completed", placed + 2 * 60_000),
        Fate::Unpaid => ("cancelled", placed + 14 * DAY),
        // Refunded below, once its rebate has matured.
        Fate::Refunded => ("completed", now - DAY),
    };
    let address = serde_json::to_string(&buyer.address).unwrap_or_default();
    let mut order = OrderRow {
        id: new_id("ord"),
        number: number.clone(),
        store_code: store.code.clone(),
        user_id: buyer.id.clone(),
        email: buyer.email.clone(),
        status: status.into(),
        currency: store.currency.clone(),
        subtotal_cents: totals.subtotal.cents(),
        discount_cents: totals.discount.cents(),
        shipping_cents: 0,
        tax_cents: totals.tax.cents(),
        total_cents: totals.total.cents(),
        coupon_code: None,
        payment_method: if paid { "card" } else { "bank_transfer" }.into(),
        payment_status: match d.fate {
            Fate::Delivered => "paid",
            Fate::Unpaid => "voided",
            Fate::Refunded => "refunded",
        }
        .into(),
        payment_reference: Some(if paid { new_id("pi") } else { number.clone() }),
        shipping_method: "none".into(),
        shipping_details: "{}".into(),
        shipping_address: None,
        billing_address: address,
        digital_only: true,
        pay_by: (!paid).then_some(placed + 14 * DAY),
        placed_at: placed,
        paid_at: paid.then_some(placed + 60_000),
        updated_at: updated,
        partner_id: None,
        partner_referral_code: None,
        partner_name: None,
        quotation_number: None,
        partner_channel: None,
        end_customer: recipient.map(|_| {
            serde_json::json!({
                "name": "Marta Nowak",
                "company": "Baltic Ferries",
                "email": END_CUSTOMER,
            })
            .to_string()
        }),
        recipient_user_id: recipient.map(str::to_owned),
        price_list: if d.kind == Kind::Pavilion {
            "partner"
        } else {
            "store"
        }
        .into(),
        referrer_user_id: None,
        app_referral_code: None,
        referral_discount_cents: 0,
    };
    q::insert_order(tx, &order).await?;
    let amounts = totals.lines[0];
    let line = OrderLineRow {
        id: new_id("oln"),
        order_id: order.id.clone(),
        position: 0,
        product_id: it.product_id.clone(),
        sku: it.sku.clone(),
        name: it.name.clone(),
        product_type: it.product_type.clone(),
        qty,
        unit_price_cents: it.unit.cents(),
        subtotal_cents: amounts.subtotal.cents(),
        discount_cents: amounts.discount.cents(),
        tax_cents: amounts.tax.cents(),
        total_cents: amounts.total.cents(),
        options: "[]".into(),
        serials: serde_json::to_string(d.serials).unwrap_or_else(|_| "[]".into()),
        weight_grams: 0,
        warehouse: None,
        delivery_status: if paid { "delivered" } else { "cancelled" }.into(),
        coverage_until: None,
        refunded_qty: 0,
    };
    q::insert_line(tx, &line).await?;
    q::insert_payment(tx, &payment(&order, paid, d.fate)).await?;
    if let (true, Fate::Delivered, Some(intent)) = (paid, d.fate, &order.payment_reference) {
        cards.push(crate::orders::test_card(&order, intent));
    }
    history(tx, &order, d.fate).await?;
    if paid {
        for serial in d.serials {
            let owner = recipient.unwrap_or(&buyer.id);
            uplink_db::delivery::insert_licence_key(
                tx,
                &LicenceKeyRow {
                    id: new_id("lic"),
                    order_line_id: line.id.clone(),
                    user_id: owner.to_owned(),
                    serial: (*serial).to_owned(),
                    licence_key: uplink_domain::licence_key::new_key(),
                    sku: it.sku.clone(),
                    name: it.name.clone(),
                    starts_at: placed + 2 * 60_000,
                    ends_at: None,
                    created_at: placed + 2 * 60_000,
                },
            )
            .await?;
        }
    }
    credit(tx, &mut order, &line, partner, d.kind).await?;
    Ok(order)
}

/// The partner on the order and, unless it is the pavilion's, the rebate.
async fn credit(
    tx: &mut AnyConnection,
    order: &mut OrderRow,
    line: &OrderLineRow,
    partner: &uplink_db::partners::PartnerRow,
    kind: Kind,
) -> Result<(), DbError> {
    pq::set_order_partner(tx, &order.id, partner).await?;
    let channel = match kind {
        Kind::Referral => "referral_code",
        Kind::MiniStore => "ministore",
        Kind::Pavilion => "pavilion",
    };
    pq::set_order_channel(tx, &order.id, channel).await?;
    if kind == Kind::Pavilion {
        return Ok(());
    }
    let eligible = line.subtotal_cents - line.discount_cents;
    pq::insert_rebate(
        tx,
        &NewRebate {
            partner_id: &partner.id,
            order_id: &order.id,
            order_line_id: &line.id,
            eligible_cents: eligible,
            rate_bp: partner.rebate_bp,
            rebate_cents: rebate(Money::from_cents(eligible), partner.rebate_bp).cents(),
        },
    )
    .await?;
    Ok(())
}

fn payment(order: &OrderRow, paid: bool, fate: Fate) -> PaymentRow {
    PaymentRow {
        id: new_id("pay"),
        order_id: Some(order.id.clone()),
        user_id: order.user_id.clone(),
        method: order.payment_method.clone(),
        status: match fate {
            Fate::Delivered => "captured",
            Fate::Unpaid => "voided",
            Fate::Refunded => "refunded",
        }
        .into(),
        amount_cents: order.total_cents,
        currency: order.currency.clone(),
        gateway: paid.then(|| "test".to_owned()),
        gateway_ref: paid.then(|| order.payment_reference.clone()).flatten(),
        card_brand: paid.then(|| "Visa".to_owned()),
        card_last4: paid.then(|| "4242".to_owned()),
        card_exp_month: paid.then_some(12),
        card_exp_year: paid.then_some(2030),
        failure_code: None,
        failure_message: None,
        created_at: order.placed_at,
        updated_at: order.updated_at,
    }
}

async fn history(tx: &mut AnyConnection, order: &OrderRow, fate: Fate) -> Result<(), DbError> {
    let placed = order.placed_at;
    let (first, note) = match fate {
        Fate::Unpaid => (
            "pending_payment",
            "Order placed; waiting for the bank transfer.",
        ),
        _ => ("processing", "Order placed; paid by card."),
    };
    q::insert_history_at(tx, &order.id, placed, first, "customer", note).await?;
    match fate {
        Fate::Delivered | Fate::Refunded => {
            let at = placed + 2 * 60_000;
            q::insert_history_at(
                tx,
                &order.id,
                at,
                "completed",
                "system",
                "1 digital item delivered.",
            )
            .await?;
        }
        Fate::Unpaid => {}
    }
    match fate {
        Fate::Unpaid => {
            let note = "No payment arrived within 14 days, so the order was cancelled.";
            q::insert_history_at(tx, &order.id, order.updated_at, "cancelled", "system", note)
                .await?;
            Ok(())
        }
        Fate::Refunded => {
            let note = "Refunded at the customer's request.";
            q::insert_history_at(tx, &order.id, order.updated_at, "refunded", "staff", note)
                .await?;
            Ok(())
        }
        Fate::Delivered => Ok(()),
    }
}
