//! Python text rules AppWorld's answers and stored rows follow: `inflection.singularize` (its
//! singular-insensitive filters and messages) and `json.dumps` of a list of strings (how it
//! stores JSON list columns).

/// Python's `json.dumps` of a list of integers (`[1, 2]`), the form AppWorld stores id list
/// columns in.
pub fn py_json_ints(items: &[i64]) -> String {
    let parts: Vec<String> = items.iter().map(|i| i.to_string()).collect();
    format!("[{}]", parts.join(", "))
}

/// Python's `json.dumps` of a list of strings (`", "` between items, non-ASCII escaped), the
/// form AppWorld stores JSON columns in.
pub fn py_json_list(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|i| py_json_str(i)).collect();
    format!("[{}]", quoted.join(", "))
}

/// Python's `json.dumps` of one string (`ensure_ascii`: everything outside space..`~` escaped,
/// as `\uXXXX` UTF-16 units where there is no short escape).
pub fn py_json_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{08}' => out.push_str("\\b"),
            '\u{0c}' => out.push_str("\\f"),
            ' '..='~' => out.push(c),
            c => {
                let mut buf = [0u16; 2];
                for unit in c.encode_utf16(&mut buf) {
                    out.push_str(&format!("\\u{unit:04x}"));
                }
            }
        }
    }
    out.push('"');
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
pub fn singularize(word: &str) -> String {
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

/// `inflection.pluralize` (AppWorld's order names: `2 coffee makers`): whole-word
/// uncountables stay, otherwise the first matching rule of the package's list, irregular words
/// first. Case-insensitive; the word's own letters are kept.
pub fn pluralize(word: &str) -> String {
    let lower = word.to_ascii_lowercase();
    if word.is_empty() || UNCOUNTABLE.contains(&lower.as_str()) {
        return word.to_string();
    }
    let ends = |s: &str| lower.ends_with(s);
    let cut = |n: usize, add: &str| format!("{}{add}", &word[..word.len() - n]);
    let before = |n: usize| lower[..lower.len() - n].chars().last();
    // Irregular words, the later-declared first; each keeps its plural as it is.
    for (one, many) in [
        ("zombie", "zombies"),
        ("cow", "kine"),
        ("move", "moves"),
        ("sex", "sexes"),
        ("child", "children"),
        ("human", "humans"),
        ("man", "men"),
        ("person", "people"),
    ] {
        if ends(many) {
            return word.to_string();
        }
        if ends(one) {
            if one.as_bytes()[0] == many.as_bytes()[0] {
                return cut(one.len() - 1, &many[1..]);
            }
            return cut(one.len(), many);
        }
    }
    if ends("quiz") {
        return cut(0, "zes");
    }
    if lower == "oxen" {
        return word.to_string();
    }
    if lower == "ox" {
        return cut(0, "en");
    }
    if ends("mice") || ends("lice") {
        return word.to_string();
    }
    if ends("mouse") || ends("louse") {
        return cut(4, "ice");
    }
    if ends("passersby") {
        return word.to_string();
    }
    if ends("passerby") {
        return cut(2, "sby");
    }
    for stem in ["matr", "vert", "ind"] {
        for tail in ["ix", "ex"] {
            if ends(&format!("{stem}{tail}")) {
                return cut(2, "ices");
            }
        }
    }
    if ends("x") || ends("ch") || ends("ss") || ends("sh") {
        return cut(0, "es");
    }
    if ends("quy") || (ends("y") && before(1).is_some_and(|c| !"aeiouy".contains(c))) {
        return cut(1, "ies");
    }
    if ends("hive") {
        return cut(0, "s");
    }
    if ends("lf") || ends("rf") {
        return cut(1, "ves");
    }
    if ends("fe") && before(2).is_some_and(|c| c != 'f') {
        return cut(2, "ves");
    }
    if ends("sis") {
        return cut(3, "ses");
    }
    if ends("ta") || ends("ia") {
        return word.to_string();
    }
    if ends("tum") || ends("ium") {
        return cut(2, "a");
    }
    for stem in ["buffalo", "potato", "tomato"] {
        if ends(stem) {
            return cut(0, "es");
        }
    }
    if ends("bus") {
        return cut(0, "es");
    }
    if ends("alias") || ends("status") {
        return cut(0, "es");
    }
    if ends("octopi") || ends("viri") {
        return word.to_string();
    }
    if ends("octopus") || ends("virus") {
        return cut(2, "i");
    }
    if lower == "axis" || lower == "testis" {
        return cut(2, "es");
    }
    if ends("s") {
        return word.to_string();
    }
    cut(0, "s")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn singular_forms_and_json_lists() {
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
