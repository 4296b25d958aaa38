//! The frozen clock and the datetime form of responses and stored rows (parameters are parsed
//! by `apps::common::pytime`, as Python's `strptime`).

use chrono::{NaiveDate, NaiveDateTime};

/// The clock AppWorld's standalone server uses when no task sets one: 2023-05-18 12:00:00.
pub fn default_now() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2023, 5, 18)
        .and_then(|d| d.and_hms_opt(12, 0, 0))
        .unwrap_or_default()
}

/// `YYYY-MM-DDTHH:MM:SS`, the format of every datetime in responses.
pub fn fmt_datetime(dt: NaiveDateTime) -> String {
    use chrono::{Datelike, Timelike};
    // Hand-rolled: chrono's strftime interpreter costs ~1 µs, and this runs on every response.
    let mut s = String::with_capacity(19);
    let y = dt.year();
    if (0..=9999).contains(&y) {
        push_digits(&mut s, y as u32, 4);
    } else {
        s.push_str(&format!("{y:04}"));
    }
    for (sep, v) in [
        ('-', dt.month()),
        ('-', dt.day()),
        ('T', dt.hour()),
        (':', dt.minute()),
        (':', dt.second()),
    ] {
        s.push(sep);
        push_digits(&mut s, v, 2);
    }
    s
}

fn push_digits(s: &mut String, v: u32, width: u32) {
    for i in (0..width).rev() {
        s.push(char::from(b'0' + ((v / 10u32.pow(i)) % 10) as u8));
    }
}

/// Normalises a stored datetime text to the response format without parsing it when it is
/// already `YYYY-MM-DDTHH:MM:SS` or `YYYY-MM-DD HH:MM:SS` (the common cases); other texts go
/// through [`parse_datetime`], and unparseable ones come back unchanged.
pub fn normalize_datetime(s: String) -> String {
    let b = s.as_bytes();
    let plain = b.len() == 19
        && b.iter().enumerate().all(|(i, c)| match i {
            4 | 7 => *c == b'-',
            10 => *c == b'T' || *c == b' ',
            13 | 16 => *c == b':',
            _ => c.is_ascii_digit(),
        });
    if plain {
        if b[10] == b'T' {
            return s;
        }
        let mut s = s;
        s.replace_range(10..11, "T");
        return s;
    }
    parse_datetime(&s).map(fmt_datetime).unwrap_or(s)
}

/// Parses a clock given by a user (`--datetime`, a world's `manifest.json`, `/initialize`):
/// `YYYY-MM-DDTHH:MM:SS` (a space for the `T` is accepted); the error says what was expected.
pub fn parse_clock(s: &str) -> Result<NaiveDateTime, String> {
    ["%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M:%S"]
        .iter()
        .find_map(|f| NaiveDateTime::parse_from_str(s, f).ok())
        .ok_or_else(|| format!("'{s}' is not a datetime of the form YYYY-MM-DDTHH:MM:SS"))
}

/// Parses a datetime stored by the engine or given in ISO form (`T` or space, optional
/// fraction).
pub fn parse_datetime(s: &str) -> Option<NaiveDateTime> {
    let s = s.trim();
    for f in [
        "%Y-%m-%dT%H:%M:%S%.f",
        "%Y-%m-%d %H:%M:%S%.f",
        "%Y-%m-%dT%H:%M",
        "%Y-%m-%d|%H:%M:%S",
    ] {
        if let Ok(d) = NaiveDateTime::parse_from_str(s, f) {
            return Some(d);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_parse_strictly() {
        let leap = parse_clock("2024-02-29T23:59:59").unwrap();
        assert_eq!(fmt_datetime(leap), "2024-02-29T23:59:59");
        assert_eq!(parse_clock("2024-02-29 23:59:59"), Ok(leap));
        for bad in [
            "2023-02-29T00:00:00",
            "2024-02-29",
            "tomorrow",
            "2024-02-29T24:00:00",
            "",
        ] {
            let err = parse_clock(bad).unwrap_err();
            assert!(err.contains("YYYY-MM-DDTHH:MM:SS"), "{bad}: {err}");
        }
    }

    #[test]
    fn formats_round_trip() {
        let now = default_now();
        assert_eq!(fmt_datetime(now), "2023-05-18T12:00:00");
        assert_eq!(parse_datetime("2023-05-18T12:00:00"), Some(now));
        let odd = NaiveDate::from_ymd_opt(987, 1, 2)
            .and_then(|d| d.and_hms_opt(3, 4, 5))
            .unwrap();
        assert_eq!(
            fmt_datetime(odd),
            odd.format("%Y-%m-%dT%H:%M:%S").to_string()
        );
        assert_eq!(
            normalize_datetime("2023-05-18 01:02:03".into()),
            "2023-05-18T01:02:03"
        );
        assert_eq!(
            normalize_datetime("2023-05-18T01:02:03.5".into()),
            "2023-05-18T01:02:03"
        );
        assert_eq!(normalize_datetime("not a date".into()), "not a date");
    }
}
