//! Scenarios that need the API docs or the supervisor's own data: questions about the APIs
//! (answered from `apis.api_docs`), merging notes into one, and writing the supervisor's cards
//! or addresses into a note.

mod api_doc_question;
mod merge_books;
mod profile_note;

use crate::model::Split;
use crate::scenarios::{Scenario, build};

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "answer a question from the API docs",
            split: Split::TestNormal,
            difficulty: 1,
            build: build::<api_doc_question::Values>,
        },
        Scenario {
            name: "merge book notes into a reading list",
            split: Split::TestNormal,
            difficulty: 3,
            build: build::<merge_books::Values>,
        },
        Scenario {
            name: "write my cards or addresses into a note",
            split: Split::TestNormal,
            difficulty: 3,
            build: build::<profile_note::Values>,
        },
    ]
}
