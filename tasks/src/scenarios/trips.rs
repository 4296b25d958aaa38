//! Scenarios of the "(trips)" set: cross-app tasks around trips with friends and other life
//! events. A trip here is what the world's trips are (`apps::plans`): a Splitwise group
//! `<City> Trip <year>`, an itinerary and receipts under `~/documents/trips/<city_yyyy_mm>/`,
//! a Todoist project `Trip to <City>` shared by the travellers, texts among them. The set
//! covers turning an itinerary into assigned Todoist tasks, texting and requesting what each
//! traveller owes, recording the receipts a group is missing, wrapping a trip up (project,
//! folder, balances), a cost note from receipts, a road-trip playlist from texted songs and a
//! friend's birthday. Every name ends with " (trips)" so `TASKS_ONLY='(trips)'` selects them.

use super::{Gen, Parts, Scenario, step};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{added, allow_added};
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::money::{cents_of, usd};
use crate::kit::people::full;
use crate::kit::people::{distinct_friends, known, person};
use crate::kit::phone::phone_id;
use crate::kit::phone::sent_texts;
use crate::kit::python::{DONE, logins};
use crate::kit::python::{py, solution};
use crate::kit::splitwise::group_named;
use crate::kit::text::holds;
use crate::kit::venmo::payments_sent;
use crate::kit::venmo::requests_sent;
use crate::model::{Allow, Check, Split};
use apps::people::{Person, Population, Relation};
use chrono::{Duration, NaiveDate, NaiveDateTime};
use sim::sql::Cached;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "assign the itinerary's to-dos in the trip project (trips)",
            split: Split::Train,
            difficulty: 3,
            build: itinerary_todos,
        },
        Scenario {
            name: "text and request what each traveller owes (trips)",
            split: Split::Train,
            difficulty: 2,
            build: text_and_request,
        },
        Scenario {
            name: "record the trip receipts missing from the group (trips)",
            split: Split::Train,
            difficulty: 3,
            build: missing_receipts,
        },
        Scenario {
            name: "wrap up a trip: project, folder and balances (trips)",
            split: Split::TestNormal,
            difficulty: 2,
            build: wrap_up,
        },
        Scenario {
            name: "note a trip's costs by category from the receipts (trips)",
            split: Split::Dev,
            difficulty: 2,
            build: cost_note,
        },
        Scenario {
            name: "road-trip playlist from the songs travellers texted (trips)",
            split: Split::TestNormal,
            difficulty: 2,
            build: road_trip_playlist,
        },
        Scenario {
            name: "a friend's next birthday: Venmo, text and a card task (trips)",
            split: Split::Train,
            difficulty: 3,
            build: birthday,
        },
        Scenario {
            name: "moving out: pay and leave the Roommates group, text friends (trips)",
            split: Split::Dev,
            difficulty: 3,
            build: moving_out,
        },
    ]
}

// ---- people, time, money -----------------------------------------------------------------

/// A supervisor with at least `n` distinct friends, and `n` of them (shuffled).
fn with_friends(g: &mut Gen, n: usize) -> (Person, Vec<Person>) {
    let pop = g.population;
    let p = g.supervisor_where(|p| distinct_friends(pop, p).len() >= n);
    let mut f = distinct_friends(pop, &p);
    g.rng.shuffle(&mut f);
    f.truncate(n);
    (p, f)
}

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
}

fn at(d: NaiveDate, h: u32) -> NaiveDateTime {
    d.and_hms_opt(h, 15, 0).unwrap_or_default()
}

/// A trip folder's name: `santa_fe_2023_06`.
fn folder(city: &str, start: NaiveDate) -> String {
    format!(
        "{}_{}",
        city.to_lowercase().replace(' ', "_"),
        start.format("%Y_%m")
    )
}

// ---- Python --------------------------------------------------------------------------------

// ---- checks ----------------------------------------------------------------------------------

fn allow_notifications(app: &'static str) -> Allow {
    allow_added(
        format!("{app} notifications"),
        app,
        "notifications",
        |_, _| true,
    )
}

// ---- 1. the itinerary's to-dos as assigned Todoist tasks -------------------------------------

/// An itinerary as the supervisor wrote it: the to-do list names people as the supervisor's
/// phone shows them (`me` for the supervisor).
fn itinerary(
    city: &str,
    start: NaiveDate,
    nights: i64,
    names: &[String],
    todos: &[(String, String, NaiveDate)],
    days: &[&str],
) -> String {
    let mut s = format!(
        "Trip to {city}\nDates: {} to {}\nTravelers: {}\n\nBefore we leave:\n",
        start.format("%Y-%m-%d"),
        (start + Duration::days(nights)).format("%Y-%m-%d"),
        names.join(", ")
    );
    for (t, who, due) in todos {
        s.push_str(&format!("- {t} ({who}, by {})\n", due.format("%Y-%m-%d")));
    }
    s.push_str("\nDay by day:\n");
    for (i, d) in days.iter().enumerate() {
        s.push_str(&format!(
            "- {}: {d}\n",
            (start + Duration::days(i as i64)).format("%a %b %d")
        ));
    }
    s
}

/// The tasks added to the project named `project` in the episode: (title, due day, assignee's
/// todoist id).
fn added_tasks(ctx: &EvalCtx, project: &str) -> Vec<(String, String, Option<i64>)> {
    added(ctx, "todoist", "tasks")
        .into_iter()
        .filter(|r| {
            r.get("project_id").as_i64().is_some_and(|pid| {
                ctx.db
                    .query_row_cached(
                        "SELECT name FROM todoist.projects WHERE id = ?1",
                        [pid],
                        |row| row.get::<_, String>(0),
                    )
                    .ok()
                    .as_deref()
                    == Some(project)
            })
        })
        .map(|r| {
            (
                r.get("title").as_str().unwrap_or("").trim().to_string(),
                r.get("due_date")
                    .as_str()
                    .unwrap_or("")
                    .chars()
                    .take(10)
                    .collect(),
                r.get("assignee_id").as_i64(),
            )
        })
        .collect()
}

