//! Scenarios of the "(household)" set: cross-app household life of couples and shared flats.
//! Streaming subscriptions from a note shared in the flat's `Roommates` Splitwise group; paying
//! a spouse back on Venmo for the groceries they texted about; a new roommate moving in
//! (Splitwise group, Todoist `Home` project, a text with the wifi password from a note); and a
//! question over what the supervisor owes a roommate across Splitwise and Venmo.

use super::{Gen, Parts, Scenario, step};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::allow::venmo_payments;
use crate::kit::changes::{added, allow_added};
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::people::roommates;
use crate::kit::phone::texts_to;
use crate::kit::python::{logins, py, solution};
use crate::model::{Allow, Check, Split};
use apps::people::{Person, Relation};
use chrono::Duration;
use sim::sql::Cached;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "split the flat's streaming subscriptions from a note on Splitwise (household)",
            split: Split::Train,
            difficulty: 2,
            build: streaming_split,
        },
        Scenario {
            name: "pay the spouse back for the groceries they texted about (household)",
            split: Split::Train,
            difficulty: 2,
            build: spouse_groceries,
        },
        Scenario {
            name: "welcome a new roommate across Splitwise, Todoist and texts (household)",
            split: Split::Dev,
            difficulty: 3,
            build: new_roommate,
        },
        Scenario {
            name: "how much do I owe a roommate across Splitwise and Venmo (household)",
            split: Split::TestNormal,
            difficulty: 2,
            build: owe_roommate,
        },
        Scenario {
            name: "put this month's missing bills on the Roommates group (household)",
            split: Split::Train,
            difficulty: 3,
            build: bills_check,
        },
        Scenario {
            name: "the plumber's invoice: close the repair, split it, text the spouse (household)",
            split: Split::TestNormal,
            difficulty: 3,
            build: plumber_invoice,
        },
        Scenario {
            name: "settle the couple's household group through Venmo (household)",
            split: Split::Dev,
            difficulty: 2,
            build: settle_household,
        },
    ]
}

// ---- shared helpers ------------------------------------------------------------------------

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

/// The id of the Splitwise group named `name` that the supervisor is in.
fn sw_group(ctx: &EvalCtx, name: &str) -> Option<i64> {
    let me = ctx.user_id("splitwise")?;
    ctx.db
        .query_row_cached(
            "SELECT g.id FROM splitwise.groups g JOIN splitwise.group_members m ON m.group_id = g.id \
             WHERE m.user_id = ?1 AND g.name = ?2 AND NOT g.deleted ORDER BY g.id LIMIT 1",
            rusqlite::params![me, name],
            |r| r.get(0),
        )
        .ok()
}

/// (description, amount, group, payer, share count, share amounts) of the Splitwise expenses
/// the episode added.
type SwExpense = (String, f64, Option<i64>, Option<i64>, Vec<(i64, f64)>);

fn sw_added(ctx: &EvalCtx) -> Vec<SwExpense> {
    added(ctx, "splitwise", "expenses")
        .into_iter()
        .map(|r| {
            let id = r.get("id").as_i64().unwrap_or(0);
            let shares: Vec<(i64, f64)> = ctx
                .db
                .prepare_cached(
                    "SELECT debtor_id, share_amount FROM splitwise.expense_shares WHERE expense_id = ?1",
                )
                .and_then(|mut st| {
                    st.query_map([id], |q| Ok((q.get(0)?, q.get(1)?)))
                        .map(|it| it.filter_map(Result::ok).collect())
                })
                .unwrap_or_default();
            (
                r.get("description").as_str().unwrap_or("").trim().to_string(),
                r.get("amount").as_f64().unwrap_or(0.0),
                r.get("group_id").as_i64(),
                r.get("payer_id").as_i64(),
                shares,
            )
        })
        .collect()
}

fn allow_splitwise_expenses() -> Vec<Allow> {
    vec![
        allow_added(
            "the supervisor's expenses",
            "splitwise",
            "expenses",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("splitwise"),
        ),
        allow_added("their shares", "splitwise", "expense_shares", |_, _| true),
        allow_added(
            "Splitwise notifications",
            "splitwise",
            "notifications",
            |_, _| true,
        ),
    ]
}

// ---- 1. streaming subscriptions -------------------------------------------------------------

/// "Put the streaming services from my note on Splitwise in our Roommates group, one expense
/// each named after the service, split equally among all of us." Variant 2's note lists a
/// cancelled service that must be left out; variant 3 has a second note of the supervisor's
/// own subscriptions (not shared) next to the flat's.
fn streaming_split(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.residences
            .iter()
            .any(|r| r.kind == "roommates" && r.residents.contains(&p.id))
    });
    let mates = roommates(g.population, &p);
    let n = mates.len() as i64 + 1;
    let v = g.variant;
    let services: Vec<&str> = match v {
        1 => vec!["Netflix", "Disney+", "HBO Max"],
        2 => vec!["Netflix", "Hulu", "Paramount+", "Peacock"],
        _ => vec!["YouTube Premium", "Netflix", "Apple TV+"],
    };
    let mut items: Vec<(String, i64)> = services
        .iter()
        .map(|s| (s.to_string(), g.rng.range(700 / n, 2_400 / n) * n))
        .collect();
    let cancelled = if v == 2 { Some(items.remove(1)) } else { None };
    let mut content =
        String::from("Streaming we share in the flat (on my card, split with everyone):\n");
    for (i, (s, c)) in items.iter().enumerate() {
        content.push_str(&format!("- {s}: ${}/month\n", c2(*c)));
        if i == 0
            && let Some((cs, cc)) = &cancelled
        {
            content.push_str(&format!(
                "- {cs}: ${}/month (cancelled, not any more)\n",
                c2(*cc)
            ));
        }
    }
    let mut notes = g.filler(&p, 6, &[], &["Shared streaming"]);
    notes.push(g.note("Shared streaming", &content, &["home"], false, 12));
    if v == 3 {
        notes.push(g.note(
            "My own streaming",
            "Just mine, not shared:\n- Spotify Premium: $10.99/month\n- Audible: $14.95/month\n",
            &["personal"],
            false,
            30,
        ));
    }
    let notes = super::mix(&mut g.rng, Vec::new(), notes);
    let instruction = match v {
        1 => "I pay for the streaming services we share in the flat; they are listed in my notes. Add each one as an expense in our Roommates group on Splitwise, named after the service, with this month's price, split equally among all of us.".to_string(),
        2 => "Our shared streaming subscriptions are in a note of mine. Record one Splitwise expense per service in the Roommates group (description: the service's name, amount: the monthly price), paid by me and split equally between everyone in the group. Skip anything I've cancelled.".to_string(),
        _ => "Please put the flat's shared streaming subscriptions (see my notes) on Splitwise: one expense per service in the Roommates group, described by the service name, for the monthly price, split evenly among all the group's members including me.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.notes = Some(notes);
    parts.apps = vec!["supervisor", "simple_note", "splitwise"];
    let logins = logins(&[("sn", "simple_note"), ("sw", "splitwise")]);
    let find = "notes = all_pages(apis.simple_note.search_notes, access_token=sn, query=\"streaming\")\nnote = next(n for n in notes if \"share\" in n[\"title\"].lower())\ncontent = apis.simple_note.show_note(access_token=sn, note_id=note[\"note_id\"])[\"content\"]\nitems = []\nfor line in content.splitlines():\n    m = re.match(r\"- (.+?): \\$([0-9.]+)/month\", line.strip())\n    if m and \"cancel\" not in line.lower():\n        items.append((m.group(1), float(m.group(2))))\ngroup = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x[\"name\"] == \"Roommates\")\nmembers = [m[\"email\"] for m in group[\"members\"]]";
    let record = |debtors: &str, group: bool| {
        let gid = if group {
            ", group_id=group[\"group_id\"]"
        } else {
            ""
        };
        format!(
            "for name, amount in items:\n    apis.splitwise.record_expense(access_token=sw, description=name, paid_amount=amount, payer_email=profile[\"email\"], debtor_emails={debtors}{gid})\napis.supervisor.complete_task()"
        )
    };
    parts.ground_truth = vec![logins.clone(), find.to_string(), record("members", true)];
    parts.wrong = vec![
        solution(
            "leaves the supervisor out of the split",
            vec![
                logins.clone(),
                find.to_string(),
                record("[e for e in members if e != profile[\"email\"]]", true),
            ],
        ),
        solution(
            "records the expenses outside the group",
            vec![logins.clone(), find.to_string(), record("members", false)],
        ),
        solution(
            "records one expense for the total",
            vec![
                logins.clone(),
                find.to_string(),
                "apis.splitwise.record_expense(access_token=sw, description=\"Streaming\", paid_amount=round(sum(a for _, a in items), 2), payer_email=profile[\"email\"], debtor_emails=members, group_id=group[\"group_id\"])\napis.supervisor.complete_task()".to_string(),
            ],
        ),
    ];
    if v == 2 {
        parts.wrong.push(solution(
            "also splits the cancelled service",
            vec![
                logins.clone(),
                find.replace(" and \"cancel\" not in line.lower()", ""),
                record("members", true),
            ],
        ));
    }
    if v == 3 {
        parts.wrong.push(solution(
            "splits the supervisor's own subscriptions too",
            vec![
                logins.clone(),
                find.replace(
                    "note = next(n for n in notes if \"share\" in n[\"title\"].lower())\ncontent = apis.simple_note.show_note(access_token=sn, note_id=note[\"note_id\"])[\"content\"]",
                    "content = \"\\n\".join(apis.simple_note.show_note(access_token=sn, note_id=n[\"note_id\"])[\"content\"] for n in notes)",
                ),
                record("members", true),
            ],
        ));
    }
    let members: Vec<String> = std::iter::once(p.email.clone())
        .chain(mates.iter().map(|m| m.email.clone()))
        .collect();
    for (name, cents) in items.clone() {
        let amount = cents as f64 / 100.0;
        parts.checks.push(Check::new(
            format!("one expense \"{name}\" for ${}", c2(cents)),
            move |ctx| {
                let got: Vec<SwExpense> = sw_added(ctx)
                    .into_iter()
                    .filter(|e| e.0.eq_ignore_ascii_case(&name))
                    .collect();
                match got.as_slice() {
                    [e] if same_amount(e.1, amount) => Ok(()),
                    [e] => Err(format!("amount ${}", e.1)),
                    _ => Err(format!("{} such expenses", got.len())),
                }
            },
        ));
    }
    let count = items.len();
    parts.checks.push(Check::new(
        format!("exactly {count} expenses added"),
        move |ctx| match sw_added(ctx).len() {
            k if k == count => Ok(()),
            k => Err(format!("{k} expenses")),
        },
    ));
    parts.checks.push(Check::new(
        "all in the Roommates group, paid by the supervisor",
        move |ctx| {
            let gid = sw_group(ctx, "Roommates");
            let me = ctx.user_id("splitwise");
            let all = sw_added(ctx);
            if all.is_empty() {
                return Err("no expense".into());
            }
            match all.iter().find(|e| e.2 != gid || e.3 != me) {
                Some(e) => Err(format!("\"{}\" in group {:?}, payer {:?}", e.0, e.2, e.3)),
                None => Ok(()),
            }
        },
    ));
    parts.checks.push(Check::new(
        format!("each split equally among {}", members.join(", ")),
        move |ctx| {
            let want: Vec<i64> = members
                .iter()
                .filter_map(|e| uid(ctx, "splitwise", e))
                .collect();
            let all = sw_added(ctx);
            if all.is_empty() {
                return Err("no expense".into());
            }
            for e in &all {
                let mut ids: Vec<i64> = e.4.iter().map(|s| s.0).collect();
                ids.sort();
                let mut w = want.clone();
                w.sort();
                if ids != w {
                    return Err(format!("\"{}\" shared by {:?}", e.0, ids));
                }
                let each = e.1 / want.len() as f64;
                if e.4.iter().any(|s| !same_amount(s.1, each)) {
                    return Err(format!("\"{}\" not split equally", e.0));
                }
            }
            Ok(())
        },
    ));
    if let Some((cs, _)) = cancelled {
        parts.checks.push(Check::new(
            format!("nothing for the cancelled {cs}"),
            move |ctx| match sw_added(ctx).iter().any(|e| e.0.eq_ignore_ascii_case(&cs)) {
                true => Err(format!("{cs} was recorded")),
                false => Ok(()),
            },
        ));
    }
    parts.allowed = allow_splitwise_expenses();
    parts
}

