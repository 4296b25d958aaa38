//! Scenarios that need the API docs or the supervisor's own data: questions about the APIs
//! (answered from `apis.api_docs`), merging notes into one, and writing the supervisor's cards
//! or addresses into a note.

use super::{Gen, Parts, Scenario, mix};
use crate::diff::ChangeKind;
use crate::kit::notes::{added_note, none_changed};
use crate::kit::notes::{is_own_note, lines};
use crate::kit::python::{LOGIN, all_notes, no_note_titled, py, solution};
use crate::model::{Allow, Answer, Check, Split};
use sim::api::Registry;
use std::collections::BTreeSet;
use std::sync::OnceLock;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "answer a question from the API docs",
            split: Split::TestNormal,
            difficulty: 1,
            build: api_doc_question,
        },
        Scenario {
            name: "merge book notes into a reading list",
            split: Split::TestNormal,
            difficulty: 3,
            build: merge_books,
        },
        Scenario {
            name: "write my cards or addresses into a note",
            split: Split::TestNormal,
            difficulty: 3,
            build: profile_note,
        },
    ]
}

fn registry() -> &'static Registry {
    static R: OnceLock<Registry> = OnceLock::new();
    R.get_or_init(apps::registry)
}

/// Questions whose answers are in `show_api_descriptions` / `show_api_doc`. The expected
/// answers are computed from the registry the docs are served from.
fn api_doc_question(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let reg = registry();
    let token_apis = |app: &str| {
        reg.app_apis(app)
            .filter(|a| a.params.iter().any(|x| x.name == "access_token"))
            .count()
    };
    let (instruction, answer, gt, wrong) = match g.variant {
        1 => (
            "How many APIs of the venmo and splitwise apps, together, take an access_token parameter? Use the API docs.",
            (token_apis("venmo") + token_apis("splitwise")) as f64,
            r#"total = 0
for app in ["venmo", "splitwise"]:
    names = [a["name"] for a in apis.api_docs.show_api_descriptions(app_name=app)]
    with_token = []
    for name in names:
        doc = apis.api_docs.show_api_doc(app_name=app, api_name=name)
        if any(p["name"] == "access_token" for p in doc["parameters"]):
            with_token.append(name)
    print(app, len(names), "APIs,", len(with_token), "take an access_token")
    total += len(with_token)
apis.supervisor.complete_task(answer=total)"#,
            vec![
                solution(
                    "counts every API of the two apps",
                    vec![r#"n = sum(len(apis.api_docs.show_api_descriptions(app_name=app)) for app in ["venmo", "splitwise"])
apis.supervisor.complete_task(answer=n)"#.into()],
                ),
                solution(
                    "counts venmo's only",
                    vec![r#"n = 0
for a in apis.api_docs.show_api_descriptions(app_name="venmo"):
    doc = apis.api_docs.show_api_doc(app_name="venmo", api_name=a["name"])
    n += any(p["name"] == "access_token" for p in doc["parameters"])
apis.supervisor.complete_task(answer=n)"#.into()],
                ),
            ],
        ),
        2 => {
            let max = reg
                .app_apis("simple_note")
                .filter_map(|a| a.params.iter().find(|x| x.name == "page_limit"))
                .filter_map(|x| x.constraints.le)
                .fold(0.0, f64::max);
            (
                "What is the largest page_limit that any simple_note API accepts? Use the API docs.",
                max,
                r#"best = None
for a in apis.api_docs.show_api_descriptions(app_name="simple_note"):
    doc = apis.api_docs.show_api_doc(app_name="simple_note", api_name=a["name"])
    for p in doc["parameters"]:
        if p["name"] != "page_limit":
            continue
        for c in p["constraints"]:
            if "<=" in c:
                limit = int(float(c.split("<=")[1]))
                print(a["name"], limit)
                if best is None or limit > best:
                    best = limit
apis.supervisor.complete_task(answer=best)"#,
                vec![
                    solution(
                        "answers with search_notes' default instead of the maximum",
                        vec!["doc = apis.api_docs.show_api_doc(app_name=\"simple_note\", api_name=\"search_notes\")\nparam = next(p for p in doc[\"parameters\"] if p[\"name\"] == \"page_limit\")\napis.supervisor.complete_task(answer=param[\"default\"])".into()],
                    ),
                    solution(
                        "answers with the smallest allowed page_limit",
                        vec!["doc = apis.api_docs.show_api_doc(app_name=\"simple_note\", api_name=\"search_notes\")\nparam = next(p for p in doc[\"parameters\"] if p[\"name\"] == \"page_limit\")\nlimit = next(int(float(c.split(\">=\")[1])) for c in param[\"constraints\"] if \">=\" in c)\napis.supervisor.complete_task(answer=limit)".into()],
                    ),
                ],
            )
        }
        _ => {
            let n: usize = reg
                .app_apis("simple_note")
                .map(|a| a.params.iter().filter(|x| x.name != "access_token").count())
                .sum();
            (
                "How many parameters do the simple_note app's APIs take, all of them together, not counting access_token? Use the API docs.",
                n as f64,
                r#"counts = {}
for a in apis.api_docs.show_api_descriptions(app_name="simple_note"):
    doc = apis.api_docs.show_api_doc(app_name="simple_note", api_name=a["name"])
    counts[a["name"]] = 0
    for p in doc["parameters"]:
        if p["name"] == "access_token":
            continue
        counts[a["name"]] += 1
for name, k in sorted(counts.items()):
    print(name, k)
apis.supervisor.complete_task(answer=sum(counts.values()))"#,
                vec![
                    solution(
                        "counts access_token too",
                        vec![r#"total = 0
for a in apis.api_docs.show_api_descriptions(app_name="simple_note"):
    total += len(apis.api_docs.show_api_doc(app_name="simple_note", api_name=a["name"])["parameters"])
apis.supervisor.complete_task(answer=total)"#.into()],
                    ),
                    solution(
                        "counts the APIs instead of their parameters",
                        vec!["apis.supervisor.complete_task(answer=len(apis.api_docs.show_api_descriptions(app_name=\"simple_note\")))".into()],
                    ),
                ],
            )
        }
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["api_docs"];
    parts.answer = Some(Answer::Number(answer));
    parts.ground_truth = vec![gt.to_string()];
    parts.wrong = wrong;
    parts
}

/// Collect the book notes into one "Reading List" note (variant 1: titles A–Z, variant 2: by
/// rating, best first; both delete the originals; variant 3: A–Z and keep them).
fn merge_books(g: &mut Gen) -> Parts {
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
        expected = rated.iter().map(|r| r.1.clone()).collect();
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
    let mut parts = Parts::new(&p, instruction);
    parts.notes = Some(mix(&mut g.rng, filler, ours));
    let sort_code = if by_rating {
        "books.sort(key=lambda b: -b[1])"
    } else {
        "books.sort()"
    };
    let collect = "books = []\nfor n in notes:\n    content = apis.simple_note.show_note(access_token=token, note_id=n[\"note_id\"])[\"content\"]\n    rating = int(content.splitlines()[0].split(\": \")[1].split(\"/\")[0])\n    books.append((n[\"title\"].split(\"Book: \", 1)[1], rating))";
    let create = format!(
        "{sort_code}\napis.simple_note.create_note(access_token=token, title=\"Reading List\", content=\"\\n\".join(b[0] for b in books))"
    );
    let delete = "for n in notes:\n    apis.simple_note.delete_note(access_token=token, note_id=n[\"note_id\"])";
    let finish = |cells: Vec<String>| {
        let mut c = vec![LOGIN.to_string()];
        c.extend(cells);
        c.push("apis.supervisor.complete_task()".into());
        c
    };
    let tagged = all_notes("tags=[\"reading\"]");
    let mut gt = vec![tagged.clone(), collect.to_string(), create.clone()];
    if !keep {
        gt.push(delete.to_string());
    }
    parts.ground_truth = finish(gt);
    let mut first_page = vec![
        "notes = apis.simple_note.search_notes(access_token=token, tags=[\"reading\"])".to_string(),
        collect.to_string(),
        create.clone(),
    ];
    let mut unsorted = vec![
        tagged.clone(),
        collect.to_string(),
        "apis.simple_note.create_note(access_token=token, title=\"Reading List\", content=\"\\n\".join(b[0] for b in books))".to_string(),
    ];
    let mut flipped = vec![tagged, collect.to_string(), create];
    if keep {
        flipped.push(delete.to_string());
    } else {
        first_page.push(delete.to_string());
        unsorted.push(delete.to_string());
    }
    parts.wrong = vec![
        solution("uses only the first page of book notes", finish(first_page)),
        solution("lists the books unsorted", finish(unsorted)),
        solution(
            if keep {
                "deletes the book notes"
            } else {
                "keeps the book notes"
            },
            finish(flipped),
        ),
    ];
    let titles: BTreeSet<String> = picked.iter().map(|b| format!("Book: {b}")).collect();
    let want = expected.clone();
    let mut checks = vec![
        Check::new("one note titled \"Reading List\" was added", |ctx| {
            added_note(ctx, "Reading List").map(|_| ())
        }),
        none_changed("no note was edited", ChangeKind::Updated),
    ];
    checks.push(Check::new(
        format!("it lists, one per line: {}", expected.join(", ")),
        move |ctx| {
            let r = added_note(ctx, "Reading List")?;
            let got = lines(r.get("content").as_str().unwrap_or(""));
            if got == want {
                Ok(())
            } else {
                Err(format!("it lists: {}", got.join(", ")))
            }
        },
    ));
    if keep {
        checks.push(none_changed(
            "the book notes were kept",
            ChangeKind::Removed,
        ));
    } else {
        let t = titles.clone();
        checks.push(Check::new("the book notes were deleted", move |ctx| {
            let removed: BTreeSet<String> = ctx
                .diff
                .of_kind("simple_note", "notes", ChangeKind::Removed)
                .filter(|r| is_own_note(ctx, r))
                .filter_map(|r| r.get("title").as_str().map(str::to_string))
                .collect();
            let left: Vec<_> = t.difference(&removed).cloned().collect();
            if left.is_empty() {
                Ok(())
            } else {
                Err(format!("still there: {}", left.join(", ")))
            }
        }));
    }
    parts.checks = checks;
    parts.allowed = vec![Allow::new("adding the reading list", |ctx, r| {
        is_own_note(ctx, r)
            && r.kind() == ChangeKind::Added
            && r.get("title").as_str() == Some("Reading List")
    })];
    if !keep {
        parts
            .allowed
            .push(Allow::new("deleting the book notes", move |ctx, r| {
                is_own_note(ctx, r)
                    && r.kind() == ChangeKind::Removed
                    && r.get("title").as_str().is_some_and(|t| titles.contains(t))
            }));
    }
    parts
}

/// A note built from the supervisor's own data: their cards (variant 1), addresses (variant
/// 2), or only the cards expiring after a year (variant 3), in the order the supervisor app
/// lists them.
fn profile_note(g: &mut Gen) -> Parts {
    // Someone with at least two cards of different expiry years, so variant 3 has a choice.
    let mut p = g.supervisor();
    let people = &g.population.people;
    let start = people.iter().position(|x| x.id == p.id).unwrap_or(0);
    for k in 0..people.len() {
        let cand = &people[(start + k) % people.len()];
        let years: BTreeSet<i64> = cand.payment_cards.iter().map(|c| c.expiry_year).collect();
        if years.len() >= 2 && cand.addresses.len() >= 2 {
            p = cand.clone();
            break;
        }
    }
    let min_year = p
        .payment_cards
        .iter()
        .map(|c| c.expiry_year)
        .min()
        .unwrap_or(2024);
    let card_line = |c: &apps::people::PaymentCard| {
        format!(
            "{} ending {:04}: expires {:02}/{}",
            c.card_name,
            c.card_number % 10000,
            c.expiry_month,
            c.expiry_year
        )
    };
    let (title, expected, instruction, gt, wrong_cell): (&str, Vec<String>, String, String, String) =
        match g.variant {
            2 => (
                "My Addresses",
                p.addresses
                    .iter()
                    .map(|a| format!("{}: {}, {}", a.name, a.street_address, a.city))
                    .collect(),
                "Create a SimpleNote note titled \"My Addresses\" with one line per address saved in the supervisor app, written as \"<name>: <street address>, <city>\", in the order the supervisor app lists them.".into(),
                "lines = [f\"{a['name']}: {a['street_address']}, {a['city']}\" for a in apis.supervisor.show_addresses()]".into(),
                "lines = [f\"{a['name']}: {a['street_address']}, {a['city']}, {a['state']}\" for a in apis.supervisor.show_addresses()]".into(),
            ),
            v => {
                let only_after = v == 3;
                let cards: Vec<String> = p
                    .payment_cards
                    .iter()
                    .filter(|c| !only_after || c.expiry_year > min_year)
                    .map(card_line)
                    .collect();
                let which = if only_after {
                    format!("each of my payment cards that expires after {min_year}")
                } else {
                    "each of my payment cards".to_string()
                };
                let cond = if only_after {
                    format!(" if c['expiry_year'] > {min_year}")
                } else {
                    String::new()
                };
                (
                    "Card Reminders",
                    cards,
                    format!("Create a SimpleNote note titled \"Card Reminders\" with one line for {which}, written as \"<card name> ending <last 4 digits>: expires <MM>/<YYYY>\", in the order the supervisor app lists them."),
                    format!("lines = [f\"{{c['card_name']}} ending {{c['card_number'] % 10000:04d}}: expires {{c['expiry_month']:02d}}/{{c['expiry_year']}}\" for c in apis.supervisor.show_payment_cards(){cond}]"),
                    "lines = [f\"{c['card_name']} ending {c['card_number'] % 10000:04d}: expires {c['expiry_month']:02d}/{c['expiry_year']}\" for c in apis.supervisor.show_payment_cards()]\nlines.sort()".into(),
                )
            }
        };
    let filler = g.filler(&p, 8, &[], &[title]);
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "simple_note"];
    parts.notes = Some(filler);
    let create = format!(
        "apis.simple_note.create_note(access_token=token, title={}, content=\"\\n\".join(lines))",
        py(title)
    );
    parts.ground_truth = vec![
        LOGIN.to_string(),
        format!("{}\n{gt}\n{create}", no_note_titled(title)),
        "apis.supervisor.complete_task()".into(),
    ];
    let wrong_name = match g.variant {
        2 => "adds the state to each line",
        3 => "lists every card, sorted",
        _ => "sorts the cards by name",
    };
    parts.wrong = vec![
        solution(
            wrong_name,
            vec![
                LOGIN.to_string(),
                format!("{wrong_cell}\n{create}"),
                "apis.supervisor.complete_task()".into(),
            ],
        ),
        solution(
            "writes the lines into the answer instead of a note",
            vec![
                LOGIN.to_string(),
                format!("{gt}\napis.supervisor.complete_task(answer=\"\\n\".join(lines))"),
            ],
        ),
    ];
    let (t, t1) = (title.to_string(), title.to_string());
    let n_lines = expected.len();
    let e1 = expected.clone();
    parts.checks = vec![
        Check::new(format!("one note titled {title:?} was added"), move |ctx| {
            added_note(ctx, &t1).map(|_| ())
        }),
        Check::new(format!("it has {n_lines} lines, one per item"), {
            let t = title.to_string();
            move |ctx| {
                let got = lines(added_note(ctx, &t)?.get("content").as_str().unwrap_or(""));
                if got.len() == e1.len() {
                    Ok(())
                } else {
                    Err(format!("it has {} lines", got.len()))
                }
            }
        }),
        none_changed("no note was edited", ChangeKind::Updated),
        none_changed("no note was deleted", ChangeKind::Removed),
    ];
    parts.checks.push(Check::new(
        format!("its lines are: {}", expected.join(" | ")),
        move |ctx| {
            let r = added_note(ctx, &t)?;
            let got = lines(r.get("content").as_str().unwrap_or(""));
            if got == expected {
                Ok(())
            } else {
                Err(format!("it has: {}", got.join(" | ")))
            }
        },
    ));
    let t = title.to_string();
    parts.allowed = vec![Allow::new(format!("adding {title:?}"), move |ctx, r| {
        is_own_note(ctx, r) && r.kind() == ChangeKind::Added && r.get("title").as_str() == Some(&t)
    })];
    parts
}
