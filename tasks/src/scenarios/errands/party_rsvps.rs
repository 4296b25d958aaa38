//! "~/documents/party has one RSVP file per guest: text each guest who said yes and move their
//! file into a sub-folder; delete the files of those who said no." Variants differ in the
//! message and folder; variant 3 also texts the undecided ones.

use super::{file_kept, own_path_under};
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::files::end_files;
use crate::kit::phone::sent_texts_by_number;
use crate::kit::python::{py, solution};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

/// The folder holding the RSVP files.
const FOLDER: &str = "~/documents/party";

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    now: NaiveDateTime,
    /// Every RSVP file: (path, text), newest first.
    files: Vec<(String, String)>,
    /// Last year's RSVP file (kept): its path and text.
    old: String,
    old_text: String,
    /// The text to the yes guests and (variant 3) to the undecided, with `{first}` for the
    /// first name.
    msg: &'static str,
    maybe_msg: Option<&'static str>,
    /// The folder the yes guests' files move into.
    dest: String,
    /// (phone number, message) of every text the right solution sends.
    want_texts: Vec<(String, String)>,
    /// The moved files: (new path, text).
    moved: Vec<(String, String)>,
    /// The paths that must be gone (yes and no) and kept (maybe).
    gone: Vec<String>,
    kept: Vec<String>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "file_system", "phone"];
    const SCRIPT: &str = include_str!("party_rsvps.py");

    /// The supervisor, the guests and their RSVPs.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let (p, ids) = guest_ids(g);
        let folder = FOLDER;
        let (done, msg, maybe_msg) = match g.variant {
            1 => ("confirmed", "See you Saturday at 7, {first}!", None),
            2 => (
                "going",
                "Great, you're on the list for Saturday, {first}!",
                None,
            ),
            _ => (
                "confirmed",
                "See you Saturday at 7, {first}!",
                Some("Hi {first}, can you let me know by Thursday if you're coming?"),
            ),
        };
        // (guest, rsvp, path)
        let mut guests: Vec<(Person, &str, String)> = Vec::new();
        for (i, id) in ids.iter().enumerate() {
            let who = g.person(*id);
            let rsvp = match i % 7 {
                0 | 2 | 4 | 6 => "yes",
                1 | 5 => "no",
                _ => "maybe",
            };
            let path = format!(
                "{folder}/rsvp_{}_{}.txt",
                who.first_name.to_lowercase(),
                who.last_name.to_lowercase()
            );
            guests.push((who, rsvp, path));
        }
        let instruction = match g.variant {
            1 => format!(
                "The RSVPs for my party are in {folder}, one file per guest. Text everyone who said yes \"See you Saturday at 7, <first name>!\" and move their file into {folder}/{done}. Delete the files of those who said no; leave the rest."
            ),
            2 => format!(
                "Sort out the party RSVP files in {folder}: for each guest who answered yes, text them \"Great, you're on the list for Saturday, <first name>!\" and move the file to {folder}/{done}; delete the files of guests who declined. Don't touch the undecided ones."
            ),
            _ => format!(
                "Go through the RSVP files in {folder}. Guests who said yes: text \"See you Saturday at 7, <first name>!\" and move their file into {folder}/{done}. Guests who said no: delete the file. Guests who said maybe: text \"Hi <first name>, can you let me know by Thursday if you're coming?\" and keep the file."
            ),
        };
        let dest = format!("{folder}/{done}");
        let first_msg = |m: &str, who: &Person| m.replace("{first}", &who.first_name);
        let mut want_texts: Vec<(String, String)> = Vec::new();
        for (who, rsvp, _) in &guests {
            if *rsvp == "yes" {
                want_texts.push((who.phone_number.clone(), first_msg(msg, who)));
            } else if *rsvp == "maybe"
                && let Some(m) = maybe_msg
            {
                want_texts.push((who.phone_number.clone(), first_msg(m, who)));
            }
        }
        let paths_where = |keep: fn(&str) -> bool| -> Vec<String> {
            guests
                .iter()
                .filter(|x| keep(x.1))
                .map(|x| x.2.clone())
                .collect()
        };
        Drawing::from(Values {
            old: format!(
                "~/documents/party_2022/rsvp_{}.txt",
                guests[1].0.first_name.to_lowercase()
            ),
            old_text: content(&guests[1].0, "yes"),
            files: guests
                .iter()
                .map(|x| (x.2.clone(), content(&x.0, x.1)))
                .collect(),
            moved: guests
                .iter()
                .filter(|x| x.1 == "yes")
                .map(|x| (x.2.replace(folder, &dest), content(&x.0, x.1)))
                .collect(),
            gone: paths_where(|r| r != "maybe"),
            kept: paths_where(|r| r == "maybe"),
            supervisor: p,
            now: g.now,
            msg,
            maybe_msg,
            dest,
            want_texts,
        })
        .instruction(instruction)
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        // A message as a Python expression: the literal, with `first` for "{first}".
        let text_py = |m: &str| py(m).replace("{first}", "\" + first + \"");
        let mut vals = Vals::new()
            .lit("dir", &format!("{FOLDER}/"))
            .code("message", text_py(v.msg))
            .code("is_yes", "rsvp.startswith(\"yes\")")
            .lit("dest", &v.dest)
            .code(
                "on_no",
                "apis.file_system.delete_file(access_token=fs, file_path=path)",
            );
        if let Some(m) = v.maybe_msg {
            vals = vals.code("maybe_message", text_py(m));
        }
        let sort = if v.maybe_msg.is_some() {
            "sort_asking_maybe"
        } else {
            "sort"
        };
        let cells = |last: &str, vals: &Vals| script.cells(&["logins", "list", last], vals);
        let ground_truth = cells(sort, &vals);
        let wrong = vec![
            solution(
                "only counts an RSVP of exactly \"yes\"",
                cells(sort, &vals.clone().code("is_yes", "rsvp == \"yes\"")),
            ),
            solution(
                "keeps the declined guests' files",
                cells(sort, &vals.clone().code("on_no", "pass")),
            ),
            solution(
                "moves the files into another folder",
                cells(
                    sort,
                    &vals
                        .clone()
                        .lit("dest", &format!("{FOLDER}/accepted_guests")),
                ),
            ),
            solution(
                "treats maybe as yes",
                cells(
                    sort,
                    &vals.clone().code(
                        "is_yes",
                        "rsvp.startswith(\"yes\") or rsvp.startswith(\"maybe\")",
                    ),
                ),
            ),
        ];
        (ground_truth, wrong)
    }

    /// The texts (each once, no other), the files moved, deleted and kept, last year's kept.
    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![
            v.check(
                format!(
                    "{} texts, e.g. \"{}\" to {}",
                    v.want_texts.len(),
                    v.want_texts[0].1,
                    v.want_texts[0].0
                ),
                |v, ctx| {
                    let got = texts(ctx);
                    match v
                        .want_texts
                        .iter()
                        .find(|w| got.iter().filter(|g| *g == *w).count() != 1)
                    {
                        Some(w) => Err(format!("no single text \"{}\" to {}", w.1, w.0)),
                        None => Ok(()),
                    }
                },
            ),
            v.check("no other text", |v, ctx| {
                match texts(ctx).into_iter().find(|g| !v.want_texts.contains(g)) {
                    Some(g) => Err(format!("text \"{}\" to {}", g.1, g.0)),
                    None => Ok(()),
                }
            }),
            v.check(
                format!(
                    "{} files of yes guests are now in {}",
                    v.moved.len(),
                    v.dest
                ),
                |v, ctx| {
                    let files = end_files(ctx);
                    for (path, c) in &v.moved {
                        match files.get(path) {
                            None => return Err(format!("no file {path}")),
                            Some(x) if x != c => return Err(format!("{path} has other content")),
                            Some(_) => {}
                        }
                    }
                    Ok(())
                },
            ),
            v.check("the yes and no files are gone from the folder", |v, ctx| {
                let files = end_files(ctx);
                match v.gone.iter().find(|p| files.contains_key(*p)) {
                    Some(p) => Err(format!("{p} is still there")),
                    None => Ok(()),
                }
            }),
            v.check(
                format!("the {} maybe files are kept", v.kept.len()),
                |v, ctx| {
                    let files = end_files(ctx);
                    match v.kept.iter().find(|p| !files.contains_key(*p)) {
                        Some(p) => Err(format!("{p} is gone")),
                        None => Ok(()),
                    }
                },
            ),
            v.check(format!("{} is kept", v.old), |v, ctx| {
                file_kept(ctx, &v.old, "is gone")
            }),
        ]
    }

    /// Texts sent, and changes to the supervisor's files and directories under the party folder.
    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow::texts_sent();
        allowed.push(Allow::new(
            format!("files and directories under {FOLDER}"),
            |ctx, r| own_path_under(ctx, r, FOLDER),
        ));
        allowed
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            for (i, (path, text)) in v.files.iter().enumerate() {
                s.add_file(
                    &v.supervisor,
                    path,
                    text,
                    v.now - Duration::days(1 + i as i64),
                )?;
            }
            s.add_file(
                &v.supervisor,
                &v.old,
                &v.old_text,
                v.now - Duration::days(300),
            )?;
            Ok(())
        })]
    }
}

