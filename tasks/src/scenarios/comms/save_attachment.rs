//! "My manager e-mailed me the final Q2 budget; save it under ~/documents/work/budget/." The
//! draft came earlier from the same person, a colleague's comments file is near it. Variant 2:
//! a friend (under a nickname in the phone) sent a chart and then a corrected one in the same
//! thread, to be saved under a given name; variant 3: every attachment the manager sent this
//! month (one e-mail with two files, an April one that must stay out).

use super::{TODAY, has_n};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::changes::{added_by, is_mine};
use crate::kit::files::end_files;
use crate::kit::gmail::sent_mail;
use crate::kit::people::{NICKNAMES, related};
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::Duration;

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The sender of the files (the manager; a friend in variant 2) and a coworker who sends
    /// a distractor.
    from: [Person; 2],
    /// The friend's nickname in the supervisor's phone (variant 2).
    nick: &'static str,
    plan: Plan,
}

/// A variant's e-mails and what they must leave in the file system.
struct Plan {
    instruction: String,
    mails: Vec<Mail>,
    /// The folder the files go in (`~/.../`).
    folder: &'static str,
    /// The files the supervisor must end up with: (`~/` path, content).
    expected: Vec<(String, String)>,
}

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

impl Design for Values {
    const APPS: &[&str] = &["gmail", "phone", "file_system"];
    const SCRIPT: &str = include_str!("save_attachment.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let rel = if g.variant == 2 {
            Relation::Friend
        } else {
            Relation::Manager
        };
        let p =
            g.supervisor_where(|p| has_n(pop, p, rel, 1) && has_n(pop, p, Relation::Coworker, 1));
        let sender = related(g.population, &p, rel)[0].clone();
        let bystander = related(g.population, &p, Relation::Coworker)
            .into_iter()
            .find(|c| c.id != sender.id)
            .unwrap_or_else(|| sender.clone());
        let nick = NICKNAMES[g.rng.range(0, NICKNAMES.len() as i64) as usize];
        let k = g.rng.range(2, 9);
        let plan = match g.variant {
            1 => budget_plan(k),
            2 => party_plan(&p, &sender, nick),
            _ => month_plan(k),
        };
        Values {
            variant: g.variant,
            supervisor: p,
            from: [sender, bystander],
            nick,
            plan,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        v.plan.instruction.clone()
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, from) = (&v.supervisor, &v.from);
            let mut last = None;
            for (days, who, subject, body, files, reply) in &v.plan.mails {
                let files: Vec<(&str, &str)> =
                    files.iter().map(|(n, c)| (*n, c.as_str())).collect();
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
            if v.variant == 2 {
                s.relabel_contact(sup, &from[0], v.nick, &["friend"])?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let cell = |name: &str| script.cell(name, &none);
        let head = script.cell("head", &Vals::new().code("today", TODAY));
        let who = if v.variant == 2 {
            script.cell("from_nickname", &Vals::new().lit("name", v.nick))
        } else {
            cell("from_manager")
        };
        let (pick, save) = match v.variant {
            1 => ("latest_budget", "save_to_budget"),
            2 => ("latest_file", "save_as_seating_chart"),
            _ => ("this_month", "save_to_may"),
        };
        // head, the sender, their attachments, and the ones `pick` picks saved by `save`.
        let gt = |pick: &str, save: &str| {
            vec![
                head.clone(),
                who.clone(),
                cell("collect"),
                format!("{}\n{}", cell(pick), cell(save)),
            ]
        };
        // The wrong solutions: (why, pick, save).
        let wrong: Vec<(&str, &str, &str)> = match v.variant {
            1 => vec![
                ("saves the first draft", "first_budget", save),
                (
                    "saves it into ~/downloads (no path given)",
                    pick,
                    "save_to_downloads",
                ),
                (
                    "saves every budget file the manager sent",
                    "every_budget",
                    save,
                ),
            ],
            2 => vec![
                ("saves the first, uncorrected chart", "first_file", save),
                (
                    "keeps the attachment's own file name",
                    pick,
                    "save_to_party",
                ),
            ],
            _ => vec![
                ("saves last month's report too", "every_file", save),
                (
                    "saves only the first file of each e-mail",
                    "this_month_first_of_each",
                    save,
                ),
            ],
        };
        let wrong = wrong
            .into_iter()
            .map(|(why, pick, save)| solution(why, gt(pick, save)))
            .collect();
        (gt(pick, save), wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks: Vec<Check> = v
            .plan
            .expected
            .iter()
            .map(|(path, content)| holds_file(path, content))
            .collect();
        let want: Vec<&str> = v.plan.expected.iter().map(|(p, _)| p.as_str()).collect();
        checks.push(v.check(
            format!("no other file was saved ({} only)", want.join(", ")),
            |v, ctx| {
                let want = &v.plan.expected;
                match added_files(ctx)
                    .into_iter()
                    .find(|f| !want.iter().any(|(p, _)| p == f))
                {
                    Some(f) => Err(format!("{f} was saved")),
                    None => Ok(()),
                }
            },
        ));
        checks.push(v.check(
            "no e-mail was sent",
            |_, ctx| match sent_mail(ctx).first() {
                Some(s) => Err(format!("an e-mail \"{}\" was sent", s.subject)),
                None => Ok(()),
            },
        ));
        checks
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        vec![allow_saved_under(v.plan.folder)]
    }
}

/// Variant 1: the manager's draft and final budgets (`k` varies the numbers).
fn budget_plan(k: i64) -> Plan {
    let budget = |label: &str, travel: i64| {
        format!(
            "Q2 budget ({label})\nItem,Amount\nTravel,{travel}\nSoftware,{}\nTraining,{}\nEvents,{}",
            3_000 + 250 * k,
            1_200 + 100 * k,
            2_500 + 50 * k
        )
    };
    let fin = budget("final", 4_000 + 100 * k);
    Plan {
        instruction: "My manager e-mailed me the final Q2 budget spreadsheet this week. Save it in my file system under ~/documents/work/budget/, keeping its file name.".to_string(),
        mails: vec![
            (19, 0, "Q2 budget - first draft", "Hi,\n\nHere's a first draft of the Q2 budget. The numbers will still change.\n\nThanks", vec![("q2_budget_draft.xlsx", budget("draft", 5_200))], false),
            (3, 0, "Q2 budget - final", "Hi,\n\nThe final Q2 budget is attached. Please file it with the team documents.\n\nThanks", vec![("q2_budget_final.xlsx", fin.clone())], false),
            (2, 1, "My comments on the Q2 budget", "Hi,\n\nA few comments on the budget are in the attached doc.", vec![("q2_budget_comments.docx", "Comments on the Q2 budget\n- Travel looks high\n- Add a line for hardware".to_string())], false),
        ],
        folder: "~/documents/work/budget/",
        expected: vec![("~/documents/work/budget/q2_budget_final.xlsx".to_string(), fin)],
    }
}

/// Variant 2: the friend's seating chart and its correction, in one thread.
fn party_plan(p: &Person, sender: &Person, nick: &str) -> Plan {
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
    Plan {
        instruction: format!(
            "{nick} e-mailed me a seating chart for the party and then sent a corrected one. Save the corrected chart in my file system as ~/documents/party/seating_chart.csv."
        ),
        mails: vec![
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
        folder: "~/documents/party/",
        expected: vec![(
            "~/documents/party/seating_chart.csv".to_string(),
            chart(true),
        )],
    }
}

/// Variant 3: this month's attachments of the manager (one e-mail with two), and April's.
fn month_plan(k: i64) -> Plan {
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
            "Speaker notes\n- Open with the results\n- Leave ten minutes for questions".to_string(),
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
    Plan {
        instruction: "Save every attachment my manager e-mailed me this month into ~/documents/work/may_2023/ in my file system, keeping the file names.".to_string(),
        mails: vec![
            (24, 0, "April report", "Hi,\n\nThe April report is attached.\n\nThanks", vec![(files[3].0, files[3].1.clone())], false),
            (14, 0, "Onboarding checklist", "Hi,\n\nPlease go through the attached checklist with our new hire.\n\nThanks", vec![(files[0].0, files[0].1.clone())], false),
            (8, 1, "Team photo", "Here's the photo from the team lunch!", vec![("team_photo.jpg", "JPEG image: team lunch".to_string())], false),
            (2, 0, "Slides for the client demo", "Hi,\n\nSlides and speaker notes for Friday's demo are attached.\n\nThanks", vec![(files[1].0, files[1].1.clone()), (files[2].0, files[2].1.clone())], false),
        ],
        folder: "~/documents/work/may_2023/",
        expected: files[..3]
            .iter()
            .map(|(n, c)| (format!("~/documents/work/may_2023/{n}"), c.clone()))
            .collect(),
    }
}

/// The supervisor's file at `path` (`~/...`) holds `content`.
fn holds_file(path: &str, content: &str) -> Check {
    let (path, content) = (path.to_string(), content.to_string());
    Check::new(
        format!("{path} holds the e-mailed file"),
        move |ctx| match end_files(ctx).get(&path) {
            Some(c) if *c == content => Ok(()),
            Some(_) => Err(format!("{path} holds something else")),
            None => Err(format!("no file {path}")),
        },
    )
}

/// The `~/` paths of the files the supervisor added during the episode.
fn added_files(ctx: &EvalCtx) -> Vec<String> {
    added_by(ctx, "file_system", "files", "user_id")
        .into_iter()
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
                && is_mine(ctx, r, "file_system", "user_id")
                && r.get("tilde_path")
                    .as_str()
                    .is_some_and(|p| p.starts_with(folder) || folder.starts_with(p))
        },
    )
}
