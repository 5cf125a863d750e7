//! Quotations (SPEC §9): requested from the cart or given lines, moved
//! through every status by the right side only, priced by sales against a
//! version, paid once at exactly the quoted prices, expired by the job; a
//! buyer never sees another buyer's quotation and customers never reach
//! the staff endpoints.

use crate::auto_renewal::device_ending_in;
use crate::credit::staff;
use crate::helpers::{Session, TestApp, TestResponse};
use axum::body::Body;
use axum::http::{Method, Request};
use serde_json::{Value, json};

const ROUTER: &str = "MAX-BR1-PRO-5G-PRM"; // hardware, $1,499 in the global store

async fn app() -> TestApp {
    TestApp::with_demo_catalog().await
}

fn cents(v: &Value) -> i64 {
    v["cents"]
        .as_i64()
        .unwrap_or_else(|| panic!("not money: {v}"))
}

async fn post(app: &TestApp, s: &Session, uri: &str, body: Value) -> TestResponse {
    app.send_as(s, Method::POST, uri, Some(&body)).await
}

async fn add_to_cart(app: &TestApp, s: &Session, sku: &str, qty: i64) {
    let res = post(
        app,
        s,
        "/api/v1/cart/lines?store=global",
        json!({"sku": sku, "qty": qty}),
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.text());
}

/// A draft from the buyer's cart (two routers).
async fn draft_from_cart(app: &TestApp, buyer: &Session) -> Value {
    add_to_cart(app, buyer, ROUTER, 2).await;
    let res = post(
        app,
        buyer,
        "/api/v1/quotations?store=global",
        json!({"from_cart": true, "note": "Annual refresh for 2 branches"}),
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.text());
    res.json()
}

fn uri(number: &str, action: &str) -> String {
    format!("/api/v1/quotations/{number}/{action}")
}

fn staff_uri(number: &str) -> String {
    format!("/api/v1/staff/quotations/{number}")
}

/// Moves a quotation on as one side; asserts the answer's status.
async fn act(app: &TestApp, s: &Session, uri: &str, want_status: &str) -> Value {
    let res = post(app, s, uri, json!({})).await;
    assert_eq!(res.status, 200, "{uri}: {}", res.text());
    let body = res.json();
    assert_eq!(body["status"], want_status, "{body}");
    body
}

/// Sales open, price (the first line 10 % off, shipping free) and send.
async fn open_price_and_send(app: &TestApp, sales: &Session, number: &str) -> Value {
    let opened = app.get_as(sales, &staff_uri(number)).await;
    assert_eq!(opened.status, 200, "{}", opened.text());
    let opened = opened.json();
    assert_eq!(opened["status"], "in_review");
    let line = opened["lines"][0]["id"].as_str().unwrap().to_owned();
    let edit = json!({
        "version": opened["version"],
        "lines": [{"id": line, "quote": {"kind": "percent_off", "basis_points": 1_000}}],
        "shipping_cents": 0,
    });
    let res = app
        .send_as(sales, Method::PATCH, &staff_uri(number), Some(&edit))
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    act(
        app,
        sales,
        &format!("/api/v1/staff/quotations/{number}/send"),
        "quoted",
    )
    .await
}

/// A quotation sales have quoted, for `buyer`.
async fn quoted(app: &TestApp, buyer: &Session, sales: &Session) -> String {
    let draft = draft_from_cart(app, buyer).await;
    let number = draft["number"].as_str().unwrap().to_owned();
    act(app, buyer, &uri(&number, "submit"), "submitted").await;
    open_price_and_send(app, sales, &number).await;
    number
}

async fn pay(app: &TestApp, s: &Session, number: &str, key: &str, method: &str) -> TestResponse {
    let body = json!({
        "shipping": {"method": "priority", "address": {"name": "Ana Roth", "line1": "Hauptstr. 1",
            "city": "Berlin", "postal_code": "10115", "country": "DE", "phone": "+49 30 1234567"}},
        "billing": {"same_as_shipping": true},
        "payment": {"method": method},
    });
    pay_with(app, s, number, key, &body).await
}

