use super::{no_device, path_serial};
use crate::devices::dto::Device;
use crate::devices::renewal::{AutoRenewRequest, no_card, setting_for};
use crate::devices::view;
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use uplink_db::devices::RenewUpdate;

/// Turns a device's auto-renewal on (paid with a saved card, or with credit
/// terms when the account has them) or off. The renewal order is created 7
/// days before the coverage ends.
#[utoipa::path(put, path = "/me/devices/{serial}/auto-renew", tag = "devices", request_body = AutoRenewRequest,
    params(("serial" = String, Path, description = "Serial number")),
    responses(
        (status = 200, body = Device),
        (status = 404, description = "`not_found`: not a device of this account", body = Problem),
        (status = 422, description = "`payment_method_unavailable`: no credit terms on the account; `validation_failed`: no method, or the card is not one of the account's saved cards; `invalid_serial`", body = Problem),
    ))]
pub async fn set_auto_renew(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(raw): Path<String>,
    ApiJson(req): ApiJson<AutoRenewRequest>,
) -> ApiResult<Json<Device>> {
    let serial = path_serial(&raw)?;
    // Someone else's device is 404 whatever the body asks.
    if state
        .db
        .device_of(auth.id(), serial.as_str())
        .await?
        .is_none()
    {
        return Err(no_device());
    }
    let setting = setting_for(&auth.user, &req)?;
    match state
        .db
        .set_auto_renew(auth.id(), serial.as_str(), &setting)
        .await?
    {
        RenewUpdate::Done => {}
        RenewUpdate::NoDevice => return Err(no_device()),
        RenewUpdate::NoCard => return Err(no_card()),
    }
    let row = state
        .db
        .device_of(auth.id(), serial.as_str())
        .await?
        .ok_or_else(no_device)?;
    let snap = state.catalog.snapshot().await.map_err(ApiError::from)?;
    Ok(Json(view::device(&state.db, &snap, auth.id(), row).await?))
}
