//! The demo orders of the demo customers: who has which, their amounts add
//! up as checkout adds them, and the stock they take. SQLite always;
//! PostgreSQL with `UPLINK_TEST_DATABASE_URL=postgres://…`.

use uplink_db::Db;
use uplink_db::orders::{self as q, OrderFilter, OrderRow};
use uplink_db::testing::TestDb;
use uplink_domain::catalog::Region;
use uplink_domain::checkout::shipping::priority_quote;

async fn orders_of(db: &Db, email: &str) -> Vec<OrderRow> {
    let user = db
        .user_by_email(email)
        .await
        .unwrap()
        .expect("demo account");
    let filter = OrderFilter {
        limit: 50,
        ..OrderFilter::default()
    };
    db.orders_of(&user.id, &filter).await.unwrap().0
}

async fn available(db: &Db, sku: &str, warehouse: &str) -> i64 {
    sqlx::query_scalar(
        "SELECT s.available FROM stock s JOIN products p ON p.id = s.product_id \
         WHERE p.sku = $1 AND s.warehouse = $2",
    )
    .bind(sku)
    .bind(warehouse)
    .fetch_one(db.pool())
    .await
    .unwrap()
}

/// Σ line totals + shipping = total, and subtotal − discount + tax + shipping
/// = total, over the lines and on the order row.
async fn assert_adds_up(db: &Db, o: &OrderRow) {
    let mut conn = db.pool().acquire().await.unwrap();
    let lines = q::lines_in(&mut conn, &o.id).await.unwrap();
    assert!(!lines.is_empty(), "{}", o.number);
    let sum = |f: fn(&q::OrderLineRow) -> i64| lines.iter().map(f).sum::<i64>();
    let (subtotal, discount, tax) = (
        sum(|l| l.subtotal_cents),
        sum(|l| l.discount_cents),
        sum(|l| l.tax_cents),
    );
    assert_eq!(sum(|l| l.total_cents) + o.shipping_cents, o.total_cents);
    assert_eq!(subtotal - discount + tax + o.shipping_cents, o.total_cents);
    assert_eq!(
        (subtotal, discount, tax),
        (o.subtotal_cents, o.discount_cents, o.tax_cents),
        "{}",
        o.number
    );
    for l in &lines {
        assert_eq!(l.unit_price_cents * l.qty, l.subtotal_cents);
        assert_eq!(
            l.subtotal_cents - l.discount_cents + l.tax_cents,
            l.total_cents
        );
        assert!(matches!(
            l.product_type.as_str(),
            "hardware" | "configurable"
        ));
    }
    let payments = q::payments_in(&mut conn, &o.id).await.unwrap();
    assert_eq!(payments.len(), 1);
    assert_eq!(payments[0].amount_cents, o.total_cents);
}

