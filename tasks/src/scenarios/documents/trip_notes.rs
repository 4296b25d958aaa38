//! "Make a note for each upcoming trip from its itinerary." Past trips (one just ended) get
//! none; variant 2 has a cancelled trip to skip; variant 3 wants a tag as well.

use super::{
    ANTWERP, CHICAGO, KYOTO, LISBON, OAXACA, REYKJAVIK, TODAY_PY, TripPlan, added_notes,
    allow_new_notes, dated, fs_login, receipt,
};
use crate::kit::changes::added;
use crate::kit::notes::is_own_note;
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};

pub(super) fn build(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let now = g.now;
    let mut trips: Vec<(&TripPlan, bool)> = vec![
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
    let upcoming: Vec<&TripPlan> = trips
        .iter()
        .filter(|(t, c)| !c && t.start > "2023-05-18")
        .map(|(t, _)| *t)
        .collect();
    let skipped: Vec<&TripPlan> = trips
        .iter()
        .filter(|(t, c)| *c || t.start <= "2023-05-18")
        .map(|(t, _)| *t)
        .collect();
    let title_py = match g.variant {
        1 => "title_colon",
        2 => "title_trip",
        _ => "title_to",
    };
    let title = |city: &str| match g.variant {
        1 => format!("Trip: {city}"),
        2 => format!("{city} trip"),
        _ => format!("Trip to {city}"),
    };
    let instruction = match g.variant {
        1 => "For each of my upcoming trips (the itineraries are in ~/documents/trips/), create a note titled \"Trip: <city>\" with the trip's dates and where I'm staying.".to_string(),
        2 => "Make me a SimpleNote note for every trip I still have ahead of me, titled \"<city> trip\", with the dates and the place I'm staying from its itinerary in my file system. Skip trips that were cancelled.".to_string(),
        _ => "I want my future trips in SimpleNote: one note per upcoming trip in ~/documents/trips/, titled \"Trip to <city>\", tagged \"travel\", holding the dates and the lodging from the itinerary.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "simple_note", "phone"];
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
            &receipt(t.stay, "Lodging deposit", "150.00", "2023-01-15"),
            40 + 9 * i as i64,
        ));
    }
    let sup = p.clone();
    parts.setup.push(step(move |s| {
        s.remove_tree(&sup, "/documents/trips/")?;
        s.add_dated_files(&sup, &setup_files)
    }));
    let script = Script::parse(include_str!("trip_notes.py"));
    let create = if g.variant == 3 {
        "create_tagged"
    } else {
        "create"
    };
    let make = |filter_past: bool, skip_cancelled: bool, stop_after_one: bool, title_py: &str| {
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
    parts.ground_truth = vec![fs_login(), make(true, true, false, title_py)];
    parts.wrong = vec![
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
    if g.variant == 2 {
        parts.wrong.push(solution(
            "keeps the cancelled trip",
            vec![fs_login(), make(true, false, false, title_py)],
        ));
    }
    for t in &upcoming {
        let want_title = title(t.city);
        let (start, end, stay) = (t.start, t.end, t.stay);
        let need_tag = g.variant == 3;
        for (what, parts_of) in [
            (format!("{start} to {end}"), vec![start, end]),
            (stay.to_string(), vec![stay]),
        ] {
            let want_title = want_title.clone();
            parts.checks.push(Check::new(
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
            ));
        }
        if need_tag {
            let want_title = title(t.city);
            parts.checks.push(Check::new(
                format!("\"{want_title}\" is tagged travel"),
                move |ctx| {
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
                },
            ));
        }
    }
    let cities: Vec<&str> = skipped.iter().map(|t| t.city).collect();
    let cities2: Vec<String> = cities.iter().map(|c| c.to_string()).collect();
    parts.checks.push(Check::new(
        format!("no note for {}", cities.join(" or ")),
        move |ctx| match added_notes(ctx)
            .iter()
            .find(|(t, _)| cities2.iter().any(|c| t.contains(c.as_str())))
        {
            Some((t, _)) => Err(format!("a note \"{t}\"")),
            None => Ok(()),
        },
    ));
    let n = upcoming.len();
    parts
        .checks
        .push(Check::new(format!("exactly {n} new notes"), move |ctx| {
            let k = added_notes(ctx).len();
            if k == n {
                Ok(())
            } else {
                Err(format!("{k} new notes"))
            }
        }));
    parts.allowed = vec![allow_new_notes()];
    parts
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
