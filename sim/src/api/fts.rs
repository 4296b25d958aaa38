//! Ranked full-text search in memory: a read-only index of an FTS5 table (the tokens FTS5's own
//! `porter` tokenizer makes, with their positions) scored with FTS5's bm25 in its order of
//! operations, so a ranking equals SQLite's `ORDER BY rank, rowid` bit for bit without SQLite
//! computing bm25 for every match (the cost of a catalog search).
//!
//! A world's indexes ([`SearchIndexes`]) are built on first use, from a copy of the world whose
//! table is as the world has it, and shared by every copy. A copy whose episode changed the
//! search text of a table (an insert, a delete, a renamed row) gets `None` and ranks through
//! SQLite: an index never answers for rows it does not hold. Tables whose search text other
//! triggers rewrite (not only their rows' own) are never indexed.

use rusqlite::types::ValueRef;
use rusqlite::{Connection, OptionalExtension, ffi};
use std::any::Any;
use std::collections::HashMap;
use std::ffi::{c_char, c_int, c_void};
use std::sync::{Arc, Mutex};

/// FTS5's bm25 constants.
const K1: f64 = 1.2;
const B: f64 = 0.75;
/// FTS5's tokenizer flags: tokenizing a query or a document.
const TOKENIZE_QUERY: c_int = 0x0001;
const TOKENIZE_DOCUMENT: c_int = 0x0004;
/// A token at the same position as the one before (a synonym); `porter` never makes one.
const TOKEN_COLOCATED: c_int = 0x0001;
/// How many derived values a world remembers ([`SearchIndexes::derived`]): listings with
/// filters an agent chose must not grow a shared world without bound.
const MAX_DERIVED: usize = 256;
/// FTS5 cuts longer tokens to this many bytes.
const MAX_TOKEN: usize = 32768;

/// A token: the bytes FTS5's tokenizer writes.
type Token = Box<[u8]>;

/// An instance of FTS5's `porter` tokenizer (over `unicode61`), borrowed from a connection.
struct Porter {
    methods: ffi::fts5_tokenizer,
    tokenizer: *mut ffi::Fts5Tokenizer,
}

/// What the tokenizer callback collects: the tokens, and whether one came colocated.
struct Collected {
    tokens: Vec<Token>,
    colocated: bool,
}

unsafe extern "C" fn collect(
    ctx: *mut c_void,
    tflags: c_int,
    token: *const c_char,
    n: c_int,
    _start: c_int,
    _end: c_int,
) -> c_int {
    // SAFETY: `ctx` is the `Collected` that `Porter::tokens` passes, alive for the call;
    // `token` points at `n` bytes the tokenizer owns for the callback's duration.
    let out = unsafe { &mut *(ctx as *mut Collected) };
    if tflags & TOKEN_COLOCATED != 0 {
        out.colocated = true;
    }
    let n = (n.max(0) as usize).min(MAX_TOKEN);
    let bytes: &[u8] = if n == 0 {
        &[]
    } else {
        // SAFETY: see above.
        unsafe { std::slice::from_raw_parts(token as *const u8, n) }
    };
    out.tokens.push(bytes.into());
    ffi::SQLITE_OK
}

fn failure(code: c_int, what: &str) -> rusqlite::Error {
    rusqlite::Error::SqliteFailure(ffi::Error::new(code), Some(what.to_string()))
}

