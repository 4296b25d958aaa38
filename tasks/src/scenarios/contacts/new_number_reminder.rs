//! "X texted me a new number: update the contact, and remind them of my pending Venmo
//! request." An older text of theirs gives another number; an approved request to them and a
//! pending request to someone else lie next to it. Variant 2: a coworker; variant 3: a friend
//! saved under a nickname, named by it.

use crate::eval::EvalCtx;
use crate::kit::money::same_amount;
use crate::kit::phone::{contact_number, is_number_update};
use crate::kit::python::{py, solution};
use crate::kit::venmo::{approve_request, reminded_requests, request_to};
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::Duration;

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The friend (variant 2: coworker) with the new number.
    f: Person,
    /// Another friend with a pending request of the supervisor's.
    o: Person,
    /// The number texted last, and the other line texted 40 days ago.
    new_number: String,
    old_alt: String,
    /// The pending request to `f`: amount and description.
    amount: f64,
    what: &'static str,
    /// What the instruction calls `f` (variant 3: the nickname).
    called: String,
}

impl Design for Values {
    const APPS: &[&str] = &["phone", "venmo"];
    const SCRIPT: &str = include_str!("new_number_reminder.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| {
            let r = pop.relations_of(p.id);
            r.iter().filter(|(r, _)| *r == Relation::Friend).count() >= 2
                && r.iter().any(|(r, _)| *r == Relation::Coworker)
        });
        let rels = pop.relations_of(p.id);
        let friends_of: Vec<i64> = rels
            .iter()
            .filter(|(r, _)| *r == Relation::Friend)
            .map(|(_, id)| *id)
            .collect();
        let f = match g.variant {
            2 => g.person(
                rels.iter()
                    .find(|(r, _)| *r == Relation::Coworker)
                    .map(|(_, id)| *id)
                    .unwrap_or(1),
            ),
            _ => g.person(friends_of[0]),
        };
        let o = g.person(*friends_of.iter().find(|id| **id != f.id).unwrap_or(&1));
        let new_number = format!("555{:07}", g.rng.range(1_000_000, 9_999_999));
        let old_alt = format!("555{:07}", g.rng.range(1_000_000, 9_999_999));
        let called = if g.variant == 3 {
            "Pip".to_string()
        } else {
            f.first_name.clone()
        };
        Values {
            variant: g.variant,
            supervisor: p,
            f,
            o,
            new_number,
            old_alt,
            amount: [48.0, 36.5, 62.0][usize::from(g.variant - 1)],
            what: ["Concert tickets", "Team lunch", "Cabin deposit"][usize::from(g.variant - 1)],
            called,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let called = &v.called;
        match v.variant {
            1 => format!(
                "{called} texted me a new phone number. Update {called}'s contact with it, then send a Venmo reminder about the payment request I sent them that's still pending."
            ),
            2 => format!(
                "My coworker {called} {} has a new phone number (they texted it to me). Put it in my contacts and remind them on Venmo about my open request.",
                v.f.last_name
            ),
            _ => "Pip (that's how my friend is saved in my phone) just texted me their new number. Save it in the contact, and nudge them on Venmo about the request of mine they haven't paid yet.".to_string(),
        }
    }

    /// The texts with both numbers, an approved and a pending request to `f`, one to `o`.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, f) = (&v.supervisor, &v.f);
            if v.variant == 3 {
                s.relabel_contact(sup, f, "Pip", &["friend"])?;
            }
            s.add_text(
                f,
                sup,
                &format!("If my cell is off, try my other line: {}", v.old_alt),
                s.now - Duration::days(40),
            )?;
            s.add_text(
                f,
                sup,
                &format!(
                    "Hey! I switched carriers - my new number is {}. This one stops working on Friday.",
                    v.new_number
                ),
                s.now - Duration::hours(6),
            )?;
            s.add_text(f, sup, "Talk soon!", s.now - Duration::hours(5))?;
            s.add_venmo_request(sup, f, 19.0, "Pizza night", s.now - Duration::days(30))?;
            approve_request(s, s.last_id())?;
            s.add_venmo_request(sup, f, v.amount, v.what, s.now - Duration::days(9))?;
            s.add_venmo_request(sup, &v.o, 27.0, "Movie night", s.now - Duration::days(6))?;
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let vals = Vals::new()
            .lit("name", &v.called)
            .lit("last_name", &v.f.last_name);
        let find = if v.variant == 2 {
            "find_with_last_name"
        } else {
            "find"
        };
        // The solution that takes the `pick`th newest number and reminds `who` (`cell`).
        let act = |pick: usize, who: &str, cell: &str| {
            vec![
                script.cell("logins", &vals),
                script.cell(find, &vals),
                script.cell(cell, &Vals::new().code("pick", pick).code("who", who)),
            ]
        };
        let ground_truth = act(0, "c[\"email\"]", "update_and_remind");
        let wrong = vec![
            solution(
                "takes the older number",
                act(1, "c[\"email\"]", "update_and_remind"),
            ),
            solution(
                "reminds someone else",
                act(0, &py(&v.o.email), "update_and_remind"),
            ),
            solution(
                "updates the number but sends no reminder",
                act(0, "c[\"email\"]", "update_only"),
            ),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![
            v.check(
                format!(
                    "{} {}'s contact has the number {}",
                    v.f.first_name, v.f.last_name, v.new_number
                ),
                |v, ctx| {
                    let me = ctx.user_id("phone");
                    contact_number(ctx.db, me, &v.f.email)
                        .map_err(|e| e.to_string())
                        .and_then(|n| {
                            if n.as_deref() == Some(v.new_number.as_str()) {
                                Ok(())
                            } else {
                                Err(format!("it has {n:?}"))
                            }
                        })
                },
            ),
            Check::new(
                "only the phone number of that contact changed",
                |ctx| match ctx
                    .diff
                    .rows
                    .iter()
                    .find(|r| r.is("phone", "contacts") && !is_number_update(r))
                {
                    Some(r) => Err(format!("{:?} contact change", r.kind())),
                    None => Ok(()),
                },
            ),
            v.check(
                format!(
                    "{} got a reminder for the ${:.2} \"{}\" request",
                    v.f.first_name, v.amount, v.what
                ),
                |v, ctx| {
                    let r = reminded(ctx);
                    if r.iter().any(|x| {
                        x.0.eq_ignore_ascii_case(&v.f.email)
                            && same_amount(x.1, v.amount)
                            && x.2 == v.what
                    }) {
                        Ok(())
                    } else {
                        Err(format!("reminders: {r:?}"))
                    }
                },
            ),
            v.check(
                format!(
                    "exactly one reminder was sent, none to {} {}",
                    v.o.first_name, v.o.last_name
                ),
                |v, ctx| {
                    let r = reminded(ctx);
                    if r.len() == 1 && !r.iter().any(|x| x.0.eq_ignore_ascii_case(&v.o.email)) {
                        Ok(())
                    } else {
                        Err(format!("reminders: {r:?}"))
                    }
                },
            ),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            Allow::new("the phone number of the supervisor's contact", |ctx, r| {
                r.is("phone", "contacts")
                    && is_number_update(r)
                    && r.before("user_id").as_i64() == ctx.user_id("phone")
            }),
            allow::venmo_notifications(),
        ]
    }
}

/// The requests the episode's reminders are about: (receiver's e-mail, amount, description).
fn reminded(ctx: &EvalCtx) -> Vec<(String, f64, String)> {
    reminded_requests(ctx)
        .into_iter()
        .filter_map(|id| request_to(ctx.db, id))
        .collect()
}
