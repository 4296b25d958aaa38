//! "Add each task of our Todoist cabin project that I completed and that has a cost in its title
//! to our Splitwise group of the same name, paid by me and split equally among the group." Near
//! misses: purchases done by a friend, open ones, done tasks without a cost, and more than a
//! page of tasks.

use super::{new_expenses, paid_by_supervisor};
use crate::kit::allow;
use crate::kit::changes::{allow_added, allow_own};
use crate::kit::money::{c2, same_amount};
use crate::kit::money::{cents_of, usd};
use crate::kit::people::with_distinct_friends;
use crate::kit::python::solution;
use crate::kit::splitwise::{expense_shares, group_named};
use crate::kit::text::same_text;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

/// A task of the project.
struct Task {
    /// The title without the cost.
    stem: &'static str,
    /// The cost in the title (0: none).
    cents: i64,
    done: bool,
    /// Assigned to the supervisor (else to a friend).
    mine: bool,
}

impl Task {
    /// The title as Todoist shows it.
    fn title(&self) -> String {
        if self.cents == 0 {
            self.stem.to_string()
        } else {
            format!("{} - ${}", self.stem, c2(self.cents))
        }
    }

    /// Does the supervisor record it?
    fn counts(&self) -> bool {
        self.cents > 0 && self.done && self.mine
    }
}

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    variant: u8,
    now: NaiveDateTime,
    /// The project and the group.
    name: &'static str,
    friends: Vec<Person>,
    /// The group's members, the supervisor included.
    members: i64,
    tasks: Vec<Task>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "todoist", "splitwise"];
    const SCRIPT: &str = include_str!("todo_purchases.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let (p, fr) = with_distinct_friends(g, 3);
        let v = g.variant;
        let n_friends = if v == 3 { 3 } else { 2 };
        let members = n_friends as i64 + 1;
        // (title stem, done, by me)
        let stems: Vec<(&str, bool, bool)> = vec![
            ("Buy groceries", true, true),
            ("Book the cabin", true, false),
            ("Pick up firewood", true, true),
            ("Pack board games", true, true),
            ("Rent kayaks", false, true),
            ("Buy sunscreen and bug spray", true, true),
            ("Fill up the car", true, false),
            ("Get ice and drinks", true, true),
        ];
        let mut tasks: Vec<Task> = Vec::new();
        for (stem, done, mine) in stems {
            let cents = if stem == "Pack board games" {
                0
            } else {
                cents_of(&mut g.rng, 1_500, 12_000, members)
            };
            tasks.push(Task {
                stem,
                cents,
                done,
                mine,
            });
        }
        Values {
            friends: fr.iter().take(n_friends).cloned().collect(),
            supervisor: p,
            variant: v,
            now: g.now,
            name: ["Cabin Weekend", "Lake House Trip", "Camping at Big Sur"][(v - 1) as usize],
            members,
            tasks,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let name = v.name;
        match v.variant {
            1 => format!(
                "Our Todoist project \"{name}\" has the purchases for the trip, with the cost in each task's title. For every one of them that was assigned to me and is completed, add an expense to our \"{name}\" Splitwise group, paid by me and split equally among all the group's members; describe each by its task title without the cost."
            ),
            2 => format!(
                "I finished some shopping tasks in the Todoist project \"{name}\" (costs are in the titles). Put each completed task assigned to me that has a cost on Splitwise as an expense in the \"{name}\" group: I paid, everyone in the group shares it equally, and the description is the task title minus the price."
            ),
            _ => format!(
                "Sync my spending for \"{name}\" to Splitwise: every completed task in that Todoist project that's assigned to me and shows a price in its title becomes an expense in the Splitwise group \"{name}\" (paid by me, equal split among all members, description = title without the price)."
            ),
        }
    }

    /// The shared project with its tasks, and the Splitwise group.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let sup = &v.supervisor;
            let others: Vec<&Person> = v.friends.iter().collect();
            let mut all = vec![sup];
            all.extend(others.iter().copied());
            let at = v.now - Duration::days(12);
            let pid = s.add_todo_project(sup, v.name, "Trip planning", &others, at)?;
            for (i, t) in v.tasks.iter().enumerate() {
                let who = if t.mine {
                    sup
                } else {
                    others[i % others.len()]
                };
                s.add_todo_task(
                    pid,
                    None,
                    sup,
                    &t.title(),
                    None,
                    "medium",
                    t.done,
                    Some(who),
                    at + Duration::hours(i as i64),
                )?;
            }
            s.add_splitwise_group(sup, &all, v.name, at)?;
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions: `find` reads the `tasks`, `record` splits each
    /// among the `debtors`.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let base = Vals::new().lit("name", v.name);
        let cells = |tasks: &str, debtors: &str| {
            let vals = base
                .clone()
                .code("tasks", script.cell(tasks, &base))
                .code("debtors", script.cell(debtors, &base));
            script.cells(&["logins", "find", "record"], &vals)
        };
        let ground_truth = cells("my_completed", "everyone");
        let wrong = vec![
            solution(
                "takes the friends' purchases too",
                cells("all_completed", "everyone"),
            ),
            solution("takes open tasks too", cells("all_mine", "everyone")),
            solution(
                "leaves the supervisor out of the split",
                cells("my_completed", "everyone_but_me"),
            ),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let counted: Vec<&Task> = v.tasks.iter().filter(|t| t.counts()).collect();
        let shown = counted
            .iter()
            .map(|t| format!("{} ${}", t.stem, c2(t.cents)))
            .collect::<Vec<_>>()
            .join(", ");
        vec![
            v.check(
                format!("{} new expenses", counted.len()),
                |v, ctx| match new_expenses(ctx).len() {
                    n if n == v.tasks.iter().filter(|t| t.counts()).count() => Ok(()),
                    n => Err(format!("{n} expenses")),
                },
            ),
            v.check(format!("the expenses: {shown}"), |v, ctx| {
                let mut got = new_expenses(ctx);
                for t in v.tasks.iter().filter(|t| t.counts()) {
                    let (d, c) = (t.stem, t.cents);
                    match got
                        .iter()
                        .position(|e| same_text(&e.3, d) && same_amount(e.4, usd(c)))
                    {
                        Some(i) => {
                            got.remove(i);
                        }
                        None => return Err(format!("no \"{d}\" of ${}", c2(c))),
                    }
                }
                Ok(())
            }),
            v.check(format!("all in the \"{}\" group", v.name), |v, ctx| {
                let gid = group_named(ctx, v.name);
                match new_expenses(ctx)
                    .iter()
                    .find(|e| e.1 != gid || gid.is_none())
                {
                    Some(e) => Err(format!("{} in group {:?}", e.3, e.1)),
                    None => Ok(()),
                }
            }),
            v.check("each paid by the supervisor", |_, ctx| {
                paid_by_supervisor(ctx)
            }),
            v.check(
                format!("each split equally among the {} members", v.members),
                |v, ctx| {
                    let n_members = v.members as usize;
                    for e in new_expenses(ctx) {
                        let shares = expense_shares(ctx, e.0);
                        let each = e.4 / n_members as f64;
                        if shares.len() != n_members
                            || !shares.iter().all(|s| same_amount(s.1, each))
                        {
                            return Err(format!("{} split as {shares:?}", e.3));
                        }
                    }
                    Ok(())
                },
            ),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            allow_own("the expenses", "splitwise", "expenses", "user_id"),
            allow_added("their shares", "splitwise", "expense_shares", |_, _| true),
            allow::splitwise_notifications(),
        ]
    }
}
