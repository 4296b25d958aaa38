//! "My manager e-mailed me the final Q2 budget; save it under ~/documents/work/budget/." The
//! draft came earlier from the same person, a colleague's comments file is near it. Variant 2:
//! a friend (under a nickname in the phone) sent a chart and then a corrected one in the same
//! thread, to be saved under a given name; variant 3: every attachment the manager sent this
//! month (one e-mail with two files, an April one that must stay out).

use super::{TODAY, has_n, sent_mail};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::changes::added;
use crate::kit::people::{NICKNAMES, related};
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::{Allow, Check};
use crate::scenarios::{Gen, Parts, step};
use apps::people::Relation;
use chrono::Duration;
use rusqlite::OptionalExtension;
use sim::sql::Cached;

pub(super) fn build(g: &mut Gen) -> Parts {
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

    let script = Script::parse(include_str!("save_attachment.py"));
    let none = Vals::new();
    let cell = |name: &str| script.cell(name, &none);
    let head = script.cell("head", &Vals::new().code("today", TODAY));
    let who = if g.variant == 2 {
        script.cell("from_nickname", &Vals::new().lit("name", nick))
    } else {
        cell("from_manager")
    };
    let (pick, save) = match g.variant {
        1 => ("latest_budget", "save_to_budget"),
        2 => ("latest_file", "save_as_seating_chart"),
        _ => ("this_month", "save_to_may"),
    };
    let gt = |pick: &str, save: &str| {
        vec![
            head.clone(),
            who.clone(),
            cell("collect"),
            format!("{}\n{}", cell(pick), cell(save)),
        ]
    };
    parts.ground_truth = gt(pick, save);
    parts.wrong = match g.variant {
        1 => vec![
            solution("saves the first draft", gt("first_budget", save)),
            solution(
                "saves it into ~/downloads (no path given)",
                gt(pick, "save_to_downloads"),
            ),
            solution(
                "saves every budget file the manager sent",
                gt("every_budget", save),
            ),
        ],
        2 => vec![
            solution("saves the first, uncorrected chart", gt("first_file", save)),
            solution(
                "keeps the attachment's own file name",
                gt(pick, "save_to_party"),
            ),
        ],
        _ => vec![
            solution("saves last month's report too", gt("every_file", save)),
            solution(
                "saves only the first file of each e-mail",
                gt("this_month_first_of_each", save),
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

/// A downloaded attachment is counted.
fn allow_download_counts() -> Allow {
    Allow::new("download counts of e-mail attachments", |_, r| {
        r.is("gmail", "attachments")
            && r.kind() == ChangeKind::Updated
            && r.changed_columns() == ["download_count"]
    })
}

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
