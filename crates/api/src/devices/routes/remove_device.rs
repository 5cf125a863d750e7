use super::{no_device, path_serial};
use crate::http::error::{ApiResult, Problem};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;

/// Removes a device from the account. Its licence keys and plans stay with
/// the serial and show again when it is added back.
#[utoipa::path(delete, path = "/me/devices/{serial}", tag = "devices",
    params(("serial" = String, Path, description = "Serial number")),
    responses(
        (status = 204, description = "Removed"),
        (status = 404, description = "`not_found`: not a device of this account", body = Problem),
        (status = 422, description = "`invalid_serial`", body = Problem),
    ))]
pub async fn remove_device(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(raw): Path<String>,
) -> ApiResult<StatusCode> {
    let serial = path_serial(&raw)?;
    if state.db.remove_device(auth.id(), serial.as_str()).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(no_device())
    }
}
