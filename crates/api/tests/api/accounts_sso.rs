//! Sign-in through external providers, against real HTTP providers started
//! in the test: an OpenID Connect provider (discovery, token endpoint, HS256
//! ID tokens, PKCE checked) and an InControl-style OAuth2 server.

use crate::helpers::{TestApp, TestResponse};
use axum::body::Body;
use axum::extract::{Form, State};
use axum::http::{Request, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use hmac::{Hmac, Mac};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::Arc;

const CLIENT_ID: &str = "uplink-test";
const CLIENT_SECRET: &str = "test-client-secret-0123456789abcdef";

/// What the provider knows about an issued code.
#[derive(Clone)]
struct Grant {
    challenge: String,
    nonce: Option<String>,
    redirect_uri: String,
    claims: Value,
}

#[derive(Clone, Default)]
struct Provider {
    issuer: String,
    grants: Arc<parking_lot::Mutex<HashMap<String, Grant>>>,
    /// What `/userinfo` answers per access token.
    userinfo: Arc<parking_lot::Mutex<HashMap<String, Value>>>,
}

fn sign_hs256(claims: &Value) -> String {
    let header = B64.encode(json!({"alg": "HS256", "typ": "JWT"}).to_string());
    let payload = B64.encode(claims.to_string());
    let mut mac = Hmac::<Sha256>::new_from_slice(CLIENT_SECRET.as_bytes()).unwrap();
    mac.update(format!("{header}.{payload}").as_bytes());
    format!(
        "{header}.{payload}.{}",
        B64.encode(mac.finalize().into_bytes())
    )
}

async fn discovery(State(p): State<Provider>) -> Json<Value> {
    Json(json!({
        "issuer": p.issuer,
        "authorization_endpoint": format!("{}/authorize", p.issuer),
        "token_endpoint": format!("{}/token", p.issuer),
        "jwks_uri": format!("{}/jwks", p.issuer),
        "userinfo_endpoint": format!("{}/userinfo", p.issuer),
        "response_types_supported": ["code"],
        "subject_types_supported": ["public"],
        "id_token_signing_alg_values_supported": ["HS256"],
    }))
}

async fn token(
    State(p): State<Provider>,
    Form(form): Form<HashMap<String, String>>,
) -> Result<Json<Value>, (StatusCode, Json<Value>)> {
    let refuse = |why: &str| {
        (
            StatusCode::BAD_REQUEST,
            Json(json!({"error": "invalid_grant", "error_description": why})),
        )
    };
    let code = form.get("code").cloned().unwrap_or_default();
    let grant = p
        .grants
        .lock()
        .remove(&code)
        .ok_or_else(|| refuse("unknown code"))?;
    let verifier = form.get("code_verifier").cloned().unwrap_or_default();
    if B64.encode(Sha256::digest(verifier.as_bytes())) != grant.challenge {
        return Err(refuse("PKCE verification failed"));
    }
    if form.get("redirect_uri") != Some(&grant.redirect_uri) {
        return Err(refuse("redirect_uri mismatch"));
    }
    let now = uplink_db::now_ms() / 1000;
    let mut claims = grant.claims.clone();
    if let Some(info) = claims.as_object_mut().and_then(|c| c.remove("_userinfo")) {
        p.userinfo.lock().insert(format!("at-{code}"), info);
    }
    claims["iss"] = json!(p.issuer);
    claims["aud"] = json!(CLIENT_ID);
    claims["iat"] = json!(now);
    claims["exp"] = json!(now + 300);
    if let Some(n) = grant.nonce {
        claims["nonce"] = json!(n);
    }
    Ok(Json(json!({
        "access_token": format!("at-{code}"),
        "refresh_token": format!("rt-{code}"),
        "token_type": "Bearer",
        "expires_in": 3600,
        "id_token": sign_hs256(&claims),
    })))
}

async fn profile(
    State(p): State<Provider>,
    headers: axum::http::HeaderMap,
) -> Result<Json<Value>, StatusCode> {
    let auth = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let code = auth
        .strip_prefix("Bearer at-")
        .ok_or(StatusCode::UNAUTHORIZED)?;
    let _ = p;
    Ok(Json(
        json!({"response": {"id": 7001, "email": format!("{code}@incontrol.example"), "name": "Ian Control"}}),
    ))
}

async fn userinfo(
    State(p): State<Provider>,
    headers: axum::http::HeaderMap,
) -> Result<Json<Value>, StatusCode> {
    let auth = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let token = auth
        .strip_prefix("Bearer ")
        .ok_or(StatusCode::UNAUTHORIZED)?;
    p.userinfo
        .lock()
        .get(token)
        .cloned()
        .map(Json)
        .ok_or(StatusCode::UNAUTHORIZED)
}

async fn start_provider() -> Provider {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let provider = Provider {
        issuer: format!("http://{}", listener.local_addr().unwrap()),
        ..Provider::default()
    };
    let app = Router::new()
        .route("/.well-known/openid-configuration", get(discovery))
        .route("/jwks", get(|| async { Json(json!({"keys": []})) }))
        .route("/token", post(token))
        .route("/profile", get(profile))
        .route("/userinfo", get(userinfo))
        .with_state(provider.clone());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    provider
}

fn query_of(location: &str) -> HashMap<String, String> {
    let url = url::Url::parse(location).unwrap();
    url.query_pairs().into_owned().collect()
}

/// GET with optional cookie header and JSON accept.
async fn get_with(app: &TestApp, uri: &str, cookie: Option<&str>, json: bool) -> TestResponse {
    let mut req = Request::get(uri);
    if let Some(c) = cookie {
        req = req.header("cookie", c);
    }
    if json {
        req = req.header("accept", "application/json");
    }
    app.request(req.body(Body::empty()).unwrap()).await
}

async fn oidc_app(provider: &Provider) -> TestApp {
    let issuer = provider.issuer.clone();
    TestApp::with_config(move |c| {
        c.auth.mode = uplink_api::platform::config::AuthMode::Keycloak;
        c.auth.oidc = Some(uplink_api::platform::config::OidcConfig {
            issuer,
            client_id: CLIENT_ID.into(),
            client_secret: Some(CLIENT_SECRET.into()),
            scopes: vec!["email".into(), "profile".into()],
        });
    })
    .await
}

/// Runs the browser's part: start → (provider authorises `claims`) → callback.
/// Returns the start's flow cookie, the callback's `state` and `code`.
async fn authorise(
    app: &TestApp,
    provider: &Provider,
    return_to: &str,
    claims: Value,
) -> (String, String, String) {
    let start = get_with(
        app,
        &format!("/api/v1/auth/oidc/start?return_to={return_to}"),
        None,
        false,
    )
    .await;
    assert_eq!(start.status, 302, "{}", start.text());
    let location = start.header("location").unwrap().to_owned();
    assert!(
        location.starts_with(&format!("{}/authorize?", provider.issuer)),
        "{location}"
    );
    let q = query_of(&location);
    assert_eq!(q["code_challenge_method"], "S256");
    assert_eq!(
        q["redirect_uri"],
        format!("{}/sso/callback", app.state.config.public_url)
    );
    let code = uplink_domain::ids::new_secret();
    provider.grants.lock().insert(
        code.clone(),
        Grant {
            challenge: q["code_challenge"].clone(),
            nonce: q.get("nonce").cloned(),
            redirect_uri: q["redirect_uri"].clone(),
            claims,
        },
    );
    let flow_cookie = start.cookie("uplink_auth_flow").expect("flow cookie");
    (
        format!("uplink_auth_flow={flow_cookie}"),
        q["state"].clone(),
        code,
    )
}

#[tokio::test]
async fn sso_sign_in_creates_the_account_once_and_returns_where_the_person_was() {
    let provider = start_provider().await;
    let app = oidc_app(&provider).await;
    let claims = json!({"sub": "kc-123", "email": "Kay@Example.com", "email_verified": true, "name": "Kay Cee"});
    let (cookie, state, code) =
        authorise(&app, &provider, "/account/bookmark", claims.clone()).await;
    let cb = get_with(
        &app,
        &format!("/api/v1/auth/oidc/callback?code={code}&state={state}"),
        Some(&cookie),
        true,
    )
    .await;
    assert_eq!(cb.status, 200, "{}", cb.text());
    let body = cb.json();
    assert_eq!(body["return_to"], "/account/bookmark");
    assert_eq!(body["user"]["email"], "kay@example.com");
    assert_eq!(body["user"]["name"], "Kay Cee");
    assert_eq!(body["user"]["has_password"], false);
    let session = TestApp::session_of(&cb, "kay@example.com");
    let me = app.get_as(&session, "/api/v1/me").await;
    assert_eq!(me.status, 200);
    // The state is single use.
    get_with(
        &app,
        &format!("/api/v1/auth/oidc/callback?code={code}&state={state}"),
        Some(&cookie),
        true,
    )
    .await
    .assert_problem(422, "validation_failed");
    // A second sign-in (as a plain navigation) finds the same account and redirects.
    let (cookie, state, code) = authorise(&app, &provider, "/cart", claims).await;
    let cb = get_with(
        &app,
        &format!("/api/v1/auth/oidc/callback?code={code}&state={state}"),
        Some(&cookie),
        false,
    )
    .await;
    assert_eq!(cb.status, 302);
    assert_eq!(cb.header("location"), Some("/cart"));
    let again = TestApp::session_of_cookies(&cb);
    assert_eq!(
        app.get_as(&again, "/api/v1/me").await.json()["id"],
        body["user"]["id"]
    );
    // Password sign-in is off in keycloak mode.
    app.login("kay@example.com", "whatever-password")
        .await
        .assert_problem(403, "forbidden");
}

#[tokio::test]
async fn sso_refuses_another_browser_an_open_redirect_and_a_bad_id_token() {
    let provider = start_provider().await;
    let app = oidc_app(&provider).await;
    let claims = json!({"sub": "kc-9", "email": "nine@example.com", "email_verified": true});
    // Started in one browser, finished in another (no flow cookie): refused.
    let (_cookie, state, code) = authorise(&app, &provider, "/account", claims.clone()).await;
    get_with(
        &app,
        &format!("/api/v1/auth/oidc/callback?code={code}&state={state}"),
        None,
        true,
    )
    .await
    .assert_problem(403, "csrf_failed");
    // return_to outside the site falls back to /account.
    let (cookie, state, code) =
        authorise(&app, &provider, "//evil.example/x", claims.clone()).await;
    let cb = get_with(
        &app,
        &format!("/api/v1/auth/oidc/callback?code={code}&state={state}"),
        Some(&cookie),
        true,
    )
    .await;
    assert_eq!(cb.json()["return_to"], "/account");
    // An ID token for another nonce does not verify.
    let (cookie, state, code) = authorise(&app, &provider, "/account", claims).await;
    provider.grants.lock().get_mut(&code).unwrap().nonce = Some("someone-elses-nonce".into());
    get_with(
        &app,
        &format!("/api/v1/auth/oidc/callback?code={code}&state={state}"),
        Some(&cookie),
        true,
    )
    .await
    .assert_problem(401, "unauthenticated");
    // The provider's refusal (silent check: not signed in there) is a 401; a navigation goes to /login.
    let start = get_with(&app, "/api/v1/auth/oidc/start?silent=true", None, false).await;
    let q = query_of(start.header("location").unwrap());
    assert_eq!(q["prompt"], "none");
    assert!(q["redirect_uri"].ends_with("/check-login.html"));
    let cookie = format!(
        "uplink_auth_flow={}",
        start.cookie("uplink_auth_flow").unwrap()
    );
    let cb = get_with(
        &app,
        &format!(
            "/api/v1/auth/oidc/callback?error=login_required&state={}",
            q["state"]
        ),
        Some(&cookie),
        false,
    )
    .await;
    assert_eq!(cb.status, 302);
    assert_eq!(cb.header("location"), Some("/login?error=unauthenticated"));
}

#[tokio::test]
async fn an_unverified_provider_e_mail_never_takes_over_an_existing_account() {
    let provider = start_provider().await;
    let app = oidc_app(&provider).await;
    uplink_seed::seed_demo_accounts(&app.state.db)
        .await
        .unwrap();
    let claims =
        json!({"sub": "attacker", "email": "customer@uplink.test", "email_verified": false});
    let (cookie, state, code) = authorise(&app, &provider, "/account", claims).await;
    get_with(
        &app,
        &format!("/api/v1/auth/oidc/callback?code={code}&state={state}"),
        Some(&cookie),
        true,
    )
    .await
    .assert_problem(409, "email_taken");
}

#[tokio::test]
async fn linking_incontrol_stores_its_tokens_encrypted() {
    let provider = start_provider().await;
    let issuer = provider.issuer.clone();
    let app = TestApp::with_config(move |c| {
        c.auth.incontrol = Some(uplink_api::platform::config::InControlConfig {
            authorize_url: format!("{issuer}/authorize"),
            token_url: format!("{issuer}/token"),
            api_url: issuer.clone(),
            profile_url: format!("{issuer}/profile"),
            client_id: CLIENT_ID.into(),
            client_secret: Some(CLIENT_SECRET.into()),
            scope: None,
        });
    })
    .await;
    let s = app.register("lin@example.com", "US").await;
    let cookie = format!("uplink_session={}", s.token);
    let start = get_with(
        &app,
        "/api/v1/auth/incontrol/start?return_to=/account/settings",
        Some(&cookie),
        false,
    )
    .await;
    assert_eq!(start.status, 302, "{}", start.text());
    let q = query_of(start.header("location").unwrap());
    assert!(q["redirect_uri"].ends_with("/incontrol/callback"));
    let code = "c0de".to_owned();
    provider.grants.lock().insert(
        code.clone(),
        Grant {
            challenge: q["code_challenge"].clone(),
            nonce: None,
            redirect_uri: q["redirect_uri"].clone(),
            claims: json!({}),
        },
    );
    let cookie = format!(
        "{cookie}; uplink_auth_flow={}",
        start.cookie("uplink_auth_flow").unwrap()
    );
    let cb = get_with(
        &app,
        &format!(
            "/api/v1/auth/incontrol/callback?code={code}&state={}",
            q["state"]
        ),
        Some(&cookie),
        true,
    )
    .await;
    assert_eq!(cb.status, 200, "{}", cb.text());
    let body = cb.json();
    assert_eq!(
        (body["linked"].as_bool(), body["user"]["email"].as_str()),
        (Some(true), Some("lin@example.com"))
    );
    assert_eq!(body["return_to"], "/account/settings");
    let link = app
        .state
        .db
        .incontrol_link(&s.user_id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(link.subject, "7001");
    assert!(
        !link.access_token_enc.contains("at-c0de"),
        "stored in the clear"
    );
    let secrets = app.state.secret_box().await.unwrap();
    assert_eq!(secrets.open(&link.access_token_enc).unwrap(), "at-c0de");
    assert_eq!(
        secrets
            .open(link.refresh_token_enc.as_deref().unwrap())
            .unwrap(),
        "rt-c0de"
    );
    // The browser's session was renewed by the callback: the old one ended.
    app.get_as(&s, "/api/v1/me")
        .await
        .assert_problem(401, "unauthenticated");
    let s = TestApp::session_of_cookies(&cb);
    let me = app.get_as(&s, "/api/v1/me").await.json();
    assert_eq!(me["incontrol_linked"], true);
    assert_eq!(
        app.send_as(&s, axum::http::Method::DELETE, "/api/v1/me/incontrol", None)
            .await
            .status,
        204
    );
    assert!(
        app.state
            .db
            .incontrol_link(&s.user_id)
            .await
            .unwrap()
            .is_none()
    );
}

#[tokio::test]
async fn when_the_id_token_has_only_a_subject_the_userinfo_endpoint_supplies_the_e_mail() {
    let provider = start_provider().await;
    let app = oidc_app(&provider).await;
    let claims = json!({"sub": "only-sub", "_userinfo": {"sub": "only-sub", "email": "info@example.com",
        "email_verified": true, "name": "Info Person"}});
    let (cookie, state, code) = authorise(&app, &provider, "/account", claims).await;
    let cb = get_with(
        &app,
        &format!("/api/v1/auth/oidc/callback?code={code}&state={state}"),
        Some(&cookie),
        true,
    )
    .await;
    assert_eq!(cb.status, 200, "{}", cb.text());
    assert_eq!(cb.json()["user"]["email"], "info@example.com");
    assert_eq!(cb.json()["user"]["name"], "Info Person");
}
