//! The text formats phone checks the way AppWorld does: Python's `datetime.strptime` for dates,
//! datetimes and alarm times, its JSON text for stored lists, and the singular form of a
//! relationship (the rules of the `inflection` package, which AppWorld uses).

use chrono::{NaiveDate, NaiveDateTime};

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
        Token::Literal(c) => {
            if s.get(pos) == Some(&c) {
                match_at(s, pos + 1, rest, found)
            } else {
                None
            }
        }
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

/// `datetime.strptime(s, fmt)` for formats of `%Y %m %d %H %M %S` and literal characters:
/// the parsed value, or `None` where Python raises (no match, text left over, or no such
/// date or time).
pub(crate) fn strptime(s: &str, fmt: &str) -> Option<NaiveDateTime> {
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
    NaiveDate::from_ymd_opt(y, mo, d)?.and_hms_opt(h, mi, sec)
}

/// A contact's birthday: `YYYY-MM-DD` (unpadded parts too) or a `YYYY-MM-DDTHH:MM:SS`.
pub(crate) fn valid_birthday(s: &str) -> bool {
    strptime(s, "%Y-%m-%d").is_some() || strptime(s, "%Y-%m-%dT%H:%M:%S").is_some()
}

/// A message window bound: `YYYY-MM-DD|HH:MM:SS` or with `T` for `|`.
pub(crate) fn datetime_bound(s: &str) -> Option<NaiveDateTime> {
    strptime(s, "%Y-%m-%d|%H:%M:%S").or_else(|| strptime(s, "%Y-%m-%dT%H:%M:%S"))
}

/// An alarm time `HH:MM` as the format check accepts it (`7:5` passes).
pub(crate) fn valid_time(s: &str) -> bool {
    strptime(s, "%H:%M").is_some()
}

/// An alarm time as the stored model requires it: exactly two digits, `:`, two digits.
pub(crate) fn two_digit_time(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 5 && b[2] == b':' && [0, 1, 3, 4].iter().all(|&i| b[i].is_ascii_digit())
}

/// Python's `json.dumps` of a list of strings (`", "` between items, non-ASCII escaped), the
/// form AppWorld stores JSON columns in.
pub(crate) fn py_json_list(items: &[String]) -> String {
    let mut out = String::from("[");
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push('"');
        for c in item.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                '\u{8}' => out.push_str("\\b"),
                '\u{c}' => out.push_str("\\f"),
                c if c.is_ascii() && (c as u32) >= 0x20 => out.push(c),
                c => {
                    let mut buf = [0u16; 2];
                    for unit in c.encode_utf16(&mut buf) {
                        out.push_str(&format!("\\u{unit:04x}"));
                    }
                }
            }
        }
        out.push('"');
    }
    out.push(']');
    out
}

/// Words `inflection.singularize` leaves alone (matched as the last word).
const UNCOUNTABLE: &[&str] = &[
    "equipment",
    "information",
    "rice",
    "money",
    "species",
    "series",
    "fish",
    "sheep",
    "jeans",
];

