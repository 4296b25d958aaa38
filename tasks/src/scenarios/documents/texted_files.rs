//! A friend texted asking for copies of the supervisor's itinerary and car rental receipt of
//! their coming trip in a shared folder, and the paths texted back. Hurdles: the hotel receipt
//! next to it, (variant 2) an older trip to the same city, (variant 3) the friend saved under a
//! nickname; someone else texted more recently.

use super::{allow_fs_under, dated, files_at};
use crate::kit::allow;
use crate::kit::files::end_files;
use crate::kit::people::related;
use crate::kit::phone::phone_id;
use crate::kit::phone::sent_texts;
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::{Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    variant: u8,
    now: NaiveDateTime,
    /// The friend who asked, and a coworker who texted more recently.
    friend: Person,
    other: Person,
    /// The friend's name in the contacts (variant 3), and as the instruction names them.
    nick: Option<&'static str>,
    who: String,
    /// The trip's folder and the friend's shared folder.
    folder: String,
    friend_dir: String,
    /// The itinerary, the car rental receipt and the hotel receipt.
    itinerary: String,
    car: String,
    hotel: String,
    /// The files the setup writes.
    setup_files: Vec<(String, String, NaiveDateTime)>,
    /// The friend's text asking for the files.
    ask: String,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "phone", "file_system"];
    const SCRIPT: &str = include_str!("texted_files.py");

    /// Draws the variant's values (with its instruction).
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| {
            let rel = pop.relations_of(p.id);
            rel.iter().any(|(r, _)| *r == Relation::Friend)
                && rel.iter().any(|(r, _)| *r == Relation::Coworker)
        });
        let friend = related(g.population, &p, Relation::Friend)[0].clone();
        let other = related(g.population, &p, Relation::Coworker)[0].clone();
        let now = g.now;
        let (city, country, nick) = match g.variant {
            1 => ("Lisbon", "Portugal", None),
            2 => ("Seville", "Spain", None),
            _ => ("Porto", "Portugal", Some("Kiki")),
        };
        let low = city.to_lowercase();
        let folder = format!("~/documents/trips/{low}_2023_06/");
        let friend_dir = format!("~/shared/{}/", friend.first_name.to_lowercase());
        let itinerary = format!(
            "Trip to {city}, {country}\nDates: 2023-06-09 to 2023-06-12 (3 nights)\nStaying at: Casa do Rio\nTravelers: {} {}, {} {}",
            p.first_name, p.last_name, friend.first_name, friend.last_name
        );
        let car = format!(
            "Receipt\nPaid to: Atlantic Car Rental\nFor: Compact car, 4 days, {city}\nAmount: $212.40\nDate: 2023-05-02"
        );
        let hotel = format!(
            "Receipt\nPaid to: Casa do Rio\nFor: 3 nights, {city}\nAmount: $498.00\nDate: 2023-04-28"
        );
        let setup_files = trip_files(now, g.variant, city, &folder, &itinerary, &car, &hotel);
        let ask = format!(
            "Hey! For our {city} trip in June, could you put a copy of your itinerary and the car rental receipt in ~/shared/{}/ ? Text me the file paths when done, thanks!",
            friend.first_name.to_lowercase()
        );
        let who = match nick {
            Some(n) => n.to_string(),
            None => format!("{} {}", friend.first_name, friend.last_name),
        };
        let instruction = match g.variant {
            1 => format!(
                "My friend {who} texted me asking for some files. Please do what they asked."
            ),
            2 => format!(
                "{who} asked me by text for a couple of documents for our trip. Can you take care of it?"
            ),
            _ => format!("{who} sent me a text about some files. Handle it for me, please."),
        };
        let v = Values {
            supervisor: p,
            variant: g.variant,
            now,
            friend,
            other,
            nick,
            who,
            folder,
            friend_dir,
            itinerary,
            car,
            hotel,
            setup_files,
            ask,
        };
        Drawing::from(v).instruction(instruction)
    }

    /// The trip's files and the texts (the nickname in variant 3).
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            s.add_dated_files(&v.supervisor, &v.setup_files)?;
            s.add_text(
                &v.friend,
                &v.supervisor,
                "Thanks again for dinner on Friday!",
                v.now - Duration::days(6),
            )?;
            s.add_text(&v.friend, &v.supervisor, &v.ask, v.now - Duration::hours(5))?;
            s.add_text(
                &v.other,
                &v.supervisor,
                "Running a bit late, see you at 3.",
                v.now - Duration::hours(1),
            )?;
            if let Some(n) = v.nick {
                s.relabel_contact(&v.supervisor, &v.friend, n, &["friend"])?;
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let find_friend = script.cell("find_friend", &Vals::new().lit("who", &v.who));
        let pick = |latest: bool, which: &str, verb: &str| {
            let vals = Vals::new()
                .code("trip", if latest { "-1" } else { "0" })
                .code("rental", script.cell(which, &none));
            script.cells(&["pick", verb, "record"], &vals).join("\n")
        };
        let reply = script.cell("reply", &none);
        let rental_py = "car_rental";
        let ground_truth = vec![
            find_friend.clone(),
            pick(true, rental_py, "copy"),
            reply.clone(),
        ];
        let mut wrong = vec![
            solution(
                "moves the files instead of copying them",
                vec![
                    find_friend.clone(),
                    pick(true, rental_py, "move"),
                    reply.clone(),
                ],
            ),
            solution(
                "sends the hotel receipt instead of the car rental",
                vec![
                    find_friend.clone(),
                    pick(true, "hotel", "copy"),
                    reply.clone(),
                ],
            ),
            solution(
                "texts the paths to whoever texted last",
                vec![
                    find_friend.clone(),
                    pick(true, rental_py, "copy"),
                    script.cell("reply_to_last", &none),
                ],
            ),
        ];
        if v.variant == 2 {
            wrong.push(solution(
                "copies the files of the 2021 trip",
                vec![find_friend.clone(), pick(false, rental_py, "copy"), reply],
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let (it_dst, car_dst) = copies(v);
        let (folder, friend_dir) = (&v.folder, &v.friend_dir);
        vec![
            files_at(
                format!("a copy of the June itinerary at {it_dst}"),
                vec![(it_dst.clone(), v.itinerary.clone())],
            ),
            files_at(
                format!("a copy of the car rental receipt at {car_dst}"),
                vec![(car_dst.clone(), v.car.clone())],
            ),
            v.check(format!("nothing else in {friend_dir}"), |v, ctx| {
                let n = end_files(ctx)
                    .keys()
                    .filter(|p| p.starts_with(&v.friend_dir))
                    .count();
                if n == 2 {
                    Ok(())
                } else {
                    Err(format!("{n} files there"))
                }
            }),
            files_at(
                format!("the originals stay in {folder}"),
                vec![
                    (format!("{folder}itinerary.txt"), v.itinerary.clone()),
                    (format!("{folder}receipts/receipt_0502.pdf"), v.car.clone()),
                    (
                        format!("{folder}receipts/receipt_0428.pdf"),
                        v.hotel.clone(),
                    ),
                ],
            ),
            v.check(
                format!(
                    "a text to {} {} naming {it_dst} and {car_dst}",
                    v.friend.first_name, v.friend.last_name
                ),
                |v, ctx| {
                    let (it_dst, car_dst) = copies(v);
                    let (a, b) = (
                        it_dst.trim_start_matches("~/"),
                        car_dst.trim_start_matches("~/"),
                    );
                    let to = phone_id(ctx.db, &v.friend.phone_number);
                    let texts: Vec<String> = sent_texts(ctx)
                        .into_iter()
                        .filter(|(r, _)| Some(*r) == to)
                        .map(|(_, m)| m)
                        .collect();
                    if texts.is_empty() {
                        return Err("no text to the friend".into());
                    }
                    if texts.iter().any(|m| m.contains(a) && m.contains(b)) {
                        Ok(())
                    } else {
                        Err(format!("texts: {texts:?}"))
                    }
                },
            ),
            v.check("no text to anyone else", |v, ctx| {
                let to = phone_id(ctx.db, &v.friend.phone_number);
                match sent_texts(ctx).iter().find(|(r, _)| Some(*r) != to) {
                    Some((r, _)) => Err(format!("a text to phone user {r}")),
                    None => Ok(()),
                }
            }),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = vec![allow_fs_under(&["~/shared/", "~/documents/trips/"])];
        allowed.extend(allow::texts_sent());
        allowed
    }
}

/// The files the setup writes: the trip's itinerary and receipts (museum and ferry ones too),
/// and (variant 2) the older trip to the same city.
fn trip_files(
    now: NaiveDateTime,
    variant: u8,
    city: &str,
    folder: &str,
    itinerary: &str,
    car: &str,
    hotel: &str,
) -> Vec<(String, String, NaiveDateTime)> {
    let museum = format!(
        "Receipt\nPaid to: {city} City Museums\nFor: 2 museum passes\nAmount: $46.00\nDate: 2023-04-15"
    );
    let ferry = format!(
        "Receipt\nPaid to: River Ferries\nFor: 2 return tickets, {city}\nAmount: $31.20\nDate: 2023-05-09"
    );
    let mut setup_files = vec![
        dated(now, &format!("{folder}itinerary.txt"), itinerary, 20),
        dated(now, &format!("{folder}receipts/receipt_0502.pdf"), car, 16),
        dated(
            now,
            &format!("{folder}receipts/receipt_0428.pdf"),
            hotel,
            20,
        ),
        dated(
            now,
            &format!("{folder}receipts/receipt_0415.pdf"),
            &museum,
            33,
        ),
        dated(
            now,
            &format!("{folder}receipts/receipt_0509.pdf"),
            &ferry,
            9,
        ),
    ];
    let old_folder = format!("~/documents/trips/{}_2021_08/", city.to_lowercase());
    if variant == 2 {
        setup_files.push(dated(
            now,
            &format!("{old_folder}itinerary.txt"),
            &itinerary.replace("2023-06-09 to 2023-06-12", "2021-08-14 to 2021-08-18"),
            600,
        ));
        setup_files.push(dated(
            now,
            &format!("{old_folder}receipts/receipt_0730.pdf"),
            &car.replace("$212.40", "$188.00")
                .replace("2023-05-02", "2021-07-30"),
            600,
        ));
    }
    setup_files
}

/// Where the copies of the itinerary and the car rental receipt go.
fn copies(v: &Values) -> (String, String) {
    (
        format!("{}itinerary.txt", v.friend_dir),
        format!("{}receipt_0502.pdf", v.friend_dir),
    )
}
