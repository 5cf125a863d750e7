//! 90 days of demo usage for the demo customers' subscriptions and eSIMs,
//! so `/monitoring` shows real curves on a fresh start. Each item's daily
//! totals follow a weekly rhythm with some day-to-day noise and add up to
//! the data its meter shows as used in that window (unlimited plans get a
//! steady 1–2 GB a day, and their meter is set to match).

use uplink_db::usage::{self, MeteredItem};
use uplink_db::{Db, DbError, now_ms};
use uplink_domain::usage::{BYTES_PER_MB, day_of};

const DAYS: i64 = 90;

/// A stable pseudo-random number in [0, 1) for (item, day): the same demo
/// curve every time the store is seeded.
fn noise(item: &str, day: i64) -> f64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in item.bytes().chain(day.to_le_bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    (h >> 11) as f64 / (1u64 << 53) as f64
}

/// Weekday-heavy weights for the days `[from, to]`.
fn weights(item: &str, from: i64, to: i64) -> Vec<(i64, f64)> {
    (from..=to)
        .map(|day| {
            // 1970-01-01 was a Thursday: days 2 and 3 of the week are the weekend.
            let weekend = matches!(day.rem_euclid(7), 2 | 3);
            let rhythm = if weekend { 0.55 } else { 1.0 };
            (day, rhythm * (0.6 + 0.8 * noise(item, day)))
        })
        .collect()
}

/// Splits `total` bytes over the days by weight: 80 % down, 20 % up.
fn spread(item: &str, from: i64, to: i64, total: i64) -> Vec<(i64, i64, i64)> {
    let w = weights(item, from, to);
    let sum: f64 = w.iter().map(|(_, x)| x).sum();
    w.into_iter()
        .map(|(day, x)| {
            let bytes = (total as f64 * x / sum) as i64;
            let up = bytes / 5;
            (day, up, bytes - up)
        })
        .collect()
}

/// Writes the demo usage history of every subscription and eSIM there
/// is (on a fresh store: the demo customers').
pub async fn seed_demo_usage(db: &Db) -> Result<(), DbError> {
    let now = now_ms();
    let today = day_of(now);
    let items = db.metered_items().await?;
    let mut tx = db.begin_write().await?;
    let mut rows = Vec::new();
    for MeteredItem {
        id,
        unlimited,
        used_mb,
        started_at,
    } in items
    {
        let since = day_of(started_at).max(today - DAYS + 1);
        let window_days = today - since + 1;
        let lifetime_days = (today - day_of(started_at) + 1).max(1);
        let total = if unlimited {
            window_days * 1_536 * BYTES_PER_MB
        } else {
            used_mb * BYTES_PER_MB / lifetime_days * window_days
        };
        if unlimited {
            usage::set_subscription_used_mb(&mut tx, &id, total / BYTES_PER_MB).await?;
        }
        for (day, up, down) in spread(&id, since, today, total) {
            rows.push((id.clone(), day, up, down));
        }
    }
    usage::insert_usage_days(&mut tx, &rows).await?;
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_spread_keeps_its_total_within_a_byte_a_day() {
        let parts = super::spread("sub_demo", 100, 189, 38 * 1024 * super::BYTES_PER_MB);
        assert_eq!(parts.len(), 90);
        let sum: i64 = parts.iter().map(|(_, u, d)| u + d).sum();
        assert!((38 * 1024 * super::BYTES_PER_MB - sum).abs() <= 90);
        assert!(parts.iter().all(|(_, u, d)| *u > 0 && d > u));
    }
}
