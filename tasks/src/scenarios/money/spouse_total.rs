//! "How much did I send my wife on Venmo in March?" The spouse is found through the phone's
//! relationship label; more than a page of payments, money going the other way, payments just
//! outside the month and a payment to someone else about the spouse around it. Variant 2 asks
//! about April; variant 3 about what the spouse sent.

use crate::kit::money::{cents_of, usd};
use crate::kit::people::related;
use crate::kit::python::solution;
use crate::kit::time::on;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Answer, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Population, Relation};
use chrono::NaiveDateTime;

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    /// The spouse and the label the supervisor's phone gives them.
    spouse: Person,
    label: &'static str,
    /// The friend the flowers payment goes to.
    other: Person,
    /// The month asked about, its last day, and whether the supervisor sent the money asked about.
    month: u32,
    last: u32,
    sent: bool,
    /// The payments between the supervisor and the spouse.
    rows: Vec<Row>,
    /// The flowers payment to the friend: cents and description.
    gift: (i64, String),
    /// The answer, in cents.
    answer: i64,
}

/// A Venmo payment between the supervisor and the spouse.
struct Row {
    /// Whether the supervisor sent it.
    mine: bool,
    cents: i64,
    what: &'static str,
    at: NaiveDateTime,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "phone", "venmo"];
    const SCRIPT: &str = include_str!("spouse_total.py");

    /// The supervisor, the spouse and the payments.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        // Variant 2 asks a husband about his wife, the others a wife about her husband.
        let wife = g.variant == 2;
        let p = g.supervisor_where(|p| {
            spouse(pop, p).is_some_and(|(_, l)| (l == "wife") == wife)
                && !related(pop, p, Relation::Friend).is_empty()
        });
        let (q, label) = spouse(pop, &p).unwrap_or_else(|| (p.clone(), "wife"));
        let other = related(pop, &p, Relation::Friend)[0].clone();
        let v = g.variant;
        let (month, sent) = match v {
            1 => (3u32, true),
            2 => (4, true),
            _ => (3, false),
        };
        let last = if month == 4 { 30 } else { 31 };
        let (rows, answer) = payments(g, month, last, sent);
        let gift = (
            cents_of(&mut g.rng, 3_000, 8_000, 1),
            format!("Flowers for {}", q.first_name),
        );
        let instruction = match v {
            1 => format!(
                "How much money did I send my {label} on Venmo in March? Just give me the total."
            ),
            2 => format!("What's the total I paid my {label} through Venmo in April?"),
            _ => format!("How much did my {label} send me on Venmo in March, in total?"),
        };
        Drawing::from(Values {
            supervisor: p,
            spouse: q,
            label,
            other,
            month,
            last,
            sent,
            rows,
            gift,
            answer,
        })
        .instruction(instruction)
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, q) = (&v.supervisor, &v.spouse);
            s.remove_venmo_transactions_between(
                sup,
                q,
                on(2023, 2, 15, 0, 0),
                on(2023, 5, 17, 23, 59),
            )?;
            for r in &v.rows {
                let (from, to) = if r.mine { (sup, q) } else { (q, sup) };
                s.add_venmo_payment(from, to, usd(r.cents), r.what, r.at)?;
            }
            s.add_venmo_payment(
                sup,
                &v.other,
                usd(v.gift.0),
                &v.gift.1,
                on(2023, v.month, 12, 10, 0),
            )?;
            Ok(())
        })]
    }

    fn answer(v: &Values) -> Option<Answer> {
        Some(Answer::Number(usd(v.answer)))
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let login = script.cell("logins", &Vals::new());
        let who = script.cell("who", &Vals::new().lit("label", v.label));
        let sum = |cell: &str, min: &str, max: &str, direction: &str| {
            let vals = Vals::new()
                .code("min", min)
                .code("max", max)
                .code("direction", direction);
            script.cell(cell, &vals)
        };
        let (month, last) = (v.month, v.last);
        let (min, max) = (
            format!("2023-{month:02}-01"),
            format!("2023-{month:02}-{last}"),
        );
        let (dir, other_dir) = if v.sent {
            ("sent", "received")
        } else {
            ("received", "sent")
        };
        let run = |sum: String| vec![login.clone(), who.clone(), sum];
        let ground_truth = run(sum("sum", &min, &max, dir));
        let wrong = vec![
            solution(
                "counts the money that went both ways",
                run(sum("sum_both_ways", &min, &max, dir)),
            ),
            solution(
                "reads only the first page of payments",
                run(sum("sum_first_page", &min, &max, dir)),
            ),
            solution(
                "counts the whole year so far",
                run(sum("sum", "2023-01-01", "2023-12-31", dir)),
            ),
            solution(
                "counts the other direction",
                run(sum("sum", &min, &max, other_dir)),
            ),
        ];
        (ground_truth, wrong)
    }
}

/// The payments with the spouse (those asked about, the other way, just outside the month)
/// and the total asked about, in cents.
fn payments(g: &mut Gen, month: u32, last: u32, sent: bool) -> (Vec<Row>, i64) {
    const WHAT: &[&str] = &[
        "Groceries",
        "Dinner",
        "Utilities",
        "Pharmacy",
        "Date night",
        "Home supplies",
        "Dog food",
        "Gas",
    ];
    let mut rows = Vec::new();
    let mut answer = 0;
    for (i, (day, h)) in [
        (1, 7),
        (4, 18),
        (9, 12),
        (15, 20),
        (19, 9),
        (24, 13),
        (last, 22),
    ]
    .into_iter()
    .enumerate()
    {
        let cents = cents_of(&mut g.rng, 1_500, 12_000, 1);
        answer += cents;
        rows.push(Row {
            mine: sent,
            cents,
            what: WHAT[i % WHAT.len()],
            at: on(2023, month, day, h, 40),
        });
    }
    for (i, day) in [6, 17, 28].into_iter().enumerate() {
        let cents = cents_of(&mut g.rng, 1_500, 9_000, 1);
        rows.push(Row {
            mine: !sent,
            cents,
            what: WHAT[(i + 3) % WHAT.len()],
            at: on(2023, month, day, 19, 5),
        });
    }
    let prev_last = if month == 4 { 31 } else { 28 };
    rows.push(Row {
        mine: sent,
        cents: cents_of(&mut g.rng, 2_000, 9_000, 1),
        what: "Groceries",
        at: on(2023, month - 1, prev_last, 21, 30),
    });
    rows.push(Row {
        mine: sent,
        cents: cents_of(&mut g.rng, 2_000, 9_000, 1),
        what: "Utilities",
        at: on(2023, month + 1, 1, 8, 15),
    });
    (rows, answer)
}

/// `p`'s spouse and the label `p`'s phone gives them (`wife` or `husband`).
fn spouse(pop: &Population, p: &Person) -> Option<(Person, &'static str)> {
    if let Some(w) = related(pop, p, Relation::Wife).into_iter().next() {
        return Some((w, "wife"));
    }
    related(pop, p, Relation::Husband)
        .into_iter()
        .next()
        .map(|h| (h, "husband"))
}
