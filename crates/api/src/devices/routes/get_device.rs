use super::{no_device, path_serial};
use crate::devices::dto::Device;
use crate::devices::view;
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use axum::Json;
use axum::extract::{Path, State};

/// One of the customer's devices with its licences, subscriptions, warranty and auto-renewal.
#[utoipa::path(get, path = "/me/devices/{serial}", tag = "devices",
    params(("serial" = String, Path, description = "Serial number, normalised like input")),
    responses(
        (status = 200, body = Device),
        (status = 404, description = "`not_found`: not a device of this account", body = Problem),
        (status = 422, description = "`invalid_serial`", body = Problem),
    ))]
pub async fn get_device(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(raw): Path<String>,
) -> ApiResult<Json<Device>> {
    let serial = path_serial(&raw)?;
    let row = state
        .db
        .device_of(auth.id(), serial.as_str())
        .await?
        .ok_or_else(no_device)?;
    let snap = state.catalog.snapshot().await.map_err(ApiError::from)?;
    Ok(Json(view::device(&state.db, &snap, auth.id(), row).await?))
}
