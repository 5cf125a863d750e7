//! Connectivity usage (SPEC §13): how a usage record's bytes are spread
//! over the days it covers (the daily rollup a page reads instead of raw
//! records), when data runs out at the recent rate, and when a low-data
//! alert fires. Pure; the intake and the monitoring API build on it.

/// Records one intake request may carry.
pub const MAX_BATCH: usize = 1_000;
/// The longest period one record may cover.
pub const MAX_RECORD_SPAN_MS: i64 = 31 * DAY_MS;
/// Days of recent use a projection averages over.
pub const PROJECTION_DAYS: i64 = 7;
/// The most bytes one record may report (1 PB).
pub const MAX_RECORD_BYTES: i64 = 1_000_000_000_000_000;

const DAY_MS: i64 = 86_400_000;

/// Days since 1970-01-01 (UTC) of a unix-millisecond time.
pub fn day_of(ms: i64) -> i64 {
    ms.div_euclid(DAY_MS)
}

/// Spreads `bytes` used over `[start, end)` across the UTC days it touches,
/// in proportion to the time in each day, in whole bytes that add up
/// exactly (largest remainder first; ties to the earlier day). A period of
/// zero length counts on its day.
pub fn split_by_day(start: i64, end: i64, bytes: i64) -> Vec<(i64, i64)> {
    let bytes = bytes.max(0);
    if end <= start {
        return vec![(day_of(start), bytes)];
    }
    let total = (end - start) as i128;
    let mut parts: Vec<(i64, i128, i128)> = Vec::new();
    let mut at = start;
    while at < end {
        let day = day_of(at);
        let day_end = (day + 1) * DAY_MS;
        let slice = (day_end.min(end) - at) as i128;
        let exact = bytes as i128 * slice;
        parts.push((day, exact / total, exact % total));
        at = day_end;
    }
    let mut left = bytes as i128 - parts.iter().map(|p| p.1).sum::<i128>();
    let mut order: Vec<usize> = (0..parts.len()).collect();
    order.sort_by(|&a, &b| parts[b].2.cmp(&parts[a].2).then(a.cmp(&b)));
    for i in order {
        if left == 0 {
            break;
        }
        parts[i].1 += 1;
        left -= 1;
    }
    parts.into_iter().map(|(d, b, _)| (d, b as i64)).collect()
}

/// The day data runs out at the average daily use of the last
/// [`PROJECTION_DAYS`] days before `today` (days without records count as
/// no use): `None` when nothing was used lately or nothing is metered.
/// `daily` holds (day, bytes) of any days; only the window is read.
pub fn projected_run_out(remaining: Option<i64>, daily: &[(i64, i64)], today: i64) -> Option<i64> {
    let remaining = remaining?;
    if remaining <= 0 {
        return Some(today);
    }
    let from = today - PROJECTION_DAYS;
    let used: i128 = daily
        .iter()
        .filter(|(d, _)| *d >= from && *d < today)
        .map(|(_, b)| (*b).max(0) as i128)
        .sum();
    if used == 0 {
        return None;
    }
    // Days left = remaining / (used / window), rounded down: the last full day.
    let days = remaining as i128 * PROJECTION_DAYS as i128 / used;
    Some(today + days.min(100 * 365) as i64)
}

/// A low-data alert threshold: remaining data at or below a percentage of
/// the allowance, or at or below an amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Threshold {
    /// Whole percent, 1–99.
    Percent(i64),
    /// Bytes.
    Bytes(i64),
}

impl Threshold {
    /// True when `remaining` of `allowance` is at or below the threshold.
    pub fn reached(self, allowance: i64, remaining: i64) -> bool {
        match self {
            Threshold::Percent(p) => {
                (remaining.max(0) as i128) * 100 <= allowance.max(0) as i128 * p as i128
            }
            Threshold::Bytes(b) => remaining <= b,
        }
    }

    /// True when going from `before` to `after` remaining crosses into the
    /// threshold (the moment to e-mail, once).
    pub fn crossed(self, allowance: i64, before: i64, after: i64) -> bool {
        !self.reached(allowance, before) && self.reached(allowance, after)
    }
}

/// Bytes in one MB of allowance (allowances are in MB, 1 GB = 1024 MB).
pub const BYTES_PER_MB: i64 = 1_048_576;

/// The data counter of a metered item: whole MB used plus the bytes used
/// toward the next MB. Used data never passes the allowance, so remaining
/// data is never below zero; an unlimited item (no allowance) counts on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Meter {
    pub allowance_mb: Option<i64>,
    pub used_mb: i64,
    pub partial_bytes: i64,
}

impl Meter {
    fn used_bytes(&self) -> i128 {
        self.used_mb as i128 * BYTES_PER_MB as i128 + self.partial_bytes as i128
    }

    /// Bytes left, never negative; `None` when unlimited.
    pub fn remaining_bytes(&self) -> Option<i64> {
        let allowance = self.allowance_mb? as i128 * BYTES_PER_MB as i128;
        Some((allowance - self.used_bytes()).clamp(0, i64::MAX as i128) as i64)
    }

    /// Whole MB left (rounded down), never negative; `None` when unlimited.
    pub fn remaining_mb(&self) -> Option<i64> {
        self.remaining_bytes().map(|b| b / BYTES_PER_MB)
    }

