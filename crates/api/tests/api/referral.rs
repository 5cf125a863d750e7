//! Partner referral code box of the cart (SPEC §5, §10, D58): applying and
//! removing a code, guests and the sign-in merge, and the order recording
//! the partner with rebates on eligible lines only — totals never change.

use crate::helpers::{Session, TestApp, TestResponse};
use axum::body::Body;
use axum::http::{Method, Request};
use serde_json::{Value, json};

const ROUTER: &str = "MAX-BR1-PRO-5G-PRM"; // hardware: no rebate
const LICENCE: &str = "LIC-SF-BOND"; // licence, serial-bound (non-prime models): rebate
const CLOUD: &str = "SFC-20GB-1M"; // cloud plan, serial-bound: rebate
const BR1_MINI_SERIAL: &str = "1824-AAAA-0001";
const URI: &str = "/api/v1/cart/referral-code";

async fn app() -> TestApp {
    let app = TestApp::with_demo_catalog().await;
    uplink_seed::seed_demo_cart(&app.state.db)
        .await
        .expect("seed coupons");
    uplink_seed::seed_demo_partners(&app.state.db)
        .await
        .expect("seed partners");
    app
}

fn code(c: &str) -> Value {
    json!({ "code": c })
}

async fn add(app: &TestApp, s: &Session, body: Value) {
    let res = app
        .send_as(s, Method::POST, "/api/v1/cart/lines", Some(&body))
        .await;
    assert_eq!(res.status, 201, "add to cart: {}", res.text());
}

async fn apply(app: &TestApp, s: &Session, c: &str) -> TestResponse {
    app.send_as(s, Method::PUT, URI, Some(&code(c))).await
}

async fn place(app: &TestApp, s: &Session, key: &str) -> TestResponse {
    let body = json!({
        "shipping": {"method": "priority", "address": {"name": "Test Person",
            "line1": "Hauptstrasse 1", "city": "Berlin", "postal_code": "10115",
            "country": "DE", "phone": "030123456789"}},
        "billing": {"same_as_shipping": true},
        "payment": {"method": "bank_transfer"},
    });
    app.place_order(s, key, &body, "").await
}

#[tokio::test]
async fn a_valid_code_names_the_partner_and_changes_no_total() {
    let app = app().await;
    let s = app.register("ref@example.com", "DE").await;
    add(&app, &s, json!({"sku": ROUTER, "qty": 1})).await;
    let before = app.get_as(&s, "/api/v1/cart").await.json();
    assert_eq!(before["partner_referral"], Value::Null);

    let res = apply(&app, &s, "NORTHWIND").await;
    assert_eq!(res.status, 200, "{}", res.text());
    let cart = res.json();
    assert_eq!(
        cart["partner_referral"],
        json!({"code": "NORTHWIND", "partner_name": "Northwind Networks Ltd"})
    );
    assert_eq!(cart["totals"], before["totals"], "the buyer gets nothing");

    // Lower case and spaces are the same code; a new code replaces the old.
    let cart = apply(&app, &s, "  harbor ").await.json();
    assert_eq!(cart["partner_referral"]["code"], "HARBOR");
    assert_eq!(
        cart["partner_referral"]["partner_name"],
        "Harbor Marine Connectivity LLC"
    );
    let read = app.get_as(&s, "/api/v1/cart").await.json();
    assert_eq!(read["partner_referral"]["code"], "HARBOR");
    assert_eq!(read["totals"], before["totals"]);

    // Removed.
    let res = app.send_as(&s, Method::DELETE, URI, None).await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(res.json()["partner_referral"], Value::Null);
    let res = app.send_as(&s, Method::DELETE, URI, None).await;
    assert_eq!(res.status, 200, "removing nothing is fine");
}