// ---- 2. pay the spouse back for groceries ----------------------------------------------------

/// "My wife texted me about the groceries she bought; pay her back on Venmo what she asked,
/// with the note 'Groceries'." An older grocery text (already paid) is a distractor; variant 2
/// asks for the whole amount instead of half; variant 3 stores the spouse under a nickname.
fn spouse_groceries(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .any(|(r, _)| matches!(r, Relation::Wife | Relation::Husband))
    });
    let Some((sp, label)) = spouse(g, &p) else {
        unreachable!("supervisor_where picked a married person")
    };
    let v = g.variant;
    let total = g.rng.range(4_000, 16_000) / 2 * 2;
    let older = g.rng.range(4_000, 16_000) / 2 * 2;
    let store = ["Trader Joe's", "Whole Foods", "Safeway"][usize::from(v - 1)];
    let (ask, owed) = match v {
        2 => (
            format!(
                "Just did the big grocery run at {store}, ${} in total. You said you'd cover this one, can you send me the whole amount?",
                c2(total)
            ),
            total,
        ),
        _ => (
            format!(
                "Groceries at {store} came to ${}. Can you Venmo me your half?",
                c2(total)
            ),
            total / 2,
        ),
    };
    let old_msg = format!(
        "Groceries this week were ${}, send me half when you can",
        c2(older)
    );
    let nickname = ["Babe", "Honey", "Love"][usize::from(v - 1)];
    let instruction = match v {
        1 => format!(
            "My {label} texted me about the groceries they just bought. Pay them back on Venmo what they asked for, with the note \"Groceries\"."
        ),
        2 => format!(
            "Send my {label} the money for the groceries they texted me about today, on Venmo, as they asked. Note: \"Groceries\"."
        ),
        _ => format!(
            "Pay my {label} back on Venmo for the latest groceries, as they asked in their text. Use the note \"Groceries\"."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "venmo"];
    let now = g.now;
    let (sup, spo) = (p.clone(), sp.clone());
    let old_half = older / 2;
    parts.setup.push(step(move |s| {
        s.set_venmo_balance(&sup, 900.0)?;
        if v == 3 {
            s.relabel_contact(&sup, &spo, nickname, &[label])?;
        }
        let old_at = now - Duration::days(9) - Duration::hours(3);
        s.add_text(&spo, &sup, &old_msg, old_at)?;
        s.add_text(&sup, &spo, "Sent!", old_at + Duration::hours(1))?;
        s.add_venmo_payment(
            &sup,
            &spo,
            old_half as f64 / 100.0,
            "Groceries",
            old_at + Duration::hours(1),
        )?;
        s.add_text(&spo, &sup, &ask, now - Duration::hours(2))?;
        Ok(())
    }));
    let logins = logins(&[("ph", "phone"), ("vm", "venmo")]);
    let find = format!(
        "sp = all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"{label}\")[0]\nmsgs = all_pages(apis.phone.search_text_messages, access_token=ph, phone_number=sp[\"phone_number\"], query=\"groceries\")\nmsgs = [m for m in msgs if m[\"sender\"][\"phone_number\"] == sp[\"phone_number\"] and \"grocer\" in m[\"message\"].lower()]\nlatest = max(msgs, key=lambda m: m[\"sent_at\"])\ntotal = float(re.search(r\"\\$([0-9]+\\.[0-9][0-9])\", latest[\"message\"]).group(1))\nowed = total if \"whole\" in latest[\"message\"] else round(total / 2, 2)"
    );
    let pay = |amount: &str, email: &str, note: &str| {
        format!(
            "apis.venmo.create_transaction(access_token=vm, receiver_email={email}, amount={amount}, description={})\napis.supervisor.complete_task()",
            py(note)
        )
    };
    parts.ground_truth = vec![
        logins.clone(),
        find.clone(),
        pay("owed", "sp[\"email\"]", "Groceries"),
    ];
    parts.wrong = vec![
        solution(
            "pays the older grocery bill",
            vec![
                logins.clone(),
                find.replace("latest = max(", "latest = min("),
                pay("owed", "sp[\"email\"]", "Groceries"),
            ],
        ),
        solution(
            if v == 2 {
                "pays only half"
            } else {
                "pays the whole bill instead of half"
            },
            vec![
                logins.clone(),
                find.clone(),
                pay(
                    if v == 2 { "round(total / 2, 2)" } else { "total" },
                    "sp[\"email\"]",
                    "Groceries",
                ),
            ],
        ),
        solution(
            "requests the money instead of paying",
            vec![
                logins.clone(),
                find.clone(),
                "apis.venmo.create_payment_request(access_token=vm, user_email=sp[\"email\"], amount=owed, description=\"Groceries\")\napis.supervisor.complete_task()".to_string(),
            ],
        ),
        solution(
            "writes another note",
            vec![logins.clone(), find.clone(), pay("owed", "sp[\"email\"]", "groceries at the store")],
        ),
    ];
    let amount = owed as f64 / 100.0;
    let email = sp.email.clone();
    let mine = |ctx: &EvalCtx| -> Vec<(Option<i64>, f64, String)> {
        let me = ctx.user_id("venmo");
        added(ctx, "venmo", "transactions")
            .into_iter()
            .filter(|r| r.get("sender_id").as_i64() == me)
            .map(|r| {
                (
                    r.get("receiver_id").as_i64(),
                    r.get("amount").as_f64().unwrap_or(0.0),
                    r.get("description")
                        .as_str()
                        .unwrap_or("")
                        .trim()
                        .to_string(),
                )
            })
            .collect()
    };
    let e1 = email.clone();
    parts.checks = vec![
        Check::new(
            format!("one Venmo payment to the {label} ({email})"),
            move |ctx| {
                let want = uid(ctx, "venmo", &e1);
                match mine(ctx).iter().filter(|t| t.0 == want).count() {
                    1 => Ok(()),
                    k => Err(format!("{k} payments to them")),
                }
            },
        ),
        Check::new(
            format!("the payment is ${}", c2(owed)),
            move |ctx| match mine(ctx).first() {
                Some(t) if same_amount(t.1, amount) => Ok(()),
                Some(t) => Err(format!("${}", t.1)),
                None => Err("no payment".into()),
            },
        ),
        Check::new("its note is \"Groceries\"", move |ctx| {
            match mine(ctx).first() {
                Some(t) if t.2.eq_ignore_ascii_case("groceries") => Ok(()),
                Some(t) => Err(format!("note \"{}\"", t.2)),
                None => Err("no payment".into()),
            }
        }),
        Check::new("no other Venmo payment", move |ctx| match mine(ctx).len() {
            1 => Ok(()),
            k => Err(format!("{k} payments")),
        }),
        Check::new("no payment request", move |ctx| {
            match added(ctx, "venmo", "payment_requests").len() {
                0 => Ok(()),
                k => Err(format!("{k} requests")),
            }
        }),
    ];
    parts.allowed = venmo_payments();
    parts
}

