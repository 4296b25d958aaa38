//! Attachments: the files an e-mail or draft carries, read from file_system when attached
//! (by path, in the account of a `file_system_access_token`) and written back to file_system
//! when downloaded; uploading files to a draft and removing them.

use super::store::{self, NewFile, draft_attachments};
use super::store::{draft, owned_draft};
use crate::common::files::{self, FsUser};
use rusqlite::{Connection, OptionalExtension};
use serde_json::{Value, json};
use sim::api::{ApiError, Args, Ctx};

/// How a call without a file_system token but with files to attach fails.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum MissingToken {
    /// 422 naming the token (send_email, reply_to_email).
    Explain,
    /// file_system's 401 (drafts).
    Unauthorized,
}

/// The file_system account of the call's `file_system_access_token` (401 naming file_system).
fn fs_user(ctx: &Ctx, a: &Args) -> Result<FsUser, ApiError> {
    files::authenticate(ctx.db, a.opt_str("file_system_access_token"), ctx.now)
}

/// Refuses two attachment paths with the same base name (checked on the paths as given,
/// before the file_system token is; a path's name is its last segment once trailing `/`s are
/// stripped).
fn check_unique_names(paths: &[String]) -> Result<(), ApiError> {
    let mut names: Vec<&str> = paths
        .iter()
        .map(|p| files::base_name(p.trim_end_matches('/')))
        .collect();
    names.sort_unstable();
    if names.windows(2).any(|w| w[0] == w[1]) {
        return Err(ApiError::unprocessable(
            "There are multiple files in your attachments that have the same base file name. Only one file per base name is allowed.",
        ));
    }
    Ok(())
}

/// Normalises an attachment path for `fs` (named by its raw text in errors; it must name a
/// file).
fn attachment_path(fs: &FsUser, raw: &str) -> Result<String, ApiError> {
    fs.resolve_file(raw, raw)
}

/// The file at a normalised path, as an attachment (any owner's file at that path: attachment
/// paths are read without regard to the owner).
fn read_attachment(db: &Connection, path: &str) -> Result<NewFile, ApiError> {
    let f = files::find_file(db, None, path)?
        .ok_or_else(|| ApiError::not_found_key("file", "path", path))?;
    if f.content.is_empty() {
        return Err(ApiError::unprocessable(format!(
            "The file with path {path} is empty, so it cannot be attached."
        )));
    }
    Ok(NewFile {
        file_name: f.file_name().to_string(),
        content: f.content.clone(),
        compressed_data: f.compressed_data.clone(),
    })
}

/// The files named by `attachment_file_paths` (none when absent or empty): unique base names
/// first; then send and reply require a file_system token (drafts get file_system's 401
/// without one); then each path in turn is normalised and read.
pub(super) fn attachment_files(
    ctx: &Ctx,
    a: &Args,
    missing: MissingToken,
) -> Result<Vec<NewFile>, ApiError> {
    let paths = a.opt_str_list("attachment_file_paths").unwrap_or_default();
    if paths.is_empty() {
        return Ok(Vec::new());
    }
    check_unique_names(&paths)?;
    if missing == MissingToken::Explain && a.opt_str("file_system_access_token").is_none() {
        return Err(ApiError::unprocessable(
            "You must provide a file_system access token to attach files to the email.",
        ));
    }
    let fs = fs_user(ctx, a)?;
    paths
        .iter()
        .map(|p| read_attachment(ctx.db, &attachment_path(&fs, p)?))
        .collect()
}

/// An attachment row.
struct AttachmentRow {
    id: i64,
    email_id: Option<i64>,
    draft_id: Option<i64>,
    file_name: String,
    content: String,
    compressed_data: String,
}

