//! Storage helpers of the file_system app that other apps use in-process, as AppWorld's apps
//! do: gmail attaches files and downloads attachments, venmo and amazon save receipts.
//!
//! - [`authenticate`] turns a `file_system_access_token` into the file_system account it was
//!   issued for (401 naming `file_system` otherwise).
//! - [`FsUser::resolve`] / [`FsUser::resolve_file`] normalise a path as AppWorld does: a `//`
//!   anywhere is refused, a leading `~/` becomes the home directory `/home/<first name
//!   lower-cased>/`, surrounding whitespace is stripped, a missing leading `/` is added and
//!   trailing `/` are removed. A file path must have an extension.
//! - [`find_file`] reads a file by its normalised path, [`write_file`] creates or overwrites one
//!   (creating the missing parent directories), [`insert_file`] writes a row without checks.
//! - Directories: [`FsUser::resolve_dir`] (a directory path has no extension; answered with its
//!   trailing `/`), [`directory_exists`], [`insert_directory`], [`ancestors`] and
//!   [`create_parents`]; [`check_compressed_path`] for `.zip`/`.tar` archives.
//! - file_system's rows of directories and files: [`NewDirectoryRow`] and [`NewFileRow`] (the
//!   one INSERT of each table), [`Files`] and [`Directories`] (what task setups delete and
//!   read).
//!
//! Every user has a private tree: rows of `file_system.directories` and `file_system.files` are
//! keyed by (user, path). Directories are stored with a trailing `/`; `tilde_path` is the path
//! with the owner's home written as `~/`.

use crate::common::rows::table_row;
use chrono::NaiveDateTime;
use rusqlite::{Connection, OptionalExtension, params};
use sim::api::{AccountSpec, ApiError, AppSpec};
use sim::sql::Cached;

/// The app whose tokens and tables these helpers use.
pub const APP: &str = "file_system";

/// A file_system account, as a token names it.
#[derive(Debug, Clone, PartialEq)]
pub struct FsUser {
    /// Row id in `file_system.users`.
    pub id: i64,
    /// Current first name (the home directory follows it).
    pub first_name: String,
}

/// A stored file.
#[derive(Debug, Clone, PartialEq)]
pub struct FileRow {
    /// Row id (`file_id`).
    pub id: i64,
    /// Owner.
    pub user_id: i64,
    /// Normalised absolute path.
    pub path: String,
    /// Text content (`binary:...` for compressed files).
    pub content: String,
    /// The JSON text of `compressed_data` (the entries of an archive, `[]` otherwise).
    pub compressed_data: String,
}

impl FileRow {
    /// The base name (`report.txt` of `/home/alice/report.txt`).
    pub fn file_name(&self) -> &str {
        base_name(&self.path)
    }
}

/// The account a `file_system_access_token` was issued for: 401 with file_system's sentence
/// when the token is missing, unknown, revoked, expired or names no account (422 when the
/// account is not verified).
pub fn authenticate(
    db: &Connection,
    token: Option<&str>,
    now: NaiveDateTime,
) -> Result<FsUser, ApiError> {
    let Some(token) = token else {
        return Err(ApiError::unauthorized(APP));
    };
    let spec = AppSpec {
        name: APP,
        description: "",
        accounts: Some(AccountSpec::EMAIL),
        notifier: None,
    };
    let user = sim::api::auth::authenticate(db, &spec, token, now)?;
    FsUser::load(db, user.id)
}

impl FsUser {
    /// The home directory, `/home/<first name lower-cased>/` (not stripped: a first name with
    /// spaces or slashes gives an odd home, as in AppWorld).
    pub fn home(&self) -> String {
        home_dir(&self.first_name)
    }

    /// Normalises `raw` for this user (see [`resolve_path`]).
    pub fn resolve(&self, raw: &str, name: &str) -> Result<String, ApiError> {
        resolve_path(raw, name, &self.home())
    }

