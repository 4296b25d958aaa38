//! Scenarios of the "(groups)" set (being written; see the scenario brief).

use super::Scenario;

pub(super) fn scenarios() -> Vec<Scenario> {
    Vec::new()
}
