use crate::downloads::links::Grant;
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

/// A file behind a signed link from `GET /me/downloads`. Only the customer the
/// link was made for, signed in, may open it, and only until it expires; a
/// link that is another customer's, expired, altered or made up is `not_found`.
#[utoipa::path(get, path = "/downloads/{signed}", tag = "downloads",
    params(("signed" = String, Path, description = "The signed link's token")),
    responses(
        (status = 200, description = "The file (PDF, PNG or the product file's own type)"),
        (status = 404, description = "`not_found`: not this customer's link, expired, altered, or the file is gone", body = Problem),
    ))]
pub async fn get_download(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(signed): Path<String>,
) -> ApiResult<Response> {
    let secrets = state.secret_box().await.map_err(ApiError::internal)?;
    let grant = Grant::open(&signed, secrets, auth.id(), uplink_db::now_ms())
        .ok_or_else(|| ApiError::not_found("This download link"))?;
    let file = crate::downloads::files::make(&state, &grant, &auth.user).await?;
    let name: String = file
        .file_name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .collect();
    let disposition = if file.inline { "inline" } else { "attachment" };
    let mut res = file.body.into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_str(&file.content_type)
            .unwrap_or(HeaderValue::from_static("application/octet-stream")),
    );
    if let Ok(v) = HeaderValue::from_str(&format!("{disposition}; filename=\"{name}\"")) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    // Files are inert, even when opened directly.
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
        ),
    );
    Ok(res)
}
