//! "My roommate texted me about a mistake I made on Splitwise; fix it as they asked." The text
//! (the newest about Splitwise from the roommate, found through the phone's `roommate` label)
//! names the expense. Variant 1: a duplicate (delete one copy, not the older expense of the same
//! name); variant 2: the same expense in the group and outside it (delete the one outside);
//! variant 3: a wrong amount (update it with the shares, which an amount alone leaves as they
//! were).

use super::roommate_supervisor;
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::changes::{added, is_mine, updates_only};
use crate::kit::db::uid;
use crate::kit::money::{cents_of, same_amount, usd};
use crate::kit::people::full;
use crate::kit::python::solution;
use crate::kit::splitwise::{expense_shares, expenses_paid_on};
use crate::kit::time::on;
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The roommate who texted.
    mate: Person,
    /// The expense's description, when it was added (and that day, `yyyy-mm-dd`), in cents.
    what: &'static str,
    day: NaiveDateTime,
    day_s: String,
    amount: i64,
    /// The older expense of the same name: its amount (cents), time and day.
    older: i64,
    older_day: NaiveDateTime,
    older_s: String,
    /// The roommate's text and the instruction.
    text: &'static str,
    now: NaiveDateTime,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "phone", "splitwise"];
    const SCRIPT: &str = include_str!("fix_expense.py");

    /// The supervisor, the roommate, the text and the amounts.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let (p, r) = roommate_supervisor(g, |_| true);
        let v = g.variant;
        let (what, day, text, instruction) = match v {
            1 => (
                "Costco run",
                on(2023, 5, 14, 18, 5),
                "Hey, I think the Costco run from Sunday is on Splitwise twice. Can you delete the extra one?",
                format!(
                    "{} texted me about a mistake I made on Splitwise. Please fix it the way they asked.",
                    r.first_name
                ),
            ),
            2 => (
                "Toilet paper and soap",
                on(2023, 5, 15, 9, 12),
                "You added the toilet paper and soap twice on Splitwise, once in our Roommates group and once outside it. Can you delete the one outside the group?",
                "My roommate sent me a text about Splitwise. Can you take care of what they asked?"
                    .to_string(),
            ),
            _ => (
                "Pizza night",
                on(2023, 5, 12, 22, 10),
                "The pizza night on Friday was $48, not $84. Can you fix it on Splitwise?",
                "Read my roommate's latest text about Splitwise and fix the expense they mean."
                    .to_string(),
            ),
        };
        let day_s = day.format("%Y-%m-%d").to_string();
        let amount = if v == 3 {
            8_400
        } else {
            cents_of(&mut g.rng, 4_000, 16_000, 2)
        };
        let older = cents_of(&mut g.rng, 3_000, 9_000, 2);
        let older_day = on(2023, 4, 21, 19, 30);
        Drawing::from(Values {
            variant: v,
            supervisor: p,
            mate: r,
            what,
            day,
            day_s,
            amount,
            older,
            older_day,
            older_s: older_day.format("%Y-%m-%d").to_string(),
            text,
            now: g.now,
        })
        .instruction(instruction)
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, what) = (&v.supervisor, v.what);
            let gid = s.splitwise_group_named(sup, "Roommates")?;
            let pair = [sup, &v.mate];
            s.add_splitwise_expense(Some(gid), sup, &pair, what, usd(v.older), v.older_day)?;
            s.add_splitwise_expense(Some(gid), sup, &pair, what, usd(v.amount), v.day)?;
            match v.variant {
                1 => {
                    s.add_splitwise_expense(
                        Some(gid),
                        sup,
                        &pair,
                        what,
                        usd(v.amount),
                        v.day + Duration::minutes(2),
                    )?;
                }
                2 => {
                    s.add_splitwise_expense(
                        None,
                        sup,
                        &pair,
                        what,
                        usd(v.amount),
                        v.day + Duration::minutes(3),
                    )?;
                }
                _ => {}
            }
            s.add_text(&v.mate, sup, v.text, v.now - Duration::minutes(95))?;
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let (ground_truth, wrong);
        let vals = Vals::new().lit("what", v.what).code("day", &v.day_s);
        let solve = |list: &str, fix: &str| script.cells(&["logins", "read", list, fix], &vals);
        match v.variant {
            1 => {
                ground_truth = solve("list_in_group_on_day", "delete_last");
                wrong = vec![
                    solution(
                        "deletes both copies",
                        solve("list_in_group_on_day", "delete_all"),
                    ),
                    solution(
                        "deletes the oldest expense of that name",
                        solve("list_in_group", "delete_first"),
                    ),
                ];
            }
            2 => {
                ground_truth = solve("list_outside_on_day", "delete_last");
                wrong = vec![
                    solution(
                        "deletes the one in the group",
                        solve("list_in_group_on_day", "delete_last"),
                    ),
                    solution(
                        "deletes both",
                        vec![
                            script.cell("logins", &vals),
                            script.cell("read", &vals),
                            script.cell("list_in_group_on_day", &vals),
                            format!(
                                "{}\n{}",
                                script.cell("delete_last_and_go_on", &vals),
                                script.cell("list_outside_on_day", &vals)
                            ),
                            script.cell("delete_last", &vals),
                        ],
                    ),
                ];
            }
            _ => {
                ground_truth = solve("list_in_group_on_day", "fix_last");
                wrong = vec![
                    solution(
                        "changes only the amount, which keeps the old shares",
                        solve("list_in_group_on_day", "fix_last_amount_only"),
                    ),
                    solution(
                        "changes the older pizza night",
                        solve("list_in_group", "fix_first"),
                    ),
                    solution(
                        "deletes the pizza night",
                        solve("list_in_group_on_day", "delete_last"),
                    ),
                ];
            }
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = match v.variant {
            1 => duplicate_checks(v),
            2 => outside_checks(v),
            _ => amount_checks(v),
        };
        checks.extend(common_checks(v));
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            Allow::new("changes to the supervisor's expenses", |ctx, r| {
                r.is("splitwise", "expenses")
                    && is_mine(ctx, r, "splitwise", "payer_id")
                    && updates_only(
                        r,
                        &[
                            "deleted",
                            "amount",
                            "debtor_ids",
                            "participant_ids",
                            "description",
                            "payer_id",
                        ],
                    )
            }),
            Allow::new("their shares", |_, r| {
                r.is("splitwise", "expense_shares") && r.kind() != ChangeKind::Updated
            }),
            allow::splitwise_notifications(),
        ]
    }
}

