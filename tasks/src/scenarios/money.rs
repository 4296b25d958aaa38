//! Scenarios over Venmo and Splitwise, crossing with the file system (receipts, card
//! statements), the phone (contacts, relationships, texts) and SimpleNote: settling a trip
//! group and paying on Venmo, recording a dinner from a receipt and a text, answering payment
//! requests, questions over payments and balances, reminders, fixing a mistaken expense,
//! topping up the wallet for a request, a bill from a card statement, and paying the IOUs of a
//! note. Every name ends with " (money)" so that `TASKS_ONLY='(money)'` selects them.

use super::{Gen, Parts, Scenario, mix, step};
use crate::diff::{ChangeKind, RowChange};
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::updates_only;
use crate::kit::changes::{added, allow_added};
use crate::kit::db::uid;
use crate::kit::money::c2;
use crate::kit::money::same_amount;
use crate::kit::money::{cents_of, usd};
use crate::kit::people::full;
use crate::kit::people::{distinct_friends, known, related, strangers};
use crate::kit::python::{DONE, logins};
use crate::kit::python::{py, solution};
use crate::kit::splitwise::{expense_shares, group_named};
use crate::kit::text::same_text;
use crate::kit::time::on;
use crate::kit::venmo::payments_sent;
use crate::model::{Allow, Answer, Check, Split};
use apps::people::{Person, Population, Relation};
use chrono::{Duration, NaiveDateTime};
use serde_json::Value;
use sim::sql::Cached;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "settle a trip group and pay on Venmo (money)",
            split: Split::Train,
            difficulty: 2,
            build: settle_trip,
        },
        Scenario {
            name: "record a dinner from a receipt and a text (money)",
            split: Split::Train,
            difficulty: 3,
            build: dinner_receipt,
        },
        Scenario {
            name: "answer Venmo requests from contacts under a limit (money)",
            split: Split::Train,
            difficulty: 2,
            build: answer_requests,
        },
        Scenario {
            name: "how much went to the spouse on Venmo in a month (money)",
            split: Split::Dev,
            difficulty: 2,
            build: spouse_total,
        },
        Scenario {
            name: "who owes the most for a trip on Splitwise (money)",
            split: Split::TestNormal,
            difficulty: 1,
            build: trip_owes_most,
        },
        Scenario {
            name: "remind unpaid Venmo requests (money)",
            split: Split::Train,
            difficulty: 1,
            build: remind_requests,
        },
        Scenario {
            name: "fix the Splitwise mistake a roommate texted about (money)",
            split: Split::Train,
            difficulty: 2,
            build: fix_expense,
        },
        Scenario {
            name: "top up Venmo to pay a rent request (money)",
            split: Split::TestNormal,
            difficulty: 3,
            build: cover_request,
        },
        Scenario {
            name: "add a bill from the card statement to the Roommates group (money)",
            split: Split::Train,
            difficulty: 2,
            build: statement_bill,
        },
        Scenario {
            name: "pay the IOUs of a note on Venmo (money)",
            split: Split::Dev,
            difficulty: 3,
            build: iou_note,
        },
    ]
}

// ---- people ------------------------------------------------------------------------------

/// `p`'s roommate, if they share a flat.
fn roommate(pop: &Population, p: &Person) -> Option<Person> {
    related(pop, p, Relation::Roommate).into_iter().next()
}

/// `p`'s spouse and the label `p`'s phone gives them (`wife` or `husband`).
fn spouse(pop: &Population, p: &Person) -> Option<(Person, &'static str)> {
    if let Some(w) = related(pop, p, Relation::Wife).into_iter().next() {
        return Some((w, "wife"));
    }
    related(pop, p, Relation::Husband)
        .into_iter()
        .next()
        .map(|h| (h, "husband"))
}

// ---- time and money ----------------------------------------------------------------------

// ---- Python ------------------------------------------------------------------------------

// ---- checks ------------------------------------------------------------------------------

/// "One Venmo payment to each of them for exactly that amount" and "no Venmo payment to
/// anyone else"; `want` is (name, e-mail, cents).
fn venmo_payment_checks(want: &[(String, String, i64)]) -> Vec<Check> {
    let shown = want
        .iter()
        .map(|(n, _, c)| format!("${} to {n}", c2(*c)))
        .collect::<Vec<_>>()
        .join(", ");
    let w1 = want.to_vec();
    let w2 = want.to_vec();
    vec![
        Check::new(format!("one Venmo payment each: {shown}"), move |ctx| {
            let sent = payments_sent(ctx);
            for (name, email, cents) in &w1 {
                let id = uid(ctx, "venmo", email);
                let to: Vec<&(i64, f64, String)> =
                    sent.iter().filter(|s| Some(s.0) == id).collect();
                match to.as_slice() {
                    [one] if same_amount(one.1, usd(*cents)) => {}
                    [one] => return Err(format!("paid {name} ${}", one.1)),
                    _ => return Err(format!("{} payments to {name}", to.len())),
                }
            }
            Ok(())
        }),
        Check::new("no Venmo payment to anyone else", move |ctx| {
            let ids: Vec<Option<i64>> = w2.iter().map(|w| uid(ctx, "venmo", &w.1)).collect();
            match payments_sent(ctx)
                .iter()
                .find(|s| !ids.contains(&Some(s.0)))
            {
                Some(s) => Err(format!("a payment of ${} to venmo user {}", s.1, s.0)),
                None => Ok(()),
            }
        }),
    ]
}

// ---- 1. settle a trip group ----------------------------------------------------------------

/// "We're back from the trip: pay on Venmo everyone I still owe in its Splitwise group, then
/// settle up with them there." The balances come from the group's expenses (pairwise, not
/// simplified). Variant 2: one member owes the supervisor (leave them) and an earlier partial
/// payment lowers one debt; variant 3: last year's group of the same city has debts too.
fn settle_trip(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| related(pop, p, Relation::Friend).len() >= 4);
    let mut friends = related(pop, &p, Relation::Friend);
    g.rng.shuffle(&mut friends);
    let (a, b, c, d) = (
        friends[0].clone(),
        friends[1].clone(),
        friends[2].clone(),
        friends[3].clone(),
    );
    let v = g.variant;
    let city = ["Nashville", "Savannah", "Portland"][usize::from(v - 1)];
    let group = format!("{city} Trip 2023");
    // Five travellers, every expense split five ways (multiples of 5 cents: exact shares).
    let lodging = cents_of(&mut g.rng, 80_000, 120_000, 5);
    let car = cents_of(&mut g.rng, 25_000, 40_000, 5);
    let groceries = cents_of(&mut g.rng, 14_000, 20_000, 5);
    let (tickets, dinner) = if v == 2 {
        (
            cents_of(&mut g.rng, 4_000, 8_000, 5),
            cents_of(&mut g.rng, 10_000, 13_000, 5),
        )
    } else {
        (
            cents_of(&mut g.rng, 12_000, 18_000, 5),
            cents_of(&mut g.rng, 6_000, 10_000, 5),
        )
    };
    let partial = if v == 2 { 5_000 } else { 0 };
    let owe = [
        (a.clone(), lodging / 5 - dinner / 5 - partial),
        (b.clone(), car / 5 - dinner / 5),
        (c.clone(), tickets / 5 - dinner / 5),
        (d.clone(), groceries / 5 - dinner / 5),
    ];
    let creditors: Vec<(String, String, i64)> = owe
        .iter()
        .filter(|(_, x)| *x > 0)
        .map(|(q, x)| (full(q), q.email.clone(), *x))
        .collect();
    let note = format!("{city} trip");
    let instruction = match v {
        1 => format!(
            "We're back from our {city} trip. Check its group on Splitwise, pay each person I still owe exactly what I owe them on Venmo with the note \"{note}\", and then settle up with each of them in that group on Splitwise."
        ),
        2 => format!(
            "Time to square up for the {city} trip. On Venmo, pay everyone I still owe in our Splitwise group for it exactly what I owe them (note: \"{note}\"), then settle up with them in the group. If someone owes me, leave that alone."
        ),
        _ => format!(
            "I still owe people from this year's {city} trip. Pay each of them what I owe them according to the trip's Splitwise group, on Venmo with the note \"{note}\", then settle up with each of them in the group."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "splitwise", "venmo"];
    let now = g.now;
    let (sup, a2, b2, c2_, d2) = (p.clone(), a.clone(), b.clone(), c.clone(), d.clone());
    let group_s = group.clone();
    let old = if v == 3 {
        Some((
            format!("{city} Trip 2022"),
            cents_of(&mut g.rng, 9_000, 15_000, 3),
        ))
    } else {
        None
    };
    let old_s = old.clone();
    parts.setup.push(step(move |s| {
        s.set_venmo_balance(&sup, 3_000.0)?;
        let all = [&sup, &a2, &b2, &c2_, &d2];
        let gid = s.add_splitwise_group(&a2, &all, &group_s, now - Duration::days(52))?;
        s.add_splitwise_expense(
            Some(gid),
            &d2,
            &all,
            "Groceries for the cabin",
            usd(groceries),
            now - Duration::days(31),
        )?;
        let t = |d: i64, h: i64| now - Duration::days(d) + Duration::hours(h);
        s.add_splitwise_expense(
            Some(gid),
            &a2,
            &all,
            "Lodging (5 nights)",
            usd(lodging),
            t(30, 2),
        )?;
        s.add_splitwise_expense(Some(gid), &b2, &all, "Car rental", usd(car), t(30, 5))?;
        s.add_splitwise_expense(
            Some(gid),
            &sup,
            &all,
            "Dinner on the last night",
            usd(dinner),
            t(27, 9),
        )?;
        s.add_splitwise_expense(
            Some(gid),
            &c2_,
            &all,
            "Museum and show tickets",
            usd(tickets),
            t(28, 3),
        )?;
        if partial > 0 {
            s.add_splitwise_payment(
                Some(gid),
                &sup,
                &a2,
                usd(partial),
                "Part of the lodging",
                t(20, 4),
            )?;
        }
        if let Some((name, amount)) = &old_s {
            let trio = [&sup, &c2_, &a2];
            let g2 = s.add_splitwise_group(&c2_, &trio, name, now - Duration::days(400))?;
            s.add_splitwise_expense(Some(g2), &c2_, &trio, "Boat tour", usd(*amount), t(380, 1))?;
        }
        Ok(())
    }));
    let login = logins(&[("sw", "splitwise"), ("vm", "venmo")]);
    let find = |name: &str| {
        format!(
            "group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x[\"name\"] == {})\nmine = apis.splitwise.show_group_balance(access_token=sw, group_id=group[\"group_id\"], email=profile[\"email\"])[0]",
            py(name)
        )
    };
    let pay = |list: &str, note: &str, settle: bool| {
        let settle = if settle {
            "\n    apis.splitwise.settle_up(access_token=sw, email=b[\"email\"], group_id=group[\"group_id\"])"
        } else {
            ""
        };
        format!(
            "for b in {list}:\n    apis.venmo.create_transaction(access_token=vm, receiver_email=b[\"email\"], amount=round(b[\"amount\"], 2), description={}){settle}\n{DONE}",
            py(note)
        )
    };
    let owed = "mine[\"source_owes_to_targets\"][\"breakdown\"]";
    parts.ground_truth = vec![login.clone(), find(&group), pay(owed, &note, true)];
    parts.wrong = vec![
        solution(
            "pays on Venmo but does not settle up on Splitwise",
            vec![login.clone(), find(&group), pay(owed, &note, false)],
        ),
        solution(
            "pays each payer their share of what they paid, ignoring what others owe the supervisor",
            vec![
                login.clone(),
                find(&group),
                format!(
                    "shares = {{}}\nfor e in all_pages(apis.splitwise.show_group_expenses, access_token=sw, group_id=group[\"group_id\"]):\n    if e[\"payer\"][\"email\"] != profile[\"email\"]:\n        shares[e[\"payer\"][\"email\"]] = shares.get(e[\"payer\"][\"email\"], 0) + e[\"paid_amount\"] / len(e[\"shares\"])\n{}",
                    pay(
                        "[{\"email\": k, \"amount\": x} for k, x in shares.items()]",
                        &note,
                        true
                    )
                ),
            ],
        ),
        solution(
            "writes another note on the payments",
            vec![login.clone(), find(&group), pay(owed, "trip", true)],
        ),
    ];
    if v == 2 {
        parts.wrong.push(solution(
            "also pays and settles with the member who owes the supervisor",
            vec![
                login.clone(),
                find(&group),
                pay(
                    &format!("{owed} + mine[\"targets_owe_to_source\"][\"breakdown\"]"),
                    &note,
                    true,
                ),
            ],
        ));
    }
    if let Some((old_name, _)) = &old {
        parts.wrong.push(solution(
            "uses last year's group of the same city",
            vec![login.clone(), find(old_name), pay(owed, &note, true)],
        ));
    }
    parts.checks = venmo_payment_checks(&creditors);
    let note_c = note.clone();
    parts.checks.push(Check::new(
        format!("each Venmo payment has the note \"{note}\""),
        move |ctx| {
            let sent = payments_sent(ctx);
            match sent.iter().find(|s| !same_text(&s.2, &note_c)) {
                Some(s) => Err(format!("a payment noted \"{}\"", s.2)),
                None if sent.is_empty() => Err("no payment".into()),
                None => Ok(()),
            }
        },
    ));
    let paid: Vec<(String, String, i64)> = creditors.clone();
    let group_c = group.clone();
    let shown = paid
        .iter()
        .map(|(n, _, c)| format!("{n} (${})", c2(*c)))
        .collect::<Vec<_>>()
        .join(", ");
    parts.checks.push(Check::new(
        format!("settled up in \"{group}\" with {shown}"),
        move |ctx| {
            let gid = group_named(ctx, &group_c);
            let me = ctx.user_id("splitwise");
            let pays = added(ctx, "splitwise", "payments");
            for (name, email, cents) in &paid {
                let to = uid(ctx, "splitwise", email);
                let n = pays
                    .iter()
                    .filter(|r| {
                        r.get("payer_id").as_i64() == me
                            && r.get("receiver_id").as_i64() == to
                            && r.get("group_id").as_i64() == gid
                            && same_amount(r.get("amount").as_f64().unwrap_or(0.0), usd(*cents))
                    })
                    .count();
                if n != 1 {
                    return Err(format!("{n} settling payments to {name}"));
                }
            }
            Ok(())
        },
    ));
    let paid2 = creditors.clone();
    let group_o = group.clone();
    parts
        .checks
        .push(Check::new("no other Splitwise payment", move |ctx| {
            let ids: Vec<Option<i64>> = paid2.iter().map(|w| uid(ctx, "splitwise", &w.1)).collect();
            let gid = group_named(ctx, &group_o);
            let me = ctx.user_id("splitwise");
            let others = added(ctx, "splitwise", "payments")
                .into_iter()
                .filter(|r| {
                    !ids.contains(&r.get("receiver_id").as_i64())
                        || r.get("payer_id").as_i64() != me
                        || r.get("group_id").as_i64() != gid
                })
                .count();
            if others > 0 {
                Err(format!("{others} other payments"))
            } else {
                Ok(())
            }
        }));
    parts.allowed = allow::venmo_money();
    parts.allowed.push(allow_added(
        "the supervisor's Splitwise payments",
        "splitwise",
        "payments",
        |ctx, r| r.get("user_id").as_i64() == ctx.user_id("splitwise"),
    ));
    parts.allowed.push(allow::splitwise_notifications());
    parts
}

