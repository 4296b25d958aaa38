//! "I'm moving out: pay on Venmo what I owe each roommate in our Roommates group, settle up
//! with everyone there, leave the group, and text my friends the new address." The group's
//! history is replaced by this month's bills. Variant 2: the roommate owes the supervisor
//! (settle, no Venmo).

use super::{allow_settling, allow_venmo_payments, texts_only_to};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::added;
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::money::{cents_of, usd};
use crate::kit::people::full;
use crate::kit::people::person;
use crate::kit::phone::phone_id;
use crate::kit::phone::sent_texts;
use crate::kit::python::solution;
use crate::kit::splitwise::clear_group_bills;
use crate::kit::splitwise::payments_added;
use crate::kit::text::holds;
use crate::kit::venmo::payments_sent;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Population, Relation};
use chrono::{Duration, NaiveDateTime};

/// The Venmo payments' note.
const NOTE: &str = "Moving out";

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    mates: Vec<Person>,
    now: NaiveDateTime,
    /// This month's bills in the Roommates group, in cents.
    electricity: i64,
    groceries: i64,
    internet: i64,
    /// The new address.
    addr: &'static str,
    /// Each roommate's balance with the supervisor: (name, e-mail, cents; > 0 the supervisor
    /// owes them).
    bal: Vec<(String, String, i64)>,
    /// The friends to text: (name, phone number).
    friends: Vec<(String, String)>,
}

impl Values {
    /// The roommates the supervisor owes.
    fn owed(&self) -> impl Iterator<Item = &(String, String, i64)> + Clone {
        self.bal.iter().filter(|x| x.2 > 0)
    }

