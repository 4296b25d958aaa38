//! What expenses and payments share: showing, deleting and undeleting one, the group and
//! non-group lists, receipt files (read from and saved to the file_system app) and comments.
//! Each handler takes the [`Kind`] it works on; `apis.rs` binds them to the two kinds.
//!
//! AppWorld's rules kept here: the parties and the members of a record's group may see and act
//! on it (for an expense its creator too); a deleted record still shows, keeps its comments
//! and lets its receipt be downloaded, but refuses changes (a deleted payment still takes new
//! comments); the expense lists only ever show the caller's own expenses (as payer or debtor)
//! and never deleted ones, while the payment lists show a group's payments to its members.

use super::rows::{CommentOn, NewComment};
use super::store::{
    EXPENSE, Kind, PAYMENT, Rec, can_access, cents, load, me, notify_parties, page, rec_data,
    rec_json, recs_where, user_named, visible,
};
use crate::common::files;
use crate::common::pytime::within_days;
use crate::common::rows::datetime_col;
use rusqlite::{OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::listing::{SearchPage, SortKey, parse_sort};
use sim::api::{ApiError, Args, Ctx};

/// The `{kind}_id` argument.
fn rec_id(kind: &Kind, a: &Args) -> i64 {
    a.int(kind.key)
}

pub(super) fn show(ctx: &mut Ctx, a: &Args, kind: &Kind) -> Result<Value, ApiError> {
    let rec = visible(ctx, kind, rec_id(kind, a))?;
    rec_json(ctx.db, kind, &rec)
}

/// The texts of a delete or undelete notification.
fn flag_notice(kind: &Kind, deleted: bool, actor: &str, amount: f64) -> (String, String, String) {
    let verb = if deleted { "deleted" } else { "undeleted" };
    let title = format!("{} {verb}.", kind.title);
    let message = if kind.is_expense() {
        format!(
            "{actor} has {verb} an expense of {} involving you",
            cents(amount)
        )
    } else {
        format!(
            "{actor} has {verb} a payment of ${} involving you.",
            cents(amount)
        )
    };
    (format!("{}_{verb}", kind.noun), title, message)
}

/// Marks a record deleted (`deleted`) or not, notifying its other parties.
pub(super) fn set_deleted(
    ctx: &mut Ctx,
    a: &Args,
    kind: &Kind,
    deleted: bool,
) -> Result<Value, ApiError> {
    let rec = visible(ctx, kind, rec_id(kind, a))?;
    if rec.deleted == deleted {
        return Err(ApiError::unprocessable(if deleted {
            kind.already_deleted
        } else {
            kind.already_undeleted
        }));
    }
    ctx.db
        .prepare_cached(&format!(
            "UPDATE splitwise.{} SET deleted = ?1 WHERE id = ?2",
            kind.table
        ))?
        .execute(params![deleted, rec.id])?;
    let actor = me(ctx)?;
    let (t, title, message) = flag_notice(kind, deleted, &actor.name, rec.amount);
    notify_parties(
        ctx,
        &rec,
        &t,
        &title,
        &message,
        &rec_data(kind, rec.id, actor.id),
    )?;
    Ok(json!({"message": if deleted { kind.deleted } else { kind.undeleted }}))
}

// ---------------------------------------------------------------------------------------------
// Lists

/// The fields `sort_by` may name in the expense lists and in the payment lists.
pub(super) const EXPENSE_SORTS: &[&str] = &["created_at", "amount"];
pub(super) const PAYMENT_SORTS: &[&str] = &["created_at"];

/// The filters every list takes besides the day bounds, which AppWorld checks (min, then max)
/// first, and only when the list has rows ([`in_days`]).
struct Filters {
    participant: Option<i64>,
    min_amount: f64,
    max_amount: f64,
    deleted: bool,
}

fn filters(a: &Args, participant: Option<i64>) -> Filters {
    let num = |name: &str| a.float(name).unwrap_or(0.0);
    Filters {
        participant,
        min_amount: num("min_amount"),
        max_amount: num("max_amount"),
        deleted: a.opt_bool("deleted").unwrap_or(false),
    }
}

/// The rows within the day bounds (checked when there are rows, before the other filters).
fn in_days(rows: Vec<Rec>, a: &Args) -> Result<Vec<Rec>, ApiError> {
    within_days(rows, a, ("min_created_at", "max_created_at"), |r| {
        r.created_at.as_str().unwrap_or_default()
    })
}

impl Filters {
    fn keep(&self, r: &Rec, kind: &Kind) -> bool {
        let participant = self.participant.is_none_or(|p| {
            if kind.is_expense() {
                // AppWorld's "participant" of an expense is its payer.
                r.payer_id == p
            } else {
                r.payer_id == p || r.receiver_id == p
            }
        });
        r.deleted == self.deleted
            && participant
            && r.amount >= self.min_amount
            && r.amount <= self.max_amount
    }
}

/// Orders and pages filtered rows as AppWorld's lists do: without a query by `sort_by` (or
/// newest first), with one ranked by the search, then the page sorted by `sort_by`.
fn order_page(
    ctx: &Ctx,
    a: &Args,
    kind: &Kind,
    rows: Vec<Rec>,
    sort: Option<SortKey>,
) -> Result<Value, ApiError> {
    let newest = SortKey {
        field: "created_at".into(),
        descending: true,
    };
    let query = a.str("query").trim();
    let pipeline = SearchPage {
        query: (!query.is_empty()).then_some(query),
        sort_all: Some(sort.as_ref().unwrap_or(&newest)),
        sort_page: sort.as_ref(),
        index: a.int("page_index"),
        limit: a.int("page_limit"),
    };
    let fts = format!("{}_fts", kind.table);
    let rows = pipeline.apply(ctx, "splitwise", &fts, rows, |r| r.id, Rec::field)?;
    Ok(Value::Array(
        rows.iter()
            .map(|r| rec_json(ctx.db, kind, r))
            .collect::<Result<_, _>>()?,
    ))
}

/// The caller's expenses (as payer or debtor) in group `group` (`None`: outside groups), never
/// the deleted ones (so `deleted=true` finds nothing), filtered. An unknown group, or one the
/// caller is not in, simply has none.
pub(super) fn list_expenses(
    ctx: &mut Ctx,
    a: &Args,
    group: Option<i64>,
) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let participant = match a.opt_str("participant_email") {
        Some(email) => Some(user_named(ctx.db, email)?.id),
        None => None,
    };
    let f = filters(a, participant);
    let mine = "NOT deleted AND (payer_id = ?1 OR id IN (SELECT expense_id FROM splitwise.expense_shares WHERE debtor_id = ?1))";
    let rows = match group {
        Some(g) => recs_where(
            ctx.db,
            &EXPENSE,
            &format!("group_id = ?2 AND {mine}"),
            &[&uid, &g],
        )?,
        None => recs_where(
            ctx.db,
            &EXPENSE,
            &format!("group_id IS NULL AND {mine}"),
            &[&uid],
        )?,
    };
    // The day bounds are checked before sort_by (when there are rows).
    let rows = in_days(rows, a)?;
    let sort = parse_sort(a.opt_str("sort_by"), EXPENSE_SORTS)?;
    let rows = rows.into_iter().filter(|r| f.keep(r, &EXPENSE)).collect();
    order_page(ctx, a, &EXPENSE, rows, sort)
}

