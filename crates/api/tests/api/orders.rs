//! Checkout, payments and orders (SPEC §2, §6, §7): concurrency, idempotency,
//! every payment path of the test gateway, every rule with its error code,
//! ownership, staff changes and the unpaid-order job.

use crate::helpers::{Session, TestApp, TestResponse};
use axum::body::Body;
use axum::http::{Method, Request};
use serde_json::{Value, json};
use std::sync::Arc;

const ROUTER: &str = "MAX-BR1-PRO-5G-PRM"; // hardware, $1,499 in the global store
const LICENCE: &str = "LIC-SF-BOND"; // digital, serial-bound (non-prime models)
const BR1_MINI_SERIAL: &str = "1824-AAAA-0001";

async fn app() -> TestApp {
    let app = TestApp::with_demo_catalog().await;
    uplink_seed::seed_demo_cart(&app.state.db)
        .await
        .expect("seed coupons");
    app
}

fn address_de() -> Value {
    json!({"name": "Test Person", "line1": "Hauptstrasse 1", "city": "Berlin",
           "postal_code": "10115", "country": "DE", "phone": "030123456789"})
}

fn address_us() -> Value {
    json!({"name": "Sam Buyer", "line1": "1 Market St", "city": "San Francisco", "state": "CA",
           "postal_code": "94105", "country": "US", "phone": "4155550100"})
}

fn priority_order(payment: Value) -> Value {
    json!({
        "shipping": {"method": "priority", "address": address_de()},
        "billing": {"same_as_shipping": true},
        "payment": payment,
    })
}

fn cents(v: &Value) -> i64 {
    v["cents"]
        .as_i64()
        .unwrap_or_else(|| panic!("not money: {v}"))
}

async fn product_id(app: &TestApp, sku: &str) -> String {
    let snap = app.state.catalog.snapshot().await.unwrap();
    snap.product(snap.product_by_sku(sku).expect("demo SKU"))
        .id
        .clone()
}

async fn set_stock(app: &TestApp, sku: &str, warehouse: &str, n: i64) {
    let id = product_id(app, sku).await;
    sqlx::query(
        "UPDATE stock SET available = $1, on_hand = $1 WHERE product_id = $2 AND warehouse = $3",
    )
    .bind(n)
    .bind(&id)
    .bind(warehouse)
    .execute(app.state.db.pool())
    .await
    .unwrap();
}

async fn stock(app: &TestApp, sku: &str, warehouse: &str) -> i64 {
    let id = product_id(app, sku).await;
    sqlx::query_scalar("SELECT available FROM stock WHERE product_id = $1 AND warehouse = $2")
        .bind(&id)
        .bind(warehouse)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap()
}

async fn count(app: &TestApp, sql: &'static str) -> i64 {
    sqlx::query_scalar(sql)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap()
}

/// [`count`] over the test gateway's tables.
async fn gateway_count(app: &TestApp, sql: &'static str) -> i64 {
    sqlx::query_scalar(sql)
        .fetch_one(app.gateway_pool().await)
        .await
        .unwrap()
}

async fn add(app: &TestApp, s: &Session, body: Value) {
    add_in(app, s, "global", body).await
}

/// Adds a line through the cart API, as the cart page does.
async fn add_in(app: &TestApp, s: &Session, store: &str, body: Value) {
    let res = app
        .send_as(
            s,
            Method::POST,
            &format!("/api/v1/cart/lines?store={store}"),
            Some(&body),
        )
        .await;
    assert_eq!(res.status, 201, "add to cart: {}", res.text());
}

async fn place(app: &TestApp, s: &Session, key: &str, body: &Value) -> TestResponse {
    place_in(app, s, key, body, "").await
}

async fn place_in(
    app: &TestApp,
    s: &Session,
    key: &str,
    body: &Value,
    query: &str,
) -> TestResponse {
    app.place_order(s, key, body, query).await
}

/// A card token from the gateway's tokenisation endpoint (no session: it is the gateway's).
async fn card_token(app: &TestApp, number: &str) -> String {
    let res = app
        .send_json(
            Method::POST,
            "/gateway/test/tokens",
            &json!({"number": number, "exp_month": 12, "exp_year": 2035, "cvc": "123"}),
        )
        .await;
    assert_eq!(res.status, 201, "tokenise: {}", res.text());
    res.json()["id"].as_str().unwrap().to_owned()
}

/// Answers a gateway page (3-D Secure or PayPal) like the browser's form post; returns the redirect.
async fn answer_gateway_page(app: &TestApp, redirect_url: &str, decision: &str) -> String {
    let page = app.get(redirect_url).await;
    assert_eq!(page.status, 200);
    assert!(
        page.text().contains("TEST MODE"),
        "banner on the gateway page"
    );
    let req = Request::builder()
        .method(Method::POST)
        .uri(redirect_url)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Body::from(format!("decision={decision}")))
        .unwrap();
    let res = app.request(req).await;
    assert_eq!(res.status, 303, "{}", res.text());
    res.header("location").unwrap().to_owned()
}

async fn customer(app: &TestApp, email: &str) -> Session {
    app.register(email, "DE").await
}

async fn cart_count(app: &TestApp, s: &Session) -> i64 {
    let owner = uplink_db::cart::customer_owner(&s.user_id);
    let c = app.state.db.cart_contents("global", &owner).await.unwrap();
    c.map_or(0, |c| c.lines.iter().map(|l| l.row.qty).sum())
}

#[tokio::test]
async fn fifty_simultaneous_checkouts_for_ten_units_create_exactly_ten_orders() {
    let app = Arc::new(app().await);
    set_stock(&app, ROUTER, "Global", 10).await;
    let mut buyers = Vec::new();
    for i in 0..50 {
        let s = customer(&app, &format!("buyer{i}@example.com")).await;
        add(&app, &s, json!({"sku": ROUTER, "qty": 1})).await;
        buyers.push(s);
    }
    let mut tasks = tokio::task::JoinSet::new();
    for (i, s) in buyers.into_iter().enumerate() {
        let app = app.clone();
        tasks.spawn(async move {
            let res = place(
                &app,
                &s,
                &format!("k-{i}"),
                &priority_order(json!({"method": "bank_transfer"})),
            )
            .await;
            (res.status.as_u16(), res.json())
        });
    }
    let mut created = 0;
    while let Some(r) = tasks.join_next().await {
        let (status, body) = r.unwrap();
        match status {
            201 => created += 1,
            409 => assert_eq!(body["code"], "insufficient_stock", "{body}"),
            other => panic!("unexpected {other}: {body}"),
        }
    }
    assert_eq!(created, 10);
    assert_eq!(stock(&app, ROUTER, "Global").await, 0);
    assert_eq!(
        count(&app, "SELECT CAST(COUNT(*) AS BIGINT) FROM orders").await,
        10
    );
    let numbers: Vec<String> = sqlx::query_scalar("SELECT number FROM orders ORDER BY number")
        .fetch_all(app.state.db.pool())
        .await
        .unwrap();
    let want: Vec<String> = (1..=10).map(|n| format!("UL-{n:06}")).collect();
    assert_eq!(numbers, want, "numbers are gapless and unique");
}

