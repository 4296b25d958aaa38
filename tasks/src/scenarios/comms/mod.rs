//! Communication and planning scenarios (all named `... (comms)`): gmail, phone (contacts,
//! texts, voice messages, alarms), todoist and simple_note, crossing with file_system
//! (attachments, trip itineraries). The world's ties decide who is who: roommates, spouses,
//! managers and friends are phone contacts with those labels, households share a Todoist
//! `Home` project. Every scenario designs the rows its task depends on in its setup (e-mails
//! through gmail's delivery path, messages through phone's), so answers and checks are known;
//! checks that depend on the base world (overdue tasks, Home tasks) read it at evaluation.

mod alarm_from_message;
mod count_unread;
mod forward_bill;
mod move_overdue;
mod note_to_tasks;
mod overdue_question;
mod reply_manager;
mod save_attachment;
mod text_home_tasks;
mod text_itinerary;

use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::Drawn;
use crate::kit::gmail::Sent;
use crate::kit::phone::phone_id;
use crate::kit::phone::sent_texts;
use crate::kit::text::holds;
use crate::kit::todoist::{Task, day_of, my_tasks};
use crate::model::{Check, Split};
use crate::scenarios::{Gen, Scenario, build};
use apps::people::{Person, Relation};
use chrono::{Duration, NaiveDate};

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "forward a bill e-mail to my roommates (comms)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: build::<forward_bill::Values>,
        },
        Scenario {
            name: "save an e-mailed attachment into a folder (comms)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: build::<save_attachment::Values>,
        },
        Scenario {
            name: "reply to my manager's unread e-mails (comms)",
            split: Split::TestChallenge,
            difficulty: 3,
            build: build::<reply_manager::Values>,
        },
        Scenario {
            name: "count unread e-mails from someone (comms)",
            split: Split::TestChallenge,
            difficulty: 2,
            build: build::<count_unread::Values>,
        },
        Scenario {
            name: "text the trip's plan to the other travellers (comms)",
            split: Split::Train,
            difficulty: 2,
            build: build::<text_itinerary::Values>,
        },
        Scenario {
            name: "set an alarm before something a message mentions (comms)",
            split: Split::Dev,
            difficulty: 2,
            build: build::<alarm_from_message::Values>,
        },
        Scenario {
            name: "move overdue Todoist tasks (comms)",
            split: Split::Train,
            difficulty: 2,
            build: build::<move_overdue::Values>,
        },
        Scenario {
            name: "answer a question about overdue Todoist tasks (comms)",
            split: Split::TestNormal,
            difficulty: 2,
            build: build::<overdue_question::Values>,
        },
        Scenario {
            name: "make Todoist tasks for the household from a note (comms)",
            split: Split::Train,
            difficulty: 3,
            build: build::<note_to_tasks::Values>,
        },
        Scenario {
            name: "text each housemate their Home tasks (comms)",
            split: Split::Train,
            difficulty: 3,
            build: build::<text_home_tasks::Values>,
        },
    ]
}

/// Does `p` have anyone with relation `rel` (at least `n` of them)?
fn has_n(pop: &apps::people::Population, p: &Person, rel: Relation, n: usize) -> bool {
    pop.relations_of(p.id)
        .iter()
        .filter(|(r, _)| *r == rel)
        .count()
        >= n
}

/// Does `p` share a household of two or more (a Todoist `Home` project)?
fn in_household(pop: &apps::people::Population, p: &Person) -> bool {
    pop.residences
        .iter()
        .any(|r| r.residents.len() >= 2 && r.residents.contains(&p.id))
}

/// The day `days` after the task's clock (negative: before).
fn day(g: &Gen, days: i64) -> NaiveDate {
    (g.now + Duration::days(days)).date()
}

/// "Him"/"her" words for a person.
fn they(p: &Person) -> (&'static str, &'static str) {
    if p.sex == "female" {
        ("she", "her")
    } else {
        ("he", "him")
    }
}

/// Does e-mail `sent` pass on e-mail `id` (a forward or reply of it, or one quoting its
/// subject)?
fn refers_to(sent: &Sent, id: i64, subject: &str) -> bool {
    sent.response_to == Some(id) || sent.subject.contains(subject)
}

