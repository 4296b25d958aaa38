//! "Reply to every unread e-mail from my manager with B." The manager's older e-mails are read;
//! the setup adds six unread ones (one a reply in a thread the supervisor started, so the
//! thread is older than the e-mail), a read one, and a colleague's unread one. Variant 2: only
//! this week's, marking them read (the reply in the old thread counts: it came this week);
//! variant 3: only those with attachments, starring them.

use super::{TODAY, has_n, refers_to};
use crate::diff::{ChangeKind, RowChange};
use crate::eval::EvalCtx;
use crate::kit::gmail::{FOLLOW, email_ids, gmail_id, is_mine, received, sent_mail, thread_of};
use crate::kit::people::related;
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::Duration;

const VACATION: &str = "Vacation request: June 12-16";

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    boss: Person,
    /// The coworker who sends the one unread e-mail not from the manager.
    mate: Person,
    mails: Vec<ManagerMail<'static>>,
    /// The reply's text.
    body: &'static str,
    /// The subjects of the e-mails to answer.
    targets: Vec<String>,
}

impl Design for Values {
    const APPS: &[&str] = &["gmail", "phone"];
    const SCRIPT: &str = include_str!("reply_manager.py");

    /// The people, the e-mails and what to answer.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| {
            has_n(pop, p, Relation::Manager, 1) && has_n(pop, p, Relation::Coworker, 1)
        });
        let boss = related(g.population, &p, Relation::Manager)[0].clone();
        let mate = related(g.population, &p, Relation::Coworker)[0].clone();
        let k = g.rng.range(2, 6);
        let mails = manager_mails(k);
        let (instruction, body, targets) = ask(g.variant);
        Drawing::from(Values {
            variant: g.variant,
            supervisor: p,
            boss,
            mate,
            mails,
            body,
            targets: targets.iter().map(|s| s.to_string()).collect(),
        })
        .instruction(instruction)
    }

    /// The manager's e-mails, the supervisor's vacation request and the manager's answer.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            s.mark_mail_read_from(&v.supervisor, &v.boss.email, s.now - Duration::days(800))?;
            for (hours, from_boss, subject, text, file, read) in &v.mails {
                let from = if *from_boss {
                    &v.boss.email
                } else {
                    &v.mate.email
                };
                let files: Vec<(&str, &str)> = file.iter().map(|(n, c)| (*n, c.as_str())).collect();
                let id = s.add_email(
                    from,
                    &[&v.supervisor.email],
                    subject,
                    text,
                    &files,
                    None,
                    s.now - Duration::hours(*hours) - Duration::minutes(13 * hours % 50),
                )?;
                if *read {
                    s.set_mail_flags(&v.supervisor, id, true, false, None)?;
                }
            }
            let asked = s.add_email(
                &v.supervisor.email,
                &[&v.boss.email],
                VACATION,
                "Hi,\n\nI'd like to take June 12-16 off. The client calls that week can move to the week after.\n\nThanks",
                &[],
                None,
                s.now - Duration::days(8) - Duration::hours(3),
            )?;
            let answer = s.add_email(
                &v.boss.email,
                &[&v.supervisor.email],
                &format!("Re: {VACATION}"),
                "Approved, enjoy the time off! Please hand your client calls to the team before you go.",
                &[],
                Some(asked),
                s.now - Duration::hours(4),
            )?;
            s.set_mail_flags(&v.supervisor, answer, false, false, None)
                .map(|_| ())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let cell = |name: &str| script.cell(name, &none);
        let head = script.cell("head", &Vals::new().code("today", TODAY));
        let list = cell("list_unread");
        let answer = match v.variant {
            1 => "reply_to_each",
            2 => "reply_this_week_and_mark_read",
            _ => "reply_with_attachments_and_star",
        };
        let reply = |list: &str, answer: &str, body: &str| {
            vec![
                head.clone(),
                cell("boss"),
                list.to_string(),
                script.cell(answer, &Vals::new().lit("body", body)),
            ]
        };
        let ground_truth = reply(&list, answer, v.body);
        let mut wrong = vec![
            solution(
                "replies to every e-mail from the manager, read or not",
                reply(&cell("list_all"), answer, v.body),
            ),
            solution("writes another reply", reply(&list, answer, "Thanks!")),
        ];
        match v.variant {
            1 => wrong.push(solution(
                "answers only the first page of unread threads",
                reply(&cell("list_first_page"), answer, v.body),
            )),
            2 => {
                wrong.push(solution(
                    "filters threads by start date, missing the reply in an older thread",
                    reply(
                        &format!("{list}\n{}", cell("started_this_week")),
                        answer,
                        v.body,
                    ),
                ));
                wrong.push(solution(
                    "does not mark the threads read",
                    reply(&list, "reply_this_week", v.body),
                ));
            }
            _ => {
                wrong.push(solution(
                    "replies to every unread one, attachment or not",
                    reply(&list, "reply_and_star", v.body),
                ));
                wrong.push(solution(
                    "does not star the threads",
                    reply(&list, "reply_with_attachments", v.body),
                ));
            }
        }
        (ground_truth, wrong)
    }

    /// The replies (and, variants 2 and 3, the threads' flags).
    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = vec![
            v.check(
                format!("a reply to each of: {}", v.targets.join("; ")),
                |v, ctx| {
                    let found = find(v, ctx);
                    if found.len() != v.targets.len() {
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
                },
            ),
            v.check(
                format!(
                    "the replies go to {} {} only",
                    v.boss.first_name, v.boss.last_name
                ),
                |v, ctx| {
                    let b = gmail_id(ctx, &v.boss.email);
                    match sent_mail(ctx)
                        .iter()
                        .find(|s| s.to.iter().any(|r| Some(*r) != b))
                    {
                        Some(s) => Err(format!("\"{}\" went to {:?}", s.subject, s.to)),
                        None => Ok(()),
                    }
                },
            ),
            v.check(format!("each reply says \"{}\"", v.body), |v, ctx| {
                let norm = |s: &str| crate::eval::normalize_text(s);
                match sent_mail(ctx)
                    .iter()
                    .find(|s| norm(&s.body) != norm(v.body))
                {
                    Some(s) => Err(format!("a reply says {:?}", s.body)),
                    None => Ok(()),
                }
            }),
            v.check("no other e-mail was answered", |v, ctx| {
                let found = find(v, ctx);
                match sent_mail(ctx)
                    .iter()
                    .find(|s| !found.iter().any(|(id, subj)| refers_to(s, *id, subj)))
                {
                    Some(s) => Err(format!("\"{}\" was sent", s.subject)),
                    None => Ok(()),
                }
            }),
        ];
        if v.variant != 1 {
            let (_, word) = flag(v.variant);
            checks.push(
                v.check(format!("those threads are marked {word}"), |v, ctx| {
                    let (flag, _) = flag(v.variant);
                    for (id, subj) in find(v, ctx) {
                        let (read, starred) = thread_of(ctx, id)
                            .map(|t| (t.read, t.starred))
                            .unwrap_or_default();
                        if !(if flag[0] == "read" { read } else { starred }) {
                            return Err(format!("the thread of \"{subj}\" is not {}", flag[0]));
                        }
                    }
                    Ok(())
                }),
            );
        }
        checks
    }

    /// Sending the replies (and, variants 2 and 3, flagging the threads).
    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow::mail_sent();
        if v.variant != 1 {
            let (_, word) = flag(v.variant);
            allowed.push(
                v.allow(format!("marking those threads {word}"), |v, ctx, r| {
                    thread_flag_update(ctx, r, flag(v.variant).0, || {
                        find(v, ctx).iter().map(|(id, _)| *id).collect()
                    })
                }),
            );
        }
        allowed
    }
}

