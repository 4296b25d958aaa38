//! "I ordered a vacuum cleaner and towels for the flat last week; add what I paid to our
//! Roommates group on Splitwise, paid by me, split equally with my roommate, described as D."
//! A newer order holds something else. Variant 2: the order also held headphones that are
//! mine, so only the other items with their tax are shared; variant 3 also attaches the
//! order's receipt (downloaded into the file system).

use super::{SELLER, supervisor_with};
use crate::diff::RowChange;
use crate::eval::EvalCtx;
use crate::kit::amazon::order_at;
use crate::kit::changes::{added, allow_added};
use crate::kit::db::uid;
use crate::kit::files;
use crate::kit::money::same_amount;
use crate::kit::python::solution;
use crate::kit::splitwise::group_with;
use crate::kit::time::days_ago;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep, with_app};
use apps::people::{Person, Relation};
use chrono::NaiveDateTime;

const VACUUM: &str = "Tidewell Cyclone Vacuum Cleaner";
const TOWELS: &str = "Marlow Plush Towel Set";
const PHONES: &str = "Kestrel Beat Headphones";
const CASE: &str = "Juniper Slim Phone Case";

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The roommate to split with.
    mate: Person,
    /// When the household order and the newer one were placed.
    house_at: NaiveDateTime,
    newer_at: NaiveDateTime,
    /// The expense's amount and each half.
    amount: f64,
    half: f64,
    description: &'static str,
}

/// Builds one variant's task: the design's parts, with the apps of the variant (variant 3
/// attaches the receipt).
impl Design for Values {
    const APPS: &[&str] = &["supervisor", "amazon", "splitwise"];
    const SCRIPT: &str = include_str!("order_on_splitwise.py");

