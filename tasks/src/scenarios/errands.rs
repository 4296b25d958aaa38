//! Scenarios of the "(errands)" set: chores over many items, each needing its own lookups.
//! The agent backs every note of a tag up into the file system and deletes the notes, and works
//! through every pending Venmo request, checking each sender against the phone contacts before
//! paying or declining. Hurdles: more than one page of results, near-miss tags, strangers among
//! the requesters, amount limits and older requests that must be left alone.

use super::{Gen, Parts, Scenario, mix, step};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::files::end_files;
use crate::kit::python::{logins, py, solution};
use crate::model::{Allow, Check, Split};
use apps::people::Person;
use chrono::Duration;
use sim::sql::Cached;
use std::collections::BTreeSet;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "back up tagged notes into files and delete them (errands)",
            split: Split::Train,
            difficulty: 2,
            build: notes_backup,
        },
        Scenario {
            name: "settle pending venmo requests by phone contacts (errands)",
            split: Split::TestNormal,
            difficulty: 3,
            build: settle_requests,
        },
        Scenario {
            name: "request what each iou file says and clear the folder (errands)",
            split: Split::Dev,
            difficulty: 2,
            build: iou_files,
        },
        Scenario {
            name: "text confirmed party guests and sort rsvp files (errands)",
            split: Split::Train,
            difficulty: 2,
            build: party_rsvps,
        },
    ]
}

/// Titles of the supervisor's notes at the end.
fn end_titles(ctx: &EvalCtx) -> BTreeSet<String> {
    crate::kit::notes::end_notes(ctx)
        .into_iter()
        .map(|n| n.0)
        .collect()
}

/// Notes to back up: (title, first line, second line).
type Items = &'static [(&'static str, &'static str, &'static str)];

const RECIPES: Items = &[
    (
        "Banana Bread",
        "3 ripe bananas, 2 cups flour, 1 tsp baking soda",
        "Bake 60 min at 350F",
    ),
    (
        "Chicken Tikka Masala",
        "chicken thighs, yogurt, garam masala, tomato puree",
        "Marinate 2 h, simmer 20 min",
    ),
    (
        "Lemon Garlic Pasta",
        "spaghetti, 3 cloves garlic, 1 lemon, parmesan",
        "Toss with pasta water",
    ),
    (
        "Overnight Oats",
        "1/2 cup oats, 1/2 cup milk, chia seeds, honey",
        "Refrigerate overnight",
    ),
    (
        "Shakshuka",
        "6 eggs, canned tomatoes, cumin, paprika, feta",
        "Poach eggs 8 min covered",
    ),
    (
        "Veggie Chili",
        "black beans, kidney beans, bell peppers, chili powder",
        "Simmer 45 min",
    ),
    (
        "Pancakes",
        "1 cup flour, 1 egg, 1 cup buttermilk, 2 tbsp sugar",
        "Flip when bubbles form",
    ),
    (
        "Greek Salad",
        "cucumber, tomatoes, red onion, olives, feta",
        "Dress with olive oil and oregano",
    ),
    (
        "Beef Stir Fry",
        "flank steak, broccoli, soy sauce, ginger",
        "High heat, 6 min total",
    ),
    (
        "Tomato Basil Soup",
        "2 lbs tomatoes, basil, onion, cream",
        "Blend smooth, simmer 15 min",
    ),
    (
        "Guacamole",
        "3 avocados, lime, cilantro, jalapeno",
        "Mash, season with salt",
    ),
    (
        "Apple Crumble",
        "5 apples, oats, brown sugar, butter, cinnamon",
        "Bake 40 min at 375F",
    ),
];

const WORKOUTS: Items = &[
    (
        "Leg Day A",
        "squats 5x5, lunges 3x12, calf raises 4x15",
        "Rest 2 min between sets",
    ),
    (
        "Leg Day B",
        "deadlifts 4x6, step-ups 3x10, wall sit 3x45s",
        "Warm up 10 min",
    ),
    (
        "Push Day",
        "bench press 5x5, overhead press 4x8, dips 3x10",
        "Finish with push-ups",
    ),
    (
        "Pull Day",
        "pull-ups 5x6, rows 4x10, face pulls 3x15",
        "Slow negatives",
    ),
    (
        "Core Circuit",
        "plank 60s, dead bugs 3x12, russian twists 3x20",
        "3 rounds",
    ),
    (
        "HIIT Sprint",
        "8 x 30s sprints, 90s walk between",
        "Cool down 5 min",
    ),
    (
        "Yoga Flow",
        "sun salutation x5, warrior series, pigeon pose",
        "Hold each pose 5 breaths",
    ),
    (
        "Long Run",
        "10 km easy pace, 6:00 min/km",
        "Hydrate every 3 km",
    ),
    (
        "Swim Session",
        "400m warm-up, 8x50m freestyle, 200m cool-down",
        "Focus on breathing",
    ),
    (
        "Kettlebell Complex",
        "swings 3x15, goblet squats 3x10, cleans 3x8",
        "24 kg bell",
    ),
    (
        "Mobility Routine",
        "hip circles, cat-cow, thoracic rotations",
        "15 min daily",
    ),
];

