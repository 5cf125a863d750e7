//! The app referral programme (SPEC §10, D103): customers' referral codes
//! (GET_REFERRAL_CODE), the code a referee enters (REFERRAL_CODE), who may
//! use one, the programme's terms, what a referrer earns on a paid order,
//! and turning a cloud-plan reward into data or days on a subscription.
//! Everything here is pure; storage and the API apply it.

use crate::catalog::ProductType;
use crate::money::Money;
use crate::plans::{ActivePlan, Allowance, PLAN_CAP_YEARS, add_years};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use time::{Duration, OffsetDateTime};

/// The fixed names of the programme's two flags (SPEC §10).
pub const GET_REFERRAL_CODE: &str = "GET_REFERRAL_CODE";
pub const REFERRAL_CODE: &str = "REFERRAL_CODE";

/// Letters and digits nobody confuses when reading a code aloud or off a
/// screen: no 0/O, 1/I/L.
pub const CODE_ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/// Characters in a code.
pub const CODE_LEN: usize = 8;

/// A new random referral code.
pub fn new_code() -> String {
    let mut rng = rand::rng();
    (0..CODE_LEN)
        .map(|_| CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())] as char)
        .collect()
}

/// A typed code in its stored form (trimmed, upper case, spaces and dashes
/// people add dropped); `None` when it cannot be a referral code at all.
pub fn parse_code(input: &str) -> Option<String> {
    let code: String = input
        .trim()
        .chars()
        .filter(|c| *c != ' ' && *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    (code.len() == CODE_LEN && code.bytes().all(|b| CODE_ALPHABET.contains(&b))).then_some(code)
}

/// Why a referee may not use a code (`referral_not_eligible`, with the
/// reason's wire name).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NotEligible {
    /// The referee's own code.
    OwnCode,
    /// The referee already has a paid order.
    AlreadyOrdered,
    /// The order goes to an address the referrer uses.
    SameAddress,
    /// The order is paid with a card the referrer uses.
    SameCard,
}

impl NotEligible {
    pub fn as_str(self) -> &'static str {
        match self {
            NotEligible::OwnCode => "own_code",
            NotEligible::AlreadyOrdered => "already_ordered",
            NotEligible::SameAddress => "same_address",
            NotEligible::SameCard => "same_card",
        }
    }

    /// A sentence for the buyer.
    pub fn message(self) -> &'static str {
        match self {
            NotEligible::OwnCode => {
                "This is your own referral code; share it with friends instead."
            }
            NotEligible::AlreadyOrdered => {
                "Referral codes are for a first order, and this account has ordered before."
            }
            NotEligible::SameAddress => {
                "This referral code cannot be used for an order to the referrer's own address."
            }
            NotEligible::SameCard => {
                "This referral code cannot be used with a card the referrer uses."
            }
        }
    }
}

/// An address as the eligibility check compares it: the street line and
/// postal code without case, spaces or punctuation, and the country.
pub fn address_key(line1: &str, postal_code: &str, country: &str) -> String {
    let squash = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect()
    };
    format!(
        "{}|{}|{}",
        squash(line1),
        squash(postal_code),
        country.trim().to_ascii_uppercase()
    )
}

/// A card as the check compares it: brand, last 4 and expiry.
pub fn card_key(brand: &str, last4: &str, exp_month: i64, exp_year: i64) -> String {
    format!(
        "{}|{}|{:02}/{}",
        brand.trim().to_ascii_lowercase(),
        last4.trim(),
        exp_month,
        exp_year
    )
}

/// The programme's terms (admins change them; a referral mini-store may
/// set its own in `stores.referral_terms`, over these).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct ReferralTerms {
    /// GET_REFERRAL_CODE: customers may ask for their code.
    pub get_referral_code: bool,
    /// REFERRAL_CODE: referees may enter a code or open a share link.
    pub referral_code: bool,
    /// The referee's discount on eligible lines, in basis points.
    pub referee_discount_bp: i64,
    /// The discount applies to a first order only.
    pub first_order_only: bool,
    /// Product types the discount and rewards apply to.
    pub eligible_types: Vec<ProductType>,
    /// The referrer's reward per eligible product type: basis points of
    /// what the referee paid for those lines (after discounts, before tax).
    pub reward_bp: BTreeMap<ProductType, i64>,
    /// Days after payment a reward stays pending (a refund or cancellation
    /// inside it cancels the reward).
    pub return_window_days: i64,
    /// Months an available reward keeps; a reminder goes out
    /// `reminder_days` before.
    pub reward_validity_months: i64,
    pub reminder_days: i64,
    /// Rewards one referrer may earn in any 12 months.
    pub max_rewards_per_year: i64,
}

