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
use crate::kit::db::uid;
use crate::kit::money::same_amount;
use crate::kit::people::{has_roommates, roommates};
use crate::kit::splitwise::{expense_shares, expenses_added, group_of_two, live_group_named};
use crate::model::Split;
use crate::scenarios::{Gen, Scenario, build};
use apps::people::{Person, Population, Relation};

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "split the flat's streaming subscriptions from a note on Splitwise (household)",
            split: Split::Train,
            difficulty: 2,
            build: build::<streaming_split::Values>,
        },
        Scenario {
            name: "pay the spouse back for the groceries they texted about (household)",
            split: Split::Train,
            difficulty: 2,
            build: build::<spouse_groceries::Values>,
        },
        Scenario {
            name: "welcome a new roommate across Splitwise, Todoist and texts (household)",
            split: Split::Dev,
            difficulty: 3,
            build: build::<new_roommate::Values>,
        },
        Scenario {
            name: "how much do I owe a roommate across Splitwise and Venmo (household)",
            split: Split::TestNormal,
            difficulty: 2,
            build: build::<owe_roommate::Values>,
        },
        Scenario {
            name: "put this month's missing bills on the Roommates group (household)",
            split: Split::Train,
            difficulty: 3,
            build: build::<bills_check::Values>,
        },
        Scenario {
            name: "the plumber's invoice: close the repair, split it, text the spouse (household)",
            split: Split::TestNormal,
            difficulty: 3,
            build: build::<plumber_invoice::Values>,
        },
        Scenario {
            name: "settle the couple's household group through Venmo (household)",
            split: Split::Dev,
            difficulty: 2,
            build: build::<settle_household::Values>,
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

/// Is `p` married?
fn is_married(pop: &Population, p: &Person) -> bool {
    pop.relations_of(p.id)
        .iter()
        .any(|(r, _)| matches!(r, Relation::Wife | Relation::Husband))
}

/// A supervisor who shares a flat and also `fits`, and their roommates.
fn flat_supervisor(g: &mut Gen, fits: impl Fn(&Person) -> bool) -> (Person, Vec<Person>) {
    let pop = g.population;
    let p = g.supervisor_where(|p| has_roommates(pop, p) && fits(p));
    let mates = roommates(g.population, &p);
    (p, mates)
}

/// A married supervisor who also `fits`, their spouse and "wife" or "husband".
fn married_supervisor(
    g: &mut Gen,
    fits: impl Fn(&Person) -> bool,
) -> (Person, Person, &'static str) {
    let pop = g.population;
    let p = g.supervisor_where(|p| is_married(pop, p) && fits(p));
    let Some((sp, label)) = spouse(g, &p) else {
        unreachable!("supervisor_where picked a married person")
    };
    (p, sp, label)
}

/// The flat's e-mails: the supervisor's and the roommates'.
fn flat_emails(p: &Person, mates: &[Person]) -> Vec<String> {
    std::iter::once(p.email.clone())
        .chain(mates.iter().map(|m| m.email.clone()))
        .collect()
}

/// Is every expense the episode added in the Roommates group and paid by the supervisor?
fn in_roommates_paid_by_me(ctx: &EvalCtx) -> Result<(), String> {
    let gid = live_group_named(ctx, "Roommates");
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

/// The Splitwise expenses the episode added, descriptions trimmed, with their shares.
fn sw_added(ctx: &EvalCtx) -> Vec<SwExpense> {
    expenses_added(ctx)
        .into_iter()
        .map(|e| {
            (
                e.description.trim().to_string(),
                e.amount,
                e.group,
                e.payer,
                expense_shares(ctx, e.id),
            )
        })
        .collect()
}

/// Why the new expenses are not split equally.
enum SplitError {
    /// There is none.
    NoExpense,
    /// This one (description, its sharers sorted) is not shared by exactly the people wanted.
    Sharers(String, Vec<i64>),
    /// This one is shared by them, not in equal parts.
    Amounts(String),
}

/// Is every new expense shared by exactly `want` in equal parts?
fn equal_split(ctx: &EvalCtx, want: &[i64]) -> Result<(), SplitError> {
    let mut want = want.to_vec();
    want.sort();
    let all = sw_added(ctx);
    if all.is_empty() {
        return Err(SplitError::NoExpense);
    }
    for e in all {
        let mut ids: Vec<i64> = e.4.iter().map(|s| s.0).collect();
        ids.sort();
        if ids != want {
            return Err(SplitError::Sharers(e.0, ids));
        }
        let each = e.1 / want.len() as f64;
        if e.4.iter().any(|s| !same_amount(s.1, each)) {
            return Err(SplitError::Amounts(e.0));
        }
    }
    Ok(())
}

/// Is `got` one expense, of `amount`?
fn one_expense_of(got: &[SwExpense], amount: f64) -> Result<(), String> {
    match got {
        [e] if same_amount(e.1, amount) => Ok(()),
        [e] => Err(format!("amount ${}", e.1)),
        _ => Err(format!("{} such expenses", got.len())),
    }
}

/// The Splitwise ids of these e-mails (those that have one).
fn sw_ids(ctx: &EvalCtx, emails: &[String]) -> Vec<i64> {
    emails
        .iter()
        .filter_map(|e| uid(ctx, "splitwise", e))
        .collect()
}

/// Did the episode add exactly `n` Splitwise expenses?
fn expense_count(n: usize, ctx: &EvalCtx) -> Result<(), String> {
    match sw_added(ctx).len() {
        x if x == n => Ok(()),
        x => Err(format!("{x} expenses")),
    }
}

/// The Splitwise group of exactly `a` and `b` (the couple's household group).
fn household_group(s: &crate::setup::Setup, a: &Person, b: &Person) -> rusqlite::Result<i64> {
    group_of_two(s.db, s.user_id("splitwise", a)?, s.user_id("splitwise", b)?)
}
