use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiQuery;
use crate::http::identity::{Partner, RequireRole};
use crate::http::state::AppState;
use crate::partners::account::partner_of;
use crate::partners::dto::RebateLedger;
use crate::partners::ledger::{csv, entry_dto, totals_dto};
use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use uplink_db::partners::LedgerFilter;
use uplink_domain::error_code::ErrorCode;
use utoipa::IntoParams;

const PAGE_SIZE: i64 = 50;
/// Most entries one CSV export holds.
const CSV_LIMIT: i64 = 100_000;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RebateQuery {
    /// `pending`, `available`, `paid` or `cancelled`.
    pub status: Option<String>,
    /// Entries created on or after this day (`YYYY-MM-DD`, UTC).
    pub from: Option<String>,
    /// Entries created on or before this day (`YYYY-MM-DD`, UTC).
    pub to: Option<String>,
    /// 1-based page of 50 entries.
    pub page: Option<i64>,
}

/// The filters, checked (422 naming the field).
fn filter_of(q: &RebateQuery) -> ApiResult<LedgerFilter> {
    let status = match q.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(s @ ("pending" | "available" | "paid" | "cancelled")) => Some(s.to_owned()),
        Some(_) => {
            return Err(ApiError::field(
                "status",
                ErrorCode::ValidationFailed,
                "Choose pending, available, paid or cancelled.",
            ));
        }
    };
    let day = |field: &str, value: Option<&str>, end: bool| -> ApiResult<Option<i64>> {
        let Some(v) = value.map(str::trim).filter(|v| !v.is_empty()) else {
            return Ok(None);
        };
        let format = time::macros::format_description!("[year]-[month]-[day]");
        let date = time::Date::parse(v, &format).map_err(|_| {
            ApiError::field(
                field,
                ErrorCode::ValidationFailed,
                "Give the day as YYYY-MM-DD.",
            )
        })?;
        let date = if end {
            date.next_day().unwrap_or(date)
        } else {
            date
        };
        Ok(Some(date.midnight().assume_utc().unix_timestamp() * 1000))
    };
    let page = q.page.unwrap_or(1).clamp(1, 100_000);
    Ok(LedgerFilter {
        status,
        from: day("from", q.from.as_deref(), false)?,
        to: day("to", q.to.as_deref(), true)?,
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
    })
}

/// The partner's rebate ledger, newest first, with totals over the whole
/// ledger: each eligible line's rebate and each claw-back, by status.
#[utoipa::path(get, path = "/partner/rebates", tag = "partners", params(RebateQuery),
    responses(
        (status = 200, body = RebateLedger),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: partners only", body = Problem),
        (status = 422, description = "`validation_failed`: a filter", body = Problem),
    ))]
pub async fn partner_rebates(
    State(state): State<AppState>,
    RequireRole(auth, _): RequireRole<Partner>,
    ApiQuery(query): ApiQuery<RebateQuery>,
) -> ApiResult<Json<RebateLedger>> {
    let partner = partner_of(&state, &auth.user).await?;
    let filter = filter_of(&query)?;
    let mut conn = state.db.pool().acquire().await?;
    let items = uplink_db::partners::ledger(&mut conn, &partner.id, &filter).await?;
    let total = uplink_db::partners::ledger_count(&mut conn, &partner.id, &filter).await?;
    let totals = uplink_db::partners::ledger_totals(&mut conn, &partner.id).await?;
    Ok(Json(RebateLedger {
        items: items.into_iter().map(entry_dto).collect(),
        total,
        page: filter.offset / PAGE_SIZE + 1,
        page_size: PAGE_SIZE,
        totals: totals_dto(&totals),
    }))
}

/// The ledger as CSV (the same filters; every matching entry, not a page).
#[utoipa::path(get, path = "/partner/rebates.csv", tag = "partners", params(RebateQuery),
    responses(
        (status = 200, content_type = "text/csv", body = String, description = "One row per entry, a header row first"),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: partners only", body = Problem),
        (status = 422, description = "`validation_failed`: a filter", body = Problem),
    ))]
pub async fn partner_rebates_csv(
    State(state): State<AppState>,
    RequireRole(auth, _): RequireRole<Partner>,
    ApiQuery(query): ApiQuery<RebateQuery>,
) -> ApiResult<Response> {
    let partner = partner_of(&state, &auth.user).await?;
    let filter = LedgerFilter {
        limit: CSV_LIMIT,
        offset: 0,
        ..filter_of(&query)?
    };
    let mut conn = state.db.pool().acquire().await?;
    let items: Vec<_> = uplink_db::partners::ledger(&mut conn, &partner.id, &filter)
        .await?
        .into_iter()
        .map(entry_dto)
        .collect();
    let body = csv(&items).map_err(ApiError::internal)?;
    let name = format!(
        "attachment; filename=\"rebates-{}.csv\"",
        partner.referral_code.to_ascii_lowercase()
    );
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, name),
        ],
        body,
    )
        .into_response())
}
