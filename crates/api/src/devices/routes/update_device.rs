use super::{no_device, path_serial};
use crate::devices::dto::Device;
use crate::devices::registry::clean_name;
use crate::devices::view;
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct DevicePatch {
    /// The new name (at most 80 characters); empty clears it.
    pub name: String,
}

/// Renames one of the customer's devices.
#[utoipa::path(patch, path = "/me/devices/{serial}", tag = "devices", request_body = DevicePatch,
    params(("serial" = String, Path, description = "Serial number")),
    responses(
        (status = 200, body = Device),
        (status = 404, description = "`not_found`: not a device of this account", body = Problem),
        (status = 422, description = "`invalid_serial`, `validation_failed` (name)", body = Problem),
    ))]
pub async fn update_device(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(raw): Path<String>,
    ApiJson(req): ApiJson<DevicePatch>,
) -> ApiResult<Json<Device>> {
    let serial = path_serial(&raw)?;
    let name = clean_name(Some(&req.name))?;
    if !state
        .db
        .rename_device(auth.id(), serial.as_str(), &name)
        .await?
    {
        return Err(no_device());
    }
    let row = state
        .db
        .device_of(auth.id(), serial.as_str())
        .await?
        .ok_or_else(no_device)?;
    let snap = state.catalog.snapshot().await.map_err(ApiError::from)?;
    Ok(Json(view::device(&state.db, &snap, auth.id(), row).await?))
}
