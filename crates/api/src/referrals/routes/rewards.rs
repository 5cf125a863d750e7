use crate::http::error::{ApiResult, Problem};
use crate::http::extract::ApiJson;
use crate::http::identity::AuthUser;
use crate::http::state::AppState;
use crate::platform::money::MoneyDto;
use crate::platform::timefmt::rfc3339;
use crate::referrals::dto::{RewardCouponDto, RewardList, SfcRedemption, SfcRedemptionRequest};
use crate::referrals::rewards::{CURRENCY, convert_to_coupon, reward_dto, totals};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use uplink_db::referrals as q;

/// The customer's referral rewards (newest first), the coupons made from
/// them, and the totals by status.
#[utoipa::path(get, path = "/me/rewards", tag = "account",
    responses(
        (status = 200, body = RewardList),
        (status = 401, description = "`unauthenticated`", body = Problem),
    ))]
pub async fn list_rewards(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<RewardList>> {
    let mut conn = state.db.pool().acquire().await?;
    let rows = q::rewards_of(&mut conn, auth.id()).await?;
    let coupons = q::reward_coupons_of(&mut conn, auth.id()).await?;
    Ok(Json(RewardList {
        totals: totals(&rows),
        rewards: rows.into_iter().map(reward_dto).collect(),
        coupons: coupons
            .into_iter()
            .map(|c| RewardCouponDto {
                code: c.code,
                value: MoneyDto::new(c.amount_cents, CURRENCY),
                expires_at: c.ends_at.map(rfc3339),
                used: c.times_used > 0,
            })
            .collect(),
    }))
}

/// Converts every available coupon reward into one single-use coupon for
/// their value, valid 12 months, usable in any store by this customer.
/// Exactly once: of two requests at once, the second finds nothing left.
#[utoipa::path(post, path = "/me/rewards/coupon", tag = "account",
    responses(
        (status = 201, body = RewardCouponDto),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`csrf_failed`", body = Problem),
        (status = 422, description = "`validation_failed`: no rewards available", body = Problem),
    ))]
pub async fn convert_rewards_to_coupon(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<(StatusCode, Json<RewardCouponDto>)> {
    Ok((
        StatusCode::CREATED,
        Json(convert_to_coupon(&state, &auth.user).await?),
    ))
}

/// Redeems every available cloud-plan (SFC) reward on one of the customer's
/// cloud subscriptions: data for a metered plan, days for an unlimited one,
/// in proportion to the plan's price; never past the 3-year cap. Without
/// `confirm` it only previews.
#[utoipa::path(post, path = "/me/rewards/sfc-redemption", tag = "account",
    request_body = SfcRedemptionRequest,
    responses(
        (status = 200, body = SfcRedemption),
        (status = 401, description = "`unauthenticated`", body = Problem),
        (status = 403, description = "`csrf_failed`", body = Problem),
        (status = 404, description = "`not_found`: not one of the customer's subscriptions", body = Problem),
        (status = 409, description = "`plan_not_stackable` (with `days_left`): past the 3-year cap; `version_conflict`: the rewards or plan changed", body = Problem),
        (status = 422, description = "`validation_failed`: no rewards, an ended plan, too little value", body = Problem),
    ))]
pub async fn redeem_sfc_rewards(
    State(state): State<AppState>,
    auth: AuthUser,
    ApiJson(req): ApiJson<SfcRedemptionRequest>,
) -> ApiResult<Json<SfcRedemption>> {
    Ok(Json(
        crate::referrals::rewards::redeem_sfc_rewards(&state, &auth.user, &req).await?,
    ))
}
