//! Scenarios of the "(groups)" set: Splitwise and Venmo crossing with SimpleNote, the phone,
//! the file system and Todoist. A party group built from a note's guest list (guests under
//! nicknames) with its expenses, double Venmo payments sent back with a text, answering Venmo
//! requests by who sent them (roommates, strangers), moving the Venmo wallet to the card that
//! has not expired, Splitwise payments for a roommate's Venmo payments, comments on old
//! expenses, tickets split by the counts friends texted, and leaving a group after paying what
//! is owed in it. Every name ends with " (groups)" so that `TASKS_ONLY='(groups)'` selects them.

use super::{Gen, Parts, Scenario, mix, step};
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{added, allow_added, updates_only};
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::money::{cents_of, usd};
use crate::kit::people::full;
use crate::kit::people::{SERVICE_NAMES, distinct_friends, known, related, strangers};
use crate::kit::phone::phone_id;
use crate::kit::phone::sent_texts;
use crate::kit::python::{DONE, logins};
use crate::kit::python::{py, solution};
use crate::kit::splitwise::expense_shares;
use crate::kit::text::same_text;
use crate::kit::time::on;
use crate::kit::venmo::payments_sent;
use crate::model::{Allow, Check, Split};
use apps::people::{Person, Population, Relation};
use chrono::{Duration, NaiveDate, NaiveDateTime};
use sim::sql::Cached;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "a party group from the guest list in a note (groups)",
            split: Split::Train,
            difficulty: 3,
            build: party_group,
        },
        Scenario {
            name: "send back double Venmo payments and text the payers (groups)",
            split: Split::Train,
            difficulty: 2,
            build: double_payments,
        },
        Scenario {
            name: "answer Venmo requests by who sent them (groups)",
            split: Split::Dev,
            difficulty: 2,
            build: sort_requests,
        },
        Scenario {
            name: "move the Venmo wallet to the card that has not expired (groups)",
            split: Split::TestNormal,
            difficulty: 2,
            build: wallet_to_card,
        },
        Scenario {
            name: "record a roommate's Venmo payments on Splitwise (groups)",
            split: Split::Train,
            difficulty: 2,
            build: venmo_to_splitwise,
        },
        Scenario {
            name: "split tickets by the counts friends texted (groups)",
            split: Split::Dev,
            difficulty: 3,
            build: ticket_shares,
        },
        Scenario {
            name: "Todoist purchases into the trip's Splitwise group (groups)",
            split: Split::Train,
            difficulty: 2,
            build: todo_purchases,
        },
        Scenario {
            name: "like and comment on the trip group's Venmo payments (groups)",
            split: Split::TestNormal,
            difficulty: 2,
            build: trip_feed,
        },
    ]
}

// ---- people --------------------------------------------------------------------------------

/// A nickname none of `p`'s contacts is called.
fn nickname(pop: &Population, p: &Person, skip: usize) -> String {
    const NICKS: &[&str] = &["Bex", "Jojo", "Mo", "Tig", "Sunny", "Ziggy", "Dee", "Kit"];
    let known = known(pop, p);
    NICKS
        .iter()
        .filter(|n| !known.iter().any(|k| k.first_name == **n) && !SERVICE_NAMES.contains(n))
        .nth(skip)
        .map(|n| n.to_string())
        .unwrap_or_else(|| "Kit".to_string())
}

// ---- time and money ----------------------------------------------------------------------

// ---- Python ------------------------------------------------------------------------------

// ---- checks ------------------------------------------------------------------------------

// ---- 1. a party group from a note ------------------------------------------------------------

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

/// The member ids of a Splitwise group.
fn group_members(ctx: &EvalCtx, gid: i64) -> Vec<i64> {
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT user_id FROM splitwise.group_members WHERE group_id = ?1 ORDER BY user_id",
    ) else {
        return Vec::new();
    };
    st.query_map([gid], |r| r.get(0))
        .map(|rows| rows.filter_map(Result::ok).collect())
        .unwrap_or_default()
}

/// The expenses the episode added: (id, group id, payer id, description, amount).
fn new_expenses(ctx: &EvalCtx) -> Vec<(i64, Option<i64>, i64, String, f64)> {
    added(ctx, "splitwise", "expenses")
        .into_iter()
        .map(|r| {
            (
                r.get("id").as_i64().unwrap_or(0),
                r.get("group_id").as_i64(),
                r.get("payer_id").as_i64().unwrap_or(0),
                r.get("description").as_str().unwrap_or("").to_string(),
                r.get("amount").as_f64().unwrap_or(0.0),
            )
        })
        .collect()
}