const BOOKS: Items = &[
    (
        "Atomic Habits",
        "small habits compound; make cues obvious",
        "Favourite idea: habit stacking",
    ),
    (
        "Sapiens",
        "cognitive revolution, agriculture as a trap",
        "Chapter 4 worth rereading",
    ),
    (
        "Deep Work",
        "schedule focus blocks; embrace boredom",
        "Try 4 h deep work days",
    ),
    (
        "The Pragmatic Programmer",
        "DRY, tracer bullets, broken windows",
        "Reread the estimating chapter",
    ),
    (
        "Thinking Fast and Slow",
        "system 1 vs system 2, anchoring",
        "Examples of loss aversion",
    ),
    (
        "Educated",
        "memoir of leaving a survivalist family",
        "Moving ending",
    ),
    (
        "The Martian",
        "botany on Mars, humour under pressure",
        "Great audiobook",
    ),
    (
        "Quiet",
        "introverts and the extrovert ideal",
        "Notes on open offices",
    ),
    (
        "Range",
        "generalists beat specialists in wicked domains",
        "Compare with Outliers",
    ),
    (
        "Dune",
        "spice, Fremen, desert ecology",
        "Read the appendices",
    ),
    (
        "Project Hail Mary",
        "lone astronaut, Rocky, astrophage",
        "Fist my bump",
    ),
    (
        "Born a Crime",
        "growing up in apartheid South Africa",
        "Funny and sad",
    ),
];

/// "Back up every note tagged T into FOLDER/<title>.txt, then delete those notes." Variants
/// differ in the tag, the folder and the near-miss notes (a similar tag that must stay).
fn notes_backup(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let (tag, folder, items, near_tag, near_title): (&str, &str, Items, &str, &str) =
        match g.variant {
            1 => (
                "recipes",
                "~/documents/recipes",
                RECIPES,
                "recipes-to-try",
                "Sourdough Starter",
            ),
            2 => (
                "workouts",
                "~/documents/fitness/workouts",
                WORKOUTS,
                "workout-music",
                "Running Playlist Ideas",
            ),
            _ => (
                "book-notes",
                "~/backups/books",
                BOOKS,
                "reading-list",
                "Books to Borrow",
            ),
        };
    let instruction = format!(
        "I want my SimpleNote account tidier. Back up every note tagged \"{tag}\" into my file system as {folder}/<note title>.txt, with exactly the note's content, then delete those notes from SimpleNote."
    );
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "simple_note", "file_system"];
    let mut mine = Vec::new();
    let mut want: Vec<(String, String, String)> = Vec::new();
    for (i, (title, a, b)) in items.iter().enumerate() {
        let content = format!("{title}\n\n{a}\n\n{b}");
        let mut tags = vec![tag];
        if i % 3 == 0 {
            tags.push("favorites");
        }
        mine.push(g.note(title, &content, &tags, i == 2, 10 + 17 * i as i64));
        want.push((title.to_string(), format!("{folder}/{title}.txt"), content));
    }
    let near_content = format!("{near_title}\n\nnot done yet, keep in notes");
    mine.push(g.note(near_title, &near_content, &[near_tag], false, 5));
    let titles: Vec<&str> = items.iter().map(|t| t.0).chain([near_title]).collect();
    let filler = g.filler(&p, 9, &[tag, near_tag], &titles);
    parts.notes = Some(mix(&mut g.rng, filler, mine));

    let logins = logins(&[("sn", "simple_note"), ("fs", "file_system")]);
    let find = format!(
        "notes = all_pages(apis.simple_note.search_notes, access_token=sn, tags=[{}])\nnotes = [n for n in notes if {} in [t.lower() for t in n[\"tags\"]]]",
        py(tag),
        py(tag)
    );
    let backup = |path: &str, content: &str, delete: bool| {
        let del = if delete {
            "\n    apis.simple_note.delete_note(access_token=sn, note_id=n[\"note_id\"])"
        } else {
            ""
        };
        format!(
            "for n in notes:\n    note = apis.simple_note.show_note(access_token=sn, note_id=n[\"note_id\"])\n    apis.file_system.create_file(access_token=fs, file_path={path}, content={content}){del}\napis.supervisor.complete_task()"
        )
    };
    let right_path = format!("{} + \"/\" + note[\"title\"] + \".txt\"", py(folder));
    parts.ground_truth = vec![
        logins.clone(),
        find.clone(),
        backup(&right_path, "note[\"content\"]", true),
    ];
    parts.wrong = vec![
        solution(
            "backs up only the first page of notes",
            vec![
                logins.clone(),
                format!(
                    "notes = apis.simple_note.search_notes(access_token=sn, tags=[{}])",
                    py(tag)
                ),
                backup(&right_path, "note[\"content\"]", true),
            ],
        ),
        solution(
            "copies the notes but does not delete them",
            vec![
                logins.clone(),
                find.clone(),
                backup(&right_path, "note[\"content\"]", false),
            ],
        ),
        solution(
            "writes only the title into each file",
            vec![
                logins.clone(),
                find.clone(),
                backup(&right_path, "note[\"title\"]", true),
            ],
        ),
        solution(
            "names the files without the .txt extension",
            vec![
                logins.clone(),
                find.clone(),
                backup(
                    &format!("{} + \"/\" + note[\"title\"]", py(folder)),
                    "note[\"content\"]",
                    true,
                ),
            ],
        ),
    ];
    let n = want.len();
    let w1 = want.clone();
    let w2 = want.clone();
    let w3 = want.clone();
    let w4 = want.clone();
    let folder_s = folder.to_string();
    let near = near_title.to_string();
    parts.checks = vec![
        Check::new(
            format!("{n} files {folder}/<title>.txt exist (e.g. {})", want[0].1),
            move |ctx| {
                let files = end_files(ctx);
                match w1.iter().find(|w| !files.contains_key(&w.1)) {
                    Some(w) => Err(format!("no file {}", w.1)),
                    None => Ok(()),
                }
            },
        ),
        Check::new("each file holds its note's exact content", move |ctx| {
            let files = end_files(ctx);
            for w in &w2 {
                if let Some(c) = files.get(&w.1)
                    && c != &w.2
                {
                    return Err(format!("{} has other content", w.1));
                }
            }
            Ok(())
        }),
        Check::new(format!("no other new file under {folder}"), move |ctx| {
            let files = end_files(ctx);
            match files
                .keys()
                .find(|k| k.starts_with(&folder_s) && !w3.iter().any(|w| &w.1 == *k))
            {
                Some(k) => Err(format!("unexpected file {k}")),
                None => Ok(()),
            }
        }),
        Check::new(
            format!("the {n} notes tagged \"{tag}\" are deleted"),
            move |ctx| {
                let titles = end_titles(ctx);
                match w4.iter().find(|w| titles.contains(&w.0)) {
                    Some(w) => Err(format!("note \"{}\" is still there", w.0)),
                    None => Ok(()),
                }
            },
        ),
        Check::new(
            format!("the note \"{near_title}\" (tagged \"{near_tag}\") is kept"),
            move |ctx| {
                if end_titles(ctx).contains(&near) {
                    Ok(())
                } else {
                    Err(format!("\"{near}\" was deleted"))
                }
            },
        ),
    ];
    let del_titles: Vec<String> = want.iter().map(|w| w.0.clone()).collect();
    let prefix = folder.to_string();
    parts.allowed = vec![
        Allow::new(
            format!("deleting the notes tagged \"{tag}\""),
            move |ctx, r| {
                crate::kit::notes::is_own_note(ctx, r)
                    && r.kind() == ChangeKind::Removed
                    && r.get("title")
                        .as_str()
                        .is_some_and(|t| del_titles.iter().any(|x| x == t))
            },
        ),
        Allow::new(
            format!("new files and directories under {folder}"),
            move |ctx, r| {
                (r.is("file_system", "files") || r.is("file_system", "directories"))
                    && r.kind() == ChangeKind::Added
                    && r.get("user_id").as_i64() == ctx.user_id("file_system")
                    && r.get("tilde_path").as_str().is_some_and(|p| {
                        p.starts_with(&prefix) || prefix.starts_with(p.trim_end_matches('/'))
                    })
            },
        ),
    ];
    parts
}