// ---- 3. a new roommate moves in --------------------------------------------------------------

/// A friend moves into the flat: add them to the Roommates group on Splitwise, invite them to
/// the Home project on Todoist and text them the wifi password from a note. Variant 2's wifi
/// note keeps the old password next to the new one; variant 3's friend is not a phone contact
/// yet: they texted their details, and the agent saves them as a contact labelled roommate.
fn new_roommate(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.residences
            .iter()
            .any(|r| r.kind == "roommates" && r.residents.contains(&p.id))
            && pop.relations_of(p.id).iter().any(|(r, _)| {
                matches!(r, Relation::Friend | Relation::Coworker | Relation::Sibling)
            })
    });
    let mates = roommates(g.population, &p);
    let mut friends: Vec<Person> = pop
        .relations_of(p.id)
        .into_iter()
        .filter(|(r, id)| {
            matches!(r, Relation::Friend | Relation::Coworker | Relation::Sibling)
                && !mates.iter().any(|m| m.id == *id)
        })
        .map(|(_, id)| g.person(id))
        .collect();
    g.rng.shuffle(&mut friends);
    let f = friends[0].clone();
    let v = g.variant;
    let words = ["maple", "harbor", "copper", "juniper", "lantern", "orchid"];
    let pw = format!(
        "{}{}{}",
        words[g.rng.range(0, 6) as usize],
        g.rng.range(100, 999),
        ["!", "#", "$"][usize::from(v - 1)]
    );
    let old_pw = format!(
        "{}{}",
        words[g.rng.range(0, 6) as usize],
        g.rng.range(100, 999)
    );
    let wifi = match v {
        2 => format!(
            "Network: FlatNet-5G\nOld password (until March): {old_pw}\nNew password: {pw}\nRouter admin login: admin / router{}\n",
            g.rng.range(10, 99)
        ),
        _ => format!(
            "Network: FlatNet-5G\nPassword: {pw}\nRouter admin login: admin / router{}\n",
            g.rng.range(10, 99)
        ),
    };
    let mut notes = g.filler(&p, 6, &[], &["Home wifi"]);
    notes.push(g.note("Home wifi", &wifi, &["home"], false, 40));
    let notes = super::mix(&mut g.rng, Vec::new(), notes);
    let full = format!("{} {}", f.first_name, f.last_name);
    let instruction = match v {
        1 => format!(
            "{full} is moving into our flat. Add them to our Roommates group on Splitwise, invite them to our Home project on Todoist, and text them the wifi password (it's in my notes)."
        ),
        2 => format!(
            "{full} is our new roommate! Please add them to the Roommates group on Splitwise and invite them to the Home project in Todoist. Also text them the current wifi password from my notes."
        ),
        _ => format!(
            "{full} is moving in with us and texted me their details. Save them in my phone contacts as a roommate, add them to our Roommates group on Splitwise, invite them to the Home project on Todoist, and text them our wifi password from my notes."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.notes = Some(notes);
    parts.apps = vec!["supervisor", "simple_note", "phone", "splitwise", "todoist"];
    let now = g.now;
    let (sup, fr) = (p.clone(), f.clone());
    let intro = format!(
        "Hi! It's {full}, so excited to move in next week :) In case you need it, my email is {}.",
        f.email
    );
    parts.setup.push(step(move |s| {
        if v == 3 {
            s.execute(
                "DELETE FROM phone.contacts WHERE user_id = ?1 AND email = ?2",
                rusqlite::params![s.user_id("phone", &sup)?, fr.email],
            )?;
            s.add_text(&fr, &sup, &intro, now - Duration::hours(5))?;
        }
        Ok(())
    }));
    let logins = logins(&[
        ("sn", "simple_note"),
        ("ph", "phone"),
        ("sw", "splitwise"),
        ("td", "todoist"),
    ]);
    let who = if v == 3 {
        format!(
            "msgs = all_pages(apis.phone.search_text_messages, access_token=ph, query={})\nmsg = next(m for m in msgs if {} in m[\"message\"])\nemail = re.search(r\"my email is (\\S+?)\\.?$\", msg[\"message\"]).group(1)\nnumber = msg[\"sender\"][\"phone_number\"]\napis.phone.add_contact(access_token=ph, first_name={}, last_name={}, phone_number=number, email=email, relationships=[\"roommate\"])",
            py(&full),
            py(&full),
            py(&f.first_name),
            py(&f.last_name)
        )
    } else {
        format!(
            "contacts = all_pages(apis.phone.search_contacts, access_token=ph, query={})\nc = next(c for c in contacts if c[\"first_name\"] == {} and c[\"last_name\"] == {})\nemail, number = c[\"email\"], c[\"phone_number\"]",
            py(&full),
            py(&f.first_name),
            py(&f.last_name)
        )
    };
    let wifi_py = "note = next(n for n in all_pages(apis.simple_note.search_notes, access_token=sn, query=\"wifi\") if \"wifi\" in n[\"title\"].lower())\ncontent = apis.simple_note.show_note(access_token=sn, note_id=note[\"note_id\"])[\"content\"]\npw = next(l.split(\":\", 1)[1].strip() for l in content.splitlines() if l.lower().startswith((\"password:\", \"new password:\")))";
    let sw_py = "group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x[\"name\"] == \"Roommates\")\napis.splitwise.add_member_to_group(access_token=sw, group_id=group[\"group_id\"], user_email=email)";
    let td_py = "home = next(x for x in all_pages(apis.todoist.show_projects, access_token=td) if x[\"name\"] == \"Home\")\napis.todoist.send_project_invite(access_token=td, project_id=home[\"project_id\"], email=email)";
    let text_py = "apis.phone.send_text_message(access_token=ph, phone_number=number, message=f\"Welcome to the flat! The wifi is FlatNet-5G, password: {pw}\")\napis.supervisor.complete_task()";
    parts.ground_truth = vec![
        logins.clone(),
        who.clone(),
        wifi_py.to_string(),
        sw_py.to_string(),
        td_py.to_string(),
        text_py.to_string(),
    ];
    parts.wrong = vec![
        solution(
            "forgets the Todoist invite",
            vec![
                logins.clone(),
                who.clone(),
                wifi_py.to_string(),
                sw_py.to_string(),
                text_py.to_string(),
            ],
        ),
        solution(
            "texts the router's admin password",
            vec![
                logins.clone(),
                who.clone(),
                wifi_py.replace(
                    "pw = next(l.split(\":\", 1)[1].strip() for l in content.splitlines() if l.lower().startswith((\"password:\", \"new password:\")))",
                    "pw = next(l.split(\"/\", 1)[1].strip() for l in content.splitlines() if l.lower().startswith(\"router\"))",
                ),
                sw_py.to_string(),
                td_py.to_string(),
                text_py.to_string(),
            ],
        ),
        solution(
            "adds them to another Splitwise group",
            vec![
                logins.clone(),
                who.clone(),
                wifi_py.to_string(),
                sw_py.replace(
                    "if x[\"name\"] == \"Roommates\")",
                    "if x[\"name\"] != \"Roommates\")",
                ),
                td_py.to_string(),
                text_py.to_string(),
            ],
        ),
    ];
    if v == 2 {
        parts.wrong.push(solution(
            "texts the old password",
            vec![
                logins.clone(),
                who.clone(),
                wifi_py.replace("(\"password:\", \"new password:\")", "\"old password\""),
                sw_py.to_string(),
                td_py.to_string(),
                text_py.to_string(),
            ],
        ));
    }
    if v == 3 {
        parts.wrong.push(solution(
            "does not save the contact",
            vec![
                logins.clone(),
                who.replace("\napis.phone.add_contact(", "\nprint("),
                wifi_py.to_string(),
                sw_py.to_string(),
                td_py.to_string(),
                text_py.to_string(),
            ],
        ));
    }
    let (email, number) = (f.email.clone(), f.phone_number.clone());
    let (e1, e2, n1) = (email.clone(), email.clone(), number.clone());
    let pw1 = pw.clone();
    let mut checks = vec![
        Check::new(
            format!("{email} is a member of the Roommates group"),
            move |ctx| {
                let (Some(gid), Some(uid)) =
                    (sw_group(ctx, "Roommates"), uid(ctx, "splitwise", &e1))
                else {
                    return Err("no group or user".into());
                };
                let n: i64 = ctx
                    .db
                    .query_row_cached(
                        "SELECT count(*) FROM splitwise.group_members WHERE group_id = ?1 AND user_id = ?2",
                        [gid, uid],
                        |r| r.get(0),
                    )
                    .unwrap_or(0);
                if n == 1 {
                    Ok(())
                } else {
                    Err("not a member".into())
                }
            },
        ),
        Check::new(
            "only that one member added on Splitwise",
            |ctx| match added(ctx, "splitwise", "group_members").len() {
                1 => Ok(()),
                k => Err(format!("{k} members added")),
            },
        ),
        Check::new(
            format!("{email} has an invite to the Home project"),
            move |ctx| {
                let uid = uid(ctx, "todoist", &e2);
                let n: i64 = ctx
                    .db
                    .query_row_cached(
                        "SELECT count(*) FROM todoist.project_invites i JOIN todoist.projects p ON p.id = i.project_id \
                         JOIN todoist.project_collaborator_links l ON l.project_id = p.id \
                         WHERE i.invitee_id = ?1 AND p.name = 'Home' AND l.user_id = ?2",
                        rusqlite::params![uid, ctx.user_id("todoist")],
                        |r| r.get(0),
                    )
                    .unwrap_or(0);
                if n >= 1 {
                    Ok(())
                } else {
                    Err("no invite".into())
                }
            },
        ),
        Check::new("no invite to anyone else", |ctx| {
            match added(ctx, "todoist", "project_invites").len() {
                0 | 1 => Ok(()),
                k => Err(format!("{k} invites")),
            }
        }),
        Check::new(
            format!("a text to {number} with the password {pw}"),
            move |ctx| {
                if texts_to(ctx, &n1).iter().any(|m| m.contains(&pw1)) {
                    Ok(())
                } else {
                    Err("no such text".into())
                }
            },
        ),
    ];
    if v == 2 {
        let n2 = number.clone();
        checks.push(Check::new(
            format!("no text with the old password {old_pw}"),
            move |ctx| match texts_to(ctx, &n2).iter().any(|m| m.contains(&old_pw)) {
                true => Err("old password sent".into()),
                false => Ok(()),
            },
        ));
    }
    if v == 3 {
        let (e3, n3) = (email.clone(), number.clone());
        checks.push(Check::new(
            format!("a contact {full} with {number}, {email}, labelled roommate"),
            move |ctx| {
                let c = added(ctx, "phone", "contacts");
                match c.as_slice() {
                    [r] if r.get("phone_number").as_str() == Some(n3.as_str())
                        && r.get("email").as_str() == Some(e3.as_str())
                        && r.get("relationships")
                            .as_str()
                            .unwrap_or("")
                            .contains("roommate")
                        && r.get("first_name").as_str() == Some(fr_first(&full)) =>
                    {
                        Ok(())
                    }
                    [_] => Err("the contact's fields differ".into()),
                    _ => Err(format!("{} contacts added", c.len())),
                }
            },
        ));
    }
    parts.checks = checks;
    parts.allowed = vec![
        allow_added("the new member", "splitwise", "group_members", |_, _| true),
        allow_added(
            "Splitwise notifications",
            "splitwise",
            "notifications",
            |_, _| true,
        ),
        allow_added("the invite", "todoist", "project_invites", |_, _| true),
        allow_added(
            "Todoist notifications",
            "todoist",
            "notifications",
            |_, _| true,
        ),
        Allow::new("the invitation e-mail Todoist sends", |_, r| {
            r.schema == "gmail" && r.kind() == ChangeKind::Added
        }),
        allow_added("the new contact", "phone", "contacts", |ctx, r| {
            r.get("user_id").as_i64() == ctx.user_id("phone")
        }),
    ];
    parts.allowed.extend(allow::texts_sent());
    parts
}

/// The first word of a full name.
fn fr_first(full: &str) -> &str {
    full.split(' ').next().unwrap_or(full)
}

// ---- 4. what do I owe a roommate (question) --------------------------------------------------

/// "How much do I still owe my roommate X for the move-in, counting our Move-in group on
/// Splitwise and the Venmo requests they sent that are still pending?" The person balance
/// breaks down by group (the Roommates group must be left out); an approved request and
/// another person's pending request are distractors. Variant 2 has one more expense the
/// supervisor paid; variant 3 stores the roommate under a nickname.
fn owe_roommate(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.residences
            .iter()
            .any(|r| r.kind == "roommates" && r.residents.contains(&p.id))
            && pop
                .relations_of(p.id)
                .iter()
                .any(|(r, _)| *r == Relation::Friend)
    });
    let mut mates = roommates(g.population, &p);
    g.rng.shuffle(&mut mates);
    let m = mates[0].clone();
    let other = pop
        .relations_of(p.id)
        .into_iter()
        .find(|(r, id)| *r == Relation::Friend && *id != m.id)
        .map(|(_, id)| g.person(id))
        .unwrap_or_else(|| m.clone());
    let v = g.variant;
    let even = |g: &mut Gen, lo: i64, hi: i64| g.rng.range(lo / 2, hi / 2) * 2;
    let couch = even(g, 30_000, 60_000);
    let movers = even(g, 20_000, 40_000);
    let paint = even(g, 4_000, 12_000);
    let extra = if v == 2 { even(g, 3_000, 8_000) } else { 0 };
    let req_a = g.rng.range(2_000, 9_000);
    let req_b = g.rng.range(1_500, 6_000);
    let req_paid = g.rng.range(3_000, 9_000);
    let req_other = g.rng.range(2_000, 7_000);
    let sw_owed = (couch + movers - paint - extra) / 2;
    let total = sw_owed + req_a + req_b;
    let nick = ["Jay", "Sunny", "Pip"][usize::from(v - 1)];
    let name = if v == 3 {
        nick.to_string()
    } else {
        m.first_name.clone()
    };
    let instruction = match v {
        1 => format!(
            "How much do I still owe my roommate {name} for the move-in? Count what Splitwise says I owe them in our \"Move-in\" group plus the Venmo requests they sent me that I haven't paid yet."
        ),
        2 => format!(
            "Tell me the total I owe {name} (my roommate): my balance with them in the \"Move-in\" group on Splitwise plus their pending Venmo requests to me."
        ),
        _ => format!(
            "What's the total I still owe my roommate {name}, across our \"Move-in\" Splitwise group and the Venmo requests from them that are still pending?"
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "splitwise", "venmo"];
    parts.answer = Some(crate::model::Answer::Number(total as f64 / 100.0));
    let now = g.now;
    let (sup, mm, oth) = (p.clone(), m.clone(), other.clone());
    parts.setup.push(step(move |s| {
        if v == 3 {
            s.relabel_contact(&sup, &mm, nick, &["roommate"])?;
        }
        let at = now - Duration::days(20);
        let gid = s.add_splitwise_group(&mm, &[&mm, &sup], "Move-in", at)?;
        let both = [&mm, &sup];
        s.add_splitwise_expense(
            Some(gid),
            &mm,
            &both,
            "Couch",
            couch as f64 / 100.0,
            at + Duration::days(1),
        )?;
        s.add_splitwise_expense(
            Some(gid),
            &sup,
            &both,
            "Paint and rollers",
            paint as f64 / 100.0,
            at + Duration::days(2),
        )?;
        s.add_splitwise_expense(
            Some(gid),
            &mm,
            &both,
            "Movers",
            movers as f64 / 100.0,
            at + Duration::days(3),
        )?;
        if extra > 0 {
            s.add_splitwise_expense(
                Some(gid),
                &sup,
                &both,
                "Curtains",
                extra as f64 / 100.0,
                at + Duration::days(4),
            )?;
        }
        s.remove_pending_venmo_requests(&sup, false)?;
        s.add_venmo_request(
            &mm,
            &sup,
            req_a as f64 / 100.0,
            "Internet setup fee",
            now - Duration::days(6),
        )?;
        s.add_venmo_request(
            &mm,
            &sup,
            req_b as f64 / 100.0,
            "Keys and locks",
            now - Duration::days(2),
        )?;
        let paid = s.add_venmo_request(
            &mm,
            &sup,
            req_paid as f64 / 100.0,
            "Cleaning supplies",
            now - Duration::days(12),
        )?;
        s.close_venmo_request(paid, true, now - Duration::days(11))?;
        s.add_venmo_request(
            &oth,
            &sup,
            req_other as f64 / 100.0,
            "Welcome dinner",
            now - Duration::days(3),
        )?;
        Ok(())
    }));
    let logins = logins(&[("ph", "phone"), ("sw", "splitwise"), ("vm", "venmo")]);
    let who = format!(
        "mate = next(c for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"roommate\") if c[\"first_name\"] == {})",
        py(&name)
    );
    let sw_py = "bal = apis.splitwise.show_person_balance(access_token=sw, email=mate[\"email\"])\nsw_owed = sum(b[\"amount\"] * (1 if b[\"direction\"] == \"you_owe_them\" else -1) for b in bal[\"breakdown\"] if b[\"group_name\"] == \"Move-in\")";
    let vm_py = "reqs = [r for r in all_pages(apis.venmo.show_received_payment_requests, access_token=vm, status=\"pending\") if r[\"sender\"][\"email\"] == mate[\"email\"]]\nvm_owed = sum(r[\"amount\"] for r in reqs)";
    let answer = |expr: &str| format!("apis.supervisor.complete_task(answer=round({expr}, 2))");
    parts.ground_truth = vec![
        logins.clone(),
        who.clone(),
        sw_py.to_string(),
        vm_py.to_string(),
        answer("sw_owed + vm_owed"),
    ];
    parts.wrong = vec![
        solution(
            "counts only Splitwise",
            vec![
                logins.clone(),
                who.clone(),
                sw_py.to_string(),
                vm_py.to_string(),
                answer("sw_owed"),
            ],
        ),
        solution(
            "counts only the Venmo requests",
            vec![
                logins.clone(),
                who.clone(),
                sw_py.to_string(),
                vm_py.to_string(),
                answer("vm_owed"),
            ],
        ),
        solution(
            "counts the approved request too",
            vec![
                logins.clone(),
                who.clone(),
                sw_py.to_string(),
                vm_py.replace(", status=\"pending\"", ""),
                answer("sw_owed + vm_owed"),
            ],
        ),
        solution(
            "counts every pending request, from anyone",
            vec![
                logins.clone(),
                who.clone(),
                sw_py.to_string(),
                vm_py.replace(" if r[\"sender\"][\"email\"] == mate[\"email\"]", ""),
                answer("sw_owed + vm_owed"),
            ],
        ),
    ];
    parts.checks = vec![Check::new(
        format!(
            "nothing paid while answering (the ${} = ${} + ${} + ${} stays owed)",
            c2(total),
            c2(sw_owed),
            c2(req_a),
            c2(req_b)
        ),
        |ctx| {
            let paid = added(ctx, "venmo", "transactions").len()
                + added(ctx, "splitwise", "payments").len();
            let closed = ctx
                .diff
                .rows
                .iter()
                .filter(|r| r.is("venmo", "payment_requests") && r.kind() == ChangeKind::Updated)
                .count();
            match paid + closed {
                0 => Ok(()),
                k => Err(format!("{k} payments or requests changed")),
            }
        },
    )];
    parts
}

