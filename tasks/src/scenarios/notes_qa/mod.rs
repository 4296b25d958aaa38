//! Question-answering scenarios over the supervisor's notes: counting, looking up, summing and
//! comparing. Nothing may change; the answer is checked.

mod count_tagged;
mod extreme_run;
mod field_lookup;
mod sum_expenses;

use super::{Scenario, build};
use crate::model::Split;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "count notes with a tag",
            split: Split::Train,
            difficulty: 1,
            build: build::<count_tagged::Values>,
        },
        Scenario {
            name: "look up a value in a note",
            split: Split::Train,
            difficulty: 1,
            build: build::<field_lookup::Values>,
        },
        Scenario {
            name: "sum the expenses in a note",
            split: Split::Train,
            difficulty: 2,
            build: build::<sum_expenses::Values>,
        },
        Scenario {
            name: "find the longest or shortest run",
            split: Split::Dev,
            difficulty: 2,
            build: build::<extreme_run::Values>,
        },
    ]
}
