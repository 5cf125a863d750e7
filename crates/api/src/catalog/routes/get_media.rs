use crate::http::error::{ApiError, Problem};
use crate::http::state::AppState;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Media keys carry a content hash, so a URL's content never changes.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Media is inert: no scripts, no plugins, even when opened directly.
const MEDIA_CSP: &str = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/// A product image or downloadable file (datasheet, guide, firmware notes).
/// Images are shown inline; other files download with their file name.
#[utoipa::path(
    get,
    path = "/media/{key}",
    tag = "catalogue",
    params(("key" = String, Path, description = "Media key from an image or download URL")),
    responses(
        (status = 200, description = "The file, with its content type; cacheable forever"),
        (status = 304, description = "Not modified (`If-None-Match`)"),
        (status = 404, description = "`not_found`: no such file", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn get_media(
    State(state): State<AppState>,
    Path(key): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if key.len() > 200
        || !key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.' || b == b'_')
    {
        return Err(ApiError::not_found(&format!("The file `{key}`")));
    }
    let media = state
        .db
        .media(&key)
        .await?
        .ok_or_else(|| ApiError::not_found(&format!("The file `{key}`")))?;
    let etag = HeaderValue::from_str(&media.etag).unwrap_or(HeaderValue::from_static("\"0\""));
    let mut res = if headers
        .get(header::IF_NONE_MATCH)
        .is_some_and(|v| v.as_bytes() == media.etag.as_bytes())
    {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut r = Response::new(Body::from(media.body));
        let ct = HeaderValue::from_str(&media.content_type)
            .unwrap_or(HeaderValue::from_static("application/octet-stream"));
        r.headers_mut().insert(header::CONTENT_TYPE, ct);
        if !media.content_type.starts_with("image/") {
            let name: String = media
                .file_name
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
                .collect();
            if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
                r.headers_mut().insert(header::CONTENT_DISPOSITION, v);
            }
        }
        r
    };
    let h = res.headers_mut();
    h.insert(header::ETAG, etag);
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(MEDIA_CSP),
    );
    Ok(res)
}
