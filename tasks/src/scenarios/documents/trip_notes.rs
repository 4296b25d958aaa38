//! "Make a note for each upcoming trip from its itinerary." Past trips (one just ended) get
//! none; variant 2 has a cancelled trip to skip; variant 3 wants a tag as well.

use super::{
    ANTWERP, CHICAGO, KYOTO, LISBON, OAXACA, REYKJAVIK, TODAY_PY, TripPlan, allow_new_notes, dated,
    fs_login, receipt,
};
use crate::kit::changes::added;
use crate::kit::notes::{added_notes, is_own_note};
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::NaiveDateTime;

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    variant: u8,
    /// The trips that get a note, and those that get none (past or cancelled).
    upcoming: Vec<&'static TripPlan>,
    skipped: Vec<&'static TripPlan>,
    /// The files the setup writes.
    setup_files: Vec<(String, String, NaiveDateTime)>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "file_system", "simple_note", "phone"];
    const SCRIPT: &str = include_str!("trip_notes.py");

    /// Draws the variant's values (with its instruction).
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let now = g.now;
        let mut trips: Vec<(&'static TripPlan, bool)> = vec![
            (&KYOTO, false),
            (&LISBON, false),
            (&SEOUL, false),
            (&BANFF, false),
            (&REYKJAVIK, false),
        ];
        match g.variant {
            1 => trips.push((&ANTWERP, false)),
            2 => trips.push((&OAXACA, true)),
            _ => trips.push((&CHICAGO, false)),
        }
        let upcoming: Vec<&'static TripPlan> = trips
            .iter()
            .filter(|(t, c)| !c && t.start > "2023-05-18")
            .map(|(t, _)| *t)
            .collect();
        let skipped: Vec<&'static TripPlan> = trips
            .iter()
            .filter(|(t, c)| *c || t.start <= "2023-05-18")
            .map(|(t, _)| *t)
            .collect();
        let instruction = match g.variant {
            1 => "For each of my upcoming trips (the itineraries are in ~/documents/trips/), create a note titled \"Trip: <city>\" with the trip's dates and where I'm staying.".to_string(),
            2 => "Make me a SimpleNote note for every trip I still have ahead of me, titled \"<city> trip\", with the dates and the place I'm staying from its itinerary in my file system. Skip trips that were cancelled.".to_string(),
            _ => "I want my future trips in SimpleNote: one note per upcoming trip in ~/documents/trips/, titled \"Trip to <city>\", tagged \"travel\", holding the dates and the lodging from the itinerary.".to_string(),
        };
        let who = format!("{} {}", p.first_name, p.last_name);
        let mut setup_files = Vec::new();
        for (i, (t, c)) in trips.iter().enumerate() {
            let dir = format!("~/documents/trips/{}/", t.folder());
            setup_files.push(dated(
                now,
                &format!("{dir}itinerary.txt"),
                &t.itinerary(&who, *c),
                30 + 9 * i as i64,
            ));
            setup_files.push(dated(
                now,
                &format!("{dir}receipts/lodging_{}.pdf", t.folder()),
                &receipt(t.stay, "Lodging deposit", "150.00", &t.deposit_day()),
                40 + 9 * i as i64,
            ));
        }
        let v = Values {
            supervisor: p,
            variant: g.variant,
            upcoming,
            skipped,
            setup_files,
        };
        Drawing::from(v).instruction(instruction)
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let title_py = match v.variant {
            1 => "title_colon",
            2 => "title_trip",
            _ => "title_to",
        };
        let create = if v.variant == 3 {
            "create_tagged"
        } else {
            "create"
        };
        let make =
            |filter_past: bool, skip_cancelled: bool, stop_after_one: bool, title_py: &str| {
                let vals = Vals::new()
                    .code("today", TODAY_PY)
                    .code("title", script.cell(title_py, &Vals::new()));
                let mut names = vec!["read"];
                if skip_cancelled {
                    names.push("skip_cancelled");
                }
                names.push("parse");
                if filter_past {
                    names.push("skip_past");
                }
                names.push(create);
                if stop_after_one {
                    names.push("stop");
                }
                names.push("finish");
                script.cells(&names, &vals).join("\n")
            };
        let ground_truth = vec![fs_login(), make(true, true, false, title_py)];
        let mut wrong = vec![
            solution(
                "makes a note for every trip, past ones too",
                vec![fs_login(), make(false, true, false, title_py)],
            ),
            solution(
                "stops after the first upcoming trip",
                vec![fs_login(), make(true, true, true, title_py)],
            ),
            solution(
                "titles the notes with the folder's name",
                vec![fs_login(), make(true, true, false, "title_folder")],
            ),
        ];
        if v.variant == 2 {
            wrong.push(solution(
                "keeps the cancelled trip",
                vec![fs_login(), make(true, false, false, title_py)],
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = Vec::new();
        for t in &v.upcoming {
            let want_title = title(v.variant, t.city);
            let (start, end, stay) = (t.start, t.end, t.stay);
            checks.push(note_holds(
                want_title.clone(),
                format!("{start} to {end}"),
                vec![start, end],
            ));
            checks.push(note_holds(want_title, stay.to_string(), vec![stay]));
            if v.variant == 3 {
                checks.push(tagged_travel(title(v.variant, t.city)));
            }
        }
        let cities: Vec<&str> = v.skipped.iter().map(|t| t.city).collect();
        checks.push(
            v.check(
                format!("no note for {}", cities.join(" or ")),
                |v, ctx| match added_notes(ctx)
                    .iter()
                    .find(|(t, _)| v.skipped.iter().any(|c| t.contains(c.city)))
                {
                    Some((t, _)) => Err(format!("a note \"{t}\"")),
                    None => Ok(()),
                },
            ),
        );
        checks.push(v.check(
            format!("exactly {} new notes", v.upcoming.len()),
            |v, ctx| {
                let k = added_notes(ctx).len();
                if k == v.upcoming.len() {
                    Ok(())
                } else {
                    Err(format!("{k} new notes"))
                }
            },
        ));
        checks
    }

    /// The trips' folders, replacing the base world's.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            s.remove_tree(&v.supervisor, "/documents/trips/")?;
            s.add_dated_files(&v.supervisor, &v.setup_files)
        })]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![allow_new_notes()]
    }
}

