//! The demo and benchmark data a store is seeded with: the demo catalogue,
//! the benchmark generator, the demo accounts and devices, and the demo
//! orders (who has which, their amounts add up as checkout adds them, and
//! the stock they take). SQLite always; PostgreSQL with
//! `UPLINK_TEST_DATABASE_URL=postgres://…`.

use uplink_db::Db;
use uplink_db::devices::DeviceFilter;
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
    assert!(uplink_seed::seed_demo_if_empty(&t.db).await.unwrap());
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
    uplink_seed::seed_demo_catalog(&t.db).await.unwrap();
    let before = [
        available(&t.db, "AP-ONE-AX", "Global").await,
        available(&t.db, "UL-BRANCH-500", "US").await,
        available(&t.db, "MAX-BR1-MINI-C4", "Global").await,
    ];
    uplink_seed::seed_demo_if_empty(&t.db).await.unwrap();
    let after = [
        available(&t.db, "AP-ONE-AX", "Global").await,
        available(&t.db, "UL-BRANCH-500", "US").await,
        available(&t.db, "MAX-BR1-MINI-C4", "Global").await,
    ];
    // The bank transfer and the US order wait to ship; the shipped order's units are gone already.
    assert_eq!(after, [before[0] - 1, before[1] - 1, before[2]]);

    assert!(!uplink_seed::seed_demo_if_empty(&t.db).await.unwrap());
    uplink_seed::seed_demo_orders(&t.db).await.unwrap();
    let count: i64 = sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM orders")
        .fetch_one(t.db.pool())
        .await
        .unwrap();
    // The four demo orders, the six of the partner demo (`partner_orders.rs`)
    // and the referral demo's one (`referrals.rs`).
    assert_eq!(count, 11);
}

#[tokio::test]
async fn the_demo_seed_writes_stores_categories_products_models_and_media() {
    let t = TestDb::new().await;
    let v0 = t.db.catalog_version().await.unwrap();
    assert!(uplink_seed::seed_demo_catalog(&t.db).await.unwrap());
    assert!(
        t.db.catalog_version().await.unwrap() > v0,
        "seeding bumps the version"
    );
    let rows = t.db.load_catalog().await.unwrap();
    assert_eq!(rows.stores.len(), 6);
    let global = rows.stores.iter().find(|s| s.code == "global").unwrap();
    assert!(*global.is_default && *global.active);
    assert_eq!(global.kind, "ESTORE");
    assert!(
        rows.stores
            .iter()
            .any(|s| s.kind == "MINISTORE_REFERRAL_PROGRAM" && s.referral_terms.is_some())
    );
    for name in [
        "Data Plan License",
        "Cloud",
        "Cloud Connect",
        "Cloud Unlimited",
    ] {
        assert!(rows.categories.iter().any(|c| c.name == name), "{name}");
    }
    let listable = rows
        .products
        .iter()
        .filter(|p| p.parent_id.is_none() && p.status == "active")
        .count();
    assert!(listable >= 60, "{listable}");
    assert!(rows.models.len() >= 20);
    assert!(rows.models.iter().any(|m| *m.prime));
    assert!(rows.products.iter().any(|p| p.compare_at_cents.is_some()));
    assert!(
        rows.products
            .iter()
            .any(|p| p.data_mb.is_none() && p.product_type == "cloud-unlimited")
    );
    assert!(rows.prices.iter().any(|p| !*p.sold));
    assert!(rows.prices.iter().any(|p| p.price_cents.is_none()));
    assert!(
        rows.option_values
            .iter()
            .any(|v| v.price_delta_bp == Some(1_500))
    );
    assert!(rows.downloads.iter().all(|d| d.size_bytes > 0));
    assert!(rows.stock.iter().any(|s| s.available == 0));
    assert!(
        !uplink_seed::seed_demo_catalog(&t.db).await.unwrap(),
        "a second seed does nothing"
    );
}

