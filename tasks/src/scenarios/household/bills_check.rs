//! "Make sure this month's bills in ~/bills are on Splitwise in our Roommates group; add what
//! is missing, split equally, with the bill attached." One May bill is already recorded by the
//! supervisor; variant 2 adds one the roommate recorded; variant 3 has two missing May bills
//! and a missing April bill that is not this month's.

use super::{
    SplitError, SwExpense, equal_split, expense_count, flat_emails, flat_supervisor,
    in_roommates_paid_by_me, one_expense_of, sw_added, sw_ids,
};
use crate::eval::EvalCtx;
use crate::kit::money::{c2, same_amount};
use crate::kit::python::solution;
use crate::kit::splitwise::expenses_added;
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

/// A bill: (file, company, month, cents, recorded by: 0 nobody, 1 supervisor, 2 roommate).
type Bill = (String, &'static str, &'static str, i64, u8);

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    mates: Vec<Person>,
    variant: u8,
    now: NaiveDateTime,
    bills: Vec<Bill>,
    /// The May bills nobody recorded: (file, company, cents).
    missing: Vec<(String, String, i64)>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "file_system", "splitwise"];
    const SCRIPT: &str = include_str!("bills_check.py");

    /// Draws the variant's values (with its instruction).
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let (p, mates) = flat_supervisor(g, |_| true);
        let n = mates.len() as i64 + 1;
        let v = g.variant;
        let amt = |g: &mut Gen| g.rng.range(4_000 / n, 15_000 / n) * n;
        // (file, company, month, cents, recorded by: 0 nobody, 1 supervisor, 2 roommate)
        let mut bills: Vec<Bill> = vec![
            (
                "brightline_bill_2023_05.pdf".into(),
                "Brightline Energy",
                "May",
                amt(g),
                1,
            ),
            (
                "aquaflow_bill_2023_05.pdf".into(),
                "AquaFlow Water",
                "May",
                amt(g),
                0,
            ),
            (
                "aquaflow_bill_2023_04.pdf".into(),
                "AquaFlow Water",
                "April",
                amt(g),
                1,
            ),
        ];
        if v == 2 {
            bills.push((
                "netwave_bill_2023_05.pdf".into(),
                "NetWave Internet",
                "May",
                amt(g),
                2,
            ));
        }
        if v == 3 {
            bills.push((
                "cozyheat_gas_bill_2023_05.pdf".into(),
                "CozyHeat Gas",
                "May",
                amt(g),
                0,
            ));
            bills[2].4 = 0;
        }
        let missing: Vec<(String, String, i64)> = bills
            .iter()
            .filter(|b| b.2 == "May" && b.4 == 0)
            .map(|b| (b.0.clone(), b.1.to_string(), b.3))
            .collect();
        let instruction = match v {
            1 => "Can you make sure all of this month's bills in my ~/bills folder are on Splitwise in our Roommates group? Add any that's missing as an expense paid by me, split equally among everyone in the group, described as the company's name and the month (like \"Brightline Energy May 2023\"), with the bill's file attached as the receipt.".to_string(),
            2 => "Check this month's bills in ~/bills against our Roommates group on Splitwise (my roommate may have entered some already). For each one that isn't there, record it as paid by me, split evenly among the group, with the description \"<company> <month> <year>\" and the bill attached as the receipt.".to_string(),
            _ => "Some of this month's bills in my ~/bills folder may not be on Splitwise yet. Add the missing ones to the Roommates group: paid by me, split equally among all members, description like \"AquaFlow Water May 2023\", and attach the bill file as the receipt. Only this month's.".to_string(),
        };
        let values = Values {
            supervisor: p,
            mates,
            variant: v,
            now: g.now,
            bills,
            missing,
        };
        Drawing::from(values).instruction(instruction)
    }

    /// The bills (the May ones replacing the base world's), and the expenses already recorded.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            s.remove_files(&v.supervisor, "_bill_2023_05")?;
            let gid = s.splitwise_group_named(&v.supervisor, "Roommates")?;
            let refs: Vec<&Person> = std::iter::once(&v.supervisor).chain(&v.mates).collect();
            for (i, (file, company, month, cents, by)) in v.bills.iter().enumerate() {
                let at = if *month == "May" {
                    v.now - Duration::days(15 - i as i64)
                } else {
                    v.now - Duration::days(44 - i as i64)
                };
                let due = if *month == "May" {
                    "May 26, 2023"
                } else {
                    "April 25, 2023"
                };
                s.add_file(
                    &v.supervisor,
                    &format!("~/bills/{file}"),
                    &bill_text(company, &v.supervisor, month, *cents, due),
                    at,
                )?;
                let payer = match by {
                    1 => &v.supervisor,
                    2 => &v.mates[0],
                    _ => continue,
                };
                s.add_splitwise_expense(
                    Some(gid),
                    payer,
                    &refs,
                    &format!("{company} {month} 2023"),
                    *cents as f64 / 100.0,
                    at + Duration::hours(3),
                )?;
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let vals = Vals::new().lit("month", "2023_05");
        let cells = |last: &str| script.cells(&["logins", "find", last], &vals);
        let ground_truth = cells("record_missing");
        let mut wrong = vec![
            solution("adds every bill of the month again", cells("record_all")),
            solution(
                "attaches no receipt",
                cells("record_missing_without_receipt"),
            ),
            solution(
                "leaves the supervisor out of the split",
                cells("record_missing_without_me"),
            ),
        ];
        if v.variant == 3 {
            wrong.push(solution(
                "also adds last month's missing bill",
                script.cells(
                    &["logins", "find", "record_missing"],
                    &Vals::new().lit("month", "2023_0"),
                ),
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks: Vec<Check> = v
            .missing
            .iter()
            .flat_map(|(file, company, cents)| bill_checks(file, company, *cents))
            .collect();
        checks.push(v.check(
            format!(
                "exactly {} expenses added (none for bills already there)",
                v.missing.len()
            ),
            |v, ctx| expense_count(v.missing.len(), ctx),
        ));
        checks.push(v.check(
            "in the Roommates group, paid by the supervisor",
            |_, ctx| in_roommates_paid_by_me(ctx),
        ));
        checks.push(v.check(
            format!("split equally among {}", members(v).join(", ")),
            split_equally,
        ));
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        allow::splitwise_expenses()
    }
}

/// The checks of a missing bill: one expense of its amount, with the bill as its receipt.
fn bill_checks(file: &str, company: &str, cents: i64) -> [Check; 2] {
    let amount = cents as f64 / 100.0;
    let (f1, c1) = (file.to_string(), company.to_string());
    [
        Check::new(
            format!("one expense for {company} May 2023, ${}", c2(cents)),
            move |ctx| {
                let got: Vec<SwExpense> = sw_added(ctx)
                    .into_iter()
                    .filter(|e| {
                        e.0.to_lowercase().contains(&c1.to_lowercase()) && e.0.contains("May")
                    })
                    .collect();
                one_expense_of(&got, amount)
            },
        ),
        Check::new(format!("its receipt is {file}"), move |ctx| {
            let ok = expenses_added(ctx).iter().any(|e| {
                same_amount(e.amount, amount) && e.receipt.as_deref() == Some(f1.as_str())
            });
            if ok {
                Ok(())
            } else {
                Err("no expense with that receipt".into())
            }
        }),
    ]
}

/// The flat's e-mails: the supervisor's and the roommates'.
fn members(v: &Values) -> Vec<String> {
    flat_emails(&v.supervisor, &v.mates)
}

/// Is every new expense split equally among the flat?
fn split_equally(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    equal_split(ctx, &sw_ids(ctx, &members(v))).map_err(|e| match e {
        SplitError::NoExpense => "no expense".to_string(),
        SplitError::Sharers(d, _) | SplitError::Amounts(d) => {
            format!("\"{d}\" not split equally among the flat")
        }
    })
}

/// A bill's text, as the company's PDF reads.
fn bill_text(company: &str, p: &Person, month: &str, cents: i64, due: &str) -> String {
    format!(
        "{company}\nStatement for {} {}\nAccount 5{:05}\nPeriod: {month} 2023\nTotal due: ${}\nDue by: {due}",
        p.first_name,
        p.last_name,
        cents % 100_000,
        c2(cents)
    )
}
