use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::usage::alerts;
use crate::usage::dto::{AlertKind, SetUsageAlert, UsageAlertResult};
use crate::usage::monitor;
use axum::Json;
use axum::extract::{Path, State};
use uplink_domain::error_code::ErrorCode;

/// Sets or turns off an item's low-data alert: one e-mail each time
/// remaining data crosses the threshold. A threshold already reached when
/// set sends nothing until data rises above it and crosses it again.
#[utoipa::path(put, path = "/me/usage/{id}/alert", tag = "usage", request_body = SetUsageAlert,
    params(("id" = String, Path, description = "Subscription id, ICCID or pool id")),
    responses(
        (status = 200, body = UsageAlertResult),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`csrf_failed`", body = Problem),
        (status = 404, description = "`not_found`: not an item of this account", body = Problem),
        (status = 422, description = "`validation_failed`: `value` out of range, or unlimited data", body = Problem),
    ))]
pub async fn set_alert(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<SetUsageAlert>,
) -> ApiResult<Json<UsageAlertResult>> {
    let meter = monitor::owned_meter(&state, auth.id(), &id).await?;
    let now = uplink_db::now_ms();
    let (kind, value) = match req {
        SetUsageAlert::Off => {
            state
                .db
                .set_usage_alert(&id, auth.id(), None, false, now)
                .await?;
            return Ok(Json(UsageAlertResult { alert: None }));
        }
        SetUsageAlert::Percent { value } => (AlertKind::Percent, value),
        SetUsageAlert::Mb { value } => (AlertKind::Mb, value),
    };
    let Some(allowance) = meter.allowance_mb else {
        return Err(ApiError::field(
            "kind",
            ErrorCode::ValidationFailed,
            "This plan has unlimited data, so it never runs low; no alert is needed.",
        ));
    };
    let in_range = match kind {
        AlertKind::Percent => (1..=99).contains(&value),
        AlertKind::Mb => (1..=allowance.max(1)).contains(&value),
    };
    if !in_range {
        let message = match kind {
            AlertKind::Percent => "Choose a percentage from 1 to 99.".to_owned(),
            AlertKind::Mb => format!(
                "Choose an amount from 1 MB up to the allowance ({}).",
                alerts::mb_text(allowance)
            ),
        };
        return Err(ApiError::field(
            "value",
            ErrorCode::ValidationFailed,
            message,
        ));
    }
    let reached = alerts::reached(kind, value, &meter);
    let code = match kind {
        AlertKind::Percent => "percent",
        AlertKind::Mb => "mb",
    };
    state
        .db
        .set_usage_alert(&id, auth.id(), Some((code, value)), !reached, now)
        .await?;
    let ids = [id.clone()];
    let stored = state.db.usage_alerts(Some(&ids), 1).await?;
    Ok(Json(UsageAlertResult {
        alert: stored.first().map(|row| alerts::view(row, &meter)),
    }))
}
