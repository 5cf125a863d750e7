use crate::http::error::{ApiResult, Problem};
use crate::http::extract::ApiQuery;
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::usage::dto::{DailyUsage, UsageDay};
use crate::usage::monitor;
use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;
use std::collections::HashMap;
use uplink_domain::usage::day_of;
use utoipa::IntoParams;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DailyParams {
    /// How many days, ending today (1–366, default 30).
    #[param(minimum = 1, maximum = 366)]
    pub days: Option<u16>,
}

/// Daily usage of one of the customer's items, from the daily rollup: one
/// entry per day ending today, days without use as 0.
#[utoipa::path(get, path = "/me/usage/{id}/daily", tag = "usage",
    params(("id" = String, Path, description = "Subscription id, ICCID or pool id"), DailyParams),
    responses(
        (status = 200, body = DailyUsage),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 404, description = "`not_found`: not an item of this account", body = Problem),
        (status = 422, description = "`validation_failed`: days out of range", body = Problem),
    ))]
pub async fn daily_usage(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    ApiQuery(params): ApiQuery<DailyParams>,
) -> ApiResult<Json<DailyUsage>> {
    let days = i64::from(params.days.unwrap_or(30));
    if !(1..=366).contains(&days) {
        return Err(crate::http::error::ApiError::field(
            "days",
            uplink_domain::error_code::ErrorCode::ValidationFailed,
            "Ask for 1 to 366 days.",
        ));
    }
    let today = day_of(uplink_db::now_ms());
    let from = today - days + 1;
    let rows = monitor::owned_daily(&state, auth.id(), &id, from).await?;
    let by_day: HashMap<i64, (i64, i64)> = rows
        .into_iter()
        .map(|(d, up, down)| (d, (up, down)))
        .collect();
    let days = (from..=today)
        .map(|day| {
            let (bytes_up, bytes_down) = by_day.get(&day).copied().unwrap_or_default();
            UsageDay {
                date: monitor::date_of(day),
                bytes_up,
                bytes_down,
                bytes: bytes_up.saturating_add(bytes_down),
            }
        })
        .collect();
    Ok(Json(DailyUsage { id, days }))
}
