//! Gmail-centred scenarios (all named `... (inbox)`, all `Split::TestChallenge`): sorting the
//! inbox by who wrote (labels, flags, archive, spam), acting on what e-mails say in other apps
//! (Venmo requests for what friends agreed to pay, Todoist tasks from an e-mailed agenda),
//! sending files from the file system and answers from notes, forwarding to the manager. The
//! people come from the world's ties (phone contacts labelled `coworker`, `manager`, `friend`,
//! `roommate`); every e-mail a task depends on is delivered in its setup through gmail's own
//! path, so the expected values are known, and checks read the end state.

use super::{Gen, Parts, Scenario, step};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{added, allow_added};
use crate::kit::gmail::{gmail_id, ids_of};
use crate::kit::people::NICKNAMES;
use crate::kit::people::full;
use crate::kit::people::related_any;
use crate::kit::python::{logins, py, solution};
use crate::kit::venmo::requests_sent;
use crate::model::{Allow, Check, Split};
use apps::people::{Person, Relation};
use chrono::Duration;
use rusqlite::OptionalExtension;
use sim::sql::Cached;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "label the threads from a group of contacts (inbox)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: label_by_relation,
        },
        Scenario {
            name: "request ticket money from friends who replied yes (inbox)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: ticket_requests,
        },
        Scenario {
            name: "e-mail the roommates the water bill and their share (inbox)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: bill_to_roommates,
        },
        Scenario {
            name: "add my e-mailed action items to Todoist (inbox)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: agenda_tasks,
        },
        Scenario {
            name: "reply to all with the answer from my notes (inbox)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: reply_all_from_note,
        },
        Scenario {
            name: "rescue contacts' e-mails from spam and delete the rest (inbox)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: spam_cleanup,
        },
        Scenario {
            name: "send my manager a coworker's e-mailed files (inbox)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: files_to_manager,
        },
        Scenario {
            name: "e-mail my playlist's link to the people in a note (inbox)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: playlist_link,
        },
        Scenario {
            name: "record roommates' e-mailed receipts on Splitwise (inbox)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: receipts_to_splitwise,
        },
    ]
}

// ---- people ---------------------------------------------------------------------------------

/// Does `p` have at least `n` people with one of the relations `rels`?
fn has_n(pop: &apps::people::Population, p: &Person, rels: &[Relation], n: usize) -> bool {
    pop.relations_of(p.id)
        .iter()
        .filter(|(r, _)| rels.contains(r))
        .count()
        >= n
}

/// Someone `p` knows with none of the relations `rels` (and not in `not`), if any.
fn other_contact(g: &Gen, p: &Person, rels: &[Relation], not: &[&Person]) -> Option<Person> {
    let near: Vec<i64> = g
        .population
        .relations_of(p.id)
        .iter()
        .filter(|(r, _)| rels.contains(r))
        .map(|(_, id)| *id)
        .collect();
    g.population
        .relations_of(p.id)
        .into_iter()
        .map(|(_, id)| id)
        .find(|id| !near.contains(id) && !not.iter().any(|n| n.id == *id))
        .map(|id| g.person(id))
}

// ---- Python snippets ------------------------------------------------------------------------

// ---- gmail in the end state -------------------------------------------------------------------

/// An e-mail the supervisor sent during the episode.
struct Sent {
    id: i64,
    to: Vec<i64>,
    subject: String,
    body: String,
    response_to: Option<i64>,
}

/// The e-mails the supervisor sent during the episode, in order.
fn sent_mail(ctx: &EvalCtx) -> Vec<Sent> {
    let me = ctx.user_id("gmail");
    added(ctx, "gmail", "emails")
        .into_iter()
        .filter(|r| r.get("sender_id").as_i64() == me)
        .map(|r| Sent {
            id: r.get("id").as_i64().unwrap_or(0),
            to: ids_of(r.get("recipient_ids")),
            subject: r.get("subject").as_str().unwrap_or("").to_string(),
            body: r.get("body").as_str().unwrap_or("").to_string(),
            response_to: r.get("response_to_email_id").as_i64(),
        })
        .collect()
}

/// The file names attached to e-mail `id`.
fn attachment_names(ctx: &EvalCtx, id: i64) -> Vec<String> {
    let Ok(mut st) = ctx
        .db
        .prepare_cached("SELECT file_name FROM gmail.attachments WHERE email_id = ?1 ORDER BY id")
    else {
        return Vec::new();
    };
    st.query_map([id], |r| r.get::<_, String>(0))
        .map(|rows| rows.filter_map(Result::ok).collect())
        .unwrap_or_default()
}

/// The id of the latest e-mail with exactly `subject` from `from` that involves the supervisor.
fn mail_id(ctx: &EvalCtx, from: &str, subject: &str) -> Option<i64> {
    let me = ctx.user_id("gmail")?;
    ctx.db
        .query_row_cached(
            "SELECT e.id FROM gmail.emails e JOIN gmail.users u ON u.id = e.sender_id \
             WHERE u.email = ?1 AND e.subject = ?2 AND (e.sender_id = ?3 OR EXISTS \
             (SELECT 1 FROM json_each(e.recipient_ids) r WHERE r.value = ?3)) ORDER BY e.id DESC LIMIT 1",
            rusqlite::params![from, subject, me],
            |r| r.get(0),
        )
        .optional()
        .ok()
        .flatten()
}

/// The supervisor's thread copy holding e-mail `email` in the end state: (id, label, read,
/// starred, archived, spam); None when there is none (deleted).
type Flags = (i64, Option<String>, bool, bool, bool, bool);
fn thread_of(ctx: &EvalCtx, email: i64) -> Option<Flags> {
    let me = ctx.user_id("gmail")?;
    ctx.db
        .query_row_cached(
            "SELECT id, label, read, starred, archived, spam FROM gmail.user_email_threads WHERE user_id = ?1 \
             AND EXISTS (SELECT 1 FROM json_each(email_ids) je WHERE je.value = ?2)",
            rusqlite::params![me, email],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)),
        )
        .optional()
        .ok()
        .flatten()
}

/// The flags of the thread holding the designed e-mail (`from`, `subject`), or why not.
fn designed_thread(ctx: &EvalCtx, from: &str, subject: &str) -> Result<Flags, String> {
    let id = mail_id(ctx, from, subject).ok_or_else(|| format!("no e-mail \"{subject}\""))?;
    thread_of(ctx, id).ok_or_else(|| format!("the thread of \"{subject}\" is gone"))
}

/// Updates of the supervisor's thread copies that hold an e-mail sent by one of `senders`
/// (addresses), touching only `columns`.
fn allow_flags_from(what: &str, senders: Vec<String>, columns: &'static [&'static str]) -> Allow {
    Allow::new(what.to_string(), move |ctx, r| {
        r.is("gmail", "user_email_threads")
            && r.kind() == ChangeKind::Updated
            && r.get("user_id").as_i64() == ctx.user_id("gmail")
            && r.changed_columns()
                .iter()
                .all(|c| columns.contains(&c.as_str()))
            && ids_of(r.get("email_ids")).iter().any(|id| {
                ctx.db
                    .query_row_cached(
                        "SELECT u.email FROM gmail.emails e JOIN gmail.users u ON u.id = e.sender_id WHERE e.id = ?1",
                        [id],
                        |r| r.get::<_, String>(0),
                    )
                    .is_ok_and(|e| senders.contains(&e))
            })
    })
}

/// A check that the thread of a designed e-mail satisfies `want`.
fn thread_check(
    name: String,
    from: String,
    subject: String,
    want: impl Fn(&Flags) -> Result<(), String> + Send + Sync + 'static,
) -> Check {
    Check::new(name, move |ctx| {
        want(&designed_thread(ctx, &from, &subject)?)
    })
}

/// `n` recent weekly newsletters to `p` (a full first page of the inbox), one a day.
fn add_newsletters(s: &crate::setup::Setup, p: &Person, n: i64) -> rusqlite::Result<()> {
    let items = [
        "city budget vote",
        "new bike lanes",
        "farmers market opening",
        "library hours",
        "summer concerts",
    ];
    for k in 0..n {
        let item = items[k as usize % items.len()];
        s.add_email(
            "news@weeklybrief.com",
            &[&p.email],
            &format!("Weekly Brief #{}: {item}", 300 - k),
            &format!(
                "Hi {},\n\nThis week: {item}, and more from around town.\n\nThe Weekly Brief",
                p.first_name
            ),
            &[],
            None,
            s.now - Duration::days(k) - Duration::hours(5),
        )?;
    }
    Ok(())
}

// ---- 1. label the threads from a group of contacts --------------------------------------------

