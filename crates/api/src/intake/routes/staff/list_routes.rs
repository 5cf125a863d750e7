use crate::http::error::{ApiResult, Problem};
use crate::http::extract::ApiQuery;
use crate::http::identity::{Admin, RequireRole};
use crate::http::state::AppState;
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RouteParams {
    /// Look-back in days (1–90, default 7).
    pub days: Option<i64>,
    /// How many routes (1–100, default 20).
    pub limit: Option<i64>,
}

/// Durations of one route's transactions (page loads and navigations).
#[derive(Debug, Serialize, ToSchema)]
pub struct RouteTiming {
    /// The route pattern, e.g. `/products/:slug`.
    pub name: String,
    /// `pageload`, `navigation`, …
    pub op: Option<String>,
    pub count: i64,
    pub p50_ms: i64,
    pub p95_ms: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RouteList {
    pub items: Vec<RouteTiming>,
    pub days: i64,
}

/// Routes by 95th-percentile duration, slowest first (admins only).
#[utoipa::path(get, path = "/admin/errors/routes", tag = "admin", params(RouteParams),
    responses(
        (status = 200, body = RouteList),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`", body = Problem),
    ))]
pub async fn list_routes(
    State(state): State<AppState>,
    _admin: RequireRole<Admin>,
    ApiQuery(params): ApiQuery<RouteParams>,
) -> ApiResult<Json<RouteList>> {
    let days = params.days.unwrap_or(7).clamp(1, 90);
    let limit = params.limit.unwrap_or(20).clamp(1, 100) as usize;
    let since = uplink_db::now_ms() - days * 24 * 3600 * 1000;
    let items = state
        .db
        .slowest_routes(since, limit)
        .await?
        .into_iter()
        .map(|r| RouteTiming {
            name: r.name,
            op: r.op,
            count: r.count,
            p50_ms: r.p50_ms,
            p95_ms: r.p95_ms,
        })
        .collect();
    Ok(Json(RouteList { items, days }))
}