impl Default for ReferralTerms {
    fn default() -> Self {
        use ProductType as T;
        let eligible = vec![
            T::License,
            T::Cloud,
            T::CloudConnect,
            T::CloudUnlimited,
            T::EsimData,
        ];
        ReferralTerms {
            get_referral_code: true,
            referral_code: true,
            referee_discount_bp: 1_000,
            first_order_only: true,
            reward_bp: eligible.iter().map(|t| (*t, 1_000)).collect(),
            eligible_types: eligible,
            return_window_days: 14,
            reward_validity_months: 12,
            reminder_days: 30,
            max_rewards_per_year: 10,
        }
    }
}

/// Why terms were refused: the field and what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TermsError {
    pub field: &'static str,
    pub message: &'static str,
}

impl ReferralTerms {
    /// Every field within sense.
    pub fn validate(&self) -> Result<(), Vec<TermsError>> {
        let mut errors = Vec::new();
        let mut check = |ok: bool, field, message| {
            if !ok {
                errors.push(TermsError { field, message });
            }
        };
        check(
            (0..=5_000).contains(&self.referee_discount_bp),
            "referee_discount_bp",
            "The discount is between 0 and 5000 basis points (50 %).",
        );
        check(
            self.reward_bp.values().all(|bp| (0..=5_000).contains(bp)),
            "reward_bp",
            "Each reward is between 0 and 5000 basis points (50 %).",
        );
        check(
            (0..=90).contains(&self.return_window_days),
            "return_window_days",
            "The return window is 0 to 90 days.",
        );
        check(
            (1..=36).contains(&self.reward_validity_months),
            "reward_validity_months",
            "Rewards keep 1 to 36 months.",
        );
        check(
            (0..=90).contains(&self.reminder_days),
            "reminder_days",
            "The reminder goes out 0 to 90 days before a reward expires.",
        );
        check(
            (0..=1_000).contains(&self.max_rewards_per_year),
            "max_rewards_per_year",
            "The cap is 0 to 1000 rewards a year.",
        );
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }

    /// These terms with a referral store's own values over them (fields the
    /// store does not name keep the programme's).
    pub fn with_store_terms(&self, store: Option<&serde_json::Value>) -> ReferralTerms {
        let Some(serde_json::Value::Object(own)) = store else {
            return self.clone();
        };
        let mut base = match serde_json::to_value(self) {
            Ok(serde_json::Value::Object(m)) => m,
            _ => return self.clone(),
        };
        for (k, v) in own {
            if base.contains_key(k) {
                base.insert(k.clone(), v.clone());
            }
        }
        serde_json::from_value(serde_json::Value::Object(base)).unwrap_or_else(|_| self.clone())
    }

    pub fn is_eligible(&self, t: ProductType) -> bool {
        self.eligible_types.contains(&t)
    }
}

/// What a reward can be spent as: a coupon (money), or data or days on the
/// referrer's own cloud subscription (`sfc`: earned on cloud plans).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RewardKind {
    Coupon,
    Sfc,
}

impl RewardKind {
    pub fn as_str(self) -> &'static str {
        match self {
            RewardKind::Coupon => "coupon",
            RewardKind::Sfc => "sfc",
        }
    }

    /// Rewards earned on cloud plans are spent on cloud plans.
    pub fn of(t: ProductType) -> RewardKind {
        if t.is_cloud_plan() {
            RewardKind::Sfc
        } else {
            RewardKind::Coupon
        }
    }
}

/// One paid line of the referee's order: its type and what was paid for it
/// before tax.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaidLine {
    pub product_type: ProductType,
    pub paid: Money,
}

