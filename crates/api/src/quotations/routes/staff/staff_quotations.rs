//! Sales' side: the queue, one quotation (opening it moves it to review),
//! pricing it against a version, sending and declining.

use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::{ApiJson, ApiQuery};
use crate::http::identity::{RequireRole, Sales};
use crate::http::state::AppState;
use crate::quotations::dto::{
    QuotationCommentRequest, QuotationDetail, QuotationSummary, StaffQuotationEdit,
};
use crate::quotations::load;
use crate::quotations::routes::{parse_search, parse_statuses, staff_view};
use crate::quotations::staff_edit::apply;
use crate::quotations::view::{Viewer, summary};
use crate::quotations::workflow::{Author, MAX_COMMENT_CHARS, check_text, transition};
use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;
use uplink_db::now_ms;
use uplink_db::quotations::QuotationFilter;
use uplink_domain::error_code::ErrorCode;
use uplink_domain::quotations::{QuotationAction, QuotationStatus};
use utoipa::IntoParams;

const DAY_MS: i64 = 86_400_000;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StaffQuotationQuery {
    /// Statuses, comma-separated; default: waiting for sales (submitted, in review, revision requested).
    pub status: Option<String>,
    /// Part of the number, a product, or the customer's e-mail, name or company.
    pub q: Option<String>,
    /// Only those submitted at least this many days ago (0–365).
    pub older_than_days: Option<i64>,
}

/// The quotations queue (sales staff): the longest waiting first, at most 200.
#[utoipa::path(get, path = "/staff/quotations", tag = "admin", params(StaffQuotationQuery),
    responses(
        (status = 200, body = [QuotationSummary]),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: not sales staff", body = Problem),
        (status = 422, description = "`validation_failed`", body = Problem),
    ))]
pub async fn list_staff_quotations(
    State(state): State<AppState>,
    _staff: RequireRole<Sales>,
    ApiQuery(query): ApiQuery<StaffQuotationQuery>,
) -> ApiResult<Json<Vec<QuotationSummary>>> {
    let mut statuses = parse_statuses(query.status.as_deref())?;
    if query.status.is_none() {
        statuses = vec![
            QuotationStatus::Submitted.as_str(),
            QuotationStatus::InReview.as_str(),
            QuotationStatus::RevisionRequested.as_str(),
        ];
    }
    let search = parse_search(query.q.as_deref())?;
    let submitted_before = match query.older_than_days {
        None => None,
        Some(d) if (0..=365).contains(&d) => Some(now_ms() - d * DAY_MS),
        Some(_) => {
            return Err(ApiError::field(
                "older_than_days",
                ErrorCode::ValidationFailed,
                "Give an age between 0 and 365 days.",
            ));
        }
    };
    let rows = state
        .db
        .quotations(&QuotationFilter {
            user_id: None,
            statuses: &statuses,
            search: &search,
            submitted_before,
            limit: 200,
        })
        .await?;
    Ok(Json(
        rows.iter().map(|r| summary(r, Viewer::Staff)).collect(),
    ))
}

/// One quotation (sales staff). Opening a submitted quotation, or one with
/// a revision requested, moves it to `in_review` with the caller as its
/// sales person.
#[utoipa::path(get, path = "/staff/quotations/{number}", tag = "admin",
    params(("number" = String, Path, description = "Quotation number")),
    responses(
        (status = 200, body = QuotationDetail),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: not sales staff", body = Problem),
        (status = 404, description = "`not_found`", body = Problem),
    ))]
pub async fn get_staff_quotation(
    State(state): State<AppState>,
    RequireRole(staff, _): RequireRole<Sales>,
    Path(number): Path<String>,
) -> ApiResult<Json<QuotationDetail>> {
    let q = load(&state, &number).await?;
    if matches!(
        q.status(),
        QuotationStatus::Submitted | QuotationStatus::RevisionRequested
    ) {
        let opened = transition(
            &state,
            &q,
            QuotationAction::Open,
            &Author::staff(&staff.user),
            "",
        )
        .await;
        if let Err(e) = opened
            && e.code != ErrorCode::InvalidTransition
        {
            return Err(e);
        }
        // (Another sales person opening it at the same moment is fine: it is in review.)
    }
    Ok(Json(staff_view(&state, &number).await?))
}

