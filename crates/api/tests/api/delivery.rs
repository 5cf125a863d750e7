//! Delivery on payment (SPEC §4.2, §4.3, §7): every product type delivered
//! through the real order path and the real job, the plan arithmetic at its
//! edges, exactly-once under reruns and a crash mid-order, ownership of
//! certificates and QR codes, bank transfers delivered only once paid.

use crate::helpers::{Session, TestApp, TestResponse};
use axum::http::Method;
use serde_json::{Value, json};
use uplink_db::now_ms;

const LICENCE: &str = "LIC-SF-BOND";
const WARRANTY: &str = "WTY-EXT-1Y";
const CLOUD: &str = "SFC-100GB-1Y";
const UNLIMITED: &str = "SFC-UNLTD-1Y";
const ESIM: &str = "ESIM-GLOBAL";
const TOPUP: &str = "ESIM-DATA-1GB-7D";
const POOL: &str = "ESIM-POOL-500GB-1Y";
const DAY: i64 = 86_400_000;
const GB: i64 = 1024;

async fn app() -> TestApp {
    TestApp::with_demo_catalog().await
}

fn serial(n: u32) -> String {
    format!("1824-DLVR-{n:04}")
}

fn billing() -> Value {
    json!({"address": {"name": "Test Person", "line1": "Hauptstrasse 1", "city": "Berlin",
           "postal_code": "10115", "country": "DE", "phone": "030123456789"}})
}

async fn add(app: &TestApp, s: &Session, body: Value) -> TestResponse {
    app.send_as(
        s,
        Method::POST,
        "/api/v1/cart/lines?store=global",
        Some(&body),
    )
    .await
}

pub(crate) async fn add_ok(app: &TestApp, s: &Session, body: Value) {
    let res = add(app, s, body).await;
    assert_eq!(res.status, 201, "add to cart: {}", res.text());
}

async fn card_token(app: &TestApp) -> String {
    let res = app
        .send_json(
            Method::POST,
            "/gateway/test/tokens",
            &json!({"number": "4242424242424242", "exp_month": 12, "exp_year": 2035, "cvc": "123"}),
        )
        .await;
    assert_eq!(res.status, 201, "tokenise: {}", res.text());
    res.json()["id"].as_str().unwrap().to_owned()
}

/// Places the cart with the test card; returns the order number.
pub(crate) async fn pay_by_card(app: &TestApp, s: &Session, key: &str) -> String {
    let token = card_token(app).await;
    let body = json!({"billing": billing(), "payment": {"method": "card", "token": token}});
    let res = app.place_order(s, key, &body, "").await;
    assert_eq!(res.status, 201, "place: {}", res.text());
    res.json()["number"].as_str().unwrap().to_owned()
}

pub(crate) async fn deliver(app: &TestApp) -> u64 {
    uplink_api::commerce::delivery::runner::run_once(&app.state)
        .await
        .expect("delivery runs")
}

async fn order(app: &TestApp, s: &Session, number: &str) -> Value {
    let res = app.get_as(s, &format!("/api/v1/orders/{number}")).await;
    assert_eq!(res.status, 200, "{}", res.text());
    res.json()
}

async fn count(app: &TestApp, sql: &str, arg: &str) -> i64 {
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_owned()))
        .bind(arg.to_owned())
        .fetch_one(app.state.db.pool())
        .await
        .unwrap()
}

async fn scalar(app: &TestApp, sql: &str, arg: &str) -> i64 {
    count(app, sql, arg).await
}

/// A device of `user_id` registered directly, with its warranty end.
async fn own_device(app: &TestApp, user_id: &str, serial: &str, warranty_ends_at: i64) {
    sqlx::query(
        "INSERT INTO devices (serial, user_id, model_code, prime, source, registered_at, warranty_ends_at, created_at, updated_at) \
         VALUES ($1, $2, 'BR1-MINI', $3, 'manual', $4, $5, $4, $4)",
    )
    .bind(serial)
    .bind(user_id)
    .bind(false)
    .bind(now_ms() - 400 * DAY)
    .bind(warranty_ends_at)
    .execute(app.state.db.pool())
    .await
    .unwrap();
}

/// An active subscription on `serial`.
async fn subscription(
    app: &TestApp,
    user_id: &str,
    serial: &str,
    family: &str,
    allowance: Option<i64>,
    used: i64,
    expires_at: i64,
) {
    sqlx::query(
        "INSERT INTO subscriptions (id, user_id, serial, family, sku, name, allowance_mb, used_mb, starts_at, expires_at, updated_at) \
         VALUES ($1, $2, $3, $4, 'OLD', 'Old plan', $5, $6, $7, $8, $7)",
    )
    .bind(uplink_domain::ids::new_id("sub"))
    .bind(user_id)
    .bind(serial)
    .bind(family)
    .bind(allowance)
    .bind(used)
    .bind(now_ms() - 10 * DAY)
    .bind(expires_at)
    .execute(app.state.db.pool())
    .await
    .unwrap();
}

fn date_of(ms: i64) -> time::Date {
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .unwrap()
        .date()
}

fn ms_of(d: time::Date) -> i64 {
    (d.midnight().assume_utc().unix_timestamp_nanos() / 1_000_000) as i64
}