    /// The account with this id (its current first name gives the home directory).
    pub fn load(db: &Connection, id: i64) -> Result<FsUser, ApiError> {
        let first_name: String = db
            .prepare_cached("SELECT first_name FROM file_system.users WHERE id = ?1")?
            .query_row([id], |r| r.get(0))?;
        Ok(FsUser { id, first_name })
    }

    /// Normalises a directory path for this user, checks that it has no extension and
    /// returns it with its trailing `/` (the root is `/`).
    pub fn resolve_dir(&self, raw: &str, name: &str) -> Result<String, ApiError> {
        let path = self.resolve(raw, name)?;
        check_directory_path(&path, name)?;
        Ok(format!("{path}/"))
    }

    /// Normalises a file path for this user and checks that it has an extension.
    pub fn resolve_file(&self, raw: &str, name: &str) -> Result<String, ApiError> {
        let path = self.resolve(raw, name)?;
        check_file_path(&path, name)?;
        Ok(path)
    }
}

/// `/home/<first name lower-cased>/`.
pub fn home_dir(first_name: &str) -> String {
    format!("/home/{}/", first_name.to_lowercase())
}

/// AppWorld's path normalisation, in its order: a `//` anywhere in the raw text is refused
/// (422 naming `name` and quoting the raw value); a leading `~/` becomes `home`; surrounding
/// whitespace is stripped; a `/` is prepended if missing; trailing `/` are removed (so `/`
/// becomes the empty string). No `.`/`..` resolution, case kept.
pub fn resolve_path(raw: &str, name: &str, home: &str) -> Result<String, ApiError> {
    if raw.contains("//") {
        return Err(ApiError::unprocessable(format!(
            "The path {name} ({raw}) is invalid. It contains double slashes."
        )));
    }
    let expanded = match raw.strip_prefix("~/") {
        Some(rest) => format!("{home}{rest}"),
        None => raw.to_string(),
    };
    let trimmed = expanded.trim();
    let mut path = if trimmed.starts_with('/') {
        trimmed.to_string()
    } else {
        format!("/{trimmed}")
    };
    while path.ends_with('/') {
        path.pop();
    }
    Ok(path)
}

/// The base name of a path (after the last `/`).
pub fn base_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// The extension of a path's base name: the text after its last `.`; empty means none.
pub fn extension(path: &str) -> Option<&str> {
    base_name(path)
        .rsplit_once('.')
        .map(|(_, ext)| ext)
        .filter(|e| !e.is_empty())
}

/// A file path must have an extension.
pub fn check_file_path(path: &str, name: &str) -> Result<(), ApiError> {
    if extension(path).is_none() {
        return Err(ApiError::unprocessable(format!(
            "The path {name} ({path}) is supposed to be a file and so must have an extension."
        )));
    }
    Ok(())
}

/// A directory path must not have an extension.
pub fn check_directory_path(path: &str, name: &str) -> Result<(), ApiError> {
    if extension(path).is_some() {
        return Err(ApiError::unprocessable(format!(
            "The path {name} ({path}) is supposed to be a directory and so must not have an extension."
        )));
    }
    Ok(())
}

/// A compressed file path must end in `.zip` or `.tar` (case-sensitive).
pub fn check_compressed_path(path: &str, name: &str) -> Result<(), ApiError> {
    if !matches!(extension(path), Some("zip" | "tar")) {
        return Err(ApiError::unprocessable(format!(
            "The path {name} ({path}) is supposed to be a compressed file and so must have an extension among: zip or tar."
        )));
    }
    Ok(())
}

/// Whether `owner` has the directory `dir` (with its trailing `/`).
pub fn directory_exists(db: &Connection, owner: i64, dir: &str) -> Result<bool, ApiError> {
    Ok(db
        .prepare_cached("SELECT 1 FROM file_system.directories WHERE user_id = ?1 AND path = ?2")?
        .query_row(params![owner, dir], |_| Ok(()))
        .optional()?
        .is_some())
}

