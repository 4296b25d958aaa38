//! "Send my manager one e-mail with every file {nick} e-mailed me this month attached." The
//! coworker is saved under a nickname; April's file and another coworker's file stay out, and
//! e-mails without files are in between. Variant 2 asks for the spreadsheets only (any month);
//! variant 3 has a file of the same name already in ~/downloads.

use super::{allow_downloads, boss_and_coworkers};
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::gmail::{Sent, attachment_names, gmail_id, mail_only_to, sent_mail};
use crate::kit::people::NICKNAMES;
use crate::kit::people::full;
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::Duration;

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    boss: Person,
    /// The nicknamed coworker whose files to send, and another coworker.
    cw: Person,
    other: Person,
    nick: &'static str,
    mails: Vec<CoworkerMail>,
    /// The files to attach.
    expected: Vec<&'static str>,
    /// Every file of the designed e-mails.
    all_files: Vec<&'static str>,
    subject: String,
    variant: u8,
}

impl Design for Values {
    const APPS: &[&str] = &["gmail", "phone", "file_system"];
    const SCRIPT: &str = include_str!("files_to_manager.py");

    /// Draws the variant's values and its instruction.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let (p, boss, cws) = boss_and_coworkers(g);
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
        let v = Values {
            supervisor: p,
            boss,
            cw,
            other,
            nick,
            mails,
            expected,
            all_files,
            subject,
            variant: g.variant,
        };
        Drawing::from(v).instruction(instruction)
    }

    /// The coworkers' e-mails, the nickname, and variant 3's older file of the same name.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let mut last = None;
            for (days, mine, subject, files) in &v.mails {
                let files: Vec<(&str, &str)> =
                    files.iter().map(|(n, c)| (*n, c.as_str())).collect();
                let from = if *mine { &v.cw } else { &v.other };
                let id = s.add_email(
                    &from.email,
                    &[&v.supervisor.email],
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
            s.relabel_contact(&v.supervisor, &v.cw, v.nick, &["coworker"])?;
            if v.variant == 3 {
                s.add_file(
                    &v.supervisor,
                    "~/downloads/client_call_notes.docx",
                    "Client call (last year)\n- Renewal discussed",
                    s.now - Duration::days(200),
                )?;
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let (nick, subject, variant) = (v.nick, &v.subject, v.variant);
        let this_month = "today.replace(day=1).strftime(\"%Y-%m-%d\")";
        let since = if variant == 2 {
            "\"1500-01-01\""
        } else {
            this_month
        };
        let keep = if variant == 2 {
            "a[\"file_name\"].endswith((\".csv\", \".xlsx\"))"
        } else {
            "True"
        };
        let vals = |since: &str| {
            Vals::new()
                .lit("nick", nick)
                .code("since", since)
                .code("keep", keep)
                .lit("subject", subject)
        };
        let right = vals(since);
        let cells = |names: &[&str], vals: &Vals| script.cells(names, vals);
        let ground_truth = cells(&["logins", "who", "collect", "save", "send"], &right);
        let mut wrong = vec![
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
        if variant == 2 {
            wrong.push(solution(
                "only looks at this month's e-mails",
                cells(
                    &["logins", "who", "collect", "save", "send"],
                    &vals(this_month),
                ),
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let boss = &v.boss;
        let mut checks = vec![
            v.check(
                format!("one e-mail to {} (the manager)", full(boss)),
                |v, ctx| match to_boss(ctx, &v.boss.email).len() {
                    1 => Ok(()),
                    n => Err(format!("{n} e-mails")),
                },
            ),
            v.check(
                format!("its subject is \"{}\"", v.subject),
                |v, ctx| match to_boss(ctx, &v.boss.email).first() {
                    Some(s) if s.subject.trim() == v.subject => Ok(()),
                    Some(s) => Err(format!("\"{}\"", s.subject)),
                    None => Err("no e-mail".into()),
                },
            ),
        ];
        checks.extend(v.expected.iter().map(|f| attached(&boss.email, f)));
        checks.push(v.check(
            format!("none of {} is attached", wrong_files(v).join(", ")),
            |v, ctx| {
                let wrong_files = wrong_files(v);
                for s in to_boss(ctx, &v.boss.email) {
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
        checks.push(v.check(
            format!("nobody but {} got an e-mail", full(boss)),
            |v, ctx| mail_only_to(ctx, &[gmail_id(ctx, &v.boss.email).unwrap_or(-1)]),
        ));
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow::mail_sent();
        allowed.push(allow_downloads());
        allowed
    }
}

/// The e-mails the supervisor sent to `boss` (an e-mail address).
fn to_boss(ctx: &EvalCtx, boss: &str) -> Vec<Sent> {
    let id = gmail_id(ctx, boss).unwrap_or(-1);
    sent_mail(ctx)
        .into_iter()
        .filter(|s| s.to.contains(&id))
        .collect()
}

/// A check that file `f` is attached to an e-mail to `boss` (an e-mail address).
fn attached(boss: &str, f: &str) -> Check {
    let (be, f2) = (boss.to_string(), f.to_string());
    Check::new(format!("{f} is attached"), move |ctx| {
        if to_boss(ctx, &be)
            .iter()
            .any(|s| attachment_names(ctx, s.id).contains(&f2))
        {
            Ok(())
        } else {
            Err("not attached".into())
        }
    })
}

/// The files that must not be attached.
fn wrong_files(v: &Values) -> Vec<String> {
    v.all_files
        .iter()
        .filter(|f| !v.expected.contains(f))
        .map(|f| f.to_string())
        .collect()
}

/// One designed e-mail of a coworker: (days ago, from the nicknamed coworker?, subject, files).
type CoworkerMail = (i64, bool, &'static str, Vec<(&'static str, String)>);
