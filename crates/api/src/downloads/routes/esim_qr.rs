use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};

/// The QR code of one of the caller's eSIMs: its activation code as a PNG.
#[utoipa::path(get, path = "/me/esims/{iccid}/qr.png", tag = "delivery",
    params(("iccid" = String, Path, description = "The eSIM's ICCID")),
    responses(
        (status = 200, content_type = "image/png", description = "The QR code"),
        (status = 404, description = "`not_found` (also for another customer's eSIM)", body = Problem),
    ))]
pub async fn esim_qr(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(iccid): Path<String>,
) -> ApiResult<Response> {
    let iccid = iccid.trim_end_matches(".png");
    let esim = state
        .db
        .esim_of_user(iccid, auth.id())
        .await?
        .ok_or_else(|| ApiError::not_found("This eSIM"))?;
    let png = crate::platform::qr::png(&esim.activation_code).map_err(ApiError::internal)?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, "private, max-age=3600"),
        ],
        png,
    )
        .into_response())
}