/// Prices an in-review quotation (sales staff): per line a percent off,
/// an amount off or a proposed total (`null`: catalogue price), the
/// shipping price, valid-until and a comment. `version` must be the one
/// loaded: otherwise 409 `version_conflict` (with the current `version`) and
/// nothing changes.
#[utoipa::path(patch, path = "/staff/quotations/{number}", tag = "admin", request_body = StaffQuotationEdit,
    params(("number" = String, Path, description = "Quotation number")),
    responses(
        (status = 200, body = QuotationDetail),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: not sales staff", body = Problem),
        (status = 404, description = "`not_found`", body = Problem),
        (status = 409, description = "`version_conflict` (with `version`), `invalid_transition` (not in review)", body = Problem),
        (status = 422, description = "`validation_failed` (fields `lines[i].quote`, `shipping_cents`, `valid_until`, `comment`)", body = Problem),
    ))]
pub async fn edit_staff_quotation(
    State(state): State<AppState>,
    RequireRole(staff, _): RequireRole<Sales>,
    Path(number): Path<String>,
    ApiJson(edit): ApiJson<StaffQuotationEdit>,
) -> ApiResult<Json<QuotationDetail>> {
    let q = load(&state, &number).await?;
    apply(&state, &q, &Author::staff(&staff.user), &edit).await?;
    Ok(Json(staff_view(&state, &number).await?))
}

async fn act(
    state: &AppState,
    staff: &crate::http::identity::AuthUser,
    number: &str,
    action: QuotationAction,
    req: Option<QuotationCommentRequest>,
) -> ApiResult<Json<QuotationDetail>> {
    let q = load(state, number).await?;
    let text = req.and_then(|r| r.comment).unwrap_or_default();
    let comment = check_text("comment", &text, MAX_COMMENT_CHARS, false)?;
    transition(state, &q, action, &Author::staff(&staff.user), &comment).await?;
    Ok(Json(staff_view(state, number).await?))
}

/// Sends the prices to the buyer (`in_review → quoted`), valid until the
/// date set (default 30 days from now); the buyer is e-mailed.
#[utoipa::path(post, path = "/staff/quotations/{number}/send", tag = "admin",
    request_body(content = QuotationCommentRequest, description = "Optional comment for the buyer; send `{}` for none"),
    params(("number" = String, Path, description = "Quotation number")),
    responses(
        (status = 200, body = QuotationDetail),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: not sales staff", body = Problem),
        (status = 404, description = "`not_found`", body = Problem),
        (status = 409, description = "`invalid_transition` (with `quotation_status`)", body = Problem),
        (status = 422, description = "`validation_failed`: comment", body = Problem),
    ))]
pub async fn send_quotation(
    State(state): State<AppState>,
    RequireRole(staff, _): RequireRole<Sales>,
    Path(number): Path<String>,
    ApiJson(req): ApiJson<QuotationCommentRequest>,
) -> ApiResult<Json<QuotationDetail>> {
    act(&state, &staff, &number, QuotationAction::Send, Some(req)).await
}

/// Declines the request (sales staff); the buyer can still buy at catalogue prices.
#[utoipa::path(post, path = "/staff/quotations/{number}/decline", tag = "admin",
    request_body(content = QuotationCommentRequest, description = "Optional reason for the buyer; send `{}` for none"),
    params(("number" = String, Path, description = "Quotation number")),
    responses(
        (status = 200, body = QuotationDetail),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: not sales staff", body = Problem),
        (status = 404, description = "`not_found`", body = Problem),
        (status = 409, description = "`invalid_transition` (with `quotation_status`)", body = Problem),
        (status = 422, description = "`validation_failed`: comment", body = Problem),
    ))]
pub async fn decline_quotation(
    State(state): State<AppState>,
    RequireRole(staff, _): RequireRole<Sales>,
    Path(number): Path<String>,
    ApiJson(req): ApiJson<QuotationCommentRequest>,
) -> ApiResult<Json<QuotationDetail>> {
    act(&state, &staff, &number, QuotationAction::Decline, Some(req)).await
}