async fn pay_with(
    app: &TestApp,
    s: &Session,
    number: &str,
    key: &str,
    body: &Value,
) -> TestResponse {
    let req = Request::builder()
        .method(Method::POST)
        .uri(uri(number, "pay"))
        .header(
            "cookie",
            format!("uplink_session={}; uplink_csrf={}", s.token, s.csrf),
        )
        .header("x-csrf-token", &s.csrf)
        .header("content-type", "application/json")
        .header("idempotency-key", key)
        .body(Body::from(serde_json::to_vec(body).unwrap()))
        .unwrap();
    app.request(req).await
}

/// A business buyer with credit terms, and a sales person.
async fn parties(app: &TestApp) -> (Session, Session) {
    let buyer = app.register("buyer@example.com", "DE").await;
    let sales = staff(app, "sam@example.com", "is_sales").await;
    let terms = json!({"credit_limit_cents": 2_000_000, "payment_terms_days": 30});
    let res = app
        .send_as(
            &sales,
            Method::PUT,
            &format!("/api/v1/staff/customers/{}/credit-terms", buyer.user_id),
            Some(&terms),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    (buyer, sales)
}

#[tokio::test]
async fn a_quotation_from_the_cart_is_quoted_accepted_and_paid_once_at_the_quoted_prices() {
    let app = app().await;
    let (buyer, sales) = parties(&app).await;
    let draft = draft_from_cart(&app, &buyer).await;
    let number = draft["number"].as_str().unwrap().to_owned();
    assert!(number.starts_with("Q-"), "{number}");
    assert_eq!(draft["status"], "draft");
    assert_eq!(draft["lines"][0]["sku"], ROUTER);
    assert_eq!(cents(&draft["totals"]["subtotal"]), 2 * 149_900);
    assert_eq!(draft["actions"]["submit"], true);
    assert_eq!(draft["actions"]["accept"], false);
    // The cart's items moved into the quotation (no second order of them by mistake).
    let cart = app.get_as(&buyer, "/api/v1/cart?store=global").await.json();
    assert_eq!(cart["lines"].as_array().unwrap().len(), 0, "{cart}");

    act(&app, &buyer, &uri(&number, "submit"), "submitted").await;
    let sent = open_price_and_send(&app, &sales, &number).await;
    assert_eq!(sent["assignee"], "sam@example.com");
    assert!(sent["valid_until"].is_string(), "{sent}");
    // The buyer was told, and sales were told of the request.
    let mails: Vec<(String, String)> = sqlx::query_as(
        "SELECT to_address, subject FROM email_outbox WHERE kind = 'quotation_update' ORDER BY created_at, subject",
    )
    .fetch_all(app.state.db.pool())
    .await
    .unwrap();
    assert!(
        mails
            .iter()
            .any(|(to, s)| to == "sam@example.com" || s.contains("submitted")),
        "{mails:?}"
    );
    assert!(
        mails
            .iter()
            .any(|(to, s)| to == "buyer@example.com" && s.contains("quoted")),
        "{mails:?}"
    );

    let accepted = act(&app, &buyer, &uri(&number, "accept"), "accepted").await;
    assert_eq!(accepted["actions"]["pay"], true);
    let quoted_subtotal = cents(&accepted["totals"]["quoted_subtotal"]);
    assert_eq!(quoted_subtotal, 2 * 149_900 - 29_980);

    let res = pay(&app, &buyer, &number, "pay-1", "credit_terms").await;
    assert_eq!(res.status, 201, "{}", res.text());
    let order = res.json();
    assert_eq!(order["quotation_number"], number.as_str());
    let line = &order["lines"][0];
    assert_eq!(cents(&line["subtotal"]), 2 * 149_900);
    assert_eq!(cents(&line["discount"]), 29_980);
    assert_eq!(cents(&order["totals"]["shipping"]), 0, "quoted shipping");
    assert_eq!(cents(&order["totals"]["total"]), quoted_subtotal);

    // The same request again is the same order; another attempt is refused.
    let again = pay(&app, &buyer, &number, "pay-1", "credit_terms").await;
    assert_eq!(again.status, 201, "{}", again.text());
    assert_eq!(again.header("idempotent-replayed"), Some("true"));
    assert_eq!(again.json()["number"], order["number"]);
    pay(&app, &buyer, &number, "pay-2", "credit_terms")
        .await
        .assert_problem(409, "quotation_not_payable");

    let after = app
        .get_as(&buyer, &format!("/api/v1/quotations/{number}"))
        .await
        .json();
    assert_eq!(after["status"], "ordered");
    assert_eq!(after["order_number"], order["number"]);
    let orders: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM orders WHERE quotation_number = $1")
        .bind(&number)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(orders, 1);
}

#[tokio::test]
async fn two_simultaneous_payments_of_one_quotation_make_one_order() {
    let app = app().await;
    let (buyer, sales) = parties(&app).await;
    let number = quoted(&app, &buyer, &sales).await;
    act(&app, &buyer, &uri(&number, "accept"), "accepted").await;
    let (a, b) = tokio::join!(
        pay(&app, &buyer, &number, "key-a", "credit_terms"),
        pay(&app, &buyer, &number, "key-b", "credit_terms"),
    );
    let mut statuses = [a.status, b.status];
    statuses.sort();
    assert_eq!(statuses, [201, 409], "{} / {}", a.text(), b.text());
    let owed: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(amount_cents), 0) AS BIGINT) FROM credit_ledger WHERE kind = 'Purchased'",
    )
    .fetch_one(app.state.db.pool())
    .await
    .unwrap();
    assert_eq!(owed, 2 * 149_900 - 29_980);
}

