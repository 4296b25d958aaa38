//! Communication and planning scenarios (all named `... (comms)`): gmail, phone (contacts,
//! texts, voice messages, alarms), todoist and simple_note, crossing with file_system
//! (attachments, trip itineraries). The world's ties decide who is who: roommates, spouses,
//! managers and friends are phone contacts with those labels, households share a Todoist
//! `Home` project. Every scenario designs the rows its task depends on in its setup (e-mails
//! through gmail's delivery path, messages through phone's), so answers and checks are known;
//! checks that depend on the base world (overdue tasks, Home tasks) read it at evaluation.

use super::{Gen, Parts, Scenario, step};
use crate::diff::{ChangeKind, RowChange};
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{added, allow_added};
use crate::kit::gmail::{FOLLOW, gmail_id, ids_of};
use crate::kit::people::{NICKNAMES, housemates, related};
use crate::kit::phone::phone_id;
use crate::kit::phone::sent_texts;
use crate::kit::python::FLAT;
use crate::kit::python::{logins, py, solution};
use crate::kit::text::{capital, holds};
use crate::kit::time::ymd;
use crate::model::{Allow, Answer, Check, Split};
use apps::people::{Person, Relation};
use chrono::{Datelike, Duration, NaiveDate};
use rusqlite::OptionalExtension;
use serde_json::Value;
use sim::sql::Cached;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "forward a bill e-mail to my roommates (comms)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: forward_bill,
        },
        Scenario {
            name: "save an e-mailed attachment into a folder (comms)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: save_attachment,
        },
        Scenario {
            name: "reply to my manager's unread e-mails (comms)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: reply_manager,
        },
        Scenario {
            name: "count unread e-mails from someone (comms)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: count_unread,
        },
        Scenario {
            name: "text the trip's plan to the other travellers (comms)",
            split: Split::Train,
            difficulty: 2,
            build: text_itinerary,
        },
        Scenario {
            name: "set an alarm before something a message mentions (comms)",
            split: Split::Dev,
            difficulty: 2,
            build: alarm_from_message,
        },
        Scenario {
            name: "move overdue Todoist tasks (comms)",
            split: Split::Train,
            difficulty: 2,
            build: move_overdue,
        },
        Scenario {
            name: "answer a question about overdue Todoist tasks (comms)",
            split: Split::TestNormal,
            difficulty: 2,
            build: overdue_question,
        },
        Scenario {
            name: "make Todoist tasks for the household from a note (comms)",
            split: Split::Train,
            difficulty: 3,
            build: note_to_tasks,
        },
        Scenario {
            name: "text each housemate their Home tasks (comms)",
            split: Split::Train,
            difficulty: 3,
            build: text_home_tasks,
        },
    ]
}

// ---- people and time ----------------------------------------------------------------------

/// A designed e-mail: (hours ago, from the manager?, subject, body, attachment, read).
type ManagerMail<'a> = (i64, bool, String, String, Option<(&'a str, String)>, bool);
/// An alarm scenario's variant: (instruction, messages (from the other person?, voice?, hours
/// ago, text), the alarm time, its label, wrong times with why).
type AlarmPlan<'a> = (
    String,
    Vec<(bool, bool, i64, String)>,
    String,
    &'a str,
    Vec<(&'a str, String)>,
);
/// A Home task as added: (title, section name, due, assignee e-mail).
type HomeTask = (String, Option<String>, Option<String>, Option<String>);
/// A checklist note's variant: (title, items (heading, title, who, checked), due, instruction).
type Checklist<'a> = (
    &'a str,
    Vec<(&'a str, &'a str, usize, bool)>,
    NaiveDate,
    String,
);

/// Does `p` have anyone with relation `rel` (at least `n` of them)?
fn has_n(pop: &apps::people::Population, p: &Person, rel: Relation, n: usize) -> bool {
    pop.relations_of(p.id)
        .iter()
        .filter(|(r, _)| *r == rel)
        .count()
        >= n
}

/// Does `p` share a household of two or more (a Todoist `Home` project)?
fn in_household(pop: &apps::people::Population, p: &Person) -> bool {
    pop.residences
        .iter()
        .any(|r| r.residents.len() >= 2 && r.residents.contains(&p.id))
}

/// The day `days` after the task's clock (negative: before).
fn day(g: &Gen, days: i64) -> NaiveDate {
    (g.now + Duration::days(days)).date()
}

/// "Him"/"her" words for a person.
fn they(p: &Person) -> (&'static str, &'static str) {
    if p.sex == "female" {
        ("she", "her")
    } else {
        ("he", "him")
    }
}

// ---- Python snippets ------------------------------------------------------------------------

// ---- checks over gmail ----------------------------------------------------------------------

/// An e-mail the supervisor sent during the episode.
struct Sent {
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
            to: ids_of(r.get("recipient_ids")),
            subject: r.get("subject").as_str().unwrap_or("").to_string(),
            body: r.get("body").as_str().unwrap_or("").to_string(),
            response_to: r.get("response_to_email_id").as_i64(),
        })
        .collect()
}

/// The id of the e-mail from `from` with exactly `subject` that the supervisor received.
fn received(ctx: &EvalCtx, from: &str, subject: &str) -> Option<i64> {
    let me = ctx.user_id("gmail")?;
    ctx.db
        .query_row_cached(
            "SELECT e.id FROM gmail.emails e JOIN gmail.users u ON u.id = e.sender_id \
             WHERE u.email = ?1 AND e.subject = ?2 AND EXISTS (SELECT 1 FROM json_each(e.recipient_ids) r WHERE r.value = ?3) \
             ORDER BY e.id DESC LIMIT 1",
            rusqlite::params![from, subject, me],
            |r| r.get(0),
        )
        .optional()
        .ok()
        .flatten()
}

/// Does e-mail `sent` pass on e-mail `id` (a forward or reply of it, or one quoting its
/// subject)?
fn refers_to(sent: &Sent, id: i64, subject: &str) -> bool {
    sent.response_to == Some(id) || sent.subject.contains(subject)
}

/// The supervisor's thread copy holding e-mail `email`: (read, starred, archived).
fn thread_flags(ctx: &EvalCtx, email: i64) -> Option<(bool, bool, bool)> {
    let me = ctx.user_id("gmail")?;
    ctx.db
        .query_row_cached(
            "SELECT read, starred, archived FROM gmail.user_email_threads WHERE user_id = ?1 \
             AND EXISTS (SELECT 1 FROM json_each(email_ids) je WHERE je.value = ?2)",
            rusqlite::params![me, email],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()
        .ok()
        .flatten()
}

/// Does thread copy `r` hold one of the e-mails `ids`?
fn thread_holds(r: &RowChange, ids: &[i64]) -> bool {
    ids_of(r.get("email_ids")).iter().any(|i| ids.contains(i))
}

/// Updates of the supervisor's thread copies holding one of the e-mails that `targets`
/// finds, touching only `columns` (and what a reply in them changes).
fn allow_thread_flags(
    what: &str,
    columns: &'static [&'static str],
    targets: impl Fn(&EvalCtx) -> Vec<i64> + Send + Sync + 'static,
) -> Allow {
    Allow::new(what.to_string(), move |ctx, r| {
        r.is("gmail", "user_email_threads")
            && r.kind() == ChangeKind::Updated
            && r.get("user_id").as_i64() == ctx.user_id("gmail")
            && thread_holds(r, &targets(ctx))
            && r.changed_columns()
                .iter()
                .all(|c| columns.contains(&c.as_str()) || FOLLOW.contains(&c.as_str()))
    })
}

/// A downloaded attachment is counted.
fn allow_download_counts() -> Allow {
    Allow::new("download counts of e-mail attachments", |_, r| {
        r.is("gmail", "attachments")
            && r.kind() == ChangeKind::Updated
            && r.changed_columns() == ["download_count"]
    })
}

// ---- e-mails of the world's senders ---------------------------------------------------------

/// A monthly bill e-mail as the world's billers send it: (from, subject, body, file, content).
fn bill_mail(
    p: &Person,
    electricity: bool,
    month: NaiveDate,
    cents: i64,
) -> (String, String, String, String, String) {
    let (from, what, company) = if electricity {
        (
            "billing@brightline-energy.com",
            "electricity",
            "Brightline Energy",
        )
    } else {
        ("billing@nimbusfiber.com", "internet", "Nimbus Fiber")
    };
    let account = 400_000 + p.id * 137;
    let label = month.format("%B %Y").to_string();
    let due = (month.with_day(24).unwrap_or(month))
        .format("%B %d, %Y")
        .to_string();
    let amount = format!("{}.{:02}", cents / 100, cents % 100);
    let file = format!(
        "{}_bill_{}.pdf",
        company.split(' ').next().unwrap_or("bill").to_lowercase(),
        month.format("%Y_%m")
    );
    (
        from.to_string(),
        format!("Your {label} {what} bill"),
        format!(
            "Hi {},\n\nYour {what} bill for {label} is ready.\nAccount number: {account}\nAmount due: ${amount}\nDue date: {due}\n\nThe bill is attached. Thank you for choosing {company}.",
            p.first_name
        ),
        file,
        format!(
            "{company}\nStatement for {} {}\nAccount {account}\nPeriod: {label}\nTotal due: ${amount}\nDue by: {due}",
            p.first_name, p.last_name
        ),
    )
}

// ---- 1. forward a bill e-mail ---------------------------------------------------------------

/// "Forward the latest electricity bill e-mail to my roommates." The setup delivers May's
/// bills (and a newer, non-bill e-mail from the same biller); the latest bill is found only
/// over every page (search ranks old bills first). Variant 2 forwards March's internet bill
/// to one roommate saved under a nickname; variant 3 the last two electricity bills, the older
/// one archived.
fn forward_bill(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| has_n(pop, p, Relation::Roommate, 1));
    let mates = related(g.population, &p, Relation::Roommate);
    let power = g.rng.range(6_000, 15_000);
    let net = g.rng.range(4_500, 13_500);
    let may = NaiveDate::from_ymd_opt(2023, 5, 3).unwrap_or_default();
    let nick = NICKNAMES[g.rng.range(0, NICKNAMES.len() as i64) as usize];
    let electric_from = "billing@brightline-energy.com";
    let (mine, them) = if mates.len() == 1 {
        ("my roommate", they(&mates[0]).1)
    } else {
        ("my roommates", "each of them")
    };
    let (what, subjects, to, instruction): (&str, Vec<&str>, Vec<Person>, String) =
        match g.variant {
            1 => (
                "electricity",
                vec!["Your May 2023 electricity bill"],
                mates.clone(),
                format!("Forward the latest electricity bill e-mail to {mine}."),
            ),
            2 => (
                "internet",
                vec!["Your March 2023 internet bill"],
                vec![mates[0].clone()],
                format!(
                    "{nick} needs our internet bill from March for {} records. Forward that bill e-mail to {nick}.",
                    if mates[0].sex == "female" { "her" } else { "his" }
                ),
            ),
            _ => (
                "electricity",
                vec![
                    "Your May 2023 electricity bill",
                    "Your April 2023 electricity bill",
                ],
                mates.clone(),
                format!(
                    "{} hasn't seen the last two electricity bills. Forward both of those e-mails to {them}.",
                    capital(mine)
                )
                .replace("roommates hasn't", "roommates haven't"),
            ),
        };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["gmail", "phone"];
    let (sup, variant, mate0) = (p.clone(), g.variant, mates[0].clone());
    let bills = [
        bill_mail(&p, true, may, power),
        bill_mail(&p, false, may, net),
    ];
    parts.setup.push(step(move |s| {
        for (from, subject, body, file, content) in &bills {
            s.add_email(
                from,
                &[&sup.email],
                subject,
                body,
                &[(file, content)],
                None,
                may.and_hms_opt(8, 0, 0).unwrap_or_default(),
            )?;
        }
        s.add_email(
            electric_from,
            &[&sup.email],
            "Planned maintenance in your area",
            &format!(
                "Hi {},\n\nWe will be upgrading the lines in your area on May 24 between 9 AM and 1 PM. Your power may be off for up to an hour.\n\nBrightline Energy",
                sup.first_name
            ),
            &[],
            None,
            s.now - Duration::days(6) - Duration::hours(2),
        )?;
        if variant == 2 {
            s.relabel_contact(&sup, &mate0, nick, &["roommate"])?;
        }
        if variant == 3 {
            let april: i64 = s.db.query_row_cached(
                "SELECT e.id FROM gmail.emails e WHERE e.subject = 'Your April 2023 electricity bill' \
                 AND EXISTS (SELECT 1 FROM json_each(e.recipient_ids) r WHERE r.value = ?1)",
                [s.user_id("gmail", &sup)?],
                |r| r.get(0),
            )?;
            s.set_mail_flags(&sup, april, true, true, None)?;
        }
        Ok(())
    }));

    let head = logins(&[("gm", "gmail"), ("ph", "phone")]);
    let who = if g.variant == 2 {
        format!(
            "to = [c[\"email\"] for c in all_pages(apis.phone.search_contacts, access_token=ph, query={n}) if c[\"first_name\"] == {n}]",
            n = py(nick)
        )
    } else {
        "to = [c[\"email\"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"roommate\")]".to_string()
    };
    let find = |what: &str, archived: bool| {
        let mut s = format!(
            "threads = all_pages(apis.gmail.show_inbox_threads, access_token=gm, query=\"{what} bill\")"
        );
        if archived {
            s.push_str(&format!(
                " + all_pages(apis.gmail.show_archived_threads, access_token=gm, query=\"{what} bill\")"
            ));
        }
        s.push_str(&format!(
            "\nbills = sorted([t for t in threads if re.fullmatch(r\"Your \\w+ \\d{{4}} {what} bill\", t[\"subject\"])], key=lambda t: t[\"created_at\"], reverse=True)"
        ));
        s
    };
    let pick = match g.variant {
        1 => "targets = bills[:1]".to_string(),
        2 => "targets = [t for t in bills if t[\"subject\"] == \"Your March 2023 internet bill\"]"
            .to_string(),
        _ => "targets = bills[:2]".to_string(),
    };
    let forward = "for t in targets:\n    apis.gmail.forward_email_from_thread(access_token=gm, email_thread_id=t[\"email_thread_id\"], email_id=t[\"email_ids\"][0], email_addresses=to)\napis.supervisor.complete_task()";
    let gt = |who: &str, find: &str, pick: &str| {
        vec![
            head.clone(),
            who.to_string(),
            format!("{find}\n{pick}"),
            forward.to_string(),
        ]
    };
    parts.ground_truth = gt(&who, &find(what, true), &pick);
    let other = if what == "electricity" {
        "internet"
    } else {
        "electricity"
    };
    parts.wrong = vec![
        solution(
            "forwards the top search result of the first page",
            gt(
                &who,
                &format!(
                    "targets = apis.gmail.show_inbox_threads(access_token=gm, query=\"{what} bill\")[:{}]",
                    subjects.len()
                ),
                "",
            ),
        ),
        solution(
            &format!("forwards the {other} bill instead"),
            gt(&who, &find(other, true), &pick.replace(what, other)),
        ),
        solution(
            "forwards it to the supervisor's friends as well",
            gt(
                &format!(
                    "{who}\nto += [c[\"email\"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"friend\")]"
                ),
                &find(what, true),
                &pick,
            ),
        ),
    ];
    match g.variant {
        1 => parts.wrong.push(solution(
            "forwards the latest e-mail from the biller, which is not a bill",
            gt(
                &who,
                "threads = all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=\"billing@brightline-energy.com\")\nbills = sorted(threads, key=lambda t: t[\"created_at\"], reverse=True)",
                &pick,
            ),
        )),
        3 => parts.wrong.push(solution(
            "looks in the inbox only (the April bill is archived)",
            gt(&who, &find(what, false), &pick),
        )),
        _ => {}
    }

    let from = if what == "electricity" {
        electric_from
    } else {
        "billing@nimbusfiber.com"
    };
    let targets: Vec<(String, String)> = subjects
        .iter()
        .map(|s| (from.to_string(), s.to_string()))
        .collect();
    let emails: Vec<String> = to.iter().map(|m| m.email.clone()).collect();
    let names: Vec<String> = to
        .iter()
        .map(|m| format!("{} {}", m.first_name, m.last_name))
        .collect();
    let (t1, e1) = (targets.clone(), emails.clone());
    let (t2, e2) = (targets.clone(), emails.clone());
    parts.checks = vec![
        Check::new(
            format!(
                "{} got a forward of: {}",
                names.join(", "),
                subjects.join("; ")
            ),
            move |ctx| {
                let sent = sent_mail(ctx);
                for (from, subject) in &t1 {
                    let id = received(ctx, from, subject)
                        .ok_or_else(|| format!("no e-mail \"{subject}\" in the mailbox"))?;
                    for e in &e1 {
                        let rid = gmail_id(ctx, e).unwrap_or(-1);
                        if !sent
                            .iter()
                            .any(|s| refers_to(s, id, subject) && s.to.contains(&rid))
                        {
                            return Err(format!("{e} got no forward of \"{subject}\""));
                        }
                    }
                }
                Ok(())
            },
        ),
        Check::new(
            format!("nobody but {} got an e-mail", names.join(", ")),
            move |ctx| {
                let ok: Vec<i64> = e2.iter().filter_map(|e| gmail_id(ctx, e)).collect();
                match sent_mail(ctx)
                    .iter()
                    .flat_map(|s| s.to.clone())
                    .find(|r| !ok.contains(r))
                {
                    Some(r) => Err(format!("an e-mail went to gmail user {r}")),
                    None => Ok(()),
                }
            },
        ),
        Check::new(
            format!("nothing but {} was forwarded", subjects.join("; ")),
            move |ctx| {
                let ids: Vec<(i64, &String)> = t2
                    .iter()
                    .filter_map(|(f, s)| received(ctx, f, s).map(|id| (id, s)))
                    .collect();
                match sent_mail(ctx)
                    .iter()
                    .find(|s| !ids.iter().any(|(id, subj)| refers_to(s, *id, subj)))
                {
                    Some(s) => Err(format!("an e-mail \"{}\" was sent", s.subject)),
                    None => Ok(()),
                }
            },
        ),
        Check::new("no one got the same bill twice", {
            let t3 = targets.clone();
            move |ctx| {
                let sent = sent_mail(ctx);
                for (from, subject) in &t3 {
                    let Some(id) = received(ctx, from, subject) else {
                        continue;
                    };
                    let mut to: Vec<i64> = sent
                        .iter()
                        .filter(|s| refers_to(s, id, subject))
                        .flat_map(|s| s.to.clone())
                        .collect();
                    let n = to.len();
                    to.sort_unstable();
                    to.dedup();
                    if to.len() != n {
                        return Err(format!("\"{subject}\" went twice to someone"));
                    }
                }
                Ok(())
            }
        }),
    ];
    parts.allowed = allow::mail_sent();
    parts
}

