//! Dates relative to the task's clock.

use chrono::NaiveDate;
use chrono::{Duration, NaiveDateTime};

/// A datetime `days` days before `now` at `h:m`.
pub fn days_ago(now: NaiveDateTime, days: i64, h: u32, m: u32) -> NaiveDateTime {
    (now - Duration::days(days))
        .date()
        .and_hms_opt(h, m, 0)
        .unwrap_or(now)
}

/// `YYYY-MM-DD`.
pub fn ymd(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// `y-mo-d h:m`.
pub fn on(y: i32, mo: u32, d: u32, h: u32, m: u32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(y, mo, d)
        .and_then(|x| x.and_hms_opt(h, m, 0))
        .unwrap_or_default()
}

/// The next time `b`'s month and day come after `today` (None for 29 February).
pub fn next_birthday(b: NaiveDate, today: NaiveDate) -> Option<NaiveDate> {
    use chrono::Datelike;
    let this = NaiveDate::from_ymd_opt(today.year(), b.month(), b.day())?;
    if this > today {
        Some(this)
    } else {
        NaiveDate::from_ymd_opt(today.year() + 1, b.month(), b.day())
    }
}

/// Days from `today` to `b`'s [`next_birthday`] (None for 29 February).
pub fn days_to_birthday(b: NaiveDate, today: NaiveDate) -> Option<i64> {
    next_birthday(b, today).map(|d| (d - today).num_days())
}
