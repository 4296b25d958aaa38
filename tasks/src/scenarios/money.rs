//! Scenarios (being written).

use super::Scenario;

pub(super) fn scenarios() -> Vec<Scenario> {
    Vec::new()
}