/// Creates the directory `dir` (with its trailing `/`) unless it exists.
pub fn insert_directory(
    db: &Connection,
    owner: &FsUser,
    dir: &str,
    now: NaiveDateTime,
) -> Result<(), ApiError> {
    if !directory_exists(db, owner.id, dir)? {
        NewDirectoryRow {
            path: dir,
            tilde_path: &tilde_path(dir, &owner.home()),
            user_id: owner.id,
            created_at: &sim::clock::fmt_datetime(now),
        }
        .insert(db)?;
    }
    Ok(())
}

/// The ancestors of `path` (without trailing `/`), from the root down, each with its trailing
/// `/`: `/`, `/home/`, `/home/alice/` for `/home/alice/x.txt`.
pub fn ancestors(path: &str) -> Vec<String> {
    let parent = &path[..path.rfind('/').unwrap_or(0)];
    let mut dir = String::from("/");
    let mut dirs = vec![dir.clone()];
    for seg in parent.split('/').filter(|s| !s.is_empty()) {
        dir.push_str(seg);
        dir.push('/');
        dirs.push(dir.clone());
    }
    dirs
}

/// Creates the missing parent directories of `path`, as AppWorld does: walking up from the
/// immediate parent to the first one that exists (an ancestor missing above an existing one
/// stays missing), then creating them deepest first. None may look like a file (422 naming
/// `directory_path`).
pub fn create_parents(
    db: &Connection,
    owner: &FsUser,
    path: &str,
    now: NaiveDateTime,
) -> Result<(), ApiError> {
    let mut missing = Vec::new();
    for d in ancestors(path).into_iter().rev() {
        if directory_exists(db, owner.id, &d)? {
            break;
        }
        missing.push(d);
    }
    for d in &missing {
        check_directory_path(d.trim_end_matches('/'), "directory_path")?;
    }
    for d in &missing {
        insert_directory(db, owner, d, now)?;
    }
    Ok(())
}

/// Inserts a file row (no checks); returns its id.
pub fn insert_file(
    db: &Connection,
    owner: &FsUser,
    path: &str,
    content: &str,
    compressed_data: &str,
    now: NaiveDateTime,
) -> Result<i64, ApiError> {
    Ok(NewFileRow {
        path,
        tilde_path: &tilde_path(path, &owner.home()),
        user_id: owner.id,
        content,
        compressed_data,
        at: &sim::clock::fmt_datetime(now),
    }
    .insert(db)?)
}

/// `path` with the owner's `home` written as `~/` (other paths unchanged).
pub fn tilde_path(path: &str, home: &str) -> String {
    match path.strip_prefix(home) {
        Some(rest) => format!("~/{rest}"),
        None if format!("{path}/") == home => "~/".to_string(),
        None => path.to_string(),
    }
}

/// Reads a [`FileRow`] from `SELECT id, user_id, path, content, compressed_data ...`.
pub fn read_file_row(r: &rusqlite::Row) -> rusqlite::Result<FileRow> {
    Ok(FileRow {
        id: r.get(0)?,
        user_id: r.get(1)?,
        path: r.get(2)?,
        content: r.get(3)?,
        compressed_data: r
            .get::<_, Option<String>>(4)?
            .unwrap_or_else(|| "[]".into()),
    })
}

/// The file at the normalised `path`: the owner's when `owner` is given, otherwise any user's
/// (the oldest row), as gmail reads attachment paths without regard to the owner.
pub fn find_file(
    db: &Connection,
    owner: Option<i64>,
    path: &str,
) -> Result<Option<FileRow>, ApiError> {
    Ok(db
        .prepare_cached(
            "SELECT id, user_id, path, content, compressed_data FROM file_system.files \
             WHERE path = ?1 AND (?2 IS NULL OR user_id = ?2) ORDER BY id LIMIT 1",
        )?
        .query_row(params![path, owner], read_file_row)
        .optional()?)
}