// ---- checks over file_system ----------------------------------------------------------------

/// The content of the supervisor's file at `tilde_path` (`~/...`), if it exists.
fn file_content(ctx: &EvalCtx, tilde_path: &str) -> Option<String> {
    let me = ctx.user_id("file_system")?;
    ctx.db
        .query_row_cached(
            "SELECT content FROM file_system.files WHERE user_id = ?1 AND tilde_path = ?2",
            rusqlite::params![me, tilde_path],
            |r| r.get(0),
        )
        .optional()
        .ok()
        .flatten()
}

/// The `~/` paths of the files the supervisor added during the episode.
fn added_files(ctx: &EvalCtx) -> Vec<String> {
    let me = ctx.user_id("file_system");
    added(ctx, "file_system", "files")
        .into_iter()
        .filter(|r| r.get("user_id").as_i64() == me)
        .map(|r| r.get("tilde_path").as_str().unwrap_or("").to_string())
        .collect()
}

/// Files the supervisor saves under `folder` (`~/...`, with the directories made for them).
fn allow_saved_under(folder: &'static str) -> Allow {
    Allow::new(
        format!("files and folders saved under {folder}"),
        move |ctx, r| {
            (r.is("file_system", "files") || r.is("file_system", "directories"))
                && r.kind() == ChangeKind::Added
                && r.get("user_id").as_i64() == ctx.user_id("file_system")
                && r.get("tilde_path")
                    .as_str()
                    .is_some_and(|p| p.starts_with(folder) || folder.starts_with(p))
        },
    )
}

// ---- 2. save an e-mailed attachment ---------------------------------------------------------