#[tokio::test]
async fn a_paid_licence_delivers_one_key_per_serial_on_a_new_device_and_completes_the_order() {
    let app = app().await;
    let s = app.register("keys@example.com", "DE").await;
    add_ok(
        &app,
        &s,
        json!({"sku": LICENCE, "serials": [serial(1), serial(2)]}),
    )
    .await;
    let number = pay_by_card(&app, &s, "k1").await;
    let before = order(&app, &s, &number).await;
    assert_eq!(before["delivery"], "pending");
    assert_eq!(before["awaiting_delivery"], true);
    assert_eq!(
        before["lines"][0]["deliverables"]["licence_keys"],
        json!([])
    );

    assert_eq!(deliver(&app).await, 1);
    let o = order(&app, &s, &number).await;
    assert_eq!(
        o["status"], "completed",
        "digital-only orders complete when delivered"
    );
    assert_eq!(o["delivery"], "delivered");
    assert_eq!(o["awaiting_delivery"], false);
    let line = &o["lines"][0];
    assert_eq!(line["delivery_status"], "delivered");
    let keys = line["deliverables"]["licence_keys"].as_array().unwrap();
    assert_eq!(keys.len(), 2);
    let mut serials: Vec<&str> = keys.iter().map(|k| k["serial"].as_str().unwrap()).collect();
    serials.sort();
    assert_eq!(serials, [serial(1), serial(2)]);
    for k in keys {
        let key = k["key"].as_str().unwrap();
        assert!(uplink_domain::licence_key::is_well_formed(key), "{key}");
        assert_eq!(k["ends_at"], Value::Null, "a lifetime licence");
    }
    assert_ne!(keys[0]["key"], keys[1]["key"]);
    // The devices are now the buyer's, registered by the order with the standard warranty.
    let devices = count(
        &app,
        "SELECT CAST(COUNT(*) AS BIGINT) FROM devices WHERE user_id = $1 AND source = 'order' AND model_code = 'BR1-MINI'",
        &s.user_id,
    )
    .await;
    assert_eq!(devices, 2);
    // History and the delivery e-mail with the key and links.
    let history = o["history"].as_array().unwrap();
    assert_eq!(history.last().unwrap()["status"], "completed");
    let rows = app.state.db.recent_outbox(20).await.unwrap();
    let mail = rows
        .iter()
        .find(|m| m.kind == "order_delivered")
        .expect("delivery e-mail");
    assert_eq!(mail.to_address, "keys@example.com");
    assert!(
        mail.body_text.contains(keys[0]["key"].as_str().unwrap()),
        "{}",
        mail.body_text
    );
    assert!(mail.body_text.contains("/certificate.pdf"));
    assert!(mail.body_text.contains(&format!("/order/{number}")));

    // The certificate is a real PDF naming the key and the device.
    let cert = app
        .get_as(&s, keys[0]["certificate_url"].as_str().unwrap())
        .await;
    assert_eq!(cert.status, 200, "{}", cert.text());
    assert_eq!(cert.header("content-type"), Some("application/pdf"));
    let text = pdf_extract::extract_text_from_mem(&cert.body).unwrap();
    assert!(text.contains(keys[0]["key"].as_str().unwrap()), "{text}");
    assert!(text.contains(keys[0]["serial"].as_str().unwrap()), "{text}");
    assert!(text.contains(&number), "{text}");
    // Another customer: 404, like an unknown id.
    let other = app.register("other@example.com", "DE").await;
    app.get_as(&other, keys[0]["certificate_url"].as_str().unwrap())
        .await
        .assert_problem(404, "not_found");
    app.get_as(&s, "/api/v1/me/licences/lic_nope/certificate.pdf")
        .await
        .assert_problem(404, "not_found");
}

#[tokio::test]
async fn running_delivery_again_or_after_a_crash_mid_order_issues_nothing_twice() {
    let app = app().await;
    let s = app.register("twice@example.com", "DE").await;
    add_ok(
        &app,
        &s,
        json!({"sku": LICENCE, "serials": [serial(11), serial(12)]}),
    )
    .await;
    add_ok(
        &app,
        &s,
        json!({"sku": WARRANTY, "serials": [serial(11)], "options": {"support_level": "standard"}}),
    )
    .await;
    add_ok(&app, &s, json!({"sku": CLOUD, "serials": [serial(12)]})).await;
    add_ok(&app, &s, json!({"sku": ESIM, "qty": 2})).await;
    let number = pay_by_card(&app, &s, "t1").await;
    let order_id: String = sqlx::query_scalar("SELECT id FROM orders WHERE number = $1")
        .bind(&number)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();

    // A server holds the order's lease; its first line is already delivered.
    assert!(
        app.state
            .db
            .claim_delivery(&order_id, now_ms(), 60_000)
            .await
            .unwrap()
    );
    crash_after_first_line(&app, &order_id).await;
    let o = order(&app, &s, &number).await;
    assert_eq!(o["lines"][0]["delivery_status"], "delivered");
    assert_eq!(o["lines"][1]["delivery_status"], "awaiting_delivery");
    assert_eq!(o["delivery"], "pending");
    // While its lease lasts nobody else takes the order.
    assert_eq!(deliver(&app).await, 0);
    // The lease ends; another run delivers what is missing, and a third run nothing.
    sqlx::query("UPDATE delivery_queue SET locked_until = 0 WHERE order_id = $1")
        .bind(&order_id)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(deliver(&app).await, 1);
    assert_eq!(deliver(&app).await, 0);
    // And even a run of every line again (as if the queue row were reopened) adds nothing.
    sqlx::query("UPDATE order_lines SET delivery_status = 'awaiting_delivery' WHERE order_id = $1")
        .bind(&order_id)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    sqlx::query(
        "UPDATE delivery_queue SET delivered_at = NULL, locked_until = 0 WHERE order_id = $1",
    )
    .bind(&order_id)
    .execute(app.state.db.pool())
    .await
    .unwrap();
    deliver(&app).await;

    let per_order = |table: &str| {
        format!(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM {table} WHERE order_line_id IN (SELECT id FROM order_lines WHERE order_id = $1)"
        )
    };
    assert_eq!(
        count(&app, &per_order("licence_keys"), &order_id).await,
        3,
        "2 licence + 1 care plan key"
    );
    assert_eq!(
        count(&app, &per_order("warranty_extensions"), &order_id).await,
        1
    );
    assert_eq!(
        count(&app, &per_order("subscription_extensions"), &order_id).await,
        1
    );
    assert_eq!(count(&app, &per_order("esims"), &order_id).await, 2);
    let sub_allowance = scalar(
        &app,
        "SELECT allowance_mb FROM subscriptions WHERE serial = $1",
        &serial(12),
    )
    .await;
    assert_eq!(sub_allowance, 100 * GB, "the plan applied once");
    // One year of extension on top of the standard warranty, not two.
    let warranty_end = scalar(
        &app,
        "SELECT warranty_ends_at FROM devices WHERE serial = $1",
        &serial(11),
    )
    .await;
    let today = date_of(now_ms());
    let standard = uplink_domain::plans::standard_warranty_end(today);
    let expected = uplink_domain::plans::add_months(standard.next_day().unwrap(), 12);
    assert_eq!(date_of(warranty_end), expected);
    let mails = app.state.db.recent_outbox(50).await.unwrap();
    assert_eq!(
        mails.iter().filter(|m| m.kind == "order_delivered").count(),
        2,
        "one per finished delivery"
    );
    let o = order(&app, &s, &number).await;
    assert_eq!(o["status"], "completed");
}

