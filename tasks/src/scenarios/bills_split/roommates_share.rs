//! "I paid last month's cable bill; the bill is in my file system. Request an equal share from
//! each roommate on Venmo with the note N." The agent must find the right file, read the
//! amount, find the roommates (phone contacts labelled `roommate`) and request the share from
//! each. Variant 2 adds the month before's bill (the agent must take the latest); variant 3
//! files both in a nested folder under other names.

use crate::kit::people::{has_roommates, roommates};
use crate::kit::python::solution;
use crate::kit::venmo::{each_request_for, requests_sent, user_by_email};
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    now: NaiveDateTime,
    /// The bill to split: its path and text.
    bill: (&'static str, String),
    /// The month before's bill, if the variant has one.
    older: Option<(&'static str, String)>,
    note: &'static str,
    share: f64,
    /// The roommates' e-mails.
    emails: Vec<String>,
}

/// A bill's text, as the billing company's PDF reads.
fn bill(p: &Person, period: &str, cents: i64) -> String {
    format!(
        "Starlight Cable\nStatement for {} {}\nPeriod: {period}\nTotal due: ${}.{:02}\nThank you for your payment.",
        p.first_name,
        p.last_name,
        cents / 100,
        cents % 100
    )
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "file_system", "phone", "venmo"];
    const SCRIPT: &str = include_str!("roommates_share.py");

    /// The supervisor, the roommates and the bills.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| has_roommates(pop, p));
        let mates = roommates(pop, &p);
        let n = mates.len() as i64 + 1;
        // A total that splits evenly to the cent.
        let cents = (g.rng.range(6_000, 14_000) / n) * n;
        let older_cents = (g.rng.range(6_000, 14_000) / n) * n + n;
        let (path, note, older_path) = match g.variant {
            1 => ("~/bills/starlight_cable_2023_04.pdf", "cable bill", None),
            2 => (
                "~/bills/starlight_cable_2023_04.pdf",
                "April cable",
                Some("~/bills/starlight_cable_2023_03.pdf"),
            ),
            _ => (
                "~/documents/home/utilities/cable_invoice_april_2023.pdf",
                "Cable - April",
                Some("~/documents/home/utilities/cable_invoice_march_2023.pdf"),
            ),
        };
        Values {
            bill: (path, bill(&p, "April 2023", cents)),
            older: older_path.map(|o| (o, bill(&p, "March 2023", older_cents))),
            supervisor: p,
            now: g.now,
            note,
            share: cents as f64 / 100.0 / n as f64,
            emails: mates.iter().map(|m| m.email.clone()).collect(),
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let note = v.note;
        format!(
            "I paid our cable bill for last month; the bill is in my file system. Request an equal share of it from each of my roommates on Venmo, with the note \"{note}\"."
        )
    }

    /// The bill (and the month before's) in the file system.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            s.add_file(
                &v.supervisor,
                v.bill.0,
                &v.bill.1,
                v.now - Duration::days(16),
            )?;
            if let Some((path, text)) = &v.older {
                s.add_file(&v.supervisor, path, text, v.now - Duration::days(47))?;
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let vals = Vals::new().lit("note", v.note);
        let cells = |names: &[&str], vals: &Vals| script.cells(names, vals);
        let ground_truth = cells(&["logins", "find_latest", "mates", "request"], &vals);
        let mut wrong = vec![
            solution(
                "leaves the supervisor's own share out of the split",
                cells(
                    &[
                        "logins",
                        "find_latest",
                        "mates",
                        "request_without_own_share",
                    ],
                    &vals,
                ),
            ),
            solution(
                "pays the roommates instead of requesting money",
                cells(&["logins", "find_latest", "mates", "pay_instead"], &vals),
            ),
            solution(
                "writes another note",
                cells(
                    &["logins", "find_latest", "mates", "request"],
                    &Vals::new().lit("note", "cable"),
                ),
            ),
        ];
        if v.older.is_some() {
            wrong.push(solution(
                "splits the older bill",
                cells(&["logins", "find_oldest", "mates", "request"], &vals),
            ));
        }
        (ground_truth, wrong)
    }

    /// One request to each roommate for an equal share with the note, and none to anyone else.
    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![
            v.check(
                format!(
                    "one Venmo request to each roommate ({})",
                    v.emails.join(", ")
                ),
                |v, ctx| {
                    let got = requests_sent(ctx);
                    for id in v.emails.iter().filter_map(|e| user_by_email(ctx, e)) {
                        let k = got.iter().filter(|r| r.receiver == id).count();
                        if k != 1 {
                            return Err(format!("{k} requests to venmo user {id}"));
                        }
                    }
                    Ok(())
                },
            ),
            v.check(
                format!("each asks for an equal share, ${:.2}", v.share),
                |v, ctx| each_request_for(ctx, v.share),
            ),
            v.check(format!("each has the note \"{}\"", v.note), |v, ctx| {
                let got = requests_sent(ctx);
                match got.iter().find(|r| r.description.trim() != v.note) {
                    Some(r) => Err(format!("a request noted \"{}\"", r.description)),
                    None if got.is_empty() => Err("no request".into()),
                    None => Ok(()),
                }
            }),
            v.check("no request to anyone else", |v, ctx| {
                let want: Vec<i64> = v
                    .emails
                    .iter()
                    .filter_map(|e| user_by_email(ctx, e))
                    .collect();
                match requests_sent(ctx)
                    .iter()
                    .find(|r| !want.contains(&r.receiver))
                {
                    Some(r) => Err(format!("a request to venmo user {}", r.receiver)),
                    None => Ok(()),
                }
            }),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        allow::venmo_requests()
    }
}
