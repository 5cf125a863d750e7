//! Warranty renewals (SPEC §4.2) and cloud plan stacking (SPEC §4.3).

use crate::catalog::ProductType;
use time::{Date, Duration, Month, OffsetDateTime};

/// Standard warranty length from registration.
pub const STANDARD_WARRANTY_MONTHS: u32 = 12;
/// A renewal bought up to this many days after expiry continues without a gap.
pub const RENEWAL_GRACE_DAYS: i64 = 30;
/// Stacked cloud plans never run longer than this many years from today.
pub const PLAN_CAP_YEARS: i32 = 3;

/// `date` plus `months` calendar months, clamped to the month's last day
/// (31 January + 1 month = 28/29 February).
pub fn add_months(date: Date, months: u32) -> Date {
    let total = date.year() * 12 + (date.month() as i32 - 1) + months as i32;
    let year = total.div_euclid(12);
    let month = Month::try_from((total.rem_euclid(12) + 1) as u8).expect("1..=12");
    let day = date.day().min(month.length(year));
    Date::from_calendar_date(year, month, day).expect("clamped day is valid")
}

/// The end of the standard warranty of a device registered on `registered`.
pub fn standard_warranty_end(registered: Date) -> Date {
    add_months(registered, STANDARD_WARRANTY_MONTHS)
}

/// When a warranty or care renewal bought on `purchased` starts, given the
/// current coverage ends on `expires` (SPEC §4.2): the day after the old
/// expiry when bought before it or within 30 days after it (no gap);
/// otherwise on the purchase date.
pub fn renewal_start(expires: Date, purchased: Date) -> Date {
    if purchased - expires <= Duration::days(RENEWAL_GRACE_DAYS) {
        expires.next_day().expect("dates before 9999")
    } else {
        purchased
    }
}

/// The coverage period `[start, end]` of a renewal of `term_months`.
pub fn renewal_period(expires: Date, purchased: Date, term_months: u32) -> (Date, Date) {
    let start = renewal_start(expires, purchased);
    (start, add_months(start, term_months))
}

/// The allowance of a cloud plan: metered (MB) or unlimited (time-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allowance {
    Metered { mb: i64 },
    Unlimited,
}

/// A subscription as it stands now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActivePlan {
    /// Remaining data for metered plans.
    pub allowance: Allowance,
    pub expires_at: OffsetDateTime,
}

/// A plan being bought.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlanPurchase {
    pub allowance: Allowance,
    pub validity_days: i64,
}

/// The subscription after the purchase is applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StackedPlan {
    pub allowance: Allowance,
    pub expires_at: OffsetDateTime,
    /// True when the 3-year cap cut the validity short.
    pub capped: bool,
}

/// `plan_not_stackable`: unlimited and metered plans do not combine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "an unlimited plan cannot be combined with a metered plan; wait until the active plan expires"
)]
pub struct PlanNotStackable;

/// `now` plus `years` calendar years (29 February → 28 February).
pub fn add_years(now: OffsetDateTime, years: i32) -> OffsetDateTime {
    let date = now.date();
    let year = date.year() + years;
    let day = date.day().min(date.month().length(year));
    let target = Date::from_calendar_date(year, date.month(), day).expect("valid date");
    now.replace_date(target)
}

/// Applies a cloud plan purchase to the current subscription (SPEC §4.3).
///
/// - No active plan (none, or expired): the plan starts now.
/// - Metered on metered: remaining data carries forward and expiry extends by
///   the new plan's validity counted from the current expiry.
/// - Unlimited on unlimited: the expiry extends the same way.
/// - Unlimited with metered, either way round: [`PlanNotStackable`].
///
/// The resulting expiry is capped at 3 years from `now`.
pub fn stack_plan(
    active: Option<ActivePlan>,
    purchase: PlanPurchase,
    now: OffsetDateTime,
) -> Result<StackedPlan, PlanNotStackable> {
    let validity = Duration::days(purchase.validity_days.max(0));
    let active = active.filter(|a| a.expires_at > now);
    let (allowance, uncapped) = match active {
        None => (purchase.allowance, now + validity),
        Some(a) => {
            let allowance = match (a.allowance, purchase.allowance) {
                (Allowance::Metered { mb: left }, Allowance::Metered { mb: new }) => {
                    Allowance::Metered {
                        mb: left.max(0) + new,
                    }
                }
                (Allowance::Unlimited, Allowance::Unlimited) => Allowance::Unlimited,
                _ => return Err(PlanNotStackable),
            };
            (allowance, a.expires_at + validity)
        }
    };
    let cap = add_years(now, PLAN_CAP_YEARS);
    Ok(StackedPlan {
        allowance,
        expires_at: uncapped.min(cap),
        capped: uncapped > cap,
    })
}

