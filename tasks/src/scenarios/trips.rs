//! Scenarios of the "(trips)" set (being written; see the scenario brief).

use super::Scenario;

pub(super) fn scenarios() -> Vec<Scenario> {
    Vec::new()
}