/// The referrer's rewards for an order: per kind, the sum over eligible
/// lines of each line's reward (its type's rate, rounded half up per line).
pub fn rewards_for(terms: &ReferralTerms, lines: &[PaidLine]) -> BTreeMap<&'static str, Money> {
    let mut out: BTreeMap<&'static str, Money> = BTreeMap::new();
    for l in lines.iter().filter(|l| terms.is_eligible(l.product_type)) {
        let bp = terms.reward_bp.get(&l.product_type).copied().unwrap_or(0);
        if bp <= 0 || l.paid.cents() <= 0 {
            continue;
        }
        let reward = l.paid.percent_bp(bp);
        let entry = out
            .entry(RewardKind::of(l.product_type).as_str())
            .or_default();
        *entry = entry.checked_add(reward).unwrap_or(*entry);
    }
    out.retain(|_, m| m.cents() > 0);
    out
}

/// A cloud plan as the SFC redemption values it: its price for its
/// allowance and validity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlanValue {
    pub price: Money,
    pub allowance: Allowance,
    pub validity_days: i64,
}

/// What an SFC redemption adds to a subscription.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SfcRedemption {
    /// Data added (metered plans).
    pub added_mb: i64,
    /// Days added (unlimited plans).
    pub added_days: i64,
    pub allowance: Allowance,
    pub expires_at: OffsetDateTime,
}

/// Why an SFC redemption cannot be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SfcRefusal {
    /// The subscription has ended: buy a plan first.
    Expired,
    /// The value buys less than one MB or one day of this plan.
    TooSmall,
    /// Adding the days would pass the 3-year cap (SPEC §4.3): the most
    /// days that still fit.
    PastCap { days_left: i64 },
}

