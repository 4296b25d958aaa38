//! "Send my manager one e-mail with every file {nick} e-mailed me this month attached." The
//! coworker is saved under a nickname; April's file and another coworker's file stay out, and
//! e-mails without files are in between. Variant 2 asks for the spreadsheets only (any month);
//! variant 3 has a file of the same name already in ~/downloads.

use super::{Sent, attachment_names, has_n, sent_mail};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::gmail::gmail_id;
use crate::kit::people::NICKNAMES;
use crate::kit::people::full;
use crate::kit::people::related_any;
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::{Allow, Check};
use crate::scenarios::{Gen, Parts, step};
use apps::people::Relation;
use chrono::Duration;

pub(super) fn build(g: &mut Gen) -> Parts {
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
    let script = Script::parse(include_str!("files_to_manager.py"));
    let this_month = "today.replace(day=1).strftime(\"%Y-%m-%d\")";
    let since = if g.variant == 2 {
        "\"1500-01-01\""
    } else {
        this_month
    };
    let keep = if g.variant == 2 {
        "a[\"file_name\"].endswith((\".csv\", \".xlsx\"))"
    } else {
        "True"
    };
    let vals = |since: &str| {
        Vals::new()
            .lit("nick", nick)
            .code("since", since)
            .code("keep", keep)
            .lit("subject", &subject)
    };
    let right = vals(since);
    let cells = |names: &[&str], vals: &Vals| script.cells(names, vals);
    parts.ground_truth = cells(&["logins", "who", "collect", "save", "send"], &right);
    parts.wrong = vec![
        solution(
            "sends the files of every e-mail from the coworker, older ones too",
            cells(&["logins", "who", "collect_all", "save", "send"], &right),
        ),
        solution(
            "takes the files of every coworker",
            cells(
                &[
                    "logins",
                    "who_then_anyone",
                    "collect_from_anyone",
                    "save",
                    "send",
                ],
                &right,
            ),
        ),
        solution(
            "sends the e-mail to the coworker instead of the manager",
            cells(
                &["logins", "who", "collect", "save", "send_to_coworker"],
                &right,
            ),
        ),
    ];
    if g.variant == 2 {
        parts.wrong.push(solution(
            "only looks at this month's e-mails",
            cells(
                &["logins", "who", "collect", "save", "send"],
                &vals(this_month),
            ),
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

/// One designed e-mail of a coworker: (days ago, from the nicknamed coworker?, subject, files).
type CoworkerMail = (i64, bool, &'static str, Vec<(&'static str, String)>);
