//! Phone-centred scenarios (all named `... (contacts)`): the supervisor's phone contacts,
//! text and voice messages crossing with Splitwise groups and Venmo. Every scenario designs
//! the rows its task depends on (groups, strangers, messages) in its setup, so the expected
//! contacts and messages are known; checks read the episode's added rows.

use super::{Gen, Parts, Scenario, mix, step};
use crate::diff::{ChangeKind, RowChange};
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::allow::venmo_payments;
use crate::kit::changes::{added, allow_added, updates_only};
use crate::kit::money::same_amount;
use crate::kit::python::{logins, py, solution};
use crate::model::{Allow, Answer, Check, Split};
use apps::people::{Person, Relation};
use chrono::{Datelike, Duration};
use sim::sql::Cached;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "add a Splitwise group's strangers to my contacts (contacts)",
            split: Split::Train,
            difficulty: 2,
            build: group_to_contacts,
        },
        Scenario {
            name: "delete old voice messages from strangers (contacts)",
            split: Split::TestNormal,
            difficulty: 2,
            build: old_voice_from_strangers,
        },
        Scenario {
            name: "birthday texts and Venmo gifts to contacts (contacts)",
            split: Split::Train,
            difficulty: 3,
            build: birthday_gifts,
        },
        Scenario {
            name: "count this month's voice messages from someone (contacts)",
            split: Split::Dev,
            difficulty: 1,
            build: count_voice,
        },
        Scenario {
            name: "save a texted new number and remind about a Venmo request (contacts)",
            split: Split::Train,
            difficulty: 2,
            build: new_number_reminder,
        },
        Scenario {
            name: "text the members of a Splitwise group (contacts)",
            split: Split::Dev,
            difficulty: 2,
            build: text_group,
        },
    ]
}

// ---- people ---------------------------------------------------------------------------------

/// People `p` has no tie with (nor is `p`), `n` of them picked by the generator.
fn strangers(g: &mut Gen, p: &Person, n: usize) -> Vec<Person> {
    let known: Vec<i64> = g
        .population
        .relations_of(p.id)
        .into_iter()
        .map(|(_, id)| id)
        .collect();
    let pool: Vec<i64> = g
        .population
        .people
        .iter()
        .map(|x| x.id)
        .filter(|id| *id != p.id && !known.contains(id))
        .collect();
    let mut out: Vec<Person> = Vec::new();
    while out.len() < n {
        let id = pool[g.rng.range(0, pool.len() as i64) as usize];
        if !out.iter().any(|x| x.id == id) {
            out.push(g.person(id));
        }
    }
    out
}

/// `p`'s friends and coworkers (phone contacts with those labels), in id order.
fn friends(g: &Gen, p: &Person) -> Vec<Person> {
    g.population
        .relations_of(p.id)
        .into_iter()
        .filter(|(r, _)| matches!(r, Relation::Friend | Relation::Coworker))
        .map(|(_, id)| g.person(id))
        .collect()
}

/// A contact as added: (first name, last name, e-mail, relationships, phone number).
type NewContact = (String, String, String, Vec<String>, String);

/// The contacts the supervisor added.
fn added_contacts(ctx: &EvalCtx) -> Vec<NewContact> {
    let me = ctx.user_id("phone");
    added(ctx, "phone", "contacts")
        .into_iter()
        .filter(|r| r.get("user_id").as_i64() == me)
        .map(|r| {
            let s = |c: &str| r.get(c).as_str().unwrap_or("").to_string();
            (
                s("first_name"),
                s("last_name"),
                s("email"),
                r.get("relationships")
                    .as_str()
                    .and_then(|x| serde_json::from_str(x).ok())
                    .unwrap_or_default(),
                s("phone_number"),
            )
        })
        .collect()
}

// ---- 1. a Splitwise group's strangers become contacts ---------------------------------------