/// "Put the label L on every inbox thread with an e-mail from my coworkers (manager too)."
/// The setup delivers new e-mails from the group and from another contact, and archives one
/// from the group (to stay as it is). Variant 2: roommates, labelled `Home` and marked read;
/// variant 3: friends, labelled `Friends` and archived.
fn label_by_relation(g: &mut Gen) -> Parts {
    let pop = g.population;
    let (rels, label, extra): (Vec<Relation>, &str, Option<&str>) = match g.variant {
        1 => (vec![Relation::Coworker, Relation::Manager], "Team", None),
        2 => (vec![Relation::Roommate], "Home", Some("read")),
        _ => (vec![Relation::Friend], "Friends", Some("archived")),
    };
    let need = if g.variant == 2 { 1 } else { 2 };
    let p = g.supervisor_where(|p| has_n(pop, p, &rels, need));
    let group = related_any(g.population, &p, &rels);
    let Some(outsider) = other_contact(g, &p, &rels, &[]) else {
        panic!("no other contact");
    };
    let (who, rel_py) = match g.variant {
        1 => (
            "someone I work with (my manager included)",
            "[\"coworker\", \"manager\"]",
        ),
        2 => ("one of my roommates", "[\"roommate\"]"),
        _ => ("one of my friends", "[\"friend\"]"),
    };
    let then = match extra {
        Some("read") => " and mark them as read",
        Some(_) => ", then archive them",
        None => "",
    };
    let instruction = format!(
        "Give every e-mail thread in my inbox that has an e-mail from {who} the label \"{label}\"{then}. Leave my archived threads alone."
    );
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["gmail", "phone"];
    let topics = [
        (
            "Quick question",
            "Do you have a minute later today? I want to run something by you.",
        ),
        (
            "Photos from Saturday",
            "I finally uploaded the photos, they came out great.",
        ),
        (
            "Plans for next week",
            "Are we still on for next week? Let me know what works.",
        ),
        (
            "The book you lent me",
            "I finally finished it, thanks again! When can I bring it back?",
        ),
        (
            "That recipe",
            "Here's the soup recipe I promised, it's really easy.",
        ),
    ];
    // (from, subject, body, days ago, archived)
    let mut mails: Vec<(String, String, String, i64, bool)> = Vec::new();
    for (k, (subj, body)) in topics.iter().enumerate() {
        let from = &group[k % group.len()];
        mails.push((
            from.email.clone(),
            format!("{subj} ({})", from.first_name),
            body.to_string(),
            [2, 5, 8, 140, 210][k],
            false,
        ));
    }
    let archived_subject = format!("Old receipts ({})", group[0].first_name);
    mails.push((
        group[0].email.clone(),
        archived_subject.clone(),
        "Here are the old receipts you asked about.".to_string(),
        20,
        true,
    ));
    let outsider_subject = format!("Quick question ({})", outsider.first_name);
    mails.push((
        outsider.email.clone(),
        outsider_subject.clone(),
        "Do you have a minute later today?".to_string(),
        3,
        false,
    ));
    let sup = p.clone();
    let m2 = mails.clone();
    parts.setup.push(step(move |s| {
        add_newsletters(s, &sup, 14)?;
        for (from, subject, body, days, archived) in &m2 {
            let id = s.add_email(
                from,
                &[&sup.email],
                subject,
                body,
                &[],
                None,
                s.now - Duration::days(*days) - Duration::hours(3),
            )?;
            if *archived {
                s.set_mail_flags(&sup, id, true, true, None)?;
            }
        }
        Ok(())
    }));

    let head = logins(&[("gm", "gmail"), ("ph", "phone")]);
    let people = format!(
        "people = set()\nfor rel in {rel_py}:\n    for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship=rel):\n        people.add(c[\"email\"])"
    );
    let find = "threads = {}\nfor e in sorted(people):\n    for t in all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=e):\n        threads[t[\"email_thread_id\"]] = t";
    let act = |label: &str, extra: Option<&str>| {
        let mut s = format!(
            "for t in threads.values():\n    apis.gmail.label_thread(access_token=gm, email_thread_id=t[\"email_thread_id\"], label={})",
            py(label)
        );
        match extra {
            Some("read") => s.push_str("\n    if not t[\"read\"]:\n        apis.gmail.mark_thread_read(access_token=gm, email_thread_id=t[\"email_thread_id\"])"),
            Some(_) => s.push_str("\n    if not t[\"archived\"]:\n        apis.gmail.mark_thread_archived(access_token=gm, email_thread_id=t[\"email_thread_id\"])"),
            None => {}
        }
        s.push_str("\napis.supervisor.complete_task()");
        s
    };
    parts.ground_truth = vec![
        head.clone(),
        people.clone(),
        find.to_string(),
        act(label, extra),
    ];
    parts.wrong = vec![
        solution(
            "reads only the first page of threads",
            vec![
                head.clone(),
                people.clone(),
                "threads = {t[\"email_thread_id\"]: t for t in apis.gmail.show_inbox_threads(access_token=gm, page_limit=20) if any(x[\"email\"] in people for x in t[\"participants\"])}".to_string(),
                act(label, extra),
            ],
        ),
        solution(
            "labels the archived threads as well",
            vec![
                head.clone(),
                people.clone(),
                format!("{find}\nfor e in sorted(people):\n    for t in all_pages(apis.gmail.show_archived_threads, access_token=gm, from_email=e):\n        threads[t[\"email_thread_id\"]] = t"),
                act(label, extra),
            ],
        ),
        solution(
            "labels every thread with a contact in it",
            vec![
                head.clone(),
                "people = set(c[\"email\"] for c in all_pages(apis.phone.search_contacts, access_token=ph))".to_string(),
                find.to_string(),
                act(label, extra),
            ],
        ),
    ];
    if extra.is_some() {
        parts.wrong.push(solution(
            "only labels them",
            vec![
                head.clone(),
                people.clone(),
                find.to_string(),
                act(label, None),
            ],
        ));
    }
    if g.variant == 1 {
        parts.wrong.push(solution(
            "leaves out the manager",
            vec![
                head.clone(),
                people.replace("[\"coworker\", \"manager\"]", "[\"coworker\"]"),
                find.to_string(),
                act(label, extra),
            ],
        ));
    }

    let group_emails: Vec<String> = group.iter().map(|m| m.email.clone()).collect();
    let names: Vec<String> = group.iter().map(full).collect();
    let ge = group_emails.clone();
    let lab = label.to_string();
    let extra_s = extra.map(str::to_string);
    parts.checks = vec![Check::new(
        format!(
            "every inbox thread with an e-mail from {} is labelled \"{label}\"",
            names.join(", ")
        ),
        move |ctx| {
            let me = ctx.user_id("gmail").ok_or("no gmail account")?;
            let ids: Vec<i64> = ge.iter().filter_map(|e| gmail_id(ctx, e)).collect();
            let mut st = ctx
                .db
                .prepare_cached(
                    "SELECT t.id, t.label, t.archived FROM gmail.user_email_threads t WHERE t.user_id = ?1 AND t.spam = 0 \
                     AND EXISTS (SELECT 1 FROM json_each(t.email_ids) je JOIN gmail.emails e ON e.id = je.value \
                     WHERE e.sender_id IN (SELECT value FROM json_each(?2)))",
                )
                .map_err(|e| e.to_string())?;
            let rows: Vec<(i64, Option<String>, bool)> = st
                .query_map(
                    rusqlite::params![me, serde_json::to_string(&ids).unwrap_or_default()],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                )
                .map_err(|e| e.to_string())?
                .filter_map(Result::ok)
                .collect();
            for (id, l, archived) in rows {
                // Was it in the inbox at the start?
                let before = ctx
                    .diff
                    .rows
                    .iter()
                    .find(|r| {
                        r.is("gmail", "user_email_threads")
                            && r.kind() == ChangeKind::Updated
                            && r.get("id").as_i64() == Some(id)
                    })
                    .map(|r| r.before("archived").as_i64() == Some(1))
                    .unwrap_or(archived);
                if !before
                    && l.as_deref().map(|s| s.trim().to_lowercase()) != Some(lab.to_lowercase())
                {
                    return Err(format!("thread {id} is labelled {l:?}"));
                }
            }
            Ok(())
        },
    )];
    for (from, subject, _, _, _) in mails.iter().filter(|m| !m.4) {
        if from == &outsider.email {
            continue;
        }
        let lab = label.to_string();
        let ex = extra_s.clone();
        parts.checks.push(thread_check(
            format!(
                "\"{subject}\" is labelled \"{label}\"{}",
                match extra {
                    Some("read") => " and read",
                    Some(_) => " and archived",
                    None => "",
                }
            ),
            from.clone(),
            subject.clone(),
            move |f| {
                if f.1.as_deref().map(|s| s.trim().to_lowercase()) != Some(lab.to_lowercase()) {
                    return Err(format!("label {:?}", f.1));
                }
                match ex.as_deref() {
                    Some("read") if !f.2 => Err("unread".into()),
                    Some("archived") if !f.4 => Err("not archived".into()),
                    _ => Ok(()),
                }
            },
        ));
    }
    parts.checks.push(thread_check(
        format!("the archived \"{archived_subject}\" keeps no label"),
        group[0].email.clone(),
        archived_subject.clone(),
        |f| match &f.1 {
            Some(l) => Err(format!("labelled {l}")),
            None => Ok(()),
        },
    ));
    parts.checks.push(thread_check(
        format!(
            "\"{outsider_subject}\" from {} is not labelled",
            full(&outsider)
        ),
        outsider.email.clone(),
        outsider_subject.clone(),
        |f| match &f.1 {
            Some(l) => Err(format!("labelled {l}")),
            None => Ok(()),
        },
    ));
    let columns: &'static [&'static str] = match extra {
        Some("read") => &["label", "read"],
        Some(_) => &["label", "archived"],
        None => &["label"],
    };
    parts.allowed = vec![allow_flags_from(
        "labels of the group's threads",
        group_emails,
        columns,
    )];
    parts
}

// ---- 2. Venmo requests for concert tickets ----------------------------------------------------

/// "I bought the tickets; request the money on Venmo from everyone who replied they're in."
/// The supervisor e-mailed several friends; replies say yes, no, or (variant 2) yes and then
/// no; variant 3 has a friend taking two tickets.
fn ticket_requests(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| has_n(pop, p, &[Relation::Friend], 4));
    let friends = related_any(g.population, &p, &[Relation::Friend]);
    let band = ["Velvet Lanterns", "Neon Harbor", "Paper Comets"][g.variant as usize - 1];
    let price = [45, 62, 38][g.variant as usize - 1] as f64 + g.rng.range(0, 4) as f64 * 5.0;
    let date = ["June 10", "June 17", "July 1"][g.variant as usize - 1];
    let note = format!("{band} tickets");
    let n = friends.len().min(5);
    let invited: Vec<Person> = friends[..n].to_vec();
    // (friend index, reply body, tickets they owe for (0: none))
    let mut replies: Vec<(usize, String, i64)> = vec![
        (0, "I'm in! Send me the request whenever.".to_string(), 1),
        (
            1,
            "Sorry, I can't make it that weekend. Have fun!".to_string(),
            0,
        ),
        (2, "I'm in, sounds great!".to_string(), 1),
    ];
    match g.variant {
        2 => {
            replies.push((3, "I'm in too!".to_string(), 1));
            replies.push((
                3,
                "Ugh, turns out I can't make it after all, my cousin's wedding is that day. Count me out, sorry!".to_string(),
                -1,
            ));
        }
        3 => {
            replies.push((
                3,
                "I'm in, and my brother wants to come too, so get 2 tickets for us. I'll pay for both.".to_string(),
                2,
            ));
        }
        _ => {}
    }
    // Who owes for how many tickets.
    let mut owe: Vec<(Person, i64)> = Vec::new();
    for (i, _, k) in &replies {
        let who = &invited[*i];
        owe.retain(|(o, _)| o.id != who.id);
        if *k > 0 {
            owe.push((who.clone(), *k));
        }
    }
    let instruction = format!(
        "I bought the {band} concert tickets I e-mailed my friends about, ${price:.0} a ticket. Send a Venmo request to each friend who replied that they're in, for their tickets, with the note \"{note}\"."
    );
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["gmail", "venmo"];
    let subject = format!("{band} concert on {date}?");
    let (sup, inv, reps, subj) = (p.clone(), invited.clone(), replies.clone(), subject.clone());
    let price_s = format!("{price:.0}");
    let band_s = band.to_string();
    parts.setup.push(step(move |s| {
        let to: Vec<&str> = inv.iter().map(|f| f.email.as_str()).collect();
        let start = s.now - Duration::days(6);
        let first = s.add_email(
            &sup.email,
            &to,
            &subj,
            &format!(
                "Hey all,\n\n{band_s} are playing on {date}! Tickets are ${price_s} each. Reply if you're in and I'll buy them and send you a Venmo request.\n\n{}",
                sup.first_name
            ),
            &[],
            None,
            start,
        )?;
        let mut last = first;
        for (k, (i, body, _)) in reps.iter().enumerate() {
            last = s.add_email(
                &inv[*i].email,
                &[&sup.email],
                &format!("Re: {subj}"),
                body,
                &[],
                Some(last),
                start + Duration::hours(3 + 7 * k as i64),
            )?;
        }
        // A similar e-mail about another show, which nobody owes for.
        s.add_email(
            &inv[1].email,
            &[&sup.email],
            "Concert tickets for the jazz night",
            "I got us two tickets for the jazz night, my treat!",
            &[],
            None,
            s.now - Duration::days(3),
        )?;
        Ok(())
    }));

    let head = logins(&[("gm", "gmail"), ("vm", "venmo")]);
    let find = format!(
        "threads = all_pages(apis.gmail.show_outbox_threads, access_token=gm, query={})\nthread = [t for t in threads if {} in t[\"subject\"]][0]\nemails = apis.gmail.show_thread(access_token=gm, email_thread_id=thread[\"email_thread_id\"])[\"emails\"]",
        py(band),
        py(band)
    );
    let decide = "owe = {}\nfor e in sorted(emails, key=lambda e: e[\"created_at\"]):\n    who = e[\"sender\"][\"email\"]\n    if who == profile[\"email\"]:\n        continue\n    body = e[\"body\"].lower()\n    if \"can't\" in body or \"count me out\" in body:\n        owe.pop(who, None)\n    elif \"i'm in\" in body:\n        m = re.search(r\"get (\\d+) tickets\", body)\n        owe[who] = int(m.group(1)) if m else 1";
    let request = |amount: &str, note: &str| {
        format!(
            "for who, k in owe.items():\n    apis.venmo.create_payment_request(access_token=vm, user_email=who, amount={amount}, description={})\napis.supervisor.complete_task()",
            py(note)
        )
    };
    let price_py = format!("{price}");
    parts.ground_truth = vec![
        head.clone(),
        find.clone(),
        decide.to_string(),
        request(&format!("{price_py} * k"), &note),
    ];
    parts.wrong = vec![
        solution(
            "requests from everyone the e-mail went to",
            vec![
                head.clone(),
                find.clone(),
                "owe = {r[\"email\"]: 1 for r in emails[0][\"recipients\"] if r[\"email\"] != profile[\"email\"]}".to_string(),
                request(&format!("{price_py} * k"), &note),
            ],
        ),
        solution(
            "requests from everyone who replied",
            vec![
                head.clone(),
                find.clone(),
                "owe = {e[\"sender\"][\"email\"]: 1 for e in emails if e[\"sender\"][\"email\"] != profile[\"email\"]}".to_string(),
                request(&format!("{price_py} * k"), &note),
            ],
        ),
        solution(
            "writes another note",
            vec![
                head.clone(),
                find.clone(),
                decide.to_string(),
                request(&format!("{price_py} * k"), "concert"),
            ],
        ),
    ];
    match g.variant {
        2 => parts.wrong.push(solution(
            "misses that a friend dropped out later",
            vec![
                head.clone(),
                find.clone(),
                decide.replace("owe.pop(who, None)", "pass"),
                request(&format!("{price_py} * k"), &note),
            ],
        )),
        3 => parts.wrong.push(solution(
            "asks for one ticket from everyone",
            vec![
                head.clone(),
                find.clone(),
                decide.to_string(),
                request(&price_py, &note),
            ],
        )),
        _ => {}
    }
    let mine = requests_sent;
    let venmo_id = |ctx: &EvalCtx, e: &str| -> i64 {
        ctx.db
            .query_row_cached("SELECT id FROM venmo.users WHERE email = ?1", [e], |r| {
                r.get(0)
            })
            .unwrap_or(-1)
    };
    for (who, k) in &owe {
        let (email, amount) = (who.email.clone(), price * *k as f64);
        parts.checks.push(Check::new(
            format!("one request to {} for ${amount:.2}", full(who)),
            move |ctx| {
                let id = venmo_id(ctx, &email);
                let got: Vec<f64> = mine(ctx)
                    .iter()
                    .filter(|r| r.receiver == id)
                    .map(|r| r.amount)
                    .collect();
                match got.as_slice() {
                    [a] if crate::kit::money::same_amount(*a, amount) => Ok(()),
                    other => Err(format!("requests {other:?}")),
                }
            },
        ));
    }
    let ok: Vec<String> = owe.iter().map(|(w, _)| w.email.clone()).collect();
    let not: Vec<Person> = invited
        .iter()
        .filter(|f| !ok.contains(&f.email))
        .cloned()
        .collect();
    let not_names: Vec<String> = not.iter().map(full).collect();
    let not_emails: Vec<String> = not.iter().map(|f| f.email.clone()).collect();
    parts.checks.push(Check::new(
        format!("no request to {}", not_names.join(", ")),
        move |ctx| {
            let ids: Vec<i64> = not_emails.iter().map(|e| venmo_id(ctx, e)).collect();
            match mine(ctx).iter().find(|r| ids.contains(&r.receiver)) {
                Some(r) => Err(format!("a request to venmo user {}", r.receiver)),
                None => Ok(()),
            }
        },
    ));
    let n_ok = ok.len();
    parts.checks.push(Check::new(
        format!("exactly {n_ok} requests"),
        move |ctx| match mine(ctx).len() {
            k if k == n_ok => Ok(()),
            k => Err(format!("{k} requests")),
        },
    ));
    let note2 = note.clone();
    parts.checks.push(Check::new(
        format!("each has the note \"{note}\""),
        move |ctx| match mine(ctx).iter().find(|r| r.description.trim() != note2) {
            Some(r) => Err(format!("a request noted \"{}\"", r.description)),
            None => Ok(()),
        },
    ));
    parts.allowed = vec![
        allow_added(
            "the supervisor's payment requests",
            "venmo",
            "payment_requests",
            |ctx, r| r.get("sender_id").as_i64() == ctx.user_id("venmo"),
        ),
        allow_added(
            "the notifications those requests send",
            "venmo",
            "notifications",
            |_, _| true,
        ),
    ];
    parts
}

