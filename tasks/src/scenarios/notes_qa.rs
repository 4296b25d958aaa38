//! Question-answering scenarios over the supervisor's notes: counting, looking up, summing and
//! comparing. Nothing may change; the answer is checked.

use super::{Gen, LOGIN, Parts, Scenario, all_notes, mix, py, solution};
use crate::model::{Answer, Split};

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "count notes with a tag",
            split: Split::Train,
            difficulty: 1,
            build: count_tagged,
        },
        Scenario {
            name: "look up a value in a note",
            split: Split::Train,
            difficulty: 1,
            build: field_lookup,
        },
        Scenario {
            name: "sum the expenses in a note",
            split: Split::Train,
            difficulty: 2,
            build: sum_expenses,
        },
        Scenario {
            name: "find the longest or shortest run",
            split: Split::Dev,
            difficulty: 2,
            build: extreme_run,
        },
    ]
}

/// "How many of my notes are tagged X?" — more than a page of them, near-miss tags around;
/// variant 3 counts only the pinned ones.
fn count_tagged(g: &mut Gen) -> Parts {
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
    let (instruction, answer, count_expr) = if g.variant == 3 {
        (
            format!("How many of my pinned notes in SimpleNote are tagged \"{tag}\"?"),
            pinned,
            "len([n for n in notes if n[\"pinned\"]])",
        )
    } else {
        (
            format!("How many notes do I have in SimpleNote with the tag \"{tag}\"?"),
            n,
            "len(notes)",
        )
    };
    let mut parts = Parts::new(&p, instruction);
    parts.notes = Some(notes);
    parts.answer = Some(Answer::Number(answer as f64));
    let filter = format!("tags=[{}]", py(tag));
    parts.ground_truth = vec![
        LOGIN.to_string(),
        all_notes(&filter),
        format!("apis.supervisor.complete_task(answer={count_expr})"),
    ];
    parts.wrong = vec![
        solution(
            "counts only the first page of results",
            vec![
                LOGIN.to_string(),
                format!("notes = apis.simple_note.search_notes(access_token=token, {filter})"),
                format!("apis.supervisor.complete_task(answer={count_expr})"),
            ],
        ),
        solution(
            "counts every note, whatever its tag",
            vec![
                LOGIN.to_string(),
                all_notes(""),
                "apis.supervisor.complete_task(answer=len(notes))".into(),
            ],
        ),
    ];
    parts
}

pub(super) fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// "What is the Wi-Fi password in my note 'Home Network'?" — an outdated copy of the note is
/// the distractor; variant 3 asks for the network name instead.
fn field_lookup(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let words = [
        "maple", "orbit", "canyon", "velvet", "harbor", "quartz", "ember",
    ];
    let mut pw = || {
        format!(
            "{}-{}{}",
            g.rng.pick(&words),
            g.rng.pick(&words),
            g.rng.range(10, 99)
        )
    };
    let (home_pw, old_pw, office_pw) = (pw(), pw(), pw());
    let ssid = format!("{}-{}", p.last_name, g.rng.range(100, 999));
    let home = format!("Router: Netgear\nWi-Fi name: {ssid}\nWi-Fi password: {home_pw}");
    let old = format!("Router: Linksys\nWi-Fi name: {ssid}-old\nWi-Fi password: {old_pw}");
    let office = format!("Wi-Fi name: Office-Guest\nWi-Fi password: {office_pw}");
    let (title, field, answer) = match g.variant {
        1 => ("Home Network", "Wi-Fi password", home_pw.clone()),
        2 => ("Office Network", "Wi-Fi password", office_pw.clone()),
        _ => ("Home Network", "Wi-Fi name", ssid.clone()),
    };
    let ours = vec![
        g.note("Home Network", &home, &["home"], false, 20),
        g.note("Home Network (old)", &old, &["home"], false, 400),
        g.note("Office Network", &office, &["work"], false, 60),
    ];
    let filler = g.filler(&p, 7, &[], &["Home Network"]);
    let mut parts = Parts::new(
        &p,
        format!("What is the {field} written in my SimpleNote note titled \"{title}\"?"),
    );
    parts.notes = Some(mix(&mut g.rng, filler, ours));
    parts.answer = Some(Answer::Text(answer));
    let read = |t: &str| {
        format!(
            "{}\nnote_id = next(n[\"note_id\"] for n in notes if n[\"title\"] == {})\ncontent = apis.simple_note.show_note(access_token=token, note_id=note_id)[\"content\"]\nvalue = next(line.split(\": \", 1)[1] for line in content.splitlines() if line.startswith({}))",
            all_notes(&format!("query={}", py(t))),
            py(t),
            py(&format!("{field}:"))
        )
    };
    parts.ground_truth = vec![
        LOGIN.to_string(),
        read(title),
        "apis.supervisor.complete_task(answer=value)".into(),
    ];
    let wrong_title = if title == "Home Network" {
        "Home Network (old)"
    } else {
        "Home Network"
    };
    parts.wrong = vec![
        solution(
            "reads the wrong note",
            vec![
                LOGIN.to_string(),
                read(wrong_title),
                "apis.supervisor.complete_task(answer=value)".into(),
            ],
        ),
        solution(
            "answers with the whole line, label included",
            vec![
                LOGIN.to_string(),
                read(title),
                format!(
                    "apis.supervisor.complete_task(answer=next(line for line in content.splitlines() if line.startswith({})))",
                    py(&format!("{field}:"))
                ),
            ],
        ),
    ];
    parts
}

