//! "Delete the voice messages older than N days from numbers not in my contacts." Two
//! strangers left old messages (one also a recent one, to keep), a contact left an old one
//! (to keep). Variant 2: another cut-off and a third stranger; variant 3: the old message of
//! a contact saved under a nickname (their name in the message differs) must stay too.

use super::{friends, strangers, supervisor_with_friends};
use crate::eval::EvalCtx;
use crate::kit::phone::{has_contact_number, voice_message, voice_removal, voice_removed};
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::Duration;

/// A designed voice message: (sender, days ago, message, to delete?).
type Voice = (Person, i64, String, bool);

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The cut-off in days.
    days: i64,
    /// The strangers (removed from the contacts), and the contact saved as "Moose" in variant 3.
    strs: Vec<Person>,
    c2: Person,
    msgs: Vec<Voice>,
    /// The cut-off as the database writes it.
    cutoff: String,
}

impl Design for Values {
    const APPS: &[&str] = &["phone"];
    const SCRIPT: &str = include_str!("old_voice_from_strangers.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = supervisor_with_friends(g, 2);
        let days: i64 = [30, 14, 45][usize::from(g.variant - 1)];
        let n_str = if g.variant == 2 { 3 } else { 2 };
        let strs = strangers(g, &p, n_str);
        let known = friends(g, &p);
        let (c1, c2) = (known[0].clone(), known[1].clone());
        let msgs = messages(g.variant, days, &strs, c1, &c2);
        Values {
            variant: g.variant,
            supervisor: p,
            days,
            strs,
            c2,
            msgs,
            cutoff: sim::clock::fmt_datetime(g.now - Duration::days(days)),
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let days = v.days;
        match v.variant {
            1 => format!(
                "Delete the voice messages on my phone that are older than {days} days and came from numbers that aren't in my contacts."
            ),
            2 => format!(
                "Clean up my voicemail: remove every voice message from someone who isn't one of my phone contacts, if it's more than {days} days old."
            ),
            _ => format!(
                "Please delete voice messages left more than {days} days ago by people who are not in my contacts. Keep everything else."
            ),
        }
    }

    /// The strangers leave the contacts (variant 3: `c2` saved as "Moose"); the messages arrive.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let sup = &v.supervisor;
            for x in &v.strs {
                s.remove_contact(sup, x)?;
            }
            if v.variant == 3 {
                s.relabel_contact(sup, &v.c2, "Moose", &["friend"])?;
            }
            for (i, (from, ago, text, _)) in v.msgs.iter().enumerate() {
                let at = s.now - Duration::days(*ago) - Duration::minutes(97 * i as i64 + 31);
                s.add_voice(from, sup, text, at)?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        // Logins, then `delete` (its cut-off) deleting what `condition` names.
        let cells = |delete: &str, condition: &str| {
            let vals = Vals::new()
                .code("days", v.days)
                .code("condition", script.cell(condition, &Vals::new()));
            script.cells(&["logins", delete], &vals)
        };
        let ground_truth = cells("delete_old", "old_stranger");
        let wrong = vec![
            solution(
                "misreads the cut-off (a week earlier)",
                cells("delete_old_week_early", "old_stranger"),
            ),
            solution(
                "deletes old ones from contacts too",
                cells("delete_old", "old"),
            ),
            solution(
                "deletes every stranger's message, whatever its age",
                cells("delete_old", "stranger"),
            ),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        v.msgs.iter().map(message_check).collect()
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        vec![v.allow(
            format!(
                "removed voice messages from non-contacts sent before {}",
                v.cutoff
            ),
            |v, ctx, r| {
                voice_removal(ctx, r)
                    .and_then(|g| voice_message(ctx.db, g))
                    .is_some_and(|d| d.2.as_str() < v.cutoff.as_str() && !is_contact(ctx, &d.1))
            },
        )]
    }
}

/// The voice messages of the strangers `strs` and the contacts `c1` (and `c2` in variant 3).
fn messages(variant: u8, days: i64, strs: &[Person], c1: Person, c2: &Person) -> Vec<Voice> {
    let mut msgs: Vec<Voice> = vec![
        (
            strs[0].clone(),
            days + 9,
            format!(
                "Hello, this is {} from Brightside Solar. We have a special offer for homeowners in your area, call me back!",
                strs[0].first_name
            ),
            true,
        ),
        (
            strs[0].clone(),
            days + 4,
            format!(
                "Hi again, {} from Brightside Solar following up on our offer.",
                strs[0].first_name
            ),
            true,
        ),
        (
            strs[1].clone(),
            days + 2,
            "Hi, I think I have the wrong number - I was looking for the dentist's office. Sorry!"
                .to_string(),
            true,
        ),
        (
            strs[1].clone(),
            days - 3,
            format!(
                "Hi, it's {} again - we met at the conference last week. Call me when you can!",
                strs[1].first_name
            ),
            false,
        ),
        (
            c1,
            days + 6,
            "Hey! Call me back when you get this, it's about the weekend.".to_string(),
            false,
        ),
    ];
    if variant == 2 {
        msgs.push((
            strs[2].clone(),
            days + 12,
            "This is a reminder about your car's extended warranty. Press 1 to speak to an agent."
                .to_string(),
            true,
        ));
    }
    if variant == 3 {
        msgs.push((
            c2.clone(),
            days + 20,
            format!(
                "Hi, it's {} {} - long time no see! Give me a ring sometime.",
                c2.first_name, c2.last_name
            ),
            false,
        ));
    }
    msgs
}

/// The message was deleted, or kept, as it should be.
fn message_check((from, ago, text, delete): &Voice) -> Check {
    let (t, del) = (text.clone(), *delete);
    let name = format!("{} {}", from.first_name, from.last_name);
    let what = if del {
        format!("{name}'s voice message of {ago} days ago was deleted")
    } else {
        format!("{name}'s voice message of {ago} days ago was kept")
    };
    Check::new(what, move |ctx| {
        let gone = deleted_voice(ctx).iter().any(|d| d.0 == t);
        match (gone, del) {
            (true, true) | (false, false) => Ok(()),
            (true, false) => Err("it was deleted".into()),
            (false, true) => Err("it is still there".into()),
        }
    })
}

/// The supervisor's voice-message copies the episode removed: (message, sender's number,
/// sent at).
fn deleted_voice(ctx: &EvalCtx) -> Vec<(String, String, String)> {
    voice_removed(ctx)
        .into_iter()
        .filter_map(|id| voice_message(ctx.db, id))
        .collect()
}

/// Is `number` one of the supervisor's phone contacts?
fn is_contact(ctx: &EvalCtx, number: &str) -> bool {
    has_contact_number(ctx.db, ctx.user_id("phone"), number)
}
