use crate::devices::incontrol_import::{ImportSummary, import_linked};
use crate::http::error::{ApiResult, Problem};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use axum::Json;
use axum::extract::State;

/// Imports the devices of the linked InControl account. Devices another
/// account holds are skipped and counted, as are entries that are not
/// serials of a known model.
#[utoipa::path(post, path = "/me/devices/import-incontrol", tag = "devices",
    responses(
        (status = 200, body = ImportSummary),
        (status = 404, description = "`not_found`: InControl is not configured, or the account is not linked", body = Problem),
        (status = 502, description = "`incontrol_unavailable`: InControl did not answer, or refused the stored link", body = Problem),
    ))]
pub async fn import_incontrol(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<ImportSummary>> {
    Ok(Json(import_linked(&state, auth.id()).await?))
}
