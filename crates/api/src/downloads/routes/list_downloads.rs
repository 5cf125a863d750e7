use crate::downloads::dto::DownloadList;
use crate::http::error::ApiResult;
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;

/// Everything the customer's paid orders let them download — invoices, the
/// files of the products they bought, licence certificates and eSIM QR
/// codes — each with a signed link that works for them for an hour.
#[utoipa::path(get, path = "/me/downloads", tag = "downloads",
    responses((status = 200, body = DownloadList)))]
pub async fn list_downloads(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<impl IntoResponse> {
    let list = crate::downloads::files::list(&state, auth.id(), uplink_db::now_ms()).await?;
    // Fresh links on every read: never cached.
    Ok(([(header::CACHE_CONTROL, "private, no-store")], Json(list)))
}
