//! Cart and quick order (SPEC §5): every rule with its error code, owners,
//! the guest-cart merge on sign-in, coupons, sales tax, must_change_store.

use crate::helpers::{Session, TestApp, TestResponse};
use axum::body::Body;
use axum::http::{Method, Request};
use serde_json::{Value, json};

const ROUTER: &str = "MAX-BR1-PRO-5G-PRM"; // hardware, $1,499 global / $1,449 US, setup option
const LICENCE: &str = "LIC-SF-BOND"; // serial-bound, non-prime router models
const PRIME_CARE: &str = "CARE-PRIME-1Y"; // serial-bound, prime only, required support level
const ESIM_DATA: &str = "ESIM-DATA-1GB-7D"; // ICCID option
const US_ONLY: &str = "UL-EDGE1-LTE-US"; // not sold in the global store
const BR1_MINI_SERIAL: &str = "1824-AAAA-0001"; // BR1-MINI, non-prime
const PRIME_SERIAL: &str = "2A5P-AAAA-0001"; // BR1-PRO-5G-PRM, prime

async fn app() -> TestApp {
    let app = TestApp::with_demo_catalog().await;
    uplink_seed::seed_demo_cart(&app.state.db)
        .await
        .expect("seed coupons");
    app
}

/// A browser without an account: keeps the cart cookie it is given.
#[derive(Default)]
struct Guest {
    cart: Option<String>,
}

impl Guest {
    async fn send(
        &mut self,
        app: &TestApp,
        method: Method,
        uri: &str,
        body: Option<&Value>,
    ) -> TestResponse {
        let mut req = Request::builder().method(method).uri(uri);
        if let Some(c) = &self.cart {
            req = req.header("cookie", format!("uplink_cart={c}"));
        }
        if body.is_some() {
            req = req.header("content-type", "application/json");
        }
        let body = body.map_or_else(Body::empty, |b| Body::from(serde_json::to_vec(b).unwrap()));
        let res = app.request(req.body(body).unwrap()).await;
        if let Some(c) = res.cookie("uplink_cart") {
            self.cart = Some(c);
        }
        res
    }

    async fn add(&mut self, app: &TestApp, body: Value) -> TestResponse {
        self.send(app, Method::POST, "/api/v1/cart/lines", Some(&body))
            .await
    }

    async fn cart(&mut self, app: &TestApp) -> Value {
        let res = self.send(app, Method::GET, "/api/v1/cart", None).await;
        assert_eq!(res.status, 200, "{}", res.text());
        res.json()
    }
}

async fn add_as(app: &TestApp, s: &Session, store: &str, body: Value) -> TestResponse {
    app.send_as(
        s,
        Method::POST,
        &format!("/api/v1/cart/lines?store={store}"),
        Some(&body),
    )
    .await
}

async fn product_id(app: &TestApp, sku: &str) -> String {
    let snap = app.state.catalog.snapshot().await.unwrap();
    let idx = snap.product_by_sku(sku).expect("demo SKU");
    snap.product(idx).id.clone()
}

fn cents(v: &Value) -> i64 {
    v["cents"]
        .as_i64()
        .unwrap_or_else(|| panic!("not money: {v}"))
}

#[tokio::test]
async fn a_guest_gets_an_empty_cart_without_a_cookie_until_adding_something() {
    let app = app().await;
    let mut guest = Guest::default();
    let res = guest.send(&app, Method::GET, "/api/v1/cart", None).await;
    assert_eq!(res.status, 200);
    assert!(res.cookie("uplink_cart").is_none());
    let body = res.json();
    assert_eq!(body["lines"], json!([]));
    assert_eq!(body["item_count"], 0);
    assert_eq!(body["store"], "global");

    let res = guest.add(&app, json!({"sku": ROUTER, "qty": 2})).await;
    assert_eq!(res.status, 201, "{}", res.text());
    let set = res.set_cookie("uplink_cart").expect("guest cart cookie");
    assert!(
        set.contains("HttpOnly") && set.contains("SameSite=Lax"),
        "{set}"
    );
    let cart = res.json();
    assert_eq!(cart["item_count"], 2);
    let line = &cart["lines"][0];
    assert_eq!(line["product"]["sku"], ROUTER);
    assert_eq!(cents(&line["unit_price"]), 149_900);
    assert_eq!(cents(&line["subtotal"]), 299_800);
    assert_eq!(cents(&cart["totals"]["total"]), 299_800);
    assert_eq!(cart["tax"]["charged"], false);

    // The cookie finds the same cart; another browser has none.
    assert_eq!(guest.cart(&app).await["item_count"], 2);
    assert_eq!(Guest::default().cart(&app).await["item_count"], 0);
}

