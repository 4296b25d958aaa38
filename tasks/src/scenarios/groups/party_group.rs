//! "I hosted a party; the guest list and what I paid are in my note. Create a Splitwise group
//! with the guests and add each thing I paid, split equally among everyone." One guest is in
//! the phone under a nickname (the note uses it); an older party's note has other guests and
//! items. Variant 3 has four guests, two of them under nicknames.

use super::{group_members, new_expenses, nickname};
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{added, allow_added};
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::money::{cents_of, usd};
use crate::kit::people::distinct_friends;
use crate::kit::people::full;
use crate::kit::python::{py, solution};
use crate::kit::splitwise::expense_shares;
use crate::kit::text::same_text;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, mix, step};
use apps::people::Person;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| distinct_friends(pop, p).len() >= 5);
    let friends = distinct_friends(pop, &p);
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
    content.push_str("\nLeftovers in the freezer. Return the folding chairs to the neighbours.");
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
    let instruction = match v {
        1 => format!(
            "I hosted my housewarming party last weekend; the guest list and what I paid are in my notes. Create a Splitwise group called \"{group}\" with the guests (they're in my phone contacts) and add each thing I paid as an expense in it, paid by me and split equally among all of us, me included."
        ),
        2 => format!(
            "Could you set up a Splitwise group \"{group}\" for last Friday's game night? My note about it has who came and what I bought; the guests are my phone contacts. Put each purchase in the group as an expense I paid, split equally between everyone including me."
        ),
        _ => format!(
            "My birthday BBQ note lists the guests and what I paid. Make a Splitwise group named \"{group}\" with those guests (find them in my contacts) and record every item from the note as its own expense paid by me, shared equally by all of us (me too)."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.notes = Some(notes);
    parts.apps = vec!["supervisor", "simple_note", "phone", "splitwise"];
    let (sup, gs, nk) = (p.clone(), guests.clone(), nicks.clone());
    parts.setup.push(step(move |s| {
        for (i, n) in &nk {
            s.relabel_contact(&sup, &gs[*i], n, &["friend"])?;
        }
        Ok(())
    }));
    let script = Script::parse(include_str!("party_group.py"));
    let vals = Vals::new()
        .lit("title", title)
        .lit("group", group)
        .code("old_guests", py_list(&old_names));
    let cells =
        |lookup: &str, record: &str| script.cells(&["logins", "read", lookup, record], &vals);
    parts.ground_truth = cells("lookup", "record");
    parts.wrong = vec![
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
    let group_s = group.to_string();
    let guest_emails: Vec<String> = guests.iter().map(|x| x.email.clone()).collect();
    let guest_names: Vec<String> = guests.iter().map(full).collect();
    let want: Vec<(String, i64)> = items
        .iter()
        .zip(&amounts)
        .map(|(i, c)| (i.to_string(), *c))
        .collect();
    let shown = want
        .iter()
        .map(|(i, c)| format!("{i} ${}", c2(*c)))
        .collect::<Vec<_>>()
        .join(", ");
    let (g1, g2, g3, g4) = (
        group_s.clone(),
        group_s.clone(),
        group_s.clone(),
        group_s.clone(),
    );
    let (w1, w2) = (want.clone(), want.clone());
    let n_members = members as usize;
    parts.checks = vec![
        Check::new(
            format!("one new group named \"{group}\""),
            move |ctx| match new_group(ctx, &g1).len() {
                1 => Ok(()),
                k => Err(format!("{k} such groups")),
            },
        ),
        Check::new(
            format!(
                "its members are the supervisor and {}",
                guest_names.join(", ")
            ),
            move |ctx| {
                let gid = new_group(ctx, &g2).first().copied().ok_or("no group")?;
                let mut want: Vec<i64> = guest_emails
                    .iter()
                    .filter_map(|e| uid(ctx, "splitwise", e))
                    .collect();
                want.extend(ctx.user_id("splitwise"));
                want.sort_unstable();
                let got = group_members(ctx, gid);
                if got == want {
                    Ok(())
                } else {
                    Err(format!("members {got:?}, want {want:?}"))
                }
            },
        ),
        Check::new(format!("the group's expenses: {shown}"), move |ctx| {
            let gid = new_group(ctx, &g3).first().copied().ok_or("no group")?;
            let mut got: Vec<(String, f64)> = new_expenses(ctx)
                .into_iter()
                .filter(|e| e.1 == Some(gid))
                .map(|e| (e.3.to_lowercase(), e.4))
                .collect();
            if got.len() != w1.len() {
                return Err(format!("{} expenses", got.len()));
            }
            for (d, c) in &w1 {
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
        Check::new("each expense is paid by the supervisor", move |ctx| {
            let me = ctx.user_id("splitwise").unwrap_or(0);
            match new_expenses(ctx).iter().find(|e| e.2 != me) {
                Some(e) => Err(format!("{} paid by user {}", e.3, e.2)),
                None => Ok(()),
            }
        }),
        Check::new(
            format!("each is split equally among the {members} of them"),
            move |ctx| {
                let gid = new_group(ctx, &g4).first().copied().ok_or("no group")?;
                let members = group_members(ctx, gid);
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
        Check::new("no other expense recorded", move |ctx| {
            let n = new_expenses(ctx).len();
            if n == w2.len() {
                Ok(())
            } else {
                Err(format!("{n} expenses in all"))
            }
        }),
    ];
    parts.allowed = vec![
        allow_added("the new group", "splitwise", "groups", |ctx, r| {
            r.get("user_id").as_i64() == ctx.user_id("splitwise")
        }),
        allow_added("its members", "splitwise", "group_members", |_, _| true),
        allow_added("its expenses", "splitwise", "expenses", |ctx, r| {
            r.get("user_id").as_i64() == ctx.user_id("splitwise")
        }),
        allow_added("their shares", "splitwise", "expense_shares", |_, _| true),
        allow::splitwise_notifications(),
    ];
    parts
}

/// The ids of Splitwise groups named `name` the supervisor created in the episode.
fn new_group(ctx: &EvalCtx, name: &str) -> Vec<i64> {
    let me = ctx.user_id("splitwise");
    added(ctx, "splitwise", "groups")
        .into_iter()
        .filter(|r| r.get("user_id").as_i64() == me)
        .filter(|r| same_text(r.get("name").as_str().unwrap_or(""), name))
        .filter_map(|r| r.get("id").as_i64())
        .collect()
}

/// A Python list of strings.
fn py_list(items: &[String]) -> String {
    format!(
        "[{}]",
        items.iter().map(|s| py(s)).collect::<Vec<_>>().join(", ")
    )
}
