//! Shared list behaviour: pagination, `sort_by`, and full-text search ranking.

use super::error::ApiError;
use super::registry::Ctx;
use rusqlite::Connection;
use serde_json::Value;
use std::cmp::Ordering;

/// Returns page `index` of `limit` items (`[]` past the end).
pub fn paginate<T>(items: Vec<T>, index: i64, limit: i64) -> Vec<T> {
    let (index, limit) = (index.max(0) as usize, limit.max(0) as usize);
    items
        .into_iter()
        .skip(index.saturating_mul(limit))
        .take(limit)
        .collect()
}

/// A parsed `sort_by`: field and direction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SortKey {
    /// Response field to order by.
    pub field: String,
    /// Descending?
    pub descending: bool,
}

/// Parses `sort_by` as AppWorld does: empty or null means "not given"; it must start with `+`
/// or `-` (nothing is trimmed); the field is what is left after stripping leading `+`s and then
/// leading `-`s, and must be one of `valid` (the fields the API accepts, which the error lists).
pub fn parse_sort(sort_by: Option<&str>, valid: &[&str]) -> Result<Option<SortKey>, ApiError> {
    let Some(s) = sort_by.filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    if !s.starts_with(['+', '-']) {
        return Err(ApiError::unprocessable(
            "The sort_by parameter must start with + or -.",
        ));
    }
    let field = s.trim_start_matches('+').trim_start_matches('-');
    if !valid.contains(&field) {
        return Err(ApiError::unprocessable(format!(
            "If sort_by is passed, it must be one of {} and must be prefixed with + or -.",
            valid.join(", ")
        )));
    }
    Ok(Some(SortKey {
        field: field.to_string(),
        descending: s.starts_with('-'),
    }))
}

/// `a`, `a and b`, `a, b and c`.
pub fn natural_join(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Stable sort of rows by a field: `null` always last, ties keep their order in both
/// directions (descending is not a reversed ascending sort). `field` is asked once per row.
pub fn sort_rows<T>(rows: &mut Vec<T>, key: &SortKey, field: impl Fn(&T, &str) -> Value) {
    let mut keyed: Vec<(Value, T)> = rows.drain(..).map(|r| (field(&r, &key.field), r)).collect();
    keyed.sort_by(|(x, _), (y, _)| match (x.is_null(), y.is_null()) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        _ => {
            let o = compare_json(x, y);
            if key.descending { o.reverse() } else { o }
        }
    });
    rows.extend(keyed.into_iter().map(|(_, r)| r));
}

/// Orders two JSON scalars: numbers numerically, booleans false<true, strings by code point.
pub fn compare_json(a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x
            .as_f64()
            .partial_cmp(&y.as_f64())
            .unwrap_or(Ordering::Equal),
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::String(x), Value::String(y)) => x.cmp(y),
        _ => a.to_string().cmp(&b.to_string()),
    }
}

/// The phrases of a user query: lower-cased, whitespace collapsed, an odd `"` closed; each bare
/// word and each quoted phrase is one. `None` for a blank query (no search).
pub fn fts_phrases(query: &str) -> Option<Vec<String>> {
    let mut q = query
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    if q.matches('"').count() % 2 == 1 {
        q.push('"');
    }
    let mut pieces = Vec::new();
    for (i, part) in q.split('"').enumerate() {
        if i % 2 == 1 {
            let phrase = part.trim();
            if !phrase.is_empty() {
                pieces.push(phrase.to_string());
            }
        } else {
            pieces.extend(part.split_whitespace().map(str::to_string));
        }
    }
    (!pieces.is_empty()).then_some(pieces)
}

/// Turns a user query into an FTS5 expression ([`fts_expr`] of its [`fts_phrases`]). Returns
/// `None` for a blank query (no search).
pub fn fts_query(query: &str) -> Option<String> {
    fts_phrases(query).map(|p| fts_expr(&p))
}

/// The FTS5 expression matching any of `phrases`: quoted FTS5 strings joined by ` OR `.
pub fn fts_expr(phrases: &[String]) -> String {
    phrases
        .iter()
        .map(|p| format!("\"{p}\""))
        .collect::<Vec<_>>()
        .join(" OR ")
}

