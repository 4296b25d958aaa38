//! Python's `datetime.strptime`, for date and time parameters. AppWorld parses every date, datetime
//! and time it is given with `strptime` (its `parse_date`, `parse_datetime` and `parse_time`),
//! so every app's date/time parameters go through this module: [`strptime`] for a format of
//! its own, or the parameter checks below with AppWorld's 422 messages.

use chrono::{NaiveDate, NaiveDateTime};
use sim::api::ApiError;

/// One field of a `strptime` format and the alternatives Python's regex tries for it, in order
/// (each a sequence of inclusive character ranges).
fn alternatives(field: char) -> &'static [&'static [(char, char)]] {
    const D: (char, char) = ('0', '9');
    match field {
        'Y' => &[&[D, D, D, D]],
        'm' => &[
            &[('1', '1'), ('0', '2')],
            &[('0', '0'), ('1', '9')],
            &[('1', '9')],
        ],
        'd' => &[
            &[('3', '3'), ('0', '1')],
            &[('1', '2'), D],
            &[('0', '0'), ('1', '9')],
            &[('1', '9')],
            &[(' ', ' '), ('1', '9')],
        ],
        'H' => &[&[('2', '2'), ('0', '3')], &[('0', '1'), D], &[D]],
        'M' => &[&[('0', '5'), D], &[D]],
        'S' => &[&[('6', '6'), ('0', '1')], &[('0', '5'), D], &[D]],
        _ => &[],
    }
}

#[derive(Clone, Copy)]
enum Token {
    Field(char),
    Literal(char),
}

/// The first match of the format's regex at `pos` (alternatives in Python's order, with
/// backtracking), as the end position and the matched field texts.
fn match_at(
    s: &[char],
    pos: usize,
    tokens: &[Token],
    found: &mut Vec<(char, String)>,
) -> Option<usize> {
    let Some((&first, rest)) = tokens.split_first() else {
        return Some(pos);
    };
    match first {
        // The regex ignores case (`t` matches `T`).
        Token::Literal(c) => s
            .get(pos)
            .is_some_and(|x| x.eq_ignore_ascii_case(&c))
            .then(|| match_at(s, pos + 1, rest, found))
            .flatten(),
        Token::Field(f) => {
            for alt in alternatives(f) {
                let end = pos + alt.len();
                if end > s.len() {
                    continue;
                }
                if alt
                    .iter()
                    .zip(&s[pos..end])
                    .all(|((lo, hi), c)| (lo..=hi).contains(&c))
                {
                    found.push((f, s[pos..end].iter().collect()));
                    if let Some(e) = match_at(s, end, rest, found) {
                        return Some(e);
                    }
                    found.pop();
                }
            }
            None
        }
    }
}

/// `datetime.strptime(s, fmt)` for formats of `%Y %m %d %H %M %S` and literal characters (no
/// whitespace, no other directive): the parsed value (missing parts default to 1900-01-01
/// 00:00:00), or `None` where Python raises a `ValueError` (no match, text left over, or no
/// such date or time: Feb 30, second 60, year 0). Python's regex takes the first match in
/// priority order and does not backtrack into another one when text is left over; neither
/// does this. Digits are ASCII only (Python's `\d` also takes other Unicode digits).
pub fn strptime(s: &str, fmt: &str) -> Option<NaiveDateTime> {
    let mut tokens = Vec::new();
    let mut it = fmt.chars();
    while let Some(c) = it.next() {
        match c {
            '%' => tokens.push(Token::Field(it.next()?)),
            c => tokens.push(Token::Literal(c)),
        }
    }
    let chars: Vec<char> = s.chars().collect();
    let mut found = Vec::new();
    if match_at(&chars, 0, &tokens, &mut found)? != chars.len() {
        return None;
    }
    let (mut y, mut mo, mut d, mut h, mut mi, mut sec) = (1900, 1, 1, 0, 0, 0);
    for (f, text) in found {
        let v: u32 = text.trim().parse().ok()?;
        match f {
            'Y' => y = v as i32,
            'm' => mo = v,
            'd' => d = v,
            'H' => h = v,
            'M' => mi = v,
            _ => sec = v,
        }
    }
    if y < 1 {
        // Python's datetime starts at year 1.
        return None;
    }
    NaiveDate::from_ymd_opt(y, mo, d)?.and_hms_opt(h, mi, sec)
}

/// AppWorld's `parse_date`: `YYYY-MM-DD` (midnight), else `YYYY-MM-DDTHH:MM:SS`.
pub fn parse_date(s: &str) -> Option<NaiveDateTime> {
    strptime(s, "%Y-%m-%d").or_else(|| strptime(s, "%Y-%m-%dT%H:%M:%S"))
}

/// AppWorld's `parse_datetime`: `YYYY-MM-DD|HH:MM:SS`, else `YYYY-MM-DDTHH:MM:SS`.
pub fn parse_datetime(s: &str) -> Option<NaiveDateTime> {
    strptime(s, "%Y-%m-%d|%H:%M:%S").or_else(|| strptime(s, "%Y-%m-%dT%H:%M:%S"))
}

/// A date parameter ([`parse_date`]), or AppWorld's 422 `Invalid <param> format. Use
/// YYYY-MM-DD.`
pub fn date_param(param: &str, value: &str) -> Result<NaiveDateTime, ApiError> {
    parse_date(value)
        .ok_or_else(|| ApiError::unprocessable(format!("Invalid {param} format. Use YYYY-MM-DD.")))
}

