//! "I'm moving out: pay on Venmo what I owe each roommate in our Roommates group, settle up
//! with everyone there, leave the group, and text my friends the new address." The group's
//! history is replaced by this month's bills. Variant 2: the roommate owes the supervisor
//! (settle, no Venmo).

use super::{added_payments, allow_notifications};
use crate::diff::ChangeKind;
use crate::kit::allow;
use crate::kit::changes::{added, allow_added};
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::money::{cents_of, usd};
use crate::kit::people::full;
use crate::kit::people::person;
use crate::kit::phone::phone_id;
use crate::kit::phone::sent_texts;
use crate::kit::python::solution;
use crate::kit::text::holds;
use crate::kit::venmo::payments_sent;
use crate::kit::{Script, Vals};
use crate::model::{Allow, Check};
use crate::scenarios::{Gen, Parts, step};
use apps::people::{Person, Population, Relation};
use chrono::Duration;

pub(super) fn build(g: &mut Gen) -> Parts {
    let v = g.variant;
    let pop = g.population;
    let p = g.supervisor_where(|p| !roommates(pop, p).is_empty());
    let mates = roommates(pop, &p);
    let n = mates.len() as i64 + 1;
    let electricity = cents_of(&mut g.rng, 15_000, 24_000, n);
    let groceries = cents_of(&mut g.rng, 9_000, 14_000, n);
    let internet = if v == 2 {
        let both = electricity + groceries;
        cents_of(&mut g.rng, both + 600, both + 3_000, n)
    } else {
        cents_of(&mut g.rng, 4_000, 7_000, n)
    };
    // What each roommate paid (the first the electricity and the groceries).
    let paid = |k: usize| if k == 0 { electricity + groceries } else { 0 };
    let bal: Vec<(Person, i64)> = mates
        .iter()
        .enumerate()
        .map(|(k, m)| (m.clone(), (paid(k) - internet) / n))
        .collect();
    let addr = [
        "48 Harbor Lane, Apt 3, Portland, OR 97209",
        "1207 Maple Court, Austin, TX 78704",
        "9 Orchard Street, Unit 12, Denver, CO 80205",
    ][usize::from(v - 1)];
    let note = "Moving out";
    let instruction = match v {
        1 => format!(
            "I'm moving out of the flat. Pay each roommate what I owe them in our Roommates group on Splitwise via Venmo (note \"{note}\"), settle up with them in the group, then leave the group. Also text every contact labelled friend in my phone my new address: {addr}."
        ),
        2 => format!(
            "Moving-out checklist: on Venmo, pay what I owe to each roommate according to our Splitwise Roommates group, with the note \"{note}\" (if a roommate owes me instead, don't pay them, just settle up); settle up with every roommate in the group; exit the group; and text all my phone contacts labelled friend my new address, {addr}."
        ),
        _ => format!(
            "I've moved out. Square up with my roommates (Venmo each what I owe them per our Roommates group on Splitwise, note \"{note}\", then settle up with each in the group), leave that group, and send each contact tagged friend in my phone a text with my new address: {addr}."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "splitwise", "venmo", "phone"];
    let (sup, ms) = (p.clone(), mates.clone());
    let now = g.now;
    parts.setup.push(step(move |s| {
        s.set_venmo_balance(&sup, 2_000.0)?;
        let gid = s.splitwise_group_named(&sup, "Roommates")?;
        s.execute(
            "DELETE FROM splitwise.expense_shares WHERE expense_id IN (SELECT id FROM splitwise.expenses WHERE group_id = ?1)",
            [gid],
        )?;
        s.execute("DELETE FROM splitwise.expenses WHERE group_id = ?1", [gid])?;
        s.execute("DELETE FROM splitwise.payments WHERE group_id = ?1", [gid])?;
        let mut all: Vec<&Person> = vec![&sup];
        all.extend(ms.iter());
        let t = |d: i64| now - Duration::days(d);
        s.add_splitwise_expense(Some(gid), &ms[0], &all, "Electricity - May", usd(electricity), t(9))?;
        s.add_splitwise_expense(Some(gid), &sup, &all, "Internet - May", usd(internet), t(8))?;
        s.add_splitwise_expense(Some(gid), &ms[0], &all, "Groceries", usd(groceries), t(4))?;
        Ok(())
    }));
    let script = Script::parse(include_str!("moving_out.py"));
    let none = Vals::new();
    let login = script.cell("logins", &none);
    let find = script.cell("find", &none);
    let pay = |list: &str| {
        let vals = Vals::new()
            .code("balances", script.cell(list, &none))
            .lit("note", note);
        script.cell("pay", &vals)
    };
    let owe = "owed";
    let both = "both_ways";
    let settle = |exit: bool| {
        let names: &[&str] = if exit {
            &["settle", "leave"]
        } else {
            &["settle"]
        };
        script.cells(names, &none).join("\n")
    };
    let text = |who: &str| script.cell(who, &Vals::new().code("addr", addr));
    parts.ground_truth = vec![
        login.clone(),
        find.clone(),
        pay(owe),
        settle(true),
        text("text_friends"),
    ];
    parts.wrong = vec![
        solution(
            "does not leave the group",
            vec![
                login.clone(),
                find.clone(),
                pay(owe),
                settle(false),
                text("text_friends"),
            ],
        ),
        solution(
            "texts every contact, not only friends",
            vec![
                login.clone(),
                find.clone(),
                pay(owe),
                settle(true),
                text("text_everyone"),
            ],
        ),
        solution(
            "pays on Venmo but does not settle up",
            vec![
                login.clone(),
                find.clone(),
                pay(owe),
                script.cell("leave", &none),
                text("text_friends"),
            ],
        ),
    ];
    if v == 2 {
        parts.wrong.push(solution(
            "also pays the roommate who owes the supervisor",
            vec![
                login.clone(),
                find.clone(),
                pay(both),
                settle(true),
                text("text_friends"),
            ],
        ));
    }
    let owed: Vec<(String, String, i64)> = bal
        .iter()
        .filter(|x| x.1 > 0)
        .map(|(q, c)| (full(q), q.email.clone(), *c))
        .collect();
    let w = owed.clone();
    parts.checks.push(Check::new(
        format!(
            "one Venmo payment each: {}",
            owed.iter()
                .map(|(nm, _, c)| format!("${} to {nm}", c2(*c)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        move |ctx| {
            let sent = payments_sent(ctx);
            for (name, email, cents) in &w {
                let id = uid(ctx, "venmo", email);
                let to: Vec<_> = sent.iter().filter(|x| Some(x.0) == id).collect();
                match to.as_slice() {
                    [one] if same_amount(one.1, usd(*cents)) && one.2.trim() == note => {}
                    [one] => return Err(format!("paid {name} ${} noted \"{}\"", one.1, one.2)),
                    _ => return Err(format!("{} payments to {name}", to.len())),
                }
            }
            Ok(())
        },
    ));
    let w = owed.clone();
    parts
        .checks
        .push(Check::new("no Venmo payment to anyone else", move |ctx| {
            let ids: Vec<Option<i64>> = w.iter().map(|x| uid(ctx, "venmo", &x.1)).collect();
            match payments_sent(ctx)
                .iter()
                .find(|x| !ids.contains(&Some(x.0)))
            {
                Some(x) => Err(format!("${} to venmo user {}", x.1, x.0)),
                None => Ok(()),
            }
        }));
    let settle_want: Vec<(String, String, i64)> = bal
        .iter()
        .filter(|x| x.1 != 0)
        .map(|(q, c)| (full(q), q.email.clone(), *c))
        .collect();
    let (w, me_email) = (settle_want.clone(), p.email.clone());
    parts.checks.push(Check::new(
        format!(
            "settled up in Roommates with {}",
            settle_want
                .iter()
                .map(|(nm, _, c)| format!("{nm} (${})", c2(c.abs())))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        move |ctx| {
            let me = uid(ctx, "splitwise", &me_email).unwrap_or(0);
            let pays = added_payments(ctx);
            for (name, email, cents) in &w {
                let them = uid(ctx, "splitwise", email).unwrap_or(0);
                let (a, b) = if *cents > 0 { (me, them) } else { (them, me) };
                let k = pays
                    .iter()
                    .filter(|x| x.1 == a && x.2 == b && same_amount(x.3, usd(cents.abs())))
                    .count();
                if k != 1 {
                    return Err(format!("{k} settling payments with {name}"));
                }
            }
            if pays.len() != w.len() {
                return Err(format!("{} payments in all", pays.len()));
            }
            Ok(())
        },
    ));
    let me_email = p.email.clone();
    parts.checks.push(Check::new(
        "the supervisor left the Roommates group",
        move |ctx| {
            let me = uid(ctx, "splitwise", &me_email);
            let left = added(ctx, "splitwise", "group_members").is_empty()
                && ctx.diff.rows.iter().any(|r| {
                    r.is("splitwise", "group_members")
                        && r.kind() == ChangeKind::Removed
                        && r.before("user_id").as_i64() == me
                });
            if left {
                Ok(())
            } else {
                Err("still a member".into())
            }
        },
    ));
    let friends: Vec<(String, String)> = pop
        .relations_of(p.id)
        .into_iter()
        .filter(|(r, _)| *r == Relation::Friend)
        .map(|(_, id)| {
            let q = person(pop, id);
            (full(&q), q.phone_number.clone())
        })
        .collect();
    let (fw, a1) = (friends.clone(), addr.to_string());
    parts.checks.push(Check::new(
        format!(
            "a text with the new address to each of the {} friends",
            friends.len()
        ),
        move |ctx| {
            let texts = sent_texts(ctx);
            for (name, phone) in &fw {
                let id = phone_id(ctx.db, phone);
                let to: Vec<_> = texts.iter().filter(|x| Some(x.0) == id).collect();
                match to.as_slice() {
                    [one] if holds(&one.1, &a1) => {}
                    [one] => return Err(format!("texted {name} \"{}\"", one.1)),
                    _ => return Err(format!("{} texts to {name}", to.len())),
                }
            }
            Ok(())
        },
    ));
    parts.checks.push(Check::new(
        "no text to anyone who is not a friend",
        move |ctx| {
            let ids: Vec<Option<i64>> = friends.iter().map(|x| phone_id(ctx.db, &x.1)).collect();
            match sent_texts(ctx).iter().find(|x| !ids.contains(&Some(x.0))) {
                Some(x) => Err(format!("a text to phone user {}", x.0)),
                None => Ok(()),
            }
        },
    ));
    parts.allowed = allow::texts_sent();
    parts.allowed.extend([
        allow_added(
            "the supervisor's Venmo payments",
            "venmo",
            "transactions",
            |ctx, r| r.get("sender_id").as_i64() == ctx.user_id("venmo"),
        ),
        Allow::new("Venmo wallet balances", |_, r| {
            r.is("venmo", "users")
                && r.kind() == ChangeKind::Updated
                && r.changed_columns().iter().all(|c| c == "venmo_balance")
        }),
        allow_notifications("venmo"),
        allow_added(
            "the supervisor's settling payments",
            "splitwise",
            "payments",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("splitwise"),
        ),
        allow_notifications("splitwise"),
        Allow::new(
            "the supervisor's membership of Roommates, removed",
            |ctx, r| {
                r.is("splitwise", "group_members")
                    && r.kind() == ChangeKind::Removed
                    && r.before("user_id").as_i64() == ctx.user_id("splitwise")
            },
        ),
    ]);
    parts
}

/// `p`'s roommates (people sharing a `roommates` residence with them), in id order.
fn roommates(pop: &Population, p: &Person) -> Vec<Person> {
    let mut out: Vec<Person> = pop
        .residences
        .iter()
        .filter(|r| r.kind == "roommates" && r.residents.contains(&p.id))
        .flat_map(|r| r.residents.iter().filter(|id| **id != p.id))
        .map(|id| person(pop, *id))
        .collect();
    out.sort_by_key(|q| q.id);
    out.dedup_by_key(|q| q.id);
    out
}