// ---- 5. this month's bills against the Roommates group ---------------------------------------

/// A bill's text, as the company's PDF reads.
fn bill_text(company: &str, p: &Person, month: &str, cents: i64, due: &str) -> String {
    format!(
        "{company}\nStatement for {} {}\nAccount 5{:05}\nPeriod: {month} 2023\nTotal due: ${}\nDue by: {due}",
        p.first_name,
        p.last_name,
        cents % 100_000,
        c2(cents)
    )
}

/// "Make sure this month's bills in ~/bills are on Splitwise in our Roommates group; add what
/// is missing, split equally, with the bill attached." One May bill is already recorded by the
/// supervisor; variant 2 adds one the roommate recorded; variant 3 has two missing May bills
/// and a missing April bill that is not this month's.
fn bills_check(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.residences
            .iter()
            .any(|r| r.kind == "roommates" && r.residents.contains(&p.id))
    });
    let mates = roommates(g.population, &p);
    let n = mates.len() as i64 + 1;
    let v = g.variant;
    let amt = |g: &mut Gen| g.rng.range(4_000 / n, 15_000 / n) * n;
    // (file, company, month, cents, recorded by: 0 nobody, 1 supervisor, 2 roommate)
    let mut bills: Vec<(String, &str, &str, i64, u8)> = vec![
        (
            "brightline_bill_2023_05.pdf".into(),
            "Brightline Energy",
            "May",
            amt(g),
            1,
        ),
        (
            "aquaflow_bill_2023_05.pdf".into(),
            "AquaFlow Water",
            "May",
            amt(g),
            0,
        ),
        (
            "aquaflow_bill_2023_04.pdf".into(),
            "AquaFlow Water",
            "April",
            amt(g),
            1,
        ),
    ];
    if v == 2 {
        bills.push((
            "netwave_bill_2023_05.pdf".into(),
            "NetWave Internet",
            "May",
            amt(g),
            2,
        ));
    }
    if v == 3 {
        bills.push((
            "cozyheat_gas_bill_2023_05.pdf".into(),
            "CozyHeat Gas",
            "May",
            amt(g),
            0,
        ));
        bills[2].4 = 0;
    }
    let missing: Vec<(String, String, i64)> = bills
        .iter()
        .filter(|b| b.2 == "May" && b.4 == 0)
        .map(|b| (b.0.clone(), b.1.to_string(), b.3))
        .collect();
    let instruction = match v {
        1 => "Can you make sure all of this month's bills in my ~/bills folder are on Splitwise in our Roommates group? Add any that's missing as an expense paid by me, split equally among everyone in the group, described as the company's name and the month (like \"Brightline Energy May 2023\"), with the bill's file attached as the receipt.".to_string(),
        2 => "Check this month's bills in ~/bills against our Roommates group on Splitwise (my roommate may have entered some already). For each one that isn't there, record it as paid by me, split evenly among the group, with the description \"<company> <month> <year>\" and the bill attached as the receipt.".to_string(),
        _ => "Some of this month's bills in my ~/bills folder may not be on Splitwise yet. Add the missing ones to the Roommates group: paid by me, split equally among all members, description like \"AquaFlow Water May 2023\", and attach the bill file as the receipt. Only this month's.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "splitwise"];
    let now = g.now;
    let (sup, mate) = (p.clone(), mates[0].clone());
    let all: Vec<Person> = std::iter::once(p.clone())
        .chain(mates.iter().cloned())
        .collect();
    let setup_bills = bills.clone();
    parts.setup.push(step(move |s| {
        s.remove_files(&sup, "_bill_2023_05")?;
        let gid = s.splitwise_group_named(&sup, "Roommates")?;
        let refs: Vec<&Person> = all.iter().collect();
        for (i, (file, company, month, cents, by)) in setup_bills.iter().enumerate() {
            let at = if *month == "May" {
                now - Duration::days(15 - i as i64)
            } else {
                now - Duration::days(44 - i as i64)
            };
            let due = if *month == "May" {
                "May 26, 2023"
            } else {
                "April 25, 2023"
            };
            s.add_file(
                &sup,
                &format!("~/bills/{file}"),
                &bill_text(company, &sup, month, *cents, due),
                at,
            )?;
            let payer = match by {
                1 => &sup,
                2 => &mate,
                _ => continue,
            };
            s.add_splitwise_expense(
                Some(gid),
                payer,
                &refs,
                &format!("{company} {month} 2023"),
                *cents as f64 / 100.0,
                at + Duration::hours(3),
            )?;
        }
        Ok(())
    }));
    let logins = logins(&[("fs", "file_system"), ("sw", "splitwise")]);
    let find = "paths = apis.file_system.show_directory(access_token=fs, directory_path=\"~/bills/\", entry_type=\"files\")\nthis_month = [q for q in paths if \"2023_05\" in q]\ngroup = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x[\"name\"] == \"Roommates\")\nmembers = [m[\"email\"] for m in group[\"members\"]]\nexpenses = all_pages(apis.splitwise.show_group_expenses, access_token=sw, group_id=group[\"group_id\"])";
    let add = |debtors: &str, receipt: bool, skip_known: bool| {
        let r = if receipt {
            ", receipt_file_path=path, file_system_access_token=fs"
        } else {
            ""
        };
        let skip = if skip_known {
            "    if any(abs(e[\"paid_amount\"] - amount) < 0.005 for e in expenses):\n        continue\n"
        } else {
            ""
        };
        format!(
            "for path in this_month:\n    content = apis.file_system.show_file(access_token=fs, file_path=path)[\"content\"]\n    amount = float(re.search(r\"Total due: \\$([0-9]+\\.[0-9][0-9])\", content).group(1))\n    company = content.splitlines()[0]\n    month = re.search(r\"Period: (.+)\", content).group(1).strip()\n{skip}    apis.splitwise.record_expense(access_token=sw, description=f\"{{company}} {{month}}\", paid_amount=amount, payer_email=profile[\"email\"], debtor_emails={debtors}, group_id=group[\"group_id\"]{r})\napis.supervisor.complete_task()"
        )
    };
    parts.ground_truth = vec![logins.clone(), find.to_string(), add("members", true, true)];
    parts.wrong = vec![
        solution(
            "adds every bill of the month again",
            vec![
                logins.clone(),
                find.to_string(),
                add("members", true, false),
            ],
        ),
        solution(
            "attaches no receipt",
            vec![
                logins.clone(),
                find.to_string(),
                add("members", false, true),
            ],
        ),
        solution(
            "leaves the supervisor out of the split",
            vec![
                logins.clone(),
                find.to_string(),
                add(
                    "[e for e in members if e != profile[\"email\"]]",
                    true,
                    true,
                ),
            ],
        ),
    ];
    if v == 3 {
        parts.wrong.push(solution(
            "also adds last month's missing bill",
            vec![
                logins.clone(),
                find.replace("if \"2023_05\" in q]", "if \"2023_0\" in q]"),
                add("members", true, true),
            ],
        ));
    }
    let members: Vec<String> = std::iter::once(p.email.clone())
        .chain(mates.iter().map(|m| m.email.clone()))
        .collect();
    for (file, company, cents) in missing.clone() {
        let amount = cents as f64 / 100.0;
        let (f1, c1) = (file.clone(), company.clone());
        parts.checks.push(Check::new(
            format!("one expense for {company} May 2023, ${}", c2(cents)),
            move |ctx| {
                let got: Vec<SwExpense> = sw_added(ctx)
                    .into_iter()
                    .filter(|e| {
                        e.0.to_lowercase().contains(&c1.to_lowercase()) && e.0.contains("May")
                    })
                    .collect();
                match got.as_slice() {
                    [e] if same_amount(e.1, amount) => Ok(()),
                    [e] => Err(format!("amount ${}", e.1)),
                    _ => Err(format!("{} such expenses", got.len())),
                }
            },
        ));
        parts
            .checks
            .push(Check::new(format!("its receipt is {file}"), move |ctx| {
                let ok = added(ctx, "splitwise", "expenses").iter().any(|r| {
                    same_amount(r.get("amount").as_f64().unwrap_or(0.0), amount)
                        && r.get("receipt_file_name").as_str() == Some(f1.as_str())
                });
                if ok {
                    Ok(())
                } else {
                    Err("no expense with that receipt".into())
                }
            }));
    }
    let k = missing.len();
    parts.checks.push(Check::new(
        format!("exactly {k} expenses added (none for bills already there)"),
        move |ctx| match sw_added(ctx).len() {
            x if x == k => Ok(()),
            x => Err(format!("{x} expenses")),
        },
    ));
    parts.checks.push(Check::new(
        "in the Roommates group, paid by the supervisor",
        |ctx| {
            let gid = sw_group(ctx, "Roommates");
            let me = ctx.user_id("splitwise");
            let all = sw_added(ctx);
            if all.is_empty() {
                return Err("no expense".into());
            }
            match all.iter().find(|e| e.2 != gid || e.3 != me) {
                Some(e) => Err(format!("\"{}\" in group {:?}, payer {:?}", e.0, e.2, e.3)),
                None => Ok(()),
            }
        },
    ));
    parts.checks.push(Check::new(
        format!("split equally among {}", members.join(", ")),
        move |ctx| {
            let mut want: Vec<i64> = members
                .iter()
                .filter_map(|e| uid(ctx, "splitwise", e))
                .collect();
            want.sort();
            let all = sw_added(ctx);
            if all.is_empty() {
                return Err("no expense".into());
            }
            for e in &all {
                let mut ids: Vec<i64> = e.4.iter().map(|s| s.0).collect();
                ids.sort();
                let each = e.1 / want.len() as f64;
                if ids != want || e.4.iter().any(|s| !same_amount(s.1, each)) {
                    return Err(format!("\"{}\" not split equally among the flat", e.0));
                }
            }
            Ok(())
        },
    ));
    parts.allowed = allow_splitwise_expenses();
    parts
}