/// One designed e-mail: days ago, sender (0: the main correspondent, 1: a bystander), subject,
/// body, files, and whether it replies to the previous e-mail.
type Mail = (
    i64,
    usize,
    &'static str,
    &'static str,
    Vec<(&'static str, String)>,
    bool,
);

/// "My manager e-mailed me the final Q2 budget; save it under ~/documents/work/budget/." The
/// draft came earlier from the same person, a colleague's comments file is near it. Variant 2:
/// a friend (under a nickname in the phone) sent a chart and then a corrected one in the same
/// thread, to be saved under a given name; variant 3: every attachment the manager sent this
/// month (one e-mail with two files, an April one that must stay out).
fn save_attachment(g: &mut Gen) -> Parts {
    let pop = g.population;
    let rel = if g.variant == 2 {
        Relation::Friend
    } else {
        Relation::Manager
    };
    let p = g.supervisor_where(|p| has_n(pop, p, rel, 1) && has_n(pop, p, Relation::Coworker, 1));
    let sender = related(g.population, &p, rel)[0].clone();
    let bystander = related(g.population, &p, Relation::Coworker)
        .into_iter()
        .find(|c| c.id != sender.id)
        .unwrap_or_else(|| sender.clone());
    let nick = NICKNAMES[g.rng.range(0, NICKNAMES.len() as i64) as usize];
    let k = g.rng.range(2, 9);
    let budget = |label: &str, travel: i64| {
        format!(
            "Q2 budget ({label})\nItem,Amount\nTravel,{travel}\nSoftware,{}\nTraining,{}\nEvents,{}",
            3_000 + 250 * k,
            1_200 + 100 * k,
            2_500 + 50 * k
        )
    };
    let (instruction, mails, folder, expected): (String, Vec<Mail>, &str, Vec<(String, String)>) =
        match g.variant {
            1 => {
                let fin = budget("final", 4_000 + 100 * k);
                (
                    "My manager e-mailed me the final Q2 budget spreadsheet this week. Save it in my file system under ~/documents/work/budget/, keeping its file name.".to_string(),
                    vec![
                        (19, 0, "Q2 budget - first draft", "Hi,\n\nHere's a first draft of the Q2 budget. The numbers will still change.\n\nThanks", vec![("q2_budget_draft.xlsx", budget("draft", 5_200))], false),
                        (3, 0, "Q2 budget - final", "Hi,\n\nThe final Q2 budget is attached. Please file it with the team documents.\n\nThanks", vec![("q2_budget_final.xlsx", fin.clone())], false),
                        (2, 1, "My comments on the Q2 budget", "Hi,\n\nA few comments on the budget are in the attached doc.", vec![("q2_budget_comments.docx", "Comments on the Q2 budget\n- Travel looks high\n- Add a line for hardware".to_string())], false),
                    ],
                    "~/documents/work/budget/",
                    vec![("~/documents/work/budget/q2_budget_final.xlsx".to_string(), fin)],
                )
            }
            2 => {
                let chart = |swap: bool| {
                    let (a, b) = if swap {
                        ("Table 3", "Table 4")
                    } else {
                        ("Table 4", "Table 3")
                    };
                    format!(
                        "Guest,Table\n{} {},Table 1\n{} {},Table 1\nAunt May,{a}\nUncle Ben,{b}\nGrandma Rose,Table 2",
                        p.first_name, p.last_name, sender.first_name, sender.last_name
                    )
                };
                (
                    format!(
                        "{nick} e-mailed me a seating chart for the party and then sent a corrected one. Save the corrected chart in my file system as ~/documents/party/seating_chart.csv."
                    ),
                    vec![
                        (
                            9,
                            0,
                            "Seating chart for Saturday",
                            "Hey!\n\nHere's the seating chart for the party. Let me know what you think.",
                            vec![("seating_chart.csv", chart(false))],
                            false,
                        ),
                        (
                            6,
                            0,
                            "Re: Seating chart for Saturday",
                            "Oops, I mixed up two tables. Here's the corrected chart.",
                            vec![("seating_chart_corrected.csv", chart(true))],
                            true,
                        ),
                        (
                            4,
                            1,
                            "Guest list",
                            "Here's the guest list you asked for.",
                            vec![(
                                "guest_list.csv",
                                "Guest\nAunt May\nUncle Ben\nGrandma Rose".to_string(),
                            )],
                            false,
                        ),
                    ],
                    "~/documents/party/",
                    vec![(
                        "~/documents/party/seating_chart.csv".to_string(),
                        chart(true),
                    )],
                )
            }
            _ => {
                let files = [
                    (
                        "onboarding_checklist.pdf",
                        format!(
                            "Onboarding checklist\n1. Laptop set up\n2. Accounts for {} tools\n3. Meet the team",
                            3 + k
                        ),
                    ),
                    (
                        "demo_slides.pptx",
                        format!(
                            "Client demo\nSlide 1: Agenda\nSlide 2: Results ({}% growth)\nSlide 3: Next steps",
                            10 + k
                        ),
                    ),
                    (
                        "demo_notes.txt",
                        "Speaker notes\n- Open with the results\n- Leave ten minutes for questions"
                            .to_string(),
                    ),
                    (
                        "april_report.pdf",
                        format!(
                            "April report\nTickets closed: {}\nNew clients: {}",
                            40 + k,
                            k
                        ),
                    ),
                ];
                (
                    "Save every attachment my manager e-mailed me this month into ~/documents/work/may_2023/ in my file system, keeping the file names.".to_string(),
                    vec![
                        (24, 0, "April report", "Hi,\n\nThe April report is attached.\n\nThanks", vec![(files[3].0, files[3].1.clone())], false),
                        (14, 0, "Onboarding checklist", "Hi,\n\nPlease go through the attached checklist with our new hire.\n\nThanks", vec![(files[0].0, files[0].1.clone())], false),
                        (8, 1, "Team photo", "Here's the photo from the team lunch!", vec![("team_photo.jpg", "JPEG image: team lunch".to_string())], false),
                        (2, 0, "Slides for the client demo", "Hi,\n\nSlides and speaker notes for Friday's demo are attached.\n\nThanks", vec![(files[1].0, files[1].1.clone()), (files[2].0, files[2].1.clone())], false),
                    ],
                    "~/documents/work/may_2023/",
                    files[..3]
                        .iter()
                        .map(|(n, c)| (format!("~/documents/work/may_2023/{n}"), c.clone()))
                        .collect(),
                )
            }
        };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["gmail", "phone", "file_system"];
    let (sup, variant, from) = (p.clone(), g.variant, [sender.clone(), bystander.clone()]);
    parts.setup.push(step(move |s| {
        let mut last = None;
        for (days, who, subject, body, files, reply) in &mails {
            let files: Vec<(&str, &str)> = files.iter().map(|(n, c)| (*n, c.as_str())).collect();
            let when = s.now - Duration::days(*days) - Duration::minutes(97 * days % 300);
            last = Some(s.add_email(
                &from[*who].email,
                &[&sup.email],
                subject,
                body,
                &files,
                if *reply { last } else { None },
                when,
            )?);
        }
        if variant == 2 {
            s.relabel_contact(&sup, &from[0], nick, &["friend"])?;
        }
        Ok(())
    }));

    let head = format!(
        "{}\n{TODAY}",
        logins(&[("gm", "gmail"), ("ph", "phone"), ("fs", "file_system")])
    );
    let who = if g.variant == 2 {
        format!(
            "sender = [c[\"email\"] for c in all_pages(apis.phone.search_contacts, access_token=ph, query={n}) if c[\"first_name\"] == {n}][0]",
            n = py(nick)
        )
    } else {
        "sender = all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"manager\")[0][\"email\"]".to_string()
    };
    let collect = "threads = all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=sender, attachment=True) + all_pages(apis.gmail.show_archived_threads, access_token=gm, from_email=sender, attachment=True)\nfound = []\nfor t in threads:\n    for e in apis.gmail.show_thread(access_token=gm, email_thread_id=t[\"email_thread_id\"])[\"emails\"]:\n        if e[\"sender\"][\"email\"] == sender:\n            for a in e[\"attachments\"]:\n                found.append((e[\"created_at\"], a))\nfound.sort(key=lambda x: x[0])";
    let (pick, save) = match g.variant {
        1 => (
            "files = [a for at, a in found if \"budget\" in a[\"file_name\"]][-1:]",
            "for a in files:\n    apis.gmail.download_attachment(access_token=gm, attachment_id=a[\"id\"], download_to_file_path=\"~/documents/work/budget/\" + a[\"file_name\"], file_system_access_token=fs)",
        ),
        2 => (
            "files = [a for at, a in found][-1:]",
            "for a in files:\n    apis.gmail.download_attachment(access_token=gm, attachment_id=a[\"id\"], download_to_file_path=\"~/documents/party/seating_chart.csv\", file_system_access_token=fs)",
        ),
        _ => (
            "files = [a for at, a in found if at >= today.strftime(\"%Y-%m-01\")]",
            "for a in files:\n    apis.gmail.download_attachment(access_token=gm, attachment_id=a[\"id\"], download_to_file_path=\"~/documents/work/may_2023/\" + a[\"file_name\"], file_system_access_token=fs)",
        ),
    };
    let gt = |pick: &str, save: &str| {
        vec![
            head.clone(),
            who.clone(),
            collect.to_string(),
            format!("{pick}\n{save}\napis.supervisor.complete_task()"),
        ]
    };
    parts.ground_truth = gt(pick, save);
    parts.wrong = match g.variant {
        1 => vec![
            solution(
                "saves the first draft",
                gt(
                    "files = [a for at, a in found if \"budget\" in a[\"file_name\"]][:1]",
                    save,
                ),
            ),
            solution(
                "saves it into ~/downloads (no path given)",
                gt(
                    pick,
                    "for a in files:\n    apis.gmail.download_attachment(access_token=gm, attachment_id=a[\"id\"], file_system_access_token=fs)",
                ),
            ),
            solution(
                "saves every budget file the manager sent",
                gt(
                    "files = [a for at, a in found if \"budget\" in a[\"file_name\"]]",
                    save,
                ),
            ),
        ],
        2 => vec![
            solution(
                "saves the first, uncorrected chart",
                gt("files = [a for at, a in found][:1]", save),
            ),
            solution(
                "keeps the attachment's own file name",
                gt(
                    pick,
                    &save.replace(
                        "\"~/documents/party/seating_chart.csv\"",
                        "\"~/documents/party/\" + a[\"file_name\"]",
                    ),
                ),
            ),
        ],
        _ => vec![
            solution(
                "saves last month's report too",
                gt("files = [a for at, a in found]", save),
            ),
            solution(
                "saves only the first file of each e-mail",
                gt(
                    "files = [a for at, a in found if at >= today.strftime(\"%Y-%m-01\")]\nfiles = [a for i, a in enumerate(files) if i == 0 or a[\"file_name\"] != \"demo_notes.txt\"]",
                    save,
                ),
            ),
        ],
    };

    for (path, content) in &expected {
        let (path, content) = (path.clone(), content.clone());
        parts.checks.push(Check::new(
            format!("{path} holds the e-mailed file"),
            move |ctx| match file_content(ctx, &path) {
                Some(c) if c == content => Ok(()),
                Some(_) => Err(format!("{path} holds something else")),
                None => Err(format!("no file {path}")),
            },
        ));
    }
    let want: Vec<String> = expected.iter().map(|(p, _)| p.clone()).collect();
    parts.checks.push(Check::new(
        format!("no other file was saved ({} only)", want.join(", ")),
        move |ctx| match added_files(ctx).into_iter().find(|f| !want.contains(f)) {
            Some(f) => Err(format!("{f} was saved")),
            None => Ok(()),
        },
    ));
    parts.checks.push(Check::new("no e-mail was sent", |ctx| {
        match sent_mail(ctx).first() {
            Some(s) => Err(format!("an e-mail \"{}\" was sent", s.subject)),
            None => Ok(()),
        }
    }));
    parts.allowed = vec![allow_saved_under(folder), allow_download_counts()];
    parts
}

// ---- 3. reply to the manager's unread e-mails -----------------------------------------------

/// "Reply to every unread e-mail from my manager with B." The manager's older e-mails are read;
/// the setup adds six unread ones (one a reply in a thread the supervisor started, so the
/// thread is older than the e-mail), a read one, and a colleague's unread one. Variant 2: only
/// this week's, marking them read (the reply in the old thread counts: it came this week);
/// variant 3: only those with attachments, starring them.
fn reply_manager(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        has_n(pop, p, Relation::Manager, 1) && has_n(pop, p, Relation::Coworker, 1)
    });
    let boss = related(g.population, &p, Relation::Manager)[0].clone();
    let mate = related(g.population, &p, Relation::Coworker)[0].clone();
    let k = g.rng.range(2, 6);
    // (hours ago, from the manager?, subject, body, attachment, read)
    let mails: Vec<ManagerMail> = vec![
        (
            24 * 10 + 3,
            true,
            "Q2 priorities".into(),
            "Hi,\n\nOur priorities for the quarter are in the attached doc. Let me know if anything is unclear.".into(),
            Some(("q2_priorities.pdf", format!("Q2 priorities\n1. Ship the new dashboard\n2. Hire {k} engineers\n3. Cut support backlog"))),
            false,
        ),
        (
            24 * 6 + 1,
            true,
            "Offsite venue options".into(),
            "Hi,\n\nI shortlisted three venues for the offsite; details attached. Which one do you prefer?".into(),
            Some(("offsite_options.pdf", "Offsite venues\n- Lakeside Lodge\n- The Grove\n- Hilltop Inn".into())),
            false,
        ),
        (
            24 * 5 + 2,
            true,
            "Expense reports".into(),
            "Hi,\n\nPlease submit your expense report for April by the end of the week.".into(),
            None,
            false,
        ),
        (
            24 * 3 + 1,
            true,
            "Team lunch on Friday".into(),
            "Hi all,\n\nLunch is on me this Friday at noon. The menu is attached; pick your dish by Thursday.".into(),
            Some(("lunch_menu.pdf", "Lunch menu\n- Pasta\n- Salad\n- Curry".into())),
            true,
        ),
        (
            24 * 2 + 4,
            true,
            "Slides for Thursday".into(),
            "Hi,\n\nCan you send me the slides for Thursday's review by tomorrow?".into(),
            None,
            false,
        ),
        (
            26,
            true,
            "Client call moved to Friday".into(),
            "Hi,\n\nThe client call moved to Friday at 10:00. The agenda is attached.".into(),
            Some(("client_agenda.pdf", format!("Client call agenda\n1. Status\n2. Budget (+{k}%)\n3. Next steps"))),
            false,
        ),
        (
            20,
            false,
            "Lunch?".into(),
            "Want to grab lunch tomorrow?".into(),
            None,
            false,
        ),
    ];
    let vacation = "Vacation request: June 12-16";
    let (instruction, body, targets): (String, &str, Vec<&str>) = match g.variant {
        1 => (
            "Reply to every unread e-mail from my manager with \"Thanks, I'll take care of it.\"".into(),
            "Thanks, I'll take care of it.",
            vec![
                "Q2 priorities",
                "Offsite venue options",
                "Expense reports",
                "Slides for Thursday",
                "Client call moved to Friday",
                "Re: Vacation request: June 12-16",
            ],
        ),
        2 => (
            "Reply \"Got it, will do.\" to each unread e-mail my manager sent me this week (since Monday), then mark those threads as read.".into(),
            "Got it, will do.",
            vec![
                "Slides for Thursday",
                "Client call moved to Friday",
                "Re: Vacation request: June 12-16",
            ],
        ),
        _ => (
            "Some unread e-mails from my manager have attachments. Reply to each of those with \"Thanks, I'll review the attachment by Friday.\" and star their threads.".into(),
            "Thanks, I'll review the attachment by Friday.",
            vec![
                "Q2 priorities",
                "Offsite venue options",
                "Client call moved to Friday",
            ],
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["gmail", "phone"];
    let (sup, b, m) = (p.clone(), boss.clone(), mate.clone());
    parts.setup.push(step(move |s| {
        s.mark_mail_read_from(&sup, &b.email, s.now - Duration::days(800))?;
        for (hours, from_boss, subject, text, file, read) in &mails {
            let from = if *from_boss { &b.email } else { &m.email };
            let files: Vec<(&str, &str)> = file.iter().map(|(n, c)| (*n, c.as_str())).collect();
            let id = s.add_email(
                from,
                &[&sup.email],
                subject,
                text,
                &files,
                None,
                s.now - Duration::hours(*hours) - Duration::minutes(13 * hours % 50),
            )?;
            if *read {
                s.set_mail_flags(&sup, id, true, false, None)?;
            }
        }
        let asked = s.add_email(
            &sup.email,
            &[&b.email],
            vacation,
            "Hi,\n\nI'd like to take June 12-16 off. The client calls that week can move to the week after.\n\nThanks",
            &[],
            None,
            s.now - Duration::days(8) - Duration::hours(3),
        )?;
        let answer = s.add_email(
            &b.email,
            &[&sup.email],
            &format!("Re: {vacation}"),
            "Approved, enjoy the time off! Please hand your client calls to the team before you go.",
            &[],
            Some(asked),
            s.now - Duration::hours(4),
        )?;
        s.set_mail_flags(&sup, answer, false, false, None)
            .map(|_| ())
    }));

    let head = format!(
        "{}\n{TODAY}\nmonday = (today - datetime.timedelta(days=today.weekday())).strftime(\"%Y-%m-%d\")",
        logins(&[("gm", "gmail"), ("ph", "phone")])
    );
    let boss_py = "mgr = all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"manager\")[0][\"email\"]";
    let list = "threads = all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=mgr, read=False)";
    let (keep, after) = match g.variant {
        1 => ("", ""),
        2 => (
            "    if e[\"created_at\"] < monday:\n        continue\n",
            "    apis.gmail.mark_thread_read(access_token=gm, email_thread_id=t[\"email_thread_id\"])\n",
        ),
        _ => (
            "    if not e[\"attachments\"]:\n        continue\n",
            "    apis.gmail.mark_thread_starred(access_token=gm, email_thread_id=t[\"email_thread_id\"])\n",
        ),
    };
    let reply = |list: &str, keep: &str, body: &str, after: &str| {
        vec![
            head.clone(),
            boss_py.to_string(),
            list.to_string(),
            format!(
                "for t in threads:\n    e = [x for x in apis.gmail.show_thread(access_token=gm, email_thread_id=t[\"email_thread_id\"])[\"emails\"] if x[\"sender\"][\"email\"] == mgr][-1]\n{keep}    apis.gmail.reply_to_email(access_token=gm, email_thread_id=t[\"email_thread_id\"], email_id=e[\"email_id\"], body={})\n{after}apis.supervisor.complete_task()",
                py(body)
            ),
        ]
    };
    parts.ground_truth = reply(list, keep, body, after);
    parts.wrong = vec![
        solution(
            "replies to every e-mail from the manager, read or not",
            reply(&list.replace(", read=False", ""), keep, body, after),
        ),
        solution("writes another reply", reply(list, keep, "Thanks!", after)),
    ];
    match g.variant {
        1 => parts.wrong.push(solution(
            "answers only the first page of unread threads",
            reply(
                "threads = apis.gmail.show_inbox_threads(access_token=gm, from_email=mgr, read=False)",
                keep,
                body,
                after,
            ),
        )),
        2 => {
            parts.wrong.push(solution(
                "filters threads by start date, missing the reply in an older thread",
                reply(
                    &format!("{list}\nthreads = [t for t in threads if t[\"created_at\"] >= monday]"),
                    keep,
                    body,
                    after,
                ),
            ));
            parts.wrong.push(solution(
                "does not mark the threads read",
                reply(list, keep, body, ""),
            ));
        }
        _ => {
            parts.wrong.push(solution(
                "replies to every unread one, attachment or not",
                reply(list, "", body, after),
            ));
            parts.wrong.push(solution("does not star the threads", reply(list, keep, body, "")));
        }
    }

    let targets: Vec<String> = targets.iter().map(|s| s.to_string()).collect();
    let boss_mail = boss.email.clone();
    let find = {
        let (targets, boss_mail) = (targets.clone(), boss_mail.clone());
        move |ctx: &EvalCtx| -> Vec<(i64, String)> {
            targets
                .iter()
                .filter_map(|t| received(ctx, &boss_mail, t).map(|id| (id, t.clone())))
                .collect()
        }
    };
    let boss_name = format!("{} {}", boss.first_name, boss.last_name);
    let (f1, f2) = (find.clone(), find.clone());
    parts.checks = vec![
        Check::new(format!("a reply to each of: {}", targets.join("; ")), {
            let targets = targets.clone();
            move |ctx| {
                let found = f1(ctx);
                if found.len() != targets.len() {
                    return Err("the manager's e-mails are missing".into());
                }
                let sent = sent_mail(ctx);
                match found
                    .iter()
                    .find(|(id, subj)| !sent.iter().any(|s| refers_to(s, *id, subj)))
                {
                    Some((_, subj)) => Err(format!("no reply to \"{subj}\"")),
                    None => Ok(()),
                }
            }
        }),
        Check::new(format!("the replies go to {boss_name} only"), move |ctx| {
            let b = gmail_id(ctx, &boss_mail);
            match sent_mail(ctx)
                .iter()
                .find(|s| s.to.iter().any(|r| Some(*r) != b))
            {
                Some(s) => Err(format!("\"{}\" went to {:?}", s.subject, s.to)),
                None => Ok(()),
            }
        }),
        Check::new(format!("each reply says \"{body}\""), {
            let body = body.to_string();
            move |ctx| {
                let norm = |s: &str| crate::eval::normalize_text(s);
                match sent_mail(ctx).iter().find(|s| norm(&s.body) != norm(&body)) {
                    Some(s) => Err(format!("a reply says {:?}", s.body)),
                    None => Ok(()),
                }
            }
        }),
        Check::new("no other e-mail was answered", move |ctx| {
            let found = f2(ctx);
            match sent_mail(ctx)
                .iter()
                .find(|s| !found.iter().any(|(id, subj)| refers_to(s, *id, subj)))
            {
                Some(s) => Err(format!("\"{}\" was sent", s.subject)),
                None => Ok(()),
            }
        }),
    ];
    parts.allowed = allow::mail_sent();
    if g.variant != 1 {
        let (flag, word): (&'static [&'static str], &str) = if g.variant == 2 {
            (&["read"], "read")
        } else {
            (&["starred"], "starred")
        };
        let f3 = find.clone();
        parts.checks.push(Check::new(
            format!("those threads are marked {word}"),
            move |ctx| {
                for (id, subj) in f3(ctx) {
                    let (read, starred, _) = thread_flags(ctx, id).unwrap_or_default();
                    if !(if flag[0] == "read" { read } else { starred }) {
                        return Err(format!("the thread of \"{subj}\" is not {}", flag[0]));
                    }
                }
                Ok(())
            },
        ));
        parts.allowed.push(allow_thread_flags(
            &format!("marking those threads {word}"),
            flag,
            move |ctx| find(ctx).iter().map(|(id, _)| *id).collect(),
        ));
    }
    parts
}

// ---- 4. count unread e-mails (question) -----------------------------------------------------

