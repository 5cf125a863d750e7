//! The mobile app's sign-in and carts (SPEC §12, #30, D104): app tokens
//! minted with an integration key and exchanged once for a session — valid,
//! reused, expired, tampered, without or with a revoked key, in token and
//! keycloak mode — and the app's own carts beside the store's.

use crate::credit::staff;
use crate::helpers::{Session, TestApp, TestResponse};
use axum::body::Body;
use axum::http::{Method, Request};
use serde_json::{Value, json};

async fn new_key(app: &TestApp) -> (Session, String, String) {
    let admin = staff(app, "key-admin@example.com", "is_admin").await;
    let res = app
        .send_as(
            &admin,
            Method::POST,
            "/api/v1/admin/integration-keys",
            Some(&json!({"name": "Mobile app backend"})),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    let body = res.json();
    (
        admin,
        body["key"]["id"].as_str().unwrap().to_owned(),
        body["secret"].as_str().unwrap().to_owned(),
    )
}

async fn mint(app: &TestApp, key: Option<&str>, email: &str) -> TestResponse {
    let mut req = Request::post("/api/v1/app/tokens").header("content-type", "application/json");
    if let Some(k) = key {
        req = req.header("authorization", format!("Bearer {k}"));
    }
    app.request(
        req.body(Body::from(
            serde_json::to_vec(&json!({"email": email})).unwrap(),
        ))
        .unwrap(),
    )
    .await
}

async fn exchange(app: &TestApp, token: &str) -> TestResponse {
    app.send_json(
        Method::POST,
        "/api/v1/auth/app-token",
        &json!({"token": token}),
    )
    .await
}

fn token_of(res: &TestResponse) -> String {
    assert_eq!(res.status, 201, "{}", res.text());
    res.json()["token"].as_str().unwrap().to_owned()
}

async fn signs_in(app: &TestApp) {
    let (_, _, key) = new_key(app).await;
    app.register("app-user@example.com", "DE").await;
    let minted = mint(app, Some(&key), "App-User@example.com").await;
    assert_eq!(minted.json()["expires_in_secs"], 300);
    let token = token_of(&minted);
    let res = exchange(app, &token).await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(res.json()["user"]["email"], "app-user@example.com");
    let s = TestApp::session_of(&res, "app-user@example.com");
    let me = app.get_as(&s, "/api/v1/me").await;
    assert_eq!(me.status, 200);
    // Once only.
    exchange(app, &token)
        .await
        .assert_problem(400, "app_token_invalid");
}

#[tokio::test]
async fn an_app_token_signs_its_customer_in_once() {
    signs_in(&TestApp::new().await).await;
}

#[tokio::test]
async fn an_app_token_signs_in_in_keycloak_mode_too() {
    let app = TestApp::with_config(|c| {
        c.auth.mode = uplink_api::platform::config::AuthMode::Keycloak;
    })
    .await;
    // Accounts come from the identity provider in keycloak mode; this one is made directly.
    let (_, _, key) = new_key_in_keycloak(&app).await;
    let token = token_of(&mint(&app, Some(&key), "kc-user@example.com").await);
    let res = exchange(&app, &token).await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(res.json()["user"]["email"], "kc-user@example.com");
}

/// Keycloak mode has no registration: the admin and customer are written directly.
async fn new_key_in_keycloak(app: &TestApp) -> (Session, String, String) {
    for (email, admin) in [
        ("kc-admin@example.com", true),
        ("kc-user@example.com", false),
    ] {
        app.state
            .db
            .insert_user(&uplink_db::accounts::NewUser {
                email: email.into(),
                password_hash: None,
                name: "Kay Cloak".into(),
                company: None,
                phone: None,
                country: "DE".into(),
                newsletter: false,
            })
            .await
            .unwrap();
        if admin {
            sqlx::query("UPDATE users SET is_admin = $1 WHERE email = $2")
                .bind(true)
                .bind(email)
                .execute(app.state.db.writer())
                .await
                .unwrap();
            app.state.db.accounts_changed(); // as another server would see it within a second (D133)
        }
    }
    let (secret, prefix, hash) = uplink_api::http::integration_key::generate();
    let admin_id: String =
        sqlx::query_scalar("SELECT id FROM users WHERE email = 'kc-admin@example.com'")
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
    let key_id = uplink_domain::ids::new_id("ikey");
    app.state
        .db
        .insert_integration_key(
            &key_id,
            "Mobile app backend",
            &prefix,
            &hash,
            &admin_id,
            uplink_db::now_ms(),
        )
        .await
        .unwrap();
    (
        Session {
            token: String::new(),
            csrf: String::new(),
            user_id: admin_id,
            email: String::new(),
        },
        key_id,
        secret,
    )
}

#[tokio::test]
async fn expired_tampered_and_unknown_tokens_and_missing_or_revoked_keys_are_refused() {
    let app = TestApp::new().await;
    let (admin, key_id, key) = new_key(&app).await;
    app.register("refused@example.com", "DE").await;
    // Without a key, with a wrong one; an unknown customer.
    mint(&app, None, "refused@example.com")
        .await
        .assert_problem(401, "unauthenticated");
    mint(&app, Some("upk_nope"), "refused@example.com")
        .await
        .assert_problem(401, "unauthenticated");
    mint(&app, Some(&key), "nobody@example.com")
        .await
        .assert_problem(404, "not_found");
    // Expired.
    let token = token_of(&mint(&app, Some(&key), "refused@example.com").await);
    sqlx::query("UPDATE app_tokens SET expires_at = $1")
        .bind(uplink_db::now_ms() - 1)
        .execute(app.state.db.writer())
        .await
        .unwrap();
    exchange(&app, &token)
        .await
        .assert_problem(400, "app_token_invalid");
    // Tampered, empty.
    let token = token_of(&mint(&app, Some(&key), "refused@example.com").await);
    let mut tampered = token.clone();
    tampered.replace_range(0..1, if token.starts_with('a') { "b" } else { "a" });
    exchange(&app, &tampered)
        .await
        .assert_problem(400, "app_token_invalid");
    exchange(&app, "")
        .await
        .assert_problem(400, "app_token_invalid");
    // The key revoked after minting: its tokens no longer sign in, and it mints none.
    let res = app
        .send_as(
            &admin,
            Method::DELETE,
            &format!("/api/v1/admin/integration-keys/{key_id}"),
            None,
        )
        .await;
    assert!(res.status.is_success(), "{}", res.text());
    exchange(&app, &token)
        .await
        .assert_problem(400, "app_token_invalid");
    mint(&app, Some(&key), "refused@example.com")
        .await
        .assert_problem(401, "unauthenticated");
}

async fn add(app: &TestApp, s: &Session, cart: &str, body: Value) {
    let res = app
        .send_as(
            s,
            Method::POST,
            &format!("/api/v1/cart/lines?cart={cart}"),
            Some(&body),
        )
        .await;
    assert_eq!(res.status, 201, "add to {cart}: {}", res.text());
}

#[tokio::test]
async fn the_apps_carts_keep_their_own_lines_and_an_order_empties_only_its_cart() {
    let app = TestApp::with_demo_catalog().await;
    let s = app.register("slots@example.com", "DE").await;
    add(&app, &s, "main", json!({"sku": "UL-POE-INJ30", "qty": 1})).await;
    add(
        &app,
        &s,
        "mobile-plans",
        json!({"sku": "SFC-20GB-1M", "qty": 1, "serials": ["1824-MOBI-0001"]}),
    )
    .await;
    let main = app.get_as(&s, "/api/v1/cart").await.json();
    let plans = app
        .get_as(&s, "/api/v1/cart?cart=mobile-plans")
        .await
        .json();
    let warranties = app
        .get_as(&s, "/api/v1/cart?cart=mobile-warranties")
        .await
        .json();
    assert_eq!(main["lines"].as_array().unwrap().len(), 1);
    assert_eq!(plans["lines"][0]["product"]["sku"], "SFC-20GB-1M");
    assert_eq!(warranties["lines"].as_array().unwrap().len(), 0);
    app.get_as(&s, "/api/v1/cart?cart=elsewhere")
        .await
        .assert_problem(422, "validation_failed");
    let options = app
        .get_as(&s, "/api/v1/checkout/options?cart=mobile-plans")
        .await
        .json();
    assert_eq!(options["shipping_required"], false);
    let token = {
        let res = app
            .send_json(
                Method::POST,
                "/gateway/test/tokens",
                &json!({"number": "4242424242424242", "exp_month": 12, "exp_year": 2035, "cvc": "123"}),
            )
            .await;
        res.json()["id"].as_str().unwrap().to_owned()
    };
    let body = json!({"billing": {"address": {"name": "Test Person", "line1": "Hauptstrasse 1",
        "city": "Berlin", "postal_code": "10115", "country": "DE", "phone": "030123456789"}},
        "payment": {"method": "card", "token": token}});
    let res = app
        .place_order(&s, "slot-1", &body, "?cart=mobile-plans")
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    assert_eq!(res.json()["lines"][0]["sku"], "SFC-20GB-1M");
    let plans = app
        .get_as(&s, "/api/v1/cart?cart=mobile-plans")
        .await
        .json();
    assert_eq!(plans["lines"].as_array().unwrap().len(), 0, "emptied");
    let main = app.get_as(&s, "/api/v1/cart").await.json();
    assert_eq!(main["lines"].as_array().unwrap().len(), 1, "untouched");
}