/// A first attempt does not look for units delivered before (its order's
/// lines are delivered in one transaction, so there are none); should one
/// exist all the same, the unique key refuses the copy, the attempt fails,
/// and the next attempt, counted as a rerun, finds the unit and goes on.
#[tokio::test]
async fn a_unit_found_delivered_on_a_first_attempt_is_applied_once_by_the_next() {
    let app = app().await;
    let s = app.register("found@example.com", "DE").await;
    add_ok(&app, &s, json!({"sku": CLOUD, "serials": [serial(31)]})).await;
    let number = pay_by_card(&app, &s, "f1").await;
    assert_eq!(deliver(&app).await, 1);
    let expiry_sql = "SELECT expires_at FROM subscriptions WHERE serial = $1";
    let expires = scalar(&app, expiry_sql, &serial(31)).await;
    let order_id: String = sqlx::query_scalar("SELECT id FROM orders WHERE number = $1")
        .bind(&number)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    // The line awaits delivery again and its queue row looks never claimed,
    // while the plan's unit is applied: a state no transaction leaves.
    for sql in [
        "UPDATE order_lines SET delivery_status = 'awaiting_delivery' WHERE order_id = $1",
        "UPDATE delivery_queue SET delivered_at = NULL, locked_until = 0, attempts = 0 WHERE order_id = $1",
    ] {
        sqlx::query(sql)
            .bind(&order_id)
            .execute(app.state.db.pool())
            .await
            .unwrap();
    }
    assert_eq!(deliver(&app).await, 0, "the first attempt fails");
    let row = app
        .state
        .db
        .delivery_queue_row(&order_id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.attempts, 1, "a failed attempt is counted");
    assert!(row.last_error.is_some());
    assert_eq!(
        scalar(&app, expiry_sql, &serial(31)).await,
        expires,
        "nothing stacked"
    );

    sqlx::query("UPDATE delivery_queue SET locked_until = 0 WHERE order_id = $1")
        .bind(&order_id)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(deliver(&app).await, 1, "the rerun finds the unit");
    assert_eq!(
        scalar(&app, expiry_sql, &serial(31)).await,
        expires,
        "stacked once"
    );
    let extensions = count(
        &app,
        "SELECT CAST(COUNT(*) AS BIGINT) FROM subscription_extensions WHERE order_line_id IN (SELECT id FROM order_lines WHERE order_id = $1)",
        &order_id,
    )
    .await;
    assert_eq!(extensions, 1);
    let o = order(&app, &s, &number).await;
    assert_eq!(o["lines"][0]["delivery_status"], "delivered");
}

/// Delivers only the order's first line and commits it, as an attempt that
/// stopped after it would have (a run now delivers an order in one
/// transaction, so a crash leaves nothing; a line delivered before must
/// still not be delivered twice).
async fn crash_after_first_line(app: &TestApp, order_id: &str) {
    let mut conn = app.state.db.pool().acquire().await.unwrap();
    let order = uplink_db::orders::order_in(&mut conn, order_id)
        .await
        .unwrap()
        .unwrap();
    let lines = uplink_db::orders::lines_in(&mut conn, order_id)
        .await
        .unwrap();
    drop(conn);
    let snap = app.state.catalog.snapshot().await.unwrap();
    let product = snap.product(snap.product_by_id(&lines[0].product_id).unwrap());
    let ctx = uplink_api::commerce::delivery::context::LineCtx {
        order: &order,
        line: &lines[0],
        product,
        snapshot: &snap,
        mailer: &app.state.mailer,
        public_url: "http://localhost",
        smdp: "smdp.uplink.example",
        now: now_ms(),
        purchased: order.placed_at,
        rerun: false,
        devices: &[],
    };
    let mut tx = app.state.db.begin_write().await.unwrap();
    let mut written = uplink_api::commerce::delivery::written::Written::default();
    let guard = uplink_api::commerce::delivery::lines::Guard::Savepoint;
    let outcome =
        uplink_api::commerce::delivery::lines::deliver_line(&mut tx, &ctx, guard, &mut written)
            .await
            .unwrap();
    tx.commit().await.unwrap();
    assert!(matches!(
        outcome,
        uplink_api::commerce::delivery::lines::LineOutcome::Delivered
    ));
}