/// A datetime parameter ([`parse_datetime`]), or AppWorld's 422 `Invalid <param> format. Use
/// YYYY-MM-DD|HH:MM:SS.`
pub fn datetime_param(param: &str, value: &str) -> Result<NaiveDateTime, ApiError> {
    parse_datetime(value).ok_or_else(|| {
        ApiError::unprocessable(format!("Invalid {param} format. Use YYYY-MM-DD|HH:MM:SS."))
    })
}

/// A time parameter (`HH:MM`, on 1900-01-01), or AppWorld's 422 `Invalid <param> format. Use
/// HH:MM.`
pub fn time_param(param: &str, value: &str) -> Result<NaiveDateTime, ApiError> {
    strptime(value, "%H:%M")
        .ok_or_else(|| ApiError::unprocessable(format!("Invalid {param} format. Use HH:MM.")))
}

/// A `min_*`/`max_*` date filter as AppWorld's listings read it: a [`date_param`] of which
/// only the day counts (`min`: its start, `max`: its end, 23:59:59).
pub fn day_bound(param: &str, value: &str, max: bool) -> Result<NaiveDateTime, ApiError> {
    let day = date_param(param, value)?.date();
    Ok(if max {
        day.and_hms_opt(23, 59, 59).unwrap_or_default()
    } else {
        day.and_time(chrono::NaiveTime::MIN)
    })
}

/// The rows whose stored time (`at`, as text) lies within the day bounds `min`..`max` (the
/// parameters of `a`). AppWorld parses the bounds only when rows are left to compare them
/// with, so a bad date on an empty list answers `[]`.
pub fn within_days<T>(
    rows: Vec<T>,
    a: &sim::api::Args,
    (min, max): (&str, &str),
    at: impl Fn(&T) -> &str,
) -> Result<Vec<T>, ApiError> {
    if rows.is_empty() {
        return Ok(rows);
    }
    let lo = sim::clock::fmt_datetime(day_bound(min, a.str(min), false)?);
    let hi = sim::clock::fmt_datetime(day_bound(max, a.str(max), true)?);
    Ok(rows
        .into_iter()
        .filter(|r| (lo.as_str()..=hi.as_str()).contains(&at(r)))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each case was checked against AppWorld (phone's birthday, venmo's and gmail's
    /// `min_created_at`, gmail's `scheduled_send_at`, phone's alarm time).
    #[test]
    fn python_strptime_rules() {
        let date = |s: &str| parse_date(s).map(|d| d.to_string());
        assert_eq!(date("2023-05-18").as_deref(), Some("2023-05-18 00:00:00"));
        assert_eq!(date("2023-5-18").as_deref(), Some("2023-05-18 00:00:00"));
        assert_eq!(date("2023-05-1").as_deref(), Some("2023-05-01 00:00:00"));
        assert_eq!(date("2023-05- 1").as_deref(), Some("2023-05-01 00:00:00"));
        assert_eq!(date("1990-4-2").as_deref(), Some("1990-04-02 00:00:00"));
        assert_eq!(
            date("2023-05-18T1:2:3").as_deref(),
            Some("2023-05-18 01:02:03")
        );
        assert_eq!(
            date("2023-05-18t12:00:01").as_deref(),
            Some("2023-05-18 12:00:01")
        );
        assert!(date("0001-01-01").is_some());
        for bad in [
            "18/05/2023",
            "2023-02-30",
            "",
            "tomorrow",
            "19900412",
            "2023-05-18 12:00:00",
            "2023-05-18 T00:00:00",
            "2023-05-18T",
            "2023-05-18Tgarbage",
            "2023-05-18T12:00",
            "2023-05-18T23:59:60",
            "2023-05-18T24:00:00",
            "023-05-18",
            "+2023-05-18",
            "2023-005-18",
            "0000-01-01",
            " 2023-05-18",
            "2023-05-18 ",
            "01990-04-12",
            "2023-05-123",
            "2023-13-01",
        ] {
            assert_eq!(date(bad), None, "{bad:?}");
        }

        assert!(parse_datetime("2023-5-18|12:0:0").is_some());
        assert!(parse_datetime("2023-05-18T12:00:00").is_some());
        assert!(parse_datetime("2024-5-20t08:00:00").is_some());
        for bad in [
            "2023-05-18",
            "2023-05-18T12:00:00Z",
            "2023-05-18 12:00:00",
            "2023-05-18|12:00:00 ",
            "2024-05-20|23:59:60",
            "0000-01-01|00:00:00",
            "",
        ] {
            assert!(parse_datetime(bad).is_none(), "{bad}");
        }

        assert!(time_param("time", "7:30").is_ok());
        assert!(time_param("time", "7:5").is_ok());
        for bad in [
            "24:00", "12:60", "0730", "07:30:00", " 07:30", "7:30 ", "", "+7:30",
        ] {
            assert!(time_param("time", bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn parameter_checks_and_day_bounds() {
        assert_eq!(
            day_bound("max_created_at", "2023-5-18T08:00:00", true)
                .unwrap()
                .to_string(),
            "2023-05-18 23:59:59"
        );
        assert_eq!(
            day_bound("min_created_at", "2023-05-18T08:00:00", false)
                .unwrap()
                .to_string(),
            "2023-05-18 00:00:00"
        );
        let message = |r: Result<NaiveDateTime, ApiError>| r.unwrap_err().message().clone();
        assert_eq!(
            message(day_bound("min_created_at", "x", false)),
            "Invalid min_created_at format. Use YYYY-MM-DD."
        );
        assert_eq!(
            message(datetime_param("scheduled_send_at", "2023-06-01")),
            "Invalid scheduled_send_at format. Use YYYY-MM-DD|HH:MM:SS."
        );
        assert_eq!(
            message(time_param("time", "12:00 PM")),
            "Invalid time format. Use HH:MM."
        );
    }
}
