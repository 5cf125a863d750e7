use crate::helpers::TestApp;
use axum::http::Method;

#[tokio::test]
async fn healthz_answers_ok() {
    let app = TestApp::new().await;
    let res = app.get("/healthz").await;
    assert_eq!(res.status, 200);
    assert_eq!(res.json()["status"], "ok");
}

#[tokio::test]
async fn readyz_reports_a_reachable_database() {
    let app = TestApp::new().await;
    let res = app.get("/readyz").await;
    assert_eq!(res.status, 200, "{}", res.text());
}

/// While the database cannot be reached (here: its pool is closed, as
/// after a restart dropped every connection), a request that needs it is
/// answered 503 `service_unavailable` with `Retry-After`, not 500
/// `internal`, so clients and load balancers know to try again; the
/// catalogue, served from memory, still answers.
#[tokio::test]
async fn an_unreachable_database_is_a_503_with_retry_after() {
    let app = TestApp::with_demo_catalog().await;
    let buyer = app.register("offline@example.com", "US").await;
    app.get("/api/v1/products").await;
    app.state.db.pool().close().await;

    let res = app.get_as(&buyer, "/api/v1/orders").await;
    res.assert_problem(503, "service_unavailable");
    assert_eq!(res.header("retry-after"), Some("2"));
    let listing = app.get("/api/v1/products").await;
    assert_eq!(listing.status, 200, "{}", listing.text());
}

#[tokio::test]
async fn an_unknown_api_path_is_a_404_problem() {
    let app = TestApp::new().await;
    let body = app
        .get("/api/v1/nope")
        .await
        .assert_problem(404, "not_found");
    assert_eq!(body["status"], 404);
    app.get("/api/nothing/here")
        .await
        .assert_problem(404, "not_found");
}

#[tokio::test]
async fn the_openapi_document_is_version_3_1_and_lists_the_config_endpoint() {
    let app = TestApp::new().await;
    let res = app.get("/api/openapi.json").await;
    assert_eq!(res.status, 200);
    let doc = res.json();
    assert!(
        doc["openapi"].as_str().unwrap().starts_with("3.1"),
        "{}",
        doc["openapi"]
    );
    assert!(doc["paths"]["/api/v1/config"]["get"].is_object());
    assert!(doc["components"]["schemas"]["Problem"].is_object());
}

#[tokio::test]
async fn the_committed_openapi_snapshot_is_current() {
    let generated = uplink_api::openapi_json();
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../web/src/lib/api/openapi.json"
    );
    if std::env::var("UPDATE_OPENAPI").is_ok() {
        std::fs::write(path, format!("{generated}\n")).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        committed.trim_end() == generated.trim_end(),
        "web/src/lib/api/openapi.json is stale: run `make openapi` and commit the result"
    );
}

#[tokio::test]
async fn every_response_carries_a_request_id_and_security_headers() {
    let app = TestApp::new().await;
    let res = app.get("/healthz").await;
    assert!(
        res.header("x-request-id")
            .is_some_and(|v| v.starts_with("req_"))
    );
    assert_eq!(res.header("x-content-type-options"), Some("nosniff"));
    assert!(
        res.header("content-security-policy")
            .unwrap()
            .contains("frame-ancestors 'none'")
    );
    assert!(res.header("referrer-policy").is_some());
}

#[tokio::test]
async fn metrics_count_requests_by_route_and_status() {
    let app = TestApp::new().await;
    app.get("/healthz").await;
    let res = app.get("/metrics").await;
    assert_eq!(res.status, 200);
    let text = res.text();
    assert!(text.contains("http_requests_total"), "{text}");
    assert!(text.contains("route=\"/healthz\""), "{text}");
    assert!(
        text.contains("http_request_duration_seconds_bucket"),
        "{text}"
    );
}

#[tokio::test]
async fn public_config_is_served() {
    let app = TestApp::new().await;
    let res = app.get("/api/v1/config").await;
    assert_eq!(res.status, 200);
    assert_eq!(res.json()["environment"], "test");
}