#[tokio::test]
async fn a_key_for_a_serial_another_account_holds_goes_on_that_device_and_its_owner_is_told() {
    let app = app().await;
    let owner = app.register("owner@example.com", "DE").await;
    own_device(&app, &owner.user_id, &serial(21), now_ms() + 100 * DAY).await;
    let buyer = app.register("gift@example.com", "DE").await;
    add_ok(
        &app,
        &buyer,
        json!({"sku": LICENCE, "serials": [serial(21)]}),
    )
    .await;
    let number = pay_by_card(&app, &buyer, "g1").await;
    deliver(&app).await;
    let o = order(&app, &buyer, &number).await;
    let key = o["lines"][0]["deliverables"]["licence_keys"][0]["key"]
        .as_str()
        .unwrap()
        .to_owned();
    // The device stays the owner's; the key is attached to it (by serial).
    let holder: String = sqlx::query_scalar("SELECT user_id FROM devices WHERE serial = $1")
        .bind(serial(21))
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(holder, owner.user_id);
    let on_device = count(
        &app,
        "SELECT CAST(COUNT(*) AS BIGINT) FROM licence_keys WHERE serial = $1",
        &serial(21),
    )
    .await;
    assert_eq!(on_device, 1);
    let mail = app.mail_to("owner@example.com").await;
    assert!(mail.contains(&key) && mail.contains(&serial(21)), "{mail}");
    assert!(
        !mail.contains("gift@example.com"),
        "the buyer is not disclosed"
    );
    // Rerun: the owner is not told twice.
    sqlx::query("UPDATE delivery_queue SET delivered_at = NULL, locked_until = 0")
        .execute(app.state.db.pool())
        .await
        .unwrap();
    sqlx::query("UPDATE order_lines SET delivery_status = 'awaiting_delivery'")
        .execute(app.state.db.pool())
        .await
        .unwrap();
    deliver(&app).await;
    let to_owner = app
        .state
        .db
        .recent_outbox(50)
        .await
        .unwrap()
        .into_iter()
        .filter(|m| m.to_address == "owner@example.com")
        .count();
    assert_eq!(to_owner, 1);
}

#[tokio::test]
async fn a_warranty_renewal_bought_30_days_after_expiry_continues_and_31_days_after_starts_on_purchase()
 {
    let app = app().await;
    let s = app.register("grace@example.com", "DE").await;
    let today = date_of(now_ms());
    let expired_30 = ms_of(today - time::Duration::days(30));
    let expired_31 = ms_of(today - time::Duration::days(31));
    own_device(&app, &s.user_id, &serial(30), expired_30).await;
    own_device(&app, &s.user_id, &serial(31), expired_31).await;
    add_ok(&app, &s, json!({"sku": WARRANTY, "serials": [serial(30), serial(31)], "options": {"support_level": "standard"}})).await;
    let number = pay_by_card(&app, &s, "w1").await;
    deliver(&app).await;
    let o = order(&app, &s, &number).await;
    let ext = o["lines"][0]["deliverables"]["warranty_extensions"]
        .as_array()
        .unwrap();
    let by_serial = |sn: String| {
        ext.iter()
            .find(|e| e["serial"] == sn.as_str())
            .unwrap()
            .clone()
    };
    let day30 = by_serial(serial(30));
    let fmt = |d: time::Date| d.to_string();
    let start30 = (today - time::Duration::days(29)).to_owned();
    assert_eq!(
        day30["starts_on"],
        fmt(start30),
        "the day after the old expiry"
    );
    assert_eq!(
        day30["ends_on"],
        fmt(uplink_domain::plans::add_months(start30, 12))
    );
    let day31 = by_serial(serial(31));
    assert_eq!(day31["starts_on"], fmt(today), "the purchase date");
    assert_eq!(
        day31["ends_on"],
        fmt(uplink_domain::plans::add_months(today, 12))
    );
    let end31 = scalar(
        &app,
        "SELECT warranty_ends_at FROM devices WHERE serial = $1",
        &serial(31),
    )
    .await;
    assert_eq!(date_of(end31), uplink_domain::plans::add_months(today, 12));
    // The care plan's key runs as long as the coverage.
    let keys = o["lines"][0]["deliverables"]["licence_keys"]
        .as_array()
        .unwrap();
    assert_eq!(keys.len(), 2);
}

#[tokio::test]
async fn a_metered_plan_carries_remaining_data_extends_from_expiry_and_is_capped_at_three_years() {
    let app = app().await;
    let s = app.register("stack@example.com", "DE").await;
    let now = now_ms();
    // 30 GB left of 50, 100 days to go.
    subscription(
        &app,
        &s.user_id,
        &serial(40),
        "cloud",
        Some(50 * GB),
        20 * GB,
        now + 100 * DAY,
    )
    .await;
    // 900 days to go: a year more passes the 3-year cap.
    subscription(
        &app,
        &s.user_id,
        &serial(41),
        "cloud",
        Some(10 * GB),
        0,
        now + 900 * DAY,
    )
    .await;
    add_ok(
        &app,
        &s,
        json!({"sku": CLOUD, "serials": [serial(40), serial(41)]}),
    )
    .await;
    let number = pay_by_card(&app, &s, "c1").await;
    deliver(&app).await;
    let o = order(&app, &s, &number).await;
    let plans = o["lines"][0]["deliverables"]["subscriptions"]
        .as_array()
        .unwrap();
    let find = |sn: String| {
        plans
            .iter()
            .find(|p| p["serial"] == sn.as_str())
            .unwrap()
            .clone()
    };
    let p40 = find(serial(40));
    assert_eq!(p40["carried_mb"], 30 * GB);
    assert_eq!(
        p40["allowance_mb"].as_i64().unwrap() - p40["used_mb"].as_i64().unwrap(),
        130 * GB
    );
    let expiry40 = scalar(
        &app,
        "SELECT expires_at FROM subscriptions WHERE serial = $1",
        &serial(40),
    )
    .await;
    assert_eq!(
        expiry40,
        now + 100 * DAY + 365 * DAY,
        "extended from the current expiry"
    );
    let expiry41 = scalar(
        &app,
        "SELECT expires_at FROM subscriptions WHERE serial = $1",
        &serial(41),
    )
    .await;
    let delivered_at = scalar(&app, "SELECT created_at FROM subscription_extensions WHERE subscription_id = (SELECT id FROM subscriptions WHERE serial = $1)", &serial(41)).await;
    let cap = uplink_domain::plans::add_years(
        time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(delivered_at) * 1_000_000)
            .unwrap(),
        3,
    );
    assert_eq!(
        expiry41,
        (cap.unix_timestamp_nanos() / 1_000_000) as i64,
        "capped at 3 years from today"
    );
    // A new device gets a new subscription starting now.
    let fresh = app.register("fresh@example.com", "DE").await;
    add_ok(&app, &fresh, json!({"sku": CLOUD, "serials": [serial(42)]})).await;
    pay_by_card(&app, &fresh, "c2").await;
    deliver(&app).await;
    let allowance = scalar(
        &app,
        "SELECT allowance_mb FROM subscriptions WHERE serial = $1",
        &serial(42),
    )
    .await;
    assert_eq!(allowance, 100 * GB);
}

