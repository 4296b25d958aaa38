//! "Back up every note tagged T into FOLDER/<title>.txt, then delete those notes." Variants
//! differ in the tag, the folder and the near-miss notes (a similar tag that must stay).

use super::own_path;
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::files::end_files;
use crate::kit::notes::{end_notes, is_own_note};
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, mix};
use std::collections::BTreeSet;

/// What a variant drew.
pub(super) struct Values {
    /// The tag to back up and the folder the files go into.
    tag: &'static str,
    folder: &'static str,
    /// The near-miss note (kept): its tag and title.
    near_tag: &'static str,
    near_title: &'static str,
    /// The notes to back up: (title, file path, content).
    want: Vec<(String, String, String)>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "simple_note", "file_system"];
    const SCRIPT: &str = include_str!("notes_backup.py");

    /// The supervisor, the tagged notes, the near miss and the filler (mixed).
    fn draw(g: &mut Gen) -> Drawing<Values> {
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
        let notes = mix(&mut g.rng, filler, mine);
        let values = Values {
            tag,
            folder,
            near_tag,
            near_title,
            want,
        };
        Drawing::from((values, notes)).instruction(instruction)
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let vals = Vals::new()
            .lit("tag", v.tag)
            .lit("folder", v.folder)
            .code("name", "note[\"title\"] + \".txt\"")
            .lit("body", "content");
        let cells = |names: &[&str]| script.cells(names, &vals);
        let find_and_backup = |vals: &Vals| script.cells(&["logins", "find", "backup"], vals);
        let ground_truth = cells(&["logins", "find", "backup"]);
        let wrong = vec![
            solution(
                "backs up only the first page of notes",
                cells(&["logins", "first_page", "backup"]),
            ),
            solution(
                "copies the notes but does not delete them",
                cells(&["logins", "find", "backup_keep_notes"]),
            ),
            solution(
                "writes only the title into each file",
                find_and_backup(&vals.clone().lit("body", "title")),
            ),
            solution(
                "names the files without the .txt extension",
                find_and_backup(&vals.clone().code("name", "note[\"title\"]")),
            ),
        ];
        (ground_truth, wrong)
    }

    /// The files (there, exact, no others), the tagged notes deleted and the near miss kept.
    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let n = v.want.len();
        vec![
            v.check(
                format!(
                    "{n} files {}/<title>.txt exist (e.g. {})",
                    v.folder, v.want[0].1
                ),
                |v, ctx| {
                    let files = end_files(ctx);
                    match v.want.iter().find(|w| !files.contains_key(&w.1)) {
                        Some(w) => Err(format!("no file {}", w.1)),
                        None => Ok(()),
                    }
                },
            ),
            v.check("each file holds its note's exact content", |v, ctx| {
                let files = end_files(ctx);
                for w in &v.want {
                    if let Some(c) = files.get(&w.1)
                        && c != &w.2
                    {
                        return Err(format!("{} has other content", w.1));
                    }
                }
                Ok(())
            }),
            v.check(format!("no other new file under {}", v.folder), |v, ctx| {
                let files = end_files(ctx);
                match files
                    .keys()
                    .find(|k| k.starts_with(v.folder) && !v.want.iter().any(|w| &w.1 == *k))
                {
                    Some(k) => Err(format!("unexpected file {k}")),
                    None => Ok(()),
                }
            }),
            v.check(
                format!("the {n} notes tagged \"{}\" are deleted", v.tag),
                |v, ctx| {
                    let titles = end_titles(ctx);
                    match v.want.iter().find(|w| titles.contains(&w.0)) {
                        Some(w) => Err(format!("note \"{}\" is still there", w.0)),
                        None => Ok(()),
                    }
                },
            ),
            v.check(
                format!(
                    "the note \"{}\" (tagged \"{}\") is kept",
                    v.near_title, v.near_tag
                ),
                |v, ctx| {
                    if end_titles(ctx).contains(v.near_title) {
                        Ok(())
                    } else {
                        Err(format!("\"{}\" was deleted", v.near_title))
                    }
                },
            ),
        ]
    }

    /// Deleting the tagged notes, and adding files and directories under (and up to) the folder.
    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            v.allow(
                format!("deleting the notes tagged \"{}\"", v.tag),
                |v, ctx, r| {
                    is_own_note(ctx, r)
                        && r.kind() == ChangeKind::Removed
                        && r.get("title")
                            .as_str()
                            .is_some_and(|t| v.want.iter().any(|w| w.0 == t))
                },
            ),
            v.allow(
                format!("new files and directories under {}", v.folder),
                |v, ctx, r| {
                    let prefix = v.folder;
                    r.kind() == ChangeKind::Added
                        && own_path(ctx, r).is_some_and(|p| {
                            p.starts_with(prefix) || prefix.starts_with(p.trim_end_matches('/'))
                        })
                },
            ),
        ]
    }
}

/// Titles of the supervisor's notes at the end.
fn end_titles(ctx: &EvalCtx) -> BTreeSet<String> {
    end_notes(ctx).into_iter().map(|n| n.0).collect()
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
