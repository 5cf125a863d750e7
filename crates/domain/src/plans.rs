//! Warranty renewals (SPEC §4.2) and cloud plan stacking (SPEC §4.3).

use crate::catalog::ProductType;
use crate::money::Money;
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

/// One device's part of a co-term quotation (SPEC §8): its care renewal
/// runs only from the day after its coverage ends to the common end date.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CoTermShare {
    /// Days of coverage bought: from the day after the current end through
    /// the common end date; 0 for a device already covered to that date.
    pub days: i64,
    /// Days a whole renewal would cover from the same start.
    pub period_days: i64,
    /// The renewal's price for `days` of its `period_days`, rounded to the cent.
    pub price: Money,
}

/// Prorates a renewal of `term_months` costing `price` for a device covered
/// until `expires` so that it ends on `common_end`, day-exact. Never more
/// than one whole period (then the whole price); nothing for a device
/// already covered to the end date.
pub fn co_term_share(
    expires: Date,
    common_end: Date,
    term_months: u32,
    price: Money,
) -> CoTermShare {
    let start = expires.next_day().unwrap_or(expires);
    let period_days = (add_months(start, term_months) - expires).whole_days();
    let days = (common_end - expires).whole_days().clamp(0, period_days);
    CoTermShare {
        days,
        period_days,
        price: price.share(days, period_days),
    }
}

/// The latest common end date a co-term may pick: no device may need more
/// than one whole renewal period to reach it.
pub fn latest_co_term_end(expiries: &[Date], term_months: u32) -> Option<Date> {
    expiries
        .iter()
        .map(|e| add_months(e.next_day().unwrap_or(*e), term_months))
        .min()
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

    #[test]
    fn co_term_shares_are_day_exact() {
        let price = Money::from_cents(36_500);
        // Covered to 31 Dec 2025; a year's renewal would run to 1 Jan 2027 (366 days).
        let s = co_term_share(date!(2025 - 12 - 31), date!(2026 - 03 - 31), 12, price);
        assert_eq!((s.days, s.period_days), (90, 366));
        assert_eq!(s.price, Money::from_cents(8_975)); // 36,500 × 90 / 366 = 8,975.4
        let none = co_term_share(date!(2026 - 03 - 31), date!(2026 - 03 - 31), 12, price);
        assert_eq!((none.days, none.price), (0, Money::ZERO));
        assert_eq!(
            latest_co_term_end(&[date!(2026 - 03 - 31), date!(2025 - 12 - 31)], 12),
            Some(date!(2027 - 01 - 01))
        );
    }

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

    proptest! {
        #[test]
        fn a_co_term_share_never_exceeds_one_period_or_its_price(
            expires_day in 0i64..3_000,
            ahead in -400i64..1_500,
            months in 1u32..=60,
            cents in 0i64..10_000_000,
        ) {
            let base = date!(2024 - 01 - 01);
            let expires = base + Duration::days(expires_day);
            let end = expires + Duration::days(ahead);
            let price = Money::from_cents(cents);
            let s = co_term_share(expires, end, months, price);
            prop_assert!(s.days >= 0 && s.days <= s.period_days);
            prop_assert!(s.price >= Money::ZERO && s.price <= price);
            if end <= expires {
                prop_assert_eq!(s.days, 0);
                prop_assert_eq!(s.price, Money::ZERO);
            }
            if s.days == s.period_days {
                prop_assert_eq!(s.price, price);
            }
            // A later end date never costs less.
            let later = co_term_share(expires, end + Duration::days(1), months, price);
            prop_assert!(later.price >= s.price);
        }

        #[test]
        fn every_device_reaches_the_latest_allowed_end_within_one_period(
            days in proptest::collection::vec(0i64..2_000, 1..20),
            months in 1u32..=36,
        ) {
            let base = date!(2024 - 01 - 01);
            let expiries: Vec<Date> = days.iter().map(|d| base + Duration::days(*d)).collect();
            let end = latest_co_term_end(&expiries, months).unwrap();
            for e in &expiries {
                let s = co_term_share(*e, end, months, Money::from_cents(1_000));
                prop_assert!(s.days <= s.period_days);
                prop_assert_eq!(*e + Duration::days(s.days), end.max(*e));
            }
        }
    }
}
