//! The error intake (SPEC §14): envelopes authenticated, limited, parsed,
//! stored and grouped; the staff views; retention.

use crate::helpers::{Session, TestApp, TestResponse};
use axum::body::Body;
use axum::http::{Method, Request};
use serde_json::{Value, json};
use std::io::Write;
use uplink_db::accounts::RoleFlags;

const EVENT: &[u8] = include_bytes!("../../../intake/fixtures/event.envelope");
const SESSION: &[u8] = include_bytes!("../../../intake/fixtures/session.envelope");
const TRANSACTION: &[u8] = include_bytes!("../../../intake/fixtures/transaction.envelope");
const CLIENT_REPORT: &[u8] = include_bytes!("../../../intake/fixtures/client_report.envelope");
const ATTACHMENT: &[u8] = include_bytes!("../../../intake/fixtures/attachment.envelope");

impl TestApp {
    /// The default DSN's public key (created on first use).
    async fn dsn_key(&self) -> String {
        let dsn = self.state.browser_dsn().await.unwrap();
        uplink_intake::auth::Dsn::parse(&dsn).unwrap().public_key
    }

    async fn post_envelope(
        &self,
        uri: &str,
        headers: &[(&str, &str)],
        body: Vec<u8>,
    ) -> TestResponse {
        let mut req = Request::builder().method(Method::POST).uri(uri);
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        self.request(req.body(Body::from(body)).unwrap()).await
    }

    async fn send(&self, body: &[u8]) -> TestResponse {
        let key = self.dsn_key().await;
        self.post_envelope(
            &format!("/api/1/envelope/?sentry_key={key}&sentry_version=7"),
            &[("content-type", "text/plain;charset=UTF-8")],
            body.to_vec(),
        )
        .await
    }

    async fn admin(&self) -> Session {
        let s = self.register("root@example.com", "US").await;
        self.state
            .db
            .set_roles(
                &s.user_id,
                &RoleFlags {
                    is_admin: true,
                    ..Default::default()
                },
            )
            .await
            .unwrap();
        s
    }
}