impl Porter {
    /// The `porter` tokenizer of `db`'s FTS5 module.
    fn new(db: &Connection) -> Result<Porter, rusqlite::Error> {
        // SAFETY: the statement is prepared, bound and finalised here on `db`'s live handle;
        // `fts5(?1)` writes the module's `fts5_api` pointer (which lives as long as `db`) into
        // `api`. The tokenizer made from it owns its own state and is deleted on drop.
        unsafe {
            let handle = db.handle();
            let mut stmt = std::ptr::null_mut();
            let rc = ffi::sqlite3_prepare_v2(
                handle,
                c"SELECT fts5(?1)".as_ptr(),
                -1,
                &mut stmt,
                std::ptr::null_mut(),
            );
            if rc != ffi::SQLITE_OK {
                return Err(failure(rc, "FTS5 is not available"));
            }
            let mut api: *mut ffi::fts5_api = std::ptr::null_mut();
            ffi::sqlite3_bind_pointer(
                stmt,
                1,
                (&mut api as *mut *mut ffi::fts5_api).cast(),
                c"fts5_api_ptr".as_ptr(),
                None,
            );
            ffi::sqlite3_step(stmt);
            ffi::sqlite3_finalize(stmt);
            let Some(find) = api.as_ref().and_then(|a| a.xFindTokenizer) else {
                return Err(failure(ffi::SQLITE_ERROR, "FTS5 has no tokenizer API"));
            };
            let mut user = std::ptr::null_mut();
            let mut methods: ffi::fts5_tokenizer = std::mem::zeroed();
            let rc = find(api, c"porter".as_ptr(), &mut user, &mut methods);
            let Some(create) = methods.xCreate.filter(|_| rc == ffi::SQLITE_OK) else {
                return Err(failure(rc, "FTS5 has no porter tokenizer"));
            };
            let mut tokenizer = std::ptr::null_mut();
            let rc = create(user, std::ptr::null_mut(), 0, &mut tokenizer);
            if rc != ffi::SQLITE_OK || tokenizer.is_null() {
                return Err(failure(rc, "the porter tokenizer cannot start"));
            }
            Ok(Porter { methods, tokenizer })
        }
    }

    /// The tokens of `text` (`None` if the tokenizer fails or makes colocated tokens, which an
    /// index does not model).
    fn tokens(&self, text: &str, query: bool) -> Option<Vec<Token>> {
        let tokenize = self.methods.xTokenize?;
        let len = c_int::try_from(text.len()).ok()?;
        let mut out = Collected {
            tokens: Vec::new(),
            colocated: false,
        };
        let flags = if query {
            TOKENIZE_QUERY
        } else {
            TOKENIZE_DOCUMENT
        };
        // SAFETY: `self.tokenizer` is live until drop; `text` outlives the call; `collect`
        // receives `out` as its context.
        let rc = unsafe {
            tokenize(
                self.tokenizer,
                (&mut out as *mut Collected).cast(),
                flags,
                text.as_ptr().cast(),
                len,
                Some(collect),
            )
        };
        (rc == ffi::SQLITE_OK && !out.colocated).then_some(out.tokens)
    }
}

impl Drop for Porter {
    fn drop(&mut self) {
        if let Some(delete) = self.methods.xDelete {
            // SAFETY: made by this tokenizer's `xCreate`, deleted once.
            unsafe { delete(self.tokenizer) }
        }
    }
}

/// The rows of one search table and their tokens.
#[derive(Debug, Default)]
pub struct FtsIndex {
    /// Each row's search text (a hash; `None`: NULL) and token count, by rowid.
    docs: HashMap<i64, (Option<u64>, u32)>,
    /// All tokens of all rows.
    tokens: i64,
    /// For each token, the rows holding it, by rowid.
    postings: HashMap<Token, Vec<Posting>>,
    /// The positions of every posting, one run each.
    positions: Vec<u32>,
}

/// A token's positions in one row: `positions[start..start + len]`.
#[derive(Debug, Clone, Copy)]
struct Posting {
    row: i64,
    start: u32,
    len: u32,
}