/// "I hosted a party; the guest list and what I paid are in my note. Create a Splitwise group
/// with the guests and add each thing I paid, split equally among everyone." One guest is in
/// the phone under a nickname (the note uses it); an older party's note has other guests and
/// items. Variant 3 has four guests, two of them under nicknames.
fn party_group(g: &mut Gen) -> Parts {
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
    let pre = logins(&[("sn", "simple_note"), ("ph", "phone"), ("sw", "splitwise")]);
    let read = format!(
        "notes = all_pages(apis.simple_note.search_notes, access_token=sn, query={})\nnote = next(n for n in notes if n[\"title\"] == {})\ncontent = apis.simple_note.show_note(access_token=sn, note_id=note[\"note_id\"])[\"content\"]\nguests = [x.strip() for x in re.search(r\"Guests: (.*)\", content).group(1).split(\",\")]\nitems = re.findall(r\"^(.+?) - \\$([0-9.]+)$\", content, re.M)\nprint(guests, items)",
        py(title),
        py(title)
    );
    let lookup = "contacts = all_pages(apis.phone.search_contacts, access_token=ph)\nemails = []\nfor name in guests:\n    emails.append(next(c[\"email\"] for c in contacts if c[\"first_name\"] == name))\nprint(emails)";
    let record = |debtors: &str, items_expr: &str| {
        format!(
            "gid = apis.splitwise.create_group(access_token=sw, name={}, member_emails=emails)[\"group_id\"]\nfor desc, amount in {items_expr}:\n    apis.splitwise.record_expense(access_token=sw, description=desc, paid_amount=float(amount), payer_email=profile[\"email\"], debtor_emails={debtors}, group_id=gid)\n{DONE}",
            py(group)
        )
    };
    let everyone = "[profile[\"email\"]] + emails";
    parts.ground_truth = vec![
        pre.clone(),
        read.clone(),
        lookup.to_string(),
        record(everyone, "items"),
    ];
    parts.wrong = vec![
        solution(
            "leaves the supervisor out of the split",
            vec![
                pre.clone(),
                read.clone(),
                lookup.to_string(),
                record("emails", "items"),
            ],
        ),
        solution(
            "looks the guests up by name on Splitwise and skips those under a nickname",
            vec![
                pre.clone(),
                read.clone(),
                "emails = []\nfor name in guests:\n    users = apis.splitwise.search_users(access_token=sw, query=name, page_limit=20)\n    hit = [u for u in users if u[\"name\"].split()[0] == name]\n    if hit:\n        emails.append(hit[0][\"email\"])".to_string(),
                record(everyone, "items"),
            ],
        ),
        solution(
            "records one expense for the whole total",
            vec![
                pre.clone(),
                read.clone(),
                lookup.to_string(),
                record(
                    everyone,
                    &format!("[({}, sum(float(a) for _, a in items))]", py(title)),
                ),
            ],
        ),
        solution(
            "adds the old party's guests too",
            vec![
                pre.clone(),
                read.clone(),
                format!("{lookup}\nfor name in {}:\n    emails.append(next(c[\"email\"] for c in contacts if c[\"first_name\"] == name))", py_list(&old_names)),
                record(everyone, "items"),
            ],
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

/// A Python list of strings.
fn py_list(items: &[String]) -> String {
    format!(
        "[{}]",
        items.iter().map(|s| py(s)).collect::<Vec<_>>().join(", ")
    )
}

// ---- 2. double Venmo payments ------------------------------------------------------------------

/// "Some friends paid me twice on Venmo by mistake in the last two weeks (same note, same amount,
/// same day). Send back each extra payment with the note `Refund: <note>` and text them." Near
/// misses: the same note and amount on different days, the same amount and day with another
/// note, a double payment the supervisor sent, and one older than two weeks. Variant 2 has two
/// payers; variant 3 one who paid three times.
fn double_payments(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| distinct_friends(pop, p).len() >= 5);
    let fr = distinct_friends(pop, &p);
    let v = g.variant;
    let now = g.now;
    let since = (now - Duration::days(14)).date();
    // (payer, note, cents, day offset, copies)
    let mut pays: Vec<(Person, &str, i64, i64, usize)> = Vec::new();
    let c1 = cents_of(&mut g.rng, 2_000, 9_000, 1);
    let c2_ = cents_of(&mut g.rng, 1_500, 6_000, 1);
    let c3 = cents_of(&mut g.rng, 1_000, 5_000, 1);
    let c4 = cents_of(&mut g.rng, 2_000, 7_000, 1);
    let note1 = ["Concert tickets", "Cabin deposit", "Airport taxi"][(v - 1) as usize];
    // Same note and amount on two different days: not a mistake.
    pays.push((fr[1].clone(), "Brunch", c2_, 11, 1));
    pays.push((fr[1].clone(), "Brunch", c2_, 4, 1));
    // Same amount and day, another note.
    pays.push((fr[2].clone(), "Groceries", c3, 6, 1));
    pays.push((fr[2].clone(), "Gas money", c3, 6, 1));
    if v == 2 {
        pays.push((fr[3].clone(), "Book club snacks", c4, 3, 2));
    } else {
        pays.push((fr[3].clone(), "Book club snacks", c4, 3, 1));
    }
    // A double payment older than two weeks.
    pays.push((fr[4].clone(), "Yoga class", 2_500, 20, 2));
    pays.push((fr[0].clone(), note1, c1, 2, if v == 3 { 3 } else { 2 }));
    let doubles: Vec<(Person, String, i64, usize)> = pays
        .iter()
        .filter(|x| x.4 > 1 && x.3 <= 14)
        .map(|x| (x.0.clone(), x.1.to_string(), x.2, x.4 - 1))
        .collect();
    let instruction = match v {
        1 => format!(
            "I think someone paid me twice on Venmo by mistake in the last two weeks (same note, same amount, same day). Send back the extra payment with the note \"Refund: <their note>\", and text them on my phone that I sent it back. Today is {}.",
            now.format("%Y-%m-%d")
        ),
        2 => format!(
            "A couple of friends sent me the same Venmo payment twice in the past 14 days (same note and amount on the same day). Return each duplicate with the note \"Refund: <original note>\" and send each of them a text that I refunded it. Today is {}.",
            now.format("%Y-%m-%d")
        ),
        _ => format!(
            "Check the Venmo payments I received in the last two weeks for accidental repeats (same sender, note, amount and day). Keep one of each and send back every extra copy with the note \"Refund: <note>\", then text the sender that I returned it. Today is {}.",
            now.format("%Y-%m-%d")
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "venmo", "phone"];
    let sup = p.clone();
    let fillers: Vec<Person> = fr.iter().skip(1).take(4).cloned().collect();
    let pays_s = pays.clone();
    let sent_to = fr[0].clone();
    parts.setup.push(step(move |s| {
        s.set_venmo_balance(&sup, 600.0)?;
        // Everyday payments in the window, and a double payment the supervisor sent.
        for (i, f) in fillers.iter().enumerate() {
            for (k, note) in ["Lunch", "Movie tickets", "Coffee"].iter().enumerate() {
                let at = now - Duration::days(1 + i as i64 * 3 + k as i64) - Duration::hours(3);
                s.add_venmo_payment(f, &sup, 9.0 + (i * 7 + k * 5) as f64, note, at)?;
            }
        }
        for (i, (who, note, cents, ago, copies)) in pays_s.iter().enumerate() {
            let at = now - Duration::days(*ago) - Duration::minutes(31 * i as i64 + 90);
            for k in 0..*copies {
                s.add_venmo_payment(
                    who,
                    &sup,
                    usd(*cents),
                    note,
                    at + Duration::minutes(2 * k as i64),
                )?;
            }
        }
        let at = now - Duration::days(5) - Duration::hours(2);
        s.add_venmo_payment(&sup, &sent_to, 42.0, "Parking", at)?;
        s.add_venmo_payment(&sup, &sent_to, 42.0, "Parking", at + Duration::minutes(1))?;
        Ok(())
    }));
    let pre = logins(&[("vm", "venmo"), ("ph", "phone")]);
    let find = |paged: bool, key: &str| {
        let list = if paged {
            format!(
                "got = all_pages(apis.venmo.show_transactions, access_token=vm, direction=\"received\", min_created_at=\"{since}\")"
            )
        } else {
            format!(
                "got = apis.venmo.show_transactions(access_token=vm, direction=\"received\", min_created_at=\"{since}\")"
            )
        };
        format!(
            "{list}\nseen = {{}}\nfor t in got:\n    key = {key}\n    seen.setdefault(key, []).append(t)\ndoubles = [(k, ts) for k, ts in seen.items() if len(ts) > 1]\nprint(doubles)"
        )
    };
    let full_key =
        "(t[\"sender\"][\"email\"], t[\"amount\"], t[\"description\"], t[\"created_at\"][:10])";
    let loose_key = "(t[\"sender\"][\"email\"], t[\"amount\"], t[\"created_at\"][:10])";
    let refund = |extra: &str| {
        format!(
            "contacts = all_pages(apis.phone.search_contacts, access_token=ph)\nfor k, ts in doubles:\n    t = ts[0]\n    for _ in {extra}:\n        apis.venmo.create_transaction(access_token=vm, receiver_email=t[\"sender\"][\"email\"], amount=t[\"amount\"], description=\"Refund: \" + t[\"description\"])\n    number = next(c[\"phone_number\"] for c in contacts if c[\"email\"] == t[\"sender\"][\"email\"])\n    apis.phone.send_text_message(access_token=ph, phone_number=number, message=\"Hi! You paid me twice for \" + t[\"description\"] + \" on Venmo, so I sent the extra $\" + str(t[\"amount\"]) + \" back.\")\n{DONE}"
        )
    };
    parts.ground_truth = vec![pre.clone(), find(true, full_key), refund("ts[1:]")];
    parts.wrong = vec![
        solution(
            "reads only the first page of payments",
            vec![pre.clone(), find(false, full_key), refund("ts[1:]")],
        ),
        solution(
            "treats the same amount on the same day as a repeat, whatever the note",
            vec![pre.clone(), find(true, loose_key), refund("ts[1:]")],
        ),
        solution(
            "sends back every copy, the one to keep too",
            vec![pre.clone(), find(true, full_key), refund("ts")],
        ),
        solution(
            "looks at all payments, not just the last two weeks",
            vec![
                pre.clone(),
                find(true, full_key).replace(&format!(", min_created_at=\"{since}\""), ""),
                refund("ts[1:]"),
            ],
        ),
    ];
    let shown = doubles
        .iter()
        .map(|(who, note, c, k)| format!("{k} x ${} \"Refund: {note}\" to {}", c2(*c), full(who)))
        .collect::<Vec<_>>()
        .join(", ");
    let (d1, d2, d3, d4) = (
        doubles.clone(),
        doubles.clone(),
        doubles.clone(),
        doubles.clone(),
    );
    parts.checks = vec![
        Check::new(format!("refunds sent: {shown}"), move |ctx| {
            let sent = payments_sent(ctx);
            for (who, _, c, k) in &d1 {
                let id = uid(ctx, "venmo", &who.email);
                let to: Vec<_> = sent.iter().filter(|s| Some(s.0) == id).collect();
                if to.len() != *k || !to.iter().all(|s| same_amount(s.1, usd(*c))) {
                    return Err(format!(
                        "{} payments to {}: {to:?}",
                        to.len(),
                        who.first_name
                    ));
                }
            }
            Ok(())
        }),
        Check::new(
            "each refund's note is \"Refund: <their note>\"",
            move |ctx| {
                let sent = payments_sent(ctx);
                if sent.is_empty() {
                    return Err("no refund".into());
                }
                for (who, note, _, _) in &d2 {
                    let id = uid(ctx, "venmo", &who.email);
                    if let Some(s) = sent
                        .iter()
                        .find(|s| Some(s.0) == id && !same_text(&s.2, &format!("Refund: {note}")))
                    {
                        return Err(format!("noted \"{}\"", s.2));
                    }
                }
                Ok(())
            },
        ),
        Check::new("no Venmo payment to anyone else", move |ctx| {
            let ids: Vec<Option<i64>> = d3.iter().map(|d| uid(ctx, "venmo", &d.0.email)).collect();
            match payments_sent(ctx)
                .iter()
                .find(|s| !ids.contains(&Some(s.0)))
            {
                Some(s) => Err(format!("${} to venmo user {}", s.1, s.0)),
                None => Ok(()),
            }
        }),
        Check::new(
            format!(
                "a text to {}",
                doubles
                    .iter()
                    .map(|d| d.0.first_name.clone())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            move |ctx| {
                let texts = sent_texts(ctx);
                for (who, _, _, _) in &d4 {
                    let id = phone_id(ctx.db, &who.phone_number);
                    if !texts.iter().any(|t| Some(t.0) == id) {
                        return Err(format!("no text to {}", who.first_name));
                    }
                }
                let ids: Vec<Option<i64>> = d4
                    .iter()
                    .map(|d| phone_id(ctx.db, &d.0.phone_number))
                    .collect();
                match texts.iter().find(|t| !ids.contains(&Some(t.0))) {
                    Some(t) => Err(format!("a text to phone user {}", t.0)),
                    None => Ok(()),
                }
            },
        ),
    ];
    parts.allowed = allow::venmo_money();
    parts.allowed.extend(allow::texts_sent());
    parts
}

// ---- 3. Venmo requests: roommates yes, strangers no -------------------------------------------

/// The status of the supervisor's received request with this id: pending, approved or denied.
fn request_status(ctx: &EvalCtx, id: i64) -> String {
    ctx.db
        .query_row_cached(
            "SELECT CASE WHEN approved_at IS NOT NULL THEN 'approved' WHEN denied_at IS NOT NULL THEN 'denied' ELSE 'pending' END \
             FROM venmo.payment_requests WHERE id = ?1",
            [id],
            |r| r.get(0),
        )
        .unwrap_or_else(|_| "missing".to_string())
}

/// Marks the requests the setup made, by the order they were added: their ids are looked up
/// at check time by (sender e-mail, amount, description).
fn find_request(ctx: &EvalCtx, from: &str, cents: i64, note: &str) -> Option<i64> {
    let me = ctx.user_id("venmo")?;
    let sender = uid(ctx, "venmo", from)?;
    ctx.db
        .query_row_cached(
            "SELECT id FROM venmo.payment_requests WHERE sender_id = ?1 AND receiver_id = ?2 AND abs(amount - ?3) < 0.005 AND description = ?4 ORDER BY id DESC LIMIT 1",
            rusqlite::params![sender, me, usd(cents), note],
            |r| r.get(0),
        )
        .ok()
}

/// "Decline the Venmo requests from people who aren't in my contacts and pay the ones from my
/// roommates; leave the rest." Pending requests come from roommates, strangers, a friend and a
/// coworker (in the contacts, but not a Venmo friend). Variant 3 has a stranger sharing a
/// contact's first name.
fn sort_requests(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        !related(pop, p, Relation::Roommate).is_empty()
            && !related(pop, p, Relation::Coworker).is_empty()
            && !related(pop, p, Relation::Friend).is_empty()
    });
    let v = g.variant;
    let mates = related(pop, &p, Relation::Roommate);
    let friend = related(pop, &p, Relation::Friend)[0].clone();
    let coworker = related(pop, &p, Relation::Coworker)[0].clone();
    let known_names: Vec<String> = known(pop, &p)
        .iter()
        .map(|k| k.first_name.clone())
        .collect();
    let strs = strangers(pop, &p);
    let mut picked: Vec<Person> = Vec::new();
    if let Some(s) = strs
        .iter()
        .find(|s| v == 3 && known_names.contains(&s.first_name))
    {
        picked.push(s.clone());
    }
    for s in &strs {
        if picked.len() >= 2 + usize::from(v == 2) {
            break;
        }
        if !picked.iter().any(|x| x.id == s.id) {
            picked.push(s.clone());
        }
    }
    // (who, cents, note, days ago, decision)
    let mut asks: Vec<(Person, i64, String, i64, &str)> = Vec::new();
    asks.push((
        picked[0].clone(),
        cents_of(&mut g.rng, 3_000, 15_000, 1),
        "Event tickets".into(),
        12,
        "denied",
    ));
    let m0 = &mates[0];
    asks.push((
        m0.clone(),
        cents_of(&mut g.rng, 4_000, 9_000, 1),
        "Internet - May".into(),
        6,
        "approved",
    ));
    asks.push((
        friend.clone(),
        cents_of(&mut g.rng, 2_000, 6_000, 1),
        "Dinner".into(),
        5,
        "pending",
    ));
    asks.push((
        picked[1].clone(),
        cents_of(&mut g.rng, 5_000, 20_000, 1),
        "Invoice 4471".into(),
        4,
        "denied",
    ));
    asks.push((
        coworker.clone(),
        cents_of(&mut g.rng, 1_000, 3_000, 1),
        "Team lunch".into(),
        3,
        "pending",
    ));
    asks.push((
        m0.clone(),
        cents_of(&mut g.rng, 2_000, 5_000, 1),
        "Groceries".into(),
        2,
        "approved",
    ));
    if let Some(m1) = mates.get(1) {
        asks.push((
            m1.clone(),
            cents_of(&mut g.rng, 2_000, 5_000, 1),
            "Cleaning supplies".into(),
            1,
            "approved",
        ));
    }
    if let Some(s) = picked.get(2) {
        asks.push((
            s.clone(),
            cents_of(&mut g.rng, 1_000, 4_000, 1),
            "Refund please".into(),
            1,
            "denied",
        ));
    }
    let instruction = match v {
        1 => "Go through my pending Venmo payment requests: decline the ones from people who aren't in my phone contacts, pay the ones from my roommates, and leave the others alone.".to_string(),
        2 => "I have a pile of Venmo requests waiting. Pay everything my roommates asked for, deny anything from people I don't have in my contacts, and don't touch the rest.".to_string(),
        _ => "Handle my pending Venmo requests: approve the ones my roommates sent, decline requests from anyone who isn't saved in my phone's contacts, and keep the other requests pending.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "venmo", "phone"];
    let now = g.now;
    let (sup, asks_s) = (p.clone(), asks.clone());
    parts.setup.push(step(move |s| {
        s.remove_pending_venmo_requests(&sup, false)?;
        s.set_venmo_balance(&sup, 800.0)?;
        for (i, (who, cents, note, ago, _)) in asks_s.iter().enumerate() {
            let at = now - Duration::days(*ago) - Duration::minutes(47 * i as i64 + 30);
            s.add_venmo_request(who, &sup, usd(*cents), note, at)?;
        }
        Ok(())
    }));
    let pre = logins(&[("vm", "venmo"), ("ph", "phone")]);
    let list = |paged: bool| {
        if paged {
            "reqs = all_pages(apis.venmo.show_received_payment_requests, access_token=vm, status=\"pending\")"
        } else {
            "reqs = apis.venmo.show_received_payment_requests(access_token=vm, status=\"pending\")"
        }
    };
    let contacts = "contacts = all_pages(apis.phone.search_contacts, access_token=ph)\nknown = {c[\"email\"] for c in contacts}\nmates = {c[\"email\"] for c in contacts if \"roommate\" in c[\"relationships\"]}\nprint(len(reqs), mates)";
    let act = |approve: &str, deny: &str| {
        format!(
            "for r in reqs:\n    e = r[\"sender\"][\"email\"]\n    if {approve}:\n        apis.venmo.approve_payment_request(access_token=vm, payment_request_id=r[\"payment_request_id\"])\n    elif {deny}:\n        apis.venmo.deny_payment_request(access_token=vm, payment_request_id=r[\"payment_request_id\"])\n{DONE}"
        )
    };
    let right = act("e in mates", "e not in known");
    parts.ground_truth = vec![
        pre.clone(),
        format!("{}\n{contacts}", list(true)),
        right.clone(),
    ];
    parts.wrong = vec![
        solution(
            "reads only the first page of requests",
            vec![
                pre.clone(),
                format!("{}\n{contacts}", list(false)),
                right.clone(),
            ],
        ),
        solution(
            "judges strangers by Venmo friendship instead of the contacts",
            vec![
                pre.clone(),
                format!(
                    "{}\n{contacts}\nknown = {{f[\"email\"] for f in all_pages(apis.venmo.search_friends, access_token=vm)}}",
                    list(true)
                ),
                right.clone(),
            ],
        ),
        solution(
            "pays every request from a contact",
            vec![
                pre.clone(),
                format!("{}\n{contacts}", list(true)),
                act("e in known", "e not in known"),
            ],
        ),
    ];
    if v == 3 && known_names.contains(&picked[0].first_name) {
        parts.wrong.push(solution(
            "matches contacts by first name",
            vec![
                pre.clone(),
                format!("{}\n{contacts}\nfirst = {{c[\"first_name\"] for c in contacts}}\nfor r in reqs:\n    if r[\"sender\"][\"name\"].split()[0] in first:\n        known.add(r[\"sender\"][\"email\"])", list(true)),
                right.clone(),
            ],
        ));
    }
    let of = |d: &str| -> Vec<(String, i64, String)> {
        asks.iter()
            .filter(|a| a.4 == d)
            .map(|a| (a.0.email.clone(), a.1, a.2.clone()))
            .collect()
    };
    let show = |d: &str| -> String {
        asks.iter()
            .filter(|a| a.4 == d)
            .map(|a| format!("{} ${} \"{}\"", full(&a.0), c2(a.1), a.2))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let status_check = |d: &'static str, label: String, list: Vec<(String, i64, String)>| {
        Check::new(label, move |ctx| {
            for (e, c, n) in &list {
                let id = find_request(ctx, e, *c, n).ok_or(format!("no request {n}"))?;
                let s = request_status(ctx, id);
                if s != d {
                    return Err(format!("\"{n}\" from {e} is {s}"));
                }
            }
            Ok(())
        })
    };
    let paid: Vec<(String, i64)> = asks
        .iter()
        .filter(|a| a.4 == "approved")
        .map(|a| (a.0.email.clone(), a.1))
        .collect();
    let total: i64 = paid.iter().map(|x| x.1).sum();
    parts.checks = vec![
        status_check(
            "approved",
            format!("approved: {}", show("approved")),
            of("approved"),
        ),
        status_check(
            "denied",
            format!("declined: {}", show("denied")),
            of("denied"),
        ),
        status_check(
            "pending",
            format!("still pending: {}", show("pending")),
            of("pending"),
        ),
        Check::new(
            format!(
                "Venmo payments only for the approved requests (${} in all)",
                c2(total)
            ),
            move |ctx| {
                let sent = payments_sent(ctx);
                let mut left: Vec<(Option<i64>, f64)> = paid
                    .iter()
                    .map(|(e, c)| (uid(ctx, "venmo", e), usd(*c)))
                    .collect();
                for s in &sent {
                    match left
                        .iter()
                        .position(|l| l.0 == Some(s.0) && same_amount(l.1, s.1))
                    {
                        Some(i) => {
                            left.remove(i);
                        }
                        None => return Err(format!("${} to venmo user {}", s.1, s.0)),
                    }
                }
                if left.is_empty() {
                    Ok(())
                } else {
                    Err(format!("{} approved requests not paid", left.len()))
                }
            },
        ),
    ];
    parts.allowed = allow::venmo_money();
    parts.allowed.push(Allow::new(
        "the supervisor's answers to requests",
        |ctx, r| {
            r.is("venmo", "payment_requests")
                && r.get("receiver_id").as_i64() == ctx.user_id("venmo")
                && updates_only(r, &["approved_at", "denied_at", "updated_at"])
        },
    ));
    parts
}

// ---- 4. Venmo wallet to the card that has not expired -----------------------------------------

/// "Move what's in my Venmo wallet beyond the reserve my budget note names to my bank card
/// that hasn't expired." The cards saved in Venmo are replaced by a designed set: expired ones
/// listed first, one valid. The budget note has an older, crossed-out reserve.
fn wallet_to_card(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let v = g.variant;
    let balance = cents_of(&mut g.rng, 30_000, 90_000, 1);
    let keep = [5_000, 7_500, 12_000][(v - 1) as usize];
    let old_keep = keep + 2_500;
    // (name, expiry year, month, valid)
    let cards: Vec<(&str, i64, i64, bool)> = match v {
        1 => vec![
            ("Chase Freedom", 2022, 11, false),
            ("Wells Fargo Debit", 2026, 8, true),
        ],
        2 => vec![
            ("Citi Double Cash", 2023, 2, false),
            ("Discover It", 2021, 6, false),
            ("Capital One Savor", 2025, 3, true),
        ],
        _ => vec![
            ("Amex Blue", 2023, 4, false),
            ("Bank of America Debit", 2027, 1, true),
            ("Chase Sapphire", 2022, 12, false),
        ],
    };
    let valid = cards.iter().find(|c| c.3).map(|c| c.0).unwrap_or("");
    let title = ["Monthly budget", "Money plan", "Budget - May"][(v - 1) as usize];
    let content = format!(
        "Rent: $1,450\nGroceries: $400\nSavings goal: $300\n~~Venmo reserve: ${}~~ (April)\nVenmo reserve: ${}\nSubscriptions: $38.97",
        c2(old_keep),
        c2(keep)
    );
    let mut notes = g.filler(&p, 5, &[], &[title]);
    let mine = vec![g.note(title, &content, &["finance"], true, 9)];
    notes = mix(&mut g.rng, notes, mine);
    let instruction = match v {
        1 => format!(
            "Move the money in my Venmo wallet to my bank card that hasn't expired, but leave the Venmo reserve from my \"{title}\" note in the wallet."
        ),
        2 => format!(
            "Transfer my Venmo balance to whichever of my saved cards is still valid, keeping back only the current Venmo reserve written in my note \"{title}\"."
        ),
        _ => format!(
            "Cash out Venmo: send everything above the Venmo reserve in my \"{title}\" note to the card on my Venmo account that isn't expired."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.notes = Some(notes);
    parts.apps = vec!["supervisor", "simple_note", "venmo"];
    let (sup, cards_s) = (p.clone(), cards.clone());
    let base_no = 4_100_000_000_000_000 + p.id * 1_000_000;
    parts.setup.push(step(move |s| {
        s.execute(
            "DELETE FROM venmo.payment_cards WHERE user_id = ?1",
            [s.user_id("venmo", &sup)?],
        )?;
        s.set_venmo_balance(&sup, usd(balance))?;
        for (i, (name, y, m, _)) in cards_s.iter().enumerate() {
            s.add_venmo_card(
                &sup,
                name,
                base_no + 1_111 * (i as i64 + 1),
                *y,
                *m,
                100 + 37 * i as i64,
                2_000.0,
            )?;
        }
        Ok(())
    }));
    let pre = logins(&[("sn", "simple_note"), ("vm", "venmo")]);
    let read = format!(
        "notes = all_pages(apis.simple_note.search_notes, access_token=sn)\nnote = next(n for n in notes if n[\"title\"] == {})\ncontent = apis.simple_note.show_note(access_token=sn, note_id=note[\"note_id\"])[\"content\"]\nkeep = float(re.search(r\"^Venmo reserve: \\$([0-9.,]+)$\", content, re.M).group(1).replace(\",\", \"\"))\nbalance = apis.venmo.show_venmo_balance(access_token=vm)[\"venmo_balance\"]\ncards = apis.venmo.show_payment_cards(access_token=vm)\nprint(keep, balance, cards)",
        py(title)
    );
    let valid_py = format!(
        "card = next(c for c in cards if (c[\"expiry_year\"], c[\"expiry_month\"]) >= ({}, {}))",
        g.now.format("%Y"),
        g.now.format("%-m")
    );
    let send = |card: &str, amount: &str| {
        format!(
            "{card}\napis.venmo.withdraw_from_venmo_balance(access_token=vm, amount={amount}, payment_card_id=card[\"payment_card_id\"])\n{DONE}"
        )
    };
    parts.ground_truth = vec![
        pre.clone(),
        read.clone(),
        send(&valid_py, "round(balance - keep, 2)"),
    ];
    parts.wrong = vec![
        solution(
            "moves the whole balance",
            vec![pre.clone(), read.clone(), send(&valid_py, "balance")],
        ),
        solution(
            "keeps April's crossed-out reserve",
            vec![
                pre.clone(),
                read.clone(),
                send(&valid_py, &format!("round(balance - {}, 2)", c2(old_keep))),
            ],
        ),
        solution(
            "moves only the reserve",
            vec![pre.clone(), read.clone(), send(&valid_py, "keep")],
        ),
        solution(
            "uses the first card listed",
            vec![
                pre.clone(),
                read.clone(),
                send("card = cards[0]", "round(balance - keep, 2)"),
            ],
        ),
    ];
    let moved = balance - keep;
    let transfers = |ctx: &EvalCtx| -> Vec<(String, f64, String)> {
        let me = ctx.user_id("venmo");
        added(ctx, "venmo", "bank_transfers")
            .into_iter()
            .filter(|r| r.get("user_id").as_i64() == me)
            .map(|r| {
                (
                    r.get("transfer_type").as_str().unwrap_or("").to_string(),
                    r.get("amount").as_f64().unwrap_or(0.0),
                    match r.get("payment_card_digits") {
                        serde_json::Value::String(d) => d.clone(),
                        other => other.to_string(),
                    },
                )
            })
            .collect()
    };
    let valid_at = cards.iter().position(|c| c.3).unwrap_or(0) as i64;
    let digits = format!("{}", (base_no + 1_111 * (valid_at + 1)) % 10_000);
    parts.checks = vec![
        Check::new("exactly one transfer from Venmo to a card", move |ctx| {
            let t = transfers(ctx);
            match t.as_slice() {
                [one] if one.0 == "venmo_to_card" => Ok(()),
                _ => Err(format!("transfers {t:?}")),
            }
        }),
        Check::new(
            format!("it moves ${}", c2(moved)),
            move |ctx| match transfers(ctx).first() {
                Some(t) if same_amount(t.1, usd(moved)) => Ok(()),
                Some(t) => Err(format!("${}", t.1)),
                None => Err("no transfer".into()),
            },
        ),
        Check::new(
            format!("to the valid card, {valid} (…{digits})"),
            move |ctx| match transfers(ctx).first() {
                Some(t) if t.2.ends_with(&digits) => Ok(()),
                Some(t) => Err(format!("to the card ending {}", t.2)),
                None => Err("no transfer".into()),
            },
        ),
        Check::new(format!("${} stays in the wallet", c2(keep)), move |ctx| {
            let b: f64 = ctx
                .db
                .query_row_cached(
                    "SELECT venmo_balance FROM venmo.users WHERE id = ?1",
                    [ctx.user_id("venmo").unwrap_or(0)],
                    |r| r.get(0),
                )
                .unwrap_or(0.0);
            if same_amount(b, usd(keep)) {
                Ok(())
            } else {
                Err(format!("${b}"))
            }
        }),
    ];
    parts.allowed = vec![
        allow_added("the withdrawal", "venmo", "bank_transfers", |ctx, r| {
            r.get("user_id").as_i64() == ctx.user_id("venmo")
        }),
        Allow::new("the wallet balance", |_, r| {
            r.is("venmo", "users") && updates_only(r, &["venmo_balance"])
        }),
        Allow::new("the card's bank balance", |_, r| {
            r.is("admin", "payment_cards") && updates_only(r, &["balance"])
        }),
        allow_added("Venmo notifications", "venmo", "notifications", |_, _| true),
        Allow::new("the confirmation Venmo e-mails", |_, r| r.schema == "gmail"),
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
    ];
    parts
}

// ---- 5. Splitwise payments for a roommate's Venmo payments -------------------------------------

/// The Splitwise payments the episode added: (group, payer, receiver, amount, description).
fn new_payments(ctx: &EvalCtx) -> Vec<(Option<i64>, i64, i64, f64, String)> {
    added(ctx, "splitwise", "payments")
        .into_iter()
        .map(|r| {
            (
                r.get("group_id").as_i64(),
                r.get("payer_id").as_i64().unwrap_or(0),
                r.get("receiver_id").as_i64().unwrap_or(0),
                r.get("amount").as_f64().unwrap_or(0.0),
                r.get("description").as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// "My roommates paid me back on Venmo this month; record each of those payments in our
/// Roommates group on Splitwise (same amount and note)." Near misses: a payment the supervisor
/// sent a roommate, April's payments, a friend's payment this month. Variant 2 stores a
/// roommate under a nickname; variant 3 adds a payment on the 1st.
fn venmo_to_splitwise(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        !related(pop, p, Relation::Roommate).is_empty()
            && !related(pop, p, Relation::Friend).is_empty()
    });
    let v = g.variant;
    let mates = related(pop, &p, Relation::Roommate);
    let friend = related(pop, &p, Relation::Friend)[0].clone();
    let now = g.now;
    let month_start = NaiveDate::from_ymd_opt(2023, 5, 1)
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .unwrap_or(now);
    // (from, to, cents, note, at, counts)
    let mut pays: Vec<(Person, Person, i64, String, NaiveDateTime, bool)> = Vec::new();
    let notes = [
        "Internet share",
        "Groceries",
        "Electricity - April",
        "Pizza night",
    ];
    for (i, note) in notes.iter().enumerate().take(3) {
        let m = &mates[i % mates.len()];
        let c = cents_of(&mut g.rng, 1_500, 9_000, 1);
        let at = on(2023, 5, 3 + 4 * i as u32, 19, 10 + i as u32);
        pays.push((m.clone(), p.clone(), c, note.to_string(), at, true));
    }
    if v == 3 {
        let c = cents_of(&mut g.rng, 1_500, 9_000, 1);
        pays.push((
            mates[0].clone(),
            p.clone(),
            c,
            notes[3].to_string(),
            on(2023, 5, 1, 8, 5),
            true,
        ));
    }
    let c = cents_of(&mut g.rng, 1_500, 9_000, 1);
    pays.push((
        p.clone(),
        mates[0].clone(),
        c,
        "Cleaning supplies".into(),
        on(2023, 5, 9, 12, 0),
        false,
    ));
    let c = cents_of(&mut g.rng, 1_500, 9_000, 1);
    pays.push((
        mates[0].clone(),
        p.clone(),
        c,
        "Water bill".into(),
        on(2023, 4, 27, 20, 0),
        false,
    ));
    let c = cents_of(&mut g.rng, 1_500, 9_000, 1);
    pays.push((
        friend.clone(),
        p.clone(),
        c,
        "Concert tickets".into(),
        on(2023, 5, 10, 21, 0),
        false,
    ));
    let counted: Vec<(Person, i64, String)> = pays
        .iter()
        .filter(|x| x.5)
        .map(|x| (x.0.clone(), x.2, x.3.clone()))
        .collect();
    let instruction = match v {
        1 => "My roommate paid me back a few times on Venmo this month. Record each of those Venmo payments as a payment in our Roommates group on Splitwise, with the same amount and note.".to_string(),
        2 => "Every Venmo payment I received from my roommates so far this month should also be on Splitwise: add each one as a payment from them to me in our Roommates group, using the Venmo note as the description.".to_string(),
        _ => "Sync Splitwise with Venmo: for each payment my roommates sent me on Venmo this month, record a matching payment (same amount, Venmo note as description) in our Roommates group.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "venmo", "splitwise"];
    let (sup, ms, pays_s, fr) = (p.clone(), mates.clone(), pays.clone(), friend.clone());
    let nick = nickname(pop, &p, 2);
    parts.setup.push(step(move |s| {
        for m in ms.iter().chain(std::iter::once(&fr)) {
            s.remove_venmo_transactions_between(&sup, m, month_start - Duration::days(10), now)?;
        }
        if v == 2 {
            s.relabel_contact(&sup, &ms[0], &nick, &["roommate"])?;
        }
        for (from, to, c, note, at, _) in &pays_s {
            s.add_venmo_payment(from, to, usd(*c), note, *at)?;
        }
        Ok(())
    }));
    let pre = logins(&[("ph", "phone"), ("vm", "venmo"), ("sw", "splitwise")]);
    let find = |filter: &str| {
        format!(
            "mates = all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"roommate\")\ngot = []\nfor m in mates:\n    got += all_pages(apis.venmo.show_transactions, access_token=vm, user_email=m[\"email\"]{filter})\ngroups = all_pages(apis.splitwise.show_groups, access_token=sw)\ngid = next(x[\"group_id\"] for x in groups if x[\"name\"] == \"Roommates\")\nprint(len(got), gid)"
        )
    };
    let right_filter = ", direction=\"received\", min_created_at=\"2023-05-01\"";
    let record = |payer: &str, receiver: &str, group: &str| {
        format!(
            "for t in got:\n    apis.splitwise.record_payment(access_token=sw, payer_email={payer}, receiver_email={receiver}, amount=t[\"amount\"], description=t[\"description\"]{group})\n{DONE}"
        )
    };
    let right = record(
        "t[\"sender\"][\"email\"]",
        "t[\"receiver\"][\"email\"]",
        ", group_id=gid",
    );
    parts.ground_truth = vec![pre.clone(), find(right_filter), right.clone()];
    parts.wrong = vec![
        solution(
            "records the payments the supervisor sent too",
            vec![
                pre.clone(),
                find(", min_created_at=\"2023-05-01\""),
                right.clone(),
            ],
        ),
        solution(
            "takes every payment from them, April's too",
            vec![pre.clone(), find(", direction=\"received\""), right.clone()],
        ),
        solution(
            "records them outside the group",
            vec![
                pre.clone(),
                find(right_filter),
                record("t[\"sender\"][\"email\"]", "t[\"receiver\"][\"email\"]", ""),
            ],
        ),
        solution(
            "swaps payer and receiver",
            vec![
                pre.clone(),
                find(right_filter),
                record(
                    "t[\"receiver\"][\"email\"]",
                    "t[\"sender\"][\"email\"]",
                    ", group_id=gid",
                ),
            ],
        ),
    ];
    let shown = counted
        .iter()
        .map(|(m, c, n)| format!("{} ${} \"{n}\"", m.first_name, c2(*c)))
        .collect::<Vec<_>>()
        .join(", ");
    let (k1, k2, k3) = (counted.clone(), counted.clone(), counted.clone());
    let n_want = counted.len();
    let group_of = |ctx: &EvalCtx| -> Option<i64> {
        let me = ctx.user_id("splitwise")?;
        ctx.db
            .query_row_cached(
                "SELECT g.id FROM splitwise.groups g JOIN splitwise.group_members m ON m.group_id = g.id \
                 WHERE m.user_id = ?1 AND g.name = 'Roommates' ORDER BY g.id LIMIT 1",
                [me],
                |r| r.get(0),
            )
            .ok()
    };
    parts.checks = vec![
        Check::new(
            format!("{n_want} Splitwise payments recorded"),
            move |ctx| match new_payments(ctx).len() {
                n if n == n_want => Ok(()),
                n => Err(format!("{n} payments")),
            },
        ),
        Check::new(format!("one for each Venmo payment: {shown}"), move |ctx| {
            let mut got = new_payments(ctx);
            for (m, c, _) in &k1 {
                let id = uid(ctx, "splitwise", &m.email);
                match got
                    .iter()
                    .position(|x| Some(x.1) == id && same_amount(x.3, usd(*c)))
                {
                    Some(i) => {
                        got.remove(i);
                    }
                    None => return Err(format!("none of ${} from {}", c2(*c), m.first_name)),
                }
            }
            Ok(())
        }),
        Check::new("each is paid to the supervisor", move |ctx| {
            let me = ctx.user_id("splitwise").unwrap_or(0);
            match new_payments(ctx).iter().find(|x| x.2 != me) {
                Some(x) => Err(format!("${} received by user {}", x.3, x.2)),
                None => Ok(()),
            }
        }),
        Check::new("each is in the Roommates group", move |ctx| {
            let gid = group_of(ctx);
            match new_payments(ctx)
                .iter()
                .find(|x| x.0 != gid || gid.is_none())
            {
                Some(x) => Err(format!("${} in group {:?}", x.3, x.0)),
                None => Ok(()),
            }
        }),
        Check::new("each has its Venmo note as description", move |ctx| {
            let got = new_payments(ctx);
            for (_, c, n) in &k2 {
                if !got
                    .iter()
                    .any(|x| same_amount(x.3, usd(*c)) && same_text(&x.4, n))
                {
                    return Err(format!("no payment described \"{n}\""));
                }
            }
            Ok(())
        }),
        Check::new("nothing recorded for other Venmo payments", move |ctx| {
            let want: Vec<f64> = k3.iter().map(|x| usd(x.1)).collect();
            match new_payments(ctx)
                .iter()
                .find(|x| !want.iter().any(|w| same_amount(*w, x.3)))
            {
                Some(x) => Err(format!("a payment of ${}", x.3)),
                None => Ok(()),
            }
        }),
    ];
    parts.allowed = vec![
        allow_added(
            "the recorded payments",
            "splitwise",
            "payments",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("splitwise"),
        ),
        allow::splitwise_notifications(),
    ];
    parts
}

// ---- 6. tickets split by the counts friends texted ---------------------------------------------

/// "I bought the tickets (receipt in my file system); the friends who want some texted me how
/// many. Record one expense outside any group, paid by me: each friend owes their tickets, I
/// owe the rest." The supervisor's own text announcing the total also matches; an older
/// receipt for another event sits beside it. Variant 2: a friend changes their count in a
/// later text; variant 3 files the receipt in a nested folder and has three friends.
fn ticket_shares(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| distinct_friends(pop, p).len() >= 4);
    let fr = distinct_friends(pop, &p);
    let v = g.variant;
    let (event, path, old_path) = match v {
        1 => (
            "Coldplay",
            "~/documents/receipts/coldplay_tickets.pdf",
            "~/documents/receipts/jazz_night_tickets.pdf",
        ),
        2 => (
            "Hamilton",
            "~/documents/receipts/hamilton_tickets.pdf",
            "~/documents/receipts/jazz_night_tickets.pdf",
        ),
        _ => (
            "Lakers",
            "~/documents/receipts/events/2023/lakers_tickets.pdf",
            "~/documents/receipts/events/2022/jazz_night_tickets.pdf",
        ),
    };
    let n_friends = if v == 3 { 3 } else { 2 };
    let counts: Vec<i64> = match v {
        1 => vec![2, 1],
        2 => vec![3, 2],
        _ => vec![1, 2, 2],
    };
    let mine = if v == 2 { 1 } else { 2 };
    let total_n: i64 = counts.iter().sum::<i64>() + mine;
    let price = cents_of(&mut g.rng, 4_500, 15_000, 1);
    let total = price * total_n;
    let friends: Vec<Person> = fr.iter().take(n_friends).cloned().collect();
    let other = fr[n_friends].clone();
    let receipt = format!(
        "Ticketmaster\nOrder for {}\nEvent: {event}\nTickets: {total_n} x ${}\nTotal: ${}\nEnjoy the show!",
        full(&p),
        c2(price),
        c2(total)
    );
    let old_receipt = format!(
        "Ticketmaster\nOrder for {}\nEvent: Jazz Night\nTickets: 4 x $35.00\nTotal: $140.00\nEnjoy the show!",
        full(&p)
    );
    let instruction = match v {
        1 => format!(
            "I bought the {event} tickets for me and some friends; the receipt is in my file system. The friends who want tickets texted me how many they need. Record it on Splitwise as one expense, not in any group, paid by me and described \"{event} tickets\": each of those friends owes the price of their tickets, and I owe for the rest."
        ),
        2 => format!(
            "Put the {event} tickets on Splitwise: one expense outside groups called \"{event} tickets\", paid by me for the total on the receipt in my files. My friends told me by text how many tickets they want (go by what they said last); they each owe their tickets and the remaining ones are mine."
        ),
        _ => format!(
            "Add an expense \"{event} tickets\" to Splitwise (no group) for the {event} tickets I bought; find the receipt in my file system. Each friend who texted me how many they wanted owes their tickets' price, and the leftover tickets are my share. I paid."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "phone", "splitwise"];
    let now = g.now;
    let (sup, fs_, oth) = (p.clone(), friends.clone(), other.clone());
    let (path_s, old_s, ev) = (path.to_string(), old_path.to_string(), event.to_string());
    let counts_s = counts.clone();
    parts.setup.push(step(move |s| {
        s.add_file(&sup, &old_s, &old_receipt, now - Duration::days(80))?;
        s.add_file(&sup, &path_s, &receipt, now - Duration::days(6))?;
        s.add_text(
            &oth,
            &sup,
            "Can I get 2 tickets for the jazz night?",
            now - Duration::days(85),
        )?;
        for (i, (f, c)) in fs_.iter().zip(&counts_s).enumerate() {
            let at = now - Duration::days(5) + Duration::hours(3 * i as i64);
            if v == 2 && i == 0 {
                s.add_text(f, &sup, &format!("I'm in for {ev}! Put me down for 1 ticket."), at - Duration::hours(20))?;
                s.add_text(f, &sup, &format!("Change of plans for {ev}: my brother is coming, so {c} tickets for me please."), at)?;
            } else {
                let t = if *c == 1 { "ticket" } else { "tickets" };
                s.add_text(f, &sup, &format!("Count me in for {ev}, I'd like {c} {t}!"), at)?;
            }
        }
        s.add_text(
            &sup,
            &fs_[0],
            &format!("Got the {ev} seats, {total_n} tickets in total!"),
            now - Duration::days(6) + Duration::hours(1),
        )?;
        Ok(())
    }));
    let pre = logins(&[("fs", "file_system"), ("ph", "phone"), ("sw", "splitwise")]);
    let read = |pick: &str| {
        format!(
            "paths = apis.file_system.show_directory(access_token=fs, directory_path=\"~/\", substring=\"tickets\", entry_type=\"files\")\nfiles = [apis.file_system.show_file(access_token=fs, file_path=q) for q in paths]\n{pick}\nm = re.search(r\"Tickets: (\\d+) x \\$([0-9.]+)\", receipt[\"content\"])\nn, price = int(m.group(1)), float(m.group(2))\nprint(n, price)"
        )
    };
    let right_pick = format!(
        "receipt = next(f for f in files if {} in f[\"content\"])",
        py(&format!("Event: {event}"))
    );
    let texts = |order: &str| {
        format!(
            "msgs = all_pages(apis.phone.search_text_messages, access_token=ph, query={})\nwant = {{}}\nfor m in sorted(msgs, key=lambda m: m[\"sent_at\"]{order}):\n    k = re.search(r\"(\\d+) tickets?\", m[\"message\"])\n    if k and {} in m[\"message\"] and m[\"receiver\"][\"phone_number\"] == profile[\"phone_number\"]:\n        want[m[\"sender\"][\"phone_number\"]] = int(k.group(1))\ncontacts = all_pages(apis.phone.search_contacts, access_token=ph)\nemail = {{c[\"phone_number\"]: c[\"email\"] for c in contacts}}\nprint(want)",
            py(event),
            py(event)
        )
    };
    let record = |shares: bool| {
        let amounts = if shares {
            ", debt_amounts=[round((n - sum(want.values())) * price, 2)] + [round(k * price, 2) for k in want.values()]"
        } else {
            ""
        };
        format!(
            "apis.splitwise.record_expense(access_token=sw, description={}, paid_amount=round(n * price, 2), payer_email=profile[\"email\"], debtor_emails=[profile[\"email\"]] + [email[q] for q in want]{amounts})\n{DONE}",
            py(&format!("{event} tickets"))
        )
    };
    parts.ground_truth = vec![pre.clone(), read(&right_pick), texts(""), record(true)];
    parts.wrong = vec![
        solution(
            "splits the total equally",
            vec![pre.clone(), read(&right_pick), texts(""), record(false)],
        ),
        solution(
            "takes the older tickets receipt",
            vec![
                pre.clone(),
                read("receipt = min(files, key=lambda f: f[\"created_at\"])"),
                texts(""),
                record(true),
            ],
        ),
        solution(
            "counts the supervisor's own text as a friend's",
            vec![
                pre.clone(),
                read(&right_pick),
                "contacts = all_pages(apis.phone.search_contacts, access_token=ph)\nemail = {c[\"phone_number\"]: c[\"email\"] for c in contacts}\nemail[profile[\"phone_number\"]] = profile[\"email\"]".to_string(),
                texts("").replace(
                    " and m[\"receiver\"][\"phone_number\"] == profile[\"phone_number\"]",
                    " and m[\"sender\"][\"phone_number\"] in email",
                ).replace("contacts = all_pages(apis.phone.search_contacts, access_token=ph)\nemail = {c[\"phone_number\"]: c[\"email\"] for c in contacts}\n", ""),
                record(true),
            ],
        ),
    ];
    if v == 2 {
        parts.wrong.push(solution(
            "goes by each friend's first text",
            vec![
                pre.clone(),
                read(&right_pick),
                texts(", reverse=True"),
                record(true),
            ],
        ));
    }
    let want: Vec<(Option<Person>, i64)> = std::iter::once((None, mine * price))
        .chain(
            friends
                .iter()
                .zip(&counts)
                .map(|(f, c)| (Some(f.clone()), c * price)),
        )
        .collect();
    let shown = want
        .iter()
        .map(|(f, c)| {
            format!(
                "{} ${}",
                f.as_ref()
                    .map_or("the supervisor".to_string(), |f| f.first_name.clone()),
                c2(*c)
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    let desc = format!("{event} tickets");
    let d1 = desc.clone();
    parts.checks = vec![
        Check::new("exactly one new expense", |ctx| {
            match new_expenses(ctx).len() {
                1 => Ok(()),
                n => Err(format!("{n} expenses")),
            }
        }),
        Check::new(
            format!("for the receipt's total, ${}", c2(total)),
            move |ctx| match new_expenses(ctx).first() {
                Some(e) if same_amount(e.4, usd(total)) => Ok(()),
                Some(e) => Err(format!("${}", e.4)),
                None => Err("no expense".into()),
            },
        ),
        Check::new(
            format!("described \"{desc}\""),
            move |ctx| match new_expenses(ctx).first() {
                Some(e) if same_text(&e.3, &d1) => Ok(()),
                Some(e) => Err(format!("\"{}\"", e.3)),
                None => Err("no expense".into()),
            },
        ),
        Check::new("paid by the supervisor, outside any group", |ctx| {
            let me = ctx.user_id("splitwise").unwrap_or(0);
            match new_expenses(ctx).first() {
                Some(e) if e.2 == me && e.1.is_none() => Ok(()),
                Some(e) => Err(format!("payer {}, group {:?}", e.2, e.1)),
                None => Err("no expense".into()),
            }
        }),
        Check::new(format!("shares: {shown}"), move |ctx| {
            let e = new_expenses(ctx).first().cloned().ok_or("no expense")?;
            let shares = expense_shares(ctx, e.0);
            if shares.len() != want.len() {
                return Err(format!("{} shares", shares.len()));
            }
            for (f, c) in &want {
                let id = match f {
                    Some(f) => uid(ctx, "splitwise", &f.email),
                    None => ctx.user_id("splitwise"),
                };
                if !shares
                    .iter()
                    .any(|s| Some(s.0) == id && same_amount(s.1, usd(*c)))
                {
                    return Err(format!(
                        "no share of ${} for user {id:?}: {shares:?}",
                        c2(*c)
                    ));
                }
            }
            Ok(())
        }),
    ];
    parts.allowed = vec![
        allow_added("the expense", "splitwise", "expenses", |ctx, r| {
            r.get("user_id").as_i64() == ctx.user_id("splitwise")
        }),
        allow_added("its shares", "splitwise", "expense_shares", |_, _| true),
        allow::splitwise_notifications(),
    ];
    parts
}

// ---- 7. a Todoist project's done purchases into its Splitwise group ---------------------------

/// "Add each task of our Todoist cabin project that I completed and that has a cost in its title
/// to our Splitwise group of the same name, paid by me and split equally among the group." Near
/// misses: purchases done by a friend, open ones, done tasks without a cost, and more than a
/// page of tasks.
fn todo_purchases(g: &mut Gen) -> Parts {
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
    let pre = logins(&[("td", "todoist"), ("sw", "splitwise")]);
    let find = |filters: &str| {
        let list = format!(
            "apis.todoist.show_tasks(access_token=td, project_id=proj[\"project_id\"]{filters})\ntasks = res[\"no_section_tasks\"] + [t for sec in res[\"sections\"] for t in sec[\"tasks\"]]"
        );
        format!(
            "proj = next(x for x in all_pages(apis.todoist.show_projects, access_token=td) if x[\"name\"] == {})\nres = {list}\ngroup = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x[\"name\"] == {})\nemails = [m[\"email\"] for m in group[\"members\"]]\nprint(len(tasks), emails)",
            py(name),
            py(name)
        )
    };
    let right_filters = ", is_completed=True, assignee_email=profile[\"email\"]";
    let record = |debtors: &str| {
        format!(
            "for t in tasks:\n    m = re.match(r\"^(.*) - \\$([0-9.]+)$\", t[\"title\"])\n    if m:\n        apis.splitwise.record_expense(access_token=sw, description=m.group(1), paid_amount=float(m.group(2)), payer_email=profile[\"email\"], debtor_emails={debtors}, group_id=group[\"group_id\"])\n{DONE}"
        )
    };
    parts.ground_truth = vec![pre.clone(), find(right_filters), record("emails")];
    parts.wrong = vec![
        solution(
            "takes the friends' purchases too",
            vec![pre.clone(), find(", is_completed=True"), record("emails")],
        ),
        solution(
            "takes open tasks too",
            vec![
                pre.clone(),
                find(", assignee_email=profile[\"email\"]"),
                record("emails"),
            ],
        ),
        solution(
            "leaves the supervisor out of the split",
            vec![
                pre.clone(),
                find(right_filters),
                record("[e for e in emails if e != profile[\"email\"]]"),
            ],
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

// ---- 8. like and comment on the trip group's Venmo payments ------------------------------------

/// The ids of the Venmo transactions from `from` to `to` described `note`.
fn txn_ids(ctx: &EvalCtx, from: &str, to: &str, note: &str) -> Vec<i64> {
    let (Some(a), Some(b)) = (uid(ctx, "venmo", from), uid(ctx, "venmo", to)) else {
        return Vec::new();
    };
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT id FROM venmo.transactions WHERE sender_id = ?1 AND receiver_id = ?2 AND description = ?3",
    ) else {
        return Vec::new();
    };
    st.query_map(rusqlite::params![a, b, note], |r| r.get(0))
        .map(|rows| rows.filter_map(Result::ok).collect())
        .unwrap_or_default()
}

/// "My trip friends (our Splitwise group) paid each other back on Venmo: like each of their
/// payments to one another that mentions the city, and comment on it." Near misses: a payment
/// between them about rent, one about the city from a friend outside the group, a private one.
fn trip_feed(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| distinct_friends(pop, p).len() >= 4);
    let fr = distinct_friends(pop, &p);
    let v = g.variant;
    let city = ["Tulum", "Banff", "Reykjavik"][(v - 1) as usize];
    let group = format!("{city} Getaway");
    let comment = ["Great trip!", "Miss it already!", "Best trip ever!"][(v - 1) as usize];
    let (a, b, c, d) = (fr[0].clone(), fr[1].clone(), fr[2].clone(), fr[3].clone());
    // (from, to, note, private, counts)
    let pays: Vec<(Person, Person, String, bool, bool)> = vec![
        (
            a.clone(),
            b.clone(),
            format!("{city} hotel share"),
            false,
            true,
        ),
        (
            c.clone(),
            a.clone(),
            format!("Dinner in {city}"),
            false,
            true,
        ),
        (
            b.clone(),
            c.clone(),
            format!("{city} boat tour"),
            false,
            v != 1,
        ),
        (a.clone(), b.clone(), "Rent - May".to_string(), false, false),
        (
            d.clone(),
            a.clone(),
            format!("{city} souvenirs"),
            false,
            false,
        ),
        (c.clone(), b.clone(), format!("{city} taxi"), true, false),
    ];
    let members: Vec<Person> = if v == 1 {
        vec![a.clone(), b.clone()]
    } else {
        vec![a.clone(), b.clone(), c.clone()]
    };
    let pays: Vec<_> = pays
        .into_iter()
        .map(|mut x| {
            x.4 = x.4
                && members.iter().any(|m| m.id == x.0.id)
                && members.iter().any(|m| m.id == x.1.id);
            x
        })
        .collect();
    let instruction = match v {
        1 => format!(
            "My friends from our {city} trip (the Splitwise group \"{group}\") have been paying each other back on Venmo. Like each Venmo payment between them that mentions {city}, and comment \"{comment}\" on it."
        ),
        2 => format!(
            "The people in my Splitwise group \"{group}\" settled our {city} costs among themselves on Venmo. For every payment from one of them to another that mentions {city}, give it a like and leave the comment \"{comment}\"."
        ),
        _ => format!(
            "Cheer on my {city} travel buddies: they're everyone in my Splitwise group \"{group}\". Like each of their Venmo payments to each other about {city} and comment \"{comment}\"."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "splitwise", "venmo"];
    let now = g.now;
    let (sup, ms, pays_s, group_s) = (p.clone(), members.clone(), pays.clone(), group.clone());
    let fs_ = [a.clone(), b.clone(), c.clone(), d.clone()];
    parts.setup.push(step(move |s| {
        let mut all = vec![&sup];
        all.extend(ms.iter());
        s.add_splitwise_group(&sup, &all, &group_s, now - Duration::days(30))?;
        for (i, (from, to, note, private, _)) in pays_s.iter().enumerate() {
            let id = s.add_venmo_payment(
                from,
                to,
                40.0 + 13.0 * i as f64,
                note,
                now - Duration::days(6) + Duration::hours(5 * i as i64),
            )?;
            if *private {
                s.execute(
                    "UPDATE venmo.transactions SET private = 1 WHERE id = ?1",
                    [id],
                )?;
            }
        }
        // Newer everyday payments among them, so the trip's are past the feed's first page.
        let everyday = [
            "Coffee",
            "Lunch",
            "Gas",
            "Groceries",
            "Movie night",
            "Parking",
        ];
        for (i, note) in everyday.iter().enumerate() {
            let (from, to) = (&fs_[i % fs_.len()], &fs_[(i + 1) % fs_.len()]);
            s.add_venmo_payment(
                from,
                to,
                8.0 + 3.0 * i as f64,
                note,
                now - Duration::hours(30 - 4 * i as i64),
            )?;
        }
        Ok(())
    }));
    let pre = logins(&[("sw", "splitwise"), ("vm", "venmo")]);
    let find = |who: &str| {
        format!(
            "group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x[\"name\"] == {})\nmembers = {{m[\"email\"] for m in group[\"members\"]}} - {{profile[\"email\"]}}\nfeed = all_pages(apis.venmo.show_social_feed, access_token=vm)\npicked = [t for t in feed if {who} and {} in t[\"description\"].lower()]\nprint(picked)",
            py(&group),
            py(&city.to_lowercase())
        )
    };
    let right_who = "t[\"sender\"][\"email\"] in members and t[\"receiver\"][\"email\"] in members";
    let act = |like: bool| {
        let l = if like {
            "    apis.venmo.like_transaction(access_token=vm, transaction_id=t[\"transaction_id\"])\n"
        } else {
            ""
        };
        format!(
            "for t in picked:\n{l}    apis.venmo.create_transaction_comment(access_token=vm, transaction_id=t[\"transaction_id\"], comment={})\n{DONE}",
            py(comment)
        )
    };
    parts.ground_truth = vec![pre.clone(), find(right_who), act(true)];
    parts.wrong = vec![
        solution(
            "takes payments where only one side is in the group",
            vec![
                pre.clone(),
                find(
                    "(t[\"sender\"][\"email\"] in members or t[\"receiver\"][\"email\"] in members)",
                ),
                act(true),
            ],
        ),
        solution(
            "comments without liking",
            vec![pre.clone(), find(right_who), act(false)],
        ),
        solution(
            "reads only the first page of the feed",
            vec![
                pre.clone(),
                find(right_who).replace(
                    "all_pages(apis.venmo.show_social_feed, access_token=vm)",
                    "apis.venmo.show_social_feed(access_token=vm)",
                ),
                act(true),
            ],
        ),
    ];
    let targets: Vec<(String, String, String)> = pays
        .iter()
        .filter(|x| x.4)
        .map(|x| (x.0.email.clone(), x.1.email.clone(), x.2.clone()))
        .collect();
    let shown = targets
        .iter()
        .map(|t| format!("\"{}\"", t.2))
        .collect::<Vec<_>>()
        .join(", ");
    let ids_of = move |ctx: &EvalCtx, t: &[(String, String, String)]| -> Vec<i64> {
        let mut v: Vec<i64> = t
            .iter()
            .flat_map(|x| txn_ids(ctx, &x.0, &x.1, &x.2))
            .collect();
        v.sort_unstable();
        v
    };
    let mine = |ctx: &EvalCtx, table: &str| -> Vec<(i64, String)> {
        let me = ctx.user_id("venmo");
        let mut v: Vec<(i64, String)> = added(ctx, "venmo", table)
            .into_iter()
            .filter(|r| r.get("user_id").as_i64() == me)
            .map(|r| {
                (
                    r.get("transaction_id").as_i64().unwrap_or(0),
                    r.get("comment").as_str().unwrap_or("").to_string(),
                )
            })
            .collect();
        v.sort();
        v
    };
    let (t1, t2) = (targets.clone(), targets.clone());
    let comment_s = comment.to_string();
    parts.checks = vec![
        Check::new(format!("liked exactly: {shown}"), move |ctx| {
            let want = ids_of(ctx, &t1);
            let got: Vec<i64> = mine(ctx, "transaction_likes").iter().map(|x| x.0).collect();
            if want.is_empty() || got != want {
                Err(format!("liked {got:?}, want {want:?}"))
            } else {
                Ok(())
            }
        }),
        Check::new(format!("commented on exactly: {shown}"), move |ctx| {
            let want = ids_of(ctx, &t2);
            let got: Vec<i64> = mine(ctx, "transaction_comments")
                .iter()
                .map(|x| x.0)
                .collect();
            if want.is_empty() || got != want {
                Err(format!("commented on {got:?}, want {want:?}"))
            } else {
                Ok(())
            }
        }),
        Check::new(format!("each comment says \"{comment}\""), move |ctx| {
            let got = mine(ctx, "transaction_comments");
            match got.iter().find(|x| !same_text(&x.1, &comment_s)) {
                Some(x) => Err(format!("\"{}\"", x.1)),
                None if got.is_empty() => Err("no comment".into()),
                None => Ok(()),
            }
        }),
    ];
    parts.allowed = vec![
        allow_added(
            "the supervisor's likes",
            "venmo",
            "transaction_likes",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("venmo"),
        ),
        allow_added(
            "the supervisor's comments",
            "venmo",
            "transaction_comments",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("venmo"),
        ),
        Allow::new("like counts", |_, r| {
            r.is("venmo", "transactions") && updates_only(r, &["like_count"])
        }),
        allow_added("Venmo notifications", "venmo", "notifications", |_, _| true),
    ];
    parts
}
