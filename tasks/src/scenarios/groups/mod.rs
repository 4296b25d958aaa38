//! Scenarios of the "(groups)" set: Splitwise and Venmo crossing with SimpleNote, the phone,
//! the file system and Todoist. A party group built from a note's guest list (guests under
//! nicknames) with its expenses, double Venmo payments sent back with a text, answering Venmo
//! requests by who sent them (roommates, strangers), moving the Venmo wallet to the card that
//! has not expired, Splitwise payments for a roommate's Venmo payments, comments on old
//! expenses, tickets split by the counts friends texted, and leaving a group after paying what
//! is owed in it. Every name ends with " (groups)" so that `TASKS_ONLY='(groups)'` selects them.

mod double_payments;
mod party_group;
mod sort_requests;
mod ticket_shares;
mod todo_purchases;
mod trip_feed;
mod venmo_to_splitwise;
mod wallet_to_card;

use crate::eval::EvalCtx;
use crate::kit::people::{SERVICE_NAMES, known};
use crate::kit::python::solution;
use crate::kit::splitwise::expenses_added;
use crate::model::{Solution, Split};
use crate::scenarios::{Scenario, build};
use apps::people::{Person, Population};

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "a party group from the guest list in a note (groups)",
            split: Split::Train,
            difficulty: 3,
            build: build::<party_group::Values>,
        },
        Scenario {
            name: "send back double Venmo payments and text the payers (groups)",
            split: Split::Train,
            difficulty: 2,
            build: build::<double_payments::Values>,
        },
        Scenario {
            name: "answer Venmo requests by who sent them (groups)",
            split: Split::Dev,
            difficulty: 2,
            build: build::<sort_requests::Values>,
        },
        Scenario {
            name: "move the Venmo wallet to the card that has not expired (groups)",
            split: Split::TestNormal,
            difficulty: 2,
            build: build::<wallet_to_card::Values>,
        },
        Scenario {
            name: "record a roommate's Venmo payments on Splitwise (groups)",
            split: Split::Train,
            difficulty: 2,
            build: build::<venmo_to_splitwise::Values>,
        },
        Scenario {
            name: "split tickets by the counts friends texted (groups)",
            split: Split::Dev,
            difficulty: 3,
            build: build::<ticket_shares::Values>,
        },
        Scenario {
            name: "Todoist purchases into the trip's Splitwise group (groups)",
            split: Split::Train,
            difficulty: 2,
            build: build::<todo_purchases::Values>,
        },
        Scenario {
            name: "like and comment on the trip group's Venmo payments (groups)",
            split: Split::TestNormal,
            difficulty: 2,
            build: build::<trip_feed::Values>,
        },
    ]
}

/// A nickname none of `p`'s contacts is called.
fn nickname(pop: &Population, p: &Person, skip: usize) -> String {
    const NICKS: &[&str] = &["Bex", "Jojo", "Mo", "Tig", "Sunny", "Ziggy", "Dee", "Kit"];
    let known = known(pop, p);
    NICKS
        .iter()
        .filter(|n| !known.iter().any(|k| k.first_name == **n) && !SERVICE_NAMES.contains(n))
        .nth(skip)
        .map(|n| n.to_string())
        .unwrap_or_else(|| "Kit".to_string())
}

/// The expenses the episode added: (id, group id, payer id, description, amount).
fn new_expenses(ctx: &EvalCtx) -> Vec<(i64, Option<i64>, i64, String, f64)> {
    expenses_added(ctx)
        .into_iter()
        .map(|e| (e.id, e.group, e.payer.unwrap_or(0), e.description, e.amount))
        .collect()
}

/// Every expense the episode added is paid by the supervisor.
fn paid_by_supervisor(ctx: &EvalCtx) -> Result<(), String> {
    let me = ctx.user_id("splitwise").unwrap_or(0);
    match new_expenses(ctx).iter().find(|e| e.2 != me) {
        Some(e) => Err(format!("{} paid by user {}", e.3, e.2)),
        None => Ok(()),
    }
}

/// Wrong solutions from a table of what is wrong with each and the three cells (or steps) it
/// runs instead, as `cells` builds them.
fn wrong_by_cells(
    table: &[(&str, [&str; 3])],
    cells: impl Fn(&str, &str, &str) -> Vec<String>,
) -> Vec<Solution> {
    table
        .iter()
        .map(|&(why, [a, b, c])| solution(why, cells(a, b, c)))
        .collect()
}
