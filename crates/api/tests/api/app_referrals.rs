//! The app referral programme (SPEC §10, #29, D103): codes (one per
//! customer, even asked for twice at once), every refusal with its reason,
//! the referee's discount on eligible lines rounded per line, rewards that
//! mature once even with the job run twice at once, a cancellation inside
//! the window, the yearly cap, a coupon made exactly once, SFC redemption
//! within the 3-year cap, the referral store's terms, and access.

use crate::helpers::{Session, TestApp, TestResponse};
use axum::http::Method;
use serde_json::{Value, json};

const LICENCE: &str = "LIC-SF-BOND"; // eligible (license), serial-bound, non-prime routers
const CLOUD: &str = "SFC-20GB-1M"; // eligible (cloud → an SFC reward)
const HARDWARE: &str = "UL-POE-INJ30"; // not eligible
const DAY: i64 = 86_400_000;

async fn app() -> TestApp {
    let app = TestApp::with_demo_catalog().await;
    uplink_seed::seed_demo_cart(&app.state.db)
        .await
        .expect("coupons");
    app
}

fn serial(n: u32) -> String {
    format!("1824-REFR-{n:04}")
}

async fn code_of(app: &TestApp, s: &Session) -> String {
    let res = app
        .send_as(s, Method::POST, "/api/v1/me/referral/code", None)
        .await;
    assert!(res.status == 201 || res.status == 200, "{}", res.text());
    res.json()["code"].as_str().unwrap().to_owned()
}

async fn apply(app: &TestApp, s: &Session, code: &str) -> TestResponse {
    app.send_as(
        s,
        Method::PUT,
        "/api/v1/cart/app-referral",
        Some(&json!({"code": code})),
    )
    .await
}