/// Ranks `candidates` (row ids, in their natural order) against `query` using the FTS5 table
/// `schema.fts_table`: matching ids by bm25 rank first, then the rest in the order of a Python set
/// difference, as AppWorld lists them. Search never filters. A blank query returns the candidates
/// unchanged.
pub fn rank_by_query(
    ctx: &Ctx,
    schema: &str,
    fts_table: &str,
    query: &str,
    candidates: &[i64],
) -> Result<Vec<i64>, ApiError> {
    match fts_matches(ctx, schema, fts_table, query)? {
        None => Ok(candidates.to_vec()),
        Some(hits) => Ok(with_rest(among(hits, candidates), candidates)),
    }
}

/// Page `index` of `limit` ids of [`rank_by_query`]'s order (see [`ranked_page`]).
pub fn rank_page(
    ctx: &Ctx,
    schema: &str,
    fts_table: &str,
    query: &str,
    candidates: &[i64],
    index: i64,
    limit: i64,
) -> Result<Vec<i64>, ApiError> {
    match fts_matches(ctx, schema, fts_table, query)? {
        None => Ok(paginate(candidates.to_vec(), index, limit)),
        Some(hits) => ranked_page(
            among(hits, candidates),
            || Ok(candidates.to_vec()),
            index,
            limit,
        ),
    }
}

/// The rows of `schema.fts_table` matching `query`, best bm25 rank first (ties by rowid), or
/// `None` for a query without words (no search). Every row counts: callers keep the matches
/// among their candidates. The world's in-memory index answers where it holds the episode's
/// rows ([`super::fts`]), SQLite's FTS5 elsewhere; debug builds check that both agree.
pub fn fts_matches(
    ctx: &Ctx,
    schema: &str,
    fts_table: &str,
    query: &str,
) -> Result<Option<Vec<i64>>, ApiError> {
    let Some(phrases) = fts_phrases(query) else {
        return Ok(None);
    };
    if let Some(ix) = ctx.search
        && let Some(hits) = ix.ranked(ctx.db, schema, fts_table, &phrases)?
    {
        if cfg!(debug_assertions) {
            let by_sqlite = sqlite_matches(ctx.db, schema, fts_table, &phrases)
                .map_err(|e| e.message().to_string());
            assert_eq!(
                Ok(&hits),
                by_sqlite.as_ref(),
                "{schema}.{fts_table} ranks {query:?} unlike FTS5"
            );
        }
        return Ok(Some(hits));
    }
    sqlite_matches(ctx.db, schema, fts_table, &phrases).map(Some)
}

/// [`fts_matches`] by SQLite's FTS5 (bm25 computed for every match).
fn sqlite_matches(
    db: &Connection,
    schema: &str,
    fts_table: &str,
    phrases: &[String],
) -> Result<Vec<i64>, ApiError> {
    let expr = fts_expr(phrases);
    let mut st = db.prepare_cached(&format!(
        "SELECT rowid FROM \"{schema}\".\"{fts_table}\" WHERE saved_search_text MATCH ?1 ORDER BY rank, rowid"
    ))?;
    Ok(st
        .query_map([expr], |r| r.get::<_, i64>(0))?
        .collect::<Result<_, _>>()?)
}

/// The `hits` that are among `candidates`, in the hits' order.
fn among(hits: Vec<i64>, candidates: &[i64]) -> Vec<i64> {
    let wanted: std::collections::HashSet<i64> = candidates.iter().copied().collect();
    hits.into_iter().filter(|id| wanted.contains(id)).collect()
}

/// `matched` (ranked), then the rest of `candidates` in the order AppWorld's
/// `list(set(ids) - set(matching_ids))` yields.
pub fn with_rest(mut matched: Vec<i64>, candidates: &[i64]) -> Vec<i64> {
    let rest = super::pyset::difference_order(candidates, &matched);
    matched.extend(rest);
    matched
}

/// Page `index` of `limit` ids of a ranked listing: the ranked `matched` ids, then the rest of
/// the candidates ([`with_rest`]). `candidates` (every listed id, in natural order) is asked
/// for only when the page reaches past the matches, so a first page of a catalog search costs
/// the match alone.
pub fn ranked_page(
    matched: Vec<i64>,
    candidates: impl FnOnce() -> Result<Vec<i64>, ApiError>,
    index: i64,
    limit: i64,
) -> Result<Vec<i64>, ApiError> {
    let (start, len) = (index.max(0) as usize, limit.max(0) as usize);
    let start = start.saturating_mul(len);
    if start.saturating_add(len) <= matched.len() {
        return Ok(matched[start..start + len].to_vec());
    }
    Ok(paginate(with_rest(matched, &candidates()?), index, limit))
}