/// The subscription family a cloud plan of `product_type` stacks on: one
/// subscription per device and family (SPEC §4.3).
pub fn plan_family(product_type: ProductType) -> Option<ProductType> {
    product_type.is_cloud_plan().then_some(product_type)
}

/// SpeedFusion Cloud is sold metered (`cloud`) and unlimited
/// (`cloud-unlimited`), kept as two families: an active plan of one blocks
/// buying the other (`plan_not_stackable`). SpeedFusion Connect stacks on
/// itself only.
pub fn conflicting_family(family: ProductType) -> Option<ProductType> {
    match family {
        ProductType::Cloud => Some(ProductType::CloudUnlimited),
        ProductType::CloudUnlimited => Some(ProductType::Cloud),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use time::macros::{date, datetime};

    const NOW: OffsetDateTime = datetime!(2025-03-10 12:00 UTC);

    fn metered(mb: i64, days: i64) -> PlanPurchase {
        PlanPurchase {
            allowance: Allowance::Metered { mb },
            validity_days: days,
        }
    }

    fn unlimited(days: i64) -> PlanPurchase {
        PlanPurchase {
            allowance: Allowance::Unlimited,
            validity_days: days,
        }
    }

    #[test]
    fn months_clamp_to_the_end_of_the_month() {
        assert_eq!(add_months(date!(2025 - 01 - 31), 1), date!(2025 - 02 - 28));
        assert_eq!(add_months(date!(2024 - 01 - 31), 1), date!(2024 - 02 - 29));
        assert_eq!(add_months(date!(2025 - 11 - 15), 3), date!(2026 - 02 - 15));
        assert_eq!(
            standard_warranty_end(date!(2025 - 03 - 10)),
            date!(2026 - 03 - 10)
        );
    }

    #[test]
    fn a_renewal_within_30_days_after_expiry_starts_the_day_after_expiry() {
        let expires = date!(2025 - 06 - 30);
        assert_eq!(
            renewal_start(expires, date!(2025 - 06 - 01)),
            date!(2025 - 07 - 01)
        );
        assert_eq!(
            renewal_start(expires, date!(2025 - 06 - 30)),
            date!(2025 - 07 - 01)
        );
        assert_eq!(
            renewal_start(expires, date!(2025 - 07 - 30)),
            date!(2025 - 07 - 01)
        );
    }

    #[test]
    fn a_renewal_later_than_30_days_starts_on_the_purchase_date() {
        let expires = date!(2025 - 06 - 30);
        assert_eq!(
            renewal_start(expires, date!(2025 - 07 - 31)),
            date!(2025 - 07 - 31)
        );
        assert_eq!(
            renewal_period(expires, date!(2025 - 09 - 01), 12),
            (date!(2025 - 09 - 01), date!(2026 - 09 - 01))
        );
    }

    #[test]
    fn a_first_plan_starts_now() {
        let p = stack_plan(None, metered(100_000, 365), NOW).unwrap();
        assert_eq!(p.allowance, Allowance::Metered { mb: 100_000 });
        assert_eq!(p.expires_at, NOW + Duration::days(365));
        assert!(!p.capped);
    }

    #[test]
    fn a_metered_plan_on_a_metered_plan_carries_data_and_extends_from_expiry() {
        let active = ActivePlan {
            allowance: Allowance::Metered { mb: 30_000 },
            expires_at: NOW + Duration::days(100),
        };
        let p = stack_plan(Some(active), metered(100_000, 365), NOW).unwrap();
        assert_eq!(p.allowance, Allowance::Metered { mb: 130_000 });
        assert_eq!(p.expires_at, NOW + Duration::days(465));
    }

    #[test]
    fn stacking_is_capped_at_three_years_from_today() {
        let active = ActivePlan {
            allowance: Allowance::Metered { mb: 1 },
            expires_at: NOW + Duration::days(900),
        };
        let p = stack_plan(Some(active), metered(10, 365), NOW).unwrap();
        assert_eq!(p.expires_at, datetime!(2028-03-10 12:00 UTC));
        assert!(p.capped);
    }

    #[test]
    fn an_expired_plan_does_not_carry_anything() {
        let expired = ActivePlan {
            allowance: Allowance::Metered { mb: 50_000 },
            expires_at: NOW - Duration::days(1),
        };
        let p = stack_plan(Some(expired), metered(100, 30), NOW).unwrap();
        assert_eq!(p.allowance, Allowance::Metered { mb: 100 });
        // An expired unlimited plan does not block a metered one either.
        let expired_unlimited = ActivePlan {
            allowance: Allowance::Unlimited,
            expires_at: NOW - Duration::days(1),
        };
        assert!(stack_plan(Some(expired_unlimited), metered(100, 30), NOW).is_ok());
    }

    #[test]
    fn unlimited_does_not_stack_with_metered_either_way() {
        let metered_active = ActivePlan {
            allowance: Allowance::Metered { mb: 5 },
            expires_at: NOW + Duration::days(10),
        };
        assert_eq!(
            stack_plan(Some(metered_active), unlimited(365), NOW),
            Err(PlanNotStackable)
        );
        let unlimited_active = ActivePlan {
            allowance: Allowance::Unlimited,
            expires_at: NOW + Duration::days(10),
        };
        assert_eq!(
            stack_plan(Some(unlimited_active), metered(5, 30), NOW),
            Err(PlanNotStackable)
        );
    }

    #[test]
    fn unlimited_renewals_stack_up_to_the_cap() {
        let mut active = ActivePlan {
            allowance: Allowance::Unlimited,
            expires_at: NOW + Duration::days(200),
        };
        let p = stack_plan(Some(active), unlimited(365), NOW).unwrap();
        assert_eq!(p.expires_at, NOW + Duration::days(565));
        for _ in 0..5 {
            let p = stack_plan(Some(active), unlimited(365), NOW).unwrap();
            active.expires_at = p.expires_at;
        }
        assert_eq!(active.expires_at, add_years(NOW, 3));
    }

    #[test]
    fn the_cap_handles_leap_days() {
        let leap = datetime!(2024-02-29 08:00 UTC);
        assert_eq!(add_years(leap, 3), datetime!(2027-02-28 08:00 UTC));
    }

    #[test]
    fn metered_and_unlimited_cloud_families_block_each_other_only() {
        assert_eq!(
            conflicting_family(ProductType::Cloud),
            Some(ProductType::CloudUnlimited)
        );
        assert_eq!(
            conflicting_family(ProductType::CloudUnlimited),
            Some(ProductType::Cloud)
        );
        assert_eq!(conflicting_family(ProductType::CloudConnect), None);
        assert_eq!(plan_family(ProductType::License), None);
        assert_eq!(
            plan_family(ProductType::CloudConnect),
            Some(ProductType::CloudConnect)
        );
    }

    proptest! {
        #[test]
        fn stacked_expiry_is_never_beyond_the_cap_nor_before_the_active_expiry(
            left in 0i64..1_000_000, new in 1i64..1_000_000, active_days in 1i64..2000, days in 1i64..1200
        ) {
            let active = ActivePlan { allowance: Allowance::Metered { mb: left }, expires_at: NOW + Duration::days(active_days) };
            let p = stack_plan(Some(active), metered(new, days), NOW).unwrap();
            let cap = add_years(NOW, 3);
            prop_assert!(p.expires_at <= cap);
            prop_assert!(p.expires_at >= active.expires_at.min(cap));
            prop_assert_eq!(p.allowance, Allowance::Metered { mb: left + new });
            prop_assert_eq!(p.capped, active.expires_at + Duration::days(days) > cap);
        }
    }
}