#[tokio::test]
async fn every_side_may_only_take_its_own_transitions() {
    let app = app().await;
    let (buyer, sales) = parties(&app).await;
    let draft = draft_from_cart(&app, &buyer).await;
    let n = draft["number"].as_str().unwrap().to_owned();
    // A draft cannot be accepted, sent or paid.
    let refused = post(&app, &buyer, &uri(&n, "accept"), json!({}))
        .await
        .assert_problem(409, "invalid_transition");
    assert_eq!(
        refused["status"], 409,
        "the problem's status stays the HTTP status"
    );
    assert_eq!(refused["quotation_status"], "draft");
    post(&app, &sales, &format!("{}/send", staff_uri(&n)), json!({}))
        .await
        .assert_problem(409, "invalid_transition");
    pay(&app, &buyer, &n, "k", "credit_terms")
        .await
        .assert_problem(409, "quotation_not_payable");
    act(&app, &buyer, &uri(&n, "submit"), "submitted").await;
    post(&app, &buyer, &uri(&n, "submit"), json!({}))
        .await
        .assert_problem(409, "invalid_transition");
    // Sales cannot price a quotation before opening it... opening it does.
    let opened = app.get_as(&sales, &staff_uri(&n)).await.json();
    assert_eq!(opened["actions"]["send"], true);
    // A revision needs a comment; only a quoted (or accepted) one can be revised.
    post(
        &app,
        &buyer,
        &uri(&n, "request-revision"),
        json!({"comment": "cheaper"}),
    )
    .await
    .assert_problem(409, "invalid_transition");
    act(
        &app,
        &sales,
        &format!("{}/decline", staff_uri(&n)),
        "declined",
    )
    .await;
    let declined = app
        .get_as(&buyer, &format!("/api/v1/quotations/{n}"))
        .await
        .json();
    assert_eq!(declined["actions"]["buy_at_catalogue_price"], true);
    assert_eq!(declined["actions"]["close"], false);
    post(&app, &buyer, &uri(&n, "close"), json!({}))
        .await
        .assert_problem(409, "invalid_transition");
    post(
        &app,
        &buyer,
        &uri(&n, "comments"),
        json!({"comment": "why?"}),
    )
    .await
    .assert_problem(409, "invalid_transition");

    // A second one: closed by the buyer.
    let second = draft_from_cart(&app, &buyer).await;
    let n2 = second["number"].as_str().unwrap().to_owned();
    act(&app, &buyer, &uri(&n2, "close"), "closed").await;
    post(&app, &buyer, &uri(&n2, "submit"), json!({}))
        .await
        .assert_problem(409, "invalid_transition");
}