/// An error envelope as the browser SDK sends it, with its own event id and message.
fn error_envelope(event_id: &str, exc_type: &str, value: &str, function: &str) -> Vec<u8> {
    let event = json!({
        "event_id": event_id, "level": "error", "platform": "javascript",
        "release": "uplink@0.1.0", "environment": "production",
        "exception": {"values": [{"type": exc_type, "value": value, "mechanism": {"type": "onerror", "handled": false},
            "stacktrace": {"frames": [
                {"function": "dispatch", "filename": "http://localhost/assets/vendor-AbCd1234.js", "in_app": false, "lineno": 1},
                {"function": function, "filename": "http://localhost/assets/main-XyZ98765.js", "in_app": true, "lineno": 7, "colno": 3}
            ]}}]},
        "request": {"url": "http://localhost/cart", "headers": {"User-Agent": "Mozilla/5.0 Chrome/131.0.0.0 Safari/537.36"}},
        "contexts": {"trace": {"trace_id": "771a43a4192642f0b136d5159a501700", "span_id": "b0e6f15b45c36b12"}},
        "tags": {"screen_group": "MAIN"},
        "breadcrumbs": [{"timestamp": 1795199399.5, "category": "navigation", "data": {"from": "/", "to": "/cart"}}],
    });
    format!("{{\"event_id\":\"{event_id}\",\"sent_at\":\"2026-11-21T18:30:00Z\"}}\n{{\"type\":\"event\"}}\n{event}\n").into_bytes()
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

#[tokio::test]
async fn a_browser_error_envelope_is_stored_as_an_issue_with_its_details() {
    let app = TestApp::new().await;
    let res = app.send(EVENT).await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(res.json()["id"], "9ec79c33ec9942ab8353589fcb2e04dc");
    let admin = app.admin().await;
    let list = app
        .get_as(&admin, "/api/v1/admin/errors/issues")
        .await
        .json();
    assert_eq!(list["total"], 1);
    let issue = &list["items"][0];
    assert_eq!(
        issue["title"],
        "TypeError: Cannot read properties of undefined (reading 'price')"
    );
    assert_eq!(issue["count"], 1);
    assert_eq!(issue["users"], 1);
    assert_eq!(issue["last_release"], "uplink@0.1.0+abc123");
    let detail = app
        .get_as(
            &admin,
            &format!(
                "/api/v1/admin/errors/issues/{}",
                issue["id"].as_str().unwrap()
            ),
        )
        .await
        .json();
    let event = &detail["latest_event"];
    assert_eq!(event["browser"], "Chrome 131");
    assert_eq!(event["url"], "http://localhost:8080/cart");
    assert_eq!(event["trace_id"], "771a43a4192642f0b136d5159a501700");
    assert_eq!(event["exceptions"][0]["handled"], false);
    assert_eq!(event["exceptions"][0]["frames"][0]["function"], "CartLine");
    assert_eq!(event["breadcrumbs"].as_array().unwrap().len(), 3);
    assert_eq!(event["breadcrumbs"][2]["category"], "ui.click");
    let tags: Vec<(&str, &str)> = event["tags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["key"].as_str().unwrap(), t["value"].as_str().unwrap()))
        .collect();
    assert!(tags.contains(&("environment", "production")), "{tags:?}");
    assert!(tags.contains(&("release", "uplink@0.1.0+abc123")));
}

#[tokio::test]
async fn events_with_the_same_type_and_frames_group_into_one_issue_and_count_users() {
    let app = TestApp::new().await;
    let key = app.dsn_key().await;
    let uri = format!("/api/1/envelope/?sentry_key={key}");
    for (i, (ua, value)) in [
        ("A", "x is undefined"),
        ("B", "y is undefined"),
        ("A", "z is undefined"),
    ]
    .iter()
    .enumerate()
    {
        let id = format!("{:032x}", i + 1);
        let res = app
            .post_envelope(
                &uri,
                &[("user-agent", ua)],
                error_envelope(&id, "TypeError", value, "onClick"),
            )
            .await;
        assert_eq!(res.status, 200, "{}", res.text());
    }
    // Another throw site is another issue; a retried event id is not counted twice.
    let other = error_envelope(
        &format!("{:032x}", 99),
        "TypeError",
        "x is undefined",
        "onSubmit",
    );
    assert_eq!(
        app.post_envelope(&uri, &[], other.clone()).await.status,
        200
    );
    assert_eq!(app.post_envelope(&uri, &[], other).await.status, 200);
    let admin = app.admin().await;
    let list = app
        .get_as(&admin, "/api/v1/admin/errors/issues")
        .await
        .json();
    assert_eq!(list["total"], 2, "{list}");
    let counts: Vec<(i64, i64)> = list["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["count"].as_i64().unwrap(), i["users"].as_i64().unwrap()))
        .collect();
    assert!(counts.contains(&(3, 2)), "{counts:?}");
    assert!(counts.contains(&(1, 1)), "{counts:?}");
}

#[tokio::test]
async fn the_key_may_come_from_the_auth_header_or_the_envelope_dsn() {
    let app = TestApp::new().await;
    let key = app.dsn_key().await;
    let auth = format!(
        "Sentry sentry_version=7, sentry_client=sentry.javascript.react/11.12.0, sentry_key={key}"
    );
    let res = app
        .post_envelope(
            "/api/1/envelope/",
            &[("x-sentry-auth", &auth)],
            SESSION.to_vec(),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    let body = String::from_utf8(CLIENT_REPORT.to_vec())
        .unwrap()
        .replace("0123456789abcdef0123456789abcdef", &key);
    let res = app
        .post_envelope("/api/1/envelope/", &[], body.into_bytes())
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(res.json()["id"].as_str().unwrap().len(), 32);
}

#[tokio::test]
async fn a_missing_key_is_401_and_an_unknown_or_foreign_key_is_403() {
    let app = TestApp::new().await;
    let res = app
        .post_envelope("/api/1/envelope/", &[], EVENT.to_vec())
        .await;
    res.assert_problem(401, "unauthenticated");
    assert!(res.header("x-sentry-error").is_some());
    let res = app
        .post_envelope("/api/1/envelope/?sentry_key=nobody", &[], EVENT.to_vec())
        .await;
    res.assert_problem(403, "forbidden");
    let key = app.dsn_key().await;
    let res = app
        .post_envelope(
            &format!("/api/2/envelope/?sentry_key={key}"),
            &[],
            EVENT.to_vec(),
        )
        .await;
    res.assert_problem(403, "forbidden");
    app.state
        .db
        .set_intake_key_active(&key, false)
        .await
        .unwrap();
    let res = app
        .post_envelope(
            &format!("/api/1/envelope/?sentry_key={key}"),
            &[],
            EVENT.to_vec(),
        )
        .await;
    res.assert_problem(403, "forbidden");
}

#[tokio::test]
async fn malformed_envelopes_are_400_with_x_sentry_error() {
    let app = TestApp::new().await;
    for body in [
        &b"not json at all"[..],
        b"{}\n{\"type\":\"event\",\"length\":500}\n{}",
        b"{}\n{\"type\":\"event\"}\n{not json}",
        b"{}\n{\"type\":\"event\"}\n[1,2,3]",
    ] {
        let res = app.send(body).await;
        res.assert_problem(400, "validation_failed");
        assert!(!res.header("x-sentry-error").unwrap_or("").is_empty());
    }
    let key = app.dsn_key().await;
    let res = app
        .post_envelope(
            &format!("/api/1/envelope/?sentry_key={key}"),
            &[("content-encoding", "gzip")],
            b"garbage".to_vec(),
        )
        .await;
    res.assert_problem(400, "validation_failed");
    // Nothing was stored.
    let (issues, _) = app.state.db.list_issues(10, 0).await.unwrap();
    assert!(issues.is_empty());
}

#[tokio::test]
async fn gzip_and_deflate_bodies_with_any_content_type_are_accepted() {
    let app = TestApp::new().await;
    let key = app.dsn_key().await;
    let uri = format!("/api/1/envelope/?sentry_key={key}");
    let res = app
        .post_envelope(
            &uri,
            &[
                ("content-encoding", "gzip"),
                ("content-type", "application/x-sentry-envelope"),
            ],
            gzip(EVENT),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    z.write_all(TRANSACTION).unwrap();
    let res = app
        .post_envelope(
            &uri,
            &[
                ("content-encoding", "deflate"),
                ("content-type", "application/octet-stream"),
            ],
            z.finish().unwrap(),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(app.state.db.list_issues(10, 0).await.unwrap().1, 1);
}

#[tokio::test]
async fn oversized_items_and_envelopes_are_413() {
    let app = TestApp::new().await;
    let mut body = b"{}\n{\"type\":\"attachment\",\"length\":1048577}\n".to_vec();
    body.extend(std::iter::repeat_n(b'a', 1_048_577));
    app.send(&body)
        .await
        .assert_problem(413, "payload_too_large");
    // A small gzip body that inflates past 20 MB.
    let bomb = gzip(&vec![b' '; 21 * 1024 * 1024]);
    let key = app.dsn_key().await;
    app.post_envelope(
        &format!("/api/1/envelope/?sentry_key={key}"),
        &[("content-encoding", "gzip")],
        bomb,
    )
    .await
    .assert_problem(413, "payload_too_large");
    // A body over 20 MB on the wire.
    let huge = vec![b' '; 20 * 1024 * 1024 + 10];
    app.post_envelope(&format!("/api/1/envelope/?sentry_key={key}"), &[], huge)
        .await
        .assert_problem(413, "payload_too_large");
}

#[tokio::test]
async fn past_the_per_minute_quota_the_key_gets_429_with_back_off_headers_until_the_window_ends() {
    let app = TestApp::with_config(|c| c.errors.intake_per_minute = 2).await;
    assert_eq!(app.send(SESSION).await.status, 200);
    assert_eq!(app.send(SESSION).await.status, 200);
    let res = app.send(SESSION).await;
    res.assert_problem(429, "rate_limited");
    let retry: u64 = res.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry));
    assert_eq!(
        res.header("x-sentry-rate-limits").unwrap(),
        format!("{retry}::key:key_quota")
    );
    // The next minute's window starts afresh (quota reset).
    let key = app.dsn_key().await;
    let next_window = uplink_intake::rate_limit::minute_window(uplink_db::now_ms()).0 + 60_000;
    assert_eq!(
        app.state
            .db
            .count_intake_envelope(&key, next_window)
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        app.state
            .db
            .count_intake_envelope(&key, next_window)
            .await
            .unwrap(),
        2
    );
}

#[tokio::test]
async fn the_legacy_store_endpoint_accepts_a_bare_event() {
    let app = TestApp::new().await;
    let key = app.dsn_key().await;
    let event = json!({"event_id": "0123456789abcdef0123456789abcdef", "message": "legacy hello", "level": "warning"});
    let res = app
        .post_envelope(
            &format!("/api/1/store/?sentry_key={key}"),
            &[("content-type", "application/json")],
            event.to_string().into_bytes(),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text());
    assert_eq!(res.json()["id"], "0123456789abcdef0123456789abcdef");
    let (issues, _) = app.state.db.list_issues(10, 0).await.unwrap();
    assert_eq!(issues[0].title, "legacy hello");
}

#[tokio::test]
async fn unknown_item_types_are_skipped_and_attachments_are_kept() {
    let app = TestApp::new().await;
    let mut body = ATTACHMENT.to_vec();
    body.extend_from_slice(
        b"{\"type\":\"replay_video\",\"length\":3}\nabc\n{\"type\":\"statsd\"}\nfoo:1|c\n",
    );
    let res = app.send(&body).await;
    assert_eq!(res.status, 200, "{}", res.text());
    let names = app
        .state
        .db
        .attachment_names("0a1b2c3d4e5f40718293a4b5c6d7e8f9")
        .await
        .unwrap();
    assert_eq!(
        names,
        vec![(
            "cart-state.json".to_owned(),
            "application/json".to_owned(),
            23
        )]
    );
}

#[tokio::test]
async fn sessions_give_crash_free_rates_per_release_and_transactions_give_route_percentiles() {
    let app = TestApp::new().await;
    let session = |sid: &str, init: bool, status: &str, errors: i64| {
        let body = json!({"sid": sid, "init": init, "started": "2026-11-21T18:00:00Z", "status": status, "errors": errors,
            "attrs": {"release": "uplink@0.1.0", "environment": "production"}});
        format!("{{}}\n{{\"type\":\"session\"}}\n{body}\n").into_bytes()
    };
    for body in [
        session("s1", true, "ok", 0),
        session("s2", true, "ok", 0),
        session("s3", true, "ok", 0),
        session("s4", true, "ok", 0),
        session("s1", false, "ok", 1),
        session("s1", false, "crashed", 1),
        session("s1", false, "crashed", 2),
        session("s2", false, "exited", 0),
    ] {
        assert_eq!(app.send(&body).await.status, 200);
    }
    for (i, ms) in [100, 200, 300, 400, 5000].iter().enumerate() {
        let tx = json!({"event_id": format!("{:032x}", i + 1), "type": "transaction", "transaction": "/products/:slug",
            "start_timestamp": 1_795_199_460.0, "timestamp": 1_795_199_460.0 + f64::from(*ms) / 1000.0,
            "contexts": {"trace": {"op": "navigation", "trace_id": "4f2a9c0d1e3b4a5c6d7e8f9012345678"}}});
        let body = format!("{{}}\n{{\"type\":\"transaction\"}}\n{tx}\n");
        assert_eq!(app.send(body.as_bytes()).await.status, 200);
    }
    assert_eq!(app.send(TRANSACTION).await.status, 200);
    let admin = app.admin().await;
    let releases = app
        .get_as(&admin, "/api/v1/admin/errors/releases")
        .await
        .json();
    let r = &releases["items"][0];
    assert_eq!(
        (
            r["release"].as_str(),
            r["sessions"].as_i64(),
            r["errored"].as_i64(),
            r["crashed"].as_i64()
        ),
        (Some("uplink@0.1.0"), Some(4), Some(1), Some(1)),
        "{releases}"
    );
    assert_eq!(r["crash_free_rate"], 0.75);
    let routes = app
        .get_as(&admin, "/api/v1/admin/errors/routes")
        .await
        .json();
    let slow = &routes["items"][0];
    assert_eq!(slow["name"], "/products/:slug");
    assert_eq!(slow["count"], 6);
    assert_eq!(slow["p50_ms"], 300);
    assert_eq!(slow["p95_ms"], 5000);
}

#[tokio::test]
async fn cors_preflight_allows_other_origins_and_trace_headers_and_exposes_back_off_headers() {
    let app = TestApp::new().await;
    let req = Request::builder()
        .method(Method::OPTIONS)
        .uri("/api/1/envelope/?sentry_key=x")
        .header("origin", "https://shop.example")
        .header("access-control-request-method", "POST")
        .header(
            "access-control-request-headers",
            "content-type, sentry-trace, baggage, x-sentry-auth",
        )
        .body(Body::empty())
        .unwrap();
    let res = app.request(req).await;
    assert!(res.status.is_success(), "{}", res.status);
    assert_eq!(
        res.header("access-control-allow-origin"),
        Some("https://shop.example")
    );
    let allowed = res
        .header("access-control-allow-headers")
        .unwrap()
        .to_ascii_lowercase();
    for h in ["sentry-trace", "baggage", "x-sentry-auth", "content-type"] {
        assert!(allowed.contains(h), "{allowed}");
    }
    let app = TestApp::with_config(|c| c.errors.intake_per_minute = 1).await;
    let key = app.dsn_key().await;
    let uri = format!("/api/1/envelope/?sentry_key={key}");
    app.post_envelope(
        &uri,
        &[("origin", "https://shop.example")],
        SESSION.to_vec(),
    )
    .await;
    let res = app
        .post_envelope(
            &uri,
            &[("origin", "https://shop.example")],
            SESSION.to_vec(),
        )
        .await;
    assert_eq!(res.status, 429);
    assert_eq!(
        res.header("access-control-allow-origin"),
        Some("https://shop.example")
    );
    let exposed = res
        .header("access-control-expose-headers")
        .unwrap()
        .to_ascii_lowercase();
    assert!(
        exposed.contains("x-sentry-rate-limits") && exposed.contains("retry-after"),
        "{exposed}"
    );
}

#[tokio::test]
async fn the_config_names_our_own_intake_with_a_key_stored_on_first_start() {
    let app = TestApp::new().await;
    let config = app.get_json("/api/v1/config").await;
    let dsn = config["sentry"]["dsn"].as_str().unwrap();
    let parsed = uplink_intake::auth::Dsn::parse(dsn).unwrap();
    assert_eq!(parsed.origin, "http://localhost:8080");
    assert_eq!(parsed.project_id, "1");
    assert_eq!(config["sentry"]["environment"], "test");
    assert!(
        config["sentry"]["release"]
            .as_str()
            .unwrap()
            .starts_with("uplink@")
    );
    // The same key on every call (and for every server on the database).
    assert_eq!(
        app.state
            .db
            .ensure_default_intake_key()
            .await
            .unwrap()
            .public_key,
        parsed.public_key
    );
    assert_eq!(app.get_json("/api/v1/config").await["sentry"]["dsn"], dsn);
}

#[tokio::test]
async fn a_dsn_on_another_origin_is_served_and_allowed_by_the_csp() {
    let app = TestApp::with_config(|c| {
        c.errors.browser_dsn = Some("https://k@o1.ingest.sentry.io/5".into())
    })
    .await;
    let res = app.get("/api/v1/config").await;
    assert_eq!(
        res.json()["sentry"]["dsn"],
        "https://k@o1.ingest.sentry.io/5"
    );
    let csp = res.header("content-security-policy").unwrap();
    assert!(
        csp.contains("connect-src 'self' https://o1.ingest.sentry.io;"),
        "{csp}"
    );
    let plain = TestApp::new().await.get("/api/v1/config").await;
    assert!(
        plain
            .header("content-security-policy")
            .unwrap()
            .contains("connect-src 'self';")
    );
}

#[tokio::test]
async fn retention_removes_old_reports_and_bounds_events_per_issue() {
    let app = TestApp::new().await;
    assert_eq!(app.send(EVENT).await.status, 200);
    assert_eq!(app.send(SESSION).await.status, 200);
    assert_eq!(app.send(TRANSACTION).await.status, 200);
    let db = &app.state.db;
    let retention = app.state.retention();
    assert_eq!(retention.max_age_ms, 30 * 24 * 3600 * 1000);
    // Nothing is old yet.
    db.purge_intake(&retention, uplink_db::now_ms())
        .await
        .unwrap();
    assert_eq!(db.list_issues(10, 0).await.unwrap().1, 1);
    // 31 days later everything is gone.
    let later = uplink_db::now_ms() + 31 * 24 * 3600 * 1000;
    assert!(db.purge_intake(&retention, later).await.unwrap() >= 4);
    assert_eq!(db.list_issues(10, 0).await.unwrap().1, 0);
    assert!(db.release_health(0).await.unwrap().is_empty());
    assert!(db.slowest_routes(0, 10).await.unwrap().is_empty());
    // Only the newest events of an issue keep their payloads; the count goes on.
    let summary = uplink_intake::model::summarize_event(&json!({"message": "again"}));
    for i in 0..5 {
        db.store_error_event(1, &format!("{i:032x}"), &summary, "{}", 1000 + i, 3)
            .await
            .unwrap();
    }
    let (issues, _) = db.list_issues(10, 0).await.unwrap();
    assert_eq!(issues[0].event_count, 5);
    let kept: Vec<String> = db
        .issue_events(&issues[0].id, 10)
        .await
        .unwrap()
        .into_iter()
        .map(|e| e.id)
        .collect();
    assert_eq!(
        kept,
        vec![
            format!("{:032x}", 4),
            format!("{:032x}", 3),
            format!("{:032x}", 2)
        ]
    );
    // The overall cap.
    let capped = uplink_db::intake::Retention {
        max_events: 1,
        ..retention
    };
    db.purge_intake(&capped, 2000).await.unwrap();
    assert_eq!(db.issue_events(&issues[0].id, 10).await.unwrap().len(), 1);
}

#[tokio::test]
async fn staff_views_need_the_admin_role() {
    let app = TestApp::new().await;
    let customer = app.register("someone@example.com", "US").await;
    for path in ["issues", "releases", "routes", "issues/iss_missing"] {
        let uri = format!("/api/v1/admin/errors/{path}");
        app.get(&uri).await.assert_problem(401, "unauthenticated");
        app.get_as(&customer, &uri)
            .await
            .assert_problem(403, "forbidden");
    }
    let admin = app.admin().await;
    app.get_as(&admin, "/api/v1/admin/errors/issues/iss_missing")
        .await
        .assert_problem(404, "not_found");
    let list: Value = app
        .get_as(&admin, "/api/v1/admin/errors/issues")
        .await
        .json();
    assert_eq!(list["retention_days"], 30);
    assert!(list["dsn"].as_str().unwrap().ends_with("/1"));
}

#[tokio::test]
async fn request_logs_carry_the_sentry_trace_id() {
    let buffer = std::sync::Arc::new(parking_lot::Mutex::new(Vec::<u8>::new()));
    let sink = buffer.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(move || LogSink(sink.clone()))
        .with_max_level(tracing::Level::INFO)
        .with_ansi(false)
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);
    let app = TestApp::new().await;
    let res = app
        .get_with(
            "/healthz",
            &[(
                "sentry-trace",
                "771a43a4192642f0b136d5159a501700-b0e6f15b45c36b12-1",
            )],
        )
        .await;
    assert_eq!(res.status, 200);
    let logs = String::from_utf8(buffer.lock().clone()).unwrap();
    assert!(
        logs.lines()
            .any(|l| l.contains("finished processing request")
                && l.contains("trace_id=\"771a43a4192642f0b136d5159a501700\"")),
        "{logs}"
    );
}

struct LogSink(std::sync::Arc<parking_lot::Mutex<Vec<u8>>>);

impl Write for LogSink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
