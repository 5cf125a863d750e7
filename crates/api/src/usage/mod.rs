//! Connectivity usage (SPEC §13, D98): outside systems post usage records
//! with an integration key; records move the remaining data of metered
//! subscriptions, eSIMs and pools and add to a daily rollup; customers see
//! their usage on `/monitoring` and set low-data alerts that a job e-mails
//! once per crossing; raw records are removed after the retention period.

pub mod alerts;
pub mod dto;
pub mod intake;
pub mod monitor;
pub mod routes;

use crate::http::route_docs::api_routes;
use crate::http::state::AppState;
use crate::platform::jobs::{Job, JobFuture};
use axum::extract::DefaultBodyLimit;
use std::time::Duration;
use utoipa_axum::router::OpenApiRouter;

/// The largest intake body: 1,000 records with room to spare.
pub const INTAKE_BODY_LIMIT: usize = 1024 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    let intake = OpenApiRouter::new()
        .routes(api_routes!(routes::post_usage_records::post_usage_records))
        .layer(DefaultBodyLimit::max(INTAKE_BODY_LIMIT));
    OpenApiRouter::new()
        .merge(intake)
        .routes(api_routes!(routes::list_usage::list_usage))
        .routes(api_routes!(routes::daily_usage::daily_usage))
        .routes(api_routes!(routes::set_alert::set_alert))
}

/// Admins: integration keys (created, listed, revoked).
pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(api_routes!(
            routes::staff::integration_keys::list_integration_keys,
            routes::staff::integration_keys::create_integration_key
        ))
        .routes(api_routes!(
            routes::staff::integration_keys::revoke_integration_key
        ))
}

/// The periodic jobs: alerts every minute (a safety net: the intake checks
/// the items it moved at once) and retention hourly.
pub fn jobs() -> Vec<Job<AppState>> {
    vec![
        Job {
            name: "usage_alerts",
            every: Duration::from_secs(60),
            run: check_alerts,
        },
        Job {
            name: "usage_retention",
            every: Duration::from_secs(3600),
            run: drop_old_records,
        },
    ]
}

fn check_alerts(state: &AppState) -> JobFuture<'_> {
    Box::pin(async move { Ok(alerts::check(state, None).await?) })
}

fn drop_old_records(state: &AppState) -> JobFuture<'_> {
    Box::pin(async move {
        let before = uplink_db::now_ms() - state.config.usage_retention_days * 86_400_000;
        Ok(state.db.delete_usage_records_before(before).await?)
    })
}