#[tokio::test]
async fn a_revision_round_goes_back_to_sales_and_comes_back_quoted() {
    let app = app().await;
    let (buyer, sales) = parties(&app).await;
    let n = quoted(&app, &buyer, &sales).await;
    post(&app, &buyer, &uri(&n, "request-revision"), json!({}))
        .await
        .assert_problem(422, "validation_failed");
    let res = post(
        &app,
        &buyer,
        &uri(&n, "request-revision"),
        json!({"comment": "Could you do 15 % on three units?"}),
    )
    .await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(res.json()["status"], "revision_requested");
    let again = open_price_and_send(&app, &sales, &n).await;
    let history = again["history"].as_array().unwrap();
    assert!(
        history.iter().any(|e| e["kind"] == "comment"
            && e["party"] == "buyer"
            && e["body"].as_str().unwrap().contains("15 %")),
        "{history:?}"
    );
    let statuses: Vec<&str> = history
        .iter()
        .filter(|e| e["kind"] == "status")
        .map(|e| e["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        statuses,
        [
            "draft",
            "submitted",
            "in_review",
            "quoted",
            "revision_requested",
            "in_review",
            "quoted"
        ]
    );
}

#[tokio::test]
async fn concurrent_staff_edits_cannot_overwrite_each_other() {
    let app = app().await;
    let (buyer, sales) = parties(&app).await;
    let other = staff(&app, "sue@example.com", "is_sales").await;
    let draft = draft_from_cart(&app, &buyer).await;
    let n = draft["number"].as_str().unwrap().to_owned();
    act(&app, &buyer, &uri(&n, "submit"), "submitted").await;
    let seen = app.get_as(&sales, &staff_uri(&n)).await.json();
    let line = seen["lines"][0]["id"].as_str().unwrap().to_owned();
    let edit = |bp: i64| json!({"version": seen["version"], "lines": [{"id": line, "quote": {"kind": "percent_off", "basis_points": bp}}]});
    let (e1, e2) = (edit(500), edit(2_000));
    let path = staff_uri(&n);
    let (a, b) = tokio::join!(
        app.send_as(&sales, Method::PATCH, &path, Some(&e1)),
        app.send_as(&other, Method::PATCH, &path, Some(&e2)),
    );
    let mut statuses = [a.status, b.status];
    statuses.sort();
    assert_eq!(statuses, [200, 409], "{} / {}", a.text(), b.text());
    let loser = if a.status == 409 { &a } else { &b };
    let problem = loser.assert_problem(409, "version_conflict");
    assert_eq!(problem["version"], seen["version"].as_i64().unwrap() + 1);
    // Bad prices are refused field by field.
    let now = app.get_as(&sales, &staff_uri(&n)).await.json();
    let bad = json!({"version": now["version"], "lines": [
        {"id": line, "quote": {"kind": "percent_off", "basis_points": 10_001}}],
        "shipping_cents": -1});
    let res = app
        .send_as(&sales, Method::PATCH, &staff_uri(&n), Some(&bad))
        .await;
    let problem = res.assert_problem(422, "validation_failed");
    let fields: Vec<&str> = problem["errors"]
        .as_array()
        .map(|e| e.iter().map(|f| f["field"].as_str().unwrap()).collect())
        .unwrap_or_default();
    assert!(fields.contains(&"lines[0].quote"), "{problem}");
    let above = json!({"version": now["version"], "lines": [
        {"id": line, "quote": {"kind": "proposed_total", "cents": 10_000_000}}]});
    app.send_as(&sales, Method::PATCH, &staff_uri(&n), Some(&above))
        .await
        .assert_problem(422, "validation_failed");
}

#[tokio::test]
async fn quoted_prices_expire_by_the_job_and_cannot_be_accepted_or_paid() {
    let app = app().await;
    let (buyer, sales) = parties(&app).await;
    let n = quoted(&app, &buyer, &sales).await;
    let n2 = quoted(&app, &buyer, &sales).await;
    act(&app, &buyer, &uri(&n2, "accept"), "accepted").await;
    sqlx::query("UPDATE quotations SET valid_until = $1")
        .bind(uplink_db::now_ms() - 1_000)
        .execute(app.state.db.writer())
        .await
        .unwrap();
    post(&app, &buyer, &uri(&n, "accept"), json!({}))
        .await
        .assert_problem(409, "quotation_expired");
    pay(&app, &buyer, &n2, "k", "credit_terms")
        .await
        .assert_problem(409, "quotation_expired");
    let expired = uplink_api::quotations::expire_due(&app.state)
        .await
        .unwrap();
    assert_eq!(expired, 2);
    assert_eq!(
        uplink_api::quotations::expire_due(&app.state)
            .await
            .unwrap(),
        0
    );
    for number in [&n, &n2] {
        let q = app
            .get_as(&buyer, &format!("/api/v1/quotations/{number}"))
            .await
            .json();
        assert_eq!(q["status"], "expired");
        assert_eq!(q["actions"]["buy_at_catalogue_price"], true);
    }
}

#[tokio::test]
async fn buyers_see_only_their_own_and_customers_never_reach_staff_endpoints() {
    let app = app().await;
    let (buyer, _sales) = parties(&app).await;
    let other = app.register("other@example.com", "DE").await;
    let draft = draft_from_cart(&app, &buyer).await;
    let n = draft["number"].as_str().unwrap().to_owned();
    for action in ["submit", "accept", "close", "comments"] {
        post(&app, &other, &uri(&n, action), json!({"comment": "hi"}))
            .await
            .assert_problem(404, "not_found");
    }
    app.get_as(&other, &format!("/api/v1/quotations/{n}"))
        .await
        .assert_problem(404, "not_found");
    app.get_as(&other, &uri(&n, "quotation.pdf"))
        .await
        .assert_problem(404, "not_found");
    pay(&app, &other, &n, "k", "card")
        .await
        .assert_problem(404, "not_found");
    let mine = app.get_as(&other, "/api/v1/quotations").await.json();
    assert_eq!(mine.as_array().unwrap().len(), 0);
    for (method, path, body) in [
        (Method::GET, "/api/v1/staff/quotations".to_owned(), None),
        (Method::GET, staff_uri(&n), None),
        (Method::PATCH, staff_uri(&n), Some(json!({"version": 1}))),
        (
            Method::POST,
            format!("{}/send", staff_uri(&n)),
            Some(json!({})),
        ),
        (
            Method::POST,
            format!("{}/decline", staff_uri(&n)),
            Some(json!({})),
        ),
    ] {
        let res = app
            .send_as(&buyer, method.clone(), &path, body.as_ref())
            .await;
        res.assert_problem(403, "forbidden");
    }
    // The owner gets the PDF.
    let pdf = app.get_as(&buyer, &uri(&n, "quotation.pdf")).await;
    assert_eq!(pdf.status, 200);
    assert_eq!(pdf.header("content-type"), Some("application/pdf"));
    // A malformed number is simply not found.
    app.get_as(&buyer, "/api/v1/quotations/Q-12%00")
        .await
        .assert_problem(404, "not_found");
}

#[tokio::test]
async fn requests_below_the_minimum_or_with_bad_lines_are_refused_with_their_codes() {
    let app = app().await;
    let buyer = app.register("buyer@example.com", "DE").await;
    // An empty cart.
    post(
        &app,
        &buyer,
        "/api/v1/quotations?store=global",
        json!({"from_cart": true}),
    )
    .await
    .assert_problem(422, "validation_failed");
    // Both ways at once.
    post(
        &app,
        &buyer,
        "/api/v1/quotations?store=global",
        json!({"from_cart": true, "lines": [{"sku": ROUTER, "qty": 1}]}),
    )
    .await
    .assert_problem(422, "validation_failed");
    // An unknown SKU names its line.
    let res = post(
        &app,
        &buyer,
        "/api/v1/quotations?store=global",
        json!({"lines": [{"sku": ROUTER, "qty": 1}, {"sku": "NO-SUCH-SKU", "qty": 1}]}),
    )
    .await;
    let problem = res.assert_problem(404, "not_found");
    assert_eq!(problem["errors"][0]["field"], "lines[1].sku", "{problem}");
    // Given lines from the product page make a draft.
    let res = post(
        &app,
        &buyer,
        "/api/v1/quotations?store=global",
        json!({"lines": [{"sku": ROUTER, "qty": 50}], "note": "50 units, staged delivery"}),
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.text());
    assert_eq!(res.json()["source"], "product");

    let strict =
        TestApp::with_config(|c| c.checkout.quotation_min_subtotal_cents = 1_000_000).await;
    uplink_seed::seed_demo_catalog(&strict.state.db)
        .await
        .unwrap();
    strict.state.catalog.refresh().await.unwrap();
    let b = strict.register("buyer@example.com", "DE").await;
    let res = post(
        &strict,
        &b,
        "/api/v1/quotations?store=global",
        json!({"lines": [{"sku": ROUTER, "qty": 1}]}),
    )
    .await;
    let problem = res.assert_problem(422, "quotation_below_minimum");
    assert_eq!(problem["minimum_cents"], 1_000_000);
}

fn co_term_uri() -> &'static str {
    "/api/v1/me/devices/co-term?store=global"
}

