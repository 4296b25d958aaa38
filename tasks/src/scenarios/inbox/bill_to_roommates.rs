//! "Our April water bill is in my file system. E-mail it to each roommate with their share in
//! the body." March's bill sits next to it; variant 2 adds a gas bill of the same month;
//! variant 3 files both under another folder and name.

use super::has_n;
use crate::kit::allow;
use crate::kit::gmail::{attachment_names, gmail_id, mail_only_to, sent_mail};
use crate::kit::people::full;
use crate::kit::people::related_any;
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::{Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    mates: Vec<Person>,
    variant: u8,
    now: NaiveDateTime,
    /// April's bill and March's: paths, file names and texts.
    path: &'static str,
    old_path: &'static str,
    file: String,
    old_file: String,
    text: String,
    old_text: String,
    /// Each roommate's share, with two decimals.
    share: String,
}

impl Design for Values {
    const APPS: &[&str] = &["gmail", "file_system", "phone"];
    const SCRIPT: &str = include_str!("bill_to_roommates.py");

    /// Draws the variant's values and its instruction.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| has_n(pop, p, &[Relation::Roommate], 1));
        let mates = related_any(g.population, &p, &[Relation::Roommate]);
        let n = mates.len() as i64 + 1;
        let cents = (g.rng.range(5_000, 16_000) / n) * n;
        let older = (g.rng.range(5_000, 16_000) / n) * n + n;
        let share = format!("{:.2}", cents as f64 / 100.0 / n as f64);
        let (path, old_path) = match g.variant {
            3 => (
                "~/documents/home/utilities/water_invoice_april_2023.pdf",
                "~/documents/home/utilities/water_invoice_march_2023.pdf",
            ),
            _ => (
                "~/bills/aquaflow_water_2023_04.pdf",
                "~/bills/aquaflow_water_2023_03.pdf",
            ),
        };
        let file = path.rsplit('/').next().unwrap_or_default().to_string();
        let old_file = old_path.rsplit('/').next().unwrap_or_default().to_string();
        let mine = if mates.len() == 1 {
            "my roommate"
        } else {
            "each of my roommates"
        };
        let instruction = match g.variant {
            1 => format!(
                "Our April water bill is in my file system. E-mail it to {mine} as an attachment, and write in the e-mail how much they owe me: an equal share of the total, counting me, as $X.XX."
            ),
            2 => format!(
                "I paid the latest water bill; the PDF is in my file system. Send it to {mine} by e-mail (attach the PDF) and tell them their part in the body, $X.XX, splitting the total equally among all of us including me."
            ),
            _ => format!(
                "The newest water invoice is somewhere in my documents. Please e-mail {mine} the invoice file, with their equal share of it (I pay a share too) in the text, written as $X.XX."
            ),
        };
        let v = Values {
            text: water_bill(&p, "April 2023", cents),
            old_text: water_bill(&p, "March 2023", older),
            supervisor: p,
            mates,
            variant: g.variant,
            now: g.now,
            path,
            old_path,
            file,
            old_file,
            share,
        };
        Drawing::from(v).instruction(instruction)
    }

    /// The bills (variant 2: a gas bill of the same month too).
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, now) = (&v.supervisor, v.now);
            s.add_file(sup, v.old_path, &v.old_text, now - Duration::days(47))?;
            s.add_file(sup, v.path, &v.text, now - Duration::days(16))?;
            if v.variant == 2 {
                s.add_file(
                    sup,
                    "~/bills/emberline_gas_2023_04.pdf",
                    "Emberline Gas\nPeriod: April 2023\nTotal due: $61.20",
                    now - Duration::days(12),
                )?;
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(_v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        // The share's f-string field, `{<expression>:.2f}`.
        let amount = |share: &str| Vals::new().code("amount", format!("{{{share}:.2f}}"));
        let right = amount("total / (len(mates) + 1)");
        let ground_truth = script.cells(&["logins", "find", "mates", "send"], &right);
        let wrong = vec![
            solution(
                "sends the older bill",
                script.cells(&["logins", "find_oldest", "mates", "send"], &right),
            ),
            solution(
                "leaves the supervisor's own share out",
                script.cells(
                    &["logins", "find", "mates", "send"],
                    &amount("total / len(mates)"),
                ),
            ),
            solution(
                "forgets to attach the bill",
                script.cells(
                    &["logins", "find", "mates", "send_without_attachment"],
                    &right,
                ),
            ),
            solution(
                "sends it to the friends too",
                script.cells(&["logins", "find", "mates_and_friends", "send"], &right),
            ),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks: Vec<Check> = v
            .mates
            .iter()
            .flat_map(|m| mate_checks(m, &v.file, &v.share))
            .collect();
        let names: Vec<String> = v.mates.iter().map(full).collect();
        checks.push(v.check(
            format!("nobody but {} got an e-mail", names.join(", ")),
            |v, ctx| {
                let ok: Vec<i64> = v
                    .mates
                    .iter()
                    .filter_map(|m| gmail_id(ctx, &m.email))
                    .collect();
                mail_only_to(ctx, &ok)
            },
        ));
        checks.push(
            v.check(
                format!("no e-mail carries {}", v.old_file),
                |v, ctx| match sent_mail(ctx)
                    .iter()
                    .find(|s| attachment_names(ctx, s.id).contains(&v.old_file))
                {
                    Some(s) => Err(format!("e-mail {} does", s.id)),
                    None => Ok(()),
                },
            ),
        );
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        allow::mail_sent()
    }
}

/// The checks of roommate `m`: an e-mail with `file` attached, saying `$share`.
fn mate_checks(m: &Person, file: &str, share: &str) -> [Check; 2] {
    let (email, f, sh) = (m.email.clone(), file.to_string(), share.to_string());
    let email2 = email.clone();
    [
        Check::new(
            format!("{} got an e-mail with {file} attached", full(m)),
            move |ctx| {
                let id = gmail_id(ctx, &email).unwrap_or(-1);
                let got = sent_mail(ctx).into_iter().filter(|s| s.to.contains(&id));
                for s in got {
                    if attachment_names(ctx, s.id).contains(&f) {
                        return Ok(());
                    }
                }
                Err("no such e-mail".into())
            },
        ),
        Check::new(format!("{}'s e-mail says ${share}", full(m)), move |ctx| {
            let id = gmail_id(ctx, &email2).unwrap_or(-1);
            match sent_mail(ctx).into_iter().find(|s| s.to.contains(&id)) {
                Some(s) if s.body.contains(&format!("${sh}")) => Ok(()),
                Some(s) => Err(format!("the body reads \"{}\"", s.body)),
                None => Err("no e-mail".into()),
            }
        }),
    ]
}

/// A water bill's text, as the utility's PDF reads.
fn water_bill(p: &Person, period: &str, cents: i64) -> String {
    format!(
        "AquaFlow Water\nStatement for {} {}\nPeriod: {period}\nTotal due: ${}.{:02}\nPlease pay by the 25th.",
        p.first_name,
        p.last_name,
        cents / 100,
        cents % 100
    )
}
