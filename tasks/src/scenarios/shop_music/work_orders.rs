//! "How much did I pay for the Amazon orders shipped to my work address in 2023?" (my
//! employer reimburses them). The supervisor's own orders all go home; the setup adds orders
//! to work (one of them in 2022) and newer ones home, so the work orders lie past the first
//! page. Variant 2 asks since February 1; variant 3 counts the units, less those returned.

use super::{DesignedOrder, paid};
use crate::kit::amazon::stocked_products;
use crate::kit::python::solution;
use crate::kit::time::on;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Answer, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// Variant 3: the question counts units kept, not money.
    v3: bool,
    orders: Vec<DesignedOrder>,
    /// The key of the orders' products.
    key: i64,
    /// The answer.
    answer: f64,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "amazon"];
    const SCRIPT: &str = include_str!("work_orders.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor_where(|p| p.addresses.iter().any(|a| a.name == "Work"));
        let v3 = g.variant == 3;
        let orders = designed_orders(v3);
        let since = if g.variant == 2 {
            on(2023, 2, 1, 0, 0)
        } else {
            on(2023, 1, 1, 0, 0)
        };
        let counted: Vec<&DesignedOrder> = orders
            .iter()
            .filter(|o| o.1 == "Work" && o.0 >= since)
            .collect();
        let answer = if v3 {
            counted
                .iter()
                .flat_map(|o| o.2.iter())
                .map(|l| (l.0 - l.2) as f64)
                .sum::<f64>()
        } else {
            sim::num::round2(counted.iter().map(|o| paid(o)).sum::<f64>())
        };
        Values {
            variant: g.variant,
            key: p.id * 29 + 7,
            supervisor: p,
            v3,
            orders,
            answer,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        match v.variant {
            1 => {
                "My employer reimburses what I order on Amazon to my office. How much did I pay in total for the Amazon orders I had shipped to my work address in 2023? Answer with just the amount."
            }
            2 => {
                "I need the total for my expense report: how much have I paid for the Amazon orders delivered to my work address since February 1, 2023? Answer with just the number."
            }
            _ => {
                "How many items did I order on Amazon to my work address in 2023, not counting the units I sent back? Answer with a number."
            }
        }
        .to_string()
    }

    fn answer(v: &Values) -> Option<Answer> {
        Some(Answer::Number(v.answer))
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let products = stocked_products(s.db, v.key, 12);
            let mut k = 0;
            for (at, address, lines, fee, discount) in &v.orders {
                let mut rows = Vec::new();
                for &(units, price, returned, wrapped) in lines {
                    rows.push((
                        products[k % products.len()],
                        units,
                        price,
                        returned,
                        wrapped,
                        true,
                    ));
                    k += 1;
                }
                s.add_amazon_order(&v.supervisor, address, None, &rows, *fee, *discount, *at)?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let logins = script.cell("logins", &none);
        let since_s = if v.variant == 2 {
            "2023-02-01"
        } else {
            "2023-01-01"
        };
        // Logins, then the answer from the orders `collect` reads, those `keep` keeps since
        // `since`, computed by `value`.
        let answer_py = |collect: &str, keep: &str, since: &str, value: &str| {
            let vals = Vals::new()
                .code("orders", script.cell(collect, &none))
                .code("keep", script.cell(keep, &none))
                .lit("since", since)
                .code("value", script.cell(value, &none));
            vec![logins.clone(), script.cell("answer", &vals)]
        };
        let all = "all_orders";
        let to_work = "to_work";
        let value = if v.v3 { "units_kept" } else { "paid_total" };
        let ground_truth = answer_py(all, to_work, since_s, value);
        let mut wrong = vec![
            solution(
                "reads only the first page of orders",
                answer_py("first_orders", to_work, since_s, value),
            ),
            solution(
                "counts every 2023 order, wherever it was shipped",
                answer_py(all, "anywhere", since_s, value),
            ),
            solution(
                "also counts the order of 2022",
                answer_py(all, to_work, "2022-01-01", value),
            ),
        ];
        if v.v3 {
            wrong.push(solution(
                "counts the returned unit too",
                answer_py(all, to_work, since_s, "units_ordered"),
            ));
        }
        (ground_truth, wrong)
    }
}

/// The orders to work (one in 2022) and the newer ones home (variant 3: a unit returned).
fn designed_orders(v3: bool) -> Vec<DesignedOrder> {
    vec![
        (
            on(2022, 11, 20, 14, 5),
            "Work",
            vec![(1, 45.0, 0, 0)],
            5.0,
            0.0,
        ),
        (
            on(2023, 1, 12, 9, 30),
            "Work",
            vec![(2, 19.99, i64::from(v3), 0), (1, 64.5, 0, 0)],
            5.0,
            0.0,
        ),
        (
            on(2023, 2, 27, 18, 45),
            "Work",
            vec![(1, 129.0, 0, 0)],
            5.0,
            20.0,
        ),
        (
            on(2023, 3, 30, 12, 10),
            "Work",
            vec![(1, 34.75, 0, 1)],
            5.0,
            0.0,
        ),
        (
            on(2023, 4, 10, 20, 0),
            "Home",
            vec![(1, 55.0, 0, 0)],
            5.0,
            0.0,
        ),
        (
            on(2023, 4, 22, 16, 20),
            "Work",
            vec![(3, 12.0, 0, 0)],
            5.0,
            0.0,
        ),
        (
            on(2023, 5, 2, 11, 25),
            "Home",
            vec![(2, 9.99, 0, 0)],
            5.0,
            0.0,
        ),
        (
            on(2023, 5, 12, 19, 50),
            "Home",
            vec![(1, 120.0, 0, 0)],
            5.0,
            0.0,
        ),
        (
            on(2023, 5, 15, 7, 35),
            "Home",
            vec![(1, 15.0, 0, 0)],
            5.0,
            0.0,
        ),
        (
            on(2023, 5, 16, 21, 10),
            "Home",
            vec![(1, 30.0, 0, 0)],
            5.0,
            0.0,
        ),
    ]
}
