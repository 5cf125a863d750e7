//! What the referral endpoints answer and take.

use crate::platform::money::MoneyDto;
use crate::read_model::cards::StoreDto;
use serde::{Deserialize, Serialize};
use uplink_domain::referrals::ReferralTerms;
use utoipa::ToSchema;

/// A customer's code and where to share it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReferralCode {
    #[schema(example = "K7M2X9QA")]
    pub code: String,
    /// Opens the referral store with the code remembered for 30 days.
    pub share_url: String,
}

/// Rewards summed by status.
#[derive(Debug, Serialize, ToSchema)]
pub struct RewardTotals {
    pub pending: MoneyDto,
    /// Available to convert into a coupon.
    pub available_coupon: MoneyDto,
    /// Available as data or days on a cloud subscription.
    pub available_sfc: MoneyDto,
    pub redeemed: MoneyDto,
    pub expired: MoneyDto,
    /// Friends' orders that earned a reward (cancelled ones not counted).
    pub referred_orders: i64,
}

/// The customer's part in the programme (`/account`, the referral pages).
#[derive(Debug, Serialize, ToSchema)]
pub struct MyReferral {
    /// `null` until they ask for one (`POST /me/referral/code`).
    pub code: Option<ReferralCode>,
    /// GET_REFERRAL_CODE: whether customers may ask for a code.
    pub get_referral_code: bool,
    /// REFERRAL_CODE: whether codes are taken.
    pub referral_code: bool,
    /// The friend's discount, in basis points, and what it applies to.
    pub referee_discount_bp: i64,
    pub first_order_only: bool,
    pub rewards: RewardTotals,
}

/// A reward earned on a friend's order.
#[derive(Debug, Serialize, ToSchema)]
pub struct RewardDto {
    pub id: String,
    /// `coupon` (money off an order) or `sfc` (data or days on a cloud plan).
    pub kind: String,
    pub value: MoneyDto,
    /// `pending`, `available`, `redeemed`, `expired` or `cancelled`.
    pub status: String,
    pub earned_at: String,
    pub available_at: Option<String>,
    pub expires_at: Option<String>,
    pub redeemed_at: Option<String>,
    /// The coupon code or the subscription it was redeemed as.
    pub redeemed_as: Option<String>,
}

/// A coupon made from rewards.
#[derive(Debug, Serialize, ToSchema)]
pub struct RewardCouponDto {
    pub code: String,
    pub value: MoneyDto,
    pub expires_at: Option<String>,
    pub used: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RewardList {
    pub rewards: Vec<RewardDto>,
    pub coupons: Vec<RewardCouponDto>,
    pub totals: RewardTotals,
}

/// Redeem the available SFC rewards on one of the customer's subscriptions.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
pub struct SfcRedemptionRequest {
    pub subscription_id: String,
    /// False (the default) only previews what would be added.
    #[serde(default)]
    pub confirm: bool,
}

/// What the redemption adds (or added) to the subscription.
#[derive(Debug, Serialize, ToSchema)]
pub struct SfcRedemption {
    pub subscription_id: String,
    pub serial: String,
    pub plan: String,
    /// The rewards it spends and their value.
    pub rewards: i64,
    pub value: MoneyDto,
    /// Data added (metered plans).
    pub added_mb: i64,
    /// Days added (unlimited plans).
    pub added_days: i64,
    /// Data left after it (metered plans).
    pub remaining_mb: Option<i64>,
    pub expires_at: String,
    /// True once done (`confirm: true`).
    pub applied: bool,
}

/// A referral store's branding and the terms that hold there.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReferralStore {
    pub store: StoreDto,
    pub terms: ReferralTerms,
}