/// "Add the to-dos of my itinerary for the <City> trip to our Todoist project, each assigned
/// to the person it names and due by its date." Variant 2: one to-do is in the project
/// already (not to be added again); variant 3: a friend is in the phone under a nickname (the
/// itinerary uses it) and last year's itinerary of the same city lists other to-dos.
fn itinerary_todos(g: &mut Gen) -> Parts {
    let v = g.variant;
    let (p, friends) = with_friends(g, if v == 3 { 3 } else { 2 });
    let (city, start, nights, lodging) = match v {
        1 => ("Sedona", day(2023, 6, 9), 3, "Red Rock casita"),
        2 => ("Asheville", day(2023, 6, 16), 4, "Blue Ridge cabin"),
        _ => ("Santa Fe", day(2023, 6, 23), 3, "Canyon Road adobe"),
    };
    let nickname = "Ziggy";
    // How the supervisor's phone (and so the itinerary) names each friend.
    let shown: Vec<String> = friends
        .iter()
        .enumerate()
        .map(|(i, f)| {
            if v == 3 && i == 1 {
                nickname.to_string()
            } else {
                f.first_name.clone()
            }
        })
        .collect();
    let items: &[(&str, usize, i64)] = match v {
        // (title, who: 0 = me, k = friends[k-1], days before departure)
        1 => &[
            ("Book the jeep tour", 1, 10),
            ("Buy the red rock park passes", 2, 7),
            ("Reserve dinner for the first night", 0, 4),
        ],
        2 => &[
            ("Buy tickets for the Biltmore", 2, 12),
            ("Reserve the tubing trip", 1, 8),
            ("Plan the hike to Looking Glass Rock", 0, 5),
            ("Order trail snacks", 1, 3),
        ],
        _ => &[
            ("Book the Meow Wolf tickets", 2, 11),
            ("Reserve the hot springs", 3, 9),
            ("Buy the opera tickets", 0, 6),
            ("Make a list of galleries to visit", 2, 2),
        ],
    };
    let todos: Vec<(String, String, NaiveDate)> = items
        .iter()
        .map(|(t, who, before)| {
            let name = if *who == 0 {
                "me".to_string()
            } else {
                shown[who - 1].clone()
            };
            (t.to_string(), name, start - Duration::days(*before))
        })
        .collect();
    // Variant 2: the second to-do is in the project already.
    let existing_todo = (v == 2).then(|| items[1].0.to_string());
    let mut names = vec![p.first_name.clone()];
    names.extend(shown.iter().cloned());
    let days: &[&str] = &[
        "drive in, check in at the lodging",
        "the big outing",
        "free morning, dinner out",
        "pack up and drive home",
        "rest day",
    ];
    let text = itinerary(
        city,
        start,
        nights,
        &names,
        &todos,
        &days[..nights as usize],
    );
    let old_text = itinerary(
        city,
        day(2022, 9, 2),
        2,
        &names[..2],
        &[
            (
                "Book the ghost tour".to_string(),
                shown[0].clone(),
                day(2022, 8, 25),
            ),
            (
                "Buy sunscreen".to_string(),
                "me".to_string(),
                day(2022, 8, 30),
            ),
        ],
        &days[..2],
    );
    let path = format!("~/documents/trips/{}/itinerary.txt", folder(city, start));
    let old_path = format!(
        "~/documents/trips/{}/itinerary.txt",
        folder(city, day(2022, 9, 2))
    );
    let project = format!("Trip to {city}");
    let instruction = match v {
        1 => format!(
            "My itinerary for the {city} trip (in my file system) has a list of things to do before we leave. Add each of them as a task to our \"{project}\" project in Todoist, due by the date the list gives, and assign it to the person the list names (\"me\" is me)."
        ),
        2 => format!(
            "Go through the \"Before we leave\" list in my {city} itinerary in my file system and put every item that isn't in our Todoist project \"{project}\" yet into it, due by its date and assigned to whoever the list says (\"me\" means me)."
        ),
        _ => format!(
            "We're off to {city} soon. Take the to-do list from this trip's itinerary in my file system and add each item as a task in the Todoist project \"{project}\", due by its date and assigned to the person named next to it (\"me\" is me)."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "phone", "todoist"];
    let now = g.now;
    let (sup, fr) = (p.clone(), friends.clone());
    let (text_s, old_s, path_s, old_path_s, project_s, ex) = (
        text.clone(),
        old_text,
        path.clone(),
        old_path,
        project.clone(),
        existing_todo.clone(),
    );
    let lodging_s = lodging.to_string();
    parts.setup.push(step(move |s| {
        s.add_file(&sup, &path_s, &text_s, now - Duration::days(6))?;
        if v == 3 {
            s.add_file(&sup, &old_path_s, &old_s, now - Duration::days(270))?;
            s.relabel_contact(&sup, &fr[1], nickname, &["friend"])?;
        }
        let mut members: Vec<&Person> = vec![&sup];
        members.extend(fr.iter());
        let pid = s.add_todo_project(
            &sup,
            &project_s,
            &format!("Getting ready for {}", project_s.to_lowercase()),
            &members,
            now - Duration::days(20),
        )?;
        s.add_todo_task(
            pid,
            None,
            &sup,
            &format!("Confirm the {lodging_s} booking"),
            Some((now - Duration::days(3)).date()),
            "high",
            true,
            Some(&sup),
            now - Duration::days(19),
        )?;
        s.add_todo_task(
            pid,
            None,
            &fr[0],
            "Pack hiking boots",
            Some(start - Duration::days(1)),
            "low",
            false,
            Some(&fr[0]),
            now - Duration::days(15),
        )?;
        if let Some(t) = &ex {
            s.add_todo_task(
                pid,
                None,
                &sup,
                t,
                Some(start - Duration::days(8)),
                "medium",
                false,
                Some(&fr[0]),
                now - Duration::days(4),
            )?;
        }
        Ok(())
    }));
    let login = logins(&[("fs", "file_system"), ("ph", "phone"), ("td", "todoist")]);
    let city_key = city.to_lowercase().replace(' ', "_");
    let read = |pick: &str| {
        format!(
            "from datetime import datetime\ntoday = datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)[\"date\"], \"%A, %B %d, %Y\").strftime(\"%Y-%m-%d\")\npaths = [q for q in apis.file_system.show_directory(access_token=fs, directory_path=\"~/documents/trips/\", substring={}, entry_type=\"files\") if q.endswith(\"itinerary.txt\")]\ntexts = [apis.file_system.show_file(access_token=fs, file_path=q)[\"content\"] for q in paths]\ncontent = {pick}\ntodos = re.findall(r\"^- (.+) \\((.+), by (\\d{{4}}-\\d{{2}}-\\d{{2}})\\)$\", content, re.M)\nprint(todos)",
            py(&city_key)
        )
    };
    let upcoming = "[t for t in texts if re.search(r\"Dates: (\\S+)\", t).group(1) > today][0]";
    let oldest = "min(texts, key=lambda t: re.search(r\"Dates: (\\S+)\", t).group(1))";
    let project_py = format!(
        "project = next(x for x in all_pages(apis.todoist.show_projects, access_token=td) if x[\"name\"] == {})\ntasks = apis.todoist.show_tasks(access_token=td, project_id=project[\"project_id\"])\ntitles = [t[\"title\"] for t in tasks[\"no_section_tasks\"]] + [t[\"title\"] for s in tasks[\"sections\"] for t in s[\"tasks\"]]\ncontacts = all_pages(apis.phone.search_contacts, access_token=ph)",
        py(&project)
    );
    let add = |skip_existing: bool, assign: &str| {
        let skip = if skip_existing {
            "    if title in titles:\n        continue\n"
        } else {
            ""
        };
        format!(
            "for title, who, due in todos:\n{skip}    email = profile[\"email\"] if who == \"me\" else next(c[\"email\"] for c in contacts if c[\"first_name\"] == who)\n    tid = apis.todoist.create_task(access_token=td, project_id=project[\"project_id\"], title=title, due_date=due)[\"task_id\"]\n{assign}\n{DONE}"
        )
    };
    let assign = "    apis.todoist.assign_or_unassign_task(access_token=td, task_id=tid, assignee_email=email)";
    parts.ground_truth = vec![
        login.clone(),
        read(upcoming),
        project_py.clone(),
        add(true, assign),
    ];
    parts.wrong = vec![
        solution(
            "adds the tasks without assigning them",
            vec![
                login.clone(),
                read(upcoming),
                project_py.clone(),
                add(true, "    pass"),
            ],
        ),
        solution(
            "assigns every task to the supervisor",
            vec![
                login.clone(),
                read(upcoming),
                project_py.clone(),
                add(
                    true,
                    "    apis.todoist.assign_or_unassign_task(access_token=td, task_id=tid, assignee_email=profile[\"email\"])",
                ),
            ],
        ),
        solution(
            "adds the tasks without due dates",
            vec![
                login.clone(),
                read(upcoming),
                project_py.clone(),
                add(true, assign).replace(", due_date=due)", ")"),
            ],
        ),
    ];
    if v == 2 {
        parts.wrong.push(solution(
            "adds the to-do already in the project again",
            vec![
                login.clone(),
                read(upcoming),
                project_py.clone(),
                add(false, assign),
            ],
        ));
    }
    if v == 3 {
        parts.wrong.push(solution(
            "uses last year's itinerary",
            vec![
                login.clone(),
                read(oldest),
                project_py.clone(),
                add(true, assign),
            ],
        ));
    }
    // Expected: (title, due, assignee e-mail, assignee name).
    let want: Vec<(String, String, String, String)> = items
        .iter()
        .zip(&todos)
        .filter(|((t, _, _), _)| existing_todo.as_deref() != Some(*t))
        .map(|((t, who, _), (_, _, due))| {
            let who_p = if *who == 0 { &p } else { &friends[who - 1] };
            (
                t.to_string(),
                due.format("%Y-%m-%d").to_string(),
                who_p.email.clone(),
                full(who_p),
            )
        })
        .collect();
    for (title, due, email, name) in &want {
        let (title, due, email, proj) =
            (title.clone(), due.clone(), email.clone(), project.clone());
        parts.checks.push(Check::new(
            format!("\"{title}\" added to {proj}, due {due}, assigned to {name}"),
            move |ctx| {
                let got: Vec<_> = added_tasks(ctx, &proj)
                    .into_iter()
                    .filter(|t| t.0.eq_ignore_ascii_case(&title))
                    .collect();
                let [one] = got.as_slice() else {
                    return Err(format!("{} such tasks", got.len()));
                };
                if one.1 != due {
                    return Err(format!("due \"{}\"", one.1));
                }
                if one.2 != uid(ctx, "todoist", &email) {
                    return Err(format!("assigned to todoist user {:?}", one.2));
                }
                Ok(())
            },
        ));
    }
    let titles: Vec<String> = want.iter().map(|w| w.0.clone()).collect();
    let proj = project.clone();
    parts.checks.push(Check::new(
        format!("no other task added ({} in all)", titles.len()),
        move |ctx| {
            let got = added_tasks(ctx, &proj);
            if let Some(t) = got
                .iter()
                .find(|t| !titles.iter().any(|x| x.eq_ignore_ascii_case(&t.0)))
            {
                return Err(format!("a task \"{}\"", t.0));
            }
            if added(ctx, "todoist", "tasks").len() != got.len() {
                return Err("a task in another project".into());
            }
            Ok(())
        },
    ));
    let proj = project.clone();
    parts.allowed = vec![
        allow_added(
            "tasks of the trip project",
            "todoist",
            "tasks",
            move |ctx, r| {
                r.get("project_id").as_i64().is_some_and(|pid| {
                    ctx.db
                        .query_row_cached(
                            "SELECT name FROM todoist.projects WHERE id = ?1",
                            [pid],
                            |row| row.get::<_, String>(0),
                        )
                        .ok()
                        .as_deref()
                        == Some(proj.as_str())
                })
            },
        ),
        allow_notifications("todoist"),
    ];
    parts
}

// ---- 2. text and request what each traveller owes --------------------------------------------

/// "Text everyone in the trip's Splitwise group who still owes me what they owe, and request
/// it on Venmo." Balances are pairwise over equal four-way splits. Variant 2: the supervisor
/// owes one member (no text, no request); variant 3: one member has paid part back already.
fn text_and_request(g: &mut Gen) -> Parts {
    let v = g.variant;
    let (p, fr) = with_friends(g, 3);
    let city = ["Porto", "Vienna", "Tucson"][usize::from(v - 1)];
    let start = [day(2023, 4, 6), day(2023, 3, 23), day(2023, 4, 13)][usize::from(v - 1)];
    let group = format!("{city} Trip 2023");
    let lodging = cents_of(&mut g.rng, 90_000, 130_000, 4);
    let dinner1 = cents_of(&mut g.rng, 14_000, 22_000, 4);
    let car = cents_of(&mut g.rng, 20_000, 32_000, 4);
    let dinner2 = cents_of(&mut g.rng, 12_000, 20_000, 4);
    let tickets = if v == 2 {
        lodging + dinner1 + cents_of(&mut g.rng, 8_000, 16_000, 4)
    } else {
        cents_of(&mut g.rng, 6_000, 12_000, 4)
    };
    let partial = if v == 3 { 5_000 } else { 0 };
    let mine = lodging + dinner1;
    let owes = [
        (fr[0].clone(), (mine - car) / 4),
        (fr[1].clone(), (mine - dinner2) / 4 - partial),
        (fr[2].clone(), (mine - tickets) / 4),
    ];
    let debtors: Vec<(Person, i64)> = owes.iter().filter(|o| o.1 > 0).cloned().collect();
    let note = format!("{city} trip");
    let instruction = match v {
        1 => format!(
            "Our {city} trip is over. Text each person in the trip's Splitwise group who still owes me how much they owe me (the exact amount, like $12.34), and request that amount from each of them on Venmo with the note \"{note}\"."
        ),
        2 => format!(
            "Could you chase up the money from the {city} trip? Everyone in our Splitwise group for it who owes me should get a text from me with the amount (e.g. $12.34) and a Venmo request for it, noted \"{note}\"."
        ),
        _ => format!(
            "Please collect what I'm owed from the {city} trip: for each member of its Splitwise group who still owes me, send a text saying how much (as $12.34) and a Venmo request for that amount with the note \"{note}\"."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "splitwise", "phone", "venmo"];
    let (sup, f) = (p.clone(), fr.clone());
    let group_s = group.clone();
    let lodging_name = format!("{city} apartment ({} nights)", 4);
    parts.setup.push(step(move |s| {
        let all = [&sup, &f[0], &f[1], &f[2]];
        let gid =
            s.add_splitwise_group(&sup, &all, &group_s, at(start - Duration::days(40), 20))?;
        s.add_splitwise_expense(
            Some(gid),
            &sup,
            &all,
            &lodging_name,
            usd(lodging),
            at(start - Duration::days(35), 21),
        )?;
        s.add_splitwise_expense(
            Some(gid),
            &f[0],
            &all,
            "Car rental",
            usd(car),
            at(start, 10),
        )?;
        s.add_splitwise_expense(
            Some(gid),
            &f[2],
            &all,
            if v == 2 {
                "Flights and museum passes"
            } else {
                "Museum tickets"
            },
            usd(tickets),
            at(start + Duration::days(1), 11),
        )?;
        s.add_splitwise_expense(
            Some(gid),
            &sup,
            &all,
            "Dinner on the first night",
            usd(dinner1),
            at(start, 21),
        )?;
        s.add_splitwise_expense(
            Some(gid),
            &f[1],
            &all,
            "Dinner by the river",
            usd(dinner2),
            at(start + Duration::days(2), 21),
        )?;
        if partial > 0 {
            s.add_splitwise_payment(
                Some(gid),
                &f[1],
                &sup,
                usd(partial),
                "Part of my share",
                at(start + Duration::days(9), 18),
            )?;
        }
        Ok(())
    }));
    let login = logins(&[("sw", "splitwise"), ("ph", "phone"), ("vm", "venmo")]);
    let find = format!(
        "group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x[\"name\"] == {})\nbal = apis.splitwise.show_group_balance(access_token=sw, group_id=group[\"group_id\"], email=profile[\"email\"])[0]\nowers = bal[\"targets_owe_to_source\"][\"breakdown\"]\ncontacts = all_pages(apis.phone.search_contacts, access_token=ph)\nprint(owers)",
        py(&group)
    );
    let act = |list: &str, text: bool, note: &str| {
        let t = if text {
            format!(
                "    apis.phone.send_text_message(access_token=ph, phone_number=c[\"phone_number\"], message=f\"Hi {{c['first_name']}}, you still owe me ${{o['amount']:.2f}} for the {city} trip. I've sent you a Venmo request.\")\n"
            )
        } else {
            String::new()
        };
        format!(
            "for o in {list}:\n    c = next(c for c in contacts if c[\"email\"] == o[\"email\"])\n{t}    apis.venmo.create_payment_request(access_token=vm, user_email=o[\"email\"], amount=round(o[\"amount\"], 2), description={})\n{DONE}",
            py(note)
        )
    };
    parts.ground_truth = vec![login.clone(), find.clone(), act("owers", true, &note)];
    parts.wrong = vec![
        solution(
            "requests on Venmo but sends no texts",
            vec![login.clone(), find.clone(), act("owers", false, &note)],
        ),
        solution(
            "asks everyone for a quarter of what the supervisor paid",
            vec![
                login.clone(),
                find.clone(),
                format!(
                    "paid = sum(e[\"paid_amount\"] for e in all_pages(apis.splitwise.show_group_expenses, access_token=sw, group_id=group[\"group_id\"]) if e[\"payer\"][\"email\"] == profile[\"email\"])\n{}",
                    act(
                        "[{\"email\": m[\"email\"], \"amount\": paid / 4} for m in group[\"members\"] if m[\"email\"] != profile[\"email\"]]",
                        true,
                        &note
                    )
                ),
            ],
        ),
        solution(
            "writes another note on the requests",
            vec![login.clone(), find.clone(), act("owers", true, "trip")],
        ),
    ];
    if v == 2 {
        parts.wrong.push(solution(
            "also asks the member the supervisor owes",
            vec![
                login.clone(),
                find.clone(),
                act(
                    "owers + bal[\"source_owes_to_targets\"][\"breakdown\"]",
                    true,
                    &note,
                ),
            ],
        ));
    }
    let shown = debtors
        .iter()
        .map(|(q, c)| format!("${} from {}", c2(*c), full(q)))
        .collect::<Vec<_>>()
        .join(", ");
    let want: Vec<(String, String, String, i64)> = debtors
        .iter()
        .map(|(q, c)| (full(q), q.email.clone(), q.phone_number.clone(), *c))
        .collect();
    let w = want.clone();
    parts.checks.push(Check::new(
        format!("one Venmo request each: {shown}"),
        move |ctx| {
            let got = requests_sent(ctx);
            for (name, email, _, cents) in &w {
                let id = uid(ctx, "venmo", email);
                let to: Vec<_> = got.iter().filter(|r| Some(r.receiver) == id).collect();
                match to.as_slice() {
                    [one] if same_amount(one.amount, usd(*cents)) => {}
                    [one] => return Err(format!("asked {name} for ${}", one.amount)),
                    _ => return Err(format!("{} requests to {name}", to.len())),
                }
            }
            Ok(())
        },
    ));
    let w = want.clone();
    parts
        .checks
        .push(Check::new("no Venmo request to anyone else", move |ctx| {
            let ids: Vec<Option<i64>> = w.iter().map(|x| uid(ctx, "venmo", &x.1)).collect();
            match requests_sent(ctx)
                .iter()
                .find(|r| !ids.contains(&Some(r.receiver)))
            {
                Some(r) => Err(format!(
                    "a request of ${} to venmo user {}",
                    r.amount, r.receiver
                )),
                None => Ok(()),
            }
        }));
    let n = note.clone();
    parts.checks.push(Check::new(
        format!("each request has the note \"{note}\""),
        move |ctx| {
            let got = requests_sent(ctx);
            match got
                .iter()
                .find(|r| !r.description.trim().eq_ignore_ascii_case(&n))
            {
                Some(r) => Err(format!("a request noted \"{}\"", r.description)),
                None if got.is_empty() => Err("no request".into()),
                None => Ok(()),
            }
        },
    ));
    let w = want.clone();
    parts.checks.push(Check::new(
        format!(
            "one text each with the amount: {}",
            want.iter()
                .map(|x| format!("{} (${})", x.0, c2(x.3)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        move |ctx| {
            let texts = sent_texts(ctx);
            for (name, _, phone, cents) in &w {
                let id = phone_id(ctx.db, phone);
                let to: Vec<_> = texts.iter().filter(|t| Some(t.0) == id).collect();
                match to.as_slice() {
                    [one] if holds(&one.1, &format!("${}", c2(*cents))) => {}
                    [one] => return Err(format!("text to {name}: \"{}\"", one.1)),
                    _ => return Err(format!("{} texts to {name}", to.len())),
                }
            }
            Ok(())
        },
    ));
    let w = want.clone();
    parts
        .checks
        .push(Check::new("no text to anyone else", move |ctx| {
            let ids: Vec<Option<i64>> = w.iter().map(|x| phone_id(ctx.db, &x.2)).collect();
            match sent_texts(ctx).iter().find(|t| !ids.contains(&Some(t.0))) {
                Some(t) => Err(format!("a text to phone user {}", t.0)),
                None => Ok(()),
            }
        }));
    parts.allowed = allow::texts_sent();
    parts.allowed.push(allow_added(
        "the supervisor's Venmo requests",
        "venmo",
        "payment_requests",
        |ctx, r| r.get("sender_id").as_i64() == ctx.user_id("venmo"),
    ));
    parts.allowed.push(allow_notifications("venmo"));
    parts
}

// ---- 3. the receipts a trip group is missing ------------------------------------------------

/// A restaurant receipt as the trip receipts read.
fn dinner_receipt(place: &str, city: &str, d: NaiveDate, guests: usize, cents: i64) -> String {
    format!(
        "{place}, {city}\nDate: {}\nGuests: {guests}\nTotal: ${}",
        d.format("%Y-%m-%d"),
        c2(cents)
    )
}

/// The Splitwise expenses the supervisor added in the episode: (group, payer id, amount,
/// debtor ids sorted, receipt file name).
/// An added expense: (group, payer id, amount, debtor ids sorted, receipt file name).
type NewExpense = (Option<i64>, Option<i64>, f64, Vec<i64>, Option<String>);

fn added_expenses(ctx: &EvalCtx) -> Vec<NewExpense> {
    added(ctx, "splitwise", "expenses")
        .into_iter()
        .map(|r| {
            let mut debtors: Vec<i64> = r
                .get("debtor_ids")
                .as_str()
                .and_then(|s| serde_json::from_str(s).ok())
                .unwrap_or_default();
            debtors.sort_unstable();
            (
                r.get("group_id").as_i64(),
                r.get("payer_id").as_i64(),
                r.get("amount").as_f64().unwrap_or(0.0),
                debtors,
                r.get("receipt_file_name").as_str().map(str::to_string),
            )
        })
        .collect()
}

/// "Record each receipt in my <City> trip folder that is not in the trip's Splitwise group yet
/// as an expense I paid, split equally, with the receipt attached." The group has more
/// expenses than a first page shows, the recorded receipts among the oldest. Variant 2: a
/// missing receipt lies in a sub-folder; variant 3: last year's trip to the same city has a
/// folder with a receipt of its own.
fn missing_receipts(g: &mut Gen) -> Parts {
    let v = g.variant;
    let (p, fr) = with_friends(g, 2);
    let (city, start, nights, lodging) = match v {
        1 => ("Napa", day(2023, 4, 14), 3, "Vineyard View inn"),
        2 => ("Tulum", day(2023, 3, 31), 4, "Casa Selva villa"),
        _ => ("Banff", day(2023, 4, 21), 3, "Bow River lodge"),
    };
    let dir = format!("~/documents/trips/{}/", folder(city, start));
    let group = format!("{city} Trip 2023");
    let lodging_c = cents_of(&mut g.rng, 60_000, 110_000, 3);
    let car_c = cents_of(&mut g.rng, 18_000, 30_000, 3);
    let d1 = cents_of(&mut g.rng, 9_000, 14_000, 3);
    let d2 = cents_of(&mut g.rng, 14_100, 19_000, 3);
    // (file, content, recorded already, in a sub-folder)
    let receipts: Vec<(String, String, bool, bool, i64)> = vec![
        (
            format!("lodging_receipt_{}.pdf", folder(city, start)),
            format!(
                "Booking receipt\nProperty: {lodging}, {city}\nCheck-in: {}\nNights: {nights}\nGuests: 3\nTotal paid: ${}",
                start.format("%Y-%m-%d"),
                c2(lodging_c)
            ),
            true,
            false,
            lodging_c,
        ),
        (
            format!("car_rental_{}.pdf", folder(city, start)),
            format!(
                "Rental agreement\nPick-up: {city} {}\nDays: {nights}\nTotal charged: ${}",
                start.format("%Y-%m-%d"),
                c2(car_c)
            ),
            v == 2,
            false,
            car_c,
        ),
        (
            format!("harbor_grill_receipt_{}.txt", start.format("%Y_%m_%d")),
            dinner_receipt("Harbor Grill", city, start, 3, d1),
            true,
            false,
            d1,
        ),
        (
            format!(
                "casa_verde_receipt_{}.txt",
                (start + Duration::days(2)).format("%Y_%m_%d")
            ),
            dinner_receipt("Casa Verde", city, start + Duration::days(2), 3, d2),
            false,
            v == 2,
            d2,
        ),
    ];
    let old_dir = format!("~/documents/trips/{}/", folder(city, day(2022, 8, 12)));
    let old_c = cents_of(&mut g.rng, 8_000, 12_000, 3);
    let instruction = match v {
        1 => format!(
            "Some of the receipts from our {city} trip never made it into the trip's Splitwise group. For each receipt in the trip's folder in my file system that isn't recorded there yet, add an expense I paid, split equally among everyone in the group, with the receipt file attached."
        ),
        2 => format!(
            "I think I forgot to put some of my {city} receipts on Splitwise. Check the receipts in my folder for that trip (look in its sub-folders too) against the trip's group, and record each missing one as an expense paid by me, split equally among all the group's members, attaching the receipt."
        ),
        _ => format!(
            "Please make sure every receipt I kept from this year's {city} trip is in the trip's Splitwise group: any that's missing should be added as an expense I paid, shared equally by the whole group, with its receipt file attached."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "splitwise"];
    let (sup, f) = (p.clone(), fr.clone());
    let (dir_s, group_s, rec) = (dir.clone(), group.clone(), receipts.clone());
    let old_dir_s = old_dir.clone();
    parts.setup.push(step(move |s| {
        let all = [&sup, &f[0], &f[1]];
        s.add_file(
            &sup,
            &format!("{dir_s}itinerary.txt"),
            &format!(
                "Trip to {city}\nDates: {} to {}\nTravelers: {}, {}, {}\nLodging: {lodging}",
                start.format("%Y-%m-%d"),
                (start + Duration::days(nights)).format("%Y-%m-%d"),
                sup.first_name,
                f[0].first_name,
                f[1].first_name
            ),
            at(start - Duration::days(30), 19),
        )?;
        for (i, (name, content, _, sub, _)) in rec.iter().enumerate() {
            let path = if *sub {
                format!("{dir_s}receipts/{name}")
            } else {
                format!("{dir_s}{name}")
            };
            s.add_file(
                &sup,
                &path,
                content,
                at(start + Duration::days(i as i64), 22),
            )?;
        }
        if v == 3 {
            s.add_file(
                &sup,
                &format!("{old_dir_s}noodle_bar_receipt_2022_08_13.txt"),
                &dinner_receipt("Noodle Bar", city, day(2022, 8, 13), 3, old_c),
                at(day(2022, 8, 13), 22),
            )?;
        }
        let gid =
            s.add_splitwise_group(&sup, &all, &group_s, at(start - Duration::days(40), 20))?;
        // Recorded receipts first (the oldest), then what the friends paid.
        s.add_splitwise_expense(
            Some(gid),
            &sup,
            &all,
            &format!("{lodging} ({nights} nights)"),
            usd(lodging_c),
            at(start - Duration::days(35), 21),
        )?;
        if v == 2 {
            s.add_splitwise_expense(
                Some(gid),
                &sup,
                &all,
                "Car rental",
                usd(car_c),
                at(start, 9),
            )?;
        }
        s.add_splitwise_expense(
            Some(gid),
            &sup,
            &all,
            "Dinner at Harbor Grill",
            usd(d1),
            at(start, 21),
        )?;
        let theirs: [(&Person, &str, i64, i64); 5] = [
            (&f[0], "Groceries", 8_433, 0),
            (&f[1], "Gas", 6_120, 1),
            (&f[0], "Museum tickets", 7_500, 1),
            (&f[1], "Dinner at La Piazza", 15_690, 2),
            (&f[0], "Breakfast at the cafe", 5_460, 3),
        ];
        for (who, what, cents, d) in theirs {
            s.add_splitwise_expense(
                Some(gid),
                who,
                &all,
                what,
                usd(cents),
                at(start + Duration::days(d), 13),
            )?;
        }
        Ok(())
    }));
    let login = logins(&[("fs", "file_system"), ("sw", "splitwise")]);
    let find = |pages: &str| {
        format!(
            "group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x[\"name\"] == {})\nmembers = [m[\"email\"] for m in group[\"members\"]]\nexpenses = {pages}\nrecorded = [round(e[\"paid_amount\"], 2) for e in expenses if e[\"payer\"][\"email\"] == profile[\"email\"]]\nprint(recorded)",
            py(&group)
        )
    };
    let all_exp = "all_pages(apis.splitwise.show_group_expenses, access_token=sw, group_id=group[\"group_id\"])";
    let first_exp =
        "apis.splitwise.show_group_expenses(access_token=sw, group_id=group[\"group_id\"])";
    let city_key = format!("{}_2023", city.to_lowercase());
    let files = |filter: &str, recursive: bool| {
        format!(
            "trips = apis.file_system.show_directory(access_token=fs, directory_path=\"~/documents/trips/\", entry_type=\"directories\", recursive=False)\nfolder = [d for d in trips if {filter}][0]\npaths = [q for q in apis.file_system.show_directory(access_token=fs, directory_path=folder, entry_type=\"files\", recursive={}) if \"itinerary\" not in q]\nprint(paths)",
            if recursive { "True" } else { "False" }
        )
    };
    let good_dir = format!("{} in d", py(&city_key));
    let record = |debtors: &str, skip: bool| {
        let skip = if skip {
            "    if total in recorded:\n        continue\n"
        } else {
            ""
        };
        format!(
            "for q in paths:\n    content = apis.file_system.show_file(access_token=fs, file_path=q)[\"content\"]\n    total = float(re.search(r\"Total[^$\\n]*\\$([0-9.]+)\", content).group(1))\n{skip}    apis.splitwise.record_expense(access_token=sw, description=content.splitlines()[0], paid_amount=total, payer_email=profile[\"email\"], debtor_emails={debtors}, group_id=group[\"group_id\"], receipt_file_path=q, file_system_access_token=fs)\n{DONE}"
        )
    };
    parts.ground_truth = vec![
        login.clone(),
        find(all_exp),
        files(&good_dir, true),
        record("members", true),
    ];
    parts.wrong = vec![
        solution(
            "reads only the first page of the group's expenses",
            vec![
                login.clone(),
                find(first_exp),
                files(&good_dir, true),
                record("members", true),
            ],
        ),
        solution(
            "records every receipt again",
            vec![
                login.clone(),
                find(all_exp),
                files(&good_dir, true),
                record("members", false),
            ],
        ),
        solution(
            "leaves the supervisor out of the split",
            vec![
                login.clone(),
                find(all_exp),
                files(&good_dir, true),
                record("[m for m in members if m != profile[\"email\"]]", true),
            ],
        ),
    ];
    if v == 2 {
        parts.wrong.push(solution(
            "skips the sub-folder",
            vec![
                login.clone(),
                find(all_exp),
                files(&good_dir, false),
                record("members", true),
            ],
        ));
    }
    if v == 3 {
        parts.wrong.push(solution(
            "uses last year's folder of the same city",
            vec![
                login.clone(),
                find(all_exp),
                files(&format!("{} in d", py(&city.to_lowercase())), true),
                record("members", true),
            ],
        ));
    }
    let missing: Vec<(String, i64)> = receipts
        .iter()
        .filter(|r| !r.2)
        .map(|r| (r.0.clone(), r.4))
        .collect();
    let emails: Vec<String> = [&p, &fr[0], &fr[1]]
        .iter()
        .map(|q| q.email.clone())
        .collect();
    let me_email = p.email.clone();
    for (file, cents) in &missing {
        let (file, cents, group, emails, me_email) = (
            file.clone(),
            *cents,
            group.clone(),
            emails.clone(),
            me_email.clone(),
        );
        parts.checks.push(Check::new(
            format!(
                "an expense of ${} for {file} in \"{group}\", paid by the supervisor, split among all three, receipt attached",
                c2(cents)
            ),
            move |ctx| {
                let gid = group_named(ctx, &group);
                let me = uid(ctx, "splitwise", &me_email);
                let mut want: Vec<i64> = emails
                    .iter()
                    .filter_map(|e| uid(ctx, "splitwise", e))
                    .collect();
                want.sort_unstable();
                let got: Vec<_> = added_expenses(ctx)
                    .into_iter()
                    .filter(|e| same_amount(e.2, usd(cents)))
                    .collect();
                let [one] = got.as_slice() else {
                    return Err(format!("{} expenses of that amount", got.len()));
                };
                if one.0 != gid {
                    return Err(format!("in group {:?}", one.0));
                }
                if one.1 != me {
                    return Err(format!("paid by splitwise user {:?}", one.1));
                }
                if one.3 != want {
                    return Err(format!("split among {:?}", one.3));
                }
                if one.4.as_deref() != Some(file.as_str()) {
                    return Err(format!("receipt {:?}", one.4));
                }
                Ok(())
            },
        ));
    }
    let n = missing.len();
    parts.checks.push(Check::new(
        format!("no other expense added ({n} in all)"),
        move |ctx| {
            let got = added_expenses(ctx).len();
            if got == n {
                Ok(())
            } else {
                Err(format!("{got} expenses added"))
            }
        },
    ));
    let recorded: Vec<i64> = receipts.iter().filter(|r| r.2).map(|r| r.4).collect();
    parts.checks.push(Check::new(
        format!(
            "the receipts recorded already (${}) are not added again",
            recorded
                .iter()
                .map(|c| c2(*c))
                .collect::<Vec<_>>()
                .join(", $")
        ),
        move |ctx| match added_expenses(ctx)
            .iter()
            .find(|e| recorded.iter().any(|c| same_amount(e.2, usd(*c))))
        {
            Some(e) => Err(format!("${} added again", e.2)),
            None => Ok(()),
        },
    ));
    parts.allowed = vec![
        allow_added(
            "the supervisor's expenses",
            "splitwise",
            "expenses",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("splitwise"),
        ),
        allow_added("their shares", "splitwise", "expense_shares", |_, _| true),
        allow_notifications("splitwise"),
    ];
    parts
}

// ---- 4. wrap a trip up -----------------------------------------------------------------------

/// The Splitwise payments added in the episode: (group, payer id, receiver id, amount).
fn added_payments(ctx: &EvalCtx) -> Vec<(Option<i64>, i64, i64, f64)> {
    added(ctx, "splitwise", "payments")
        .into_iter()
        .map(|r| {
            (
                r.get("group_id").as_i64(),
                r.get("payer_id").as_i64().unwrap_or(0),
                r.get("receiver_id").as_i64().unwrap_or(0),
                r.get("amount").as_f64().unwrap_or(0.0),
            )
        })
        .collect()
}

/// Does the supervisor have a todoist project with this name?
fn has_project(ctx: &EvalCtx, name: &str) -> bool {
    ctx.db
        .query_row_cached(
            "SELECT count(*) FROM todoist.projects WHERE name = ?1 AND user_id = ?2",
            rusqlite::params![name, ctx.user_id("todoist")],
            |r| r.get::<_, i64>(0),
        )
        .unwrap_or(0)
        > 0
}

/// The supervisor's file paths containing `part`.
fn file_paths(ctx: &EvalCtx, part: &str) -> Vec<String> {
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT path FROM file_system.files WHERE user_id = ?1 AND instr(path, ?2) > 0 ORDER BY id",
    ) else {
        return Vec::new();
    };
    st.query_map(rusqlite::params![ctx.user_id("file_system"), part], |r| {
        r.get(0)
    })
    .map(|rows| rows.filter_map(Result::ok).collect())
    .unwrap_or_default()
}

/// "We're back from <City>: delete the trip's Todoist project, zip its folder (removing the
/// folder) and settle up with everyone in the trip's group I have a balance with, either way."
/// Variant 2: one member has settled already and last year's folder of the same city stays;
/// variant 3: an upcoming trip's project and last year's group of the same city stay.
fn wrap_up(g: &mut Gen) -> Parts {
    let v = g.variant;
    let (p, fr) = with_friends(g, 3);
    let city = ["Charleston", "Quebec City", "Boise"][usize::from(v - 1)];
    let start = (g.now - Duration::days(8)).date();
    let nights = 4;
    let fold = folder(city, start);
    let dir = format!("~/documents/trips/{fold}/");
    let group = format!("{city} Trip 2023");
    let project = format!("Trip to {city}");
    let lodging_c = cents_of(&mut g.rng, 60_000, 100_000, 4);
    let car_c = cents_of(&mut g.rng, 90_000, 120_000, 4);
    let tix = cents_of(&mut g.rng, 8_000, 12_000, 4);
    // f0 paid nothing (owes the supervisor), f1 paid the car (the supervisor owes them), f2
    // paid tickets worth (lodging - ...) — settled or not.
    let f2_paid = if v == 2 {
        tix
    } else {
        cents_of(&mut g.rng, 30_000, 40_000, 4)
    };
    let bal: Vec<(Person, i64)> = vec![
        (fr[0].clone(), lodging_c / 4),
        (fr[1].clone(), (lodging_c - car_c) / 4),
        (fr[2].clone(), (lodging_c - f2_paid) / 4),
    ];
    // v2: the third member settled up already.
    let settled_before = v == 2;
    let nonzero: Vec<(Person, i64)> = bal
        .iter()
        .filter(|(_, c)| *c != 0)
        .filter(|(q, _)| !(settled_before && q.id == fr[2].id))
        .cloned()
        .collect();
    let instruction = match v {
        1 => format!(
            "We're back from {city}. Please wrap the trip up: delete its Todoist project \"{project}\", compress its folder in my file system into a zip file next to it and remove the folder, and settle up in the trip's Splitwise group with every member I still have a balance with, whichever way it goes."
        ),
        2 => format!(
            "The {city} trip is done. Delete the \"{project}\" project from Todoist, archive the trip's folder (the one for this trip) in my file system as a zip beside it, deleting the original folder, and settle up on Splitwise in the trip's group with each member whose balance with me isn't zero."
        ),
        _ => format!(
            "Time to close out the {city} trip: remove its Todoist project, zip up its folder in my file system (the zip next to the folder, folder deleted) and, in the trip's Splitwise group, settle up with everyone I owe or who owes me. Leave everything about other trips alone."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "todoist", "file_system", "splitwise"];
    let (sup, f) = (p.clone(), fr.clone());
    let (dir_s, group_s, project_s) = (dir.clone(), group.clone(), project.clone());
    let now = g.now;
    parts.setup.push(step(move |s| {
        let all = [&sup, &f[0], &f[1], &f[2]];
        s.add_file(
            &sup,
            &format!("{dir_s}itinerary.txt"),
            &format!(
                "Trip to {city}\nDates: {} to {}\nTravelers: {}, {}, {}, {}",
                start.format("%Y-%m-%d"),
                (start + Duration::days(nights)).format("%Y-%m-%d"),
                sup.first_name,
                f[0].first_name,
                f[1].first_name,
                f[2].first_name
            ),
            at(start - Duration::days(30), 19),
        )?;
        s.add_file(
            &sup,
            &format!("{dir_s}lodging_receipt_{}.pdf", folder(city, start)),
            &format!(
                "Booking receipt\nProperty: Main Street loft, {city}\nTotal paid: ${}",
                c2(lodging_c)
            ),
            at(start - Duration::days(35), 21),
        )?;
        s.add_file(
            &sup,
            &format!("{dir_s}photos/day1.jpg"),
            "JPEG image data",
            at(start, 18),
        )?;
        if v == 2 {
            s.add_file(
                &sup,
                &format!(
                    "~/documents/trips/{}/itinerary.txt",
                    folder(city, day(2022, 7, 8))
                ),
                &format!("Trip to {city}\nDates: 2022-07-08 to 2022-07-11"),
                at(day(2022, 6, 1), 19),
            )?;
        }
        let pid = s.add_todo_project(
            &sup,
            &project_s,
            "Getting ready",
            &all,
            now - Duration::days(40),
        )?;
        s.add_todo_task(
            pid,
            None,
            &sup,
            "Book the lodging",
            Some(start - Duration::days(30)),
            "high",
            true,
            Some(&sup),
            now - Duration::days(39),
        )?;
        s.add_todo_task(
            pid,
            None,
            &f[0],
            "Pack the cooler",
            Some(start),
            "low",
            true,
            Some(&f[0]),
            now - Duration::days(20),
        )?;
        if v == 3 {
            let next = s.add_todo_project(
                &sup,
                "Trip to Bozeman",
                "Next one",
                &[&sup, &f[0]],
                now - Duration::days(5),
            )?;
            s.add_todo_task(
                next,
                None,
                &sup,
                "Find a cabin",
                Some((now + Duration::days(20)).date()),
                "medium",
                false,
                Some(&sup),
                now - Duration::days(5),
            )?;
            let old = s.add_splitwise_group(
                &sup,
                &[&sup, &f[1]],
                &format!("{city} Trip 2022"),
                now - Duration::days(330),
            )?;
            s.add_splitwise_expense(
                Some(old),
                &f[1],
                &[&sup, &f[1]],
                "Cabin",
                240.0,
                now - Duration::days(320),
            )?;
        }
        let gid = s.add_splitwise_group(&sup, &all, &group_s, now - Duration::days(45))?;
        s.add_splitwise_expense(
            Some(gid),
            &sup,
            &all,
            "Lodging",
            usd(lodging_c),
            at(start - Duration::days(35), 21),
        )?;
        s.add_splitwise_expense(
            Some(gid),
            &f[1],
            &all,
            "Car rental",
            usd(car_c),
            at(start, 10),
        )?;
        s.add_splitwise_expense(
            Some(gid),
            &f[2],
            &all,
            "Tickets and dinner",
            usd(f2_paid),
            at(start + Duration::days(1), 20),
        )?;
        if settled_before {
            let owed = (lodging_c - f2_paid) / 4;
            s.add_splitwise_payment(
                Some(gid),
                &f[2],
                &sup,
                usd(owed),
                "Settle up balance.",
                at(start + Duration::days(6), 9),
            )?;
        }
        Ok(())
    }));
    let login = logins(&[
        ("td", "todoist"),
        ("fs", "file_system"),
        ("sw", "splitwise"),
    ]);
    let project_py = format!(
        "project = next(x for x in all_pages(apis.todoist.show_projects, access_token=td) if x[\"name\"] == {})\napis.todoist.delete_project(access_token=td, project_id=project[\"project_id\"])",
        py(&project)
    );
    let archive_py = |delete: bool| {
        format!(
            "dirs = apis.file_system.show_directory(access_token=fs, directory_path=\"~/documents/trips/\", entry_type=\"directories\", recursive=False)\nfolder = [d for d in dirs if {} in d][0]\nprint(apis.file_system.compress_directory(access_token=fs, directory_path=folder, delete_directory={}))",
            py(&fold),
            if delete { "True" } else { "False" }
        )
    };
    let settle = |group_name: &str, which: &str| {
        format!(
            "group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x[\"name\"] == {})\nbal = apis.splitwise.show_group_balance(access_token=sw, group_id=group[\"group_id\"], email=profile[\"email\"])[0]\nfor b in {which}:\n    if round(b[\"amount\"], 2) != 0:\n        apis.splitwise.settle_up(access_token=sw, email=b[\"email\"], group_id=group[\"group_id\"])\n{DONE}",
            py(group_name)
        )
    };
    let both = "bal[\"source_owes_to_targets\"][\"breakdown\"] + bal[\"targets_owe_to_source\"][\"breakdown\"]";
    parts.ground_truth = vec![
        login.clone(),
        project_py.clone(),
        archive_py(true),
        settle(&group, both),
    ];
    parts.wrong = vec![
        solution(
            "zips the folder but keeps it",
            vec![
                login.clone(),
                project_py.clone(),
                archive_py(false),
                settle(&group, both),
            ],
        ),
        solution(
            "settles only with the people the supervisor owes",
            vec![
                login.clone(),
                project_py.clone(),
                archive_py(true),
                settle(&group, "bal[\"source_owes_to_targets\"][\"breakdown\"]"),
            ],
        ),
        solution(
            "archives the Todoist project instead of deleting it",
            vec![
                login.clone(),
                project_py.replace(
                    "apis.todoist.delete_project(access_token=td, project_id=project[\"project_id\"])",
                    "apis.todoist.update_project(access_token=td, project_id=project[\"project_id\"], is_archived=True)",
                ),
                archive_py(true),
                settle(&group, both),
            ],
        ),
    ];
    if v == 3 {
        parts.wrong.push(solution(
            "settles last year's group of the same city too",
            vec![
                login.clone(),
                project_py.clone(),
                archive_py(true),
                settle(&group, both).replace(DONE, "")
                    + "\n"
                    + &settle(&format!("{city} Trip 2022"), both),
            ],
        ));
    }
    let proj = project.clone();
    parts.checks.push(Check::new(
        format!("the Todoist project \"{project}\" is deleted"),
        move |ctx| {
            if has_project(ctx, &proj) {
                Err("it is still there".into())
            } else {
                Ok(())
            }
        },
    ));
    let zip = format!("/documents/trips/{fold}.zip");
    let z = zip.clone();
    parts.checks.push(Check::new(
        format!("the folder is compressed into ~{zip}"),
        move |ctx| {
            if file_paths(ctx, &z).iter().any(|q| q.ends_with(&z)) {
                Ok(())
            } else {
                Err("no such zip file".into())
            }
        },
    ));
    let inside = format!("/documents/trips/{fold}/");
    let i2 = inside.clone();
    parts.checks.push(Check::new(
        format!("the folder ~{inside} is gone"),
        move |ctx| match file_paths(ctx, &i2).first() {
            Some(q) => Err(format!("{q} is still there")),
            None => Ok(()),
        },
    ));
    let want: Vec<(String, String, i64)> = nonzero
        .iter()
        .map(|(q, c)| (full(q), q.email.clone(), *c))
        .collect();
    let (w, group_c, me_email) = (want.clone(), group.clone(), p.email.clone());
    parts.checks.push(Check::new(
        format!(
            "settled up in \"{group}\" with {}",
            want.iter()
                .map(|(n, _, c)| format!(
                    "{n} ({} ${})",
                    if *c > 0 { "owed" } else { "owing" },
                    c2(c.abs())
                ))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        move |ctx| {
            let gid = group_named(ctx, &group_c);
            let me = uid(ctx, "splitwise", &me_email).unwrap_or(0);
            let pays = added_payments(ctx);
            for (name, email, cents) in &w {
                let them = uid(ctx, "splitwise", email).unwrap_or(0);
                let (payer, receiver) = if *cents > 0 { (them, me) } else { (me, them) };
                let n = pays
                    .iter()
                    .filter(|x| {
                        x.0 == gid
                            && x.1 == payer
                            && x.2 == receiver
                            && same_amount(x.3, usd(cents.abs()))
                    })
                    .count();
                if n != 1 {
                    return Err(format!("{n} settling payments with {name}"));
                }
            }
            Ok(())
        },
    ));
    let k = want.len();
    parts.checks.push(Check::new(
        format!("no other Splitwise payment ({k} in all)"),
        move |ctx| {
            let n = added_payments(ctx).len();
            if n == k {
                Ok(())
            } else {
                Err(format!("{n} payments"))
            }
        },
    ));
    if v == 3 {
        parts.checks.push(Check::new(
            "the \"Trip to Bozeman\" project is still there",
            |ctx| {
                if has_project(ctx, "Trip to Bozeman") {
                    Ok(())
                } else {
                    Err("it was deleted".into())
                }
            },
        ));
    }
    let (proj, inside2, zip2) = (project.clone(), inside.clone(), zip.clone());
    parts.allowed = vec![
        Allow::new(
            "the trip project and what it holds, deleted",
            move |ctx, r| {
                r.schema == "todoist"
                    && r.kind() == ChangeKind::Removed
                    && (r.before("name").as_str() == Some(proj.as_str())
                        || r.before("project_id").as_i64().is_some_and(|pid| {
                            ctx.db
                                .query_row_cached(
                                    "SELECT count(*) FROM todoist.projects WHERE id = ?1",
                                    [pid],
                                    |row| row.get::<_, i64>(0),
                                )
                                .unwrap_or(1)
                                == 0
                        }))
            },
        ),
        Allow::new(
            "the trip folder's files and directories, deleted",
            move |_, r| {
                r.schema == "file_system"
                    && r.kind() == ChangeKind::Removed
                    && r.before("path").as_str().is_some_and(|q| {
                        q.contains(&inside2) || q.ends_with(inside2.trim_end_matches('/'))
                    })
            },
        ),
        Allow::new("the zip file", move |_, r| {
            r.schema == "file_system"
                && r.kind() == ChangeKind::Added
                && r.get("path").as_str().is_some_and(|q| q.ends_with(&zip2))
        }),
        allow_added(
            "the supervisor's settling payments",
            "splitwise",
            "payments",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("splitwise"),
        ),
        allow_notifications("splitwise"),
        allow_notifications("todoist"),
    ];
    parts
}

// ---- 5. a note of a trip's costs by category --------------------------------------------------

/// The notes the supervisor added: (title, content).
fn added_notes(ctx: &EvalCtx) -> Vec<(String, String)> {
    let me = ctx.user_id("simple_note");
    added(ctx, "simple_note", "notes")
        .into_iter()
        .filter(|r| r.get("user_id").as_i64() == me)
        .map(|r| {
            (
                r.get("title").as_str().unwrap_or("").to_string(),
                r.get("content").as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// "Write a note '<City> trip costs' with what I paid by category (lodging, car rental,
/// dinners) and the total, from the receipts in the trip's folder." Variant 2: two dinner
/// receipts lie in a sub-folder; variant 3: last year's folder of the same city has receipts
/// too, and the lodging was paid in two parts.
fn cost_note(g: &mut Gen) -> Parts {
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
    let instruction = match v {
        1 => format!(
            "From the receipts in my folder for this year's {city} trip, write a note titled \"{title}\" with what I paid per category, one line each: \"Lodging: $…\", \"Car rental: $…\", \"Dinners: $…\", and finally \"Total: $…\" (amounts with cents, like $12.34)."
        ),
        2 => format!(
            "Make me a SimpleNote note called \"{title}\" summing up my receipts for the {city} trip (they're in the trip's folder in my file system, some in a sub-folder): the lines \"Lodging: $…\", \"Car rental: $…\", \"Dinners: $…\" and \"Total: $…\", amounts to the cent (e.g. $12.34)."
        ),
        _ => format!(
            "I need a breakdown of what I spent on this year's {city} trip. Add up the receipts in that trip's folder in my file system and save a note \"{title}\" with the lines \"Lodging: $…\", \"Car rental: $…\", \"Dinners: $…\" and \"Total: $…\" (to the cent, like $12.34)."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "simple_note"];
    let (sup, f) = (p.clone(), fr.clone());
    let (dir_s, files_s) = (dir.clone(), files.clone());
    parts.setup.push(step(move |s| {
        s.add_file(
            &sup,
            &format!("{dir_s}itinerary.txt"),
            &format!(
                "Trip to {city}\nDates: {} to {}\nTravelers: {}, {}, {}",
                start.format("%Y-%m-%d"),
                (start + Duration::days(nights)).format("%Y-%m-%d"),
                sup.first_name,
                f[0].first_name,
                f[1].first_name
            ),
            at(start - Duration::days(30), 19),
        )?;
        s.add_file(
            &sup,
            &format!("{dir_s}photos/beach.jpg"),
            "JPEG image data",
            at(start, 17),
        )?;
        for (i, (name, content)) in files_s.iter().enumerate() {
            s.add_file(
                &sup,
                &format!("{dir_s}{name}"),
                content,
                at(start + Duration::days(i as i64 % 3), 22),
            )?;
        }
        if v == 3 {
            s.add_file(
                &sup,
                &format!("~/documents/trips/{old_fold}/casa_verde_receipt_2022_06_11.txt"),
                &dinner_receipt("Casa Verde", city, day(2022, 6, 11), 2, old_dinner),
                at(day(2022, 6, 11), 22),
            )?;
        }
        Ok(())
    }));
    let login = logins(&[("fs", "file_system"), ("sn", "simple_note")]);
    let key = format!("{}_2023", city.to_lowercase().replace(' ', "_"));
    let read = |filter: &str, recursive: bool| {
        format!(
            "dirs = apis.file_system.show_directory(access_token=fs, directory_path=\"~/documents/trips/\", entry_type=\"directories\", recursive=False)\nfolders = [d for d in dirs if {filter}]\npaths = []\nfor d in folders:\n    paths += apis.file_system.show_directory(access_token=fs, directory_path=d, entry_type=\"files\", recursive={})\nsums = {{\"Lodging\": 0.0, \"Car rental\": 0.0, \"Dinners\": 0.0}}\nfor q in paths:\n    name = q.split(\"/\")[-1]\n    if not name.endswith((\".pdf\", \".txt\")) or name == \"itinerary.txt\":\n        continue\n    content = apis.file_system.show_file(access_token=fs, file_path=q)[\"content\"]\n    amount = float(re.search(r\"Total[^$\\n]*\\$([0-9.]+)\", content).group(1))\n    cat = \"Lodging\" if name.startswith(\"lodging\") else \"Car rental\" if name.startswith(\"car_rental\") else \"Dinners\"\n    sums[cat] += amount\nprint(sums)",
            if recursive { "True" } else { "False" }
        )
    };
    let write = |with_total: bool| {
        let total = if with_total {
            "\nlines.append(f\"Total: ${sum(sums.values()):.2f}\")"
        } else {
            ""
        };
        format!(
            "lines = [f\"{{k}}: ${{x:.2f}}\" for k, x in sums.items()]{total}\napis.simple_note.create_note(access_token=sn, title={}, content=\"\\n\".join(lines))\n{DONE}",
            py(&title)
        )
    };
    let good = format!("{} in d", py(&key));
    parts.ground_truth = vec![login.clone(), read(&good, true), write(true)];
    parts.wrong = vec![
        solution(
            "leaves the total out",
            vec![login.clone(), read(&good, true), write(false)],
        ),
        solution(
            "counts only the first dinner receipt",
            vec![
                login.clone(),
                read(&good, true).replace(
                    "    sums[cat] += amount",
                    "    if cat == \"Dinners\" and sums[cat] > 0:\n        continue\n    sums[cat] += amount",
                ),
                write(true),
            ],
        ),
        solution(
            "writes it under another title",
            vec![
                login.clone(),
                read(&good, true),
                write(true).replace(&py(&title), &py(&format!("{city} costs"))),
            ],
        ),
    ];
    if v == 2 {
        parts.wrong.push(solution(
            "skips the sub-folder",
            vec![login.clone(), read(&good, false), write(true)],
        ));
    }
    if v == 3 {
        parts.wrong.push(solution(
            "adds last year's receipts of the same city",
            vec![
                login.clone(),
                read(&format!("{} in d", py(&city.to_lowercase())), true),
                write(true),
            ],
        ));
    }
    let t = title.clone();
    parts.checks.push(Check::new(
        format!("one note titled \"{title}\" is added"),
        move |ctx| {
            let notes = added_notes(ctx);
            let n = notes
                .iter()
                .filter(|x| x.0.trim().eq_ignore_ascii_case(&t))
                .count();
            if n == 1 && notes.len() == 1 {
                Ok(())
            } else {
                Err(format!("{n} such notes, {} notes added", notes.len()))
            }
        },
    ));
    for line in lines_want {
        let t = title.clone();
        parts.checks.push(Check::new(
            format!("the note has the line \"{line}\""),
            move |ctx| {
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
            },
        ));
    }
    parts.allowed = vec![allow_added(
        "the supervisor's new note",
        "simple_note",
        "notes",
        |ctx, r| r.get("user_id").as_i64() == ctx.user_id("simple_note"),
    )];
    parts
}

// ---- 6. a road-trip playlist from the songs the travellers texted -----------------------------

/// A song's title and first artist (from the catalog).
fn song_line(s: &crate::setup::Setup, id: i64) -> rusqlite::Result<(String, String)> {
    s.db.query_row_cached(
        "SELECT s.title, a.name FROM spotify.songs s JOIN spotify.artists a ON a.id = json_extract(s.artist_ids, '$[0]') WHERE s.id = ?1",
        [id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

/// The songs of the supervisor's playlists added in the episode with this title.
fn new_playlist_songs(ctx: &EvalCtx, title: &str) -> Vec<Vec<i64>> {
    let me = ctx.user_id("spotify");
    added(ctx, "spotify", "playlists")
        .into_iter()
        .filter(|r| {
            r.get("user_id").as_i64() == me
                && r.get("title")
                    .as_str()
                    .is_some_and(|t| t.trim().eq_ignore_ascii_case(title))
        })
        .map(|r| {
            let Ok(mut st) = ctx
                .db
                .prepare_cached("SELECT song_id FROM spotify.playlist_songs WHERE playlist_id = ?1 ORDER BY song_id")
            else {
                return Vec::new();
            };
            st.query_map([r.id], |x| x.get(0))
                .map(|rows| rows.filter_map(Result::ok).collect())
                .unwrap_or_default()
        })
        .collect()
}

/// "Make a playlist '<City> Road Trip' of the songs the others on the trip (its Splitwise
/// group) texted me for it." A friend not on the trip texted a pick too. Variant 2: a traveller
/// swapped their pick later; variant 3: a traveller's older text recommends another song for
/// something else.
fn road_trip_playlist(g: &mut Gen) -> Parts {
    let v = g.variant;
    let (p, fr) = with_friends(g, 4);
    let city = ["Big Sur", "Yellowstone", "Zion"][usize::from(v - 1)];
    let group = format!("{city} Trip 2023");
    let title = format!("{city} Road Trip");
    let picks: [i64; 3] = match v {
        1 => [120, 1540, 3310],
        2 => [2222, 4870, 6020],
        _ => [410, 2950, 6400],
    };
    let outsider_pick = [888, 8000, 5555][usize::from(v - 1)];
    let old_pick = 7230; // v2: the first pick swapped; v3: the workout tip
    let mut expected = picks.to_vec();
    expected.sort_unstable();
    let instruction = match v {
        1 => format!(
            "We're driving to {city} soon. Everyone else on the trip (see its Splitwise group) texted me a song for the road; make a Spotify playlist called \"{title}\" with exactly their picks."
        ),
        2 => format!(
            "Create a playlist \"{title}\" on Spotify with the song each of my fellow travellers on the {city} trip (the people in its Splitwise group) texted me for the drive. If someone changed their pick, use the new one."
        ),
        _ => format!(
            "Put together the \"{title}\" playlist on Spotify: one song from each person in the {city} trip's Splitwise group other than me, the one they texted me for the road trip."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "splitwise", "phone", "spotify"];
    let (sup, f, group_s) = (p.clone(), fr.clone(), group.clone());
    let now = g.now;
    parts.setup.push(step(move |s| {
        let trav = [&sup, &f[0], &f[1], &f[2]];
        let gid = s.add_splitwise_group(&sup, &trav, &group_s, now - Duration::days(30))?;
        s.add_splitwise_expense(
            Some(gid),
            &sup,
            &trav,
            "Campsite deposit",
            180.0,
            now - Duration::days(29),
        )?;
        let t = |d: i64, h: i64| now - Duration::days(d) + Duration::hours(h);
        if v == 2 {
            let (a, b) = song_line(s, old_pick)?;
            s.add_text(
                &f[0],
                &sup,
                &format!("My song for the {city} road trip playlist: \"{a}\" by {b}"),
                t(9, 1),
            )?;
        }
        if v == 3 {
            let (a, b) = song_line(s, old_pick)?;
            s.add_text(
                &f[1],
                &sup,
                &format!("You should try \"{a}\" by {b} for your workouts"),
                t(40, 2),
            )?;
        }
        for (i, id) in picks.iter().enumerate() {
            let (a, b) = song_line(s, *id)?;
            let msg = if v == 2 && i == 0 {
                format!("Actually, swap my song for the road trip playlist to \"{a}\" by {b}")
            } else {
                format!("My song for the {city} road trip playlist: \"{a}\" by {b}")
            };
            s.add_text(&f[i], &sup, &msg, t(6 - i as i64, 3))?;
            s.add_text(&sup, &f[i], "Love it, adding it!", t(6 - i as i64, 4))?;
        }
        let (a, b) = song_line(s, outsider_pick)?;
        s.add_text(
            &f[3],
            &sup,
            &format!(
                "Sad I can't come along! If I could pick a road trip song it'd be \"{a}\" by {b}"
            ),
            t(2, 5),
        )?;
        Ok(())
    }));
    let login = logins(&[("sw", "splitwise"), ("ph", "phone"), ("sp", "spotify")]);
    let people = format!(
        "group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x[\"name\"] == {})\nemails = [m[\"email\"] for m in group[\"members\"] if m[\"email\"] != profile[\"email\"]]\ncontacts = all_pages(apis.phone.search_contacts, access_token=ph)\nnumbers = [c[\"phone_number\"] for c in contacts if c[\"email\"] in emails]\nprint(numbers)",
        py(&group)
    );
    let gather = |who: &str, pick: &str| {
        format!(
            "titles = []\nfor num in {who}:\n    texts = [t for t in all_pages(apis.phone.search_text_messages, access_token=ph, phone_number=num) if t[\"sender\"][\"phone_number\"] == num and \"playlist\" in t[\"message\"]]\n    texts.sort(key=lambda t: t[\"sent_at\"])\n    if texts:\n        titles.append(re.search(r'\"(.+?)\"', texts[{pick}][\"message\"]).group(1))\nprint(titles)"
        )
    };
    let make = format!(
        "def find_song(t):\n    for page in range(10):\n        for s in apis.spotify.search_songs(query=t, page_index=page, page_limit=20):\n            if s[\"title\"] == t:\n                return s\npid = apis.spotify.create_playlist(access_token=sp, title={})[\"playlist_id\"]\nfor t in titles:\n    song = find_song(t)\n    apis.spotify.add_song_to_playlist(access_token=sp, playlist_id=pid, song_id=song[\"song_id\"])\n{DONE}",
        py(&title)
    );
    parts.ground_truth = vec![
        login.clone(),
        people.clone(),
        gather("numbers", "-1"),
        make.clone(),
    ];
    parts.wrong = vec![
        solution(
            "adds the pick of the friend who is not coming",
            vec![
                login.clone(),
                people.clone(),
                gather(
                    "numbers + [c[\"phone_number\"] for c in contacts if \"friend\" in c[\"relationships\"] and c[\"phone_number\"] not in numbers]",
                    "-1",
                )
                .replace("\"playlist\" in t[\"message\"]", "(\"playlist\" in t[\"message\"] or \"road trip song\" in t[\"message\"])"),
                make.clone(),
            ],
        ),
        solution(
            "adds only the first traveller's song",
            vec![
                login.clone(),
                people.clone(),
                gather("numbers[:1]", "-1"),
                make.clone(),
            ],
        ),
        solution(
            "names the playlist after the group",
            vec![
                login.clone(),
                people.clone(),
                gather("numbers", "-1"),
                make.replace(&py(&title), &py(&group)),
            ],
        ),
    ];
    if v == 2 {
        parts.wrong.push(solution(
            "keeps a traveller's first pick instead of the swap",
            vec![
                login.clone(),
                people.clone(),
                gather("numbers", "0"),
                make.clone(),
            ],
        ));
    }
    if v == 3 {
        parts.wrong.push(solution(
            "adds the workout tip too",
            vec![
                login.clone(),
                people.clone(),
                gather("numbers", "-1")
                    .replace("\"playlist\" in t[\"message\"]", "'\"' in t[\"message\"]")
                    .replace(
                        "        titles.append(re.search(r'\"(.+?)\"', texts[-1][\"message\"]).group(1))",
                        "        titles.extend(re.search(r'\"(.+?)\"', t[\"message\"]).group(1) for t in texts)",
                    ),
                make.clone(),
            ],
        ));
    }
    let (t1, t2, t3) = (title.clone(), title.clone(), title.clone());
    let e1 = expected.clone();
    parts.checks = vec![
        Check::new(format!("one playlist \"{title}\" is added"), move |ctx| {
            match new_playlist_songs(ctx, &t1).len() {
                1 => Ok(()),
                n => Err(format!("{n} such playlists")),
            }
        }),
        Check::new(
            format!("it holds the three travellers' picks (song ids {expected:?})"),
            move |ctx| {
                let got = new_playlist_songs(ctx, &t2);
                let songs = got.first().cloned().unwrap_or_default();
                let missing: Vec<&i64> = e1.iter().filter(|x| !songs.contains(x)).collect();
                if missing.is_empty() {
                    Ok(())
                } else {
                    Err(format!("songs {missing:?} missing"))
                }
            },
        ),
        Check::new(
            format!(
                "and nothing else (not song {outsider_pick}, the pick of a friend who is not coming)"
            ),
            move |ctx| {
                let got = new_playlist_songs(ctx, &t3);
                let songs = got.first().cloned().unwrap_or_default();
                match songs.iter().find(|x| !expected.contains(x)) {
                    Some(x) => Err(format!("song {x} is in it")),
                    None if songs.is_empty() => Err("no songs".into()),
                    None => Ok(()),
                }
            },
        ),
        Check::new("no other playlist is added", |ctx| {
            match added(ctx, "spotify", "playlists").len() {
                0 | 1 => Ok(()),
                n => Err(format!("{n} playlists added")),
            }
        }),
    ];
    parts.allowed = vec![
        allow_added(
            "the supervisor's playlist",
            "spotify",
            "playlists",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("spotify"),
        ),
        allow_added("its songs", "spotify", "playlist_songs", |_, _| true),
    ];
    parts
}

// ---- 7. the next friend's birthday -----------------------------------------------------------

/// The next time `b`'s month and day come after `today` (None for 29 February).
fn next_birthday(b: NaiveDate, today: NaiveDate) -> Option<NaiveDate> {
    use chrono::Datelike;
    let this = NaiveDate::from_ymd_opt(today.year(), b.month(), b.day())?;
    if this > today {
        Some(this)
    } else {
        NaiveDate::from_ymd_opt(today.year() + 1, b.month(), b.day())
    }
}

/// `p`'s friends (phone label `friend`) by their next birthday: (days to it, friend, date);
/// None when one is born on 29 February.
fn friends_by_birthday(
    pop: &Population,
    p: &Person,
    today: NaiveDate,
) -> Option<Vec<(i64, Person, NaiveDate)>> {
    let mut out = Vec::new();
    for (r, id) in pop.relations_of(p.id) {
        if r != Relation::Friend {
            continue;
        }
        let f = person(pop, id);
        let d = next_birthday(f.birthday, today)?;
        out.push(((d - today).num_days(), f, d));
    }
    out.sort_by_key(|x| x.0);
    Some(out)
}

/// Does `p` suit the birthday task: a unique nearest friend's birthday at least 3 days ahead,
/// and (`family_first`) someone else they know whose birthday comes sooner?
fn birthday_fits(pop: &Population, p: &Person, today: NaiveDate, family_first: bool) -> bool {
    let Some(list) = friends_by_birthday(pop, p, today) else {
        return false;
    };
    let ok = list.len() >= 2 && list[0].0 >= 3 && list[0].0 < list[1].0;
    if !ok {
        return false;
    }
    let friend_ids: Vec<i64> = list.iter().map(|x| x.1.id).collect();
    let sooner = known(pop, p).iter().any(|k| {
        !friend_ids.contains(&k.id)
            && next_birthday(k.birthday, today).is_some_and(|d| (d - today).num_days() < list[0].0)
    });
    sooner == family_first
}

/// "Whichever friend has the next birthday: send them money on Venmo, text them, and add a
/// card task due two days before to my Inbox." Variant 3: someone the supervisor knows who is
/// not labelled a friend has a sooner birthday.
fn birthday(g: &mut Gen) -> Parts {
    let v = g.variant;
    let pop = g.population;
    let today = g.now.date();
    let p = g.supervisor_where(|p| birthday_fits(pop, p, today, v == 3));
    let list = friends_by_birthday(pop, &p, today).unwrap_or_default();
    let (_, f, bday) = list[0].clone();
    let (amount, note, text) = match v {
        1 => (
            25,
            "Happy birthday!",
            "Happy early birthday! Sent you a little something on Venmo.",
        ),
        2 => (
            40,
            "Happy birthday 🎂",
            "Happy early birthday! Check your Venmo :)",
        ),
        _ => (
            30,
            "Birthday treat",
            "Happy early birthday! Dinner is on me, see Venmo.",
        ),
    };
    let task_title = format!("Get a birthday card for {}", f.first_name);
    let due = bday - Duration::days(2);
    let instruction = match v {
        1 => format!(
            "Which of my friends has the next birthday? Check the birthdays of my phone contacts labelled friend. Send that friend ${amount} on Venmo with the note \"{note}\", text them \"{text}\", and add a task \"Get a birthday card for <their first name>\" to my Todoist Inbox, due two days before their birthday."
        ),
        2 => format!(
            "Find the friend (contacts labelled friend in my phone) whose birthday comes up next and: send them ${amount} on Venmo noted \"{note}\", text them \"{text}\", and put \"Get a birthday card for <first name>\" in my Todoist Inbox due two days before the birthday."
        ),
        _ => format!(
            "Among my friends (the phone contacts labelled friend, nobody else), whose birthday is next? Venmo them ${amount} with the note \"{note}\", text them \"{text}\", and add \"Get a birthday card for <first name>\" to my Todoist Inbox, due two days ahead of the birthday."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "venmo", "todoist"];
    let sup = p.clone();
    parts
        .setup
        .push(step(move |s| s.set_venmo_balance(&sup, 500.0)));
    let login = logins(&[("ph", "phone"), ("vm", "venmo"), ("td", "todoist")]);
    let pick = |who: &str, which: &str| {
        format!(
            "from datetime import datetime, timedelta\ntoday = datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)[\"date\"], \"%A, %B %d, %Y\")\npeople = [c for c in {who} if c[\"birthday\"]]\ndef next_bday(c):\n    b = datetime.strptime(c[\"birthday\"][:10], \"%Y-%m-%d\")\n    d = b.replace(year=today.year)\n    if d <= today:\n        d = d.replace(year=today.year + 1)\n    return d\nf = {which}(people, key=next_bday)\nbday = next_bday(f)\nprint(f[\"first_name\"], f[\"last_name\"], bday)"
        )
    };
    let friends = "all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"friend\")";
    let act = |days: i64, request: bool| {
        let money = if request {
            format!(
                "apis.venmo.create_payment_request(access_token=vm, user_email=f[\"email\"], amount={amount}, description={})",
                py(note)
            )
        } else {
            format!(
                "apis.venmo.create_transaction(access_token=vm, receiver_email=f[\"email\"], amount={amount}, description={})",
                py(note)
            )
        };
        format!(
            "{money}\napis.phone.send_text_message(access_token=ph, phone_number=f[\"phone_number\"], message={})\ninbox = next(x for x in all_pages(apis.todoist.show_projects, access_token=td) if x[\"is_inbox\"])\napis.todoist.create_task(access_token=td, project_id=inbox[\"project_id\"], title=f\"Get a birthday card for {{f['first_name']}}\", due_date=(bday - timedelta(days={days})).strftime(\"%Y-%m-%d\"))\n{DONE}",
            py(text)
        )
    };
    parts.ground_truth = vec![login.clone(), pick(friends, "min"), act(2, false)];
    parts.wrong = vec![
        solution(
            "picks the friend whose birthday is furthest off",
            vec![login.clone(), pick(friends, "max"), act(2, false)],
        ),
        solution(
            "requests the money instead of sending it",
            vec![login.clone(), pick(friends, "min"), act(2, true)],
        ),
        solution(
            "makes the task due on the birthday itself",
            vec![login.clone(), pick(friends, "min"), act(0, false)],
        ),
    ];
    if v == 3 {
        parts.wrong.push(solution(
            "looks at every contact, not only friends",
            vec![
                login.clone(),
                pick(
                    "all_pages(apis.phone.search_contacts, access_token=ph)",
                    "min",
                ),
                act(2, false),
            ],
        ));
    }
    let (name, email, phone) = (full(&f), f.email.clone(), f.phone_number.clone());
    let (e1, e2, n1) = (email.clone(), email.clone(), note.to_string());
    parts.checks.push(Check::new(
        format!(
            "one Venmo payment of ${amount}.00 to {name} (birthday {})",
            bday.format("%m-%d")
        ),
        move |ctx| {
            let id = uid(ctx, "venmo", &e1);
            let to: Vec<_> = payments_sent(ctx)
                .into_iter()
                .filter(|x| Some(x.0) == id)
                .collect();
            match to.as_slice() {
                [one] if same_amount(one.1, amount as f64) => Ok(()),
                [one] => Err(format!("paid ${}", one.1)),
                _ => Err(format!("{} payments to them", to.len())),
            }
        },
    ));
    parts.checks.push(Check::new(
        format!("the payment's note is \"{note}\""),
        move |ctx| {
            let sent = payments_sent(ctx);
            match sent.iter().find(|x| x.2.trim() != n1) {
                Some(x) => Err(format!("noted \"{}\"", x.2)),
                None if sent.is_empty() => Err("no payment".into()),
                None => Ok(()),
            }
        },
    ));
    parts
        .checks
        .push(Check::new("no Venmo payment to anyone else", move |ctx| {
            let id = uid(ctx, "venmo", &e2);
            match payments_sent(ctx).iter().find(|x| Some(x.0) != id) {
                Some(x) => Err(format!("a payment to venmo user {}", x.0)),
                None => Ok(()),
            }
        }));
    let (ph1, ph2, t1) = (phone.clone(), phone.clone(), text.to_string());
    parts.checks.push(Check::new(
        format!("one text to {name}: \"{text}\""),
        move |ctx| {
            let id = phone_id(ctx.db, &ph1);
            let to: Vec<_> = sent_texts(ctx)
                .into_iter()
                .filter(|x| Some(x.0) == id)
                .collect();
            match to.as_slice() {
                [one] if holds(&one.1, &t1) => Ok(()),
                [one] => Err(format!("texted \"{}\"", one.1)),
                _ => Err(format!("{} texts to them", to.len())),
            }
        },
    ));
    parts
        .checks
        .push(Check::new("no text to anyone else", move |ctx| {
            let id = phone_id(ctx.db, &ph2);
            match sent_texts(ctx).iter().find(|x| Some(x.0) != id) {
                Some(x) => Err(format!("a text to phone user {}", x.0)),
                None => Ok(()),
            }
        }));
    let due_s = due.format("%Y-%m-%d").to_string();
    let tt = task_title.clone();
    parts.checks.push(Check::new(
        format!("one task \"{task_title}\" in the Inbox, due {due_s}, and no other"),
        move |ctx| {
            let inbox: Option<i64> = ctx
                .db
                .query_row_cached(
                    "SELECT id FROM todoist.projects WHERE user_id = ?1 AND is_inbox = 1",
                    [ctx.user_id("todoist")],
                    |r| r.get(0),
                )
                .ok();
            let tasks = added(ctx, "todoist", "tasks");
            let [one] = tasks.as_slice() else {
                return Err(format!("{} tasks added", tasks.len()));
            };
            if one.get("project_id").as_i64() != inbox {
                return Err("not in the Inbox".into());
            }
            if !one
                .get("title")
                .as_str()
                .unwrap_or("")
                .trim()
                .eq_ignore_ascii_case(&tt)
            {
                return Err(format!("titled {:?}", one.get("title")));
            }
            let due: String = one
                .get("due_date")
                .as_str()
                .unwrap_or("")
                .chars()
                .take(10)
                .collect();
            if due != due_s {
                return Err(format!("due \"{due}\""));
            }
            Ok(())
        },
    ));
    parts.allowed = allow::texts_sent();
    parts.allowed.extend([
        allow_added(
            "the supervisor's Venmo payment",
            "venmo",
            "transactions",
            |ctx, r| r.get("sender_id").as_i64() == ctx.user_id("venmo"),
        ),
        Allow::new("Venmo wallet balances", |_, r| {
            r.is("venmo", "users")
                && r.kind() == ChangeKind::Updated
                && r.changed_columns().iter().all(|c| c == "venmo_balance")
        }),
        allow_notifications("venmo"),
    ]);
    parts.allowed.push(allow_added(
        "the supervisor's Inbox task",
        "todoist",
        "tasks",
        |ctx, r| r.get("user_id").as_i64() == ctx.user_id("todoist"),
    ));
    parts.allowed.push(allow_notifications("todoist"));
    parts
}

// ---- 8. moving out of a shared flat ------------------------------------------------------------

/// `p`'s roommates (people sharing a `roommates` residence with them), in id order.
fn roommates(pop: &Population, p: &Person) -> Vec<Person> {
    let mut out: Vec<Person> = pop
        .residences
        .iter()
        .filter(|r| r.kind == "roommates" && r.residents.contains(&p.id))
        .flat_map(|r| r.residents.iter().filter(|id| **id != p.id))
        .map(|id| person(pop, *id))
        .collect();
    out.sort_by_key(|q| q.id);
    out.dedup_by_key(|q| q.id);
    out
}

/// "I'm moving out: pay on Venmo what I owe each roommate in our Roommates group, settle up
/// with everyone there, leave the group, and text my friends the new address." The group's
/// history is replaced by this month's bills. Variant 2: the roommate owes the supervisor
/// (settle, no Venmo).
fn moving_out(g: &mut Gen) -> Parts {
    let v = g.variant;
    let pop = g.population;
    let p = g.supervisor_where(|p| !roommates(pop, p).is_empty());
    let mates = roommates(pop, &p);
    let n = mates.len() as i64 + 1;
    let electricity = cents_of(&mut g.rng, 15_000, 24_000, n);
    let groceries = cents_of(&mut g.rng, 9_000, 14_000, n);
    let internet = if v == 2 {
        let both = electricity + groceries;
        cents_of(&mut g.rng, both + 600, both + 3_000, n)
    } else {
        cents_of(&mut g.rng, 4_000, 7_000, n)
    };
    // What each roommate paid (the first the electricity and the groceries).
    let paid = |k: usize| if k == 0 { electricity + groceries } else { 0 };
    let bal: Vec<(Person, i64)> = mates
        .iter()
        .enumerate()
        .map(|(k, m)| (m.clone(), (paid(k) - internet) / n))
        .collect();
    let addr = [
        "48 Harbor Lane, Apt 3, Portland, OR 97209",
        "1207 Maple Court, Austin, TX 78704",
        "9 Orchard Street, Unit 12, Denver, CO 80205",
    ][usize::from(v - 1)];
    let note = "Moving out";
    let instruction = match v {
        1 => format!(
            "I'm moving out of the flat. Pay each roommate what I owe them in our Roommates group on Splitwise via Venmo (note \"{note}\"), settle up with them in the group, then leave the group. Also text every contact labelled friend in my phone my new address: {addr}."
        ),
        2 => format!(
            "Moving-out checklist: on Venmo, pay what I owe to each roommate according to our Splitwise Roommates group, with the note \"{note}\" (if a roommate owes me instead, don't pay them, just settle up); settle up with every roommate in the group; exit the group; and text all my phone contacts labelled friend my new address, {addr}."
        ),
        _ => format!(
            "I've moved out. Square up with my roommates (Venmo each what I owe them per our Roommates group on Splitwise, note \"{note}\", then settle up with each in the group), leave that group, and send each contact tagged friend in my phone a text with my new address: {addr}."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "splitwise", "venmo", "phone"];
    let (sup, ms) = (p.clone(), mates.clone());
    let now = g.now;
    parts.setup.push(step(move |s| {
        s.set_venmo_balance(&sup, 2_000.0)?;
        let gid = s.splitwise_group_named(&sup, "Roommates")?;
        s.execute(
            "DELETE FROM splitwise.expense_shares WHERE expense_id IN (SELECT id FROM splitwise.expenses WHERE group_id = ?1)",
            [gid],
        )?;
        s.execute("DELETE FROM splitwise.expenses WHERE group_id = ?1", [gid])?;
        s.execute("DELETE FROM splitwise.payments WHERE group_id = ?1", [gid])?;
        let mut all: Vec<&Person> = vec![&sup];
        all.extend(ms.iter());
        let t = |d: i64| now - Duration::days(d);
        s.add_splitwise_expense(Some(gid), &ms[0], &all, "Electricity - May", usd(electricity), t(9))?;
        s.add_splitwise_expense(Some(gid), &sup, &all, "Internet - May", usd(internet), t(8))?;
        s.add_splitwise_expense(Some(gid), &ms[0], &all, "Groceries", usd(groceries), t(4))?;
        Ok(())
    }));
    let login = logins(&[("sw", "splitwise"), ("vm", "venmo"), ("ph", "phone")]);
    let find = "group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x[\"name\"] == \"Roommates\")\nbal = apis.splitwise.show_group_balance(access_token=sw, group_id=group[\"group_id\"], email=profile[\"email\"])[0]\nprint(bal)";
    let pay = |list: &str| {
        format!(
            "for b in {list}:\n    if round(b[\"amount\"], 2) > 0:\n        apis.venmo.create_transaction(access_token=vm, receiver_email=b[\"email\"], amount=round(b[\"amount\"], 2), description={})",
            py(note)
        )
    };
    let owe = "bal[\"source_owes_to_targets\"][\"breakdown\"]";
    let both = "bal[\"source_owes_to_targets\"][\"breakdown\"] + bal[\"targets_owe_to_source\"][\"breakdown\"]";
    let settle = |exit: bool| {
        format!(
            "for b in {both}:\n    if round(b[\"amount\"], 2) != 0:\n        apis.splitwise.settle_up(access_token=sw, email=b[\"email\"], group_id=group[\"group_id\"]){}",
            if exit {
                "\napis.splitwise.exit_group(access_token=sw, group_id=group[\"group_id\"])"
            } else {
                ""
            }
        )
    };
    let text = |label: Option<&str>| {
        let filter = label.map_or(String::new(), |l| format!(", relationship={}", py(l)));
        format!(
            "for c in all_pages(apis.phone.search_contacts, access_token=ph{filter}):\n    apis.phone.send_text_message(access_token=ph, phone_number=c[\"phone_number\"], message=f\"Hi {{c['first_name']}}! I've moved. My new address is {addr}.\")\n{DONE}"
        )
    };
    parts.ground_truth = vec![
        login.clone(),
        find.to_string(),
        pay(owe),
        settle(true),
        text(Some("friend")),
    ];
    parts.wrong = vec![
        solution(
            "does not leave the group",
            vec![
                login.clone(),
                find.to_string(),
                pay(owe),
                settle(false),
                text(Some("friend")),
            ],
        ),
        solution(
            "texts every contact, not only friends",
            vec![
                login.clone(),
                find.to_string(),
                pay(owe),
                settle(true),
                text(None),
            ],
        ),
        solution(
            "pays on Venmo but does not settle up",
            vec![
                login.clone(),
                find.to_string(),
                pay(owe),
                "apis.splitwise.exit_group(access_token=sw, group_id=group[\"group_id\"])"
                    .to_string(),
                text(Some("friend")),
            ],
        ),
    ];
    if v == 2 {
        parts.wrong.push(solution(
            "also pays the roommate who owes the supervisor",
            vec![
                login.clone(),
                find.to_string(),
                pay(both),
                settle(true),
                text(Some("friend")),
            ],
        ));
    }
    let owed: Vec<(String, String, i64)> = bal
        .iter()
        .filter(|x| x.1 > 0)
        .map(|(q, c)| (full(q), q.email.clone(), *c))
        .collect();
    let w = owed.clone();
    parts.checks.push(Check::new(
        format!(
            "one Venmo payment each: {}",
            owed.iter()
                .map(|(nm, _, c)| format!("${} to {nm}", c2(*c)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        move |ctx| {
            let sent = payments_sent(ctx);
            for (name, email, cents) in &w {
                let id = uid(ctx, "venmo", email);
                let to: Vec<_> = sent.iter().filter(|x| Some(x.0) == id).collect();
                match to.as_slice() {
                    [one] if same_amount(one.1, usd(*cents)) && one.2.trim() == note => {}
                    [one] => return Err(format!("paid {name} ${} noted \"{}\"", one.1, one.2)),
                    _ => return Err(format!("{} payments to {name}", to.len())),
                }
            }
            Ok(())
        },
    ));
    let w = owed.clone();
    parts
        .checks
        .push(Check::new("no Venmo payment to anyone else", move |ctx| {
            let ids: Vec<Option<i64>> = w.iter().map(|x| uid(ctx, "venmo", &x.1)).collect();
            match payments_sent(ctx)
                .iter()
                .find(|x| !ids.contains(&Some(x.0)))
            {
                Some(x) => Err(format!("${} to venmo user {}", x.1, x.0)),
                None => Ok(()),
            }
        }));
    let settle_want: Vec<(String, String, i64)> = bal
        .iter()
        .filter(|x| x.1 != 0)
        .map(|(q, c)| (full(q), q.email.clone(), *c))
        .collect();
    let (w, me_email) = (settle_want.clone(), p.email.clone());
    parts.checks.push(Check::new(
        format!(
            "settled up in Roommates with {}",
            settle_want
                .iter()
                .map(|(nm, _, c)| format!("{nm} (${})", c2(c.abs())))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        move |ctx| {
            let me = uid(ctx, "splitwise", &me_email).unwrap_or(0);
            let pays = added_payments(ctx);
            for (name, email, cents) in &w {
                let them = uid(ctx, "splitwise", email).unwrap_or(0);
                let (a, b) = if *cents > 0 { (me, them) } else { (them, me) };
                let k = pays
                    .iter()
                    .filter(|x| x.1 == a && x.2 == b && same_amount(x.3, usd(cents.abs())))
                    .count();
                if k != 1 {
                    return Err(format!("{k} settling payments with {name}"));
                }
            }
            if pays.len() != w.len() {
                return Err(format!("{} payments in all", pays.len()));
            }
            Ok(())
        },
    ));
    let me_email = p.email.clone();
    parts.checks.push(Check::new(
        "the supervisor left the Roommates group",
        move |ctx| {
            let me = uid(ctx, "splitwise", &me_email);
            let left = added(ctx, "splitwise", "group_members").is_empty()
                && ctx.diff.rows.iter().any(|r| {
                    r.is("splitwise", "group_members")
                        && r.kind() == ChangeKind::Removed
                        && r.before("user_id").as_i64() == me
                });
            if left {
                Ok(())
            } else {
                Err("still a member".into())
            }
        },
    ));
    let friends: Vec<(String, String)> = pop
        .relations_of(p.id)
        .into_iter()
        .filter(|(r, _)| *r == Relation::Friend)
        .map(|(_, id)| {
            let q = person(pop, id);
            (full(&q), q.phone_number.clone())
        })
        .collect();
    let (fw, a1) = (friends.clone(), addr.to_string());
    parts.checks.push(Check::new(
        format!(
            "a text with the new address to each of the {} friends",
            friends.len()
        ),
        move |ctx| {
            let texts = sent_texts(ctx);
            for (name, phone) in &fw {
                let id = phone_id(ctx.db, phone);
                let to: Vec<_> = texts.iter().filter(|x| Some(x.0) == id).collect();
                match to.as_slice() {
                    [one] if holds(&one.1, &a1) => {}
                    [one] => return Err(format!("texted {name} \"{}\"", one.1)),
                    _ => return Err(format!("{} texts to {name}", to.len())),
                }
            }
            Ok(())
        },
    ));
    parts.checks.push(Check::new(
        "no text to anyone who is not a friend",
        move |ctx| {
            let ids: Vec<Option<i64>> = friends.iter().map(|x| phone_id(ctx.db, &x.1)).collect();
            match sent_texts(ctx).iter().find(|x| !ids.contains(&Some(x.0))) {
                Some(x) => Err(format!("a text to phone user {}", x.0)),
                None => Ok(()),
            }
        },
    ));
    parts.allowed = allow::texts_sent();
    parts.allowed.extend([
        allow_added(
            "the supervisor's Venmo payments",
            "venmo",
            "transactions",
            |ctx, r| r.get("sender_id").as_i64() == ctx.user_id("venmo"),
        ),
        Allow::new("Venmo wallet balances", |_, r| {
            r.is("venmo", "users")
                && r.kind() == ChangeKind::Updated
                && r.changed_columns().iter().all(|c| c == "venmo_balance")
        }),
        allow_notifications("venmo"),
        allow_added(
            "the supervisor's settling payments",
            "splitwise",
            "payments",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("splitwise"),
        ),
        allow_notifications("splitwise"),
        Allow::new(
            "the supervisor's membership of Roommates, removed",
            |ctx, r| {
                r.is("splitwise", "group_members")
                    && r.kind() == ChangeKind::Removed
                    && r.before("user_id").as_i64() == ctx.user_id("splitwise")
            },
        ),
    ]);
    parts
}