#[tokio::test]
async fn unlimited_on_metered_is_refused_in_the_cart_at_checkout_and_fails_safely_in_delivery() {
    let app = app().await;
    let s = app.register("unl@example.com", "DE").await;
    let now = now_ms();
    subscription(
        &app,
        &s.user_id,
        &serial(50),
        "cloud",
        Some(50 * GB),
        0,
        now + 30 * DAY,
    )
    .await;
    // In the cart.
    add(&app, &s, json!({"sku": UNLIMITED, "serials": [serial(50)]}))
        .await
        .assert_problem(409, "plan_not_stackable");
    // In one order: metered and unlimited for one device.
    add_ok(&app, &s, json!({"sku": CLOUD, "serials": [serial(51)]})).await;
    add_ok(&app, &s, json!({"sku": UNLIMITED, "serials": [serial(51)]})).await;
    let token = card_token(&app).await;
    let body = json!({"billing": billing(), "payment": {"method": "card", "token": token}});
    app.place_order(&s, "u1", &body, "")
        .await
        .assert_problem(409, "plan_not_stackable");
    app.send_as(&s, Method::DELETE, "/api/v1/cart", None).await;
    // At checkout: the plan became unstackable after it was added.
    add_ok(&app, &s, json!({"sku": UNLIMITED, "serials": [serial(52)]})).await;
    subscription(
        &app,
        &s.user_id,
        &serial(52),
        "cloud",
        Some(GB),
        0,
        now + 30 * DAY,
    )
    .await;
    let token = card_token(&app).await;
    let body = json!({"billing": billing(), "payment": {"method": "card", "token": token}});
    app.place_order(&s, "u2", &body, "")
        .await
        .assert_problem(409, "plan_not_stackable");
    // A race past both checks: delivery marks the line failed and alerts staff.
    let staff = app.register("felix@example.com", "DE").await;
    sqlx::query("UPDATE users SET is_fulfilment = $1 WHERE id = $2")
        .bind(true)
        .bind(&staff.user_id)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    app.state.db.accounts_changed(); // as another server would see it within a second (D133)
    sqlx::query("DELETE FROM subscriptions WHERE serial = $1")
        .bind(serial(52))
        .execute(app.state.db.pool())
        .await
        .unwrap();
    let number = pay_by_card(&app, &s, "u3").await;
    subscription(
        &app,
        &s.user_id,
        &serial(52),
        "cloud",
        Some(GB),
        0,
        now + 30 * DAY,
    )
    .await;
    deliver(&app).await;
    let o = order(&app, &s, &number).await;
    assert_eq!(o["lines"][0]["delivery_status"], "failed");
    assert_eq!(o["delivery"], "failed");
    assert_eq!(o["status"], "processing", "not completed");
    let note = o["history"]
        .as_array()
        .unwrap()
        .iter()
        .any(|h| h["note"].as_str().unwrap().contains("plan_not_stackable"));
    assert!(note, "{}", o["history"]);
    let alert = app.mail_to("felix@example.com").await;
    assert!(
        alert.contains(&number) && alert.contains("plan_not_stackable"),
        "{alert}"
    );
    assert_eq!(
        deliver(&app).await,
        0,
        "a failed line is not retried in a loop"
    );
}

/// The lines of the delivery e-mail that one line's deliverables (as the
/// order page reads them) call for.
fn expected_mail_lines(deliverables: &Value) -> Vec<String> {
    let list = |k: &str| deliverables[k].as_array().cloned().unwrap_or_default();
    let mut out = Vec::new();
    for k in list("licence_keys") {
        out.push(format!(
            "Licence key for {}: {}",
            k["serial"].as_str().unwrap(),
            k["key"].as_str().unwrap()
        ));
    }
    for w in list("warranty_extensions") {
        out.push(format!(
            "Coverage of {} extended: {} to {}",
            w["serial"].as_str().unwrap(),
            w["starts_on"].as_str().unwrap(),
            w["ends_on"].as_str().unwrap()
        ));
    }
    for p in list("subscriptions") {
        let left = p["allowance_mb"].as_i64().unwrap() - p["used_mb"].as_i64().unwrap();
        out.push(format!(
            "Plan on {}: {left} MB left, valid until {}",
            p["serial"].as_str().unwrap(),
            &p["current_expiry"].as_str().unwrap()[..10]
        ));
    }
    out
}

