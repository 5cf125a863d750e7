use crate::http::error::{ApiResult, Problem};
use crate::http::identity::{Admin, RequireRole};
use crate::http::state::AppState;
use crate::platform::timefmt::rfc3339;
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

/// Session health of one release in one environment.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReleaseHealth {
    pub release: String,
    pub environment: String,
    pub sessions: i64,
    /// Sessions that saw at least one error (crashed ones included).
    pub errored: i64,
    pub crashed: i64,
    /// Share of sessions that did not crash, 0–1.
    pub crash_free_rate: f64,
    /// The day of the newest sessions.
    pub last_seen: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReleaseList {
    pub items: Vec<ReleaseHealth>,
}

/// Releases with crash-free session rates over the retention period (admins only).
#[utoipa::path(get, path = "/admin/errors/releases", tag = "admin",
    responses(
        (status = 200, body = ReleaseList),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`", body = Problem),
    ))]
pub async fn list_releases(
    State(state): State<AppState>,
    _admin: RequireRole<Admin>,
) -> ApiResult<Json<ReleaseList>> {
    let since = uplink_db::now_ms() - state.retention().max_age_ms;
    let items = state
        .db
        .release_health(since)
        .await?
        .into_iter()
        .map(|r| ReleaseHealth {
            crash_free_rate: r.crash_free_rate(),
            release: r.release,
            environment: r.environment,
            sessions: r.sessions,
            errored: r.errored,
            crashed: r.crashed + r.abnormal,
            last_seen: rfc3339(r.last_seen),
        })
        .collect();
    Ok(Json(ReleaseList { items }))
}