/// "Add everyone in my Splitwise group X who isn't in my contacts yet, as a friend." The
/// group mixes strangers, contacts and the supervisor; a near-miss group of other strangers
/// lies next to it. Variant 2: another label and three strangers; variant 3: one member is a
/// contact saved under a nickname (only the e-mail matches).
fn group_to_contacts(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .filter(|(r, _)| matches!(r, Relation::Friend | Relation::Coworker))
            .count()
            >= 2
    });
    let n_new = if g.variant == 2 { 3 } else { 2 };
    let all = strangers(g, &p, n_new + 1);
    let (new, other) = (all[..n_new].to_vec(), all[n_new].clone());
    let known = friends(g, &p);
    let (c1, c2) = (known[0].clone(), known[1].clone());
    let (group, near, label) = match g.variant {
        1 => ("Pottery Class", "Pottery Class Supplies", "friend"),
        2 => ("Elm Street Neighbors", "Elm Street Block Party", "neighbor"),
        _ => ("Climbing Crew", "Climbing Gym Carpool", "friend"),
    };
    let instruction = match g.variant {
        1 => format!(
            "I just joined the \"{group}\" group on Splitwise. Add everyone in it who isn't in my phone contacts yet as a contact, with the relationship \"{label}\" and the number they texted me from."
        ),
        2 => format!(
            "Save the members of my Splitwise group \"{group}\" that I don't have in my phone's contacts as new contacts, labelled \"{label}\". Each of them texted me, so use the number the text came from."
        ),
        _ => format!(
            "Some people in my \"{group}\" Splitwise group aren't in my phone contacts. Add them, with \"{label}\" as the relationship; they've texted me, so you have their numbers."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["phone", "splitwise"];
    {
        let (sup, new, other, c1, c2) = (
            p.clone(),
            new.clone(),
            other.clone(),
            c1.clone(),
            c2.clone(),
        );
        let variant = g.variant;
        parts.setup.push(step(move |s| {
            for x in new.iter().chain([&other]) {
                s.remove_contact(&sup, x)?;
            }
            if variant == 3 {
                s.relabel_contact(&sup, &c2, "Moose", &["friend"])?;
            }
            let mut members: Vec<&Person> = vec![&sup, &c1];
            members.extend(new[1..].iter());
            members.insert(2, &c2);
            s.add_splitwise_group(&new[0], &members, group, s.now - Duration::days(3))?;
            for (i, x) in new.iter().enumerate() {
                let msg = format!(
                    "Hi {}! It's {} {} from {group} - this is my number, in case you need it.",
                    sup.first_name, x.first_name, x.last_name
                );
                s.add_text(x, &sup, &msg, s.now - Duration::hours(30 + 5 * i as i64))?;
            }
            let msg = format!(
                "Hey, {} {} here, from {near}. Saving my number?",
                other.first_name, other.last_name
            );
            s.add_text(&other, &sup, &msg, s.now - Duration::hours(20))?;
            s.add_splitwise_group(
                &other,
                &[&sup, &c1, &other],
                near,
                s.now - Duration::days(2),
            )?;
            Ok(())
        }));
    }

    let head = logins(&[("sw", "splitwise"), ("ph", "phone")]);
    let body = |group: &str, label: &str, take: &str| {
        format!(
            "groups = all_pages(apis.splitwise.show_groups, access_token=sw)\ngroup = [x for x in groups if x[\"name\"] == {0}][0]\ntexts = all_pages(apis.phone.search_text_messages, access_token=ph, query={0})\ncontacts = all_pages(apis.phone.search_contacts, access_token=ph)\nknown = {{c[\"email\"].lower() for c in contacts}}\nnew = [m for m in group[\"members\"] if m[\"email\"].lower() != profile[\"email\"].lower() and m[\"email\"].lower() not in known]{take}\nfor m in new:\n    first, last = m[\"name\"].split(\" \", 1)\n    number = [t[\"sender\"][\"phone_number\"] for t in texts if m[\"name\"] in t[\"message\"]][0]\n    apis.phone.add_contact(access_token=ph, first_name=first, last_name=last, email=m[\"email\"], phone_number=number, relationships=[{1}])\napis.supervisor.complete_task()",
            py(group),
            py(label)
        )
    };
    parts.ground_truth = vec![head.clone(), body(group, label, "")];
    parts.wrong = vec![
        solution(
            "adds the near-miss group's stranger",
            vec![head.clone(), body(near, label, "")],
        ),
        solution(
            "labels them \"acquaintance\"",
            vec![head.clone(), body(group, "acquaintance", "")],
        ),
        solution(
            "adds only the first stranger",
            vec![head.clone(), body(group, label, "[:1]")],
        ),
    ];
    let n = new.len();
    parts.checks.push(Check::new(
        format!("exactly {n} contacts were added"),
        move |ctx| match added_contacts(ctx).len() {
            x if x == n => Ok(()),
            x => Err(format!("{x} contacts were added")),
        },
    ));
    for x in &new {
        let (first, last, email) = (x.first_name.clone(), x.last_name.clone(), x.email.clone());
        let number = x.phone_number.clone();
        parts.checks.push(Check::new(
            format!("{first} {last} was added as a contact ({email}, {number})"),
            move |ctx| {
                let a = added_contacts(ctx);
                match a.iter().find(|c| c.2.eq_ignore_ascii_case(&email)) {
                    Some(c) if c.0 == first && c.1 == last && c.4 == number => Ok(()),
                    Some(c) => Err(format!("added as {} {}, {}", c.0, c.1, c.4)),
                    None => Err(format!("no contact for {email}")),
                }
            },
        ));
    }
    parts.checks.push(Check::new(
        format!("every new contact has the relationship \"{label}\" only"),
        move |ctx| {
            for c in added_contacts(ctx) {
                if c.3 != [label] {
                    return Err(format!("{} has {:?}", c.2, c.3));
                }
            }
            Ok(())
        },
    ));
    let mut others = vec![other.email.clone(), c1.email.clone(), c2.email.clone()];
    others.push(p.email.clone());
    parts.checks.push(Check::new(
        format!(
            "no contact was added for {} {} (other group), {} {} or {} {} (already contacts), or the supervisor",
            other.first_name, other.last_name, c1.first_name, c1.last_name, c2.first_name, c2.last_name
        ),
        move |ctx| match added_contacts(ctx)
            .iter()
            .find(|c| others.iter().any(|o| o.eq_ignore_ascii_case(&c.2)))
        {
            Some(c) => Err(format!("{} was added", c.2)),
            None => Ok(()),
        },
    ));
    parts.allowed = vec![allow_added(
        "the supervisor's new contacts",
        "phone",
        "contacts",
        |ctx, r| r.get("user_id").as_i64() == ctx.user_id("phone"),
    )];
    parts
}

// ---- 2. old voice messages from strangers ---------------------------------------------------

/// The supervisor's voice-message copies the episode removed: (message, sender's number,
/// sent at).
fn deleted_voice(ctx: &EvalCtx) -> Vec<(String, String, String)> {
    let me = ctx.user_id("phone");
    ctx.diff
        .rows
        .iter()
        .filter(|r| {
            r.is("phone", "user_voice_messages")
                && r.kind() == ChangeKind::Removed
                && r.before("user_id").as_i64() == me
        })
        .filter_map(|r| voice_of(ctx, r.before("global_voice_message_id").as_i64()?))
        .collect()
}

/// A voice message: (message, sender's number, sent at).
fn voice_of(ctx: &EvalCtx, global_id: i64) -> Option<(String, String, String)> {
    ctx.db
        .query_row_cached(
            "SELECT g.message, u.phone_number, g.created_at FROM phone.global_voice_messages g \
             JOIN phone.users u ON u.id = g.sender_id WHERE g.id = ?1",
            [global_id],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
        )
        .ok()
}

/// Is `number` one of the supervisor's phone contacts?
fn is_contact(ctx: &EvalCtx, number: &str) -> bool {
    ctx.db
        .query_row_cached(
            "SELECT count(*) FROM phone.contacts WHERE user_id = ?1 AND phone_number = ?2",
            rusqlite::params![ctx.user_id("phone"), number],
            |r| r.get::<_, i64>(0),
        )
        .unwrap_or(0)
        > 0
}

/// "Delete the voice messages older than N days from numbers not in my contacts." Two
/// strangers left old messages (one also a recent one, to keep), a contact left an old one
/// (to keep). Variant 2: another cut-off and a third stranger; variant 3: the old message of
/// a contact saved under a nickname (their name in the message differs) must stay too.
fn old_voice_from_strangers(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .filter(|(r, _)| matches!(r, Relation::Friend | Relation::Coworker))
            .count()
            >= 2
    });
    let days: i64 = [30, 14, 45][usize::from(g.variant - 1)];
    let n_str = if g.variant == 2 { 3 } else { 2 };
    let strs = strangers(g, &p, n_str);
    let known = friends(g, &p);
    let (c1, c2) = (known[0].clone(), known[1].clone());
    // (sender, days ago, message, to delete?)
    let mut msgs: Vec<(Person, i64, String, bool)> = vec![
        (
            strs[0].clone(),
            days + 9,
            format!(
                "Hello, this is {} from Brightside Solar. We have a special offer for homeowners in your area, call me back!",
                strs[0].first_name
            ),
            true,
        ),
        (
            strs[0].clone(),
            days + 4,
            format!(
                "Hi again, {} from Brightside Solar following up on our offer.",
                strs[0].first_name
            ),
            true,
        ),
        (
            strs[1].clone(),
            days + 2,
            "Hi, I think I have the wrong number - I was looking for the dentist's office. Sorry!"
                .to_string(),
            true,
        ),
        (
            strs[1].clone(),
            days - 3,
            format!(
                "Hi, it's {} again - we met at the conference last week. Call me when you can!",
                strs[1].first_name
            ),
            false,
        ),
        (
            c1.clone(),
            days + 6,
            "Hey! Call me back when you get this, it's about the weekend.".to_string(),
            false,
        ),
    ];
    if g.variant == 2 {
        msgs.push((
            strs[2].clone(),
            days + 12,
            "This is a reminder about your car's extended warranty. Press 1 to speak to an agent."
                .to_string(),
            true,
        ));
    }
    if g.variant == 3 {
        msgs.push((
            c2.clone(),
            days + 20,
            format!(
                "Hi, it's {} {} - long time no see! Give me a ring sometime.",
                c2.first_name, c2.last_name
            ),
            false,
        ));
    }
    let instruction = match g.variant {
        1 => format!(
            "Delete the voice messages on my phone that are older than {days} days and came from numbers that aren't in my contacts."
        ),
        2 => format!(
            "Clean up my voicemail: remove every voice message from someone who isn't one of my phone contacts, if it's more than {days} days old."
        ),
        _ => format!(
            "Please delete voice messages left more than {days} days ago by people who are not in my contacts. Keep everything else."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["phone"];
    {
        let (sup, msgs, strs, c2) = (p.clone(), msgs.clone(), strs.clone(), c2.clone());
        let variant = g.variant;
        parts.setup.push(step(move |s| {
            for x in &strs {
                s.remove_contact(&sup, x)?;
            }
            if variant == 3 {
                s.relabel_contact(&sup, &c2, "Moose", &["friend"])?;
            }
            for (i, (from, ago, text, _)) in msgs.iter().enumerate() {
                let at = s.now - Duration::days(*ago) - Duration::minutes(97 * i as i64 + 31);
                s.add_voice(from, &sup, text, at)?;
            }
            Ok(())
        }));
    }

    let head = logins(&[("ph", "phone")]);
    let body = |list: &str, cond: &str| {
        format!(
            "import datetime\nnow = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)[\"date\"], \"%A, %B %d, %Y\")\ncutoff = now - datetime.timedelta(days={days})\ncontacts = all_pages(apis.phone.search_contacts, access_token=ph)\nnumbers = {{c[\"phone_number\"] for c in contacts}}\nvoice = {list}\nfor v in voice:\n    number = v[\"sender\"][\"phone_number\"]\n    if number == profile[\"phone_number\"]:\n        continue\n    if {cond}:\n        apis.phone.delete_voice_message(access_token=ph, voice_message_id=v[\"voice_message_id\"])\napis.supervisor.complete_task()"
        )
    };
    let all = "all_pages(apis.phone.search_voice_messages, access_token=ph)";
    let right =
        "number not in numbers and datetime.datetime.fromisoformat(v[\"sent_at\"]) < cutoff";
    parts.ground_truth = vec![head.clone(), body(all, right)];
    parts.wrong = vec![
        solution(
            "misreads the cut-off (a week earlier)",
            vec![
                head.clone(),
                body(all, right)
                    .replace("cutoff = now", "cutoff = now - datetime.timedelta(days=7)"),
            ],
        ),
        solution(
            "deletes old ones from contacts too",
            vec![
                head.clone(),
                body(
                    all,
                    "datetime.datetime.fromisoformat(v[\"sent_at\"]) < cutoff",
                ),
            ],
        ),
        solution(
            "deletes every stranger's message, whatever its age",
            vec![head.clone(), body(all, "number not in numbers")],
        ),
    ];
    for (from, ago, text, delete) in &msgs {
        let (t, del) = (text.clone(), *delete);
        let name = format!("{} {}", from.first_name, from.last_name);
        let what = if del {
            format!("{name}'s voice message of {ago} days ago was deleted")
        } else {
            format!("{name}'s voice message of {ago} days ago was kept")
        };
        parts.checks.push(Check::new(what, move |ctx| {
            let gone = deleted_voice(ctx).iter().any(|d| d.0 == t);
            match (gone, del) {
                (true, true) | (false, false) => Ok(()),
                (true, false) => Err("it was deleted".into()),
                (false, true) => Err("it is still there".into()),
            }
        }));
    }
    let cutoff = sim::clock::fmt_datetime(g.now - Duration::days(days));
    parts.allowed = vec![Allow::new(
        format!("removed voice messages from non-contacts sent before {cutoff}"),
        move |ctx, r| {
            r.is("phone", "user_voice_messages")
                && r.kind() == ChangeKind::Removed
                && r.before("user_id").as_i64() == ctx.user_id("phone")
                && r.before("global_voice_message_id")
                    .as_i64()
                    .and_then(|g| voice_of(ctx, g))
                    .is_some_and(|d| d.2.as_str() < cutoff.as_str() && !is_contact(ctx, &d.1))
        },
    )];
    parts
}

// ---- 3. birthday texts and Venmo gifts ------------------------------------------------------

/// The texts the supervisor sent: (receiver's phone number, message).
fn sent_texts(ctx: &EvalCtx) -> Vec<(String, String)> {
    let me = ctx.user_id("phone");
    added(ctx, "phone", "global_text_messages")
        .into_iter()
        .filter(|r| r.get("sender_id").as_i64() == me)
        .map(|r| {
            let number = ctx
                .db
                .query_row_cached(
                    "SELECT phone_number FROM phone.users WHERE id = ?1",
                    [r.get("receiver_id").as_i64().unwrap_or(0)],
                    |row| row.get::<_, String>(0),
                )
                .unwrap_or_default();
            (number, r.get("message").as_str().unwrap_or("").to_string())
        })
        .collect()
}

/// The supervisor's Venmo payments: (receiver's e-mail, amount, description).
fn sent_payments(ctx: &EvalCtx) -> Vec<(String, f64, String)> {
    let me = ctx.user_id("venmo");
    added(ctx, "venmo", "transactions")
        .into_iter()
        .filter(|r| r.get("sender_id").as_i64() == me)
        .map(|r| {
            let email = ctx
                .db
                .query_row_cached(
                    "SELECT email FROM venmo.users WHERE id = ?1",
                    [r.get("receiver_id").as_i64().unwrap_or(0)],
                    |row| row.get::<_, String>(0),
                )
                .unwrap_or_default();
            (
                email,
                r.get("amount").as_f64().unwrap_or(0.0),
                r.get("description").as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// What sending texts and Venmo payments changes.
fn allow_texts_and_payments() -> Vec<Allow> {
    let mut allowed = allow::texts_sent();
    allowed.extend(venmo_payments());
    allowed
}

/// "Text everyone in my contacts whose birthday is in the next N days and send them the gift
/// amount from my note on Venmo." Two contacts' birthdays fall in the window, one just after
/// it, one just before today (base-world birthdays near the window are moved away). Variant
/// 2: a ten-day window and a larger gift; variant 3: one of them is saved under a nickname
/// and the note names last year's amount too.
fn birthday_gifts(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| pop.relations_of(p.id).len() >= 4);
    let known: Vec<Person> = pop
        .relations_of(p.id)
        .into_iter()
        .map(|(_, id)| g.person(id))
        .collect();
    let window: i64 = if g.variant == 2 { 10 } else { 7 };
    let amount: f64 = [25.0, 40.0, 30.0][usize::from(g.variant - 1)];
    // (person, days from today of the next birthday, gets a gift?)
    let plan: Vec<(Person, i64, bool)> = vec![
        (known[0].clone(), 2, true),
        (known[1].clone(), window - 1, true),
        (known[2].clone(), window + 3, false),
        (known[3].clone(), -2, false),
    ];
    let message = "Happy birthday!";
    let content = match g.variant {
        3 => format!(
            "Birthday gifts\nGift per person this year: ${amount:.0} on Venmo (it was $20 last year).\nAlways send a text too."
        ),
        _ => format!(
            "Birthday gifts\n- ${amount:.0} on Venmo for each friend or family member\n- plus a text on the day or just before"
        ),
    };
    let instruction = match g.variant {
        1 => format!(
            "Check my phone contacts for birthdays in the next {window} days. Text each of those people \"{message}\" and send them the gift amount from my \"Birthday gifts\" note on Venmo, with \"{message}\" as the description."
        ),
        2 => format!(
            "Whose birthday is coming up in the next {window} days? Look at the birthdays in my phone contacts, text each of them \"{message}\" and Venmo them the amount in my \"Birthday gifts\" note (description \"{message}\")."
        ),
        _ => format!(
            "For every contact in my phone with a birthday within the next {window} days: send a text saying \"{message}\" and a Venmo payment of this year's gift amount from my \"Birthday gifts\" note, described \"{message}\"."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["phone", "venmo", "simple_note"];
    let mut filler = g.filler(&p, 6, &[], &["Birthday gifts"]);
    filler.push(g.note(
        "Birthday ideas",
        "Gift ideas: a book, a plant, concert tickets. Budget up to $60.",
        &[],
        false,
        40,
    ));
    let ours = vec![g.note("Birthday gifts", &content, &[], false, 20)];
    parts.notes = Some(mix(&mut g.rng, filler, ours));
    {
        let (sup, plan) = (p.clone(), plan.clone());
        let variant = g.variant;
        parts.setup.push(step(move |s| {
            let today = s.now.date();
            s.clear_contact_birthdays(&sup, today, today + Duration::days(window), 6)?;
            for (x, days, _) in &plan {
                let d = today + Duration::days(*days);
                let year = x.birthday.year();
                let b = d.with_year(year).unwrap_or(x.birthday);
                s.set_contact_birthday(&sup, x, b)?;
            }
            if variant == 3 {
                s.relabel_contact(&sup, &plan[0].0, "Bean", &["friend"])?;
            }
            s.set_venmo_balance(&sup, 500.0)?;
            Ok(())
        }));
    }

    let head = logins(&[("ph", "phone"), ("vm", "venmo"), ("sn", "simple_note")]);
    let body = |lo: i64, hi: i64, pick: &str, amount_re: &str| {
        format!(
            "import datetime, re\nnotes = all_pages(apis.simple_note.search_notes, access_token=sn, query=\"Birthday gifts\")\nnote = [n for n in notes if n[\"title\"] == \"Birthday gifts\"][0]\ncontent = apis.simple_note.show_note(access_token=sn, note_id=note[\"note_id\"])[\"content\"]\namount = float(re.findall(r\"\\$(\\d+(?:\\.\\d+)?)\", content)[{amount_re}])\ntoday = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)[\"date\"], \"%A, %B %d, %Y\").date()\ncontacts = all_pages(apis.phone.search_contacts, access_token=ph)\nchosen = []\nfor c in contacts:\n    if not c[\"birthday\"]:\n        continue\n    b = datetime.date.fromisoformat(c[\"birthday\"])\n    try:\n        nxt = b.replace(year=today.year)\n    except ValueError:\n        continue\n    if nxt < today - datetime.timedelta(days=30):\n        nxt = nxt.replace(year=today.year + 1)\n    if {lo} <= (nxt - today).days <= {hi}:\n        chosen.append(c)\nfor c in chosen{pick}:\n    apis.phone.send_text_message(access_token=ph, phone_number=c[\"phone_number\"], message={m})\n    apis.venmo.create_transaction(access_token=vm, receiver_email=c[\"email\"], amount=amount, description={m})\napis.supervisor.complete_task()",
            m = py(message)
        )
    };
    parts.ground_truth = vec![head.clone(), body(0, window, "", "0")];
    parts.wrong = vec![
        solution(
            "counts birthdays of the past week too",
            vec![head.clone(), body(-window, window, "", "0")],
        ),
        solution(
            "takes a wider window (two weeks)",
            vec![head.clone(), body(0, window + 7, "", "0")],
        ),
        solution(
            "greets only the first one",
            vec![head.clone(), body(0, window, "[:1]", "0")],
        ),
    ];
    if g.variant == 3 {
        parts.wrong.push(solution(
            "sends last year's amount",
            vec![head.clone(), body(0, window, "", "1")],
        ));
    } else {
        parts.wrong.push(solution(
            "sends the birthday-ideas budget",
            vec![
                head.clone(),
                body(0, window, "", "0").replace(
                    "n[\"title\"] == \"Birthday gifts\"",
                    "n[\"title\"] == \"Birthday ideas\"",
                ),
            ],
        ));
    }
    for (x, days, gets) in &plan {
        let (name, number, email, gets) = (
            format!("{} {}", x.first_name, x.last_name),
            x.phone_number.clone(),
            x.email.clone(),
            *gets,
        );
        if gets {
            let (n2, e2) = (number.clone(), email.clone());
            parts.checks.push(Check::new(
                format!("{name} (birthday in {days} days) got one text \"{message}\""),
                move |ctx| {
                    let t: Vec<String> = sent_texts(ctx)
                        .into_iter()
                        .filter(|t| t.0 == n2)
                        .map(|t| t.1)
                        .collect();
                    match t.as_slice() {
                        [m] if crate::eval::normalize_text(m)
                            == crate::eval::normalize_text(message) =>
                        {
                            Ok(())
                        }
                        _ => Err(format!("texts {t:?}")),
                    }
                },
            ));
            parts.checks.push(Check::new(
                format!("{name} got one Venmo payment of ${amount:.2} described \"{message}\""),
                move |ctx| {
                    let pay: Vec<(String, f64, String)> = sent_payments(ctx)
                        .into_iter()
                        .filter(|x| x.0.eq_ignore_ascii_case(&e2))
                        .collect();
                    match pay.as_slice() {
                        [(_, a, d)]
                            if same_amount(*a, amount)
                                && crate::eval::normalize_text(d)
                                    == crate::eval::normalize_text(message) =>
                        {
                            Ok(())
                        }
                        _ => Err(format!("payments {pay:?}")),
                    }
                },
            ));
        } else {
            parts.checks.push(Check::new(
                format!("{name} (birthday {days} days away) got neither text nor payment"),
                move |ctx| {
                    if sent_texts(ctx).iter().any(|t| t.0 == number)
                        || sent_payments(ctx)
                            .iter()
                            .any(|x| x.0.eq_ignore_ascii_case(&email))
                    {
                        Err("they got something".into())
                    } else {
                        Ok(())
                    }
                },
            ));
        }
    }
    parts.checks.push(Check::new(
        "exactly two texts and two payments were sent",
        |ctx| match (sent_texts(ctx).len(), sent_payments(ctx).len()) {
            (2, 2) => Ok(()),
            (t, v) => Err(format!("{t} texts, {v} payments")),
        },
    ));
    parts.allowed = allow_texts_and_payments();
    parts
}

// ---- 4. how many voice messages someone left this month (question) ---------------------------

/// "How many voice messages did my manager leave me this month?" The person also texted this
/// month and left voice messages last month; someone else left voice messages this month.
/// Variant 2: the spouse; variant 3: a friend saved under a nickname (named by it).
fn count_voice(g: &mut Gen) -> Parts {
    let pop = g.population;
    let has = |p: &Person, rel: Relation| pop.relations_of(p.id).iter().any(|(r, _)| *r == rel);
    let p = match g.variant {
        1 => g.supervisor_where(|p| has(p, Relation::Manager) && has(p, Relation::Friend)),
        2 => g.supervisor_where(|p| {
            (has(p, Relation::Wife) || has(p, Relation::Husband)) && has(p, Relation::Friend)
        }),
        _ => g.supervisor_where(|p| {
            pop.relations_of(p.id)
                .iter()
                .filter(|(r, _)| *r == Relation::Friend)
                .count()
                >= 2
        }),
    };
    let rels = pop.relations_of(p.id);
    let pick = |rel: Relation| rels.iter().find(|(r, _)| *r == rel).map(|(_, id)| *id);
    let (who, word) = match g.variant {
        1 => (pick(Relation::Manager), "manager"),
        2 => match pick(Relation::Wife) {
            Some(id) => (Some(id), "wife"),
            None => (pick(Relation::Husband), "husband"),
        },
        _ => (pick(Relation::Friend), "friend"),
    };
    let who = g.person(who.unwrap_or(1));
    let other = rels
        .iter()
        .filter(|(r, id)| *r == Relation::Friend && *id != who.id)
        .map(|(_, id)| g.person(*id))
        .next()
        .unwrap_or_else(|| g.person(1));
    let n: i64 = g.rng.range(2, 5);
    let instruction = match g.variant {
        1 => "How many voice messages did my manager leave me this month?".to_string(),
        2 => format!("How many voice messages has my {word} left me since the start of this month?"),
        _ => "How many voice messages did Ziggy leave me this month? (Ziggy is what I call my friend in my phone.)".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["phone"];
    parts.answer = Some(Answer::Number(n as f64));
    let month_start = g
        .now
        .date()
        .with_day(1)
        .unwrap_or(g.now.date())
        .and_hms_opt(0, 0, 0)
        .unwrap_or(g.now);
    {
        let (sup, who, other) = (p.clone(), who.clone(), other.clone());
        let variant = g.variant;
        parts.setup.push(step(move |s| {
            s.remove_voice_from(&sup, &who, month_start)?;
            if variant == 3 {
                s.relabel_contact(&sup, &who, "Ziggy", &["friend"])?;
            }
            let days_in = (s.now - month_start).num_days().max(2);
            for i in 0..n {
                let at = month_start
                    + Duration::days(1 + (i * 5) % (days_in - 1))
                    + Duration::hours(9 + i);
                s.add_voice(
                    &who,
                    &sup,
                    &format!(
                        "Hey, it's me again ({}) - call me back when you can.",
                        i + 1
                    ),
                    at,
                )?;
            }
            for i in 0..2 {
                let at = month_start - Duration::days(3 + 6 * i) + Duration::hours(10);
                s.add_voice(
                    &who,
                    &sup,
                    "Quick one: can you call me back later today?",
                    at,
                )?;
            }
            s.add_text(
                &who,
                &sup,
                "Did you get my voicemail?",
                s.now - Duration::hours(5),
            )?;
            s.add_voice(
                &sup,
                &who,
                "Got your messages, I'll call you tonight.",
                s.now - Duration::hours(4),
            )?;
            s.add_voice(
                &other,
                &sup,
                "Hi! Are we still on for Saturday?",
                s.now - Duration::days(3),
            )?;
            Ok(())
        }));
    }
    let head = logins(&[("ph", "phone")]);
    let find = match g.variant {
        3 => "contacts = all_pages(apis.phone.search_contacts, access_token=ph, query=\"Ziggy\")\nwho = [c for c in contacts if c[\"first_name\"] == \"Ziggy\"][0]".to_string(),
        _ => format!("who = all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"{word}\")[0]"),
    };
    let body = |window: &str, since: &str, own: bool| {
        let filt = if own {
            "True"
        } else {
            "v[\"sender\"][\"phone_number\"] == who[\"phone_number\"]"
        };
        format!(
            "import datetime\ntoday = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)[\"date\"], \"%A, %B %d, %Y\")\nsince = {since}\nvoice = all_pages(apis.phone.{window}, access_token=ph, phone_number=who[\"phone_number\"])\ncount = len([v for v in voice if {filt} and datetime.datetime.fromisoformat(v[\"sent_at\"]) >= since])\napis.supervisor.complete_task(answer=count)"
        )
    };
    let month = "today.replace(day=1)";
    parts.ground_truth = vec![
        head.clone(),
        find.clone(),
        body("show_voice_message_window", month, false),
    ];
    parts.wrong = vec![
        solution(
            "counts the last 30 days instead of this month",
            vec![
                head.clone(),
                find.clone(),
                body("show_voice_message_window", "today - datetime.timedelta(days=30)", false),
            ],
        ),
        solution(
            "counts my own voice message to them too",
            vec![
                head.clone(),
                find.clone(),
                body("show_voice_message_window", month, true),
            ],
        ),
        solution(
            "counts text messages too",
            vec![
                head.clone(),
                find.clone(),
                body("show_voice_message_window", month, false).replace(
                    "apis.supervisor.complete_task(answer=count)",
                    "texts = all_pages(apis.phone.show_text_message_window, access_token=ph, phone_number=who[\"phone_number\"])\ncount += len([t for t in texts if t[\"sender\"][\"phone_number\"] == who[\"phone_number\"] and datetime.datetime.fromisoformat(t[\"sent_at\"]) >= since])\napis.supervisor.complete_task(answer=count)",
                ),
            ],
        ),
    ];
    parts
        .checks
        .push(Check::new("nothing was sent or deleted", |ctx| {
            match ctx.diff.rows.iter().find(|r| {
                r.is("phone", "user_voice_messages") || r.is("phone", "global_text_messages")
            }) {
                Some(_) => Err("phone messages changed".into()),
                None => Ok(()),
            }
        }));
    parts
}

// ---- 5. a new number from a text, and a Venmo reminder --------------------------------------

/// Is this contact change an update of the phone number only (the relationships re-stored
/// as they were, as an update writes them back)?
fn number_update(r: &RowChange) -> bool {
    let rels = |v: &serde_json::Value| -> Vec<String> {
        v.as_str()
            .and_then(|s| serde_json::from_str(s).ok())
            .unwrap_or_default()
    };
    updates_only(r, &["phone_number", "relationships"])
        && rels(r.before("relationships")) == rels(r.get("relationships"))
}

/// "X texted me a new number: update the contact, and remind them of my pending Venmo
/// request." An older text of theirs gives another number; an approved request to them and a
/// pending request to someone else lie next to it. Variant 2: a coworker; variant 3: a friend
/// saved under a nickname, named by it.
fn new_number_reminder(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        let r = pop.relations_of(p.id);
        r.iter().filter(|(r, _)| *r == Relation::Friend).count() >= 2
            && r.iter().any(|(r, _)| *r == Relation::Coworker)
    });
    let rels = pop.relations_of(p.id);
    let friends_of: Vec<i64> = rels
        .iter()
        .filter(|(r, _)| *r == Relation::Friend)
        .map(|(_, id)| *id)
        .collect();
    let f = match g.variant {
        2 => g.person(
            rels.iter()
                .find(|(r, _)| *r == Relation::Coworker)
                .map(|(_, id)| *id)
                .unwrap_or(1),
        ),
        _ => g.person(friends_of[0]),
    };
    let o = g.person(*friends_of.iter().find(|id| **id != f.id).unwrap_or(&1));
    let new_number = format!("555{:07}", g.rng.range(1_000_000, 9_999_999));
    let old_alt = format!("555{:07}", g.rng.range(1_000_000, 9_999_999));
    let amount = [48.0, 36.5, 62.0][usize::from(g.variant - 1)];
    let what = ["Concert tickets", "Team lunch", "Cabin deposit"][usize::from(g.variant - 1)];
    let called = if g.variant == 3 {
        "Pip".to_string()
    } else {
        f.first_name.clone()
    };
    let instruction = match g.variant {
        1 => format!(
            "{called} texted me a new phone number. Update {called}'s contact with it, then send a Venmo reminder about the payment request I sent them that's still pending."
        ),
        2 => format!(
            "My coworker {called} {} has a new phone number (they texted it to me). Put it in my contacts and remind them on Venmo about my open request.",
            f.last_name
        ),
        _ => "Pip (that's how my friend is saved in my phone) just texted me their new number. Save it in the contact, and nudge them on Venmo about the request of mine they haven't paid yet.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["phone", "venmo"];
    {
        let (sup, f, o) = (p.clone(), f.clone(), o.clone());
        let (new_number, old_alt) = (new_number.clone(), old_alt.clone());
        let variant = g.variant;
        parts.setup.push(step(move |s| {
            if variant == 3 {
                s.relabel_contact(&sup, &f, "Pip", &["friend"])?;
            }
            s.add_text(
                &f,
                &sup,
                &format!("If my cell is off, try my other line: {old_alt}"),
                s.now - Duration::days(40),
            )?;
            s.add_text(
                &f,
                &sup,
                &format!("Hey! I switched carriers - my new number is {new_number}. This one stops working on Friday."),
                s.now - Duration::hours(6),
            )?;
            s.add_text(&f, &sup, "Talk soon!", s.now - Duration::hours(5))?;
            s.add_venmo_request(&sup, &f, 19.0, "Pizza night", s.now - Duration::days(30))?;
            s.execute(
                "UPDATE venmo.payment_requests SET approved_at = updated_at WHERE id = ?1",
                [s.last_id()],
            )?;
            s.add_venmo_request(&sup, &f, amount, what, s.now - Duration::days(9))?;
            s.add_venmo_request(&sup, &o, 27.0, "Movie night", s.now - Duration::days(6))?;
            Ok(())
        }));
    }
    let head = logins(&[("ph", "phone"), ("vm", "venmo")]);
    let find = format!(
        "import re\ncontacts = all_pages(apis.phone.search_contacts, access_token=ph, query={q})\nc = [x for x in contacts if x[\"first_name\"] == {q}{last}][0]\ntexts = all_pages(apis.phone.show_text_message_window, access_token=ph, phone_number=c[\"phone_number\"])\nnumbered = [t for t in texts if t[\"sender\"][\"phone_number\"] == c[\"phone_number\"] and re.search(r\"\\d{{10}}\", t[\"message\"])]\nnumbered.sort(key=lambda t: t[\"sent_at\"], reverse=True)",
        q = py(&called),
        last = if g.variant == 2 {
            format!(" and x[\"last_name\"] == {}", py(&f.last_name))
        } else {
            String::new()
        }
    );
    let act = |pick: usize, status: &str, who: &str| {
        format!(
            "new = re.search(r\"\\d{{10}}\", numbered[{pick}][\"message\"]).group(0)\nemail = {who}\napis.phone.update_contact(access_token=ph, contact_id=c[\"contact_id\"], phone_number=new)\nreqs = all_pages(apis.venmo.show_sent_payment_requests, access_token=vm{status})\nfor r in reqs:\n    if r[\"receiver\"][\"email\"] == email and r[\"approved_at\"] is None and r[\"denied_at\"] is None:\n        apis.venmo.remind_payment_request(access_token=vm, payment_request_id=r[\"payment_request_id\"])\napis.supervisor.complete_task()"
        )
    };
    let right = act(0, "", "c[\"email\"]");
    parts.ground_truth = vec![head.clone(), find.clone(), right];
    parts.wrong = vec![
        solution(
            "takes the older number",
            vec![head.clone(), find.clone(), act(1, "", "c[\"email\"]")],
        ),
        solution(
            "reminds someone else",
            vec![head.clone(), find.clone(), act(0, "", py(&o.email).as_str())],
        ),
        solution(
            "updates the number but sends no reminder",
            vec![
                head.clone(),
                find.clone(),
                act(0, "", "c[\"email\"]").replace(
                    "        apis.venmo.remind_payment_request(access_token=vm, payment_request_id=r[\"payment_request_id\"])",
                    "        pass",
                ),
            ],
        ),
    ];
    let (fe, nn) = (f.email.clone(), new_number.clone());
    parts.checks.push(Check::new(
        format!(
            "{} {}'s contact has the number {new_number}",
            f.first_name, f.last_name
        ),
        move |ctx| {
            let me = ctx.user_id("phone");
            ctx.db
                .query_row_cached(
                    "SELECT phone_number FROM phone.contacts WHERE user_id = ?1 AND email = ?2",
                    rusqlite::params![me, fe],
                    |r| r.get::<_, Option<String>>(0),
                )
                .map_err(|e| e.to_string())
                .and_then(|n| {
                    if n.as_deref() == Some(nn.as_str()) {
                        Ok(())
                    } else {
                        Err(format!("it has {n:?}"))
                    }
                })
        },
    ));
    parts.checks.push(Check::new(
        "only the phone number of that contact changed",
        |ctx| match ctx
            .diff
            .rows
            .iter()
            .find(|r| r.is("phone", "contacts") && !number_update(r))
        {
            Some(r) => Err(format!("{:?} contact change", r.kind())),
            None => Ok(()),
        },
    ));
    let reminded = |ctx: &EvalCtx| -> Vec<(String, f64, String)> {
        added(ctx, "venmo", "notifications")
            .into_iter()
            .filter(|r| r.get("type").as_str() == Some("payment_request_reminded"))
            .filter_map(|r| {
                let data: serde_json::Value =
                    serde_json::from_str(r.get("data").as_str().unwrap_or("{}")).ok()?;
                let id = data.get("payment_request_id")?.as_i64()?;
                ctx.db
                    .query_row_cached(
                        "SELECT u.email, p.amount, p.description FROM venmo.payment_requests p \
                         JOIN venmo.users u ON u.id = p.receiver_id WHERE p.id = ?1",
                        [id],
                        |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
                    )
                    .ok()
            })
            .collect()
    };
    let fe = f.email.clone();
    parts.checks.push(Check::new(
        format!(
            "{} got a reminder for the ${amount:.2} \"{what}\" request",
            f.first_name
        ),
        move |ctx| {
            let r = reminded(ctx);
            if r.iter()
                .any(|x| x.0.eq_ignore_ascii_case(&fe) && same_amount(x.1, amount) && x.2 == what)
            {
                Ok(())
            } else {
                Err(format!("reminders: {r:?}"))
            }
        },
    ));
    let oe = o.email.clone();
    parts.checks.push(Check::new(
        format!(
            "exactly one reminder was sent, none to {} {}",
            o.first_name, o.last_name
        ),
        move |ctx| {
            let r = reminded(ctx);
            if r.len() == 1 && !r.iter().any(|x| x.0.eq_ignore_ascii_case(&oe)) {
                Ok(())
            } else {
                Err(format!("reminders: {r:?}"))
            }
        },
    ));
    parts.allowed = vec![
        Allow::new("the phone number of the supervisor's contact", |ctx, r| {
            r.is("phone", "contacts")
                && number_update(r)
                && r.before("user_id").as_i64() == ctx.user_id("phone")
        }),
        allow_added("Venmo notifications", "venmo", "notifications", |_, _| true),
    ];
    parts
}

// ---- 6. text the members of a Splitwise group -----------------------------------------------

/// "Text everyone in my Splitwise group X: ..." Members are found by e-mail among the
/// contacts (one is saved under a nickname in variant 3); a near-miss group holds another
/// contact. Variant 2: one member is not a contact, and the text goes to the others only.
fn text_group(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .filter(|(r, _)| matches!(r, Relation::Friend | Relation::Coworker))
            .count()
            >= 4
    });
    let known = friends(g, &p);
    let members: Vec<Person> = known[..3].to_vec();
    let outsider = known[3].clone();
    let stranger = strangers(g, &p, 1)[0].clone();
    let (group, near, message) = match g.variant {
        1 => (
            "Book Club",
            "Book Club Snacks",
            "Book club moved to Thursday at 7pm, same place.",
        ),
        2 => (
            "Tennis Doubles",
            "Tennis Court Fees",
            "Court 3 is booked for Saturday 10am!",
        ),
        _ => (
            "Road Trip Crew",
            "Road Trip Gas Money",
            "We leave Friday at 6am sharp - pack light!",
        ),
    };
    let instruction = match g.variant {
        1 => format!("Text everyone in my \"{group}\" group on Splitwise: \"{message}\""),
        2 => format!(
            "Send a text to each member of my Splitwise group \"{group}\" who is in my phone contacts (skip anyone who isn't): \"{message}\""
        ),
        _ => {
            format!("Let the people in my Splitwise group \"{group}\" know by text: \"{message}\"")
        }
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["phone", "splitwise"];
    {
        let (sup, members, outsider, stranger) = (
            p.clone(),
            members.clone(),
            outsider.clone(),
            stranger.clone(),
        );
        let variant = g.variant;
        parts.setup.push(step(move |s| {
            s.remove_contact(&sup, &stranger)?;
            if variant == 3 {
                s.relabel_contact(&sup, &members[1], "Scout", &["friend"])?;
            }
            let mut all: Vec<&Person> = vec![&sup];
            all.extend(members.iter());
            if variant == 2 {
                all.push(&stranger);
            }
            s.add_splitwise_group(&members[0], &all, group, s.now - Duration::days(12))?;
            s.add_splitwise_group(
                &outsider,
                &[&sup, &outsider],
                near,
                s.now - Duration::days(4),
            )?;
            Ok(())
        }));
    }
    let head = logins(&[("sw", "splitwise"), ("ph", "phone")]);
    let body = |group: &str, take: &str| {
        format!(
            "groups = all_pages(apis.splitwise.show_groups, access_token=sw)\ngroup = [x for x in groups if x[\"name\"] == {}][0]\ncontacts = all_pages(apis.phone.search_contacts, access_token=ph)\nby_email = {{c[\"email\"].lower(): c for c in contacts}}\ntargets = [by_email[m[\"email\"].lower()] for m in group[\"members\"] if m[\"email\"].lower() in by_email]{take}\nfor c in targets:\n    apis.phone.send_text_message(access_token=ph, phone_number=c[\"phone_number\"], message={})\napis.supervisor.complete_task()",
            py(group),
            py(message)
        )
    };
    parts.ground_truth = vec![head.clone(), body(group, "")];
    parts.wrong = vec![
        solution(
            "texts the near-miss group",
            vec![head.clone(), body(near, "")],
        ),
        solution(
            "texts only the first member",
            vec![head.clone(), body(group, "[:1]")],
        ),
        solution(
            "texts a shortened message",
            vec![
                head.clone(),
                body(group, "").replace(&py(message), "\"See you there!\""),
            ],
        ),
    ];
    for m in &members {
        let (name, number) = (
            format!("{} {}", m.first_name, m.last_name),
            m.phone_number.clone(),
        );
        parts.checks.push(Check::new(
            format!("{name} got one text \"{message}\""),
            move |ctx| {
                let t: Vec<String> = sent_texts(ctx)
                    .into_iter()
                    .filter(|t| t.0 == number)
                    .map(|t| t.1)
                    .collect();
                match t.as_slice() {
                    [x] if crate::eval::normalize_text(x)
                        == crate::eval::normalize_text(message) =>
                    {
                        Ok(())
                    }
                    _ => Err(format!("texts {t:?}")),
                }
            },
        ));
    }
    let n = members.len();
    let (on, sn) = (outsider.phone_number.clone(), stranger.phone_number.clone());
    parts.checks.push(Check::new(
        format!(
            "nobody else got a text ({} {} of the other group, {} {})",
            outsider.first_name, outsider.last_name, stranger.first_name, stranger.last_name
        ),
        move |ctx| {
            let t = sent_texts(ctx);
            if t.len() == n && !t.iter().any(|x| x.0 == on || x.0 == sn) {
                Ok(())
            } else {
                Err(format!("{} texts sent", t.len()))
            }
        },
    ));
    parts.allowed = allow_texts_and_payments();
    parts
}
