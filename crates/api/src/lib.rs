//! Uplink's HTTP layer: axum routes, extractors, errors and the OpenAPI document.
//!
//! [`app`] builds the whole router from an [`AppState`]; the `uplink` binary
//! serves it and tests drive it in-process.

pub mod auth;
pub mod cart;
pub mod catalog;
pub mod checkout;
pub mod config;
pub mod error;
pub mod extract;
pub mod gateway;
pub mod mail;
pub mod middleware;
pub mod money;
pub mod openapi;
pub mod route_docs;
pub mod routes;
pub mod secrets;
pub mod state;
pub mod store;
pub mod timefmt;
pub mod web;

pub use config::Config;
pub use error::{ApiError, ApiResult, FieldError};
pub use state::AppState;

use axum::Router;

/// Background work of a serving process: the e-mail sender, the password
/// hasher's warm-up, hourly removal of expired sessions and of error reports
/// past their retention. Abort the handles
/// on shutdown.
pub fn spawn_background(state: &AppState) -> Vec<tokio::task::JoinHandle<()>> {
    let mut tasks = Vec::new();
    if let Some(sender) = state.mailer.spawn_sender(state.db.clone()) {
        tasks.push(sender);
    }
    let passwords = state.passwords.clone();
    tasks.push(tokio::spawn(async move {
        if let Err(e) = passwords.warm_up().await {
            tracing::warn!(error = %e, "password hasher warm-up failed");
        }
    }));
    let intake = state.clone();
    tasks.push(tokio::spawn(async move {
        // Error intake retention: hourly, first run a minute after start.
        tokio::time::sleep(std::time::Duration::from_secs(60)).await;
        let mut tick = tokio::time::interval(std::time::Duration::from_secs(3600));
        loop {
            tick.tick().await;
            match intake
                .db
                .purge_intake(&intake.retention(), uplink_db::now_ms())
                .await
            {
                Ok(n) if n > 0 => tracing::info!(removed = n, "old error reports removed"),
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "could not remove old error reports"),
            }
        }
    }));
    tasks.push(checkout::jobs::spawn(state.clone()));
    let metrics = state.metrics.clone();
    tasks.push(tokio::spawn(async move {
        // The recorder keeps every latency sample until it is folded into the
        // histograms; without this (what `PrometheusBuilder::install` would
        // schedule) they piled up at about 20 bytes a request until the next
        // scrape of /metrics (D79).
        let mut tick = tokio::time::interval(std::time::Duration::from_secs(5));
        loop {
            tick.tick().await;
            metrics.run_upkeep();
        }
    }));
    let db = state.db.clone();
    tasks.push(tokio::spawn(async move {
        let mut tick = tokio::time::interval(std::time::Duration::from_secs(3600));
        loop {
            tick.tick().await;
            match db.purge_expired_sessions(uplink_db::now_ms()).await {
                Ok(n) if n > 0 => tracing::info!(removed = n, "expired sessions removed"),
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "could not remove expired sessions"),
            }
        }
    }));
    tasks
}

/// The complete application: `/api/v1`, `/api/openapi.json`, operations
/// endpoints, and the single-page app for every other path.
pub fn app(state: AppState) -> Router {
    let (api_v1, openapi) = routes::api_v1().split_for_parts();
    let openapi = std::sync::Arc::new(openapi::finish(openapi));
    let csp = content_security_policy(&state.config);
    let mut router = Router::new()
        .nest("/api/v1", api_v1)
        .merge(routes::intake::router())
        .merge(routes::ops::router(openapi))
        .merge(gateway::router())
        .fallback(web::fallback)
        .with_state(state);
    if let Some(csp) = csp {
        router = router.layer(
            tower_http::set_header::SetResponseHeaderLayer::if_not_present(
                axum::http::header::CONTENT_SECURITY_POLICY,
                csp,
            ),
        );
    }
    middleware::apply(router)
}

/// The CSP when the configuration widens the default one: with single
/// sign-on, pages may frame the identity provider (the hidden silent-check
/// iframe passes through it on its way to `/check-login.html`); with a browser
/// DSN on another origin, pages may send error reports there.
fn content_security_policy(config: &Config) -> Option<axum::http::HeaderValue> {
    let mut csp = middleware::CSP.to_owned();
    let mut changed = false;
    if let Some(issuer) = config
        .auth
        .oidc
        .as_ref()
        .and_then(|o| url::Url::parse(&o.issuer).ok())
    {
        let origin = issuer.origin().ascii_serialization();
        csp = csp.replace(
            "object-src 'none';",
            &format!("object-src 'none'; frame-src 'self' {origin};"),
        );
        changed = true;
    }
    if let Some(dsn) = config
        .errors
        .browser_dsn
        .as_deref()
        .and_then(uplink_intake::auth::Dsn::parse)
    {
        let public = url::Url::parse(&config.public_url)
            .ok()
            .map(|u| u.origin().ascii_serialization());
        if public.as_deref() != Some(dsn.origin.as_str()) {
            csp = csp.replace(
                "connect-src 'self';",
                &format!("connect-src 'self' {};", dsn.origin),
            );
            changed = true;
        }
    }
    changed
        .then(|| axum::http::HeaderValue::from_str(&csp).ok())
        .flatten()
}