// ---- 3. e-mail each roommate the bill with their share ----------------------------------------

/// A water bill's text, as the utility's PDF reads.
fn water_bill(p: &Person, period: &str, cents: i64) -> String {
    format!(
        "AquaFlow Water\nStatement for {} {}\nPeriod: {period}\nTotal due: ${}.{:02}\nPlease pay by the 25th.",
        p.first_name,
        p.last_name,
        cents / 100,
        cents % 100
    )
}

/// "Our April water bill is in my file system. E-mail it to each roommate with their share in
/// the body." March's bill sits next to it; variant 2 adds a gas bill of the same month;
/// variant 3 files both under another folder and name.
fn bill_to_roommates(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| has_n(pop, p, &[Relation::Roommate], 1));
    let mates = related_any(g.population, &p, &[Relation::Roommate]);
    let n = mates.len() as i64 + 1;
    let cents = (g.rng.range(5_000, 16_000) / n) * n;
    let older = (g.rng.range(5_000, 16_000) / n) * n + n;
    let share = format!("{:.2}", cents as f64 / 100.0 / n as f64);
    let (path, old_path) = match g.variant {
        3 => (
            "~/documents/home/utilities/water_invoice_april_2023.pdf",
            "~/documents/home/utilities/water_invoice_march_2023.pdf",
        ),
        _ => (
            "~/bills/aquaflow_water_2023_04.pdf",
            "~/bills/aquaflow_water_2023_03.pdf",
        ),
    };
    let file = path.rsplit('/').next().unwrap_or_default().to_string();
    let old_file = old_path.rsplit('/').next().unwrap_or_default().to_string();
    let mine = if mates.len() == 1 {
        "my roommate"
    } else {
        "each of my roommates"
    };
    let instruction = match g.variant {
        1 => format!(
            "Our April water bill is in my file system. E-mail it to {mine} as an attachment, and write in the e-mail how much they owe me: an equal share of the total, counting me, as $X.XX."
        ),
        2 => format!(
            "I paid the latest water bill; the PDF is in my file system. Send it to {mine} by e-mail (attach the PDF) and tell them their part in the body, $X.XX, splitting the total equally among all of us including me."
        ),
        _ => format!(
            "The newest water invoice is somewhere in my documents. Please e-mail {mine} the invoice file, with their equal share of it (I pay a share too) in the text, written as $X.XX."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["gmail", "file_system", "phone"];
    let now = g.now;
    let (sup, variant) = (p.clone(), g.variant);
    let (text, old_text) = (
        water_bill(&p, "April 2023", cents),
        water_bill(&p, "March 2023", older),
    );
    let (ps, ops) = (path.to_string(), old_path.to_string());
    parts.setup.push(step(move |s| {
        s.add_file(&sup, &ops, &old_text, now - Duration::days(47))?;
        s.add_file(&sup, &ps, &text, now - Duration::days(16))?;
        if variant == 2 {
            s.add_file(
                &sup,
                "~/bills/emberline_gas_2023_04.pdf",
                "Emberline Gas\nPeriod: April 2023\nTotal due: $61.20",
                now - Duration::days(12),
            )?;
        }
        Ok(())
    }));
    let head = logins(&[("gm", "gmail"), ("fs", "file_system"), ("ph", "phone")]);
    let find = "paths = apis.file_system.show_directory(access_token=fs, directory_path=\"~/\", substring=\"water\", entry_type=\"files\")\nfiles = [apis.file_system.show_file(access_token=fs, file_path=q) for q in paths]\nlatest = max(files, key=lambda f: f[\"created_at\"])\ntotal = float(re.search(r\"Total due: \\$([0-9.]+)\", latest[\"content\"]).group(1))";
    let mates_py =
        "mates = all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"roommate\")";
    let send = |share: &str, attach: bool| {
        format!(
            "for c in mates:\n    apis.gmail.send_email(access_token=gm, email_addresses=[c[\"email\"]], subject=\"Water bill\", body=f\"Hi {{c['first_name']}}, here is our water bill. Your share is ${{{share}:.2f}}.\"{})\napis.supervisor.complete_task()",
            if attach {
                ", attachment_file_paths=[latest[\"path\"]], file_system_access_token=fs"
            } else {
                ""
            }
        )
    };
    let right = "total / (len(mates) + 1)";
    parts.ground_truth = vec![
        head.clone(),
        find.to_string(),
        mates_py.to_string(),
        send(right, true),
    ];
    parts.wrong = vec![
        solution(
            "sends the older bill",
            vec![
                head.clone(),
                find.replace("latest = max(", "latest = min("),
                mates_py.to_string(),
                send(right, true),
            ],
        ),
        solution(
            "leaves the supervisor's own share out",
            vec![
                head.clone(),
                find.to_string(),
                mates_py.to_string(),
                send("total / len(mates)", true),
            ],
        ),
        solution(
            "forgets to attach the bill",
            vec![
                head.clone(),
                find.to_string(),
                mates_py.to_string(),
                send(right, false),
            ],
        ),
        solution(
            "sends it to the friends too",
            vec![
                head.clone(),
                find.to_string(),
                format!(
                    "{mates_py}\nmates += all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"friend\")"
                ),
                send(right, true),
            ],
        ),
    ];
    for m in &mates {
        let (email, f, sh) = (m.email.clone(), file.clone(), share.clone());
        parts.checks.push(Check::new(
            format!("{} got an e-mail with {file} attached", full(m)),
            move |ctx| {
                let id = gmail_id(ctx, &email).unwrap_or(-1);
                let got = sent_mail(ctx).into_iter().filter(|s| s.to.contains(&id));
                for s in got {
                    if attachment_names(ctx, s.id).contains(&f) {
                        return Ok(());
                    }
                }
                Err("no such e-mail".into())
            },
        ));
        let email = m.email.clone();
        parts.checks.push(Check::new(
            format!("{}'s e-mail says ${share}", full(m)),
            move |ctx| {
                let id = gmail_id(ctx, &email).unwrap_or(-1);
                match sent_mail(ctx).into_iter().find(|s| s.to.contains(&id)) {
                    Some(s) if s.body.contains(&format!("${sh}")) => Ok(()),
                    Some(s) => Err(format!("the body reads \"{}\"", s.body)),
                    None => Err("no e-mail".into()),
                }
            },
        ));
    }
    let emails: Vec<String> = mates.iter().map(|m| m.email.clone()).collect();
    let names: Vec<String> = mates.iter().map(full).collect();
    parts.checks.push(Check::new(
        format!("nobody but {} got an e-mail", names.join(", ")),
        move |ctx| {
            let ok: Vec<i64> = emails.iter().filter_map(|e| gmail_id(ctx, e)).collect();
            match sent_mail(ctx)
                .iter()
                .flat_map(|s| s.to.clone())
                .find(|r| !ok.contains(r))
            {
                Some(r) => Err(format!("an e-mail went to gmail user {r}")),
                None => Ok(()),
            }
        },
    ));
    parts.checks.push(Check::new(
        format!("no e-mail carries {old_file}"),
        move |ctx| match sent_mail(ctx)
            .iter()
            .find(|s| attachment_names(ctx, s.id).contains(&old_file))
        {
            Some(s) => Err(format!("e-mail {} does", s.id)),
            None => Ok(()),
        },
    ));
    parts.allowed = allow::mail_sent();
    parts
}

// ---- 4. Todoist tasks from an e-mailed agenda -------------------------------------------------

/// "My manager e-mailed this week's action items; add mine to my Todoist Inbox with their due
/// dates." An older agenda e-mail (April's) must stay out; variant 2 has a correction in a
/// reply; variant 3 also counts the items for the whole team.
fn agenda_tasks(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        has_n(pop, p, &[Relation::Manager], 1) && has_n(pop, p, &[Relation::Coworker], 2)
    });
    let boss = related_any(g.population, &p, &[Relation::Manager])[0].clone();
    let cws = related_any(g.population, &p, &[Relation::Coworker]);
    let (a, b) = (cws[0].clone(), cws[1].clone());
    let me = p.first_name.clone();
    let pool: [[(&str, &str); 6]; 3] = [
        [
            ("Update the onboarding guide", "May 24"),
            ("Book a room for the offsite", "May 26"),
            ("Send the Q2 numbers to finance", "May 30"),
            ("Review the vendor contract", "June 2"),
            ("Draft the customer survey", "June 5"),
            ("Fill in the team availability sheet", "May 31"),
        ],
        [
            ("Prepare the demo for the client", "May 23"),
            ("Order new badges", "May 25"),
            ("Write the release notes", "May 29"),
            ("Clean up the shared drive", "June 1"),
            ("Plan the summer intern projects", "June 7"),
            ("Submit this month's expense reports", "May 31"),
        ],
        [
            ("Test the new checkout flow", "May 22"),
            ("Call the catering company", "May 24"),
            ("Summarize the user interviews", "May 26"),
            ("Update the price list", "May 30"),
            ("Archive the old campaign files", "June 6"),
            ("Complete the security training", "June 2"),
        ],
    ];
    let items = pool[g.variant as usize - 1];
    // Who each item is for.
    let owners = [
        me.as_str(),
        a.first_name.as_str(),
        me.as_str(),
        b.first_name.as_str(),
        me.as_str(),
        "everyone",
    ];
    let lines: Vec<String> = items
        .iter()
        .zip(owners)
        .map(|((t, d), o)| format!("- {t} ({o}, due {d})"))
        .collect();
    let date = |d: &str| -> String {
        chrono::NaiveDate::parse_from_str(&format!("{d} 2023"), "%B %d %Y")
            .map(|x| x.format("%Y-%m-%d").to_string())
            .unwrap_or_default()
    };
    let mut want: Vec<(String, String)> = vec![
        (items[0].0.to_string(), date(items[0].1)),
        (items[2].0.to_string(), date(items[2].1)),
        (items[4].0.to_string(), date(items[4].1)),
    ];
    let correction = if g.variant == 2 {
        want[1].1 = "2023-06-01".to_string();
        Some(format!(
            "Hi all,\n\nOne change: \"{}\" is now due June 1.\n\nThanks,\n{}",
            items[2].0, boss.first_name
        ))
    } else {
        None
    };
    if g.variant == 3 {
        want.push((items[5].0.to_string(), date(items[5].1)));
    }
    let instruction = match g.variant {
        1 => "My manager e-mailed the action items from this week's planning meeting. Add each item assigned to me to my Todoist Inbox as a task, with its due date.".to_string(),
        2 => "Put my action items from this week's planning meeting into my Todoist Inbox with their due dates; my manager sent them by e-mail (check the whole thread for changes).".to_string(),
        _ => "My manager sent this week's meeting action items by e-mail. Add the ones for me, and the ones for the whole team, to my Todoist Inbox with their due dates.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["gmail", "phone", "todoist"];
    let old_items = [
        ("Renew the software licenses", "April 21"),
        ("Send the March report", "April 24"),
    ];
    let old_body = format!(
        "Hi team,\n\nAction items from the April planning meeting:\n- {} ({me}, due {})\n- {} ({me}, due {})\n\nThanks,\n{}",
        old_items[0].0, old_items[0].1, old_items[1].0, old_items[1].1, boss.first_name
    );
    let body = format!(
        "Hi team,\n\nThanks for a productive meeting. Action items:\n{}\n\nThanks,\n{}",
        lines.join("\n"),
        boss.first_name
    );
    let (bo, to) = (
        boss.clone(),
        [p.email.clone(), a.email.clone(), b.email.clone()],
    );
    parts.setup.push(step(move |s| {
        let to: Vec<&str> = to.iter().map(String::as_str).collect();
        s.add_email(
            &bo.email,
            &to,
            "Action items from the planning meeting",
            &old_body,
            &[],
            None,
            s.now - Duration::days(30) - Duration::hours(2),
        )?;
        let id = s.add_email(
            &bo.email,
            &to,
            "Action items from the planning meeting",
            &body,
            &[],
            None,
            s.now - Duration::days(2) - Duration::hours(4),
        )?;
        if let Some(c) = &correction {
            s.add_email(
                &bo.email,
                &to,
                "Re: Action items from the planning meeting",
                c,
                &[],
                Some(id),
                s.now - Duration::days(1),
            )?;
        }
        Ok(())
    }));
    let head = logins(&[("gm", "gmail"), ("ph", "phone"), ("td", "todoist")]);
    let find = "boss = all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"manager\")[0][\"email\"]\nthreads = all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=boss, query=\"action items\")\nthread = max([t for t in threads if \"action items\" in t[\"subject\"].lower()], key=lambda t: t[\"created_at\"])\nemails = sorted(apis.gmail.show_thread(access_token=gm, email_thread_id=thread[\"email_thread_id\"])[\"emails\"], key=lambda e: e[\"created_at\"])";
    let who = if g.variant == 3 {
        "(profile[\"first_name\"], \"everyone\")"
    } else {
        "(profile[\"first_name\"],)"
    };
    let parse = format!(
        "def day(s):\n    return datetime.datetime.strptime(s + \" 2023\", \"%B %d %Y\").strftime(\"%Y-%m-%d\")\nitems = {{}}\nfor t, o, d in re.findall(r\"- (.+) \\((\\w+), due (\\w+ \\d+)\\)\", emails[0][\"body\"]):\n    if o in {who}:\n        items[t] = day(d)\nfor e in emails[1:]:\n    for t, d in re.findall(r'\"(.+?)\" is now due (\\w+ \\d+)', e[\"body\"]):\n        if t in items:\n            items[t] = day(d)"
    );
    let create = "inbox = [q for q in all_pages(apis.todoist.show_projects, access_token=td) if q[\"is_inbox\"]][0]\nfor t, d in items.items():\n    apis.todoist.create_task(access_token=td, project_id=inbox[\"project_id\"], title=t, due_date=d)\napis.supervisor.complete_task()";
    parts.ground_truth = vec![
        head.clone(),
        find.to_string(),
        parse.clone(),
        create.to_string(),
    ];
    parts.wrong = vec![
        solution(
            "adds every action item, not only the supervisor's",
            vec![
                head.clone(),
                find.to_string(),
                parse.replace(&format!("if o in {who}:"), "if True:"),
                create.to_string(),
            ],
        ),
        solution(
            "takes the items of April's meeting",
            vec![
                head.clone(),
                find.replace("thread = max(", "thread = min("),
                parse.clone(),
                create.to_string(),
            ],
        ),
        solution(
            "adds the tasks without due dates",
            vec![
                head.clone(),
                find.to_string(),
                parse.clone(),
                create.replace(", due_date=d", ""),
            ],
        ),
    ];
    match g.variant {
        2 => parts.wrong.push(solution(
            "misses the corrected due date",
            vec![
                head.clone(),
                find.to_string(),
                parse.replace("for e in emails[1:]:", "for e in []:"),
                create.to_string(),
            ],
        )),
        3 => parts.wrong.push(solution(
            "leaves out the item for everyone",
            vec![
                head.clone(),
                find.to_string(),
                parse.replace(", \"everyone\")", ",)"),
                create.to_string(),
            ],
        )),
        _ => {}
    }
    let inbox_tasks = |ctx: &EvalCtx| -> Vec<(String, String)> {
        let Some(me) = ctx.user_id("todoist") else {
            return Vec::new();
        };
        added(ctx, "todoist", "tasks")
            .into_iter()
            .filter(|r| {
                ctx.db
                    .query_row_cached(
                        "SELECT is_inbox AND user_id = ?2 FROM todoist.projects WHERE id = ?1",
                        rusqlite::params![r.get("project_id").as_i64().unwrap_or(-1), me],
                        |x| x.get::<_, bool>(0),
                    )
                    .unwrap_or(false)
            })
            .map(|r| {
                (
                    r.get("title").as_str().unwrap_or("").trim().to_string(),
                    r.get("due_date")
                        .as_str()
                        .unwrap_or("")
                        .chars()
                        .take(10)
                        .collect(),
                )
            })
            .collect()
    };
    for (t, d) in &want {
        let (t2, d2) = (t.clone(), d.clone());
        parts.checks.push(Check::new(
            format!("an Inbox task \"{t}\" due {d}"),
            move |ctx| match inbox_tasks(ctx)
                .iter()
                .find(|x| x.0.eq_ignore_ascii_case(&t2))
            {
                Some(x) if x.1 == d2 => Ok(()),
                Some(x) => Err(format!("due \"{}\"", x.1)),
                None => Err("no such task".into()),
            },
        ));
    }
    let n = want.len();
    let wt: Vec<String> = want.iter().map(|w| w.0.clone()).collect();
    parts.checks.push(Check::new(
        format!("no other task added ({n} in all)"),
        move |ctx| {
            let mine = inbox_tasks(ctx);
            let all = added(ctx, "todoist", "tasks").len();
            if all != mine.len() {
                return Err(format!("{} tasks outside the Inbox", all - mine.len()));
            }
            match mine
                .iter()
                .find(|x| !wt.iter().any(|w| w.eq_ignore_ascii_case(&x.0)))
            {
                Some(x) => Err(format!("a task \"{}\"", x.0)),
                None if mine.len() != n => Err(format!("{} tasks", mine.len())),
                None => Ok(()),
            }
        },
    ));
    parts.allowed = vec![allow_added(
        "tasks in the supervisor's Inbox",
        "todoist",
        "tasks",
        |ctx, r| r.get("user_id").as_i64() == ctx.user_id("todoist"),
    )];
    parts
}

