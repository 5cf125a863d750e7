//! The demo of the app referral programme (D103), so `/account`, the
//! referral and rewards pages have something to show on a fresh start:
//! customer@uplink.test has the referral code `WEBER2R7`, and her friend
//! Jonas Berg (jonas@uplink.test) used it for his first order in the
//! referral store three weeks ago — a licence and a cloud plan for his
//! router, 10 % off — which earned her two rewards, available now: one to
//! turn into a coupon, one to redeem as data on her own cloud plan.

use super::order_pricing::{Line, demo_error, item, store_facts};
use uplink_db::delivery::{LicenceKeyRow, SubscriptionRow};
use uplink_db::devices::NewDevice;
use uplink_db::orders::{self as q, OrderLineRow, OrderRow, PaymentRow};
use uplink_db::referrals as rq;
use uplink_db::{Db, DbError};
use uplink_domain::cart::{LineInput, PriceSheet};
use uplink_domain::catalog::ProductType;
use uplink_domain::checkout::order_number;
use uplink_domain::devices::standard_warranty_end_ms;
use uplink_domain::ids::new_id;
use uplink_domain::money::Money;
use uplink_domain::referrals::{PaidLine, ReferralTerms, rewards_for};

const DAY: i64 = 86_400_000;
pub const REFERRER: &str = "customer@uplink.test";
pub const REFERRER_CODE: &str = "WEBER2R7";
pub const REFEREE: &str = "jonas@uplink.test";
const SERIAL: &str = "1824-JONS-0001";

