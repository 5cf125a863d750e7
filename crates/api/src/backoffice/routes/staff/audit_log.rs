//! The audit log (SPEC §15): every staff write's entry — who, when, which
//! action, the resource, before and after — read back filtered, a page at a
//! time or as CSV. Nothing here (or anywhere) changes an entry.

use crate::http::error::{ApiError, ApiResult, FieldError, Problem};
use crate::http::extract::ApiQuery;
use crate::http::identity::{Admin, RequireRole};
use crate::http::state::AppState;
use crate::platform::timefmt::{day_start_ms, rfc3339};
use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use uplink_db::audit::{AuditFilter, AuditRow};
use uplink_domain::error_code::ErrorCode;
use utoipa::{IntoParams, ToSchema};

const DAY_MS: i64 = 86_400_000;
/// The most rows one CSV export holds (newest first).
const CSV_LIMIT: i64 = 10_000;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditLogParams {
    /// A staff member's e-mail or user id.
    pub actor: Option<String>,
    /// An action, e.g. `order.refund`, `product.update`.
    pub action: Option<String>,
    /// A resource type: `order`, `product`, `store`, `coupon`, `customer`, `quotation` …
    pub resource_type: Option<String>,
    /// One resource's id or number (`UL-000123`).
    pub resource_id: Option<String>,
    /// From this UTC day (`YYYY-MM-DD`), inclusive.
    pub from: Option<String>,
    /// To this UTC day (`YYYY-MM-DD`), inclusive.
    pub to: Option<String>,
    /// The page's cursor: entries older than this id (`next_before` of the previous page).
    pub before: Option<i64>,
    /// Entries per page (1–200, default 50).
    pub limit: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AuditEntryDto {
    pub id: i64,
    pub at: String,
    pub actor_id: String,
    pub actor_email: String,
    pub action: String,
    pub resource_type: String,
    pub resource_id: String,
    pub summary: String,
    /// The resource before the change (`null` for a creation).
    pub before: Option<serde_json::Value>,
    pub after: Option<serde_json::Value>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AuditLogPage {
    pub items: Vec<AuditEntryDto>,
    /// Pass as `before` for the next (older) page; `null` on the last page.
    pub next_before: Option<i64>,
}

fn non_empty(v: &Option<String>) -> Option<String> {
    v.as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

fn day(field: &str, value: &Option<String>) -> ApiResult<Option<i64>> {
    match non_empty(value) {
        None => Ok(None),
        Some(d) => day_start_ms(&d).map(Some).ok_or_else(|| {
            ApiError::validation(vec![FieldError::new(
                field,
                ErrorCode::ValidationFailed,
                "Give the day as YYYY-MM-DD.",
            )])
        }),
    }
}

fn filter(p: &AuditLogParams, limit: i64) -> ApiResult<AuditFilter> {
    Ok(AuditFilter {
        actor: non_empty(&p.actor),
        action: non_empty(&p.action),
        resource_type: non_empty(&p.resource_type),
        resource_id: non_empty(&p.resource_id),
        from_ms: day("from", &p.from)?,
        to_ms: day("to", &p.to)?.map(|d| d + DAY_MS),
        before_id: p.before,
        limit,
    })
}

fn json(v: &Option<String>) -> Option<serde_json::Value> {
    v.as_deref().and_then(|s| serde_json::from_str(s).ok())
}

fn dto(r: AuditRow) -> AuditEntryDto {
    AuditEntryDto {
        before: json(&r.before_json),
        after: json(&r.after_json),
        id: r.id,
        at: rfc3339(r.at),
        actor_id: r.actor_id,
        actor_email: r.actor_email,
        action: r.action,
        resource_type: r.resource_type,
        resource_id: r.resource_id,
        summary: r.summary,
    }
}

/// Audit log entries, newest first, filtered (admins only).
#[utoipa::path(get, path = "/admin/audit-log", tag = "admin", params(AuditLogParams),
    responses(
        (status = 200, body = AuditLogPage),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`", body = Problem),
        (status = 422, description = "`validation_failed`: `from` or `to` is not a day", body = Problem),
    ))]
pub async fn audit_log(
    State(state): State<AppState>,
    _admin: RequireRole<Admin>,
    ApiQuery(p): ApiQuery<AuditLogParams>,
) -> ApiResult<Json<AuditLogPage>> {
    let limit = p.limit.unwrap_or(50).clamp(1, 200);
    // One more than the page tells whether an older page exists, without a count.
    let mut rows = state.db.audit_entries(&filter(&p, limit + 1)?).await?;
    let more = rows.len() as i64 > limit;
    rows.truncate(limit as usize);
    let next_before = if more {
        rows.last().map(|r| r.id)
    } else {
        None
    };
    Ok(Json(AuditLogPage {
        items: rows.into_iter().map(dto).collect(),
        next_before,
    }))
}

/// The filtered audit log as CSV, newest first, at most 10,000 rows (admins only).
#[utoipa::path(get, path = "/admin/audit-log.csv", tag = "admin", params(AuditLogParams),
    responses(
        (status = 200, content_type = "text/csv", description = "id, at, actor, action, resource, summary, before, after"),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`", body = Problem),
        (status = 422, description = "`validation_failed`", body = Problem),
    ))]
pub async fn audit_log_csv(
    State(state): State<AppState>,
    _admin: RequireRole<Admin>,
    ApiQuery(p): ApiQuery<AuditLogParams>,
) -> ApiResult<Response> {
    let rows = state.db.audit_entries(&filter(&p, CSV_LIMIT)?).await?;
    let mut w = csv::Writer::from_writer(Vec::new());
    let header = [
        "id",
        "at",
        "actor_email",
        "actor_id",
        "action",
        "resource_type",
        "resource_id",
        "summary",
        "before",
        "after",
    ];
    w.write_record(header).map_err(ApiError::internal)?;
    for r in rows {
        let record = [
            r.id.to_string(),
            rfc3339(r.at),
            r.actor_email,
            r.actor_id,
            r.action,
            r.resource_type,
            r.resource_id,
            r.summary,
            r.before_json.unwrap_or_default(),
            r.after_json.unwrap_or_default(),
        ];
        w.write_record(&record).map_err(ApiError::internal)?;
    }
    let body = w.into_inner().map_err(ApiError::internal)?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"audit-log.csv\"",
            ),
            (header::CACHE_CONTROL, "private, no-store"),
        ],
        body,
    )
        .into_response())
}
