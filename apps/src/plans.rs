//! Life events several apps' world data agree on, drawn once from the population and the world
//! seed: trips among friends. A trip is a Splitwise group with its expenses, receipts and an
//! itinerary in the members' file systems, and (when it lies ahead) a Todoist packing project.
//! Every seed that shows a trip calls [`trips`], so the apps never disagree on who went where,
//! when, or what it cost.

use crate::common::seeding::contacts_of;
use crate::people::Population;
use chrono::{Duration, NaiveDate, NaiveDateTime};
use sim::rng::Rng;

/// Destinations: city, country, and the lodging a group books there.
const DESTINATIONS: &[(&str, &str, &str)] = &[
    ("Lisbon", "Portugal", "Casa do Rio apartment"),
    ("Denver", "USA", "Pine Ridge cabin"),
    ("Montreal", "Canada", "Hotel Le Marais"),
    ("Austin", "USA", "South Congress bungalow"),
    ("Kyoto", "Japan", "Gion machiya house"),
    ("Chicago", "USA", "Lakeview loft"),
    ("Barcelona", "Spain", "Gracia flat"),
    ("Cancun", "Mexico", "Playa Azul resort"),
    ("Seattle", "USA", "Capitol Hill townhouse"),
    ("Reykjavik", "Iceland", "Harbour guesthouse"),
];

/// Restaurants a trip's dinners happen at.
const RESTAURANTS: &[&str] = &[
    "Harbor Grill",
    "La Piazza",
    "The Olive Tree",
    "Noodle Bar",
    "Casa Verde",
    "Smoke & Salt BBQ",
];

/// One shared expense of a trip.
#[derive(Debug, Clone)]
pub(crate) struct TripExpense {
    /// Who paid (a member).
    pub payer: i64,
    /// What it was, e.g. `Dinner at Harbor Grill`.
    pub description: String,
    /// Paid amount in dollars (cents exact).
    pub amount: f64,
    /// When it was paid.
    pub at: NaiveDateTime,
    /// The receipt the payer kept: file name and text content.
    pub receipt: Option<(String, String)>,
}

/// A trip of friends.
#[derive(Debug, Clone)]
pub(crate) struct Trip {
    /// Who organised it (first member).
    pub organizer: i64,
    /// Everyone going, organizer first.
    pub members: Vec<i64>,
    /// Destination city and country.
    pub city: &'static str,
    /// Destination country.
    pub country: &'static str,
    /// Where they stay.
    pub lodging: &'static str,
    /// First day.
    pub start: NaiveDate,
    /// Nights away.
    pub nights: i64,
    /// What was paid so far (only what lies before the world's clock).
    pub expenses: Vec<TripExpense>,
}

impl Trip {
    /// Last day.
    pub fn end(&self) -> NaiveDate {
        self.start + Duration::days(self.nights)
    }

    /// The Splitwise group's name, e.g. `Lisbon Trip 2023`.
    pub fn group_name(&self) -> String {
        format!("{} Trip {}", self.city, self.start.format("%Y"))
    }

    /// The folder of the trip under a member's home directory, e.g. `lisbon_2023_04`.
    pub fn folder(&self) -> String {
        format!(
            "{}_{}",
            self.city.to_lowercase().replace(' ', "_"),
            self.start.format("%Y_%m")
        )
    }

    /// Has it started before `now`?
    pub fn is_upcoming(&self, now: NaiveDateTime) -> bool {
        self.start > now.date()
    }
}

/// Every trip of the world, in organizer order. Deterministic in `pop` and `seed`.
pub(crate) fn trips(pop: &Population, seed: u64) -> Vec<Trip> {
    let now = sim::clock::default_now();
    let mut out = Vec::new();
    for p in &pop.people {
        let mut rng = Rng::derive(seed ^ p.id as u64, "trips");
        let friends: Vec<i64> = contacts_of(pop, p.id)
            .into_iter()
            .filter(|(_, labels)| {
                labels
                    .iter()
                    .any(|l| matches!(*l, "friend" | "sibling" | "roommate"))
            })
            .map(|(o, _)| o)
            .collect();
        if friends.is_empty() {
            continue;
        }
        let mut cities = Vec::new();
        for _ in 0..rng.range(0, 3) {
            let mut members = vec![p.id];
            let mut pool = friends.clone();
            rng.shuffle(&mut pool);
            members.extend(pool.iter().take(rng.range(1, 4) as usize));
            let &(city, country, lodging) = rng.pick(DESTINATIONS);
            // One trip per destination and organizer (the group names stay unique), and never
            // to where one of the travellers lives.
            if cities.contains(&city) || members.iter().any(|&m| lives_in(pop, m, city)) {
                continue;
            }
            cities.push(city);
            // From ten months ago to two months ahead.
            let start = (now - Duration::days(rng.range(-60, 300))).date();
            let nights = rng.range(2, 7);
            let mut trip = Trip {
                organizer: p.id,
                members,
                city,
                country,
                lodging,
                start,
                nights,
                expenses: Vec::new(),
            };
            trip.expenses = expenses(&trip, &mut rng, now);
            out.push(trip);
        }
    }
    out
}

