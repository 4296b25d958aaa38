//! "Add each task of our Todoist cabin project that I completed and that has a cost in its title
//! to our Splitwise group of the same name, paid by me and split equally among the group." Near
//! misses: purchases done by a friend, open ones, done tasks without a cost, and more than a
//! page of tasks.

use super::new_expenses;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::allow_added;
use crate::kit::money::{c2, same_amount};
use crate::kit::money::{cents_of, usd};
use crate::kit::people::distinct_friends;
use crate::kit::python::solution;
use crate::kit::splitwise::expense_shares;
use crate::kit::text::same_text;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use apps::people::Person;
use chrono::Duration;
use sim::sql::Cached;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| distinct_friends(pop, p).len() >= 3);
    let fr = distinct_friends(pop, &p);
    let v = g.variant;
    let n_friends = if v == 3 { 3 } else { 2 };
    let friends: Vec<Person> = fr.iter().take(n_friends).cloned().collect();
    let members = n_friends as i64 + 1;
    let name = ["Cabin Weekend", "Lake House Trip", "Camping at Big Sur"][(v - 1) as usize];
    // (title stem, cents or 0, done, by me)
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
    let mut tasks: Vec<(String, i64, bool, bool)> = Vec::new();
    for (stem, done, mine) in stems {
        let cents = if stem == "Pack board games" {
            0
        } else {
            cents_of(&mut g.rng, 1_500, 12_000, members)
        };
        tasks.push((stem.to_string(), cents, done, mine));
    }
    let title_of = |t: &(String, i64, bool, bool)| {
        if t.1 == 0 {
            t.0.clone()
        } else {
            format!("{} - ${}", t.0, c2(t.1))
        }
    };
    let counted: Vec<(String, i64)> = tasks
        .iter()
        .filter(|t| t.1 > 0 && t.2 && t.3)
        .map(|t| (t.0.clone(), t.1))
        .collect();
    let instruction = match v {
        1 => format!(
            "Our Todoist project \"{name}\" has the purchases for the trip, with the cost in each task's title. For every one of them that was assigned to me and is completed, add an expense to our \"{name}\" Splitwise group, paid by me and split equally among all the group's members; describe each by its task title without the cost."
        ),
        2 => format!(
            "I finished some shopping tasks in the Todoist project \"{name}\" (costs are in the titles). Put each completed task assigned to me that has a cost on Splitwise as an expense in the \"{name}\" group: I paid, everyone in the group shares it equally, and the description is the task title minus the price."
        ),
        _ => format!(
            "Sync my spending for \"{name}\" to Splitwise: every completed task in that Todoist project that's assigned to me and shows a price in its title becomes an expense in the Splitwise group \"{name}\" (paid by me, equal split among all members, description = title without the price)."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "todoist", "splitwise"];
    let now = g.now;
    let (sup, fs_, name_s) = (p.clone(), friends.clone(), name.to_string());
    let rows: Vec<(String, bool, bool)> = tasks.iter().map(|t| (title_of(t), t.2, t.3)).collect();
    parts.setup.push(step(move |s| {
        let others: Vec<&Person> = fs_.iter().collect();
        let mut all = vec![&sup];
        all.extend(others.iter().copied());
        let at = now - Duration::days(12);
        let pid = s.add_todo_project(&sup, &name_s, "Trip planning", &others, at)?;
        for (i, (title, done, mine)) in rows.iter().enumerate() {
            let who = if *mine {
                &sup
            } else {
                others[i % others.len()]
            };
            s.add_todo_task(
                pid,
                None,
                &sup,
                title,
                None,
                "medium",
                *done,
                Some(who),
                at + Duration::hours(i as i64),
            )?;
        }
        s.add_splitwise_group(&sup, &all, &name_s, at)?;
        Ok(())
    }));
    let script = Script::parse(include_str!("todo_purchases.py"));
    let vals = Vals::new().lit("name", name);
    let cells = |find: &str, record: &str| script.cells(&["logins", find, record], &vals);
    parts.ground_truth = cells("find", "record");
    parts.wrong = vec![
        solution(
            "takes the friends' purchases too",
            cells("find_everyones", "record"),
        ),
        solution("takes open tasks too", cells("find_open_too", "record")),
        solution(
            "leaves the supervisor out of the split",
            cells("find", "record_without_me"),
        ),
    ];
    let shown = counted
        .iter()
        .map(|(d, c)| format!("{d} ${}", c2(*c)))
        .collect::<Vec<_>>()
        .join(", ");
    let (k1, k2) = (counted.clone(), counted.clone());
    let n_members = members as usize;
    let gname = name.to_string();
    let group_of = move |ctx: &EvalCtx| -> Option<i64> {
        let me = ctx.user_id("splitwise")?;
        ctx.db
            .query_row_cached(
                "SELECT g.id FROM splitwise.groups g JOIN splitwise.group_members m ON m.group_id = g.id \
                 WHERE m.user_id = ?1 AND g.name = ?2 ORDER BY g.id LIMIT 1",
                rusqlite::params![me, gname],
                |r| r.get(0),
            )
            .ok()
    };
    parts.checks = vec![
        Check::new(
            format!("{} new expenses", counted.len()),
            move |ctx| match new_expenses(ctx).len() {
                n if n == k2.len() => Ok(()),
                n => Err(format!("{n} expenses")),
            },
        ),
        Check::new(format!("the expenses: {shown}"), move |ctx| {
            let mut got = new_expenses(ctx);
            for (d, c) in &k1 {
                match got
                    .iter()
                    .position(|e| same_text(&e.3, d) && same_amount(e.4, usd(*c)))
                {
                    Some(i) => {
                        got.remove(i);
                    }
                    None => return Err(format!("no \"{d}\" of ${}", c2(*c))),
                }
            }
            Ok(())
        }),
        Check::new(format!("all in the \"{name}\" group"), move |ctx| {
            let gid = group_of(ctx);
            match new_expenses(ctx)
                .iter()
                .find(|e| e.1 != gid || gid.is_none())
            {
                Some(e) => Err(format!("{} in group {:?}", e.3, e.1)),
                None => Ok(()),
            }
        }),
        Check::new("each paid by the supervisor", |ctx| {
            let me = ctx.user_id("splitwise").unwrap_or(0);
            match new_expenses(ctx).iter().find(|e| e.2 != me) {
                Some(e) => Err(format!("{} paid by user {}", e.3, e.2)),
                None => Ok(()),
            }
        }),
        Check::new(
            format!("each split equally among the {members} members"),
            move |ctx| {
                for e in new_expenses(ctx) {
                    let shares = expense_shares(ctx, e.0);
                    let each = e.4 / n_members as f64;
                    if shares.len() != n_members || !shares.iter().all(|s| same_amount(s.1, each)) {
                        return Err(format!("{} split as {shares:?}", e.3));
                    }
                }
                Ok(())
            },
        ),
    ];
    parts.allowed = vec![
        allow_added("the expenses", "splitwise", "expenses", |ctx, r| {
            r.get("user_id").as_i64() == ctx.user_id("splitwise")
        }),
        allow_added("their shares", "splitwise", "expense_shares", |_, _| true),
        allow::splitwise_notifications(),
    ];
    parts
}
