//! "How many unread e-mails from my wife came in this week?" Their older e-mails are read; the
//! setup adds unread ones this week (more than a page), read ones this week, unread ones last
//! week and someone else's. Variant 2: the manager's unread e-mails of the last 30 days in the
//! inbox (one archived); variant 3: unread e-mails from coworkers since May 1 (the manager's
//! left out).

use super::{TODAY, has_n};
use crate::kit::people::related;
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Answer, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::Duration;

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// Variant 1: how the supervisor's phone labels the spouse (`wife` or `husband`).
    word: &'static str,
    inbox: Inbox,
    /// The designed e-mails' subjects, one per e-mail.
    topics: Vec<String>,
}

/// The designed e-mails and what they come to.
struct Inbox {
    /// (sender, days ago, read, archived)
    mails: Vec<(Person, i64, bool, bool)>,
    /// The senders whose older e-mails are all marked read.
    quiet: Vec<Person>,
    /// The answer: how many e-mails count.
    unread: usize,
}

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

impl Design for Values {
    const APPS: &[&str] = &["gmail", "phone"];
    const SCRIPT: &str = include_str!("count_unread.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
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
        let inbox = match g.variant {
            1 => spouse_inbox(g, spouse.unwrap_or_else(|| friend.clone()), &friend),
            2 => boss_inbox(g, boss.unwrap_or_else(|| friend.clone()), &friend),
            _ => coworker_inbox(&mates, boss.as_ref()),
        };
        let topics: Vec<String> = (0..inbox.mails.len())
            .map(|i| TOPICS[(i * 7 + g.variant as usize) % TOPICS.len()].to_string())
            .collect();
        Values {
            variant: g.variant,
            word: if has_n(pop, &p, Relation::Wife, 1) {
                "wife"
            } else {
                "husband"
            },
            supervisor: p,
            inbox,
            topics,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        match v.variant {
            1 => format!(
                "How many unread e-mails from my {} came in this week (since Monday)?",
                v.word
            ),
            2 => "How many e-mails from my manager from the last 30 days are still unread in my inbox?".to_string(),
            _ => "How many unread e-mails have my coworkers sent me since the start of May? Don't count my manager's.".to_string(),
        }
    }

    fn answer(v: &Values) -> Option<Answer> {
        Some(Answer::Number(v.inbox.unread as f64))
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, topics) = (&v.supervisor, &v.topics);
            for q in &v.inbox.quiet {
                s.mark_mail_read_from(sup, &q.email, s.now - Duration::days(800))?;
            }
            for (i, (from, days, read, archived)) in v.inbox.mails.iter().enumerate() {
                let when =
                    s.now - Duration::days(*days) - Duration::minutes(23 * i as i64 % 180 + 5);
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
                    s.set_mail_flags(sup, id, *read, *archived, None)?;
                }
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        // The ground truth's list of threads, and the wrong solutions' (why, list).
        let (gt_list, wrongs): (&str, Vec<(&str, &str)>) = match v.variant {
            1 => (
                "unread",
                vec![
                    ("counts read ones too", "read_too"),
                    ("counts every unread one, whatever the week", "any_date"),
                    ("counts the first page only", "first_page"),
                ],
            ),
            2 => (
                "unread",
                vec![
                    ("counts the archived one too", "archived_too"),
                    ("counts older ones too", "any_date"),
                    ("counts read ones too", "read_too"),
                ],
            ),
            _ => (
                "coworkers_unread",
                vec![
                    ("counts the manager's too", "coworkers_and_manager"),
                    ("counts April's too", "coworkers_april_too"),
                    ("counts read ones too", "coworkers_read_too"),
                ],
            ),
        };
        // The spouse's e-mails since Monday (1) or the manager's of the last 30 days (2).
        let vals = if v.variant == 1 {
            Vals::new()
                .code("relationship", v.word)
                .code("since", "monday")
        } else {
            Vals::new()
                .code("relationship", "manager")
                .code("since", "since")
        };
        let head = script.cell("head", &Vals::new().code("today", TODAY));
        let done = script.cell("answer", &Vals::new());
        let with = |list: &str| vec![head.clone(), script.cell(list, &vals), done.clone()];
        let wrong = wrongs
            .into_iter()
            .map(|(name, list)| solution(name, with(list)))
            .collect();
        (with(gt_list), wrong)
    }
}

/// Variant 1: the spouse's e-mails of this week and last, and a friend's.
fn spouse_inbox(g: &mut Gen, s: Person, friend: &Person) -> Inbox {
    let mut mails = Vec::new();
    let n = g.rng.range(6, 9) as usize;
    for i in 0..n {
        mails.push((s.clone(), (i % 4) as i64, false, false));
    }
    mails.push((s.clone(), 1, true, false));
    mails.push((s.clone(), 2, true, false));
    mails.push((s.clone(), 5, false, false));
    mails.push((s.clone(), 8, false, false));
    mails.push((friend.clone(), 1, false, false));
    Inbox {
        mails,
        quiet: vec![s],
        unread: n,
    }
}

/// Variant 2: the manager's e-mails of the last 30 days (one archived) and older, and a
/// friend's.
fn boss_inbox(g: &mut Gen, b: Person, friend: &Person) -> Inbox {
    let mut mails = Vec::new();
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
    Inbox {
        mails,
        quiet: vec![b],
        unread: n,
    }
}

/// Variant 3: three coworkers' e-mails of this month and April's, and the manager's.
fn coworker_inbox(mates: &[Person], boss: Option<&Person>) -> Inbox {
    let (mut mails, mut quiet) = (Vec::new(), Vec::new());
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
    if let Some(b) = boss {
        mails.push((b.clone(), 2, false, false));
        mails.push((b.clone(), 6, false, false));
        quiet.push(b.clone());
    }
    Inbox {
        mails,
        quiet,
        unread: n,
    }
}