#[tokio::test]
async fn adding_the_same_product_and_options_again_adds_to_its_line() {
    let app = app().await;
    let mut g = Guest::default();
    g.add(&app, json!({"sku": ROUTER, "qty": 1})).await;
    g.add(&app, json!({"sku": ROUTER, "qty": 2})).await;
    let res = g
        .add(
            &app,
            json!({"sku": ROUTER, "qty": 1, "options": {"setup": "preconfig"}}),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    let cart = res.json();
    let lines = cart["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["qty"], 3);
    // The option's $49 is part of the unit price, and shown with its label.
    assert_eq!(cents(&lines[1]["unit_price"]), 149_900 + 4_900);
    assert_eq!(lines[1]["options"][0]["code"], "setup");
    assert_eq!(
        lines[1]["options"][0]["value_label"],
        "Pre-configured with your settings"
    );
    assert_eq!(cart["item_count"], 4);
}

#[tokio::test]
async fn quantities_outside_the_product_rules_are_invalid_quantity() {
    let app = app().await;
    let mut g = Guest::default();
    for qty in [0, -3] {
        let res = g.add(&app, json!({"sku": ROUTER, "qty": qty})).await;
        let body = res.assert_problem(422, "invalid_quantity");
        assert_eq!(body["errors"][0]["field"], "qty");
    }
    // A product with a maximum: one more than it allows.
    let snap = app.state.catalog.snapshot().await.unwrap();
    let capped = snap
        .products
        .iter()
        .find(|p| {
            p.max_qty.is_some()
                && p.options.is_empty()
                && p.variants.is_empty()
                && !p.is_physical()
                && snap.offer(0, snap.product_by_id(&p.id).unwrap()).is_some()
        })
        .expect("a digital product with a max qty");
    let max = capped.max_qty.unwrap();
    let res = g
        .add(&app, json!({"sku": capped.sku, "qty": max + 1}))
        .await;
    res.assert_problem(422, "invalid_quantity");
    // Reaching the maximum in two steps is refused the same way.
    let res = g.add(&app, json!({"sku": capped.sku, "qty": max})).await;
    assert_eq!(res.status, 201, "{}", res.text());
    let res = g.add(&app, json!({"sku": capped.sku, "qty": 1})).await;
    let body = res.assert_problem(422, "invalid_quantity");
    assert!(
        body["detail"].as_str().unwrap().contains("already has"),
        "{body}"
    );
}

#[tokio::test]
async fn more_than_the_stock_is_insufficient_stock_with_the_available_count() {
    let app = app().await;
    let id = product_id(&app, ROUTER).await;
    app.state.db.set_stock(&id, "Global", 3).await.unwrap();
    app.state.catalog.refresh().await.unwrap();
    let mut g = Guest::default();
    let res = g.add(&app, json!({"sku": ROUTER, "qty": 4})).await;
    let body = res.assert_problem(409, "insufficient_stock");
    assert_eq!(body["available"], 3);
    assert_eq!(
        g.add(&app, json!({"sku": ROUTER, "qty": 3})).await.status,
        201
    );
    // One more on top of the line is over the stock too.
    let res = g.add(&app, json!({"sku": ROUTER, "qty": 1})).await;
    res.assert_problem(409, "insufficient_stock");
    // When stock drops below the line later, the read flags the line.
    app.state.db.set_stock(&id, "Global", 1).await.unwrap();
    app.state.catalog.refresh().await.unwrap();
    let cart = g.cart(&app).await;
    assert_eq!(cart["has_problems"], true);
    assert_eq!(cart["lines"][0]["problem"]["code"], "insufficient_stock");
    assert_eq!(cart["lines"][0]["problem"]["available"], 1);
    // Lowering the quantity to what is there is accepted.
    let line = cart["lines"][0]["id"].as_str().unwrap().to_owned();
    let res = g
        .send(
            &app,
            Method::PATCH,
            &format!("/api/v1/cart/lines/{line}"),
            Some(&json!({"qty": 1})),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(res.json()["has_problems"], false);
}

#[tokio::test]
async fn products_the_store_does_not_sell_and_unknown_skus_are_refused() {
    let app = app().await;
    let mut g = Guest::default();
    let res = g.add(&app, json!({"sku": US_ONLY, "qty": 1})).await;
    res.assert_problem(422, "not_sold_in_store");
    let res = g.add(&app, json!({"sku": "NO-SUCH-SKU", "qty": 1})).await;
    res.assert_problem(404, "not_found");
    let res = g.add(&app, json!({"sku": "not a sku!", "qty": 1})).await;
    res.assert_problem(422, "validation_failed");
    // The US store sells it.
    let res = g
        .send(
            &app,
            Method::POST,
            "/api/v1/cart/lines?store=us",
            Some(&json!({"sku": US_ONLY, "qty": 1})),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    // A configurable parent needs a variant.
    let snap = app.state.catalog.snapshot().await.unwrap();
    let parent = snap
        .products
        .iter()
        .find(|p| !p.variants.is_empty())
        .unwrap();
    let res = g.add(&app, json!({"sku": parent.sku, "qty": 1})).await;
    res.assert_problem(422, "validation_failed");
}

#[tokio::test]
async fn serial_numbers_are_checked_for_format_model_eligibility_and_repeats() {
    let app = app().await;
    let mut g = Guest::default();
    let res = g
        .add(&app, json!({"sku": LICENCE, "serials": ["12-34"]}))
        .await;
    let body = res.assert_problem(422, "invalid_serial");
    assert_eq!(body["errors"][0]["field"], "serials[0]");
    let res = g
        .add(&app, json!({"sku": LICENCE, "serials": ["ZZZZ-0000-0001"]}))
        .await;
    res.assert_problem(422, "unknown_serial");
    let res = g
        .add(&app, json!({"sku": LICENCE, "serials": [PRIME_SERIAL]}))
        .await;
    res.assert_problem(422, "serial_not_eligible");
    let res = g
        .add(
            &app,
            json!({"sku": PRIME_CARE, "serials": [BR1_MINI_SERIAL], "options": {"support_level": "standard"}}),
        )
        .await;
    let body = res.assert_problem(422, "serial_not_eligible");
    assert!(body["detail"].as_str().unwrap().contains("prime"), "{body}");
    let res = g
        .add(
            &app,
            json!({"sku": LICENCE, "serials": [BR1_MINI_SERIAL, "1824aaaa0001"]}),
        )
        .await;
    let body = res.assert_problem(422, "duplicate_serial");
    assert_eq!(body["errors"][0]["field"], "serials[1]");
    let res = g.add(&app, json!({"sku": LICENCE, "serials": []})).await;
    res.assert_problem(422, "invalid_serial");

    // Valid: normalised, quantity = number of serials.
    let res = g
        .add(
            &app,
            json!({"sku": LICENCE, "serials": ["1824 aaaa 0001", "1824-AAAA-0002"]}),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    let line = &res.json()["lines"][0];
    assert_eq!(line["qty"], 2);
    assert_eq!(line["serial_bound"], true);
    assert_eq!(line["serials"], json!(["1824-AAAA-0001", "1824-AAAA-0002"]));
    // The same serial again for the same product is a repeat.
    let res = g
        .add(&app, json!({"sku": LICENCE, "serials": ["1824-AAAA-0002"]}))
        .await;
    res.assert_problem(422, "duplicate_serial");
    // A new one joins the line.
    let res = g
        .add(&app, json!({"sku": LICENCE, "serials": ["1824-AAAA-0003"]}))
        .await;
    assert_eq!(res.status, 201);
    assert_eq!(res.json()["lines"][0]["qty"], 3);
    // After the two the line began with (written in one statement).
    assert_eq!(
        res.json()["lines"][0]["serials"],
        json!(["1824-AAAA-0001", "1824-AAAA-0002", "1824-AAAA-0003"])
    );
}

#[tokio::test]
async fn changing_a_lines_serials_follows_the_same_rules() {
    let app = app().await;
    let mut g = Guest::default();
    let res = g
        .add(&app, json!({"sku": LICENCE, "serials": [BR1_MINI_SERIAL]}))
        .await;
    let line = res.json()["lines"][0]["id"].as_str().unwrap().to_owned();
    let uri = format!("/api/v1/cart/lines/{line}");
    let res = g
        .send(&app, Method::PATCH, &uri, Some(&json!({"qty": 3})))
        .await;
    res.assert_problem(422, "invalid_quantity");
    let res = g
        .send(
            &app,
            Method::PATCH,
            &uri,
            Some(&json!({"serials": ["1824-AAAA-0009", "bad"]})),
        )
        .await;
    res.assert_problem(422, "invalid_serial");
    let res = g
        .send(
            &app,
            Method::PATCH,
            &uri,
            Some(&json!({"serials": ["1824-AAAA-0009", "1824-AAAA-0010"]})),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    let l = &res.json()["lines"][0];
    assert_eq!(l["qty"], 2);
    assert_eq!(l["serials"], json!(["1824-AAAA-0009", "1824-AAAA-0010"]));
}

#[tokio::test]
async fn an_iccid_needs_19_or_20_digits_with_a_valid_check_digit() {
    let app = app().await;
    let mut g = Guest::default();
    let res = g
        .add(
            &app,
            json!({"sku": ESIM_DATA, "qty": 1, "options": {"iccid": "8901260000000000001"}}),
        )
        .await;
    res.assert_problem(422, "invalid_iccid");
    let res = g
        .add(&app, json!({"sku": ESIM_DATA, "qty": 1, "iccid": "12345"}))
        .await;
    res.assert_problem(422, "invalid_iccid");
    let payload = "890126000000000000";
    let valid = format!(
        "{payload}{}",
        uplink_domain::iccid::luhn_check_digit(payload)
    );
    let res = g
        .add(
            &app,
            json!({"sku": ESIM_DATA, "qty": 1, "options": {"iccid": valid}}),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    assert_eq!(res.json()["lines"][0]["iccid"], valid.as_str());
}

#[tokio::test]
async fn required_and_unknown_options_are_validation_errors() {
    let app = app().await;
    let mut g = Guest::default();
    let res = g
        .add(&app, json!({"sku": PRIME_CARE, "serials": [PRIME_SERIAL]}))
        .await;
    let body = res.assert_problem(422, "validation_failed");
    assert_eq!(body["errors"][0]["field"], "options.support_level");
    let res = g
        .add(
            &app,
            json!({"sku": ROUTER, "qty": 1, "options": {"colour": "red"}}),
        )
        .await;
    res.assert_problem(422, "validation_failed");
    let res = g
        .add(
            &app,
            json!({"sku": ROUTER, "qty": 1, "options": {"setup": "gold"}}),
        )
        .await;
    res.assert_problem(422, "validation_failed");
    // Percent option deltas: priority support is +20 % of $199.
    let res = g
        .add(
            &app,
            json!({"sku": PRIME_CARE, "serials": [PRIME_SERIAL], "options": {"support_level": "priority"}}),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    assert_eq!(cents(&res.json()["lines"][0]["unit_price"]), 19_900 + 3_980);
}

#[tokio::test]
async fn a_changed_price_is_flagged_on_the_next_read() {
    let app = app().await;
    let mut g = Guest::default();
    g.add(&app, json!({"sku": ROUTER, "qty": 1})).await;
    let id = product_id(&app, ROUTER).await;
    app.state.db.set_list_price(&id, 139_900).await.unwrap();
    app.state.catalog.refresh().await.unwrap();
    let cart = g.cart(&app).await;
    let line = &cart["lines"][0];
    assert_eq!(cart["price_changed"], true);
    assert_eq!(line["price_changed"], true);
    assert_eq!(cents(&line["previous_unit_price"]), 149_900);
    assert_eq!(cents(&line["unit_price"]), 139_900);
    assert_eq!(cents(&cart["totals"]["total"]), 139_900);
    // Seen now: the next read no longer flags it.
    let again = g.cart(&app).await;
    assert_eq!(again["lines"][0]["price_changed"], false);
}

#[tokio::test]
async fn coupons_are_checked_with_their_own_codes() {
    let app = app().await;
    let mut g = Guest::default();
    let coupon = |code: &str| json!({ "code": code });
    let post = Method::POST;
    g.add(&app, json!({"sku": LICENCE, "serials": [BR1_MINI_SERIAL]}))
        .await; // $249
    let uri = "/api/v1/cart/coupon";
    g.send(&app, post.clone(), uri, Some(&coupon("NOPE")))
        .await
        .assert_problem(422, "coupon_invalid");
    g.send(&app, post.clone(), uri, Some(&coupon("spring2020")))
        .await
        .assert_problem(422, "coupon_expired");
    g.send(&app, post.clone(), uri, Some(&coupon("USONLY15")))
        .await
        .assert_problem(422, "coupon_invalid");
    // SAVE25 needs $200: $249 is enough.
    let res = g
        .send(&app, post.clone(), uri, Some(&coupon("save25")))
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    let cart = res.json();
    assert_eq!(cart["coupon"]["code"], "SAVE25");
    assert_eq!(cart["coupon"]["applied"], true);
    assert_eq!(cents(&cart["totals"]["discount"]), 2_500);
    assert_eq!(cents(&cart["totals"]["total"]), 24_900 - 2_500);
    // Below the minimum later: still on the cart, but not applied, with the reason.
    let id = product_id(&app, LICENCE).await;
    app.state.db.set_list_price(&id, 10_000).await.unwrap();
    app.state.catalog.refresh().await.unwrap();
    let cart = g.cart(&app).await;
    assert_eq!(cart["coupon"]["applied"], false);
    assert_eq!(cart["coupon"]["reason_code"], "coupon_invalid");
    assert_eq!(cents(&cart["totals"]["discount"]), 0);
    // Percent coupon, rounded per line; then removed.
    let res = g
        .send(&app, post.clone(), uri, Some(&coupon("WELCOME10")))
        .await;
    assert_eq!(cents(&res.json()["totals"]["discount"]), 1_000);
    let res = g.send(&app, Method::DELETE, uri, None).await;
    assert_eq!(res.status, 200);
    assert_eq!(res.json()["coupon"], Value::Null);
}

#[tokio::test]
async fn coupon_usage_limits_per_customer_and_in_total_are_enforced() {
    let app = app().await;
    let s = app.register("coupons@example.com", "DE").await;
    add_as(
        &app,
        &s,
        "global",
        json!({"sku": LICENCE, "serials": [BR1_MINI_SERIAL]}),
    )
    .await;
    let mut conn = app.state.db.pool().acquire().await.unwrap();
    assert!(
        uplink_db::cart::redeem_coupon(
            &mut conn,
            "WELCOME10",
            Some(&s.user_id),
            None,
            "global",
            100
        )
        .await
        .unwrap()
    );
    let res = app
        .send_as(
            &s,
            Method::POST,
            "/api/v1/cart/coupon",
            Some(&json!({"code": "WELCOME10"})),
        )
        .await;
    res.assert_problem(422, "coupon_usage_exceeded");
    // LAUNCH50 allows 100 redemptions in total; the conditional update stops at 100.
    sqlx::query("UPDATE coupons SET times_used = 99 WHERE code = 'LAUNCH50'")
        .execute(&mut *conn)
        .await
        .unwrap();
    assert!(
        uplink_db::cart::redeem_coupon(&mut conn, "LAUNCH50", None, None, "global", 1)
            .await
            .unwrap()
    );
    assert!(
        !uplink_db::cart::redeem_coupon(&mut conn, "LAUNCH50", None, None, "global", 1)
            .await
            .unwrap()
    );
    let res = app
        .send_as(
            &s,
            Method::POST,
            "/api/v1/cart/coupon",
            Some(&json!({"code": "LAUNCH50"})),
        )
        .await;
    res.assert_problem(422, "coupon_usage_exceeded");
}

#[tokio::test]
async fn the_us_store_charges_sales_tax_by_destination_state_per_line() {
    let app = app().await;
    let s = app.register("texas@example.com", "US").await;
    let res = add_as(
        &app,
        &s,
        "us",
        json!({"sku": ROUTER, "qty": 1, "options": {"setup": "onboarding"}}),
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.text());
    add_as(
        &app,
        &s,
        "us",
        json!({"sku": LICENCE, "serials": [BR1_MINI_SERIAL]}),
    )
    .await;
    // No destination yet: tax is charged by the store but not computed.
    let cart = app.get_as(&s, "/api/v1/cart?store=us").await.json();
    assert_eq!(cart["tax"]["charged"], true);
    assert_eq!(cart["tax"]["state"], Value::Null);
    assert_eq!(cents(&cart["totals"]["tax"]), 0);
    let cart = app
        .get_as(&s, "/api/v1/cart?store=us&tax_state=tx")
        .await
        .json();
    assert_eq!(cart["tax"]["state"], "TX");
    assert_eq!(cart["tax"]["rate_bp"], 625);
    // Router: 144,900 + 15 % (21,735) = 166,635 → tax 10,414.6875 → 10,415.
    // Licence: 24,900 → 1,556.25 → 1,556.
    let lines = cart["lines"].as_array().unwrap();
    assert_eq!(cents(&lines[0]["tax"]), 10_415);
    assert_eq!(cents(&lines[1]["tax"]), 1_556);
    assert_eq!(cents(&cart["totals"]["tax"]), 10_415 + 1_556);
    assert_eq!(
        cents(&cart["totals"]["total"]),
        166_635 + 24_900 + 10_415 + 1_556
    );
    // Oregon has no sales tax; a bad state is a field error.
    let cart = app
        .get_as(&s, "/api/v1/cart?store=us&tax_state=OR")
        .await
        .json();
    assert_eq!(cents(&cart["totals"]["tax"]), 0);
    app.get_as(&s, "/api/v1/cart?store=us&tax_state=Texas")
        .await
        .assert_problem(422, "validation_failed");
}

#[tokio::test]
async fn a_customer_of_the_other_region_must_change_store() {
    let app = app().await;
    let s = app.register("us-buyer@example.com", "US").await;
    let res = app.get_as(&s, "/api/v1/cart?store=global").await;
    let body = res.assert_problem(409, "must_change_store");
    assert_eq!(body["target_store"], "us");
    add_as(&app, &s, "global", json!({"sku": ROUTER, "qty": 1}))
        .await
        .assert_problem(409, "must_change_store");
    // Their own region's store works, and so does the default choice by country.
    assert_eq!(app.get_as(&s, "/api/v1/cart?store=us").await.status, 200);
    let body = app.get_as(&s, "/api/v1/cart").await.json();
    assert_eq!(body["store"], "us");
    // Guests are never asked to switch.
    assert_eq!(app.get("/api/v1/cart?store=us").await.status, 200);
}

#[tokio::test]
async fn another_owners_line_is_not_found() {
    let app = app().await;
    let a = app.register("a@example.com", "DE").await;
    let b = app.register("b@example.com", "DE").await;
    let res = add_as(&app, &a, "global", json!({"sku": ROUTER, "qty": 1})).await;
    let line = res.json()["lines"][0]["id"].as_str().unwrap().to_owned();
    let uri = format!("/api/v1/cart/lines/{line}");
    app.send_as(&b, Method::PATCH, &uri, Some(&json!({"qty": 2})))
        .await
        .assert_problem(404, "not_found");
    app.send_as(&b, Method::DELETE, &uri, None)
        .await
        .assert_problem(404, "not_found");
    let mut guest = Guest::default();
    guest
        .send(&app, Method::DELETE, &uri, None)
        .await
        .assert_problem(404, "not_found");
    // Still there for its owner, who can remove it.
    assert_eq!(app.get_as(&a, "/api/v1/cart").await.json()["item_count"], 1);
    let res = app.send_as(&a, Method::DELETE, &uri, None).await;
    assert_eq!(res.status, 200);
    assert_eq!(res.json()["lines"], json!([]));
}

#[tokio::test]
async fn cart_mutations_with_a_session_cookie_need_the_csrf_token() {
    let app = app().await;
    let s = app.register("csrf@example.com", "DE").await;
    let req = Request::post("/api/v1/cart/lines")
        .header("cookie", format!("uplink_session={}", s.token))
        .header("content-type", "application/json")
        .body(Body::from(
            serde_json::to_vec(&json!({"sku": ROUTER})).unwrap(),
        ))
        .unwrap();
    app.request(req).await.assert_problem(403, "csrf_failed");
}

#[tokio::test]
async fn a_guest_cart_merges_into_the_customers_cart_on_sign_in() {
    let app = app().await;
    let s = app.register("merge@example.com", "DE").await;
    add_as(&app, &s, "global", json!({"sku": ROUTER, "qty": 2})).await;
    add_as(
        &app,
        &s,
        "global",
        json!({"sku": LICENCE, "serials": ["1824-AAAA-0001"]}),
    )
    .await;

    let mut g = Guest::default();
    g.add(&app, json!({"sku": ROUTER, "qty": 3})).await;
    g.add(
        &app,
        json!({"sku": LICENCE, "serials": ["1824-AAAA-0001", "1824-AAAA-0002"]}),
    )
    .await;
    g.send(
        &app,
        Method::POST,
        "/api/v1/cart/coupon",
        Some(&json!({"code": "SAVE25"})),
    )
    .await;

    // Sign in from the guest's browser.
    let req = Request::post("/api/v1/auth/login")
        .header("content-type", "application/json")
        .header("cookie", format!("uplink_cart={}", g.cart.clone().unwrap()))
        .body(Body::from(
            serde_json::to_vec(
                &json!({"email": "merge@example.com", "password": crate::helpers::PASSWORD}),
            )
            .unwrap(),
        ))
        .unwrap();
    let res = app.request(req).await;
    assert_eq!(res.status, 200, "{}", res.text());
    let s = TestApp::session_of(&res, "merge@example.com");

    let cart = app.get_as(&s, "/api/v1/cart").await.json();
    let lines = cart["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 2, "{cart}");
    assert_eq!(lines[0]["qty"], 5);
    assert_eq!(
        lines[1]["serials"],
        json!(["1824-AAAA-0001", "1824-AAAA-0002"])
    );
    assert_eq!(lines[1]["qty"], 2);
    assert_eq!(cart["coupon"]["code"], "SAVE25");
    // The guest cart is gone.
    assert_eq!(g.cart(&app).await["item_count"], 0);
}

#[tokio::test]
async fn clearing_the_cart_removes_every_line_and_the_coupon() {
    let app = app().await;
    let mut g = Guest::default();
    g.add(&app, json!({"sku": ROUTER, "qty": 1})).await;
    g.send(
        &app,
        Method::POST,
        "/api/v1/cart/coupon",
        Some(&json!({"code": "WELCOME10"})),
    )
    .await;
    let res = g.send(&app, Method::DELETE, "/api/v1/cart", None).await;
    assert_eq!(res.status, 200);
    let cart = res.json();
    assert_eq!(cart["lines"], json!([]));
    assert_eq!(cart["coupon"], Value::Null);
    assert_eq!(cents(&cart["totals"]["total"]), 0);
}

#[tokio::test]
async fn quick_order_merges_duplicates_reports_each_row_and_adds_the_valid_ones() {
    let app = app().await;
    let mut g = Guest::default();
    let body = json!({"rows": [
        {"sku": ROUTER, "qty": 1},
        {"sku": "NO-SUCH-SKU", "qty": 1},
        {"sku": "max-br1-pro-5g-prm", "qty": 2},
        {"sku": LICENCE, "serials": [BR1_MINI_SERIAL]},
        {"sku": US_ONLY, "qty": 1},
        {"sku": LICENCE, "serials": ["bad"]},
        {"sku": ESIM_DATA, "qty": 0},
    ]});
    let res = g
        .send(&app, Method::POST, "/api/v1/cart/quick-order", Some(&body))
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    let out = res.json();
    let results = out["results"].as_array().unwrap();
    assert_eq!(results.len(), 5, "{out}");
    assert_eq!(results[0]["rows"], json!([0, 2]));
    assert_eq!(results[0]["qty"], 3);
    assert_eq!(results[0]["status"], "added");
    assert_eq!(results[1]["code"], "not_found");
    // The licence rows merged, and the bad serial makes the whole row invalid.
    assert_eq!(results[2]["rows"], json!([3, 5]));
    assert_eq!(results[2]["code"], "invalid_serial");
    assert_eq!(results[3]["code"], "not_sold_in_store");
    assert_eq!(results[4]["code"], "validation_failed"); // needs an ICCID
    assert_eq!(out["added"], 1);
    assert_eq!(out["invalid"], 4);
    assert_eq!(out["cart"]["item_count"], 3);

    // A dry run checks without adding.
    let res = g
        .send(
            &app,
            Method::POST,
            "/api/v1/cart/quick-order",
            Some(&json!({"rows": [{"sku": LICENCE, "serials": ["1824-AAAA-0005"]}], "dry_run": true})),
        )
        .await;
    let out = res.json();
    assert_eq!(out["results"][0]["status"], "valid");
    assert_eq!(out["cart"]["item_count"], 3);

    // Too many rows, or none.
    let rows: Vec<Value> = (0..201).map(|_| json!({"sku": ROUTER, "qty": 1})).collect();
    g.send(
        &app,
        Method::POST,
        "/api/v1/cart/quick-order",
        Some(&json!({ "rows": rows })),
    )
    .await
    .assert_problem(422, "validation_failed");
    g.send(
        &app,
        Method::POST,
        "/api/v1/cart/quick-order",
        Some(&json!({"rows": []})),
    )
    .await
    .assert_problem(422, "validation_failed");
}

#[tokio::test]
async fn a_quick_order_merges_into_the_carts_lines_and_adds_new_ones_after_them() {
    let app = app().await;
    let mut g = Guest::default();
    g.add(&app, json!({"sku": LICENCE, "serials": [BR1_MINI_SERIAL]}))
        .await;
    let body = json!({"rows": [
        {"sku": ROUTER, "qty": 1},
        {"sku": LICENCE, "serials": ["1824-AAAA-0005"]},
        {"sku": "UL-POE-INJ30", "qty": 2},
    ]});
    let res = g
        .send(&app, Method::POST, "/api/v1/cart/quick-order", Some(&body))
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    let out = res.json();
    assert_eq!(out["added"], 3, "{out}");
    // The licence line took the new serial after its own; the two new
    // lines follow it in the order they were asked for.
    let lines: Vec<(&str, i64, Vec<&str>)> = out["cart"]["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            let serials = l["serials"].as_array().unwrap();
            (
                l["product"]["sku"].as_str().unwrap(),
                l["qty"].as_i64().unwrap(),
                serials.iter().map(|s| s.as_str().unwrap()).collect(),
            )
        })
        .collect();
    assert_eq!(
        lines,
        [
            (LICENCE, 2, vec![BR1_MINI_SERIAL, "1824-AAAA-0005"]),
            (ROUTER, 1, vec![]),
            ("UL-POE-INJ30", 2, vec![]),
        ]
    );
}

#[tokio::test]
async fn quick_order_stock_is_checked_against_what_the_cart_already_holds() {
    let app = app().await;
    let id = product_id(&app, ROUTER).await;
    app.state.db.set_stock(&id, "Global", 4).await.unwrap();
    app.state.catalog.refresh().await.unwrap();
    let mut g = Guest::default();
    g.add(&app, json!({"sku": ROUTER, "qty": 3})).await;
    let res = g
        .send(
            &app,
            Method::POST,
            "/api/v1/cart/quick-order",
            Some(&json!({"rows": [{"sku": ROUTER, "qty": 2}]})),
        )
        .await;
    let out = res.json();
    assert_eq!(out["results"][0]["code"], "insufficient_stock");
    assert_eq!(out["results"][0]["available"], 4);
    assert_eq!(out["cart"]["item_count"], 3);
}

#[tokio::test]
async fn malformed_cart_requests_are_problems_not_server_errors() {
    let app = app().await;
    let mut g = Guest::default();
    let res = g
        .send(
            &app,
            Method::POST,
            "/api/v1/cart/lines",
            Some(&json!({"sku": 5})),
        )
        .await;
    res.assert_problem(422, "validation_failed");
    let res = g
        .send(
            &app,
            Method::PATCH,
            "/api/v1/cart/lines/cln_missing",
            Some(&json!({})),
        )
        .await;
    res.assert_problem(422, "validation_failed");
    let res = g
        .send(
            &app,
            Method::POST,
            "/api/v1/cart/coupon",
            Some(&json!({"code": ""})),
        )
        .await;
    res.assert_problem(422, "coupon_invalid");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_adds_of_the_same_line_to_one_cart_all_count() {
    use tower::ServiceExt;
    let app = app().await;
    let mut g = Guest::default();
    g.add(&app, json!({"sku": ROUTER, "qty": 1})).await;
    let cookie = g.cart.clone().unwrap();
    let tasks: Vec<_> = (0..12)
        .map(|i| {
            let router = app.router.clone();
            let cookie = cookie.clone();
            // Half add to the existing line, half race to create a new one.
            let sku = if i % 2 == 0 { ROUTER } else { "AP-ONE-AX" };
            tokio::spawn(async move {
                let req = Request::post("/api/v1/cart/lines")
                    .header("cookie", format!("uplink_cart={cookie}"))
                    .header("content-type", "application/json")
                    .body(Body::from(
                        serde_json::to_vec(&json!({"sku": sku, "qty": 1})).unwrap(),
                    ))
                    .unwrap();
                router.oneshot(req).await.unwrap().status()
            })
        })
        .collect();
    for t in tasks {
        assert_eq!(t.await.unwrap(), 201);
    }
    let cart = g.cart(&app).await;
    let lines = cart["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 2, "{cart}");
    assert_eq!(lines[0]["qty"], 7);
    assert_eq!(lines[1]["qty"], 6);
}

#[tokio::test]
async fn many_simultaneous_quick_orders_with_plans_never_exhaust_the_connection_pool() {
    // Each quick order checks the plans of the devices it names: more of them
    // at once than the pool has connections must all be answered (on
    // PostgreSQL a check run inside the write transaction held one pooled
    // connection while waiting for another, and 32 buyers stalled for the
    // pool's 10-second timeout).
    let app = std::sync::Arc::new(app().await);
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..40 {
        let app = app.clone();
        tasks.spawn(async move {
            let body = json!({"rows": [
                {"sku": ROUTER, "qty": 1},
                {"sku": "SFC-20GB-1M", "serials": [format!("1824-QPOL-{i:04}")]},
            ]});
            let res = Guest::default()
                .send(&app, Method::POST, "/api/v1/cart/quick-order", Some(&body))
                .await;
            (res.status, res.json())
        });
    }
    while let Some(done) = tasks.join_next().await {
        let (status, body) = done.unwrap();
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["added"], 2, "{body}");
    }
}