/// The payments of group `group` (for its members), or the caller's payments outside groups,
/// filtered.
pub(super) fn list_payments(
    ctx: &mut Ctx,
    a: &Args,
    group: Option<i64>,
) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let sort = parse_sort(a.opt_str("sort_by"), PAYMENT_SORTS)?;
    let rows = match group {
        Some(gid) => {
            let g = super::store::load_group(ctx.db, gid)?;
            if !super::store::is_member(ctx.db, g.id, uid)? {
                return Err(ApiError::unprocessable("You are not part of this group."));
            }
            recs_where(ctx.db, &PAYMENT, "group_id = ?1", &[&g.id])?
        }
        None => recs_where(
            ctx.db,
            &PAYMENT,
            "group_id IS NULL AND (payer_id = ?1 OR receiver_id = ?1)",
            &[&uid],
        )?,
    };
    let participant = match a.opt_str("participant_email") {
        Some(email) => {
            let p = user_named(ctx.db, email)?;
            if let Some(g) = group
                && !super::store::is_member(ctx.db, g, p.id)?
            {
                return Err(ApiError::unprocessable(
                    "The participant you have asked to filter by is not part of this group.",
                ));
            }
            Some(p.id)
        }
        None => None,
    };
    let f = filters(a, participant);
    let rows = in_days(rows, a)?
        .into_iter()
        .filter(|r| f.keep(r, &PAYMENT))
        .collect();
    order_page(ctx, a, &PAYMENT, rows, sort)
}