/// Page `index` of `limit` ids of a ranked search over `schema.fts_table` among the rows a
/// listing's filters keep: the matches are offered to `keep` in rank order only until the page
/// is full, and `candidates` (every kept id, in natural order) is asked for only when the page
/// reaches past the matches ([`ranked_page`]), so a first page costs the ranking and a few
/// lookups. `page` is (`page_index`, `page_limit`). `None` for a query without words.
pub fn search_page(
    ctx: &Ctx,
    schema: &str,
    fts_table: &str,
    query: &str,
    mut keep: impl FnMut(i64) -> Result<bool, ApiError>,
    candidates: impl FnOnce() -> Result<Vec<i64>, ApiError>,
    (index, limit): (i64, i64),
) -> Result<Option<Vec<i64>>, ApiError> {
    let Some(hits) = fts_matches(ctx, schema, fts_table, query)? else {
        return Ok(None);
    };
    let len = limit.max(0) as usize;
    let end = (index.max(0) as usize)
        .saturating_mul(len)
        .saturating_add(len);
    let mut kept = Vec::new();
    for id in hits {
        if kept.len() >= end {
            break;
        }
        if keep(id)? {
            kept.push(id);
        }
    }
    ranked_page(kept, candidates, index, limit).map(Some)
}

/// `derive`'s answer, remembered per world under `key` for the copies that have written none of
/// `tables` (everything `derive` reads; see
/// [`SearchIndexes::derived`](super::fts::SearchIndexes::derived)); derived afresh where the
/// call has no indexes. Debug builds check every remembered answer against a fresh one.
pub fn remembered<T>(
    ctx: &Ctx,
    tables: &[(&str, &str)],
    key: &str,
    derive: impl Fn() -> Result<T, ApiError>,
) -> Result<T, ApiError>
where
    T: Clone + PartialEq + std::fmt::Debug + Send + Sync + 'static,
{
    let Some(ix) = ctx.search else {
        return derive();
    };
    let known = ix.derived(ctx.db, tables, key, &derive)?;
    if cfg!(debug_assertions) {
        assert_eq!(*known, derive()?, "the remembered {key} is stale");
    }
    Ok((*known).clone())
}

/// Page (`page_index`, `page_limit`) of a listing of every id `ids` gives (in natural order),
/// ranked by `query` when it searches ([`search_page`], nothing filtered) and as listed
/// otherwise.
pub fn listed_page(
    ctx: &Ctx,
    schema: &str,
    fts_table: &str,
    query: &str,
    ids: impl Fn() -> Result<Vec<i64>, ApiError>,
    (index, limit): (i64, i64),
) -> Result<Vec<i64>, ApiError> {
    match search_page(
        ctx,
        schema,
        fts_table,
        query,
        |_| Ok(true),
        &ids,
        (index, limit),
    )? {
        Some(page) => Ok(page),
        None => Ok(paginate(ids()?, index, limit)),
    }
}

/// Orders `rows` by [`rank_by_query`] of `query` over `schema.fts_table` (`id` gives a row's
/// FTS rowid): matches by rank first, then the rest in AppWorld's set order.
pub fn rank_rows<T>(
    ctx: &Ctx,
    schema: &str,
    fts_table: &str,
    query: &str,
    rows: Vec<T>,
    id: impl Fn(&T) -> i64,
) -> Result<Vec<T>, ApiError> {
    let ids: Vec<i64> = rows.iter().map(&id).collect();
    let ranked = rank_by_query(ctx, schema, fts_table, query, &ids)?;
    Ok(pick(rows, &ranked, id))
}

/// The rows whose ids are `ids`, in that order.
fn pick<T>(rows: Vec<T>, ids: &[i64], id: impl Fn(&T) -> i64) -> Vec<T> {
    let mut by_id: std::collections::HashMap<i64, T> =
        rows.into_iter().map(|r| (id(&r), r)).collect();
    ids.iter().filter_map(|i| by_id.remove(i)).collect()
}

