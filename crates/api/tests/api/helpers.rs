//! `TestApp`: the real router over a fresh database, driven in-process.
#![allow(dead_code)] // shared by many test modules; not each uses every helper

use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;
use uplink_api::{AppState, Config};
use uplink_db::testing::TestDb;

pub struct TestApp {
    pub state: AppState,
    pub router: axum::Router,
    _db: TestDb,
}

/// A response with its body read.
pub struct TestResponse {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl TestResponse {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("body is not JSON ({e}): {}", self.text()))
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// Asserts a problem+json answer with `status` and `code`.
    pub fn assert_problem(&self, status: u16, code: &str) -> Value {
        assert_eq!(
            self.status.as_u16(),
            status,
            "unexpected status; body: {}",
            self.text()
        );
        assert_eq!(
            self.header("content-type"),
            Some("application/problem+json")
        );
        let body = self.json();
        assert_eq!(body["code"], code, "body: {body}");
        body
    }
}

impl TestApp {
    pub async fn new() -> TestApp {
        Self::with_config(|_| {}).await
    }

    pub async fn with_config(edit: impl FnOnce(&mut Config)) -> TestApp {
        let db = TestDb::new().await;
        let mut config = Config::for_tests(&db.url);
        edit(&mut config);
        let state = AppState::new(db.db.clone(), config);
        let router = uplink_api::app(state.clone());
        TestApp {
            state,
            router,
            _db: db,
        }
    }

    /// The app with the demo catalogue seeded and the read model built.
    pub async fn with_demo_catalog() -> TestApp {
        let app = TestApp::new().await;
        app.state
            .db
            .seed_demo_catalog()
            .await
            .expect("seed the demo catalogue");
        app.state
            .catalog
            .refresh()
            .await
            .expect("build the catalogue read model");
        app
    }

    /// GET with extra request headers (e.g. a cookie).
    pub async fn get_with(&self, uri: &str, headers: &[(&str, &str)]) -> TestResponse {
        let mut req = Request::get(uri);
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        self.request(req.body(Body::empty()).unwrap()).await
    }

    /// GET, asserting 200, returning the JSON body.
    pub async fn get_json(&self, uri: &str) -> Value {
        let res = self.get(uri).await;
        assert_eq!(res.status, 200, "GET {uri}: {}", res.text());
        res.json()
    }

    /// The same app with another router (tests of extractors and middleware in isolation).
    pub fn with_router(mut self, router: axum::Router) -> TestApp {
        self.router = router;
        self
    }

    pub async fn request(&self, req: Request<Body>) -> TestResponse {
        let res = self
            .router
            .clone()
            .oneshot(req)
            .await
            .expect("router never fails");
        let status = res.status();
        let headers = res.headers().clone();
        let body = res
            .into_body()
            .collect()
            .await
            .expect("body")
            .to_bytes()
            .to_vec();
        TestResponse {
            status,
            headers,
            body,
        }
    }

    pub async fn get(&self, uri: &str) -> TestResponse {
        self.request(Request::get(uri).body(Body::empty()).unwrap())
            .await
    }

    pub async fn send_json(&self, method: Method, uri: &str, body: &Value) -> TestResponse {
        let req = Request::builder()
            .method(method)
            .uri(uri)
            .header("content-type", "application/json")
            .body(Body::from(serde_json::to_vec(body).unwrap()))
            .unwrap();
        self.request(req).await
    }

    pub async fn send_raw(
        &self,
        method: Method,
        uri: &str,
        content_type: &str,
        body: &'static [u8],
    ) -> TestResponse {
        let req = Request::builder()
            .method(method)
            .uri(uri)
            .header("content-type", content_type)
            .body(Body::from(body))
            .unwrap();
        self.request(req).await
    }
}
