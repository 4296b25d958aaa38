//! "Text everyone else on my Nashville trip the first day's plan from the itinerary." The
//! itinerary is a new trip folder; an old trip to the same city (other people, another plan)
//! lies next to it. Variant 2: one traveller is saved under a nickname in the phone (the
//! itinerary has full names), another upcoming trip is near; variant 3: the last day's plan.

use super::{day, has_n, text_checks};
use crate::kit::allow;
use crate::kit::people::{NICKNAMES, related};
use crate::kit::python::solution;
use crate::kit::time::ymd;
use crate::kit::{Script, Vals};
use crate::scenarios::{Gen, Parts, step};
use apps::people::{Person, Relation};
use chrono::{Duration, NaiveDate};

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    // A friend whose last name no one else the supervisor knows has (for the nickname).
    let unique_friend = |p: &Person| -> Option<i64> {
        let rel = pop.relations_of(p.id);
        rel.iter()
            .filter(|(r, _)| *r == Relation::Friend)
            .map(|(_, id)| *id)
            .find(|id| {
                let last = &pop.people[(*id - 1) as usize].last_name;
                rel.iter()
                    .filter(|(_, o)| pop.people[(*o - 1) as usize].last_name == *last)
                    .count()
                    == 1
                    && *last != p.last_name
            })
    };
    let p =
        g.supervisor_where(|p| has_n(pop, p, Relation::Friend, 3) && unique_friend(p).is_some());
    let mut friends = related(g.population, &p, Relation::Friend);
    g.rng.shuffle(&mut friends);
    let n = g.rng.range(2, 4) as usize;
    let mut going: Vec<Person> = friends.iter().take(n).cloned().collect();
    let nicked = unique_friend(&p).map(|id| g.person(id));
    if g.variant == 2
        && let Some(nk) = &nicked
        && !going.iter().any(|f| f.id == nk.id)
    {
        going[0] = nk.clone();
    }
    let others: Vec<Person> = friends
        .iter()
        .filter(|f| !going.iter().any(|x| x.id == f.id))
        .cloned()
        .collect();
    let nick = NICKNAMES[g.rng.range(0, NICKNAMES.len() as i64) as usize];
    let (city, country, lodging, start, plans): (&str, &str, &str, NaiveDate, Vec<&str>) =
        match g.variant {
            1 => (
                "Nashville",
                "USA",
                "Music Row loft",
                day(g, 22),
                vec![
                    "Arrive, check in at the loft, dinner at Hattie B's",
                    "Country Music Hall of Fame and a show at the Ryman",
                    "Brunch in East Nashville, then the Parthenon",
                    "Check out and fly home",
                ],
            ),
            2 => (
                "Vancouver",
                "Canada",
                "Gastown apartment",
                day(g, 36),
                vec![
                    "Land at 2 PM, check in, walk the seawall in Stanley Park",
                    "Granville Island market and a kayak tour",
                    "Day trip to Whistler",
                    "Capilano bridge in the morning, fly home at 6 PM",
                ],
            ),
            _ => (
                "Porto",
                "Portugal",
                "Ribeira guesthouse",
                day(g, 50),
                vec![
                    "Arrive, check in, dinner by the river",
                    "Livraria Lello and the Clerigos tower",
                    "Douro valley wine tour",
                    "Beach day in Foz",
                    "Port cellar tour in the morning, check out, train to the airport",
                ],
            ),
        };
    let wanted = if g.variant == 3 {
        plans[plans.len() - 1]
    } else {
        plans[0]
    };
    let instruction = match g.variant {
        1 => "I put the itinerary for our Nashville trip in my file system. Text each of the others coming on the trip the plan for the first day, worded as in the itinerary.".to_string(),
        2 => "Text everyone else going on the Vancouver trip the first day's plan from the itinerary in my file system.".to_string(),
        _ => "Text everyone else on the Porto trip the plan for our last day there, as the itinerary in my file system words it.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["file_system", "phone"];
    let mut travelers: Vec<&Person> = vec![&p];
    travelers.extend(going.iter());
    let folder = format!(
        "~/documents/trips/{}_{}/",
        city.to_lowercase(),
        start.format("%Y_%m")
    );
    let main = itinerary(city, country, start, lodging, &travelers, &plans);
    // The distractor trip: an old one to the same city (1, 3) or another upcoming one (2).
    let old_people: Vec<&Person> = std::iter::once(&p).chain(others.iter().take(1)).collect();
    let (old_folder, old_plan, old_text) = match g.variant {
        2 => {
            let d = day(g, 80);
            let plan = vec![
                "Arrive, check in, food carts downtown",
                "Powell's Books and the rose garden",
                "Fly home",
            ];
            (
                format!("~/documents/trips/portland_{}/", d.format("%Y_%m")),
                plan[0],
                itinerary(
                    "Portland",
                    "USA",
                    d,
                    "Pearl District studio",
                    &old_people,
                    &plan,
                ),
            )
        }
        _ => {
            let d = NaiveDate::from_ymd_opt(2021, 10, 8).unwrap_or_default();
            let middle = if city == "Porto" {
                "Ribeira walk and a boat ride"
            } else {
                "Honky-tonks on Broadway"
            };
            let plan = vec!["Arrive late, check in, sleep", middle, "Fly home"];
            (
                format!(
                    "~/documents/trips/{}_{}/",
                    city.to_lowercase(),
                    d.format("%Y_%m")
                ),
                plan[0],
                itinerary(city, country, d, "Downtown hotel", &old_people, &plan),
            )
        }
    };
    let old_plan = if g.variant == 3 {
        "Fly home".to_string()
    } else {
        old_plan.to_string()
    };
    let sup = p.clone();
    let (nick_person, variant) = (nicked.clone(), g.variant);
    let packing = format!("Packing list for {city}\n- Passport\n- Chargers\n- Rain jacket");
    parts.setup.push(step(move |s| {
        let t = s.now - Duration::days(9);
        s.add_file(&sup, &format!("{folder}itinerary.txt"), &main, t)?;
        s.add_file(&sup, &format!("{folder}packing_list.txt"), &packing, t)?;
        s.add_file(
            &sup,
            &format!("{old_folder}itinerary.txt"),
            &old_text,
            t - Duration::days(30),
        )?;
        if variant == 2
            && let Some(nk) = &nick_person
        {
            s.relabel_contact(&sup, nk, nick, &["friend"])?;
        }
        Ok(())
    }));

    let script = Script::parse(include_str!("text_itinerary.py"));
    let none = Vals::new();
    let cell = |name: &str| script.cell(name, &none);
    let city_l = city.to_lowercase();
    let read = |name: &str, city: &str| script.cell(name, &Vals::new().lit("city", city));
    let gt = |read: String, matching: &str, message: &str| {
        vec![
            cell("logins"),
            read,
            cell(matching),
            script.cell("send", &Vals::new().code("message", cell(message))),
        ]
    };
    let plan = if g.variant == 3 {
        "last_plan"
    } else {
        "first_plan"
    };
    parts.ground_truth = gt(read("read", &city_l), "match_travellers", plan);
    parts.wrong = vec![
        solution(
            "sends the whole itinerary",
            gt(read("read", &city_l), "match_travellers", "itinerary"),
        ),
        solution(
            if g.variant == 3 {
                "sends the first day's plan"
            } else {
                "sends the second day's plan"
            },
            gt(
                read("read", &city_l),
                "match_travellers",
                if g.variant == 3 {
                    "first_plan"
                } else {
                    "second_plan"
                },
            ),
        ),
        solution(
            if g.variant == 2 {
                "reads the other upcoming trip's itinerary"
            } else {
                "reads the old trip's itinerary"
            },
            gt(
                if g.variant == 2 {
                    read("read", "portland")
                } else {
                    read("read_old_trip", &city_l)
                },
                "match_travellers",
                plan,
            ),
        ),
    ];
    if g.variant == 2 {
        parts.wrong.push(solution(
            "skips the traveller saved under a nickname",
            gt(
                read("read", &city_l),
                "match_travellers_skipping_nickname",
                plan,
            ),
        ));
    } else {
        parts.wrong.push(solution(
            "texts every friend",
            gt(read("read", &city_l), "every_friend", plan),
        ));
    }
    let people: Vec<(Person, Vec<String>)> = going
        .iter()
        .map(|f| (f.clone(), vec![wanted.to_string()]))
        .collect();
    let mut forbidden: Vec<String> = plans
        .iter()
        .filter(|x| **x != wanted)
        .map(|x| x.to_string())
        .collect();
    forbidden.push(old_plan);
    parts.checks = text_checks(people, &format!("a text with \"{wanted}\""), forbidden);
    parts.allowed = allow::texts_sent();
    parts
}

/// An itinerary as the world's trip folders hold them.
fn itinerary(
    city: &str,
    country: &str,
    start: NaiveDate,
    lodging: &str,
    travelers: &[&Person],
    plans: &[&str],
) -> String {
    let nights = plans.len() as i64 - 1;
    let names: Vec<String> = travelers
        .iter()
        .map(|p| format!("{} {}", p.first_name, p.last_name))
        .collect();
    let mut s = format!(
        "Trip to {city}, {country}\nDates: {} to {} ({nights} nights)\nStaying at: {lodging}\nOrganizer: {}\nTravelers: {}\n\nPlan:\n",
        ymd(start),
        ymd(start + Duration::days(nights)),
        names[0],
        names.join(", ")
    );
    for (i, plan) in plans.iter().enumerate() {
        let d = start + Duration::days(i as i64);
        s.push_str(&format!("- {}: {plan}\n", d.format("%a %b %d")));
    }
    s
}
