//! Per-key quotas and the headers that tell an SDK to back off.
//!
//! `X-Sentry-Rate-Limits` is a comma-separated list of
//! `retry_after:categories:scope:reason_code`, where `categories` is a
//! `;`-separated list of data categories (empty = every category). The JS SDK
//! stops sending the limited categories for `retry_after` seconds; without a
//! readable header it falls back to `Retry-After`, then to 60 s.

/// One rate limit to report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RateLimit {
    pub retry_after_secs: u64,
    /// Data categories (`error`, `transaction`, `session`, …); empty means all.
    pub categories: Vec<String>,
    /// `key`, `project` or `organization`.
    pub scope: &'static str,
    pub reason_code: Option<String>,
}

impl RateLimit {
    /// The per-minute quota of one DSN key was used up.
    pub fn key_quota(retry_after_secs: u64) -> RateLimit {
        RateLimit {
            retry_after_secs: retry_after_secs.max(1),
            categories: Vec::new(),
            scope: "key",
            reason_code: Some("key_quota".into()),
        }
    }
}

/// The `X-Sentry-Rate-Limits` value for `limits`.
pub fn format_rate_limits(limits: &[RateLimit]) -> String {
    limits
        .iter()
        .map(|l| {
            let mut s = format!(
                "{}:{}:{}",
                l.retry_after_secs,
                l.categories.join(";"),
                l.scope
            );
            if let Some(reason) = &l.reason_code {
                s.push(':');
                s.push_str(reason);
            }
            s
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The `Retry-After` value: the longest of the limits, in whole seconds.
pub fn retry_after(limits: &[RateLimit]) -> String {
    limits
        .iter()
        .map(|l| l.retry_after_secs)
        .max()
        .unwrap_or(60)
        .to_string()
}

/// A fixed one-minute window: which window `now_ms` falls in and how many
/// seconds remain until it ends (at least 1).
pub fn minute_window(now_ms: i64) -> (i64, u64) {
    let start = now_ms.div_euclid(60_000) * 60_000;
    let remaining_ms = start + 60_000 - now_ms;
    (
        start,
        u64::try_from((remaining_ms + 999) / 1000)
            .unwrap_or(60)
            .max(1),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_quota_limits_every_category_for_the_rest_of_the_minute() {
        let l = RateLimit::key_quota(42);
        assert_eq!(
            format_rate_limits(std::slice::from_ref(&l)),
            "42::key:key_quota"
        );
        assert_eq!(retry_after(&[l]), "42");
    }

    #[test]
    fn several_limits_are_comma_separated_with_categories() {
        let limits = [
            RateLimit {
                retry_after_secs: 60,
                categories: vec!["transaction".into(), "span".into()],
                scope: "project",
                reason_code: None,
            },
            RateLimit::key_quota(10),
        ];
        assert_eq!(
            format_rate_limits(&limits),
            "60:transaction;span:project, 10::key:key_quota"
        );
        assert_eq!(retry_after(&limits), "60");
        assert_eq!(retry_after(&[]), "60");
    }

    #[test]
    fn minute_windows_round_down_and_count_the_seconds_left() {
        assert_eq!(minute_window(120_000), (120_000, 60));
        assert_eq!(minute_window(120_001), (120_000, 60));
        assert_eq!(minute_window(179_000), (120_000, 1));
        assert_eq!(minute_window(179_999), (120_000, 1));
        assert_eq!(RateLimit::key_quota(0).retry_after_secs, 1);
    }
}
