//! A note built from the supervisor's own data: their cards (variant 1), addresses (variant
//! 2), or only the cards expiring after a year (variant 3), in the order the supervisor app
//! lists them.

use crate::diff::ChangeKind;
use crate::kit::notes::{added_note, added_note_lines, is_own_note, none_changed};
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen};
use apps::people::{PaymentCard, Person};
use std::collections::BTreeSet;

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    /// The note's title and its lines.
    title: &'static str,
    expected: Vec<String>,
    /// The earliest expiry year of the supervisor's cards.
    min_year: i64,
    /// The cells that write the right lines and the wrong solution's lines.
    gt: &'static str,
    wrong_cell: &'static str,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "simple_note"];
    const SCRIPT: &str = include_str!("profile_note.py");

    /// The supervisor, the note's lines and the filler notes.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        // Someone with at least two cards of different expiry years, so variant 3 has a choice.
        let p = g.supervisor_from(|cand| {
            let years: BTreeSet<i64> = cand.payment_cards.iter().map(|c| c.expiry_year).collect();
            years.len() >= 2 && cand.addresses.len() >= 2
        });
        let min_year = p
            .payment_cards
            .iter()
            .map(|c| c.expiry_year)
            .min()
            .unwrap_or(2024);
        let (title, expected, instruction, gt, wrong_cell) = match g.variant {
            2 => (
                "My Addresses",
                p.addresses
                    .iter()
                    .map(|a| format!("{}: {}, {}", a.name, a.street_address, a.city))
                    .collect(),
                "Create a SimpleNote note titled \"My Addresses\" with one line per address saved in the supervisor app, written as \"<name>: <street address>, <city>\", in the order the supervisor app lists them.".into(),
                "address_lines",
                "address_lines_with_state",
            ),
            v => cards(&p, v == 3, min_year),
        };
        let filler = g.filler(&p, 8, &[], &[title]);
        let values = Values {
            variant: g.variant,
            title,
            expected,
            min_year,
            gt,
            wrong_cell,
        };
        Drawing::from((values, filler)).instruction(instruction)
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let vals = Vals::new()
            .lit("title", v.title)
            .code("min_year", v.min_year);
        let cell = |name: &str| script.cell(name, &vals);
        let joined = |names: &[&str]| script.cells(names, &vals).join("\n");
        let ground_truth = vec![
            cell("login"),
            joined(&["check_new", v.gt, "create"]),
            cell("done"),
        ];
        let wrong_name = match v.variant {
            2 => "adds the state to each line",
            3 => "lists every card, sorted",
            _ => "sorts the cards by name",
        };
        let wrong = vec![
            solution(
                wrong_name,
                vec![
                    cell("login"),
                    joined(&[v.wrong_cell, "create"]),
                    cell("done"),
                ],
            ),
            solution(
                "writes the lines into the answer instead of a note",
                vec![cell("login"), joined(&[v.gt, "answer_lines"])],
            ),
        ];
        (ground_truth, wrong)
    }

    /// One note added with exactly the expected lines; no other note edited or deleted.
    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![
            v.check(
                format!("one note titled {:?} was added", v.title),
                |v, ctx| added_note(ctx, v.title).map(|_| ()),
            ),
            v.check(
                format!("it has {} lines, one per item", v.expected.len()),
                |v, ctx| {
                    let got = added_note_lines(ctx, v.title)?;
                    if got.len() == v.expected.len() {
                        Ok(())
                    } else {
                        Err(format!("it has {} lines", got.len()))
                    }
                },
            ),
            none_changed("no note was edited", ChangeKind::Updated),
            none_changed("no note was deleted", ChangeKind::Removed),
            v.check(
                format!("its lines are: {}", v.expected.join(" | ")),
                |v, ctx| {
                    let got = added_note_lines(ctx, v.title)?;
                    if got == v.expected {
                        Ok(())
                    } else {
                        Err(format!("it has: {}", got.join(" | ")))
                    }
                },
            ),
        ]
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        vec![v.allow(format!("adding {:?}", v.title), |v, ctx, r| {
            is_own_note(ctx, r)
                && r.kind() == ChangeKind::Added
                && r.get("title").as_str() == Some(v.title)
        })]
    }
}

/// The card variants' title, lines, instruction and cells (`only_after`: variant 3).
fn cards(
    p: &Person,
    only_after: bool,
    min_year: i64,
) -> (
    &'static str,
    Vec<String>,
    String,
    &'static str,
    &'static str,
) {
    let card_line = |c: &PaymentCard| {
        format!(
            "{} ending {:04}: expires {:02}/{}",
            c.card_name,
            c.card_number % 10000,
            c.expiry_month,
            c.expiry_year
        )
    };
    let cards: Vec<String> = p
        .payment_cards
        .iter()
        .filter(|c| !only_after || c.expiry_year > min_year)
        .map(card_line)
        .collect();
    let which = if only_after {
        format!("each of my payment cards that expires after {min_year}")
    } else {
        "each of my payment cards".to_string()
    };
    (
        "Card Reminders",
        cards,
        format!(
            "Create a SimpleNote note titled \"Card Reminders\" with one line for {which}, written as \"<card name> ending <last 4 digits>: expires <MM>/<YYYY>\", in the order the supervisor app lists them."
        ),
        if only_after {
            "card_lines_after"
        } else {
            "card_lines"
        },
        "card_lines_sorted",
    )
}