/// "How many unread e-mails from my wife came in this week?" Their older e-mails are read; the
/// setup adds unread ones this week (more than a page), read ones this week, unread ones last
/// week and someone else's. Variant 2: the manager's unread e-mails of the last 30 days in the
/// inbox (one archived); variant 3: unread e-mails from coworkers since May 1 (the manager's
/// left out).
fn count_unread(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = match g.variant {
        1 => g.supervisor_where(|p| {
            has_n(pop, p, Relation::Wife, 1) || has_n(pop, p, Relation::Husband, 1)
        }),
        2 => g.supervisor_where(|p| has_n(pop, p, Relation::Manager, 1)),
        _ => g.supervisor_where(|p| {
            has_n(pop, p, Relation::Coworker, 2) && has_n(pop, p, Relation::Manager, 1)
        }),
    };
    let spouse = related(g.population, &p, Relation::Wife)
        .into_iter()
        .chain(related(g.population, &p, Relation::Husband))
        .next();
    let boss = related(g.population, &p, Relation::Manager)
        .into_iter()
        .next();
    let mates = related(g.population, &p, Relation::Coworker);
    let friend = related(g.population, &p, Relation::Friend)
        .into_iter()
        .next()
        .unwrap_or_else(|| g.person(if p.id == 1 { 2 } else { 1 }));
    const TOPICS: &[&str] = &[
        "Quick question",
        "Weekend plans",
        "Did you see this?",
        "Reminder",
        "Photos",
        "Tonight",
        "Update",
        "Tickets",
        "Call me later",
        "Dinner",
    ];
    // (sender, days ago, read, archived)
    let mut mails: Vec<(Person, i64, bool, bool)> = Vec::new();
    let mut quiet: Vec<Person> = Vec::new();
    let (instruction, answer, gt_list, wrongs): (String, usize, String, Vec<(&str, String)>) =
        match g.variant {
            1 => {
                let s = spouse.clone().unwrap_or_else(|| friend.clone());
                let word = if has_n(pop, &p, Relation::Wife, 1) {
                    "wife"
                } else {
                    "husband"
                };
                let n = g.rng.range(6, 9) as usize;
                for i in 0..n {
                    mails.push((s.clone(), (i % 4) as i64, false, false));
                }
                mails.push((s.clone(), 1, true, false));
                mails.push((s.clone(), 2, true, false));
                mails.push((s.clone(), 5, false, false));
                mails.push((s.clone(), 8, false, false));
                mails.push((friend.clone(), 1, false, false));
                quiet.push(s);
                let list = format!(
                    "who = [c[\"email\"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"{word}\")]\nthreads = []\nfor w in who:\n    threads += all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=w, read=False, min_created_at=monday)"
                );
                (
                    format!("How many unread e-mails from my {word} came in this week (since Monday)?"),
                    n,
                    list.clone(),
                    vec![
                        ("counts read ones too", list.replace(", read=False", "")),
                        ("counts every unread one, whatever the week", list.replace(", min_created_at=monday", "")),
                        ("counts the first page only", list.replace("threads += all_pages(apis.gmail.show_inbox_threads, access_token=gm,", "threads += apis.gmail.show_inbox_threads(access_token=gm,")),
                    ],
                )
            }
            2 => {
                let b = boss.clone().unwrap_or_else(|| friend.clone());
                let n = g.rng.range(6, 9) as usize;
                for i in 0..n {
                    mails.push((b.clone(), 1 + (i as i64 * 4) % 28, false, false));
                }
                mails.push((b.clone(), 12, false, true));
                mails.push((b.clone(), 3, true, false));
                mails.push((b.clone(), 9, true, false));
                mails.push((b.clone(), 33, false, false));
                mails.push((b.clone(), 58, false, false));
                mails.push((friend.clone(), 2, false, false));
                quiet.push(b);
                let list = "who = [c[\"email\"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"manager\")]\nthreads = []\nfor w in who:\n    threads += all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=w, read=False, min_created_at=since)".to_string();
                (
                    "How many e-mails from my manager from the last 30 days are still unread in my inbox?".to_string(),
                    n,
                    list.clone(),
                    vec![
                        ("counts the archived one too", format!("{list}\n    threads += all_pages(apis.gmail.show_archived_threads, access_token=gm, from_email=w, read=False, min_created_at=since)")),
                        ("counts older ones too", list.replace(", min_created_at=since", "")),
                        ("counts read ones too", list.replace(", read=False", "")),
                    ],
                )
            }
            _ => {
                let mut n = 0;
                for (j, c) in mates.iter().take(3).enumerate() {
                    let k = 3 - j;
                    for i in 0..k {
                        mails.push((c.clone(), 1 + (i as i64 * 5 + j as i64) % 16, false, false));
                    }
                    n += k;
                    mails.push((c.clone(), 4 + j as i64, true, false));
                    mails.push((c.clone(), 20 + j as i64, false, false));
                }
                quiet.extend(mates.iter().cloned());
                if let Some(b) = &boss {
                    mails.push((b.clone(), 2, false, false));
                    mails.push((b.clone(), 6, false, false));
                    quiet.push(b.clone());
                }
                let list = "who = [c[\"email\"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"coworker\") if \"manager\" not in c[\"relationships\"]]\nseen = {}\nfor w in who:\n    for t in all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=w, read=False, min_created_at=first):\n        seen[t[\"email_thread_id\"]] = t\nthreads = list(seen.values())".to_string();
                (
                    "How many unread e-mails have my coworkers sent me since the start of May? Don't count my manager's.".to_string(),
                    n,
                    list.clone(),
                    vec![
                        ("counts the manager's too", list.replace("relationship=\"coworker\") if \"manager\" not in c[\"relationships\"]]", "relationship=\"coworker\")] + [c[\"email\"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"manager\")]")),
                        ("counts April's too", list.replace(", min_created_at=first", "")),
                        ("counts read ones too", list.replace(", read=False", "")),
                    ],
                )
            }
        };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["gmail", "phone"];
    parts.answer = Some(Answer::Number(answer as f64));
    let sup = p.clone();
    let topics: Vec<String> = (0..mails.len())
        .map(|i| TOPICS[(i * 7 + g.variant as usize) % TOPICS.len()].to_string())
        .collect();
    parts.setup.push(step(move |s| {
        for q in &quiet {
            s.mark_mail_read_from(&sup, &q.email, s.now - Duration::days(800))?;
        }
        for (i, (from, days, read, archived)) in mails.iter().enumerate() {
            let when = s.now - Duration::days(*days) - Duration::minutes(23 * i as i64 % 180 + 5);
            let id = s.add_email(
                &from.email,
                &[&sup.email],
                &topics[i],
                &format!(
                    "Hi {},\n\n{} - let me know.\n\n{}",
                    sup.first_name, topics[i], from.first_name
                ),
                &[],
                None,
                when,
            )?;
            if *read || *archived {
                s.set_mail_flags(&sup, id, *read, *archived, None)?;
            }
        }
        Ok(())
    }));
    let head = format!(
        "{}\n{TODAY}\nmonday = (today - datetime.timedelta(days=today.weekday())).strftime(\"%Y-%m-%d\")\nsince = (today - datetime.timedelta(days=30)).strftime(\"%Y-%m-%d\")\nfirst = today.strftime(\"%Y-%m-01\")",
        logins(&[("gm", "gmail"), ("ph", "phone")])
    );
    let done = "apis.supervisor.complete_task(answer=len(threads))";
    parts.ground_truth = vec![head.clone(), gt_list, done.to_string()];
    parts.wrong = wrongs
        .into_iter()
        .map(|(name, list)| solution(name, vec![head.clone(), list, done.to_string()]))
        .collect();
    parts
}

// ---- checks over phone ----------------------------------------------------------------------

/// Checks that each of `people` got exactly one text holding each of their `parts` and that
/// nobody else got one; `forbidden` must appear in no text.
fn text_checks(
    people: Vec<(Person, Vec<String>)>,
    what: &str,
    forbidden: Vec<String>,
) -> Vec<Check> {
    let names: Vec<String> = people
        .iter()
        .map(|(p, _)| format!("{} {}", p.first_name, p.last_name))
        .collect();
    let (p1, p2, p3) = (people.clone(), people.clone(), people);
    let mut checks = vec![
        Check::new(
            format!("{} each got {what}", names.join(", ")),
            move |ctx| {
                let texts = sent_texts(ctx);
                for (p, parts) in &p1 {
                    let id = phone_id(ctx.db, &p.phone_number).unwrap_or(-1);
                    let mine: Vec<&String> =
                        texts.iter().filter(|t| t.0 == id).map(|t| &t.1).collect();
                    if mine.is_empty() {
                        return Err(format!("no text to {}", p.first_name));
                    }
                    if let Some(part) = parts.iter().find(|x| !mine.iter().any(|m| holds(m, x))) {
                        return Err(format!("{}'s text lacks \"{part}\"", p.first_name));
                    }
                }
                Ok(())
            },
        ),
        Check::new(
            format!("nobody but {} got a text", names.join(", ")),
            move |ctx| {
                let ok: Vec<i64> = p2
                    .iter()
                    .filter_map(|(p, _)| phone_id(ctx.db, &p.phone_number))
                    .collect();
                match sent_texts(ctx).iter().find(|t| !ok.contains(&t.0)) {
                    Some(t) => Err(format!("phone user {} got \"{}\"", t.0, t.1)),
                    None => Ok(()),
                }
            },
        ),
        Check::new("one text per person", move |ctx| {
            let texts = sent_texts(ctx);
            for (p, _) in &p3 {
                let id = phone_id(ctx.db, &p.phone_number).unwrap_or(-1);
                let n = texts.iter().filter(|t| t.0 == id).count();
                if n > 1 {
                    return Err(format!("{} got {n} texts", p.first_name));
                }
            }
            Ok(())
        }),
    ];
    if !forbidden.is_empty() {
        checks.push(Check::new(
            format!("no text holds {}", forbidden.join(" or ")),
            move |ctx| {
                for (_, m) in sent_texts(ctx) {
                    if let Some(f) = forbidden.iter().find(|f| holds(&m, f)) {
                        return Err(format!("a text holds \"{f}\""));
                    }
                }
                Ok(())
            },
        ));
    }
    checks
}

// ---- 5. text the trip's plan ----------------------------------------------------------------

/// An itinerary as the world's trip folders hold them.
fn itinerary(
    city: &str,
    country: &str,
    start: NaiveDate,
    lodging: &str,
    travelers: &[&Person],
    plans: &[&str],
) -> String {
    let nights = plans.len() as i64 - 1;
    let names: Vec<String> = travelers
        .iter()
        .map(|p| format!("{} {}", p.first_name, p.last_name))
        .collect();
    let mut s = format!(
        "Trip to {city}, {country}\nDates: {} to {} ({nights} nights)\nStaying at: {lodging}\nOrganizer: {}\nTravelers: {}\n\nPlan:\n",
        ymd(start),
        ymd(start + Duration::days(nights)),
        names[0],
        names.join(", ")
    );
    for (i, plan) in plans.iter().enumerate() {
        let d = start + Duration::days(i as i64);
        s.push_str(&format!("- {}: {plan}\n", d.format("%a %b %d")));
    }
    s
}