#[tokio::test]
async fn the_demo_customers_have_demo_orders_whose_amounts_add_up() {
    let t = TestDb::new().await;
    assert!(t.db.seed_demo_if_empty().await.unwrap());
    let customer = orders_of(&t.db, "customer@uplink.test").await;
    let us = orders_of(&t.db, "us.customer@uplink.test").await;
    let business = orders_of(&t.db, "business@uplink.test").await;
    let numbers = |v: &[OrderRow]| v.iter().map(|o| o.number.clone()).collect::<Vec<_>>();
    // Newest first; numbered in the order they were placed.
    assert_eq!(numbers(&customer), ["UL-000004", "UL-000001"]);
    assert_eq!(numbers(&business), ["UL-000002"]);
    assert_eq!(numbers(&us), ["UL-000003"]);
    for o in customer.iter().chain(&us).chain(&business) {
        assert_adds_up(&t.db, o).await;
    }

    let (transfer, shipped) = (&customer[0], &customer[1]);
    assert_eq!(
        (shipped.status.as_str(), shipped.payment_status.as_str()),
        ("shipped", "paid")
    );
    assert_eq!(shipped.coupon_code.as_deref(), Some("WELCOME10"));
    assert_eq!(shipped.discount_cents * 10, shipped.subtotal_cents);
    assert_eq!(shipped.shipping_method, "priority");
    assert!(
        shipped
            .shipping_address
            .as_deref()
            .unwrap()
            .contains("Berlin")
    );
    let mut conn = t.db.pool().acquire().await.unwrap();
    let lines = q::lines_in(&mut conn, &shipped.id).await.unwrap();
    let weight: i64 = lines.iter().map(|l| l.weight_grams * l.qty).sum();
    assert_eq!(
        shipped.shipping_cents,
        priority_quote(Region::Global, "DE", weight).fee_cents
    );
    assert!(lines.iter().all(|l| l.discount_cents > 0));
    assert!(
        lines[0]
            .options
            .contains("Pre-configured with your settings")
    );
    let shipments = q::shipments_in(&mut conn, &shipped.id).await.unwrap();
    assert_eq!(shipments.len(), 1);
    assert_eq!(shipments[0].carrier, "DHL");
    let history: Vec<String> = q::history_in(&mut conn, &shipped.id)
        .await
        .unwrap()
        .into_iter()
        .map(|h| h.status)
        .collect();
    assert_eq!(history, ["processing", "shipped"]);
    let card = &q::payments_in(&mut conn, &shipped.id).await.unwrap()[0];
    assert_eq!(
        (card.card_brand.as_deref(), card.card_last4.as_deref()),
        (Some("Visa"), Some("4242"))
    );
    assert!(shipped.placed_at < uplink_db::now_ms() - 19 * 86_400_000);

    assert_eq!(
        (transfer.status.as_str(), transfer.payment_status.as_str()),
        ("pending_payment", "pending")
    );
    assert_eq!(transfer.pay_by, Some(transfer.placed_at + 14 * 86_400_000));
    assert_eq!(transfer.payment_reference.as_deref(), Some("UL-000004"));

    let us = &us[0];
    assert_eq!(
        (us.store_code.as_str(), us.status.as_str()),
        ("us", "processing")
    );
    assert_eq!(us.payment_status, "paid");
    // California, 7.25 %, per line on the discounted amount.
    assert!(us.tax_cents > 0);
    assert_eq!(us.tax_cents, 4_923 + 1_805);

    let business = &business[0];
    assert_eq!(
        (business.status.as_str(), business.payment_status.as_str()),
        ("completed", "on_terms")
    );
    assert_eq!(business.store_code, "global");
    let lines = q::lines_in(&mut conn, &business.id).await.unwrap();
    assert!(lines.iter().all(|l| l.delivery_status == "delivered"));
    assert_eq!(
        t.db.credit_owed(&business.user_id).await.unwrap(),
        business.total_cents
    );
}

#[tokio::test]
async fn unshipped_demo_orders_take_their_stock_and_a_second_seed_adds_none() {
    let t = TestDb::new().await;
    t.db.seed_demo_catalog().await.unwrap();
    let before = [
        available(&t.db, "AP-ONE-AX", "Global").await,
        available(&t.db, "UL-BRANCH-500", "US").await,
        available(&t.db, "MAX-BR1-MINI-C4", "Global").await,
    ];
    t.db.seed_demo_if_empty().await.unwrap();
    let after = [
        available(&t.db, "AP-ONE-AX", "Global").await,
        available(&t.db, "UL-BRANCH-500", "US").await,
        available(&t.db, "MAX-BR1-MINI-C4", "Global").await,
    ];
    // The bank transfer and the US order wait to ship; the shipped order's units are gone already.
    assert_eq!(after, [before[0] - 1, before[1] - 1, before[2]]);

    assert!(!t.db.seed_demo_if_empty().await.unwrap());
    t.db.seed_demo_orders().await.unwrap();
    let count: i64 = sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM orders")
        .fetch_one(t.db.pool())
        .await
        .unwrap();
    assert_eq!(count, 4);
}
