//! Device management (SPEC §4.2, §8): adding serials, one owner per serial,
//! rename, remove, filters, auto-renewal rules, saved cards, what delivery
//! attached to a device, subscriptions and eSIMs, and the InControl import
//! against a real HTTP server started in the test.

use crate::helpers::{Session, TestApp, TestResponse};
use axum::body::Body;
use axum::extract::{Form, State};
use axum::http::{Method, Request, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;
use uplink_db::account_area::InControlLinkRow;
use uplink_db::accounts::CreditTerms;

async fn add(app: &TestApp, s: &Session, serial: &str) -> TestResponse {
    app.send_as(
        s,
        Method::POST,
        "/api/v1/me/devices",
        Some(&json!({ "serial": serial })),
    )
    .await
}

async fn add_named(app: &TestApp, s: &Session, serial: &str, name: &str) -> Value {
    let res = app
        .send_as(
            s,
            Method::POST,
            "/api/v1/me/devices",
            Some(&json!({ "serial": serial, "name": name })),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    res.json()
}

async fn list(app: &TestApp, s: &Session, query: &str) -> Value {
    let res = app.get_as(s, &format!("/api/v1/me/devices{query}")).await;
    assert_eq!(res.status, 200, "{}", res.text());
    res.json()
}

fn serials(list: &Value) -> Vec<String> {
    list["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["serial"].as_str().unwrap().to_owned())
        .collect()
}

async fn set_warranty_end(app: &TestApp, serial: &str, days_from_now: i64) {
    let today = uplink_domain::devices::ms_date(uplink_db::now_ms());
    let ends = uplink_domain::devices::date_ms(today + time::Duration::days(days_from_now));
    sqlx::query("UPDATE devices SET warranty_ends_at = $1 WHERE serial = $2")
        .bind(ends)
        .bind(serial)
        .execute(app.state.db.writer())
        .await
        .unwrap();
}

/// A card token from the gateway's own tokenisation endpoint, as the browser gets one.
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

async fn save_card(app: &TestApp, s: &Session) -> Value {
    let token = card_token(app, "4242 4242 4242 4242").await;
    let res = app
        .send_as(
            s,
            Method::POST,
            "/api/v1/me/payment-methods",
            Some(&json!({ "token": token })),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    res.json()
}

async fn auto_renew(app: &TestApp, s: &Session, serial: &str, body: Value) -> TestResponse {
    app.send_as(
        s,
        Method::PUT,
        &format!("/api/v1/me/devices/{serial}/auto-renew"),
        Some(&body),
    )
    .await
}

#[tokio::test]
async fn adding_a_device_normalises_its_serial_shows_its_model_and_is_idempotent() {
    let app = TestApp::with_demo_catalog().await;
    let s = app.register("dev@example.com", "US").await;
    let res = app
        .send_as(
            &s,
            Method::POST,
            "/api/v1/me/devices",
            Some(&json!({"serial": " 1824 abcd-0001 ", "name": "  Van 12 "})),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    let d = res.json();
    assert_eq!(d["serial"], "1824-ABCD-0001");
    assert_eq!(d["model"]["code"], "BR1-MINI");
    assert_eq!(d["model"]["name"], "Pepwave MAX BR1 Mini");
    assert_eq!(
        (d["name"].as_str(), d["prime"].as_bool()),
        (Some("Van 12"), Some(false))
    );
    assert_eq!(
        (d["source"].as_str(), d["warranty_state"].as_str()),
        (Some("manual"), Some("active"))
    );
    // The standard warranty: 12 months from today.
    let today = uplink_domain::devices::ms_date(uplink_db::now_ms());
    let end = uplink_domain::plans::standard_warranty_end(today);
    assert!(
        d["warranty_ends_at"]
            .as_str()
            .unwrap()
            .starts_with(&end.to_string()),
        "{d}"
    );
    assert_eq!(d["auto_renew"]["enabled"], false);
    // Adding it again: unchanged, 200.
    let again = add(&app, &s, "1824ABCD0001").await;
    assert_eq!(again.status, 200);
    assert_eq!(again.json()["name"], "Van 12");
    // A prime model is prime.
    let prime = add(&app, &s, "2a5p-0000-0009").await.json();
    assert_eq!(
        (prime["prime"].as_bool(), prime["model"]["code"].as_str()),
        (Some(true), Some("BR1-PRO-5G-PRM"))
    );
    let got = app.get_as(&s, "/api/v1/me/devices/1824abcd0001").await;
    assert_eq!(got.status, 200);
    assert_eq!(got.json()["serial"], "1824-ABCD-0001");
}

#[tokio::test]
async fn invalid_and_unknown_serials_and_bad_names_are_refused_with_their_codes() {
    let app = TestApp::with_demo_catalog().await;
    let s = app.register("bad@example.com", "US").await;
    add(&app, &s, "1824-ABCD")
        .await
        .assert_problem(422, "invalid_serial");
    add(&app, &s, "1824-ABCD-00$1")
        .await
        .assert_problem(422, "invalid_serial");
    let unknown = add(&app, &s, "ZZZZ-0000-0001")
        .await
        .assert_problem(422, "unknown_serial");
    assert_eq!(unknown["errors"][0]["field"], "serial");
    let long = "x".repeat(81);
    app.send_as(
        &s,
        Method::POST,
        "/api/v1/me/devices",
        Some(&json!({"serial": "1824-ABCD-0002", "name": long})),
    )
    .await
    .assert_problem(422, "validation_failed");
    app.get_as(&s, "/api/v1/me/devices/not-a-serial")
        .await
        .assert_problem(422, "invalid_serial");
    assert_eq!(list(&app, &s, "").await["total"], 0);
    // A NUL byte (PostgreSQL stores none) is refused, not a 500.
    app.get_as(&s, "/api/v1/me/devices?q=a%00b")
        .await
        .assert_problem(422, "validation_failed");
    app.send_as(
        &s,
        Method::POST,
        "/api/v1/me/payment-methods",
        Some(&json!({"token": "tok\u{0}"})),
    )
    .await
    .assert_problem(422, "validation_failed");
    app.send_as(
        &s,
        Method::DELETE,
        "/api/v1/me/payment-methods/pm%00x",
        None,
    )
    .await
    .assert_problem(404, "not_found");
    // Signed out: 401.
    app.get("/api/v1/me/devices")
        .await
        .assert_problem(401, "unauthenticated");
}

#[tokio::test]
async fn a_serial_another_account_holds_is_refused_without_naming_that_account() {
    let app = TestApp::with_demo_catalog().await;
    let owner = app.register("owner@example.com", "US").await;
    let other = app.register("other@example.com", "US").await;
    add_named(&app, &owner, "1824-OWNR-0001", "Owner's van").await;
    let refused = add(&app, &other, "1824owNR0001")
        .await
        .assert_problem(409, "serial_registered_elsewhere");
    let text = refused.to_string();
    assert!(
        !text.contains("owner@example.com") && !text.contains(&owner.user_id),
        "{text}"
    );
    // Every operation on the owner's device answers 404 to the other account.
    let path = "/api/v1/me/devices/1824-OWNR-0001";
    app.get_as(&other, path)
        .await
        .assert_problem(404, "not_found");
    app.send_as(&other, Method::PATCH, path, Some(&json!({"name": "mine"})))
        .await
        .assert_problem(404, "not_found");
    app.send_as(&other, Method::DELETE, path, None)
        .await
        .assert_problem(404, "not_found");
    auto_renew(&app, &other, "1824-OWNR-0001", json!({"enabled": false}))
        .await
        .assert_problem(404, "not_found");
    assert_eq!(list(&app, &other, "").await["total"], 0);
    let mine = app.get_as(&owner, path).await.json();
    assert_eq!(mine["name"], "Owner's van");
}

#[tokio::test]
async fn two_accounts_adding_one_serial_at_once_leave_exactly_one_owner() {
    let app = TestApp::with_demo_catalog().await;
    let a = app.register("a@example.com", "US").await;
    let b = app.register("b@example.com", "US").await;
    for n in 0..5 {
        let serial = format!("2933-RACE-000{n}");
        let (ra, rb) = tokio::join!(add(&app, &a, &serial), add(&app, &b, &serial));
        let mut statuses = [ra.status.as_u16(), rb.status.as_u16()];
        statuses.sort();
        assert_eq!(statuses, [201, 409], "{} / {}", ra.text(), rb.text());
    }
    let held = list(&app, &a, "").await["total"].as_i64().unwrap()
        + list(&app, &b, "").await["total"].as_i64().unwrap();
    assert_eq!(held, 5);
}

#[tokio::test]
async fn a_device_is_renamed_and_removed_and_can_then_be_added_by_someone_else() {
    let app = TestApp::with_demo_catalog().await;
    let s = app.register("ren@example.com", "US").await;
    add(&app, &s, "1900-SOHO-0001").await;
    let path = "/api/v1/me/devices/1900-SOHO-0001";
    let renamed = app
        .send_as(&s, Method::PATCH, path, Some(&json!({"name": " Office "})))
        .await;
    assert_eq!(renamed.status, 200, "{}", renamed.text());
    assert_eq!(renamed.json()["name"], "Office");
    app.send_as(
        &s,
        Method::PATCH,
        path,
        Some(&json!({"name": "two\nlines"})),
    )
    .await
    .assert_problem(422, "validation_failed");
    assert_eq!(
        app.send_as(&s, Method::DELETE, path, None).await.status,
        204
    );
    app.get_as(&s, path).await.assert_problem(404, "not_found");
    app.send_as(&s, Method::DELETE, path, None)
        .await
        .assert_problem(404, "not_found");
    let next = app.register("next@example.com", "US").await;
    assert_eq!(add(&app, &next, "1900-SOHO-0001").await.status, 201);
}

#[tokio::test]
async fn the_list_searches_and_filters_by_model_expiry_and_auto_renewal() {
    let app = TestApp::with_demo_catalog().await;
    let s = app.register("filters@example.com", "US").await;
    add_named(&app, &s, "1824-FLTR-0001", "Delivery van").await;
    add_named(&app, &s, "2933-FLTR-0002", "Bus 7").await;
    add_named(&app, &s, "1824-FLTR-0003", "Kiosk").await;
    add_named(&app, &s, "3100-FLTR-0004", "HQ").await;
    set_warranty_end(&app, "2933-FLTR-0002", 20).await; // expiring
    set_warranty_end(&app, "1824-FLTR-0003", -10).await; // grace
    set_warranty_end(&app, "3100-FLTR-0004", -45).await; // expired
    app.state
        .db
        .set_credit_terms(
            &s.user_id,
            Some(&CreditTerms {
                credit_limit_cents: 100_000,
                payment_terms_days: 30,
                may_exceed_limit: false,
            }),
        )
        .await
        .unwrap();
    let s = app
        .sign_in("filters@example.com", crate::helpers::PASSWORD)
        .await;
    let on = auto_renew(
        &app,
        &s,
        "1824-FLTR-0001",
        json!({"enabled": true, "method": "credit_terms"}),
    )
    .await;
    assert_eq!(on.status, 200, "{}", on.text());

    let all = list(&app, &s, "").await;
    assert_eq!(all["total"], 4);
    let states: Vec<&str> = all["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["warranty_state"].as_str().unwrap())
        .collect();
    assert_eq!(states, ["active", "grace", "expiring", "expired"]);
    let models = &all["models"];
    assert_eq!(
        models[0],
        json!({"code": "BALANCE-310X", "name": "Pepwave Balance 310X", "count": 1})
    );
    assert_eq!(models[1]["count"], 2);

    assert_eq!(
        serials(&list(&app, &s, "?q=fltr0002").await),
        ["2933-FLTR-0002"]
    );
    assert_eq!(
        serials(&list(&app, &s, "?q=FLTR-0004").await),
        ["3100-FLTR-0004"]
    );
    assert_eq!(serials(&list(&app, &s, "?q=van").await), ["1824-FLTR-0001"]);
    assert_eq!(
        serials(&list(&app, &s, "?q=Transit").await),
        ["2933-FLTR-0002"]
    );
    assert_eq!(
        serials(&list(&app, &s, "?q=%25").await),
        Vec::<String>::new()
    );
    assert_eq!(
        serials(&list(&app, &s, "?model=BR1-MINI").await),
        ["1824-FLTR-0001", "1824-FLTR-0003"]
    );
    assert_eq!(
        serials(&list(&app, &s, "?expiring=true").await),
        ["1824-FLTR-0003", "2933-FLTR-0002"]
    );
    assert_eq!(
        serials(&list(&app, &s, "?auto_renew=true").await),
        ["1824-FLTR-0001"]
    );
    assert_eq!(
        serials(&list(&app, &s, "?auto_renew=false&model=BR1-MINI").await),
        ["1824-FLTR-0003"]
    );
    let none = list(&app, &s, "?q=nothing-like-this").await;
    assert_eq!(
        (
            none["items"].as_array().unwrap().len(),
            none["total"].as_i64()
        ),
        (0, Some(4))
    );
    app.get_as(&s, "/api/v1/me/devices?expiring=soon")
        .await
        .assert_problem(422, "validation_failed");
}

#[tokio::test]
async fn auto_renewal_takes_a_saved_card_of_the_owner_or_credit_terms_the_account_has() {
    let app = TestApp::with_demo_catalog().await;
    let s = app.register("renew@example.com", "US").await;
    let other = app.register("renew-other@example.com", "US").await;
    add(&app, &s, "1824-RENW-0001").await;
    let serial = "1824-RENW-0001";
    auto_renew(&app, &s, serial, json!({"enabled": true}))
        .await
        .assert_problem(422, "validation_failed");
    auto_renew(
        &app,
        &s,
        serial,
        json!({"enabled": true, "method": "credit_terms"}),
    )
    .await
    .assert_problem(422, "payment_method_unavailable");
    auto_renew(&app, &s, serial, json!({"enabled": true, "method": "card"}))
        .await
        .assert_problem(422, "validation_failed");
    auto_renew(
        &app,
        &s,
        serial,
        json!({"enabled": true, "method": "cheque"}),
    )
    .await
    .assert_problem(422, "validation_failed");
    // Another customer's card is not a card of this account.
    let foreign = save_card(&app, &other).await;
    let refused = auto_renew(
        &app,
        &s,
        serial,
        json!({"enabled": true, "method": "card", "card_id": foreign["id"]}),
    )
    .await
    .assert_problem(422, "validation_failed");
    assert_eq!(refused["errors"][0]["field"], "card_id");
    let card = save_card(&app, &s).await;
    let on = auto_renew(
        &app,
        &s,
        serial,
        json!({"enabled": true, "method": "card", "card_id": card["id"]}),
    )
    .await;
    assert_eq!(on.status, 200, "{}", on.text());
    let renew = &on.json()["auto_renew"];
    assert_eq!(
        (renew["enabled"].as_bool(), renew["method"].as_str()),
        (Some(true), Some("card"))
    );
    assert_eq!(renew["card"]["last4"], "4242");
    assert!(renew["last_failure"].is_null());
    // A failure the renewal job recorded shows on the device.
    sqlx::query("UPDATE devices SET renew_failed_at = $1, renew_failure = $2 WHERE serial = $3")
        .bind(uplink_db::now_ms())
        .bind("The card was declined by the issuer.")
        .bind(serial)
        .execute(app.state.db.writer())
        .await
        .unwrap();
    let shown = app
        .get_as(&s, &format!("/api/v1/me/devices/{serial}"))
        .await
        .json();
    assert_eq!(
        shown["auto_renew"]["last_failure"]["reason"],
        "The card was declined by the issuer."
    );
    // Deleting the card stops the renewals that used it.
    let del = app
        .send_as(
            &s,
            Method::DELETE,
            &format!(
                "/api/v1/me/payment-methods/{}",
                card["id"].as_str().unwrap()
            ),
            None,
        )
        .await;
    assert_eq!(del.status, 200, "{}", del.text());
    assert_eq!(del.json()["stopped_auto_renew"], 1);
    let after = app
        .get_as(&s, &format!("/api/v1/me/devices/{serial}"))
        .await
        .json();
    assert_eq!(
        (
            after["auto_renew"]["enabled"].as_bool(),
            after["auto_renew"]["card"].is_null()
        ),
        (Some(false), true)
    );
    // Credit terms once the account has them; then off.
    app.state
        .db
        .set_credit_terms(
            &s.user_id,
            Some(&CreditTerms {
                credit_limit_cents: 50_000,
                payment_terms_days: 30,
                may_exceed_limit: false,
            }),
        )
        .await
        .unwrap();
    let s = app
        .sign_in("renew@example.com", crate::helpers::PASSWORD)
        .await;
    let terms = auto_renew(
        &app,
        &s,
        serial,
        json!({"enabled": true, "method": "credit_terms"}),
    )
    .await;
    assert_eq!(terms.json()["auto_renew"]["method"], "credit_terms");
    let off = auto_renew(&app, &s, serial, json!({"enabled": false}))
        .await
        .json();
    assert_eq!(
        (
            off["auto_renew"]["enabled"].as_bool(),
            off["auto_renew"]["method"].as_str()
        ),
        (Some(false), None)
    );
}

#[tokio::test]
async fn saved_cards_come_from_gateway_tokens_once_and_stay_with_their_owner() {
    let app = TestApp::with_demo_catalog().await;
    let s = app.register("cards@example.com", "US").await;
    let other = app.register("cards-other@example.com", "US").await;
    let token = card_token(&app, "4242424242424242").await;
    let res = app
        .send_as(
            &s,
            Method::POST,
            "/api/v1/me/payment-methods",
            Some(&json!({"token": token})),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    let card = res.json();
    assert_eq!(
        (
            card["brand"].as_str(),
            card["last4"].as_str(),
            card["exp_year"].as_i64()
        ),
        (Some("Visa"), Some("4242"), Some(2035))
    );
    // The same token cannot be saved twice, nor by someone else.
    for who in [&s, &other] {
        app.send_as(
            who,
            Method::POST,
            "/api/v1/me/payment-methods",
            Some(&json!({"token": token})),
        )
        .await
        .assert_problem(422, "validation_failed");
    }
    app.send_as(
        &s,
        Method::POST,
        "/api/v1/me/payment-methods",
        Some(&json!({"token": "tok_unknown"})),
    )
    .await
    .assert_problem(422, "validation_failed");
    // The saved token pays off-session; the number is nowhere in our tables.
    let stored: Vec<(String,)> = sqlx::query_as("SELECT token_id FROM payment_methods")
        .fetch_all(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(stored, vec![(token.clone(),)]);
    let paid = app
        .state
        .gateway
        .authorize_saved_card(
            &token,
            uplink_payments::AuthorizeRequest {
                amount_cents: 100,
                currency: "USD".into(),
                customer_ref: s.user_id.clone(),
                description: "renewal".into(),
                return_url: "/".into(),
                cancel_url: "/".into(),
            },
        )
        .await
        .unwrap();
    assert!(matches!(paid, uplink_payments::AuthOutcome::Authorized(_)));
    let mine = app.get_as(&s, "/api/v1/me/payment-methods").await.json();
    assert_eq!(
        (
            mine["items"].as_array().unwrap().len(),
            mine["limit"].as_i64()
        ),
        (1, Some(10))
    );
    assert_eq!(
        app.get_as(&other, "/api/v1/me/payment-methods")
            .await
            .json()["items"],
        json!([])
    );
    let path = format!(
        "/api/v1/me/payment-methods/{}",
        card["id"].as_str().unwrap()
    );
    app.send_as(&other, Method::DELETE, &path, None)
        .await
        .assert_problem(404, "not_found");
    let del = app.send_as(&s, Method::DELETE, &path, None).await;
    assert_eq!(
        (
            del.status.as_u16(),
            del.json()["stopped_auto_renew"].as_u64()
        ),
        (200, Some(0))
    );
    app.send_as(&s, Method::DELETE, &path, None)
        .await
        .assert_problem(404, "not_found");
    // Forgotten at the gateway too.
    assert!(
        app.state
            .gateway
            .authorize_saved_card(
                &token,
                uplink_payments::AuthorizeRequest {
                    amount_cents: 100,
                    currency: "USD".into(),
                    customer_ref: s.user_id.clone(),
                    description: "renewal".into(),
                    return_url: "/".into(),
                    cancel_url: "/".into(),
                }
            )
            .await
            .is_err()
    );
}

#[tokio::test]
async fn an_account_keeps_at_most_ten_saved_cards() {
    let app = TestApp::with_demo_catalog().await;
    let s = app.register("many-cards@example.com", "US").await;
    for _ in 0..10 {
        save_card(&app, &s).await;
    }
    let token = card_token(&app, "4242424242424242").await;
    let full = app
        .send_as(
            &s,
            Method::POST,
            "/api/v1/me/payment-methods",
            Some(&json!({"token": token})),
        )
        .await
        .assert_problem(422, "validation_failed");
    assert!(
        full["detail"].as_str().unwrap().contains("up to 10"),
        "{full}"
    );
}

/// A paid order line for `user_id` to hang deliverables on (what delivery does).
async fn order_line(app: &TestApp, user_id: &str, number: &str, sku: &str, name: &str) -> String {
    let order_id = format!("ord_{number}");
    let line_id = format!("oln_{number}");
    let now = uplink_db::now_ms();
    sqlx::query(
        "INSERT INTO orders (id, number, store_code, user_id, email, status, currency, subtotal_cents, \
         discount_cents, shipping_cents, tax_cents, total_cents, payment_method, payment_status, \
         shipping_method, billing_address, placed_at, updated_at) \
         VALUES ($1, $2, 'us', $3, 'x@example.com', 'completed', 'USD', 100, 0, 0, 0, 100, 'card', 'paid', 'none', '{}', $4, $4)",
    )
    .bind(&order_id)
    .bind(number)
    .bind(user_id)
    .bind(now)
    .execute(app.state.db.writer())
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO order_lines (id, order_id, position, product_id, sku, name, product_type, qty, \
         unit_price_cents, subtotal_cents, discount_cents, tax_cents, total_cents, delivery_status) \
         VALUES ($1, $2, 0, 'prd_x', $3, $4, 'license', 1, 100, 100, 0, 0, 100, 'delivered')",
    )
    .bind(&line_id)
    .bind(&order_id)
    .bind(sku)
    .bind(name)
    .execute(app.state.db.writer())
    .await
    .unwrap();
    line_id
}

#[tokio::test]
async fn a_device_shows_its_keys_extensions_and_plans_and_the_account_its_subscriptions_and_esims()
{
    let app = TestApp::with_demo_catalog().await;
    let s = app.register("deliv@example.com", "US").await;
    let buyer = app.register("gift@example.com", "US").await;
    add(&app, &s, "1824-DLVR-0001").await;
    add(&app, &s, "1824-DLVR-0002").await;
    let db = &app.state.db;
    let now = uplink_db::now_ms();
    let mine = order_line(
        &app,
        &s.user_id,
        "UL-900001",
        "LIC-SF-BOND",
        "SpeedFusion Bonding Licence",
    )
    .await;
    let gift = order_line(
        &app,
        &buyer.user_id,
        "UL-900002",
        "LIC-WAN-SMOOTH",
        "WAN Smoothing Licence",
    )
    .await;
    for (id, line, user, key) in [
        ("lk1", &mine, &s.user_id, "AAAA-BBBB-CCCC-DDDD"),
        ("lk2", &gift, &buyer.user_id, "EEEE-FFFF-GGGG-HHHH"),
    ] {
        sqlx::query(
            "INSERT INTO licence_keys (id, order_line_id, user_id, serial, licence_key, sku, name, starts_at, ends_at, created_at) \
             SELECT $1, $2, $3, '1824-DLVR-0001', $4, l.sku, l.name, $5, NULL, $5 FROM order_lines l WHERE l.id = $2",
        )
        .bind(id)
        .bind(line)
        .bind(user)
        .bind(key)
        .bind(now)
        .execute(db.writer())
        .await
        .unwrap();
    }
    sqlx::query(
        "INSERT INTO warranty_extensions (order_line_id, serial, user_id, starts_at, ends_at, previous_end, created_at) \
         VALUES ($1, '1824-DLVR-0001', $2, $3, $4, $3, $3)",
    )
    .bind(&mine)
    .bind(&s.user_id)
    .bind(now)
    .bind(now + 365 * 86_400_000)
    .execute(db.writer())
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO subscriptions (id, user_id, serial, family, sku, name, allowance_mb, used_mb, starts_at, expires_at, updated_at) \
         VALUES ('sub1', $1, '1824-DLVR-0002', 'cloud', 'SFC-100GB-1Y', 'SpeedFusion Cloud 100 GB / 1 year', 102400, 40960, $2, $3, $2)",
    )
    .bind(&s.user_id)
    .bind(now)
    .bind(now + 200 * 86_400_000)
    .execute(db.writer())
    .await
    .unwrap();
    let iccid = format!(
        "894400000000000001{}",
        uplink_domain::iccid::luhn_check_digit("894400000000000001")
    );
    sqlx::query(
        "INSERT INTO esims (iccid, user_id, name, smdp, matching_id, activation_code, data_mb, used_mb, expires_at, created_at) \
         VALUES ($1, $2, 'eSIM Global', 'smdp.uplink.test', 'M-1', 'LPA:1$smdp.uplink.test$M-1', 10240, 1024, NULL, $3)",
    )
    .bind(&iccid)
    .bind(&s.user_id)
    .bind(now)
    .execute(db.writer())
    .await
    .unwrap();

    let all = list(&app, &s, "").await;
    let first = &all["items"][0];
    assert_eq!(first["licences"].as_array().unwrap().len(), 2);
    assert_eq!(first["licences"][0]["key"], "AAAA-BBBB-CCCC-DDDD");
    assert_eq!(first["licences"][0]["order_number"], "UL-900001");
    // Bought by another account for this device: the key shows, their order does not.
    assert_eq!(first["licences"][1]["key"], "EEEE-FFFF-GGGG-HHHH");
    assert!(first["licences"][1]["order_number"].is_null());
    assert_eq!(first["warranty_extensions"][0]["sku"], "LIC-SF-BOND");
    let second = &all["items"][1];
    let sub = &second["subscriptions"][0];
    assert_eq!(
        (
            sub["allowance_mb"].as_i64(),
            sub["remaining_mb"].as_i64(),
            sub["active"].as_bool()
        ),
        (Some(102400), Some(61440), Some(true))
    );

    let subs = app.get_as(&s, "/api/v1/me/subscriptions").await.json();
    assert_eq!(subs["items"][0]["serial"], "1824-DLVR-0002");
    let esims = app.get_as(&s, "/api/v1/me/esims").await.json();
    assert_eq!(esims["items"][0]["iccid"], iccid.as_str());
    assert_eq!(
        esims["items"][0]["activation_code"],
        "LPA:1$smdp.uplink.test$M-1"
    );
    assert_eq!(
        esims["items"][0]["qr_url"],
        format!("/api/v1/me/esims/{iccid}/qr.png")
    );
    assert_eq!(esims["items"][0]["remaining_mb"], 9216);
    // Nothing of this to another customer (the gift's buyer holds no device).
    assert_eq!(
        app.get_as(&buyer, "/api/v1/me/esims").await.json()["items"],
        json!([])
    );
    assert_eq!(
        app.get_as(&buyer, "/api/v1/me/subscriptions").await.json()["items"],
        json!([])
    );
}

#[tokio::test]
async fn deleting_an_account_frees_its_serials() {
    let app = TestApp::with_demo_catalog().await;
    let s = app.register("leaving@example.com", "US").await;
    add(&app, &s, "1824-LEAV-0001").await;
    let del = app
        .send_as(
            &s,
            Method::DELETE,
            "/api/v1/me",
            Some(&json!({"password": crate::helpers::PASSWORD})),
        )
        .await;
    assert!(del.status.is_success(), "{}", del.text());
    let next = app.register("next-owner@example.com", "US").await;
    assert_eq!(add(&app, &next, "1824-LEAV-0001").await.status, 201);
}

// ----- InControl -----

/// An InControl-like server: OAuth token and profile endpoints and the device list.
#[derive(Clone, Default)]
struct InControl {
    url: String,
    /// The devices listed per access token.
    devices: Arc<parking_lot::Mutex<HashMap<String, Value>>>,
    /// Codes the authorize step issued, with the device list of their account.
    codes: Arc<parking_lot::Mutex<HashMap<String, Value>>>,
}

async fn ic_token(
    State(ic): State<InControl>,
    Form(form): Form<HashMap<String, String>>,
) -> Result<Json<Value>, StatusCode> {
    let code = form.get("code").cloned().unwrap_or_default();
    let devices = ic
        .codes
        .lock()
        .remove(&code)
        .ok_or(StatusCode::BAD_REQUEST)?;
    if form.get("code_verifier").is_none_or(String::is_empty) {
        return Err(StatusCode::BAD_REQUEST);
    }
    ic.devices.lock().insert(format!("at-{code}"), devices);
    Ok(Json(
        json!({"access_token": format!("at-{code}"), "refresh_token": format!("rt-{code}"), "expires_in": 3600}),
    ))
}

fn bearer(headers: &axum::http::HeaderMap) -> String {
    headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or_default()
        .to_owned()
}

async fn ic_profile(headers: axum::http::HeaderMap) -> Result<Json<Value>, StatusCode> {
    let token = bearer(&headers);
    let id = token.strip_prefix("at-").ok_or(StatusCode::UNAUTHORIZED)?;
    Ok(Json(
        json!({"response": {"id": format!("ic-{id}"), "email": format!("{id}@incontrol.example"), "name": "Ian Control"}}),
    ))
}

async fn ic_devices(
    State(ic): State<InControl>,
    headers: axum::http::HeaderMap,
) -> Result<Json<Value>, StatusCode> {
    ic.devices
        .lock()
        .get(&bearer(&headers))
        .cloned()
        .map(|list| Json(json!({"data": list})))
        .ok_or(StatusCode::UNAUTHORIZED)
}

async fn start_incontrol() -> InControl {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let ic = InControl {
        url: format!("http://{}", listener.local_addr().unwrap()),
        ..InControl::default()
    };
    let app = Router::new()
        .route("/oauth2/token", post(ic_token))
        .route("/rest/o/profile", get(ic_profile))
        .route("/rest/o/devices", get(ic_devices))
        .with_state(ic.clone());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    ic
}

async fn incontrol_app(ic: &InControl) -> TestApp {
    let url = ic.url.clone();
    let app = TestApp::with_config(move |c| {
        c.auth.incontrol = Some(uplink_api::platform::config::InControlConfig {
            authorize_url: format!("{url}/oauth2/authorize"),
            token_url: format!("{url}/oauth2/token"),
            api_url: url.clone(),
            profile_url: format!("{url}/rest/o/profile"),
            client_id: "uplink-test".into(),
            client_secret: None,
            scope: None,
        });
    })
    .await;
    uplink_seed::seed_demo_catalog(&app.state.db).await.unwrap();
    app.state.catalog.refresh().await.unwrap();
    app
}

/// Stores a link whose access token InControl knows, listing `devices`.
async fn link(app: &TestApp, ic: &InControl, s: &Session, token: &str, devices: Value) {
    ic.devices.lock().insert(token.to_owned(), devices);
    let secrets = app.state.secret_box().await.unwrap();
    let now = uplink_db::now_ms();
    app.state
        .db
        .upsert_incontrol_link(&InControlLinkRow {
            user_id: s.user_id.clone(),
            subject: format!("sub-{token}"),
            access_token_enc: secrets.seal(token),
            refresh_token_enc: None,
            token_expires_at: None,
            scope: None,
            linked_at: now,
            updated_at: now,
        })
        .await
        .unwrap();
}

async fn import(app: &TestApp, s: &Session) -> TestResponse {
    app.send_as(s, Method::POST, "/api/v1/me/devices/import-incontrol", None)
        .await
}

#[tokio::test]
async fn incontrol_devices_are_imported_skipping_and_counting_what_cannot_be_added() {
    let ic = start_incontrol().await;
    let app = incontrol_app(&ic).await;
    let s = app.register("ic@example.com", "US").await;
    let other = app.register("ic-other@example.com", "US").await;
    // Not linked yet.
    import(&app, &s).await.assert_problem(404, "not_found");
    add(&app, &other, "2933-HELD-0001").await;
    add(&app, &s, "1824-MINE-0001").await;
    link(
        &app,
        &ic,
        &s,
        "tok-ic",
        json!([
            {"sn": "1824-icmp-0001", "name": "Truck 4", "product_code": "BR1-MINI"},
            {"sn": "U5GP0000IC02", "name": "Edge"},
            {"sn": "1824-MINE-0001", "name": "renamed in InControl"},
            {"sn": "2933-HELD-0001", "name": "someone else's"},
            {"sn": "ZZZZ-0000-0001"},
            {"sn": "not a serial"},
            {"name": "no serial at all"}
        ]),
    )
    .await;
    let res = import(&app, &s).await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(
        res.json(),
        json!({"imported": 2, "already_yours": 1, "held_elsewhere": 1, "invalid": 3})
    );
    let devices = list(&app, &s, "").await;
    assert_eq!(
        serials(&devices),
        ["1824-ICMP-0001", "1824-MINE-0001", "U5GP-0000-IC02"]
    );
    let truck = &devices["items"][0];
    assert_eq!(
        (truck["name"].as_str(), truck["source"].as_str()),
        (Some("Truck 4"), Some("incontrol"))
    );
    assert_eq!(
        devices["items"][1]["name"], "",
        "an existing device keeps its own name"
    );
    assert_eq!(devices["items"][2]["prime"], true);
    // The other account keeps its device.
    assert_eq!(serials(&list(&app, &other, "").await), ["2933-HELD-0001"]);
    // Importing again adds nothing.
    assert_eq!(
        import(&app, &s).await.json(),
        json!({"imported": 0, "already_yours": 3, "held_elsewhere": 1, "invalid": 3})
    );
    // InControl refusing the stored token: the customer is told to link again.
    ic.devices.lock().remove("tok-ic");
    import(&app, &s)
        .await
        .assert_problem(502, "incontrol_unavailable");
}

#[tokio::test]
async fn linking_incontrol_imports_the_accounts_devices() {
    let ic = start_incontrol().await;
    let app = incontrol_app(&ic).await;
    let s = app.register("linker@example.com", "US").await;
    let cookie = format!("uplink_session={}", s.token);
    let start = app
        .request(
            Request::get("/api/v1/auth/incontrol/start?return_to=/account/device-management")
                .header("cookie", &cookie)
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(start.status, 302, "{}", start.text());
    let location = url::Url::parse(start.header("location").unwrap()).unwrap();
    let q: HashMap<String, String> = location.query_pairs().into_owned().collect();
    ic.codes.lock().insert(
        "c1".into(),
        json!([{"sn": "2020-LINK-0001", "name": "Branch"}]),
    );
    let callback = app
        .request(
            Request::get(format!(
                "/api/v1/auth/incontrol/callback?code=c1&state={}",
                q["state"]
            ))
            .header(
                "cookie",
                format!(
                    "{cookie}; uplink_auth_flow={}",
                    start.cookie("uplink_auth_flow").unwrap()
                ),
            )
            .header("accept", "application/json")
            .body(Body::empty())
            .unwrap(),
        )
        .await;
    assert_eq!(callback.status, 200, "{}", callback.text());
    let s = TestApp::session_of_cookies(&callback);
    let devices = list(&app, &s, "").await;
    assert_eq!(serials(&devices), ["2020-LINK-0001"]);
    assert_eq!(devices["items"][0]["model"]["code"], "BALANCE-20X");
    assert_eq!(import(&app, &s).await.json()["already_yours"], 1);
}

/// A subscription on `serial` (as delivery leaves one): `left_mb` of data left, ending in `days`.
async fn subscription_on(app: &TestApp, user_id: &str, serial: &str, left_mb: i64, days: i64) {
    let now = uplink_db::now_ms();
    sqlx::query(
        "INSERT INTO subscriptions (id, user_id, serial, family, sku, name, allowance_mb, used_mb, \
         starts_at, expires_at, updated_at) VALUES ($1, $2, $3, 'cloud', 'SFC-20GB-1M', 'SFC', $4, $5, $6, $7, $6)",
    )
    .bind(format!("sub_{serial}"))
    .bind(user_id)
    .bind(serial)
    .bind(20_480_i64)
    .bind(20_480 - left_mb)
    .bind(now)
    .bind(now + days * 86_400_000)
    .execute(app.state.db.writer())
    .await
    .unwrap();
}

#[tokio::test]
async fn the_plan_preview_shows_carried_data_and_the_new_expiry_on_the_callers_devices_only() {
    let app = TestApp::with_demo_catalog().await;
    let s = app.register("preview@example.com", "DE").await;
    let other = app.register("preview-other@example.com", "DE").await;
    add(&app, &s, "1824-PREV-0001").await;
    add(&app, &s, "1824-PREV-0002").await;
    subscription_on(&app, &s.user_id, "1824-PREV-0001", 12_288, 100).await;
    let preview = |serial: &'static str, sku: &'static str, who: &Session| {
        let uri = format!("/api/v1/me/devices/{serial}/plan-preview?sku={sku}");
        let who = who.clone();
        let app = &app;
        async move { app.get_as(&who, &uri).await }
    };

    // 12 GB left, 100 days to go: the 20 GB month stacks on top.
    let res = preview("1824-PREV-0001", "SFC-20GB-1M", &s).await;
    assert_eq!(res.status, 200, "{}", res.text());
    let p = res.json();
    assert_eq!(p["family"], "cloud");
    assert_eq!(p["current"]["remaining_mb"], 12_288);
    assert_eq!(p["result"]["carried_mb"], 12_288);
    assert_eq!(p["result"]["allowance_mb"], 12_288 + 20_480);
    assert_eq!(p["result"]["capped"], false);
    let current = time::OffsetDateTime::parse(
        p["current"]["expires_at"].as_str().unwrap(),
        &time::format_description::well_known::Rfc3339,
    )
    .unwrap();
    let after = time::OffsetDateTime::parse(
        p["result"]["expires_at"].as_str().unwrap(),
        &time::format_description::well_known::Rfc3339,
    )
    .unwrap();
    assert_eq!((after - current).whole_days(), 30);

    // No plan yet: a new one from now.
    let fresh = preview("1824-PREV-0002", "SFC-20GB-1M", &s).await.json();
    assert!(fresh["current"].is_null());
    assert!(fresh["result"]["carried_mb"].is_null());
    assert_eq!(fresh["result"]["allowance_mb"], 20_480);

    // Unlimited on an active metered plan does not stack.
    preview("1824-PREV-0001", "SFC-UNLTD-1Y", &s)
        .await
        .assert_problem(409, "plan_not_stackable");
    // Not a plan; not the caller's device; not a serial.
    preview("1824-PREV-0001", "WTY-EXT-1Y", &s)
        .await
        .assert_problem(422, "validation_failed");
    preview("1824-PREV-0001", "SFC-20GB-1M", &other)
        .await
        .assert_problem(404, "not_found");
    preview("1824-NOPE-0001", "SFC-20GB-1M", &s)
        .await
        .assert_problem(404, "not_found");
    preview("12", "SFC-20GB-1M", &s)
        .await
        .assert_problem(422, "invalid_serial");
    // A plan the device cannot take is refused as the cart would refuse it.
    add(&app, &s, "UB1P-PREV-0003").await;
    preview("UB1P-PREV-0003", "SFC-20GB-1M", &s)
        .await
        .assert_problem(422, "serial_not_eligible");
}