/// "How much did I spend on my trip to X?" — sums `label: $amount` lines of one note, another
/// trip's note is the distractor; variant 3 leaves the hotel out.
fn sum_expenses(g: &mut Gen) -> Parts {
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
    let ours = vec![
        g.note(&title, &fmt(&ours_items), &["travel", "finance"], false, 30),
        g.note(
            &format!("{other} Trip Expenses"),
            &fmt(&other_items),
            &["travel", "finance"],
            false,
            200,
        ),
    ];
    let filler = g.filler(&p, 8, &[], &[]);
    let instruction = if exclude_hotel {
        format!(
            "According to my SimpleNote note \"{title}\", how much did I spend on that trip, not counting the hotel? Answer with a number."
        )
    } else {
        format!(
            "According to my SimpleNote note \"{title}\", how much did I spend on that trip in total? Answer with a number."
        )
    };
    let mut parts = Parts::new(&p, instruction);
    parts.notes = Some(mix(&mut g.rng, filler, ours));
    parts.answer = Some(Answer::Number(total));
    let sum = |t: &str, skip_hotel: bool| {
        format!(
            "{}\nnote_id = next(n[\"note_id\"] for n in notes if n[\"title\"] == {})\ncontent = apis.simple_note.show_note(access_token=token, note_id=note_id)[\"content\"]\ntotal = 0.0\nfor line in content.splitlines():\n    label, amount = line.split(\": $\")\n    if {}:\n        total += float(amount)\ntotal = round(total, 2)",
            all_notes(&format!("query={}", py(t))),
            py(t),
            if skip_hotel {
                "label != \"Hotel\""
            } else {
                "True"
            }
        )
    };
    parts.ground_truth = vec![
        LOGIN.to_string(),
        sum(&title, exclude_hotel),
        "apis.supervisor.complete_task(answer=total)".into(),
    ];
    parts.wrong = vec![
        solution(
            "sums the other trip's note",
            vec![
                LOGIN.to_string(),
                sum(&format!("{other} Trip Expenses"), exclude_hotel),
                "apis.supervisor.complete_task(answer=total)".into(),
            ],
        ),
        solution(
            if exclude_hotel {
                "includes the hotel"
            } else {
                "leaves the hotel out"
            },
            vec![
                LOGIN.to_string(),
                sum(&title, !exclude_hotel),
                "apis.supervisor.complete_task(answer=total)".into(),
            ],
        ),
    ];
    parts
}

/// "On which date did I run the longest distance in April?" — run lines spread over several
/// monthly log notes tagged `running`; variant 3 asks for the shortest run.
fn extreme_run(g: &mut Gen) -> Parts {
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
        ours.push(g.note(
            &format!("Running Log - {name} 2023"),
            &content,
            &["running"],
            false,
            140 - mi as i64 * 30,
        ));
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
    let mut parts = Parts::new(
        &p,
        format!(
            "Using my SimpleNote running logs, on which date did I run the {word} distance in {} 2023? Answer as YYYY-MM-DD.",
            target.0
        ),
    );
    parts.notes = Some(mix(&mut g.rng, filler, ours));
    parts.answer = Some(Answer::Text(best));
    let pick = if longest { "max" } else { "min" };
    let scan = |month_filter: &str| {
        format!(
            "{}\nruns = []\nfor n in notes:\n    content = apis.simple_note.show_note(access_token=token, note_id=n[\"note_id\"])[\"content\"]\n    for line in content.splitlines():\n        date, rest = line.split(\": ran \")\n        if {month_filter}:\n            runs.append((float(rest.split()[0]), date))\nbest = {pick}(runs)[1]",
            all_notes("tags=[\"running\"]")
        )
    };
    parts.ground_truth = vec![
        LOGIN.to_string(),
        scan(&format!("date.startswith(\"2023-{:02}-\")", target.1)),
        "apis.supervisor.complete_task(answer=best)".into(),
    ];
    let month = format!("date.startswith(\"2023-{:02}-\")", target.1);
    let opposite = if longest { "min" } else { "max" };
    parts.wrong = vec![
        solution(
            "takes the extreme over every month",
            vec![
                LOGIN.to_string(),
                scan("True"),
                "apis.supervisor.complete_task(answer=best)".into(),
            ],
        ),
        solution(
            &format!(
                "answers the {} run instead",
                if longest { "shortest" } else { "longest" }
            ),
            vec![
                LOGIN.to_string(),
                format!("{}\nbest = {opposite}(runs)[1]", scan(&month)),
                "apis.supervisor.complete_task(answer=best)".into(),
            ],
        ),
    ];
    parts
}