// ---- 2. a dinner from a receipt and a text ---------------------------------------------------

/// A restaurant receipt as its text file reads.
fn dinner_bill(
    rest: &str,
    city: &str,
    date: &str,
    guests: usize,
    sub: i64,
    tax: i64,
    tip: i64,
) -> String {
    format!(
        "{rest}\n{city}\nDate: {date}\nGuests: {guests}\nSubtotal: ${}\nTax: ${}\nTip: ${}\nTotal: ${}\nThank you for dining with us!",
        c2(sub),
        c2(tax),
        c2(tip),
        c2(sub + tax + tip)
    )
}

/// Subtotal, tax and a tip that make a total divisible by `n` cents.
fn bill_parts(g: &mut Gen, n: i64) -> (i64, i64, i64) {
    let sub = cents_of(&mut g.rng, 9_000, 22_000, 1);
    let tax = sub * 8 / 100;
    let mut tip = sub * 18 / 100;
    while (sub + tax + tip) % n != 0 {
        tip += 1;
    }
    (sub, tax, tip)
}

/// "I paid for dinner at R; the receipt is in my file system. Record it on Splitwise split
/// among the people F texted me were there." The agent reads the right receipt (an older one of
/// the same restaurant sits next to it), the total (not the subtotal), the text (an older one
/// names other people) and maps first names to contacts. Variant 2: one guest is saved under a
/// nickname; variant 3: the friends treat the supervisor, who is not among the debtors.
fn dinner_receipt(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| distinct_friends(pop, p).len() >= 3);
    let mut fr = distinct_friends(pop, &p);
    g.rng.shuffle(&mut fr);
    let (f, x, y) = (fr[0].clone(), fr[1].clone(), fr[2].clone());
    let v = g.variant;
    let (rest, query, stem, date, path, old_path, old_date, desc) = match v {
        1 => (
            "Harbor Grill",
            "Harbor Grill",
            "harbor_grill",
            on(2023, 5, 13, 20, 41),
            "~/documents/receipts/harbor_grill_2023_05_13.txt",
            "~/documents/receipts/harbor_grill_2023_04_15.txt",
            on(2023, 4, 15, 21, 2),
            "Dinner at Harbor Grill",
        ),
        2 => (
            "Casa Verde",
            "Casa Verde",
            "casa_verde",
            on(2023, 5, 12, 21, 15),
            "~/downloads/receipt_casa_verde_0512.txt",
            "~/downloads/receipt_casa_verde_0324.txt",
            on(2023, 3, 24, 20, 30),
            "Casa Verde dinner",
        ),
        _ => (
            "The Olive Tree",
            "Olive Tree",
            "olive_tree",
            on(2023, 5, 13, 21, 30),
            "~/documents/receipts/may/olive_tree_receipt.txt",
            "~/documents/receipts/march/olive_tree_receipt.txt",
            on(2023, 3, 11, 20, 10),
            "Birthday dinner at The Olive Tree",
        ),
    };
    let nick = if v == 2 {
        let taken: Vec<String> = known(pop, &p)
            .iter()
            .map(|k| k.first_name.clone())
            .collect();
        ["Jojo", "Bee", "Sunny", "Ace"]
            .into_iter()
            .find(|n| !taken.iter().any(|t| t == n))
            .map(str::to_string)
    } else {
        None
    };
    let x_name = nick.clone().unwrap_or_else(|| x.first_name.clone());
    let guests: Vec<Person> = if v == 2 {
        vec![f.clone(), x.clone()]
    } else {
        vec![f.clone(), x.clone(), y.clone()]
    };
    let mut debtors = guests.clone();
    if v != 3 {
        debtors.insert(0, p.clone());
    }
    let n = debtors.len() as i64;
    let (sub, tax, tip) = bill_parts(g, n);
    let total = sub + tax + tip;
    let (osub, otax, otip) = bill_parts(g, 3);
    let city = p
        .addresses
        .first()
        .map(|a| a.city.clone())
        .unwrap_or_default();
    let d = |t: NaiveDateTime| t.format("%Y-%m-%d").to_string();
    let receipt = dinner_bill(rest, &city, &d(date), guests.len() + 1, sub, tax, tip);
    let old_receipt = dinner_bill(rest, &city, &d(old_date), 3, osub, otax, otip);
    let (text, old_text, old_from) = match v {
        1 => (
            format!(
                "Thanks again for dinner at Harbor Grill last night! It was you, me, {x_name} and {}. Put it on Splitwise and we'll pay you back.",
                y.first_name
            ),
            format!(
                "Harbor Grill yesterday was fun. It was you, me and {}, right? Thanks for organizing!",
                y.first_name
            ),
            x.clone(),
        ),
        2 => (
            format!(
                "Casa Verde was so good last night! It was just you, me and {x_name}. Add it to Splitwise and I'll settle up."
            ),
            format!(
                "Casa Verde was great yesterday. It was you, me, {} and {}. Let's go again soon!",
                x.first_name, f.first_name
            ),
            y.clone(),
        ),
        _ => (
            format!(
                "Happy birthday again! You paid at The Olive Tree, so add it to Splitwise and split it between me, {x_name} and {}. Not you, it's your birthday!",
                y.first_name
            ),
            format!(
                "Thanks for dinner at The Olive Tree! It was you, me and {}, so fun.",
                f.first_name
            ),
            y.clone(),
        ),
    };
    let instruction = match v {
        1 => format!(
            "I paid for our dinner at Harbor Grill last Saturday; the receipt is in my file system. Record it on Splitwise, outside any group, as paid by me and split equally among everyone who was there, me included ({} texted me who came). Call it \"{desc}\".",
            f.first_name
        ),
        2 => format!(
            "I covered dinner at Casa Verde last Friday and the receipt is in my file system. Add it to Splitwise (not in a group) as paid by me, split equally among me and the others who were there; {} texted me who came. Describe it as \"{desc}\".",
            f.first_name
        ),
        _ => format!(
            "My friends treated me to a birthday dinner at The Olive Tree last Saturday, but I paid the bill; the receipt is in my file system. Record it on Splitwise outside any group, paid by me and split equally among the friends {} texted me are paying (not me). Call it \"{desc}\".",
            f.first_name
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "phone", "splitwise"];
    let (sup, f2, x2) = (p.clone(), f.clone(), x.clone());
    let (path_s, old_s) = (path.to_string(), old_path.to_string());
    let nick_s = nick.clone();
    parts.setup.push(step(move |s| {
        s.add_file(&sup, &path_s, &receipt, date + Duration::hours(1))?;
        s.add_file(&sup, &old_s, &old_receipt, old_date + Duration::hours(1))?;
        s.add_text(&old_from, &sup, &old_text, old_date + Duration::hours(14))?;
        s.add_text(
            &f2,
            &sup,
            &text,
            date + Duration::hours(13) + Duration::minutes(12),
        )?;
        if let Some(nick) = &nick_s {
            s.relabel_contact(&sup, &x2, nick, &["friend"])?;
        }
        Ok(())
    }));
    let login = logins(&[("fs", "file_system"), ("ph", "phone"), ("sw", "splitwise")]);
    let find_receipt = |day: &str, field: &str| {
        format!(
            "paths = apis.file_system.show_directory(access_token=fs, directory_path=\"~/\", substring={}, entry_type=\"files\")\nreceipt = next(c for c in (apis.file_system.show_file(access_token=fs, file_path=q)[\"content\"] for q in paths) if \"Date: {day}\" in c)\ntotal = float(re.search(r\"\\n{field}: \\$([0-9.]+)\", receipt).group(1))",
            py(stem)
        )
    };
    let names_re = if v == 3 {
        r"between me, ([^.?!]+)"
    } else {
        r"you, me(?:,| and) ([^.?!]+)"
    };
    let read_text = format!(
        "texts = all_pages(apis.phone.search_text_messages, access_token=ph, query={})\ntext = max((t for t in texts if re.search(r\"{names_re}\", t[\"message\"])), key=lambda t: t[\"sent_at\"])\nnames = re.split(r\", | and \", re.search(r\"{names_re}\", text[\"message\"]).group(1).strip())\ncontacts = all_pages(apis.phone.search_contacts, access_token=ph)\nfriend = next(c for c in contacts if c[\"phone_number\"] == text[\"sender\"][\"phone_number\"])\nemails = [friend[\"email\"]] + [next(c[\"email\"] for c in contacts if c[\"first_name\"] == n) for n in names]",
        py(query)
    );
    let record = |debtors: &str| {
        format!(
            "apis.splitwise.record_expense(access_token=sw, description={}, paid_amount=total, payer_email=profile[\"email\"], debtor_emails={debtors})\n{DONE}",
            py(desc)
        )
    };
    let (right, wrong_who, wrong_name) = if v == 3 {
        (
            "emails",
            "[profile[\"email\"]] + emails",
            "includes the supervisor in the split",
        )
    } else {
        (
            "[profile[\"email\"]] + emails",
            "emails",
            "leaves the supervisor out of the split",
        )
    };
    let day = d(date);
    let old_day = d(old_date);
    parts.ground_truth = vec![
        login.clone(),
        find_receipt(&day, "Total"),
        read_text.clone(),
        record(right),
    ];
    parts.wrong = vec![
        solution(
            "records the subtotal instead of the total",
            vec![
                login.clone(),
                find_receipt(&day, "Subtotal"),
                read_text.clone(),
                record(right),
            ],
        ),
        solution(
            wrong_name,
            vec![
                login.clone(),
                find_receipt(&day, "Total"),
                read_text.clone(),
                record(wrong_who),
            ],
        ),
        solution(
            "records the older receipt of the same restaurant",
            vec![
                login.clone(),
                find_receipt(&old_day, "Total"),
                read_text.clone(),
                record(right),
            ],
        ),
        solution(
            "splits only with the friend who texted",
            vec![
                login.clone(),
                find_receipt(&day, "Total"),
                read_text.clone(),
                record(if v == 3 {
                    "emails[:1]"
                } else {
                    "[profile[\"email\"]] + emails[:1]"
                }),
            ],
        ),
    ];
    let share = total / n;
    let emails: Vec<String> = debtors.iter().map(|d| d.email.clone()).collect();
    let names: Vec<String> = debtors.iter().map(full).collect();
    let mine = |ctx: &EvalCtx| -> Vec<RowChange> {
        let me = ctx.user_id("splitwise");
        added(ctx, "splitwise", "expenses")
            .into_iter()
            .filter(|r| r.get("user_id").as_i64() == me)
            .cloned()
            .collect()
    };
    let one = move |ctx: &EvalCtx| -> Result<RowChange, String> {
        match mine(ctx).as_slice() {
            [one] => Ok(one.clone()),
            other => Err(format!("{} expenses recorded", other.len())),
        }
    };
    let desc_s = desc.to_string();
    parts.checks = vec![
        Check::new("exactly one new Splitwise expense", move |ctx| {
            one(ctx).map(|_| ())
        }),
        Check::new(
            format!(
                "it is the receipt's total, ${}, paid by the supervisor, outside any group",
                c2(total)
            ),
            move |ctx| {
                let e = one(ctx)?;
                if !same_amount(e.get("amount").as_f64().unwrap_or(0.0), usd(total)) {
                    return Err(format!("amount {}", e.get("amount")));
                }
                if e.get("payer_id").as_i64() != ctx.user_id("splitwise") {
                    return Err("paid by someone else".into());
                }
                if !e.get("group_id").is_null() {
                    return Err(format!("in group {}", e.get("group_id")));
                }
                Ok(())
            },
        ),
        Check::new(format!("split among exactly {}", names.join(", ")), {
            let emails = emails.clone();
            move |ctx| {
                let e = one(ctx)?;
                let mut want: Vec<i64> = emails
                    .iter()
                    .filter_map(|m| uid(ctx, "splitwise", m))
                    .collect();
                let mut got: Vec<i64> = expense_shares(ctx, e.id).iter().map(|s| s.0).collect();
                want.sort_unstable();
                got.sort_unstable();
                if want == got {
                    Ok(())
                } else {
                    Err(format!("debtors {got:?}, expected {want:?}"))
                }
            }
        }),
        Check::new(format!("equal shares of ${} each", c2(share)), move |ctx| {
            let e = one(ctx)?;
            match expense_shares(ctx, e.id)
                .iter()
                .find(|s| !same_amount(s.1, usd(share)))
            {
                Some(s) => Err(format!("a share of ${}", s.1)),
                None => Ok(()),
            }
        }),
        Check::new(format!("described as \"{desc}\""), move |ctx| {
            let e = one(ctx)?;
            let got = e.get("description").as_str().unwrap_or("").to_string();
            if same_text(&got, &desc_s) {
                Ok(())
            } else {
                Err(format!("described as \"{got}\""))
            }
        }),
    ];
    parts.allowed = vec![
        allow_added(
            "the supervisor's Splitwise expenses",
            "splitwise",
            "expenses",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("splitwise"),
        ),
        allow_added("their shares", "splitwise", "expense_shares", |_, _| true),
        allow::splitwise_notifications(),
    ];
    parts
}

