//! "Forward the latest electricity bill e-mail to my roommates." The setup delivers May's
//! bills (and a newer, non-bill e-mail from the same biller); the latest bill is found only
//! over every page (search ranks old bills first). Variant 2 forwards March's internet bill
//! to one roommate saved under a nickname; variant 3 the last two electricity bills, the older
//! one archived.

use super::{has_n, received, refers_to, sent_mail, they};
use crate::kit::allow;
use crate::kit::gmail::gmail_id;
use crate::kit::people::{NICKNAMES, related};
use crate::kit::python::solution;
use crate::kit::text::capital;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use apps::people::{Person, Relation};
use chrono::{Datelike, Duration, NaiveDate};
use sim::sql::Cached;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| has_n(pop, p, Relation::Roommate, 1));
    let mates = related(g.population, &p, Relation::Roommate);
    let power = g.rng.range(6_000, 15_000);
    let net = g.rng.range(4_500, 13_500);
    let may = NaiveDate::from_ymd_opt(2023, 5, 3).unwrap_or_default();
    let nick = NICKNAMES[g.rng.range(0, NICKNAMES.len() as i64) as usize];
    let electric_from = "billing@brightline-energy.com";
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
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["gmail", "phone"];
    let (sup, variant, mate0) = (p.clone(), g.variant, mates[0].clone());
    let bills = [
        bill_mail(&p, true, may, power),
        bill_mail(&p, false, may, net),
    ];
    parts.setup.push(step(move |s| {
        for (from, subject, body, file, content) in &bills {
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
            electric_from,
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
        if variant == 2 {
            s.relabel_contact(&sup, &mate0, nick, &["roommate"])?;
        }
        if variant == 3 {
            let april: i64 = s.db.query_row_cached(
                "SELECT e.id FROM gmail.emails e WHERE e.subject = 'Your April 2023 electricity bill' \
                 AND EXISTS (SELECT 1 FROM json_each(e.recipient_ids) r WHERE r.value = ?1)",
                [s.user_id("gmail", &sup)?],
                |r| r.get(0),
            )?;
            s.set_mail_flags(&sup, april, true, true, None)?;
        }
        Ok(())
    }));

    let script = Script::parse(include_str!("forward_bill.py"));
    let none = Vals::new();
    let head = script.cell("logins", &none);
    let who = if g.variant == 2 {
        script.cell("to_by_name", &Vals::new().lit("name", nick))
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
    let variant = g.variant;
    let pick_of = |what: &str| match variant {
        1 => script.cell("latest", &none),
        2 => script.cell("march", &Vals::new().code("what", what)),
        _ => script.cell("latest_two", &none),
    };
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
    parts.ground_truth = gt(&who, &find(what, true), &pick);
    let other = if what == "electricity" {
        "internet"
    } else {
        "electricity"
    };
    parts.wrong = vec![
        solution(
            "forwards the top search result of the first page",
            gt(
                &who,
                &script.cell(
                    "first_page_top",
                    &Vals::new().code("what", what).code("n", subjects.len()),
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
    match g.variant {
        1 => parts.wrong.push(solution(
            "forwards the latest e-mail from the biller, which is not a bill",
            gt(&who, &script.cell("find_from_biller", &none), &pick),
        )),
        3 => parts.wrong.push(solution(
            "looks in the inbox only (the April bill is archived)",
            gt(&who, &find(what, false), &pick),
        )),
        _ => {}
    }

    let from = if what == "electricity" {
        electric_from
    } else {
        "billing@nimbusfiber.com"
    };
    let targets: Vec<(String, String)> = subjects
        .iter()
        .map(|s| (from.to_string(), s.to_string()))
        .collect();
    let emails: Vec<String> = to.iter().map(|m| m.email.clone()).collect();
    let names: Vec<String> = to
        .iter()
        .map(|m| format!("{} {}", m.first_name, m.last_name))
        .collect();
    let (t1, e1) = (targets.clone(), emails.clone());
    let (t2, e2) = (targets.clone(), emails.clone());
    parts.checks = vec![
        Check::new(
            format!(
                "{} got a forward of: {}",
                names.join(", "),
                subjects.join("; ")
            ),
            move |ctx| {
                let sent = sent_mail(ctx);
                for (from, subject) in &t1 {
                    let id = received(ctx, from, subject)
                        .ok_or_else(|| format!("no e-mail \"{subject}\" in the mailbox"))?;
                    for e in &e1 {
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
        Check::new(
            format!("nobody but {} got an e-mail", names.join(", ")),
            move |ctx| {
                let ok: Vec<i64> = e2.iter().filter_map(|e| gmail_id(ctx, e)).collect();
                match sent_mail(ctx)
                    .iter()
                    .flat_map(|s| s.to.clone())
                    .find(|r| !ok.contains(r))
                {
                    Some(r) => Err(format!("an e-mail went to gmail user {r}")),
                    None => Ok(()),
                }
            },
        ),
        Check::new(
            format!("nothing but {} was forwarded", subjects.join("; ")),
            move |ctx| {
                let ids: Vec<(i64, &String)> = t2
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
        Check::new("no one got the same bill twice", {
            let t3 = targets.clone();
            move |ctx| {
                let sent = sent_mail(ctx);
                for (from, subject) in &t3 {
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
            }
        }),
    ];
    parts.allowed = allow::mail_sent();
    parts
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