/// Writes a file into `owner`'s tree at the normalised `path`, creating the missing parent
/// directories first (none may look like a file); an existing file there is replaced
/// when `overwrite` (a new row, as AppWorld deletes and recreates), otherwise 422. Returns the
/// new file id.
#[allow(clippy::too_many_arguments)]
pub fn write_file(
    db: &Connection,
    owner: &FsUser,
    path: &str,
    content: &str,
    compressed_data: &str,
    overwrite: bool,
    now: NaiveDateTime,
) -> Result<i64, ApiError> {
    create_parents(db, owner, path, now)?;
    if let Some(old) = find_file(db, Some(owner.id), path)? {
        if !overwrite {
            return Err(ApiError::unprocessable(
                "A file already exists at the given file_path in your account. Set overwrite to True to overwrite it.",
            ));
        }
        db.prepare_cached("DELETE FROM file_system.files WHERE id = ?1")?
            .execute([old.id])?;
    }
    insert_file(db, owner, path, content, compressed_data, now)
}

/// What a `download_*_receipt` API does once it has the receipt's text: saves it into the file
/// system account of the call's `file_system_access_token` (401 naming file_system otherwise)
/// at `download_to_file_path`, or `default_path` (e.g. `~/downloads/amazon_order_1.txt`) when
/// not given, replacing a file there only with `overwrite`; answers AppWorld's message with
/// the path as given. The caller counts the download.
pub fn save_receipt(
    db: &Connection,
    a: &sim::api::Args,
    default_path: String,
    content: &str,
    now: NaiveDateTime,
) -> Result<serde_json::Value, ApiError> {
    let fs_user = authenticate(db, a.opt_str("file_system_access_token"), now)?;
    let raw = a
        .opt_str("download_to_file_path")
        .map(String::from)
        .unwrap_or(default_path);
    let path = fs_user.resolve_file(&raw, "file_path")?;
    let overwrite = a.opt_bool("overwrite").unwrap_or(false);
    write_file(db, &fs_user, &path, content, "[]", overwrite, now)?;
    Ok(serde_json::json!({"message": "Receipt downloaded in file_system app.", "file_path": raw}))
}

table_row! {
    /// A directory row (`file_system.directories`), created and updated at `created_at`.
    #[derive(Debug, Clone, Copy)]
    pub struct NewDirectoryRow<'a> in "file_system.directories" {
        /// Absolute path with its trailing `/`.
        pub path: &'a str,
        /// The same with the owner's home as `~/`.
        pub tilde_path: &'a str,
        /// Whose.
        pub user_id: i64,
        /// When, as stored (also `updated_at`).
        pub created_at: &'a str,
    }
    copy { updated_at: created_at }
}

/// A file row (`file_system.files`), created and updated at `at`. Written by hand, not by
/// [`table_row!`], since the seed also inserts it with `INSERT OR IGNORE`.
#[derive(Debug, Clone, Copy)]
pub struct NewFileRow<'a> {
    /// Absolute path.
    pub path: &'a str,
    /// The same with the owner's home as `~/`.
    pub tilde_path: &'a str,
    /// Whose.
    pub user_id: i64,
    /// Text content.
    pub content: &'a str,
    /// Compressed data, as stored (`[]` for none).
    pub compressed_data: &'a str,
    /// When, as stored.
    pub at: &'a str,
}

impl NewFileRow<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        self.write(db, "INSERT")?;
        Ok(db.last_insert_rowid())
    }

    /// Inserts the row unless the owner has a file at that path already (which keeps its
    /// content). The table counts ids with AUTOINCREMENT, so a skipped row still uses one up,
    /// as the seed's world has always had it.
    pub fn insert_or_ignore(&self, db: &Connection) -> rusqlite::Result<()> {
        self.write(db, "INSERT OR IGNORE").map(drop)
    }

    /// Writes the row with `verb` (`INSERT` or `INSERT OR IGNORE`).
    fn write(&self, db: &Connection, verb: &str) -> rusqlite::Result<usize> {
        db.prepare_cached(&format!(
            "{verb} INTO file_system.files (path, tilde_path, user_id, content, compressed_data, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
        ))?
        .execute(params![
            self.path,
            self.tilde_path,
            self.user_id,
            self.content,
            self.compressed_data,
            self.at
        ])
    }
}