// ---- 3. answer payment requests ------------------------------------------------------------

/// A payment request a task starts from: who asks, cents, what for, days ago.
#[derive(Clone)]
struct Ask {
    from: Person,
    cents: i64,
    what: &'static str,
    days: i64,
}

/// The status of the request `from` sent the supervisor for `cents` (pending, approved,
/// denied, or missing).
fn received_status(ctx: &EvalCtx, from: &str, cents: i64) -> String {
    let (Some(me), Some(them)) = (ctx.user_id("venmo"), uid(ctx, "venmo", from)) else {
        return "missing".into();
    };
    ctx.db
        .query_row_cached(
            "SELECT CASE WHEN approved_at IS NOT NULL THEN 'approved' WHEN denied_at IS NOT NULL THEN 'denied' ELSE 'pending' END \
             FROM venmo.payment_requests WHERE receiver_id = ?1 AND sender_id = ?2 AND abs(amount - ?3) < 0.005 ORDER BY id DESC LIMIT 1",
            rusqlite::params![me, them, usd(cents)],
            |r| r.get(0),
        )
        .unwrap_or_else(|_| "missing".into())
}

/// A check that each of `asks` ends with `status`.
fn status_check(label: &str, status: &'static str, asks: Vec<Ask>) -> Check {
    let shown = asks
        .iter()
        .map(|a| format!("{} (${})", full(&a.from), c2(a.cents)))
        .collect::<Vec<_>>()
        .join(", ");
    Check::new(format!("{label}: {shown}"), move |ctx| {
        for a in &asks {
            let got = received_status(ctx, &a.from.email, a.cents);
            if got != status {
                return Err(format!(
                    "{}'s request of ${} is {got}",
                    full(&a.from),
                    c2(a.cents)
                ));
            }
        }
        Ok(())
    })
}

/// "Pay the Venmo requests from people in my contacts up to $L, decline those from people I do
/// not know, leave the rest." Six pending requests (more than a page), a stranger sharing a
/// friend's first name, an old approved request. Variant 2 lowers the limit; variant 3
/// declines the contacts' requests over the limit too.
fn answer_requests(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        related(pop, p, Relation::Friend).len() >= 3 && known(pop, p).len() >= 6
    });
    let mut friends = related(pop, &p, Relation::Friend);
    g.rng.shuffle(&mut friends);
    let (a, b, c) = (friends[0].clone(), friends[1].clone(), friends[2].clone());
    let mut rest: Vec<Person> = known(pop, &p)
        .into_iter()
        .filter(|k| ![a.id, b.id, c.id].contains(&k.id))
        .collect();
    g.rng.shuffle(&mut rest);
    let (d, e, f) = (rest[0].clone(), rest[1].clone(), rest[2].clone());
    let mut out = strangers(pop, &p);
    g.rng.shuffle(&mut out);
    let first_names: Vec<String> = known(pop, &p)
        .iter()
        .map(|k| k.first_name.clone())
        .collect();
    let s1 = out
        .iter()
        .find(|s| first_names.contains(&s.first_name))
        .unwrap_or(&out[0])
        .clone();
    let others: Vec<Person> = out.iter().filter(|s| s.id != s1.id).cloned().collect();
    let (s2, s3) = (others[0].clone(), others[1].clone());
    let v = g.variant;
    let limit: i64 = if v == 2 { 3_000 } else { 4_000 };
    let ask = |from: &Person, cents: i64, what: &'static str, days: i64| Ask {
        from: from.clone(),
        cents,
        what,
        days,
    };
    let asks = vec![
        ask(&a, 1_850, "Pizza night", 2),
        ask(&b, 3_200, "Concert ticket", 4),
        ask(&s1, 4_500, "Rent", 5),
        ask(&c, 6_400, "Cabin weekend", 6),
        ask(&e, 975, "Coffee", 7),
        ask(&d, 2_500, "Groceries", 8),
        ask(&s3, 2_200, "Tickets", 10),
        ask(&f, 12_000, "Flight share", 11),
        ask(&s2, 1_299, "Refund", 12),
    ];
    let contact_ids = [a.id, b.id, c.id, d.id, e.id, f.id];
    let (mut pay, mut deny, mut keep) = (Vec::new(), Vec::new(), Vec::new());
    for x in &asks {
        if !contact_ids.contains(&x.from.id) {
            deny.push(x.clone());
        } else if x.cents <= limit {
            pay.push(x.clone());
        } else if v == 3 {
            deny.push(x.clone());
        } else {
            keep.push(x.clone());
        }
    }
    let lim = limit / 100;
    let instruction = match v {
        1 => format!(
            "Go through the payment requests waiting for me on Venmo. Pay the ones from people in my phone contacts that are ${lim} or less, and decline every request from someone who isn't in my contacts. Leave the others for me."
        ),
        2 => format!(
            "Handle my pending Venmo requests: approve those from my phone contacts up to ${lim}, decline the ones from anyone not in my contacts, and don't touch the rest."
        ),
        _ => format!(
            "Clean up my pending Venmo requests: pay the ones from people in my phone contacts that are ${lim} or less and decline all the others."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "venmo"];
    let now = g.now;
    let (sup, asks_s, a_old) = (p.clone(), asks.clone(), a.clone());
    parts.setup.push(step(move |s| {
        s.remove_pending_venmo_requests(&sup, false)?;
        s.set_venmo_balance(&sup, 800.0)?;
        let old = s.add_venmo_request(&a_old, &sup, 27.0, "Brunch", now - Duration::days(40))?;
        s.close_venmo_request(old, true, now - Duration::days(39))?;
        for x in &asks_s {
            s.add_venmo_request(
                &x.from,
                &sup,
                usd(x.cents),
                x.what,
                now - Duration::days(x.days) - Duration::hours(x.days % 5),
            )?;
        }
        Ok(())
    }));
    let login = logins(&[("ph", "phone"), ("vm", "venmo")]);
    let over = if v == 3 {
        "\n    else:\n        apis.venmo.deny_payment_request(access_token=vm, payment_request_id=r[\"payment_request_id\"])"
    } else {
        ""
    };
    let run = |list: &str, contacts_only: bool, deny_strangers: bool, over: &str| {
        let known = if contacts_only {
            "r[\"sender\"][\"email\"] in known"
        } else {
            "True"
        };
        let strangers = if deny_strangers {
            "apis.venmo.deny_payment_request(access_token=vm, payment_request_id=r[\"payment_request_id\"])"
        } else {
            "pass"
        };
        format!(
            "known = {{c[\"email\"] for c in all_pages(apis.phone.search_contacts, access_token=ph)}}\nfor r in {list}:\n    if not ({known}):\n        {strangers}\n    elif r[\"amount\"] <= {lim}:\n        apis.venmo.approve_payment_request(access_token=vm, payment_request_id=r[\"payment_request_id\"]){over}\n{DONE}"
        )
    };
    let all =
        "all_pages(apis.venmo.show_received_payment_requests, access_token=vm, status=\"pending\")";
    parts.ground_truth = vec![login.clone(), run(all, true, true, over)];
    let flip = if v == 3 {
        ("leaves the contacts' requests over the limit pending", "")
    } else {
        (
            "also declines the contacts' requests over the limit",
            "\n    else:\n        apis.venmo.deny_payment_request(access_token=vm, payment_request_id=r[\"payment_request_id\"])",
        )
    };
    parts.wrong = vec![
        solution(
            "reads only the first page of requests",
            vec![
                login.clone(),
                run(
                    "apis.venmo.show_received_payment_requests(access_token=vm, status=\"pending\")",
                    true,
                    true,
                    over,
                ),
            ],
        ),
        solution(
            "pays every request up to the limit, contacts or not",
            vec![login.clone(), run(all, false, true, over)],
        ),
        solution(
            "declines nothing from strangers",
            vec![login.clone(), run(all, true, false, over)],
        ),
        solution(flip.0, vec![login.clone(), run(all, true, true, flip.1)]),
    ];
    let paid: Vec<(String, String, i64)> = pay
        .iter()
        .map(|x| (full(&x.from), x.from.email.clone(), x.cents))
        .collect();
    parts.checks = vec![
        status_check("approved", "approved", pay.clone()),
        status_check("declined", "denied", deny.clone()),
    ];
    if !keep.is_empty() {
        parts
            .checks
            .push(status_check("left pending", "pending", keep.clone()));
    }
    parts.checks.extend(venmo_payment_checks(&paid));
    parts.allowed = allow::venmo_money();
    parts.allowed.push(Allow::new(
        "the supervisor's answers to requests they received",
        |ctx, r| {
            r.is("venmo", "payment_requests")
                && r.get("receiver_id").as_i64() == ctx.user_id("venmo")
                && updates_only(r, &["approved_at", "denied_at", "updated_at"])
        },
    ));
    parts
}