#[tokio::test]
async fn many_simultaneous_checkouts_from_the_address_book_all_succeed() {
    // Each checkout reads its cart and then its saved address: more
    // checkouts than reader connections must not wait on one another.
    let app = Arc::new(app().await);
    let mut buyers = Vec::new();
    for i in 0..24 {
        let s = customer(&app, &format!("saved{i}@example.com")).await;
        let address = app
            .send_as(
                &s,
                Method::POST,
                "/api/v1/me/addresses",
                Some(&address_de()),
            )
            .await
            .json();
        add(&app, &s, json!({"sku": ROUTER, "qty": 1})).await;
        buyers.push((s, address["id"].as_str().unwrap().to_owned()));
    }
    let mut tasks = tokio::task::JoinSet::new();
    for (i, (s, address_id)) in buyers.into_iter().enumerate() {
        let app = app.clone();
        tasks.spawn(async move {
            let body = json!({
                "shipping": {"method": "priority", "address_id": address_id},
                "billing": {"same_as_shipping": true},
                "payment": {"method": "bank_transfer"},
            });
            let res = place(&app, &s, &format!("saved-{i}"), &body).await;
            (res.status.as_u16(), res.text())
        });
    }
    let placed = tokio::time::timeout(std::time::Duration::from_secs(8), async {
        let mut statuses = Vec::new();
        while let Some(r) = tasks.join_next().await {
            statuses.push(r.unwrap());
        }
        statuses
    })
    .await
    .expect("no checkout waits for a connection");
    for (status, body) in &placed {
        assert_eq!(*status, 201, "{body}");
    }
    assert_eq!(placed.len(), 24);
}

#[tokio::test]
async fn two_concurrent_place_order_calls_with_one_key_create_one_order() {
    let app = Arc::new(app().await);
    let s = customer(&app, "twice@example.com").await;
    add(&app, &s, json!({"sku": ROUTER, "qty": 1})).await;
    let token = card_token(&app, "4242 4242 4242 4242").await;
    let body = priority_order(json!({"method": "card", "token": token}));
    let (a, b) = tokio::join!(
        place(&app, &s, "same-key", &body),
        place(&app, &s, "same-key", &body)
    );
    assert_eq!(a.status, 201, "{}", a.text());
    assert_eq!(b.status, 201, "{}", b.text());
    assert_eq!(a.json()["number"], b.json()["number"]);
    let replayed = [
        a.header("idempotent-replayed"),
        b.header("idempotent-replayed"),
    ];
    assert_eq!(
        replayed.iter().filter(|h| **h == Some("true")).count(),
        1,
        "{replayed:?}"
    );
    assert_eq!(
        count(&app, "SELECT CAST(COUNT(*) AS BIGINT) FROM orders").await,
        1
    );
    assert_eq!(
        gateway_count(
            &app,
            "SELECT CAST(COUNT(*) AS BIGINT) FROM gateway_intents WHERE status = 'captured'"
        )
        .await,
        1,
        "charged once"
    );
}

#[tokio::test]
async fn a_replayed_key_answers_the_first_order_and_another_body_is_refused() {
    let app = app().await;
    let s = customer(&app, "replay@example.com").await;
    add(&app, &s, json!({"sku": ROUTER, "qty": 1})).await;
    let body = priority_order(json!({"method": "bank_transfer"}));
    let first = place(&app, &s, "k1", &body).await;
    assert_eq!(first.status, 201, "{}", first.text());
    assert!(first.header("idempotent-replayed").is_none());
    let again = place(&app, &s, "k1", &body).await;
    assert_eq!(again.status, 201);
    assert_eq!(again.header("idempotent-replayed"), Some("true"));
    // The whole stored answer: on PostgreSQL its number and payment
    // reference were put in by the database (D131).
    assert_eq!(again.json(), first.json());
    assert_eq!(again.json()["payment"]["reference"], first.json()["number"]);
    assert_eq!(again.header("location"), first.header("location"));
    let other = place(
        &app,
        &s,
        "k1",
        &priority_order(json!({"method": "card", "token": "tok_x"})),
    )
    .await;
    other.assert_problem(422, "idempotency_key_reused");
    // Without a key nothing happens.
    let res = app
        .send_as(&s, Method::POST, "/api/v1/orders", Some(&body))
        .await;
    let p = res.assert_problem(422, "validation_failed");
    assert_eq!(p["errors"][0]["field"], "Idempotency-Key");
    assert_eq!(
        count(&app, "SELECT CAST(COUNT(*) AS BIGINT) FROM orders").await,
        1
    );
}