// ---- 5. reply to all with the answer from a note ----------------------------------------------

/// The subject of e-mail `id`.
fn subject_of(ctx: &EvalCtx, id: i64) -> String {
    ctx.db
        .query_row_cached(
            "SELECT subject FROM gmail.emails WHERE id = ?1",
            [id],
            |r| r.get(0),
        )
        .unwrap_or_default()
}

/// "A friend asked the group on e-mail for X; reply to everyone on the thread with X from my
/// notes." A second participant chimed in (the reply must reach both); an older note about a
/// similar thing holds a wrong value.
fn reply_all_from_note(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| has_n(pop, p, &[Relation::Friend], 3));
    let fr = related_any(g.population, &p, &[Relation::Friend]);
    let (a, b, c) = (fr[0].clone(), fr[1].clone(), fr[2].clone());
    let k = g.rng.range(1000, 9999);
    let k2 = (k * 7 + 1234) % 9000 + 1000;
    // (subject, question, chime-in, note title, note text, answer, old note title,
    // old note text, instruction)
    let (subject, question, chime, note_title, note_text, answer, old_title, old_text, instruction) =
        match g.variant {
            1 => (
                "Lake cabin weekend".to_string(),
                "Hi all,\n\nSo excited for the cabin! Does anyone have the door code? I might get there before everyone else.".to_string(),
                "Not me, I think the booking is under your name!".to_string(),
                "Lake cabin booking (June)".to_string(),
                format!("Pine Hollow cabin, June 9-11\nConfirmation: PH-{}\nDoor code: {k}\nCheck-in: 4 PM\nCheck-out: 11 AM", k2),
                k.to_string(),
                "Lake cabin booking (last year)".to_string(),
                format!("Birch Point cabin, August 2022\nDoor code: {k2}\nCheck-in: 3 PM"),
                format!("{} asked on our lake cabin e-mail thread for the cabin's door code. Reply to everyone on that thread with the code; it's in my notes.", a.first_name),
            ),
            2 => (
                "Rental house for the reunion".to_string(),
                "Hey,\n\nWhat's the wifi password at the rental house? I want to set up my laptop for the slideshow.".to_string(),
                "Yes please, I need it too!".to_string(),
                "Reunion rental house".to_string(),
                format!("Maple Street house, June 2-4\nWifi network: MapleGuest\nWifi password: maple{k}\nParking: driveway, two cars"),
                format!("maple{k}"),
                "Ski rental house".to_string(),
                format!("Snowcrest chalet, January\nWifi network: Snowcrest\nWifi password: snow{k2}"),
                format!("Answer {}'s question about the wifi password in the reunion rental house e-mail thread: reply to all of them with the password from my notes.", a.first_name),
            ),
            _ => (
                "Dinner on Friday".to_string(),
                "Hi both,\n\nWhat time is our table on Friday? I need to know when to leave work.".to_string(),
                "Same question here :)".to_string(),
                "Friday dinner reservation".to_string(),
                format!("Olive & Thyme, Friday May 19\nTable for 4 at 7:30 PM\nReservation number: {k}"),
                "7:30".to_string(),
                "Anniversary dinner reservation".to_string(),
                format!("Copper Pot, Saturday April 8\nTable for 2 at 8:15 PM\nReservation number: {k2}"),
                format!("My friends want to know when our table is on Friday; {} asked on e-mail. Reply to everyone in that thread with the reservation time from my notes.", a.first_name),
            ),
        };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["gmail", "simple_note"];
    let mut filler = g.filler(&p, 6, &[], &[]);
    filler.push(g.note(&old_title, &old_text, &[], false, 200));
    let designed = vec![g.note(&note_title, &note_text, &[], false, 12)];
    parts.notes = Some(super::mix(&mut g.rng, filler, designed));
    let (sup, fa, fb, fc, subj) = (p.clone(), a.clone(), b.clone(), c.clone(), subject.clone());
    parts.setup.push(step(move |s| {
        let to = [sup.email.as_str(), fb.email.as_str(), fc.email.as_str()];
        let first = s.add_email(
            &fa.email,
            &to,
            &subj,
            &question,
            &[],
            None,
            s.now - Duration::days(1) - Duration::hours(5),
        )?;
        s.add_email(
            &fb.email,
            &[&fa.email, &sup.email, &fc.email],
            &format!("Re: {subj}"),
            &chime,
            &[],
            Some(first),
            s.now - Duration::hours(20),
        )?;
        // An unrelated e-mail from the same friend.
        s.add_email(
            &fa.email,
            &[&sup.email],
            "Book recommendation",
            "You have to read the book I just finished, I'll lend it to you.",
            &[],
            None,
            s.now - Duration::days(4),
        )?;
        Ok(())
    }));
    let head = format!(
        "{}\nnt = login(\"simple_note\")",
        logins(&[("gm", "gmail")])
    );
    let key = match g.variant {
        1 => "r\"Door code: (\\d+)\"",
        2 => "r\"Wifi password: (\\S+)\"",
        _ => "r\"at (\\d+:\\d+)\"",
    };
    let note_py = |title: &str| {
        format!(
            "notes = all_pages(apis.simple_note.search_notes, access_token=nt, query={q})\nnote = [n for n in notes if n[\"title\"] == {t}][0]\ncontent = apis.simple_note.show_note(access_token=nt, note_id=note[\"note_id\"])[\"content\"]\nanswer = re.search({key}, content).group(1)",
            q = py(title.split(' ').next().unwrap_or("")),
            t = py(title)
        )
    };
    let find = format!(
        "threads = all_pages(apis.gmail.show_inbox_threads, access_token=gm, query={q})\nthread = [t for t in threads if t[\"subject\"].endswith({q})][0]\nemails = sorted(apis.gmail.show_thread(access_token=gm, email_thread_id=thread[\"email_thread_id\"])[\"emails\"], key=lambda e: e[\"created_at\"])\npeople = []\nfor e in emails:\n    for x in [e[\"sender\"]] + e[\"recipients\"]:\n        if x[\"email\"] != profile[\"email\"] and x[\"email\"] not in people:\n            people.append(x[\"email\"])",
        q = py(&subject)
    );
    let reply = |to: &str| {
        format!(
            "apis.gmail.reply_to_email(access_token=gm, email_thread_id=thread[\"email_thread_id\"], email_id=emails[-1][\"email_id\"], body=f\"Hi all, it's {{answer}}.\"{to})\napis.supervisor.complete_task()"
        )
    };
    parts.ground_truth = vec![
        head.clone(),
        note_py(&note_title),
        find.clone(),
        reply(", email_addresses=people"),
    ];
    parts.wrong = vec![
        solution(
            "replies only to the sender of the last e-mail",
            vec![head.clone(), note_py(&note_title), find.clone(), reply("")],
        ),
        solution(
            "takes the answer from the older note",
            vec![
                head.clone(),
                note_py(&old_title),
                find.clone(),
                reply(", email_addresses=people"),
            ],
        ),
        solution(
            "e-mails the answer to the asker in a new thread",
            vec![
                head.clone(),
                note_py(&note_title),
                find.clone(),
                format!(
                    "apis.gmail.send_email(access_token=gm, email_addresses=[emails[0][\"sender\"][\"email\"]], subject={}, body=f\"Hi, it's {{answer}}.\")\napis.supervisor.complete_task()",
                    py(&subject)
                ),
            ],
        ),
    ];
    let subj2 = subject.clone();
    let replies = move |ctx: &EvalCtx| -> Vec<Sent> {
        sent_mail(ctx)
            .into_iter()
            .filter(|s| {
                s.response_to
                    .is_some_and(|id| subject_of(ctx, id).ends_with(&subj2))
            })
            .collect()
    };
    let r1 = replies.clone();
    parts.checks.push(Check::new(
        format!("one reply in the thread \"{subject}\""),
        move |ctx| match r1(ctx).len() {
            1 => Ok(()),
            n => Err(format!("{n} replies")),
        },
    ));
    for who in [&a, &b, &c] {
        let (email, r) = (who.email.clone(), replies.clone());
        parts.checks.push(Check::new(
            format!("the reply reaches {}", full(who)),
            move |ctx| {
                let id = gmail_id(ctx, &email).unwrap_or(-1);
                if r(ctx).iter().any(|s| s.to.contains(&id)) {
                    Ok(())
                } else {
                    Err("not a recipient".into())
                }
            },
        ));
    }
    let (ans, r) = (answer.clone(), replies.clone());
    parts.checks.push(Check::new(
        format!("the reply gives \"{answer}\""),
        move |ctx| match r(ctx).first() {
            Some(s) if s.body.contains(&ans) => Ok(()),
            Some(s) => Err(format!("the reply reads \"{}\"", s.body)),
            None => Err("no reply".into()),
        },
    ));
    parts.checks.push(Check::new(
        "no other e-mail sent",
        move |ctx| match sent_mail(ctx)
            .iter()
            .find(|s| !s.subject.starts_with("Re: "))
        {
            Some(s) => Err(format!("an e-mail \"{}\"", s.subject)),
            None => Ok(()),
        },
    ));
    parts.allowed = allow::mail_sent();
    parts
}