async fn add(app: &TestApp, s: &Session, body: Value) {
    let res = app
        .send_as(s, Method::POST, "/api/v1/cart/lines", Some(&body))
        .await;
    assert_eq!(res.status, 201, "add: {}", res.text());
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

fn address(line1: &str) -> Value {
    json!({"name": "Test Person", "line1": line1, "city": "Berlin", "postal_code": "10115",
           "country": "DE", "phone": "030123456789"})
}

/// Places the cart (digital or not) with a card; the answer.
async fn place(app: &TestApp, s: &Session, key: &str, line1: &str, card: &str) -> TestResponse {
    let token = card_token(app, card).await;
    let cart = app.get_as(s, "/api/v1/cart").await.json();
    let mut body = json!({"billing": {"address": address(line1)},
        "payment": {"method": "card", "token": token},
        "expected_total_cents": null});
    if !cart["digital_only"].as_bool().unwrap() {
        body["shipping"] = json!({"method": "priority", "address": address(line1)});
        body["billing"] = json!({"same_as_shipping": true});
    }
    app.place_order(s, key, &body, "").await
}

async fn rewards(app: &TestApp, s: &Session) -> Value {
    let res = app.get_as(s, "/api/v1/me/rewards").await;
    assert_eq!(res.status, 200, "{}", res.text());
    res.json()
}

async fn run_job(app: &TestApp, days_ahead: i64) -> u64 {
    uplink_api::referrals::jobs::run_once(&app.state, uplink_db::now_ms() + days_ahead * DAY)
        .await
        .expect("referral job")
}

/// A referee who bought a licence and a cloud plan with `code`: their order.
async fn referred_order(app: &TestApp, email: &str, code: &str, n: u32) -> Value {
    let s = app.register(email, "DE").await;
    add(
        app,
        &s,
        json!({"sku": LICENCE, "qty": 1, "serials": [serial(n)]}),
    )
    .await;
    add(
        app,
        &s,
        json!({"sku": CLOUD, "qty": 1, "serials": [serial(n)]}),
    )
    .await;
    let res = apply(app, &s, code).await;
    assert_eq!(res.status, 200, "{}", res.text());
    let res = place(
        app,
        &s,
        &format!("ref-{email}"),
        &format!("Weg {n}"),
        "4242424242424242",
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.text());
    res.json()
}

#[tokio::test]
async fn a_customer_gets_one_stable_code_from_the_unambiguous_alphabet_even_asking_twice_at_once() {
    let app = app().await;
    let s = app.register("coder@example.com", "DE").await;
    let none = app.get_as(&s, "/api/v1/me/referral").await.json();
    assert_eq!(none["code"], Value::Null);
    assert_eq!(none["get_referral_code"], true);
    let (a, b) = tokio::join!(
        app.send_as(&s, Method::POST, "/api/v1/me/referral/code", None),
        app.send_as(&s, Method::POST, "/api/v1/me/referral/code", None),
    );
    let (a, b) = (a.json(), b.json());
    assert_eq!(a["code"], b["code"], "one code per customer");
    let code = a["code"].as_str().unwrap();
    assert_eq!(code.len(), 8);
    assert!(
        code.bytes()
            .all(|c| b"23456789ABCDEFGHJKMNPQRSTUVWXYZ".contains(&c)),
        "{code}"
    );
    assert!(
        a["share_url"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/m/referral/?ref={code}"))
    );
    assert_eq!(code_of(&app, &s).await, code, "stable");
    let mine = app.get_as(&s, "/api/v1/me/referral").await.json();
    assert_eq!(mine["code"]["code"], code);
    // The flags are public configuration.
    let config = app.get_json("/api/v1/config").await;
    assert_eq!(
        config["features"],
        json!(["GET_REFERRAL_CODE", "REFERRAL_CODE"])
    );
}

#[tokio::test]
async fn every_refusal_names_its_reason() {
    let app = app().await;
    let referrer = app.register("referrer@example.com", "DE").await;
    let code = code_of(&app, &referrer).await;
    // Unknown, malformed.
    let referee = app.register("referee@example.com", "DE").await;
    apply(&app, &referee, "ZZZZ2222")
        .await
        .assert_problem(422, "referral_code_invalid");
    apply(&app, &referee, "not a code")
        .await
        .assert_problem(422, "referral_code_invalid");
    // One's own code.
    let body = apply(&app, &referrer, &code)
        .await
        .assert_problem(422, "referral_not_eligible");
    assert_eq!(body["reason"], "own_code");
    // The referrer's address.
    let res = app
        .send_as(
            &referrer,
            Method::POST,
            "/api/v1/me/addresses",
            Some(&address("Gleiche Strasse 5")),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    let lodger = app.register("lodger@example.com", "DE").await;
    app.send_as(
        &lodger,
        Method::POST,
        "/api/v1/me/addresses",
        Some(&address("gleiche strasse 5")),
    )
    .await;
    let body = apply(&app, &lodger, &code)
        .await
        .assert_problem(422, "referral_not_eligible");
    assert_eq!(body["reason"], "same_address");
    // A referee who ordered before.
    let regular = app.register("regular@example.com", "DE").await;
    add(&app, &regular, json!({"sku": HARDWARE, "qty": 1})).await;
    assert_eq!(
        place(
            &app,
            &regular,
            "reg-1",
            "Andere Strasse 1",
            "4242424242424242"
        )
        .await
        .status,
        201
    );
    let body = apply(&app, &regular, &code)
        .await
        .assert_problem(422, "referral_not_eligible");
    assert_eq!(body["reason"], "already_ordered");
    // The referrer's card, found when the order is placed; removing the code places it.
    add(&app, &referrer, json!({"sku": HARDWARE, "qty": 1})).await;
    assert_eq!(
        place(
            &app,
            &referrer,
            "own-1",
            "Gleiche Strasse 5",
            "4000000000003220"
        )
        .await
        .status,
        402
    );
    let card_user = app.register("card@example.com", "DE").await;
    add(
        &app,
        &card_user,
        json!({"sku": LICENCE, "qty": 1, "serials": [serial(1)]}),
    )
    .await;
    assert_eq!(apply(&app, &card_user, &code).await.status, 200);
    // (The referrer saved their 4242 card for renewals.)
    let token = card_token(&app, "4242424242424242").await;
    let res = app
        .send_as(
            &referrer,
            Method::POST,
            "/api/v1/me/payment-methods",
            Some(&json!({"token": token})),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    let body = place(
        &app,
        &card_user,
        "card-1",
        "Dritte Strasse 3",
        "4242424242424242",
    )
    .await
    .assert_problem(422, "referral_not_eligible");
    assert_eq!(body["reason"], "same_card");
    assert_eq!(body["errors"][0]["field"], "app_referral");
    let res = app
        .send_as(
            &card_user,
            Method::DELETE,
            "/api/v1/cart/app-referral",
            None,
        )
        .await;
    assert_eq!(res.json()["app_referral"], Value::Null);
    assert_eq!(
        place(
            &app,
            &card_user,
            "card-2",
            "Dritte Strasse 3",
            "4242424242424242"
        )
        .await
        .status,
        201
    );
}

#[tokio::test]
async fn the_referee_gets_ten_percent_off_eligible_lines_rounded_per_line_on_cart_checkout_and_order()
 {
    let app = app().await;
    let referrer = app.register("giver@example.com", "DE").await;
    let code = code_of(&app, &referrer).await;
    let s = app.register("taker@example.com", "DE").await;
    add(
        &app,
        &s,
        json!({"sku": LICENCE, "qty": 1, "serials": [serial(2)]}),
    )
    .await;
    add(&app, &s, json!({"sku": HARDWARE, "qty": 1})).await;
    let before = app.get_as(&s, "/api/v1/cart").await.json();
    let cart = apply(&app, &s, &format!(" {} ", code.to_lowercase()))
        .await
        .json();
    let referral = &cart["app_referral"];
    assert_eq!(referral["code"], code);
    assert_eq!(referral["eligible"], true);
    assert_eq!(referral["discount_bp"], 1_000);
    assert_eq!(referral["referrer_name"], "Test");
    let lines = cart["lines"].as_array().unwrap();
    let licence = lines
        .iter()
        .find(|l| l["product"]["sku"] == LICENCE)
        .unwrap();
    let hardware = lines
        .iter()
        .find(|l| l["product"]["sku"] == HARDWARE)
        .unwrap();
    let sub = licence["subtotal"]["cents"].as_i64().unwrap();
    let off = (sub * 1_000 + 5_000) / 10_000;
    assert_eq!(licence["discount"]["cents"], off);
    assert_eq!(hardware["discount"]["cents"], 0, "hardware is not eligible");
    assert_eq!(referral["discount"]["cents"], off);
    assert_eq!(
        cart["totals"]["total"]["cents"].as_i64().unwrap(),
        before["totals"]["total"]["cents"].as_i64().unwrap() - off
    );
    let options = app.get_as(&s, "/api/v1/checkout/options").await.json();
    assert_eq!(options["totals"]["discount"]["cents"], off);
    let order = place(&app, &s, "disc-1", "Neue Strasse 9", "4242424242424242").await;
    assert_eq!(order.status, 201, "{}", order.text());
    let order = order.json();
    assert_eq!(
        order["app_referral"],
        json!({"code": code, "discount": {"cents": off, "currency": "USD"}})
    );
    assert_eq!(order["totals"]["discount"]["cents"], off);
}

#[tokio::test]
async fn a_paid_order_earns_pending_rewards_that_mature_once_and_become_one_coupon_once() {
    let app = app().await;
    let referrer = app.register("earner@example.com", "DE").await;
    let code = code_of(&app, &referrer).await;
    let order = referred_order(&app, "friend@example.com", &code, 3).await;
    let mine = rewards(&app, &referrer).await;
    let kinds: Vec<(&str, &str)> = mine["rewards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["kind"].as_str().unwrap(), r["status"].as_str().unwrap()))
        .collect();
    assert_eq!(kinds.len(), 2);
    assert!(kinds.contains(&("coupon", "pending")) && kinds.contains(&("sfc", "pending")));
    // 10 % of what the friend paid per kind, rounded half up.
    let paid = |sku: &str| {
        let l = order["lines"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["sku"] == sku)
            .unwrap()
            .clone();
        l["subtotal"]["cents"].as_i64().unwrap() - l["discount"]["cents"].as_i64().unwrap()
    };
    assert_eq!(
        mine["totals"]["pending"]["cents"],
        (paid(LICENCE) * 1_000 + 5_000) / 10_000 + (paid(CLOUD) * 1_000 + 5_000) / 10_000
    );
    // Inside the return window nothing moves; after it, once, even run twice at once.
    assert_eq!(run_job(&app, 1).await, 0);
    let (a, b) = tokio::join!(run_job(&app, 15), run_job(&app, 15));
    assert_eq!(a + b, 2, "two rewards matured once");
    let mine = rewards(&app, &referrer).await;
    assert!(
        mine["totals"]["available_coupon"]["cents"]
            .as_i64()
            .unwrap()
            > 0
    );
    // Converted into one coupon, once, even asked twice at once.
    let (a, b) = tokio::join!(
        app.send_as(&referrer, Method::POST, "/api/v1/me/rewards/coupon", None),
        app.send_as(&referrer, Method::POST, "/api/v1/me/rewards/coupon", None),
    );
    let mut statuses = [a.status.as_u16(), b.status.as_u16()];
    statuses.sort();
    assert_eq!(statuses, [201, 422], "{} / {}", a.text(), b.text());
    let coupon = if a.status == 201 { a.json() } else { b.json() };
    assert_eq!(coupon["value"], mine["totals"]["available_coupon"]);
    let code = coupon["code"].as_str().unwrap();
    // Usable in any store by its owner; refused for anyone else.
    let other = app.register("other@example.com", "DE").await;
    add(&app, &other, json!({"sku": HARDWARE, "qty": 1})).await;
    app.send_as(
        &other,
        Method::POST,
        "/api/v1/cart/coupon",
        Some(&json!({"code": code})),
    )
    .await
    .assert_problem(422, "coupon_invalid");
    add(&app, &referrer, json!({"sku": HARDWARE, "qty": 1})).await;
    let res = app
        .send_as(
            &referrer,
            Method::POST,
            "/api/v1/cart/coupon?store=us",
            Some(&json!({"code": code})),
        )
        .await;
    assert!(
        res.status == 200 || res.status == 409,
        "any store: {}",
        res.text()
    );
    let res = app
        .send_as(
            &referrer,
            Method::POST,
            "/api/v1/cart/coupon",
            Some(&json!({"code": code})),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    let listed = rewards(&app, &referrer).await;
    assert_eq!(listed["coupons"][0]["code"], code);
    assert!(
        listed["rewards"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["status"] == "redeemed" && r["redeemed_as"] == code)
    );
}

#[tokio::test]
async fn a_cancellation_inside_the_window_cancels_the_reward() {
    let app = app().await;
    let referrer = app.register("window@example.com", "DE").await;
    let code = code_of(&app, &referrer).await;
    let s = app.register("returner@example.com", "DE").await;
    add(
        &app,
        &s,
        json!({"sku": LICENCE, "qty": 1, "serials": [serial(4)]}),
    )
    .await;
    add(&app, &s, json!({"sku": HARDWARE, "qty": 1})).await;
    apply(&app, &s, &code).await;
    let order = place(&app, &s, "ret-1", "Rueck Strasse 1", "4242424242424242")
        .await
        .json();
    assert!(
        rewards(&app, &referrer).await["totals"]["pending"]["cents"]
            .as_i64()
            .unwrap()
            > 0
    );
    uplink_seed::seed_demo_accounts(&app.state.db)
        .await
        .unwrap();
    let staff = app.sign_in("fulfilment@uplink.test", "uplink-demo-1").await;
    let res = app
        .send_as(
            &staff,
            Method::POST,
            &format!(
                "/api/v1/staff/orders/{}/cancel",
                order["number"].as_str().unwrap()
            ),
            Some(&json!({"reason": "Returned within 14 days"})),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    run_job(&app, 15).await;
    let mine = rewards(&app, &referrer).await;
    assert!(
        mine["rewards"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["status"] == "cancelled")
    );
    assert_eq!(mine["totals"]["available_coupon"]["cents"], 0);
    assert_eq!(mine["totals"]["referred_orders"], 0);
}

#[tokio::test]
async fn a_referrer_earns_at_most_the_yearly_cap() {
    let app = app().await;
    uplink_seed::seed_demo_accounts(&app.state.db)
        .await
        .unwrap();
    let admin = app.sign_in("admin@uplink.test", "uplink-demo-1").await;
    let mut terms = app
        .get_as(&admin, "/api/v1/admin/referral-terms")
        .await
        .json();
    terms["max_rewards_per_year"] = json!(1);
    let res = app
        .send_as(
            &admin,
            Method::PUT,
            "/api/v1/admin/referral-terms",
            Some(&terms),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    let referrer = app.register("capped@example.com", "DE").await;
    let code = code_of(&app, &referrer).await;
    referred_order(&app, "first@example.com", &code, 5).await;
    referred_order(&app, "second@example.com", &code, 6).await;
    let mine = rewards(&app, &referrer).await;
    assert_eq!(
        mine["totals"]["referred_orders"], 1,
        "the second order earns nothing"
    );
    // Terms are checked, and only admins change them.
    terms["referee_discount_bp"] = json!(9_000);
    let body = app
        .send_as(
            &admin,
            Method::PUT,
            "/api/v1/admin/referral-terms",
            Some(&terms),
        )
        .await
        .assert_problem(422, "validation_failed");
    assert_eq!(body["errors"][0]["field"], "referee_discount_bp");
    for who in [&referrer] {
        app.get_as(who, "/api/v1/admin/referral-terms")
            .await
            .assert_problem(403, "forbidden");
    }
}

#[tokio::test]
async fn sfc_rewards_add_data_on_preview_then_confirm_and_never_pass_the_three_year_cap() {
    let app = app().await;
    let referrer = app.register("sfc@example.com", "DE").await;
    let code = code_of(&app, &referrer).await;
    referred_order(&app, "sfc-friend@example.com", &code, 7).await;
    run_job(&app, 15).await;
    // The referrer's own metered cloud plan.
    let now = uplink_db::now_ms();
    let sub_id = "sub_referrer_plan";
    sqlx::query(
        "INSERT INTO subscriptions (id, user_id, serial, family, sku, name, allowance_mb, used_mb, \
         starts_at, expires_at, updated_at) VALUES ($1, $2, $3, 'cloud', 'SFC-100GB-1Y', \
         'SpeedFusion Cloud 100 GB / 1 year', 102400, 100000, $4, $5, $4)",
    )
    .bind(sub_id)
    .bind(&referrer.user_id)
    .bind(serial(8))
    .bind(now)
    .bind(now + 100 * DAY)
    .execute(app.state.db.pool())
    .await
    .unwrap();
    let preview = app
        .send_as(
            &referrer,
            Method::POST,
            "/api/v1/me/rewards/sfc-redemption",
            Some(&json!({"subscription_id": sub_id})),
        )
        .await;
    assert_eq!(preview.status, 200, "{}", preview.text());
    let preview = preview.json();
    assert_eq!(preview["applied"], false);
    let value = preview["value"]["cents"].as_i64().unwrap();
    // 100 GB for $99: the reward's share of it.
    assert_eq!(preview["added_mb"], 102_400 * value / 9_900);
    assert_eq!(
        rewards(&app, &referrer).await["totals"]["available_sfc"]["cents"],
        value,
        "a preview spends nothing"
    );
    let done = app
        .send_as(
            &referrer,
            Method::POST,
            "/api/v1/me/rewards/sfc-redemption",
            Some(&json!({"subscription_id": sub_id, "confirm": true})),
        )
        .await
        .json();
    assert_eq!(done["applied"], true);
    assert_eq!(
        done["remaining_mb"],
        2_400 + preview["added_mb"].as_i64().unwrap()
    );
    assert_eq!(
        rewards(&app, &referrer).await["totals"]["available_sfc"]["cents"],
        0
    );
    app.send_as(
        &referrer,
        Method::POST,
        "/api/v1/me/rewards/sfc-redemption",
        Some(&json!({"subscription_id": sub_id, "confirm": true})),
    )
    .await
    .assert_problem(422, "validation_failed");
    // Another customer's subscription is not found.
    let other = app.register("nosy@example.com", "DE").await;
    app.send_as(
        &other,
        Method::POST,
        "/api/v1/me/rewards/sfc-redemption",
        Some(&json!({"subscription_id": sub_id})),
    )
    .await
    .assert_problem(404, "not_found");
    // An unlimited plan near the cap refuses days past it.
    let referrer2 = app.register("sfc-cap@example.com", "DE").await;
    let code2 = code_of(&app, &referrer2).await;
    let order = referred_order(&app, "cap-friend@example.com", &code2, 9).await;
    run_job(&app, 15).await;
    // Worth a month of the unlimited plan (a generous friend).
    sqlx::query("UPDATE referral_rewards SET value_cents = 50000 WHERE order_id = (SELECT id FROM orders WHERE number = $1) AND kind = 'sfc'")
        .bind(order["number"].as_str().unwrap())
        .execute(app.state.db.pool())
        .await
        .unwrap();
    let cap = time::OffsetDateTime::now_utc() + time::Duration::days(3 * 365 - 1);
    sqlx::query(
        "INSERT INTO subscriptions (id, user_id, serial, family, sku, name, allowance_mb, used_mb, \
         starts_at, expires_at, updated_at) VALUES ('sub_unltd', $1, $2, 'cloud-unlimited', \
         'SFC-UNLTD-1Y', 'SpeedFusion Cloud Unlimited / 1 year', NULL, 0, $3, $4, $3)",
    )
    .bind(&referrer2.user_id)
    .bind(serial(10))
    .bind(now)
    .bind((cap.unix_timestamp_nanos() / 1_000_000) as i64)
    .execute(app.state.db.pool())
    .await
    .unwrap();
    let body = app
        .send_as(
            &referrer2,
            Method::POST,
            "/api/v1/me/rewards/sfc-redemption",
            Some(&json!({"subscription_id": "sub_unltd", "confirm": true})),
        )
        .await
        .assert_problem(409, "plan_not_stackable");
    // (Three calendar years from today, leap days included.)
    assert!(body["days_left"].as_i64().unwrap() <= 3, "{body}");
}

#[tokio::test]
async fn rewards_expire_after_their_validity_with_one_reminder_before() {
    let app = app().await;
    let referrer = app.register("expiry@example.com", "DE").await;
    let code = code_of(&app, &referrer).await;
    referred_order(&app, "exp-friend@example.com", &code, 11).await;
    run_job(&app, 15).await;
    let count = |app: &TestApp| {
        let pool = app.state.db.pool().clone();
        async move {
            sqlx::query_scalar::<_, i64>(
                "SELECT CAST(COUNT(*) AS BIGINT) FROM email_outbox WHERE kind = 'referral_reward_expiring'",
            )
            .fetch_one(&pool)
            .await
            .unwrap()
        }
    };
    // Thirty days before the end: reminded once, even run twice.
    run_job(&app, 15 + 340).await;
    run_job(&app, 15 + 341).await;
    assert_eq!(count(&app).await, 2, "one e-mail per reward (two rewards)");
    run_job(&app, 15 + 400).await;
    let mine = rewards(&app, &referrer).await;
    assert!(
        mine["rewards"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["status"] == "expired")
    );
    assert!(mine["totals"]["expired"]["cents"].as_i64().unwrap() > 0);
}

#[tokio::test]
async fn a_referral_store_answers_its_branding_and_terms_and_prices_with_them() {
    let app = app().await;
    let store = app.get_json("/api/v1/referral-stores/ref-uplink").await;
    assert_eq!(store["store"]["kind"], "MINISTORE_REFERRAL_PROGRAM");
    assert_eq!(store["terms"]["referee_discount_bp"], 1_000);
    app.get("/api/v1/referral-stores/nwn-7f3k9q")
        .await
        .assert_problem(404, "not_found");
    app.get("/api/v1/referral-stores/nope")
        .await
        .assert_problem(404, "not_found");
    // Bought in the referral store with a code: the store's terms' discount.
    let referrer = app.register("store-ref@example.com", "DE").await;
    let code = code_of(&app, &referrer).await;
    let s = app.register("store-buyer@example.com", "DE").await;
    let res = app
        .send_as(
            &s,
            Method::POST,
            "/api/v1/cart/lines?store=ref-uplink",
            Some(&json!({"sku": LICENCE, "qty": 1, "serials": [serial(12)]})),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    let cart = app
        .send_as(
            &s,
            Method::PUT,
            "/api/v1/cart/app-referral?store=ref-uplink",
            Some(&json!({"code": code, "from_link": true})),
        )
        .await
        .json();
    assert_eq!(cart["store"], "referral");
    assert!(cart["app_referral"]["discount"]["cents"].as_i64().unwrap() > 0);
    // A second link does not replace the first; a typed code does.
    let other = app.register("store-ref2@example.com", "DE").await;
    let code2 = code_of(&app, &other).await;
    let cart = app
        .send_as(
            &s,
            Method::PUT,
            "/api/v1/cart/app-referral?store=ref-uplink",
            Some(&json!({"code": code2, "from_link": true})),
        )
        .await
        .json();
    assert_eq!(cart["app_referral"]["code"], code, "the first link wins");
    let cart = app
        .send_as(
            &s,
            Method::PUT,
            "/api/v1/cart/app-referral?store=ref-uplink",
            Some(&json!({"code": code2})),
        )
        .await
        .json();
    assert_eq!(cart["app_referral"]["code"], code2);
}
