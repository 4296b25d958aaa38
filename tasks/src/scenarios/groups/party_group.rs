//! "I hosted a party; the guest list and what I paid are in my note. Create a Splitwise group
//! with the guests and add each thing I paid, split equally among everyone." One guest is in
//! the phone under a nickname (the note uses it); an older party's note has other guests and
//! items. Variant 3 has four guests, two of them under nicknames.

use super::{new_expenses, nickname, paid_by_supervisor};
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{allow_added, allow_own};
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::money::{cents_of, usd};
use crate::kit::people::full;
use crate::kit::people::with_distinct_friends;
use crate::kit::python::{py, solution};
use crate::kit::splitwise::{expense_shares, group_members, groups_created};
use crate::kit::text::same_text;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep, mix};
use apps::people::Person;

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    variant: u8,
    /// The party note's title.
    title: &'static str,
    /// The group to create.
    group: &'static str,
    guests: Vec<Person>,
    /// (index into `guests`, the nickname their contact is saved under).
    nicks: Vec<(usize, String)>,
    /// The older party's guests' first names.
    old_names: Vec<String>,
    /// (item, cents) the supervisor paid.
    want: Vec<(String, i64)>,
    /// The guests and the supervisor.
    members: i64,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "simple_note", "phone", "splitwise"];
    const SCRIPT: &str = include_str!("party_group.py");

    /// The guests, the amounts, and the notes (the party's, an older party's, filler).
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let (p, friends) = with_distinct_friends(g, 5);
        let pop = g.population;
        let v = g.variant;
        let n_guests = if v == 3 { 4 } else { 3 };
        let guests: Vec<Person> = friends.iter().take(n_guests).cloned().collect();
        let others: Vec<Person> = friends.iter().skip(n_guests).take(2).cloned().collect();
        let nicks: Vec<(usize, String)> = if v == 3 {
            vec![(0, nickname(pop, &p, 0)), (2, nickname(pop, &p, 1))]
        } else {
            vec![(1, nickname(pop, &p, v as usize))]
        };
        let called = |i: usize| -> String {
            nicks
                .iter()
                .find(|(j, _)| *j == i)
                .map(|(_, n)| n.clone())
                .unwrap_or_else(|| guests[i].first_name.clone())
        };
        let names: Vec<String> = (0..guests.len()).map(called).collect();
        let members = guests.len() as i64 + 1;
        let (title, group, date, items): (&str, &str, &str, Vec<&str>) = match v {
            1 => (
                "Housewarming party",
                "Housewarming Party",
                "Sat, May 13",
                vec!["Drinks", "Pizza", "Decorations"],
            ),
            2 => (
                "Game night at mine",
                "Game Night",
                "Fri, May 12",
                vec!["Snacks", "Board game rental", "Wine"],
            ),
            _ => (
                "Birthday BBQ",
                "Birthday BBQ",
                "Sun, May 14",
                vec!["Meat and veggies", "Charcoal", "Cake", "Drinks"],
            ),
        };
        let amounts: Vec<i64> = items
            .iter()
            .map(|_| cents_of(&mut g.rng, 1_500, 12_000, members))
            .collect();
        let mut content = format!(
            "{title} - {date}\nGuests: {}\n\nPaid by me:\n",
            names.join(", ")
        );
        for (it, c) in items.iter().zip(&amounts) {
            content.push_str(&format!("{it} - ${}\n", c2(*c)));
        }
        content
            .push_str("\nLeftovers in the freezer. Return the folding chairs to the neighbours.");
        let old_names: Vec<String> = others.iter().map(|o| o.first_name.clone()).collect();
        let old_content = format!(
            "Movie marathon - Sat, Mar 4\nGuests: {}\n\nPaid by me:\nPopcorn - $18.40\nTakeout - $76.80\n",
            old_names.join(", ")
        );
        let mut notes = g.filler(&p, 6, &[], &[title, "Movie marathon"]);
        let task_notes = vec![
            g.note(title, &content, &["party"], false, 4),
            g.note("Movie marathon", &old_content, &["party"], false, 75),
        ];
        notes = mix(&mut g.rng, notes, task_notes);
        let want: Vec<(String, i64)> = items
            .iter()
            .zip(&amounts)
            .map(|(i, c)| (i.to_string(), *c))
            .collect();
        let values = Values {
            supervisor: p,
            variant: v,
            title,
            group,
            guests,
            nicks,
            old_names,
            want,
            members,
        };
        (values, notes).into()
    }

    fn instruction(v: &Values) -> String {
        let group = v.group;
        match v.variant {
            1 => format!(
                "I hosted my housewarming party last weekend; the guest list and what I paid are in my notes. Create a Splitwise group called \"{group}\" with the guests (they're in my phone contacts) and add each thing I paid as an expense in it, paid by me and split equally among all of us, me included."
            ),
            2 => format!(
                "Could you set up a Splitwise group \"{group}\" for last Friday's game night? My note about it has who came and what I bought; the guests are my phone contacts. Put each purchase in the group as an expense I paid, split equally between everyone including me."
            ),
            _ => format!(
                "My birthday BBQ note lists the guests and what I paid. Make a Splitwise group named \"{group}\" with those guests (find them in my contacts) and record every item from the note as its own expense paid by me, shared equally by all of us (me too)."
            ),
        }
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let vals = Vals::new()
            .lit("title", v.title)
            .lit("group", v.group)
            .code("old_guests", py_list(&v.old_names));
        let cells =
            |lookup: &str, record: &str| script.cells(&["logins", "read", lookup, record], &vals);
        let ground_truth = cells("lookup", "record");
        let wrong = vec![
            solution(
                "leaves the supervisor out of the split",
                cells("lookup", "record_without_me"),
            ),
            solution(
                "looks the guests up by name on Splitwise and skips those under a nickname",
                cells("lookup_on_splitwise", "record"),
            ),
            solution(
                "records one expense for the whole total",
                cells("lookup", "record_total"),
            ),
            solution(
                "adds the old party's guests too",
                cells("lookup_with_old_guests", "record"),
            ),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let group = v.group;
        let guest_names: Vec<String> = v.guests.iter().map(full).collect();
        let shown = v
            .want
            .iter()
            .map(|(i, c)| format!("{i} ${}", c2(*c)))
            .collect::<Vec<_>>()
            .join(", ");
        vec![
            v.check(
                format!("one new group named \"{group}\""),
                |v, ctx| match new_group(ctx, v.group).len() {
                    1 => Ok(()),
                    k => Err(format!("{k} such groups")),
                },
            ),
            v.check(
                format!(
                    "its members are the supervisor and {}",
                    guest_names.join(", ")
                ),
                |v, ctx| {
                    let gid = new_group(ctx, v.group).first().copied().ok_or("no group")?;
                    let mut want: Vec<i64> = v
                        .guests
                        .iter()
                        .filter_map(|x| uid(ctx, "splitwise", &x.email))
                        .collect();
                    want.extend(ctx.user_id("splitwise"));
                    want.sort_unstable();
                    let got = group_members(ctx.db, gid);
                    if got == want {
                        Ok(())
                    } else {
                        Err(format!("members {got:?}, want {want:?}"))
                    }
                },
            ),
            v.check(format!("the group's expenses: {shown}"), |v, ctx| {
                let gid = new_group(ctx, v.group).first().copied().ok_or("no group")?;
                let mut got: Vec<(String, f64)> = new_expenses(ctx)
                    .into_iter()
                    .filter(|e| e.1 == Some(gid))
                    .map(|e| (e.3.to_lowercase(), e.4))
                    .collect();
                if got.len() != v.want.len() {
                    return Err(format!("{} expenses", got.len()));
                }
                for (d, c) in &v.want {
                    match got
                        .iter()
                        .position(|x| same_text(&x.0, d) && same_amount(x.1, usd(*c)))
                    {
                        Some(i) => {
                            got.remove(i);
                        }
                        None => return Err(format!("no {d} of ${}", c2(*c))),
                    }
                }
                Ok(())
            }),
            v.check("each expense is paid by the supervisor", |_, ctx| {
                paid_by_supervisor(ctx)
            }),
            v.check(
                format!("each is split equally among the {} of them", v.members),
                |v, ctx| {
                    let gid = new_group(ctx, v.group).first().copied().ok_or("no group")?;
                    let n_members = v.members as usize;
                    let members = group_members(ctx.db, gid);
                    for e in new_expenses(ctx) {
                        let shares = expense_shares(ctx, e.0);
                        let each = e.4 / n_members as f64;
                        let ok = shares.len() == n_members
                            && shares
                                .iter()
                                .all(|(d, a)| members.contains(d) && same_amount(*a, each));
                        if !ok {
                            return Err(format!("{} split as {shares:?}", e.3));
                        }
                    }
                    Ok(())
                },
            ),
            v.check("no other expense recorded", |v, ctx| {
                let n = new_expenses(ctx).len();
                if n == v.want.len() {
                    Ok(())
                } else {
                    Err(format!("{n} expenses in all"))
                }
            }),
        ]
    }

    /// The new group, its members, expenses and shares, and Splitwise's notifications.
    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = vec![
            allow_own("the new group", "splitwise", "groups", "user_id"),
            allow_added("its members", "splitwise", "group_members", |_, _| true),
        ];
        allowed.extend(allow::splitwise_expenses());
        allowed
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            for (i, n) in &v.nicks {
                s.relabel_contact(&v.supervisor, &v.guests[*i], n, &["friend"])?;
            }
            Ok(())
        })]
    }
}

/// The ids of Splitwise groups named `name` the supervisor created in the episode.
fn new_group(ctx: &EvalCtx, name: &str) -> Vec<i64> {
    groups_created(ctx)
        .into_iter()
        .filter(|(_, n)| same_text(n, name))
        .filter_map(|(id, _)| id)
        .collect()
}

/// A Python list of strings.
fn py_list(items: &[String]) -> String {
    format!(
        "[{}]",
        items.iter().map(|s| py(s)).collect::<Vec<_>>().join(", ")
    )
}
