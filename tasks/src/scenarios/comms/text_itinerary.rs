//! "Text everyone else on my Nashville trip the first day's plan from the itinerary." The
//! itinerary is a new trip folder; an old trip to the same city (other people, another plan)
//! lies next to it. Variant 2: one traveller is saved under a nickname in the phone (the
//! itinerary has full names), another upcoming trip is near; variant 3: the last day's plan.

use super::{day, has_n, text_checks};
use crate::kit::allow;
use crate::kit::people::{NICKNAMES, related};
use crate::kit::python::solution;
use crate::kit::time::ymd;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Population, Relation};
use chrono::{Duration, NaiveDate};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The friends on the trip (besides the supervisor).
    going: Vec<Person>,
    /// The friend saved under a nickname in variant 2, and the nickname.
    nicked: Option<Person>,
    nick: &'static str,
    city: &'static str,
    /// The trip's plan, one line a day, and the day's line the task wants.
    plans: Vec<&'static str>,
    wanted: &'static str,
    /// The trip's folder (`~/.../`), its itinerary and packing list.
    folder: String,
    itinerary: String,
    packing: String,
    /// The distractor trip's folder and itinerary, and the plan line of it a wrong text holds.
    old_folder: String,
    old_text: String,
    old_plan: String,
}

impl Design for Values {
    const APPS: &[&str] = &["file_system", "phone"];
    const SCRIPT: &str = include_str!("text_itinerary.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| {
            has_n(pop, p, Relation::Friend, 3) && unique_friend(pop, p).is_some()
        });
        let mut friends = related(g.population, &p, Relation::Friend);
        g.rng.shuffle(&mut friends);
        let n = g.rng.range(2, 4) as usize;
        let mut going: Vec<Person> = friends.iter().take(n).cloned().collect();
        let nicked = unique_friend(pop, &p).map(|id| g.person(id));
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
        let Trip(city, country, lodging, start, plans) = trip(g);
        let wanted = if g.variant == 3 {
            plans[plans.len() - 1]
        } else {
            plans[0]
        };
        let mut travelers: Vec<&Person> = vec![&p];
        travelers.extend(going.iter());
        let folder = format!(
            "~/documents/trips/{}_{}/",
            city.to_lowercase(),
            start.format("%Y_%m")
        );
        let itinerary = itinerary(city, country, start, lodging, &travelers, &plans);
        let old_people: Vec<&Person> = std::iter::once(&p).chain(others.iter().take(1)).collect();
        let (old_folder, old_plan, old_text) = distractor(g, city, country, &old_people);
        let old_plan = if g.variant == 3 {
            "Fly home".to_string()
        } else {
            old_plan.to_string()
        };
        Values {
            variant: g.variant,
            going,
            nicked,
            nick,
            city,
            plans,
            wanted,
            folder,
            itinerary,
            packing: format!("Packing list for {city}\n- Passport\n- Chargers\n- Rain jacket"),
            old_folder,
            old_text,
            old_plan,
            supervisor: p,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        match v.variant {
            1 => {
                "I put the itinerary for our Nashville trip in my file system. Text each of the others coming on the trip the plan for the first day, worded as in the itinerary."
            }
            2 => {
                "Text everyone else going on the Vancouver trip the first day's plan from the itinerary in my file system."
            }
            _ => {
                "Text everyone else on the Porto trip the plan for our last day there, as the itinerary in my file system words it."
            }
        }
        .into()
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let sup = &v.supervisor;
            let t = s.now - Duration::days(9);
            s.add_file(sup, &format!("{}itinerary.txt", v.folder), &v.itinerary, t)?;
            s.add_file(sup, &format!("{}packing_list.txt", v.folder), &v.packing, t)?;
            s.add_file(
                sup,
                &format!("{}itinerary.txt", v.old_folder),
                &v.old_text,
                t - Duration::days(30),
            )?;
            if v.variant == 2
                && let Some(nk) = &v.nicked
            {
                s.relabel_contact(sup, nk, v.nick, &["friend"])?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let cell = |name: &str| script.cell(name, &none);
        let city = v.city.to_lowercase();
        let read = |name: &str, city: &str| script.cell(name, &Vals::new().lit("city", city));
        let here = || read("read", &city);
        // The travellers' numbers, a traveller not found by full name looked up by `if_not_found`.
        let travellers = |if_not_found: String| {
            script.cell(
                "match_travellers",
                &Vals::new().code("if_not_found", if_not_found),
            )
        };
        let matched = || travellers(cell("by_last_name"));
        // logins, the itinerary `read`, the travellers' `numbers`, and `message` sent.
        let gt = |read: String, numbers: String, message: &str| {
            vec![
                cell("logins"),
                read,
                numbers,
                script.cell("send", &Vals::new().code("message", cell(message))),
            ]
        };
        let plan = if v.variant == 3 {
            "last_plan"
        } else {
            "first_plan"
        };
        let (other_day, other_plan) = if v.variant == 3 {
            ("sends the first day's plan", "first_plan")
        } else {
            ("sends the second day's plan", "second_plan")
        };
        let (other_trip, other_read) = if v.variant == 2 {
            (
                "reads the other upcoming trip's itinerary",
                read("read", "portland"),
            )
        } else {
            (
                "reads the old trip's itinerary",
                read("read_old_trip", &city),
            )
        };
        let mut wrong = vec![
            solution(
                "sends the whole itinerary",
                gt(here(), matched(), "itinerary"),
            ),
            solution(other_day, gt(here(), matched(), other_plan)),
            solution(other_trip, gt(other_read, matched(), plan)),
        ];
        wrong.push(if v.variant == 2 {
            solution(
                "skips the traveller saved under a nickname",
                gt(here(), travellers("continue".to_string()), plan),
            )
        } else {
            solution("texts every friend", gt(here(), cell("every_friend"), plan))
        });
        (gt(here(), matched(), plan), wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let people: Vec<(Person, Vec<String>)> = v
            .going
            .iter()
            .map(|f| (f.clone(), vec![v.wanted.to_string()]))
            .collect();
        let mut forbidden: Vec<String> = v
            .plans
            .iter()
            .filter(|x| **x != v.wanted)
            .map(|x| x.to_string())
            .collect();
        forbidden.push(v.old_plan.clone());
        text_checks(people, &format!("a text with \"{}\"", v.wanted), forbidden)
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        allow::texts_sent()
    }
}

/// A friend of `p` whose last name no one else `p` knows has (for the nickname).
fn unique_friend(pop: &Population, p: &Person) -> Option<i64> {
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
}

/// A trip: city, country, lodging, first day and each day's plan.
struct Trip(
    &'static str,
    &'static str,
    &'static str,
    NaiveDate,
    Vec<&'static str>,
);

/// The variant's trip.
fn trip(g: &Gen) -> Trip {
    match g.variant {
        1 => Trip(
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
        2 => Trip(
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
        _ => Trip(
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
    }
}

/// The distractor trip: an old one to the same city (1, 3) or another upcoming one (2):
/// (folder, first day's plan, itinerary).
fn distractor(
    g: &Gen,
    city: &str,
    country: &str,
    people: &[&Person],
) -> (String, &'static str, String) {
    match g.variant {
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
                itinerary("Portland", "USA", d, "Pearl District studio", people, &plan),
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
                itinerary(city, country, d, "Downtown hotel", people, &plan),
            )
        }
    }
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