/// The note title for a trip to `city`.
fn title(variant: u8, city: &str) -> String {
    match variant {
        1 => format!("Trip: {city}"),
        2 => format!("{city} trip"),
        _ => format!("Trip to {city}"),
    }
}

/// A check that the note `want_title` holds each of `parts_of` (`what` names them).
fn note_holds(want_title: String, what: String, parts_of: Vec<&'static str>) -> Check {
    Check::new(
        format!("a note \"{want_title}\" holding {what}"),
        move |ctx| {
            let notes = added_notes(ctx);
            let Some((_, c)) = notes.iter().find(|(x, _)| x.trim() == want_title) else {
                return Err(format!("no note \"{want_title}\""));
            };
            match parts_of.iter().find(|x| !c.contains(**x)) {
                Some(x) => Err(format!("the note lacks {x}")),
                None => Ok(()),
            }
        },
    )
}

/// A check that the note `want_title` is tagged travel.
fn tagged_travel(want_title: String) -> Check {
    Check::new(format!("\"{want_title}\" is tagged travel"), move |ctx| {
        let ok = added(ctx, "simple_note", "notes").iter().any(|r| {
            is_own_note(ctx, r)
                && r.get("title").as_str().map(str::trim) == Some(want_title.as_str())
                && crate::kit::notes::row_tags(r).contains("travel")
        });
        if ok {
            Ok(())
        } else {
            Err("not tagged travel".into())
        }
    })
}

const SEOUL: TripPlan = TripPlan {
    city: "Seoul",
    country: "South Korea",
    start: "2023-10-05",
    end: "2023-10-10",
    stay: "Hanok Stay Bukchon",
};

const BANFF: TripPlan = TripPlan {
    city: "Banff",
    country: "Canada",
    start: "2023-08-18",
    end: "2023-08-21",
    stay: "Moraine Lodge",
};