    /// Counts `bytes` more against the meter, as many as are left: answers
    /// the meter after and the bytes it took (the rest may go to a pool).
    pub fn consume(self, bytes: i64) -> (Meter, i64) {
        let bytes = bytes.max(0);
        let taken = match self.remaining_bytes() {
            Some(left) => bytes.min(left),
            None => bytes,
        };
        let used = self.used_bytes() + taken as i128;
        let per = BYTES_PER_MB as i128;
        let after = Meter {
            allowance_mb: self.allowance_mb,
            used_mb: (used / per).min(i64::MAX as i128) as i64,
            partial_bytes: (used % per) as i64,
        };
        (after, taken)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const D: i64 = DAY_MS;

    #[test]
    fn a_record_across_midnight_is_split_by_time() {
        let start = 10 * D + 18 * 3_600_000; // 18:00
        let end = 11 * D + 6 * 3_600_000; // 06:00 next day
        assert_eq!(split_by_day(start, end, 1_200), vec![(10, 600), (11, 600)]);
        assert_eq!(split_by_day(start, start, 5), vec![(10, 5)]);
        assert_eq!(
            split_by_day(10 * D, 13 * D, 10),
            vec![(10, 4), (11, 3), (12, 3)]
        );
    }

    #[test]
    fn run_out_follows_the_last_week() {
        let today = 100;
        let week: Vec<(i64, i64)> = (93..100).map(|d| (d, 1_000)).collect();
        assert_eq!(projected_run_out(Some(10_500), &week, today), Some(110));
        assert_eq!(projected_run_out(Some(0), &week, today), Some(100));
        assert_eq!(projected_run_out(None, &week, today), None);
        assert_eq!(
            projected_run_out(Some(5), &[(50, 9)], today),
            None,
            "nothing lately"
        );
    }

    #[test]
    fn thresholds_fire_once_when_crossed() {
        let t = Threshold::Percent(10);
        assert!(!t.crossed(1_000, 200, 150));
        assert!(t.crossed(1_000, 150, 100));
        assert!(!t.crossed(1_000, 100, 50), "already below");
        let b = Threshold::Bytes(500);
        assert!(b.crossed(10_000, 501, 500));
    }

    #[test]
    fn a_meter_never_goes_below_zero() {
        let m = Meter {
            allowance_mb: Some(2),
            used_mb: 1,
            partial_bytes: 0,
        };
        let (after, taken) = m.consume(BYTES_PER_MB / 2);
        assert_eq!(
            (after.used_mb, after.partial_bytes, taken),
            (1, BYTES_PER_MB / 2, BYTES_PER_MB / 2)
        );
        let (after, taken) = after.consume(5 * BYTES_PER_MB);
        assert_eq!(
            (after.used_mb, after.partial_bytes, taken),
            (2, 0, BYTES_PER_MB / 2)
        );
        assert_eq!(after.remaining_bytes(), Some(0));
        let unlimited = Meter {
            allowance_mb: None,
            used_mb: 0,
            partial_bytes: 0,
        };
        let (after, taken) = unlimited.consume(3 * BYTES_PER_MB + 1);
        assert_eq!(
            (after.used_mb, after.partial_bytes, taken),
            (3, 1, 3 * BYTES_PER_MB + 1)
        );
        assert_eq!(after.remaining_mb(), None);
    }

    proptest! {
        #[test]
        fn a_split_adds_up_and_stays_inside_the_period(
            start in 0i64..400 * DAY_MS,
            span in 0i64..MAX_RECORD_SPAN_MS,
            bytes in 0i64..MAX_RECORD_BYTES,
        ) {
            let parts = split_by_day(start, start + span, bytes);
            prop_assert_eq!(parts.iter().map(|p| p.1 as i128).sum::<i128>(), bytes as i128);
            prop_assert!(parts.iter().all(|p| p.1 >= 0));
            prop_assert_eq!(parts[0].0, day_of(start));
            prop_assert!(parts.last().unwrap().0 <= day_of((start + span).max(start)));
        }

        #[test]
        fn a_projection_is_never_before_today(
            remaining in 0i64..1_000_000_000_000,
            used in proptest::collection::vec(0i64..10_000_000_000, 0..10),
        ) {
            let daily: Vec<(i64, i64)> = used.iter().enumerate().map(|(i, b)| (1_000 - 1 - i as i64, *b)).collect();
            if let Some(day) = projected_run_out(Some(remaining), &daily, 1_000) {
                prop_assert!(day >= 1_000);
            }
        }

        #[test]
        fn a_meter_takes_what_is_left_and_keeps_every_byte_counted(
            allowance in proptest::option::of(0i64..100_000),
            used in 0i64..100_000,
            chunks in proptest::collection::vec(0i64..5 * BYTES_PER_MB, 1..20),
        ) {
            let used = allowance.map_or(used, |a| used.min(a));
            let mut m = Meter { allowance_mb: allowance, used_mb: used, partial_bytes: 0 };
            let start = m.used_mb as i128 * BYTES_PER_MB as i128;
            let mut taken_total = 0i128;
            for c in chunks {
                let (after, taken) = m.consume(c);
                prop_assert!(taken <= c && taken >= 0);
                prop_assert!(after.partial_bytes >= 0 && after.partial_bytes < BYTES_PER_MB);
                if let Some(a) = allowance {
                    prop_assert!(after.used_mb <= a);
                    prop_assert!(after.remaining_bytes().unwrap() >= 0);
                } else {
                    prop_assert_eq!(taken, c);
                }
                taken_total += taken as i128;
                m = after;
            }
            prop_assert_eq!(m.used_mb as i128 * BYTES_PER_MB as i128 + m.partial_bytes as i128, start + taken_total);
        }
    }
}
