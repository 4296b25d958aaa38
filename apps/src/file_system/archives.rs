//! Archives: `compress_directory` packs a directory's files into one file row whose
//! `compressed_data` lists the entries (paths relative to the directory's parent, content,
//! dates, nested archive data) and whose content is a random `binary:<10 hex>...` text;
//! `decompress_file` writes the entries back below a directory.

use super::directories::files_under;
use super::files::{delete_file_row, file_dates, me, set_dates};
use crate::common::files::{self as fs};
use crate::common::pytext::py_json_str;
use serde_json::{Value, json};
use sim::api::{ApiError, Args, Ctx};

/// Python's `json.dumps` with its default separators and `ensure_ascii`.
fn py_dumps(v: &Value) -> String {
    match v {
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(py_dumps).collect::<Vec<_>>().join(", ")
        ),
        Value::Object(map) => format!(
            "{{{}}}",
            map.iter()
                .map(|(k, v)| format!("{}: {}", py_json_str(k), py_dumps(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::String(s) => py_json_str(s),
        other => other.to_string(),
    }
}

/// A stored datetime as an ISO text (`2023-05-18T12:00:00`).
fn iso(stored: Option<String>) -> Value {
    stored.map_or(Value::Null, |s| json!(sim::clock::normalize_datetime(s)))
}

pub(super) fn compress_directory(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let me = me(ctx)?;
    let dir = me.resolve_dir(a.str("directory_path"), "directory_path")?;
    let archive = match a.opt_str("compressed_file_path").filter(|s| !s.is_empty()) {
        Some(raw) => {
            let p = me.resolve(raw, "compressed_file_path")?;
            fs::check_compressed_path(&p, "compressed_file_path")?;
            p
        }
        None => {
            let p = format!("{}.zip", dir.trim_end_matches('/'));
            if dir == "/" {
                // AppWorld's default for the root is `.zip`, refused as a directory path.
                return Err(ApiError::unprocessable(format!(
                    "The path directory_path (/{p}) is supposed to be a directory and so must not have an extension."
                )));
            }
            p
        }
    };
    let overwrite = a.opt_bool("overwrite").unwrap_or(false);
    if fs::find_file(ctx.db, Some(me.id), &archive)?.is_some() && !overwrite {
        return Err(ApiError::unprocessable(
            "A compressed file with the same path already exists in your account. Set overwrite to True to overwrite it.",
        ));
    }
    let files = files_under(ctx, me.id, &dir)?;
    if files.is_empty() {
        return Err(ApiError::unprocessable(format!(
            "No files found in directory {dir}."
        )));
    }
    // Entry paths are relative to the directory's parent: `/documents/todo.txt`.
    let trimmed = dir.trim_end_matches('/');
    let prefix = &trimmed[..trimmed.rfind('/').unwrap_or(0)];
    let mut entries = Vec::new();
    for f in &files {
        let (created, updated) = file_dates(ctx, f.id)?;
        let nested: Value = serde_json::from_str(&f.compressed_data).unwrap_or(json!([]));
        entries.push(json!({
            "path": &f.path[prefix.len()..],
            "content": f.content,
            "created_at": iso(Some(created)),
            "updated_at": iso(updated),
            "compressed_data": nested,
        }));
    }
    let bits = ctx.rng(|r| r.getrandbits(128))?;
    let content = format!("binary:{}...", &format!("{bits:032x}")[..10]);
    fs::write_file(
        ctx.db,
        &me,
        &archive,
        &content,
        &py_dumps(&Value::Array(entries)),
        true,
        ctx.now,
    )?;
    if a.opt_bool("delete_directory").unwrap_or(false) {
        // As AppWorld: the packed files and the directory's own row go; its sub-directory
        // rows and an archive written inside it stay.
        for f in &files {
            delete_file_row(ctx, f.id)?;
        }
        ctx.db
            .prepare_cached("DELETE FROM file_system.directories WHERE user_id = ?1 AND path = ?2")?
            .execute(rusqlite::params![me.id, dir])?;
    }
    Ok(json!({"message": "Directory compressed.", "compressed_file_path": archive}))
}

pub(super) fn decompress_file(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let me = me(ctx)?;
    let archive = me.resolve(a.str("compressed_file_path"), "compressed_file_path")?;
    fs::check_compressed_path(&archive, "compressed_file_path")?;
    let dest = match a
        .opt_str("decompressed_directory_path")
        .filter(|s| !s.is_empty())
    {
        Some(raw) => me.resolve_dir(raw, "decompressed_directory_path")?,
        None => fs::ancestors(&archive).pop().unwrap_or_else(|| "/".into()),
    };
    let Some(file) = fs::find_file(ctx.db, Some(me.id), &archive)? else {
        return Err(ApiError::unprocessable(format!(
            "File with path {archive} is not available in your account."
        )));
    };
    let retain = a.opt_bool("retain_dates").unwrap_or(true);
    let entries: Vec<Value> = serde_json::from_str(&file.compressed_data).unwrap_or_default();
    // The destination exists afterwards even when the archive holds nothing.
    fs::create_parents(ctx.db, &me, dest.trim_end_matches('/'), ctx.now)?;
    fs::insert_directory(ctx.db, &me, &dest, ctx.now)?;
    let base = dest.trim_end_matches('/');
    for e in entries {
        let path = format!("{base}{}", e["path"].as_str().unwrap_or(""));
        let content = e["content"].as_str().unwrap_or("");
        let nested = py_dumps(e.get("compressed_data").unwrap_or(&json!([])));
        let id = fs::write_file(ctx.db, &me, &path, content, &nested, true, ctx.now)?;
        if retain {
            let stored = |k: &str| {
                e[k].as_str()
                    .and_then(sim::clock::parse_datetime)
                    .map(sim::clock::fmt_datetime)
            };
            if let Some(created) = stored("created_at") {
                set_dates(ctx, id, &created, stored("updated_at").as_deref())?;
            }
        }
    }
    if a.opt_bool("delete_compressed_file").unwrap_or(false) {
        delete_file_row(ctx, file.id)?;
    }
    Ok(json!({"message": "File decompressed.", "decompressed_directory_path": dest}))
}
