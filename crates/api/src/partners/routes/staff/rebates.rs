//! Staff: partner rebates awaiting payout, and recording a payout.

use crate::http::error::{ApiError, ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::{Admin, RequireRole};
use crate::http::state::AppState;
use crate::partners::dto::{MarkPaidRequest, PayoutDto, PayoutDueDto, StaffRebates};
use crate::partners::ledger::CURRENCY;
use crate::platform::money::{MoneyDto, money_text};
use crate::platform::timefmt::rfc3339;
use axum::Json;
use axum::extract::{Path, State};
use uplink_db::partners::PayoutRefused;
use uplink_domain::error_code::ErrorCode;

/// Every partner with rebates available (to pay out) or pending (still in
/// the return window), most owed first.
#[utoipa::path(get, path = "/staff/rebates", tag = "admin",
    responses(
        (status = 200, body = StaffRebates),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: admins only", body = Problem),
    ))]
pub async fn staff_rebates(
    State(state): State<AppState>,
    _admin: RequireRole<Admin>,
) -> ApiResult<Json<StaffRebates>> {
    let mut conn = state.db.pool().acquire().await?;
    let rows = uplink_db::partners::payouts_due(&mut conn).await?;
    Ok(Json(StaffRebates {
        partners: rows
            .into_iter()
            .map(|r| PayoutDueDto {
                id: r.partner_id,
                partner_name: r.name,
                referral_code: r.referral_code,
                available: MoneyDto::new(r.available_cents, CURRENCY),
                available_entries: r.available_entries,
                pending: MoneyDto::new(r.pending_cents, CURRENCY),
                last_paid_at: r.last_paid_at.map(rfc3339),
            })
            .collect(),
    }))
}

/// Marks every available rebate of partner `id` paid, as one payout with
/// the given reference. `amount_cents` must be the available amount staff
/// saw: when entries matured, were clawed back or paid meanwhile, the
/// payout is refused with `version_conflict` and the current amount.
#[utoipa::path(post, path = "/staff/rebates/{id}/mark-paid", tag = "admin",
    request_body = MarkPaidRequest,
    params(("id" = String, Path, description = "The partner's id (from `GET /staff/rebates`)")),
    responses(
        (status = 200, body = PayoutDto),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: admins only; `csrf_failed`", body = Problem),
        (status = 404, description = "`not_found`: no such partner", body = Problem),
        (status = 409, description = "`version_conflict` (with `available_cents`): the amount changed", body = Problem),
        (status = 422, description = "`validation_failed`: no reference, or nothing available to pay", body = Problem),
    ))]
pub async fn mark_rebates_paid(
    State(state): State<AppState>,
    RequireRole(staff, _): RequireRole<Admin>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<MarkPaidRequest>,
) -> ApiResult<Json<PayoutDto>> {
    let reference = req.reference.trim();
    if reference.is_empty()
        || reference.chars().count() > 100
        || reference.chars().any(char::is_control)
    {
        return Err(ApiError::field(
            "reference",
            ErrorCode::ValidationFailed,
            "Enter the payout's bank or transfer reference (at most 100 characters).",
        ));
    }
    let mut tx = state.db.begin_write().await?;
    if uplink_db::partners::partner_by_id(&mut tx, &id)
        .await?
        .is_none()
    {
        return Err(ApiError::not_found("This partner"));
    }
    let paid = uplink_db::partners::pay_out(
        &mut tx,
        &id,
        req.amount_cents,
        reference,
        &staff.user.email,
        uplink_db::now_ms(),
    )
    .await?;
    let payout = match paid {
        Ok(p) => p,
        // Dropping the transaction rolls the entries back.
        Err(PayoutRefused::NothingAvailable) => {
            return Err(ApiError::field(
                "amount_cents",
                ErrorCode::ValidationFailed,
                "This partner has no available rebates to pay.",
            ));
        }
        Err(PayoutRefused::AmountChanged(now)) => {
            return Err(ApiError::new(ErrorCode::VersionConflict)
                .with_detail(format!(
                    "The available amount is now {}; reload and pay that amount.",
                    money_text(now, CURRENCY)
                ))
                .with_extra("available_cents", now));
        }
    };
    let audit = uplink_db::audit::AuditEntry::new("rebates.pay_out", "partner", id.clone())
        .summary(format!(
            "Rebates of {} paid out (ref. {reference})",
            money_text(payout.amount_cents, CURRENCY)
        ))
        .after(&serde_json::json!({ "amount_cents": payout.amount_cents, "reference": reference, "entries": payout.entries }));
    uplink_db::audit::append_in(&mut tx, &staff.actor(), &audit).await?;
    tx.commit().await?;
    Ok(Json(PayoutDto {
        id: payout.id,
        partner_id: payout.partner_id,
        amount: MoneyDto::new(payout.amount_cents, CURRENCY),
        entries: payout.entries,
        reference: payout.reference,
        paid_by: payout.paid_by,
        created_at: rfc3339(payout.created_at),
    }))
}