// ---------------------------------------------------------------------------------------------
// Receipts

/// The file types a receipt may be.
const RECEIPT_EXTENSIONS: &[&str] = &["pdf", "png", "jpg", "jpeg", "txt", "csv"];

/// The file a receipt path names (as given; the text after its last `.` must be an allowed
/// extension, checked before the token), read with the file_system token: (file name,
/// content).
fn read_receipt(ctx: &Ctx, raw: &str, token: Option<&str>) -> Result<(String, String), ApiError> {
    let ext = raw.rsplit('.').next().unwrap_or(raw);
    if !RECEIPT_EXTENSIONS.contains(&ext) {
        return Err(ApiError::unprocessable(format!(
            "Invalid file extension {ext} for receipt file. Only pdf, png, jpg, jpeg, txt, csv are allowed."
        )));
    }
    let fs = files::authenticate(ctx.db, token, ctx.now)?;
    let path = fs.resolve_file(raw, raw)?;
    // Receipt paths are read without regard to the owner, as attachment paths are.
    let file = files::find_file(ctx.db, None, &path)?
        .ok_or_else(|| ApiError::not_found_key("file", "path", &path))?;
    Ok((file.file_name().to_string(), file.content))
}

/// A receipt path given without a file_system token.
const RECEIPT_NEEDS_TOKEN: &str =
    "You must provide a file_system access token to attach receipt file to this expense.";

/// The receipt a new expense or payment attaches: the file at `receipt_file_path` (none when
/// not given or empty), which needs a `file_system_access_token` (422 before the file is
/// read); see [`read_receipt`].
pub(super) fn given_receipt(ctx: &Ctx, a: &Args) -> Result<Option<(String, String)>, ApiError> {
    let Some(path) = a.opt_str("receipt_file_path").filter(|p| !p.is_empty()) else {
        return Ok(None);
    };
    let token = a.opt_str("file_system_access_token");
    if token.is_none() {
        return Err(ApiError::unprocessable(RECEIPT_NEEDS_TOKEN));
    }
    Ok(Some(read_receipt(ctx, path, token)?))
}

/// A record the caller may change the receipt of: visible and not deleted.
fn receipt_target(ctx: &Ctx, a: &Args, kind: &Kind) -> Result<Rec, ApiError> {
    let rec = visible(ctx, kind, rec_id(kind, a))?;
    if rec.deleted {
        return Err(ApiError::unprocessable(kind.deleted_no_receipt_change()));
    }
    Ok(rec)
}

fn set_receipt(
    ctx: &Ctx,
    kind: &Kind,
    id: i64,
    receipt: Option<(String, String)>,
) -> Result<(), ApiError> {
    let (name, content) = receipt.unzip();
    ctx.db
        .prepare_cached(&format!(
            "UPDATE splitwise.{} SET receipt_file_name = ?1, receipt_file_content = ?2 WHERE id = ?3",
            kind.table
        ))?
        .execute(params![name, content, id])?;
    Ok(())
}

pub(super) fn attach_receipt(ctx: &mut Ctx, a: &Args, kind: &Kind) -> Result<Value, ApiError> {
    let rec = receipt_target(ctx, a, kind)?;
    if rec.receipt_name.is_some() && a.opt_bool("overwrite") != Some(true) {
        return Err(ApiError::unprocessable(format!(
            "This {} already has a receipt file attached to it. Either delete it or pass overwrite=True to replace it.",
            kind.noun
        )));
    }
    let receipt = read_receipt(
        ctx,
        a.str("receipt_file_path"),
        a.opt_str("file_system_access_token"),
    )?;
    set_receipt(ctx, kind, rec.id, Some(receipt))?;
    Ok(json!({"message": format!("Receipt file attached to the {}.", kind.noun)}))
}

