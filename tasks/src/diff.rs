//! The database diff of an episode: rows added, removed and changed since the task's setup,
//! built from the engine's change log (cost ∝ the episode's writes, not the world's size).

use serde::Serialize;
use serde_json::{Map, Value};
use sim::world::{Change, Db, ENGINE_SCHEMA};
use std::collections::BTreeMap;

/// One row's net change.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RowChange {
    /// App (schema) name.
    pub schema: String,
    /// Table name.
    pub table: String,
    /// Row id.
    pub id: i64,
    /// Column values before (None: the row was added).
    pub before: Option<Map<String, Value>>,
    /// Column values after (None: the row was removed).
    pub after: Option<Map<String, Value>>,
}

/// What happened to a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChangeKind {
    /// Inserted.
    Added,
    /// Deleted.
    Removed,
    /// Updated.
    Updated,
}

impl RowChange {
    /// Added, removed or updated.
    pub fn kind(&self) -> ChangeKind {
        match (&self.before, &self.after) {
            (None, _) => ChangeKind::Added,
            (_, None) => ChangeKind::Removed,
            _ => ChangeKind::Updated,
        }
    }

    /// Is this a change of `schema.table`?
    pub fn is(&self, schema: &str, table: &str) -> bool {
        self.schema == schema && self.table == table
    }

    /// The row's value of `column` after the change, or before it for a removed row.
    pub fn get(&self, column: &str) -> &Value {
        self.after
            .as_ref()
            .or(self.before.as_ref())
            .and_then(|m| m.get(column))
            .unwrap_or(&Value::Null)
    }

    /// The value of `column` before the change (`Null` for an added row).
    pub fn before(&self, column: &str) -> &Value {
        self.before
            .as_ref()
            .and_then(|m| m.get(column))
            .unwrap_or(&Value::Null)
    }

    /// Columns whose value differs between before and after (all columns of an added or
    /// removed row).
    pub fn changed_columns(&self) -> Vec<String> {
        match (&self.before, &self.after) {
            (Some(b), Some(a)) => a
                .iter()
                .filter(|(k, v)| b.get(*k) != Some(*v))
                .map(|(k, _)| k.clone())
                .collect(),
            (Some(m), None) | (None, Some(m)) => m.keys().cloned().collect(),
            (None, None) => Vec::new(),
        }
    }

    /// One line: `simple_note.notes #12 updated (pinned, updated_at)`.
    pub fn describe(&self) -> String {
        let what = match self.kind() {
            ChangeKind::Added => "added".to_string(),
            ChangeKind::Removed => "removed".to_string(),
            ChangeKind::Updated => format!("updated ({})", self.changed_columns().join(", ")),
        };
        let title = self.get("title");
        let label = title
            .as_str()
            .map(|t| format!(" \"{t}\""))
            .unwrap_or_default();
        format!("{}.{} #{}{label} {what}", self.schema, self.table, self.id)
    }
}

/// The net changes of an episode, ordered by schema, table and row id.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Diff {
    /// Changed rows.
    pub rows: Vec<RowChange>,
}

impl Diff {
    /// Folds a change log into net row changes (first `before`, last `after`; rows that end as
    /// they began are dropped). The engine's own schema is left out.
    pub fn from_changes(changes: &[Change], db: &Db) -> Diff {
        type Key = (String, String, i64);
        let mut net: BTreeMap<Key, (Option<String>, Option<String>)> = BTreeMap::new();
        for c in changes.iter().filter(|c| c.schema != ENGINE_SCHEMA) {
            net.entry((c.schema.clone(), c.table.clone(), c.row_id))
                .and_modify(|e| e.1 = c.new.clone())
                .or_insert((c.old.clone(), c.new.clone()));
        }
        let rows = net
            .into_iter()
            .filter(|(_, (old, new))| old != new)
            .map(|((schema, table, id), (old, new))| {
                let cols = db.columns(&schema, &table).unwrap_or(&[]);
                let decode = |s: Option<String>| {
                    s.map(|s| {
                        let vals: Vec<Value> = serde_json::from_str(&s).unwrap_or_default();
                        cols.iter().cloned().zip(vals).collect::<Map<_, _>>()
                    })
                };
                RowChange {
                    before: decode(old),
                    after: decode(new),
                    schema,
                    table,
                    id,
                }
            })
            .collect();
        Diff { rows }
    }

    /// Changes of one table.
    pub fn table<'a>(
        &'a self,
        schema: &'a str,
        table: &'a str,
    ) -> impl Iterator<Item = &'a RowChange> + 'a {
        self.rows.iter().filter(move |r| r.is(schema, table))
    }

    /// Rows of a table with this change kind.
    pub fn of_kind<'a>(
        &'a self,
        schema: &'a str,
        table: &'a str,
        kind: ChangeKind,
    ) -> impl Iterator<Item = &'a RowChange> + 'a {
        self.table(schema, table).filter(move |r| r.kind() == kind)
    }
}
