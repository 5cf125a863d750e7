//! Partners (SPEC §10, #28, D102): mini-stores selected by key (and paused),
//! attribution and rebates of mini-store orders, the partner's edits with
//! their floor, partner prices, the rebate ledger moving (maturing,
//! cancelling, claw-back, payouts) exactly once, the pavilion with and
//! without an end-customer account and its invitation claimed once, and
//! who may see what.

use crate::helpers::{Session, TestApp, TestResponse};
use axum::body::Body;
use axum::http::{Method, Request};
use serde_json::{Value, json};

const DEMO_PASSWORD: &str = "uplink-demo-1";
const NORTHWIND: &str = "nwn-7f3k9q";
const SKYLINE: &str = "sky-4h7d2p";
/// In Northwind's selection at 95 % of list; a licence for non-prime routers.
const LICENCE: &str = "LIC-SF-BOND";
const BR1_MINI_SERIAL: &str = "1824-PRTN-0001";
const DAY: i64 = 86_400_000;

/// The demo catalogue, accounts, coupons and partners (mini-stores linked,
/// partner price lists filled), with the read model rebuilt.
async fn app() -> TestApp {
    let app = TestApp::with_demo_catalog().await;
    let db = &app.state.db;
    uplink_seed::seed_demo_accounts(db).await.expect("accounts");
    uplink_seed::seed_demo_cart(db).await.expect("coupons");
    uplink_seed::seed_demo_partners(db).await.expect("partners");
    app.state.catalog.refresh().await.expect("read model");
    app
}

async fn demo(app: &TestApp, email: &str) -> Session {
    app.sign_in(email, DEMO_PASSWORD).await
}

fn items(page: &Value) -> Vec<(String, i64)> {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            (
                i["sku"].as_str().unwrap().to_owned(),
                i["price"]["cents"].as_i64().unwrap(),
            )
        })
        .collect()
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

fn billing() -> Value {
    json!({"address": {"name": "Test Person", "line1": "Hauptstrasse 1", "city": "Berlin",
           "postal_code": "10115", "country": "DE", "phone": "030123456789"}})
}

