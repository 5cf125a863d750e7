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
    let key = state
        .db
        .licence_key_of_buyer(id, auth.id())
        .await?
        .ok_or_else(|| ApiError::not_found("This licence"))?;
    let mut conn = state.db.pool().acquire().await?;
    let number = uplink_db::delivery::order_number_of_line(&mut conn, &key.order_line_id)
        .await?
        .unwrap_or_default();
    drop(conn);
    let snapshot = state.catalog.snapshot().await.map_err(ApiError::internal)?;
    let model = key
        .serial
        .split('-')
        .next()
        .and_then(|prefix| snapshot.model_by_prefix(prefix))
        .map(|m| m.name.as_str());
    let holder = if auth.user.name.trim().is_empty() {
        auth.user.email.as_str()
    } else {
        auth.user.name.as_str()
    };
    let pdf =
        crate::delivery::certificate::render(&crate::delivery::certificate::CertificateFacts {
            key: &key,
            order_number: &number,
            model,
            holder,
        });
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"licence-{}.pdf\"", key.serial),
            ),
            (header::CACHE_CONTROL, "private, no-store".to_owned()),
        ],
        pdf,
    )
        .into_response())
}
