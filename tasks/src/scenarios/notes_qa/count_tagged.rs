//! "How many of my notes are tagged X?" More than a page of them, near-miss tags around;
//! variant 3 counts only the pinned ones.

use crate::kit::python::solution;
use crate::kit::text::capital;
use crate::kit::{Script, Vals};
use crate::model::{Answer, Solution};
use crate::scenarios::{Design, Drawing, Gen, mix};

/// What a variant drew.
pub(super) struct Values {
    /// The number asked for.
    answer: usize,
    /// The tag, and the cell that counts (`count`, or `count_pinned` in variant 3).
    tag: &'static str,
    count: &'static str,
}

impl Design for Values {
    const APPS: &[&str] = &["simple_note"];
    const SCRIPT: &str = include_str!("count_tagged.py");

    /// The tagged notes (the oldest pinned), the near misses and the fillers.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let (tag, near) = match g.variant {
            1 => ("travel", "travel plans"),
            2 => ("work", "homework"),
            _ => ("urgent", "not urgent"),
        };
        let n = 6 + g.rng.range(0, 5) as usize;
        let mut ours = Vec::new();
        let mut pinned = 0;
        for i in 0..n {
            // The oldest one is pinned, so a count over the first page alone always falls short.
            let pin = i == n - 1 || g.rng.chance(0.4);
            pinned += usize::from(pin);
            let extra = if i % 3 == 0 {
                vec![tag, "personal"]
            } else {
                vec![tag]
            };
            ours.push(g.note(
                &format!("{} note {}", capital(tag), i + 1),
                &format!("Item {} about {tag}.", i + 1),
                &extra,
                pin,
                (i as i64 + 1) * 9,
            ));
        }
        for i in 0..3 {
            ours.push(g.note(
                &format!("Misc {}", i + 1),
                "Not what you are looking for.",
                &[near],
                i == 0,
                40 + i,
            ));
        }
        let filler = g.filler(&p, 6, &[tag, near], &[]);
        let notes = mix(&mut g.rng, filler, ours);
        let (instruction, answer, count) = if g.variant == 3 {
            (
                format!("How many of my pinned notes in SimpleNote are tagged \"{tag}\"?"),
                pinned,
                "count_pinned",
            )
        } else {
            (
                format!("How many notes do I have in SimpleNote with the tag \"{tag}\"?"),
                n,
                "count",
            )
        };
        let values = Values { answer, tag, count };
        Drawing::from((values, notes)).instruction(instruction)
    }

    fn answer(v: &Values) -> Option<Answer> {
        Some(Answer::Number(v.answer as f64))
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let count = v.count;
        let vals = Vals::new().lit("tag", v.tag);
        let ground_truth = script.cells(&["login", "all_tagged", count], &vals);
        let wrong = vec![
            solution(
                "counts only the first page of results",
                script.cells(&["login", "first_page_tagged", count], &vals),
            ),
            solution(
                "counts every note, whatever its tag",
                script.cells(&["login", "all_notes", "count"], &vals),
            ),
        ];
        (ground_truth, wrong)
    }
}
