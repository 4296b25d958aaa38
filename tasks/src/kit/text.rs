//! Comparing what an agent wrote with what a task wants.

/// Does `text` hold `part` (case and spacing ignored)?
pub fn holds(text: &str, part: &str) -> bool {
    let norm = |s: &str| crate::eval::normalize_text(s);
    norm(text).contains(&norm(part))
}

/// `s` with its first letter upper-cased.
pub fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// Same text, ignoring case and surrounding whitespace.
pub fn same_text(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}
