//! "Write a note '<City> trip costs' with what I paid by category (lodging, car rental,
//! dinners) and the total, from the receipts in the trip's folder." Variant 2: two dinner
//! receipts lie in a sub-folder; variant 3: last year's folder of the same city has receipts
//! too, and the lodging was paid in two parts.

use super::{at, day, dinner_receipt, folder, with_friends};
use crate::eval::EvalCtx;
use crate::kit::changes::{added_by, allow_own};
use crate::kit::money::c2;
use crate::kit::money::cents_of;
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDate};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The two other travellers.
    friends: Vec<Person>,
    city: &'static str,
    start: NaiveDate,
    nights: i64,
    /// The trip folder, `~/documents/trips/<city_yyyy_mm>/`.
    dir: String,
    /// The receipts: (path under the folder, content).
    files: Vec<(String, String)>,
    /// Last year's folder of the same city and its dinner receipt (written in variant 3).
    old_fold: String,
    old_dinner: i64,
    /// The note's title and the lines it must have.
    title: String,
    lines_want: Vec<String>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "file_system", "simple_note"];
    const SCRIPT: &str = include_str!("cost_note.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let v = g.variant;
        let (p, fr) = with_friends(g, 2);
        let (city, start, nights) = match v {
            1 => ("Savannah Beach", day(2023, 4, 7), 3),
            2 => ("Key West", day(2023, 3, 17), 4),
            _ => ("Montauk", day(2023, 4, 28), 3),
        };
        let fold = folder(city, start);
        let dir = format!("~/documents/trips/{fold}/");
        let mut lodging = vec![cents_of(&mut g.rng, 50_000, 90_000, 1)];
        if v == 3 {
            lodging.push(cents_of(&mut g.rng, 10_000, 20_000, 1));
        }
        let car = cents_of(&mut g.rng, 15_000, 30_000, 1);
        let places = ["Harbor Grill", "La Piazza", "Noodle Bar"];
        let dinners: Vec<i64> = (0..3)
            .map(|_| cents_of(&mut g.rng, 7_000, 16_000, 1))
            .collect();
        let (l_sum, d_sum) = (lodging.iter().sum::<i64>(), dinners.iter().sum::<i64>());
        let total = l_sum + car + d_sum;
        // (path under the folder, content)
        let mut files: Vec<(String, String)> = Vec::new();
        for (i, c) in lodging.iter().enumerate() {
            files.push((
            if i == 0 {
                format!("lodging_receipt_{fold}.pdf")
            } else {
                format!("lodging_receipt_{fold}_balance.pdf")
            },
            format!(
                "Booking receipt\nProperty: Seaside cottage, {city}\nNights: {nights}\n{}Total paid: ${}",
                if i == 0 { "Deposit\n" } else { "Balance due at check-in\n" },
                c2(*c)
            ),
        ));
        }
        files.push((
            format!("car_rental_{fold}.pdf"),
            format!(
                "Rental agreement\nPick-up: {city} {}\nDays: {nights}\nTotal charged: ${}",
                start.format("%Y-%m-%d"),
                c2(car)
            ),
        ));
        for (i, (place, c)) in places.iter().zip(&dinners).enumerate() {
            let d = start + Duration::days(i as i64);
            let name = format!(
                "{}_receipt_{}.txt",
                place.to_lowercase().replace(' ', "_"),
                d.format("%Y_%m_%d")
            );
            let sub = if v == 2 && i > 0 { "receipts/" } else { "" };
            files.push((
                format!("{sub}{name}"),
                dinner_receipt(place, city, d, 3, *c),
            ));
        }
        let old_fold = folder(city, day(2022, 6, 10));
        let old_dinner = cents_of(&mut g.rng, 9_000, 12_000, 1);
        let title = format!("{city} trip costs");
        let lines_want = vec![
            format!("Lodging: ${}", c2(l_sum)),
            format!("Car rental: ${}", c2(car)),
            format!("Dinners: ${}", c2(d_sum)),
            format!("Total: ${}", c2(total)),
        ];
        Values {
            variant: v,
            supervisor: p,
            friends: fr,
            city,
            start,
            nights,
            dir,
            files,
            old_fold,
            old_dinner,
            title,
            lines_want,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let (city, title) = (v.city, &v.title);
        match v.variant {
            1 => format!(
                "From the receipts in my folder for this year's {city} trip, write a note titled \"{title}\" with what I paid per category, one line each: \"Lodging: $…\", \"Car rental: $…\", \"Dinners: $…\", and finally \"Total: $…\" (amounts with cents, like $12.34)."
            ),
            2 => format!(
                "Make me a SimpleNote note called \"{title}\" summing up my receipts for the {city} trip (they're in the trip's folder in my file system, some in a sub-folder): the lines \"Lodging: $…\", \"Car rental: $…\", \"Dinners: $…\" and \"Total: $…\", amounts to the cent (e.g. $12.34)."
            ),
            _ => format!(
                "I need a breakdown of what I spent on this year's {city} trip. Add up the receipts in that trip's folder in my file system and save a note \"{title}\" with the lines \"Lodging: $…\", \"Car rental: $…\", \"Dinners: $…\" and \"Total: $…\" (to the cent, like $12.34)."
            ),
        }
    }

    /// The itinerary, a photo, the receipts (and, variant 3, last year's receipt of the same city).
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, f, dir_s, city, start) = (&v.supervisor, &v.friends, &v.dir, v.city, v.start);
            s.add_file(
                sup,
                &format!("{dir_s}itinerary.txt"),
                &format!(
                    "Trip to {city}\nDates: {} to {}\nTravelers: {}, {}, {}",
                    start.format("%Y-%m-%d"),
                    (start + Duration::days(v.nights)).format("%Y-%m-%d"),
                    sup.first_name,
                    f[0].first_name,
                    f[1].first_name
                ),
                at(start - Duration::days(30), 19),
            )?;
            s.add_file(
                sup,
                &format!("{dir_s}photos/beach.jpg"),
                "JPEG image data",
                at(start, 17),
            )?;
            for (i, (name, content)) in v.files.iter().enumerate() {
                s.add_file(
                    sup,
                    &format!("{dir_s}{name}"),
                    content,
                    at(start + Duration::days(i as i64 % 3), 22),
                )?;
            }
            if v.variant == 3 {
                s.add_file(
                    sup,
                    &format!(
                        "~/documents/trips/{}/casa_verde_receipt_2022_06_11.txt",
                        v.old_fold
                    ),
                    &dinner_receipt("Casa Verde", city, day(2022, 6, 11), 2, v.old_dinner),
                    at(day(2022, 6, 11), 22),
                )?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let login = script.cell("logins", &Vals::new());
        let key = format!("{}_2023", v.city.to_lowercase().replace(' ', "_"));
        let read = |folder: &str, recursive: bool, first_dinner_only: bool| {
            let vals = Vals::new()
                .lit("folder", folder)
                .code("recursive", if recursive { "True" } else { "False" });
            let mut names = vec!["sum_up"];
            if first_dinner_only {
                names.push("first_dinner_only");
            }
            names.push("add_up");
            script.cells(&names, &vals).join("\n")
        };
        let write = |with_total: bool, title: &str| {
            let names: &[&str] = if with_total {
                &["lines", "total", "create"]
            } else {
                &["lines", "create"]
            };
            script
                .cells(names, &Vals::new().lit("title", title))
                .join("\n")
        };
        let (good, title) = (key.as_str(), &v.title);
        let ground_truth = vec![login.clone(), read(good, true, false), write(true, title)];
        let mut wrong = vec![
            solution(
                "leaves the total out",
                vec![login.clone(), read(good, true, false), write(false, title)],
            ),
            solution(
                "counts only the first dinner receipt",
                vec![login.clone(), read(good, true, true), write(true, title)],
            ),
            solution(
                "writes it under another title",
                vec![
                    login.clone(),
                    read(good, true, false),
                    write(true, &format!("{} costs", v.city)),
                ],
            ),
        ];
        if v.variant == 2 {
            wrong.push(solution(
                "skips the sub-folder",
                vec![login.clone(), read(good, false, false), write(true, title)],
            ));
        }
        if v.variant == 3 {
            wrong.push(solution(
                "adds last year's receipts of the same city",
                vec![
                    login.clone(),
                    read(&v.city.to_lowercase(), true, false),
                    write(true, title),
                ],
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = vec![v.check(
            format!("one note titled \"{}\" is added", v.title),
            |v, ctx| {
                let notes = added_notes(ctx);
                let n = notes
                    .iter()
                    .filter(|x| x.0.trim().eq_ignore_ascii_case(&v.title))
                    .count();
                if n == 1 && notes.len() == 1 {
                    Ok(())
                } else {
                    Err(format!("{n} such notes, {} notes added", notes.len()))
                }
            },
        )];
        checks.extend(
            v.lines_want
                .iter()
                .map(|line| has_line(&v.title, line.clone())),
        );
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![allow_own(
            "the supervisor's new note",
            "simple_note",
            "notes",
            "user_id",
        )]
    }
}

/// The note titled `title` has the line `line` (normalized).
fn has_line(title: &str, line: String) -> Check {
    let t = title.to_string();
    Check::new(format!("the note has the line \"{line}\""), move |ctx| {
        let notes = added_notes(ctx);
        let Some(note) = notes.iter().find(|x| x.0.trim().eq_ignore_ascii_case(&t)) else {
            return Err("no such note".into());
        };
        let norm = crate::eval::normalize_text;
        if note.1.lines().any(|l| norm(l) == norm(&line)) {
            Ok(())
        } else {
            Err(format!("content: {:?}", note.1))
        }
    })
}

/// The notes the supervisor added: (title, content).
fn added_notes(ctx: &EvalCtx) -> Vec<(String, String)> {
    added_by(ctx, "simple_note", "notes", "user_id")
        .into_iter()
        .map(|r| {
            (
                r.get("title").as_str().unwrap_or("").to_string(),
                r.get("content").as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}