/// The texts among `texts` (from [`sent_texts`]) that went to `p`'s phone.
fn texts_for<'a>(ctx: &EvalCtx, texts: &'a [(i64, String)], p: &Person) -> Vec<&'a String> {
    let id = phone_id(ctx.db, &p.phone_number).unwrap_or(-1);
    texts.iter().filter(|t| t.0 == id).map(|t| &t.1).collect()
}

/// Who [`text_checks`] wants texted, with what, and what no text may hold.
struct Texted {
    people: Vec<(Person, Vec<String>)>,
    forbidden: Vec<String>,
}

/// Checks that each of `people` got exactly one text holding each of their `parts` and that
/// nobody else got one; `forbidden` must appear in no text.
fn text_checks(
    people: Vec<(Person, Vec<String>)>,
    what: &str,
    forbidden: Vec<String>,
) -> Vec<Check> {
    let names: Vec<String> = people
        .iter()
        .map(|(p, _)| format!("{} {}", p.first_name, p.last_name))
        .collect();
    let v = Drawn::new(Texted { people, forbidden });
    let mut checks = vec![
        v.check(format!("{} each got {what}", names.join(", ")), |v, ctx| {
            let texts = sent_texts(ctx);
            for (p, parts) in &v.people {
                let mine = texts_for(ctx, &texts, p);
                if mine.is_empty() {
                    return Err(format!("no text to {}", p.first_name));
                }
                if let Some(part) = parts.iter().find(|x| !mine.iter().any(|m| holds(m, x))) {
                    return Err(format!("{}'s text lacks \"{part}\"", p.first_name));
                }
            }
            Ok(())
        }),
        v.check(
            format!("nobody but {} got a text", names.join(", ")),
            |v, ctx| {
                let ok: Vec<i64> = v
                    .people
                    .iter()
                    .filter_map(|(p, _)| phone_id(ctx.db, &p.phone_number))
                    .collect();
                match sent_texts(ctx).iter().find(|t| !ok.contains(&t.0)) {
                    Some(t) => Err(format!("phone user {} got \"{}\"", t.0, t.1)),
                    None => Ok(()),
                }
            },
        ),
        v.check("one text per person", |v, ctx| {
            let texts = sent_texts(ctx);
            for (p, _) in &v.people {
                let n = texts_for(ctx, &texts, p).len();
                if n > 1 {
                    return Err(format!("{} got {n} texts", p.first_name));
                }
            }
            Ok(())
        }),
    ];
    if !v.forbidden.is_empty() {
        checks.push(v.check(
            format!("no text holds {}", v.forbidden.join(" or ")),
            |v, ctx| {
                for (_, m) in sent_texts(ctx) {
                    if let Some(f) = v.forbidden.iter().find(|f| holds(&m, f)) {
                        return Err(format!("a text holds \"{f}\""));
                    }
                }
                Ok(())
            },
        ));
    }
    checks
}

/// The tasks of the supervisor's projects, as they are now (`initial`: as they were when the
/// task started, for rows the episode changed; rows it added are left out).
fn todo_rows(ctx: &EvalCtx, initial: bool) -> Vec<Task> {
    let rows = my_tasks(ctx);
    if !initial {
        return rows;
    }
    rows.into_iter()
        .filter_map(|mut t| {
            let change = ctx
                .diff
                .rows
                .iter()
                .find(|r| r.is("todoist", "tasks") && r.id == t.id);
            match change {
                Some(c) if c.kind() == ChangeKind::Added => None,
                Some(c) if c.kind() == ChangeKind::Updated => {
                    t.due = c.before("due_date").as_str().map(day_of);
                    t.completed = c.before("is_completed").as_i64() == Some(1)
                        || c.before("is_completed").as_bool() == Some(true);
                    t.assignee = c.before("assignee_id").as_i64();
                    Some(t)
                }
                _ => Some(t),
            }
        })
        .collect()
}

/// Python: `today` (a `datetime.date`) from the phone's clock.
const TODAY: &str = "today = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)[\"date\"], \"%A, %B %d, %Y\").date()";
