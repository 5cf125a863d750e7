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
    }
}
