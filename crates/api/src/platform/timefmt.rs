//! Timestamps are stored as unix milliseconds and shown as RFC 3339 (SPEC §2);
//! messages and e-mails people read say the day in words.

/// `1700000000000` → `2023-11-14T22:13:20Z` (millisecond precision kept when non-zero).
pub fn rfc3339(ms: i64) -> String {
    let t = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    t.format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_default()
}

/// `1700000000000` → `14 November 2023` (the UTC day), for messages and e-mails.
pub fn day_text(ms: i64) -> String {
    let t = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    let format = time::macros::format_description!("[day padding:none] [month repr:long] [year]");
    t.format(&format).unwrap_or_default()
}

/// `2026-11-27` → the start of that UTC day in unix ms; `None` when not a date.
pub fn day_start_ms(day: &str) -> Option<i64> {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    let date = time::Date::parse(day.trim(), &format).ok()?;
    Some(date.midnight().assume_utc().unix_timestamp() * 1000)
}

#[cfg(test)]
mod tests {
    #[test]
    fn millis_render_as_utc_rfc3339() {
        assert_eq!(super::rfc3339(1_700_000_000_000), "2023-11-14T22:13:20Z");
        assert_eq!(super::rfc3339(1_700_000_000_250), "2023-11-14T22:13:20.25Z");
    }

    #[test]
    fn days_read_as_words() {
        assert_eq!(super::day_text(1_700_000_000_000), "14 November 2023");
        assert_eq!(super::day_text(1_704_153_600_000), "2 January 2024");
    }
}
