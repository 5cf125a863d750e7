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
    .fetch_one(app.gateway_pool().await)
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
    app.state.db.accounts_changed(); // as another server would see it within a second (D133)
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

// ----- every staff write leaves exactly one audit entry -----

/// Staff POSTs that change nothing (a rendering), so they leave no entry.
const READ_ONLY_WRITES: &[&str] = &["preview_markdown"];

/// Every staff and admin write operation of the OpenAPI document.
fn staff_write_operations() -> std::collections::BTreeSet<String> {
    let doc: Value = serde_json::from_str(&uplink_api::openapi_json()).unwrap();
    let mut out = std::collections::BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        if !(path.starts_with("/api/v1/staff/") || path.starts_with("/api/v1/admin/")) {
            continue;
        }
        for (method, op) in item.as_object().unwrap() {
            let id = op["operationId"].as_str().unwrap();
            if method != "get" && !READ_ONLY_WRITES.contains(&id) {
                out.insert(id.to_owned());
            }
        }
    }
    out
}

/// A demo store as `make run` seeds it, with the admin signed in.
async fn demo() -> (TestApp, Session) {
    let app = TestApp::new().await;
    assert!(
        uplink_seed::seed_demo_if_empty(&app.state.db)
            .await
            .unwrap()
    );
    app.state.catalog.refresh().await.unwrap();
    let admin = app.sign_in("admin@uplink.test", "uplink-demo-1").await;
    (app, admin)
}

async fn user_id(app: &TestApp, email: &str) -> String {
    sqlx::query_scalar("SELECT id FROM users WHERE email = $1")
        .bind(email)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap()
}

async fn scalar(app: &TestApp, sql: &'static str) -> String {
    sqlx::query_scalar(sql)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap()
}

fn tiny_png() -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, 1, 1);
        enc.set_color(png::ColorType::Rgb);
        let mut w = enc.write_header().unwrap();
        w.write_image_data(&[10, 90, 200]).unwrap();
    }
    out
}