/// The device's coverage end as a day.
async fn coverage_end(app: &TestApp, serial: &str) -> time::Date {
    let ms: i64 = sqlx::query_scalar("SELECT warranty_ends_at FROM devices WHERE serial = $1")
        .bind(serial)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    uplink_domain::devices::ms_date(ms)
}

#[tokio::test]
async fn a_co_term_quotation_prorates_each_device_to_the_common_end_date_and_delivery_lands_there()
{
    let app = app().await;
    let (buyer, sales) = parties(&app).await;
    device_ending_in(&app, &buyer, "1824-COTM-0001", 30).await;
    device_ending_in(&app, &buyer, "1824-COTM-0002", 120).await;
    let target = coverage_end(&app, "1824-COTM-0002").await;
    let res = post(
        &app,
        &buyer,
        co_term_uri(),
        json!({"serials": ["1824-COTM-0001", "1824-cotm-0002"]}),
    )
    .await;
    assert_eq!(res.status, 200, "{}", res.text());
    let answer = res.json();
    assert_eq!(answer["external_url"], Value::Null);
    assert_eq!(
        answer["left_out"],
        json!(["1824-COTM-0002"]),
        "already ends on the date"
    );
    assert_eq!(answer["end_date"], target.to_string());
    let n = answer["quotation_number"].as_str().unwrap().to_owned();
    let q = app
        .get_as(&buyer, &format!("/api/v1/quotations/{n}"))
        .await
        .json();
    assert_eq!(q["status"], "submitted", "sent to sales at once");
    assert_eq!(q["source"], "co_term");
    let line = &q["lines"][0];
    assert_eq!(line["serials"], json!(["1824-COTM-0001"]));
    // 90 days of a one-year plan, day-exact.
    let expires = coverage_end(&app, "1824-COTM-0001").await;
    let share = uplink_domain::plans::co_term_share(
        expires,
        target,
        12,
        uplink_domain::money::Money::from_cents(cents(&line["unit_price"])),
    );
    assert_eq!(share.days, 90);
    assert_eq!(line["quote"]["kind"], "proposed_total");
    assert_eq!(cents(&line["quoted_total"]), share.price.cents());

    // Sales send it as is, the buyer accepts and pays; delivery extends to the common date.
    let opened = app.get_as(&sales, &staff_uri(&n)).await.json();
    assert_eq!(opened["status"], "in_review");
    act(&app, &sales, &format!("{}/send", staff_uri(&n)), "quoted").await;
    act(&app, &buyer, &uri(&n, "accept"), "accepted").await;
    let body = json!({"billing": {"address": {"name": "Ana Roth", "line1": "Hauptstr. 1",
        "city": "Berlin", "postal_code": "10115", "country": "DE", "phone": "+49 30 1234567"}},
        "payment": {"method": "credit_terms"}});
    let res = pay_with(&app, &buyer, &n, "co-term-1", &body).await;
    assert_eq!(res.status, 201, "{}", res.text());
    assert_eq!(cents(&res.json()["totals"]["total"]), share.price.cents());
    uplink_api::commerce::delivery::runner::run_once(&app.state)
        .await
        .expect("delivery runs");
    assert_eq!(coverage_end(&app, "1824-COTM-0001").await, target);
    assert_eq!(coverage_end(&app, "1824-COTM-0002").await, target);
}

