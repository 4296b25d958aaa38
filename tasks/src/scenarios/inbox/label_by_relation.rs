//! "Put the label L on every inbox thread with an e-mail from my coworkers (manager too)."
//! The setup delivers new e-mails from the group and from another contact, and archives one
//! from the group (to stay as it is). Variant 2: roommates, labelled `Home` and marked read;
//! variant 3: friends, labelled `Friends` and archived.

use super::{has_n, thread_check};
use crate::diff::ChangeKind;
use crate::kit::gmail::{gmail_id, ids_of};
use crate::kit::people::full;
use crate::kit::people::related_any;
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::{Allow, Check};
use crate::scenarios::{Gen, Parts, step};
use apps::people::{Person, Relation};
use chrono::Duration;
use sim::sql::Cached;

pub(super) fn build(g: &mut Gen) -> Parts {
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

    let script = Script::parse(include_str!("label_by_relation.py"));
    let act = match extra {
        Some("read") => "label_and_read",
        Some(_) => "label_and_archive",
        None => "label",
    };
    let vals = Vals::new().code("rels", rel_py).lit("label", label);
    let cells = |names: &[&str]| script.cells(names, &vals);
    parts.ground_truth = cells(&["logins", "people", "find", act]);
    parts.wrong = vec![
        solution(
            "reads only the first page of threads",
            cells(&["logins", "people", "find_first_page", act]),
        ),
        solution(
            "labels the archived threads as well",
            cells(&["logins", "people", "find_with_archived", act]),
        ),
        solution(
            "labels every thread with a contact in it",
            cells(&["logins", "people_all_contacts", "find", act]),
        ),
    ];
    if extra.is_some() {
        parts.wrong.push(solution(
            "only labels them",
            cells(&["logins", "people", "find", "label"]),
        ));
    }
    if g.variant == 1 {
        parts.wrong.push(solution(
            "leaves out the manager",
            script.cells(
                &["logins", "people", "find", act],
                &vals.clone().code("rels", "[\"coworker\"]"),
            ),
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