// ---- 4. a month of payments with the spouse (question) --------------------------------------

/// "How much did I send my wife on Venmo in March?" The spouse is found through the phone's
/// relationship label; more than a page of payments, money going the other way, payments just
/// outside the month and a payment to someone else about the spouse around it. Variant 2 asks
/// about April; variant 3 about what the spouse sent.
fn spouse_total(g: &mut Gen) -> Parts {
    let pop = g.population;
    // Variant 2 asks a husband about his wife, the others a wife about her husband.
    let wife = g.variant == 2;
    let p = g.supervisor_where(|p| {
        spouse(pop, p).is_some_and(|(_, l)| (l == "wife") == wife)
            && !related(pop, p, Relation::Friend).is_empty()
    });
    let (q, label) = spouse(pop, &p).unwrap_or_else(|| (p.clone(), "wife"));
    let other = related(pop, &p, Relation::Friend)[0].clone();
    let v = g.variant;
    let (month, sent) = match v {
        1 => (3u32, true),
        2 => (4, true),
        _ => (3, false),
    };
    let last = if month == 4 { 30 } else { 31 };
    const WHAT: &[&str] = &[
        "Groceries",
        "Dinner",
        "Utilities",
        "Pharmacy",
        "Date night",
        "Home supplies",
        "Dog food",
        "Gas",
    ];
    // (from supervisor?, cents, description, time)
    let mut rows: Vec<(bool, i64, String, NaiveDateTime)> = Vec::new();
    let mut answer = 0;
    for (i, (day, h)) in [
        (1, 7),
        (4, 18),
        (9, 12),
        (15, 20),
        (19, 9),
        (24, 13),
        (last, 22),
    ]
    .into_iter()
    .enumerate()
    {
        let cents = cents_of(&mut g.rng, 1_500, 12_000, 1);
        answer += cents;
        rows.push((
            sent,
            cents,
            WHAT[i % WHAT.len()].to_string(),
            on(2023, month, day, h, 40),
        ));
    }
    for (i, day) in [6, 17, 28].into_iter().enumerate() {
        let cents = cents_of(&mut g.rng, 1_500, 9_000, 1);
        rows.push((
            !sent,
            cents,
            WHAT[(i + 3) % WHAT.len()].to_string(),
            on(2023, month, day, 19, 5),
        ));
    }
    let prev_last = if month == 4 { 31 } else { 28 };
    rows.push((
        sent,
        cents_of(&mut g.rng, 2_000, 9_000, 1),
        "Groceries".into(),
        on(2023, month - 1, prev_last, 21, 30),
    ));
    rows.push((
        sent,
        cents_of(&mut g.rng, 2_000, 9_000, 1),
        "Utilities".into(),
        on(2023, month + 1, 1, 8, 15),
    ));
    let gift = (
        cents_of(&mut g.rng, 3_000, 8_000, 1),
        format!("Flowers for {}", q.first_name),
    );
    let instruction = match v {
        1 => format!(
            "How much money did I send my {label} on Venmo in March? Just give me the total."
        ),
        2 => format!("What's the total I paid my {label} through Venmo in April?"),
        _ => format!("How much did my {label} send me on Venmo in March, in total?"),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "venmo"];
    parts.answer = Some(Answer::Number(usd(answer)));
    let (sup, q2, o2) = (p.clone(), q.clone(), other.clone());
    let gift_s = gift.clone();
    parts.setup.push(step(move |s| {
        s.remove_venmo_transactions_between(
            &sup,
            &q2,
            on(2023, 2, 15, 0, 0),
            on(2023, 5, 17, 23, 59),
        )?;
        for (mine, cents, what, t) in &rows {
            let (from, to) = if *mine { (&sup, &q2) } else { (&q2, &sup) };
            s.add_venmo_payment(from, to, usd(*cents), what, *t)?;
        }
        s.add_venmo_payment(
            &sup,
            &o2,
            usd(gift_s.0),
            &gift_s.1,
            on(2023, month, 12, 10, 0),
        )?;
        Ok(())
    }));
    let login = logins(&[("ph", "phone"), ("vm", "venmo")]);
    let who = format!(
        "spouse = all_pages(apis.phone.search_contacts, access_token=ph, relationship={})[0]",
        py(label)
    );
    let sum = |min: &str, max: &str, direction: &str, pages: bool| {
        let call = if pages {
            "all_pages(apis.venmo.show_transactions, "
        } else {
            "apis.venmo.show_transactions("
        };
        let dir = if direction.is_empty() {
            String::new()
        } else {
            format!(", direction=\"{direction}\"")
        };
        format!(
            "txns = {call}access_token=vm, user_email=spouse[\"email\"], min_created_at=\"{min}\", max_created_at=\"{max}\"{dir})\napis.supervisor.complete_task(answer=round(sum(t[\"amount\"] for t in txns), 2))"
        )
    };
    let (min, max) = (
        format!("2023-{month:02}-01"),
        format!("2023-{month:02}-{last}"),
    );
    let (dir, other_dir) = if sent {
        ("sent", "received")
    } else {
        ("received", "sent")
    };
    parts.ground_truth = vec![login.clone(), who.clone(), sum(&min, &max, dir, true)];
    parts.wrong = vec![
        solution(
            "counts the money that went both ways",
            vec![login.clone(), who.clone(), sum(&min, &max, "", true)],
        ),
        solution(
            "reads only the first page of payments",
            vec![login.clone(), who.clone(), sum(&min, &max, dir, false)],
        ),
        solution(
            "counts the whole year so far",
            vec![
                login.clone(),
                who.clone(),
                sum("2023-01-01", "2023-12-31", dir, true),
            ],
        ),
        solution(
            "counts the other direction",
            vec![login.clone(), who.clone(), sum(&min, &max, other_dir, true)],
        ),
    ];
    parts
}

// ---- 5. who owes the most for a trip (question) ---------------------------------------------

/// "Who still owes me the most for the X trip on Splitwise?" The trip's group (last year's
/// group of the same city and a large debt outside groups around it) gives the balances.
/// Variant 2 asks how much the others owe in total (the supervisor owes one of them too);
/// variant 3 has a partial payment back that changes who owes the most.
fn trip_owes_most(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| related(pop, p, Relation::Friend).len() >= 4);
    let mut fr = related(pop, &p, Relation::Friend);
    g.rng.shuffle(&mut fr);
    let (a, b, c, d) = (fr[0].clone(), fr[1].clone(), fr[2].clone(), fr[3].clone());
    let v = g.variant;
    let city = ["Tulum", "Quebec", "Tahoe"][usize::from(v - 1)];
    let group = format!("{city} Trip 2023");
    let lodging = cents_of(&mut g.rng, 60_000, 80_000, 5);
    let paid_a = cents_of(&mut g.rng, 20_000, 26_000, 5);
    let paid_b = cents_of(&mut g.rng, 8_000, 14_000, 5);
    let paid_c = if v == 2 {
        cents_of(&mut g.rng, 90_000, 110_000, 5)
    } else {
        cents_of(&mut g.rng, 2_000, 6_000, 5)
    };
    // d paid nothing; in variant 3 they paid most of it back.
    let back = if v == 3 { lodging / 5 - 2_000 } else { 0 };
    let owes = [
        (a.clone(), lodging / 5 - paid_a / 5),
        (b.clone(), lodging / 5 - paid_b / 5),
        (c.clone(), lodging / 5 - paid_c / 5),
        (d.clone(), lodging / 5 - back),
    ];
    let top = owes
        .iter()
        .max_by_key(|(_, x)| *x)
        .map(|(q, _)| full(q))
        .unwrap_or_default();
    let owed_total: i64 = owes.iter().map(|(_, x)| *x).filter(|x| *x > 0).sum();
    let instruction = match v {
        1 => format!(
            "Who still owes me the most for the {city} trip on Splitwise? Tell me their full name."
        ),
        2 => format!(
            "How much do my friends still owe me in total for the {city} trip, according to Splitwise?"
        ),
        _ => format!(
            "Which of my friends owes me the most on Splitwise for the {city} trip? Answer with their full name."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "splitwise"];
    parts.answer = Some(if v == 2 {
        Answer::Number(usd(owed_total))
    } else {
        Answer::Text(top)
    });
    let now = g.now;
    let (sup, a2, b2, c2_, d2) = (p.clone(), a.clone(), b.clone(), c.clone(), d.clone());
    let (group_s, old_name) = (group.clone(), format!("{city} Trip 2022"));
    parts.setup.push(step(move |s| {
        let all = [&sup, &a2, &b2, &c2_, &d2];
        let gid = s.add_splitwise_group(&sup, &all, &group_s, now - Duration::days(70))?;
        let t = |days: i64| now - Duration::days(days) + Duration::hours(3);
        s.add_splitwise_expense(
            Some(gid),
            &sup,
            &all,
            "Lodging (5 nights)",
            usd(lodging),
            t(40),
        )?;
        s.add_splitwise_expense(Some(gid), &a2, &all, "Dinners", usd(paid_a), t(38))?;
        s.add_splitwise_expense(
            Some(gid),
            &b2,
            &all,
            "Groceries for the house",
            usd(paid_b),
            t(39),
        )?;
        s.add_splitwise_expense(
            Some(gid),
            &c2_,
            &all,
            if paid_c > 50_000 {
                "Car rental and gas"
            } else {
                "Snacks"
            },
            usd(paid_c),
            t(37),
        )?;
        if back > 0 {
            s.add_splitwise_payment(Some(gid), &d2, &sup, usd(back), "Most of my share", t(20))?;
        }
        // Around it: last year's trip and a big debt outside groups.
        let trio = [&sup, &a2, &b2];
        let old = s.add_splitwise_group(&sup, &trio, &old_name, now - Duration::days(420))?;
        s.add_splitwise_expense(
            Some(old),
            &sup,
            &trio,
            "Lodging (3 nights)",
            1_350.0,
            t(400),
        )?;
        s.add_splitwise_expense(None, &sup, &[&sup, &b2], "Concert tickets", 640.0, t(12))?;
        Ok(())
    }));
    let login = logins(&[("sw", "splitwise")]);
    let find = |name: &str| {
        format!(
            "group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x[\"name\"] == {})\nmine = apis.splitwise.show_group_balance(access_token=sw, group_id=group[\"group_id\"], email=profile[\"email\"])[0]",
            py(name)
        )
    };
    let old_group = format!("{city} Trip 2022");
    if v == 2 {
        let total = "apis.supervisor.complete_task(answer=round(mine[\"targets_owe_to_source\"][\"total\"], 2))";
        parts.ground_truth = vec![login.clone(), find(&group), total.to_string()];
        parts.wrong = vec![
            solution(
                "nets what the supervisor owes against what they are owed",
                vec![
                    login.clone(),
                    find(&group),
                    "apis.supervisor.complete_task(answer=round(mine[\"targets_owe_to_source\"][\"total\"] - mine[\"source_owes_to_targets\"][\"total\"], 2))".into(),
                ],
            ),
            solution(
                "counts what everyone owes over all groups",
                vec![
                    login.clone(),
                    "apis.supervisor.complete_task(answer=round(apis.splitwise.show_people_balance(access_token=sw)[\"others_owe_you\"], 2))".into(),
                ],
            ),
            solution(
                "uses last year's group",
                vec![login.clone(), find(&old_group), total.to_string()],
            ),
        ];
    } else {
        let best = "top = max(mine[\"targets_owe_to_source\"][\"breakdown\"], key=lambda b: b[\"amount\"])\napis.supervisor.complete_task(answer=top[\"name\"])";
        parts.ground_truth = vec![login.clone(), find(&group), best.to_string()];
        parts.wrong = vec![
            solution(
                "takes whoever owes the most over all groups",
                vec![
                    login.clone(),
                    "top = max((b for b in apis.splitwise.show_people_balance(access_token=sw)[\"breakdown\"] if b[\"direction\"] == \"they_owe_you\"), key=lambda b: b[\"amount\"])\napis.supervisor.complete_task(answer=top[\"name\"])".into(),
                ],
            ),
            solution(
                "uses last year's group",
                vec![login.clone(), find(&old_group), best.to_string()],
            ),
        ];
        if v == 3 {
            parts.wrong.push(solution(
                "adds up the expenses and ignores the payment back",
                vec![
                    login.clone(),
                    find(&group),
                    "owed = {}\nfor e in all_pages(apis.splitwise.show_group_expenses, access_token=sw, group_id=group[\"group_id\"]):\n    for s in e[\"shares\"]:\n        if s[\"debtor\"][\"email\"] != e[\"payer\"][\"email\"]:\n            if e[\"payer\"][\"email\"] == profile[\"email\"]:\n                owed[s[\"debtor\"][\"name\"]] = owed.get(s[\"debtor\"][\"name\"], 0) + s[\"debt_amount\"]\n            elif s[\"debtor\"][\"email\"] == profile[\"email\"]:\n                owed[e[\"payer\"][\"name\"]] = owed.get(e[\"payer\"][\"name\"], 0) - s[\"debt_amount\"]\napis.supervisor.complete_task(answer=max(owed, key=owed.get))".into(),
                ],
            ));
        } else {
            parts.wrong.push(solution(
                "answers with the first name only",
                vec![
                    login.clone(),
                    find(&group),
                    best.replace("answer=top[\"name\"]", "answer=top[\"name\"].split()[0]"),
                ],
            ));
        }
    }
    parts
}