/// The guests' ids: the supervisor's relations, then others from the last id down, 14 in all.
fn guest_ids(g: &mut Gen) -> (Person, Vec<i64>) {
    let pop = g.population;
    let p = g.supervisor_where(|p| pop.relations_of(p.id).len() >= 6);
    let mut ids: Vec<i64> = pop.relations_of(p.id).iter().map(|r| r.1).collect();
    ids.dedup();
    for id in (1..=pop.people.len() as i64).rev() {
        if ids.len() >= 14 {
            break;
        }
        if id != p.id && !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids.truncate(14);
    (p, ids)
}

/// An RSVP file's text.
fn content(who: &Person, rsvp: &str) -> String {
    let shown = if rsvp == "yes" {
        "Yes (bringing a dish)"
    } else if rsvp == "no" {
        "No, sorry"
    } else {
        "Maybe"
    };
    format!(
        "Guest: {} {}\nPhone: {}\nRSVP: {shown}",
        who.first_name, who.last_name, who.phone_number
    )
}

/// The supervisor's new texts: (receiver's phone number, trimmed message).
fn texts(ctx: &EvalCtx) -> Vec<(String, String)> {
    sent_texts_by_number(ctx)
        .into_iter()
        .map(|(to, message)| (to, message.trim().to_string()))
        .collect()
}