fn no_receipt(kind: &Kind) -> ApiError {
    ApiError::unprocessable(format!(
        "This {} does not have a receipt file attached to it.",
        kind.noun
    ))
}

pub(super) fn delete_receipt(ctx: &mut Ctx, a: &Args, kind: &Kind) -> Result<Value, ApiError> {
    let rec = receipt_target(ctx, a, kind)?;
    if rec.receipt_name.is_none() {
        return Err(no_receipt(kind));
    }
    set_receipt(ctx, kind, rec.id, None)?;
    Ok(json!({"message": format!("Receipt file deleted from the {}.", kind.noun)}))
}

/// Saves a record's receipt into the file_system account of the token (default
/// `~/downloads/<file name>`), as [`files::save_receipt`], and counts the download; deleted
/// records' receipts too.
pub(super) fn download_receipt(ctx: &mut Ctx, a: &Args, kind: &Kind) -> Result<Value, ApiError> {
    let rec = visible(ctx, kind, rec_id(kind, a))?;
    let (Some(name), Some(content)) = (rec.receipt_name.clone(), rec.receipt_content.clone())
    else {
        return Err(no_receipt(kind));
    };
    let answer = files::save_receipt(ctx.db, a, format!("~/downloads/{name}"), &content, ctx.now)?;
    ctx.db
        .prepare_cached(&format!(
            "UPDATE splitwise.{} SET receipt_download_count = receipt_download_count + 1 WHERE id = ?1",
            kind.table
        ))?
        .execute([rec.id])?;
    Ok(answer)
}

// ---------------------------------------------------------------------------------------------
// Comments

struct Comment {
    id: i64,
    rec_id: i64,
    user_id: i64,
    comment: String,
    created_at: Value,
}

fn comment_select(kind: &Kind) -> String {
    format!(
        "SELECT id, {}, user_id, comment, created_at FROM splitwise.{}",
        kind.key, kind.comments
    )
}

fn read_comment(r: &rusqlite::Row) -> rusqlite::Result<Comment> {
    Ok(Comment {
        id: r.get(0)?,
        rec_id: r.get(1)?,
        user_id: r.get(2)?,
        comment: r.get(3)?,
        created_at: datetime_col(r, 4)?,
    })
}

fn comment_json(ctx: &Ctx, kind: &Kind, c: &Comment) -> Result<Value, ApiError> {
    let mut m = serde_json::Map::new();
    m.insert(kind.comment_key.into(), c.id.into());
    m.insert(kind.key.into(), c.rec_id.into());
    m.insert("comment".into(), c.comment.clone().into());
    m.insert("created_at".into(), c.created_at.clone());
    m.insert("user".into(), super::store::person(ctx.db, c.user_id)?);
    Ok(Value::Object(m))
}

/// The comment `id` of `kind` and its record, if the caller may see that record.
fn visible_comment(ctx: &Ctx, kind: &Kind, id: i64) -> Result<(Comment, Rec), ApiError> {
    let c = ctx
        .db
        .prepare_cached(&format!("{} WHERE id = ?1", comment_select(kind)))?
        .query_row([id], read_comment)
        .optional()?
        .ok_or_else(|| ApiError::not_found_id(&format!("{} comment", kind.noun), id))?;
    let rec = load(ctx.db, kind, c.rec_id)?;
    if !can_access(ctx.db, kind, &rec, ctx.user()?.id)? {
        return Err(ApiError::unprocessable(kind.no_access));
    }
    Ok((c, rec))
}

