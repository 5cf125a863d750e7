//! A device's coverage as the customer sees it (SPEC §4.2, §8): active,
//! expiring within 60 days, in the 30-day grace period (a renewal still
//! continues without a gap) or expired.
//!
//! Coverage ends are stored as unix milliseconds at 00:00 UTC of the last
//! covered day (`devices.warranty_ends_at`); the rules work on that date.

use crate::plans::{RENEWAL_GRACE_DAYS, standard_warranty_end};
use serde::Serialize;
use time::{Date, Duration, OffsetDateTime, Time};

/// "Expiring" means the coverage ends within this many days.
pub const EXPIRING_WITHIN_DAYS: i64 = 60;

/// Where a device's coverage stands today.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WarrantyState {
    /// Covered for more than [`EXPIRING_WITHIN_DAYS`] days.
    Active,
    /// Covered today; ends within [`EXPIRING_WITHIN_DAYS`] days.
    Expiring,
    /// Ended at most [`RENEWAL_GRACE_DAYS`] days ago: a renewal starts the day after the old end.
    Grace,
    /// Ended longer ago: a renewal starts on the purchase date.
    Expired,
}

/// The state of coverage ending on `ends` (the last covered day), seen on `today`.
pub fn warranty_state(ends: Date, today: Date) -> WarrantyState {
    if ends >= today {
        if ends - today > Duration::days(EXPIRING_WITHIN_DAYS) {
            WarrantyState::Active
        } else {
            WarrantyState::Expiring
        }
    } else if today - ends <= Duration::days(RENEWAL_GRACE_DAYS) {
        WarrantyState::Grace
    } else {
        WarrantyState::Expired
    }
}

/// The coverage ends (first and last day, inclusive) that need the customer's
/// attention on `today`: expiring within 60 days or still in the grace period.
pub fn needs_renewal_window(today: Date) -> (Date, Date) {
    (
        today - Duration::days(RENEWAL_GRACE_DAYS),
        today + Duration::days(EXPIRING_WITHIN_DAYS),
    )
}

/// 00:00 UTC of `date` as unix milliseconds (how coverage ends are stored).
pub fn date_ms(date: Date) -> i64 {
    let t = date.with_time(Time::MIDNIGHT).assume_utc();
    (t.unix_timestamp_nanos() / 1_000_000) as i64
}

/// The UTC date of a unix-millisecond time.
pub fn ms_date(ms: i64) -> Date {
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .unwrap_or(OffsetDateTime::UNIX_EPOCH)
        .date()
}

/// The stored end of the standard warranty of a device registered at `registered_ms`.
pub fn standard_warranty_end_ms(registered_ms: i64) -> i64 {
    date_ms(standard_warranty_end(ms_date(registered_ms)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    const TODAY: Date = date!(2026 - 03 - 10);

    #[test]
    fn states_change_at_60_days_ahead_and_30_days_behind() {
        let state = |days: i64| warranty_state(TODAY + Duration::days(days), TODAY);
        assert_eq!(state(61), WarrantyState::Active);
        assert_eq!(state(60), WarrantyState::Expiring);
        assert_eq!(state(0), WarrantyState::Expiring);
        assert_eq!(state(-1), WarrantyState::Grace);
        assert_eq!(state(-30), WarrantyState::Grace);
        assert_eq!(state(-31), WarrantyState::Expired);
    }

    #[test]
    fn the_renewal_window_is_the_expiring_and_grace_states() {
        let (from, until) = needs_renewal_window(TODAY);
        for d in -40..=70 {
            let ends = TODAY + Duration::days(d);
            let inside = ends >= from && ends <= until;
            let state = warranty_state(ends, TODAY);
            assert_eq!(
                inside,
                matches!(state, WarrantyState::Expiring | WarrantyState::Grace),
                "{d}"
            );
        }
    }

    #[test]
    fn the_standard_warranty_ends_twelve_months_after_registration_day() {
        let registered = date_ms(date!(2025 - 01 - 31)) + 15 * 3_600_000;
        assert_eq!(
            ms_date(standard_warranty_end_ms(registered)),
            date!(2026 - 01 - 31)
        );
        assert_eq!(ms_date(date_ms(TODAY)), TODAY);
    }
}
