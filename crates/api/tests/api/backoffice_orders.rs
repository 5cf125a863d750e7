//! Back-office II (issue 32): refunds of completed orders through the
//! gateway with credit notes, cancellations whose refund the provider
//! declines, customers' roles and disabled accounts, the audit log's API.

use crate::credit::staff;
use crate::helpers::{Session, TestApp, TestResponse};
use axum::http::Method;
use serde_json::{Value, json};

const ROUTER: &str = "MAX-BR1-PRO-5G-PRM"; // hardware, $1,499 in the global store
const REFUND_DECLINED_CARD: &str = "4000000000005126";

async fn app() -> TestApp {
    TestApp::with_demo_catalog().await
}

async fn post(app: &TestApp, s: &Session, uri: &str, body: Value) -> TestResponse {
    app.send_as(s, Method::POST, uri, Some(&body)).await
}

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

/// A paid card order of `qty` routers, as `s` places it; its number.
async fn paid_order(app: &TestApp, s: &Session, card: &str, qty: i64, key: &str) -> String {
    let res = app
        .send_as(
            s,
            Method::POST,
            "/api/v1/cart/lines?store=global",
            Some(&json!({"sku": ROUTER, "qty": qty})),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    let token = card_token(app, card).await;
    let body = json!({
        "shipping": {"method": "priority", "address": {"name": "Rita Refund", "line1": "Hauptstrasse 1",
            "city": "Berlin", "postal_code": "10115", "country": "DE", "phone": "030123456789"}},
        "billing": {"same_as_shipping": true},
        "payment": {"method": "card", "token": token},
    });
    let res = app.place_order(s, key, &body, "").await;
    assert_eq!(res.status, 201, "{}", res.text());
    res.json()["number"].as_str().unwrap().to_owned()
}

/// Ships and completes `number` as fulfilment staff.
async fn complete(app: &TestApp, fulfilment: &Session, number: &str) {
    let uri = format!("/api/v1/staff/orders/{number}/shipments");
    let res = post(
        app,
        fulfilment,
        &uri,
        json!({"carrier": "DHL", "tracking_number": "JD0123456789"}),
    )
    .await;
    assert_eq!(res.status, 200, "{}", res.text());
    let res = post(
        app,
        fulfilment,
        &format!("/api/v1/staff/orders/{number}/complete"),
        json!({}),
    )
    .await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(res.json()["status"], "completed");
}

async fn refunded_at_gateway(app: &TestApp) -> i64 {
    sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(refunded_cents), 0) AS BIGINT) FROM gateway_intents",
    )
    .fetch_one(app.state.db.pool())
    .await
    .unwrap()
}

async fn entries(app: &TestApp, action: &str) -> usize {
    let f = uplink_db::audit::AuditFilter {
        action: Some(action.into()),
        limit: 1000,
        ..Default::default()
    };
    app.state.db.audit_entries(&f).await.unwrap().len()
}

struct Desk {
    buyer: Session,
    fulfilment: Session,
    admin: Session,
}

async fn desk(app: &TestApp, tag: &str) -> Desk {
    Desk {
        buyer: app
            .register(&format!("buyer-{tag}@example.com"), "DE")
            .await,
        fulfilment: staff(app, &format!("ship-{tag}@example.com"), "is_fulfilment").await,
        admin: staff(app, &format!("admin-{tag}@example.com"), "is_admin").await,
    }
}