#[tokio::test]
async fn the_benchmark_generator_fills_the_catalogue_to_the_requested_size() {
    let t = TestDb::new().await;
    let generated = uplink_seed::seed_bench(&t.db, 400).await.unwrap();
    assert!(generated > 300);
    let rows = t.db.load_catalog().await.unwrap();
    let listable = rows
        .products
        .iter()
        .filter(|p| p.parent_id.is_none() && p.status == "active")
        .count();
    assert_eq!(listable, 400);
    assert_eq!(
        uplink_seed::seed_bench(&t.db, 400).await.unwrap(),
        0,
        "already big enough"
    );
}

#[tokio::test]
async fn demo_accounts_are_seeded_once_with_roles_and_credit_terms() {
    let t = TestDb::new().await;
    assert!(uplink_seed::seed_demo_if_empty(&t.db).await.unwrap());
    assert!(!uplink_seed::seed_demo_if_empty(&t.db).await.unwrap());
    let business =
        t.db.user_by_email("business@uplink.test")
            .await
            .unwrap()
            .unwrap();
    assert_eq!(business.credit_limit_cents, Some(5_000_000));
    assert_eq!(business.payment_terms_days, Some(30));
    assert!(business.is_customer && !business.is_admin);
    let admin =
        t.db.user_by_email("admin@uplink.test")
            .await
            .unwrap()
            .unwrap();
    assert!(admin.is_admin);
    let partner =
        t.db.user_by_email("partner@uplink.test")
            .await
            .unwrap()
            .unwrap();
    assert!(partner.is_partner && partner.is_customer);
    assert_eq!(t.db.addresses_of(&business.id).await.unwrap().len(), 1);
}

#[tokio::test]
async fn demo_customers_own_devices_in_every_coverage_state_with_plans_and_an_esim() {
    use uplink_domain::devices::{WarrantyState, ms_date, warranty_state};
    let t = TestDb::new().await;
    uplink_seed::seed_demo_if_empty(&t.db).await.unwrap();
    let today = ms_date(uplink_db::now_ms());
    let mut states = Vec::new();
    let mut prime = (0, 0);
    for email in [
        "customer@uplink.test",
        "us.customer@uplink.test",
        "business@uplink.test",
    ] {
        let u = t.db.user_by_email(email).await.unwrap().unwrap();
        for d in
            t.db.devices_of(&u.id, &DeviceFilter::default())
                .await
                .unwrap()
        {
            states.push(warranty_state(ms_date(d.warranty_ends_at), today));
            if d.prime { prime.0 += 1 } else { prime.1 += 1 }
        }
    }
    for s in [
        WarrantyState::Active,
        WarrantyState::Expiring,
        WarrantyState::Grace,
        WarrantyState::Expired,
    ] {
        assert!(states.contains(&s), "no demo device is {s:?}: {states:?}");
    }
    assert!(prime.0 > 0 && prime.1 > 0);
    let customer =
        t.db.user_by_email("customer@uplink.test")
            .await
            .unwrap()
            .unwrap();
    let subs = t.db.subscriptions_of(&customer.id).await.unwrap();
    assert!(
        subs.iter()
            .any(|s| s.allowance_mb.is_some_and(|a| a > s.used_mb)),
        "{subs:?}"
    );
    let esims = t.db.esims_of(&customer.id).await.unwrap();
    assert_eq!(esims.len(), 1);
    assert!(uplink_domain::iccid::Iccid::parse(&esims[0].iccid).is_ok());
    assert_eq!(
        esims[0].activation_code,
        format!("LPA:1${}${}", esims[0].smdp, esims[0].matching_id)
    );
    let business =
        t.db.user_by_email("business@uplink.test")
            .await
            .unwrap()
            .unwrap();
    let renewing = DeviceFilter {
        auto_renew: Some(true),
        ..DeviceFilter::default()
    };
    let on_terms = t.db.devices_of(&business.id, &renewing).await.unwrap();
    assert_eq!(on_terms[0].renew_method.as_deref(), Some("credit_terms"));
}