/// One pending request the supervisor received: (requester, amount, description, days ago).
type Req = (Person, f64, String, i64);

/// "Go through my pending Venmo requests: pay those from people in my phone contacts, decline
/// those from anyone else." Variant 2 pays contacts only under a limit; variant 3 only looks at
/// the last 30 days and leaves older requests alone.
fn settle_requests(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| pop.relations_of(p.id).len() >= 8);
    let related: BTreeSet<i64> = pop.relations_of(p.id).iter().map(|r| r.1).collect();
    let contacts: Vec<Person> = related.iter().take(10).map(|id| g.person(*id)).collect();
    let strangers: Vec<Person> = (1..=pop.people.len() as i64)
        .filter(|id| *id != p.id && !related.contains(id))
        .take(if g.variant == 3 { 9 } else { 6 })
        .map(|id| g.person(id))
        .collect();
    const WHAT: &[&str] = &[
        "Pizza night",
        "Concert tickets",
        "Gas money",
        "Groceries",
        "Birthday gift pool",
        "Uber home",
        "Brunch",
        "Movie tickets",
        "Electric bill share",
        "Bowling",
        "Parking",
        "Coffee run",
        "Book club snacks",
        "Taxi to airport",
        "Board game",
        "Laundry cards",
        "Ski rental",
        "Museum passes",
        "Wine for the party",
        "Pet sitting",
    ];
    let limit = 60.0;
    let mut reqs: Vec<Req> = Vec::new();
    for (i, c) in contacts.iter().chain(strangers.iter()).enumerate() {
        let amount = g.rng.range(1_500, 11_000) as f64 / 100.0;
        let days = if g.variant == 3 && i % 5 == 1 {
            40 + i as i64
        } else {
            2 + i as i64
        };
        reqs.push((c.clone(), amount, WHAT[i % WHAT.len()].to_string(), days));
    }
    let is_contact = |r: &Req| related.contains(&r.0.id);
    // What the right solution does with each request: Some(true) pay, Some(false) decline.
    let action = |r: &Req| -> Option<bool> {
        match g.variant {
            2 => Some(is_contact(r) && r.1 < limit),
            3 if r.3 > 30 => None,
            _ => Some(is_contact(r)),
        }
    };
    let instruction = match g.variant {
        1 => "Go through every pending Venmo payment request I've received. Pay the ones from people saved in my phone contacts and decline the ones from anyone who isn't in my contacts.".to_string(),
        2 => format!("Go through every pending Venmo payment request I've received. Pay the ones from people saved in my phone contacts if they are under ${limit:.0}; decline all the others."),
        _ => "Go through the pending Venmo payment requests I received in the last 30 days. Pay those from people saved in my phone contacts, decline those from anyone else, and leave older requests alone.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "venmo", "phone"];
    let now = g.now;
    let (sup, setup_reqs, setup_strangers) = (p.clone(), reqs.clone(), strangers.clone());
    parts.setup.push(step(move |s| {
        s.remove_pending_venmo_requests(&sup, false)?;
        s.set_venmo_balance(&sup, 5_000.0)?;
        for st in &setup_strangers {
            s.remove_contact(&sup, st)?;
        }
        for (who, amount, what, days) in &setup_reqs {
            s.add_venmo_request(
                who,
                &sup,
                *amount,
                what,
                now - Duration::days(*days) - Duration::hours(3),
            )?;
        }
        Ok(())
    }));
    let logins = logins(&[("vm", "venmo"), ("ph", "phone")]);
    let since = if g.variant == 3 {
        "import datetime\ncutoff = (datetime.datetime.now() - datetime.timedelta(days=30)).strftime(\"%Y-%m-%dT%H:%M:%S\")\nreqs = [r for r in reqs if r[\"created_at\"] >= cutoff]"
    } else {
        ""
    };
    let find = format!(
        "reqs = all_pages(apis.venmo.show_received_payment_requests, access_token=vm, status=\"pending\")\n{since}"
    );
    let decide = |rule: &str| {
        format!(
            "for r in reqs:\n    found = apis.phone.search_contacts(access_token=ph, query=r[\"sender\"][\"name\"])\n    known = any(c[\"email\"] == r[\"sender\"][\"email\"] for c in found)\n    if {rule}:\n        apis.venmo.approve_payment_request(access_token=vm, payment_request_id=r[\"payment_request_id\"])\n    else:\n        apis.venmo.deny_payment_request(access_token=vm, payment_request_id=r[\"payment_request_id\"])\napis.supervisor.complete_task()"
        )
    };
    let rule = if g.variant == 2 {
        format!("known and r[\"amount\"] < {limit}")
    } else {
        "known".to_string()
    };
    parts.ground_truth = vec![logins.clone(), find.clone(), decide(&rule)];
    parts.wrong = vec![
        solution(
            "handles only the first page of requests",
            vec![
                logins.clone(),
                find.replace(
                    "all_pages(apis.venmo.show_received_payment_requests, access_token=vm, status=\"pending\")",
                    "apis.venmo.show_received_payment_requests(access_token=vm, status=\"pending\")",
                ),
                decide(&rule),
            ],
        ),
        solution(
            "pays every request",
            vec![logins.clone(), find.clone(), decide("True")],
        ),
    ];
    if g.variant == 3 {
        parts.wrong.push(solution(
            "also settles the older requests",
            vec![logins.clone(), find.replace(since, ""), decide(&rule)],
        ));
    } else {
        parts.wrong.push(solution(
            "declines every request",
            vec![logins.clone(), find.clone(), decide("False")],
        ));
    }
    let planned: Vec<(String, f64, Option<bool>)> =
        reqs.iter().map(|r| (r.2.clone(), r.1, action(r))).collect();
    let paid: Vec<String> = planned
        .iter()
        .filter(|x| x.2 == Some(true))
        .map(|x| x.0.clone())
        .collect();
    let declined: Vec<String> = planned
        .iter()
        .filter(|x| x.2 == Some(false))
        .map(|x| x.0.clone())
        .collect();
    let total: f64 = planned
        .iter()
        .filter(|x| x.2 == Some(true))
        .map(|x| x.1)
        .sum();
    let state = |ctx: &EvalCtx, what: &str| -> (bool, bool) {
        let me = ctx.user_id("venmo").unwrap_or(0);
        ctx.db
            .query_row_cached(
                "SELECT approved_at IS NOT NULL, denied_at IS NOT NULL FROM venmo.payment_requests WHERE receiver_id = ?1 AND description = ?2 ORDER BY id DESC LIMIT 1",
                rusqlite::params![me, what],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap_or((false, false))
    };
    let (pa, de) = (paid.clone(), declined.clone());
    let (pa2, de2) = (paid.clone(), declined.clone());
    let left: Vec<String> = planned
        .iter()
        .filter(|x| x.2.is_none())
        .map(|x| x.0.clone())
        .collect();
    parts.checks = vec![
        Check::new(
            format!("{} requests paid: {}", paid.len(), paid.join(", ")),
            move |ctx| match pa.iter().find(|w| !state(ctx, w).0) {
                Some(w) => Err(format!("\"{w}\" not paid")),
                None => Ok(()),
            },
        ),
        Check::new(
            format!(
                "{} requests declined: {}",
                declined.len(),
                declined.join(", ")
            ),
            move |ctx| match de.iter().find(|w| !state(ctx, w).1) {
                Some(w) => Err(format!("\"{w}\" not declined")),
                None => Ok(()),
            },
        ),
        Check::new("none of the declined ones was paid", move |ctx| {
            match de2.iter().find(|w| state(ctx, w).0) {
                Some(w) => Err(format!("\"{w}\" was paid")),
                None => Ok(()),
            }
        }),
        Check::new("none of the paid ones was declined", move |ctx| {
            match pa2.iter().find(|w| state(ctx, w).1) {
                Some(w) => Err(format!("\"{w}\" was declined")),
                None => Ok(()),
            }
        }),
        Check::new(
            format!(
                "the Venmo balance went down by ${total:.2}, to ${:.2}",
                5_000.0 - total
            ),
            move |ctx| {
                let me = ctx.user_id("venmo").unwrap_or(0);
                let bal: f64 = ctx
                    .db
                    .query_row_cached(
                        "SELECT venmo_balance FROM venmo.users WHERE id = ?1",
                        [me],
                        |r| r.get(0),
                    )
                    .unwrap_or(0.0);
                if crate::kit::money::same_amount(bal, 5_000.0 - total) {
                    Ok(())
                } else {
                    Err(format!("balance is ${bal:.2}"))
                }
            },
        ),
    ];
    if !left.is_empty() {
        parts.checks.push(Check::new(
            format!("older requests left pending: {}", left.join(", ")),
            move |ctx| match left.iter().find(|w| state(ctx, w) != (false, false)) {
                Some(w) => Err(format!("\"{w}\" was settled")),
                None => Ok(()),
            },
        ));
    }
    parts.allowed = vec![
        Allow::new("settling the supervisor's received requests", |ctx, r| {
            r.is("venmo", "payment_requests")
                && r.kind() == ChangeKind::Updated
                && r.get("receiver_id").as_i64() == ctx.user_id("venmo")
        }),
        Allow::new("the payments and their notifications", |_, r| {
            (r.is("venmo", "transactions") || r.is("venmo", "notifications"))
                && r.kind() == ChangeKind::Added
        }),
        Allow::new("balances moved by the payments", |_, r| {
            r.is("venmo", "users")
                && r.kind() == ChangeKind::Updated
                && r.changed_columns()
                    .iter()
                    .all(|c| c == "venmo_balance" || c == "updated_at")
        }),
    ];
    parts
}

/// One IOU file: (debtor, amount in cents, what for, paid already, path).
type Iou = (Person, i64, String, bool, String);

/// "~/documents/ious has a file per IOU: request each amount on Venmo with the file's 'For'
/// line as the note and delete the file; files marked paid are only deleted." Variant 2 files
/// them in month sub-folders; variant 3 asks for a note with a prefix.
fn iou_files(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| pop.relations_of(p.id).len() >= 6);
    let mut ids: Vec<i64> = pop.relations_of(p.id).iter().map(|r| r.1).collect();
    ids.dedup();
    for id in 1..=pop.people.len() as i64 {
        if ids.len() >= 11 {
            break;
        }
        if id != p.id && !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids.truncate(11);
    const FOR: &[&str] = &[
        "Concert tickets",
        "Half of the Airbnb deposit",
        "Dinner at Olive Garden",
        "Cab from the airport",
        "Groceries run",
        "Paintball session",
        "Birthday cake",
        "Ski lift pass",
        "Festival parking",
        "Cinema snacks",
        "Escape room booking",
    ];
    let folder = "~/documents/ious";
    let mut ious: Vec<Iou> = Vec::new();
    for (i, id) in ids.iter().enumerate() {
        let who = g.person(*id);
        let cents = g.rng.range(1_200, 9_500);
        let paid = i % 5 == 3;
        let name = format!(
            "{}_{}.txt",
            who.first_name.to_lowercase(),
            who.last_name.to_lowercase()
        );
        let path = if g.variant == 2 {
            format!("{folder}/2023-0{}/{name}", 2 + i % 3)
        } else {
            format!("{folder}/{name}")
        };
        ious.push((who, cents, FOR[i % FOR.len()].to_string(), paid, path));
    }
    let note_of = |what: &str| -> String {
        if g.variant == 3 {
            format!("IOU: {what}")
        } else {
            what.to_string()
        }
    };
    let instruction = match g.variant {
        1 => format!(
            "I keep one file per IOU in {folder} in my file system. For each one, request the amount from that person on Venmo with the file's \"For\" line as the note, then delete the file. If a file says it's already paid, just delete it."
        ),
        2 => format!(
            "My IOUs are filed by month under {folder} in my file system, one file each. Request every amount owed from the person on Venmo, using the \"For\" line as the note, and delete each file once done; the ones marked paid only need deleting."
        ),
        _ => format!(
            "Clear out {folder} in my file system: each file is an IOU. Request the amount on Venmo from whoever owes it, with the note \"IOU: \" followed by the file's \"For\" line, then delete the file. Files already marked paid just get deleted."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "venmo"];
    let now = g.now;
    let archive = format!(
        "~/documents/ious_archive/{}_{}.txt",
        ious[0].0.first_name.to_lowercase(),
        ious[0].0.last_name.to_lowercase()
    );
    let archive_text = format!(
        "Owed by: {} {}\nEmail: {}\nAmount: $25.00\nFor: Old lunch\nStatus: paid",
        ious[0].0.first_name, ious[0].0.last_name, ious[0].0.email
    );
    let (sup, files, arch, arch_text) = (p.clone(), ious.clone(), archive.clone(), archive_text);
    parts.setup.push(step(move |s| {
        for (i, (who, cents, what, paid, path)) in files.iter().enumerate() {
            let status = if *paid { "paid" } else { "open" };
            let text = format!(
                "Owed by: {} {}\nEmail: {}\nAmount: ${}.{:02}\nFor: {what}\nStatus: {status}",
                who.first_name,
                who.last_name,
                who.email,
                cents / 100,
                cents % 100
            );
            s.add_file(&sup, path, &text, now - Duration::days(3 + 6 * i as i64))?;
        }
        s.add_file(&sup, &arch, &arch_text, now - Duration::days(120))?;
        Ok(())
    }));
    let logins = logins(&[("fs", "file_system"), ("vm", "venmo")]);
    let list = format!(
        "import re\npaths = apis.file_system.show_directory(access_token=fs, directory_path={}, entry_type=\"files\")",
        py(&format!("{folder}/"))
    );
    let prefix = if g.variant == 3 { "\"IOU: \" + " } else { "" };
    let work = |skip_paid: bool, delete: bool, note: &str| {
        let cond = if skip_paid {
            "status != \"paid\""
        } else {
            "True"
        };
        let del = if delete {
            "\n    apis.file_system.delete_file(access_token=fs, file_path=path)"
        } else {
            ""
        };
        format!(
            "for path in paths:\n    text = apis.file_system.show_file(access_token=fs, file_path=path)[\"content\"]\n    email = re.search(r\"Email: (\\S+)\", text).group(1)\n    amount = float(re.search(r\"Amount: \\$([0-9.]+)\", text).group(1))\n    what = re.search(r\"For: (.+)\", text).group(1).strip()\n    status = re.search(r\"Status: (\\w+)\", text).group(1).lower()\n    if {cond}:\n        apis.venmo.create_payment_request(access_token=vm, user_email=email, amount=amount, description={note}){del}\napis.supervisor.complete_task()"
        )
    };
    let right_note = format!("{prefix}what");
    parts.ground_truth = vec![logins.clone(), list.clone(), work(true, true, &right_note)];
    parts.wrong = vec![
        solution(
            "also requests the IOUs already paid",
            vec![logins.clone(), list.clone(), work(false, true, &right_note)],
        ),
        solution(
            "requests but leaves the files",
            vec![logins.clone(), list.clone(), work(true, false, &right_note)],
        ),
        solution(
            "uses the file name as the note",
            vec![
                logins.clone(),
                list.clone(),
                work(true, true, "path.split(\"/\")[-1]"),
            ],
        ),
        solution(
            "clears the archive folder too",
            vec![
                logins.clone(),
                list.replace(&py(&format!("{folder}/")), &py("~/documents/")),
                work(true, true, &right_note).replace(
                    "    status = re.search",
                    "    if \"/ious\" not in path:\n        continue\n    status = re.search",
                ),
            ],
        ),
    ];
    let want: Vec<(String, f64, String)> = ious
        .iter()
        .filter(|x| !x.3)
        .map(|x| (x.0.email.clone(), x.1 as f64 / 100.0, note_of(&x.2)))
        .collect();
    let paid_emails: Vec<String> = ious
        .iter()
        .filter(|x| x.3)
        .map(|x| x.0.email.clone())
        .collect();
    let paths: Vec<String> = ious.iter().map(|x| x.4.clone()).collect();
    let venmo_id = |ctx: &EvalCtx, email: &str| -> i64 {
        ctx.db
            .query_row_cached(
                "SELECT id FROM venmo.users WHERE email = ?1",
                [email],
                |r| r.get(0),
            )
            .unwrap_or(-1)
    };
    let reqs = |ctx: &EvalCtx| -> Vec<(i64, f64, String)> {
        let me = ctx.user_id("venmo");
        crate::kit::changes::added(ctx, "venmo", "payment_requests")
            .into_iter()
            .filter(|r| r.get("sender_id").as_i64() == me)
            .map(|r| {
                (
                    r.get("receiver_id").as_i64().unwrap_or(0),
                    r.get("amount").as_f64().unwrap_or(0.0),
                    r.get("description").as_str().unwrap_or("").to_string(),
                )
            })
            .collect()
    };
    let (w1, w2, w3) = (want.clone(), want.clone(), want.clone());
    let arch_path = archive.clone();
    let n = want.len();
    parts.checks = vec![
        Check::new(
            format!(
                "one Venmo request to each of the {n} open IOUs ({})",
                want.iter()
                    .map(|w| w.0.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            move |ctx| {
                let got = reqs(ctx);
                for w in &w1 {
                    let id = venmo_id(ctx, &w.0);
                    let k = got.iter().filter(|r| r.0 == id).count();
                    if k != 1 {
                        return Err(format!("{k} requests to {}", w.0));
                    }
                }
                Ok(())
            },
        ),
        Check::new(
            format!(
                "each for the file's amount (e.g. ${:.2} from {})",
                want[0].1, want[0].0
            ),
            move |ctx| {
                let got = reqs(ctx);
                for w in &w2 {
                    let id = venmo_id(ctx, &w.0);
                    if let Some(r) = got.iter().find(|r| r.0 == id)
                        && !crate::kit::money::same_amount(r.1, w.1)
                    {
                        return Err(format!("${:.2} asked from {}", r.1, w.0));
                    }
                }
                Ok(())
            },
        ),
        Check::new(
            format!("each with the note \"{}\" etc.", want[0].2),
            move |ctx| {
                let got = reqs(ctx);
                for w in &w3 {
                    let id = venmo_id(ctx, &w.0);
                    if let Some(r) = got.iter().find(|r| r.0 == id)
                        && r.2.trim() != w.2
                    {
                        return Err(format!("note \"{}\" to {}", r.2, w.0));
                    }
                }
                Ok(())
            },
        ),
        Check::new(
            format!("no request to those who paid ({})", paid_emails.join(", ")),
            move |ctx| {
                let got = reqs(ctx);
                match paid_emails.iter().find(|e| {
                    let id = venmo_id(ctx, e);
                    got.iter().any(|r| r.0 == id)
                }) {
                    Some(e) => Err(format!("a request to {e}")),
                    None => Ok(()),
                }
            },
        ),
        Check::new(
            format!("all {} IOU files deleted", paths.len()),
            move |ctx| {
                let files = end_files(ctx);
                match paths.iter().find(|p| files.contains_key(*p)) {
                    Some(p) => Err(format!("{p} is still there")),
                    None => Ok(()),
                }
            },
        ),
        Check::new(format!("{archive} is kept"), move |ctx| {
            if end_files(ctx).contains_key(&arch_path) {
                Ok(())
            } else {
                Err(format!("{arch_path} was deleted"))
            }
        }),
    ];
    let pre = format!("{folder}/");
    parts.allowed = vec![
        crate::kit::changes::allow_added(
            "the supervisor's payment requests",
            "venmo",
            "payment_requests",
            |ctx, r| r.get("sender_id").as_i64() == ctx.user_id("venmo"),
        ),
        crate::kit::changes::allow_added(
            "their notifications",
            "venmo",
            "notifications",
            |_, _| true,
        ),
        Allow::new(format!("deleting files under {folder}"), move |ctx, r| {
            (r.is("file_system", "files") || r.is("file_system", "directories"))
                && r.kind() == ChangeKind::Removed
                && r.get("user_id").as_i64() == ctx.user_id("file_system")
                && r.get("tilde_path")
                    .as_str()
                    .is_some_and(|p| p.starts_with(&pre))
        }),
    ];
    parts
}

/// "~/documents/party has one RSVP file per guest: text each guest who said yes and move their
/// file into a sub-folder; delete the files of those who said no." Variants differ in the
/// message and folder; variant 3 also texts the undecided ones.
fn party_rsvps(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| pop.relations_of(p.id).len() >= 6);
    let mut ids: Vec<i64> = pop.relations_of(p.id).iter().map(|r| r.1).collect();
    ids.dedup();
    for id in (1..=pop.people.len() as i64).rev() {
        if ids.len() >= 14 {
            break;
        }
        if id != p.id && !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids.truncate(14);
    let folder = "~/documents/party";
    let (done, msg, maybe_msg) = match g.variant {
        1 => ("confirmed", "See you Saturday at 7, {first}!", None),
        2 => (
            "going",
            "Great, you're on the list for Saturday, {first}!",
            None,
        ),
        _ => (
            "confirmed",
            "See you Saturday at 7, {first}!",
            Some("Hi {first}, can you let me know by Thursday if you're coming?"),
        ),
    };
    // (guest, rsvp, path)
    let mut guests: Vec<(Person, &str, String)> = Vec::new();
    for (i, id) in ids.iter().enumerate() {
        let who = g.person(*id);
        let rsvp = match i % 7 {
            0 | 2 | 4 | 6 => "yes",
            1 | 5 => "no",
            _ => "maybe",
        };
        let path = format!(
            "{folder}/rsvp_{}_{}.txt",
            who.first_name.to_lowercase(),
            who.last_name.to_lowercase()
        );
        guests.push((who, rsvp, path));
    }
    let content = |who: &Person, rsvp: &str| {
        let shown = if rsvp == "yes" {
            "Yes (bringing a dish)"
        } else if rsvp == "no" {
            "No, sorry"
        } else {
            "Maybe"
        };
        format!(
            "Guest: {} {}\nPhone: {}\nRSVP: {shown}",
            who.first_name, who.last_name, who.phone_number
        )
    };
    let instruction = match g.variant {
        1 => format!(
            "The RSVPs for my party are in {folder}, one file per guest. Text everyone who said yes \"See you Saturday at 7, <first name>!\" and move their file into {folder}/{done}. Delete the files of those who said no; leave the rest."
        ),
        2 => format!(
            "Sort out the party RSVP files in {folder}: for each guest who answered yes, text them \"Great, you're on the list for Saturday, <first name>!\" and move the file to {folder}/{done}; delete the files of guests who declined. Don't touch the undecided ones."
        ),
        _ => format!(
            "Go through the RSVP files in {folder}. Guests who said yes: text \"See you Saturday at 7, <first name>!\" and move their file into {folder}/{done}. Guests who said no: delete the file. Guests who said maybe: text \"Hi <first name>, can you let me know by Thursday if you're coming?\" and keep the file."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "phone"];
    let now = g.now;
    let old = format!(
        "~/documents/party_2022/rsvp_{}.txt",
        guests[1].0.first_name.to_lowercase()
    );
    let old_text = content(&guests[1].0, "yes");
    let files: Vec<(String, String)> = guests
        .iter()
        .map(|x| (x.2.clone(), content(&x.0, x.1)))
        .collect();
    let (sup, f2, old2) = (p.clone(), files.clone(), old.clone());
    parts.setup.push(step(move |s| {
        for (i, (path, text)) in f2.iter().enumerate() {
            s.add_file(&sup, path, text, now - Duration::days(1 + i as i64))?;
        }
        s.add_file(&sup, &old2, &old_text, now - Duration::days(300))?;
        Ok(())
    }));
    let logins = logins(&[("fs", "file_system"), ("ph", "phone")]);
    let list = format!(
        "import re\npaths = apis.file_system.show_directory(access_token=fs, directory_path={}, entry_type=\"files\", recursive=False)",
        py(&format!("{folder}/"))
    );
    let text_py = |m: &str| py(m).replace("{first}", "\" + first + \"");
    let maybe_branch = match maybe_msg {
        Some(m) => format!(
            "\n    elif rsvp.startswith(\"maybe\"):\n        apis.phone.send_text_message(access_token=ph, phone_number=phone, message={})",
            text_py(m)
        ),
        None => String::new(),
    };
    let work = |yes_test: &str, no_action: &str, dest: &str| {
        format!(
            "for path in paths:\n    text = apis.file_system.show_file(access_token=fs, file_path=path)[\"content\"]\n    first = re.search(r\"Guest: (\\S+)\", text).group(1)\n    phone = re.search(r\"Phone: (\\d+)\", text).group(1)\n    rsvp = re.search(r\"RSVP: (.+)\", text).group(1).strip().lower()\n    if {yes_test}:\n        apis.phone.send_text_message(access_token=ph, phone_number=phone, message={})\n        apis.file_system.move_file(access_token=fs, source_file_path=path, destination_file_path={} + \"/\" + path.split(\"/\")[-1])\n    elif rsvp.startswith(\"no\"):\n        {no_action}{maybe_branch}\napis.supervisor.complete_task()",
            text_py(msg),
            py(dest)
        )
    };
    let delete = "apis.file_system.delete_file(access_token=fs, file_path=path)";
    let dest = format!("{folder}/{done}");
    parts.ground_truth = vec![
        logins.clone(),
        list.clone(),
        work("rsvp.startswith(\"yes\")", delete, &dest),
    ];
    parts.wrong = vec![
        solution(
            "only counts an RSVP of exactly \"yes\"",
            vec![
                logins.clone(),
                list.clone(),
                work("rsvp == \"yes\"", delete, &dest),
            ],
        ),
        solution(
            "keeps the declined guests' files",
            vec![
                logins.clone(),
                list.clone(),
                work("rsvp.startswith(\"yes\")", "pass", &dest),
            ],
        ),
        solution(
            "moves the files into another folder",
            vec![
                logins.clone(),
                list.clone(),
                work(
                    "rsvp.startswith(\"yes\")",
                    delete,
                    &format!("{folder}/accepted_guests"),
                ),
            ],
        ),
        solution(
            "treats maybe as yes",
            vec![
                logins.clone(),
                list.clone(),
                work(
                    "rsvp.startswith(\"yes\") or rsvp.startswith(\"maybe\")",
                    delete,
                    &dest,
                ),
            ],
        ),
    ];
    let first_msg = |m: &str, who: &Person| m.replace("{first}", &who.first_name);
    // (phone number, message) of every text the right solution sends.
    let mut want_texts: Vec<(String, String)> = Vec::new();
    for (who, rsvp, _) in &guests {
        if *rsvp == "yes" {
            want_texts.push((who.phone_number.clone(), first_msg(msg, who)));
        } else if *rsvp == "maybe"
            && let Some(m) = maybe_msg
        {
            want_texts.push((who.phone_number.clone(), first_msg(m, who)));
        }
    }
    let moved: Vec<(String, String)> = guests
        .iter()
        .filter(|x| x.1 == "yes")
        .map(|x| (x.2.replace(folder, &dest), content(&x.0, x.1)))
        .collect();
    let gone: Vec<String> = guests
        .iter()
        .filter(|x| x.1 != "maybe")
        .map(|x| x.2.clone())
        .collect();
    let kept: Vec<String> = guests
        .iter()
        .filter(|x| x.1 == "maybe")
        .map(|x| x.2.clone())
        .collect();
    let texts = |ctx: &EvalCtx| -> Vec<(String, String)> {
        let me = ctx.user_id("phone");
        crate::kit::changes::added(ctx, "phone", "global_text_messages")
            .into_iter()
            .filter(|r| r.get("sender_id").as_i64() == me)
            .map(|r| {
                let to: String = ctx
                    .db
                    .query_row_cached(
                        "SELECT phone_number FROM phone.users WHERE id = ?1",
                        [r.get("receiver_id").as_i64().unwrap_or(0)],
                        |x| x.get(0),
                    )
                    .unwrap_or_default();
                (
                    to,
                    r.get("message").as_str().unwrap_or("").trim().to_string(),
                )
            })
            .collect()
    };
    let (t1, t2) = (want_texts.clone(), want_texts.clone());
    let (old3, n_moved) = (old.clone(), moved.len());
    parts.checks = vec![
        Check::new(
            format!(
                "{} texts, e.g. \"{}\" to {}",
                want_texts.len(),
                want_texts[0].1,
                want_texts[0].0
            ),
            move |ctx| {
                let got = texts(ctx);
                match t1
                    .iter()
                    .find(|w| got.iter().filter(|g| *g == *w).count() != 1)
                {
                    Some(w) => Err(format!("no single text \"{}\" to {}", w.1, w.0)),
                    None => Ok(()),
                }
            },
        ),
        Check::new("no other text", move |ctx| {
            match texts(ctx).into_iter().find(|g| !t2.contains(g)) {
                Some(g) => Err(format!("text \"{}\" to {}", g.1, g.0)),
                None => Ok(()),
            }
        }),
        Check::new(
            format!("{n_moved} files of yes guests are now in {dest}"),
            move |ctx| {
                let files = end_files(ctx);
                for (path, c) in &moved {
                    match files.get(path) {
                        None => return Err(format!("no file {path}")),
                        Some(x) if x != c => return Err(format!("{path} has other content")),
                        Some(_) => {}
                    }
                }
                Ok(())
            },
        ),
        Check::new(
            "the yes and no files are gone from the folder",
            move |ctx| {
                let files = end_files(ctx);
                match gone.iter().find(|p| files.contains_key(*p)) {
                    Some(p) => Err(format!("{p} is still there")),
                    None => Ok(()),
                }
            },
        ),
        Check::new(
            format!("the {} maybe files are kept", kept.len()),
            move |ctx| {
                let files = end_files(ctx);
                match kept.iter().find(|p| !files.contains_key(*p)) {
                    Some(p) => Err(format!("{p} is gone")),
                    None => Ok(()),
                }
            },
        ),
        Check::new(format!("{old} is kept"), move |ctx| {
            if end_files(ctx).contains_key(&old3) {
                Ok(())
            } else {
                Err(format!("{old3} is gone"))
            }
        }),
    ];
    let pre = format!("{folder}/");
    parts.allowed = allow::texts_sent();
    parts.allowed.push(Allow::new(
        format!("files and directories under {folder}"),
        move |ctx, r| {
            (r.is("file_system", "files") || r.is("file_system", "directories"))
                && r.get("user_id").as_i64() == ctx.user_id("file_system")
                && r.get("tilde_path")
                    .as_str()
                    .is_some_and(|p| p.starts_with(&pre))
        },
    ));
    parts
}
