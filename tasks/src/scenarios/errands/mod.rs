//! Scenarios of the "(errands)" set: chores over many items, each needing its own lookups.
//! The agent backs every note of a tag up into the file system and deletes the notes, and works
//! through every pending Venmo request, checking each sender against the phone contacts before
//! paying or declining. Hurdles: more than one page of results, near-miss tags, strangers among
//! the requesters, amount limits and older requests that must be left alone.

mod iou_files;
mod notes_backup;
mod party_rsvps;
mod settle_requests;

use crate::diff::RowChange;
use crate::eval::EvalCtx;
use crate::kit::changes::is_mine;
use crate::kit::files::end_files;
use crate::model::Split;
use crate::scenarios::{Scenario, build};

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "back up tagged notes into files and delete them (errands)",
            split: Split::Train,
            difficulty: 2,
            build: build::<notes_backup::Values>,
        },
        Scenario {
            name: "settle pending venmo requests by phone contacts (errands)",
            split: Split::TestNormal,
            difficulty: 3,
            build: build::<settle_requests::Values>,
        },
        Scenario {
            name: "request what each iou file says and clear the folder (errands)",
            split: Split::Dev,
            difficulty: 2,
            build: build::<iou_files::Values>,
        },
        Scenario {
            name: "text confirmed party guests and sort rsvp files (errands)",
            split: Split::Train,
            difficulty: 2,
            build: build::<party_rsvps::Values>,
        },
    ]
}

/// The path (`~/...`) of this change's file or directory if it is one of the supervisor's.
fn own_path<'a>(ctx: &EvalCtx, r: &'a RowChange) -> Option<&'a str> {
    if (r.is("file_system", "files") || r.is("file_system", "directories"))
        && is_mine(ctx, r, "file_system", "user_id")
    {
        r.get("tilde_path").as_str()
    } else {
        None
    }
}

/// Is this change to one of the supervisor's files or directories inside `folder`?
fn own_path_under(ctx: &EvalCtx, r: &RowChange, folder: &str) -> bool {
    own_path(ctx, r)
        .and_then(|p| p.strip_prefix(folder))
        .is_some_and(|rest| rest.starts_with('/'))
}

/// "`path` is still there" unless `path` is gone at the end, with `gone` describing how.
fn file_kept(ctx: &EvalCtx, path: &str, gone: &str) -> Result<(), String> {
    if end_files(ctx).contains_key(path) {
        Ok(())
    } else {
        Err(format!("{path} {gone}"))
    }
}
