use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};

/// The licence certificate of one of the caller's licence keys, as a PDF.
#[utoipa::path(get, path = "/me/licences/{id}/certificate.pdf", tag = "delivery",
    params(("id" = String, Path, description = "Licence key id (from the order's deliverables)")),
    responses(
        (status = 200, content_type = "application/pdf", description = "The PDF"),
        (status = 404, description = "`not_found` (also for another customer's licence)", body = Problem),
    ))]
pub async fn licence_certificate(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let id = id.trim_end_matches(".pdf");
    let (file, pdf) = crate::commerce::delivery::certificate::of_buyer(&state, id, &auth.user)
        .await?
        .ok_or_else(|| ApiError::not_found("This licence"))?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"{file}\""),
            ),
            (header::CACHE_CONTROL, "private, no-store".to_owned()),
        ],
        pdf,
    )
        .into_response())
}