/// "Text everyone else on my Nashville trip the first day's plan from the itinerary." The
/// itinerary is a new trip folder; an old trip to the same city (other people, another plan)
/// lies next to it. Variant 2: one traveller is saved under a nickname in the phone (the
/// itinerary has full names), another upcoming trip is near; variant 3: the last day's plan.
fn text_itinerary(g: &mut Gen) -> Parts {
    let pop = g.population;
    // A friend whose last name no one else the supervisor knows has (for the nickname).
    let unique_friend = |p: &Person| -> Option<i64> {
        let rel = pop.relations_of(p.id);
        rel.iter()
            .filter(|(r, _)| *r == Relation::Friend)
            .map(|(_, id)| *id)
            .find(|id| {
                let last = &pop.people[(*id - 1) as usize].last_name;
                rel.iter()
                    .filter(|(_, o)| pop.people[(*o - 1) as usize].last_name == *last)
                    .count()
                    == 1
                    && *last != p.last_name
            })
    };
    let p =
        g.supervisor_where(|p| has_n(pop, p, Relation::Friend, 3) && unique_friend(p).is_some());
    let mut friends = related(g.population, &p, Relation::Friend);
    g.rng.shuffle(&mut friends);
    let n = g.rng.range(2, 4) as usize;
    let mut going: Vec<Person> = friends.iter().take(n).cloned().collect();
    let nicked = unique_friend(&p).map(|id| g.person(id));
    if g.variant == 2
        && let Some(nk) = &nicked
        && !going.iter().any(|f| f.id == nk.id)
    {
        going[0] = nk.clone();
    }
    let others: Vec<Person> = friends
        .iter()
        .filter(|f| !going.iter().any(|x| x.id == f.id))
        .cloned()
        .collect();
    let nick = NICKNAMES[g.rng.range(0, NICKNAMES.len() as i64) as usize];
    let (city, country, lodging, start, plans): (&str, &str, &str, NaiveDate, Vec<&str>) =
        match g.variant {
            1 => (
                "Nashville",
                "USA",
                "Music Row loft",
                day(g, 22),
                vec![
                    "Arrive, check in at the loft, dinner at Hattie B's",
                    "Country Music Hall of Fame and a show at the Ryman",
                    "Brunch in East Nashville, then the Parthenon",
                    "Check out and fly home",
                ],
            ),
            2 => (
                "Vancouver",
                "Canada",
                "Gastown apartment",
                day(g, 36),
                vec![
                    "Land at 2 PM, check in, walk the seawall in Stanley Park",
                    "Granville Island market and a kayak tour",
                    "Day trip to Whistler",
                    "Capilano bridge in the morning, fly home at 6 PM",
                ],
            ),
            _ => (
                "Porto",
                "Portugal",
                "Ribeira guesthouse",
                day(g, 50),
                vec![
                    "Arrive, check in, dinner by the river",
                    "Livraria Lello and the Clerigos tower",
                    "Douro valley wine tour",
                    "Beach day in Foz",
                    "Port cellar tour in the morning, check out, train to the airport",
                ],
            ),
        };
    let wanted = if g.variant == 3 {
        plans[plans.len() - 1]
    } else {
        plans[0]
    };
    let instruction = match g.variant {
        1 => "I put the itinerary for our Nashville trip in my file system. Text each of the others coming on the trip the plan for the first day, worded as in the itinerary.".to_string(),
        2 => "Text everyone else going on the Vancouver trip the first day's plan from the itinerary in my file system.".to_string(),
        _ => "Text everyone else on the Porto trip the plan for our last day there, as the itinerary in my file system words it.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["file_system", "phone"];
    let mut travelers: Vec<&Person> = vec![&p];
    travelers.extend(going.iter());
    let folder = format!(
        "~/documents/trips/{}_{}/",
        city.to_lowercase(),
        start.format("%Y_%m")
    );
    let main = itinerary(city, country, start, lodging, &travelers, &plans);
    // The distractor trip: an old one to the same city (1, 3) or another upcoming one (2).
    let old_people: Vec<&Person> = std::iter::once(&p).chain(others.iter().take(1)).collect();
    let (old_folder, old_plan, old_text) = match g.variant {
        2 => {
            let d = day(g, 80);
            let plan = vec![
                "Arrive, check in, food carts downtown",
                "Powell's Books and the rose garden",
                "Fly home",
            ];
            (
                format!("~/documents/trips/portland_{}/", d.format("%Y_%m")),
                plan[0],
                itinerary(
                    "Portland",
                    "USA",
                    d,
                    "Pearl District studio",
                    &old_people,
                    &plan,
                ),
            )
        }
        _ => {
            let d = NaiveDate::from_ymd_opt(2021, 10, 8).unwrap_or_default();
            let middle = if city == "Porto" {
                "Ribeira walk and a boat ride"
            } else {
                "Honky-tonks on Broadway"
            };
            let plan = vec!["Arrive late, check in, sleep", middle, "Fly home"];
            (
                format!(
                    "~/documents/trips/{}_{}/",
                    city.to_lowercase(),
                    d.format("%Y_%m")
                ),
                plan[0],
                itinerary(city, country, d, "Downtown hotel", &old_people, &plan),
            )
        }
    };
    let old_plan = if g.variant == 3 {
        "Fly home".to_string()
    } else {
        old_plan.to_string()
    };
    let sup = p.clone();
    let (nick_person, variant) = (nicked.clone(), g.variant);
    let packing = format!("Packing list for {city}\n- Passport\n- Chargers\n- Rain jacket");
    parts.setup.push(step(move |s| {
        let t = s.now - Duration::days(9);
        s.add_file(&sup, &format!("{folder}itinerary.txt"), &main, t)?;
        s.add_file(&sup, &format!("{folder}packing_list.txt"), &packing, t)?;
        s.add_file(
            &sup,
            &format!("{old_folder}itinerary.txt"),
            &old_text,
            t - Duration::days(30),
        )?;
        if variant == 2
            && let Some(nk) = &nick_person
        {
            s.relabel_contact(&sup, nk, nick, &["friend"])?;
        }
        Ok(())
    }));

    let head = logins(&[("fs", "file_system"), ("ph", "phone")]);
    let today = "today = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)[\"date\"], \"%A, %B %d, %Y\").strftime(\"%Y-%m-%d\")";
    let read = format!(
        "paths = apis.file_system.show_directory(access_token=fs, directory_path=\"~/documents/trips/\", substring={}, entry_type=\"files\")\nits = [apis.file_system.show_file(access_token=fs, file_path=q)[\"content\"] for q in paths if q.endswith(\"itinerary.txt\")]\ncontent = [c for c in its if re.search(r\"Dates: (\\S+)\", c).group(1) > today][0]\ntravelers = re.search(r\"Travelers: (.*)\", content).group(1).split(\", \")\nplans = re.findall(r\"^- \\w{{3}} \\w{{3}} \\d{{2}}: (.*)$\", content, re.M)",
        py(&city.to_lowercase())
    );
    let which = if g.variant == 3 { "-1" } else { "0" };
    let match_py = "contacts = all_pages(apis.phone.search_contacts, access_token=ph)\nme = profile[\"first_name\"] + \" \" + profile[\"last_name\"]\nnumbers = []\nfor name in travelers:\n    if name == me:\n        continue\n    first, last = name.split(\" \", 1)\n    found = [c for c in contacts if c[\"first_name\"] == first and c[\"last_name\"] == last]\n    if not found:\n        found = [c for c in contacts if c[\"last_name\"] == last and \"friend\" in c[\"relationships\"]]\n    numbers.append(found[0][\"phone_number\"])";
    let send = |msg: &str| {
        format!(
            "for n in numbers:\n    apis.phone.send_text_message(access_token=ph, phone_number=n, message={msg})\napis.supervisor.complete_task()"
        )
    };
    let gt = |read: &str, match_py: &str, msg: &str| {
        vec![
            head.clone(),
            format!("{today}\n{read}"),
            match_py.to_string(),
            send(msg),
        ]
    };
    let plan_expr = format!("plans[{which}]");
    parts.ground_truth = gt(&read, match_py, &plan_expr);
    parts.wrong = vec![
        solution("sends the whole itinerary", gt(&read, match_py, "content")),
        solution(
            if g.variant == 3 {
                "sends the first day's plan"
            } else {
                "sends the second day's plan"
            },
            gt(
                &read,
                match_py,
                if g.variant == 3 {
                    "plans[0]"
                } else {
                    "plans[1]"
                },
            ),
        ),
        solution(
            if g.variant == 2 {
                "reads the other upcoming trip's itinerary"
            } else {
                "reads the old trip's itinerary"
            },
            gt(
                &if g.variant == 2 {
                    read.replace(&py(&city.to_lowercase()), "\"portland\"")
                } else {
                    read.replace("> today][0]", "< today][0]")
                },
                match_py,
                &plan_expr,
            ),
        ),
    ];
    if g.variant == 2 {
        parts.wrong.push(solution(
            "skips the traveller saved under a nickname",
            gt(
                &read,
                &match_py.replace("    numbers.append(found[0][\"phone_number\"])", "        continue\n    numbers.append(found[0][\"phone_number\"])").replace("    if not found:\n        found = [c for c in contacts if c[\"last_name\"] == last and \"friend\" in c[\"relationships\"]]\n", "    if not found:\n"),
                &plan_expr,
            ),
        ));
    } else {
        parts.wrong.push(solution(
            "texts every friend",
            gt(
                &read,
                "numbers = [c[\"phone_number\"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"friend\")]",
                &plan_expr,
            ),
        ));
    }
    let people: Vec<(Person, Vec<String>)> = going
        .iter()
        .map(|f| (f.clone(), vec![wanted.to_string()]))
        .collect();
    let mut forbidden: Vec<String> = plans
        .iter()
        .filter(|x| **x != wanted)
        .map(|x| x.to_string())
        .collect();
    forbidden.push(old_plan);
    parts.checks = text_checks(people, &format!("a text with \"{wanted}\""), forbidden);
    parts.allowed = allow::texts_sent();
    parts
}

// ---- 6. an alarm before something mentioned in a message ------------------------------------

/// The alarms the supervisor added: (time, label, repeat days, enabled).
fn added_alarms(ctx: &EvalCtx) -> Vec<(String, String, Vec<String>, bool)> {
    let me = ctx.user_id("phone");
    added(ctx, "phone", "alarms")
        .into_iter()
        .filter(|r| r.get("user_id").as_i64() == me)
        .map(|r| {
            (
                r.get("time").as_str().unwrap_or("").to_string(),
                r.get("label").as_str().unwrap_or("").to_string(),
                r.get("repeat_days")
                    .as_str()
                    .and_then(|s| serde_json::from_str(s).ok())
                    .unwrap_or_default(),
                r.get("enabled").as_i64() == Some(1) || r.get("enabled").as_bool() == Some(true),
            )
        })
        .collect()
}

/// "My manager texted me about a meeting tomorrow; set an alarm 30 minutes before it." An
/// older text of the same person names another time. Variant 2: the spouse moved Saturday's
/// dinner in a later text (45 minutes before the new time); variant 3: a friend's voice
/// message asks for an airport pickup (an hour before), and the friend gets a text back.
fn alarm_from_message(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = match g.variant {
        1 => g.supervisor_where(|p| has_n(pop, p, Relation::Manager, 1)),
        2 => g.supervisor_where(|p| {
            has_n(pop, p, Relation::Wife, 1) || has_n(pop, p, Relation::Husband, 1)
        }),
        _ => g.supervisor_where(|p| has_n(pop, p, Relation::Friend, 1)),
    };
    let (rel, word) = match g.variant {
        1 => (Relation::Manager, "manager"),
        2 if has_n(pop, &p, Relation::Wife, 1) => (Relation::Wife, "wife"),
        2 => (Relation::Husband, "husband"),
        _ => (Relation::Friend, "friend"),
    };
    let other = related(g.population, &p, rel)[0].clone();
    let (h, m) = (
        g.rng.range(9, 12),
        [0, 15, 30, 45][g.rng.range(0, 4) as usize],
    );
    // (from the other person?, voice?, hours ago, message)
    let (instruction, msgs, alarm, label, wrong_times): AlarmPlan = match g.variant {
        1 => {
            let at = format!("{h}:{m:02}");
            (
                format!(
                    "My {word} texted me about a meeting tomorrow. Set an alarm 30 minutes before it, labelled \"Budget meeting\"."
                ),
                vec![
                    (
                        true,
                        false,
                        24 * 5 + 3,
                        "Heads up: standup moved to 9:15 today.".to_string(),
                    ),
                    (
                        true,
                        false,
                        2,
                        format!("Can we go over the budget tomorrow at {at}? My office."),
                    ),
                    (false, false, 1, "Sure, see you then.".to_string()),
                ],
                fmt_hm(h * 60 + m - 30),
                "Budget meeting",
                vec![
                    ("sets it at the meeting time", fmt_hm(h * 60 + m)),
                    ("uses an older text's time", "08:45".to_string()),
                ],
            )
        }
        2 => {
            let (first, moved) = (19 * 60, 18 * 60 + 30);
            (
                format!(
                    "Set an alarm 45 minutes before the Saturday dinner my {word} texted me about, labelled \"Dinner at the in-laws\"."
                ),
                vec![
                    (
                        true,
                        false,
                        24 * 6 + 2,
                        "Can you pick up milk on the way home?".to_string(),
                    ),
                    (
                        true,
                        false,
                        24 * 2 + 5,
                        "Dinner at my parents' on Saturday at 7:00 PM, don't forget!".to_string(),
                    ),
                    (false, false, 24 * 2 + 4, "Got it!".to_string()),
                    (
                        true,
                        false,
                        20,
                        "Change of plans: they want us there at 6:30 PM instead.".to_string(),
                    ),
                ],
                fmt_hm(moved - 45),
                "Dinner at the in-laws",
                vec![
                    ("sets it 45 minutes after", fmt_hm(moved + 45)),
                    ("uses the first time, before it moved", fmt_hm(first - 45)),
                ],
            )
        }
        _ => {
            let lands = (8 * 60 + 15, "8:15 AM");
            let (_, him) = they(&other);
            (
                format!(
                    "{} left me a voice message asking for an airport pickup. Set an alarm an hour before the flight lands, labelled \"Airport pickup\", and text {him} \"See you at the airport!\"",
                    other.first_name
                ),
                vec![
                    (
                        true,
                        true,
                        24 * 20,
                        "Hey, the concert starts at 8:00 PM tonight, meet you at the door!"
                            .to_string(),
                    ),
                    (
                        true,
                        true,
                        17,
                        format!(
                            "Hey it's {}! My flight lands Sunday at {} - could you pick me up at the airport? Thanks!",
                            other.first_name, lands.1
                        ),
                    ),
                ],
                fmt_hm(lands.0 - 60),
                "Airport pickup",
                vec![
                    ("sets it at the landing time", fmt_hm(lands.0)),
                    ("uses an older message's time", fmt_hm(19 * 60)),
                ],
            )
        }
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["phone"];
    let (sup, o) = (p.clone(), other.clone());
    parts.setup.push(step(move |s| {
        for (theirs, voice, hours, text) in &msgs {
            let (from, to) = if *theirs { (&o, &sup) } else { (&sup, &o) };
            let when = s.now - Duration::hours(*hours) - Duration::minutes(7 * hours % 40);
            if *voice {
                s.add_voice(from, to, text, when)?;
            } else {
                s.add_text(from, to, text, when)?;
            }
        }
        Ok(())
    }));

    let head = logins(&[("ph", "phone")]);
    let who = if g.variant == 3 {
        format!(
            "other = [c for c in all_pages(apis.phone.search_contacts, access_token=ph, query={n}) if c[\"first_name\"] == {n}][0][\"phone_number\"]",
            n = py(&other.first_name)
        )
    } else {
        format!(
            "other = all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"{word}\")[0][\"phone_number\"]"
        )
    };
    let (window, minutes) = match g.variant {
        1 => ("show_text_message_window", 30),
        2 => ("show_text_message_window", 45),
        _ => ("show_voice_message_window", 60),
    };
    let find = |pick: &str| {
        format!(
            "msgs = all_pages(apis.phone.{window}, access_token=ph, phone_number=other)\ntimed = [x for x in msgs if x[\"sender\"][\"phone_number\"] == other and re.search(r\"\\d{{1,2}}:\\d{{2}}\", x[\"message\"])]\ntimed.sort(key=lambda x: x[\"sent_at\"], reverse=True)\nmsg = timed[{pick}][\"message\"]\nhh, mm, half = re.search(r\"(\\d{{1,2}}):(\\d{{2}})\\s*(AM|PM)?\", msg).groups()\nhh, mm = int(hh) % 12 + (12 if half == \"PM\" else 0) if half else int(hh), int(mm)"
        )
    };
    let create = |offset: i64, label: &str, extra: &str| {
        format!(
            "t = datetime.datetime(2000, 1, 1, hh, mm) + datetime.timedelta(minutes={offset})\napis.phone.create_alarm(access_token=ph, time=t.strftime(\"%H:%M\"), label={})\n{extra}apis.supervisor.complete_task()",
            py(label)
        )
    };
    let reply = if g.variant == 3 {
        "apis.phone.send_text_message(access_token=ph, phone_number=other, message=\"See you at the airport!\")\n"
    } else {
        ""
    };
    let gt = |pick: &str, offset: i64, label: &str, extra: &str| {
        vec![
            head.clone(),
            who.clone(),
            find(pick),
            create(offset, label, extra),
        ]
    };
    parts.ground_truth = gt("0", -minutes, label, reply);
    parts.wrong = vec![
        solution(
            wrong_times[0].0,
            gt("0", if g.variant == 2 { minutes } else { 0 }, label, reply),
        ),
        solution(wrong_times[1].0, gt("1", -minutes, label, reply)),
        solution(
            "labels it differently",
            gt("0", -minutes, "Reminder", reply),
        ),
    ];
    if g.variant == 3 {
        parts
            .wrong
            .push(solution("does not text back", gt("0", -minutes, label, "")));
    }
    let alarm_c = alarm.clone();
    // The day the event is on (an alarm repeating on that day only is fine too).
    let weekday = ["friday", "saturday", "sunday"][usize::from(g.variant - 1)];
    parts.checks = vec![
        Check::new("exactly one alarm was added", |ctx| {
            match added_alarms(ctx).len() {
                1 => Ok(()),
                n => Err(format!("{n} alarms were added")),
            }
        }),
        Check::new(
            format!("it rings at {alarm}"),
            move |ctx| match added_alarms(ctx).first() {
                Some(a) if a.0 == alarm_c => Ok(()),
                Some(a) => Err(format!("it rings at {}", a.0)),
                None => Err("no alarm".into()),
            },
        ),
        Check::new(format!("it is labelled \"{label}\""), {
            let label = label.to_string();
            move |ctx| match added_alarms(ctx).first() {
                Some(a) if holds(&a.1, &label) && holds(&label, &a.1) => Ok(()),
                Some(a) => Err(format!("it is labelled {:?}", a.1)),
                None => Err("no alarm".into()),
            }
        }),
        Check::new(
            format!("it rings once (no repeat days, or {weekday} only) and is on"),
            move |ctx| match added_alarms(ctx).first() {
                Some(a) if (a.2.is_empty() || a.2 == [weekday]) && a.3 => Ok(()),
                Some(a) => Err(format!("repeat days {:?}, enabled {}", a.2, a.3)),
                None => Err("no alarm".into()),
            },
        ),
    ];
    parts.allowed = vec![allow_added(
        "the supervisor's alarm",
        "phone",
        "alarms",
        |ctx, r| r.get("user_id").as_i64() == ctx.user_id("phone"),
    )];
    if g.variant == 3 {
        parts.checks.extend(text_checks(
            vec![(other.clone(), vec!["See you at the airport!".to_string()])],
            "a text \"See you at the airport!\"",
            Vec::new(),
        ));
        parts.allowed.extend(allow::texts_sent());
    } else {
        parts.checks.push(Check::new("no text was sent", |ctx| {
            match sent_texts(ctx).first() {
                Some(t) => Err(format!("a text \"{}\" was sent", t.1)),
                None => Ok(()),
            }
        }));
    }
    parts
}

/// Minutes after midnight as `HH:MM`.
fn fmt_hm(minutes: i64) -> String {
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}

// ---- checks over todoist --------------------------------------------------------------------

/// A task of a project the supervisor collaborates on.
#[derive(Debug, Clone)]
struct TodoRow {
    id: i64,
    project: String,
    inbox: bool,
    title: String,
    /// `YYYY-MM-DD`.
    due: Option<String>,
    completed: bool,
    priority: String,
    assignee: Option<i64>,
}

/// The tasks of the supervisor's projects, as they are now (`initial`: as they were when the
/// task started, for rows the episode changed; rows it added are left out).
fn todo_rows(ctx: &EvalCtx, initial: bool) -> Vec<TodoRow> {
    let Some(me) = ctx.user_id("todoist") else {
        return Vec::new();
    };
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT t.id, p.name, p.is_inbox, t.title, t.due_date, t.is_completed, t.priority, t.assignee_id \
         FROM todoist.tasks t JOIN todoist.projects p ON p.id = t.project_id \
         WHERE t.project_id IN (SELECT project_id FROM todoist.project_collaborator_links WHERE user_id = ?1) ORDER BY t.id",
    ) else {
        return Vec::new();
    };
    let rows: Vec<TodoRow> = st
        .query_map([me], |r| {
            Ok(TodoRow {
                id: r.get(0)?,
                project: r.get(1)?,
                inbox: r.get(2)?,
                title: r.get(3)?,
                due: r
                    .get::<_, Option<String>>(4)?
                    .map(|d| d.chars().take(10).collect()),
                completed: r.get(5)?,
                priority: r.get(6)?,
                assignee: r.get(7)?,
            })
        })
        .map(|it| it.filter_map(Result::ok).collect())
        .unwrap_or_default();
    if !initial {
        return rows;
    }
    rows.into_iter()
        .filter_map(|mut t| {
            let change = ctx
                .diff
                .rows
                .iter()
                .find(|r| r.is("todoist", "tasks") && r.id == t.id);
            match change {
                Some(c) if c.kind() == ChangeKind::Added => None,
                Some(c) if c.kind() == ChangeKind::Updated => {
                    t.due = c
                        .before("due_date")
                        .as_str()
                        .map(|d| d.chars().take(10).collect());
                    t.completed = c.before("is_completed").as_i64() == Some(1)
                        || c.before("is_completed").as_bool() == Some(true);
                    t.assignee = c.before("assignee_id").as_i64();
                    Some(t)
                }
                _ => Some(t),
            }
        })
        .collect()
}

/// Python: `today` (a `datetime.date`) from the phone's clock.
const TODAY: &str = "today = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)[\"date\"], \"%A, %B %d, %Y\").date()";

// ---- 7. move overdue tasks ------------------------------------------------------------------

/// "Move every overdue task in my Inbox, and every overdue task assigned to me elsewhere, to
/// tomorrow." The setup adds overdue, done-and-overdue and due-today tasks to the Inbox and the
/// Home project (some assigned to a housemate) on top of the base world's. Variant 2: every
/// overdue task of the Home project, whoever has it; variant 3: the Inbox's overdue tasks, the
/// high-priority ones to tomorrow and the rest to next Monday.
fn move_overdue(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| in_household(pop, p));
    let mate = housemates(g.population, &p)[0].clone();
    let tomorrow = day(g, 1);
    let monday = {
        let mut d = day(g, 1);
        while d.weekday() != chrono::Weekday::Mon {
            d += Duration::days(1);
        }
        d
    };
    let instruction = match g.variant {
        1 => {
            "Move every overdue task in my Todoist Inbox, and every overdue task assigned to me in my other projects, to tomorrow."
        }
        2 => {
            "Our Home project in Todoist has overdue tasks. Move all of them to tomorrow, whoever they're assigned to."
        }
        _ => {
            "Reschedule the overdue tasks in my Todoist Inbox: the high-priority ones to tomorrow, the others to next Monday."
        }
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["todoist", "phone"];
    let (sup, m) = (p.clone(), mate.clone());
    let now = g.now;
    parts.setup.push(step(move |s| {
        let today = now.date();
        let inbox = s.todo_project(&sup, "Inbox")?;
        let home = s.todo_project(&sup, "Home")?;
        let chores = s.todo_section(home, "Chores")?;
        let repairs = s.todo_section(home, "Repairs")?;
        let at = now - Duration::days(20);
        let d = |n: i64| Some(today - Duration::days(n));
        for (title, due, prio, done) in [
            ("Return the library books", d(6), "high", false),
            ("Renew the car registration", d(2), "medium", false),
            ("Send the rent receipt", d(8), "high", true),
            ("Call the bank", d(0), "high", false),
            ("Book a dentist appointment", d(4), "low", false),
        ] {
            s.add_todo_task(inbox, None, &sup, title, due, prio, done, None, at)?;
        }
        s.add_todo_task(
            home,
            Some(chores),
            &sup,
            "Clean the oven",
            d(4),
            "high",
            false,
            Some(&m),
            at,
        )?;
        s.add_todo_task(
            home,
            Some(repairs),
            &sup,
            "Replace the air filter",
            d(3),
            "low",
            false,
            Some(&sup),
            at,
        )?;
        s.add_todo_task(
            home,
            Some(repairs),
            &sup,
            "Fix the squeaky door",
            d(5),
            "medium",
            true,
            Some(&sup),
            at,
        )?;
        Ok(())
    }));
    let head = format!(
        "{}\n{FLAT}\n{TODAY}\ntomorrow = (today + datetime.timedelta(days=1)).strftime(\"%Y-%m-%d\")\nmonday = (today + datetime.timedelta(days=7 - today.weekday())).strftime(\"%Y-%m-%d\")\nme = apis.todoist.show_account(access_token=td)[\"email\"]\nprojects = all_pages(apis.todoist.show_projects, access_token=td)",
        logins(&[("td", "todoist"), ("ph", "phone")])
    );
    let gather = match g.variant {
        1 => {
            "moves = []\nfor p in projects:\n    if p[\"is_inbox\"]:\n        moves += flat(apis.todoist.show_tasks(access_token=td, project_id=p[\"project_id\"], overdue=True, is_completed=False))\n    else:\n        moves += flat(apis.todoist.show_tasks(access_token=td, project_id=p[\"project_id\"], overdue=True, is_completed=False, assignee_email=me))"
        }
        2 => {
            "home = [p for p in projects if p[\"name\"] == \"Home\"][0]\nmoves = flat(apis.todoist.show_tasks(access_token=td, project_id=home[\"project_id\"], overdue=True, is_completed=False))"
        }
        _ => {
            "moves = flat(apis.todoist.show_tasks(access_token=td, project_id=0, overdue=True, is_completed=False))"
        }
    };
    let apply = if g.variant == 3 {
        "for t in moves:\n    apis.todoist.update_task(access_token=td, task_id=t[\"task_id\"], due_date=tomorrow if t[\"priority\"] == \"high\" else monday)\napis.supervisor.complete_task()"
    } else {
        "for t in moves:\n    apis.todoist.update_task(access_token=td, task_id=t[\"task_id\"], due_date=tomorrow)\napis.supervisor.complete_task()"
    };
    let gt = |gather: &str, apply: &str| vec![head.clone(), gather.to_string(), apply.to_string()];
    parts.ground_truth = gt(gather, apply);
    parts.wrong = vec![solution(
        "moves completed overdue tasks too",
        gt(&gather.replace(", is_completed=False", ""), apply),
    )];
    match g.variant {
        1 => {
            parts.wrong.push(solution(
                "moves every overdue task of the shared projects, whoever has it",
                gt(&gather.replace(", assignee_email=me", ""), apply),
            ));
            parts.wrong.push(solution(
                "moves the Inbox's only",
                gt(
                    &format!("{gather}\nmoves = [t for t in moves if t[\"assignee_id\"] is None]"),
                    apply,
                ),
            ));
            parts.wrong.push(solution(
                "moves tasks due today too",
                gt(
                    &gather.replace("overdue=True", "max_due_date=today.strftime(\"%Y-%m-%d\")"),
                    apply,
                ),
            ));
        }
        2 => {
            parts.wrong.push(solution(
                "moves only the tasks assigned to the supervisor",
                gt(
                    &gather.replace(
                        "is_completed=False)",
                        "is_completed=False, assignee_email=me)",
                    ),
                    apply,
                ),
            ));
            parts.wrong.push(solution(
                "moves them to the day after tomorrow",
                gt(
                    gather,
                    &apply.replace(
                        "due_date=tomorrow",
                        "due_date=(today + datetime.timedelta(days=2)).strftime(\"%Y-%m-%d\")",
                    ),
                ),
            ));
        }
        _ => {
            parts.wrong.push(solution(
                "moves them all to tomorrow",
                gt(
                    gather,
                    &apply.replace(" if t[\"priority\"] == \"high\" else monday", ""),
                ),
            ));
            parts.wrong.push(solution(
                "moves them all to next Monday",
                gt(
                    gather,
                    &apply.replace(
                        "tomorrow if t[\"priority\"] == \"high\" else monday",
                        "monday",
                    ),
                ),
            ));
        }
    }
    let variant = g.variant;
    let today = ymd(g.now.date());
    let (tm, mo) = (ymd(tomorrow), ymd(monday));
    // The new due date of a task as it was at the start, or None if it must not move.
    let target = {
        let (today, tm, mo) = (today.clone(), tm.clone(), mo.clone());
        move |ctx: &EvalCtx, t: &TodoRow| -> Option<String> {
            let overdue = !t.completed && t.due.as_deref().is_some_and(|d| d < today.as_str());
            let mine = t.assignee.is_some() && t.assignee == ctx.user_id("todoist");
            match variant {
                1 if overdue && (t.inbox || mine) => Some(tm.clone()),
                2 if overdue && t.project == "Home" => Some(tm.clone()),
                3 if overdue && t.inbox => Some(if t.priority == "high" {
                    tm.clone()
                } else {
                    mo.clone()
                }),
                _ => None,
            }
        }
    };
    let (t1, t2, t3) = (target.clone(), target.clone(), target.clone());
    let scope = match g.variant {
        1 => format!("every overdue open Inbox task and every one assigned to me is due {tm}"),
        2 => format!("every overdue open Home task is due {tm}"),
        _ => {
            format!("the overdue open Inbox tasks are due {tm} (high priority) or {mo} (the rest)")
        }
    };
    parts.checks = vec![
        Check::new(scope, move |ctx| {
            let now: Vec<TodoRow> = todo_rows(ctx, false);
            let mut n = 0;
            for t in todo_rows(ctx, true) {
                if let Some(want) = t1(ctx, &t) {
                    n += 1;
                    let got = now
                        .iter()
                        .find(|x| x.id == t.id)
                        .and_then(|x| x.due.clone());
                    if got.as_deref() != Some(want.as_str()) {
                        return Err(format!("\"{}\" is due {:?}, not {want}", t.title, got));
                    }
                }
            }
            if n == 0 {
                Err("no overdue task found".into())
            } else {
                Ok(())
            }
        }),
        Check::new("no other task's due date changed", move |ctx| {
            let start = todo_rows(ctx, true);
            for t in todo_rows(ctx, false) {
                let before = start.iter().find(|x| x.id == t.id);
                if let Some(b) = before
                    && t2(ctx, b).is_none()
                    && b.due != t.due
                {
                    return Err(format!("\"{}\" moved to {:?}", t.title, t.due));
                }
            }
            Ok(())
        }),
        Check::new("the moved tasks are still open", move |ctx| {
            let start = todo_rows(ctx, true);
            for t in todo_rows(ctx, false) {
                if start.iter().any(|b| b.id == t.id && t3(ctx, b).is_some()) && t.completed {
                    return Err(format!("\"{}\" was completed", t.title));
                }
            }
            Ok(())
        }),
        Check::new("no task was added or deleted", |ctx| {
            match ctx
                .diff
                .rows
                .iter()
                .find(|r| r.is("todoist", "tasks") && r.kind() != ChangeKind::Updated)
            {
                Some(r) => Err(r.describe()),
                None => Ok(()),
            }
        }),
    ];
    parts.allowed = vec![
        Allow::new("due dates of the supervisor's tasks", |ctx, r| {
            r.is("todoist", "tasks")
                && r.kind() == ChangeKind::Updated
                && r.changed_columns() == ["due_date"]
                && todo_rows(ctx, false).iter().any(|t| t.id == r.id)
        }),
        allow::todo_notifications(),
    ];
    parts
}

// ---- 8. which project has the most overdue tasks (question) ---------------------------------

/// "Which of my Todoist projects has the most overdue tasks?" The setup moves the base
/// world's open tasks out of the window (a designed start) and adds two projects of the
/// supervisor's (Garden makeover, Birthday party) and tasks in them, the Inbox and Home:
/// completed overdue ones (Birthday party would win counting them) and tasks due today (the
/// Inbox would win counting them). Variant 2: how many open tasks are overdue in all;
/// variant 3: which project has the most open tasks due by Sunday, overdue included (then
/// Birthday party wins; Garden makeover would win on overdue alone, the Inbox ignoring dates).
fn overdue_question(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| in_household(pop, p));
    let mate = housemates(g.population, &p)[0].clone();
    let today = g.now.date();
    let sunday = day(g, 3);
    // (project, offset in days from today, completed)
    let mut plan: Vec<(&str, i64, bool)> = Vec::new();
    let mut add = |proj: &'static str, days: &[i64], done: bool| {
        for d in days {
            plan.push((proj, *d, done));
        }
    };
    if g.variant == 3 {
        add("Garden makeover", &[-6, -4, -3, -1, 0], false);
        add("Garden makeover", &[12], false);
        add("Birthday party", &[-2, -1, 2, 2, 3, 3], false);
        add("Birthday party", &[-5, -3], true);
        add("Inbox", &[-2, -1, 0, 0], false);
        add("Inbox", &[6, 6, 7, 8], false);
        add("Home", &[-3], false);
    } else {
        add("Garden makeover", &[-7, -5, -3, -1], false);
        add("Garden makeover", &[0, 9], false);
        add("Birthday party", &[-6, -4, -2], false);
        add("Birthday party", &[-8, -5, -1], true);
        add("Inbox", &[-5, -2], false);
        add("Inbox", &[0, 0, 0, 0], false);
        add("Home", &[-4], false);
    }
    const TITLES: &[&str] = &[
        "Buy seeds",
        "Order invitations",
        "Pick a cake",
        "Rent a tiller",
        "Book the venue",
        "Call the nursery",
        "Make a playlist",
        "Buy balloons",
        "Build raised beds",
        "Send reminders",
        "Fix the hose",
        "Plan the menu",
        "Mulch the beds",
        "Buy candles",
        "Return the drill",
        "Pay the phone bill",
        "Sort the mail",
        "Book a haircut slot",
        "Check the gutters",
        "Renew the library card",
        "Prune the roses",
        "Wrap the gifts",
    ];
    let titles: Vec<String> = (0..plan.len())
        .map(|i| TITLES[i % TITLES.len()].to_string())
        .collect();
    let (instruction, answer, count): (&str, Answer, &str) = match g.variant {
        1 => (
            "Which of my Todoist projects has the most overdue tasks? Give me the project's name.",
            Answer::Text("Garden makeover".into()),
            "name",
        ),
        2 => (
            "How many of my Todoist tasks are overdue right now, across all my projects (the Inbox too)?",
            Answer::Number(10.0),
            "total",
        ),
        _ => (
            "Which of my Todoist projects has the most open tasks due by this Sunday, overdue ones included? Give me its name.",
            Answer::Text("Birthday party".into()),
            "name",
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["todoist", "phone"];
    parts.answer = Some(answer);
    let (sup, m, variant) = (p.clone(), mate.clone(), g.variant);
    parts.setup.push(step(move |s| {
        let before = if variant == 3 {
            sunday + Duration::days(1)
        } else {
            today
        };
        s.reschedule_open_tasks(&sup, before, today + Duration::days(12))?;
        let at = s.now - Duration::days(25);
        let garden = s.add_todo_project(
            &sup,
            "Garden makeover",
            "Veggie beds and a new lawn",
            &[],
            at,
        )?;
        let party = s.add_todo_project(
            &sup,
            "Birthday party",
            "The surprise party in June",
            &[],
            at,
        )?;
        let inbox = s.todo_project(&sup, "Inbox")?;
        let home = s.todo_project(&sup, "Home")?;
        for (i, (proj, days, done)) in plan.iter().enumerate() {
            let (pid, who) = match *proj {
                "Garden makeover" => (garden, None),
                "Birthday party" => (party, None),
                "Inbox" => (inbox, None),
                _ => (home, Some(&m)),
            };
            let prio = ["medium", "high", "low"][i % 3];
            s.add_todo_task(
                pid,
                None,
                &sup,
                &titles[i],
                Some(today + Duration::days(*days)),
                prio,
                *done,
                who,
                at,
            )?;
        }
        Ok(())
    }));
    let head = format!(
        "{}\n{FLAT}\n{TODAY}\nprojects = all_pages(apis.todoist.show_projects, access_token=td)",
        logins(&[("td", "todoist"), ("ph", "phone")])
    );
    let filter = if g.variant == 3 {
        "is_completed=False, max_due_date=(today + datetime.timedelta(days=6 - today.weekday())).strftime(\"%Y-%m-%d\")"
    } else {
        "is_completed=False, overdue=True"
    };
    let counts = |filter: &str| {
        format!(
            "counts = {{p[\"name\"]: len(flat(apis.todoist.show_tasks(access_token=td, project_id=p[\"project_id\"], {filter}))) for p in projects}}"
        )
    };
    let done = if count == "name" {
        "apis.supervisor.complete_task(answer=max(counts, key=counts.get))"
    } else {
        "apis.supervisor.complete_task(answer=sum(counts.values()))"
    };
    let gt = |filter: &str, done: &str| vec![head.clone(), counts(filter), done.to_string()];
    parts.ground_truth = gt(filter, done);
    parts.wrong = match g.variant {
        1 => vec![
            solution("counts completed tasks too", gt("overdue=True", done)),
            solution(
                "counts tasks due today too",
                gt(
                    "is_completed=False, max_due_date=today.strftime(\"%Y-%m-%d\")",
                    done,
                ),
            ),
        ],
        2 => vec![
            solution("counts completed tasks too", gt("overdue=True", done)),
            solution(
                "counts tasks due today too",
                gt(
                    "is_completed=False, max_due_date=today.strftime(\"%Y-%m-%d\")",
                    done,
                ),
            ),
            solution(
                "leaves the Inbox out",
                gt(
                    filter,
                    "apis.supervisor.complete_task(answer=sum(v for k, v in counts.items() if k != \"Inbox\"))",
                ),
            ),
        ],
        _ => vec![
            solution(
                "counts overdue tasks only",
                gt("is_completed=False, overdue=True", done),
            ),
            solution(
                "counts open tasks whatever their date",
                gt("is_completed=False", done),
            ),
        ],
    };
    parts
}

// ---- 9. tasks for the household from a note's checklist -------------------------------------

/// The Home project's tasks the supervisor added: (title, section name, due, assignee e-mail).
fn added_home_tasks(ctx: &EvalCtx) -> Vec<HomeTask> {
    added(ctx, "todoist", "tasks")
        .into_iter()
        .filter(|r| r.get("user_id").as_i64() == ctx.user_id("todoist"))
        .map(|r| {
            let q = |sql: &str, v: &Value| -> Option<String> {
                v.as_i64()
                    .and_then(|id| ctx.db.query_row_cached(sql, [id], |row| row.get(0)).ok())
            };
            (
                r.get("title").as_str().unwrap_or("").trim().to_string(),
                q(
                    "SELECT name FROM todoist.sections WHERE id = ?1",
                    r.get("section_id"),
                ),
                r.get("due_date")
                    .as_str()
                    .map(|d| d.chars().take(10).collect()),
                q(
                    "SELECT email FROM todoist.users WHERE id = ?1",
                    r.get("assignee_id"),
                ),
            )
        })
        .collect()
}

/// "Turn the unchecked items of my 'Saturday chores' note into tasks in the Chores section of
/// our Home project, due Saturday, assigned to the person in brackets." A near-miss note
/// (Sunday chores) is there too. Variant 2: items under headings go to the matching sections;
/// variant 3: the note names the housemates by the nicknames saved in the phone.
fn note_to_tasks(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| in_household(pop, p));
    let mates = housemates(g.population, &p);
    let a = mates[0].clone();
    let b = mates.get(1).cloned().unwrap_or_else(|| a.clone());
    let nicks = {
        let i = g.rng.range(0, NICKNAMES.len() as i64) as usize;
        [NICKNAMES[i], NICKNAMES[(i + 3) % NICKNAMES.len()]]
    };
    // Who an item names: 0 = A, 1 = B, 2 = me.
    let people = [a.clone(), b.clone(), p.clone()];
    let name_of = |who: usize| -> String {
        match (who, g.variant) {
            (2, _) => "me".to_string(),
            (w, 3) => nicks[if a.id == b.id { 0 } else { w }].to_string(),
            (w, _) => people[w].first_name.clone(),
        }
    };
    // (heading/section, title, who, checked)
    let (title, items, due, instruction): Checklist = match g.variant {
        1 => (
            "Saturday chores",
            vec![
                ("Chores", "Clean the gutters", 0, false),
                ("Chores", "Mow the lawn", 1, true),
                ("Chores", "Wash the car", 2, false),
                ("Chores", "Take the old paint to the recycling center", 1, false),
                ("Chores", "Fix the fence gate", 2, true),
                ("Chores", "Wipe down the patio furniture", 0, false),
            ],
            day(g, 2),
            "Turn the unchecked items of my \"Saturday chores\" note into tasks in the Chores section of our Home project in Todoist, due this Saturday, each assigned to the person in brackets (\"me\" is me).".to_string(),
        ),
        2 => (
            "House to-dos",
            vec![
                ("Repairs", "Fix the dripping shower head", 2, false),
                ("Repairs", "Replace the doorbell battery", 0, true),
                ("Shopping", "Buy light bulbs", 0, false),
                ("Shopping", "Get a new doormat", 1, false),
                ("Chores", "Defrost the freezer", 1, false),
                ("Chores", "Clean the windows", 2, true),
            ],
            day(g, 8),
            "Add the unchecked items of my \"House to-dos\" note to our Home project in Todoist, each in the section of its heading, due Friday next week, and assign each to the person in brackets (\"me\" is me).".to_string(),
        ),
        _ => (
            "Weekend jobs",
            vec![
                ("Chores", "Paint the bedroom wall", 0, false),
                ("Chores", "Assemble the bookshelf", 2, false),
                ("Chores", "Hang the new curtains", 1, false),
                ("Chores", "Clear out the garage", 0, true),
            ],
            day(g, 3),
            "Make a task in the Chores section of our Home project in Todoist for each unchecked line of my \"Weekend jobs\" note, due Sunday, assigned to the person in brackets. The names are the ones my phone has them under (\"me\" is me).".to_string(),
        ),
    };
    let mut content = format!("{title}\n");
    let mut heading = "";
    for (sec, t, who, done) in &items {
        if g.variant == 2 && *sec != heading {
            content.push_str(&format!("\n{sec}\n"));
            heading = sec;
        }
        content.push_str(&format!(
            "- [{}] {t} ({})\n",
            if *done { "x" } else { " " },
            name_of(*who)
        ));
    }
    let decoy = format!(
        "Sunday chores\n- [ ] Sweep the porch ({})\n- [ ] Change the bed sheets (me)\n",
        name_of(0)
    );
    let mut ours = vec![
        g.note(title, &content, &["home"], false, 2),
        g.note("Sunday chores", &decoy, &["home"], false, 9),
    ];
    ours.push(g.note(
        "Paint colours",
        "Living room: sage green\nBedroom: warm white",
        &["home"],
        false,
        30,
    ));
    let filler = g.filler(&p, 6, &["home"], &[title, "Sunday chores"]);
    let mut parts = Parts::new(&p, instruction);
    parts.notes = Some(super::mix(&mut g.rng, filler, ours));
    parts.apps = vec!["simple_note", "todoist", "phone"];
    if g.variant == 3 {
        let sup = p.clone();
        let labels = |o: &Person| -> Vec<&'static str> {
            let mut v: Vec<&'static str> = pop
                .relations_of(p.id)
                .iter()
                .filter(|(_, id)| *id == o.id)
                .map(|(r, _)| match r {
                    Relation::Wife => "wife",
                    Relation::Husband => "husband",
                    Relation::Child => "child",
                    Relation::Parent => "parent",
                    Relation::Sibling => "sibling",
                    Relation::Roommate => "roommate",
                    Relation::Manager => "manager",
                    Relation::Coworker => "coworker",
                    Relation::Friend => "friend",
                })
                .collect();
            v.sort_by_key(|l| if *l == "friend" { 1 } else { 0 });
            v
        };
        let renames: Vec<(Person, &str, Vec<&'static str>)> = if a.id == b.id {
            vec![(a.clone(), nicks[0], labels(&a))]
        } else {
            vec![
                (a.clone(), nicks[0], labels(&a)),
                (b.clone(), nicks[1], labels(&b)),
            ]
        };
        parts.setup.push(step(move |s| {
            for (o, nick, labels) in &renames {
                s.relabel_contact(&sup, o, nick, labels)?;
            }
            Ok(())
        }));
    }

    let head = format!(
        "{}\n{TODAY}",
        logins(&[("sn", "simple_note"), ("td", "todoist"), ("ph", "phone")])
    );
    let read = format!(
        "notes = all_pages(apis.simple_note.search_notes, access_token=sn, query={t})\nnote = [n for n in notes if n[\"title\"] == {t}][0]\ncontent = apis.simple_note.show_note(access_token=sn, note_id=note[\"note_id\"])[\"content\"]\nitems, heading = [], None\nfor line in content.splitlines():\n    m = re.match(r\"- \\[( |x)\\] (.*) \\((.*)\\)$\", line.strip())\n    if m and m.group(1) == \" \":\n        items.append((heading, m.group(2), m.group(3)))\n    elif line.strip() and not line.startswith(\"-\"):\n        heading = line.strip()",
        t = py(title)
    );
    let people_py = if g.variant == 3 {
        "contacts = all_pages(apis.phone.search_contacts, access_token=ph)\nwho = {c[\"first_name\"]: c[\"email\"] for c in contacts}"
    } else {
        "who = {c[\"name\"].split(\" \")[0]: c[\"email\"] for c in home[\"collaborators\"]}"
    };
    let due_py = match g.variant {
        1 => {
            "due = (today + datetime.timedelta(days=(5 - today.weekday()) % 7)).strftime(\"%Y-%m-%d\")"
        }
        2 => {
            "due = (today + datetime.timedelta(days=(4 - today.weekday()) % 7 + 7)).strftime(\"%Y-%m-%d\")"
        }
        _ => {
            "due = (today + datetime.timedelta(days=(6 - today.weekday()) % 7)).strftime(\"%Y-%m-%d\")"
        }
    };
    let section_py = if g.variant == 2 {
        "sections[heading]"
    } else {
        "sections[\"Chores\"]"
    };
    let home_py = format!(
        "home = [p for p in all_pages(apis.todoist.show_projects, access_token=td) if p[\"name\"] == \"Home\"][0]\nsections = {{s[\"name\"]: s[\"id\"] for s in home[\"sections\"] if s[\"name\"]}}\n{people_py}\nwho[\"me\"] = profile[\"email\"]\n{due_py}"
    );
    let create = |section: &str, assign: &str| {
        format!(
            "for heading, title, name in items:\n    task = apis.todoist.create_task(access_token=td, project_id=home[\"project_id\"], section_id={section}, title=title, due_date=due)\n{assign}apis.supervisor.complete_task()"
        )
    };
    let assign = "    apis.todoist.assign_or_unassign_task(access_token=td, task_id=task[\"task_id\"], assignee_email=who[name])\n";
    let gt = |read: &str, home_py: &str, create: String| {
        vec![head.clone(), read.to_string(), home_py.to_string(), create]
    };
    parts.ground_truth = gt(&read, &home_py, create(section_py, assign));
    parts.wrong = vec![
        solution(
            "adds the checked items too",
            gt(
                &read.replace("if m and m.group(1) == \" \":", "if m:"),
                &home_py,
                create(section_py, assign),
            ),
        ),
        solution(
            "leaves the tasks unassigned",
            gt(&read, &home_py, create(section_py, "")),
        ),
        solution(
            "puts them in no section",
            gt(&read, &home_py, create("None", assign)),
        ),
        solution(
            "uses the wrong due date (a day late)",
            gt(
                &read,
                &format!(
                    "{home_py}\ndue = (datetime.datetime.strptime(due, \"%Y-%m-%d\") + datetime.timedelta(days=1)).strftime(\"%Y-%m-%d\")"
                ),
                create(section_py, assign),
            ),
        ),
    ];
    if g.variant == 3 {
        parts.wrong.push(solution(
            "assigns everything to the supervisor (names not matched)",
            gt(
                &read,
                &home_py,
                create(section_py, &assign.replace("who[name]", "who[\"me\"]")),
            ),
        ));
    }

    let want: Vec<(String, String, String)> = items
        .iter()
        .filter(|i| !i.3)
        .map(|(sec, t, who, _)| (t.to_string(), sec.to_string(), people[*who].email.clone()))
        .collect();
    let due_s = ymd(due);
    let titles: Vec<String> = want.iter().map(|w| w.0.clone()).collect();
    let find = |ctx: &EvalCtx, t: &str| {
        added_home_tasks(ctx)
            .into_iter()
            .find(|x| crate::eval::normalize_text(&x.0) == crate::eval::normalize_text(t))
    };
    let (w1, w2, w3, w4, w5) = (
        want.clone(),
        want.clone(),
        want.clone(),
        want.clone(),
        want.clone(),
    );
    parts.checks = vec![
        Check::new(
            format!("a Home task for each unchecked item: {}", titles.join("; ")),
            move |ctx| match w1.iter().find(|w| find(ctx, &w.0).is_none()) {
                Some(w) => Err(format!("no task \"{}\"", w.0)),
                None => Ok(()),
            },
        ),
        Check::new(
            format!(
                "each is in its section ({})",
                w2.iter()
                    .map(|w| format!("{}: {}", w.0, w.1))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
            move |ctx| {
                for w in &w2 {
                    if let Some(t) = find(ctx, &w.0)
                        && t.1.as_deref() != Some(w.1.as_str())
                    {
                        return Err(format!("\"{}\" is in section {:?}", w.0, t.1));
                    }
                }
                Ok(())
            },
        ),
        Check::new(format!("each is due {due_s}"), move |ctx| {
            for w in &w3 {
                if let Some(t) = find(ctx, &w.0)
                    && t.2.as_deref() != Some(due_s.as_str())
                {
                    return Err(format!("\"{}\" is due {:?}", w.0, t.2));
                }
            }
            Ok(())
        }),
        Check::new(
            format!(
                "each is assigned to the person named ({})",
                w4.iter()
                    .map(|w| format!("{}: {}", w.0, w.2))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
            move |ctx| {
                for w in &w4 {
                    if let Some(t) = find(ctx, &w.0)
                        && t.3.as_deref() != Some(w.2.as_str())
                    {
                        return Err(format!("\"{}\" is assigned to {:?}", w.0, t.3));
                    }
                }
                Ok(())
            },
        ),
        Check::new(
            "no other task was added (none for the checked items)",
            move |ctx| {
                let norm = crate::eval::normalize_text;
                match added_home_tasks(ctx)
                    .iter()
                    .find(|t| !w5.iter().any(|w| norm(&w.0) == norm(&t.0)))
                {
                    Some(t) => Err(format!("a task \"{}\" was added", t.0)),
                    None => Ok(()),
                }
            },
        ),
    ];
    parts.allowed = vec![
        allow_added(
            "tasks added to the Home project",
            "todoist",
            "tasks",
            |ctx, r| {
                r.get("user_id").as_i64() == ctx.user_id("todoist")
                    && r.get("project_id").as_i64().is_some_and(|pid| {
                        ctx.db
                            .query_row_cached(
                                "SELECT name FROM todoist.projects WHERE id = ?1",
                                [pid],
                                |row| row.get::<_, String>(0),
                            )
                            .ok()
                            .as_deref()
                            == Some("Home")
                    })
            },
        ),
        allow::todo_notifications(),
    ];
    parts
}

// ---- 10. text each housemate their Home tasks -----------------------------------------------

/// "Text each person I live with the open Home tasks assigned to them that are due by
/// Sunday." The setup adds tasks for the housemates (some later, some done) and one for the
/// supervisor (not to be texted); what is due is read from the world at evaluation, and a
/// housemate with nothing due gets no text. Variant 2: the overdue ones; variant 3: the
/// high-priority ones, whatever their date.
fn text_home_tasks(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.residences
            .iter()
            .any(|r| r.residents.len() >= 3 && r.residents.contains(&p.id))
    });
    let mates = housemates(g.population, &p);
    let today = g.now.date();
    let sunday = day(g, 3);
    let instruction = match g.variant {
        1 => {
            "Text each person I live with the titles of the open tasks assigned to them in our Home project in Todoist that are due by this Sunday (overdue ones too). Skip anyone who has none."
        }
        2 => {
            "Some tasks in our Home project in Todoist are overdue. Text each person I live with the titles of the overdue open tasks assigned to them; skip anyone who has none."
        }
        _ => {
            "Text each person I live with the titles of the open high-priority tasks assigned to them in our Home project in Todoist, whatever their due date. Skip anyone who has none."
        }
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["todoist", "phone"];
    let (sup, a, b) = (p.clone(), mates[0].clone(), mates[1].clone());
    parts.setup.push(step(move |s| {
        let home = s.todo_project(&sup, "Home")?;
        // The second housemate has done all of theirs.
        s.execute(
            "UPDATE todoist.tasks SET is_completed = 1 WHERE project_id = ?1 AND assignee_id = ?2",
            rusqlite::params![home, s.user_id("todoist", &b)?],
        )?;
        let chores = s.todo_section(home, "Chores")?;
        let shopping = s.todo_section(home, "Shopping")?;
        let at = s.now - Duration::days(6);
        let d = |n: i64| Some(today + Duration::days(n));
        for (sec, title, due, prio, done, who) in [
            (chores, "Take the bins out", d(1), "high", false, &a),
            (chores, "Clean the fridge", d(3), "medium", false, &a),
            (chores, "Mop the kitchen floor", d(10), "high", false, &a),
            (chores, "Dust the bookshelves", d(-2), "low", false, &a),
            (chores, "Water the balcony plants", d(-3), "high", true, &a),
            (
                shopping,
                "Buy laundry detergent",
                d(-1),
                "high",
                false,
                &sup,
            ),
            (
                shopping,
                "Pick up the dry cleaning",
                d(2),
                "medium",
                false,
                &sup,
            ),
        ] {
            s.add_todo_task(home, Some(sec), &sup, title, due, prio, done, Some(who), at)?;
        }
        Ok(())
    }));
    let filter = match g.variant {
        1 => {
            "is_completed=False, max_due_date=(today + datetime.timedelta(days=6 - today.weekday())).strftime(\"%Y-%m-%d\")"
        }
        2 => "is_completed=False, overdue=True",
        _ => "is_completed=False, priority=\"high\"",
    };
    let head = format!(
        "{}\n{FLAT}\n{TODAY}",
        logins(&[("td", "todoist"), ("ph", "phone")])
    );
    let find = "home = [p for p in all_pages(apis.todoist.show_projects, access_token=td) if p[\"name\"] == \"Home\"][0]\nphones = {c[\"email\"]: c[\"phone_number\"] for c in all_pages(apis.phone.search_contacts, access_token=ph)}";
    let send = |filter: &str, skip_me: bool| {
        format!(
            "for c in home[\"collaborators\"]:\n    if {}:\n        continue\n    titles = [t[\"title\"] for t in flat(apis.todoist.show_tasks(access_token=td, project_id=home[\"project_id\"], assignee_email=c[\"email\"], {filter}))]\n    if titles:\n        apis.phone.send_text_message(access_token=ph, phone_number=phones[c[\"email\"]], message=\"Your Home tasks: \" + \", \".join(titles))\napis.supervisor.complete_task()",
            if skip_me {
                "c[\"email\"] == profile[\"email\"]"
            } else {
                "c[\"email\"] not in phones"
            }
        )
    };
    let gt =
        |filter: &str, skip_me: bool| vec![head.clone(), find.to_string(), send(filter, skip_me)];
    parts.ground_truth = gt(filter, true);
    parts.wrong = vec![
        solution(
            "includes completed tasks",
            gt(&filter.replace("is_completed=False, ", ""), true),
        ),
        solution(
            "texts every housemate, even with nothing to do",
            vec![
                head.clone(),
                find.to_string(),
                send(filter, true)
                    .replace("    if titles:\n        apis", "    if True:\n        apis"),
            ],
        ),
    ];
    match g.variant {
        1 => parts.wrong.push(solution(
            "leaves out the overdue ones",
            gt(&format!("{filter}, min_due_date=today.strftime(\"%Y-%m-%d\")"), true),
        )),
        2 => parts.wrong.push(solution(
            "sends what is due by Sunday instead",
            gt("is_completed=False, max_due_date=(today + datetime.timedelta(days=6 - today.weekday())).strftime(\"%Y-%m-%d\")", true),
        )),
        _ => parts.wrong.push(solution("sends every open task", gt("is_completed=False", true))),
    }
    let variant = g.variant;
    let (today_s, sunday_s) = (ymd(today), ymd(sunday));
    // Does a Home task (now) qualify?
    let fits = move |t: &TodoRow| -> bool {
        t.project == "Home"
            && !t.completed
            && match variant {
                1 => t.due.as_deref().is_some_and(|d| d <= sunday_s.as_str()),
                2 => t.due.as_deref().is_some_and(|d| d < today_s.as_str()),
                _ => t.priority == "high",
            }
    };
    let mates_c = mates.clone();
    // Each housemate with their qualifying titles, and the other Home titles.
    let expected = move |ctx: &EvalCtx| -> Vec<(Person, Vec<String>, Vec<String>)> {
        let rows = todo_rows(ctx, false);
        mates_c
            .iter()
            .map(|m| {
                let uid: Option<i64> = ctx
                    .db
                    .query_row_cached(
                        "SELECT id FROM todoist.users WHERE email = ?1",
                        [&m.email],
                        |r| r.get(0),
                    )
                    .ok();
                let (yes, no): (Vec<&TodoRow>, Vec<&TodoRow>) = rows
                    .iter()
                    .filter(|t| t.project == "Home")
                    .partition(|t| t.assignee == uid && fits(t));
                (
                    m.clone(),
                    yes.iter().map(|t| t.title.clone()).collect(),
                    no.iter().map(|t| t.title.clone()).collect(),
                )
            })
            .collect()
    };
    let (e1, e2, e3) = (expected.clone(), expected.clone(), expected);
    let what = match g.variant {
        1 => "open Home tasks due by Sunday",
        2 => "overdue open Home tasks",
        _ => "open high-priority Home tasks",
    };
    parts.checks = vec![
        Check::new(
            format!("each housemate with {what} got a text listing all of them"),
            move |ctx| {
                let texts = sent_texts(ctx);
                let mut n = 0;
                for (m, yes, _) in e1(ctx).iter().filter(|e| !e.1.is_empty()) {
                    n += 1;
                    let id = phone_id(ctx.db, &m.phone_number).unwrap_or(-1);
                    let mine: Vec<&String> =
                        texts.iter().filter(|t| t.0 == id).map(|t| &t.1).collect();
                    if mine.is_empty() {
                        return Err(format!("no text to {}", m.first_name));
                    }
                    if let Some(t) = yes.iter().find(|t| !mine.iter().any(|x| holds(x, t))) {
                        return Err(format!("{}'s text lacks \"{t}\"", m.first_name));
                    }
                }
                if n == 0 {
                    Err("nobody has such tasks".into())
                } else {
                    Ok(())
                }
            },
        ),
        Check::new(
            "no text lists a task that isn't theirs or doesn't qualify",
            move |ctx| {
                let texts = sent_texts(ctx);
                for (m, yes, no) in e2(ctx) {
                    let id = phone_id(ctx.db, &m.phone_number).unwrap_or(-1);
                    for (_, x) in texts.iter().filter(|t| t.0 == id) {
                        if let Some(t) = no
                            .iter()
                            .find(|t| holds(x, t) && !yes.iter().any(|y| holds(y, t)))
                        {
                            return Err(format!("{}'s text lists \"{t}\"", m.first_name));
                        }
                    }
                }
                Ok(())
            },
        ),
        Check::new(
            "nobody else got a text (not me, nor a housemate with nothing to do)",
            move |ctx| {
                let ok: Vec<i64> = e3(ctx)
                    .iter()
                    .filter(|e| !e.1.is_empty())
                    .filter_map(|e| phone_id(ctx.db, &e.0.phone_number))
                    .collect();
                match sent_texts(ctx).iter().find(|t| !ok.contains(&t.0)) {
                    Some(t) => Err(format!("phone user {} got \"{}\"", t.0, t.1)),
                    None => Ok(()),
                }
            },
        ),
        Check::new("one text per person", |ctx| {
            let mut to: Vec<i64> = sent_texts(ctx).iter().map(|t| t.0).collect();
            let n = to.len();
            to.sort_unstable();
            to.dedup();
            if to.len() == n {
                Ok(())
            } else {
                Err("someone got two texts".into())
            }
        }),
    ];
    parts.allowed = allow::texts_sent();
    parts
}
