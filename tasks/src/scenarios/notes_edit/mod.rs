//! Scenarios that change notes: create, pin, delete, retag and extend the right notes among
//! distractors. Checks look at the end state and the diff; anything else changed is collateral
//! damage.

mod create_note;
mod delete_old_drafts;
mod grocery_add;
mod pin_by_tag;
mod retag;

use crate::model::Split;
use crate::scenarios::{Scenario, build};
use std::collections::BTreeSet;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "create a tagged note",
            split: Split::Train,
            difficulty: 1,
            build: build::<create_note::Values>,
        },
        Scenario {
            name: "pin or unpin notes by tag",
            split: Split::Train,
            difficulty: 2,
            build: build::<pin_by_tag::Values>,
        },
        Scenario {
            name: "delete old drafts",
            split: Split::TestNormal,
            difficulty: 2,
            build: build::<delete_old_drafts::Values>,
        },
        Scenario {
            name: "rename or remove a tag",
            split: Split::TestNormal,
            difficulty: 2,
            build: build::<retag::Values>,
        },
        Scenario {
            name: "add items to a grocery list",
            split: Split::Dev,
            difficulty: 1,
            build: build::<grocery_add::Values>,
        },
    ]
}

fn set(xs: &[&str]) -> BTreeSet<String> {
    xs.iter().map(|s| s.to_string()).collect()
}
