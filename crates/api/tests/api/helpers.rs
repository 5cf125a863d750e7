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
    _db: std::sync::Arc<TestDb>,
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

    /// The value a `Set-Cookie` header of this response gives cookie `name`.
    pub fn cookie(&self, name: &str) -> Option<String> {
        self.set_cookie(name)
            .and_then(|c| c.split(';').next().map(str::to_owned))
            .and_then(|kv| kv.split_once('=').map(|(_, v)| v.to_owned()))
    }

    /// The whole `Set-Cookie` header for cookie `name` (attributes included).
    pub fn set_cookie(&self, name: &str) -> Option<String> {
        self.headers
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find(|v| v.starts_with(&format!("{name}=")))
            .map(str::to_owned)
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

/// The password every test account gets.
pub const PASSWORD: &str = "correct horse battery";

/// A signed-in browser: the session cookie and its CSRF token.
#[derive(Debug, Clone)]
pub struct Session {
    pub token: String,
    pub csrf: String,
    pub user_id: String,
    pub email: String,
}

impl TestApp {
    /// Registers `email` (password [`PASSWORD`]) from `country` and returns its cookie session.
    pub async fn register(&self, email: &str, country: &str) -> Session {
        let res = self
            .send_json(
                Method::POST,
                "/api/v1/auth/register",
                &serde_json::json!({
                    "email": email, "password": PASSWORD, "name": "Test Person", "country": country,
                }),
            )
            .await;
        assert_eq!(res.status, 201, "register: {}", res.text());
        Self::session_of(&res, email)
    }

    /// Signs in through `/auth/login` with a cookie session.
    pub async fn sign_in(&self, email: &str, password: &str) -> Session {
        let res = self.login(email, password).await;
        assert_eq!(res.status, 200, "login: {}", res.text());
        Self::session_of(&res, email)
    }

    pub async fn login(&self, email: &str, password: &str) -> TestResponse {
        self.send_json(
            Method::POST,
            "/api/v1/auth/login",
            &serde_json::json!({ "email": email, "password": password }),
        )
        .await
    }

    pub fn session_of(res: &TestResponse, email: &str) -> Session {
        Session {
            token: res.cookie("uplink_session").expect("session cookie"),
            csrf: res.cookie("uplink_csrf").expect("csrf cookie"),
            user_id: res.json()["user"]["id"].as_str().unwrap().to_owned(),
            email: email.to_owned(),
        }
    }

    /// The session a response's cookies carry (no JSON body needed).
    pub fn session_of_cookies(res: &TestResponse) -> Session {
        Session {
            token: res.cookie("uplink_session").expect("session cookie"),
            csrf: res.cookie("uplink_csrf").expect("csrf cookie"),
            user_id: String::new(),
            email: String::new(),
        }
    }

    /// A GET with the session cookie.
    /// `POST /api/v1/orders{query}` as the signed-in browser `s`, with an
    /// `Idempotency-Key`, as the checkout page places an order.
    pub async fn place_order(
        &self,
        s: &Session,
        key: &str,
        body: &Value,
        query: &str,
    ) -> TestResponse {
        let req = Request::builder()
            .method(Method::POST)
            .uri(format!("/api/v1/orders{query}"))
            .header(
                "cookie",
                format!("uplink_session={}; uplink_csrf={}", s.token, s.csrf),
            )
            .header("x-csrf-token", &s.csrf)
            .header("content-type", "application/json")
            .header("idempotency-key", key)
            .body(Body::from(serde_json::to_vec(body).unwrap()))
            .unwrap();
        self.request(req).await
    }

    pub async fn get_as(&self, s: &Session, uri: &str) -> TestResponse {
        self.send_as(s, Method::GET, uri, None).await
    }

    /// A request with the session cookie and its CSRF token, and a JSON body when given.
    pub async fn send_as(
        &self,
        s: &Session,
        method: Method,
        uri: &str,
        body: Option<&Value>,
    ) -> TestResponse {
        let mut req = Request::builder()
            .method(method)
            .uri(uri)
            .header(
                "cookie",
                format!("uplink_session={}; uplink_csrf={}", s.token, s.csrf),
            )
            .header("x-csrf-token", &s.csrf);
        if body.is_some() {
            req = req.header("content-type", "application/json");
        }
        let body = body.map_or_else(Body::empty, |b| Body::from(serde_json::to_vec(b).unwrap()));
        self.request(req.body(body).unwrap()).await
    }

    pub async fn new() -> TestApp {
        Self::with_config(|_| {}).await
    }

    /// The test gateway's tokens and intents (a file of their own on SQLite, D127).
    pub async fn gateway_pool(&self) -> &uplink_db::Pool {
        self.state.db.gateway_store().await.unwrap().pool()
    }

    pub async fn with_config(edit: impl FnOnce(&mut Config)) -> TestApp {
        let db = TestDb::new().await;
        let mut config = Config::for_tests(&db.url);
        edit(&mut config);
        let state = uplink_api::state(db.db.clone(), config);
        let router = uplink_api::app(state.clone());
        TestApp {
            state,
            router,
            _db: std::sync::Arc::new(db),
        }
    }

    /// A second server over the same database: its own state, read model
    /// and router, as another process behind the load balancer would have.
    pub fn second_server(&self) -> TestApp {
        let config = (*self.state.config).clone();
        let state = uplink_api::state(self.state.db.clone(), config);
        let router = uplink_api::app(state.clone());
        TestApp {
            state,
            router,
            _db: std::sync::Arc::clone(&self._db),
        }
    }

    /// A raw body of any type (an upload, a CSV) as `s`.
    pub async fn send_bytes_as(
        &self,
        s: &Session,
        method: Method,
        uri: &str,
        content_type: &str,
        body: Vec<u8>,
    ) -> TestResponse {
        let req = Request::builder()
            .method(method)
            .uri(uri)
            .header(
                "cookie",
                format!("uplink_session={}; uplink_csrf={}", s.token, s.csrf),
            )
            .header("x-csrf-token", &s.csrf)
            .header("content-type", content_type)
            .body(Body::from(body))
            .unwrap();
        self.request(req).await
    }

    /// The app with the demo catalogue seeded and the read model built.
    pub async fn with_demo_catalog() -> TestApp {
        let app = TestApp::new().await;
        uplink_seed::seed_demo_catalog(&app.state.db)
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

/// A tiny real SMTP server on 127.0.0.1 (port 0): speaks enough SMTP for
/// lettre (EHLO, MAIL, RCPT, DATA, QUIT) and keeps every message's raw data.
pub struct SmtpSink {
    pub url: String,
    pub messages: std::sync::Arc<parking_lot::Mutex<Vec<String>>>,
}

impl SmtpSink {
    pub async fn start() -> SmtpSink {
        use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let messages = std::sync::Arc::new(parking_lot::Mutex::new(Vec::new()));
        let store = messages.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let store = store.clone();
                tokio::spawn(async move {
                    let (read, mut write) = socket.into_split();
                    let mut lines = BufReader::new(read).lines();
                    let _ = write.write_all(b"220 sink ESMTP\r\n").await;
                    let mut data: Option<String> = None;
                    while let Ok(Some(line)) = lines.next_line().await {
                        if let Some(buf) = data.as_mut() {
                            if line == "." {
                                store.lock().push(std::mem::take(buf));
                                data = None;
                                let _ = write.write_all(b"250 queued\r\n").await;
                            } else {
                                buf.push_str(line.strip_prefix('.').unwrap_or(&line));
                                buf.push('\n');
                            }
                            continue;
                        }
                        let verb = line.get(..4).unwrap_or("").to_ascii_uppercase();
                        let reply: &[u8] = match verb.as_str() {
                            "EHLO" => b"250-sink\r\n250 8BITMIME\r\n",
                            "HELO" | "MAIL" | "RCPT" | "RSET" | "NOOP" => b"250 ok\r\n",
                            "DATA" => {
                                data = Some(String::new());
                                b"354 go ahead\r\n"
                            }
                            "QUIT" => {
                                let _ = write.write_all(b"221 bye\r\n").await;
                                break;
                            }
                            _ => b"502 not implemented\r\n",
                        };
                        let _ = write.write_all(reply).await;
                    }
                });
            }
        });
        SmtpSink {
            url: format!("smtp://127.0.0.1:{port}"),
            messages,
        }
    }
}

/// The first 64-hex-character token after `token=` in `text` (links in e-mails).
pub fn token_in(text: &str, param: &str) -> Option<String> {
    let unfolded = text.replace("=\n", "").replace("=3D", "=");
    let start = unfolded.find(&format!("{param}="))? + param.len() + 1;
    let token: String = unfolded[start..]
        .chars()
        .take_while(|c| c.is_ascii_hexdigit())
        .collect();
    (token.len() == 64).then_some(token)
}

impl TestApp {
    /// Waits (up to 5 s) for an outbox message to `to` and returns its text body.
    pub async fn mail_to(&self, to: &str) -> String {
        for _ in 0..100 {
            let rows = self.state.db.recent_outbox(50).await.unwrap();
            if let Some(m) = rows.into_iter().find(|m| m.to_address == to) {
                return m.body_text;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("no e-mail to {to}");
    }
}