/// The delivery e-mail is built from what delivery wrote, not read back
/// (D126): it lists exactly what the order page reads — a key per serial,
/// the coverage a care plan added to a device the order's licence line
/// registered, and two plans stacked on one subscription, each shown with
/// the subscription as the second left it.
#[tokio::test]
async fn the_delivery_e_mail_lists_what_the_order_page_reads() {
    let app = app().await;
    let s = app.register("listed@example.com", "DE").await;
    let both = [serial(70), serial(71)];
    add_ok(&app, &s, json!({"sku": LICENCE, "serials": both})).await;
    add_ok(
        &app,
        &s,
        json!({"sku": WARRANTY, "serials": [serial(70)], "options": {"support_level": "standard"}}),
    )
    .await;
    add_ok(&app, &s, json!({"sku": CLOUD, "serials": [serial(70)]})).await;
    add_ok(
        &app,
        &s,
        json!({"sku": "SFC-20GB-1M", "serials": [serial(70)]}),
    )
    .await;
    let number = pay_by_card(&app, &s, "l1").await;
    let in_cart = "SELECT COUNT(*) FROM cart_line_serials WHERE serial = $1";
    assert_eq!(
        count(&app, in_cart, &serial(70)).await,
        0,
        "the cart's serials went with its lines"
    );
    assert_eq!(deliver(&app).await, 1);
    let o = order(&app, &s, &number).await;
    let mail = app.state.db.recent_outbox(20).await.unwrap();
    let mail = mail
        .iter()
        .find(|m| m.kind == "order_delivered" && m.to_address == "listed@example.com")
        .expect("delivery e-mail");
    let lines = o["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 4);
    let mut expected = Vec::new();
    for line in lines {
        assert_eq!(line["delivery_status"], "delivered", "{line}");
        expected.extend(expected_mail_lines(&line["deliverables"]));
    }
    // Two keys, the care plan's key and coverage, two plans.
    assert_eq!(expected.len(), 2 + 2 + 2, "{expected:?}");
    for text in &expected {
        assert!(
            mail.body_text.contains(text.as_str()),
            "{text} not in:\n{}",
            mail.body_text
        );
    }
    let plans: Vec<&str> = expected
        .iter()
        .filter(|t| t.starts_with("Plan on"))
        .map(String::as_str)
        .collect();
    assert_eq!(
        plans[0], plans[1],
        "one subscription, as the second plan left it"
    );
    let devices = count(
        &app,
        "SELECT COUNT(*) FROM devices WHERE user_id = $1",
        &s.user_id,
    )
    .await;
    assert_eq!(devices, 2);
}

/// Lines go without savepoints first, two orders to a transaction (D126);
/// a line that cannot be kept rolls the transaction back, and the orders
/// are delivered again one by one, the failing one with a savepoint per
/// line: the other order and the lines before the failing one are kept
/// once, the failing line is failed, and nothing of the first try remains.
#[tokio::test]
async fn a_line_failing_without_savepoints_is_delivered_again_with_them() {
    let app = app().await;
    let other = app.register("together@example.com", "DE").await;
    add_ok(
        &app,
        &other,
        json!({"sku": LICENCE, "serials": [serial(82)]}),
    )
    .await;
    let first = pay_by_card(&app, &other, "r0").await;
    let s = app.register("redo@example.com", "DE").await;
    add_ok(&app, &s, json!({"sku": LICENCE, "serials": [serial(80)]})).await;
    add_ok(&app, &s, json!({"sku": UNLIMITED, "serials": [serial(81)]})).await;
    let number = pay_by_card(&app, &s, "r1").await;
    // A metered plan arrives on the second device after checkout: the
    // unlimited line cannot stack on it.
    subscription(
        &app,
        &s.user_id,
        &serial(81),
        "cloud",
        Some(GB),
        0,
        now_ms() + 30 * DAY,
    )
    .await;
    assert_eq!(deliver(&app).await, 2);
    let o = order(&app, &other, &first).await;
    assert_eq!(o["lines"][0]["delivery_status"], "delivered");
    let keys = "SELECT COUNT(*) FROM licence_keys WHERE serial = $1";
    assert_eq!(count(&app, keys, &serial(82)).await, 1);
    let o = order(&app, &s, &number).await;
    assert_eq!(o["lines"][0]["delivery_status"], "delivered");
    assert_eq!(o["lines"][1]["delivery_status"], "failed");
    assert_eq!(count(&app, keys, &serial(80)).await, 1);
    let devices = "SELECT COUNT(*) FROM devices WHERE serial = $1";
    assert_eq!(count(&app, devices, &serial(80)).await, 1);
    assert_eq!(
        count(&app, devices, &serial(81)).await,
        0,
        "the failed line's device rolled back"
    );
    let subs = "SELECT COUNT(*) FROM subscriptions WHERE serial = $1";
    assert_eq!(
        count(&app, subs, &serial(81)).await,
        1,
        "only the one it met"
    );
    let queue = "SELECT attempts FROM delivery_queue WHERE order_id = (SELECT id FROM orders WHERE number = $1)";
    assert_eq!(
        scalar(&app, queue, &number).await,
        1,
        "one claim kept: the second try's"
    );
    let mail = app.state.db.recent_outbox(20).await.unwrap();
    let mail = mail
        .iter()
        .find(|m| m.kind == "order_delivered" && m.to_address == "redo@example.com")
        .expect("delivery e-mail");
    let key = o["lines"][0]["deliverables"]["licence_keys"][0]["key"]
        .as_str()
        .unwrap();
    assert!(mail.body_text.contains(key), "{}", mail.body_text);
    assert!(
        mail.body_text.contains("could not be delivered yet"),
        "{}",
        mail.body_text
    );
}

/// Lines delivered without savepoints are marked together after the
/// order's last (D131). When one of them was moved meanwhile (here
/// cancelled after the queue was read), the order is rolled back and
/// delivered again with savepoints: the moved line gets nothing, the other
/// is delivered once.
#[tokio::test]
async fn a_line_moved_after_the_queue_was_read_is_left_alone_and_the_rest_delivered_once() {
    let app = app().await;
    let s = app.register("moved@example.com", "DE").await;
    add_ok(&app, &s, json!({"sku": LICENCE, "serials": [serial(90)]})).await;
    add_ok(&app, &s, json!({"sku": CLOUD, "serials": [serial(91)]})).await;
    let number = pay_by_card(&app, &s, "m1").await;
    let queued = app
        .state
        .db
        .claimable_deliveries(now_ms(), 10)
        .await
        .unwrap()
        .into_iter()
        .find(|q| q.order.number == number)
        .expect("the order is queued");
    sqlx::query(
        "UPDATE order_lines SET delivery_status = 'cancelled' WHERE order_id = $1 AND sku = $2",
    )
    .bind(&queued.order.id)
    .bind(CLOUD)
    .execute(app.state.db.pool())
    .await
    .unwrap();
    uplink_api::commerce::delivery::runner::deliver_order(&app.state, &queued)
        .await
        .unwrap();
    let o = order(&app, &s, &number).await;
    let status_of = |sku: &str| {
        let lines = o["lines"].as_array().unwrap();
        let line = lines.iter().find(|l| l["sku"] == sku).unwrap();
        line["delivery_status"].as_str().unwrap().to_owned()
    };
    assert_eq!(status_of(LICENCE), "delivered");
    assert_eq!(status_of(CLOUD), "cancelled");
    let keys = "SELECT COUNT(*) FROM licence_keys WHERE serial = $1";
    assert_eq!(count(&app, keys, &serial(90)).await, 1);
    let subs = "SELECT COUNT(*) FROM subscriptions WHERE serial = $1";
    assert_eq!(
        count(&app, subs, &serial(91)).await,
        0,
        "nothing of the moved line's first try is kept"
    );
}

#[tokio::test]
async fn an_esim_gets_a_valid_iccid_an_activation_code_and_a_qr_code_only_its_owner_sees() {
    let app = app().await;
    let s = app.register("esim@example.com", "DE").await;
    add_ok(&app, &s, json!({"sku": ESIM, "qty": 2})).await;
    let number = pay_by_card(&app, &s, "e1").await;
    deliver(&app).await;
    let o = order(&app, &s, &number).await;
    assert_eq!(o["status"], "completed");
    let esims = o["lines"][0]["deliverables"]["esims"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(esims.len(), 2);
    for e in &esims {
        let iccid = e["iccid"].as_str().unwrap();
        assert!(uplink_domain::iccid::Iccid::parse(iccid).is_ok(), "{iccid}");
        let code = e["activation_code"].as_str().unwrap();
        let parts: Vec<&str> = code.split('$').collect();
        assert_eq!(parts.len(), 3, "{code}");
        assert_eq!(parts[0], "LPA:1");
        assert_eq!(parts[1], "smdp.uplink.example");
        assert_eq!(parts[2].len(), 29);
        let qr = app.get_as(&s, e["qr_url"].as_str().unwrap()).await;
        assert_eq!(qr.status, 200);
        assert_eq!(qr.header("content-type"), Some("image/png"));
        assert_eq!(
            decode_qr(&qr.body),
            code,
            "the QR code says exactly the activation code"
        );
    }
    assert_ne!(esims[0]["iccid"], esims[1]["iccid"]);
    let other = app.register("peek@example.com", "DE").await;
    app.get_as(&other, esims[0]["qr_url"].as_str().unwrap())
        .await
        .assert_problem(404, "not_found");
    let mail = app.mail_to("esim@example.com").await;
    assert!(
        mail.contains(esims[0]["activation_code"].as_str().unwrap()) || {
            let all = app.state.db.recent_outbox(10).await.unwrap();
            all.iter().any(|m| {
                m.kind == "order_delivered"
                    && m.body_text
                        .contains(esims[0]["activation_code"].as_str().unwrap())
            })
        }
    );
}

fn decode_qr(png_bytes: &[u8]) -> String {
    let dec = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = dec.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let (w, h) = (info.width as usize, info.height as usize);
    let mut img = rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| buf[y * w + x]);
    let grids = img.detect_grids();
    assert_eq!(grids.len(), 1);
    grids[0].decode().unwrap().1
}

#[tokio::test]
async fn esim_data_tops_up_the_buyers_own_esim_and_a_pool_gathers_the_buyers_esims() {
    let app = app().await;
    let s = app.register("topup@example.com", "DE").await;
    add_ok(&app, &s, json!({"sku": ESIM, "qty": 2})).await;
    pay_by_card(&app, &s, "d1").await;
    deliver(&app).await;
    let iccid: String =
        sqlx::query_scalar("SELECT iccid FROM esims WHERE user_id = $1 ORDER BY iccid LIMIT 1")
            .bind(&s.user_id)
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
    // Someone else's (or an unknown) ICCID is refused in the cart.
    let other = app.register("stranger@example.com", "DE").await;
    add(&app, &other, json!({"sku": TOPUP, "iccid": iccid}))
        .await
        .assert_problem(422, "unknown_iccid");
    let payload = "898824700000000000";
    let unknown = format!(
        "{payload}{}",
        uplink_domain::iccid::luhn_check_digit(payload)
    );
    add(&app, &s, json!({"sku": TOPUP, "iccid": unknown}))
        .await
        .assert_problem(422, "unknown_iccid");
    // The owner tops it up: twice the bundle on one line.
    add_ok(&app, &s, json!({"sku": TOPUP, "iccid": iccid, "qty": 2})).await;
    add_ok(&app, &s, json!({"sku": POOL})).await;
    let number = pay_by_card(&app, &s, "d2").await;
    deliver(&app).await;
    let data = scalar(&app, "SELECT data_mb FROM esims WHERE iccid = $1", &iccid).await;
    assert_eq!(data, 2 * GB);
    let o = order(&app, &s, &number).await;
    let topups = o["lines"][0]["deliverables"]["topups"].as_array().unwrap();
    assert_eq!(topups.len(), 2);
    let pool = &o["lines"][1]["deliverables"]["pool"];
    assert_eq!(pool["allowance_mb"], 500 * GB);
    assert_eq!(pool["members"].as_array().unwrap().len(), 2);
    assert_eq!(o["status"], "completed");
}

#[tokio::test]
async fn a_bank_transfer_delivers_nothing_until_it_is_marked_paid() {
    let app = app().await;
    let s = app.register("transfer@example.com", "DE").await;
    add_ok(&app, &s, json!({"sku": LICENCE, "serials": [serial(60)]})).await;
    let body = json!({"billing": billing(), "payment": {"method": "bank_transfer"}});
    let res = app.place_order(&s, "b1", &body, "").await;
    assert_eq!(res.status, 201, "{}", res.text());
    let number = res.json()["number"].as_str().unwrap().to_owned();
    assert_eq!(deliver(&app).await, 0);
    let o = order(&app, &s, &number).await;
    assert_eq!(o["status"], "pending_payment");
    assert_eq!(o["delivery"], "pending");
    assert_eq!(
        o["awaiting_delivery"], false,
        "waiting for payment, not delivery"
    );
    assert_eq!(
        count(
            &app,
            "SELECT CAST(COUNT(*) AS BIGINT) FROM licence_keys WHERE serial = $1",
            &serial(60)
        )
        .await,
        0
    );
    let staff = app.register("cash@example.com", "DE").await;
    sqlx::query("UPDATE users SET is_fulfilment = $1 WHERE id = $2")
        .bind(true)
        .bind(&staff.user_id)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    app.state.db.accounts_changed(); // as another server would see it within a second (D133)
    let res = app
        .send_as(
            &staff,
            Method::POST,
            &format!("/api/v1/staff/orders/{number}/mark-paid"),
            None,
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(deliver(&app).await, 1);
    let o = order(&app, &s, &number).await;
    assert_eq!(o["status"], "completed");
    assert_eq!(
        o["lines"][0]["deliverables"]["licence_keys"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

#[tokio::test]
async fn a_mixed_order_stays_in_its_shipping_flow_when_its_digital_lines_are_delivered() {
    let app = app().await;
    uplink_seed::seed_demo_cart(&app.state.db).await.unwrap();
    let s = app.register("mixed@example.com", "DE").await;
    add_ok(&app, &s, json!({"sku": "MAX-BR1-PRO-5G-PRM", "qty": 1})).await;
    add_ok(&app, &s, json!({"sku": LICENCE, "serials": [serial(70)]})).await;
    let token = card_token(&app).await;
    let body = json!({
        "shipping": {"method": "priority", "address": billing()["address"]},
        "billing": {"same_as_shipping": true},
        "payment": {"method": "card", "token": token},
    });
    let res = app.place_order(&s, "m1", &body, "").await;
    assert_eq!(res.status, 201, "{}", res.text());
    let number = res.json()["number"].as_str().unwrap().to_owned();
    deliver(&app).await;
    let o = order(&app, &s, &number).await;
    assert_eq!(o["status"], "processing");
    assert_eq!(o["delivery"], "delivered");
    assert_eq!(
        o["lines"][0]["deliverables"],
        Value::Null,
        "a physical line delivers nothing here"
    );
    assert_eq!(o["lines"][1]["delivery_status"], "delivered");
}

#[tokio::test]
async fn orders_queued_together_deliver_each_account_in_the_order_it_paid() {
    // On PostgreSQL several orders are delivered side by side (D118): an
    // account's later pool order must still find the eSIMs its earlier
    // order delivers, while other accounts' orders go beside them.
    let app = app().await;
    let s = app.register("lanes@example.com", "DE").await;
    add_ok(&app, &s, json!({"sku": ESIM, "qty": 2})).await;
    let esims = pay_by_card(&app, &s, "lanes-1").await;
    add_ok(&app, &s, json!({"sku": POOL})).await;
    let pool = pay_by_card(&app, &s, "lanes-2").await;
    for n in 0..6 {
        let other = app.register(&format!("lanes{n}@example.com"), "DE").await;
        add_ok(
            &app,
            &other,
            json!({"sku": LICENCE, "serials": [serial(900 + n)]}),
        )
        .await;
        pay_by_card(&app, &other, &format!("lanes-other-{n}")).await;
    }
    assert_eq!(
        deliver(&app).await,
        8,
        "every queued order delivered in one run"
    );
    assert_eq!(order(&app, &s, &esims).await["status"], "completed");
    let o = order(&app, &s, &pool).await;
    assert_eq!(o["status"], "completed");
    let members = o["lines"][0]["deliverables"]["pool"]["members"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(members, 2, "the pool gathered the eSIMs paid for before it");
}

#[tokio::test]
async fn a_queue_that_is_behind_goes_eight_orders_to_a_transaction_each_delivered_once() {
    // 55 orders queued: the run's first read finds a full batch (50), so
    // those go eight to a transaction (D128); the next read finds the rest.
    let app = app().await;
    let s = app.register("behind@example.com", "DE").await;
    let mut numbers = Vec::new();
    for n in 0..55 {
        add_ok(
            &app,
            &s,
            json!({"sku": LICENCE, "serials": [serial(700 + n)]}),
        )
        .await;
        numbers.push(pay_by_card(&app, &s, &format!("behind-{n}")).await);
    }
    assert_eq!(
        deliver(&app).await,
        55,
        "every queued order delivered in one run"
    );
    assert_eq!(deliver(&app).await, 0, "nothing left to deliver");
    for number in [
        &numbers[0],
        &numbers[7],
        &numbers[8],
        &numbers[49],
        &numbers[54],
    ] {
        assert_eq!(
            order(&app, &s, number).await["status"],
            "completed",
            "{number}"
        );
    }
    let keys = "SELECT CAST(COUNT(*) AS BIGINT) FROM licence_keys WHERE user_id = $1";
    assert_eq!(count(&app, keys, &s.user_id).await, 55, "one key per order");
    let waiting = "SELECT CAST(COUNT(*) AS BIGINT) FROM delivery_queue WHERE delivered_at IS NULL \
                   AND order_id IN (SELECT id FROM orders WHERE user_id = $1)";
    assert_eq!(
        count(&app, waiting, &s.user_id).await,
        0,
        "none of them still queued"
    );
}
