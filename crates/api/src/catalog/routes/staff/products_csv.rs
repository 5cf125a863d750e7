use crate::catalog::products_csv::{export, import};
use crate::catalog::staff_dto::ImportReport;
use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::{ApiQuery, RawBody};
use crate::http::identity::{Admin, RequireRole};
use crate::http::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use uplink_domain::error_code::ErrorCode;

/// The largest CSV an import takes (about 40,000 products).
pub const IMPORT_BODY_LIMIT: usize = 16 * 1024 * 1024;

/// Every product with its per-store prices as CSV, parents before variants
/// (the columns are described in the import).
#[utoipa::path(get, path = "/admin/exports/products.csv", tag = "admin",
    responses(
        (status = 200, content_type = "text/csv", body = String, description = "A header row, then one row per product"),
    ))]
pub async fn export_products_csv(
    State(state): State<AppState>,
    _admin: RequireRole<Admin>,
) -> ApiResult<Response> {
    let body = export(&state.db).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"uplink-products.csv\"",
            ),
        ],
        body,
    )
        .into_response())
}

/// `POST /admin/imports/products` parameters.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ImportQuery {
    /// `true` (the default): check every row and report, write nothing.
    pub dry_run: Option<bool>,
}

/// Imports products and prices from CSV (the export's columns; a row whose
/// SKU exists updates that product, else creates one; options,
/// specification, images and downloads are kept). Every row is checked
/// with the editor's rules and each problem is listed with its line;
/// unless every row is right nothing is written (422 with the report).
/// Otherwise, unless `dry_run`, the changed rows are written in one
/// transaction; unchanged rows are left alone.
#[utoipa::path(post, path = "/admin/imports/products", tag = "admin", params(ImportQuery),
    request_body(content = String, content_type = "text/csv"),
    responses(
        (status = 200, body = ImportReport, description = "Checked (dry run) or written"),
        (status = 413, description = "`payload_too_large`: over 16 MB", body = Problem),
        (status = 415, description = "`validation_failed`: not sent as text/csv", body = Problem),
        (status = 422, description = "`validation_failed`: the file has problems; the body is the report with `errors`", body = ImportReport),
    ))]
pub async fn import_products_csv(
    State(state): State<AppState>,
    RequireRole(admin, _): RequireRole<Admin>,
    ApiQuery(query): ApiQuery<ImportQuery>,
    body: RawBody,
) -> ApiResult<Response> {
    if !body.content_type.starts_with("text/csv") {
        return Err(ApiError::new(ErrorCode::ValidationFailed)
            .with_status(StatusCode::UNSUPPORTED_MEDIA_TYPE)
            .with_detail("Send the file as text/csv (the export's format)."));
    }
    let dry_run = query.dry_run.unwrap_or(true);
    let report = import(&state, admin.actor(), &body.bytes, dry_run).await?;
    let status = if report.errors.is_empty() {
        StatusCode::OK
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    };
    Ok((status, Json(report)).into_response())
}
