//! "Put the label L on every inbox thread with an e-mail from my coworkers (manager too)."
//! The setup delivers new e-mails from the group and from another contact, and archives one
//! from the group (to stay as it is). Variant 2: roommates, labelled `Home` and marked read;
//! variant 3: friends, labelled `Friends` and archived.

use super::{has_n, thread_check};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::gmail::{email_ids, gmail_id, is_mine, sender_of, threads_from};
use crate::kit::people::full;
use crate::kit::people::related_any;
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::Duration;

/// A designed e-mail: (from, subject, body, days ago, archived).
type Mail = (String, String, String, i64, bool);

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    variant: u8,
    /// The people whose threads to label, and a contact outside the group.
    group: Vec<Person>,
    outsider: Person,
    /// The relations as the solution's Python list.
    rel_py: &'static str,
    label: &'static str,
    /// What else to do to the threads: "read", "archived" or nothing.
    extra: Option<&'static str>,
    mails: Vec<Mail>,
    /// The subjects of the archived group e-mail and of the outsider's.
    archived_subject: String,
    outsider_subject: String,
}

impl Design for Values {
    const APPS: &[&str] = &["gmail", "phone"];
    const SCRIPT: &str = include_str!("label_by_relation.py");

    /// Draws the variant's values and its instruction.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let (rels, label, extra): (Vec<Relation>, &'static str, Option<&'static str>) =
            match g.variant {
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
        let (mails, archived_subject, outsider_subject) = designed_mails(&group, &outsider);
        let v = Values {
            supervisor: p,
            variant: g.variant,
            group,
            outsider,
            rel_py,
            label,
            extra,
            mails,
            archived_subject,
            outsider_subject,
        };
        Drawing::from(v).instruction(instruction)
    }

    /// A page of newsletters and the designed e-mails.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            add_newsletters(s, &v.supervisor, 14)?;
            for (from, subject, body, days, archived) in &v.mails {
                let id = s.add_email(
                    from,
                    &[&v.supervisor.email],
                    subject,
                    body,
                    &[],
                    None,
                    s.now - Duration::days(*days) - Duration::hours(3),
                )?;
                if *archived {
                    s.set_mail_flags(&v.supervisor, id, true, true, None)?;
                }
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let act = match v.extra {
            Some("read") => "label_and_read",
            Some(_) => "label_and_archive",
            None => "label",
        };
        let vals = Vals::new().code("rels", v.rel_py).lit("label", v.label);
        let cells = |names: &[&str]| script.cells(names, &vals);
        let ground_truth = cells(&["logins", "people", "find", act]);
        let mut wrong = vec![
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
        if v.extra.is_some() {
            wrong.push(solution(
                "only labels them",
                cells(&["logins", "people", "find", "label"]),
            ));
        }
        if v.variant == 1 {
            wrong.push(solution(
                "leaves out the manager",
                script.cells(
                    &["logins", "people", "find", act],
                    &vals.clone().code("rels", "[\"coworker\"]"),
                ),
            ));
        }

        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let names: Vec<String> = v.group.iter().map(full).collect();
        let mut checks = vec![v.check(
            format!(
                "every inbox thread with an e-mail from {} is labelled \"{}\"",
                names.join(", "),
                v.label
            ),
            inbox_threads_labelled,
        )];
        for (from, subject, _, _, _) in v.mails.iter().filter(|m| !m.4) {
            if from == &v.outsider.email {
                continue;
            }
            let lab = v.label.to_string();
            let ex = v.extra.map(str::to_string);
            checks.push(thread_check(
                format!(
                    "\"{subject}\" is labelled \"{}\"{}",
                    v.label,
                    match v.extra {
                        Some("read") => " and read",
                        Some(_) => " and archived",
                        None => "",
                    }
                ),
                from.clone(),
                subject.clone(),
                move |f| {
                    if f.label.as_deref().map(|s| s.trim().to_lowercase())
                        != Some(lab.to_lowercase())
                    {
                        return Err(format!("label {:?}", f.label));
                    }
                    match ex.as_deref() {
                        Some("read") if !f.read => Err("unread".into()),
                        Some("archived") if !f.archived => Err("not archived".into()),
                        _ => Ok(()),
                    }
                },
            ));
        }
        checks.push(thread_check(
            format!("the archived \"{}\" keeps no label", v.archived_subject),
            v.group[0].email.clone(),
            v.archived_subject.clone(),
            |f| match &f.label {
                Some(l) => Err(format!("labelled {l}")),
                None => Ok(()),
            },
        ));
        checks.push(thread_check(
            format!(
                "\"{}\" from {} is not labelled",
                v.outsider_subject,
                full(&v.outsider)
            ),
            v.outsider.email.clone(),
            v.outsider_subject.clone(),
            |f| match &f.label {
                Some(l) => Err(format!("labelled {l}")),
                None => Ok(()),
            },
        ));
        checks
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        let columns: &'static [&'static str] = match v.extra {
            Some("read") => &["label", "read"],
            Some(_) => &["label", "archived"],
            None => &["label"],
        };
        vec![allow_flags_from(
            "labels of the group's threads",
            v.group.iter().map(|m| m.email.clone()).collect(),
            columns,
        )]
    }
}

/// The e-mails of the group (one archived) and of the outsider, with the subjects of the
/// archived one and of the outsider's.
fn designed_mails(group: &[Person], outsider: &Person) -> (Vec<Mail>, String, String) {
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
    let mut mails: Vec<Mail> = Vec::new();
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
    (mails, archived_subject, outsider_subject)
}

/// Is every thread that was in the inbox and has an e-mail from the group labelled?
fn inbox_threads_labelled(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    let me = ctx.user_id("gmail").ok_or("no gmail account")?;
    let ids: Vec<i64> = v
        .group
        .iter()
        .map(|m| m.email.as_str())
        .filter_map(|e| gmail_id(ctx, e))
        .collect();
    for (id, l, archived) in threads_from(ctx, me, &ids)? {
        // Was it in the inbox at the start?
        let before = ctx
            .diff
            .rows
            .iter()
            .find(|r| {
                r.is("gmail", "user_email_threads") && r.kind() == ChangeKind::Updated && r.id == id
            })
            .map(|r| r.before("archived").as_i64() == Some(1))
            .unwrap_or(archived);
        if !before && l.as_deref().map(|s| s.trim().to_lowercase()) != Some(v.label.to_lowercase())
        {
            return Err(format!("thread {id} is labelled {l:?}"));
        }
    }
    Ok(())
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
            && is_mine(ctx, r)
            && r.changed_columns()
                .iter()
                .all(|c| columns.contains(&c.as_str()))
            && email_ids(r)
                .iter()
                .any(|id| sender_of(ctx.db, *id).is_some_and(|e| senders.contains(&e)))
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