#[tokio::test]
async fn without_a_built_frontend_pages_answer_503_not_500() {
    let app = TestApp::with_config(|c| c.web_dir = Some("/nonexistent".into())).await;
    let res = app.get("/mobile/warranties/cart").await;
    assert_eq!(res.status, 503);
}

#[tokio::test]
async fn the_spa_answers_deep_links_and_caches_assets_immutably() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("index.html"),
        "<!doctype html><div id=root></div>",
    )
    .unwrap();
    std::fs::create_dir(dir.path().join("assets")).unwrap();
    std::fs::write(dir.path().join("assets/app-abc123.js"), "console.log(1)").unwrap();
    std::fs::write(dir.path().join("check-login.html"), "<!doctype html>").unwrap();
    let path = dir.path().to_path_buf();
    let app = TestApp::with_config(|c| c.web_dir = Some(path)).await;

    let deep = app.get("/m/v2/referral/products").await;
    assert_eq!(deep.status, 200);
    assert!(deep.text().contains("id=root"));
    assert_eq!(deep.header("cache-control"), Some("no-cache"));

    let asset = app.get("/assets/app-abc123.js").await;
    assert_eq!(asset.status, 200);
    assert_eq!(
        asset.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );

    assert_eq!(app.get("/assets/missing-123.js").await.status, 404);

    let framed = app.get("/check-login.html").await;
    assert!(
        framed
            .header("content-security-policy")
            .unwrap()
            .contains("frame-ancestors 'self'")
    );
    assert_eq!(framed.header("x-frame-options"), Some("SAMEORIGIN"));
}

#[tokio::test]
async fn only_main_group_pages_carry_the_main_groups_preload_hints() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("index.html"),
        "<!doctype html>\n<script type=module src=/assets/index-1.js></script>\n\
         <link rel=\"modulepreload\" href=\"/assets/main-group-1.js\" data-group=\"main\">\n\
         <div id=root></div>\n",
    )
    .unwrap();
    let path = dir.path().to_path_buf();
    let app = TestApp::with_config(|c| c.web_dir = Some(path)).await;

    for main in ["/", "/products/x", "/monitoring/x", "/mobilex", "/m/other"] {
        let page = app.get(main).await;
        assert_eq!(page.status, 200, "{main}");
        assert!(page.text().contains("main-group-1.js"), "{main}");
    }
    for other in [
        "/mobile",
        "/mobile/warranties/cart",
        "/monitoring",
        "/m/referral/products",
        "/m/v2/referral",
    ] {
        let page = app.get(other).await;
        assert_eq!(page.status, 200, "{other}");
        assert_eq!(page.header("cache-control"), Some("no-cache"));
        let html = page.text();
        assert!(
            html.contains("index-1.js") && html.contains("id=root"),
            "{other}"
        );
        assert!(!html.contains("main-group-1.js"), "{other}");
    }
}

#[tokio::test]
async fn malformed_json_is_400_and_never_500() {
    // Uses the same extractor every handler uses; exercised through a tiny route.
    use axum::routing::post;
    use uplink_api::http::extract::ApiJson;
    #[derive(serde::Deserialize)]
    #[allow(dead_code)]
    struct Body {
        name: String,
    }
    let router = axum::Router::new().route("/x", post(|ApiJson(_b): ApiJson<Body>| async { "ok" }));
    let app = TestApp::new().await.with_router(router);
    app.send_raw(Method::POST, "/x", "application/json", b"{nope")
        .await
        .assert_problem(400, "validation_failed");
    let res = app
        .send_raw(Method::POST, "/x", "application/json", br#"{"name": 1}"#)
        .await;
    let body = res.assert_problem(422, "validation_failed");
    assert_eq!(body["errors"][0]["field"], "name");
    app.send_raw(Method::POST, "/x", "text/plain", b"hi")
        .await
        .assert_problem(415, "validation_failed");
}
