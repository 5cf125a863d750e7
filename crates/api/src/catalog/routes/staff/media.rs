use crate::catalog::markdown::to_html;
use crate::catalog::staff_dto::{MarkdownPreview, MarkdownPreviewRequest, MediaInfo};
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::{ApiJson, ApiQuery, RawBody};
use crate::http::identity::{Admin, RequireRole};
use crate::http::state::AppState;
use crate::platform::uploads::{UploadPurpose, judge};
use crate::read_model::snapshot::media_url;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use uplink_db::audit::{AuditEntry, StaffWrite};
use uplink_domain::catalog_admin::MAX_DESCRIPTION_CHARS;
use uplink_domain::error_code::ErrorCode;

/// The body limit of an upload route: the largest download and some slack.
pub const UPLOAD_BODY_LIMIT: usize = UploadPurpose::Download.max_bytes() + 64 * 1024;

/// `POST /admin/media` parameters.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UploadQuery {
    /// `image` (PNG, JPEG, WebP; 5 MB) or `download` (PDF, ZIP, gzip, tar, binary; 32 MB).
    pub purpose: String,
    /// The file's name as the user chose it (shown on downloads).
    pub file_name: String,
}

/// Uploads a file for product images or downloads, stored where every
/// server reads it. The body is the file; `Content-Type` is what the file
/// claims to be, and the content must agree (sniffed): a lying type, an
/// empty or too large file, or a type the purpose does not allow is
/// refused on the `file` field. Answers the key to put in a product's
/// `images` or `downloads`.
#[utoipa::path(post, path = "/admin/media", tag = "admin", params(UploadQuery),
    request_body(content = Vec<u8>, content_type = "application/octet-stream", description = "The file's bytes; send its own type as Content-Type (image/png, application/pdf …)"),
    responses(
        (status = 201, body = MediaInfo),
        (status = 413, description = "`payload_too_large`", body = Problem),
        (status = 422, description = "`validation_failed`: `file` (type, size, content), `purpose`, `file_name`", body = Problem),
    ))]
pub async fn upload_admin_media(
    State(state): State<AppState>,
    RequireRole(admin, _): RequireRole<Admin>,
    ApiQuery(query): ApiQuery<UploadQuery>,
    body: RawBody,
) -> ApiResult<(StatusCode, Json<MediaInfo>)> {
    let purpose = match query.purpose.as_str() {
        "image" => UploadPurpose::Image,
        "download" => UploadPurpose::Download,
        _ => {
            return Err(ApiError::field(
                "purpose",
                ErrorCode::ValidationFailed,
                "Upload an `image` or a `download`.",
            ));
        }
    };
    let name: String = query
        .file_name
        .trim()
        .chars()
        .filter(|c| !c.is_control() && !matches!(c, '/' | '\\' | '"'))
        .take(120)
        .collect();
    if name.is_empty() {
        return Err(ApiError::field(
            "file_name",
            ErrorCode::ValidationFailed,
            "Give the file a name.",
        ));
    }
    let content_type = judge(&body.bytes, &body.content_type, purpose)
        .map_err(|r| ApiError::field("file", ErrorCode::ValidationFailed, r.to_string()))?;
    let mut w = StaffWrite::begin(&state.db, admin.actor()).await?;
    let key = uplink_db::catalog::insert_media(w.tx(), content_type, &name, &body.bytes).await?;
    let info = MediaInfo {
        url: media_url(&key),
        key: key.clone(),
        content_type: content_type.to_owned(),
        file_name: name,
        size_bytes: body.bytes.len() as i64,
    };
    w.record(
        AuditEntry::new("media.upload", "media", &key)
            .summary(format!("Uploaded {} ({content_type}, {} bytes)", info.file_name, info.size_bytes))
            .after(&serde_json::json!({"file_name": info.file_name, "content_type": content_type, "size_bytes": info.size_bytes})),
    );
    w.commit().await?;
    Ok((StatusCode::CREATED, Json(info)))
}

/// A product description rendered exactly as the product page will show it
/// (the server's Markdown renderer and sanitiser).
#[utoipa::path(post, path = "/admin/markdown-preview", tag = "admin", request_body = MarkdownPreviewRequest,
    responses(
        (status = 200, body = MarkdownPreview),
        (status = 422, description = "`validation_failed`: `markdown` is over 20,000 characters", body = Problem),
    ))]
pub async fn preview_markdown(
    _admin: RequireRole<Admin>,
    ApiJson(req): ApiJson<MarkdownPreviewRequest>,
) -> ApiResult<Json<MarkdownPreview>> {
    if req.markdown.chars().count() > MAX_DESCRIPTION_CHARS {
        return Err(ApiError::field(
            "markdown",
            ErrorCode::ValidationFailed,
            format!("Keep the description to {MAX_DESCRIPTION_CHARS} characters."),
        ));
    }
    Ok(Json(MarkdownPreview {
        html: to_html(&req.markdown),
    }))
}
