//! Admins: the app referral programme's terms (SPEC §10, §15).

use crate::http::error::{ApiError, ApiResult, FieldError, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::{Admin, RequireRole};
use crate::http::state::AppState;
use axum::Json;
use axum::extract::State;
use uplink_db::audit::{AuditEntry, StaffWrite};
use uplink_domain::error_code::ErrorCode;
use uplink_domain::referrals::ReferralTerms;

/// The programme's terms: the flags GET_REFERRAL_CODE and REFERRAL_CODE,
/// the referee's discount, the rewards per product type, the windows and
/// the yearly cap.
#[utoipa::path(get, path = "/admin/referral-terms", tag = "admin",
    responses(
        (status = 200, body = ReferralTerms),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: admins only", body = Problem),
    ))]
pub async fn get_referral_terms(
    State(state): State<AppState>,
    _admin: RequireRole<Admin>,
) -> ApiResult<Json<ReferralTerms>> {
    let mut conn = state.db.pool().acquire().await?;
    Ok(Json(crate::commerce::referral::terms(&mut conn).await?))
}

/// Replaces the programme's terms (every field; each checked, with a field
/// error naming it). Rewards already earned keep their value.
#[utoipa::path(put, path = "/admin/referral-terms", tag = "admin",
    request_body = ReferralTerms,
    responses(
        (status = 200, body = ReferralTerms),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`forbidden`: admins only; `csrf_failed`", body = Problem),
        (status = 422, description = "`validation_failed` with a field error each", body = Problem),
    ))]
pub async fn put_referral_terms(
    State(state): State<AppState>,
    RequireRole(admin, _): RequireRole<Admin>,
    ApiJson(terms): ApiJson<ReferralTerms>,
) -> ApiResult<Json<ReferralTerms>> {
    terms.validate().map_err(|errors| {
        ApiError::validation(
            errors
                .into_iter()
                .map(|e| FieldError::new(e.field, ErrorCode::ValidationFailed, e.message))
                .collect(),
        )
    })?;
    let json = serde_json::to_string(&terms).map_err(ApiError::internal)?;
    let mut write = StaffWrite::begin(&state.db, admin.actor()).await?;
    let before = uplink_db::referrals::terms_json(write.tx()).await?;
    uplink_db::referrals::set_terms_json(write.tx(), &json).await?;
    let before: Option<serde_json::Value> = before.and_then(|b| serde_json::from_str(&b).ok());
    write.record(
        AuditEntry::new("referral_terms.update", "referral_terms", "app")
            .summary("App referral programme terms changed")
            .before(&before)
            .after(&terms),
    );
    write.commit().await?;
    Ok(Json(terms))
}
