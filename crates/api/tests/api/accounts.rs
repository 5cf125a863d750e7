//! Accounts and sign-in (issue 4, SPEC §8): sessions, CSRF, the challenge,
//! password reset, e-mail change, address book, bookmarks and access rules.

use crate::helpers::{PASSWORD, SmtpSink, TestApp, token_in};
use axum::body::Body;
use axum::http::{Method, Request};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// Ids of the first `n` products of the demo catalogue's global store listing.
async fn demo_product_ids(app: &TestApp, n: usize) -> Vec<String> {
    let page = app
        .get("/api/v1/products?store=global&page_size=24")
        .await
        .json();
    page["items"]
        .as_array()
        .expect("product items")
        .iter()
        .take(n)
        .map(|p| p["id"].as_str().unwrap().to_owned())
        .collect()
}

fn login_from(email: &str, password: &str, ip: &str) -> Request<Body> {
    Request::post("/api/v1/auth/login")
        .header("content-type", "application/json")
        .header("x-forwarded-for", ip)
        .body(Body::from(
            json!({ "email": email, "password": password }).to_string(),
        ))
        .unwrap()
}

// ----- sign-in and sessions -----

#[tokio::test]
async fn registering_signs_the_person_in_with_an_http_only_lax_cookie() {
    let app = TestApp::new().await;
    let res = app
        .send_json(
            Method::POST,
            "/api/v1/auth/register",
            &json!({"email": " Ann@Example.com ", "password": PASSWORD, "name": "Ann",
                    "country": "us", "company": "Acme"}),
        )
        .await;
    assert_eq!(res.status, 201, "{}", res.text());
    let body = res.json();
    assert_eq!(body["user"]["email"], "ann@example.com");
    assert_eq!(body["user"]["country"], "US");
    assert_eq!(body["user"]["home_store"], "us");
    assert_eq!(body["user"]["roles"], json!(["customer"]));
    assert!(
        body.get("token").is_none(),
        "cookie sessions never expose the token"
    );
    let cookie = res.set_cookie("uplink_session").unwrap();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    assert!(!res.set_cookie("uplink_csrf").unwrap().contains("HttpOnly"));
    let session = TestApp::session_of(&res, "ann@example.com");
    let me = app.get_as(&session, "/api/v1/me").await;
    assert_eq!(me.status, 200);
    assert_eq!(me.json()["csrf_token"], session.csrf.as_str());
    let again = app
        .send_json(
            Method::POST,
            "/api/v1/auth/register",
            &json!({"email": "ann@example.com", "password": PASSWORD, "name": "A", "country": "US"}),
        )
        .await;
    again.assert_problem(409, "email_taken");
}