// ---- 6. clean up the spam folder --------------------------------------------------------------

/// The supervisor's phone contacts' addresses in the end state.
fn contact_emails(ctx: &EvalCtx) -> Vec<String> {
    let Some(me) = ctx.user_id("phone") else {
        return Vec::new();
    };
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT email FROM phone.contacts WHERE user_id = ?1 AND email IS NOT NULL",
    ) else {
        return Vec::new();
    };
    st.query_map([me], |r| r.get::<_, String>(0))
        .map(|rows| rows.filter_map(Result::ok).collect())
        .unwrap_or_default()
}

/// The supervisor's spam threads in the end state: (id, sender addresses, text of subjects
/// and bodies).
fn spam_threads(ctx: &EvalCtx) -> Vec<(i64, Vec<String>, String)> {
    let Some(me) = ctx.user_id("gmail") else {
        return Vec::new();
    };
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT t.id, group_concat(u.email, ' '), group_concat(e.subject || ' ' || e.body, ' ') FROM gmail.user_email_threads t \
         JOIN json_each(t.email_ids) je JOIN gmail.emails e ON e.id = je.value JOIN gmail.users u ON u.id = e.sender_id \
         WHERE t.user_id = ?1 AND t.spam = 1 GROUP BY t.id",
    ) else {
        return Vec::new();
    };
    st.query_map([me], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?
                .split(' ')
                .map(str::to_string)
                .collect(),
            r.get::<_, String>(2)?,
        ))
    })
    .map(|rows| rows.filter_map(Result::ok).collect())
    .unwrap_or_default()
}

/// "Some e-mails from people I know ended up in spam: move them back (and star them); delete
/// the rest of the spam." The setup fills the spam folder past one page with junk from a deals
/// sender and puts e-mails of two contacts there (one about a gift card). Variant 2 deletes
/// only the junk about a gift card; variant 3 marks the rescued threads unread instead.
fn spam_cleanup(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        has_n(pop, p, &[Relation::Friend], 1) && has_n(pop, p, &[Relation::Coworker], 1)
    });
    let friend = related_any(g.population, &p, &[Relation::Friend])[0].clone();
    let cw = related_any(g.population, &p, &[Relation::Coworker])[0].clone();
    let junk: Vec<(String, String)> = (0..24)
        .map(|k| {
            if k % 3 == 0 {
                (
                    format!(
                        "Your ${} gift card is waiting (#{})",
                        50 + 25 * (k % 4),
                        8100 + k
                    ),
                    "Congratulations! Click the link to claim your gift card before it expires."
                        .to_string(),
                )
            } else {
                (
                    format!("Limited offer #{}: {}% off everything", 7200 + k, 40 + k),
                    "Huge savings this week only. Unsubscribe anytime.".to_string(),
                )
            }
        })
        .collect();
    let rescued = [
        (
            friend.clone(),
            "Gift card for Mom's birthday".to_string(),
            "Hey, I bought the gift card for Mom's birthday, can you chip in half?".to_string(),
        ),
        (
            cw.clone(),
            "Slides for Thursday".to_string(),
            "Hi, here are my notes for Thursday's slides. Let me know what you think.".to_string(),
        ),
    ];
    let instruction = match g.variant {
        1 => "Some e-mails from people I know ended up in my spam folder. Anything in spam from one of my phone contacts is not spam: move it back and star it. Then delete every other thread in my spam folder.".to_string(),
        2 => "Clean up my spam folder: e-mails from my phone contacts there aren't spam, so mark them as not spam and star them; then delete the spam threads that mention a gift card. Leave the other spam where it is.".to_string(),
        _ => "Go through my spam folder. Whatever one of my phone contacts sent is not spam: move those threads back and mark them unread so I see them. Delete all the other spam threads.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["gmail", "phone"];
    let (sup, j2, r2) = (p.clone(), junk.clone(), rescued.clone());
    parts.setup.push(step(move |s| {
        for (k, (subject, body)) in j2.iter().enumerate() {
            let id = s.add_email(
                "promo@luckydeals.biz",
                &[&sup.email],
                subject,
                body,
                &[],
                None,
                s.now - Duration::hours(5 + 11 * k as i64),
            )?;
            s.set_mail_spam(&sup, id, true)?;
        }
        for (k, (who, subject, body)) in r2.iter().enumerate() {
            let id = s.add_email(
                &who.email,
                &[&sup.email],
                subject,
                body,
                &[],
                None,
                s.now - Duration::days(2 + 3 * k as i64),
            )?;
            s.set_mail_spam(&sup, id, true)?;
        }
        Ok(())
    }));
    let head = logins(&[("gm", "gmail"), ("ph", "phone")]);
    let find = "known = set(c[\"email\"] for c in all_pages(apis.phone.search_contacts, access_token=ph) if c[\"email\"])\nspam = all_pages(apis.gmail.show_spam_threads, access_token=gm)\nmine, other = [], []\nfor t in spam:\n    senders = set(e[\"sender\"][\"email\"] for e in apis.gmail.show_thread(access_token=gm, email_thread_id=t[\"email_thread_id\"])[\"emails\"])\n    (mine if senders & known else other).append(t)";
    let rescue = match g.variant {
        3 => {
            "for t in mine:\n    apis.gmail.mark_thread_not_spam(access_token=gm, email_thread_id=t[\"email_thread_id\"])\n    if t[\"read\"]:\n        apis.gmail.mark_thread_unread(access_token=gm, email_thread_id=t[\"email_thread_id\"])"
        }
        _ => {
            "for t in mine:\n    apis.gmail.mark_thread_not_spam(access_token=gm, email_thread_id=t[\"email_thread_id\"])\n    if not t[\"starred\"]:\n        apis.gmail.mark_thread_starred(access_token=gm, email_thread_id=t[\"email_thread_id\"])"
        }
    };
    let delete = if g.variant == 2 {
        "for t in other:\n    text = \" \".join(e[\"subject\"] + \" \" + e[\"body\"] for e in apis.gmail.show_thread(access_token=gm, email_thread_id=t[\"email_thread_id\"])[\"emails\"])\n    if \"gift card\" in text.lower():\n        apis.gmail.delete_thread(access_token=gm, email_thread_id=t[\"email_thread_id\"])\napis.supervisor.complete_task()"
    } else {
        "for t in other:\n    apis.gmail.delete_thread(access_token=gm, email_thread_id=t[\"email_thread_id\"])\napis.supervisor.complete_task()"
    };
    parts.ground_truth = vec![
        head.clone(),
        find.to_string(),
        rescue.to_string(),
        delete.to_string(),
    ];
    parts.wrong = vec![
        solution(
            "deletes every spam thread",
            vec![
                head.clone(),
                find.to_string(),
                "for t in mine + other:\n    apis.gmail.delete_thread(access_token=gm, email_thread_id=t[\"email_thread_id\"])\napis.supervisor.complete_task()".to_string(),
            ],
        ),
        solution(
            "reads only the first page of the spam folder",
            vec![
                head.clone(),
                find.replace(
                    "spam = all_pages(apis.gmail.show_spam_threads, access_token=gm)",
                    "spam = apis.gmail.show_spam_threads(access_token=gm, page_limit=20)",
                ),
                rescue.to_string(),
                delete.to_string(),
            ],
        ),
        solution(
            "moves the threads back without the flag asked for",
            vec![
                head.clone(),
                find.to_string(),
                "for t in mine:\n    apis.gmail.mark_thread_not_spam(access_token=gm, email_thread_id=t[\"email_thread_id\"])".to_string(),
                delete.to_string(),
            ],
        ),
    ];
    if g.variant == 2 {
        parts.wrong.push(solution(
            "deletes all the other spam, not only the gift card ones",
            vec![
                head.clone(),
                find.to_string(),
                rescue.to_string(),
                "for t in other:\n    apis.gmail.delete_thread(access_token=gm, email_thread_id=t[\"email_thread_id\"])\napis.supervisor.complete_task()".to_string(),
            ],
        ));
    }
    let variant = g.variant;
    for (who, subject, _) in &rescued {
        let flag = if variant == 3 { "unread" } else { "starred" };
        parts.checks.push(thread_check(
            format!("\"{subject}\" from {} is out of spam and {flag}", full(who)),
            who.email.clone(),
            subject.clone(),
            move |f| {
                if f.5 {
                    return Err("still spam".into());
                }
                match variant {
                    3 if f.2 => Err("read".into()),
                    1 | 2 if !f.3 => Err("not starred".into()),
                    _ => Ok(()),
                }
            },
        ));
    }
    parts.checks.push(Check::new(
        "no spam thread from a phone contact is left",
        |ctx| {
            let known = contact_emails(ctx);
            match spam_threads(ctx)
                .iter()
                .find(|t| t.1.iter().any(|e| known.contains(e)))
            {
                Some(t) => Err(format!("thread {} is still spam", t.0)),
                None => Ok(()),
            }
        },
    ));
    if variant == 2 {
        parts.checks.push(Check::new(
            "no spam thread mentioning a gift card is left",
            |ctx| match spam_threads(ctx)
                .iter()
                .find(|t| t.2.to_lowercase().contains("gift card"))
            {
                Some(t) => Err(format!("thread {} is left", t.0)),
                None => Ok(()),
            },
        ));
        let n = junk.iter().filter(|j| !j.0.contains("gift card")).count();
        parts.checks.push(Check::new(
            format!("the {n} other junk e-mails are still in spam"),
            move |ctx| {
                let k = spam_threads(ctx)
                    .iter()
                    .filter(|t| t.2.contains("Limited offer"))
                    .count();
                if k == n {
                    Ok(())
                } else {
                    Err(format!("{k} left"))
                }
            },
        ));
    } else {
        parts.checks.push(Check::new(
            "the spam folder is empty",
            |ctx| match spam_threads(ctx).len() {
                0 => Ok(()),
                n => Err(format!("{n} spam threads left")),
            },
        ));
    }
    let cols: &'static [&'static str] = if variant == 3 {
        &["spam", "read"]
    } else {
        &["spam", "starred"]
    };
    parts.allowed = vec![
        Allow::new("rescued spam threads", move |ctx, r| {
            r.is("gmail", "user_email_threads")
                && r.kind() == ChangeKind::Updated
                && r.get("user_id").as_i64() == ctx.user_id("gmail")
                && r.before("spam").as_i64() == Some(1)
                && r.changed_columns()
                    .iter()
                    .all(|c| cols.contains(&c.as_str()))
        }),
        Allow::new("deleted spam threads", |ctx, r| {
            r.is("gmail", "user_email_threads")
                && r.kind() == ChangeKind::Removed
                && r.get("user_id").as_i64() == ctx.user_id("gmail")
                && r.get("spam").as_i64() == Some(1)
        }),
    ];
    parts
}