// ---- 6. the plumber's invoice: Todoist, Splitwise, text --------------------------------------

/// "The plumber fixed our kitchen sink. Close the Repairs task about it in our Home project,
/// put the plumber's invoice (in my downloads) on our household group on Splitwise, split with
/// my wife, invoice attached, and text her what her half is." An older invoice (another job)
/// and a near-miss Repairs task are distractors; variant 2 has an older kitchen-sink invoice
/// already on Splitwise; variant 3 stores the spouse under a nickname.
fn plumber_invoice(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .any(|(r, _)| matches!(r, Relation::Wife | Relation::Husband))
            && !pop
                .residences
                .iter()
                .any(|r| r.kind == "roommates" && r.residents.contains(&p.id))
    });
    let Some((sp, label)) = spouse(g, &p) else {
        unreachable!("supervisor_where picked a married person")
    };
    let v = g.variant;
    let cents = g.rng.range(9_000, 32_000) / 2 * 2;
    let old_cents = g.rng.range(9_000, 32_000) / 2 * 2;
    let company = ["RapidFlow Plumbing", "Drip Doctors", "PipeWorks Co."][usize::from(v - 1)];
    let slug = ["rapidflow", "dripdoctors", "pipeworks"][usize::from(v - 1)];
    let invoice = |service: &str, date: &str, c: i64| {
        format!(
            "{company}\nInvoice for {} {}\nService: {service}\nDate: {date}\nAmount due: ${}\nThank you for your business!",
            p.first_name,
            p.last_name,
            c2(c)
        )
    };
    let new_file = format!("~/downloads/{slug}_invoice_2023_05_16.pdf");
    let old_file = format!("~/downloads/{slug}_invoice_2023_03_02.pdf");
    let new_text = invoice("Unclog kitchen sink drain", "May 16, 2023", cents);
    let old_text = if v == 2 {
        invoice("Kitchen sink leak repair", "March 2, 2023", old_cents)
    } else {
        invoice("Replace bathroom faucet", "March 2, 2023", old_cents)
    };
    let instruction = match v {
        1 => format!(
            "The plumber fixed our kitchen sink. Mark the kitchen sink task in the Repairs section of our Home project on Todoist as done, add the plumber's invoice (it's in my downloads) to my {label} and me's household group on Splitwise as an expense paid by me and split equally, with the invoice attached, and text my {label} how much their half is."
        ),
        2 => format!(
            "Kitchen sink is fixed! Please: complete the kitchen sink task under Repairs in our Home project (Todoist); record the plumber's latest invoice from my downloads folder in the Splitwise group I share with my {label}, paid by me, split 50/50, invoice as receipt; and text my {label} the amount of their share."
        ),
        _ => format!(
            "Our kitchen sink got fixed by the plumber. Close the matching task in the Repairs section of the Home project in Todoist, split the plumber's invoice (in ~/downloads) equally with my {label} in our household group on Splitwise (I paid; attach the invoice), and text them their half."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "todoist", "splitwise", "phone"];
    let now = g.now;
    let (sup, spo) = (p.clone(), sp.clone());
    let nickname = ["Sweetie", "Hon", "Bear"][usize::from(v - 1)];
    let (nf, of) = (new_file.clone(), old_file.clone());
    parts.setup.push(step(move |s| {
        if v == 3 {
            s.relabel_contact(&sup, &spo, nickname, &[label])?;
        }
        s.add_file(&sup, &of, &old_text, now - Duration::days(77))?;
        s.add_file(&sup, &nf, &new_text, now - Duration::days(2))?;
        let home = s.todo_project(&sup, "Home")?;
        let repairs = s.todo_section(home, "Repairs")?;
        let at = now - Duration::days(9);
        let due = Some((now + Duration::days(3)).date());
        s.add_todo_task(
            home,
            Some(repairs),
            &spo,
            "Fix dripping bathroom sink",
            due,
            "low",
            false,
            Some(&sup),
            at,
        )?;
        s.add_todo_task(
            home,
            Some(repairs),
            &spo,
            "Unclog kitchen sink",
            due,
            "high",
            false,
            Some(&sup),
            at,
        )?;
        s.add_todo_task(
            home,
            Some(repairs),
            &sup,
            "Call plumber about the kitchen",
            None,
            "medium",
            true,
            Some(&sup),
            at,
        )?;
        if v == 2 {
            let gid = household_group(s, &sup, &spo)?;
            s.add_splitwise_expense(
                Some(gid),
                &sup,
                &[&sup, &spo],
                "Plumber - kitchen sink leak",
                old_cents as f64 / 100.0,
                now - Duration::days(76),
            )?;
        }
        Ok(())
    }));
    let logins = logins(&[
        ("fs", "file_system"),
        ("td", "todoist"),
        ("sw", "splitwise"),
        ("ph", "phone"),
    ]);
    let find = format!(
        "sp = all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"{label}\")[0]\npaths = apis.file_system.show_directory(access_token=fs, directory_path=\"~/downloads/\", substring=\"invoice\", entry_type=\"files\")\nfiles = [apis.file_system.show_file(access_token=fs, file_path=q) for q in paths]\nfiles = [f for f in files if \"kitchen sink\" in f[\"content\"].lower()]\ninv = max(files, key=lambda f: f[\"created_at\"])\namount = float(re.search(r\"Amount due: \\$([0-9]+\\.[0-9][0-9])\", inv[\"content\"]).group(1))\nhalf = round(amount / 2, 2)"
    );
    let task_py = "home = next(x for x in all_pages(apis.todoist.show_projects, access_token=td) if x[\"name\"] == \"Home\")\nrepairs = next(s for s in home[\"sections\"] if s[\"name\"] == \"Repairs\")\nshown = apis.todoist.show_tasks(access_token=td, project_id=home[\"project_id\"], section_id=repairs[\"id\"], is_completed=False)\ntasks = [t for sec in shown[\"sections\"] for t in sec[\"tasks\"]]\ntask = next(t for t in tasks if \"kitchen sink\" in t[\"title\"].lower())\napis.todoist.update_task(access_token=td, task_id=task[\"task_id\"], is_completed=True)";
    let sw_py = "group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if sorted(m[\"email\"] for m in x[\"members\"]) == sorted([profile[\"email\"], sp[\"email\"]]))\napis.splitwise.record_expense(access_token=sw, description=\"Plumber - kitchen sink\", paid_amount=amount, payer_email=profile[\"email\"], debtor_emails=[profile[\"email\"], sp[\"email\"]], group_id=group[\"group_id\"], receipt_file_path=inv[\"path\"], file_system_access_token=fs)";
    let text_py = "apis.phone.send_text_message(access_token=ph, phone_number=sp[\"phone_number\"], message=f\"The plumber's bill is on Splitwise, your half is ${half:.2f}\")\napis.supervisor.complete_task()";
    parts.ground_truth = vec![
        logins.clone(),
        find.clone(),
        task_py.to_string(),
        sw_py.to_string(),
        text_py.to_string(),
    ];
    parts.wrong = vec![
        solution(
            "closes the bathroom sink task",
            vec![
                logins.clone(),
                find.clone(),
                task_py.replace("\"kitchen sink\" in t[", "\"bathroom sink\" in t["),
                sw_py.to_string(),
                text_py.to_string(),
            ],
        ),
        solution(
            if v == 2 {
                "uses the older kitchen-sink invoice"
            } else {
                "uses the first invoice found"
            },
            vec![
                logins.clone(),
                find.replace(
                    "files = [f for f in files if \"kitchen sink\" in f[\"content\"].lower()]\ninv = max(",
                    "inv = min(",
                ),
                task_py.to_string(),
                sw_py.to_string(),
                text_py.to_string(),
            ],
        ),
        solution(
            "texts the whole amount",
            vec![
                logins.clone(),
                find.replace("half = round(amount / 2, 2)", "half = amount"),
                task_py.to_string(),
                sw_py.replace("paid_amount=amount", "paid_amount=amount * 1.0"),
                text_py.to_string(),
            ],
        ),
        solution(
            "records the expense outside the group",
            vec![
                logins.clone(),
                find.clone(),
                task_py.to_string(),
                sw_py.replace(", group_id=group[\"group_id\"]", ""),
                text_py.to_string(),
            ],
        ),
    ];
    let amount = cents as f64 / 100.0;
    let half = c2(cents / 2);
    let (se, sp_phone) = (sp.email.clone(), sp.phone_number.clone());
    let fname = new_file.trim_start_matches("~/downloads/").to_string();
    let se2 = se.clone();
    let kitchen_done = |ctx: &EvalCtx, title: &str| -> bool {
        ctx.diff.rows.iter().any(|r| {
            r.is("todoist", "tasks")
                && r.kind() == ChangeKind::Updated
                && r.get("title").as_str() == Some(title)
                && r.get("is_completed").as_bool().unwrap_or(false)
                    | (r.get("is_completed").as_i64() == Some(1))
        })
    };
    parts.checks = vec![
        Check::new("\"Unclog kitchen sink\" is completed", move |ctx| {
            if kitchen_done(ctx, "Unclog kitchen sink") {
                Ok(())
            } else {
                Err("not completed".into())
            }
        }),
        Check::new("no other Todoist task changed", |ctx| {
            let n = ctx
                .diff
                .rows
                .iter()
                .filter(|r| r.is("todoist", "tasks"))
                .count();
            if n == 1 {
                Ok(())
            } else {
                Err(format!("{n} tasks changed"))
            }
        }),
        Check::new(
            format!("one expense of ${}", c2(cents)),
            move |ctx| match sw_added(ctx).as_slice() {
                [e] if same_amount(e.1, amount) => Ok(()),
                [e] => Err(format!("${}", e.1)),
                x => Err(format!("{} expenses", x.len())),
            },
        ),
        Check::new(
            format!("in the household group with {se}, paid by the supervisor"),
            move |ctx| {
                let me = ctx.user_id("splitwise");
                let them = uid(ctx, "splitwise", &se);
                let Some(e) = sw_added(ctx).into_iter().next() else {
                    return Err("no expense".into());
                };
                let members: Vec<i64> = e
                    .2
                    .and_then(|gid| {
                        ctx.db
                            .prepare_cached("SELECT user_id FROM splitwise.group_members WHERE group_id = ?1 ORDER BY user_id")
                            .and_then(|mut st| {
                                st.query_map([gid], |r| r.get(0))
                                    .map(|it| it.filter_map(Result::ok).collect())
                            })
                            .ok()
                    })
                    .unwrap_or_default();
                let mut want: Vec<i64> = [me, them].into_iter().flatten().collect();
                want.sort();
                if members != want || e.3 != me {
                    return Err(format!("group {:?}, payer {:?}", e.2, e.3));
                }
                let mut ids: Vec<i64> = e.4.iter().map(|s| s.0).collect();
                ids.sort();
                if ids != want || e.4.iter().any(|s| !same_amount(s.1, e.1 / 2.0)) {
                    return Err("not split equally between the two".into());
                }
                Ok(())
            },
        ),
        Check::new(format!("its receipt is {fname}"), move |ctx| {
            let ok = added(ctx, "splitwise", "expenses")
                .iter()
                .any(|r| r.get("receipt_file_name").as_str() == Some(fname.as_str()));
            if ok {
                Ok(())
            } else {
                Err("no such receipt".into())
            }
        }),
        Check::new(
            format!("a text to {se2} ({sp_phone}) with their half, ${half}"),
            move |ctx| {
                if texts_to(ctx, &sp_phone).iter().any(|m| m.contains(&half)) {
                    Ok(())
                } else {
                    Err("no text with the half".into())
                }
            },
        ),
    ];
    parts.allowed = allow_splitwise_expenses();
    parts.allowed.extend(allow::texts_sent());
    parts
        .allowed
        .push(Allow::new("the kitchen sink task", |_, r| {
            r.is("todoist", "tasks")
                && r.kind() == ChangeKind::Updated
                && r.get("title").as_str() == Some("Unclog kitchen sink")
        }));
    parts.allowed.push(allow_added(
        "Todoist notifications",
        "todoist",
        "notifications",
        |_, _| true,
    ));
    parts
}

