use crate::devices::dto::Device;
use crate::devices::registry::{self, clean_name, held_elsewhere, resolve_field};
use crate::devices::view;
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use uplink_db::devices::AddDevice;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewDevice {
    /// As typed: `ab12 cd34-ef56` is normalised to `AB12-CD34-EF56`.
    #[schema(example = "1824-ABCD-0001")]
    pub serial: String,
    /// Optional name, at most 80 characters.
    pub name: Option<String>,
}

/// Adds a device by serial: registered now, with the standard 12-month
/// warranty. Adding a device the account already holds changes nothing and
/// answers 200 with it.
#[utoipa::path(post, path = "/me/devices", tag = "devices", request_body = NewDevice,
    responses(
        (status = 201, body = Device, description = "Added"),
        (status = 200, body = Device, description = "Already on the account: unchanged"),
        (status = 409, description = "`serial_registered_elsewhere`: another account holds the serial", body = Problem),
        (status = 422, description = "`invalid_serial`, `unknown_serial`, `validation_failed` (name)", body = Problem),
    ))]
pub async fn add_device(
    State(state): State<AppState>,
    auth: AuthUser,
    ApiJson(req): ApiJson<NewDevice>,
) -> ApiResult<(StatusCode, Json<Device>)> {
    let snap = state.catalog.snapshot().await.map_err(ApiError::from)?;
    let device = resolve_field(&snap, &req.serial, "serial")?;
    let name = clean_name(req.name.as_deref())?;
    let (status, row) =
        match registry::register(&state.db, auth.id(), &device, &name, "manual").await? {
            AddDevice::Added(row) => (StatusCode::CREATED, row),
            AddDevice::AlreadyYours(row) => (StatusCode::OK, row),
            AddDevice::HeldElsewhere => return Err(held_elsewhere(&device.serial)),
        };
    Ok((
        status,
        Json(view::device(&state.db, &snap, auth.id(), row).await?),
    ))
}