#[tokio::test]
async fn a_line_refund_gives_back_its_share_with_a_credit_note_and_the_rest_refunds_the_order() {
    let app = app().await;
    let d = desk(&app, "line").await;
    let number = paid_order(&app, &d.buyer, "4242424242424242", 2, "a").await;
    let refunds = format!("/api/v1/staff/orders/{number}/refunds");
    // Not completed yet: nothing to refund (cancel it instead).
    post(&app, &d.admin, &refunds, json!({"reason": "Too early"}))
        .await
        .assert_problem(409, "order_not_refundable");
    complete(&app, &d.fulfilment, &number).await;
    // Fulfilment cannot refund; admins can.
    post(&app, &d.fulfilment, &refunds, json!({"reason": "x"}))
        .await
        .assert_problem(403, "forbidden");
    let order = app
        .get_as(&d.buyer, &format!("/api/v1/orders/{number}"))
        .await
        .json();
    let line = &order["lines"][0];
    let (line_id, line_total) = (
        line["id"].as_str().unwrap(),
        line["total"]["cents"].as_i64().unwrap(),
    );
    let total = order["totals"]["total"]["cents"].as_i64().unwrap();
    // More units than the line has: a field error, nothing refunded.
    post(
        &app,
        &d.admin,
        &refunds,
        json!({"reason": "Broken", "lines": [{"line_id": line_id, "qty": 3}]}),
    )
    .await
    .assert_problem(422, "validation_failed");
    let res = post(
        &app,
        &d.admin,
        &refunds,
        json!({"reason": "One arrived broken", "lines": [{"line_id": line_id, "qty": 1}]}),
    )
    .await;
    assert_eq!(res.status, 200, "{}", res.text());
    let after = res.json();
    assert_eq!(
        after["status"], "completed",
        "part refunded stays completed"
    );
    assert_eq!(after["lines"][0]["refunded_qty"], 1);
    let note = &after["refunds"][0];
    assert_eq!(note["amount"]["cents"].as_i64().unwrap(), line_total / 2);
    assert_eq!(refunded_at_gateway(&app).await, line_total / 2);
    // The buyer sees the credit note; another customer does not.
    let url = note["credit_note_url"].as_str().unwrap();
    let pdf = app.get_as(&d.buyer, url).await;
    assert_eq!(pdf.status, 200);
    assert!(pdf.body.starts_with(b"%PDF"), "a PDF");
    let stranger = app.register("stranger@example.com", "DE").await;
    app.get_as(&stranger, url)
        .await
        .assert_problem(404, "not_found");
    // The rest: everything left, shipping included.
    let res = post(
        &app,
        &d.admin,
        &refunds,
        json!({"reason": "Customer returned the rest"}),
    )
    .await;
    assert_eq!(res.status, 200, "{}", res.text());
    let after = res.json();
    assert_eq!(after["status"], "refunded");
    assert_eq!(after["payment"]["status"], "refunded");
    let sum: i64 = after["refunds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["amount"]["cents"].as_i64().unwrap())
        .sum();
    assert_eq!(sum, total, "refunds add up to what was paid");
    assert_eq!(refunded_at_gateway(&app).await, total);
    post(&app, &d.admin, &refunds, json!({"reason": "Again"}))
        .await
        .assert_problem(409, "order_not_refundable");
    assert_eq!(entries(&app, "order.refund").await, 2);
    assert_eq!(entries(&app, "order.complete").await, 1);
    assert_eq!(entries(&app, "order.ship").await, 1);
}

#[tokio::test]
async fn two_simultaneous_full_refunds_give_the_money_back_once() {
    let app = app().await;
    let d = desk(&app, "twice").await;
    let number = paid_order(&app, &d.buyer, "4242424242424242", 1, "b").await;
    complete(&app, &d.fulfilment, &number).await;
    let uri = format!("/api/v1/staff/orders/{number}/refunds");
    let body = json!({"reason": "Returned"});
    let (a, b) = tokio::join!(
        post(&app, &d.admin, &uri, body.clone()),
        post(&app, &d.admin, &uri, body.clone())
    );
    let mut statuses = [a.status.as_u16(), b.status.as_u16()];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{} / {}", a.text(), b.text());
    let order = app
        .get_as(&d.buyer, &format!("/api/v1/orders/{number}"))
        .await
        .json();
    assert_eq!(
        refunded_at_gateway(&app).await,
        order["totals"]["total"]["cents"].as_i64().unwrap()
    );
    assert_eq!(order["refunds"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn a_refund_the_provider_declines_leaves_the_order_as_it_was() {
    let app = app().await;
    let d = desk(&app, "declined").await;
    // Cancelling a paid order whose refund is declined: still processing.
    let open = paid_order(&app, &d.buyer, REFUND_DECLINED_CARD, 1, "c").await;
    post(
        &app,
        &d.fulfilment,
        &format!("/api/v1/staff/orders/{open}/cancel"),
        json!({"reason": "Out of stock"}),
    )
    .await
    .assert_problem(402, "refund_declined");
    let still = app
        .get_as(&d.buyer, &format!("/api/v1/orders/{open}"))
        .await
        .json();
    assert_eq!(still["status"], "processing");
    assert_eq!(entries(&app, "order.cancel").await, 0);
    // Refunding a completed one: the same.
    let done = paid_order(&app, &d.buyer, REFUND_DECLINED_CARD, 1, "d").await;
    complete(&app, &d.fulfilment, &done).await;
    post(
        &app,
        &d.admin,
        &format!("/api/v1/staff/orders/{done}/refunds"),
        json!({"reason": "Returned"}),
    )
    .await
    .assert_problem(402, "refund_declined");
    let order = app
        .get_as(&d.buyer, &format!("/api/v1/orders/{done}"))
        .await
        .json();
    assert_eq!(order["status"], "completed");
    assert_eq!(order["refunds"].as_array().unwrap().len(), 0);
    assert_eq!(order["lines"][0]["refunded_qty"], 0);
    assert_eq!(refunded_at_gateway(&app).await, 0);
    let failed: i64 =
        sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM refunds WHERE status = 'failed'")
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
    assert_eq!(failed, 1, "the attempt is kept, failed");
    assert_eq!(entries(&app, "order.refund").await, 0);
}

#[tokio::test]
async fn staff_find_orders_by_status_sku_customer_and_day() {
    let app = app().await;
    let d = desk(&app, "search").await;
    let number = paid_order(&app, &d.buyer, "4242424242424242", 1, "e").await;
    let list = |q: &str| format!("/api/v1/staff/orders?{q}");
    let numbers = |v: Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|o| o["number"].as_str().unwrap().to_owned())
            .collect()
    };
    let found = app
        .get_as(
            &d.fulfilment,
            &list(&format!("sku={ROUTER}&customer=buyer-search@example.com")),
        )
        .await;
    assert_eq!(found.status, 200, "{}", found.text());
    assert_eq!(numbers(found.json()), vec![number.clone()]);
    let none = app
        .get_as(
            &d.fulfilment,
            &list("status=refunded&customer=buyer-search@example.com"),
        )
        .await;
    assert!(numbers(none.json()).is_empty());
    let by_number = app
        .get_as(
            &d.fulfilment,
            &list(&format!("q={}", number.to_lowercase())),
        )
        .await;
    assert_eq!(numbers(by_number.json()), vec![number.clone()]);
    app.get_as(&d.fulfilment, &list("from=yesterday"))
        .await
        .assert_problem(422, "validation_failed");
    let page = app.get_as(&d.fulfilment, &list("limit=1")).await.json();
    let before = page[0]["placed_at"].as_str().unwrap().to_owned();
    let next = app
        .get_as(
            &d.fulfilment,
            &list(&format!("limit=1&before={}", before.replace('+', "%2B"))),
        )
        .await;
    assert_eq!(next.status, 200, "{}", next.text());
    assert_ne!(
        numbers(next.json()).first(),
        Some(&page[0]["number"].as_str().unwrap().to_owned())
    );
}

#[tokio::test]
async fn disabling_an_account_ends_its_sessions_and_refuses_its_sign_in() {
    let app = app().await;
    let admin = staff(&app, "boss@example.com", "is_admin").await;
    let user = app.register("mallory@example.com", "DE").await;
    assert_eq!(app.get_as(&user, "/api/v1/me").await.status, 200);
    let uri = format!("/api/v1/admin/customers/{}/disable", user.user_id);
    post(&app, &admin, &uri, json!({"reason": ""}))
        .await
        .assert_problem(422, "validation_failed");
    let res = post(&app, &admin, &uri, json!({"reason": "Chargeback fraud"})).await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert!(res.json()["disabled_at"].is_string());
    assert_eq!(
        app.get_as(&user, "/api/v1/me").await.status,
        401,
        "the session ended at once"
    );
    let login = app
        .login("mallory@example.com", crate::helpers::PASSWORD)
        .await;
    login.assert_problem(403, "account_disabled");
    let res = post(
        &app,
        &admin,
        &format!("/api/v1/admin/customers/{}/enable", user.user_id),
        json!({}),
    )
    .await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(
        app.login("mallory@example.com", crate::helpers::PASSWORD)
            .await
            .status,
        200
    );
    assert_eq!(entries(&app, "customer.disable").await, 1);
    assert_eq!(entries(&app, "customer.enable").await, 1);
}

#[tokio::test]
async fn the_last_admin_keeps_the_role_and_roles_change_otherwise() {
    let app = app().await;
    // The only admin of a fresh store (the demo catalogue brings none).
    sqlx::query("UPDATE users SET is_admin = $1")
        .bind(false)
        .execute(app.state.db.writer())
        .await
        .unwrap();
    let admin = staff(&app, "only@example.com", "is_admin").await;
    let own = format!("/api/v1/admin/customers/{}/roles", admin.user_id);
    app.send_as(
        &admin,
        Method::PUT,
        &own,
        Some(&json!({"roles": ["customer"]})),
    )
    .await
    .assert_problem(409, "last_admin");
    post(
        &app,
        &admin,
        &format!("/api/v1/admin/customers/{}/disable", admin.user_id),
        json!({"reason": "Leaving"}),
    )
    .await
    .assert_problem(409, "last_admin");
    let other = app.register("second@example.com", "DE").await;
    let res = app
        .send_as(
            &admin,
            Method::PUT,
            &format!("/api/v1/admin/customers/{}/roles", other.user_id),
            Some(&json!({"roles": ["customer", "admin"]})),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(res.json()["roles"], json!(["customer", "admin"]));
    app.send_as(
        &admin,
        Method::PUT,
        &own,
        Some(&json!({"roles": ["wizard"]})),
    )
    .await
    .assert_problem(422, "validation_failed");
    // With a second admin, the first may step down.
    let res = app
        .send_as(
            &admin,
            Method::PUT,
            &own,
            Some(&json!({"roles": ["customer"]})),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(entries(&app, "customer.roles").await, 2);
}

#[tokio::test]
async fn a_customers_page_shows_their_orders_and_viewing_as_them_is_audited() {
    let app = app().await;
    let d = desk(&app, "page").await;
    let sales = staff(&app, "sally@example.com", "is_sales").await;
    let number = paid_order(&app, &d.buyer, "4242424242424242", 1, "f").await;
    let uri = format!("/api/v1/staff/customers/{}", d.buyer.user_id);
    let page = app.get_as(&sales, &uri).await;
    assert_eq!(page.status, 200, "{}", page.text());
    assert_eq!(page.json()["orders"][0]["number"], number.as_str());
    app.get_as(&d.buyer, &uri)
        .await
        .assert_problem(403, "forbidden");
    app.get_as(&sales, "/api/v1/staff/customers/usr_nobody")
        .await
        .assert_problem(404, "not_found");
    let res = post(&app, &sales, &format!("{uri}/view-as"), json!({})).await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(entries(&app, "customer.view_as").await, 1);
}

#[tokio::test]
async fn the_audit_log_filters_pages_and_exports_csv() {
    let app = app().await;
    let d = desk(&app, "log").await;
    let number = paid_order(&app, &d.buyer, "4242424242424242", 1, "g").await;
    complete(&app, &d.fulfilment, &number).await;
    let log = |q: &str| format!("/api/v1/admin/audit-log?{q}");
    let page = app
        .get_as(
            &d.admin,
            &log(&format!("resource_type=order&resource_id={number}")),
        )
        .await;
    assert_eq!(page.status, 200, "{}", page.text());
    let items = page.json()["items"].as_array().unwrap().clone();
    let actions: Vec<&str> = items
        .iter()
        .map(|i| i["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        vec!["order.complete", "order.ship"],
        "newest first"
    );
    assert_eq!(items[0]["actor_email"], "ship-log@example.com");
    assert_eq!(items[0]["before"]["status"], "shipped");
    let first = app
        .get_as(&d.admin, &log("limit=1&actor=ship-log@example.com"))
        .await
        .json();
    let cursor = first["next_before"].as_i64().expect("another page");
    let second = app
        .get_as(
            &d.admin,
            &log(&format!(
                "limit=1&actor=ship-log@example.com&before={cursor}"
            )),
        )
        .await
        .json();
    assert_eq!(second["items"][0]["action"], "order.ship");
    assert!(second["next_before"].is_null());
    app.get_as(&d.admin, &log("from=27/11/2026"))
        .await
        .assert_problem(422, "validation_failed");
    app.get_as(&d.fulfilment, &log(""))
        .await
        .assert_problem(403, "forbidden");
    let csv = app
        .get_as(&d.admin, "/api/v1/admin/audit-log.csv?action=order.ship")
        .await;
    assert_eq!(csv.status, 200);
    assert_eq!(csv.header("content-type"), Some("text/csv; charset=utf-8"));
    let text = csv.text();
    let mut rows = text.lines();
    assert!(rows.next().unwrap().starts_with("id,at,actor_email"));
    assert!(rows.next().unwrap().contains("order.ship"));
    assert!(rows.next().is_none());
}
