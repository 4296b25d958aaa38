//! Scenarios of the "(household)" set: cross-app household life of couples and shared flats.
//! Streaming subscriptions from a note shared in the flat's `Roommates` Splitwise group; paying
//! a spouse back on Venmo for the groceries they texted about; a new roommate moving in
//! (Splitwise group, Todoist `Home` project, a text with the wifi password from a note); and a
//! question over what the supervisor owes a roommate across Splitwise and Venmo.

mod bills_check;
mod new_roommate;
mod owe_roommate;
mod plumber_invoice;
mod settle_household;
mod spouse_groceries;
mod streaming_split;

use crate::eval::EvalCtx;
use crate::kit::changes::{added, allow_added};
use crate::model::{Allow, Split};
use crate::scenarios::{Gen, Scenario};
use apps::people::{Person, Relation};
use sim::sql::Cached;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "split the flat's streaming subscriptions from a note on Splitwise (household)",
            split: Split::Train,
            difficulty: 2,
            build: streaming_split::build,
        },
        Scenario {
            name: "pay the spouse back for the groceries they texted about (household)",
            split: Split::Train,
            difficulty: 2,
            build: spouse_groceries::build,
        },
        Scenario {
            name: "welcome a new roommate across Splitwise, Todoist and texts (household)",
            split: Split::Dev,
            difficulty: 3,
            build: new_roommate::build,
        },
        Scenario {
            name: "how much do I owe a roommate across Splitwise and Venmo (household)",
            split: Split::TestNormal,
            difficulty: 2,
            build: owe_roommate::build,
        },
        Scenario {
            name: "put this month's missing bills on the Roommates group (household)",
            split: Split::Train,
            difficulty: 3,
            build: bills_check::build,
        },
        Scenario {
            name: "the plumber's invoice: close the repair, split it, text the spouse (household)",
            split: Split::TestNormal,
            difficulty: 3,
            build: plumber_invoice::build,
        },
        Scenario {
            name: "settle the couple's household group through Venmo (household)",
            split: Split::Dev,
            difficulty: 2,
            build: settle_household::build,
        },
    ]
}

/// The person's spouse, if married.
fn spouse(g: &Gen, p: &Person) -> Option<(Person, &'static str)> {
    g.population
        .relations_of(p.id)
        .into_iter()
        .find_map(|(r, id)| match r {
            Relation::Wife => Some((g.person(id), "wife")),
            Relation::Husband => Some((g.person(id), "husband")),
            _ => None,
        })
}

/// The id of the Splitwise group named `name` that the supervisor is in.
fn sw_group(ctx: &EvalCtx, name: &str) -> Option<i64> {
    let me = ctx.user_id("splitwise")?;
    ctx.db
        .query_row_cached(
            "SELECT g.id FROM splitwise.groups g JOIN splitwise.group_members m ON m.group_id = g.id \
             WHERE m.user_id = ?1 AND g.name = ?2 AND NOT g.deleted ORDER BY g.id LIMIT 1",
            rusqlite::params![me, name],
            |r| r.get(0),
        )
        .ok()
}

/// Is every expense the episode added in the Roommates group and paid by the supervisor?
fn in_roommates_paid_by_me(ctx: &EvalCtx) -> Result<(), String> {
    let gid = sw_group(ctx, "Roommates");
    let me = ctx.user_id("splitwise");
    let all = sw_added(ctx);
    if all.is_empty() {
        return Err("no expense".into());
    }
    match all.iter().find(|e| e.2 != gid || e.3 != me) {
        Some(e) => Err(format!("\"{}\" in group {:?}, payer {:?}", e.0, e.2, e.3)),
        None => Ok(()),
    }
}

/// (description, amount, group, payer, share count, share amounts) of the Splitwise expenses
/// the episode added.
type SwExpense = (String, f64, Option<i64>, Option<i64>, Vec<(i64, f64)>);

fn sw_added(ctx: &EvalCtx) -> Vec<SwExpense> {
    added(ctx, "splitwise", "expenses")
        .into_iter()
        .map(|r| {
            let id = r.get("id").as_i64().unwrap_or(0);
            let shares: Vec<(i64, f64)> = ctx
                .db
                .prepare_cached(
                    "SELECT debtor_id, share_amount FROM splitwise.expense_shares WHERE expense_id = ?1",
                )
                .and_then(|mut st| {
                    st.query_map([id], |q| Ok((q.get(0)?, q.get(1)?)))
                        .map(|it| it.filter_map(Result::ok).collect())
                })
                .unwrap_or_default();
            (
                r.get("description").as_str().unwrap_or("").trim().to_string(),
                r.get("amount").as_f64().unwrap_or(0.0),
                r.get("group_id").as_i64(),
                r.get("payer_id").as_i64(),
                shares,
            )
        })
        .collect()
}

fn allow_splitwise_expenses() -> Vec<Allow> {
    vec![
        allow_added(
            "the supervisor's expenses",
            "splitwise",
            "expenses",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("splitwise"),
        ),
        allow_added("their shares", "splitwise", "expense_shares", |_, _| true),
        allow_added(
            "Splitwise notifications",
            "splitwise",
            "notifications",
            |_, _| true,
        ),
    ]
}

/// The Splitwise group of exactly `a` and `b` (the couple's household group).
fn household_group(s: &crate::setup::Setup, a: &Person, b: &Person) -> rusqlite::Result<i64> {
    let (x, y) = (s.user_id("splitwise", a)?, s.user_id("splitwise", b)?);
    let mut st = s.db.prepare_cached(
        "SELECT g.id FROM splitwise.groups g WHERE NOT g.deleted \
         AND (SELECT count(*) FROM splitwise.group_members m WHERE m.group_id = g.id) = 2 \
         AND EXISTS (SELECT 1 FROM splitwise.group_members m WHERE m.group_id = g.id AND m.user_id = ?1) \
         AND EXISTS (SELECT 1 FROM splitwise.group_members m WHERE m.group_id = g.id AND m.user_id = ?2) ORDER BY g.id LIMIT 1",
    )?;
    st.query_row([x, y], |r| r.get(0))
}