#[tokio::test]
async fn the_success_card_places_a_paid_order_and_empties_the_cart() {
    let app = app().await;
    let s = customer(&app, "card@example.com").await;
    add(&app, &s, json!({"sku": ROUTER, "qty": 2})).await;
    add(
        &app,
        &s,
        json!({"sku": LICENCE, "serials": [BR1_MINI_SERIAL]}),
    )
    .await;
    let before = stock(&app, ROUTER, "Global").await;
    let token = card_token(&app, "4242424242424242").await;
    let res = place(
        &app,
        &s,
        "card-1",
        &priority_order(json!({"method": "card", "token": token})),
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.text());
    let o = res.json();
    let number = o["number"].as_str().unwrap().to_owned();
    assert_eq!(
        res.header("location"),
        Some(format!("/api/v1/orders/{number}").as_str())
    );
    assert_eq!(o["status"], "processing");
    assert_eq!(o["payment"]["name"], "Credit Card");
    assert_eq!(o["payment"]["card"]["last4"], "4242");
    assert_eq!(o["payment"]["card"]["brand"], "Visa");
    assert_eq!(o["shipping"]["name"], "Priority Shipping");
    assert_eq!(o["lines"].as_array().unwrap().len(), 2);
    assert_eq!(o["lines"][1]["serials"][0], BR1_MINI_SERIAL);
    assert_eq!(o["lines"][1]["delivery_status"], "awaiting_delivery");
    assert_eq!(o["awaiting_delivery"], true);
    // Totals: the sum of the rounded lines plus shipping.
    let lines_total: i64 = o["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| cents(&l["total"]))
        .sum();
    assert_eq!(
        cents(&o["totals"]["total"]),
        lines_total + cents(&o["totals"]["shipping"])
    );
    assert!(cents(&o["totals"]["shipping"]) > 0);
    assert_eq!(stock(&app, ROUTER, "Global").await, before - 2);
    assert_eq!(cart_count(&app, &s).await, 0);
    // Captured after the commit; the order reads paid.
    let detail = app
        .get_as(&s, &format!("/api/v1/orders/{number}"))
        .await
        .json();
    assert_eq!(detail["payment"]["status"], "paid");
    assert_eq!(detail["invoice_kind"], "invoice");
    let mail = app.mail_to("card@example.com").await;
    assert!(mail.contains(&number), "{mail}");
    // The confirmation is recorded with the capture, so it already says paid.
    assert!(mail.contains("Payment: Credit Card (paid)."), "{mail}");
    let captured = count(
        &app,
        "SELECT CAST(COUNT(*) AS BIGINT) FROM payments WHERE status = 'captured'",
    )
    .await;
    assert_eq!(captured, 1);
    // No card number anywhere in the database.
    let leaked = gateway_count(
        &app,
        "SELECT CAST(COUNT(*) AS BIGINT) FROM gateway_tokens WHERE last4 = '4242424242424242'",
    )
    .await;
    assert_eq!(leaked, 0);
}

#[tokio::test]
async fn a_declined_card_keeps_the_cart_and_only_the_failed_attempt() {
    let app = app().await;
    let s = customer(&app, "declined@example.com").await;
    add(&app, &s, json!({"sku": ROUTER, "qty": 1})).await;
    let before = stock(&app, ROUTER, "Global").await;
    for (number, code) in [
        ("4000 0000 0000 0002", "card_declined"),
        ("4000 0000 0000 9995", "insufficient_funds"),
    ] {
        let token = card_token(&app, number).await;
        let res = place(
            &app,
            &s,
            code,
            &priority_order(json!({"method": "card", "token": token})),
        )
        .await;
        let p = res.assert_problem(402, "payment_declined");
        assert_eq!(p["decline_code"], code);
    }
    assert_eq!(cart_count(&app, &s).await, 1);
    assert_eq!(stock(&app, ROUTER, "Global").await, before);
    assert_eq!(
        count(&app, "SELECT CAST(COUNT(*) AS BIGINT) FROM orders").await,
        0
    );
    assert_eq!(
        count(&app, "SELECT CAST(COUNT(*) AS BIGINT) FROM payments WHERE status = 'failed' AND order_id IS NULL").await,
        2
    );
    // A used token cannot pay again.
    let token = card_token(&app, "4242424242424242").await;
    assert_eq!(
        place(
            &app,
            &s,
            "ok",
            &priority_order(json!({"method": "card", "token": token.clone()}))
        )
        .await
        .status,
        201
    );
    add(&app, &s, json!({"sku": ROUTER, "qty": 1})).await;
    let res = place(
        &app,
        &s,
        "reuse",
        &priority_order(json!({"method": "card", "token": token})),
    )
    .await;
    let p = res.assert_problem(422, "validation_failed");
    assert_eq!(p["errors"][0]["field"], "payment.token");
}

#[tokio::test]
async fn the_3ds_card_needs_the_confirmation_step_before_the_order_exists() {
    let app = app().await;
    let s = customer(&app, "threeds@example.com").await;
    add(&app, &s, json!({"sku": ROUTER, "qty": 1})).await;
    let token = card_token(&app, "4000000000003220").await;
    let mut body = priority_order(json!({"method": "card", "token": token}));
    body["return_path"] = json!("/checkout/confirm-order");
    let res = place(&app, &s, "3ds-1", &body).await;
    let p = res.assert_problem(402, "payment_requires_action");
    let intent = p["payment_intent"].as_str().unwrap().to_owned();
    let url = p["redirect_url"].as_str().unwrap().to_owned();
    assert_eq!(url, format!("/gateway/test/3ds/{intent}"));
    assert_eq!(
        count(&app, "SELECT CAST(COUNT(*) AS BIGINT) FROM orders").await,
        0
    );
    // Before confirming, the intent is not enough.
    let early = place(
        &app,
        &s,
        "3ds-early",
        &priority_order(json!({"method": "card", "payment_intent": intent})),
    )
    .await;
    early.assert_problem(402, "payment_requires_action");
    let back = answer_gateway_page(&app, &url, "approve").await;
    assert!(
        back.starts_with("/checkout/confirm-order?payment_intent="),
        "{back}"
    );
    assert!(back.ends_with("redirect_status=succeeded"), "{back}");
    let res = place(
        &app,
        &s,
        "3ds-2",
        &priority_order(json!({"method": "card", "payment_intent": intent})),
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.text());
    // Another customer cannot use the intent.
    let other = customer(&app, "thief@example.com").await;
    add(&app, &other, json!({"sku": ROUTER, "qty": 1})).await;
    let res = place(
        &app,
        &other,
        "steal",
        &priority_order(json!({"method": "card", "payment_intent": intent})),
    )
    .await;
    res.assert_problem(422, "validation_failed");
}

#[tokio::test]
async fn a_failed_3ds_step_is_a_declined_payment() {
    let app = app().await;
    let s = customer(&app, "threeds-fail@example.com").await;
    add(&app, &s, json!({"sku": ROUTER, "qty": 1})).await;
    let token = card_token(&app, "4000000000003220").await;
    let p = place(
        &app,
        &s,
        "a",
        &priority_order(json!({"method": "card", "token": token})),
    )
    .await
    .assert_problem(402, "payment_requires_action");
    let back = answer_gateway_page(&app, p["redirect_url"].as_str().unwrap(), "fail").await;
    assert!(back.ends_with("redirect_status=failed"), "{back}");
    let res = place(
        &app,
        &s,
        "b",
        &priority_order(json!({"method": "card", "payment_intent": p["payment_intent"]})),
    )
    .await;
    let d = res.assert_problem(402, "payment_declined");
    assert_eq!(d["decline_code"], "authentication_failed");
    assert_eq!(cart_count(&app, &s).await, 1);
}

#[tokio::test]
async fn paypal_is_approved_or_cancelled_on_the_sandbox_page() {
    let app = app().await;
    let s = customer(&app, "paypal@example.com").await;
    add(&app, &s, json!({"sku": ROUTER, "qty": 1})).await;
    // Cancel: back to the payment page, nothing placed.
    let p = place(
        &app,
        &s,
        "pp-1",
        &priority_order(json!({"method": "paypal"})),
    )
    .await
    .assert_problem(402, "payment_requires_action");
    let url = p["redirect_url"].as_str().unwrap();
    assert!(url.starts_with("/gateway/test/paypal/"), "{url}");
    let back = answer_gateway_page(&app, url, "cancel").await;
    assert!(back.starts_with("/checkout/payment?"), "{back}");
    let res = place(
        &app,
        &s,
        "pp-2",
        &priority_order(json!({"method": "paypal", "payment_intent": p["payment_intent"]})),
    )
    .await;
    res.assert_problem(402, "payment_declined");
    assert_eq!(cart_count(&app, &s).await, 1);
    // Approve: the order is placed and paid.
    let p = place(
        &app,
        &s,
        "pp-3",
        &priority_order(json!({"method": "paypal"})),
    )
    .await
    .assert_problem(402, "payment_requires_action");
    let back = answer_gateway_page(&app, p["redirect_url"].as_str().unwrap(), "approve").await;
    assert!(back.starts_with("/checkout/confirm-order?"), "{back}");
    let res = place(
        &app,
        &s,
        "pp-4",
        &priority_order(json!({"method": "paypal", "payment_intent": p["payment_intent"]})),
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.text());
    assert_eq!(res.json()["payment"]["name"], "Paypal Payment");
}

#[tokio::test]
async fn a_bank_transfer_order_waits_for_payment_with_a_proforma_and_can_be_cancelled() {
    let app = app().await;
    let s = customer(&app, "bank@example.com").await;
    add(&app, &s, json!({"sku": ROUTER, "qty": 3})).await;
    let before = stock(&app, ROUTER, "Global").await;
    let res = place(
        &app,
        &s,
        "bt",
        &priority_order(json!({"method": "bank_transfer"})),
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.text());
    let o = res.json();
    let number = o["number"].as_str().unwrap().to_owned();
    assert_eq!(o["status"], "pending_payment");
    assert_eq!(o["payment"]["reference"], number);
    assert!(o["payment"]["pay_by"].is_string());
    assert!(
        o["payment"]["bank_details"]
            .as_array()
            .unwrap()
            .iter()
            .any(|b| b["value"] == number)
    );
    assert_eq!(o["invoice_kind"], "proforma");
    assert_eq!(o["can_cancel"], true);
    assert_eq!(stock(&app, ROUTER, "Global").await, before - 3);
    // Numbered after its rows were written (D120): the stored order carries
    // the number as its reference too, not the provisional one.
    let stored = app.get_as(&s, &format!("/api/v1/orders/{number}")).await;
    assert_eq!(stored.status, 200, "{}", stored.text());
    assert_eq!(stored.json()["payment"]["reference"], number);
    let mail = app.mail_to("bank@example.com").await;
    assert!(mail.contains("IBAN"), "bank details e-mailed: {mail}");

    let pdf = app
        .get_as(&s, &format!("/api/v1/orders/{number}/invoice.pdf"))
        .await;
    assert_eq!(pdf.status, 200);
    assert_eq!(pdf.header("content-type"), Some("application/pdf"));
    assert!(pdf.body.starts_with(b"%PDF-"));
    let text = pdf_extract::extract_text_from_mem(&pdf.body).expect("a readable PDF");
    assert!(text.contains("PROFORMA INVOICE"), "{text}");
    assert!(text.contains(&number), "{text}");

    let res = app
        .send_as(
            &s,
            Method::POST,
            &format!("/api/v1/orders/{number}/cancel"),
            None,
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(res.json()["status"], "cancelled");
    assert_eq!(
        stock(&app, ROUTER, "Global").await,
        before,
        "stock returned"
    );
    app.send_as(
        &s,
        Method::POST,
        &format!("/api/v1/orders/{number}/cancel"),
        None,
    )
    .await
    .assert_problem(409, "order_not_cancellable");
    app.get_as(&s, &format!("/api/v1/orders/{number}/invoice.pdf"))
        .await
        .assert_problem(404, "not_found");
}

#[tokio::test]
async fn a_paid_order_cannot_be_cancelled_by_the_customer() {
    let app = app().await;
    let s = customer(&app, "paid@example.com").await;
    add(&app, &s, json!({"sku": ROUTER, "qty": 1})).await;
    let token = card_token(&app, "4242424242424242").await;
    let o = place(
        &app,
        &s,
        "p",
        &priority_order(json!({"method": "card", "token": token})),
    )
    .await
    .json();
    app.send_as(
        &s,
        Method::POST,
        &format!("/api/v1/orders/{}/cancel", o["number"].as_str().unwrap()),
        None,
    )
    .await
    .assert_problem(409, "order_not_cancellable");
}

#[tokio::test]
async fn unpaid_bank_transfers_are_cancelled_by_the_job_and_their_stock_returns() {
    let app = app().await;
    let s = customer(&app, "late@example.com").await;
    add(&app, &s, json!({"sku": ROUTER, "qty": 2})).await;
    let before = stock(&app, ROUTER, "Global").await;
    let o = place(
        &app,
        &s,
        "late",
        &priority_order(json!({"method": "bank_transfer"})),
    )
    .await
    .json();
    assert_eq!(stock(&app, ROUTER, "Global").await, before - 2);
    // Not yet due: nothing happens.
    let r = uplink_api::commerce::orders::jobs::run_once(&app.state)
        .await
        .unwrap();
    assert_eq!(r.cancelled, 0);
    sqlx::query("UPDATE orders SET pay_by = $1")
        .bind(uplink_db::now_ms() - 1)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    sqlx::query("UPDATE job_leases SET locked_until = 0")
        .execute(app.state.db.pool())
        .await
        .unwrap();
    let r = uplink_api::commerce::orders::jobs::run_once(&app.state)
        .await
        .unwrap();
    assert_eq!(r.cancelled, 1);
    let d = app
        .get_as(
            &s,
            &format!("/api/v1/orders/{}", o["number"].as_str().unwrap()),
        )
        .await
        .json();
    assert_eq!(d["status"], "cancelled");
    assert_eq!(
        d["history"].as_array().unwrap().last().unwrap()["actor"],
        "system"
    );
    assert_eq!(stock(&app, ROUTER, "Global").await, before);
}

async fn business(app: &TestApp, email: &str, limit: i64, may_exceed: bool) -> Session {
    let s = app.register(email, "DE").await;
    sqlx::query("UPDATE users SET credit_limit_cents = $1, payment_terms_days = 30, may_exceed_limit = $2 WHERE email = $3")
        .bind(limit)
        .bind(may_exceed)
        .bind(email)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    app.state.db.accounts_changed(); // as another server would see it within a second (D133)
    s
}

#[tokio::test]
async fn credit_terms_work_within_the_limit_and_refuse_beyond_it() {
    let app = app().await;
    // Not a business customer.
    let s = customer(&app, "nocredit@example.com").await;
    add(&app, &s, json!({"sku": ROUTER, "qty": 1})).await;
    place(
        &app,
        &s,
        "c0",
        &priority_order(json!({"method": "credit_terms"})),
    )
    .await
    .assert_problem(422, "payment_method_unavailable");
    let options = app.get_as(&s, "/api/v1/checkout/options").await.json();
    let ct = options["payment_methods"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["code"] == "credit_terms")
        .unwrap()
        .clone();
    assert_eq!(ct["available"], false);
    assert_eq!(ct["name"], "Credit Terms Payment");

    // A business with $2,000 of credit: one router fits, a second does not.
    let b = business(&app, "biz@example.com", 200_000, false).await;
    add(&app, &b, json!({"sku": ROUTER, "qty": 1})).await;
    let res = place(
        &app,
        &b,
        "c1",
        &priority_order(json!({"method": "credit_terms"})),
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.text());
    assert_eq!(res.json()["payment"]["status"], "on_terms");
    let owed = app.state.db.credit_owed(&b.user_id).await.unwrap();
    assert_eq!(owed, cents(&res.json()["totals"]["total"]));
    let entries = app.state.db.credit_entries(&b.user_id, 10).await.unwrap();
    assert_eq!(entries[0].kind, "Purchased");
    add(&app, &b, json!({"sku": ROUTER, "qty": 1})).await;
    let p = place(
        &app,
        &b,
        "c2",
        &priority_order(json!({"method": "credit_terms"})),
    )
    .await
    .assert_problem(422, "credit_limit_exceeded");
    assert!(p["available_credit_cents"].as_i64().unwrap() < 149_900);
    let options = app.get_as(&b, "/api/v1/checkout/options").await.json();
    let ct = options["payment_methods"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["code"] == "credit_terms")
        .unwrap()
        .clone();
    assert_eq!(ct["reason_code"], "credit_limit_exceeded");
    // A company allowed to exceed its limit may.
    let x = business(&app, "exceed@example.com", 100, true).await;
    add(&app, &x, json!({"sku": ROUTER, "qty": 1})).await;
    assert_eq!(
        place(
            &app,
            &x,
            "c3",
            &priority_order(json!({"method": "credit_terms"}))
        )
        .await
        .status,
        201
    );
}

#[tokio::test]
async fn another_customers_order_is_not_found() {
    let app = app().await;
    let s = customer(&app, "owner@example.com").await;
    add(&app, &s, json!({"sku": ROUTER, "qty": 1})).await;
    let o = place(
        &app,
        &s,
        "o",
        &priority_order(json!({"method": "bank_transfer"})),
    )
    .await
    .json();
    let number = o["number"].as_str().unwrap();
    let other = customer(&app, "other@example.com").await;
    for uri in [
        format!("/api/v1/orders/{number}"),
        format!("/api/v1/orders/{number}/invoice.pdf"),
    ] {
        app.get_as(&other, &uri)
            .await
            .assert_problem(404, "not_found");
    }
    app.send_as(
        &other,
        Method::POST,
        &format!("/api/v1/orders/{number}/cancel"),
        None,
    )
    .await
    .assert_problem(404, "not_found");
    assert_eq!(
        app.get_as(&other, "/api/v1/orders").await.json()["total"],
        0
    );
    app.get_as(&s, "/api/v1/orders/UL-999999")
        .await
        .assert_problem(404, "not_found");
    assert_eq!(app.get("/api/v1/orders").await.status, 401);
}

#[tokio::test]
async fn checkout_sections_report_every_broken_rule_by_field() {
    let app = app().await;
    let s = customer(&app, "fields@example.com").await;
    // Empty cart.
    place(
        &app,
        &s,
        "e",
        &priority_order(json!({"method": "bank_transfer"})),
    )
    .await
    .assert_problem(422, "validation_failed");
    add(&app, &s, json!({"sku": ROUTER, "qty": 1})).await;
    let body = json!({
        "shipping": {"method": "customer_provided", "address": {"name": "", "line1": "", "city": "", "postal_code": "", "country": "US", "phone": "1"}, "carrier": "Pigeon"},
        "billing": {"same_as_shipping": true},
        "payment": {"method": "cash"},
    });
    let p = place(&app, &s, "f", &body)
        .await
        .assert_problem(422, "validation_failed");
    let fields: Vec<&str> = p["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap())
        .collect();
    for f in [
        "shipping.address.name",
        "shipping.address.state",
        "shipping.carrier",
        "shipping.account_number",
        "payment.method",
    ] {
        assert!(fields.contains(&f), "{f} missing in {fields:?}");
    }
    // No shipping at all for a physical cart.
    let p = place(
        &app,
        &s,
        "g",
        &json!({"billing": {"address": address_de()}, "payment": {"method": "bank_transfer"}}),
    )
    .await
    .assert_problem(422, "validation_failed");
    assert_eq!(p["errors"][0]["field"], "shipping");
    // Self pick-up is a US-store option.
    let p = place(&app, &s, "h", &json!({"shipping": {"method": "pickup", "pickup_location": "sfo"}, "billing": {"address": address_de()}, "payment": {"method": "bank_transfer"}}))
        .await
        .assert_problem(422, "validation_failed");
    assert_eq!(p["errors"][0]["field"], "shipping.method");
    // An address id of someone else's book.
    let p = place(&app, &s, "i", &json!({"shipping": {"method": "priority", "address_id": "adr_nope"}, "billing": {"same_as_shipping": true}, "payment": {"method": "bank_transfer"}}))
        .await
        .assert_problem(422, "validation_failed");
    assert_eq!(p["errors"][0]["field"], "shipping.address_id");
    // A total the buyer did not see.
    let mut body = priority_order(json!({"method": "bank_transfer"}));
    body["expected_total_cents"] = json!(1);
    let p = place(&app, &s, "j", &body)
        .await
        .assert_problem(409, "price_changed");
    assert!(p["total_cents"].as_i64().unwrap() > 149_900);
    // A payment method the store does not offer (the US store has no bank transfer).
    let us = app.register("usbuyer@example.com", "US").await;
    add_in(&app, &us, "us", json!({"sku": ROUTER, "qty": 1})).await;
    let body = json!({"shipping": {"method": "priority", "address": address_us()}, "billing": {"same_as_shipping": true}, "payment": {"method": "bank_transfer"}});
    place_in(&app, &us, "k", &body, "?store=us")
        .await
        .assert_problem(422, "payment_method_unavailable");
    // A US customer in the global store must switch.
    place_in(&app, &us, "l", &body, "?store=global")
        .await
        .assert_problem(409, "must_change_store");
    assert_eq!(
        count(&app, "SELECT CAST(COUNT(*) AS BIGINT) FROM orders").await,
        0
    );
}

#[tokio::test]
async fn digital_only_carts_need_no_shipping_and_us_pickup_is_free() {
    let app = app().await;
    let s = customer(&app, "digital@example.com").await;
    add(
        &app,
        &s,
        json!({"sku": LICENCE, "serials": [BR1_MINI_SERIAL]}),
    )
    .await;
    let options = app.get_as(&s, "/api/v1/checkout/options").await.json();
    assert_eq!(options["shipping_required"], false);
    assert_eq!(options["gateway"]["test_mode"], true);
    let res = place(&app, &s, "d", &json!({"billing": {"address": address_de(), "save_address": true}, "payment": {"method": "bank_transfer"}})).await;
    assert_eq!(res.status, 201, "{}", res.text());
    let o = res.json();
    assert_eq!(o["digital_only"], true);
    assert_eq!(o["shipping"]["method"], "none");
    assert_eq!(cents(&o["totals"]["shipping"]), 0);
    assert_eq!(
        app.get_as(&s, "/api/v1/me/addresses").await.json()["items"]
            .as_array()
            .unwrap()
            .len(),
        1,
        "saved on request"
    );

    let us = app.register("pickup@example.com", "US").await;
    add_in(&app, &us, "us", json!({"sku": ROUTER, "qty": 1})).await;
    let options = app
        .get_as(&us, "/api/v1/checkout/options?store=us&country=US")
        .await
        .json();
    let names: Vec<&str> = options["shipping_options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["Customer Provided", "Priority Shipping", "Self pick-up"]
    );
    assert_eq!(options["shipping_options"][2]["available"], true);
    assert!(
        options["shipping_options"][1]["fee"]["cents"]
            .as_i64()
            .unwrap()
            > 0
    );
    let token = card_token(&app, "5555555555554444").await;
    let body = json!({"shipping": {"method": "pickup", "pickup_location": "sfo"}, "billing": {"address": address_us()}, "payment": {"method": "card", "token": token}});
    let res = place_in(&app, &us, "p", &body, "?store=us").await;
    assert_eq!(res.status, 201, "{}", res.text());
    let o = res.json();
    assert_eq!(cents(&o["totals"]["shipping"]), 0);
    assert_eq!(o["shipping"]["details"]["pickup_location"], "sfo");
    assert!(
        cents(&o["totals"]["tax"]) > 0,
        "CA sales tax at the pick-up location"
    );
    assert_eq!(o["payment"]["card"]["brand"], "MasterCard");
}

#[tokio::test]
async fn the_order_list_filters_by_status_date_number_and_sku() {
    let app = app().await;
    let s = customer(&app, "list@example.com").await;
    add(&app, &s, json!({"sku": ROUTER, "qty": 1})).await;
    let a = place(
        &app,
        &s,
        "a",
        &priority_order(json!({"method": "bank_transfer"})),
    )
    .await
    .json();
    add(
        &app,
        &s,
        json!({"sku": LICENCE, "serials": [BR1_MINI_SERIAL]}),
    )
    .await;
    let token = card_token(&app, "4242424242424242").await;
    let b = place(&app, &s, "b", &json!({"billing": {"address": address_de()}, "payment": {"method": "card", "token": token}})).await.json();
    let list = |q: &str| {
        let uri = format!("/api/v1/orders{q}");
        let app = &app;
        let s = &s;
        async move { app.get_as(s, &uri).await.json() }
    };
    let all = list("").await;
    assert_eq!(all["total"], 2);
    assert_eq!(all["items"][0]["number"], b["number"], "newest first");
    assert_eq!(
        list("?status=pending_payment").await["items"][0]["number"],
        a["number"]
    );
    assert_eq!(
        list(&format!("?q={LICENCE}")).await["items"][0]["number"],
        b["number"]
    );
    assert_eq!(
        list(&format!("?q={}", a["number"].as_str().unwrap())).await["total"],
        1
    );
    assert_eq!(list("?from=2000-01-01&to=2000-01-02").await["total"], 0);
    let res = app
        .get_as(&s, "/api/v1/orders?status=lost&from=yesterday")
        .await;
    let p = res.assert_problem(422, "validation_failed");
    assert_eq!(p["errors"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn fulfilment_staff_mark_transfers_paid_and_ship_with_tracking() {
    let app = app().await;
    let s = customer(&app, "shipme@example.com").await;
    add(&app, &s, json!({"sku": ROUTER, "qty": 1})).await;
    let o = place(
        &app,
        &s,
        "s",
        &priority_order(json!({"method": "bank_transfer"})),
    )
    .await
    .json();
    let number = o["number"].as_str().unwrap();
    // A customer is not staff.
    app.send_as(
        &s,
        Method::POST,
        &format!("/api/v1/staff/orders/{number}/mark-paid"),
        None,
    )
    .await
    .assert_problem(403, "forbidden");
    let staff = app.register("felix@example.com", "DE").await;
    sqlx::query("UPDATE users SET is_fulfilment = $1 WHERE email = $2")
        .bind(true)
        .bind("felix@example.com")
        .execute(app.state.db.pool())
        .await
        .unwrap();
    app.state.db.accounts_changed(); // as another server would see it within a second (D133)
    // Not paid yet: cannot ship.
    app.send_as(
        &staff,
        Method::POST,
        &format!("/api/v1/staff/orders/{number}/shipments"),
        Some(&json!({"carrier": "DHL", "tracking_number": "JD0123456789"})),
    )
    .await
    .assert_problem(422, "validation_failed");
    let res = app
        .send_as(
            &staff,
            Method::POST,
            &format!("/api/v1/staff/orders/{number}/mark-paid"),
            None,
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(res.json()["status"], "processing");
    assert_eq!(res.json()["invoice_kind"], "invoice");
    let res = app
        .send_as(
            &staff,
            Method::POST,
            &format!("/api/v1/staff/orders/{number}/shipments"),
            Some(&json!({"carrier": "DHL", "tracking_number": "JD0123456789"})),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    let d = res.json();
    assert_eq!(d["status"], "shipped");
    assert_eq!(d["shipments"][0]["tracking_number"], "JD0123456789");
    let history: Vec<&str> = d["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["status"].as_str().unwrap())
        .collect();
    assert_eq!(history, ["pending_payment", "processing", "shipped"]);
    let mails = app.state.db.outbox_of(&s.user_id).await.unwrap();
    assert!(
        mails.iter().any(|m| m.body_text.contains("JD0123456789")),
        "tracking e-mailed"
    );
    assert!(
        mails
            .iter()
            .any(|m| m.body_text.contains("received your bank transfer"))
    );
    // Shipped orders cannot be cancelled, even by staff.
    app.send_as(
        &staff,
        Method::POST,
        &format!("/api/v1/staff/orders/{number}/cancel"),
        Some(&json!({"reason": "test"})),
    )
    .await
    .assert_problem(409, "order_not_cancellable");
}

#[tokio::test]
async fn staff_cancelling_a_paid_card_order_refunds_it() {
    let app = app().await;
    let s = customer(&app, "refund@example.com").await;
    add(&app, &s, json!({"sku": ROUTER, "qty": 1})).await;
    let token = card_token(&app, "4242424242424242").await;
    let o = place(
        &app,
        &s,
        "r",
        &priority_order(json!({"method": "card", "token": token})),
    )
    .await
    .json();
    let staff = app.register("staff2@example.com", "DE").await;
    sqlx::query("UPDATE users SET is_fulfilment = $1 WHERE email = $2")
        .bind(true)
        .bind("staff2@example.com")
        .execute(app.state.db.pool())
        .await
        .unwrap();
    app.state.db.accounts_changed(); // as another server would see it within a second (D133)
    let res = app
        .send_as(
            &staff,
            Method::POST,
            &format!(
                "/api/v1/staff/orders/{}/cancel",
                o["number"].as_str().unwrap()
            ),
            Some(&json!({"reason": "Out of production."})),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(res.json()["payment"]["status"], "refunded");
    assert_eq!(
        gateway_count(
            &app,
            "SELECT CAST(COUNT(*) AS BIGINT) FROM gateway_intents WHERE status = 'refunded'"
        )
        .await,
        1
    );
}

#[tokio::test]
async fn the_gateway_refuses_bad_cards_with_field_errors() {
    let app = app().await;
    let res = app
        .send_json(
            Method::POST,
            "/gateway/test/tokens",
            &json!({"number": "4242 4242 4242 4241", "exp_month": 1, "exp_year": 2020, "cvc": "1"}),
        )
        .await;
    let p = res.assert_problem(422, "validation_failed");
    let fields: Vec<&str> = p["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["number", "exp_year", "cvc"]);
    assert_eq!(app.get("/gateway/test/3ds/pi_unknown").await.status, 404);
}

#[tokio::test]
async fn the_placed_order_charges_exactly_the_cart_total_with_coupon_options_and_us_tax() {
    let app = app().await;
    let us = app.register("sametotal@example.com", "US").await;
    // Two router lines (a percentage and a fixed option delta), and a licence.
    add_in(
        &app,
        &us,
        "us",
        json!({"sku": ROUTER, "qty": 1, "options": {"setup": "onboarding"}}),
    )
    .await;
    add_in(
        &app,
        &us,
        "us",
        json!({"sku": ROUTER, "qty": 2, "options": {"setup": "preconfig"}}),
    )
    .await;
    add_in(
        &app,
        &us,
        "us",
        json!({"sku": LICENCE, "serials": [BR1_MINI_SERIAL]}),
    )
    .await;
    let res = app
        .send_as(
            &us,
            Method::POST,
            "/api/v1/cart/coupon?store=us",
            Some(&json!({"code": "USONLY15"})),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());

    // The first saved address is the default: the cart taxes for its state (CA).
    let res = app
        .send_as(
            &us,
            Method::POST,
            "/api/v1/me/addresses",
            Some(&address_us()),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    let cart = app.get_as(&us, "/api/v1/cart?store=us").await;
    assert_eq!(cart.status, 200, "{}", cart.text());
    let cart = cart.json();
    assert_eq!(cart["coupon"]["applied"], true);
    assert_eq!(cart["tax"]["state"], "CA");
    let totals = &cart["totals"];
    assert!(cents(&totals["discount"]) > 0, "percent coupon: {totals}");
    assert!(cents(&totals["tax"]) > 0, "CA sales tax: {totals}");
    // Router $1,449: +15 % onboarding and +$49 pre-configuration.
    let lines = cart["lines"].as_array().unwrap();
    assert_eq!(cents(&lines[0]["unit_price"]), 144_900 + 21_735);
    assert_eq!(cents(&lines[1]["unit_price"]), 144_900 + 4_900);

    // The checkout page shows the same totals.
    let options = app
        .get_as(&us, "/api/v1/checkout/options?store=us")
        .await
        .json();
    for k in ["subtotal", "discount", "tax", "total"] {
        assert_eq!(
            cents(&options["totals"][k]),
            cents(&totals[k]),
            "checkout {k}"
        );
    }

    // Picked up in San Francisco: CA tax, no shipping fee.
    let token = card_token(&app, "4242424242424242").await;
    let body = json!({
        "shipping": {"method": "pickup", "pickup_location": "sfo"},
        "billing": {"address": address_us()},
        "payment": {"method": "card", "token": token},
        "expected_total_cents": cents(&totals["total"]),
    });
    let res = place_in(&app, &us, "same-total", &body, "?store=us").await;
    assert_eq!(res.status, 201, "{}", res.text());
    let o = res.json();
    for k in ["subtotal", "discount", "tax", "total"] {
        assert_eq!(
            cents(&o["totals"][k]),
            cents(&totals[k]),
            "{k}: order {} vs cart {totals}",
            o["totals"]
        );
    }
    assert_eq!(cents(&o["totals"]["shipping"]), 0);
    assert_eq!(o["coupon_code"], "USONLY15");
}

#[tokio::test]
async fn lines_of_one_product_share_its_stock_in_the_cart_and_at_checkout() {
    let app = app().await;
    let s = customer(&app, "shared-stock@example.com").await;
    add(
        &app,
        &s,
        json!({"sku": ROUTER, "qty": 1, "options": {"setup": "preconfig"}}),
    )
    .await;
    add(
        &app,
        &s,
        json!({"sku": ROUTER, "qty": 1, "options": {"setup": "onboarding"}}),
    )
    .await;
    // One unit left for the two lines.
    set_stock(&app, ROUTER, "Global", 1).await;
    let cart = app.get_as(&s, "/api/v1/cart").await.json();
    let lines = cart["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 2);
    for l in lines {
        assert_eq!(l["problem"]["code"], "insufficient_stock", "{l}");
        assert_eq!(l["problem"]["available"], 1);
    }
    let token = card_token(&app, "4242424242424242").await;
    place(
        &app,
        &s,
        "shared",
        &priority_order(json!({"method": "card", "token": token})),
    )
    .await
    .assert_problem(409, "insufficient_stock");
    assert_eq!(stock(&app, ROUTER, "Global").await, 1);
}

#[tokio::test]
async fn a_serial_no_longer_eligible_blocks_the_order_with_its_code() {
    let app = app().await;
    let s = customer(&app, "eligibility@example.com").await;
    add(
        &app,
        &s,
        json!({"sku": LICENCE, "serials": [BR1_MINI_SERIAL]}),
    )
    .await;
    // The device table changes after the line was added: the BR1 Mini is now
    // listed as a prime model, which this (non-prime) licence does not fit.
    sqlx::query("UPDATE device_models SET prime = TRUE WHERE prefix = '1824'")
        .execute(app.state.db.pool())
        .await
        .unwrap();
    app.state.db.bump_catalog_version().await.unwrap();
    app.state.catalog.refresh().await.unwrap();

    let cart = app.get_as(&s, "/api/v1/cart").await.json();
    assert_eq!(cart["has_problems"], true, "{cart}");
    assert_eq!(cart["lines"][0]["problem"]["code"], "serial_not_eligible");
    let body =
        json!({"billing": {"address": address_de()}, "payment": {"method": "bank_transfer"}});
    let res = place(&app, &s, "elig", &body).await;
    let problem = res.assert_problem(422, "serial_not_eligible");
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains(BR1_MINI_SERIAL),
        "{problem}"
    );
    assert_eq!(count(&app, "SELECT COUNT(*) FROM orders").await, 0);
    assert_eq!(cart_count(&app, &s).await, 1, "the cart is kept");
}

// ---------- live stock status (D69) ----------

/// The router's status on its detail page, in the global store's `in_stock=true`
/// listing (is it there?) and that listing's total.
async fn shown(app: &TestApp, sku: &str) -> (String, bool, i64) {
    let snap = app.state.catalog.snapshot().await.unwrap();
    let slug = snap.product(snap.product_by_sku(sku).unwrap()).slug.clone();
    let detail = app.get_json(&format!("/api/v1/products/{slug}")).await;
    let listed = app
        .get_json("/api/v1/products?page_size=96&in_stock=true")
        .await;
    let total = listed["total"].as_i64().unwrap();
    assert!(total <= 96, "one page holds every in-stock product");
    let present = listed["items"]
        .as_array()
        .unwrap()
        .iter()
        .any(|i| i["slug"] == slug);
    (
        detail["stock_status"].as_str().unwrap().to_owned(),
        present,
        total,
    )
}

/// What another server's read model (another `Catalog` on the same database) shows.
fn status_in(snap: &uplink_api::read_model::Snapshot, sku: &str) -> String {
    let idx = snap.product_by_sku(sku).unwrap();
    let l = snap.product(idx).listable.unwrap() as usize;
    let store = snap.store_by_code("global").unwrap();
    serde_json::to_value(snap.status(store, l))
        .unwrap()
        .as_str()
        .unwrap()
        .to_owned()
}

#[tokio::test]
async fn selling_the_last_units_shows_out_of_stock_at_once_and_a_cancellation_brings_them_back() {
    let app = app().await;
    set_stock(&app, ROUTER, "Global", 2).await;
    assert!(
        app.state.catalog.refresh().await.unwrap(),
        "a band change reloads the stock"
    );
    let (status, listed, in_stock_total) = shown(&app, ROUTER).await;
    assert_eq!((status.as_str(), listed), ("low_stock", true));
    let versions = app.state.db.versions().await.unwrap();
    let before = app.state.catalog.loaded().unwrap();
    assert_eq!(before.version, versions.catalog);
    assert_eq!(before.stock_version, versions.stock);

    // Another server, built before the order.
    let other = uplink_api::read_model::Catalog::new(app.state.db.clone());
    assert_eq!(
        status_in(&other.snapshot().await.unwrap(), ROUTER),
        "low_stock"
    );

    let s = customer(&app, "last@example.com").await;
    add(&app, &s, json!({"sku": ROUTER, "qty": 2})).await;
    let res = place(
        &app,
        &s,
        "last-two",
        &priority_order(json!({"method": "bank_transfer"})),
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.text());
    let number = res.json()["number"].as_str().unwrap().to_owned();

    // This server: at once, on the detail page and in the in-stock listing.
    assert_eq!(
        shown(&app, ROUTER).await,
        ("out_of_stock".to_owned(), false, in_stock_total - 1)
    );
    let after = app.state.catalog.loaded().unwrap();
    assert_eq!(after.version, before.version, "the catalogue version stays");
    assert!(after.stock_version > before.stock_version);
    assert!(
        std::ptr::eq(&after.search, &before.search),
        "a stock reload shares the catalogue"
    );
    let now = app.state.db.versions().await.unwrap();
    assert_eq!(now.catalog, versions.catalog);

    // The other server: on its next check.
    assert_eq!(status_in(&other.loaded().unwrap(), ROUTER), "low_stock");
    assert!(other.refresh().await.unwrap());
    let theirs = other.loaded().unwrap();
    assert_eq!(status_in(&theirs, ROUTER), "out_of_stock");
    let store = theirs.store_by_code("global").unwrap();
    let q = uplink_api::catalog::listing::ListingQuery {
        in_stock: true,
        page_size: 96,
        ..Default::default()
    };
    let page = theirs.list(store, &q).unwrap();
    assert_eq!(i64::from(page.total), in_stock_total - 1);
    let ord = theirs
        .product(theirs.product_by_sku(ROUTER).unwrap())
        .listable
        .unwrap();
    assert!(!page.items.contains(&ord));

    // Cancelling returns the units: in stock again, here at once, there after a check.
    let res = app
        .send_as(
            &s,
            Method::POST,
            &format!("/api/v1/orders/{number}/cancel"),
            None,
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(
        shown(&app, ROUTER).await,
        ("low_stock".to_owned(), true, in_stock_total)
    );
    assert!(other.refresh().await.unwrap());
    assert_eq!(status_in(&other.loaded().unwrap(), ROUTER), "low_stock");
}

#[tokio::test]
async fn an_order_that_leaves_the_stock_band_as_it_was_invalidates_nothing() {
    let app = app().await;
    set_stock(&app, ROUTER, "Global", 50).await;
    app.state.catalog.refresh().await.unwrap();
    let versions = app.state.db.versions().await.unwrap();
    let before = app.state.catalog.loaded().unwrap();
    let s = customer(&app, "plenty@example.com").await;
    add(&app, &s, json!({"sku": ROUTER, "qty": 3})).await;
    let res = place(
        &app,
        &s,
        "plenty",
        &priority_order(json!({"method": "bank_transfer"})),
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.text());
    assert_eq!(stock(&app, ROUTER, "Global").await, 47);
    assert_eq!(app.state.db.versions().await.unwrap(), versions);
    assert!(!app.state.catalog.refresh().await.unwrap());
    assert!(
        Arc::ptr_eq(&before, &app.state.catalog.loaded().unwrap()),
        "the snapshot and its answer cache stay"
    );
    assert_eq!(shown(&app, ROUTER).await.0, "in_stock");
}

/// The bank-transfer expiry job returns stock like a cancellation.
#[tokio::test]
async fn the_unpaid_order_job_puts_a_sold_out_product_back_in_stock() {
    let app = app().await;
    set_stock(&app, ROUTER, "Global", 1).await;
    app.state.catalog.refresh().await.unwrap();
    let s = customer(&app, "expired@example.com").await;
    add(&app, &s, json!({"sku": ROUTER, "qty": 1})).await;
    let res = place(
        &app,
        &s,
        "expire",
        &priority_order(json!({"method": "bank_transfer"})),
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.text());
    assert_eq!(shown(&app, ROUTER).await.0, "out_of_stock");
    sqlx::query("UPDATE orders SET pay_by = $1")
        .bind(uplink_db::now_ms() - 1)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    let r = uplink_api::commerce::orders::jobs::run_once(&app.state)
        .await
        .unwrap();
    assert_eq!(r.cancelled, 1);
    assert_eq!(shown(&app, ROUTER).await.0, "low_stock");
}

#[tokio::test]
async fn the_invoice_prints_names_in_any_script_as_written() {
    let app = app().await;
    let s = customer(&app, "lukasz@example.com").await;
    add(&app, &s, json!({"sku": ROUTER, "qty": 1})).await;
    let address = json!({"name": "Łukasz Żółć", "company": "深圳市优联网络科技有限公司",
        "line1": "ul. Piotrkowska 1", "city": "Łódź", "postal_code": "90-001", "country": "PL",
        "phone": "+48421234567"});
    let res = place(
        &app,
        &s,
        "unicode",
        &json!({"shipping": {"method": "priority", "address": address},
                "billing": {"same_as_shipping": true}, "payment": {"method": "bank_transfer"}}),
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.text());
    let number = res.json()["number"].as_str().unwrap().to_owned();
    let pdf = app
        .get_as(&s, &format!("/api/v1/orders/{number}/invoice.pdf"))
        .await;
    assert_eq!(pdf.status, 200);
    let text = pdf_extract::extract_text_from_mem(&pdf.body).expect("a readable PDF");
    for expected in ["Łukasz Żółć", "Łódź", "深圳市优联网络科技有限公司"] {
        assert!(text.contains(expected), "{expected:?} not in {text:?}");
    }
}

#[tokio::test]
async fn the_job_runner_runs_each_due_job_once_per_lease_across_servers() {
    let app = app().await;
    customer(&app, "expired@example.com").await;
    sqlx::query("UPDATE sessions SET expires_at = 1, max_expires_at = 1")
        .execute(app.state.db.pool())
        .await
        .unwrap();
    app.state.db.accounts_changed(); // as another server would see it within a second (D133)
    let jobs = uplink_api::jobs();
    let first = uplink_api::platform::jobs::run_due(&app.state.db, &app.state, &jobs)
        .await
        .unwrap();
    assert!(
        first.contains(&("purge_expired_sessions", 1)),
        "the hourly job removed the expired session: {first:?}"
    );
    // A second server (or this one, 30 seconds later) finds every job leased.
    let second = uplink_api::platform::jobs::run_due(&app.state.db, &app.state, &jobs)
        .await
        .unwrap();
    assert!(
        second.is_empty(),
        "nothing runs twice within its lease: {second:?}"
    );
}

/// Signed cents of the first amount in `s` ("$1,234.50", "-$39.80").
fn amount_in(s: &str) -> i64 {
    let start = s.find('$').unwrap_or_else(|| panic!("no amount in {s:?}"));
    let negative = s[..start].ends_with('-');
    let digits: String = s[start + 1..]
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ',' || *c == '.')
        .filter(|c| *c != ',')
        .collect();
    let (whole, cents) = digits.split_once('.').expect("two decimals");
    let value = whole.parse::<i64>().unwrap() * 100 + cents[..2].parse::<i64>().unwrap();
    if negative { -value } else { value }
}

/// The amount after `label` on the first line of `text` that starts with it (after spaces).
fn labelled(text: &str, label: &str) -> Option<i64> {
    text.lines()
        .map(str::trim)
        .find(|l| l.starts_with(label))
        .map(|l| amount_in(&l[label.len()..]))
}

/// Two lines with a fixed coupon spread over them (its cents split unevenly),
/// Priority Shipping, paid by bank transfer: a proforma invoice.
async fn discounted_bank_transfer_order(app: &TestApp, s: &Session) -> Value {
    add(app, s, json!({"sku": ROUTER, "qty": 1})).await;
    add(app, s, json!({"sku": "AP-ONE-AX", "qty": 2})).await;
    let res = app
        .send_as(
            s,
            Method::POST,
            "/api/v1/cart/coupon",
            Some(&json!({"code": "SAVE25"})),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    let res = place(
        app,
        s,
        "discounted",
        &priority_order(json!({"method": "bank_transfer"})),
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.text());
    let o = res.json();
    assert_eq!(cents(&o["totals"]["discount"]), 2_500);
    assert!(
        o["lines"]
            .as_array()
            .unwrap()
            .iter()
            .all(|l| cents(&l["discount"]) > 0),
        "both lines share the coupon: {o}"
    );
    o
}

#[tokio::test]
async fn the_confirmation_email_shows_each_lines_price_and_discount_and_totals_that_add_up() {
    let app = app().await;
    let s = customer(&app, "sums@example.com").await;
    let o = discounted_bank_transfer_order(&app, &s).await;
    let mail = app.mail_to("sums@example.com").await;

    // Each line: "qty × unit = amount", then "SAVE25 coupon -$share, line after discount $net".
    let mut amounts = 0;
    let mut shares = 0;
    for line in o["lines"].as_array().unwrap() {
        let amount_row = format!(
            "{} × {} = {}",
            line["qty"],
            money(cents(&line["unit_price"])),
            money(cents(&line["subtotal"]))
        );
        assert!(mail.contains(&amount_row), "{amount_row:?} in {mail}");
        let share = cents(&line["discount"]);
        let net = cents(&line["subtotal"]) - share;
        let discount_row = format!(
            "SAVE25 coupon -{}, line after discount {}",
            money(share),
            money(net)
        );
        assert!(mail.contains(&discount_row), "{discount_row:?} in {mail}");
        amounts += cents(&line["subtotal"]);
        shares += share;
    }

    // The totals as printed add up: Σ line amounts − discount + shipping + tax = total.
    let subtotal = labelled(&mail, "Subtotal:").expect("subtotal");
    let discount =
        labelled(&mail, "Discount (SAVE25):").expect("the discount row names the coupon");
    let shipping = labelled(&mail, "Shipping (Priority Shipping):").expect("shipping");
    let tax = labelled(&mail, "Tax:").expect("tax");
    let total = labelled(&mail, "Total:").expect("total");
    assert_eq!(subtotal, amounts, "{mail}");
    assert_eq!(discount, -shares, "{mail}");
    assert!(shipping > 0, "{mail}");
    assert_eq!(subtotal + discount + shipping + tax, total, "{mail}");
    assert_eq!(total, cents(&o["totals"]["total"]));
}

#[tokio::test]
async fn the_invoice_shows_each_lines_price_and_discount_and_totals_that_add_up() {
    let app = app().await;
    let s = customer(&app, "sums-pdf@example.com").await;
    let o = discounted_bank_transfer_order(&app, &s).await;
    let number = o["number"].as_str().unwrap();
    let pdf = app
        .get_as(&s, &format!("/api/v1/orders/{number}/invoice.pdf"))
        .await;
    assert_eq!(pdf.status, 200);
    let text = pdf_extract::extract_text_from_mem(&pdf.body).expect("a readable PDF");

    // Each line at its price before discount, then its coupon share and what it comes to.
    let mut amounts = 0;
    let mut shares = 0;
    for line in o["lines"].as_array().unwrap() {
        let sku = line["sku"].as_str().unwrap();
        let at = text
            .lines()
            .position(|l| l.contains(sku))
            .unwrap_or_else(|| panic!("{sku} in {text}"));
        let rows: Vec<&str> = text
            .lines()
            .skip(at)
            .filter(|l| !l.trim().is_empty())
            .take(3)
            .collect();
        let amount = cents(&line["subtotal"]);
        let share = cents(&line["discount"]);
        assert!(
            rows[0].trim_end().ends_with(&money(amount)),
            "{sku}'s amount before discount: {rows:?}"
        );
        assert!(rows[1].contains("SAVE25 coupon"), "{rows:?}");
        assert_eq!(amount_in(rows[1]), -share, "{rows:?}");
        assert!(rows[2].contains("After discount"), "{rows:?}");
        assert_eq!(amount_in(rows[2]), amount - share, "{rows:?}");
        amounts += amount;
        shares += share;
    }

    // The totals as printed add up: Σ line amounts − discount + shipping + tax = total.
    let subtotal = labelled(&text, "Subtotal").expect("subtotal");
    let discount = labelled(&text, "Discount (SAVE25)").expect("the discount row names the coupon");
    let shipping = labelled(&text, "Shipping (Priority Shipping)").expect("shipping");
    let tax = labelled(&text, "Tax").expect("tax");
    let total = labelled(&text, "Total").expect("total");
    assert_eq!(subtotal, amounts, "{text}");
    assert_eq!(discount, -shares, "{text}");
    assert_eq!(subtotal + discount + shipping + tax, total, "{text}");
    assert_eq!(total, cents(&o["totals"]["total"]));
}

fn money(cents: i64) -> String {
    uplink_domain::money::Money::from_cents(cents).display("USD")
}
