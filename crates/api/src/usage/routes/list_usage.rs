use crate::http::error::{ApiResult, Problem};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::usage::dto::UsageList;
use crate::usage::monitor;
use axum::Json;
use axum::extract::State;
use uplink_domain::usage::day_of;

/// The customer's usage monitor: every subscription, eSIM and data pool
/// whose product carries `Connectivity Usage Record`, with allowance, used
/// and remaining data, the period, the projected run-out day, the low-data
/// alert, the top-up product and (for `SFC Management` plans) renewal state.
#[utoipa::path(get, path = "/me/usage", tag = "usage",
    responses((status = 200, body = UsageList), (status = 401, description = "`unauthenticated`", body = Problem)))]
pub async fn list_usage(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<UsageList>> {
    let now = uplink_db::now_ms();
    let items = monitor::items(&state, auth.id(), now).await?;
    Ok(Json(UsageList {
        today: monitor::date_of(day_of(now)),
        items,
    }))
}