/// The e-mails of the inbox: (hours ago, from the manager?, subject, body, attachment, read).
fn manager_mails(k: i64) -> Vec<ManagerMail<'static>> {
    vec![
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
    ]
}

/// The variant's instruction, the reply's text and the subjects of the e-mails to answer.
fn ask(variant: u8) -> (String, &'static str, Vec<&'static str>) {
    match variant {
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
    }
}

/// The column a variant flags the threads with, and the word for it.
fn flag(variant: u8) -> (&'static [&'static str], &'static str) {
    if variant == 2 {
        (&["read"], "read")
    } else {
        (&["starred"], "starred")
    }
}

/// The manager's e-mails to answer, as received: (id, subject).
fn find(v: &Values, ctx: &EvalCtx) -> Vec<(i64, String)> {
    v.targets
        .iter()
        .filter_map(|t| received(ctx, &v.boss.email, t).map(|id| (id, t.clone())))
        .collect()
}

/// A designed e-mail: (hours ago, from the manager?, subject, body, attachment, read).
type ManagerMail<'a> = (i64, bool, String, String, Option<(&'a str, String)>, bool);

/// Does thread copy `r` hold one of the e-mails `ids`?
fn thread_holds(r: &RowChange, ids: &[i64]) -> bool {
    email_ids(r).iter().any(|i| ids.contains(i))
}

/// Is `r` an update of one of the supervisor's thread copies holding one of the e-mails
/// `targets` finds, touching only `columns` (and what a reply in them changes)?
fn thread_flag_update(
    ctx: &EvalCtx,
    r: &RowChange,
    columns: &[&str],
    targets: impl FnOnce() -> Vec<i64>,
) -> bool {
    r.is("gmail", "user_email_threads")
        && r.kind() == ChangeKind::Updated
        && is_mine(ctx, r)
        && thread_holds(r, &targets())
        && r.changed_columns()
            .iter()
            .all(|c| columns.contains(&c.as_str()) || FOLLOW.contains(&c.as_str()))
}
