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
use crate::kit::changes::added;
use crate::kit::people::{SERVICE_NAMES, known};
use crate::model::Split;
use crate::scenarios::Scenario;
use apps::people::{Person, Population};

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "a party group from the guest list in a note (groups)",
            split: Split::Train,
            difficulty: 3,
            build: party_group::build,
        },
        Scenario {
            name: "send back double Venmo payments and text the payers (groups)",
            split: Split::Train,
            difficulty: 2,
            build: double_payments::build,
        },
        Scenario {
            name: "answer Venmo requests by who sent them (groups)",
            split: Split::Dev,
            difficulty: 2,
            build: sort_requests::build,
        },
        Scenario {
            name: "move the Venmo wallet to the card that has not expired (groups)",
            split: Split::TestNormal,
            difficulty: 2,
            build: wallet_to_card::build,
        },
        Scenario {
            name: "record a roommate's Venmo payments on Splitwise (groups)",
            split: Split::Train,
            difficulty: 2,
            build: venmo_to_splitwise::build,
        },
        Scenario {
            name: "split tickets by the counts friends texted (groups)",
            split: Split::Dev,
            difficulty: 3,
            build: ticket_shares::build,
        },
        Scenario {
            name: "Todoist purchases into the trip's Splitwise group (groups)",
            split: Split::Train,
            difficulty: 2,
            build: todo_purchases::build,
        },
        Scenario {
            name: "like and comment on the trip group's Venmo payments (groups)",
            split: Split::TestNormal,
            difficulty: 2,
            build: trip_feed::build,
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

/// The member ids of a Splitwise group.
fn group_members(ctx: &EvalCtx, gid: i64) -> Vec<i64> {
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT user_id FROM splitwise.group_members WHERE group_id = ?1 ORDER BY user_id",
    ) else {
        return Vec::new();
    };
    st.query_map([gid], |r| r.get(0))
        .map(|rows| rows.filter_map(Result::ok).collect())
        .unwrap_or_default()
}

/// The expenses the episode added: (id, group id, payer id, description, amount).
fn new_expenses(ctx: &EvalCtx) -> Vec<(i64, Option<i64>, i64, String, f64)> {
    added(ctx, "splitwise", "expenses")
        .into_iter()
        .map(|r| {
            (
                r.get("id").as_i64().unwrap_or(0),
                r.get("group_id").as_i64(),
                r.get("payer_id").as_i64().unwrap_or(0),
                r.get("description").as_str().unwrap_or("").to_string(),
                r.get("amount").as_f64().unwrap_or(0.0),
            )
        })
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
