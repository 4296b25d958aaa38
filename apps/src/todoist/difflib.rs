//! Python's `difflib.SequenceMatcher(None, a, b).ratio()`, which AppWorld's label search ranks
//! by: the same longest-match recursion over code points, including the "popular element"
//! heuristic for a `b` of 200 or more characters (no junk function).

use std::collections::HashMap;

/// `SequenceMatcher(None, a, b).ratio()`: `2 * matched / (len(a) + len(b))`, 1.0 for two
/// empty strings.
pub(super) fn ratio(a: &str, b: &str) -> f64 {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let total = a.len() + b.len();
    if total == 0 {
        return 1.0;
    }
    2.0 * matched(&a, &b) as f64 / total as f64
}

/// The total size of `get_matching_blocks()`.
fn matched(a: &[char], b: &[char]) -> usize {
    // b2j: positions of each element of b, without the popular ones (autojunk).
    let mut b2j: HashMap<char, Vec<usize>> = HashMap::new();
    for (j, c) in b.iter().enumerate() {
        b2j.entry(*c).or_default().push(j);
    }
    if b.len() >= 200 {
        let ntest = b.len() / 100 + 1;
        b2j.retain(|_, idxs| idxs.len() <= ntest);
    }
    let mut total = 0;
    let mut queue = vec![(0, a.len(), 0, b.len())];
    while let Some((alo, ahi, blo, bhi)) = queue.pop() {
        let (i, j, k) = longest_match(a, b, &b2j, alo, ahi, blo, bhi);
        if k > 0 {
            total += k;
            if alo < i && blo < j {
                queue.push((alo, i, blo, j));
            }
            if i + k < ahi && j + k < bhi {
                queue.push((i + k, ahi, j + k, bhi));
            }
        }
    }
    total
}

/// `find_longest_match(alo, ahi, blo, bhi)` without junk: the earliest longest block, then
/// extended over equal (popular) neighbours.
fn longest_match(
    a: &[char],
    b: &[char],
    b2j: &HashMap<char, Vec<usize>>,
    alo: usize,
    ahi: usize,
    blo: usize,
    bhi: usize,
) -> (usize, usize, usize) {
    let (mut besti, mut bestj, mut bestsize) = (alo, blo, 0);
    let mut j2len: HashMap<usize, usize> = HashMap::new();
    for (i, c) in a.iter().enumerate().take(ahi).skip(alo) {
        let mut next: HashMap<usize, usize> = HashMap::new();
        if let Some(js) = b2j.get(c) {
            for &j in js {
                if j < blo {
                    continue;
                }
                if j >= bhi {
                    break;
                }
                let k = j
                    .checked_sub(1)
                    .and_then(|p| j2len.get(&p))
                    .copied()
                    .unwrap_or(0)
                    + 1;
                next.insert(j, k);
                if k > bestsize {
                    besti = i + 1 - k;
                    bestj = j + 1 - k;
                    bestsize = k;
                }
            }
        }
        j2len = next;
    }
    while besti > alo && bestj > blo && a[besti - 1] == b[bestj - 1] {
        besti -= 1;
        bestj -= 1;
        bestsize += 1;
    }
    while besti + bestsize < ahi
        && bestj + bestsize < bhi
        && a[besti + bestsize] == b[bestj + bestsize]
    {
        bestsize += 1;
    }
    (besti, bestj, bestsize)
}

#[cfg(test)]
mod tests {
    use super::ratio;

    /// Values computed with CPython's difflib.
    #[test]
    fn matches_python() {
        assert_eq!(ratio("urgent", "urgent"), 1.0);
        assert_eq!(ratio("urgent", "home"), 0.2);
        assert_eq!(ratio("urg", "color 12"), 2.0 / 11.0);
        assert_eq!(ratio("", ""), 1.0);
        assert_eq!(ratio("abc", ""), 0.0);
        assert_eq!(ratio("name 3", " "), 2.0 / 7.0);
        let long: String = "ab".repeat(150);
        assert_eq!(ratio("ab", &long), 2.0 * 2.0 / 302.0);
    }
}