async fn add(app: &TestApp, s: &Session, store: &str, body: Value) {
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

/// Places the cart of `store` with the test card: the order.
async fn pay(app: &TestApp, s: &Session, store: &str, key: &str) -> Value {
    let token = card_token(app).await;
    let body = json!({"billing": billing(), "payment": {"method": "card", "token": token}});
    let res = app
        .place_order(s, key, &body, &format!("?store={store}"))
        .await;
    assert_eq!(res.status, 201, "place: {}", res.text());
    res.json()
}

async fn deliver(app: &TestApp) {
    uplink_api::commerce::delivery::runner::run_once(&app.state)
        .await
        .expect("delivery runs");
}

async fn mature(app: &TestApp) -> u64 {
    let mut tx = app.state.db.begin_write().await.unwrap();
    let n = uplink_db::partners::mature_rebates(&mut tx, uplink_db::now_ms(), 14 * DAY)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    n
}

/// Moves an order's payment `days` into the past (the clock of the test).
async fn paid_days_ago(app: &TestApp, number: &str, days: i64) {
    sqlx::query("UPDATE orders SET paid_at = $1 WHERE number = $2")
        .bind(uplink_db::now_ms() - days * DAY)
        .bind(number)
        .execute(app.state.db.pool())
        .await
        .unwrap();
}

async fn ledger(app: &TestApp, s: &Session) -> Value {
    let res = app.get_as(s, "/api/v1/partner/rebates").await;
    assert_eq!(res.status, 200, "{}", res.text());
    res.json()
}

async fn patch(app: &TestApp, s: &Session, key: &str, body: Value) -> TestResponse {
    app.send_as(
        s,
        Method::PATCH,
        &format!("/api/v1/partner/mini-stores/{key}"),
        Some(&body),
    )
    .await
}

// ---------- mini-stores ----------

#[tokio::test]
async fn a_mini_store_key_shows_only_its_products_at_its_prices_and_a_paused_or_unknown_key_is_refused()
 {
    let app = app().await;
    let main: std::collections::HashMap<String, i64> = items(
        &app.get_json("/api/v1/products?page_size=96&category=licences")
            .await,
    )
    .into_iter()
    .collect();
    let page = app
        .get_json(&format!("/api/v1/products?page_size=96&store={NORTHWIND}"))
        .await;
    let mini = items(&page);
    assert!(!mini.is_empty() && mini.len() < main.len() + 40);
    let bond = mini
        .iter()
        .find(|(sku, _)| sku == LICENCE)
        .expect("selected");
    assert_eq!(bond.1, main[LICENCE] * 95 / 100, "Northwind's own price");
    assert!(
        !mini.iter().any(|(sku, _)| sku.starts_with("SFC-")),
        "cloud plans are not in Northwind's selection"
    );
    // Search and the store's branding answer for the mini-store too.
    let found = app
        .get_json(&format!("/api/v1/search?q=bonding&store={NORTHWIND}"))
        .await;
    assert_eq!(items(&found)[0], (LICENCE.to_owned(), bond.1));
    let store = app.get_json(&format!("/api/v1/stores/{NORTHWIND}")).await;
    assert_eq!(store["kind"], "MINISTORE");
    assert_eq!(store["branding"]["accent_color"], "#0f766e");
    assert_eq!(store["shipping_methods"], json!(["priority"]));

    // Paused by its partner: a clear refusal, never another store's prices.
    let nw = demo(&app, "northwind@uplink.test").await;
    let res = patch(&app, &nw, NORTHWIND, json!({"active": false})).await;
    assert_eq!(res.status, 200, "{}", res.text());
    app.get(&format!("/api/v1/products?store={NORTHWIND}"))
        .await
        .assert_problem(404, "store_paused");
    app.get(&format!("/api/v1/stores/{NORTHWIND}"))
        .await
        .assert_problem(404, "store_paused");
    app.get("/api/v1/stores/no-such-key")
        .await
        .assert_problem(404, "not_found");
    app.get("/api/v1/products?store=no-such-key")
        .await
        .assert_problem(422, "validation_failed");
    // Open again: the link works at once.
    patch(&app, &nw, NORTHWIND, json!({"active": true})).await;
    app.get_json(&format!("/api/v1/stores/{NORTHWIND}")).await;
}

#[tokio::test]
async fn an_order_in_a_mini_store_is_credited_to_its_partner_with_a_pending_rebate_per_eligible_line()
 {
    let app = app().await;
    let s = app.register("mini-buyer@example.com", "DE").await;
    add(
        &app,
        &s,
        NORTHWIND,
        json!({"sku": LICENCE, "qty": 1, "serials": [BR1_MINI_SERIAL]}),
    )
    .await;
    let cart = app
        .get_as(&s, &format!("/api/v1/cart?store={NORTHWIND}"))
        .await
        .json();
    let order = pay(&app, &s, NORTHWIND, "mini-1").await;
    assert_eq!(order["store"], "northwind");
    assert_eq!(order["totals"]["total"], cart["totals"]["total"]);
    assert_eq!(
        order["partner_referral"]["partner_name"],
        "Northwind Networks Ltd"
    );
    let nw = demo(&app, "northwind@uplink.test").await;
    let dash = app.get_as(&nw, "/api/v1/partner/dashboard").await.json();
    let credited = &dash["orders"][0];
    assert_eq!(credited["number"], order["number"]);
    assert_eq!(credited["channel"], "ministore");
    assert_eq!(credited["bought_by_you"], false);
    // 10 % of what the buyer paid before tax, rounded half up (SPEC §2).
    let paid = order["lines"][0]["subtotal"]["cents"].as_i64().unwrap()
        - order["lines"][0]["discount"]["cents"].as_i64().unwrap();
    let expected = (paid * 1_000 + 5_000) / 10_000;
    assert_eq!(credited["rebate"]["cents"], expected);
    let entries = ledger(&app, &nw).await;
    assert_eq!(entries["items"][0]["status"], "pending");
    assert_eq!(entries["items"][0]["amount"]["cents"], expected);
    assert_eq!(entries["totals"]["pending"]["cents"], expected);
    assert_eq!(entries["totals"]["balance"]["cents"], expected);
}

#[tokio::test]
async fn a_partner_edits_its_mini_store_and_listing_search_and_detail_show_it_at_once() {
    let app = app().await;
    let sky = demo(&app, "partner@uplink.test").await;
    let detail = app
        .get_as(&sky, &format!("/api/v1/partner/mini-stores/{SKYLINE}"))
        .await
        .json();
    let bond = detail["products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["sku"] == LICENCE)
        .expect("Skyline sells the licence")
        .clone();
    let floor = bond["floor"]["cents"].as_i64().unwrap();
    let list = bond["list_price"]["cents"].as_i64().unwrap();
    assert_eq!(
        floor,
        (list * 8_000 + 9_999) / 10_000,
        "80 % of list, rounded up"
    );

    // Below the floor: refused on the field, nothing written.
    let body = patch(
        &app,
        &sky,
        SKYLINE,
        json!({"display_name": "Skyline Direct", "products": [{"sku": LICENCE, "price_cents": floor - 1}]}),
    )
    .await
    .assert_problem(422, "validation_failed");
    assert_eq!(body["errors"][0]["field"], "products[0].price_cents");
    assert_eq!(body["errors"][0]["code"], "price_below_floor");
    let store = app.get_json(&format!("/api/v1/stores/{SKYLINE}")).await;
    assert_eq!(store["branding"]["display_name"], "Skyline Resellers");

    // At the floor, with a new name and only two products: at once.
    let res = patch(
        &app,
        &sky,
        SKYLINE,
        json!({"display_name": "Skyline Direct", "accent_color": "#123ABC",
               "products": [{"sku": LICENCE, "price_cents": floor},
                            {"sku": "UL-BRANCH-500", "price_cents": 99_000}]}),
    )
    .await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(res.json()["branding"]["accent_color"], "#123abc");
    let page = app
        .get_json(&format!("/api/v1/products?store={SKYLINE}&page_size=96"))
        .await;
    let mut listed = items(&page);
    listed.sort();
    assert_eq!(
        listed,
        [
            (LICENCE.to_owned(), floor),
            ("UL-BRANCH-500".to_owned(), 99_000)
        ]
    );
    let found = app
        .get_json(&format!("/api/v1/search?q=bonding&store={SKYLINE}"))
        .await;
    assert_eq!(items(&found), [(LICENCE.to_owned(), floor)]);
    let slug = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["sku"] == LICENCE)
        .unwrap()["slug"]
        .as_str()
        .unwrap()
        .to_owned();
    let product = app
        .get_json(&format!("/api/v1/products/{slug}?store={SKYLINE}"))
        .await;
    assert_eq!(product["price"]["cents"], floor);
    let store = app.get_json(&format!("/api/v1/stores/{SKYLINE}")).await;
    assert_eq!(store["branding"]["display_name"], "Skyline Direct");

    // Other rules each name their field.
    let body = patch(
        &app,
        &sky,
        SKYLINE,
        json!({"accent_color": "teal", "products": [{"sku": "NOPE-1", "price_cents": 100},
            {"sku": LICENCE, "price_cents": floor}, {"sku": LICENCE, "price_cents": floor}],
            "logo": {"data_base64": "PHN2Zz48L3N2Zz4="}}),
    )
    .await
    .assert_problem(422, "validation_failed");
    let fields: Vec<&str> = body["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap())
        .collect();
    assert_eq!(
        fields,
        ["accent_color", "logo", "products[0].sku", "products[2].sku"]
    );
}

#[tokio::test]
async fn a_mini_store_saves_back_what_it_shows_including_a_configurable_product() {
    let app = app().await;
    let sky = demo(&app, "partner@uplink.test").await;
    let path = format!("/api/v1/partner/mini-stores/{SKYLINE}");
    let detail = app.get_as(&sky, &path).await.json();
    let products = detail["products"].as_array().unwrap();
    let parent = products
        .iter()
        .find(|p| p["has_variants"] == true)
        .expect("Skyline sells a configurable product");
    let rows: Vec<Value> = products
        .iter()
        .map(|p| json!({"sku": p["sku"], "price_cents": p["price"]["cents"]}))
        .collect();
    let res = patch(&app, &sky, SKYLINE, json!({ "products": rows })).await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(res.json()["products"], detail["products"]);

    // Its variants sell at the store's prices: a price of its own is refused.
    let sku = parent["sku"].as_str().unwrap();
    let body = patch(
        &app,
        &sky,
        SKYLINE,
        json!({"products": [{"sku": sku, "price_cents": parent["price"]["cents"].as_i64().unwrap() + 100}]}),
    )
    .await
    .assert_problem(422, "validation_failed");
    assert_eq!(body["errors"][0]["field"], "products[0].price_cents");

    // Products to add come with their list price and floor.
    let found = app
        .get_as(&sky, &format!("{path}/candidates?q=bonding"))
        .await
        .json();
    let licence = found
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["sku"] == LICENCE)
        .expect("the licence is found");
    let list = licence["list_price"]["cents"].as_i64().unwrap();
    assert_eq!(licence["floor"]["cents"], (list * 8_000 + 9_999) / 10_000);
    let nw = demo(&app, "northwind@uplink.test").await;
    app.get_as(&nw, &format!("{path}/candidates?q=bonding"))
        .await
        .assert_problem(404, "not_found");
}

#[tokio::test]
async fn another_partners_mini_store_is_not_found_and_customers_are_refused_partner_endpoints() {
    let app = app().await;
    let nw = demo(&app, "northwind@uplink.test").await;
    app.get_as(&nw, &format!("/api/v1/partner/mini-stores/{SKYLINE}"))
        .await
        .assert_problem(404, "not_found");
    patch(&app, &nw, SKYLINE, json!({"active": false}))
        .await
        .assert_problem(404, "not_found");
    let own: Vec<String> = app
        .get_as(&nw, "/api/v1/partner/mini-stores")
        .await
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["key"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(own, [NORTHWIND]);
    let customer = demo(&app, "customer@uplink.test").await;
    for uri in [
        "/api/v1/partner/dashboard",
        "/api/v1/partner/rebates",
        "/api/v1/partner/rebates.csv",
        "/api/v1/partner/mini-stores",
    ] {
        app.get_as(&customer, uri)
            .await
            .assert_problem(403, "forbidden");
        app.get(uri).await.assert_problem(401, "unauthenticated");
    }
    patch(&app, &customer, NORTHWIND, json!({"active": false}))
        .await
        .assert_problem(403, "forbidden");
    for who in [&customer, &nw] {
        app.get_as(who, "/api/v1/staff/rebates")
            .await
            .assert_problem(403, "forbidden");
    }
}

// ---------- partner prices ----------

#[tokio::test]
async fn a_signed_in_partner_sees_and_pays_the_partner_price_list_marked_as_such() {
    let app = app().await;
    let guest = app
        .get_json("/api/v1/products?page_size=96&category=licences")
        .await;
    let list: std::collections::HashMap<String, i64> = items(&guest).into_iter().collect();
    let sky = demo(&app, "partner@uplink.test").await;
    let page = app
        .get_as(&sky, "/api/v1/products?page_size=96&category=licences")
        .await
        .json();
    let partner: std::collections::HashMap<String, i64> = items(&page).into_iter().collect();
    assert_eq!(partner[LICENCE], (list[LICENCE] * 8_800 + 5_000) / 10_000);
    let stores = app.get_as(&sky, "/api/v1/stores").await.json();
    assert_eq!(stores["current"]["price_list"], "partner");
    assert_eq!(stores["current"]["code"], "global");
    assert_eq!(
        stores["items"].as_array().unwrap().len(),
        2,
        "no twin listed"
    );
    // The customer next door sees the store's price.
    let customer = demo(&app, "customer@uplink.test").await;
    let theirs = app
        .get_as(&customer, "/api/v1/products?page_size=96&category=licences")
        .await
        .json();
    assert_eq!(
        items(&theirs)
            .into_iter()
            .collect::<std::collections::HashMap<_, _>>()[LICENCE],
        list[LICENCE]
    );
    // The cart and the order carry the partner price and say so.
    add(
        &app,
        &sky,
        "global",
        json!({"sku": LICENCE, "qty": 1, "serials": [BR1_MINI_SERIAL]}),
    )
    .await;
    let cart = app.get_as(&sky, "/api/v1/cart").await.json();
    assert_eq!(cart["price_list"], "partner");
    assert_eq!(cart["lines"][0]["unit_price"]["cents"], partner[LICENCE]);
    let order = pay(&app, &sky, "global", "partner-price").await;
    assert_eq!(order["price_list"], "partner");
    assert_eq!(order["lines"][0]["unit_price"]["cents"], partner[LICENCE]);
}

// ---------- the ledger ----------

#[tokio::test]
async fn rebates_mature_once_after_the_window_even_with_the_job_run_twice_at_once() {
    let app = app().await;
    let s = app.register("mature@example.com", "DE").await;
    add(
        &app,
        &s,
        NORTHWIND,
        json!({"sku": LICENCE, "qty": 1, "serials": [BR1_MINI_SERIAL]}),
    )
    .await;
    let order = pay(&app, &s, NORTHWIND, "mature-1").await;
    let number = order["number"].as_str().unwrap();
    assert_eq!(mature(&app).await, 0, "inside the return window");
    paid_days_ago(&app, number, 15).await;
    let (a, b) = tokio::join!(mature(&app), mature(&app));
    assert_eq!(a + b, 1, "one entry moved once");
    let nw = demo(&app, "northwind@uplink.test").await;
    let entries = ledger(&app, &nw).await;
    assert_eq!(entries["items"][0]["status"], "available");
    assert!(entries["items"][0]["available_at"].is_string());
    // The job itself (leased by the runner) does the same.
    uplink_api::commerce::orders::jobs::run_once(&app.state)
        .await
        .expect("order jobs");
    assert_eq!(
        ledger(&app, &nw).await["totals"]["available"],
        entries["totals"]["available"]
    );
}

#[tokio::test]
async fn cancelling_cancels_pending_rebates_and_claws_back_available_ones_and_the_balance_is_their_sum()
 {
    let app = app().await;
    let s = app.register("cancel@example.com", "DE").await;
    let nw = demo(&app, "northwind@uplink.test").await;
    // A bank transfer, cancelled by the customer while pending: rebate cancelled.
    add(
        &app,
        &s,
        NORTHWIND,
        json!({"sku": LICENCE, "qty": 1, "serials": [BR1_MINI_SERIAL]}),
    )
    .await;
    let body = json!({"billing": billing(), "payment": {"method": "bank_transfer"}});
    let res = app
        .place_order(&s, "cancel-1", &body, &format!("?store={NORTHWIND}"))
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    let unpaid = res.json()["number"].as_str().unwrap().to_owned();
    let res = app
        .send_as(
            &s,
            Method::POST,
            &format!("/api/v1/orders/{unpaid}/cancel"),
            None,
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    let entries = ledger(&app, &nw).await;
    assert_eq!(entries["items"][0]["status"], "cancelled");
    assert_eq!(entries["totals"]["balance"]["cents"], 0);

    // A router and a licence, paid; the rebate matures; staff cancel with
    // refund: a negative entry, and the balance is back to what it was.
    add(
        &app,
        &s,
        NORTHWIND,
        json!({"sku": "MAX-BR1-MINI-C4", "qty": 1}),
    )
    .await;
    add(
        &app,
        &s,
        NORTHWIND,
        json!({"sku": LICENCE, "qty": 1, "serials": [BR1_MINI_SERIAL]}),
    )
    .await;
    let token = card_token(&app).await;
    let body = json!({"billing": billing(), "payment": {"method": "card", "token": token},
        "shipping": {"method": "priority", "address": billing()["address"]}});
    let res = app
        .place_order(&s, "cancel-2", &body, &format!("?store={NORTHWIND}"))
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    let paid = res.json()["number"].as_str().unwrap().to_owned();
    deliver(&app).await;
    paid_days_ago(&app, &paid, 20).await;
    mature(&app).await;
    let before = ledger(&app, &nw).await["totals"].clone();
    assert!(before["available"]["cents"].as_i64().unwrap() > 0);
    let staff = demo(&app, "fulfilment@uplink.test").await;
    let res = app
        .send_as(
            &staff,
            Method::POST,
            &format!("/api/v1/staff/orders/{paid}/cancel"),
            Some(&json!({"reason": "Customer changed their mind"})),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    let after = ledger(&app, &nw).await;
    let kinds: Vec<(&str, &str, i64)> = after["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["kind"].as_str().unwrap(),
                e["status"].as_str().unwrap(),
                e["amount"]["cents"].as_i64().unwrap(),
            )
        })
        .collect();
    let earned = before["available"]["cents"].as_i64().unwrap();
    assert!(
        kinds.contains(&("clawback", "available", -earned)),
        "{kinds:?}"
    );
    assert!(
        kinds.contains(&("rebate", "available", earned)),
        "{kinds:?}"
    );
    assert_eq!(after["totals"]["balance"]["cents"], 0);
    let sum: i64 = kinds
        .iter()
        .filter(|(_, status, _)| *status != "cancelled")
        .map(|(_, _, c)| c)
        .sum();
    assert_eq!(after["totals"]["balance"]["cents"], sum);
    // Settling again changes nothing (one claw-back per line).
    let mut tx = app.state.db.begin_write().await.unwrap();
    let id: String = sqlx::query_scalar("SELECT id FROM orders WHERE number = $1")
        .bind(&paid)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    let again = uplink_db::partners::settle_order_rebates(&mut tx, &id, uplink_db::now_ms())
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(again, Default::default());
}

#[tokio::test]
async fn staff_pay_out_a_partners_available_rebates_once_even_with_two_payouts_at_once() {
    let app = app().await;
    let s = app.register("payout@example.com", "DE").await;
    add(
        &app,
        &s,
        NORTHWIND,
        json!({"sku": LICENCE, "qty": 1, "serials": [BR1_MINI_SERIAL]}),
    )
    .await;
    let order = pay(&app, &s, NORTHWIND, "payout-1").await;
    paid_days_ago(&app, order["number"].as_str().unwrap(), 15).await;
    mature(&app).await;
    let admin = demo(&app, "admin@uplink.test").await;
    let due = app.get_as(&admin, "/api/v1/staff/rebates").await.json();
    let row = due["partners"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["referral_code"] == "NORTHWIND")
        .unwrap()
        .clone();
    let amount = row["available"]["cents"].as_i64().unwrap();
    let uri = format!(
        "/api/v1/staff/rebates/{}/mark-paid",
        row["id"].as_str().unwrap()
    );
    // A stale amount is refused.
    app.send_as(
        &admin,
        Method::POST,
        &uri,
        Some(&json!({"reference": "PAY-1", "amount_cents": amount + 1})),
    )
    .await
    .assert_problem(409, "version_conflict");
    let body = json!({"reference": "PAY-1", "amount_cents": amount});
    let (a, b) = tokio::join!(
        app.send_as(&admin, Method::POST, &uri, Some(&body)),
        app.send_as(&admin, Method::POST, &uri, Some(&body)),
    );
    let mut statuses = [a.status.as_u16(), b.status.as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 422], "{} / {}", a.text(), b.text());
    let nw = demo(&app, "northwind@uplink.test").await;
    let totals = ledger(&app, &nw).await["totals"].clone();
    assert_eq!(totals["paid"]["cents"], amount);
    assert_eq!(totals["available"]["cents"], 0);
    // A partner cannot pay itself.
    app.send_as(&nw, Method::POST, &uri, Some(&body))
        .await
        .assert_problem(403, "forbidden");
}

#[tokio::test]
async fn the_ledger_exports_as_csv_with_the_same_filters() {
    let app = app().await;
    let s = app.register("csv@example.com", "DE").await;
    add(
        &app,
        &s,
        NORTHWIND,
        json!({"sku": LICENCE, "qty": 1, "serials": [BR1_MINI_SERIAL]}),
    )
    .await;
    let order = pay(&app, &s, NORTHWIND, "csv-1").await;
    let nw = demo(&app, "northwind@uplink.test").await;
    let res = app.get_as(&nw, "/api/v1/partner/rebates.csv").await;
    assert_eq!(res.status, 200);
    assert!(res.header("content-type").unwrap().starts_with("text/csv"));
    let text = res.text();
    let mut rows = text.lines();
    assert!(rows.next().unwrap().starts_with("entry,created_at,order,"));
    let row = rows.next().expect("one entry");
    assert!(row.contains(order["number"].as_str().unwrap()) && row.contains(",pending,"));
    let none = app
        .get_as(&nw, "/api/v1/partner/rebates.csv?status=paid")
        .await
        .text();
    assert_eq!(none.lines().count(), 1, "the header only");
    app.get_as(&nw, "/api/v1/partner/rebates?status=lost")
        .await
        .assert_problem(422, "validation_failed");
    app.get_as(&nw, "/api/v1/partner/rebates?from=yesterday")
        .await
        .assert_problem(422, "validation_failed");
}

// ---------- the pavilion ----------

async fn pavilion(app: &TestApp, s: &Session, key: &str, email: &str) -> TestResponse {
    let token = card_token(app).await;
    pavilion_with(app, s, key, email, &token).await
}

async fn pavilion_with(
    app: &TestApp,
    s: &Session,
    key: &str,
    email: &str,
    token: &str,
) -> TestResponse {
    let body = json!({
        "end_customer": {"name": "Erin End", "company": "Ferries Ltd", "email": email},
        "order": {"billing": billing(), "payment": {"method": "card", "token": token}},
    });
    let req = Request::builder()
        .method(Method::POST)
        .uri("/api/v1/partner/pavilion/orders")
        .header(
            "cookie",
            format!("uplink_session={}; uplink_csrf={}", s.token, s.csrf),
        )
        .header("x-csrf-token", &s.csrf)
        .header("content-type", "application/json")
        .header("idempotency-key", key)
        .body(Body::from(serde_json::to_vec(&body).unwrap()))
        .unwrap();
    app.request(req).await
}

async fn devices_of(app: &TestApp, s: &Session) -> Vec<String> {
    app.get_as(s, "/api/v1/me/devices").await.json()["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["serial"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn the_pavilion_delivers_to_an_end_customer_who_has_an_account() {
    let app = app().await;
    let end = app.register("end-customer@example.com", "DE").await;
    let sky = demo(&app, "partner@uplink.test").await;
    add(
        &app,
        &sky,
        "global",
        json!({"sku": LICENCE, "qty": 1, "serials": [BR1_MINI_SERIAL]}),
    )
    .await;
    let token = card_token(&app).await;
    let res = pavilion_with(&app, &sky, "pav-1", "END-customer@example.com ", &token).await;
    assert_eq!(res.status, 201, "{}", res.text());
    let order = res.json();
    assert_eq!(order["price_list"], "partner");
    assert_eq!(
        order["partner_referral"]["partner_name"],
        "Skyline Resellers Ltd"
    );
    deliver(&app).await;
    assert_eq!(devices_of(&app, &end).await, [BR1_MINI_SERIAL]);
    assert!(devices_of(&app, &sky).await.is_empty(), "not the partner's");
    // The partner sees the order; the end customer's e-mail names no price.
    let mine = app
        .get_as(
            &sky,
            &format!("/api/v1/orders/{}", order["number"].as_str().unwrap()),
        )
        .await;
    assert_eq!(mine.status, 200);
    let dash = app.get_as(&sky, "/api/v1/partner/dashboard").await.json();
    assert_eq!(dash["orders"][0]["channel"], "pavilion");
    assert_eq!(dash["orders"][0]["bought_by_you"], true);
    assert_eq!(
        dash["orders"][0]["end_customer"]["email"],
        "end-customer@example.com"
    );
    assert_eq!(
        dash["orders"][0]["rebate"]["cents"], 0,
        "no rebate on partner prices"
    );
    let mail: String = sqlx::query_scalar(
        "SELECT body_text FROM email_outbox WHERE to_address = $1 AND kind = 'pavilion_delivered'",
    )
    .bind("end-customer@example.com")
    .fetch_one(app.state.db.pool())
    .await
    .unwrap();
    assert!(mail.contains("Skyline Resellers Ltd") && mail.contains(BR1_MINI_SERIAL));
    assert!(!mail.contains('$'), "no price: {mail}");
    // The same key replays the order; a customer cannot use the pavilion.
    assert_eq!(
        pavilion_with(&app, &sky, "pav-1", "END-customer@example.com ", &token)
            .await
            .json()["number"],
        order["number"]
    );
    let customer = demo(&app, "customer@uplink.test").await;
    pavilion(&app, &customer, "pav-2", "end-customer@example.com")
        .await
        .assert_problem(403, "forbidden");
}

#[tokio::test]
async fn the_pavilion_invites_an_end_customer_without_an_account_and_the_invitation_is_claimed_once()
 {
    let app = app().await;
    let sky = demo(&app, "partner@uplink.test").await;
    add(
        &app,
        &sky,
        "global",
        json!({"sku": LICENCE, "qty": 1, "serials": [BR1_MINI_SERIAL]}),
    )
    .await;
    let res = pavilion(&app, &sky, "pav-new", "new-end@example.com").await;
    assert_eq!(res.status, 201, "{}", res.text());
    deliver(&app).await;
    // The invited account cannot sign in, nor be registered over.
    app.login("new-end@example.com", "whatever-password")
        .await
        .assert_problem(401, "invalid_credentials");
    let body = app
        .send_json(
            Method::POST,
            "/api/v1/auth/register",
            &json!({"email": "new-end@example.com", "password": "a good long password",
                    "name": "Mallory", "country": "DE"}),
        )
        .await
        .assert_problem(409, "email_taken");
    assert!(
        body["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("invitation")
    );
    let mail: String = sqlx::query_scalar(
        "SELECT body_text FROM email_outbox WHERE to_address = $1 AND kind = 'pavilion_delivered'",
    )
    .bind("new-end@example.com")
    .fetch_one(app.state.db.pool())
    .await
    .unwrap();
    let token = mail
        .split("/invitation#")
        .nth(1)
        .and_then(|t| t.split_whitespace().next())
        .expect("invitation link")
        .to_owned();
    let invitation = app.get_json(&format!("/api/v1/invitations/{token}")).await;
    assert_eq!(invitation["email"], "new-end@example.com");
    assert_eq!(invitation["partner_name"], "Skyline Resellers Ltd");
    // Two claims at once: one wins, the other is refused.
    let uri = format!("/api/v1/invitations/{token}/claim");
    let claim = |password: &'static str| {
        let body = json!({"password": password, "name": "Erin End"});
        let (app, uri) = (&app, uri.clone());
        async move { app.send_json(Method::POST, &uri, &body).await }
    };
    let (a, b) = tokio::join!(claim("first long password"), claim("second long password"));
    let mut statuses = [a.status.as_u16(), b.status.as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 400], "{} / {}", a.text(), b.text());
    let won = if a.status == 200 { &a } else { &b };
    let password = if a.status == 200 {
        "first long password"
    } else {
        "second long password"
    };
    let end = TestApp::session_of(won, "new-end@example.com");
    assert_eq!(devices_of(&app, &end).await, [BR1_MINI_SERIAL]);
    app.sign_in("new-end@example.com", password).await;
    claim("third long password")
        .await
        .assert_problem(400, "invitation_invalid");
    app.get(&format!("/api/v1/invitations/{token}"))
        .await
        .assert_problem(400, "invitation_invalid");
}

#[tokio::test]
async fn the_pavilion_checks_the_end_customer_and_sells_only_from_an_estore() {
    let app = app().await;
    let sky = demo(&app, "partner@uplink.test").await;
    add(
        &app,
        &sky,
        "global",
        json!({"sku": LICENCE, "qty": 1, "serials": [BR1_MINI_SERIAL]}),
    )
    .await;
    let token = card_token(&app).await;
    let body = json!({
        "end_customer": {"name": " ", "email": "partner@uplink.test"},
        "order": {"billing": billing(), "payment": {"method": "card", "token": token}},
    });
    let res = app
        .send_as(
            &sky,
            Method::POST,
            "/api/v1/partner/pavilion/orders",
            Some(&body),
        )
        .await;
    let problem = res.assert_problem(422, "validation_failed");
    let fields: Vec<&str> = problem["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["end_customer.name", "end_customer.email"]);
    let res = app
        .send_as(
            &sky,
            Method::POST,
            &format!("/api/v1/partner/pavilion/orders?store={SKYLINE}"),
            Some(
                &json!({"end_customer": {"name": "E", "email": "e@example.com"},
                "order": {"billing": billing(), "payment": {"method": "card", "token": "x"}}}),
            ),
        )
        .await;
    res.assert_problem(422, "validation_failed");
}
