use super::{buyer_view, staff_view};
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::identity::{AuthUser, Role};
use crate::http::state::AppState;
use crate::quotations::load;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};

/// The quotation as a PDF (its owner, or sales staff).
#[utoipa::path(get, path = "/quotations/{number}/quotation.pdf", tag = "quotations",
    params(("number" = String, Path, description = "Quotation number")),
    responses(
        (status = 200, content_type = "application/pdf", description = "The PDF"),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 404, description = "`not_found` (also another customer's quotation)", body = Problem),
    ))]
pub async fn quotation_pdf(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(number): Path<String>,
) -> ApiResult<Response> {
    let q = load(&state, &number).await?;
    let view = if q.row.user_id == auth.id() {
        buyer_view(&state, auth.id(), &number).await?
    } else if auth.has_role(Role::Sales) {
        staff_view(&state, &number).await?
    } else {
        return Err(ApiError::not_found("This quotation"));
    };
    let file = format!("{}.pdf", view.number);
    let pdf = tokio::task::spawn_blocking(move || crate::quotations::pdf::render(&view))
        .await
        .map_err(ApiError::internal)?;
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
