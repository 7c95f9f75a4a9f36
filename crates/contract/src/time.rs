//! The wire's timestamps: stored as milliseconds since the Unix epoch, shown as RFC 3339 in UTC
//! with milliseconds (`2026-11-26T07:20:00.000Z`).

use std::time::{SystemTime, UNIX_EPOCH};

/// Now, in milliseconds since the Unix epoch (0 for a clock set before it).
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// The server's date today, in UTC.
pub fn today() -> chrono::NaiveDate {
    chrono::DateTime::from_timestamp_millis(now_ms())
        .unwrap_or_default()
        .date_naive()
}

/// `ms` since the Unix epoch as the wire shows it; a value outside chrono's range shows as the
/// epoch.
pub fn timestamp(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_milliseconds_in_utc() {
        assert_eq!(timestamp(1_000_000_000_123), "2001-09-09T01:46:40.123Z");
        assert_eq!(timestamp(i64::MAX), "1970-01-01T00:00:00.000Z");
        assert!(now_ms() > 1_700_000_000_000);
    }
}
