//! "Record each receipt in my <City> trip folder that is not in the trip's Splitwise group yet
//! as an expense I paid, split equally, with the receipt attached." The group has more
//! expenses than a first page shows, the recorded receipts among the oldest. Variant 2: a
//! missing receipt lies in a sub-folder; variant 3: last year's trip to the same city has a
//! folder with a receipt of its own.

use super::{add_expenses, at, day, dinner_receipt, folder, with_friends};
use crate::eval::EvalCtx;
use crate::kit::changes::added;
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::money::{cents_of, usd};
use crate::kit::python::solution;
use crate::kit::splitwise::group_named;
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use crate::setup::Setup;
use apps::people::Person;
use chrono::{Duration, NaiveDate};

/// A receipt in the trip folder.
struct Receipt {
    file: String,
    content: String,
    /// In the group already.
    recorded: bool,
    /// In the folder's `receipts/` sub-folder.
    in_sub: bool,
    cents: i64,
}

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The two other travellers.
    friends: Vec<Person>,
    city: &'static str,
    start: NaiveDate,
    nights: i64,
    lodging: &'static str,
    /// The trip folder, `~/documents/trips/<city_yyyy_mm>/`.
    dir: String,
    group: String,
    lodging_c: i64,
    car_c: i64,
    /// The first dinner (Harbor Grill, recorded).
    d1: i64,
    receipts: Vec<Receipt>,
    /// Last year's folder of the same city (variant 3 writes a receipt there).
    old_dir: String,
    old_c: i64,
    /// The e-mails of the three group members, the supervisor first.
    emails: Vec<String>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "file_system", "splitwise"];
    const SCRIPT: &str = include_str!("missing_receipts.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
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
        let receipt =
            |file: String, content: String, recorded: bool, in_sub: bool, cents: i64| Receipt {
                file,
                content,
                recorded,
                in_sub,
                cents,
            };
        let receipts = vec![
            receipt(
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
            receipt(
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
            receipt(
                format!("harbor_grill_receipt_{}.txt", start.format("%Y_%m_%d")),
                dinner_receipt("Harbor Grill", city, start, 3, d1),
                true,
                false,
                d1,
            ),
            receipt(
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
        let emails = [&p, &fr[0], &fr[1]]
            .iter()
            .map(|q| q.email.clone())
            .collect();
        Values {
            variant: v,
            supervisor: p,
            friends: fr,
            city,
            start,
            nights,
            lodging,
            dir,
            group,
            lodging_c,
            car_c,
            d1,
            receipts,
            old_dir,
            old_c,
            emails,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let city = v.city;
        match v.variant {
            1 => format!(
                "Some of the receipts from our {city} trip never made it into the trip's Splitwise group. For each receipt in the trip's folder in my file system that isn't recorded there yet, add an expense I paid, split equally among everyone in the group, with the receipt file attached."
            ),
            2 => format!(
                "I think I forgot to put some of my {city} receipts on Splitwise. Check the receipts in my folder for that trip (look in its sub-folders too) against the trip's group, and record each missing one as an expense paid by me, split equally among all the group's members, attaching the receipt."
            ),
            _ => format!(
                "Please make sure every receipt I kept from this year's {city} trip is in the trip's Splitwise group: any that's missing should be added as an expense I paid, shared equally by the whole group, with its receipt file attached."
            ),
        }
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            trip_files(v, s)?;
            trip_group(v, s)
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let login = script.cell("logins", &none);
        let find = |pages: &str| {
            let vals = Vals::new()
                .lit("group", &v.group)
                .code("expenses", script.cell(pages, &none));
            script.cell("find", &vals)
        };
        let all_exp = "all_expenses";
        let first_exp = "first_expenses";
        let city_key = format!("{}_2023", v.city.to_lowercase());
        let files = |folder: &str, recursive: bool| {
            let vals = Vals::new()
                .lit("folder", folder)
                .code("recursive", if recursive { "True" } else { "False" });
            script.cell("files", &vals)
        };
        let good_dir = city_key.as_str();
        let record = |debtors: &str, skip: bool| {
            let vals = Vals::new().code("debtors", script.cell(debtors, &none));
            let names: &[&str] = if skip {
                &["each_receipt", "skip_recorded", "add"]
            } else {
                &["each_receipt", "add"]
            };
            script.cells(names, &vals).join("\n")
        };
        let ground_truth = vec![
            login.clone(),
            find(all_exp),
            files(good_dir, true),
            record("everyone", true),
        ];
        let mut wrong = vec![
            solution(
                "reads only the first page of the group's expenses",
                vec![
                    login.clone(),
                    find(first_exp),
                    files(good_dir, true),
                    record("everyone", true),
                ],
            ),
            solution(
                "records every receipt again",
                vec![
                    login.clone(),
                    find(all_exp),
                    files(good_dir, true),
                    record("everyone", false),
                ],
            ),
            solution(
                "leaves the supervisor out of the split",
                vec![
                    login.clone(),
                    find(all_exp),
                    files(good_dir, true),
                    record("others", true),
                ],
            ),
        ];
        if v.variant == 2 {
            wrong.push(solution(
                "skips the sub-folder",
                vec![
                    login.clone(),
                    find(all_exp),
                    files(good_dir, false),
                    record("everyone", true),
                ],
            ));
        }
        if v.variant == 3 {
            wrong.push(solution(
                "uses last year's folder of the same city",
                vec![
                    login.clone(),
                    find(all_exp),
                    files(&v.city.to_lowercase(), true),
                    record("everyone", true),
                ],
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let missing: Vec<&Receipt> = v.receipts.iter().filter(|r| !r.recorded).collect();
        let mut checks: Vec<Check> = missing
            .iter()
            .map(|r| expense_added(v, r.file.clone(), r.cents))
            .collect();
        checks.push(v.check(
            format!("no other expense added ({} in all)", missing.len()),
            |v, ctx| {
                let n = v.receipts.iter().filter(|r| !r.recorded).count();
                let got = added_expenses(ctx).len();
                if got == n {
                    Ok(())
                } else {
                    Err(format!("{got} expenses added"))
                }
            },
        ));
        let recorded: Vec<i64> = v
            .receipts
            .iter()
            .filter(|r| r.recorded)
            .map(|r| r.cents)
            .collect();
        checks.push(v.check(
            format!(
            "the receipts recorded already (${}) are not added again",
            recorded
                .iter()
                .map(|c| c2(*c))
                .collect::<Vec<_>>()
                .join(", $")
        ),
            |v, ctx| {
                let recorded = v.receipts.iter().filter(|r| r.recorded).map(|r| r.cents);
                match added_expenses(ctx)
                    .iter()
                    .find(|e| recorded.clone().any(|c| same_amount(e.2, usd(c))))
                {
                    Some(e) => Err(format!("${} added again", e.2)),
                    None => Ok(()),
                }
            },
        ));
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        allow::splitwise_expenses()
    }
}

/// The itinerary and the receipts (and, variant 3, last year's receipt of the same city).
fn trip_files(v: &Values, s: &Setup) -> rusqlite::Result<()> {
    let (sup, f, dir_s, city, start) = (&v.supervisor, &v.friends, &v.dir, v.city, v.start);
    s.add_file(
        sup,
        &format!("{dir_s}itinerary.txt"),
        &format!(
            "Trip to {city}\nDates: {} to {}\nTravelers: {}, {}, {}\nLodging: {}",
            start.format("%Y-%m-%d"),
            (start + Duration::days(v.nights)).format("%Y-%m-%d"),
            sup.first_name,
            f[0].first_name,
            f[1].first_name,
            v.lodging
        ),
        at(start - Duration::days(30), 19),
    )?;
    for (i, r) in v.receipts.iter().enumerate() {
        let path = if r.in_sub {
            format!("{dir_s}receipts/{}", r.file)
        } else {
            format!("{dir_s}{}", r.file)
        };
        s.add_file(
            sup,
            &path,
            &r.content,
            at(start + Duration::days(i as i64), 22),
        )?;
    }
    if v.variant == 3 {
        s.add_file(
            sup,
            &format!("{}noodle_bar_receipt_2022_08_13.txt", v.old_dir),
            &dinner_receipt("Noodle Bar", city, day(2022, 8, 13), 3, v.old_c),
            at(day(2022, 8, 13), 22),
        )?;
    }
    Ok(())
}

/// The trip's group: the recorded receipts first (the oldest), then what the friends paid.
fn trip_group(v: &Values, s: &Setup) -> rusqlite::Result<()> {
    let (sup, f, start) = (&v.supervisor, &v.friends, v.start);
    let all = [sup, &f[0], &f[1]];
    let gid = s.add_splitwise_group(sup, &all, &v.group, at(start - Duration::days(40), 20))?;
    let lodging = format!("{} ({} nights)", v.lodging, v.nights);
    let mut expenses = vec![(
        sup,
        lodging.as_str(),
        v.lodging_c,
        at(start - Duration::days(35), 21),
    )];
    if v.variant == 2 {
        expenses.push((sup, "Car rental", v.car_c, at(start, 9)));
    }
    expenses.push((sup, "Dinner at Harbor Grill", v.d1, at(start, 21)));
    let theirs: [(&Person, &str, i64, i64); 5] = [
        (&f[0], "Groceries", 8_433, 0),
        (&f[1], "Gas", 6_120, 1),
        (&f[0], "Museum tickets", 7_500, 1),
        (&f[1], "Dinner at La Piazza", 15_690, 2),
        (&f[0], "Breakfast at the cafe", 5_460, 3),
    ];
    for (who, what, cents, d) in theirs {
        expenses.push((who, what, cents, at(start + Duration::days(d), 13)));
    }
    add_expenses(s, gid, &all, &expenses)
}

/// One expense of `cents` for the receipt `file` in the trip's group, paid by the supervisor,
/// split among all three, the receipt attached.
fn expense_added(v: &Values, file: String, cents: i64) -> Check {
    let (group, emails) = (v.group.clone(), v.emails.clone());
    Check::new(
        format!(
            "an expense of ${} for {file} in \"{group}\", paid by the supervisor, split among all three, receipt attached",
            c2(cents)
        ),
        move |ctx| {
            let gid = group_named(ctx, &group);
            let me = uid(ctx, "splitwise", &emails[0]);
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
    )
}

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
