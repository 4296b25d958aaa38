//! Scenarios across file_system, phone and venmo: a bill the supervisor paid is in their file
//! system; they ask their roommates for an equal share on Venmo.

mod roommates_share;

use super::{Scenario, build};
use crate::model::Split;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![Scenario {
        name: "request roommates' share of a bill",
        split: Split::Train,
        difficulty: 2,
        build: build::<roommates_share::Values>,
    }]
}