// ---- 6. remind old requests ------------------------------------------------------------------

/// A payment request the supervisor sent: to whom, cents, what for, days ago, and its state
/// (`None` pending, `Some(true)` approved, `Some(false)` denied).
#[derive(Clone)]
struct Sent {
    to: Person,
    cents: i64,
    what: &'static str,
    days: i64,
    closed: Option<bool>,
}

/// The id of the request the supervisor sent `to` for `cents`.
fn sent_request(ctx: &EvalCtx, to: &str, cents: i64) -> Option<i64> {
    let (me, them) = (ctx.user_id("venmo")?, uid(ctx, "venmo", to)?);
    ctx.db
        .query_row_cached(
            "SELECT id FROM venmo.payment_requests WHERE sender_id = ?1 AND receiver_id = ?2 AND abs(amount - ?3) < 0.005 ORDER BY id DESC LIMIT 1",
            rusqlite::params![me, them, usd(cents)],
            |r| r.get(0),
        )
        .ok()
}

/// The request ids of the reminders sent in the episode.
fn reminded(ctx: &EvalCtx) -> Vec<i64> {
    added(ctx, "venmo", "notifications")
        .into_iter()
        .filter(|r| r.get("type").as_str() == Some("payment_request_reminded"))
        .filter_map(|r| {
            r.get("data")
                .as_str()
                .and_then(|d| serde_json::from_str::<Value>(d).ok())
                .and_then(|d| d.get("payment_request_id").and_then(Value::as_i64))
        })
        .collect()
}

/// "Remind everyone with a Venmo request of mine unpaid for more than two weeks." Eight sent
/// requests (more than a page, newest first), approved and declined ones among the old ones.
/// Variant 2 uses three weeks; variant 3 withdraws the ones older than two months instead.
fn remind_requests(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| known(pop, p).len() >= 6);
    let mut k = known(pop, &p);
    g.rng.shuffle(&mut k);
    let v = g.variant;
    let r = |to: &Person, cents: i64, what: &'static str, days: i64, closed: Option<bool>| Sent {
        to: to.clone(),
        cents,
        what,
        days,
        closed,
    };
    let list = vec![
        r(&k[0], 2_450, "Pizza night", 3, None),
        r(&k[1], 1_800, "Movie tickets", 9, None),
        r(&k[2], 3_675, "Groceries", 15, None),
        r(&k[5], 2_000, "Gas money", 18, None),
        r(&k[3], 6_000, "Concert tickets", 22, None),
        r(&k[4], 1_525, "Brunch", 25, Some(true)),
        r(&k[5], 4_200, "Cabin weekend", 30, Some(false)),
        r(&k[4], 3_150, "Birthday gift", 33, None),
        r(&k[1], 8_800, "Ski trip", 40, None),
        r(&k[2], 5_400, "Dinner at Casa Verde", 50, None),
        r(&k[0], 12_000, "Hotel for the wedding", 75, None),
        r(&k[3], 2_500, "Parking", 90, Some(false)),
    ];
    let (min_days, drop_days) = match v {
        1 => (14, None),
        2 => (21, None),
        _ => (14, Some(60)),
    };
    let pending: Vec<&Sent> = list.iter().filter(|x| x.closed.is_none()).collect();
    let remind: Vec<Sent> = pending
        .iter()
        .filter(|x| x.days > min_days && drop_days.is_none_or(|d| x.days <= d))
        .map(|x| (*x).clone())
        .collect();
    let drop: Vec<Sent> = pending
        .iter()
        .filter(|x| drop_days.is_some_and(|d| x.days > d))
        .map(|x| (*x).clone())
        .collect();
    let instruction = match v {
        1 => "Some people still haven't paid my Venmo requests. Send a reminder for every request of mine that has been pending for more than two weeks.".to_string(),
        2 => "Nudge people on Venmo: remind everyone whose payment request from me has gone unpaid for more than three weeks.".to_string(),
        _ => "Go through the Venmo requests I sent that are still unpaid: withdraw any older than two months, and send a reminder for the others that are more than two weeks old.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "venmo"];
    let now = g.now;
    let (sup, list_s) = (p.clone(), list.clone());
    parts.setup.push(step(move |s| {
        s.remove_pending_venmo_requests(&sup, true)?;
        for x in &list_s {
            let t = now - Duration::days(x.days) - Duration::hours(2 + x.days % 7);
            let id = s.add_venmo_request(&sup, &x.to, usd(x.cents), x.what, t)?;
            if let Some(ok) = x.closed {
                s.close_venmo_request(id, ok, t + Duration::days(1))?;
            }
        }
        Ok(())
    }));
    let login = logins(&[("vm", "venmo")]);
    let act = |list: &str, days: i64, drop: Option<i64>| {
        let drop = match drop {
            Some(d) => format!(
                "    if r[\"created_at\"] < (datetime.datetime.now() - datetime.timedelta(days={d})).strftime(\"%Y-%m-%dT%H:%M:%S\"):\n        apis.venmo.delete_payment_request(access_token=vm, payment_request_id=r[\"payment_request_id\"])\n        continue\n"
            ),
            None => String::new(),
        };
        format!(
            "cutoff = (datetime.datetime.now() - datetime.timedelta(days={days})).strftime(\"%Y-%m-%dT%H:%M:%S\")\nfor r in {list}:\n    if r[\"approved_at\"] or r[\"denied_at\"] or r[\"created_at\"] >= cutoff:\n        continue\n{drop}    apis.venmo.remind_payment_request(access_token=vm, payment_request_id=r[\"payment_request_id\"])\n{DONE}"
        )
    };
    let all = "all_pages(apis.venmo.show_sent_payment_requests, access_token=vm)";
    parts.ground_truth = vec![login.clone(), act(all, min_days, drop_days)];
    parts.wrong = vec![
        solution(
            "reads only the first page of requests",
            vec![
                login.clone(),
                act(
                    "apis.venmo.show_sent_payment_requests(access_token=vm)",
                    min_days,
                    drop_days,
                ),
            ],
        ),
        solution(
            "reminds every pending request",
            vec![login.clone(), act(all, 0, drop_days)],
        ),
        solution(
            "uses one week as the cut-off",
            vec![login.clone(), act(all, 7, drop_days)],
        ),
    ];
    if v == 3 {
        parts.wrong.push(solution(
            "reminds the oldest requests instead of withdrawing them",
            vec![login.clone(), act(all, min_days, None)],
        ));
    }
    let shown = |xs: &[Sent]| {
        xs.iter()
            .map(|x| format!("{} (${}, {} days)", full(&x.to), c2(x.cents), x.days))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let want = remind.clone();
    parts.checks = vec![Check::new(
        format!("one reminder each: {}", shown(&remind)),
        move |ctx| {
            let got = reminded(ctx);
            for x in &want {
                let id = sent_request(ctx, &x.to.email, x.cents);
                let n = got.iter().filter(|g| Some(**g) == id).count();
                if n != 1 {
                    return Err(format!(
                        "{n} reminders to {} for ${}",
                        full(&x.to),
                        c2(x.cents)
                    ));
                }
            }
            Ok(())
        },
    )];
    let want = remind.clone();
    parts.checks.push(Check::new(
        "no reminder about any other request",
        move |ctx| {
            let ids: Vec<Option<i64>> = want
                .iter()
                .map(|x| sent_request(ctx, &x.to.email, x.cents))
                .collect();
            match reminded(ctx).into_iter().find(|g| !ids.contains(&Some(*g))) {
                Some(id) => Err(format!("a reminder about request {id}")),
                None => Ok(()),
            }
        },
    ));
    let gone = drop.clone();
    let name = if drop.is_empty() {
        "no request withdrawn".to_string()
    } else {
        format!("withdrawn: {}; no other request", shown(&drop))
    };
    parts.checks.push(Check::new(name, move |ctx| {
        let removed: Vec<(Option<i64>, f64)> = ctx
            .diff
            .of_kind("venmo", "payment_requests", ChangeKind::Removed)
            .map(|r| {
                (
                    r.get("receiver_id").as_i64(),
                    r.get("amount").as_f64().unwrap_or(0.0),
                )
            })
            .collect();
        for x in &gone {
            let to = uid(ctx, "venmo", &x.to.email);
            if !removed
                .iter()
                .any(|r| r.0 == to && same_amount(r.1, usd(x.cents)))
            {
                return Err(format!(
                    "the request to {} for ${} is still there",
                    full(&x.to),
                    c2(x.cents)
                ));
            }
        }
        if removed.len() != gone.len() {
            return Err(format!("{} requests withdrawn", removed.len()));
        }
        Ok(())
    }));
    parts.allowed = vec![
        allow_added("reminders", "venmo", "notifications", |_, r| {
            r.get("type").as_str() == Some("payment_request_reminded")
        }),
        Allow::new("withdrawn requests of the supervisor", |ctx, r| {
            r.is("venmo", "payment_requests")
                && r.kind() == ChangeKind::Removed
                && r.get("sender_id").as_i64() == ctx.user_id("venmo")
        }),
    ];
    parts
}

// ---- 7. fix a mistaken expense a roommate texted about ------------------------------------------

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
    let scope = if in_group {
        "group_id = (SELECT g.id FROM splitwise.groups g JOIN splitwise.group_members m ON m.group_id = g.id WHERE m.user_id = ?1 AND g.name = 'Roommates' ORDER BY g.id LIMIT 1)"
    } else {
        "group_id IS NULL"
    };
    let Ok(mut st) = ctx.db.prepare_cached(&format!(
        "SELECT id, amount, coalesce(deleted, 0) FROM splitwise.expenses WHERE payer_id = ?1 AND {scope} AND description = ?2 AND substr(created_at, 1, 10) = ?3 ORDER BY id"
    )) else {
        return Vec::new();
    };
    st.query_map(rusqlite::params![me, description, day], |r| {
        Ok((r.get(0)?, r.get(1)?, r.get(2)?))
    })
    .map(|rows| rows.filter_map(Result::ok).collect())
    .unwrap_or_default()
}

/// Expense rows the episode changed other than `ids`.
fn other_expense_changes(ctx: &EvalCtx, ids: &[i64]) -> usize {
    ctx.diff
        .table("splitwise", "expenses")
        .filter(|r| !ids.contains(&r.id))
        .count()
}