#[tokio::test]
async fn co_term_requests_are_checked_and_an_external_host_gets_the_fixed_links() {
    let app = app().await;
    let (buyer, _sales) = parties(&app).await;
    let other = app.register("other@example.com", "DE").await;
    device_ending_in(&app, &buyer, "1824-COTM-0011", 30).await;
    device_ending_in(&app, &buyer, "1824-COTM-0012", 60).await;
    device_ending_in(&app, &other, "1824-COTM-0013", 60).await;
    let both = json!(["1824-COTM-0011", "1824-COTM-0012"]);
    // One device is not a co-term; someone else's device is not found.
    post(
        &app,
        &buyer,
        co_term_uri(),
        json!({"serials": ["1824-COTM-0011"]}),
    )
    .await
    .assert_problem(422, "validation_failed");
    let res = post(
        &app,
        &buyer,
        co_term_uri(),
        json!({"serials": ["1824-COTM-0011", "1824-COTM-0013"]}),
    )
    .await;
    assert_eq!(
        res.assert_problem(404, "not_found")["errors"][0]["field"],
        "serials[1]"
    );
    post(
        &app,
        &buyer,
        co_term_uri(),
        json!({"serials": ["not a serial", "1824-COTM-0011"]}),
    )
    .await
    .assert_problem(422, "invalid_serial");
    // The end date: from the latest expiry to one period after the earliest.
    for bad in ["2020-01-01", "2999-01-01", "tomorrow"] {
        post(
            &app,
            &buyer,
            co_term_uri(),
            json!({"serials": both, "end_date": bad}),
        )
        .await
        .assert_problem(422, "validation_failed");
    }

    let external = TestApp::with_config(|c| {
        c.checkout.co_term_host = Some("https://coterm.example.com".into())
    })
    .await;
    uplink_seed::seed_demo_catalog(&external.state.db)
        .await
        .unwrap();
    external.state.catalog.refresh().await.unwrap();
    let b = external.register("buyer@example.com", "DE").await;
    device_ending_in(&external, &b, "1824-COTM-0011", 30).await;
    device_ending_in(&external, &b, "1824-COTM-0012", 60).await;
    let res = post(&external, &b, co_term_uri(), json!({"serials": both})).await;
    assert_eq!(res.status, 200, "{}", res.text());
    let answer = res.json();
    assert_eq!(
        answer["external_url"],
        "https://coterm.example.com/co-term-quotations?serials=1824-COTM-0011,1824-COTM-0012"
    );
    assert_eq!(
        answer["external_success_url"],
        "https://coterm.example.com/co-term-quotations/success/thanks"
    );
    assert_eq!(answer["quotation_number"], Value::Null);
}

