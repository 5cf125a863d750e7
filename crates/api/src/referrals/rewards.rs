//! A referrer's rewards (SPEC §10, D103): what they show, converting the
//! available ones into one coupon, and redeeming cloud-plan rewards as data
//! or days on the referrer's own subscription. Each redemption takes the
//! rewards with a conditional update, so two requests at once cannot spend
//! a reward twice.

use crate::http::error::{ApiError, ApiResult};
use crate::http::state::AppState;
use crate::platform::money::MoneyDto;
use crate::platform::timefmt::rfc3339;
use crate::referrals::dto::{
    RewardCouponDto, RewardDto, RewardTotals, SfcRedemption, SfcRedemptionRequest,
};
use uplink_db::accounts::UserRow;
use uplink_db::referrals::{self as q, RewardRow};
use uplink_domain::error_code::ErrorCode;
use uplink_domain::money::Money;
use uplink_domain::plans::{ActivePlan, Allowance};
use uplink_domain::referrals::{PlanValue, SfcRefusal, redeem_sfc};

/// Rewards are in the stores' currency.
pub const CURRENCY: &str = "USD";

/// The link a customer shares: the referral store, with their code.
pub fn share_url(state: &AppState, code: &str) -> String {
    format!("{}/m/referral/?ref={code}", state.config.public_url)
}

pub fn reward_dto(r: RewardRow) -> RewardDto {
    RewardDto {
        value: MoneyDto::new(r.value_cents, &r.currency),
        id: r.id,
        kind: r.kind,
        status: r.status,
        earned_at: rfc3339(r.created_at),
        available_at: r.available_at.map(rfc3339),
        expires_at: r.expires_at.map(rfc3339),
        redeemed_at: r.redeemed_at.map(rfc3339),
        redeemed_as: r.redeemed_as,
    }
}

/// The rewards summed by status and kind.
pub fn totals(rows: &[RewardRow]) -> RewardTotals {
    let sum = |f: &dyn Fn(&RewardRow) -> bool| {
        MoneyDto::new(
            rows.iter().filter(|r| f(r)).map(|r| r.value_cents).sum(),
            CURRENCY,
        )
    };
    let mut orders: Vec<&str> = rows
        .iter()
        .filter(|r| r.status != "cancelled")
        .map(|r| r.order_id.as_str())
        .collect();
    orders.sort_unstable();
    orders.dedup();
    RewardTotals {
        pending: sum(&|r| r.status == "pending"),
        available_coupon: sum(&|r| r.status == "available" && r.kind == "coupon"),
        available_sfc: sum(&|r| r.status == "available" && r.kind == "sfc"),
        redeemed: sum(&|r| r.status == "redeemed"),
        expired: sum(&|r| r.status == "expired"),
        referred_orders: orders.len() as i64,
    }
}

/// `now` plus `months` calendar months, in unix ms.
pub fn months_after(now: i64, months: i64) -> i64 {
    let t = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(now) * 1_000_000)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    let date = uplink_domain::plans::add_months(t.date(), months.clamp(0, 1_200) as u32);
    now + (date - t.date()).whole_milliseconds() as i64
}

/// Converts every available coupon reward into one single-use coupon for
/// their value, valid for the programme's reward validity, usable in any
/// store by its owner only.
pub async fn convert_to_coupon(state: &AppState, user: &UserRow) -> ApiResult<RewardCouponDto> {
    let now = uplink_db::now_ms();
    let code = format!("RWD-{}", uplink_domain::referrals::new_code());
    let mut tx = state.db.begin_write().await?;
    let terms = crate::commerce::referral::terms(&mut tx).await?;
    let taken = q::redeem_rewards(&mut tx, &user.id, "coupon", None, &code, now).await?;
    if taken.is_empty() {
        return Err(ApiError::new(ErrorCode::ValidationFailed).with_detail(
            "No rewards are available to convert yet: rewards become available when a friend's order passes its 14-day return window.",
        ));
    }
    let value: i64 = taken.iter().map(|r| r.value_cents).sum();
    let ends = months_after(now, terms.reward_validity_months);
    q::insert_reward_coupon(&mut tx, &code, &user.id, value, ends, now).await?;
    tx.commit().await?;
    Ok(RewardCouponDto {
        code,
        value: MoneyDto::new(value, CURRENCY),
        expires_at: Some(rfc3339(ends)),
        used: false,
    })
}

