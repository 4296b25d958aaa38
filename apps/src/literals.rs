//! The string literals of Rust source, for the tests that check where SQL is written (this
//! file is also compiled into the `tasks` crate's tests, by path).

/// The string literals of Rust source, as written between their quotes (escapes kept);
/// comments, character literals and lifetimes are skipped. Raw strings count too.
pub fn string_literals(src: &str) -> Vec<String> {
    let c: Vec<char> = src.chars().collect();
    let at = |i: usize| c.get(i).copied();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        match c[i] {
            '/' if at(i + 1) == Some('/') => {
                while i < c.len() && c[i] != '\n' {
                    i += 1;
                }
            }
            '/' if at(i + 1) == Some('*') => {
                i += 2;
                while i < c.len() && (c[i] != '*' || at(i + 1) != Some('/')) {
                    i += 1;
                }
                i += 2;
            }
            '\'' if at(i + 1) == Some('\\') => {
                // An escaped character literal: up to its closing quote.
                i += 3;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            }
            '\'' if at(i + 2) == Some('\'') => i += 3,
            'r' if (at(i + 1) == Some('"') || at(i + 1) == Some('#'))
                && !i
                    .checked_sub(1)
                    .is_some_and(|p| c[p].is_alphanumeric() || c[p] == '_') =>
            {
                let hashes = c[i + 1..].iter().take_while(|&&h| h == '#').count();
                let start = i + 1 + hashes + 1;
                if at(start - 1) != Some('"') {
                    i += 1;
                    continue;
                }
                let mut j = start;
                while j < c.len() && (c[j] != '"' || (1..=hashes).any(|k| at(j + k) != Some('#'))) {
                    j += 1;
                }
                out.push(c[start..j.min(c.len())].iter().collect());
                i = j + 1 + hashes;
            }
            '"' => {
                let mut j = i + 1;
                while j < c.len() && c[j] != '"' {
                    j += if c[j] == '\\' { 2 } else { 1 };
                }
                out.push(c[i + 1..j.min(c.len())].iter().collect());
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    out
}

#[test]
fn string_literals_are_found() {
    let src = r##"// "in a comment"
        /* "in a block" */ let a = "one"; let q = '"'; let e = '\''; let s: &'static str = "two \" x";
        let r = r"raw"; let h = r#"with "quotes""#; let id = for_r"#;"##;
    assert_eq!(
        string_literals(src),
        ["one", "two \\\" x", "raw", "with \"quotes\"", "#;"]
    );
}
