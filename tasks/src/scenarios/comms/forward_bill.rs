//! "Forward the latest electricity bill e-mail to my roommates." The setup delivers May's
//! bills (and a newer, non-bill e-mail from the same biller); the latest bill is found only
//! over every page (search ranks old bills first). Variant 2 forwards March's internet bill
//! to one roommate saved under a nickname; variant 3 the last two electricity bills, the older
//! one archived.

use super::{has_n, refers_to, they};
use crate::kit::gmail::{gmail_id, mail_only_to, mail_to, received, sent_mail};
use crate::kit::people::{NICKNAMES, related};
use crate::kit::python::solution;
use crate::kit::text::capital;
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::{Datelike, Duration, NaiveDate};

const ELECTRIC_FROM: &str = "billing@brightline-energy.com";

/// A bill e-mail: (from, subject, body, file, content).
type BillMail = (String, String, String, String, String);

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The first roommate (the one saved under `nick` in variant 2).
    mate0: Person,
    nick: &'static str,
    /// May's electricity and internet bills, delivered on `may`.
    bills: [BillMail; 2],
    may: NaiveDate,
    /// The bill to forward ("electricity" or "internet") and the subjects of its e-mails.
    what: &'static str,
    subjects: Vec<&'static str>,
    /// The e-mails to forward: (from, subject).
    targets: Vec<(String, String)>,
    /// The recipients' e-mails and full names.
    emails: Vec<String>,
    names: Vec<String>,
}

impl Design for Values {
    const APPS: &[&str] = &["gmail", "phone"];
    const SCRIPT: &str = include_str!("forward_bill.py");

    /// The roommates, the bills' amounts and what to forward.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| has_n(pop, p, Relation::Roommate, 1));
        let mates = related(g.population, &p, Relation::Roommate);
        let power = g.rng.range(6_000, 15_000);
        let net = g.rng.range(4_500, 13_500);
        let may = NaiveDate::from_ymd_opt(2023, 5, 3).unwrap_or_default();
        let nick = NICKNAMES[g.rng.range(0, NICKNAMES.len() as i64) as usize];
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
        let bills = [
            bill_mail(&p, true, may, power),
            bill_mail(&p, false, may, net),
        ];
        let from = if what == "electricity" {
            ELECTRIC_FROM
        } else {
            "billing@nimbusfiber.com"
        };
        let targets: Vec<(String, String)> = subjects
            .iter()
            .map(|s| (from.to_string(), s.to_string()))
            .collect();
        Drawing::from(Values {
            variant: g.variant,
            supervisor: p,
            mate0: mates[0].clone(),
            nick,
            bills,
            may,
            what,
            subjects,
            targets,
            emails: to.iter().map(|m| m.email.clone()).collect(),
            names: to
                .iter()
                .map(|m| format!("{} {}", m.first_name, m.last_name))
                .collect(),
        })
        .instruction(instruction)
    }

    /// The bills, the biller's newer notice; variant 2 renames a roommate, variant 3 archives
    /// April's bill.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, may) = (&v.supervisor, v.may);
            for (from, subject, body, file, content) in &v.bills {
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
                ELECTRIC_FROM,
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
            if v.variant == 2 {
                s.relabel_contact(sup, &v.mate0, v.nick, &["roommate"])?;
            }
            if v.variant == 3 {
                let april = mail_to(
                    s.db,
                    "Your April 2023 electricity bill",
                    s.user_id("gmail", sup)?,
                )?;
                s.set_mail_flags(sup, april, true, true, None)?;
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let head = script.cell("logins", &none);
        let who = if v.variant == 2 {
            script.cell("to_by_name", &Vals::new().lit("name", v.nick))
        } else {
            script.cell("to_roommates", &none)
        };
        let find = |what: &str, archived: bool| {
            script.cell(
                if archived {
                    "find_everywhere"
                } else {
                    "find_in_inbox"
                },
                &Vals::new().code("what", what),
            )
        };
        let variant = v.variant;
        let pick_of = |what: &str| match variant {
            1 => script.cell("latest", &none),
            2 => script.cell("march", &Vals::new().code("what", what)),
            _ => script.cell("latest_two", &none),
        };
        let what = v.what;
        let pick = pick_of(what);
        let forward = script.cell("forward", &none);
        let gt = |who: &str, find: &str, pick: &str| {
            vec![
                head.clone(),
                who.to_string(),
                format!("{find}\n{pick}"),
                forward.clone(),
            ]
        };
        let ground_truth = gt(&who, &find(what, true), &pick);
        let other = if what == "electricity" {
            "internet"
        } else {
            "electricity"
        };
        let mut wrong = vec![
            solution(
                "forwards the top search result of the first page",
                gt(
                    &who,
                    &script.cell(
                        "first_page_top",
                        &Vals::new().code("what", what).code("n", v.subjects.len()),
                    ),
                    "",
                ),
            ),
            solution(
                &format!("forwards the {other} bill instead"),
                gt(&who, &find(other, true), &pick_of(other)),
            ),
            solution(
                "forwards it to the supervisor's friends as well",
                gt(
                    &format!("{who}\n{}", script.cell("and_friends", &none)),
                    &find(what, true),
                    &pick,
                ),
            ),
        ];
        match v.variant {
            1 => wrong.push(solution(
                "forwards the latest e-mail from the biller, which is not a bill",
                gt(&who, &script.cell("find_from_biller", &none), &pick),
            )),
            3 => wrong.push(solution(
                "looks in the inbox only (the April bill is archived)",
                gt(&who, &find(what, false), &pick),
            )),
            _ => {}
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![
            v.check(
                format!(
                    "{} got a forward of: {}",
                    v.names.join(", "),
                    v.subjects.join("; ")
                ),
                |v, ctx| {
                    let sent = sent_mail(ctx);
                    for (from, subject) in &v.targets {
                        let id = received(ctx, from, subject)
                            .ok_or_else(|| format!("no e-mail \"{subject}\" in the mailbox"))?;
                        for e in &v.emails {
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
            v.check(
                format!("nobody but {} got an e-mail", v.names.join(", ")),
                |v, ctx| {
                    let ok: Vec<i64> = v.emails.iter().filter_map(|e| gmail_id(ctx, e)).collect();
                    mail_only_to(ctx, &ok)
                },
            ),
            v.check(
                format!("nothing but {} was forwarded", v.subjects.join("; ")),
                |v, ctx| {
                    let ids: Vec<(i64, &String)> = v
                        .targets
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
            v.check("no one got the same bill twice", |v, ctx| {
                let sent = sent_mail(ctx);
                for (from, subject) in &v.targets {
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
            }),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        allow::mail_sent()
    }
}

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