#[tokio::test]
async fn registration_reports_every_bad_field() {
    let app = TestApp::new().await;
    let body = app
        .send_json(
            Method::POST,
            "/api/v1/auth/register",
            &json!({"email": "nope", "password": "short", "name": " ", "country": "XX"}),
        )
        .await
        .assert_problem(422, "validation_failed");
    let fields: Vec<&str> = body["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["email", "password", "name", "country"]);
}

#[tokio::test]
async fn signing_out_ends_the_session() {
    let app = TestApp::new().await;
    let s = app.register("bo@example.com", "DE").await;
    let res = app
        .send_as(&s, Method::POST, "/api/v1/auth/logout", None)
        .await;
    assert_eq!(res.status, 204);
    assert!(
        res.set_cookie("uplink_session")
            .unwrap()
            .contains("Max-Age=0")
    );
    app.get_as(&s, "/api/v1/me")
        .await
        .assert_problem(401, "unauthenticated");
    let info = app.get("/api/v1/auth/session").await.json();
    assert_eq!(info["user"], Value::Null);
    assert_eq!(info["auth_mode"], "token");
}

#[tokio::test]
async fn a_bearer_session_works_without_csrf_and_a_bad_token_is_401() {
    let app = TestApp::new().await;
    app.register("cy@example.com", "GB").await;
    let res = app
        .send_json(
            Method::POST,
            "/api/v1/auth/login",
            &json!({"email": "cy@example.com", "password": PASSWORD, "session": "bearer"}),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert!(res.set_cookie("uplink_session").is_none());
    let token = res.json()["token"].as_str().unwrap().to_owned();
    let me = app
        .request(
            Request::get("/api/v1/me")
                .header("authorization", format!("Bearer {token}"))
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(me.status, 200);
    let out = app
        .request(
            Request::post("/api/v1/auth/logout")
                .header("authorization", format!("Bearer {token}"))
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(out.status, 204);
    let stale = app
        .request(
            Request::get("/api/v1/auth/session")
                .header("authorization", format!("Bearer {token}"))
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    stale.assert_problem(401, "unauthenticated");
}

#[tokio::test]
async fn a_cookie_session_without_the_csrf_token_cannot_change_anything() {
    let app = TestApp::new().await;
    let s = app.register("dee@example.com", "FR").await;
    for csrf in [None, Some("wrong"), Some("")] {
        let mut req = Request::post("/api/v1/auth/logout")
            .header("cookie", format!("uplink_session={}", s.token));
        if let Some(c) = csrf {
            req = req.header("x-csrf-token", c);
        }
        app.request(req.body(Body::empty()).unwrap())
            .await
            .assert_problem(403, "csrf_failed");
    }
    // Reads need no token, and the session survived the refused attempts.
    let me = app
        .request(
            Request::get("/api/v1/me")
                .header("cookie", format!("uplink_session={}", s.token))
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(me.status, 200);
}

#[tokio::test]
async fn an_expired_session_is_refused_and_an_active_one_slides_forward() {
    let app = TestApp::new().await;
    let s = app.register("eve@example.com", "US").await;
    let db = app.state.db.pool();
    let now = uplink_db::now_ms();
    // Nearly expired: using it moves the expiry a full idle period ahead.
    sqlx::query("UPDATE sessions SET expires_at = $1")
        .bind(now + 5_000)
        .execute(db)
        .await
        .unwrap();
    app.state.db.accounts_changed(); // as another server would see it within a second (D133)
    assert_eq!(app.get_as(&s, "/api/v1/me").await.status, 200);
    let expires: i64 = sqlx::query_scalar("SELECT expires_at FROM sessions")
        .fetch_one(db)
        .await
        .unwrap();
    let idle_ms = app.state.config.auth.session_idle_secs * 1000;
    assert!(expires >= now + idle_ms - 60_000, "slid to {expires}");
    // Past its expiry it no longer signs anyone in.
    sqlx::query("UPDATE sessions SET expires_at = $1")
        .bind(now - 1)
        .execute(db)
        .await
        .unwrap();
    app.state.db.accounts_changed(); // as another server would see it within a second (D133)
    app.get_as(&s, "/api/v1/me")
        .await
        .assert_problem(401, "unauthenticated");
}

#[tokio::test]
async fn sessions_expire_after_the_configured_idle_time() {
    let app = TestApp::with_config(|c| c.auth.session_idle_secs = 1).await;
    let s = app.register("fay@example.com", "US").await;
    assert_eq!(app.get_as(&s, "/api/v1/me").await.status, 200);
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    app.get_as(&s, "/api/v1/me")
        .await
        .assert_problem(401, "unauthenticated");
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_email_get_the_same_answer_in_similar_time() {
    let app = TestApp::with_config(|c| {
        c.auth.password_cost = uplink_api::platform::config::PasswordCost::Standard;
        c.auth.challenge_threshold = 100;
    })
    .await;
    app.register("gil@example.com", "US").await;
    app.state.passwords.warm_up().await.unwrap();
    let mut known = Vec::new();
    let mut unknown = Vec::new();
    for i in 0..5 {
        let t = Instant::now();
        let a = app.login("gil@example.com", "not the password").await;
        known.push(t.elapsed());
        let t = Instant::now();
        let b = app
            .login(&format!("nobody{i}@example.com"), "not the password")
            .await;
        unknown.push(t.elapsed());
        let a = a.assert_problem(401, "invalid_credentials");
        let b = b.assert_problem(401, "invalid_credentials");
        assert_eq!(a["detail"], b["detail"]);
    }
    known.sort();
    unknown.sort();
    let (k, u) = (known[1].as_secs_f64(), unknown[1].as_secs_f64());
    // Both verify an argon2id hash of the same cost, so neither is much faster.
    assert!(
        u > k * 0.5 && k > u * 0.5,
        "known {k:.3}s vs unknown {u:.3}s"
    );
}

// ----- the challenge -----

async fn solve_challenge(app: &TestApp) -> String {
    let c = app.get("/api/v1/auth/challenge").await;
    assert_eq!(c.status, 200);
    let c = c.json();
    assert_eq!(c["algorithm"], "sha256-leading-zero-bits");
    let nonce = c["nonce"].as_str().unwrap();
    let difficulty = c["difficulty"].as_u64().unwrap() as u32;
    let solution = uplink_domain::accounts::pow::solve(nonce, difficulty);
    let res = app
        .send_json(
            Method::POST,
            "/api/v1/auth/challenge",
            &json!({"id": c["id"], "solution": solution}),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    let pass = res.cookie("uplink_challenge").unwrap();
    assert_eq!(res.json()["pass"], pass.as_str());
    // A puzzle is single use.
    app.send_json(
        Method::POST,
        "/api/v1/auth/challenge",
        &json!({"id": c["id"], "solution": solution}),
    )
    .await
    .assert_problem(422, "validation_failed");
    pass
}

#[tokio::test]
async fn five_failures_for_an_account_require_the_challenge_and_solving_it_lets_sign_in_through() {
    let app = TestApp::with_config(|c| c.auth.trust_proxy = true).await;
    app.register("hal@example.com", "US").await;
    for i in 0..5 {
        // Different IPs: it is the account's counter that trips.
        let res = app
            .request(login_from(
                "hal@example.com",
                "wrong guess",
                &format!("10.0.0.{i}"),
            ))
            .await;
        res.assert_problem(401, "invalid_credentials");
    }
    let body = app
        .request(login_from("hal@example.com", PASSWORD, "10.0.1.1"))
        .await
        .assert_problem(403, "challenge_required");
    assert_eq!(body["challenge_url"], "/api/v1/auth/challenge");
    // A wrong solution grants nothing.
    let c = app.get("/api/v1/auth/challenge").await.json();
    let nonce = c["nonce"].as_str().unwrap();
    let bad = (0..)
        .map(|i: u64| i.to_string())
        .find(|s| !uplink_domain::accounts::pow::verify(nonce, 6, s))
        .unwrap();
    app.send_json(
        Method::POST,
        "/api/v1/auth/challenge",
        &json!({"id": c["id"], "solution": bad}),
    )
    .await
    .assert_problem(422, "validation_failed");

    let pass = solve_challenge(&app).await;
    let mut req = login_from("hal@example.com", PASSWORD, "10.0.1.1");
    req.headers_mut().insert(
        "cookie",
        format!("uplink_challenge={pass}").parse().unwrap(),
    );
    assert_eq!(app.request(req).await.status, 200);
    // Success reset the account's counter: no challenge, no pass needed.
    app.request(login_from("hal@example.com", "wrong again", "10.0.1.1"))
        .await
        .assert_problem(401, "invalid_credentials");
    assert_eq!(
        app.request(login_from("hal@example.com", PASSWORD, "10.0.1.1"))
            .await
            .status,
        200
    );
}

#[tokio::test]
async fn five_failures_from_one_ip_require_the_challenge_for_any_account() {
    let app = TestApp::with_config(|c| c.auth.trust_proxy = true).await;
    app.register("ida@example.com", "US").await;
    for i in 0..5 {
        app.request(login_from(
            &format!("guess{i}@example.com"),
            "x",
            "192.0.2.7",
        ))
        .await
        .assert_problem(401, "invalid_credentials");
    }
    app.request(login_from("ida@example.com", PASSWORD, "192.0.2.7"))
        .await
        .assert_problem(403, "challenge_required");
    // Another IP is not affected.
    assert_eq!(
        app.request(login_from("ida@example.com", PASSWORD, "192.0.2.8"))
            .await
            .status,
        200
    );
    // An API client presents the pass in a header; it is good for a few attempts only.
    let pass = solve_challenge(&app).await;
    for _ in 0..5 {
        let mut req = login_from("nobody@example.com", "x", "192.0.2.7");
        req.headers_mut()
            .insert("x-challenge-pass", pass.parse().unwrap());
        app.request(req)
            .await
            .assert_problem(401, "invalid_credentials");
    }
    let mut req = login_from("ida@example.com", PASSWORD, "192.0.2.7");
    req.headers_mut()
        .insert("x-challenge-pass", pass.parse().unwrap());
    app.request(req)
        .await
        .assert_problem(403, "challenge_required");
}

#[tokio::test]
async fn signing_in_again_ends_the_session_the_browser_had() {
    let app = TestApp::new().await;
    let old = app.register("xena@example.com", "US").await;
    let res = app
        .request(
            Request::post("/api/v1/auth/login")
                .header("content-type", "application/json")
                .header("cookie", format!("uplink_session={}", old.token))
                .header("x-csrf-token", &old.csrf)
                .body(Body::from(
                    json!({"email": "xena@example.com", "password": PASSWORD}).to_string(),
                ))
                .unwrap(),
        )
        .await;
    assert_eq!(res.status, 200);
    app.get_as(&old, "/api/v1/me")
        .await
        .assert_problem(401, "unauthenticated");
}

#[tokio::test]
async fn staff_read_the_outbox_and_customers_may_not() {
    let app = TestApp::new().await;
    uplink_seed::seed_demo_accounts(&app.state.db)
        .await
        .unwrap();
    let customer = app.register("yan@example.com", "US").await;
    app.send_json(
        Method::POST,
        "/api/v1/auth/password-reset",
        &json!({"email": "yan@example.com"}),
    )
    .await;
    app.mail_to("yan@example.com").await;
    app.get_as(&customer, "/api/v1/admin/outbox")
        .await
        .assert_problem(403, "forbidden");
    let admin = app.sign_in("admin@uplink.test", "uplink-demo-1").await;
    let list = app.get_as(&admin, "/api/v1/admin/outbox").await.json();
    assert_eq!(list["smtp_enabled"], false);
    assert_eq!(list["items"][0]["status"], "outbox");
    assert_eq!(list["items"][0]["subject"], "Reset your Uplink password");
}

// ----- roles -----

#[tokio::test]
async fn role_checks_answer_403_without_the_role_and_admins_pass_every_check() {
    use uplink_api::http::identity::{RequireRole, Sales};
    async fn sales_only(RequireRole(user, _): RequireRole<Sales>) -> String {
        user.user.email
    }
    let app = TestApp::new().await;
    let router = axum::Router::new()
        .route("/sales", axum::routing::get(sales_only))
        .with_state(app.state.clone());
    let customer = app.register("jo@example.com", "US").await;
    let admin = app.register("root@example.com", "US").await;
    app.state
        .db
        .set_roles(
            &admin.user_id,
            &uplink_db::accounts::RoleFlags {
                is_admin: true,
                is_customer: true,
                ..Default::default()
            },
        )
        .await
        .unwrap();
    let app = app.with_router(router);
    app.get("/sales")
        .await
        .assert_problem(401, "unauthenticated");
    app.get_as(&customer, "/sales")
        .await
        .assert_problem(403, "forbidden");
    let ok = app.get_as(&admin, "/sales").await;
    assert_eq!(ok.status, 200);
    assert_eq!(ok.text(), "root@example.com");
}

// ----- password reset -----

async fn request_reset(app: &TestApp, email: &str) -> String {
    let res = app
        .send_json(
            Method::POST,
            "/api/v1/auth/password-reset",
            &json!({"email": email}),
        )
        .await;
    assert_eq!(res.status, 202, "{}", res.text());
    let mail = app.mail_to(email).await;
    assert!(mail.contains("/password/reset?token="), "{mail}");
    token_in(&mail, "token").expect("token in the e-mail")
}

#[tokio::test]
async fn a_reset_link_works_once_and_ends_every_other_session() {
    let app = TestApp::new().await;
    let first = app.register("kim@example.com", "US").await;
    let second = app.sign_in("kim@example.com", PASSWORD).await;
    let token = request_reset(&app, "kim@example.com").await;
    let new_password = "a brand new secret";
    let short = app
        .send_json(
            Method::POST,
            "/api/v1/auth/password-reset/confirm",
            &json!({"token": token, "password": "short"}),
        )
        .await
        .assert_problem(422, "validation_failed");
    assert_eq!(short["errors"][0]["field"], "password");
    let res = app
        .send_json(
            Method::POST,
            "/api/v1/auth/password-reset/confirm",
            &json!({"token": token, "password": new_password}),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    let fresh = TestApp::session_of(&res, "kim@example.com");
    for old in [&first, &second] {
        app.get_as(old, "/api/v1/me")
            .await
            .assert_problem(401, "unauthenticated");
    }
    assert_eq!(app.get_as(&fresh, "/api/v1/me").await.status, 200);
    app.login("kim@example.com", PASSWORD)
        .await
        .assert_problem(401, "invalid_credentials");
    app.sign_in("kim@example.com", new_password).await;
    // Used once: a second use is refused.
    app.send_json(
        Method::POST,
        "/api/v1/auth/password-reset/confirm",
        &json!({"token": token, "password": "yet another password"}),
    )
    .await
    .assert_problem(400, "reset_token_invalid");
}

#[tokio::test]
async fn an_expired_reset_link_is_refused() {
    let app = TestApp::new().await;
    app.register("lee@example.com", "US").await;
    let token = request_reset(&app, "lee@example.com").await;
    sqlx::query("UPDATE account_tokens SET expires_at = $1")
        .bind(uplink_db::now_ms() - 1)
        .execute(app.state.db.pool())
        .await
        .unwrap();
    app.send_json(
        Method::POST,
        "/api/v1/auth/password-reset/confirm",
        &json!({"token": token, "password": "a brand new secret"}),
    )
    .await
    .assert_problem(400, "reset_token_invalid");
    app.sign_in("lee@example.com", PASSWORD).await;
}

#[tokio::test]
async fn a_reset_request_answers_the_same_whether_or_not_the_address_exists() {
    let app = TestApp::new().await;
    app.register("max@example.com", "US").await;
    let known = app
        .send_json(
            Method::POST,
            "/api/v1/auth/password-reset",
            &json!({"email": "max@example.com"}),
        )
        .await;
    let unknown = app
        .send_json(
            Method::POST,
            "/api/v1/auth/password-reset",
            &json!({"email": "ghost@example.com"}),
        )
        .await;
    assert_eq!((known.status.as_u16(), unknown.status.as_u16()), (202, 202));
    assert_eq!(known.body, unknown.body);
    app.mail_to("max@example.com").await;
    let sent = app.state.db.recent_outbox(10).await.unwrap();
    assert!(sent.iter().all(|m| m.to_address != "ghost@example.com"));
}

#[tokio::test]
async fn e_mail_goes_out_through_a_real_smtp_server() {
    let sink = SmtpSink::start().await;
    let app = TestApp::with_config(|c| c.auth.smtp_url = Some(sink.url.clone())).await;
    app.register("ned@example.com", "US").await;
    app.send_json(
        Method::POST,
        "/api/v1/auth/password-reset",
        &json!({"email": "ned@example.com"}),
    )
    .await;
    app.mail_to("ned@example.com").await;
    let sent = app.state.mailer.deliver_due(&app.state.db).await.unwrap();
    assert_eq!(sent, 1);
    let messages = sink.messages.lock().clone();
    assert_eq!(messages.len(), 1);
    let raw = &messages[0];
    assert!(raw.contains("Subject: Reset your Uplink password"), "{raw}");
    assert!(raw.contains("To: ned@example.com"), "{raw}");
    assert!(token_in(raw, "token").is_some(), "{raw}");
    let row = &app.state.db.recent_outbox(1).await.unwrap()[0];
    assert_eq!((row.status.as_str(), row.attempts), ("sent", 1));
}

#[tokio::test]
async fn undeliverable_mail_stays_queued_for_a_retry() {
    // Nothing listens on this port.
    let app = TestApp::with_config(|c| c.auth.smtp_url = Some("smtp://127.0.0.1:9".into())).await;
    app.register("olga@example.com", "US").await;
    app.send_json(
        Method::POST,
        "/api/v1/auth/password-reset",
        &json!({"email": "olga@example.com"}),
    )
    .await;
    app.mail_to("olga@example.com").await;
    assert_eq!(
        app.state.mailer.deliver_due(&app.state.db).await.unwrap(),
        0
    );
    let row = &app.state.db.recent_outbox(1).await.unwrap()[0];
    assert_eq!((row.status.as_str(), row.attempts), ("queued", 1));
    assert!(row.last_error.is_some());
}

// ----- account settings -----

#[tokio::test]
async fn a_new_e_mail_address_counts_only_after_its_link_is_opened() {
    let app = TestApp::new().await;
    let s = app.register("pat@example.com", "US").await;
    app.register("taken@example.com", "US").await;
    let bad = app
        .send_as(
            &s,
            Method::POST,
            "/api/v1/me/email",
            Some(&json!({"email": "new@example.com", "password": "nope"})),
        )
        .await
        .assert_problem(401, "invalid_credentials");
    assert_eq!(bad["errors"][0]["field"], "password");
    app.send_as(
        &s,
        Method::POST,
        "/api/v1/me/email",
        Some(&json!({"email": "taken@example.com", "password": PASSWORD})),
    )
    .await
    .assert_problem(409, "email_taken");
    let res = app
        .send_as(
            &s,
            Method::POST,
            "/api/v1/me/email",
            Some(&json!({"email": "New@Example.com", "password": PASSWORD})),
        )
        .await;
    assert_eq!(res.status, 202, "{}", res.text());
    assert_eq!(
        app.get_as(&s, "/api/v1/me").await.json()["email"],
        "pat@example.com"
    );
    let mail = app.mail_to("new@example.com").await;
    let token = token_in(&mail, "email_token").expect("link to the settings page");
    let ok = app
        .send_json(
            Method::POST,
            "/api/v1/me/email/confirm",
            &json!({"token": token}),
        )
        .await;
    assert_eq!(ok.status, 200, "{}", ok.text());
    assert_eq!(
        app.get_as(&s, "/api/v1/me").await.json()["email"],
        "new@example.com"
    );
    app.sign_in("new@example.com", PASSWORD).await;
    app.send_json(
        Method::POST,
        "/api/v1/me/email/confirm",
        &json!({"token": token}),
    )
    .await
    .assert_problem(422, "validation_failed");
}

#[tokio::test]
async fn changing_the_password_needs_the_current_one_and_ends_other_sessions() {
    let app = TestApp::new().await;
    let here = app.register("quinn@example.com", "US").await;
    let elsewhere = app.sign_in("quinn@example.com", PASSWORD).await;
    let body = app
        .send_as(
            &here,
            Method::POST,
            "/api/v1/me/password",
            Some(&json!({"current_password": "wrong one", "new_password": "another long secret"})),
        )
        .await
        .assert_problem(401, "invalid_credentials");
    assert_eq!(body["errors"][0]["field"], "current_password");
    let res = app
        .send_as(
            &here,
            Method::POST,
            "/api/v1/me/password",
            Some(&json!({"current_password": PASSWORD, "new_password": "another long secret"})),
        )
        .await;
    assert_eq!(res.status, 204, "{}", res.text());
    assert_eq!(app.get_as(&here, "/api/v1/me").await.status, 200);
    app.get_as(&elsewhere, "/api/v1/me")
        .await
        .assert_problem(401, "unauthenticated");
    app.sign_in("quinn@example.com", "another long secret")
        .await;
}

#[tokio::test]
async fn the_profile_country_decides_the_home_store() {
    let app = TestApp::new().await;
    let s = app.register("ray@example.com", "DE").await;
    let me = app.get_as(&s, "/api/v1/me").await.json();
    assert_eq!(
        (me["home_store"].as_str(), me["region"].as_str()),
        (Some("global"), Some("Global"))
    );
    let res = app
        .send_as(&s, Method::PATCH, "/api/v1/me",
            Some(&json!({"country": "us", "company": "Acme", "phone": "+1 415 555 0100", "newsletter": true})))
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    let me = res.json();
    assert_eq!(me["home_store"], "us");
    assert_eq!(me["company"], "Acme");
    assert_eq!(me["newsletter"], true);
    let cleared = app
        .send_as(
            &s,
            Method::PATCH,
            "/api/v1/me",
            Some(&json!({"company": null})),
        )
        .await
        .json();
    assert_eq!(cleared["company"], Value::Null);
    assert_eq!(cleared["phone"], "+1 415 555 0100");
    let bad = app
        .send_as(
            &s,
            Method::PATCH,
            "/api/v1/me",
            Some(&json!({"country": "XX", "name": ""})),
        )
        .await
        .assert_problem(422, "validation_failed");
    assert_eq!(bad["errors"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn the_export_holds_the_account_data_and_deletion_anonymises_it() {
    let app = TestApp::with_demo_catalog().await;
    let product = demo_product_ids(&app, 1).await.remove(0);
    let s = app.register("sam@example.com", "US").await;
    app.send_as(
        &s,
        Method::POST,
        "/api/v1/me/addresses",
        Some(&us_address()),
    )
    .await;
    app.send_as(
        &s,
        Method::PUT,
        &format!("/api/v1/me/bookmarks/{product}"),
        None,
    )
    .await;
    let export = app.get_as(&s, "/api/v1/me/export").await;
    assert_eq!(export.status, 200);
    assert!(
        export
            .header("content-disposition")
            .unwrap()
            .contains("attachment")
    );
    let data = export.json();
    assert_eq!(data["account"]["email"], "sam@example.com");
    assert_eq!(data["addresses"].as_array().unwrap().len(), 1);
    assert_eq!(data["bookmarks"][0]["product_id"], product.as_str());
    assert_eq!(data["sessions"][0]["current"], true);

    app.send_as(
        &s,
        Method::DELETE,
        "/api/v1/me",
        Some(&json!({"password": "wrong"})),
    )
    .await
    .assert_problem(401, "invalid_credentials");
    let res = app
        .send_as(
            &s,
            Method::DELETE,
            "/api/v1/me",
            Some(&json!({"password": PASSWORD})),
        )
        .await;
    assert_eq!(res.status, 204, "{}", res.text());
    app.get_as(&s, "/api/v1/me")
        .await
        .assert_problem(401, "unauthenticated");
    app.login("sam@example.com", PASSWORD)
        .await
        .assert_problem(401, "invalid_credentials");
    let row = app.state.db.user_by_id(&s.user_id).await.unwrap().unwrap();
    assert!(row.deleted_at.is_some());
    assert_ne!(row.email, "sam@example.com");
    assert!(
        app.state
            .db
            .addresses_of(&s.user_id)
            .await
            .unwrap()
            .is_empty()
    );
    // The address is free again.
    app.register("sam@example.com", "US").await;
}

// ----- address book -----

fn us_address() -> Value {
    json!({"name": "Ann Lee", "line1": "1 Market St", "city": "San Francisco", "state": "CA",
           "postal_code": "94105", "country": "US", "phone": "+1 415 555 0100"})
}

fn fields_of(body: &Value) -> Vec<String> {
    body["errors"]
        .as_array()
        .map(|e| {
            e.iter()
                .map(|e| e["field"].as_str().unwrap().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn us_addresses_need_a_real_state_and_a_zip_of_5_or_5_plus_4_digits() {
    let app = TestApp::new().await;
    let s = app.register("tia@example.com", "US").await;
    let cases = [
        (json!({"state": null}), vec!["state"]),
        (json!({"state": "XX"}), vec!["state"]),
        (json!({"postal_code": "9410"}), vec!["postal_code"]),
        (json!({"postal_code": "94105-12"}), vec!["postal_code"]),
        (json!({"postal_code": "ABCDE"}), vec!["postal_code"]),
        (json!({"country": "ZZ"}), vec!["country"]),
        (json!({"phone": ""}), vec!["phone"]),
        (
            json!({"name": "", "line1": "", "city": ""}),
            vec!["name", "line1", "city"],
        ),
    ];
    for (change, fields) in cases {
        let mut body = us_address();
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let res = app
            .send_as(&s, Method::POST, "/api/v1/me/addresses", Some(&body))
            .await;
        let problem = res.assert_problem(422, "validation_failed");
        assert_eq!(fields_of(&problem), fields, "{change}");
    }
    for zip in ["94105", "94105-1234"] {
        let mut body = us_address();
        body["postal_code"] = json!(zip);
        let res = app
            .send_as(&s, Method::POST, "/api/v1/me/addresses", Some(&body))
            .await;
        assert_eq!(res.status, 201, "{zip}: {}", res.text());
    }
    // Outside the US no state is needed.
    let gb = json!({"name": "Jo", "line1": "10 Downing St", "city": "London", "postal_code": "SW1A 2AA",
                    "country": "GB", "phone": "020 7946 0000"});
    assert_eq!(
        app.send_as(&s, Method::POST, "/api/v1/me/addresses", Some(&gb))
            .await
            .status,
        201
    );
    let countries = app.get("/api/v1/countries").await.json();
    assert!(
        countries["us_states"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["code"] == "CA")
    );
    assert!(countries["countries"].as_array().unwrap().len() > 240);
}

#[tokio::test]
async fn the_51st_address_is_refused_with_a_clear_message() {
    let app = TestApp::new().await;
    let s = app.register("uma@example.com", "US").await;
    for i in 0..50 {
        let mut body = us_address();
        body["line1"] = json!(format!("{i} Market St"));
        let res = app
            .send_as(&s, Method::POST, "/api/v1/me/addresses", Some(&body))
            .await;
        assert_eq!(res.status, 201, "{i}: {}", res.text());
    }
    let body = app
        .send_as(
            &s,
            Method::POST,
            "/api/v1/me/addresses",
            Some(&us_address()),
        )
        .await
        .assert_problem(422, "validation_failed");
    assert!(body["detail"].as_str().unwrap().contains("50"), "{body}");
    assert_eq!(
        app.get_as(&s, "/api/v1/me/addresses").await.json()["items"]
            .as_array()
            .unwrap()
            .len(),
        50
    );
}

#[tokio::test]
async fn there_is_one_default_shipping_and_one_default_billing_address() {
    let app = TestApp::new().await;
    let s = app.register("vic@example.com", "US").await;
    let first = app
        .send_as(
            &s,
            Method::POST,
            "/api/v1/me/addresses",
            Some(&us_address()),
        )
        .await
        .json();
    assert_eq!(
        (
            first["is_default_shipping"].as_bool(),
            first["is_default_billing"].as_bool()
        ),
        (Some(true), Some(true))
    );
    let mut body = us_address();
    body["is_default_shipping"] = json!(true);
    let second = app
        .send_as(&s, Method::POST, "/api/v1/me/addresses", Some(&body))
        .await
        .json();
    let flags = |list: &Value, id: &Value| {
        let a = list["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["id"] == *id)
            .unwrap();
        (
            a["is_default_shipping"].as_bool().unwrap(),
            a["is_default_billing"].as_bool().unwrap(),
        )
    };
    let list = app.get_as(&s, "/api/v1/me/addresses").await.json();
    assert_eq!(flags(&list, &first["id"]), (false, true));
    assert_eq!(flags(&list, &second["id"]), (true, false));
    let uri = format!("/api/v1/me/addresses/{}", first["id"].as_str().unwrap());
    let patched = app
        .send_as(
            &s,
            Method::PATCH,
            &uri,
            Some(&json!({"is_default_shipping": true, "city": "Oakland"})),
        )
        .await;
    assert_eq!(patched.status, 200, "{}", patched.text());
    assert_eq!(patched.json()["city"], "Oakland");
    let uri2 = format!("/api/v1/me/addresses/{}", second["id"].as_str().unwrap());
    let bad = app
        .send_as(&s, Method::PATCH, &uri2, Some(&json!({"postal_code": "1"})))
        .await
        .assert_problem(422, "validation_failed");
    assert_eq!(fields_of(&bad), ["postal_code"]);
    let list = app.get_as(&s, "/api/v1/me/addresses").await.json();
    assert_eq!(flags(&list, &first["id"]), (true, true));
    assert_eq!(flags(&list, &second["id"]), (false, false));
    assert_eq!(
        app.send_as(&s, Method::DELETE, &uri2, None).await.status,
        204
    );
    app.send_as(&s, Method::DELETE, &uri2, None)
        .await
        .assert_problem(404, "not_found");
}

#[tokio::test]
async fn bookmarks_are_added_once_listed_with_their_cards_and_removed() {
    let app = TestApp::with_demo_catalog().await;
    let s = app.register("wes@example.com", "DE").await;
    let product = demo_product_ids(&app, 1).await.remove(0);
    let path = format!("/api/v1/me/bookmarks/{product}");
    for _ in 0..2 {
        let res = app.send_as(&s, Method::PUT, &path, None).await;
        assert_eq!(res.status, 200, "{}", res.text());
        assert_eq!(res.json()["product"]["id"], product.as_str());
    }
    let list = app.get_as(&s, "/api/v1/me/bookmarks").await.json();
    assert_eq!(list["items"].as_array().unwrap().len(), 1);
    assert_eq!(list["items"][0]["product_id"], product.as_str());
    assert_eq!(list["items"][0]["product"]["id"], product.as_str());
    assert!(list["items"][0]["product"]["price"]["cents"].is_i64());
    assert_eq!(
        app.send_as(&s, Method::DELETE, &path, None).await.status,
        204
    );
    app.send_as(&s, Method::DELETE, &path, None)
        .await
        .assert_problem(404, "not_found");
    for unknown in ["prd_no_such_product", "bad%20id"] {
        app.send_as(
            &s,
            Method::PUT,
            &format!("/api/v1/me/bookmarks/{unknown}"),
            None,
        )
        .await
        .assert_problem(404, "not_found");
    }
}

// ----- access: other customers' resources are not found -----

/// A stranger's attempt on an owner's resource: method, path with `{id}`, body.
/// To cover a new resource, add a row to the table below.
type Probe = (Method, &'static str, Option<Value>);

#[tokio::test]
async fn every_account_resource_of_another_customer_is_not_found() {
    let app = TestApp::with_demo_catalog().await;
    let product = demo_product_ids(&app, 1).await.remove(0);
    let owner = app.register("owner@example.com", "US").await;
    let stranger = app.register("stranger@example.com", "US").await;

    // (resource, owner's id, probes by the stranger, how the owner sees it afterwards)
    let address_id = app
        .send_as(
            &owner,
            Method::POST,
            "/api/v1/me/addresses",
            Some(&us_address()),
        )
        .await
        .json()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    app.send_as(
        &owner,
        Method::PUT,
        &format!("/api/v1/me/bookmarks/{product}"),
        None,
    )
    .await;
    let table: Vec<(&str, String, Vec<Probe>, &str)> = vec![
        (
            "address",
            address_id,
            vec![
                (Method::GET, "/api/v1/me/addresses/{id}", None),
                (
                    Method::PATCH,
                    "/api/v1/me/addresses/{id}",
                    Some(json!({"city": "Hacked"})),
                ),
                (Method::DELETE, "/api/v1/me/addresses/{id}", None),
            ],
            "/api/v1/me/addresses",
        ),
        (
            "bookmark",
            product.clone(),
            vec![(Method::DELETE, "/api/v1/me/bookmarks/{id}", None)],
            "/api/v1/me/bookmarks",
        ),
    ];
    for (name, id, probes, owner_view) in table {
        for (method, path, body) in probes {
            let uri = path.replace("{id}", &id);
            let res = app
                .send_as(&stranger, method.clone(), &uri, body.as_ref())
                .await;
            res.assert_problem(404, "not_found");
        }
        let owner_list = app.get_as(&owner, owner_view).await.text();
        assert!(owner_list.contains(&id), "{name} survived: {owner_list}");
        assert!(!owner_list.contains("Hacked"));
        let stranger_list = app.get_as(&stranger, owner_view).await.text();
        assert!(
            !stranger_list.contains(&id),
            "{name} leaked into the stranger's list"
        );
    }
    // The profile: whatever the stranger reads or changes is their own.
    let me = app.get_as(&stranger, "/api/v1/me").await.text();
    assert!(!me.contains("owner@example.com") && !me.contains(&owner.user_id));
    app.send_as(
        &stranger,
        Method::PATCH,
        "/api/v1/me",
        Some(&json!({"name": "Mallory"})),
    )
    .await;
    assert_eq!(
        app.get_as(&owner, "/api/v1/me").await.json()["name"],
        "Test Person"
    );
    let export = app.get_as(&stranger, "/api/v1/me/export").await.text();
    assert!(!export.contains("owner@example.com") && !export.contains("prd_owned"));
}
