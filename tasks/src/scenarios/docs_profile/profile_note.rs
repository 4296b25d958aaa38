//! A note built from the supervisor's own data: their cards (variant 1), addresses (variant
//! 2), or only the cards expiring after a year (variant 3), in the order the supervisor app
//! lists them.

use crate::diff::ChangeKind;
use crate::kit::notes::{added_note, none_changed};
use crate::kit::notes::{is_own_note, lines};
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::{Allow, Check};
use crate::scenarios::{Gen, Parts};
use std::collections::BTreeSet;

pub(super) fn build(g: &mut Gen) -> Parts {
    // Someone with at least two cards of different expiry years, so variant 3 has a choice.
    let mut p = g.supervisor();
    let people = &g.population.people;
    let start = people.iter().position(|x| x.id == p.id).unwrap_or(0);
    for k in 0..people.len() {
        let cand = &people[(start + k) % people.len()];
        let years: BTreeSet<i64> = cand.payment_cards.iter().map(|c| c.expiry_year).collect();
        if years.len() >= 2 && cand.addresses.len() >= 2 {
            p = cand.clone();
            break;
        }
    }
    let min_year = p
        .payment_cards
        .iter()
        .map(|c| c.expiry_year)
        .min()
        .unwrap_or(2024);
    let card_line = |c: &apps::people::PaymentCard| {
        format!(
            "{} ending {:04}: expires {:02}/{}",
            c.card_name,
            c.card_number % 10000,
            c.expiry_month,
            c.expiry_year
        )
    };
    let (title, expected, instruction, gt, wrong_cell): (&str, Vec<String>, String, &str, &str) =
        match g.variant {
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
            v => {
                let only_after = v == 3;
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
                    format!("Create a SimpleNote note titled \"Card Reminders\" with one line for {which}, written as \"<card name> ending <last 4 digits>: expires <MM>/<YYYY>\", in the order the supervisor app lists them."),
                    if only_after {
                        "card_lines_after"
                    } else {
                        "card_lines"
                    },
                    "card_lines_sorted",
                )
            }
        };
    let filler = g.filler(&p, 8, &[], &[title]);
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "simple_note"];
    parts.notes = Some(filler);
    let script = Script::parse(include_str!("profile_note.py"));
    let vals = Vals::new().lit("title", title).code("min_year", min_year);
    let cell = |name: &str| script.cell(name, &vals);
    let joined = |names: &[&str]| script.cells(names, &vals).join("\n");
    parts.ground_truth = vec![
        cell("login"),
        joined(&["check_new", gt, "create"]),
        cell("done"),
    ];
    let wrong_name = match g.variant {
        2 => "adds the state to each line",
        3 => "lists every card, sorted",
        _ => "sorts the cards by name",
    };
    parts.wrong = vec![
        solution(
            wrong_name,
            vec![cell("login"), joined(&[wrong_cell, "create"]), cell("done")],
        ),
        solution(
            "writes the lines into the answer instead of a note",
            vec![cell("login"), joined(&[gt, "answer_lines"])],
        ),
    ];
    let (t, t1) = (title.to_string(), title.to_string());
    let n_lines = expected.len();
    let e1 = expected.clone();
    parts.checks = vec![
        Check::new(format!("one note titled {title:?} was added"), move |ctx| {
            added_note(ctx, &t1).map(|_| ())
        }),
        Check::new(format!("it has {n_lines} lines, one per item"), {
            let t = title.to_string();
            move |ctx| {
                let got = lines(added_note(ctx, &t)?.get("content").as_str().unwrap_or(""));
                if got.len() == e1.len() {
                    Ok(())
                } else {
                    Err(format!("it has {} lines", got.len()))
                }
            }
        }),
        none_changed("no note was edited", ChangeKind::Updated),
        none_changed("no note was deleted", ChangeKind::Removed),
    ];
    parts.checks.push(Check::new(
        format!("its lines are: {}", expected.join(" | ")),
        move |ctx| {
            let r = added_note(ctx, &t)?;
            let got = lines(r.get("content").as_str().unwrap_or(""));
            if got == expected {
                Ok(())
            } else {
                Err(format!("it has: {}", got.join(" | ")))
            }
        },
    ));
    let t = title.to_string();
    parts.allowed = vec![Allow::new(format!("adding {title:?}"), move |ctx, r| {
        is_own_note(ctx, r) && r.kind() == ChangeKind::Added && r.get("title").as_str() == Some(&t)
    })];
    parts
}
