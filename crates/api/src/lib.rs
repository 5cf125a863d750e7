//! Uplink's HTTP layer: axum routes, extractors, errors and the OpenAPI document.
//!
//! [`app`] builds the whole router from an [`AppState`]; the `uplink` binary
//! serves it and tests drive it in-process.

// The kernel: capabilities build on it; it imports none of them.
pub mod http;
pub mod platform;
pub mod read_model;

// The commerce engine: what every way of buying shares (imports only the kernel).
pub mod commerce;

// The capabilities, one folder each: `mod.rs` (what it is, `router()`),
// `routes/<operation>.rs`, service or topic files, `dto.rs`.
pub mod accounts;
pub mod backoffice;
pub mod cart;
pub mod catalog;
pub mod checkout;
pub mod coupons;
pub mod credit;
pub mod devices;
pub mod downloads;
pub mod gateway;
pub mod intake;
pub mod orders;
pub mod partners;
pub mod quotations;
pub mod referrals;
pub mod stores;
pub mod usage;

pub use http::error::{ApiError, ApiResult, FieldError};
pub use http::state::{AppState, Hooks};
pub use platform::config::Config;

use axum::Router;
use utoipa_axum::router::OpenApiRouter;

/// The `/api/v1` router with its OpenAPI paths (relative to `/api/v1`): every
/// capability's router. A new capability adds its line here.
pub fn api_v1() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(http::meta::router())
        .merge(accounts::router())
        .merge(stores::router())
        .merge(catalog::router())
        .merge(cart::router())
        .merge(checkout::router())
        .merge(orders::router())
        .merge(devices::router())
        .merge(downloads::router())
        .merge(credit::router())
        .merge(quotations::router())
        .merge(usage::router())
        .merge(partners::router())
        .merge(referrals::router())
        // Staff and admin operations: each capability's own, under
        // `/staff` or `/admin`, mounted here (docs/architecture.md §1).
        .merge(catalog::staff_router())
        .merge(stores::staff_router())
        .merge(coupons::staff_router())
        .merge(orders::staff_router())
        .merge(credit::staff_router())
        .merge(quotations::staff_router())
        .merge(usage::staff_router())
        .merge(intake::staff_router())
        .merge(partners::staff_router())
        .merge(referrals::staff_router())
        .merge(backoffice::staff_router())
        .merge(accounts::staff_router())
}

/// The application state with the composition root's wiring ([`hooks`]).
pub fn state(db: uplink_db::Db, config: Config) -> AppState {
    AppState::new(db, config, hooks())
}

/// Where one capability's event is answered by another (capabilities never
/// import each other): linking InControl imports the account's devices.
pub fn hooks() -> Hooks {
    Hooks {
        incontrol_linked: Some(devices::incontrol_import::import_on_link),
        answer_warmer: Some(catalog::query::warm_answer),
    }
}

/// The finished OpenAPI document as pretty JSON (what `/api/openapi.json`
/// serves and `uplink openapi` prints).
pub fn openapi_json() -> String {
    let (_, doc) = api_v1().split_for_parts();
    http::openapi::finish(doc)
        .to_pretty_json()
        .expect("OpenAPI document serialises")
}

/// Background work of a serving process: its registration and heartbeat
/// among the servers on the database (before any claim is taken), the
/// e-mail sender, the password hasher's warm-up, the metrics upkeep and the
/// job runner with every capability's jobs ([`jobs`]). Abort the handles on
/// shutdown, then call [`platform::instances::retire`].
pub async fn spawn_background(
    state: &AppState,
) -> anyhow::Result<Vec<tokio::task::JoinHandle<()>>> {
    platform::instances::register(&state.db).await?;
    let mut tasks = vec![platform::instances::spawn_heartbeat(state.db.clone())];
    if let Some(sender) = state.mailer.spawn_sender(state.db.clone()) {
        tasks.push(sender);
    }
    let passwords = state.passwords.clone();
    tasks.push(tokio::spawn(async move {
        if let Err(e) = passwords.warm_up().await {
            tracing::warn!(error = %e, "password hasher warm-up failed");
        }
    }));
    tasks.push(commerce::delivery::runner::spawn_worker(state.clone()));
    tasks.push(platform::jobs::spawn(
        state.db.clone(),
        state.clone(),
        jobs(),
    ));
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
    Ok(tasks)
}

/// Every capability's periodic jobs, run by the one job runner
/// ([`platform::jobs`]). A capability with periodic work adds its list here.
pub fn jobs() -> Vec<platform::jobs::Job<AppState>> {
    [
        commerce::orders::jobs::jobs(),
        commerce::delivery::runner::jobs(),
        devices::auto_renewal::jobs(),
        accounts::sessions::jobs(),
        intake::jobs(),
        quotations::jobs(),
        usage::jobs(),
        referrals::jobs::jobs(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The complete application: `/api/v1`, `/api/openapi.json`, operations
/// endpoints, and the single-page app for every other path.
pub fn app(state: AppState) -> Router {
    let (api_v1, openapi) = api_v1().split_for_parts();
    let openapi = std::sync::Arc::new(http::openapi::finish(openapi));
    let csp = content_security_policy(&state.config);
    let mut router = Router::new()
        .nest("/api/v1", api_v1)
        .merge(intake::router())
        .merge(http::ops::router(openapi))
        .merge(gateway::router())
        .fallback(http::spa::fallback)
        .with_state(state);
    if let Some(csp) = csp {
        router = router.layer(
            tower_http::set_header::SetResponseHeaderLayer::if_not_present(
                axum::http::header::CONTENT_SECURITY_POLICY,
                csp,
            ),
        );
    }
    http::middleware::apply(router)
}

/// The CSP when the configuration widens the default one: with single
/// sign-on, pages may frame the identity provider (the hidden silent-check
/// iframe passes through it on its way to `/check-login.html`); with a browser
/// DSN on another origin, pages may send error reports there.
fn content_security_policy(config: &Config) -> Option<axum::http::HeaderValue> {
    let mut csp = http::middleware::CSP.to_owned();
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
