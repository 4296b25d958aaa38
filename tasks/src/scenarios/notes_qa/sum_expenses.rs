//! "How much did I spend on my trip to X?" Sums `label: $amount` lines of one note; another
//! trip's note is the distractor; variant 3 leaves the hotel out.

use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::{Answer, Solution};
use crate::scenarios::{Design, Drawing, Gen, mix};

/// What a variant drew.
pub(super) struct Values {
    /// The sum asked for (variant 3: without the hotel).
    total: f64,
    exclude_hotel: bool,
    /// The trip's note and the other trip's.
    title: String,
    other_title: String,
}

impl Design for Values {
    const APPS: &[&str] = &["simple_note"];
    const SCRIPT: &str = include_str!("sum_expenses.py");

    /// The two trips' expenses, their notes and the fillers.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let cities = ["Lisbon", "Denver", "Kyoto", "Toronto", "Seville", "Boston"];
        let city = cities[(g.variant as usize + g.rng.range(0, 2) as usize) % cities.len()];
        let other = cities[(g.variant as usize + 3) % cities.len()];
        let items = [
            "Hotel",
            "Flights",
            "Dinner",
            "Museum",
            "Taxi",
            "Souvenirs",
            "Lunch",
        ];
        let trip = |g: &mut Gen| {
            let n = g.rng.range(4, 7) as usize;
            (0..n)
                .map(|i| (items[i], g.rng.range(800, 60000) as f64 / 100.0))
                .collect::<Vec<_>>()
        };
        let ours_items = trip(g);
        let other_items = trip(g);
        let fmt = |xs: &[(&str, f64)]| {
            xs.iter()
                .map(|(k, v)| format!("{k}: ${v:.2}"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        let exclude_hotel = g.variant == 3;
        let total: f64 = ours_items
            .iter()
            .filter(|(k, _)| !(exclude_hotel && *k == "Hotel"))
            .map(|(_, v)| v)
            .sum();
        let total = (total * 100.0).round() / 100.0;
        let title = format!("{city} Trip Expenses");
        let other_title = format!("{other} Trip Expenses");
        let ours = vec![
            g.note(&title, &fmt(&ours_items), &["travel", "finance"], false, 30),
            g.note(
                &other_title,
                &fmt(&other_items),
                &["travel", "finance"],
                false,
                200,
            ),
        ];
        let filler = g.filler(&p, 8, &[], &[]);
        let but = if exclude_hotel {
            ", not counting the hotel"
        } else {
            " in total"
        };
        let instruction = format!(
            "According to my SimpleNote note \"{title}\", how much did I spend on that trip{but}? Answer with a number."
        );
        let notes = mix(&mut g.rng, filler, ours);
        let values = Values {
            total,
            exclude_hotel,
            title,
            other_title,
        };
        Drawing::from((values, notes)).instruction(instruction)
    }

    fn answer(v: &Values) -> Option<Answer> {
        Some(Answer::Number(v.total))
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let (title, other_title, exclude_hotel) = (&v.title, &v.other_title, v.exclude_hotel);
        let cells = |title: &str, skip_hotel: bool| {
            let counted = if skip_hotel {
                "label != \"Hotel\""
            } else {
                "True"
            };
            let vals = Vals::new().lit("title", title).code("counted", counted);
            script.cells(&["login", "sum", "answer"], &vals)
        };
        let ground_truth = cells(title, exclude_hotel);
        let wrong = vec![
            solution(
                "sums the other trip's note",
                cells(other_title, exclude_hotel),
            ),
            solution(
                if exclude_hotel {
                    "includes the hotel"
                } else {
                    "leaves the hotel out"
                },
                cells(title, !exclude_hotel),
            ),
        ];
        (ground_truth, wrong)
    }
}
