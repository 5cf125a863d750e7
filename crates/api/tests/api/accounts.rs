//! Accounts and sign-in (issue 4, SPEC §8): sessions, CSRF, the challenge,
//! password reset, e-mail change, address book, bookmarks and access rules.

use crate::helpers::{PASSWORD, Session, TestApp};
use axum::body::Body;
use axum::http::{Method, Request};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

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
        c.auth.password_cost = uplink_api::config::PasswordCost::Standard;
        c.auth.challenge_threshold = 100;
    })
    .await;
    app.register("gil@example.com", "US").await;
    let mut known = Vec::new();
    let mut unknown = Vec::new();
    for i in 0..3 {
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

// ----- roles -----

#[tokio::test]
async fn role_checks_answer_403_without_the_role_and_admins_pass_every_check() {
    use uplink_api::auth::{RequireRole, Sales};
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

#[allow(dead_code)]
fn _uses(_: Session) {}