/// Is `city` the home city of person `id`?
fn lives_in(pop: &Population, id: i64, city: &str) -> bool {
    pop.person(id).is_some_and(|p| {
        p.addresses
            .iter()
            .any(|a| a.name == "Home" && a.city == city)
    })
}

/// Cents to dollars.
fn dollars(cents: i64) -> f64 {
    cents as f64 / 100.0
}

fn expenses(trip: &Trip, rng: &mut Rng, now: NaiveDateTime) -> Vec<TripExpense> {
    let n = trip.members.len() as i64;
    let at = |day: NaiveDate, hour: u32| day.and_hms_opt(hour, 30, 0).unwrap_or(now);
    let mut out = Vec::new();
    // The lodging is booked five weeks ahead by the organizer.
    let booked = trip.start - Duration::days(35);
    let per_night = rng.range(90, 260) * 100 + rng.range(0, 100);
    let lodging = per_night * trip.nights;
    let code = rng.alphanumeric(8).to_uppercase();
    out.push(TripExpense {
        payer: trip.organizer,
        description: format!("{} ({} nights)", trip.lodging, trip.nights),
        amount: dollars(lodging),
        at: at(booked, 21),
        receipt: Some((
            format!("lodging_receipt_{}.pdf", trip.folder()),
            format!(
                "Booking receipt\nProperty: {}, {}, {}\nCheck-in: {}\nCheck-out: {}\nGuests: {n}\nNights: {}\nTotal paid: ${:.2}\nConfirmation: {code}",
                trip.lodging,
                trip.city,
                trip.country,
                trip.start.format("%Y-%m-%d"),
                trip.end().format("%Y-%m-%d"),
                trip.nights,
                dollars(lodging)
            ),
        )),
    });
    if rng.chance(0.6) {
        let cents = rng.range(45, 110) * 100 * trip.nights + rng.range(0, 100);
        let payer = *rng.pick(&trip.members);
        out.push(TripExpense {
            payer,
            description: format!("Car rental in {}", trip.city),
            amount: dollars(cents),
            at: at(trip.start, 10),
            receipt: Some((
                format!("car_rental_{}.pdf", trip.folder()),
                format!(
                    "Rental agreement\nPick-up: {} {}\nReturn: {}\nDays: {}\nTotal charged: ${:.2}",
                    trip.city,
                    trip.start.format("%Y-%m-%d"),
                    trip.end().format("%Y-%m-%d"),
                    trip.nights,
                    dollars(cents)
                ),
            )),
        });
    }
    for d in 0..trip.nights {
        if !rng.chance(0.55) {
            continue;
        }
        let day = trip.start + Duration::days(d);
        let payer = *rng.pick(&trip.members);
        let place = *rng.pick(RESTAURANTS);
        let cents = rng.range(25, 55) * 100 * n + rng.range(0, 100);
        let receipt = rng.chance(0.5).then(|| {
            (
                format!(
                    "{}_receipt_{}.txt",
                    place
                        .to_lowercase()
                        .replace([' ', '&'], "_")
                        .replace("__", "_"),
                    day.format("%Y_%m_%d")
                ),
                format!(
                    "{place}, {}\nDate: {}\nGuests: {n}\nTotal: ${:.2}",
                    trip.city,
                    day.format("%Y-%m-%d"),
                    dollars(cents)
                ),
            )
        });
        out.push(TripExpense {
            payer,
            description: format!("Dinner at {place}"),
            amount: dollars(cents),
            at: at(day, 21),
            receipt,
        });
    }
    if rng.chance(0.5) {
        let payer = *rng.pick(&trip.members);
        let cents = rng.range(15, 40) * 100 * n;
        out.push(TripExpense {
            payer,
            description: format!("Museum tickets in {}", trip.city),
            amount: dollars(cents),
            at: at(trip.start + Duration::days(1), 11),
            receipt: None,
        });
    }
    out.retain(|e| e.at < now);
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn trips_are_deterministic_and_among_friends() {
        let pop = crate::people::Population::generate(0, 100);
        let a = super::trips(&pop, 0);
        let b = super::trips(&pop, 0);
        assert!(a.len() > 20, "{} trips", a.len());
        assert_eq!(format!("{a:?}"), format!("{b:?}"));
        let now = sim::clock::default_now();
        assert!(a.iter().any(|t| t.is_upcoming(now)));
        for t in &a {
            let known: Vec<i64> = crate::common::seeding::contacts_of(&pop, t.organizer)
                .into_iter()
                .map(|(o, _)| o)
                .collect();
            assert!(t.members[1..].iter().all(|m| known.contains(m)));
            assert!(
                t.expenses
                    .iter()
                    .all(|e| e.at < now && t.members.contains(&e.payer))
            );
        }
    }
}
