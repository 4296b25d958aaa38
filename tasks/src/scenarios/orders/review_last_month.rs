//! "Write a review of each product in my note that was delivered last month, with the rating
//! and comment from the note." The note also rates products delivered in March, on May 1 and
//! one not delivered yet; five newer orders push April's off the first page. Variant 2 has
//! an old review of one of them to update (a second review is refused); variant 3 has an
//! April order still on its way.

use super::{SELLER, note_vals};
use crate::diff::ChangeKind;
use crate::kit::amazon;
use crate::kit::amazon::{new_orders, product_named, reviews_of, stocked_products};
use crate::kit::changes::added;
use crate::kit::python::solution;
use crate::kit::time::days_ago;
use crate::kit::{Drawn, Script};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep, mix};
use apps::people::Person;
use chrono::NaiveDateTime;

/// The note with the ratings.
const TITLE: &str = "Amazon ratings";

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    now: NaiveDateTime,
    /// The key of the five newer orders' products.
    key: i64,
    /// When the orders were placed: in March, two in April, and one delivered on May 1.
    march: NaiveDateTime,
    april_a: NaiveDateTime,
    april_b: NaiveDateTime,
    edge: NaiveDateTime,
    /// The RATED entries delivered in April.
    april: Vec<usize>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "simple_note", "amazon"];
    const SCRIPT: &str = include_str!("review_last_month.py");

    /// The values, and the supervisor's notes (the ratings note among fillers).
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor_where(|p| p.addresses.iter().any(|a| a.name == "Work"));
        let now = g.now; // 2023-05-18
        let d = |y: i32, m: u32, day: u32, h: u32| {
            chrono::NaiveDate::from_ymd_opt(y, m, day)
                .and_then(|x| x.and_hms_opt(h, 20, 0))
                .unwrap_or(now)
        };
        // Which RATED entries are delivered in April (index), and which are not.
        let april: Vec<usize> = if g.variant == 3 {
            vec![0, 2, 5]
        } else {
            vec![0, 1, 2]
        };
        let mut content = String::from("Ratings for my Amazon stuff (out of 5):\n");
        for (_, name, stars, comment) in RATED {
            content.push_str(&format!("{name}: {stars} - {comment}\n"));
        }
        let note = g.note(TITLE, &content, &["shopping"], false, 1);
        let filler = g.filler(&p, 6, &["shopping"], &[TITLE]);
        let notes = mix(&mut g.rng, filler, vec![note]);
        let values = Values {
            variant: g.variant,
            key: p.id * 29 + i64::from(g.variant) * 7,
            supervisor: p,
            now,
            march: d(2023, 3, 27, 14),
            april_a: d(2023, 4, 6, 9),
            april_b: d(2023, 4, 18, 20),
            edge: d(2023, 4, 30, 10), // delivered May 1
            april,
        };
        (values, notes).into()
    }

    fn instruction(v: &Values) -> String {
        match v.variant {
            1 => format!(
                "I rated the things I bought on Amazon in my note \"{TITLE}\". Write a review on Amazon for each product in that note that was delivered to me last month: the rating from the note, and the comment as the review text."
            ),
            2 => format!(
                "Post reviews on Amazon for the products from my note \"{TITLE}\" that were delivered last month, using the note's star rating and its comment as the text. If I already reviewed one of them, update that review instead."
            ),
            _ => format!(
                "Go through my note \"{TITLE}\" and, for every product listed there that actually arrived last month, write an Amazon review with the rating and comment from the note (comment as the text). Skip what came at other times or hasn't arrived."
            ),
        }
    }

    /// The rated products, their orders, five newer orders and (variant 2) an old review.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, now) = (&v.supervisor, v.now);
            let mut pid = Vec::new();
            for (ptype, name, _, _) in RATED {
                pid.push(s.add_amazon_product((ptype, name, "gray", "medium", 34.0, 20), SELLER)?);
            }
            let one_line = |k: usize| [(pid[k], 1, 34.0, 0, 0, true)];
            s.add_amazon_order(sup, "Home", None, &one_line(4), 5.0, 0.0, v.march)?;
            s.add_amazon_order(sup, "Home", None, &one_line(0), 5.0, 0.0, v.april_a)?;
            let b_lines: Vec<(i64, i64, f64, i64, i64, bool)> = if v.variant == 3 {
                vec![
                    (pid[2], 1, 34.0, 0, 0, true),
                    (pid[5], 1, 34.0, 0, 0, true),
                    (pid[1], 1, 34.0, 0, 0, false),
                ]
            } else {
                vec![(pid[1], 1, 34.0, 0, 0, true), (pid[2], 2, 34.0, 0, 0, true)]
            };
            s.add_amazon_order(sup, "Home", None, &b_lines, 5.0, 0.0, v.april_b)?;
            s.add_amazon_order(sup, "Home", None, &one_line(3), 5.0, 0.0, v.edge)?;
            for (k, q) in stocked_products(s.db, v.key, 5).into_iter().enumerate() {
                s.add_amazon_order(
                    sup,
                    "Work",
                    None,
                    &[(q, 1, 20.0, 0, 0, true)],
                    5.0,
                    0.0,
                    days_ago(now, 3 + k as i64 * 2, 11, 5),
                )?;
            }
            if v.variant == 2 {
                s.add_amazon_review(
                    sup,
                    pid[0],
                    2,
                    "Meh",
                    "One bowl arrived chipped",
                    days_ago(now, 35, 20, 0),
                )?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        // `review` the items delivered in `month`, from every page of orders or the first, and
        // update an old review or not.
        let solve = |month: &str, first_page: bool, update: &str| {
            let orders = if first_page {
                "apis.amazon.show_orders(access_token=az)"
            } else {
                "all_pages(apis.amazon.show_orders, access_token=az)"
            };
            let vals = note_vals(TITLE)
                .lit("month", month)
                .code("orders", orders)
                .code("update", update);
            script.cells(&["logins", "read", "review"], &vals)
        };
        let ground_truth = solve("2023-04", false, "True");
        let mut wrong = vec![
            solution(
                "reads only the first page of orders",
                solve("2023-04", true, "True"),
            ),
            solution(
                "reviews what was delivered this month",
                solve("2023-05", false, "True"),
            ),
            solution(
                "reviews everything delivered in 2023",
                solve("2023", false, "True"),
            ),
        ];
        if v.variant == 2 {
            wrong.push(solution(
                "writes a second review instead of updating the old one",
                solve("2023-04", false, "False"),
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks: Vec<Check> = v.april.iter().map(|&i| reviewed(RATED[i])).collect();
        let skipped: Vec<&str> = (0..RATED.len())
            .filter(|i| !v.april.contains(i))
            .map(|i| RATED[i].1)
            .collect();
        checks.push(
            v.check(format!("no review of {}", skipped.join(", ")), |v, ctx| {
                for (i, (_, n, _, _)) in RATED.iter().enumerate() {
                    if v.april.contains(&i) {
                        continue;
                    }
                    let pid = product_named(ctx.db, n).unwrap_or(-1);
                    if !reviews_of(ctx, pid).is_empty() {
                        return Err(format!("{n} was reviewed"));
                    }
                }
                Ok(())
            }),
        );
        checks.push(Check::new("no new order or return", |ctx| {
            let n = new_orders(ctx).len() + added(ctx, "amazon", "product_returns").len();
            if n == 0 {
                Ok(())
            } else {
                Err(format!("{n} rows"))
            }
        }));
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            Allow::new("the supervisor's reviews", |ctx, r| {
                r.is("amazon", "product_reviews")
                    && r.kind() != ChangeKind::Removed
                    && amazon::is_mine(ctx, r)
            }),
            Allow::new("the reviewed products' and sellers' ratings", |_, r| {
                (r.is("amazon", "products") || r.is("amazon", "sellers"))
                    && r.kind() == ChangeKind::Updated
                    && r.changed_columns()
                        .iter()
                        .all(|c| c == "rating" || c == "seller_rating")
            }),
        ]
    }
}

/// One review of the rated product, with the note's rating and comment.
fn reviewed((_, name, stars, comment): Rated) -> Check {
    Check::new(
        format!("one review of {name}: {stars} stars, \"{comment}\""),
        move |ctx| {
            let pid = product_named(ctx.db, name).unwrap_or(-1);
            match reviews_of(ctx, pid).as_slice() {
                [(r, t)] if *r == stars && t.trim() == comment => Ok(()),
                other => Err(format!("reviews: {other:?}")),
            }
        },
    )
}

/// A product of the reviews task: (type, name, rating in the note, comment in the note).
type Rated = (&'static str, &'static str, i64, &'static str);

const RATED: &[Rated] = &[
    (
        "mixing bowl",
        "Harbor Ceramic Mixing Bowls",
        4,
        "Sturdy and pretty, a bit heavy",
    ),
    (
        "running shoes",
        "Kestrel Trail Running Shoes",
        5,
        "Great grip on wet trails, true to size",
    ),
    (
        "pillowcase",
        "Orchid Silk Pillowcase",
        3,
        "Soft but the colour faded after two washes",
    ),
    (
        "desk organizer",
        "Juniper Bamboo Desk Organizer",
        2,
        "Drawers stick",
    ),
    (
        "coffee press",
        "Marlow French Press",
        5,
        "Best coffee I've made at home",
    ),
    (
        "yoga mat",
        "Tidewell Cork Yoga Mat",
        4,
        "Good grip, smells a bit at first",
    ),
];