fn attachment(db: &Connection, id: i64) -> Result<AttachmentRow, ApiError> {
    db.prepare_cached(
        "SELECT id, email_id, draft_id, file_name, file_content, file_compressed_data FROM gmail.attachments WHERE id = ?1",
    )?
    .query_row([id], |r| {
        Ok(AttachmentRow {
            id: r.get(0)?,
            email_id: r.get(1)?,
            draft_id: r.get(2)?,
            file_name: r.get(3)?,
            content: r.get(4)?,
            compressed_data: r
                .get::<_, Option<String>>(5)?
                .unwrap_or_else(|| "[]".into()),
        })
    })
    .optional()?
    .ok_or_else(|| ApiError::not_found_id("attachment", id))
}

/// Saves an attachment of an e-mail the caller sent or received, or of the caller's draft,
/// into the file_system account of the token (default `~/downloads/<file name>`).
pub(super) fn download_attachment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let att = attachment(ctx.db, a.int("attachment_id"))?;
    let allowed = match (att.email_id, att.draft_id) {
        (Some(e), _) => store::email(ctx.db, e)?.is_some_and(|e| e.involves(uid)),
        (None, Some(d)) => draft(ctx.db, d)?.is_some_and(|d| d.user_id == uid),
        _ => false,
    };
    if !allowed {
        return Err(ApiError::unprocessable(
            "You are not authorized to download this attachment.",
        ));
    }
    let fs = fs_user(ctx, a)?;
    let raw = match a.opt_str("download_to_file_path") {
        Some(p) if !p.trim().is_empty() => p.to_string(),
        _ => format!("~/downloads/{}", att.file_name),
    };
    let path = fs.resolve_file(&raw, "file_path")?;
    crate::common::files::write_file(
        ctx.db,
        &fs,
        &path,
        &att.content,
        &att.compressed_data,
        a.opt_bool("overwrite") == Some(true),
        ctx.now,
    )?;
    ctx.db
        .prepare_cached(
            "UPDATE gmail.attachments SET download_count = download_count + 1 WHERE id = ?1",
        )?
        .execute([att.id])?;
    Ok(json!({"message": "Attachment downloaded in file_system app.", "file_path": path}))
}

/// Attaches files to the caller's draft. A file whose base name the draft already has is
/// refused, or with `overwrite` replaces that attachment; the name checks come before the
/// file_system token and the files are read.
pub(super) fn upload_attachments_to_draft(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let d = owned_draft(ctx, a.int("draft_id"))?;
    let paths = a.opt_str_list("attachment_file_paths").unwrap_or_default();
    if paths.is_empty() {
        return Err(ApiError::unprocessable(
            "You must provide at least one file path to attach to the draft.",
        ));
    }
    check_unique_names(&paths)?;
    let overwrite = a.opt_bool("overwrite") == Some(true);
    let existing = draft_attachments(ctx.db, d.id)?;
    for raw in &paths {
        let name = crate::common::files::base_name(raw);
        if let Some(old) = existing.iter().find(|x| x.file_name == name) {
            if !overwrite {
                return Err(ApiError::unprocessable(format!(
                    "Attachment with file name {name} already exists in this draft. Pass overwrite=True to replace it."
                )));
            }
            ctx.db
                .prepare_cached("DELETE FROM gmail.attachments WHERE id = ?1")?
                .execute([old.id])?;
        }
    }
    let fs = fs_user(ctx, a)?;
    let t = sim::clock::fmt_datetime(ctx.now);
    let mut ids = Vec::new();
    for raw in &paths {
        let f = read_attachment(ctx.db, &attachment_path(&fs, raw)?)?;
        ids.push(store::insert_draft_attachment(ctx.db, d.id, &f, &t)?);
    }
    Ok(json!({"message": "Uploaded attachments.", "attachment_ids": ids}))
}

pub(super) fn remove_attachment_from_draft(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let d = owned_draft(ctx, a.int("draft_id"))?;
    let att = attachment(ctx.db, a.int("attachment_id"))?;
    if att.draft_id != Some(d.id) {
        return Err(ApiError::unprocessable(
            "The specified attachment does not belong to the specified draft.",
        ));
    }
    ctx.db
        .prepare_cached("DELETE FROM gmail.attachments WHERE id = ?1")?
        .execute([att.id])?;
    Ok(json!({"message": "Attachment deleted."}))
}