/// "My roommate texted me about a mistake I made on Splitwise; fix it as they asked." The text
/// (the newest about Splitwise from the roommate, found through the phone's `roommate` label)
/// names the expense. Variant 1: a duplicate (delete one copy, not the older expense of the same
/// name); variant 2: the same expense in the group and outside it (delete the one outside);
/// variant 3: a wrong amount (update it with the shares, which an amount alone leaves as they
/// were).
fn fix_expense(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| roommate(pop, p).is_some());
    let r = roommate(pop, &p).unwrap_or_else(|| p.clone());
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
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "splitwise"];
    let now = g.now;
    let (sup, mate) = (p.clone(), r.clone());
    let (what_s, text_s) = (what.to_string(), text.to_string());
    parts.setup.push(step(move |s| {
        let gid = s.splitwise_group_named(&sup, "Roommates")?;
        let pair = [&sup, &mate];
        s.add_splitwise_expense(Some(gid), &sup, &pair, &what_s, usd(older), older_day)?;
        s.add_splitwise_expense(Some(gid), &sup, &pair, &what_s, usd(amount), day)?;
        match v {
            1 => {
                s.add_splitwise_expense(
                    Some(gid),
                    &sup,
                    &pair,
                    &what_s,
                    usd(amount),
                    day + Duration::minutes(2),
                )?;
            }
            2 => {
                s.add_splitwise_expense(
                    None,
                    &sup,
                    &pair,
                    &what_s,
                    usd(amount),
                    day + Duration::minutes(3),
                )?;
            }
            _ => {}
        }
        s.add_text(&mate, &sup, &text_s, now - Duration::minutes(95))?;
        Ok(())
    }));
    let login = logins(&[("ph", "phone"), ("sw", "splitwise")]);
    let read = "mate = all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"roommate\")[0]\ntext = max(all_pages(apis.phone.search_text_messages, access_token=ph, phone_number=mate[\"phone_number\"], query=\"Splitwise\"), key=lambda t: t[\"sent_at\"])\ngroup = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x[\"name\"] == \"Roommates\")";
    let list = |scope: &str, dated: bool| {
        let dates = if dated {
            format!(", min_created_at=\"{day_s}\", max_created_at=\"{day_s}\"")
        } else {
            String::new()
        };
        let call = if scope == "group" {
            "apis.splitwise.show_group_expenses, access_token=sw, group_id=group[\"group_id\"]"
        } else {
            "apis.splitwise.show_no_group_expenses, access_token=sw"
        };
        format!(
            "exps = sorted((e for e in all_pages({call}, query={}{dates}) if e[\"description\"] == {}), key=lambda e: e[\"created_at\"])",
            py(what),
            py(what)
        )
    };
    let delete = |expr: &str| {
        format!(
            "apis.splitwise.delete_expense(access_token=sw, expense_id={expr}[\"expense_id\"])\n{DONE}"
        )
    };
    match v {
        1 => {
            parts.ground_truth = vec![
                login.clone(),
                read.to_string(),
                list("group", true),
                delete("exps[-1]"),
            ];
            parts.wrong = vec![
                solution(
                    "deletes both copies",
                    vec![
                        login.clone(),
                        read.to_string(),
                        list("group", true),
                        format!(
                            "for e in exps:\n    apis.splitwise.delete_expense(access_token=sw, expense_id=e[\"expense_id\"])\n{DONE}"
                        ),
                    ],
                ),
                solution(
                    "deletes the oldest expense of that name",
                    vec![
                        login.clone(),
                        read.to_string(),
                        list("group", false),
                        delete("exps[0]"),
                    ],
                ),
            ];
        }
        2 => {
            parts.ground_truth = vec![
                login.clone(),
                read.to_string(),
                list("none", true),
                delete("exps[-1]"),
            ];
            parts.wrong = vec![
                solution(
                    "deletes the one in the group",
                    vec![
                        login.clone(),
                        read.to_string(),
                        list("group", true),
                        delete("exps[-1]"),
                    ],
                ),
                solution(
                    "deletes both",
                    vec![
                        login.clone(),
                        read.to_string(),
                        list("group", true),
                        format!(
                            "{}\n{}",
                            delete("exps[-1]").replace(&format!("\n{DONE}"), ""),
                            list("none", true)
                        ),
                        delete("exps[-1]"),
                    ],
                ),
            ];
        }
        _ => {
            let fix = |expense: &str, shares: bool| {
                let debtors = if shares {
                    ", debtor_emails=[profile[\"email\"], mate[\"email\"]]"
                } else {
                    ""
                };
                format!(
                    "amount = float(re.search(r\"was \\$([0-9.]+)\", text[\"message\"]).group(1))\napis.splitwise.update_expense(access_token=sw, expense_id={expense}[\"expense_id\"], paid_amount=amount{debtors})\n{DONE}"
                )
            };
            parts.ground_truth = vec![
                login.clone(),
                read.to_string(),
                list("group", true),
                fix("exps[-1]", true),
            ];
            parts.wrong = vec![
                solution(
                    "changes only the amount, which keeps the old shares",
                    vec![
                        login.clone(),
                        read.to_string(),
                        list("group", true),
                        fix("exps[-1]", false),
                    ],
                ),
                solution(
                    "changes the older pizza night",
                    vec![
                        login.clone(),
                        read.to_string(),
                        list("group", false),
                        fix("exps[0]", true),
                    ],
                ),
                solution(
                    "deletes the pizza night",
                    vec![
                        login.clone(),
                        read.to_string(),
                        list("group", true),
                        delete("exps[-1]"),
                    ],
                ),
            ];
        }
    }
    let what_c = what.to_string();
    let day_c = day_s.clone();
    let older_s = older_day.format("%Y-%m-%d").to_string();
    match v {
        1 => {
            parts.checks = vec![Check::new(
                format!("one of the two \"{what}\" expenses of {day_s} is deleted, the other kept"),
                move |ctx| {
                    let xs = roommate_expenses(ctx, true, &what_c, &day_c);
                    let gone = xs.iter().filter(|x| x.2).count();
                    if xs.len() == 2 && gone == 1 {
                        Ok(())
                    } else {
                        Err(format!("{gone} of {} deleted", xs.len()))
                    }
                },
            )];
        }
        2 => {
            let (w1, d1) = (what_c.clone(), day_c.clone());
            parts.checks = vec![
                Check::new(
                    format!("the \"{what}\" expense outside the group is deleted"),
                    move |ctx| match roommate_expenses(ctx, false, &w1, &d1).as_slice() {
                        [(_, _, true)] => Ok(()),
                        [(_, _, false)] => Err("it is still there".into()),
                        xs => Err(format!("{} such expenses", xs.len())),
                    },
                ),
                Check::new(
                    format!("the \"{what}\" expense in the Roommates group is kept"),
                    move |ctx| match roommate_expenses(ctx, true, &what_c, &day_c).as_slice() {
                        [(_, _, false)] => Ok(()),
                        [(_, _, true)] => Err("it was deleted".into()),
                        xs => Err(format!("{} such expenses", xs.len())),
                    },
                ),
            ];
        }
        _ => {
            let (w1, d1) = (what_c.clone(), day_c.clone());
            let mate_email = r.email.clone();
            parts.checks = vec![
                Check::new(
                    format!("the \"{what}\" of {day_s} is $48.00 and not deleted"),
                    move |ctx| match roommate_expenses(ctx, true, &w1, &d1).as_slice() {
                        [(_, a, false)] if same_amount(*a, 48.0) => Ok(()),
                        [(_, a, deleted)] => Err(format!("${a}, deleted: {deleted}")),
                        xs => Err(format!("{} such expenses", xs.len())),
                    },
                ),
                Check::new(
                    format!(
                        "it is split equally: $24.00 each for the supervisor and {}",
                        full(&r)
                    ),
                    move |ctx| {
                        let Some((id, _, _)) = roommate_expenses(ctx, true, &what_c, &day_c)
                            .first()
                            .copied()
                        else {
                            return Err("no such expense".into());
                        };
                        let mut got = expense_shares(ctx, id);
                        got.sort_by_key(|s| s.0);
                        let mut want = vec![
                            ctx.user_id("splitwise").unwrap_or(0),
                            uid(ctx, "splitwise", &mate_email).unwrap_or(0),
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
            ];
        }
    }
    parts.checks.push(Check::new("no expense added", |ctx| {
        match added(ctx, "splitwise", "expenses").len() {
            0 => Ok(()),
            n => Err(format!("{n} expenses added")),
        }
    }));
    let what_o = what.to_string();
    parts.checks.push(Check::new(
        format!("no other expense changed (the \"{what}\" of {older_s} included)"),
        move |ctx| {
            let mut ids: Vec<i64> = roommate_expenses(ctx, true, &what_o, &day_s)
                .iter()
                .map(|x| x.0)
                .collect();
            ids.extend(
                roommate_expenses(ctx, false, &what_o, &day_s)
                    .iter()
                    .map(|x| x.0),
            );
            match other_expense_changes(ctx, &ids) {
                0 => Ok(()),
                n => Err(format!("{n} other expenses changed")),
            }
        },
    ));
    parts.allowed = vec![
        Allow::new("changes to the supervisor's expenses", |ctx, r| {
            r.is("splitwise", "expenses")
                && r.get("payer_id").as_i64() == ctx.user_id("splitwise")
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
    ];
    parts
}

// ---- 8. top up the wallet for a rent request -----------------------------------------------------

/// "Pay my roommate's rent request from my Venmo balance; if it is short, first move just the
/// missing amount onto it from my card X." Variant 2: card X has expired, the instruction
/// names the fallback; variant 3: the balance already covers the rent (no top-up).
fn cover_request(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        roommate(pop, p).is_some() && !p.payment_cards.is_empty() && known(pop, p).len() >= 2
    });
    let r = roommate(pop, &p).unwrap_or_else(|| p.clone());
    let other = known(pop, &p)
        .into_iter()
        .find(|k| k.id != r.id)
        .unwrap_or_else(|| r.clone());
    let v = g.variant;
    let rent = cents_of(&mut g.rng, 80_000, 120_000, 1);
    let balance = if v == 3 {
        rent + cents_of(&mut g.rng, 5_000, 20_000, 1)
    } else {
        cents_of(&mut g.rng, 3_000, 15_000, 1)
    };
    let top_up = if v == 3 { 0 } else { rent - balance };
    let card = p.payment_cards[0].clone();
    let expired_name = ["Citi", "Capital One", "Discover", "HSBC", "Chase"]
        .into_iter()
        .find(|n| !p.payment_cards.iter().any(|c| c.card_name == *n))
        .unwrap_or("Citi");
    let instruction = match v {
        2 => format!(
            "{} asked me on Venmo for my share of the rent. Pay it from my Venmo balance; if the balance is short, first top it up with just the missing amount from my {expired_name} card, or from my {} card if the {expired_name} one has expired.",
            r.first_name, card.card_name
        ),
        _ => format!(
            "My roommate asked me on Venmo for this month's rent. Pay it from my Venmo balance; if the balance is short, first move just the missing amount onto it from my {} card.",
            card.card_name
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "venmo"];
    let now = g.now;
    let (sup, mate, o2, card_s) = (p.clone(), r.clone(), other.clone(), card.clone());
    let expired_s = expired_name.to_string();
    parts.setup.push(step(move |s| {
        s.remove_pending_venmo_requests(&sup, false)?;
        s.set_venmo_balance(&sup, usd(balance))?;
        s.execute(
            "UPDATE admin.payment_cards SET balance = 9000.0 WHERE card_number = ?1",
            [card_s.card_number],
        )?;
        if v == 2 {
            s.add_venmo_card(
                &sup,
                &expired_s,
                5_555_000_000_000_000 + sup.id * 97,
                2023,
                3,
                123,
                9_000.0,
            )?;
        }
        s.add_venmo_request(&o2, &sup, 45.0, "Concert ticket", now - Duration::days(3))?;
        s.add_venmo_request(
            &mate,
            &sup,
            usd(rent),
            "Rent - May",
            now - Duration::days(1) - Duration::hours(3),
        )?;
        Ok(())
    }));
    let login = logins(&[("ph", "phone"), ("vm", "venmo")]);
    let find = "mate = all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"roommate\")[0]\nreq = next(r for r in all_pages(apis.venmo.show_received_payment_requests, access_token=vm, status=\"pending\") if r[\"sender\"][\"email\"] == mate[\"email\"])\nbalance = apis.venmo.show_venmo_balance(access_token=vm)[\"venmo_balance\"]\ncards = apis.venmo.show_payment_cards(access_token=vm)";
    let pick = if v == 2 {
        format!(
            "now = datetime.datetime.now()\nvalid = [c for c in cards if (c[\"expiry_year\"], c[\"expiry_month\"]) >= (now.year, now.month)]\ncard = next((c for c in valid if c[\"card_name\"] == {}), None) or next(c for c in valid if c[\"card_name\"] == {})",
            py(expired_name),
            py(&card.card_name)
        )
    } else {
        format!(
            "card = next(c for c in cards if c[\"card_name\"] == {})",
            py(&card.card_name)
        )
    };
    let pay = |top: &str, via_card: bool, all: bool| {
        let via = if via_card {
            ", payment_card_id=card[\"payment_card_id\"]"
        } else {
            ""
        };
        let approve = if all {
            format!(
                "for r in all_pages(apis.venmo.show_received_payment_requests, access_token=vm, status=\"pending\"):\n    apis.venmo.approve_payment_request(access_token=vm, payment_request_id=r[\"payment_request_id\"]{via})"
            )
        } else {
            format!(
                "apis.venmo.approve_payment_request(access_token=vm, payment_request_id=req[\"payment_request_id\"]{via})"
            )
        };
        format!("{top}{approve}\n{DONE}")
    };
    let exact = "if balance < req[\"amount\"]:\n    apis.venmo.add_to_venmo_balance(access_token=vm, amount=round(req[\"amount\"] - balance, 2), payment_card_id=card[\"payment_card_id\"])\n";
    let whole = "apis.venmo.add_to_venmo_balance(access_token=vm, amount=req[\"amount\"], payment_card_id=card[\"payment_card_id\"])\n";
    parts.ground_truth = vec![
        login.clone(),
        find.to_string(),
        pick.clone(),
        pay(exact, false, false),
    ];
    parts.wrong = vec![
        solution(
            "pays the rent straight from the card",
            vec![
                login.clone(),
                find.to_string(),
                pick.clone(),
                pay("", true, false),
            ],
        ),
        solution(
            if v == 3 {
                "tops up the whole rent anyway"
            } else {
                "tops up the whole rent instead of what is missing"
            },
            vec![
                login.clone(),
                find.to_string(),
                pick.clone(),
                pay(whole, false, false),
            ],
        ),
        solution(
            "tops up for and approves every pending request",
            vec![
                login.clone(),
                find.to_string(),
                pick.clone(),
                pay(
                    "need = sum(r[\"amount\"] for r in all_pages(apis.venmo.show_received_payment_requests, access_token=vm, status=\"pending\"))\nif balance < need:\n    apis.venmo.add_to_venmo_balance(access_token=vm, amount=round(need - balance, 2), payment_card_id=card[\"payment_card_id\"])\n",
                    false,
                    true,
                ),
            ],
        ),
    ];
    if v == 2 {
        parts.wrong.push(solution(
            "tops up from the expired card",
            vec![
                login.clone(),
                find.to_string(),
                format!(
                    "card = next(c for c in cards if c[\"card_name\"] == {})",
                    py(expired_name)
                ),
                pay(exact, false, false),
            ],
        ));
    }
    let mate_email = r.email.clone();
    parts.checks = vec![Check::new(
        format!("{}'s rent request of ${} is approved", full(&r), c2(rent)),
        move |ctx| match received_status(ctx, &mate_email, rent).as_str() {
            "approved" => Ok(()),
            other => Err(format!("it is {other}")),
        },
    )];
    let last4 = format!("{:04}", card.card_number.rem_euclid(10_000));
    parts.checks.push(if top_up > 0 {
        Check::new(
            format!(
                "one top-up of exactly ${} from the card ending in {last4}",
                c2(top_up)
            ),
            move |ctx| {
                let t: Vec<&RowChange> = added(ctx, "venmo", "bank_transfers");
                match t.as_slice() {
                    [one]
                        if one.get("transfer_type").as_str() == Some("card_to_venmo")
                            && one.get("payment_card_digits").as_str() == Some(last4.as_str())
                            && same_amount(
                                one.get("amount").as_f64().unwrap_or(0.0),
                                usd(top_up),
                            ) =>
                    {
                        Ok(())
                    }
                    [one] => Err(format!(
                        "a {} of ${} with card {}",
                        one.get("transfer_type"),
                        one.get("amount"),
                        one.get("payment_card_digits")
                    )),
                    xs => Err(format!("{} transfers", xs.len())),
                }
            },
        )
    } else {
        Check::new(
            "no top-up (the balance already covered the rent)",
            |ctx| match added(ctx, "venmo", "bank_transfers").len() {
                0 => Ok(()),
                n => Err(format!("{n} transfers")),
            },
        )
    });
    let end = balance + top_up - rent;
    parts.checks.push(Check::new(
        format!(
            "the rent came out of the Venmo balance, which ends at ${}",
            c2(end)
        ),
        move |ctx| {
            let me = ctx.user_id("venmo").unwrap_or(0);
            let got: f64 = ctx
                .db
                .query_row_cached(
                    "SELECT venmo_balance FROM venmo.users WHERE id = ?1",
                    [me],
                    |r| r.get(0),
                )
                .unwrap_or(-1.0);
            if same_amount(got, usd(end)) {
                Ok(())
            } else {
                Err(format!("the balance is ${got}"))
            }
        },
    ));
    let other_email = other.email.clone();
    parts.checks.push(Check::new(
        format!("{}'s request for $45.00 is still pending", full(&other)),
        move |ctx| match received_status(ctx, &other_email, 4_500).as_str() {
            "pending" => Ok(()),
            s => Err(format!("it is {s}")),
        },
    ));
    parts.allowed = allow::venmo_money();
    parts.allowed.extend([
        Allow::new("the supervisor's answer to the request", |ctx, r| {
            r.is("venmo", "payment_requests")
                && r.get("receiver_id").as_i64() == ctx.user_id("venmo")
                && updates_only(r, &["approved_at", "denied_at", "updated_at"])
        }),
        allow_added("top-ups", "venmo", "bank_transfers", |ctx, r| {
            r.get("user_id").as_i64() == ctx.user_id("venmo")
        }),
        Allow::new("the confirmation Venmo e-mails for a top-up", |_, r| {
            r.schema == "gmail"
        }),
        allow_added(
            "the receipt file Venmo keeps in its own /tmp/ for that e-mail",
            "file_system",
            "files",
            |ctx, r| {
                r.get("user_id").as_i64() != ctx.user_id("file_system")
                    && r.get("path")
                        .as_str()
                        .is_some_and(|p| p.starts_with("/tmp/"))
            },
        ),
    ]);
    parts
}

// ---- 9. a bill from the card statement into the Roommates group -------------------------------

/// "I paid the water bill with my card in April; it is on my card statement. Add it to our
/// Roommates group on Splitwise, paid by me, split equally." The statements (CSV, one per
/// month) carry the bill among other lines, and an older water bill. Variant 2 adds two months
/// as two expenses; variant 3 splits a third and two thirds.
fn statement_bill(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| roommate(pop, p).is_some());
    let r = roommate(pop, &p).unwrap_or_else(|| p.clone());
    let v = g.variant;
    let company = "Clearwater Water Co";
    let april = cents_of(&mut g.rng, 4_500, 9_000, if v == 3 { 3 } else { 2 });
    let march = cents_of(&mut g.rng, 4_500, 9_000, 2);
    let feb = cents_of(&mut g.rng, 4_500, 9_000, 2);
    // (description, cents, supervisor's share, roommate's share)
    let want: Vec<(String, i64, i64, i64)> = match v {
        1 => vec![("Water bill April 2023".into(), april, april / 2, april / 2)],
        2 => vec![
            ("Water bill March 2023".into(), march, march / 2, march / 2),
            ("Water bill April 2023".into(), april, april / 2, april / 2),
        ],
        _ => vec![(
            "Water bill April 2023".into(),
            april,
            april / 3,
            april - april / 3,
        )],
    };
    let instruction = match v {
        1 => format!(
            "I paid our water bill ({company}) with my card in April; it's on my card statement in my file system. Add it to our Roommates group on Splitwise as paid by me and split equally between us, and call it \"Water bill April 2023\". Then text {} how much they owe me for it.",
            r.first_name
        ),
        2 => format!(
            "My card statements in my file system show the water bills ({company}) I paid for the flat in March and April. Add each to our Roommates group on Splitwise as its own expense, paid by me and split equally, named \"Water bill March 2023\" and \"Water bill April 2023\". Then text {} the total they owe me for both.",
            r.first_name
        ),
        _ => format!(
            "I paid April's water bill ({company}) with my card; it's on my April card statement in my file system. Put it in our Roommates group on Splitwise as paid by me, but {} works from home, so they owe two thirds of it and I owe one third. Call it \"Water bill April 2023\", and text them how much they owe me for it.",
            r.first_name
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "splitwise", "phone"];
    let sup = p.clone();
    parts.setup.push(step(move |s| {
        s.add_statement_line(&sup, "2023_04", "2023-04-12", company, usd(april))?;
        if v == 2 {
            s.add_statement_line(&sup, "2023_03", "2023-03-13", company, usd(march))?;
        } else {
            s.add_statement_line(&sup, "2023_02", "2023-02-10", company, usd(feb))?;
        }
        Ok(())
    }));
    let login = logins(&[("fs", "file_system"), ("sw", "splitwise"), ("ph", "phone")]);
    let read = format!(
        "paths = apis.file_system.show_directory(access_token=fs, directory_path=\"~/documents/finance/\", entry_type=\"files\")\ndef water(month):\n    path = next(q for q in paths if q.endswith(\"_statement_2023_\" + month + \".csv\"))\n    for line in apis.file_system.show_file(access_token=fs, file_path=path)[\"content\"].splitlines()[1:]:\n        day, what, amount = line.split(\",\")\n        if {} in what:\n            return float(amount)\ngroup = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x[\"name\"] == \"Roommates\")\nmate = next(m[\"email\"] for m in group[\"members\"] if m[\"email\"] != profile[\"email\"])\nowed = 0",
        py("Clearwater")
    );
    let record = |desc: &str, month: &str, split: &str, in_group: bool| {
        let (debtors, amounts, theirs) = match split {
            "thirds" => (
                "[profile[\"email\"], mate]",
                ", debt_amounts=[round(total / 3, 2), round(total - round(total / 3, 2), 2)]",
                "round(total - round(total / 3, 2), 2)",
            ),
            "mate" => ("[mate]", "", "total"),
            _ => ("[profile[\"email\"], mate]", "", "round(total / 2, 2)"),
        };
        let group = if in_group {
            ", group_id=group[\"group_id\"]"
        } else {
            ""
        };
        format!(
            "total = water(\"{month}\")\napis.splitwise.record_expense(access_token=sw, description={}, paid_amount=total, payer_email=profile[\"email\"], debtor_emails={debtors}{amounts}{group})\nowed += {theirs}",
            py(desc)
        )
    };
    let split = if v == 3 { "thirds" } else { "equal" };
    let cells = |month_a: &str, split: &str, in_group: bool, both: bool| {
        let mut c = vec![login.clone(), read.clone()];
        if both {
            c.push(record("Water bill March 2023", "03", split, in_group));
        }
        c.push(record("Water bill April 2023", month_a, split, in_group));
        c.push(format!("phone_number = next(c for c in all_pages(apis.phone.search_contacts, access_token=ph, query=mate) if c[\"email\"] == mate)[\"phone_number\"]\napis.phone.send_text_message(access_token=ph, phone_number=phone_number, message=f\"Hi! I put the water bill on Splitwise. Your share is ${{owed:.2f}}.\")\n{DONE}"));
        c
    };
    let both = v == 2;
    parts.ground_truth = cells("04", split, true, both);
    parts.wrong = vec![
        solution(
            "records it outside the group",
            cells("04", split, false, both),
        ),
        solution(
            "makes the roommate owe all of it",
            cells("04", "mate", true, both),
        ),
    ];
    if v == 2 {
        parts.wrong.push(solution(
            "records only April's bill",
            cells("04", split, true, false),
        ));
    } else {
        parts.wrong.push(solution(
            "takes the February water bill",
            cells("02", split, true, false),
        ));
    }
    if v == 3 {
        parts.wrong.push(solution(
            "splits it equally",
            cells("04", "equal", true, false),
        ));
    }
    let n = want.len();
    let owed_cents: i64 = want.iter().map(|w| w.3).sum();
    parts.checks = vec![Check::new(
        format!("{n} new Splitwise expense(s), all in the Roommates group"),
        move |ctx| {
            let gid = group_named(ctx, "Roommates");
            let xs = added(ctx, "splitwise", "expenses");
            if xs.len() != n {
                return Err(format!("{} expenses added", xs.len()));
            }
            match xs.iter().find(|r| r.get("group_id").as_i64() != gid) {
                Some(r) => Err(format!("one in group {}", r.get("group_id"))),
                None => Ok(()),
            }
        },
    )];
    for (desc, total, mine, theirs) in want {
        let find = {
            let desc = desc.clone();
            move |ctx: &EvalCtx| -> Result<RowChange, String> {
                added(ctx, "splitwise", "expenses")
                    .into_iter()
                    .find(|r| same_text(r.get("description").as_str().unwrap_or(""), &desc))
                    .cloned()
                    .ok_or_else(|| format!("no expense \"{desc}\""))
            }
        };
        let f1 = find.clone();
        parts.checks.push(Check::new(
            format!("\"{desc}\": ${} paid by the supervisor", c2(total)),
            move |ctx| {
                let e = f1(ctx)?;
                if !same_amount(e.get("amount").as_f64().unwrap_or(0.0), usd(total)) {
                    return Err(format!("amount {}", e.get("amount")));
                }
                if e.get("payer_id").as_i64() != ctx.user_id("splitwise") {
                    return Err("paid by someone else".into());
                }
                Ok(())
            },
        ));
        let mate = r.email.clone();
        parts.checks.push(Check::new(
            format!(
                "\"{desc}\" shares: the supervisor ${}, {} ${}",
                c2(mine),
                full(&r),
                c2(theirs)
            ),
            move |ctx| {
                let e = find(ctx)?;
                let me = ctx.user_id("splitwise").unwrap_or(0);
                let them = uid(ctx, "splitwise", &mate).unwrap_or(0);
                let got = expense_shares(ctx, e.id);
                let share = |who: i64| got.iter().find(|s| s.0 == who).map(|s| s.1);
                match (share(me), share(them)) {
                    (Some(a), Some(b))
                        if got.len() == 2
                            && same_amount(a, usd(mine))
                            && same_amount(b, usd(theirs)) =>
                    {
                        Ok(())
                    }
                    _ => Err(format!("shares {got:?}")),
                }
            },
        ));
    }
    let owed = c2(owed_cents);
    let mate_phone = r.phone_number.clone();
    parts.checks.push(Check::new(
        format!("a text to {} with what they owe, ${owed}", full(&r)),
        move |ctx| {
            let me = ctx.user_id("phone");
            let them: Option<i64> = ctx
                .db
                .query_row_cached(
                    "SELECT id FROM phone.users WHERE phone_number = ?1",
                    [&mate_phone],
                    |r| r.get(0),
                )
                .ok();
            let texts: Vec<String> = added(ctx, "phone", "global_text_messages")
                .into_iter()
                .filter(|t| {
                    t.get("sender_id").as_i64() == me && t.get("receiver_id").as_i64() == them
                })
                .map(|t| t.get("message").as_str().unwrap_or("").to_string())
                .collect();
            if texts.iter().any(|t| t.contains(&owed)) {
                Ok(())
            } else {
                Err(format!("texts to them: {texts:?}"))
            }
        },
    ));
    parts.allowed = vec![
        allow_added(
            "the supervisor's Splitwise expenses",
            "splitwise",
            "expenses",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("splitwise"),
        ),
        allow_added("their shares", "splitwise", "expense_shares", |_, _| true),
        allow::splitwise_notifications(),
        allow_added(
            "the text to the roommate",
            "phone",
            "global_text_messages",
            |ctx, r| r.get("sender_id").as_i64() == ctx.user_id("phone"),
        ),
        allow_added("its copies", "phone", "user_text_messages", |_, _| true),
    ];
    parts
}

// ---- 10. pay the IOUs of a note -----------------------------------------------------------------

/// "Pay everyone in my IOUs note I have not paid yet on Venmo, and mark them paid in the note."
/// First names map to phone contacts; one line is already paid; an "Owed to me" note lists
/// money going the other way (one person is on both). Variant 2: a friend saved (and noted)
/// under a nickname; variant 3: the paid lines are removed from the note instead.
fn iou_note(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| distinct_friends(pop, p).len() >= 6);
    let mut fr = distinct_friends(pop, &p);
    g.rng.shuffle(&mut fr);
    let (a, b, c, d, e) = (
        fr[0].clone(),
        fr[1].clone(),
        fr[2].clone(),
        fr[3].clone(),
        fr[4].clone(),
    );
    let v = g.variant;
    let nick = if v == 2 {
        let taken: Vec<String> = known(pop, &p)
            .iter()
            .map(|k| k.first_name.clone())
            .collect();
        ["Jojo", "Bee", "Sunny", "Ace"]
            .into_iter()
            .find(|n| !taken.iter().any(|t| t == n))
            .map(str::to_string)
    } else {
        None
    };
    let c_name = nick.clone().unwrap_or_else(|| c.first_name.clone());
    let f = fr[5].clone();
    let amounts: Vec<i64> = (0..5)
        .map(|_| cents_of(&mut g.rng, 1_000, 6_000, 25))
        .collect();
    // (person, name in the note, cents, what for, paid already)
    let lines: Vec<(Person, String, i64, &str, bool)> = vec![
        (a.clone(), a.first_name.clone(), amounts[0], "brunch", false),
        (
            b.clone(),
            b.first_name.clone(),
            amounts[1],
            "movie tickets",
            true,
        ),
        (c.clone(), c_name, amounts[2], "concert tickets", false),
        (
            d.clone(),
            d.first_name.clone(),
            amounts[3],
            "groceries",
            false,
        ),
        (
            f.clone(),
            f.first_name.clone(),
            amounts[4],
            "parking",
            false,
        ),
    ];
    let line = |l: &(Person, String, i64, &str, bool)| {
        format!(
            "- {}: ${} for {}{}",
            l.1,
            c2(l.2),
            l.3,
            if l.4 { " (paid)" } else { "" }
        )
    };
    let header = "Money I owe";
    let content = std::iter::once(header.to_string())
        .chain(lines.iter().map(line))
        .collect::<Vec<_>>()
        .join("\n");
    let owed = format!(
        "Owed to me\n- {}: $30.00 for pizza\n- {}: $15.00 for the cab",
        e.first_name, a.first_name
    );
    let instruction = match v {
        1 => "I keep track of money I owe friends in my \"IOUs\" note. Pay everyone on it I haven't paid yet on Venmo, with what it was for as the payment note, then mark those lines as paid in the note the same way the paid one is marked.".to_string(),
        2 => "Go through my \"IOUs\" note: pay on Venmo everyone listed there that I still owe (use what it was for as the Venmo note) and mark their lines as paid, like the line that's already marked.".to_string(),
        _ => "Settle my \"IOUs\" note: pay on Venmo everyone on it I still owe, with what it was for as the payment note, then remove every paid line from the note, keeping its first line.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "simple_note", "phone", "venmo"];
    let ours = vec![
        g.note("IOUs", &content, &["money"], true, 3),
        g.note("Owed to me", &owed, &["money"], false, 5),
    ];
    let filler = g.filler(&p, 6, &["money"], &["IOUs", "Owed to me"]);
    parts.notes = Some(mix(&mut g.rng, filler, ours));
    let (sup, c2p) = (p.clone(), c.clone());
    let nick_s = nick.clone();
    parts.setup.push(step(move |s| {
        s.set_venmo_balance(&sup, 600.0)?;
        if let Some(nick) = &nick_s {
            s.relabel_contact(&sup, &c2p, nick, &["friend"])?;
        }
        Ok(())
    }));
    let login = logins(&[("sn", "simple_note"), ("ph", "phone"), ("vm", "venmo")]);
    let read = "note = next(n for n in all_pages(apis.simple_note.search_notes, access_token=sn) if n[\"title\"] == \"IOUs\")\ncontent = apis.simple_note.show_note(access_token=sn, note_id=note[\"note_id\"])[\"content\"]\ncontacts = all_pages(apis.phone.search_contacts, access_token=ph)";
    let pay = |skip_paid: bool, who: &str, edit: &str| {
        let cond = if skip_paid {
            "m and not line.endswith(\"(paid)\")"
        } else {
            "m"
        };
        let keep = match edit {
            "remove" => "    if m or line.endswith(\"(paid)\"):\n        continue\n",
            _ => "",
        };
        let mark = if edit == "mark" {
            "        line = line + \" (paid)\"\n"
        } else {
            ""
        };
        let save = if edit == "none" {
            String::new()
        } else {
            "apis.simple_note.update_note(access_token=sn, note_id=note[\"note_id\"], content=\"\\n\".join(out))\n".to_string()
        };
        format!(
            "out = []\nfor line in content.split(\"\\n\"):\n    m = re.match(r\"- (.+?): \\$([0-9.]+) for (.+?)( \\(paid\\))?$\", line)\n    if {cond}:\n        name, amount, what = m.group(1), float(m.group(2)), m.group(3)\n        email = {who}\n        apis.venmo.create_transaction(access_token=vm, receiver_email=email, amount=amount, description=what)\n{mark}{keep}    out.append(line)\n{save}{DONE}"
        )
    };
    let by_contact = "next(c[\"email\"] for c in contacts if c[\"first_name\"] == name)";
    let edit = if v == 3 { "remove" } else { "mark" };
    parts.ground_truth = vec![login.clone(), read.to_string(), pay(true, by_contact, edit)];
    parts.wrong = vec![
        solution(
            "pays every line, the one already paid too",
            vec![login.clone(), read.to_string(), pay(false, by_contact, edit)],
        ),
        solution(
            "pays but leaves the note as it was",
            vec![login.clone(), read.to_string(), pay(true, by_contact, "none")],
        ),
        solution(
            "pays the people in the \"Owed to me\" note too",
            vec![
                login.clone(),
                read.to_string(),
                format!(
                    "owed = next(n for n in all_pages(apis.simple_note.search_notes, access_token=sn) if n[\"title\"] == \"Owed to me\")\ncontent = content + \"\\n\" + apis.simple_note.show_note(access_token=sn, note_id=owed[\"note_id\"])[\"content\"]"
                ),
                pay(true, by_contact, edit).replace(
                    "apis.simple_note.update_note(access_token=sn, note_id=note[\"note_id\"], content=\"\\n\".join(out))",
                    "apis.simple_note.update_note(access_token=sn, note_id=note[\"note_id\"], content=\"\\n\".join(out[:6]))",
                ),
            ],
        ),
    ];
    if v == 2 {
        parts.wrong.push(solution(
            "looks the nickname up among Venmo users",
            vec![
                login.clone(),
                read.to_string(),
                pay(
                    true,
                    "(apis.venmo.search_users(access_token=vm, query=name) or [{\"email\": \"nobody@example.com\"}])[0][\"email\"]",
                    edit,
                ),
            ],
        ));
    }
    let to_pay: Vec<(String, String, i64)> = lines
        .iter()
        .filter(|l| !l.4)
        .map(|l| (full(&l.0), l.0.email.clone(), l.2))
        .collect();
    parts.checks = venmo_payment_checks(&to_pay);
    let whats: Vec<(String, String)> = lines
        .iter()
        .filter(|l| !l.4)
        .map(|l| (l.0.email.clone(), l.3.to_string()))
        .collect();
    parts.checks.push(Check::new(
        "each payment's note is what it was for (brunch, concert tickets, groceries, parking)",
        move |ctx| {
            let sent = payments_sent(ctx);
            for (email, what) in &whats {
                let id = uid(ctx, "venmo", email);
                if !sent
                    .iter()
                    .any(|s| Some(s.0) == id && same_text(&s.2, what))
                {
                    return Err(format!("no payment noted \"{what}\""));
                }
            }
            Ok(())
        },
    ));
    let original: Vec<String> = std::iter::once(header.to_string())
        .chain(lines.iter().map(line))
        .collect();
    let unpaid: Vec<String> = lines.iter().filter(|l| !l.4).map(|l| l.1.clone()).collect();
    let check_name = if v == 3 {
        format!("the IOUs note is only its first line, \"{header}\"")
    } else {
        format!(
            "the IOUs note marks {} as paid and keeps every other line",
            unpaid.join(", ")
        )
    };
    parts.checks.push(Check::new(check_name, move |ctx| {
        let Some((_, content, _, _)) = crate::kit::notes::end_notes(ctx)
            .into_iter()
            .find(|n| n.0 == "IOUs")
        else {
            return Err("no IOUs note".into());
        };
        let got = crate::kit::notes::lines(&content);
        if v == 3 {
            return if got == [header.to_string()] {
                Ok(())
            } else {
                Err(format!("the note reads {got:?}"))
            };
        }
        if got.len() != original.len() {
            return Err(format!("{} lines instead of {}", got.len(), original.len()));
        }
        for (g, o) in got.iter().zip(&original) {
            let was_unpaid = unpaid.iter().any(|n| o.starts_with(&format!("- {n}:")));
            let ok = if was_unpaid {
                g.starts_with(o.as_str()) && g.to_lowercase().contains("paid")
            } else {
                g == o
            };
            if !ok {
                return Err(format!("\"{g}\" (was \"{o}\")"));
            }
        }
        Ok(())
    }));
    parts.allowed = allow::venmo_money();
    parts.allowed.push(crate::kit::notes::allow_updates(
        vec!["IOUs".to_string()],
        &["content"],
    ));
    parts
}