#[tokio::test]
async fn the_staff_queue_filters_by_status_age_and_customer() {
    let app = app().await;
    let (buyer, sales) = parties(&app).await;
    let first = draft_from_cart(&app, &buyer).await;
    let n1 = first["number"].as_str().unwrap().to_owned();
    act(&app, &buyer, &uri(&n1, "submit"), "submitted").await;
    let second = draft_from_cart(&app, &buyer).await;
    let n2 = second["number"].as_str().unwrap().to_owned();
    // Drafts are not in the queue; submitted ones are, with their customer.
    let queue = app.get_as(&sales, "/api/v1/staff/quotations").await.json();
    let numbers: Vec<&str> = queue
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["number"].as_str().unwrap())
        .collect();
    assert_eq!(numbers, [n1.as_str()]);
    assert_eq!(queue[0]["customer"]["email"], "buyer@example.com");
    let all = app
        .get_as(
            &sales,
            "/api/v1/staff/quotations?status=draft,submitted&q=buyer@",
        )
        .await
        .json();
    assert_eq!(all.as_array().unwrap().len(), 2);
    let nobody = app
        .get_as(
            &sales,
            "/api/v1/staff/quotations?status=draft,submitted&q=someone-else",
        )
        .await
        .json();
    assert_eq!(nobody.as_array().unwrap().len(), 0);
    let old = app
        .get_as(&sales, "/api/v1/staff/quotations?older_than_days=3")
        .await
        .json();
    assert_eq!(old.as_array().unwrap().len(), 0, "submitted just now");
    app.get_as(&sales, "/api/v1/staff/quotations?status=pending")
        .await
        .assert_problem(422, "validation_failed");
    app.get_as(&sales, "/api/v1/staff/quotations?older_than_days=9999")
        .await
        .assert_problem(422, "validation_failed");
    // The buyer's own list filters too.
    let drafts = app
        .get_as(&buyer, "/api/v1/quotations?status=draft")
        .await
        .json();
    assert_eq!(drafts[0]["number"], n2.as_str());
    assert_eq!(drafts.as_array().unwrap().len(), 1);
    let by_product = app
        .get_as(&buyer, "/api/v1/quotations?q=br1%20pro")
        .await
        .json();
    assert_eq!(by_product.as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn checkout_options_for_a_quotation_are_priced_at_its_quoted_prices_and_shipping() {
    let app = app().await;
    let (buyer, sales) = parties(&app).await;
    let n = quoted(&app, &buyer, &sales).await;
    let options_uri = format!("/api/v1/checkout/options?quotation={n}&country=DE");
    // Not yet accepted: nothing to pay.
    app.get_as(&buyer, &options_uri)
        .await
        .assert_problem(409, "quotation_not_payable");
    act(&app, &buyer, &uri(&n, "accept"), "accepted").await;
    let res = app.get_as(&buyer, &options_uri).await;
    assert_eq!(res.status, 200, "{}", res.text());
    let options = res.json();
    assert_eq!(cents(&options["totals"]["subtotal"]), 2 * 149_900);
    assert_eq!(cents(&options["totals"]["discount"]), 29_980);
    assert_eq!(cents(&options["totals"]["total"]), 2 * 149_900 - 29_980);
    let priority = options["shipping_options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["method"] == "priority")
        .unwrap();
    assert_eq!(cents(&priority["fee"]), 0, "sales quoted free shipping");
    let methods: Vec<&str> = options["payment_methods"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["available"] == true)
        .map(|m| m["code"].as_str().unwrap())
        .collect();
    assert!(methods.contains(&"credit_terms"), "{methods:?}");
    // Someone else's quotation is not found.
    let other = app.register("other@example.com", "DE").await;
    app.get_as(&other, &options_uri)
        .await
        .assert_problem(404, "not_found");
}