/// The Splitwise group of exactly `a` and `b` (the couple's household group).
fn household_group(s: &crate::setup::Setup, a: &Person, b: &Person) -> rusqlite::Result<i64> {
    let (x, y) = (s.user_id("splitwise", a)?, s.user_id("splitwise", b)?);
    let mut st = s.db.prepare_cached(
        "SELECT g.id FROM splitwise.groups g WHERE NOT g.deleted \
         AND (SELECT count(*) FROM splitwise.group_members m WHERE m.group_id = g.id) = 2 \
         AND EXISTS (SELECT 1 FROM splitwise.group_members m WHERE m.group_id = g.id AND m.user_id = ?1) \
         AND EXISTS (SELECT 1 FROM splitwise.group_members m WHERE m.group_id = g.id AND m.user_id = ?2) ORDER BY g.id LIMIT 1",
    )?;
    st.query_row([x, y], |r| r.get(0))
}

// ---- 7. settle the couple's household group ---------------------------------------------------

/// "Settle our household group on Splitwise with my wife: whoever owes pays on Venmo, and
/// record the settle-up on Splitwise." Variant 1 the supervisor owes (pay); variant 2 the spouse
/// owes (request instead); variant 3 a partial payment back is already recorded.
fn settle_household(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .any(|(r, _)| matches!(r, Relation::Wife | Relation::Husband))
    });
    let Some((sp, label)) = spouse(g, &p) else {
        unreachable!("supervisor_where picked a married person")
    };
    let v = g.variant;
    let even = |g: &mut Gen, lo: i64, hi: i64| g.rng.range(lo / 2, hi / 2) * 2;
    let groceries = even(g, 20_000, 40_000);
    let utilities = even(g, 6_000, 15_000);
    let hardware = even(g, 3_000, 9_000);
    let partial = if v == 3 { even(g, 2_000, 6_000) } else { 0 };
    // Positive: the supervisor owes the spouse.
    let (spouse_paid, sup_paid) = if v == 2 {
        (utilities, groceries + hardware)
    } else {
        (groceries + hardware, utilities)
    };
    let owed = (spouse_paid - sup_paid) / 2 - partial;
    let instruction = match v {
        1 => format!(
            "Let's settle up our household group on Splitwise, the one I share with my {label}. Whoever owes should get paid on Venmo (pay or request as needed, note \"Household settle-up\"), and record the settle-up payment in that group on Splitwise."
        ),
        2 => format!(
            "Please square our household Splitwise group with my {label}: if I owe, pay them on Venmo; if they owe me, send them a Venmo request. Use the note \"Household settle-up\" and record the payment in the group on Splitwise too."
        ),
        _ => format!(
            "Settle the balance of the household group my {label} and I have on Splitwise: money goes through Venmo (note \"Household settle-up\"), then record it as a payment in the group."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "splitwise", "venmo"];
    let now = g.now;
    let (sup, spo) = (p.clone(), sp.clone());
    parts.setup.push(step(move |s| {
        s.set_venmo_balance(&sup, 1_200.0)?;
        let gid = household_group(s, &sup, &spo)?;
        // A clean slate: the base world's history of the group is settled and gone.
        s.execute(
            "DELETE FROM splitwise.expense_comments WHERE expense_id IN (SELECT id FROM splitwise.expenses WHERE group_id = ?1)",
            [gid],
        )?;
        s.execute(
            "DELETE FROM splitwise.expense_shares WHERE expense_id IN (SELECT id FROM splitwise.expenses WHERE group_id = ?1)",
            [gid],
        )?;
        s.execute("DELETE FROM splitwise.expenses WHERE group_id = ?1", [gid])?;
        s.execute("DELETE FROM splitwise.payments WHERE group_id = ?1", [gid])?;
        let both = [&sup, &spo];
        let at = now - Duration::days(12);
        let (a, b) = if v == 2 { (&spo, &sup) } else { (&sup, &spo) };
        s.add_splitwise_expense(Some(gid), b, &both, "Groceries for the month", groceries as f64 / 100.0, at)?;
        s.add_splitwise_expense(Some(gid), a, &both, "Utilities", utilities as f64 / 100.0, at + Duration::days(2))?;
        s.add_splitwise_expense(Some(gid), b, &both, "Hardware store", hardware as f64 / 100.0, at + Duration::days(4))?;
        if partial > 0 {
            s.add_splitwise_payment(Some(gid), &sup, &spo, partial as f64 / 100.0, "Part of it", at + Duration::days(6))?;
        }
        Ok(())
    }));
    let logins = logins(&[("ph", "phone"), ("sw", "splitwise"), ("vm", "venmo")]);
    let find = format!(
        "sp = all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"{label}\")[0]\ngroup = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if sorted(m[\"email\"] for m in x[\"members\"]) == sorted([profile[\"email\"], sp[\"email\"]]))\nbal = apis.splitwise.show_person_balance(access_token=sw, email=sp[\"email\"])\nb = next(b for b in bal[\"breakdown\"] if b[\"group_id\"] == group[\"group_id\"])\ni_owe = b[\"direction\"] == \"you_owe_them\"\namount = round(b[\"amount\"], 2)"
    );
    let settle = |flip: bool, record: bool| {
        let cond = if flip { "not i_owe" } else { "i_owe" };
        let rec = if record {
            "\napis.splitwise.record_payment(access_token=sw, payer_email=payer, receiver_email=receiver, amount=amount, group_id=group[\"group_id\"], description=\"Household settle-up\")"
        } else {
            ""
        };
        format!(
            "if {cond}:\n    apis.venmo.create_transaction(access_token=vm, receiver_email=sp[\"email\"], amount=amount, description=\"Household settle-up\")\n    payer, receiver = profile[\"email\"], sp[\"email\"]\nelse:\n    apis.venmo.create_payment_request(access_token=vm, user_email=sp[\"email\"], amount=amount, description=\"Household settle-up\")\n    payer, receiver = sp[\"email\"], profile[\"email\"]{rec}\napis.supervisor.complete_task()"
        )
    };
    parts.ground_truth = vec![logins.clone(), find.clone(), settle(false, true)];
    parts.wrong = vec![
        solution(
            "gets the direction wrong",
            vec![logins.clone(), find.clone(), settle(true, true)],
        ),
        solution(
            "does not record it on Splitwise",
            vec![logins.clone(), find.clone(), settle(false, false)],
        ),
        solution(
            "settles the total balance over every group",
            vec![
                logins.clone(),
                find.replace(
                    "amount = round(b[\"amount\"], 2)",
                    "amount = round(bal[\"total\"], 2) + 1.0",
                ),
                settle(false, true),
            ],
        ),
    ];
    let amount = owed.abs() as f64 / 100.0;
    let i_owe = owed > 0;
    let (se, se2) = (sp.email.clone(), sp.email.clone());
    let venmo_rows = move |ctx: &EvalCtx| -> Vec<(&'static str, Option<i64>, f64, String)> {
        let me = ctx.user_id("venmo");
        let mut out = Vec::new();
        for r in added(ctx, "venmo", "transactions") {
            if r.get("sender_id").as_i64() == me {
                out.push((
                    "payment",
                    r.get("receiver_id").as_i64(),
                    r.get("amount").as_f64().unwrap_or(0.0),
                    r.get("description").as_str().unwrap_or("").to_string(),
                ));
            }
        }
        for r in added(ctx, "venmo", "payment_requests") {
            if r.get("sender_id").as_i64() == me {
                out.push((
                    "request",
                    r.get("receiver_id").as_i64(),
                    r.get("amount").as_f64().unwrap_or(0.0),
                    r.get("description").as_str().unwrap_or("").to_string(),
                ));
            }
        }
        out
    };
    let kind = if i_owe { "payment" } else { "request" };
    parts.checks = vec![
        Check::new(
            format!("one Venmo {kind} to {se} of ${}", c2(owed.abs())),
            move |ctx| {
                let them = uid(ctx, "venmo", &se);
                match venmo_rows(ctx).as_slice() {
                    [r] if r.0 == kind && r.1 == them && same_amount(r.2, amount) => Ok(()),
                    [r] => Err(format!("a {} of ${} to {:?}", r.0, r.2, r.1)),
                    x => Err(format!("{} Venmo rows", x.len())),
                }
            },
        ),
        Check::new(
            "noted \"Household settle-up\"",
            move |ctx| match venmo_rows(ctx).first() {
                Some(r) if r.3.trim().eq_ignore_ascii_case("household settle-up") => Ok(()),
                Some(r) => Err(format!("note \"{}\"", r.3)),
                None => Err("nothing on Venmo".into()),
            },
        ),
        Check::new(
            format!(
                "one Splitwise payment of ${} from {} in the household group",
                c2(owed.abs()),
                if i_owe {
                    "the supervisor"
                } else {
                    "the spouse"
                }
            ),
            move |ctx| {
                let me = ctx.user_id("splitwise");
                let them = uid(ctx, "splitwise", &se2);
                let (payer, receiver) = if i_owe { (me, them) } else { (them, me) };
                let rows = added(ctx, "splitwise", "payments");
                match rows.as_slice() {
                    [r] if r.get("payer_id").as_i64() == payer
                        && r.get("receiver_id").as_i64() == receiver
                        && same_amount(r.get("amount").as_f64().unwrap_or(0.0), amount)
                        && r.get("group_id").as_i64().is_some() =>
                    {
                        let gid = r.get("group_id").as_i64().unwrap_or(0);
                        let n: i64 = ctx
                            .db
                            .query_row_cached(
                                "SELECT count(*) FROM splitwise.group_members WHERE group_id = ?1",
                                [gid],
                                |q| q.get(0),
                            )
                            .unwrap_or(0);
                        if n == 2 {
                            Ok(())
                        } else {
                            Err(format!("in group {gid}"))
                        }
                    }
                    [_] => Err("the payment's fields differ".into()),
                    x => Err(format!("{} payments", x.len())),
                }
            },
        ),
    ];
    parts.allowed = venmo_payments();
    parts.allowed.push(allow_added(
        "the supervisor's requests",
        "venmo",
        "payment_requests",
        |ctx, r| r.get("sender_id").as_i64() == ctx.user_id("venmo"),
    ));
    parts.allowed.push(allow_added(
        "the settle-up payment",
        "splitwise",
        "payments",
        |_, _| true,
    ));
    parts.allowed.push(allow_added(
        "Splitwise notifications",
        "splitwise",
        "notifications",
        |_, _| true,
    ));
    parts
}