/// Previews or makes the redemption of every available SFC reward on one
/// of the customer's cloud subscriptions (SPEC §4.3: data for a metered
/// plan, days for an unlimited one; never past the 3-year cap).
pub async fn redeem_sfc_rewards(
    state: &AppState,
    user: &UserRow,
    req: &SfcRedemptionRequest,
) -> ApiResult<SfcRedemption> {
    let snap = state.catalog.snapshot().await.map_err(ApiError::from)?;
    let now = uplink_db::now_ms();
    let mut tx = state.db.begin_write().await?;
    let sub = q::held_subscription(&mut tx, &user.id, &req.subscription_id)
        .await?
        .ok_or_else(|| ApiError::not_found("This subscription"))?;
    let rewards: Vec<RewardRow> = q::rewards_of(&mut tx, &user.id)
        .await?
        .into_iter()
        .filter(|r| r.kind == "sfc" && r.status == "available")
        .filter(|r| r.expires_at.is_none_or(|e| e > now))
        .collect();
    if rewards.is_empty() {
        return Err(ApiError::new(ErrorCode::ValidationFailed)
            .with_detail("No cloud-plan rewards are available to redeem yet."));
    }
    let value = Money::from_cents(rewards.iter().map(|r| r.value_cents).sum());
    let plan = plan_value(&snap, &sub).ok_or_else(|| {
        ApiError::field(
            "subscription_id",
            ErrorCode::ValidationFailed,
            "This plan is no longer sold, so a reward cannot be valued against it; choose another subscription.",
        )
    })?;
    let active = ActivePlan {
        allowance: match sub.allowance_mb {
            Some(mb) => Allowance::Metered {
                mb: mb - sub.used_mb,
            },
            None => Allowance::Unlimited,
        },
        expires_at: crate::commerce::delivery::context::datetime_of_ms(sub.expires_at),
    };
    let done = redeem_sfc(
        active,
        plan,
        value,
        crate::commerce::delivery::context::datetime_of_ms(now),
    )
    .map_err(refusal)?;
    let expires_at = crate::commerce::delivery::context::ms_of_datetime(done.expires_at);
    let answer = SfcRedemption {
        subscription_id: sub.id.clone(),
        serial: sub.serial.clone(),
        plan: sub.name.clone(),
        rewards: rewards.len() as i64,
        value: MoneyDto::new(value.cents(), CURRENCY),
        added_mb: done.added_mb,
        added_days: done.added_days,
        remaining_mb: match done.allowance {
            Allowance::Metered { mb } => Some(mb),
            Allowance::Unlimited => None,
        },
        expires_at: rfc3339(expires_at),
        applied: req.confirm,
    };
    if !req.confirm {
        return Ok(answer);
    }
    let ids: Vec<String> = rewards.iter().map(|r| r.id.clone()).collect();
    let what = format!("subscription {} ({})", sub.id, sub.serial);
    let taken = q::redeem_rewards(&mut tx, &user.id, "sfc", Some(&ids), &what, now).await?;
    let mut updated = sub.clone();
    updated.allowance_mb = sub.allowance_mb.map(|a| a + done.added_mb);
    updated.expires_at = expires_at;
    updated.updated_at = now;
    let applied = taken.len() == rewards.len()
        && uplink_db::delivery::update_subscription_if(
            &mut tx,
            &updated,
            sub.updated_at,
            sub.expires_at,
        )
        .await?;
    if !applied {
        // Dropping the transaction puts the rewards back.
        return Err(ApiError::new(ErrorCode::VersionConflict).with_detail(
            "Your rewards or this plan changed meanwhile; look at the preview again.",
        ));
    }
    tx.commit().await?;
    Ok(answer)
}

/// What the subscription's plan costs for what it gives (its price in the
/// customer's default store).
fn plan_value(
    snap: &crate::read_model::Snapshot,
    sub: &uplink_db::delivery::SubscriptionRow,
) -> Option<PlanValue> {
    let idx = snap.product_by_sku(&sub.sku)?;
    let p = snap.product(idx);
    let price = snap
        .offer(snap.default_store, idx)
        .map_or(p.list_price, |o| o.price);
    Some(PlanValue {
        price: Money::from_cents(price),
        allowance: match p.data_mb {
            Some(mb) => Allowance::Metered { mb },
            None => Allowance::Unlimited,
        },
        validity_days: p.validity_days.unwrap_or(365),
    })
}

fn refusal(r: SfcRefusal) -> ApiError {
    match r {
        SfcRefusal::Expired => ApiError::field(
            "subscription_id",
            ErrorCode::ValidationFailed,
            "This plan has ended; redeem your rewards on an active plan.",
        ),
        SfcRefusal::TooSmall => ApiError::field(
            "subscription_id",
            ErrorCode::ValidationFailed,
            "Your rewards are worth less than one day or one MB of this plan; wait for more.",
        ),
        SfcRefusal::PastCap { days_left } => ApiError::new(ErrorCode::PlanNotStackable)
            .with_detail(format!(
                "Plans run at most 3 years ahead: this one can take {days_left} more days; choose another plan."
            ))
            .with_extra("days_left", days_left),
    }
}
