//! "A friend asked the group on e-mail for X; reply to everyone on the thread with X from my
//! notes." A second participant chimed in (the reply must reach both); an older note about a
//! similar thing holds a wrong value.

use super::has_n;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::gmail::{Sent, gmail_id, sent_mail, subject_of};
use crate::kit::people::full;
use crate::kit::people::related_any;
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::Duration;

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    /// The asker, the friend who chimed in, and a third on the thread.
    friends: [Person; 3],
    /// The thread's subject, the question and the chime-in.
    subject: String,
    question: String,
    chime: String,
    /// The note with the answer, and the older note with a wrong one.
    note_title: String,
    old_title: String,
    answer: String,
    /// The regex (Python) that finds the answer in a note.
    key: &'static str,
}

impl Design for Values {
    const APPS: &[&str] = &["gmail", "simple_note"];
    const SCRIPT: &str = include_str!("reply_all_from_note.py");

    /// Draws the variant's values, its instruction and the supervisor's notes.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| has_n(pop, p, &[Relation::Friend], 3));
        let fr = related_any(g.population, &p, &[Relation::Friend]);
        let (a, b, c) = (fr[0].clone(), fr[1].clone(), fr[2].clone());
        let k = g.rng.range(1000, 9999);
        let k2 = (k * 7 + 1234) % 9000 + 1000;
        // (subject, question, chime-in, note title, note text, answer, old note title,
        // old note text, instruction)
        let (subject, question, chime, note_title, note_text, answer, old_title, old_text, instruction) =
            match g.variant {
                1 => (
                    "Lake cabin weekend".to_string(),
                    "Hi all,\n\nSo excited for the cabin! Does anyone have the door code? I might get there before everyone else.".to_string(),
                    "Not me, I think the booking is under your name!".to_string(),
                    "Lake cabin booking (June)".to_string(),
                    format!("Pine Hollow cabin, June 9-11\nConfirmation: PH-{}\nDoor code: {k}\nCheck-in: 4 PM\nCheck-out: 11 AM", k2),
                    k.to_string(),
                    "Lake cabin booking (last year)".to_string(),
                    format!("Birch Point cabin, August 2022\nDoor code: {k2}\nCheck-in: 3 PM"),
                    format!("{} asked on our lake cabin e-mail thread for the cabin's door code. Reply to everyone on that thread with the code; it's in my notes.", a.first_name),
                ),
                2 => (
                    "Rental house for the reunion".to_string(),
                    "Hey,\n\nWhat's the wifi password at the rental house? I want to set up my laptop for the slideshow.".to_string(),
                    "Yes please, I need it too!".to_string(),
                    "Reunion rental house".to_string(),
                    format!("Maple Street house, June 2-4\nWifi network: MapleGuest\nWifi password: maple{k}\nParking: driveway, two cars"),
                    format!("maple{k}"),
                    "Ski rental house".to_string(),
                    format!("Snowcrest chalet, January\nWifi network: Snowcrest\nWifi password: snow{k2}"),
                    format!("Answer {}'s question about the wifi password in the reunion rental house e-mail thread: reply to all of them with the password from my notes.", a.first_name),
                ),
                _ => (
                    "Dinner on Friday".to_string(),
                    "Hi both,\n\nWhat time is our table on Friday? I need to know when to leave work.".to_string(),
                    "Same question here :)".to_string(),
                    "Friday dinner reservation".to_string(),
                    format!("Olive & Thyme, Friday May 19\nTable for 4 at 7:30 PM\nReservation number: {k}"),
                    "7:30".to_string(),
                    "Anniversary dinner reservation".to_string(),
                    format!("Copper Pot, Saturday April 8\nTable for 2 at 8:15 PM\nReservation number: {k2}"),
                    format!("My friends want to know when our table is on Friday; {} asked on e-mail. Reply to everyone in that thread with the reservation time from my notes.", a.first_name),
                ),
            };
        let mut filler = g.filler(&p, 6, &[], &[]);
        filler.push(g.note(&old_title, &old_text, &[], false, 200));
        let designed = vec![g.note(&note_title, &note_text, &[], false, 12)];
        let notes = crate::scenarios::mix(&mut g.rng, filler, designed);
        let key = match g.variant {
            1 => "r\"Door code: (\\d+)\"",
            2 => "r\"Wifi password: (\\S+)\"",
            _ => "r\"at (\\d+:\\d+)\"",
        };
        let v = Values {
            supervisor: p,
            friends: [a, b, c],
            subject,
            question,
            chime,
            note_title,
            old_title,
            answer,
            key,
        };
        Drawing::from((v, notes)).instruction(instruction)
    }

    /// The question, the chime-in and an unrelated e-mail from the asker.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let to = [
                v.supervisor.email.as_str(),
                v.friends[1].email.as_str(),
                v.friends[2].email.as_str(),
            ];
            let first = s.add_email(
                &v.friends[0].email,
                &to,
                &v.subject,
                &v.question,
                &[],
                None,
                s.now - Duration::days(1) - Duration::hours(5),
            )?;
            s.add_email(
                &v.friends[1].email,
                &[
                    &v.friends[0].email,
                    &v.supervisor.email,
                    &v.friends[2].email,
                ],
                &format!("Re: {}", v.subject),
                &v.chime,
                &[],
                Some(first),
                s.now - Duration::hours(20),
            )?;
            // An unrelated e-mail from the same friend.
            s.add_email(
                &v.friends[0].email,
                &[&v.supervisor.email],
                "Book recommendation",
                "You have to read the book I just finished, I'll lend it to you.",
                &[],
                None,
                s.now - Duration::days(4),
            )?;
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        // The answer comes from the note titled `title`.
        let vals = |title: &str| {
            Vals::new()
                .lit("query", title.split(' ').next().unwrap_or(""))
                .lit("title", title)
                .code("key", v.key)
                .lit("subject", &v.subject)
        };
        let right = vals(&v.note_title);
        let ground_truth = script.cells(&["logins", "note", "find", "reply_all"], &right);
        let wrong = vec![
            solution(
                "replies only to the sender of the last e-mail",
                script.cells(&["logins", "note", "find", "reply_sender"], &right),
            ),
            solution(
                "takes the answer from the older note",
                script.cells(
                    &["logins", "note", "find", "reply_all"],
                    &vals(&v.old_title),
                ),
            ),
            solution(
                "e-mails the answer to the asker in a new thread",
                script.cells(&["logins", "note", "find", "new_thread"], &right),
            ),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = vec![v.check(
            format!("one reply in the thread \"{}\"", v.subject),
            |v, ctx| match replies(ctx, &v.subject).len() {
                1 => Ok(()),
                n => Err(format!("{n} replies")),
            },
        )];
        checks.extend(v.friends.iter().map(|who| reaches(who, &v.subject)));
        checks.push(
            v.check(
                format!("the reply gives \"{}\"", v.answer),
                |v, ctx| match replies(ctx, &v.subject).first() {
                    Some(s) if s.body.contains(&v.answer) => Ok(()),
                    Some(s) => Err(format!("the reply reads \"{}\"", s.body)),
                    None => Err("no reply".into()),
                },
            ),
        );
        checks.push(v.check("no other e-mail sent", |_, ctx| {
            match sent_mail(ctx)
                .iter()
                .find(|s| !s.subject.starts_with("Re: "))
            {
                Some(s) => Err(format!("an e-mail \"{}\"", s.subject)),
                None => Ok(()),
            }
        }));
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        allow::mail_sent()
    }
}

/// The supervisor's replies in the thread `subject`.
fn replies(ctx: &EvalCtx, subject: &str) -> Vec<Sent> {
    sent_mail(ctx)
        .into_iter()
        .filter(|s| {
            s.response_to
                .is_some_and(|id| subject_of(ctx.db, id).ends_with(subject))
        })
        .collect()
}

/// A check that the reply in the thread `subject` reaches `who`.
fn reaches(who: &Person, subject: &str) -> Check {
    let (email, subject) = (who.email.clone(), subject.to_string());
    Check::new(format!("the reply reaches {}", full(who)), move |ctx| {
        let id = gmail_id(ctx, &email).unwrap_or(-1);
        if replies(ctx, &subject).iter().any(|s| s.to.contains(&id)) {
            Ok(())
        } else {
            Err("not a recipient".into())
        }
    })
}