/// The caller's own comment `id`, on a record that is not deleted (`verb` says what the
/// refusal would stop).
fn own_comment(ctx: &Ctx, kind: &Kind, id: i64, verb: &str) -> Result<Comment, ApiError> {
    let (c, rec) = visible_comment(ctx, kind, id)?;
    if c.user_id != ctx.user()?.id {
        return Err(ApiError::not_owner(&format!("{} comment", kind.noun)));
    }
    if rec.deleted {
        return Err(ApiError::unprocessable(format!(
            "This {} has been marked deleted. You cannot {verb} its comments.",
            kind.noun
        )));
    }
    Ok(c)
}

/// A record's comments, oldest first (`paged`: the expense list pages, the payment list does
/// not).
pub(super) fn show_comments(
    ctx: &mut Ctx,
    a: &Args,
    kind: &Kind,
    paged: bool,
) -> Result<Value, ApiError> {
    let rec = visible(ctx, kind, rec_id(kind, a))?;
    let rows: Vec<Comment> = ctx
        .db
        .prepare_cached(&format!(
            "{} WHERE {} = ?1 ORDER BY id",
            comment_select(kind),
            kind.key
        ))?
        .query_map([rec.id], read_comment)?
        .collect::<Result<_, _>>()?;
    let rows = if paged { page(a, rows) } else { rows };
    Ok(Value::Array(
        rows.iter()
            .map(|c| comment_json(ctx, kind, c))
            .collect::<Result<_, _>>()?,
    ))
}

pub(super) fn post_comment(ctx: &mut Ctx, a: &Args, kind: &Kind) -> Result<Value, ApiError> {
    let rec = visible(ctx, kind, rec_id(kind, a))?;
    if let (true, Some(refusal)) = (rec.deleted, kind.no_comment_when_deleted) {
        return Err(ApiError::unprocessable(refusal));
    }
    let actor = me(ctx)?;
    let id = NewComment {
        on: if kind.is_expense() {
            CommentOn::Expense(rec.id)
        } else {
            CommentOn::Payment(rec.id)
        },
        user_id: actor.id,
        comment: a.str("comment"),
        created_at: &super::store::now(ctx),
    }
    .insert(ctx.db)?;
    let data = if kind.is_expense() {
        format!(
            "{{\"expense_id\": {}, \"expense_comment_id\": {id}, \"action_by_id\": {}}}",
            rec.id, actor.id
        )
    } else {
        rec_data(kind, rec.id, actor.id)
    };
    let article = if kind.is_expense() { "an" } else { "a" };
    notify_parties(
        ctx,
        &rec,
        &format!("{}_comment_added", kind.noun),
        &format!("{} comment posted.", kind.title),
        &format!(
            "{} has posted a comment on {article} {} involving you.",
            actor.name, kind.noun
        ),
        &data,
    )?;
    let mut out = serde_json::Map::new();
    out.insert(
        "message".into(),
        format!("{} comment created.", kind.title).into(),
    );
    out.insert(kind.comment_key.into(), id.into());
    Ok(Value::Object(out))
}

pub(super) fn show_comment(ctx: &mut Ctx, a: &Args, kind: &Kind) -> Result<Value, ApiError> {
    let (c, _) = visible_comment(ctx, kind, a.int("comment_id"))?;
    comment_json(ctx, kind, &c)
}

pub(super) fn update_comment(ctx: &mut Ctx, a: &Args, kind: &Kind) -> Result<Value, ApiError> {
    let c = own_comment(ctx, kind, a.int("comment_id"), "update")?;
    ctx.db
        .prepare_cached(&format!(
            "UPDATE splitwise.{} SET comment = ?1 WHERE id = ?2",
            kind.comments
        ))?
        .execute(params![a.str("comment"), c.id])?;
    Ok(json!({"message": format!("{} comment updated.", kind.title)}))
}

pub(super) fn delete_comment(ctx: &mut Ctx, a: &Args, kind: &Kind) -> Result<Value, ApiError> {
    let c = own_comment(ctx, kind, a.int("comment_id"), "delete")?;
    ctx.db
        .prepare_cached(&format!(
            "DELETE FROM splitwise.{} WHERE id = ?1",
            kind.comments
        ))?
        .execute([c.id])?;
    Ok(json!({"message": format!("{} comment deleted.", kind.title)}))
}