/// Deletes of existing files (`file_system.files`) and reads task setups make.
pub struct Files;

impl Files {
    /// Deletes every file of user `user_id` whose path contains `fragment`; returns how many
    /// went.
    pub fn delete_containing(
        db: &Connection,
        user_id: i64,
        fragment: &str,
    ) -> rusqlite::Result<usize> {
        delete_containing(db, "files", user_id, fragment)
    }

    /// The first file (by id) of user `user_id` under a `/documents/finance/` directory whose
    /// name ends `_statement_<month>.csv` (a card statement; `month` is `yyyy_mm`): its path,
    /// content and `created_at` as stored.
    pub fn card_statement(
        db: &Connection,
        user_id: i64,
        month: &str,
    ) -> rusqlite::Result<(String, String, String)> {
        db.query_row_cached(
            "SELECT path, content, created_at FROM file_system.files WHERE user_id = ?1 AND path LIKE '%/documents/finance/%' \
             AND path LIKE ?2 ORDER BY id LIMIT 1",
            params![user_id, format!("%_statement_{month}.csv")],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
    }
}

/// Deletes every row of `file_system.<table>` of user `user_id` whose path contains
/// `fragment`; returns how many went.
fn delete_containing(
    db: &Connection,
    table: &str,
    user_id: i64,
    fragment: &str,
) -> rusqlite::Result<usize> {
    db.execute_cached(
        &format!("DELETE FROM file_system.{table} WHERE user_id = ?1 AND instr(path, ?2) > 0"),
        params![user_id, fragment],
    )
}

/// Deletes of existing directories (`file_system.directories`) task setups make.
pub struct Directories;

impl Directories {
    /// Deletes every directory of user `user_id` whose path contains `fragment` (not the files
    /// in them: see [`Files::delete_containing`]); returns how many went.
    pub fn delete_containing(
        db: &Connection,
        user_id: i64,
        fragment: &str,
    ) -> rusqlite::Result<usize> {
        delete_containing(db, "directories", user_id, fragment)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alice() -> FsUser {
        FsUser {
            id: 1,
            first_name: "Alice".into(),
        }
    }

    #[test]
    fn paths_resolve_as_appworld_does() {
        let a = alice();
        let r = |p: &str| a.resolve(p, "file_path").unwrap();
        assert_eq!(r("~/documents/todo.txt"), "/home/alice/documents/todo.txt");
        assert_eq!(r("~/documents/"), "/home/alice/documents");
        assert_eq!(r("saved/notes.txt"), "/saved/notes.txt");
        assert_eq!(r(" /tmp/x.txt "), "/tmp/x.txt");
        assert_eq!(r(" ~/x.txt"), "/~/x.txt");
        assert_eq!(r("~"), "/~");
        assert_eq!(r("/"), "");
        assert_eq!(r("5"), "/5");
        let err = a.resolve("~/documents//x.txt", "file_path").unwrap_err();
        assert_eq!(
            err.message(),
            "The path file_path (~/documents//x.txt) is invalid. It contains double slashes."
        );
        let err = a
            .resolve_file("~/documents/noext", "file_path")
            .unwrap_err();
        assert_eq!(
            err.message(),
            "The path file_path (/home/alice/documents/noext) is supposed to be a file and so must have an extension."
        );
        assert!(a.resolve_file("~/todo.", "p").is_err());
        assert!(a.resolve_file("~/.todo", "p").is_ok());
        assert_eq!(extension("/a/archive.tar.gz"), Some("gz"));
        assert_eq!(base_name("/home/alice/report.txt"), "report.txt");
    }

    #[test]
    fn tilde_paths() {
        let home = "/home/alice/";
        assert_eq!(tilde_path("/home/alice/documents/", home), "~/documents/");
        assert_eq!(tilde_path("/home/alice/", home), "~/");
        assert_eq!(tilde_path("/home/", home), "/home/");
        assert_eq!(tilde_path("/saved/notes.txt", home), "/saved/notes.txt");
    }
}