#[tokio::test]
async fn unknown_inactive_and_empty_codes_are_refused_with_a_message_on_the_field() {
    let app = app().await;
    let s = app.register("bad-ref@example.com", "DE").await;
    apply(&app, &s, "NORTHWIND").await;

    let body = apply(&app, &s, "NOPE")
        .await
        .assert_problem(422, "referral_code_invalid");
    assert_eq!(body["errors"][0]["field"], "code");
    assert!(
        body["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("NOPE"),
        "{body}"
    );
    apply(&app, &s, "oldpartner")
        .await
        .assert_problem(422, "referral_code_invalid");
    apply(&app, &s, "north wind")
        .await
        .assert_problem(422, "referral_code_invalid");
    let body = apply(&app, &s, "   ")
        .await
        .assert_problem(422, "validation_failed");
    assert_eq!(body["errors"][0]["field"], "code");
    apply(&app, &s, &"A".repeat(33))
        .await
        .assert_problem(422, "validation_failed");
    app.send_as(&s, Method::PUT, URI, Some(&json!({})))
        .await
        .assert_problem(422, "validation_failed");
    // A refused code leaves the applied one in place.
    let cart = app.get_as(&s, "/api/v1/cart").await.json();
    assert_eq!(cart["partner_referral"]["code"], "NORTHWIND");

    // A partner deactivated after the code was applied is no longer shown.
    let mut conn = app.state.db.pool().acquire().await.unwrap();
    uplink_db::partners::set_partner_active(&mut conn, "NORTHWIND", false)
        .await
        .unwrap();
    drop(conn);
    let cart = app.get_as(&s, "/api/v1/cart").await.json();
    assert_eq!(cart["partner_referral"], Value::Null);
}

/// A guest applies a code, then signs in from the same browser.
async fn guest_with_code(app: &TestApp, c: &str) -> String {
    let req = Request::put(URI)
        .header("content-type", "application/json")
        .body(Body::from(serde_json::to_vec(&code(c)).unwrap()))
        .unwrap();
    let res = app.request(req).await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(res.json()["partner_referral"]["code"], c);
    res.cookie("uplink_cart").expect("guest cart cookie")
}

async fn sign_in_from(app: &TestApp, cart_cookie: &str, email: &str) -> Session {
    let req = Request::post("/api/v1/auth/login")
        .header("content-type", "application/json")
        .header("cookie", format!("uplink_cart={cart_cookie}"))
        .body(Body::from(
            serde_json::to_vec(&json!({"email": email, "password": crate::helpers::PASSWORD}))
                .unwrap(),
        ))
        .unwrap();
    let res = app.request(req).await;
    assert_eq!(res.status, 200, "{}", res.text());
    TestApp::session_of(&res, email)
}

#[tokio::test]
async fn a_guests_code_survives_sign_in_unless_the_customer_has_one() {
    let app = app().await;
    app.register("merge-a@example.com", "DE").await;
    let s = app.register("merge-b@example.com", "DE").await;
    apply(&app, &s, "HARBOR").await;

    // The customer had none: the guest's code (even on an empty cart) moves over.
    let cookie = guest_with_code(&app, "NORTHWIND").await;
    let a = sign_in_from(&app, &cookie, "merge-a@example.com").await;
    let cart = app.get_as(&a, "/api/v1/cart").await.json();
    assert_eq!(cart["partner_referral"]["code"], "NORTHWIND");

    // The customer's own code wins.
    let cookie = guest_with_code(&app, "NORTHWIND").await;
    let b = sign_in_from(&app, &cookie, "merge-b@example.com").await;
    let cart = app.get_as(&b, "/api/v1/cart").await.json();
    assert_eq!(cart["partner_referral"]["code"], "HARBOR");
}

async fn rebates(app: &TestApp, order_number: &str) -> Vec<(String, i64, i64, i64, String)> {
    sqlx::query_as(
        "SELECT l.sku, r.eligible_cents, r.rate_bp, r.rebate_cents, r.status \
         FROM partner_ledger r JOIN order_lines l ON l.id = r.order_line_id \
         JOIN orders o ON o.id = r.order_id WHERE o.number = $1 ORDER BY l.sku",
    )
    .bind(order_number)
    .fetch_all(app.state.db.pool())
    .await
    .unwrap()
}

#[tokio::test]
async fn the_order_records_the_partner_and_rebates_on_eligible_lines_only() {
    let app = app().await;
    let s = app.register("rebate@example.com", "DE").await;
    add(&app, &s, json!({"sku": ROUTER, "qty": 1})).await;
    add(
        &app,
        &s,
        json!({"sku": LICENCE, "serials": [BR1_MINI_SERIAL]}),
    )
    .await;
    add(
        &app,
        &s,
        json!({"sku": CLOUD, "serials": [BR1_MINI_SERIAL]}),
    )
    .await;
    let before = app.get_as(&s, "/api/v1/cart").await.json();
    let cart = apply(&app, &s, "northwind").await.json();
    assert_eq!(cart["totals"], before["totals"]);
    // A coupon still works beside it, and lowers what the rebate is paid on.
    let res = app
        .send_as(
            &s,
            Method::POST,
            "/api/v1/cart/coupon",
            Some(&json!({"code": "WELCOME10"})),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    let cart = res.json();

    let res = place(&app, &s, "ref-order").await;
    assert_eq!(res.status, 201, "{}", res.text());
    let order = res.json();
    assert_eq!(
        order["partner_referral"],
        json!({"code": "NORTHWIND", "partner_name": "Northwind Networks Ltd"})
    );
    assert_eq!(order["totals"]["subtotal"], cart["totals"]["subtotal"]);
    assert_eq!(order["totals"]["discount"], cart["totals"]["discount"]);
    let number = order["number"].as_str().unwrap().to_owned();

    // The customer's order detail shows who referred them; so does the staff view.
    let detail = app
        .get_as(&s, &format!("/api/v1/orders/{number}"))
        .await
        .json();
    assert_eq!(
        detail["partner_referral"]["partner_name"],
        "Northwind Networks Ltd"
    );
    let staff = app.register("fulfil@example.com", "DE").await;
    sqlx::query("UPDATE users SET is_fulfilment = $1 WHERE email = $2")
        .bind(true)
        .bind("fulfil@example.com")
        .execute(app.state.db.pool())
        .await
        .unwrap();
    app.state.db.accounts_changed(); // as another server would see it within a second (D133)
    let list = app.get_as(&staff, "/api/v1/staff/orders").await.json();
    let row = list
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["number"] == number.as_str())
        .unwrap();
    assert_eq!(row["referred_by"], "Northwind Networks Ltd");

    // Rebates: the licence and the cloud plan, 10 % of what was paid for each.
    let lines = order["lines"].as_array().unwrap();
    let paid = |sku: &str| {
        let l = lines.iter().find(|l| l["sku"] == sku).unwrap();
        l["subtotal"]["cents"].as_i64().unwrap() - l["discount"]["cents"].as_i64().unwrap()
    };
    let got = rebates(&app, &number).await;
    let mut want = vec![
        (
            CLOUD.to_owned(),
            paid(CLOUD),
            1_000,
            (paid(CLOUD) + 5) / 10,
            "pending".to_owned(),
        ),
        (
            LICENCE.to_owned(),
            paid(LICENCE),
            1_000,
            (paid(LICENCE) + 5) / 10,
            "pending".to_owned(),
        ),
    ];
    want.sort();
    assert_eq!(got, want);
    assert!(paid(LICENCE) > 0 && paid(CLOUD) > 0);

    // The partner is stored on the order row; the cart is emptied of the code.
    let (pid, pcode): (Option<String>, Option<String>) =
        sqlx::query_as("SELECT partner_id, partner_referral_code FROM orders WHERE number = $1")
            .bind(&number)
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
    let partner = app
        .state
        .db
        .partner_by_code("NORTHWIND")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(pid, Some(partner.id));
    assert_eq!(pcode.as_deref(), Some("NORTHWIND"));
    let cart = app.get_as(&s, "/api/v1/cart").await.json();
    assert_eq!(cart["partner_referral"], Value::Null);
}

#[tokio::test]
async fn an_order_without_a_code_or_with_a_deactivated_partner_has_no_attribution() {
    let app = app().await;
    let s = app.register("noref@example.com", "DE").await;
    add(&app, &s, json!({"sku": ROUTER, "qty": 1})).await;
    add(
        &app,
        &s,
        json!({"sku": CLOUD, "serials": [BR1_MINI_SERIAL]}),
    )
    .await;
    let res = place(&app, &s, "plain").await;
    assert_eq!(res.status, 201, "{}", res.text());
    assert_eq!(res.json()["partner_referral"], Value::Null);

    add(&app, &s, json!({"sku": ROUTER, "qty": 1})).await;
    add(
        &app,
        &s,
        json!({"sku": CLOUD, "serials": [BR1_MINI_SERIAL]}),
    )
    .await;
    apply(&app, &s, "HARBOR").await;
    let mut conn = app.state.db.pool().acquire().await.unwrap();
    uplink_db::partners::set_partner_active(&mut conn, "HARBOR", false)
        .await
        .unwrap();
    drop(conn);
    let res = place(&app, &s, "deactivated").await;
    assert_eq!(res.status, 201, "the order is still placed: {}", res.text());
    let order = res.json();
    assert_eq!(order["partner_referral"], Value::Null);
    assert!(
        rebates(&app, order["number"].as_str().unwrap())
            .await
            .is_empty()
    );
}
