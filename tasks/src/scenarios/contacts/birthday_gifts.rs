//! "Text everyone in my contacts whose birthday is in the next N days and send them the gift
//! amount from my note on Venmo." Two contacts' birthdays fall in the window, one just after
//! it, one just before today (base-world birthdays near the window are moved away). Variant
//! 2: a ten-day window and a larger gift; variant 3: one of them is saved under a nickname
//! and the note names last year's amount too.

use super::{allow_texts_and_payments, one_text};
use crate::eval::EvalCtx;
use crate::kit::money::same_amount;
use crate::kit::phone::sent_texts_by_number;
use crate::kit::python::solution;
use crate::kit::venmo::{email_of, payments_sent};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep, mix};
use apps::people::Person;
use chrono::{Datelike, Duration};

const MESSAGE: &str = "Happy birthday!";

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    variant: u8,
    /// Days from today that count as "the next N days".
    window: i64,
    /// This year's gift amount.
    amount: f64,
    /// (person, days from today of the next birthday, gets a gift?)
    plan: Vec<(Person, i64, bool)>,
}

impl Design for Values {
    const APPS: &[&str] = &["phone", "venmo", "simple_note"];
    const SCRIPT: &str = include_str!("birthday_gifts.py");

    /// The supervisor and the four contacts whose birthdays are placed around the window, then
    /// the notes (the gift note among fillers).
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| pop.relations_of(p.id).len() >= 4);
        let known: Vec<Person> = pop
            .relations_of(p.id)
            .into_iter()
            .map(|(_, id)| g.person(id))
            .collect();
        let window: i64 = if g.variant == 2 { 10 } else { 7 };
        let amount: f64 = [25.0, 40.0, 30.0][usize::from(g.variant - 1)];
        let plan: Vec<(Person, i64, bool)> = vec![
            (known[0].clone(), 2, true),
            (known[1].clone(), window - 1, true),
            (known[2].clone(), window + 3, false),
            (known[3].clone(), -2, false),
        ];
        let v = Values {
            supervisor: p,
            variant: g.variant,
            window,
            amount,
            plan,
        };
        let content = match g.variant {
            3 => format!(
                "Birthday gifts\nGift per person this year: ${amount:.0} on Venmo (it was $20 last year).\nAlways send a text too."
            ),
            _ => format!(
                "Birthday gifts\n- ${amount:.0} on Venmo for each friend or family member\n- plus a text on the day or just before"
            ),
        };
        let mut filler = g.filler(&v.supervisor, 6, &[], &["Birthday gifts"]);
        filler.push(g.note(
            "Birthday ideas",
            "Gift ideas: a book, a plant, concert tickets. Budget up to $60.",
            &[],
            false,
            40,
        ));
        let ours = vec![g.note("Birthday gifts", &content, &[], false, 20)];
        let notes = mix(&mut g.rng, filler, ours);
        (v, notes).into()
    }

    fn instruction(v: &Values) -> String {
        let (window, message) = (v.window, MESSAGE);
        match v.variant {
            1 => format!(
                "Check my phone contacts for birthdays in the next {window} days. Text each of those people \"{message}\" and send them the gift amount from my \"Birthday gifts\" note on Venmo, with \"{message}\" as the description."
            ),
            2 => format!(
                "Whose birthday is coming up in the next {window} days? Look at the birthdays in my phone contacts, text each of them \"{message}\" and Venmo them the amount in my \"Birthday gifts\" note (description \"{message}\")."
            ),
            _ => format!(
                "For every contact in my phone with a birthday within the next {window} days: send a text saying \"{message}\" and a Venmo payment of this year's gift amount from my \"Birthday gifts\" note, described \"{message}\"."
            ),
        }
    }

    /// Clears birthdays near the window, then places the four planned ones.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let today = s.now.date();
            s.clear_contact_birthdays(&v.supervisor, today, today + Duration::days(v.window), 6)?;
            for (x, days, _) in &v.plan {
                let d = today + Duration::days(*days);
                let year = x.birthday.year();
                let b = d.with_year(year).unwrap_or(x.birthday);
                s.set_contact_birthday(&v.supervisor, x, b)?;
            }
            if v.variant == 3 {
                s.relabel_contact(&v.supervisor, &v.plan[0].0, "Bean", &["friend"])?;
            }
            s.set_venmo_balance(&v.supervisor, 500.0)?;
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let window = v.window;
        let head = script.cell("logins", &Vals::new());
        let body = |lo: i64, hi: i64, cell: &str, amount_index: &str, title: &str| {
            let vals = Vals::new()
                .code("lo", lo)
                .code("hi", hi)
                .code("amount_index", amount_index)
                .lit("title", title)
                .lit("message", MESSAGE);
            script.cell(cell, &vals)
        };
        let gifts = "Birthday gifts";
        let ground_truth = vec![head.clone(), body(0, window, "gifts", "0", gifts)];
        let mut wrong = vec![
            solution(
                "counts birthdays of the past week too",
                vec![head.clone(), body(-window, window, "gifts", "0", gifts)],
            ),
            solution(
                "takes a wider window (two weeks)",
                vec![head.clone(), body(0, window + 7, "gifts", "0", gifts)],
            ),
            solution(
                "greets only the first one",
                vec![
                    head.clone(),
                    body(0, window, "gifts_first_only", "0", gifts),
                ],
            ),
        ];
        if v.variant == 3 {
            wrong.push(solution(
                "sends last year's amount",
                vec![head.clone(), body(0, window, "gifts", "1", gifts)],
            ));
        } else {
            wrong.push(solution(
                "sends the birthday-ideas budget",
                vec![
                    head.clone(),
                    body(0, window, "gifts", "0", "Birthday ideas"),
                ],
            ));
        }
        (ground_truth, wrong)
    }

    /// Per planned contact: a text and a payment for those in the window, nothing for the others;
    /// then the totals.
    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = Vec::new();
        for (x, days, gets) in &v.plan {
            checks.extend(person_checks(x, *days, *gets, v.amount));
        }
        checks.push(v.check(
            "exactly two texts and two payments were sent",
            |_, ctx| match (sent_texts_by_number(ctx).len(), sent_payments(ctx).len()) {
                (2, 2) => Ok(()),
                (t, v) => Err(format!("{t} texts, {v} payments")),
            },
        ));
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        allow_texts_and_payments()
    }
}