// ---- 7. pass a coworker's files on to the manager ---------------------------------------------

/// One designed e-mail of a coworker: (days ago, from the nicknamed coworker?, subject, files).
type CoworkerMail = (i64, bool, &'static str, Vec<(&'static str, String)>);

/// "Send my manager one e-mail with every file {nick} e-mailed me this month attached." The
/// coworker is saved under a nickname; April's file and another coworker's file stay out, and
/// e-mails without files are in between. Variant 2 asks for the spreadsheets only (any month);
/// variant 3 has a file of the same name already in ~/downloads.
fn files_to_manager(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        has_n(pop, p, &[Relation::Manager], 1) && has_n(pop, p, &[Relation::Coworker], 2)
    });
    let boss = related_any(g.population, &p, &[Relation::Manager])[0].clone();
    let cws = related_any(g.population, &p, &[Relation::Coworker]);
    let (cw, other) = (cws[1].clone(), cws[0].clone());
    let nick = NICKNAMES[g.rng.range(0, NICKNAMES.len() as i64) as usize];
    let k = g.rng.range(2, 9);
    let mails: Vec<CoworkerMail> = vec![
        (
            28,
            true,
            "March summary",
            vec![
                (
                    "march_summary.pdf",
                    format!(
                        "March summary\nTickets closed: {}\nNew clients: {k}",
                        40 + k
                    ),
                ),
                (
                    "march_numbers.csv",
                    format!("Week,Tickets\n1,{}\n2,{}", 10 + k, 12 + k),
                ),
            ],
        ),
        (
            15,
            true,
            "Notes from the client call",
            vec![(
                "client_call_notes.docx",
                format!(
                    "Client call\n- They want the demo moved to June {}\n- Pricing questions",
                    5 + k
                ),
            )],
        ),
        (11, true, "Lunch on Friday?", vec![]),
        (
            9,
            false,
            "Team lunch",
            vec![
                ("team_photo.jpg", "JPEG image: team lunch".to_string()),
                ("lunch_orders.csv", "Name,Order\nTeam,Pizza".to_string()),
            ],
        ),
        (
            6,
            true,
            "Q2 numbers",
            vec![
                (
                    "q2_numbers.xlsx",
                    format!(
                        "Month,Revenue\nApril,{}\nMay,{}",
                        41_000 + 100 * k,
                        43_500 + 100 * k
                    ),
                ),
                ("q2_chart.png", "PNG image: revenue chart".to_string()),
            ],
        ),
        (3, true, "Re: Q2 numbers", vec![]),
    ];
    let expected: Vec<&str> = match g.variant {
        2 => vec!["march_numbers.csv", "q2_numbers.xlsx"],
        _ => vec!["client_call_notes.docx", "q2_numbers.xlsx", "q2_chart.png"],
    };
    let all_files: Vec<&str> = mails.iter().flat_map(|m| m.3.iter().map(|f| f.0)).collect();
    let subject = format!("Files from {}", cw.first_name);
    let instruction = match g.variant {
        1 => format!(
            "Send my manager one e-mail with every file {nick} e-mailed me this month attached, with the subject \"{subject}\"."
        ),
        2 => format!(
            "My manager needs the spreadsheets (.csv and .xlsx files) {nick} has e-mailed me. Send them to my manager in one e-mail with the subject \"{subject}\"."
        ),
        _ => format!(
            "Forward the files {nick} sent me by e-mail this month to my manager: one e-mail, all of them attached, subject \"{subject}\"."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["gmail", "phone", "file_system"];
    let (sup, c1, c2, variant) = (p.clone(), cw.clone(), other.clone(), g.variant);
    let m2 = mails.clone();
    parts.setup.push(step(move |s| {
        let mut last = None;
        for (days, mine, subject, files) in &m2 {
            let files: Vec<(&str, &str)> = files.iter().map(|(n, c)| (*n, c.as_str())).collect();
            let from = if *mine { &c1 } else { &c2 };
            let id = s.add_email(
                &from.email,
                &[&sup.email],
                subject,
                "Hi,\n\nSee below.\n\nThanks",
                &files,
                if subject.starts_with("Re: ") {
                    last
                } else {
                    None
                },
                s.now - Duration::days(*days) - Duration::hours(2),
            )?;
            last = Some(id);
        }
        s.relabel_contact(&sup, &c1, nick, &["coworker"])?;
        if variant == 3 {
            s.add_file(
                &sup,
                "~/downloads/client_call_notes.docx",
                "Client call (last year)\n- Renewal discussed",
                s.now - Duration::days(200),
            )?;
        }
        Ok(())
    }));
    let head = format!(
        "{}\ntoday = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)[\"date\"], \"%A, %B %d, %Y\").date()",
        logins(&[("gm", "gmail"), ("ph", "phone"), ("fs", "file_system")])
    );
    let who = format!(
        "cw = [c for c in all_pages(apis.phone.search_contacts, access_token=ph, query={n}) if c[\"first_name\"] == {n}][0][\"email\"]\nboss = all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"manager\")[0][\"email\"]",
        n = py(nick)
    );
    let since = if g.variant == 2 {
        "\"1500-01-01\""
    } else {
        "today.replace(day=1).strftime(\"%Y-%m-%d\")"
    };
    let keep = if g.variant == 2 {
        "a[\"file_name\"].endswith((\".csv\", \".xlsx\"))"
    } else {
        "True"
    };
    let collect = format!(
        "threads = all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=cw, attachment=True)\nfiles = []\nfor t in threads:\n    for e in apis.gmail.show_thread(access_token=gm, email_thread_id=t[\"email_thread_id\"])[\"emails\"]:\n        if e[\"sender\"][\"email\"] == cw and e[\"created_at\"][:10] >= {since}:\n            files += [a for a in e[\"attachments\"] if {keep}]"
    );
    let save = "paths = []\nfor a in files:\n    r = apis.gmail.download_attachment(access_token=gm, attachment_id=a[\"id\"], file_system_access_token=fs, download_to_file_path=\"~/documents/to_manager/\" + a[\"file_name\"])\n    paths.append(r[\"file_path\"])";
    let send = format!(
        "apis.gmail.send_email(access_token=gm, email_addresses=[boss], subject={}, body=\"Hi,\\n\\nHere are the files.\\n\\nThanks\", attachment_file_paths=paths, file_system_access_token=fs)\napis.supervisor.complete_task()",
        py(&subject)
    );
    parts.ground_truth = vec![
        head.clone(),
        who.clone(),
        collect.clone(),
        save.to_string(),
        send.clone(),
    ];
    parts.wrong = vec![
        solution(
            "sends the files of every e-mail from the coworker, older ones too",
            vec![
                head.clone(),
                who.clone(),
                collect.replace(&format!(" and e[\"created_at\"][:10] >= {since}"), "").replace(&format!("if {keep}]"), "]"),
                save.to_string(),
                send.clone(),
            ],
        ),
        solution(
            "takes the files of every coworker",
            vec![
                head.clone(),
                format!("{who}\ncw = None"),
                collect.replace("from_email=cw, ", "").replace("e[\"sender\"][\"email\"] == cw and ", "e[\"sender\"][\"email\"] != profile[\"email\"] and e[\"sender\"][\"email\"] != boss and "),
                save.to_string(),
                send.clone(),
            ],
        ),
        solution(
            "sends the e-mail to the coworker instead of the manager",
            vec![
                head.clone(),
                who.clone(),
                collect.clone(),
                save.to_string(),
                send.replace("email_addresses=[boss]", "email_addresses=[cw]"),
            ],
        ),
    ];
    if g.variant == 2 {
        parts.wrong.push(solution(
            "only looks at this month's e-mails",
            vec![
                head.clone(),
                who.clone(),
                collect.replace(since, "today.replace(day=1).strftime(\"%Y-%m-%d\")"),
                save.to_string(),
                send.clone(),
            ],
        ));
    }
    let to_boss = {
        let be = boss.email.clone();
        move |ctx: &EvalCtx| -> Vec<Sent> {
            let id = gmail_id(ctx, &be).unwrap_or(-1);
            sent_mail(ctx)
                .into_iter()
                .filter(|s| s.to.contains(&id))
                .collect()
        }
    };
    let tb = to_boss.clone();
    parts.checks.push(Check::new(
        format!("one e-mail to {} (the manager)", full(&boss)),
        move |ctx| match tb(ctx).len() {
            1 => Ok(()),
            n => Err(format!("{n} e-mails")),
        },
    ));
    let (tb, subj) = (to_boss.clone(), subject.clone());
    parts.checks.push(Check::new(
        format!("its subject is \"{subject}\""),
        move |ctx| match tb(ctx).first() {
            Some(s) if s.subject.trim() == subj => Ok(()),
            Some(s) => Err(format!("\"{}\"", s.subject)),
            None => Err("no e-mail".into()),
        },
    ));
    for f in &expected {
        let (tb, f2) = (to_boss.clone(), f.to_string());
        parts
            .checks
            .push(Check::new(format!("{f} is attached"), move |ctx| {
                if tb(ctx)
                    .iter()
                    .any(|s| attachment_names(ctx, s.id).contains(&f2))
                {
                    Ok(())
                } else {
                    Err("not attached".into())
                }
            }));
    }
    let wrong_files: Vec<String> = all_files
        .iter()
        .filter(|f| !expected.contains(f))
        .map(|f| f.to_string())
        .collect();
    let tb = to_boss.clone();
    parts.checks.push(Check::new(
        format!("none of {} is attached", wrong_files.join(", ")),
        move |ctx| {
            for s in tb(ctx) {
                if let Some(f) = attachment_names(ctx, s.id)
                    .iter()
                    .find(|f| wrong_files.contains(f))
                {
                    return Err(format!("{f} is"));
                }
            }
            Ok(())
        },
    ));
    let be = boss.email.clone();
    parts.checks.push(Check::new(
        format!("nobody but {} got an e-mail", full(&boss)),
        move |ctx| {
            let id = gmail_id(ctx, &be).unwrap_or(-1);
            match sent_mail(ctx)
                .iter()
                .flat_map(|s| s.to.clone())
                .find(|r| *r != id)
            {
                Some(r) => Err(format!("an e-mail went to gmail user {r}")),
                None => Ok(()),
            }
        },
    ));
    parts.allowed = allow::mail_sent();
    parts.allowed.push(Allow::new(
        "download counts of e-mail attachments",
        |_, r| {
            r.is("gmail", "attachments")
                && r.kind() == ChangeKind::Updated
                && r.changed_columns() == ["download_count"]
        },
    ));
    parts.allowed.push(Allow::new(
        "downloaded files and their folders",
        |ctx, r| {
            (r.is("file_system", "files") || r.is("file_system", "directories"))
                && r.kind() == ChangeKind::Added
                && r.get("user_id").as_i64() == ctx.user_id("file_system")
        },
    ));
    parts
}

// ---- 8. e-mail a playlist's link to the people in a note --------------------------------------

/// The supervisor's playlist titled `title` in the end state: (id, public).
fn playlist_named(ctx: &EvalCtx, title: &str) -> Option<(i64, bool)> {
    let me = ctx.user_id("spotify")?;
    ctx.db
        .query_row_cached(
            "SELECT id, is_public FROM spotify.playlists WHERE user_id = ?1 AND title = ?2",
            rusqlite::params![me, title],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()
        .ok()
        .flatten()
}

/// "E-mail the link of my playlist P to everyone on the crew list in my notes." The playlist is
/// private (to be made public: only public playlists have a link; variant 3's is public
/// already), last year's playlist of a similar name is public; one person on the list dropped
/// out (variant 2) and the list names people by full name, to be found among the contacts.
fn playlist_link(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| has_n(pop, p, &[Relation::Friend], 4));
    let fr = related_any(g.population, &p, &[Relation::Friend]);
    let (title, old_title, note_title, event) = match g.variant {
        1 => (
            "Road Trip 2023",
            "Road Trip 2022",
            "Road trip crew",
            "road trip",
        ),
        2 => (
            "Beach House Weekend",
            "Beach House Weekend (2022)",
            "Beach house weekend - who's coming",
            "beach house weekend",
        ),
        _ => (
            "Summer Drive",
            "Summer Drive (old)",
            "Summer drive carpool",
            "summer drive",
        ),
    };
    let crew: Vec<Person> = fr[..3].to_vec();
    let out = fr[3].clone();
    let mut lines: Vec<String> = crew.iter().map(|c| format!("- {}", full(c))).collect();
    if g.variant == 2 {
        lines.insert(1, format!("- {} (can't make it)", full(&out)));
    }
    let note_text = format!(
        "{note_title}\n{}\nBring snacks and chargers!",
        lines.join("\n")
    );
    let public = g.variant == 3;
    let instruction = match g.variant {
        1 => format!(
            "E-mail the link to my Spotify playlist \"{title}\" to everyone on the road trip crew list in my notes. The playlist is private, so make it public first."
        ),
        2 => format!(
            "Make my \"{title}\" playlist on Spotify public and send its link by e-mail to the people coming to the beach house weekend (the list is in my notes)."
        ),
        _ => format!(
            "Send the link to my \"{title}\" Spotify playlist in an e-mail to each person on my {event} carpool note."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["gmail", "spotify", "simple_note", "phone"];
    let mut filler = g.filler(&p, 6, &[], &[note_title]);
    filler.push(g.note(
        "Old carpool",
        &format!(
            "Carpool (last summer)\n- {}\n- {}",
            full(&out),
            full(&crew[0])
        ),
        &[],
        false,
        300,
    ));
    let designed = vec![g.note(note_title, &note_text, &[], false, 9)];
    parts.notes = Some(super::mix(&mut g.rng, filler, designed));
    let base = g.rng.range(100, 7000);
    let (sup, t1, t2) = (p.clone(), title.to_string(), old_title.to_string());
    parts.setup.push(step(move |s| {
        let songs: Vec<i64> = (0..8).map(|k| base + 37 * k).collect();
        s.add_spotify_playlist(&sup, &t2, true, &songs[4..], s.now - Duration::days(330))?;
        s.add_spotify_playlist(&sup, &t1, public, &songs[..6], s.now - Duration::days(5))?;
        Ok(())
    }));
    let head = format!(
        "{}\nnt = login(\"simple_note\")",
        logins(&[("gm", "gmail"), ("sp", "spotify"), ("ph", "phone")])
    );
    let note_py = format!(
        "notes = all_pages(apis.simple_note.search_notes, access_token=nt, query={q})\nnote = [n for n in notes if n[\"title\"] == {t}][0]\ncontent = apis.simple_note.show_note(access_token=nt, note_id=note[\"note_id\"])[\"content\"]\nnames = [l[2:].strip() for l in content.splitlines() if l.startswith(\"- \") and \"can't\" not in l]\nemails = []\nfor n in names:\n    cs = all_pages(apis.phone.search_contacts, access_token=ph, query=n)\n    emails.append([c for c in cs if c[\"first_name\"] + \" \" + c[\"last_name\"] == n][0][\"email\"])",
        q = py(note_title.split(' ').next().unwrap_or("")),
        t = py(note_title)
    );
    let pl = |title: &str, make_public: bool| {
        let mut s = format!(
            "pls = all_pages(apis.spotify.show_playlist_library, access_token=sp)\npl = [x for x in pls if x[\"title\"] == {}][0]",
            py(title)
        );
        if make_public {
            s.push_str("\nif not pl[\"is_public\"]:\n    apis.spotify.update_playlist(access_token=sp, playlist_id=pl[\"playlist_id\"], is_public=True)");
        }
        s.push_str("\nlink = apis.spotify.show_playlist(access_token=sp, playlist_id=pl[\"playlist_id\"])[\"shareable_link\"]");
        s
    };
    let send = format!(
        "apis.gmail.send_email(access_token=gm, email_addresses=emails, subject={}, body=f\"Here's the playlist for the {event}: {{link}}\")\napis.supervisor.complete_task()",
        py(title)
    );
    parts.ground_truth = vec![head.clone(), note_py.clone(), pl(title, true), send.clone()];
    parts.wrong = vec![
        solution(
            "sends last year's playlist",
            vec![head.clone(), note_py.clone(), pl(old_title, true), send.clone()],
        ),
        solution(
            "e-mails everyone on the old carpool note too",
            vec![
                head.clone(),
                note_py.replace(
                    &format!("note = [n for n in notes if n[\"title\"] == {}][0]\ncontent = apis.simple_note.show_note(access_token=nt, note_id=note[\"note_id\"])[\"content\"]", py(note_title)),
                    &format!("content = \"\\n\".join(apis.simple_note.show_note(access_token=nt, note_id=n[\"note_id\"])[\"content\"] for n in all_pages(apis.simple_note.search_notes, access_token=nt) if n[\"title\"] in ({}, \"Old carpool\"))", py(note_title)),
                ).replace("names = [", "names = sorted(set(").replace("and \"can't\" not in l]", "and \"can't\" not in l))"),
                pl(title, true),
                send.clone(),
            ],
        ),
        solution(
            "e-mails the friends instead of the people on the list",
            vec![
                head.clone(),
                "emails = [c[\"email\"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"friend\")]".to_string(),
                pl(title, true),
                send.clone(),
            ],
        ),
    ];
    if !public {
        parts.wrong.push(solution(
            "sends the link without making the playlist public",
            vec![
                head.clone(),
                note_py.clone(),
                format!(
                    "{}\nlink = \"https://spotify.com/playlists/\" + str(pl[\"playlist_id\"])",
                    pl(title, false)
                        .lines()
                        .take(2)
                        .collect::<Vec<_>>()
                        .join("\n")
                ),
                send.clone(),
            ],
        ));
    }
    if g.variant == 2 {
        parts.wrong.push(solution(
            "includes the friend who can't make it",
            vec![
                head.clone(),
                note_py.replace(" and \"can't\" not in l]", "]").replace(
                    "[l[2:].strip()",
                    "[l[2:].replace(\"(can't make it)\", \"\").strip()",
                ),
                pl(title, true),
                send.clone(),
            ],
        ));
    }
    let t = title.to_string();
    parts.checks.push(Check::new(
        format!("\"{title}\" is public"),
        move |ctx| match playlist_named(ctx, &t) {
            Some((_, true)) => Ok(()),
            Some(_) => Err("private".into()),
            None => Err("no such playlist".into()),
        },
    ));
    for c in &crew {
        let (email, t) = (c.email.clone(), title.to_string());
        parts.checks.push(Check::new(
            format!("{} got an e-mail with the link of \"{title}\"", full(c)),
            move |ctx| {
                let (id, _) = playlist_named(ctx, &t).ok_or("no such playlist")?;
                let link = format!("https://spotify.com/playlists/{id}");
                let me = gmail_id(ctx, &email).unwrap_or(-1);
                if sent_mail(ctx)
                    .iter()
                    .any(|s| s.to.contains(&me) && s.body.contains(&link))
                {
                    Ok(())
                } else {
                    Err(format!("no e-mail with {link}"))
                }
            },
        ));
    }
    let ok: Vec<String> = crew.iter().map(|c| c.email.clone()).collect();
    let names: Vec<String> = crew.iter().map(full).collect();
    parts.checks.push(Check::new(
        format!("nobody but {} got an e-mail", names.join(", ")),
        move |ctx| {
            let ids: Vec<i64> = ok.iter().filter_map(|e| gmail_id(ctx, e)).collect();
            match sent_mail(ctx)
                .iter()
                .flat_map(|s| s.to.clone())
                .find(|r| !ids.contains(r))
            {
                Some(r) => Err(format!("an e-mail went to gmail user {r}")),
                None => Ok(()),
            }
        },
    ));
    let ot = old_title.to_string();
    parts.checks.push(Check::new(
        format!("the link of \"{old_title}\" was not sent"),
        move |ctx| {
            let (id, _) = playlist_named(ctx, &ot).ok_or("no such playlist")?;
            let link = format!("https://spotify.com/playlists/{id}");
            match sent_mail(ctx).iter().find(|s| s.body.contains(&link)) {
                Some(_) => Err(format!("{link} was")),
                None => Ok(()),
            }
        },
    ));
    parts.allowed = allow::mail_sent();
    let t = title.to_string();
    parts.allowed.push(Allow::new(
        format!("\"{title}\" made public"),
        move |ctx, r| {
            r.is("spotify", "playlists")
                && r.kind() == ChangeKind::Updated
                && r.get("user_id").as_i64() == ctx.user_id("spotify")
                && r.get("title").as_str() == Some(t.as_str())
                && r.changed_columns().iter().all(|c| c == "is_public")
        },
    ));
    parts
}

// ---- 9. Splitwise expenses from e-mailed receipts ---------------------------------------------

/// A store receipt's text: store, items, subtotal, tax and total.
fn receipt(store: &str, day: &str, items: &[(&str, i64)]) -> (String, i64) {
    let sub: i64 = items.iter().map(|i| i.1).sum();
    let tax = sub * 8 / 100;
    let money = |c: i64| format!("${}.{:02}", c / 100, c % 100);
    let lines: Vec<String> = items
        .iter()
        .map(|(n, c)| format!("{n}  {}", money(*c)))
        .collect();
    (
        format!(
            "{store}\nDate: {day}\n{}\nSubtotal: {}\nTax: {}\nTotal: {}\nThank you for shopping with us!",
            lines.join("\n"),
            money(sub),
            money(tax),
            money(sub + tax)
        ),
        sub + tax,
    )
}

/// A receipt e-mail: sender (a roommate's index, or None for a friend), days ago, subject, file
/// name, store, items (name, cents).
type ReceiptMail = (
    Option<usize>,
    i64,
    &'static str,
    &'static str,
    &'static str,
    Vec<(&'static str, i64)>,
);

/// "My roommates e-mailed me receipts of what they bought for the flat this month; record each
/// on Splitwise in our Roommates group, paid by who sent it, split equally among all of us,
/// named after the store." Receipts are attachments (read after saving them to the file
/// system); April's receipt, a friend's dinner receipt and a plain e-mail stay out. Variant 3
/// attaches each receipt file to its expense.
fn receipts_to_splitwise(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        has_n(pop, p, &[Relation::Roommate], 1) && has_n(pop, p, &[Relation::Friend], 1)
    });
    let mates = related_any(g.population, &p, &[Relation::Roommate]);
    let friend = related_any(g.population, &p, &[Relation::Friend])
        .into_iter()
        .find(|f| !mates.iter().any(|m| m.id == f.id))
        .unwrap_or_else(|| panic!("no friend outside the flat"));
    let k = g.rng.range(0, 300);
    let stores = [
        ["CleanCo Supplies", "Green Basket Market", "Handy Hardware"],
        [
            "Sparkle Home Goods",
            "FreshWay Grocers",
            "Bolt & Nut Hardware",
        ],
        ["Tidy Corner", "Harvest Lane Foods", "Fix-It Depot"],
    ][g.variant as usize - 1];
    // (sender: Some(mate index) or None for the friend, days ago, subject, file, store, items)
    let designs: Vec<ReceiptMail> = vec![
        (
            Some(0),
            4,
            "Receipt for the cleaning stuff",
            "receipt_cleaning.txt",
            stores[0],
            vec![
                ("Dish soap", 449 + k),
                ("Sponges x6", 599),
                ("Trash bags", 1299),
            ],
        ),
        (
            Some(mates.len().min(2) - 1),
            9,
            "Groceries for the house",
            "grocery_receipt.txt",
            stores[1],
            vec![
                ("Olive oil", 1099),
                ("Coffee beans", 1450 + k),
                ("Paper towels", 899),
                ("Rice 5 lb", 749),
            ],
        ),
        (
            Some(0),
            25,
            "Light bulbs receipt",
            "receipt_bulbs.txt",
            stores[2],
            vec![("LED bulbs x4", 1899 + k)],
        ),
        (
            None,
            6,
            "Dinner receipt",
            "dinner_receipt.txt",
            "Luigi's Trattoria",
            vec![("Dinner for two", 6400 + k)],
        ),
    ];
    let mut expected: Vec<(Person, String, i64)> = Vec::new();
    let mut files: Vec<(Person, i64, String, String, String)> = Vec::new();
    for (who, days, subject, file, store, items) in &designs {
        let day = (g.now - Duration::days(*days))
            .format("%Y-%m-%d")
            .to_string();
        let (text, cents) = receipt(store, &day, items);
        let sender = match who {
            Some(i) => mates[*i].clone(),
            None => friend.clone(),
        };
        if who.is_some() && *days < 17 {
            expected.push((sender.clone(), store.to_string(), cents));
        }
        files.push((sender, *days, subject.to_string(), file.to_string(), text));
    }
    let attach = g.variant == 3;
    let instruction = match g.variant {
        1 => "My roommates e-mailed me the receipts for things they bought for our place this month. Record each one as an expense in our Roommates group on Splitwise, paid by the roommate who sent it and split equally among all of us (me included), with the store's name as the description.".to_string(),
        2 => "Put every receipt my roommates sent me by e-mail this month on Splitwise: an expense in the Roommates group for each, paid by whoever sent it, split equally between all of us, described by the store name on the receipt. Use the receipt's total (with tax).".to_string(),
        _ => "Add the receipts my roommates e-mailed me this month to our Roommates group on Splitwise: one expense each, paid by the sender, equal split among everyone in the flat including me, the store name as description, and attach the receipt file to the expense.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["gmail", "phone", "file_system", "splitwise"];
    let sup = p.clone();
    let mate0 = mates[0].clone();
    parts.setup.push(step(move |s| {
        for (who, days, subject, file, text) in &files {
            s.add_email(
                &who.email,
                &[&sup.email],
                subject,
                "Hey, here's the receipt.",
                &[(file, text)],
                None,
                s.now - Duration::days(*days) - Duration::hours(3),
            )?;
        }
        s.add_email(
            &mate0.email,
            &[&sup.email],
            "Movie night?",
            "Want to do a movie night on Friday? I'll make popcorn.",
            &[],
            None,
            s.now - Duration::days(2),
        )?;
        Ok(())
    }));
    let head = format!(
        "{}\ntoday = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)[\"date\"], \"%A, %B %d, %Y\").date()\nfirst = today.replace(day=1).strftime(\"%Y-%m-%d\")",
        logins(&[
            ("gm", "gmail"),
            ("ph", "phone"),
            ("fs", "file_system"),
            ("sw", "splitwise")
        ])
    );
    let group = "mates = [c[\"email\"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"roommate\")]\ngroup = [x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x[\"name\"] == \"Roommates\"][0]\nmembers = [m[\"email\"] for m in group[\"members\"]]";
    let collect = |since: &str| {
        format!(
            "receipts = []\nfor m in mates:\n    for t in all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=m, attachment=True):\n        for e in apis.gmail.show_thread(access_token=gm, email_thread_id=t[\"email_thread_id\"])[\"emails\"]:\n            if e[\"sender\"][\"email\"] == m and e[\"created_at\"][:10] >= {since}:\n                for a in e[\"attachments\"]:\n                    if \"receipt\" in a[\"file_name\"]:\n                        path = apis.gmail.download_attachment(access_token=gm, attachment_id=a[\"id\"], file_system_access_token=fs, download_to_file_path=\"~/documents/roommate_receipts/\" + a[\"file_name\"])[\"file_path\"]\n                        content = apis.file_system.show_file(access_token=fs, file_path=path)[\"content\"]\n                        receipts.append((m, path, content))"
        )
    };
    let record = |total_re: &str, attach: bool| {
        format!(
            "for m, path, content in receipts:\n    total = float(re.search(r\"{total_re}\", content).group(1))\n    store = content.splitlines()[0].strip()\n    apis.splitwise.record_expense(access_token=sw, description=store, paid_amount=total, payer_email=m, debtor_emails=members, group_id=group[\"group_id\"]{})\napis.supervisor.complete_task()",
            if attach {
                ", receipt_file_path=path, file_system_access_token=fs"
            } else {
                ""
            }
        )
    };
    let total_re = "\\nTotal: \\$([0-9.]+)";
    parts.ground_truth = vec![
        head.clone(),
        group.to_string(),
        collect("first"),
        record(total_re, attach),
    ];
    parts.wrong = vec![
        solution(
            "records April's receipt too",
            vec![
                head.clone(),
                group.to_string(),
                collect("\"1500-01-01\""),
                record(total_re, attach),
            ],
        ),
        solution(
            "uses the subtotal before tax",
            vec![
                head.clone(),
                group.to_string(),
                collect("first"),
                record("Subtotal: \\$([0-9.]+)", attach),
            ],
        ),
        solution(
            "records the supervisor as the payer",
            vec![
                head.clone(),
                group.to_string(),
                collect("first"),
                record(total_re, attach).replace("payer_email=m", "payer_email=profile[\"email\"]"),
            ],
        ),
        solution(
            "leaves the payer out of the split",
            vec![
                head.clone(),
                group.to_string(),
                collect("first"),
                record(total_re, attach).replace(
                    "debtor_emails=members",
                    "debtor_emails=[x for x in members if x != m]",
                ),
            ],
        ),
    ];
    if attach {
        parts.wrong.push(solution(
            "does not attach the receipts",
            vec![
                head.clone(),
                group.to_string(),
                collect("first"),
                record(total_re, false),
            ],
        ));
    }
    // Expenses the supervisor recorded: (payer, debtors, description, amount, receipt name).
    type Exp = (i64, Vec<i64>, String, f64, Option<String>);
    let mine = |ctx: &EvalCtx| -> Vec<Exp> {
        let me = ctx.user_id("splitwise");
        added(ctx, "splitwise", "expenses")
            .into_iter()
            .filter(|r| r.get("user_id").as_i64() == me)
            .map(|r| {
                (
                    r.get("payer_id").as_i64().unwrap_or(0),
                    ids_of(r.get("debtor_ids")),
                    r.get("description")
                        .as_str()
                        .unwrap_or("")
                        .trim()
                        .to_string(),
                    r.get("amount").as_f64().unwrap_or(0.0),
                    r.get("receipt_file_name").as_str().map(str::to_string),
                )
            })
            .collect()
    };
    let sw_id = |ctx: &EvalCtx, e: &str| -> i64 {
        ctx.db
            .query_row_cached(
                "SELECT id FROM splitwise.users WHERE email = ?1",
                [e],
                |r| r.get(0),
            )
            .unwrap_or(-1)
    };
    for (who, store, cents) in &expected {
        let (email, st, amount) = (who.email.clone(), store.clone(), *cents as f64 / 100.0);
        parts.checks.push(Check::new(
            format!(
                "an expense \"{store}\" of ${amount:.2} paid by {}",
                full(who)
            ),
            move |ctx| {
                let id = sw_id(ctx, &email);
                match mine(ctx).iter().find(|x| x.2.eq_ignore_ascii_case(&st)) {
                    Some(x) if x.0 == id && crate::kit::money::same_amount(x.3, amount) => Ok(()),
                    Some(x) => Err(format!("paid by splitwise user {} for ${}", x.0, x.3)),
                    None => Err("no such expense".into()),
                }
            },
        ));
    }
    let mut all: Vec<String> = mates.iter().map(|m| m.email.clone()).collect();
    all.push(p.email.clone());
    let mut names: Vec<String> = mates.iter().map(full).collect();
    names.push(full(&p));
    parts.checks.push(Check::new(
        format!("each is split among {}", names.join(", ")),
        move |ctx| {
            let mut want: Vec<i64> = all.iter().map(|e| sw_id(ctx, e)).collect();
            want.sort_unstable();
            for x in mine(ctx) {
                let mut d = x.1.clone();
                d.sort_unstable();
                if d != want {
                    return Err(format!("\"{}\" is split among {d:?}", x.2));
                }
            }
            Ok(())
        },
    ));
    let n = expected.len();
    parts.checks.push(Check::new(
        format!(
            "no other expense ({n} in all; not {} nor Luigi's Trattoria)",
            stores[2]
        ),
        move |ctx| match mine(ctx).len() {
            k if k == n => Ok(()),
            k => Err(format!("{k} expenses")),
        },
    ));
    parts
        .checks
        .push(Check::new("they are in the Roommates group", move |ctx| {
            let me = ctx.user_id("splitwise");
            for r in added(ctx, "splitwise", "expenses") {
                if r.get("user_id").as_i64() != me {
                    continue;
                }
                let name: String = ctx
                    .db
                    .query_row_cached(
                        "SELECT name FROM splitwise.groups WHERE id = ?1",
                        [r.get("group_id").as_i64().unwrap_or(-1)],
                        |x| x.get(0),
                    )
                    .unwrap_or_default();
                if name != "Roommates" {
                    return Err(format!("an expense in \"{name}\""));
                }
            }
            Ok(())
        }));
    if attach {
        parts.checks.push(Check::new(
            "each has its receipt file attached",
            move |ctx| match mine(ctx)
                .iter()
                .find(|x| x.4.as_deref().is_none_or(|f| !f.contains("receipt")))
            {
                Some(x) => Err(format!("\"{}\" has {:?}", x.2, x.4)),
                None => Ok(()),
            },
        ));
    }
    parts.allowed = vec![
        allow_added(
            "the supervisor's expenses",
            "splitwise",
            "expenses",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("splitwise"),
        ),
        allow_added("their shares", "splitwise", "expense_shares", |_, _| true),
        allow_added(
            "the notifications they send",
            "splitwise",
            "notifications",
            |_, _| true,
        ),
        Allow::new("download counts of e-mail attachments", |_, r| {
            r.is("gmail", "attachments")
                && r.kind() == ChangeKind::Updated
                && r.changed_columns() == ["download_count"]
        }),
        Allow::new("downloaded files and their folders", |ctx, r| {
            (r.is("file_system", "files") || r.is("file_system", "directories"))
                && r.kind() == ChangeKind::Added
                && r.get("user_id").as_i64() == ctx.user_id("file_system")
        }),
    ];
    parts
}