    /// The roommates to settle up with.
    fn to_settle(&self) -> impl Iterator<Item = &(String, String, i64)> + Clone {
        self.bal.iter().filter(|x| x.2 != 0)
    }
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "splitwise", "venmo", "phone"];
    const SCRIPT: &str = include_str!("moving_out.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
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
        let bal = mates
            .iter()
            .enumerate()
            .map(|(k, m)| (full(m), m.email.clone(), (paid(k) - internet) / n))
            .collect();
        let addr = [
            "48 Harbor Lane, Apt 3, Portland, OR 97209",
            "1207 Maple Court, Austin, TX 78704",
            "9 Orchard Street, Unit 12, Denver, CO 80205",
        ][usize::from(v - 1)];
        let friends = pop
            .relations_of(p.id)
            .into_iter()
            .filter(|(r, _)| *r == Relation::Friend)
            .map(|(_, id)| {
                let q = person(pop, id);
                (full(&q), q.phone_number.clone())
            })
            .collect();
        Values {
            variant: v,
            supervisor: p,
            mates,
            now: g.now,
            electricity,
            groceries,
            internet,
            addr,
            bal,
            friends,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let (note, addr) = (NOTE, v.addr);
        match v.variant {
            1 => format!(
                "I'm moving out of the flat. Pay each roommate what I owe them in our Roommates group on Splitwise via Venmo (note \"{note}\"), settle up with them in the group, then leave the group. Also text every contact labelled friend in my phone my new address: {addr}."
            ),
            2 => format!(
                "Moving-out checklist: on Venmo, pay what I owe to each roommate according to our Splitwise Roommates group, with the note \"{note}\" (if a roommate owes me instead, don't pay them, just settle up); settle up with every roommate in the group; exit the group; and text all my phone contacts labelled friend my new address, {addr}."
            ),
            _ => format!(
                "I've moved out. Square up with my roommates (Venmo each what I owe them per our Roommates group on Splitwise, note \"{note}\", then settle up with each in the group), leave that group, and send each contact tagged friend in my phone a text with my new address: {addr}."
            ),
        }
    }

    /// The Venmo balance, and the Roommates group's history replaced by this month's bills.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, ms) = (&v.supervisor, &v.mates);
            s.set_venmo_balance(sup, 2_000.0)?;
            let gid = s.splitwise_group_named(sup, "Roommates")?;
            clear_group_bills(s, gid)?;
            let mut all: Vec<&Person> = vec![sup];
            all.extend(ms.iter());
            let t = |d: i64| v.now - Duration::days(d);
            let bills = [
                (&ms[0], "Electricity - May", v.electricity, 9),
                (sup, "Internet - May", v.internet, 8),
                (&ms[0], "Groceries", v.groceries, 4),
            ];
            for (payer, what, cents, d) in bills {
                s.add_splitwise_expense(Some(gid), payer, &all, what, usd(cents), t(d))?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let login = script.cell("logins", &none);
        let find = script.cell("find", &none);
        let pay = |list: &str| {
            let vals = Vals::new()
                .code("balances", script.cell(list, &none))
                .lit("note", NOTE);
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
        let text = |who: &str| script.cell(who, &Vals::new().code("addr", v.addr));
        let ground_truth = vec![
            login.clone(),
            find.clone(),
            pay(owe),
            settle(true),
            text("text_friends"),
        ];
        let mut wrong = vec![
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
        if v.variant == 2 {
            wrong.push(solution(
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
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![
            v.check(
                format!(
                    "one Venmo payment each: {}",
                    v.owed()
                        .map(|(nm, _, c)| format!("${} to {nm}", c2(*c)))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                paid_each,
            ),
            v.check("no Venmo payment to anyone else", |v, ctx| {
                let ids: Vec<Option<i64>> = v.owed().map(|x| uid(ctx, "venmo", &x.1)).collect();
                match payments_sent(ctx)
                    .iter()
                    .find(|x| !ids.contains(&Some(x.0)))
                {
                    Some(x) => Err(format!("${} to venmo user {}", x.1, x.0)),
                    None => Ok(()),
                }
            }),
            v.check(
                format!(
                    "settled up in Roommates with {}",
                    v.to_settle()
                        .map(|(nm, _, c)| format!("{nm} (${})", c2(c.abs())))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                settled_each,
            ),
            v.check("the supervisor left the Roommates group", |v, ctx| {
                let me = uid(ctx, "splitwise", &v.supervisor.email);
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
            }),
            v.check(
                format!(
                    "a text with the new address to each of the {} friends",
                    v.friends.len()
                ),
                |v, ctx| {
                    let texts = sent_texts(ctx);
                    for (name, phone) in &v.friends {
                        let id = phone_id(ctx.db, phone);
                        let to: Vec<_> = texts.iter().filter(|x| Some(x.0) == id).collect();
                        match to.as_slice() {
                            [one] if holds(&one.1, v.addr) => {}
                            [one] => return Err(format!("texted {name} \"{}\"", one.1)),
                            _ => return Err(format!("{} texts to {name}", to.len())),
                        }
                    }
                    Ok(())
                },
            ),
            v.check("no text to anyone who is not a friend", |v, ctx| {
                let ids: Vec<Option<i64>> =
                    v.friends.iter().map(|x| phone_id(ctx.db, &x.1)).collect();
                texts_only_to(ctx, &ids)
            }),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow::texts_sent();
        allowed.extend(allow_venmo_payments("the supervisor's Venmo payments"));
        allowed.extend(allow_settling());
        allowed.push(Allow::new(
            "the supervisor's membership of Roommates, removed",
            |ctx, r| {
                r.is("splitwise", "group_members")
                    && r.kind() == ChangeKind::Removed
                    && r.before("user_id").as_i64() == ctx.user_id("splitwise")
            },
        ));
        allowed
    }
}

/// One Venmo payment, of what the supervisor owes and noted [`NOTE`], to each roommate owed.
fn paid_each(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    let sent = payments_sent(ctx);
    for (name, email, cents) in v.owed() {
        let id = uid(ctx, "venmo", email);
        let to: Vec<_> = sent.iter().filter(|x| Some(x.0) == id).collect();
        match to.as_slice() {
            [one] if same_amount(one.1, usd(*cents)) && one.2.trim() == NOTE => {}
            [one] => return Err(format!("paid {name} ${} noted \"{}\"", one.1, one.2)),
            _ => return Err(format!("{} payments to {name}", to.len())),
        }
    }
    Ok(())
}

/// One settling payment with each roommate the supervisor has a balance with, and no other.
fn settled_each(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    let me = uid(ctx, "splitwise", &v.supervisor.email).unwrap_or(0);
    let pays = payments_added(ctx);
    for (name, email, cents) in v.to_settle() {
        let them = uid(ctx, "splitwise", email).unwrap_or(0);
        let (a, b) = if *cents > 0 { (me, them) } else { (them, me) };
        let k = pays
            .iter()
            .filter(|x| {
                x.payer == Some(a)
                    && x.receiver == Some(b)
                    && same_amount(x.amount, usd(cents.abs()))
            })
            .count();
        if k != 1 {
            return Err(format!("{k} settling payments with {name}"));
        }
    }
    if pays.len() != v.to_settle().count() {
        return Err(format!("{} payments in all", pays.len()));
    }
    Ok(())
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