/// Variant 1: one copy of the duplicate deleted.
fn duplicate_checks(v: &Drawn<Values>) -> Vec<Check> {
    vec![v.check(
        format!(
            "one of the two \"{}\" expenses of {} is deleted, the other kept",
            v.what, v.day_s
        ),
        |v, ctx| {
            let xs = roommate_expenses(ctx, true, v.what, &v.day_s);
            let gone = xs.iter().filter(|x| x.2).count();
            if xs.len() == 2 && gone == 1 {
                Ok(())
            } else {
                Err(format!("{gone} of {} deleted", xs.len()))
            }
        },
    )]
}

/// Variant 2: the copy outside the group deleted, the one in it kept.
fn outside_checks(v: &Drawn<Values>) -> Vec<Check> {
    vec![
        v.check(
            format!("the \"{}\" expense outside the group is deleted", v.what),
            |v, ctx| match roommate_expenses(ctx, false, v.what, &v.day_s).as_slice() {
                [(_, _, true)] => Ok(()),
                [(_, _, false)] => Err("it is still there".into()),
                xs => Err(format!("{} such expenses", xs.len())),
            },
        ),
        v.check(
            format!("the \"{}\" expense in the Roommates group is kept", v.what),
            |v, ctx| match roommate_expenses(ctx, true, v.what, &v.day_s).as_slice() {
                [(_, _, false)] => Ok(()),
                [(_, _, true)] => Err("it was deleted".into()),
                xs => Err(format!("{} such expenses", xs.len())),
            },
        ),
    ]
}

/// Variant 3: the amount fixed, with the shares.
fn amount_checks(v: &Drawn<Values>) -> Vec<Check> {
    vec![
        v.check(
            format!(
                "the \"{}\" of {} is $48.00 and not deleted",
                v.what, v.day_s
            ),
            |v, ctx| match roommate_expenses(ctx, true, v.what, &v.day_s).as_slice() {
                [(_, a, false)] if same_amount(*a, 48.0) => Ok(()),
                [(_, a, deleted)] => Err(format!("${a}, deleted: {deleted}")),
                xs => Err(format!("{} such expenses", xs.len())),
            },
        ),
        v.check(
            format!(
                "it is split equally: $24.00 each for the supervisor and {}",
                full(&v.mate)
            ),
            |v, ctx| {
                let Some((id, _, _)) = roommate_expenses(ctx, true, v.what, &v.day_s)
                    .first()
                    .copied()
                else {
                    return Err("no such expense".into());
                };
                let mut got = expense_shares(ctx, id);
                got.sort_by_key(|s| s.0);
                let mut want = vec![
                    ctx.user_id("splitwise").unwrap_or(0),
                    uid(ctx, "splitwise", &v.mate.email).unwrap_or(0),
                ];
                want.sort_unstable();
                let ok = got.len() == 2
                    && got
                        .iter()
                        .zip(&want)
                        .all(|(g, w)| g.0 == *w && same_amount(g.1, 24.0));
                if ok {
                    Ok(())
                } else {
                    Err(format!("shares {got:?}"))
                }
            },
        ),
    ]
}

/// Every variant: nothing added, nothing else changed.
fn common_checks(v: &Drawn<Values>) -> Vec<Check> {
    vec![
        v.check("no expense added", |_, ctx| {
            match added(ctx, "splitwise", "expenses").len() {
                0 => Ok(()),
                n => Err(format!("{n} expenses added")),
            }
        }),
        v.check(
            format!(
                "no other expense changed (the \"{}\" of {} included)",
                v.what, v.older_s
            ),
            |v, ctx| {
                let mut ids: Vec<i64> = roommate_expenses(ctx, true, v.what, &v.day_s)
                    .iter()
                    .map(|x| x.0)
                    .collect();
                ids.extend(
                    roommate_expenses(ctx, false, v.what, &v.day_s)
                        .iter()
                        .map(|x| x.0),
                );
                match other_expense_changes(ctx, &ids) {
                    0 => Ok(()),
                    n => Err(format!("{n} other expenses changed")),
                }
            },
        ),
    ]
}

/// The supervisor's expense in their Roommates group (or outside groups when `in_group` is
/// false) with this description, created on `day` (`yyyy-mm-dd`): (id, amount, deleted), in id
/// order.
fn roommate_expenses(
    ctx: &EvalCtx,
    in_group: bool,
    description: &str,
    day: &str,
) -> Vec<(i64, f64, bool)> {
    let Some(me) = ctx.user_id("splitwise") else {
        return Vec::new();
    };
    let group = in_group.then_some("Roommates");
    expenses_paid_on(ctx.db, me, group, description, day)
}

/// Expense rows the episode changed other than `ids`.
fn other_expense_changes(ctx: &EvalCtx, ids: &[i64]) -> usize {
    ctx.diff
        .table("splitwise", "expenses")
        .filter(|r| !ids.contains(&r.id))
        .count()
}
