//! "My friend texted me promo codes. Move every wish-list item costing at most $B into my cart
//! (all units) and apply the code that saves the most; don't order yet." Which code wins
//! depends on the cart: a flat $20 over $150, 10 % above $200, $5 under $50.

use super::{SELLER, friends, logins_for, supervisor_with};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::amazon;
use crate::kit::amazon::{cart_promo_code, end_cart, end_wish_list, no_new_order, product_named};
use crate::kit::python::solution;
use crate::kit::time::days_ago;
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::NaiveDateTime;
use std::collections::BTreeMap;

/// A wish-list item: (type, name, colour, price, units wished).
type Wish = (&'static str, &'static str, &'static str, f64, i64);

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    /// The friend who texted the codes, and the text.
    friend: Person,
    text: String,
    now: NaiveDateTime,
    /// The most an item to move may cost.
    budget: f64,
    wishes: Vec<Wish>,
    /// What ends in the cart and what stays on the wish list: (name, units).
    moved: Vec<(&'static str, i64)>,
    kept: Vec<(&'static str, i64)>,
    /// The code that saves the most.
    best: &'static str,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "phone", "amazon"];
    const SCRIPT: &str = include_str!("wish_list_promo.py");

    /// The friend, the wish list and the codes.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = supervisor_with(g, Relation::Friend);
        let friend_ids = friends(g, &p);
        let friend = g.person(friend_ids[0]);
        let bottle: Wish = (
            "water bottle",
            "Marlow Trail Water Bottle",
            "green",
            22.0,
            2,
        );
        let towels: Wish = ("towel set", "Tidewell Cotton Towel Set", "white", 48.5, 1);
        let lamp: Wish = ("desk lamp", "Kestrel Study Desk Lamp", "black", 39.9, 1);
        let pillow: Wish = ("pillow", "Orchid Quiet Pillow", "gray", 27.8, 1);
        let tent: Wish = ("tent", "Juniper Summit Tent", "green", 219.0, 1);
        let monitor: Wish = ("monitor", "Marlow Studio Monitor", "black", 189.99, 1);
        let stand: Wish = (
            "laptop stand",
            "Kestrel Fold Laptop Stand",
            "silver",
            64.0,
            1,
        );
        let puzzle: Wish = ("puzzle", "Orchid Mini Puzzle", "blue", 7.25, 2);
        let (budget, wishes, codes): (f64, Vec<Wish>, [&str; 3]) = match g.variant {
            1 => (
                50.0,
                vec![tent, bottle, lamp, monitor, towels, stand, pillow],
                ["SAVE1", "TAKE5", "BIG20"],
            ),
            2 => (
                70.0,
                vec![bottle, monitor, towels, lamp, tent, pillow, stand],
                ["BIG20", "TAKE5", "SAVE1"],
            ),
            _ => (
                25.0,
                vec![pillow, bottle, lamp, puzzle, tent],
                ["WELCM", "SPRNG", "TAKE5"],
            ),
        };
        let moved: Vec<Wish> = wishes.iter().filter(|w| w.3 <= budget).copied().collect();
        let kept: Vec<Wish> = wishes.iter().filter(|w| w.3 > budget).copied().collect();
        let base = sim::num::round2(moved.iter().map(|w| w.3 * w.4 as f64).sum::<f64>());
        let saving = |code: &str| -> f64 {
            PROMOS
                .iter()
                .find(|x| x.0 == code)
                .filter(|x| base >= x.2)
                .map(|x| {
                    if x.1 {
                        sim::num::round2(base * x.3 / 100.0)
                    } else {
                        x.3
                    }
                })
                .unwrap_or(0.0)
        };
        let best = codes
            .iter()
            .copied()
            .max_by(|a, b| saving(a).total_cmp(&saving(b)))
            .unwrap_or("SAVE1");
        let first_valid = codes
            .iter()
            .copied()
            .find(|c| saving(c) > 0.0)
            .unwrap_or("SAVE1");
        debug_assert_ne!(best, first_valid);
        let text = promo_text(g.variant, codes);
        let instruction = instruction(g.variant, &friend, budget);
        Drawing::from(Values {
            supervisor: p,
            friend,
            text,
            now: g.now,
            budget,
            wishes,
            moved: moved.iter().map(|w| (w.1, w.4)).collect(),
            kept: kept.iter().map(|w| (w.1, w.4)).collect(),
            best,
        })
        .instruction(instruction)
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let mut list = Vec::new();
            for w in &v.wishes {
                let id = s.add_amazon_product((w.0, w.1, w.2, "medium", w.3, 25), SELLER)?;
                list.push((id, w.4));
            }
            s.set_amazon_wish_list(&v.supervisor, &list)?;
            s.set_amazon_cart(&v.supervisor, &[])?;
            s.add_text(
                &v.friend,
                &v.supervisor,
                &v.text,
                days_ago(v.now, 1, 18, 12),
            )?;
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let logins = logins_for(&[("ph", "phone"), ("az", "amazon")]);
        let read = script.cell(
            "read",
            &Vals::new()
                .lit("first", &v.friend.first_name)
                .lit("last", &v.friend.last_name),
        );
        let mv = |limit: &str, units: &str| {
            script.cell(
                "move",
                &Vals::new().code("limit", limit).code("units", units),
            )
        };
        let best_code = script.cells(&["try_codes", "finish"], &none).join("\n");
        let first_code = script
            .cells(&["first_accepted", "finish"], &none)
            .join("\n");
        let all_units = script.cell("all_units", &none);
        let budget_s = format!("{:.1}", v.budget);
        let right_move = mv(&budget_s, &all_units);
        let ground_truth = vec![
            logins.clone(),
            read.clone(),
            right_move.clone(),
            best_code.clone(),
        ];
        let place = script
            .cells(&["try_codes", "place_order", "finish"], &none)
            .join("\n");
        let wrong = vec![
            solution(
                "moves every wish-list item, whatever its price",
                vec![
                    logins.clone(),
                    read.clone(),
                    mv("1e9", &all_units),
                    best_code.clone(),
                ],
            ),
            solution(
                "applies the first code the cart accepts",
                vec![logins.clone(), read.clone(), right_move.clone(), first_code],
            ),
            solution(
                "moves one unit of each item",
                vec![logins.clone(), read.clone(), mv(&budget_s, "1"), best_code],
            ),
            solution(
                "places the order too",
                vec![logins, read, right_move, place],
            ),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![
            v.check(
                format!("the cart holds exactly {}", show(&v.moved)),
                |v, ctx| {
                    let want = as_ids(ctx, &v.moved);
                    let got: BTreeMap<i64, i64> =
                        end_cart(ctx).into_iter().map(|(k, v)| (k, v.0)).collect();
                    if got == want {
                        Ok(())
                    } else {
                        Err(format!("the cart holds {got:?}, not {want:?}"))
                    }
                },
            ),
            v.check(
                format!("the wish list keeps only {}", show(&v.kept)),
                |v, ctx| {
                    let want = as_ids(ctx, &v.kept);
                    let got = end_wish_list(ctx);
                    if got == want {
                        Ok(())
                    } else {
                        Err(format!("the wish list holds {got:?}, not {want:?}"))
                    }
                },
            ),
            v.check(
                format!("the promo code {} is applied to the cart", v.best),
                |v, ctx| {
                    let code = cart_promo_code(ctx);
                    if code.as_deref() == Some(v.best) {
                        Ok(())
                    } else {
                        Err(format!("the cart's code is {code:?}"))
                    }
                },
            ),
            no_new_order("no order was placed"),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            allow::cart(),
            Allow::new("items leaving the supervisor's wish list", |ctx, r| {
                r.is("amazon", "wish_list_entries")
                    && amazon::is_mine(ctx, r)
                    && r.kind() != ChangeKind::Added
            }),
            Allow::new("the promo code on the supervisor's cart", |ctx, r| {
                r.is("amazon", "users")
                    && r.id == ctx.user_id("amazon").unwrap_or(-1)
                    && r.changed_columns().iter().all(|c| c == "cart_promo_code")
            }),
        ]
    }
}

fn instruction(variant: u8, friend: &Person, budget: f64) -> String {
    match variant {
        1 => format!(
            "My friend {} {} texted me some Amazon promo codes. Move every item on my Amazon wish list that costs at most ${budget:.0} into my cart (all the units I wished for), then apply whichever of those codes saves me the most. Don't place the order yet.",
            friend.first_name, friend.last_name
        ),
        2 => format!(
            "Move the things on my Amazon wish list priced ${budget:.0} or less from the wish list into my cart, with the quantities from the wish list, and apply the best of the promo codes {} {} sent me by text. I'll check out myself later.",
            friend.first_name, friend.last_name
        ),
        _ => format!(
            "Move the wish-list items on Amazon that cost no more than ${budget:.0} apiece to my cart (same quantities), and use the promo code that gives the biggest discount out of the ones {} {} texted me. Do not order anything.",
            friend.first_name, friend.last_name
        ),
    }
}

/// The friend's text with the codes.
fn promo_text(variant: u8, codes: [&str; 3]) -> String {
    match variant {
        1 => format!(
            "Found some Amazon promo codes that still work: {}, {} and {}. Use whichever saves you the most!",
            codes[0], codes[1], codes[2]
        ),
        2 => format!(
            "Amazon codes for you: {} / {} / {} - they all worked for me last week",
            codes[0], codes[1], codes[2]
        ),
        _ => format!(
            "hey, promo codes for amazon: {} {} {} :)",
            codes[0], codes[1], codes[2]
        ),
    }
}

/// Items as "2 x Name, 1 x Other".
fn show(l: &[(&str, i64)]) -> String {
    l.iter()
        .map(|(n, q)| format!("{q} x {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Items as product id => units.
fn as_ids(ctx: &EvalCtx, l: &[(&'static str, i64)]) -> BTreeMap<i64, i64> {
    l.iter()
        .map(|(n, q)| (product_named(ctx.db, n).unwrap_or(-1), *q))
        .collect()
}

/// The promo codes of the catalog: (code, percent or flat, minimum cart, discount).
const PROMOS: &[(&str, bool, f64, f64)] = &[
    ("SAVE1", true, 20.0, 10.0),
    ("SPRNG", true, 50.0, 15.0),
    ("TAKE5", false, 30.0, 5.0),
    ("BIG20", false, 150.0, 20.0),
    ("WELCM", true, 0.0, 5.0),
];