/// `inflection.singularize` of a lower-case word: the first matching rule of its list.
pub(crate) fn singularize(word: &str) -> String {
    for u in UNCOUNTABLE {
        if let Some(head) = word.strip_suffix(u)
            && !head
                .chars()
                .last()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        {
            return word.to_string();
        }
    }
    let ends = |s: &str| word.ends_with(s);
    let cut = |n: usize, add: &str| format!("{}{add}", &word[..word.len() - n]);
    let before = |n: usize| word[..word.len() - n].chars().last();
    // (suffix, how many bytes to cut, what to add), tried in the package's order.
    let simple: &[(&str, usize, &str)] = &[
        ("zombies", 1, ""),
        ("kine", 4, "cow"),
        ("moves", 1, ""),
        ("sexes", 2, ""),
        ("children", 3, ""),
        ("humans", 1, ""),
        ("men", 2, "an"),
        ("people", 5, "erson"),
        ("databases", 1, ""),
        ("quizzes", 3, ""),
        ("matrices", 3, "x"),
        ("vertices", 4, "ex"),
        ("indices", 4, "ex"),
        ("passersby", 3, "by"),
    ];
    for (suffix, n, add) in simple {
        if ends(suffix) {
            return cut(*n, add);
        }
    }
    if let Some(rest) = word.strip_prefix("oxen") {
        return format!("ox{rest}");
    }
    for base in ["alias", "status"] {
        if ends(&format!("{base}es")) {
            return cut(2, "");
        }
        if ends(base) {
            return word.to_string();
        }
    }
    for stem in ["octop", "vir"] {
        if ends(&format!("{stem}us")) {
            return word.to_string();
        }
        if ends(&format!("{stem}i")) {
            return cut(1, "us");
        }
    }
    if word == "axis" || word == "axes" {
        return "axis".into();
    }
    for stem in ["cris", "test"] {
        if ends(&format!("{stem}is")) {
            return word.to_string();
        }
        if ends(&format!("{stem}es")) {
            return cut(2, "is");
        }
    }
    if ends("shoes") {
        return cut(1, "");
    }
    if ends("oes") {
        return cut(2, "");
    }
    if ends("buses") {
        return cut(2, "");
    }
    if ends("bus") {
        return word.to_string();
    }
    if ends("mice") || ends("lice") {
        return cut(3, "ouse");
    }
    for suffix in ["xes", "ches", "sses", "shes"] {
        if ends(suffix) {
            return cut(2, "");
        }
    }
    if ends("movies") {
        return cut(1, "");
    }
    if ends("series") {
        return word.to_string();
    }
    if ends("quies") || (ends("ies") && before(3).is_some_and(|c| !"aeiouy".contains(c))) {
        return cut(3, "y");
    }
    if ends("lves") || ends("rves") {
        return cut(3, "f");
    }
    if ends("tives") || ends("hives") {
        return cut(1, "");
    }
    if ends("ves") && before(3).is_some_and(|c| c != 'f') {
        return cut(3, "fe");
    }
    for (stem, whole) in [
        ("the", "thesis"),
        ("synop", "synopsis"),
        ("progno", "prognosis"),
        ("parenthe", "parenthesis"),
        ("diagno", "diagnosis"),
        ("ba", "basis"),
        ("analy", "analysis"),
    ] {
        for tail in ["sis", "ses"] {
            let suffix = format!("{stem}{tail}");
            if ends(&suffix) {
                return format!("{}{whole}", &word[..word.len() - suffix.len()]);
            }
        }
    }
    if ends("ta") || ends("ia") {
        return cut(1, "um");
    }
    if ends("news") || ends("ss") {
        return word.to_string();
    }
    if ends("s") {
        return cut(1, "");
    }
    word.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_strptime_rules() {
        assert!(valid_birthday("1990-4-2"));
        assert!(valid_birthday("1990-04-12T08:30:00"));
        assert!(valid_birthday("1990-04-12T8:3:0"));
        for bad in [
            "1990-04-12 08:30:00",
            "12/04/1990",
            "1990-02-30",
            "",
            "19900412",
            "1990-04-12T08:30",
            " 1990-04-12",
            "01990-04-12",
        ] {
            assert!(!valid_birthday(bad), "{bad}");
        }
        assert!(datetime_bound("2023-5-18|12:0:0").is_some());
        assert!(datetime_bound("2023-05-18T12:00:00").is_some());
        for bad in [
            "2023-05-18",
            "2023-05-18T12:00:00Z",
            "2023-05-18 12:00:00",
            "",
        ] {
            assert!(datetime_bound(bad).is_none(), "{bad}");
        }
        assert!(valid_time("7:30") && !two_digit_time("7:30"));
        for bad in ["24:00", "12:60", "0730", "07:30:00", " 07:30", "", "+7:30"] {
            assert!(!valid_time(bad), "{bad}");
        }
    }

    #[test]
    fn singular_forms() {
        for (plural, one) in [
            ("families", "family"),
            ("friends", "friend"),
            ("boss", "boss"),
            ("bosses", "boss"),
            ("wives", "wife"),
            ("children", "child"),
            ("status", "status"),
            ("buses", "bus"),
            ("people", "person"),
            ("women", "woman"),
            ("analyses", "analysis"),
            ("series", "series"),
            ("mothers-in-law", "mothers-in-law"),
            ("matrices", "matrix"),
            ("mice", "mouse"),
            ("oxen", "ox"),
            ("axes", "axis"),
            ("crises", "crisis"),
            ("shoes", "shoe"),
            ("octopi", "octopus"),
            ("data", "datum"),
            ("sheep", "sheep"),
            ("coworkers", "coworker"),
            ("gym", "gym"),
        ] {
            assert_eq!(singularize(plural), one, "{plural}");
        }
        assert_eq!(
            py_json_list(&["a".into(), "é\"".into()]),
            r#"["a", "\u00e9\""]"#
        );
    }
}
