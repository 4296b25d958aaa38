//! "On which date did I run the longest distance in April?" Run lines spread over several
//! monthly log notes tagged `running`; variant 3 asks for the shortest run.

use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::{Answer, Solution};
use crate::scenarios::{Design, Drawing, Gen, mix};

/// What a variant drew.
pub(super) struct Values {
    /// The date of the extreme run (`YYYY-MM-DD`).
    best: String,
    /// The longest run is asked for (else the shortest), in month `month` of 2023.
    longest: bool,
    month: i64,
}

impl Design for Values {
    const APPS: &[&str] = &["simple_note"];
    const SCRIPT: &str = include_str!("extreme_run.py");

    /// The monthly logs (a more extreme run in another month), the answer and the fillers.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let months = [("January", 1), ("February", 2), ("March", 3), ("April", 4)];
        let target_idx = (g.variant as usize) % months.len();
        let target = months[target_idx];
        let longest = g.variant != 3;
        let mut ours = Vec::new();
        let mut runs_by_month = Vec::new();
        for (mi, (name, m)) in months.iter().enumerate() {
            let mut days: Vec<i64> = (1..=28).collect();
            g.rng.shuffle(&mut days);
            let mut runs: Vec<(String, f64)> = days[..6]
                .iter()
                .enumerate()
                .map(|(i, d)| {
                    // Distinct distances (tenths of km) so the extreme is unique.
                    let km = (30 + g.rng.range(0, 12) * 10 + i as i64) as f64 / 10.0;
                    (format!("2023-{m:02}-{d:02}"), km)
                })
                .collect();
            if mi == (target_idx + 1) % months.len() {
                // A more extreme run in another month: taking the extreme over all months is wrong.
                let d = days[6];
                runs.push((
                    format!("2023-{m:02}-{d:02}"),
                    if longest { 16.0 } else { 1.5 },
                ));
            }
            runs.sort_by(|a, b| a.0.cmp(&b.0));
            let content = runs
                .iter()
                .map(|(d, km)| format!("{d}: ran {km:.1} km"))
                .collect::<Vec<_>>()
                .join("\n");
            ours.push(
                g.note(
                    &format!("Running Log - {name} 2023"),
                    &content,
                    &["running"],
                    false,
                    // Written on the 1st of the month after (its runs all lie before it).
                    chrono::NaiveDate::from_ymd_opt(2023, *m as u32 + 1, 1)
                        .map_or(0, |d| (g.now.date() - d).num_days().max(0)),
                ),
            );
            runs_by_month.push(runs);
        }
        let runs = &runs_by_month[target_idx];
        let best = runs
            .iter()
            .max_by(|a, b| {
                let o = a.1.total_cmp(&b.1);
                if longest { o } else { o.reverse() }
            })
            .map(|r| r.0.clone())
            .unwrap_or_default();
        let word = if longest { "longest" } else { "shortest" };
        let filler = g.filler(&p, 6, &["running"], &[]);
        let instruction = format!(
            "Using my SimpleNote running logs, on which date did I run the {word} distance in {} 2023? Answer as YYYY-MM-DD.",
            target.0
        );
        let notes = mix(&mut g.rng, filler, ours);
        let values = Values {
            best,
            longest,
            month: target.1,
        };
        Drawing::from((values, notes)).instruction(instruction)
    }

    fn answer(v: &Values) -> Option<Answer> {
        Some(Answer::Text(v.best.clone()))
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let longest = v.longest;
        let (pick, opposite) = if longest {
            ("longest", "shortest")
        } else {
            ("shortest", "longest")
        };
        let month = format!("date.startswith(\"2023-{:02}-\")", v.month);
        let none = Vals::new();
        let scan = |in_month: &str, picks: &[&str]| {
            let mut cell = script.cell("scan", &Vals::new().code("in_month", in_month));
            for p in picks {
                cell = format!("{cell}\n{}", script.cell(p, &none));
            }
            cell
        };
        let (login, answer) = (script.cell("login", &none), script.cell("answer", &none));
        let ground_truth = vec![login.clone(), scan(&month, &[pick]), answer.clone()];
        let wrong = vec![
            solution(
                "takes the extreme over every month",
                vec![login.clone(), scan("True", &[pick]), answer.clone()],
            ),
            solution(
                &format!("answers the {opposite} run instead"),
                vec![login, scan(&month, &[pick, opposite]), answer],
            ),
        ];
        (ground_truth, wrong)
    }
}