/// One staff write as the walk makes it.
enum Call {
    Json(Method, String, Value),
    Bytes(String, &'static str, Vec<u8>),
}

/// What the walk has made so far, for the writes that need it.
#[derive(Default)]
struct Made {
    product: String,
    parent: String,
    key: String,
    quotation: String,
    declinable: String,
}

/// The request that makes `op` succeed on the demo store, given what the
/// walk made before it (`None`: no fixture yet — add one).
async fn fixture(app: &TestApp, admin: &Session, op: &str, made: &Made) -> Option<Call> {
    use Call::*;
    let get = |uri: String| async move { app.get_as(admin, &uri).await.json() };
    let product = format!("/api/v1/admin/products/{}", made.product);
    let store = "/api/v1/admin/stores/audit-store".to_owned();
    Some(match op {
        "upload_admin_media" => Bytes(
            "/api/v1/admin/media?purpose=image&file_name=a.png".into(),
            "image/png",
            tiny_png(),
        ),
        "create_admin_product" => Json(
            Method::POST,
            "/api/v1/admin/products".into(),
            json!({
            "sku": "UL-AUDIT-1", "name": "Audit Router", "brand": "Uplink", "product_type": "hardware",
            "status": "active", "purchasable": true, "price_cents": 10_000, "min_qty": 1, "qty_step": 1,
            "weight_grams": 300, "categories": ["routers"]}),
        ),
        "update_admin_product" => Json(Method::PUT, product.clone(), get(product).await),
        "set_admin_product_prices" => {
            let p = get(product.clone()).await;
            Json(
                Method::PUT,
                format!("{product}/prices"),
                json!({"version": p["version"], "prices": p["prices"]}),
            )
        }
        "adjust_admin_stock" => Json(
            Method::POST,
            format!("{product}/stock-adjustments"),
            json!({"warehouse": "Global", "delta": 3, "reason": "received"}),
        ),
        "create_admin_variant" => Json(
            Method::POST,
            format!("/api/v1/admin/products/{}/variants", made.parent),
            json!({
            "sku": "UL-AUDIT-KIT-5G", "name": "Audit Kit 5G", "brand": "Uplink", "product_type": "hardware",
            "status": "active", "purchasable": true, "price_cents": 20_000, "min_qty": 1, "qty_step": 1,
            "weight_grams": 300, "categories": ["routers"],
            "attributes": [{"code": "cellular", "label": "Cellular", "value": "5g", "value_label": "5G"}]}),
        ),
        "bulk_change_prices" => Json(
            Method::POST,
            "/api/v1/admin/prices/bulk".into(),
            json!({"product_ids": [made.product], "change": {"kind": "percent", "value": -1000}, "dry_run": false}),
        ),
        "import_products_csv" => {
            // The export with one name changed: an import that changes nothing writes nothing.
            let csv = app
                .get_as(admin, "/api/v1/admin/exports/products.csv")
                .await
                .text()
                .replace("Audit Router", "Audit Router II");
            Bytes(
                "/api/v1/admin/imports/products?dry_run=false".into(),
                "text/csv",
                csv.into_bytes(),
            )
        }
        "create_admin_store" => Json(
            Method::POST,
            "/api/v1/admin/stores".into(),
            json!({
            "code": "audit-store", "kind": "ESTORE", "region": "Global", "name": "Audit", "display_name": "Audit",
            "accent_color": "#0B5FFF", "active": true, "catalogue": "selected",
            "payment_methods": ["card"], "shipping_methods": ["priority"]}),
        ),
        "update_admin_store" => Json(Method::PUT, store.clone(), get(store).await),
        "set_store_selection" => Json(
            Method::PUT,
            format!("{store}/products"),
            json!({"skus": ["MAX-BR1-MINI"]}),
        ),
        "create_admin_coupon" => Json(
            Method::POST,
            "/api/v1/admin/coupons".into(),
            json!({"code": "AUDIT-5", "kind": "percent", "percent_bp": 500, "active": true}),
        ),
        "update_admin_coupon" => Json(
            Method::PUT,
            "/api/v1/admin/coupons/AUDIT-5".into(),
            json!({"kind": "percent", "percent_bp": 500, "active": false}),
        ),
        "put_referral_terms" => Json(
            Method::PUT,
            "/api/v1/admin/referral-terms".into(),
            get("/api/v1/admin/referral-terms".into()).await,
        ),
        "create_integration_key" => Json(
            Method::POST,
            "/api/v1/admin/integration-keys".into(),
            json!({"name": "Audit"}),
        ),
        "revoke_integration_key" => Json(
            Method::DELETE,
            format!("/api/v1/admin/integration-keys/{}", made.key),
            json!({}),
        ),
        "put_credit_terms" => Json(
            Method::PUT,
            format!(
                "/api/v1/staff/customers/{}/credit-terms",
                user_id(app, "business@uplink.test").await
            ),
            json!({"credit_limit_cents": 6_000_000, "payment_terms_days": 30, "may_exceed_limit": false, "note": "Raised"}),
        ),
        "record_credit_payment" => Json(
            Method::POST,
            "/api/v1/staff/orders/UL-000002/credit-payment".into(),
            json!({"amount_cents": 100, "reference": "BANK-4711"}),
        ),
        "staff_refund_order" => Json(
            Method::POST,
            "/api/v1/staff/orders/UL-000002/refunds".into(),
            json!({"reason": "Returned"}),
        ),
        "staff_mark_paid" => Json(
            Method::POST,
            "/api/v1/staff/orders/UL-000004/mark-paid".into(),
            json!({}),
        ),
        "staff_resend_order_email" => Json(
            Method::POST,
            "/api/v1/staff/orders/UL-000004/resend-email".into(),
            json!({}),
        ),
        "staff_cancel_order" => Json(
            Method::POST,
            "/api/v1/staff/orders/UL-000004/cancel".into(),
            json!({"reason": "Asked to"}),
        ),
        "staff_add_shipment" => Json(
            Method::POST,
            "/api/v1/staff/orders/UL-000003/shipments".into(),
            json!({"carrier": "UPS", "tracking_number": "1Z999AA10123456784"}),
        ),
        "staff_complete_order" => Json(
            Method::POST,
            "/api/v1/staff/orders/UL-000003/complete".into(),
            json!({}),
        ),
        "resend_outbox_message" => Json(
            Method::POST,
            format!(
                "/api/v1/admin/outbox/{}/resend",
                scalar(
                    app,
                    "SELECT id FROM email_outbox ORDER BY created_at LIMIT 1"
                )
                .await
            ),
            json!({}),
        ),
        "edit_staff_quotation" => {
            let q = get(format!("/api/v1/staff/quotations/{}", made.quotation)).await;
            Json(
                Method::PATCH,
                format!("/api/v1/staff/quotations/{}", made.quotation),
                json!({"version": q["version"], "comment": "Looking at it"}),
            )
        }
        "send_quotation" => Json(
            Method::POST,
            format!("/api/v1/staff/quotations/{}/send", made.quotation),
            json!({}),
        ),
        "decline_quotation" => Json(
            Method::POST,
            format!("/api/v1/staff/quotations/{}/decline", made.declinable),
            json!({}),
        ),
        "mark_rebates_paid" => {
            let due = get("/api/v1/staff/rebates".into()).await;
            let p = due["partners"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["available"]["cents"].as_i64() > Some(0))
                .cloned()
                .expect("a partner with rebates to pay");
            Json(
                Method::POST,
                format!(
                    "/api/v1/staff/rebates/{}/mark-paid",
                    p["id"].as_str().unwrap()
                ),
                json!({"amount_cents": p["available"]["cents"], "reference": "PAYOUT-1"}),
            )
        }
        "set_customer_roles" => Json(
            Method::PUT,
            format!(
                "/api/v1/admin/customers/{}/roles",
                user_id(app, "jonas@uplink.test").await
            ),
            json!({"roles": ["customer", "partner"]}),
        ),
        "disable_customer" => Json(
            Method::POST,
            format!(
                "/api/v1/admin/customers/{}/disable",
                user_id(app, "jonas@uplink.test").await
            ),
            json!({"reason": "Testing"}),
        ),
        "enable_customer" => Json(
            Method::POST,
            format!(
                "/api/v1/admin/customers/{}/enable",
                user_id(app, "jonas@uplink.test").await
            ),
            json!({}),
        ),
        "view_as_customer" => Json(
            Method::POST,
            format!(
                "/api/v1/staff/customers/{}/view-as",
                user_id(app, "customer@uplink.test").await
            ),
            json!({}),
        ),
        _ => return None,
    })
}

/// The walk's order: what a write needs is made by an earlier one.
const WALK: &[&str] = &[
    "upload_admin_media",
    "create_admin_product",
    "update_admin_product",
    "set_admin_product_prices",
    "adjust_admin_stock",
    "create_admin_variant",
    "bulk_change_prices",
    "import_products_csv",
    "create_admin_store",
    "update_admin_store",
    "set_store_selection",
    "create_admin_coupon",
    "update_admin_coupon",
    "put_referral_terms",
    "create_integration_key",
    "revoke_integration_key",
    "put_credit_terms",
    "record_credit_payment",
    "staff_refund_order",
    "staff_mark_paid",
    "staff_resend_order_email",
    "staff_cancel_order",
    "staff_add_shipment",
    "staff_complete_order",
    "resend_outbox_message",
    "edit_staff_quotation",
    "send_quotation",
    "decline_quotation",
    "mark_rebates_paid",
    "set_customer_roles",
    "disable_customer",
    "enable_customer",
    "view_as_customer",
];

#[tokio::test]
async fn every_staff_write_of_the_document_leaves_exactly_one_audit_entry() {
    let (app, admin) = demo().await;
    let walk: std::collections::BTreeSet<String> = WALK.iter().map(|s| s.to_string()).collect();
    assert_eq!(
        walk,
        staff_write_operations(),
        "every staff write of the document is walked (add new ones to WALK and `fixture`)"
    );
    let mut made = Made::default();
    // A configurable parent for the variant, and two quotations in review.
    let mut parent = json!({"sku": "UL-AUDIT-KIT", "name": "Audit Kit", "brand": "Uplink", "product_type": "configurable",
        "status": "active", "purchasable": false, "price_cents": 20_000, "min_qty": 1, "qty_step": 1, "categories": ["routers"]});
    let res = app
        .send_as(
            &admin,
            Method::POST,
            "/api/v1/admin/products",
            Some(&parent),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    made.parent = res.json()["id"].as_str().unwrap().to_owned();
    parent.as_object_mut().unwrap().clear();
    made.quotation = scalar(
        &app,
        "SELECT number FROM quotations WHERE status = 'submitted' ORDER BY number LIMIT 1",
    )
    .await;
    made.declinable = scalar(
        &app,
        "SELECT number FROM quotations WHERE status = 'expired' ORDER BY number LIMIT 1",
    )
    .await;
    sqlx::query("UPDATE quotations SET status = 'submitted', valid_until = NULL WHERE number = $1")
        .bind(&made.declinable)
        .execute(app.state.db.writer())
        .await
        .unwrap();
    for q in [&made.quotation, &made.declinable] {
        // Opening a submitted quotation puts it in review (its own entry).
        assert_eq!(
            app.get_as(&admin, &format!("/api/v1/staff/quotations/{q}"))
                .await
                .status,
            200
        );
    }
    for op in WALK {
        let call = fixture(&app, &admin, op, &made)
            .await
            .unwrap_or_else(|| panic!("no fixture for {op}"));
        let before = app.state.db.audit_count().await.unwrap();
        let res = match call {
            Call::Json(method, uri, body) => app.send_as(&admin, method, &uri, Some(&body)).await,
            Call::Bytes(uri, content_type, bytes) => {
                app.send_bytes_as(&admin, Method::POST, &uri, content_type, bytes)
                    .await
            }
        };
        assert!(
            res.status.is_success(),
            "{op}: {} {}",
            res.status,
            res.text()
        );
        let after = app.state.db.audit_count().await.unwrap();
        assert_eq!(after, before + 1, "{op} leaves exactly one audit entry");
        match *op {
            "create_admin_product" => made.product = res.json()["id"].as_str().unwrap().to_owned(),
            "create_integration_key" => {
                made.key = res.json()["key"]["id"].as_str().unwrap().to_owned()
            }
            _ => {}
        }
    }
}

/// A refund a stopped server left pending: reserved like the endpoint does, aged past the job's wait.
async fn stranded_refund(
    app: &TestApp,
    number: &str,
    admin: &Session,
) -> uplink_db::refunds::RefundRow {
    let order = app.state.db.order_by_number(number).await.unwrap().unwrap();
    let actor = uplink_db::audit::Actor {
        id: admin.user_id.clone(),
        email: admin.email.clone(),
    };
    let mut tx = app.state.db.begin_write().await.unwrap();
    let new = uplink_db::refunds::NewRefund {
        order_id: &order.id,
        amount_cents: order.total_cents,
        reason: "Returned",
        lines: &[],
        method: &order.payment_method,
        actor: &actor,
    };
    let refund = uplink_db::refunds::reserve_refund(&mut tx, &new, order.total_cents)
        .await
        .unwrap()
        .unwrap();
    sqlx::query("UPDATE refunds SET created_at = created_at - 3600000 WHERE id = $1")
        .bind(&refund.id)
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    refund
}

#[tokio::test]
async fn refunds_a_stopped_server_left_pending_are_settled_by_what_the_gateway_says() {
    let app = app().await;
    let d = desk(&app, "stranded").await;
    let paid_back = paid_order(&app, &d.buyer, "4242424242424242", 1, "h").await;
    let never_asked = paid_order(&app, &d.buyer, "4242424242424242", 1, "i").await;
    for n in [&paid_back, &never_asked] {
        complete(&app, &d.fulfilment, n).await;
    }
    // The first reached the gateway before its server stopped; the second did not.
    let first = stranded_refund(&app, &paid_back, &d.admin).await;
    stranded_refund(&app, &never_asked, &d.admin).await;
    let intent: String = sqlx::query_scalar(
        "SELECT p.gateway_ref FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.number = $1",
    )
    .bind(&paid_back)
    .fetch_one(app.state.db.pool())
    .await
    .unwrap();
    app.state
        .gateway
        .refund(&intent, first.amount_cents)
        .await
        .unwrap();
    // Run twice at once: each refund is settled once.
    let (a, b) = tokio::join!(
        uplink_api::commerce::orders::refunds::reconcile_stale(&app.state),
        uplink_api::commerce::orders::refunds::reconcile_stale(&app.state)
    );
    assert!(a.is_ok() && b.is_ok());
    let settled = app
        .get_as(&d.buyer, &format!("/api/v1/orders/{paid_back}"))
        .await
        .json();
    assert_eq!(settled["status"], "refunded");
    assert_eq!(settled["refunds"].as_array().unwrap().len(), 1);
    let given_back = app
        .get_as(&d.buyer, &format!("/api/v1/orders/{never_asked}"))
        .await
        .json();
    assert_eq!(given_back["status"], "completed");
    assert!(given_back["refunds"].as_array().unwrap().is_empty());
    // Its reservation is free again: staff can refund it now.
    let res = post(
        &app,
        &d.admin,
        &format!("/api/v1/staff/orders/{never_asked}/refunds"),
        json!({"reason": "Returned"}),
    )
    .await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(refunded_at_gateway(&app).await, 2 * first.amount_cents);
    assert_eq!(entries(&app, "order.refund").await, 2);
}

#[tokio::test]
async fn refunding_a_delivered_licence_order_revokes_its_keys_and_takes_back_the_partners_rebate() {
    let (app, admin) = demo().await;
    // Marta's licence order from Skyline's referral code, delivered and paid by card.
    let number = "UL-000005";
    let order_id: String = sqlx::query_scalar("SELECT id FROM orders WHERE number = $1")
        .bind(number)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    let count = |sql: &'static str| {
        let (pool, id) = (app.state.db.pool().clone(), order_id.clone());
        async move {
            sqlx::query_scalar::<_, i64>(sql)
                .bind(id)
                .fetch_one(&pool)
                .await
                .unwrap()
        }
    };
    const KEYS: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM licence_keys k JOIN order_lines l ON l.id = k.order_line_id WHERE l.order_id = $1";
    const REVOKED: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM licence_keys k JOIN order_lines l ON l.id = k.order_line_id WHERE l.order_id = $1 AND k.revoked_at IS NOT NULL";
    const REBATES: &str = "SELECT CAST(COALESCE(SUM(rebate_cents), 0) AS BIGINT) FROM partner_ledger WHERE order_id = $1 AND status <> 'cancelled'";
    let issued = count(KEYS).await;
    assert!(issued > 0, "the demo order delivered licence keys");
    assert!(count(REBATES).await > 0, "Skyline earned a rebate on it");
    let marta = app.sign_in("marta@uplink.test", "uplink-demo-1").await;
    let devices = app.get_as(&marta, "/api/v1/me/devices").await.text();
    assert!(
        devices.contains(number),
        "Marta's devices list the order's licences"
    );
    let uri = format!("/api/v1/staff/orders/{number}/refunds");
    let res = post(&app, &admin, &uri, json!({"reason": "Licences not needed"})).await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(res.json()["status"], "refunded");
    assert_eq!(
        count(REVOKED).await,
        issued,
        "every key of the order is revoked"
    );
    assert_eq!(
        count(REBATES).await,
        0,
        "the rebate is cancelled or clawed back"
    );
}