    fn apps(v: &Values) -> Vec<&'static str> {
        with_app(Self::APPS, (v.variant == 3).then_some("file_system"))
    }

    /// The supervisor, the roommate, the orders' times and the amount.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = supervisor_with(g, Relation::Roommate);
        let mate = g.person(roommates(g, &p)[0]);
        let now = g.now;
        let household = 189.0 + 2.0 * 42.5;
        let amount = if g.variant == 2 {
            sim::num::round2(household * 1.1)
        } else {
            let base: f64 = household;
            sim::num::round2(base + sim::num::round2(base * 0.1) + 5.0)
        };
        Values {
            variant: g.variant,
            supervisor: p,
            mate,
            house_at: days_ago(now, 5, 19, 40),
            newer_at: days_ago(now, 2, 9, 5),
            amount,
            half: sim::num::round2(amount / 2.0),
            description: match g.variant {
                1 => "Amazon: vacuum and towels",
                2 => "Amazon household items",
                _ => "Vacuum + towels (Amazon)",
            },
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let description = v.description;
        match v.variant {
            1 => format!(
                "Last week I ordered a vacuum cleaner and towels for the flat on Amazon. Add what I paid for that order as an expense in our Roommates group on Splitwise: paid by me, split equally between me and {}, with the description \"{description}\".",
                v.mate.first_name
            ),
            2 => format!(
                "The Amazon order I placed last week with the vacuum cleaner also had headphones in it that are just mine. Put the cost of the other items of that order, with their 10% tax (leave the delivery fee out), in our Roommates group on Splitwise as an expense I paid, split equally between me and {}. Describe it as \"{description}\".",
                v.mate.first_name
            ),
            _ => format!(
                "Record last week's Amazon order with the vacuum cleaner and the towels for our flat in the Roommates group on Splitwise: the total I paid, paid by me, split equally between {} and me, described as \"{description}\". Attach the order's receipt to the expense (download it from Amazon into my file system).",
                v.mate.first_name
            ),
        }
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let vacuum = s.add_amazon_product(
                ("vacuum cleaner", VACUUM, "gray", "large", 189.0, 12),
                SELLER,
            )?;
            let towels =
                s.add_amazon_product(("towel set", TOWELS, "white", "medium", 42.5, 25), SELLER)?;
            let phones =
                s.add_amazon_product(("headphones", PHONES, "black", "small", 79.99, 30), SELLER)?;
            let case = s.add_amazon_product(
                ("phone case", CASE, "blue", "extra-small", 15.99, 60),
                SELLER,
            )?;
            let v2 = v.variant == 2;
            let mut house = vec![
                (vacuum, 1, 189.0, 0, 0, true),
                (towels, 2, 42.5, 0, 0, true),
            ];
            if v2 {
                house.push((phones, 1, 79.99, 0, 0, true));
            }
            s.add_amazon_order(&v.supervisor, "Home", None, &house, 5.0, 0.0, v.house_at)?;
            let newer = if v2 {
                (case, 1, 15.99, 0, 0, false)
            } else {
                (phones, 1, 79.99, 0, 0, false)
            };
            s.add_amazon_order(&v.supervisor, "Home", None, &[newer], 5.0, 0.0, v.newer_at)?;
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let logins = script.cell("logins", &none);
        let find = |which: &str| {
            script.cell(
                "find",
                &Vals::new().code("which", script.cell(which, &none)),
            )
        };
        let right_order = "vacuum_order";
        let newest_order = "newest_order";
        let amount_py = if v.variant == 2 {
            "amount_shared"
        } else {
            "amount_paid"
        };
        let record = |amount_py: &str, debtors: &str, receipt: bool| {
            let vals = Vals::new()
                .lit("description", v.description)
                .code("debtors", script.cell(debtors, &none));
            let names: Vec<&str> = if receipt {
                vec![amount_py, "download", "record_with_receipt"]
            } else {
                vec![amount_py, "record"]
            };
            script.cells(&names, &vals).join("\n")
        };
        let receipt = v.variant == 3;
        let everyone = "everyone";
        let only_mate = "only_mate";
        let ground_truth = vec![
            logins.clone(),
            find(right_order),
            record(amount_py, everyone, receipt),
        ];
        let wrong = vec![
            solution(
                "takes the newest order",
                vec![
                    logins.clone(),
                    find(newest_order),
                    record(amount_py, everyone, receipt),
                ],
            ),
            solution(
                "makes the roommate owe the whole amount",
                vec![
                    logins.clone(),
                    find(right_order),
                    record(amount_py, only_mate, receipt),
                ],
            ),
            match v.variant {
                1 => solution(
                    "shares the items' prices without tax and delivery",
                    vec![
                        logins,
                        find(right_order),
                        record("amount_items", everyone, false),
                    ],
                ),
                2 => solution(
                    "shares the whole order, headphones included",
                    vec![
                        logins,
                        find(right_order),
                        record("amount_paid", everyone, false),
                    ],
                ),
                _ => solution(
                    "does not attach the receipt",
                    vec![
                        logins,
                        find(right_order),
                        record(amount_py, everyone, false),
                    ],
                ),
            },
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = vec![
            v.check("one new expense, in the Roommates group", |v, ctx| {
                let e = the_one(ctx)?;
                let want = group_with(ctx, "Roommates", &v.mate.email);
                if e.get("group_id").as_i64() == want && want.is_some() {
                    Ok(())
                } else {
                    Err(format!("in group {:?}, not {want:?}", e.get("group_id")))
                }
            }),
            v.check(format!("the expense is ${:.2}", v.amount), |v, ctx| {
                let e = the_one(ctx)?;
                let got = e.get("amount").as_f64().unwrap_or(0.0);
                if same_amount(got, v.amount) {
                    Ok(())
                } else {
                    Err(format!("${got}"))
                }
            }),
            v.check("paid by the supervisor", |_, ctx| {
                let e = the_one(ctx)?;
                if e.get("payer_id").as_i64() == ctx.user_id("splitwise") {
                    Ok(())
                } else {
                    Err(format!("paid by {:?}", e.get("payer_id")))
                }
            }),
            v.check(
                format!(
                    "split equally between the supervisor and {}: ${:.2} each",
                    v.mate.first_name, v.half
                ),
                |v, ctx| {
                    let e = the_one(ctx)?;
                    let mut got: Vec<(i64, f64)> = added(ctx, "splitwise", "expense_shares")
                        .into_iter()
                        .filter(|s| s.get("expense_id").as_i64() == Some(e.id))
                        .map(|s| {
                            (
                                s.get("debtor_id").as_i64().unwrap_or(0),
                                s.get("share_amount").as_f64().unwrap_or(0.0),
                            )
                        })
                        .collect();
                    got.sort_by_key(|s| s.0);
                    let mut want = vec![
                        ctx.user_id("splitwise").unwrap_or(-1),
                        uid(ctx, "splitwise", &v.mate.email).unwrap_or(-1),
                    ];
                    want.sort();
                    let ids: Vec<i64> = got.iter().map(|s| s.0).collect();
                    if ids == want && got.iter().all(|s| same_amount(s.1, v.half)) {
                        Ok(())
                    } else {
                        Err(format!("shares {got:?}"))
                    }
                },
            ),
            v.check(format!("described as \"{}\"", v.description), |v, ctx| {
                let e = the_one(ctx)?;
                let got = e
                    .get("description")
                    .as_str()
                    .unwrap_or("")
                    .trim()
                    .to_string();
                if got == v.description {
                    Ok(())
                } else {
                    Err(format!("described as {got:?}"))
                }
            }),
        ];
        if v.variant == 3 {
            checks.push(v.check("the order's receipt is attached", |v, ctx| {
                let e = the_one(ctx)?;
                let order = order_at(ctx, v.house_at).unwrap_or(-1);
                let content = e.get("receipt_file_content").as_str().unwrap_or("");
                if content.contains(&format!("Order ID: #{order}\n")) {
                    Ok(())
                } else {
                    Err(format!("attached: {:?}", e.get("receipt_file_name")))
                }
            }));
        }
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            allow_added(
                "the supervisor's expense",
                "splitwise",
                "expenses",
                |ctx, r| r.get("user_id").as_i64() == ctx.user_id("splitwise"),
            ),
            allow_added("its shares", "splitwise", "expense_shares", |ctx, r| {
                added(ctx, "splitwise", "expenses")
                    .iter()
                    .any(|e| r.get("expense_id").as_i64() == Some(e.id))
            }),
            allow_added(
                "the notifications it sends",
                "splitwise",
                "notifications",
                |_, _| true,
            ),
            allow_added(
                "the downloaded receipt",
                "file_system",
                "files",
                files::is_mine,
            ),
        ]
    }
}

/// The supervisor's one new expense, or how many there are.
fn the_one(ctx: &EvalCtx) -> Result<RowChange, String> {
    let me = ctx.user_id("splitwise");
    let all: Vec<&RowChange> = added(ctx, "splitwise", "expenses")
        .into_iter()
        .filter(|r| r.get("user_id").as_i64() == me)
        .collect();
    match all.as_slice() {
        [e] => Ok((*e).clone()),
        _ => Err(format!("{} new expenses", all.len())),
    }
}

/// The supervisor's roommates (ids).
fn roommates(g: &Gen, p: &Person) -> Vec<i64> {
    g.population
        .relations_of(p.id)
        .into_iter()
        .filter(|(r, _)| *r == Relation::Roommate)
        .map(|(_, id)| id)
        .collect()
}
