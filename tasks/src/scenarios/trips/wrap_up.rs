//! "We're back from <City>: delete the trip's Todoist project, zip its folder (removing the
//! folder) and settle up with everyone in the trip's group I have a balance with, either way."
//! Variant 2: one member has settled already and last year's folder of the same city stays;
//! variant 3: an upcoming trip's project and last year's group of the same city stay.

use super::{add_expenses, allow_notifications, allow_settling, at, day, folder, with_friends};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::db::uid;
use crate::kit::files::paths_containing;
use crate::kit::money::{c2, same_amount};
use crate::kit::money::{cents_of, usd};
use crate::kit::people::full;
use crate::kit::python::solution;
use crate::kit::splitwise::group_named;
use crate::kit::splitwise::payments_added;
use crate::kit::todoist::{has_project, project_gone};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDate, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The three other travellers.
    friends: Vec<Person>,
    now: NaiveDateTime,
    city: &'static str,
    start: NaiveDate,
    nights: i64,
    /// The trip folder's name (`city_yyyy_mm`).
    fold: String,
    /// The trip folder, `~/documents/trips/<fold>/`.
    dir: String,
    group: String,
    project: String,
    lodging_c: i64,
    car_c: i64,
    /// What the third friend paid (tickets and dinner).
    f2_paid: i64,
    /// Variant 2: the third friend settled up already.
    settled_before: bool,
    /// Whom to settle with: (name, e-mail, cents; > 0 they owe the supervisor).
    want: Vec<(String, String, i64)>,
    /// The zip's path, without the `~`.
    zip: String,
    /// The folder's path, without the `~`.
    inside: String,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "todoist", "file_system", "splitwise"];
    const SCRIPT: &str = include_str!("wrap_up.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
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
        let want: Vec<(String, String, i64)> = bal
            .iter()
            .filter(|(_, c)| *c != 0)
            .filter(|(q, _)| !(settled_before && q.id == fr[2].id))
            .map(|(q, c)| (full(q), q.email.clone(), *c))
            .collect();
        Values {
            variant: v,
            supervisor: p,
            friends: fr,
            now: g.now,
            city,
            start,
            nights,
            zip: format!("/documents/trips/{fold}.zip"),
            inside: format!("/documents/trips/{fold}/"),
            fold,
            dir,
            group,
            project,
            lodging_c,
            car_c,
            f2_paid,
            settled_before,
            want,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let (city, project) = (v.city, &v.project);
        match v.variant {
            1 => format!(
                "We're back from {city}. Please wrap the trip up: delete its Todoist project \"{project}\", compress its folder in my file system into a zip file next to it and remove the folder, and settle up in the trip's Splitwise group with every member I still have a balance with, whichever way it goes."
            ),
            2 => format!(
                "The {city} trip is done. Delete the \"{project}\" project from Todoist, archive the trip's folder (the one for this trip) in my file system as a zip beside it, deleting the original folder, and settle up on Splitwise in the trip's group with each member whose balance with me isn't zero."
            ),
            _ => format!(
                "Time to close out the {city} trip: remove its Todoist project, zip up its folder in my file system (the zip next to the folder, folder deleted) and, in the trip's Splitwise group, settle up with everyone I owe or who owes me. Leave everything about other trips alone."
            ),
        }
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            trip_files(v, s)?;
            todo_projects(v, s)?;
            splitwise_groups(v, s)
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let login = script.cell("logins", &none);
        let project_vals = Vals::new().lit("project", &v.project);
        let project_py = script.cell("delete_project", &project_vals);
        let archive_py = |delete: bool| {
            let vals = Vals::new()
                .lit("folder", &v.fold)
                .code("delete", if delete { "True" } else { "False" });
            script.cell("archive", &vals)
        };
        // The settling of one group, without the final complete_task().
        let settle_only = |group_name: &str, which: &str| {
            let vals = Vals::new()
                .lit("group", group_name)
                .code("balances", script.cell(which, &none));
            script.cell("settle", &vals)
        };
        let finish = script.cell("finish", &none);
        let settle =
            |group_name: &str, which: &str| format!("{}\n{finish}", settle_only(group_name, which));
        let (group, both) = (&v.group, "both_ways");
        let ground_truth = vec![
            login.clone(),
            project_py.clone(),
            archive_py(true),
            settle(group, both),
        ];
        let mut wrong = vec![
            solution(
                "zips the folder but keeps it",
                vec![
                    login.clone(),
                    project_py.clone(),
                    archive_py(false),
                    settle(group, both),
                ],
            ),
            solution(
                "settles only with the people the supervisor owes",
                vec![
                    login.clone(),
                    project_py.clone(),
                    archive_py(true),
                    settle(group, "owed"),
                ],
            ),
            solution(
                "archives the Todoist project instead of deleting it",
                vec![
                    login.clone(),
                    script.cell("archive_project", &project_vals),
                    archive_py(true),
                    settle(group, both),
                ],
            ),
        ];
        if v.variant == 3 {
            wrong.push(solution(
                "settles last year's group of the same city too",
                vec![
                    login.clone(),
                    project_py.clone(),
                    archive_py(true),
                    format!(
                        "{}\n\n{}",
                        settle_only(group, both),
                        settle(&format!("{} Trip 2022", v.city), both)
                    ),
                ],
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = vec![
            v.check(
                format!("the Todoist project \"{}\" is deleted", v.project),
                |v, ctx| {
                    if has_project(ctx, &v.project) {
                        Err("it is still there".into())
                    } else {
                        Ok(())
                    }
                },
            ),
            v.check(
                format!("the folder is compressed into ~{}", v.zip),
                |v, ctx| {
                    if paths_containing(ctx, &v.zip)
                        .iter()
                        .any(|q| q.ends_with(&v.zip))
                    {
                        Ok(())
                    } else {
                        Err("no such zip file".into())
                    }
                },
            ),
            v.check(
                format!("the folder ~{} is gone", v.inside),
                |v, ctx| match paths_containing(ctx, &v.inside).first() {
                    Some(q) => Err(format!("{q} is still there")),
                    None => Ok(()),
                },
            ),
            v.check(
                format!(
                    "settled up in \"{}\" with {}",
                    v.group,
                    v.want
                        .iter()
                        .map(|(n, _, c)| format!(
                            "{n} ({} ${})",
                            if *c > 0 { "owed" } else { "owing" },
                            c2(c.abs())
                        ))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                settled_each,
            ),
            v.check(
                format!("no other Splitwise payment ({} in all)", v.want.len()),
                |v, ctx| {
                    let n = payments_added(ctx).len();
                    if n == v.want.len() {
                        Ok(())
                    } else {
                        Err(format!("{n} payments"))
                    }
                },
            ),
        ];
        if v.variant == 3 {
            checks.push(Check::new(
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
        checks
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = vec![
            v.allow(
                "the trip project and what it holds, deleted",
                |v, ctx, r| {
                    r.schema == "todoist"
                        && r.kind() == ChangeKind::Removed
                        && (r.before("name").as_str() == Some(v.project.as_str())
                            || r.before("project_id")
                                .as_i64()
                                .is_some_and(|pid| project_gone(ctx.db, pid)))
                },
            ),
            v.allow(
                "the trip folder's files and directories, deleted",
                |v, _, r| {
                    r.schema == "file_system"
                        && r.kind() == ChangeKind::Removed
                        && r.before("path").as_str().is_some_and(|q| {
                            q.contains(&v.inside) || q.ends_with(v.inside.trim_end_matches('/'))
                        })
                },
            ),
            v.allow("the zip file", |v, _, r| {
                r.schema == "file_system"
                    && r.kind() == ChangeKind::Added
                    && r.get("path").as_str().is_some_and(|q| q.ends_with(&v.zip))
            }),
        ];
        allowed.extend(allow_settling());
        allowed.push(allow_notifications("todoist"));
        allowed
    }
}

/// The trip folder's files (and, variant 2, last year's folder of the same city).
fn trip_files(v: &Values, s: &crate::setup::Setup) -> rusqlite::Result<()> {
    let (sup, f, dir_s, city, start) = (&v.supervisor, &v.friends, &v.dir, v.city, v.start);
    s.add_file(
        sup,
        &format!("{dir_s}itinerary.txt"),
        &format!(
            "Trip to {city}\nDates: {} to {}\nTravelers: {}, {}, {}, {}",
            start.format("%Y-%m-%d"),
            (start + Duration::days(v.nights)).format("%Y-%m-%d"),
            sup.first_name,
            f[0].first_name,
            f[1].first_name,
            f[2].first_name
        ),
        at(start - Duration::days(30), 19),
    )?;
    s.add_file(
        sup,
        &format!("{dir_s}lodging_receipt_{}.pdf", folder(city, start)),
        &format!(
            "Booking receipt\nProperty: Main Street loft, {city}\nTotal paid: ${}",
            c2(v.lodging_c)
        ),
        at(start - Duration::days(35), 21),
    )?;
    s.add_file(
        sup,
        &format!("{dir_s}photos/day1.jpg"),
        "JPEG image data",
        at(start, 18),
    )?;
    if v.variant == 2 {
        s.add_file(
            sup,
            &format!(
                "~/documents/trips/{}/itinerary.txt",
                folder(city, day(2022, 7, 8))
            ),
            &format!("Trip to {city}\nDates: 2022-07-08 to 2022-07-11"),
            at(day(2022, 6, 1), 19),
        )?;
    }
    Ok(())
}

/// The trip's Todoist project (and, variant 3, an upcoming trip's project and last year's
/// group of the same city).
fn todo_projects(v: &Values, s: &crate::setup::Setup) -> rusqlite::Result<()> {
    let (sup, f, now, start) = (&v.supervisor, &v.friends, v.now, v.start);
    let all = [sup, &f[0], &f[1], &f[2]];
    let pid = s.add_todo_project(
        sup,
        &v.project,
        "Getting ready",
        &all,
        now - Duration::days(40),
    )?;
    s.add_todo_task(
        pid,
        None,
        sup,
        "Book the lodging",
        Some(start - Duration::days(30)),
        "high",
        true,
        Some(sup),
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
    if v.variant == 3 {
        let next = s.add_todo_project(
            sup,
            "Trip to Bozeman",
            "Next one",
            &[sup, &f[0]],
            now - Duration::days(5),
        )?;
        s.add_todo_task(
            next,
            None,
            sup,
            "Find a cabin",
            Some((now + Duration::days(20)).date()),
            "medium",
            false,
            Some(sup),
            now - Duration::days(5),
        )?;
        let old = s.add_splitwise_group(
            sup,
            &[sup, &f[1]],
            &format!("{} Trip 2022", v.city),
            now - Duration::days(330),
        )?;
        s.add_splitwise_expense(
            Some(old),
            &f[1],
            &[sup, &f[1]],
            "Cabin",
            240.0,
            now - Duration::days(320),
        )?;
    }
    Ok(())
}

/// The trip's Splitwise group with its expenses (and, variant 2, the third friend's payment).
fn splitwise_groups(v: &Values, s: &crate::setup::Setup) -> rusqlite::Result<()> {
    let (sup, f, start) = (&v.supervisor, &v.friends, v.start);
    let all = [sup, &f[0], &f[1], &f[2]];
    let gid = s.add_splitwise_group(sup, &all, &v.group, v.now - Duration::days(45))?;
    let expenses = [
        (
            sup,
            "Lodging",
            v.lodging_c,
            at(start - Duration::days(35), 21),
        ),
        (&f[1], "Car rental", v.car_c, at(start, 10)),
        (
            &f[2],
            "Tickets and dinner",
            v.f2_paid,
            at(start + Duration::days(1), 20),
        ),
    ];
    add_expenses(s, gid, &all, &expenses)?;
    if v.settled_before {
        let owed = (v.lodging_c - v.f2_paid) / 4;
        s.add_splitwise_payment(
            Some(gid),
            &f[2],
            sup,
            usd(owed),
            "Settle up balance.",
            at(start + Duration::days(6), 9),
        )?;
    }
    Ok(())
}

/// One settling payment in the trip's group with each member the supervisor has a balance with.
fn settled_each(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    let gid = group_named(ctx, &v.group);
    let me = uid(ctx, "splitwise", &v.supervisor.email).unwrap_or(0);
    let pays = payments_added(ctx);
    for (name, email, cents) in &v.want {
        let them = uid(ctx, "splitwise", email).unwrap_or(0);
        let (payer, receiver) = if *cents > 0 { (them, me) } else { (me, them) };
        let n = pays
            .iter()
            .filter(|x| {
                x.group == gid
                    && x.payer == Some(payer)
                    && x.receiver == Some(receiver)
                    && same_amount(x.amount, usd(cents.abs()))
            })
            .count();
        if n != 1 {
            return Err(format!("{n} settling payments with {name}"));
        }
    }
    Ok(())
}