/// How a search listing orders and pages its rows.
pub struct SearchPage<'a> {
    /// The search text, or `None` when the call does not search (each API decides what counts
    /// as no search: a blank query, or one without words).
    pub query: Option<&'a str>,
    /// The order of all rows when not searching (`sort_by` or the API's default).
    pub sort_all: Option<&'a SortKey>,
    /// The order of the page when searching (`sort_by` only: the ranking decides the page).
    pub sort_page: Option<&'a SortKey>,
    /// `page_index`.
    pub index: i64,
    /// `page_limit`.
    pub limit: i64,
}

impl SearchPage<'_> {
    /// AppWorld's listing pipeline over `rows` (already filtered): without a search, sort all
    /// rows then cut the page; with one, rank by the search (see [`rank_rows`]), cut the page,
    /// then sort that page.
    pub fn apply<T>(
        &self,
        ctx: &Ctx,
        schema: &str,
        fts_table: &str,
        mut rows: Vec<T>,
        id: impl Fn(&T) -> i64,
        field: impl Fn(&T, &str) -> Value + Copy,
    ) -> Result<Vec<T>, ApiError> {
        let Some(query) = self.query else {
            if let Some(key) = self.sort_all {
                sort_rows(&mut rows, key, field);
            }
            return Ok(paginate(rows, self.index, self.limit));
        };
        let ids: Vec<i64> = rows.iter().map(&id).collect();
        let wanted = rank_page(ctx, schema, fts_table, query, &ids, self.index, self.limit)?;
        let mut page = pick(rows, &wanted, id);
        if let Some(key) = self.sort_page {
            sort_rows(&mut page, key, field);
        }
        Ok(page)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn query_preprocessing() {
        assert_eq!(
            fts_query("send  Money").as_deref(),
            Some("\"send\" OR \"money\"")
        );
        assert_eq!(
            fts_query("\"run 5k\" fast").as_deref(),
            Some("\"run 5k\" OR \"fast\"")
        );
        assert_eq!(fts_query("\"").as_deref(), None);
        assert_eq!(fts_query("  ").as_deref(), None);
    }

    #[test]
    fn ranked_pages_read_the_rest_only_past_the_matches() {
        let all = [1, 2, 3, 4, 5, 6, 7, 8];
        let matched = vec![7, 3, 5];
        let never =
            || -> Result<Vec<i64>, ApiError> { panic!("candidates read for a page of matches") };
        assert_eq!(
            ranked_page(matched.clone(), never, 0, 2).unwrap(),
            vec![7, 3]
        );
        assert_eq!(ranked_page(matched.clone(), never, 1, 1).unwrap(), vec![3]);
        let full = with_rest(matched.clone(), &all);
        assert_eq!(&full[..3], &[7, 3, 5]);
        let mut rest = full[3..].to_vec();
        rest.sort_unstable();
        assert_eq!(rest, vec![1, 2, 4, 6, 8]);
        for (index, limit) in [(0, 5), (1, 2), (2, 3), (0, 20), (9, 3)] {
            let page = ranked_page(matched.clone(), || Ok(all.to_vec()), index, limit).unwrap();
            assert_eq!(
                page,
                paginate(full.clone(), index, limit),
                "page {index} of {limit}"
            );
        }
    }

    #[test]
    fn sort_rules() {
        let err = parse_sort(Some("created_at"), &["a"]).unwrap_err();
        assert_eq!(
            err.message(),
            "The sort_by parameter must start with + or -."
        );
        let err = parse_sort(Some("+x"), &["a", "b", "c"]).unwrap_err();
        assert_eq!(
            err.message(),
            "If sort_by is passed, it must be one of a, b, c and must be prefixed with + or -."
        );
        let key = parse_sort(Some("-v"), &["v"]).unwrap().unwrap();
        assert_eq!(parse_sort(Some("++v"), &["v"]).unwrap().unwrap().field, "v");
        assert!(parse_sort(Some(" -v"), &["v"]).is_err());
        let mut rows = vec![
            json!({"v": 1, "n": 0}),
            json!({"v": null, "n": 1}),
            json!({"v": 2, "n": 2}),
            json!({"v": 1, "n": 3}),
        ];
        sort_rows(&mut rows, &key, |r, f| r[f].clone());
        let order: Vec<i64> = rows.iter().map(|r| r["n"].as_i64().unwrap()).collect();
        assert_eq!(order, vec![2, 0, 3, 1]);
        assert_eq!(paginate(vec![1, 2, 3, 4, 5], 1, 2), vec![3, 4]);
        assert!(paginate(vec![1, 2], 5, 2).is_empty());
    }
}