/// Seeds the referral demo (after the demo accounts, catalogue and orders).
pub async fn seed_demo_referrals(db: &Db) -> Result<(), DbError> {
    let (Some(referrer), Some(referee)) = (
        db.user_by_email(REFERRER).await?,
        db.user_by_email(REFEREE).await?,
    ) else {
        return Ok(());
    };
    let now = uplink_db::now_ms();
    let placed = now - 21 * DAY;
    db.add_device(&NewDevice {
        serial: SERIAL,
        user_id: &referee.id,
        model_code: "BR1-MINI",
        name: "Camper van",
        prime: false,
        source: "manual",
        registered_at: placed - 30 * DAY,
        warranty_ends_at: standard_warranty_end_ms(placed - 30 * DAY),
    })
    .await?;
    let address = db
        .addresses_of(&referee.id)
        .await?
        .into_iter()
        .next()
        .map(|a| serde_json::to_string(&a.address()).unwrap_or_default())
        .unwrap_or_else(|| "{}".into());
    let terms = ReferralTerms::default();
    let mut tx = db.begin_write().await?;
    if rq::claim_code(&mut tx, &referrer.id, REFERRER_CODE)
        .await?
        .is_none()
    {
        return Err(demo_error("the demo referral code is taken".into()));
    }
    let store = store_facts(&mut tx, "referral").await?;
    let mut items = Vec::new();
    for sku in ["LIC-WAN-SMOOTH", "SFC-20GB-1M"] {
        items.push(item(&mut tx, &store, &Line(sku, 1, &[])).await?);
    }
    let inputs: Vec<LineInput> = items
        .iter()
        .map(|i| LineInput {
            unit_price: i.unit,
            qty: 1,
        })
        .collect();
    let mut sheet = PriceSheet::at_unit_prices(&inputs, Money::ZERO)
        .map_err(|_| demo_error("demo referral order too large".into()))?;
    let off = sheet.apply_percent_to(terms.referee_discount_bp, &[true, true]);
    sheet.apply_tax(0);
    let totals = sheet
        .totals()
        .map_err(|_| demo_error("demo referral order too large".into()))?;
    let number = order_number(q::next_order_seq(&mut tx).await?);
    let intent = new_id("pi");
    let order = OrderRow {
        id: new_id("ord"),
        number,
        store_code: store.code.clone(),
        user_id: referee.id.clone(),
        email: referee.email.clone(),
        status: "completed".into(),
        currency: store.currency.clone(),
        subtotal_cents: totals.subtotal.cents(),
        discount_cents: totals.discount.cents(),
        shipping_cents: 0,
        tax_cents: 0,
        total_cents: totals.total.cents(),
        coupon_code: None,
        payment_method: "card".into(),
        payment_status: "paid".into(),
        payment_reference: Some(intent.clone()),
        shipping_method: "none".into(),
        shipping_details: "{}".into(),
        shipping_address: None,
        billing_address: address,
        digital_only: true,
        pay_by: None,
        placed_at: placed,
        paid_at: Some(placed + 60_000),
        updated_at: placed + 120_000,
        partner_id: None,
        partner_referral_code: None,
        partner_name: None,
        quotation_number: None,
        partner_channel: None,
        end_customer: None,
        recipient_user_id: None,
        price_list: "store".into(),
        referrer_user_id: Some(referrer.id.clone()),
        app_referral_code: Some(REFERRER_CODE.into()),
        referral_discount_cents: off.cents(),
    };
    q::insert_order(&mut tx, &order).await?;
    let mut paid_lines = Vec::new();
    for (i, (it, amounts)) in items.iter().zip(&totals.lines).enumerate() {
        let line = OrderLineRow {
            id: new_id("oln"),
            order_id: order.id.clone(),
            position: i as i64,
            product_id: it.product_id.clone(),
            sku: it.sku.clone(),
            name: it.name.clone(),
            product_type: it.product_type.clone(),
            qty: 1,
            unit_price_cents: it.unit.cents(),
            subtotal_cents: amounts.subtotal.cents(),
            discount_cents: amounts.discount.cents(),
            tax_cents: 0,
            total_cents: amounts.total.cents(),
            options: "[]".into(),
            serials: serde_json::to_string(&[SERIAL]).unwrap_or_default(),
            weight_grams: 0,
            warehouse: None,
            delivery_status: "delivered".into(),
            coverage_until: None,
            refunded_qty: 0,
        };
        q::insert_line(&mut tx, &line).await?;
        deliver(&mut tx, &referee.id, it, &line, placed + 120_000).await?;
        paid_lines.push(PaidLine {
            product_type: ProductType::parse(&it.product_type).unwrap_or(ProductType::License),
            paid: amounts.subtotal - amounts.discount,
        });
    }
    q::insert_payment(
        &mut tx,
        &PaymentRow {
            id: new_id("pay"),
            order_id: Some(order.id.clone()),
            user_id: referee.id.clone(),
            method: "card".into(),
            status: "captured".into(),
            amount_cents: order.total_cents,
            currency: order.currency.clone(),
            gateway: Some("test".into()),
            gateway_ref: Some(intent),
            card_brand: Some("Visa".into()),
            card_last4: Some("1881".into()),
            card_exp_month: Some(9),
            card_exp_year: Some(2031),
            failure_code: None,
            failure_message: None,
            created_at: placed,
            updated_at: placed + 60_000,
        },
    )
    .await?;
    let card = order
        .payment_reference
        .as_deref()
        .map(|intent| crate::orders::test_card(&order, intent));
    let note = "Order placed with a friend's referral code; paid by card.";
    q::insert_history_at(&mut tx, &order.id, placed, "processing", "customer", note).await?;
    let done = "2 digital items delivered.";
    q::insert_history_at(
        &mut tx,
        &order.id,
        placed + 120_000,
        "completed",
        "system",
        done,
    )
    .await?;
    for (kind, value) in rewards_for(&terms, &paid_lines) {
        rq::insert_reward(
            &mut tx,
            &rq::NewReward {
                referrer: &referrer.id,
                referee: &referee.id,
                order_id: &order.id,
                kind,
                value_cents: value.cents(),
                currency: &order.currency,
                now: placed + 60_000,
            },
        )
        .await?;
    }
    // Past the 14-day return window: available (since yesterday) for a year.
    rq::mature_rewards(&mut tx, now - DAY, 14 * DAY, 365 * DAY).await?;
    tx.commit().await?;
    db.record_captured_cards(card.as_slice()).await
}

/// What the line delivered: the licence key, or the cloud plan's subscription.
async fn deliver(
    tx: &mut sqlx::AnyConnection,
    owner: &str,
    it: &super::order_pricing::Item,
    line: &OrderLineRow,
    at: i64,
) -> Result<(), DbError> {
    if it.product_type == "cloud" {
        uplink_db::delivery::insert_subscription(
            tx,
            &SubscriptionRow {
                id: new_id("sub"),
                user_id: owner.to_owned(),
                serial: SERIAL.into(),
                family: "cloud".into(),
                sku: it.sku.clone(),
                name: it.name.clone(),
                allowance_mb: Some(20 * 1024),
                used_mb: 3 * 1024,
                starts_at: at,
                expires_at: at + 30 * DAY,
                updated_at: at,
            },
        )
        .await?;
        return Ok(());
    }
    uplink_db::delivery::insert_licence_key(
        tx,
        &LicenceKeyRow {
            id: new_id("lic"),
            order_line_id: line.id.clone(),
            user_id: owner.to_owned(),
            serial: SERIAL.into(),
            licence_key: uplink_domain::licence_key::new_key(),
            sku: it.sku.clone(),
            name: it.name.clone(),
            starts_at: at,
            ends_at: None,
            created_at: at,
        },
    )
    .await?;
    Ok(())
}