/// What an index keeps of a row's search text to tell it changed.
fn text_hash(text: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::hash::DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

impl FtsIndex {
    /// An index of `rows` (rowid, search text), tokenized with `db`'s `porter` tokenizer;
    /// `None` where the tokenizer cannot model a row.
    fn build(
        db: &Connection,
        rows: impl IntoIterator<Item = (i64, Option<String>)>,
    ) -> Result<Option<FtsIndex>, rusqlite::Error> {
        let porter = Porter::new(db)?;
        let mut ix = FtsIndex::default();
        for (row, text) in rows {
            let tokens = match &text {
                // FTS5 reads a NUL-terminated text where the tokenizer reads on.
                Some(t) if t.contains('\0') => return Ok(None),
                Some(t) => match porter.tokens(t, false) {
                    Some(tokens) => tokens,
                    None => return Ok(None),
                },
                None => Vec::new(),
            };
            let n = tokens.len() as u32;
            let mut at: HashMap<Token, Vec<u32>> = HashMap::new();
            for (pos, token) in tokens.into_iter().enumerate() {
                at.entry(token).or_default().push(pos as u32);
            }
            for (token, positions) in at {
                let posting = Posting {
                    row,
                    start: ix.positions.len() as u32,
                    len: positions.len() as u32,
                };
                ix.positions.extend(positions);
                ix.postings.entry(token).or_default().push(posting);
            }
            ix.tokens += i64::from(n);
            ix.docs.insert(row, (text.as_deref().map(text_hash), n));
        }
        for list in ix.postings.values_mut() {
            list.sort_unstable_by_key(|p| p.row);
            list.shrink_to_fit();
        }
        Ok(Some(ix))
    }

    /// The heap bytes the index holds (roughly: its tables' entries, not their spare room).
    fn bytes(&self) -> usize {
        let postings: usize = self
            .postings
            .iter()
            .map(|(t, l)| t.len() + 16 + l.len() * std::mem::size_of::<Posting>())
            .sum();
        postings + self.positions.len() * 4 + self.docs.len() * 32
    }

    /// A posting's positions.
    fn at(&self, p: &Posting) -> &[u32] {
        &self.positions[p.start as usize..(p.start + p.len) as usize]
    }

    /// The index of `schema.fts_table` as `db` holds it (`None` where a row is not text).
    fn of_table(
        db: &Connection,
        schema: &str,
        fts_table: &str,
    ) -> Result<Option<FtsIndex>, rusqlite::Error> {
        let mut st = db.prepare(&format!(
            "SELECT rowid, saved_search_text FROM \"{schema}\".\"{fts_table}\""
        ))?;
        let mut rows = Vec::new();
        let mut q = st.query([])?;
        while let Some(r) = q.next()? {
            let text = match r.get_ref(1)? {
                ValueRef::Null => None,
                ValueRef::Text(t) => Some(String::from_utf8_lossy(t).into_owned()),
                _ => return Ok(None),
            };
            rows.push((r.get(0)?, text));
        }
        Self::build(db, rows)
    }

    /// The rows holding `phrase` (consecutive tokens), by rowid, each with its count of
    /// instances.
    fn phrase_hits(&self, phrase: &[Token]) -> Vec<(i64, u32)> {
        let Some((first, rest)) = phrase.split_first() else {
            return Vec::new();
        };
        let Some(heads) = self.postings.get(first) else {
            return Vec::new();
        };
        let mut lists = Vec::with_capacity(rest.len());
        for t in rest {
            match self.postings.get(t) {
                Some(l) => lists.push(l),
                None => return Vec::new(),
            }
        }
        let mut hits = Vec::new();
        for head in heads {
            let mut at = Vec::with_capacity(lists.len());
            for l in &lists {
                match l.binary_search_by_key(&head.row, |p| p.row) {
                    Ok(i) => at.push(self.at(&l[i])),
                    Err(_) => break,
                }
            }
            if at.len() < lists.len() {
                continue;
            }
            let n = self
                .at(head)
                .iter()
                .filter(|&&p| {
                    at.iter()
                        .enumerate()
                        .all(|(k, pos)| pos.binary_search(&(p + k as u32 + 1)).is_ok())
                })
                .count() as u32;
            if n > 0 {
                hits.push((head.row, n));
            }
        }
        hits
    }

    /// The rows matching any of `phrases` (an FTS5 `"a" OR "b c"` query), by FTS5's bm25 rank,
    /// ties by rowid: what `ORDER BY rank, rowid` returns.
    fn rank(&self, phrases: &[Vec<Token>]) -> Vec<i64> {
        let n_rows = self.docs.len() as i64;
        if n_rows == 0 {
            return Vec::new();
        }
        let avgdl = self.tokens as f64 / n_rows as f64;
        let mut idf = Vec::with_capacity(phrases.len());
        let mut freq: HashMap<i64, Vec<f64>> = HashMap::new();
        for (i, phrase) in phrases.iter().enumerate() {
            let hits = self.phrase_hits(phrase);
            let n_hit = hits.len() as i64;
            let x = (((n_rows - n_hit) as f64 + 0.5) / (n_hit as f64 + 0.5)).ln();
            idf.push(if x <= 0.0 { 1e-6 } else { x });
            for (row, n) in hits {
                freq.entry(row).or_insert_with(|| vec![0.0; phrases.len()])[i] = f64::from(n);
            }
        }
        let mut scored: Vec<(f64, i64)> = freq
            .into_iter()
            .map(|(row, f)| {
                let d = f64::from(self.docs.get(&row).map_or(0, |doc| doc.1));
                let mut score = 0.0;
                for (w, f) in idf.iter().zip(&f) {
                    score += w * ((f * (K1 + 1.0)) / (f + K1 * (1.0 - B + B * d / avgdl)));
                }
                // FTS5 returns `-1.0 * score`: the same bits as the negation.
                (-score, row)
            })
            .collect();
        scored.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        scored.into_iter().map(|(_, row)| row).collect()
    }

    /// Whether every row in `written` still has its indexed search text in `db`'s copy.
    fn holds(
        &self,
        db: &Connection,
        schema: &str,
        fts_table: &str,
        written: &[i64],
    ) -> Result<bool, rusqlite::Error> {
        let mut text = db.prepare_cached(&format!(
            "SELECT saved_search_text FROM \"{schema}\".\"{fts_table}\" WHERE rowid = ?1"
        ))?;
        for &id in written {
            let now: Option<Option<String>> = text.query_row([id], |r| r.get(0)).optional()?;
            let now = now.map(|t| t.as_deref().map(text_hash));
            if now != self.docs.get(&id).map(|d| d.0) {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// Whether a trigger other than the table's own three (`<fts>_ai`, `_au`, `_ad`, which
/// follow its row) writes `schema.fts_table`, e.g. phone's message copies re-indexed when a
/// user is renamed: the change log of the table would not tell such a change.
fn other_writers(db: &Connection, schema: &str, fts_table: &str) -> Result<bool, rusqlite::Error> {
    let own = ["_ai", "_au", "_ad"].map(|s| format!("{fts_table}{s}"));
    db.prepare(&format!(
        "SELECT EXISTS (SELECT 1 FROM \"{schema}\".sqlite_schema WHERE type = 'trigger' \
         AND instr(sql, ?1) > 0 AND name NOT IN (?2, ?3, ?4))"
    ))?
    .query_row(
        [&format!("\"{fts_table}\""), &own[0], &own[1], &own[2]],
        |r| r.get(0),
    )
}

/// The rows of `schema.table` the episode of `db` has written (per its change log).
fn written(db: &Connection, schema: &str, table: &str) -> Result<Vec<i64>, rusqlite::Error> {
    db.prepare_cached(
        "SELECT DISTINCT row_id FROM temp.change_log WHERE schema_name = ?1 AND table_name = ?2",
    )?
    .query_map([schema, table], |r| r.get(0))?
    .collect()
}

/// Has `db`'s episode written a row of `schema.table`?
fn has_written(db: &Connection, schema: &str, table: &str) -> Result<bool, rusqlite::Error> {
    db.prepare_cached(
        "SELECT 1 FROM temp.change_log WHERE schema_name = ?1 AND table_name = ?2 LIMIT 1",
    )?
    .exists([schema, table])
}

/// The search indexes of one world, built on first use and shared by every copy of it.
#[derive(Debug, Default)]
pub struct SearchIndexes {
    /// By `schema.fts_table`; `None` for a table an index cannot model (SQLite ranks it).
    tables: Mutex<HashMap<String, Option<Arc<FtsIndex>>>>,
    /// Indexes of lists of strings (keyed by their name), each with its strings.
    lists: Mutex<HashMap<String, Arc<StringList>>>,
    /// Values derived from a few tables (keyed by their name), as the world has the tables.
    derived: Mutex<HashMap<String, Arc<dyn Any + Send + Sync>>>,
}

/// A list of strings and its index (row `i + 1` is string `i`).
type StringList = (Vec<String>, FtsIndex);

/// The phrases of a query as FTS5 tokenizes them (`None` if the tokenizer cannot).
fn phrase_tokens(
    db: &Connection,
    phrases: &[String],
) -> Result<Option<Vec<Vec<Token>>>, rusqlite::Error> {
    let porter = Porter::new(db)?;
    Ok(phrases.iter().map(|p| porter.tokens(p, true)).collect())
}

impl SearchIndexes {
    /// The rowids of `schema.fts_table` matching any of `phrases`, best rank first (ties by
    /// rowid), or `None` where the index cannot answer for `db`'s copy (its episode changed the
    /// table's search text): then ask SQLite. Fails where `db` keeps no change log.
    pub fn ranked(
        &self,
        db: &Connection,
        schema: &str,
        fts_table: &str,
        phrases: &[String],
    ) -> Result<Option<Vec<i64>>, rusqlite::Error> {
        let Some(table) = fts_table.strip_suffix("_fts") else {
            return Ok(None);
        };
        // FTS5 reads a query as a C string: SQLite's own answer (an error) stands.
        if phrases.iter().any(|p| p.contains('\0')) {
            return Ok(None);
        }
        let key = format!("{schema}.{fts_table}");
        let found = self
            .tables
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
            .cloned();
        // No index could be built for this table (see below): SQLite answers.
        if matches!(found, Some(None)) {
            return Ok(None);
        }
        let changed = written(db, schema, table)?;
        let index = match found.flatten() {
            Some(ix) => ix,
            None => {
                // Built only from a copy that has not written the table: then it is the world's.
                if !changed.is_empty() {
                    return Ok(None);
                }
                let built = if other_writers(db, schema, fts_table)? {
                    None
                } else {
                    FtsIndex::of_table(db, schema, fts_table)?.map(Arc::new)
                };
                let mut tables = self.tables.lock().unwrap_or_else(|e| e.into_inner());
                match tables.entry(key).or_insert(built) {
                    Some(ix) => ix.clone(),
                    None => return Ok(None),
                }
            }
        };
        if !index.holds(db, schema, fts_table, &changed)? {
            return Ok(None);
        }
        Ok(phrase_tokens(db, phrases)?.map(|p| index.rank(&p)))
    }

    /// What `derive` reads from `db`, remembered under `name` for every copy of the world that
    /// has written none of `tables` (`(schema, table)`: all that `derive` reads): such a copy
    /// gets the world's value, one that has written them `derive`'s fresh answer. At most 256
    /// values are remembered (later names are derived afresh each time).
    pub fn derived<T, E>(
        &self,
        db: &Connection,
        tables: &[(&str, &str)],
        name: &str,
        derive: impl FnOnce() -> Result<T, E>,
    ) -> Result<Arc<T>, E>
    where
        T: Send + Sync + 'static,
        E: From<rusqlite::Error>,
    {
        for (schema, table) in tables {
            if has_written(db, schema, table)? {
                return derive().map(Arc::new);
            }
        }
        let known = self
            .derived
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(name)
            .cloned()
            .and_then(|v| v.downcast::<T>().ok());
        if let Some(value) = known {
            return Ok(value);
        }
        let value = Arc::new(derive()?);
        let mut derived = self.derived.lock().unwrap_or_else(|e| e.into_inner());
        if derived.len() < MAX_DERIVED {
            derived.insert(name.to_string(), value.clone());
        }
        Ok(value)
    }

    /// What each index built so far holds: (`schema.fts_table`, rows, tokens, bytes).
    pub fn summary(&self) -> Vec<(String, usize, i64, usize)> {
        let tables = self.tables.lock().unwrap_or_else(|e| e.into_inner());
        let mut out: Vec<_> = tables
            .iter()
            .filter_map(|(k, ix)| {
                ix.as_ref()
                    .map(|ix| (k.clone(), ix.docs.len(), ix.tokens, ix.bytes()))
            })
            .collect();
        out.sort();
        out
    }

    /// `items` matching any of `phrases`, as positions from 1, ranked as an FTS5 table of the
    /// items (rowid = position) ranks them; the index of `name` is kept while `items` stay
    /// the same.
    pub fn ranked_list(
        &self,
        db: &Connection,
        name: &str,
        items: &[String],
        phrases: &[String],
    ) -> Result<Option<Vec<i64>>, rusqlite::Error> {
        let cached = self
            .lists
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(name)
            .filter(|l| l.0 == items)
            .cloned();
        let list = match cached {
            Some(l) => l,
            None => {
                let rows = items
                    .iter()
                    .enumerate()
                    .map(|(i, t)| (i as i64 + 1, Some(t.clone())));
                let Some(ix) = FtsIndex::build(db, rows)? else {
                    return Ok(None);
                };
                let list = Arc::new((items.to_vec(), ix));
                self.lists
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(name.to_string(), list.clone());
                list
            }
        };
        Ok(phrase_tokens(db, phrases)?.map(|p| list.1.rank(&p)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Words with shared stems, stop-like words, punctuation, accents and other scripts.
    const WORDS: &[&str] = &[
        "love",
        "loving",
        "loved",
        "lover",
        "song",
        "songs",
        "the",
        "band",
        "night",
        "nights",
        "golden",
        "hearts",
        "heart",
        "summer",
        "mix",
        "café",
        "cafe",
        "naïve",
        "über",
        "o'brien",
        "rock-n-roll",
        "jazz",
        "lamp",
        "desk",
        "la",
        "東京",
        "ü",
        "running",
        "runs",
        "ran",
    ];
    const ODD: &[&str] = &["!!", "-", "'", "", "  ", "...", "a", "zzz", "é"];

    fn sqlite(db: &Connection, phrases: &[String]) -> Vec<i64> {
        let expr = crate::api::listing::fts_expr(phrases);
        db.prepare("SELECT rowid FROM t WHERE saved_search_text MATCH ?1 ORDER BY rank, rowid")
            .unwrap()
            .query_map([expr], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    }

    fn word() -> impl Strategy<Value = String> {
        prop_oneof![
            8 => prop::sample::select(WORDS).prop_map(str::to_string),
            1 => prop::sample::select(ODD).prop_map(str::to_string),
        ]
    }

    fn text() -> impl Strategy<Value = Option<String>> {
        prop_oneof![
            12 => prop::collection::vec(word(), 0..12).prop_map(|w| Some(w.join(" "))),
            1 => Just(None),
        ]
    }

    fn phrase() -> impl Strategy<Value = String> {
        prop::collection::vec(word(), 1..4).prop_map(|w| w.join(" "))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// The index ranks every query as FTS5's `ORDER BY rank, rowid` does, ties included.
        #[test]
        fn ranks_as_fts5(
            docs in prop::collection::vec(text(), 1..60),
            gaps in prop::collection::vec(1i64..4, 60),
            queries in prop::collection::vec(prop::collection::vec(phrase(), 1..4), 1..6),
        ) {
            let db = Connection::open_in_memory().unwrap();
            db.execute_batch(
                "CREATE VIRTUAL TABLE t USING fts5(id UNINDEXED, saved_search_text, tokenize='porter')",
            ).unwrap();
            let mut rows = Vec::new();
            let mut id = 0;
            for (d, gap) in docs.iter().zip(&gaps) {
                id += gap;
                db.execute("INSERT INTO t(rowid, id, saved_search_text) VALUES (?1, ?1, ?2)", rusqlite::params![id, d]).unwrap();
                rows.push((id, d.clone()));
            }
            let ix = FtsIndex::build(&db, rows).unwrap().unwrap();
            let porter = Porter::new(&db).unwrap();
            for q in &queries {
                let tokens: Vec<Vec<Token>> = q.iter().map(|p| porter.tokens(p, true).unwrap()).collect();
                prop_assert_eq!(ix.rank(&tokens), sqlite(&db, q), "query {:?}", q);
            }
        }
    }

    /// An index answers for a copy only while the copy's rows have the indexed text.
    #[test]
    fn holds_only_the_indexed_text() {
        let db = Connection::open_in_memory().unwrap();
        db.execute_batch(
            "CREATE VIRTUAL TABLE t USING fts5(id UNINDEXED, saved_search_text, tokenize='porter');
             INSERT INTO t(rowid, id, saved_search_text) VALUES (1, 1, 'love song'), (2, 2, 'night');",
        )
        .unwrap();
        let ix = FtsIndex::of_table(&db, "main", "t").unwrap().unwrap();
        assert!(ix.holds(&db, "main", "t", &[1, 2]).unwrap());
        db.execute("UPDATE t SET saved_search_text = 'day' WHERE rowid = 2", [])
            .unwrap();
        assert!(ix.holds(&db, "main", "t", &[1]).unwrap());
        assert!(!ix.holds(&db, "main", "t", &[1, 2]).unwrap());
        db.execute(
            "INSERT INTO t(rowid, id, saved_search_text) VALUES (3, 3, 'x')",
            [],
        )
        .unwrap();
        assert!(!ix.holds(&db, "main", "t", &[3]).unwrap());
    }

    #[test]
    fn derived_values_are_the_worlds_until_written() {
        let db = Connection::open_in_memory().unwrap();
        db.execute_batch(
            "CREATE TEMP TABLE change_log (schema_name TEXT, table_name TEXT, row_id INTEGER)",
        )
        .unwrap();
        let indexes = SearchIndexes::default();
        let calls = std::cell::Cell::new(0);
        let derive = |v: i64| {
            calls.set(calls.get() + 1);
            Ok::<_, rusqlite::Error>(vec![v])
        };
        let t = [("main", "t")];
        assert_eq!(*indexes.derived(&db, &t, "k", || derive(1)).unwrap(), [1]);
        // Remembered: a later copy gets the world's value without deriving it.
        assert_eq!(*indexes.derived(&db, &t, "k", || derive(2)).unwrap(), [1]);
        assert_eq!(calls.get(), 1);
        // A copy that wrote the table derives afresh, and the world's value stays.
        db.execute("INSERT INTO change_log VALUES ('main', 't', 7)", [])
            .unwrap();
        assert_eq!(*indexes.derived(&db, &t, "k", || derive(3)).unwrap(), [3]);
        db.execute("DELETE FROM change_log", []).unwrap();
        assert_eq!(*indexes.derived(&db, &t, "k", || derive(4)).unwrap(), [1]);
        // Past the bound, values are derived each time.
        for i in 0..MAX_DERIVED {
            indexes
                .derived(&db, &t, &format!("n{i}"), || derive(0))
                .unwrap();
        }
        let before = calls.get();
        indexes.derived(&db, &t, "late", || derive(5)).unwrap();
        indexes.derived(&db, &t, "late", || derive(5)).unwrap();
        assert_eq!(calls.get(), before + 2);
    }
}
