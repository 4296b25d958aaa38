//! "~/documents/ious has a file per IOU: request each amount on Venmo with the file's 'For'
//! line as the note and delete the file; files marked paid are only deleted." Variant 2 files
//! them in month sub-folders; variant 3 asks for a note with a prefix.

use super::{file_kept, own_path_under};
use crate::diff::ChangeKind;
use crate::kit::files::end_files;
use crate::kit::money::same_amount;
use crate::kit::python::solution;
use crate::kit::venmo::{id_or_none, requests_sent};
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

/// The folder holding the IOU files.
const FOLDER: &str = "~/documents/ious";

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The IOU files, newest first.
    ious: Vec<Iou>,
    now: NaiveDateTime,
    /// The archived (paid) IOU of the first debtor: its path and text.
    archive: String,
    archive_text: String,
    /// The open IOUs' requests: (e-mail, amount in dollars, note).
    want: Vec<(String, f64, String)>,
    /// The e-mails of those who already paid.
    paid_emails: Vec<String>,
    /// Every IOU file's path.
    paths: Vec<String>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "file_system", "venmo"];
    const SCRIPT: &str = include_str!("iou_files.py");

    /// The supervisor, the debtors and their IOU files.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| pop.relations_of(p.id).len() >= 6);
        let mut ids: Vec<i64> = pop.relations_of(p.id).iter().map(|r| r.1).collect();
        ids.dedup();
        for id in 1..=pop.people.len() as i64 {
            if ids.len() >= 11 {
                break;
            }
            if id != p.id && !ids.contains(&id) {
                ids.push(id);
            }
        }
        ids.truncate(11);
        const FOR: &[&str] = &[
            "Concert tickets",
            "Half of the Airbnb deposit",
            "Dinner at Olive Garden",
            "Cab from the airport",
            "Groceries run",
            "Paintball session",
            "Birthday cake",
            "Ski lift pass",
            "Festival parking",
            "Cinema snacks",
            "Escape room booking",
        ];
        let folder = FOLDER;
        let mut ious: Vec<Iou> = Vec::new();
        for (i, id) in ids.iter().enumerate() {
            let who = g.person(*id);
            let cents = g.rng.range(1_200, 9_500);
            let paid = i % 5 == 3;
            let name = format!(
                "{}_{}.txt",
                who.first_name.to_lowercase(),
                who.last_name.to_lowercase()
            );
            let path = if g.variant == 2 {
                format!("{folder}/2023-0{}/{name}", 2 + i % 3)
            } else {
                format!("{folder}/{name}")
            };
            ious.push((who, cents, FOR[i % FOR.len()].to_string(), paid, path));
        }
        let variant = g.variant;
        let note_of = |what: &str| -> String {
            if variant == 3 {
                format!("IOU: {what}")
            } else {
                what.to_string()
            }
        };
        let instruction = match variant {
            1 => format!(
                "I keep one file per IOU in {folder} in my file system. For each one, request the amount from that person on Venmo with the file's \"For\" line as the note, then delete the file. If a file says it's already paid, just delete it."
            ),
            2 => format!(
                "My IOUs are filed by month under {folder} in my file system, one file each. Request every amount owed from the person on Venmo, using the \"For\" line as the note, and delete each file once done; the ones marked paid only need deleting."
            ),
            _ => format!(
                "Clear out {folder} in my file system: each file is an IOU. Request the amount on Venmo from whoever owes it, with the note \"IOU: \" followed by the file's \"For\" line, then delete the file. Files already marked paid just get deleted."
            ),
        };
        let first = &ious[0].0;
        let archive = format!(
            "~/documents/ious_archive/{}_{}.txt",
            first.first_name.to_lowercase(),
            first.last_name.to_lowercase()
        );
        let archive_text = format!(
            "Owed by: {} {}\nEmail: {}\nAmount: $25.00\nFor: Old lunch\nStatus: paid",
            first.first_name, first.last_name, first.email
        );
        let want = ious
            .iter()
            .filter(|x| !x.3)
            .map(|x| (x.0.email.clone(), x.1 as f64 / 100.0, note_of(&x.2)))
            .collect();
        let paid_emails = ious
            .iter()
            .filter(|x| x.3)
            .map(|x| x.0.email.clone())
            .collect();
        let paths = ious.iter().map(|x| x.4.clone()).collect();
        Drawing::from(Values {
            variant,
            supervisor: p,
            ious,
            now: g.now,
            archive,
            archive_text,
            want,
            paid_emails,
            paths,
        })
        .instruction(instruction)
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let right_note = if v.variant == 3 {
            "\"IOU: \" + what"
        } else {
            "what"
        };
        let vals = Vals::new()
            .lit("dir", &format!("{FOLDER}/"))
            .code("note", right_note)
            .code("open", "status != \"paid\"");
        let cells = |names: &[&str]| script.cells(names, &vals);
        let ground_truth = cells(&["logins", "list", "request_open"]);
        let wrong = vec![
            solution(
                "also requests the IOUs already paid",
                script.cells(
                    &["logins", "list", "request_open"],
                    &vals.clone().code("open", "True"),
                ),
            ),
            solution(
                "requests but leaves the files",
                cells(&["logins", "list", "request_keep_files"]),
            ),
            solution(
                "uses the file name as the note",
                script.cells(
                    &["logins", "list", "request_open"],
                    &vals.clone().code("note", "path.split(\"/\")[-1]"),
                ),
            ),
            solution(
                "clears the archive folder too",
                script.cells(
                    &["logins", "list", "request_open_in_ious"],
                    &vals.clone().lit("dir", "~/documents/"),
                ),
            ),
        ];
        (ground_truth, wrong)
    }

    /// The requests (one each, amount, note), none to payers, the files gone, the archive kept.
    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let want = &v.want;
        vec![
            v.check(
                format!(
                    "one Venmo request to each of the {} open IOUs ({})",
                    want.len(),
                    want.iter()
                        .map(|w| w.0.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                |v, ctx| {
                    let got = requests_sent(ctx);
                    for w in &v.want {
                        let id = id_or_none(ctx, &w.0);
                        let k = got.iter().filter(|r| r.receiver == id).count();
                        if k != 1 {
                            return Err(format!("{k} requests to {}", w.0));
                        }
                    }
                    Ok(())
                },
            ),
            v.check(
                format!(
                    "each for the file's amount (e.g. ${:.2} from {})",
                    want[0].1, want[0].0
                ),
                |v, ctx| {
                    let got = requests_sent(ctx);
                    for w in &v.want {
                        let id = id_or_none(ctx, &w.0);
                        if let Some(r) = got.iter().find(|r| r.receiver == id)
                            && !same_amount(r.amount, w.1)
                        {
                            return Err(format!("${:.2} asked from {}", r.amount, w.0));
                        }
                    }
                    Ok(())
                },
            ),
            v.check(
                format!("each with the note \"{}\" etc.", want[0].2),
                |v, ctx| {
                    let got = requests_sent(ctx);
                    for w in &v.want {
                        let id = id_or_none(ctx, &w.0);
                        if let Some(r) = got.iter().find(|r| r.receiver == id)
                            && r.description.trim() != w.2
                        {
                            return Err(format!("note \"{}\" to {}", r.description, w.0));
                        }
                    }
                    Ok(())
                },
            ),
            v.check(
                format!(
                    "no request to those who paid ({})",
                    v.paid_emails.join(", ")
                ),
                |v, ctx| {
                    let got = requests_sent(ctx);
                    match v.paid_emails.iter().find(|e| {
                        let id = id_or_none(ctx, e);
                        got.iter().any(|r| r.receiver == id)
                    }) {
                        Some(e) => Err(format!("a request to {e}")),
                        None => Ok(()),
                    }
                },
            ),
            v.check(
                format!("all {} IOU files deleted", v.paths.len()),
                |v, ctx| {
                    let files = end_files(ctx);
                    match v.paths.iter().find(|p| files.contains_key(*p)) {
                        Some(p) => Err(format!("{p} is still there")),
                        None => Ok(()),
                    }
                },
            ),
            v.check(format!("{} is kept", v.archive), |v, ctx| {
                file_kept(ctx, &v.archive, "was deleted")
            }),
        ]
    }

    /// The supervisor's requests and their notifications, and deleting under the IOU folder.
    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow::venmo_requests();
        allowed.push(Allow::new(
            format!("deleting files under {FOLDER}"),
            |ctx, r| r.kind() == ChangeKind::Removed && own_path_under(ctx, r, FOLDER),
        ));
        allowed
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            for (i, (who, cents, what, paid, path)) in v.ious.iter().enumerate() {
                let status = if *paid { "paid" } else { "open" };
                let text = format!(
                    "Owed by: {} {}\nEmail: {}\nAmount: ${}.{:02}\nFor: {what}\nStatus: {status}",
                    who.first_name,
                    who.last_name,
                    who.email,
                    cents / 100,
                    cents % 100
                );
                s.add_file(
                    &v.supervisor,
                    path,
                    &text,
                    v.now - Duration::days(3 + 6 * i as i64),
                )?;
            }
            s.add_file(
                &v.supervisor,
                &v.archive,
                &v.archive_text,
                v.now - Duration::days(120),
            )?;
            Ok(())
        })]
    }
}

/// One IOU file: (debtor, amount in cents, what for, paid already, path).
type Iou = (Person, i64, String, bool, String);