/// Turns `value` into data (a metered plan: the plan's allowance in
/// proportion to its price) or days (an unlimited plan: its validity in
/// proportion), added to the active subscription; the 3-year cap holds.
pub fn redeem_sfc(
    active: ActivePlan,
    plan: PlanValue,
    value: Money,
    now: OffsetDateTime,
) -> Result<SfcRedemption, SfcRefusal> {
    if active.expires_at <= now {
        return Err(SfcRefusal::Expired);
    }
    let price = i128::from(plan.price.cents().max(1));
    let share =
        |whole: i64| (i128::from(whole.max(0)) * i128::from(value.cents().max(0)) / price) as i64;
    match (active.allowance, plan.allowance) {
        (Allowance::Metered { mb: left }, Allowance::Metered { mb }) => {
            let added = share(mb);
            if added <= 0 {
                return Err(SfcRefusal::TooSmall);
            }
            Ok(SfcRedemption {
                added_mb: added,
                added_days: 0,
                allowance: Allowance::Metered {
                    mb: left.max(0).saturating_add(added),
                },
                expires_at: active.expires_at,
            })
        }
        _ => {
            let days = share(plan.validity_days);
            if days <= 0 {
                return Err(SfcRefusal::TooSmall);
            }
            let cap = add_years(now, PLAN_CAP_YEARS);
            let expires_at = active.expires_at + Duration::days(days);
            if expires_at > cap {
                return Err(SfcRefusal::PastCap {
                    days_left: (cap - active.expires_at).whole_days().max(0),
                });
            }
            Ok(SfcRedemption {
                added_mb: 0,
                added_days: days,
                allowance: active.allowance,
                expires_at,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    const NOW: OffsetDateTime = datetime!(2026-11-27 12:00 UTC);

    #[test]
    fn codes_use_the_unambiguous_alphabet_and_parse_back() {
        for _ in 0..200 {
            let c = new_code();
            assert_eq!(c.len(), CODE_LEN);
            assert!(!c.contains(['0', '1', 'I', 'L', 'O']), "{c}");
            assert_eq!(parse_code(&c.to_lowercase()).as_deref(), Some(c.as_str()));
        }
        assert_eq!(parse_code(" abcd-2345 ").as_deref(), Some("ABCD2345"));
        assert_eq!(parse_code("ABCD234"), None, "too short");
        assert_eq!(parse_code("ABCD2340"), None, "0 is not in the alphabet");
    }

    #[test]
    fn addresses_and_cards_compare_without_case_or_punctuation() {
        assert_eq!(
            address_key("Torstraße 1", "10119", "de"),
            address_key("  TORSTRAßE 1, ", "10119 ", "DE")
        );
        assert_eq!(
            address_key("350 5th Ave.", "10118", "US"),
            address_key("350 5th ave", " 10118", "us")
        );
        assert_eq!(
            card_key("Visa", "4242", 3, 2030),
            card_key("visa", "4242", 3, 2030)
        );
        assert_ne!(
            card_key("Visa", "4242", 3, 2030),
            card_key("Visa", "4242", 4, 2030)
        );
    }

    #[test]
    fn rewards_add_up_per_kind_with_each_line_rounded_half_up() {
        let terms = ReferralTerms::default();
        let m = Money::from_cents;
        let lines = [
            PaidLine {
                product_type: ProductType::License,
                paid: m(12_345),
            },
            PaidLine {
                product_type: ProductType::Cloud,
                paid: m(9_999),
            },
            PaidLine {
                product_type: ProductType::Hardware,
                paid: m(50_000),
            },
            PaidLine {
                product_type: ProductType::CloudUnlimited,
                paid: m(5),
            },
        ];
        let r = rewards_for(&terms, &lines);
        assert_eq!(r["coupon"], m(1_235)); // 1234.5 → 1235
        assert_eq!(r["sfc"], m(1_000 + 1)); // 999.9 → 1000, 0.5 → 1
        assert_eq!(r.len(), 2);
    }

    #[test]
    fn store_terms_override_only_what_they_name() {
        let base = ReferralTerms::default();
        let own = serde_json::json!({"referee_discount_bp": 1500, "unknown": 1});
        let t = base.with_store_terms(Some(&own));
        assert_eq!(t.referee_discount_bp, 1_500);
        assert_eq!(t.return_window_days, 14);
        assert_eq!(base.with_store_terms(None), base);
    }

    #[test]
    fn terms_out_of_range_name_their_field() {
        let t = ReferralTerms {
            referee_discount_bp: 9_000,
            max_rewards_per_year: -1,
            ..ReferralTerms::default()
        };
        let fields: Vec<_> = t.validate().unwrap_err().iter().map(|e| e.field).collect();
        assert_eq!(fields, ["referee_discount_bp", "max_rewards_per_year"]);
        assert!(ReferralTerms::default().validate().is_ok());
    }

    #[test]
    fn an_sfc_reward_adds_data_to_a_metered_plan_in_proportion_to_its_price() {
        let active = ActivePlan {
            allowance: Allowance::Metered { mb: 2_000 },
            expires_at: NOW + Duration::days(100),
        };
        let plan = PlanValue {
            price: Money::from_cents(10_000),
            allowance: Allowance::Metered { mb: 102_400 },
            validity_days: 365,
        };
        let r = redeem_sfc(active, plan, Money::from_cents(1_000), NOW).unwrap();
        assert_eq!(r.added_mb, 10_240);
        assert_eq!(r.allowance, Allowance::Metered { mb: 12_240 });
        assert_eq!(r.expires_at, active.expires_at);
        assert_eq!(
            redeem_sfc(active, plan, Money::from_cents(0), NOW),
            Err(SfcRefusal::TooSmall)
        );
    }

    #[test]
    fn an_sfc_reward_adds_days_to_an_unlimited_plan_within_the_three_year_cap() {
        let plan = PlanValue {
            price: Money::from_cents(36_500),
            allowance: Allowance::Unlimited,
            validity_days: 365,
        };
        let active = ActivePlan {
            allowance: Allowance::Unlimited,
            expires_at: NOW + Duration::days(30),
        };
        let r = redeem_sfc(active, plan, Money::from_cents(1_000), NOW).unwrap();
        assert_eq!(r.added_days, 10);
        assert_eq!(r.expires_at, NOW + Duration::days(40));
        let near_cap = ActivePlan {
            allowance: Allowance::Unlimited,
            expires_at: add_years(NOW, PLAN_CAP_YEARS) - Duration::days(5),
        };
        assert_eq!(
            redeem_sfc(near_cap, plan, Money::from_cents(1_000), NOW),
            Err(SfcRefusal::PastCap { days_left: 5 })
        );
        let ended = ActivePlan {
            allowance: Allowance::Unlimited,
            expires_at: NOW - Duration::days(1),
        };
        assert_eq!(
            redeem_sfc(ended, plan, Money::from_cents(1_000), NOW),
            Err(SfcRefusal::Expired)
        );
    }
}