#[tokio::test]
async fn the_demo_partner_has_rebates_in_every_status_and_a_pavilion_order_for_its_end_customer() {
    let t = TestDb::new().await;
    assert!(uplink_seed::seed_demo_if_empty(&t.db).await.unwrap());
    let mut conn = t.db.pool().acquire().await.unwrap();
    let priya =
        t.db.user_by_email("partner@uplink.test")
            .await
            .unwrap()
            .unwrap();
    let partner = uplink_db::partners::partner_of_user(&mut conn, &priya.id)
        .await
        .unwrap()
        .expect("Skyline is Priya's");
    let totals = uplink_db::partners::ledger_totals(&mut conn, &partner.id)
        .await
        .unwrap();
    assert!(totals.pending_cents > 0, "{totals:?}");
    assert!(totals.available_cents > 0, "{totals:?}");
    assert!(totals.paid_cents > 0, "{totals:?}");
    assert!(totals.cancelled_cents > 0, "{totals:?}");
    let filter = uplink_db::partners::LedgerFilter {
        limit: 100,
        ..Default::default()
    };
    let entries = uplink_db::partners::ledger(&mut conn, &partner.id, &filter)
        .await
        .unwrap();
    let clawback = entries
        .iter()
        .find(|e| e.rebate.kind == "clawback")
        .expect("one claw-back");
    assert!(clawback.rebate.rebate_cents < 0);
    let sum: i64 = entries
        .iter()
        .filter(|e| e.rebate.status != "cancelled")
        .map(|e| e.rebate.rebate_cents)
        .sum();
    assert_eq!(
        totals.balance_cents(),
        sum,
        "the balance is the sum of the entries"
    );
    // The pavilion order is Priya's; its licences are on Marta's devices.
    let orders = uplink_db::partners::partner_orders(&mut conn, &partner.id, 50)
        .await
        .unwrap();
    let pavilion = orders
        .iter()
        .find(|o| o.partner_channel.as_deref() == Some("pavilion"))
        .expect("a pavilion order");
    assert_eq!(pavilion.user_id, priya.id);
    let marta =
        t.db.user_by_email("marta@uplink.test")
            .await
            .unwrap()
            .unwrap();
    let devices =
        t.db.devices_of(&marta.id, &DeviceFilter::default())
            .await
            .unwrap();
    assert_eq!(devices.len(), 3);
    // Skyline's mini-store is Priya's, with a price of its own.
    let stores = uplink_db::partner_stores::mini_stores_of(&mut conn, &partner.id)
        .await
        .unwrap();
    assert_eq!(stores.len(), 1);
    let products = uplink_db::partner_stores::mini_store_products(&mut conn, &stores[0].code)
        .await
        .unwrap();
    assert!(products.iter().any(|p| p.price_cents.is_some()));
}

#[tokio::test]
async fn the_demo_customer_has_a_referral_code_and_two_available_rewards_from_a_friend() {
    let t = TestDb::new().await;
    assert!(uplink_seed::seed_demo_if_empty(&t.db).await.unwrap());
    let mut conn = t.db.pool().acquire().await.unwrap();
    let clara =
        t.db.user_by_email("customer@uplink.test")
            .await
            .unwrap()
            .unwrap();
    let code = uplink_db::referrals::code_of(&mut conn, &clara.id)
        .await
        .unwrap();
    assert_eq!(code.as_deref(), Some("WEBER2R7"));
    let rewards = uplink_db::referrals::rewards_of(&mut conn, &clara.id)
        .await
        .unwrap();
    let mut kinds: Vec<(&str, &str)> = rewards
        .iter()
        .map(|r| (r.kind.as_str(), r.status.as_str()))
        .collect();
    kinds.sort();
    assert_eq!(kinds, [("coupon", "available"), ("sfc", "available")]);
    let jonas =
        t.db.user_by_email("jonas@uplink.test")
            .await
            .unwrap()
            .unwrap();
    let orders = orders_of(&t.db, "jonas@uplink.test").await;
    assert_eq!(orders.len(), 1);
    assert_eq!(
        orders[0].referrer_user_id.as_deref(),
        Some(clara.id.as_str())
    );
    assert!(orders[0].referral_discount_cents > 0);
    let o = &orders[0];
    assert_eq!(o.total_cents, o.subtotal_cents - o.discount_cents);
    assert_eq!(o.discount_cents, o.referral_discount_cents);
    assert_eq!(o.user_id, jonas.id);
}
