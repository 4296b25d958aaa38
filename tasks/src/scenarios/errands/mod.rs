//! Scenarios of the "(errands)" set: chores over many items, each needing its own lookups.
//! The agent backs every note of a tag up into the file system and deletes the notes, and works
//! through every pending Venmo request, checking each sender against the phone contacts before
//! paying or declining. Hurdles: more than one page of results, near-miss tags, strangers among
//! the requesters, amount limits and older requests that must be left alone.

mod iou_files;
mod notes_backup;
mod party_rsvps;
mod settle_requests;

use crate::model::Split;
use crate::scenarios::Scenario;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "back up tagged notes into files and delete them (errands)",
            split: Split::Train,
            difficulty: 2,
            build: notes_backup::build,
        },
        Scenario {
            name: "settle pending venmo requests by phone contacts (errands)",
            split: Split::TestNormal,
            difficulty: 3,
            build: settle_requests::build,
        },
        Scenario {
            name: "request what each iou file says and clear the folder (errands)",
            split: Split::Dev,
            difficulty: 2,
            build: iou_files::build,
        },
        Scenario {
            name: "text confirmed party guests and sort rsvp files (errands)",
            split: Split::Train,
            difficulty: 2,
            build: party_rsvps::build,
        },
    ]
}
