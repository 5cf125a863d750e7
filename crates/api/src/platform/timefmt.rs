//! Timestamps are stored as unix milliseconds and shown as RFC 3339 (SPEC §2).

/// `1700000000000` → `2023-11-14T22:13:20Z` (millisecond precision kept when non-zero).
pub fn rfc3339(ms: i64) -> String {
    let t = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    t.format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #[test]
    fn millis_render_as_utc_rfc3339() {
        assert_eq!(super::rfc3339(1_700_000_000_000), "2023-11-14T22:13:20Z");
        assert_eq!(super::rfc3339(1_700_000_000_250), "2023-11-14T22:13:20.25Z");
    }
}
