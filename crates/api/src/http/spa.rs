//! Serves the built single-page app: hashed assets cached for a year,
//! `index.html` for every other non-API path so deep links survive a reload.

use crate::http::error::ApiError;
use crate::http::state::AppState;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use std::path::Path;
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const NO_CACHE: &str = "no-cache";

/// The router's fallback: unknown API paths get a 404 problem, everything else the SPA.
pub async fn fallback(State(state): State<AppState>, req: Request) -> Response {
    let path = req.uri().path().to_owned();
    if path == "/api" || path.starts_with("/api/") {
        return ApiError::not_found(&format!("The API endpoint {path}")).into_response();
    }
    match state.web_dir.as_deref() {
        Some(dir) => serve_spa(dir, req).await,
        None => frontend_missing(),
    }
}

async fn serve_spa(dir: &Path, req: Request) -> Response {
    let path = req.uri().path().to_owned();
    let is_asset = path.starts_with("/assets/");
    let index_request = clone_for_index(&req);
    let res = ServeDir::new(dir)
        .precompressed_br()
        .precompressed_gzip()
        .append_index_html_on_directories(false)
        .oneshot(req)
        .await
        .map(IntoResponse::into_response)
        .unwrap_or_else(|e| ApiError::internal(e).into_response());
    // A missing hashed asset must stay a 404 (the app reports a chunk-load
    // error); any other unknown path is a client-side route.
    let serve_index = res.status() == StatusCode::NOT_FOUND && !is_asset && index_request.is_some();
    if serve_index && !is_main_group(&path) {
        return other_group_index(dir).await;
    }
    let mut res = match (serve_index, index_request) {
        (true, Some(index_req)) => ServeFile::new(dir.join("index.html"))
            .precompressed_br()
            .precompressed_gzip()
            .oneshot(index_req)
            .await
            .map(IntoResponse::into_response)
            .unwrap_or_else(|e| ApiError::internal(e).into_response()),
        _ => res,
    };
    let cache = if is_asset && res.status().is_success() {
        IMMUTABLE
    } else {
        NO_CACHE
    };
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if path == "/check-login.html" {
        allow_same_origin_framing(&mut res);
    }
    res
}

/// Whether `path` belongs to the main screen group (SPEC §11; the same rule as
/// `groupForPath` in web/src/app/screen-groups.ts).
fn is_main_group(path: &str) -> bool {
    let under = |prefix: &str| {
        path == prefix
            || path
                .strip_prefix(prefix)
                .is_some_and(|rest| rest.starts_with('/'))
    };
    let monitoring = path == "/monitoring" || path == "/monitoring/";
    !(monitoring || under("/mobile") || under("/m/v2/referral") || under("/m/referral"))
}

/// `index.html` for the mobile, monitoring and referral groups: without the
/// main group's preload hints (`data-group="main"`, added by web/vite.config.ts),
/// so those pages download only their own group (SPEC §11).
async fn other_group_index(dir: &Path) -> Response {
    match tokio::fs::read_to_string(dir.join("index.html")).await {
        Ok(html) => {
            let page: String = html
                .lines()
                .filter(|line| !line.contains("data-group=\"main\""))
                .map(|line| format!("{line}\n"))
                .collect();
            let mut res = Html(page).into_response();
            res.headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static(NO_CACHE));
            res
        }
        Err(_) => frontend_missing(),
    }
}

/// Only GET/HEAD navigations fall back to `index.html`.
fn clone_for_index(req: &Request) -> Option<Request> {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return None;
    }
    let mut builder = Request::builder().method(req.method()).uri("/index.html");
    for (name, value) in req.headers() {
        builder = builder.header(name, value);
    }
    builder.body(Body::empty()).ok()
}

/// The silent check-SSO page is loaded in a hidden iframe by our own pages.
fn allow_same_origin_framing(res: &mut Response) {
    let csp =
        crate::http::middleware::CSP.replace("frame-ancestors 'none'", "frame-ancestors 'self'");
    if let Ok(value) = HeaderValue::from_str(&csp) {
        res.headers_mut()
            .insert(header::CONTENT_SECURITY_POLICY, value);
    }
    res.headers_mut().insert(
        header::X_FRAME_OPTIONS,
        HeaderValue::from_static("SAMEORIGIN"),
    );
}

fn frontend_missing() -> Response {
    let mut res = Html(
        "<!doctype html><title>Uplink</title><h1>The storefront is not built</h1>\
         <p>Run <code>make build</code> (or set <code>UPLINK_WEB_DIR</code>) and restart the server.</p>",
    )
    .into_response();
    *res.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
    res
}
