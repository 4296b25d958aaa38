//! "How many unread e-mails from my wife came in this week?" Their older e-mails are read; the
//! setup adds unread ones this week (more than a page), read ones this week, unread ones last
//! week and someone else's. Variant 2: the manager's unread e-mails of the last 30 days in the
//! inbox (one archived); variant 3: unread e-mails from coworkers since May 1 (the manager's
//! left out).

use super::{TODAY, has_n};
use crate::kit::people::related;
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::Answer;
use crate::scenarios::{Gen, Parts, step};
use apps::people::{Person, Relation};
use chrono::Duration;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = match g.variant {
        1 => g.supervisor_where(|p| {
            has_n(pop, p, Relation::Wife, 1) || has_n(pop, p, Relation::Husband, 1)
        }),
        2 => g.supervisor_where(|p| has_n(pop, p, Relation::Manager, 1)),
        _ => g.supervisor_where(|p| {
            has_n(pop, p, Relation::Coworker, 2) && has_n(pop, p, Relation::Manager, 1)
        }),
    };
    let spouse = related(g.population, &p, Relation::Wife)
        .into_iter()
        .chain(related(g.population, &p, Relation::Husband))
        .next();
    let boss = related(g.population, &p, Relation::Manager)
        .into_iter()
        .next();
    let mates = related(g.population, &p, Relation::Coworker);
    let friend = related(g.population, &p, Relation::Friend)
        .into_iter()
        .next()
        .unwrap_or_else(|| g.person(if p.id == 1 { 2 } else { 1 }));
    const TOPICS: &[&str] = &[
        "Quick question",
        "Weekend plans",
        "Did you see this?",
        "Reminder",
        "Photos",
        "Tonight",
        "Update",
        "Tickets",
        "Call me later",
        "Dinner",
    ];
    // (sender, days ago, read, archived)
    let mut mails: Vec<(Person, i64, bool, bool)> = Vec::new();
    let mut quiet: Vec<Person> = Vec::new();
    let script = Script::parse(include_str!("count_unread.py"));
    let (instruction, answer, gt_list, wrongs): (String, usize, String, Vec<(&str, String)>) =
        match g.variant {
            1 => {
                let s = spouse.clone().unwrap_or_else(|| friend.clone());
                let word = if has_n(pop, &p, Relation::Wife, 1) {
                    "wife"
                } else {
                    "husband"
                };
                let n = g.rng.range(6, 9) as usize;
                for i in 0..n {
                    mails.push((s.clone(), (i % 4) as i64, false, false));
                }
                mails.push((s.clone(), 1, true, false));
                mails.push((s.clone(), 2, true, false));
                mails.push((s.clone(), 5, false, false));
                mails.push((s.clone(), 8, false, false));
                mails.push((friend.clone(), 1, false, false));
                quiet.push(s);
                let vals = Vals::new().code("relationship", word);
                let list = |cell: &str| script.cell(cell, &vals);
                (
                    format!(
                        "How many unread e-mails from my {word} came in this week (since Monday)?"
                    ),
                    n,
                    list("spouse_unread"),
                    vec![
                        ("counts read ones too", list("spouse_read_too")),
                        (
                            "counts every unread one, whatever the week",
                            list("spouse_any_week"),
                        ),
                        ("counts the first page only", list("spouse_first_page")),
                    ],
                )
            }
            2 => {
                let b = boss.clone().unwrap_or_else(|| friend.clone());
                let n = g.rng.range(6, 9) as usize;
                for i in 0..n {
                    mails.push((b.clone(), 1 + (i as i64 * 4) % 28, false, false));
                }
                mails.push((b.clone(), 12, false, true));
                mails.push((b.clone(), 3, true, false));
                mails.push((b.clone(), 9, true, false));
                mails.push((b.clone(), 33, false, false));
                mails.push((b.clone(), 58, false, false));
                mails.push((friend.clone(), 2, false, false));
                quiet.push(b);
                let list = |cell: &str| script.cell(cell, &Vals::new());
                (
                    "How many e-mails from my manager from the last 30 days are still unread in my inbox?".to_string(),
                    n,
                    list("manager_unread"),
                    vec![
                        ("counts the archived one too", list("manager_archived_too")),
                        ("counts older ones too", list("manager_older_too")),
                        ("counts read ones too", list("manager_read_too")),
                    ],
                )
            }
            _ => {
                let mut n = 0;
                for (j, c) in mates.iter().take(3).enumerate() {
                    let k = 3 - j;
                    for i in 0..k {
                        mails.push((c.clone(), 1 + (i as i64 * 5 + j as i64) % 16, false, false));
                    }
                    n += k;
                    mails.push((c.clone(), 4 + j as i64, true, false));
                    mails.push((c.clone(), 20 + j as i64, false, false));
                }
                quiet.extend(mates.iter().cloned());
                if let Some(b) = &boss {
                    mails.push((b.clone(), 2, false, false));
                    mails.push((b.clone(), 6, false, false));
                    quiet.push(b.clone());
                }
                let list = |cell: &str| script.cell(cell, &Vals::new());
                (
                    "How many unread e-mails have my coworkers sent me since the start of May? Don't count my manager's.".to_string(),
                    n,
                    list("coworkers_unread"),
                    vec![
                        ("counts the manager's too", list("coworkers_and_manager")),
                        ("counts April's too", list("coworkers_april_too")),
                        ("counts read ones too", list("coworkers_read_too")),
                    ],
                )
            }
        };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["gmail", "phone"];
    parts.answer = Some(Answer::Number(answer as f64));
    let sup = p.clone();
    let topics: Vec<String> = (0..mails.len())
        .map(|i| TOPICS[(i * 7 + g.variant as usize) % TOPICS.len()].to_string())
        .collect();
    parts.setup.push(step(move |s| {
        for q in &quiet {
            s.mark_mail_read_from(&sup, &q.email, s.now - Duration::days(800))?;
        }
        for (i, (from, days, read, archived)) in mails.iter().enumerate() {
            let when = s.now - Duration::days(*days) - Duration::minutes(23 * i as i64 % 180 + 5);
            let id = s.add_email(
                &from.email,
                &[&sup.email],
                &topics[i],
                &format!(
                    "Hi {},\n\n{} - let me know.\n\n{}",
                    sup.first_name, topics[i], from.first_name
                ),
                &[],
                None,
                when,
            )?;
            if *read || *archived {
                s.set_mail_flags(&sup, id, *read, *archived, None)?;
            }
        }
        Ok(())
    }));
    let head = script.cell("head", &Vals::new().code("today", TODAY));
    let done = script.cell("answer", &Vals::new());
    parts.ground_truth = vec![head.clone(), gt_list, done.clone()];
    parts.wrong = wrongs
        .into_iter()
        .map(|(name, list)| solution(name, vec![head.clone(), list, done.clone()]))
        .collect();
    parts
}
