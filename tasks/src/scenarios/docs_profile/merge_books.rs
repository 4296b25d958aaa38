//! Collect the book notes into one "Reading List" note (variant 1: titles A–Z, variant 2: by
//! rating, best first; both delete the originals; variant 3: A–Z and keep them).

use crate::diff::ChangeKind;
use crate::kit::notes::{added_note, added_note_lines, changed_titles, is_own_note, none_changed};
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, mix};
use std::collections::BTreeSet;

/// What a variant drew.
pub(super) struct Values {
    /// Variant 3 keeps the book notes; variant 2 orders the list by rating.
    keep: bool,
    by_rating: bool,
    /// The list's lines, in the order asked.
    expected: Vec<String>,
    /// The book notes' titles.
    titles: BTreeSet<String>,
}

impl Design for Values {
    const APPS: &[&str] = &["simple_note"];
    const SCRIPT: &str = include_str!("merge_books.py");

    /// The books, their ratings and the notes.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let books = [
            "Dune",
            "Beloved",
            "Atonement",
            "Middlemarch",
            "Rebecca",
            "Emma",
            "Kindred",
            "Piranesi",
            "Circe",
        ];
        let mut picked: Vec<&str> = books.to_vec();
        g.rng.shuffle(&mut picked);
        picked.truncate(7);
        let mut ours = Vec::new();
        let mut rated = Vec::new();
        // Distinct ratings (so the order by rating is unambiguous), unrelated to recency.
        let mut ratings: Vec<i64> = (4..=10).collect();
        g.rng.shuffle(&mut ratings);
        if ratings.windows(2).all(|w| w[0] > w[1]) {
            ratings.reverse();
        }
        for (i, b) in picked.iter().enumerate() {
            let rating = ratings[i];
            rated.push((rating, b.to_string()));
            ours.push(g.note(
                &format!("Book: {b}"),
                &format!("Rating: {rating}/10\nFinished reading it."),
                &["reading"],
                false,
                (i as i64 + 1) * 11,
            ));
        }
        ours.push(g.note(
            "Book club schedule",
            "Meet every second Tuesday.",
            &["club"],
            false,
            9,
        ));
        let filler = g.filler(&p, 5, &["reading"], &["Reading List"]);
        let keep = g.variant == 3;
        let by_rating = g.variant == 2;
        let mut expected: Vec<String> = picked.iter().map(|s| s.to_string()).collect();
        if by_rating {
            rated.sort_by_key(|r| std::cmp::Reverse(r.0));
            expected = rated.into_iter().map(|r| r.1).collect();
        } else {
            expected.sort();
        }
        let order = if by_rating {
            "from the highest rating to the lowest"
        } else {
            "in alphabetical order"
        };
        let after = if keep {
            "Keep the book notes."
        } else {
            "Then delete the book notes."
        };
        let instruction = format!(
            "Create a SimpleNote note titled \"Reading List\" that lists the books from my notes tagged \"reading\" (the title after \"Book: \"), one per line, {order}. {after}"
        );
        let notes = mix(&mut g.rng, filler, ours);
        let values = Values {
            keep,
            by_rating,
            expected,
            titles: picked.iter().map(|b| format!("Book: {b}")).collect(),
        };
        Drawing::from((values, notes)).instruction(instruction)
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let keep = v.keep;
        let cells = |names: &[&str]| script.cells(names, &Vals::new());
        let create = if v.by_rating {
            "create_by_rating"
        } else {
            "create_by_title"
        };
        let finish = |names: &[&str]| {
            let mut c = vec!["login"];
            c.extend(names);
            c.push("done");
            cells(&c)
        };
        let mut gt = vec!["tagged", "collect", create];
        if !keep {
            gt.push("delete");
        }
        let ground_truth = finish(&gt);
        let mut first_page = vec!["first_page", "collect", create];
        let mut unsorted = vec!["tagged", "collect", "create_unsorted"];
        let mut flipped = vec!["tagged", "collect", create];
        if keep {
            flipped.push("delete");
        } else {
            first_page.push("delete");
            unsorted.push("delete");
        }
        let wrong = vec![
            solution(
                "uses only the first page of book notes",
                finish(&first_page),
            ),
            solution("lists the books unsorted", finish(&unsorted)),
            solution(
                if keep {
                    "deletes the book notes"
                } else {
                    "keeps the book notes"
                },
                finish(&flipped),
            ),
        ];
        (ground_truth, wrong)
    }

    /// The list added with the right lines, nothing edited, the book notes kept or deleted.
    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = vec![
            Check::new("one note titled \"Reading List\" was added", |ctx| {
                added_note(ctx, "Reading List").map(|_| ())
            }),
            none_changed("no note was edited", ChangeKind::Updated),
            v.check(
                format!("it lists, one per line: {}", v.expected.join(", ")),
                |v, ctx| {
                    let got = added_note_lines(ctx, "Reading List")?;
                    if got == v.expected {
                        Ok(())
                    } else {
                        Err(format!("it lists: {}", got.join(", ")))
                    }
                },
            ),
        ];
        if v.keep {
            checks.push(none_changed(
                "the book notes were kept",
                ChangeKind::Removed,
            ));
        } else {
            checks.push(v.check("the book notes were deleted", |v, ctx| {
                let removed = changed_titles(ctx, ChangeKind::Removed);
                let left: Vec<_> = v.titles.difference(&removed).cloned().collect();
                if left.is_empty() {
                    Ok(())
                } else {
                    Err(format!("still there: {}", left.join(", ")))
                }
            }));
        }
        checks
    }

    /// Adding the list and, unless they are kept, deleting the book notes.
    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = vec![Allow::new("adding the reading list", |ctx, r| {
            is_own_note(ctx, r)
                && r.kind() == ChangeKind::Added
                && r.get("title").as_str() == Some("Reading List")
        })];
        if !v.keep {
            allowed.push(v.allow("deleting the book notes", |v, ctx, r| {
                is_own_note(ctx, r)
                    && r.kind() == ChangeKind::Removed
                    && r.get("title")
                        .as_str()
                        .is_some_and(|t| v.titles.contains(t))
            }));
        }
        allowed
    }
}