/// The checks for one planned contact (their number and e-mail move into the checks).
fn person_checks(x: &Person, days: i64, gets: bool, amount: f64) -> Vec<Check> {
    let name = format!("{} {}", x.first_name, x.last_name);
    let (number, email) = (x.phone_number.clone(), x.email.clone());
    let message = MESSAGE;
    if !gets {
        return vec![Check::new(
            format!("{name} (birthday {days} days away) got neither text nor payment"),
            move |ctx| {
                if sent_texts_by_number(ctx).iter().any(|t| t.0 == number)
                    || sent_payments(ctx)
                        .iter()
                        .any(|x| x.0.eq_ignore_ascii_case(&email))
                {
                    Err("they got something".into())
                } else {
                    Ok(())
                }
            },
        )];
    }
    vec![
        Check::new(
            format!("{name} (birthday in {days} days) got one text \"{message}\""),
            move |ctx| one_text(ctx, &number, message),
        ),
        Check::new(
            format!("{name} got one Venmo payment of ${amount:.2} described \"{message}\""),
            move |ctx| {
                let pay: Vec<(String, f64, String)> = sent_payments(ctx)
                    .into_iter()
                    .filter(|x| x.0.eq_ignore_ascii_case(&email))
                    .collect();
                match pay.as_slice() {
                    [(_, a, d)]
                        if same_amount(*a, amount)
                            && crate::eval::normalize_text(d)
                                == crate::eval::normalize_text(message) =>
                    {
                        Ok(())
                    }
                    _ => Err(format!("payments {pay:?}")),
                }
            },
        ),
    ]
}

/// The supervisor's Venmo payments: (receiver's e-mail, amount, description).
fn sent_payments(ctx: &EvalCtx) -> Vec<(String, f64, String)> {
    payments_sent(ctx)
        .into_iter()
        .map(|(to, amount, description)| {
            (
                email_of(ctx.db, to).unwrap_or_default(),
                amount,
                description,
            )
        })
        .collect()
}
