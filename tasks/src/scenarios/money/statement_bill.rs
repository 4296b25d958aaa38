//! "I paid the water bill with my card in April; it is on my card statement. Add it to our
//! Roommates group on Splitwise, paid by me, split equally." The statements (CSV, one per
//! month) carry the bill among other lines, and an older water bill. Variant 2 adds two months
//! as two expenses; variant 3 splits a third and two thirds.

use super::roommate_supervisor;
use crate::diff::RowChange;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{added, allow_added, allow_own};
use crate::kit::db::uid;
use crate::kit::money::c2;
use crate::kit::money::same_amount;
use crate::kit::money::{cents_of, usd};
use crate::kit::people::full;
use crate::kit::phone::texts_to;
use crate::kit::python::solution;
use crate::kit::splitwise::{expense_shares, expenses_added, group_named};
use crate::kit::text::same_text;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;

/// The water company on the statements.
const COMPANY: &str = "Clearwater Water Co";

/// One expense the supervisor should add.
struct Bill {
    desc: &'static str,
    /// The bill, the supervisor's share and the roommate's share, in cents.
    total: i64,
    mine: i64,
    theirs: i64,
}

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    mate: Person,
    /// The water bills of April, March and February, in cents.
    april: i64,
    march: i64,
    feb: i64,
    /// The expenses to add.
    want: Vec<Bill>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "file_system", "splitwise", "phone"];
    const SCRIPT: &str = include_str!("statement_bill.py");

    /// The roommate and the bills.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let (p, r) = roommate_supervisor(g, |_| true);
        let v = g.variant;
        let company = COMPANY;
        let april = cents_of(&mut g.rng, 4_500, 9_000, if v == 3 { 3 } else { 2 });
        let march = cents_of(&mut g.rng, 4_500, 9_000, 2);
        let feb = cents_of(&mut g.rng, 4_500, 9_000, 2);
        let bill = |desc, total, mine, theirs| Bill {
            desc,
            total,
            mine,
            theirs,
        };
        let want = match v {
            1 => vec![bill("Water bill April 2023", april, april / 2, april / 2)],
            2 => vec![
                bill("Water bill March 2023", march, march / 2, march / 2),
                bill("Water bill April 2023", april, april / 2, april / 2),
            ],
            _ => vec![bill(
                "Water bill April 2023",
                april,
                april / 3,
                april - april / 3,
            )],
        };
        let instruction = match v {
            1 => format!(
                "I paid our water bill ({company}) with my card in April; it's on my card statement in my file system. Add it to our Roommates group on Splitwise as paid by me and split equally between us, and call it \"Water bill April 2023\". Then text {} how much they owe me for it.",
                r.first_name
            ),
            2 => format!(
                "My card statements in my file system show the water bills ({company}) I paid for the flat in March and April. Add each to our Roommates group on Splitwise as its own expense, paid by me and split equally, named \"Water bill March 2023\" and \"Water bill April 2023\". Then text {} the total they owe me for both.",
                r.first_name
            ),
            _ => format!(
                "I paid April's water bill ({company}) with my card; it's on my April card statement in my file system. Put it in our Roommates group on Splitwise as paid by me, but {} works from home, so they owe two thirds of it and I owe one third. Call it \"Water bill April 2023\", and text them how much they owe me for it.",
                r.first_name
            ),
        };
        Drawing::from(Values {
            variant: v,
            supervisor: p,
            mate: r,
            april,
            march,
            feb,
            want,
        })
        .instruction(instruction)
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let sup = &v.supervisor;
            s.add_statement_line(sup, "2023_04", "2023-04-12", COMPANY, usd(v.april))?;
            if v.variant == 2 {
                s.add_statement_line(sup, "2023_03", "2023-03-13", COMPANY, usd(v.march))?;
            } else {
                s.add_statement_line(sup, "2023_02", "2023-02-10", COMPANY, usd(v.feb))?;
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let record = |desc: &str, month: &str, split: &str, in_group: bool| {
            let cell = match (split, in_group) {
                ("thirds", true) => "record_thirds",
                ("thirds", false) => "record_thirds_outside",
                ("mate", _) => "record_for_mate",
                (_, true) => "record_halves",
                (_, false) => "record_halves_outside",
            };
            script.cell(cell, &Vals::new().lit("desc", desc).code("month", month))
        };
        let split = if v.variant == 3 { "thirds" } else { "equal" };
        let cells = |month_a: &str, split: &str, in_group: bool, both: bool| {
            let mut c = vec![script.cell("logins", &none), script.cell("read", &none)];
            if both {
                c.push(record("Water bill March 2023", "03", split, in_group));
            }
            c.push(record("Water bill April 2023", month_a, split, in_group));
            c.push(script.cell("text", &none));
            c
        };
        let both = v.variant == 2;
        let ground_truth = cells("04", split, true, both);
        let mut wrong = vec![
            solution(
                "records it outside the group",
                cells("04", split, false, both),
            ),
            solution(
                "makes the roommate owe all of it",
                cells("04", "mate", true, both),
            ),
        ];
        if v.variant == 2 {
            wrong.push(solution(
                "records only April's bill",
                cells("04", split, true, false),
            ));
        } else {
            wrong.push(solution(
                "takes the February water bill",
                cells("02", split, true, false),
            ));
        }
        if v.variant == 3 {
            wrong.push(solution(
                "splits it equally",
                cells("04", "equal", true, false),
            ));
        }
        (ground_truth, wrong)
    }

    /// The expenses, their amounts and shares, and the text to the roommate.
    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = vec![v.check(
            format!(
                "{} new Splitwise expense(s), all in the Roommates group",
                v.want.len()
            ),
            |v, ctx| {
                let gid = group_named(ctx, "Roommates");
                let xs = expenses_added(ctx);
                if xs.len() != v.want.len() {
                    return Err(format!("{} expenses added", xs.len()));
                }
                match xs.iter().find(|e| e.group != gid) {
                    Some(e) => Err(format!(
                        "one in group {}",
                        match e.group {
                            Some(g) => g.to_string(),
                            None => "null".to_string(),
                        }
                    )),
                    None => Ok(()),
                }
            },
        )];
        for bill in &v.want {
            checks.extend(bill_checks(bill, &v.mate));
        }
        checks.push(v.check(
            format!(
                "a text to {} with what they owe, ${}",
                full(&v.mate),
                c2(owed(v))
            ),
            text_check,
        ));
        checks
    }

    /// The Splitwise expenses, their shares and notifications, and the text.
    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow::splitwise_expenses();
        allowed.extend([
            allow_own(
                "the text to the roommate",
                "phone",
                "global_text_messages",
                "sender_id",
            ),
            allow_added("its copies", "phone", "user_text_messages", |_, _| true),
        ]);
        allowed
    }
}

/// What the roommate owes over all the expenses, in cents.
fn owed(v: &Values) -> i64 {
    v.want.iter().map(|w| w.theirs).sum()
}

/// The new expense described as `desc`.
fn find(ctx: &EvalCtx, desc: &str) -> Result<RowChange, String> {
    added(ctx, "splitwise", "expenses")
        .into_iter()
        .find(|r| same_text(r.get("description").as_str().unwrap_or(""), desc))
        .cloned()
        .ok_or_else(|| format!("no expense \"{desc}\""))
}

/// The expense's amount and payer, and its two shares.
fn bill_checks(bill: &Bill, mate: &Person) -> Vec<Check> {
    let (desc, total, mine, theirs) = (bill.desc, bill.total, bill.mine, bill.theirs);
    let email = mate.email.clone();
    vec![
        Check::new(
            format!("\"{desc}\": ${} paid by the supervisor", c2(total)),
            move |ctx| {
                let e = find(ctx, desc)?;
                if !same_amount(e.get("amount").as_f64().unwrap_or(0.0), usd(total)) {
                    return Err(format!("amount {}", e.get("amount")));
                }
                if e.get("payer_id").as_i64() != ctx.user_id("splitwise") {
                    return Err("paid by someone else".into());
                }
                Ok(())
            },
        ),
        Check::new(
            format!(
                "\"{desc}\" shares: the supervisor ${}, {} ${}",
                c2(mine),
                full(mate),
                c2(theirs)
            ),
            move |ctx| {
                let e = find(ctx, desc)?;
                let me = ctx.user_id("splitwise").unwrap_or(0);
                let them = uid(ctx, "splitwise", &email).unwrap_or(0);
                let got = expense_shares(ctx, e.id);
                let share = |who: i64| got.iter().find(|s| s.0 == who).map(|s| s.1);
                match (share(me), share(them)) {
                    (Some(a), Some(b))
                        if got.len() == 2
                            && same_amount(a, usd(mine))
                            && same_amount(b, usd(theirs)) =>
                    {
                        Ok(())
                    }
                    _ => Err(format!("shares {got:?}")),
                }
            },
        ),
    ]
}

/// A text from the supervisor to the roommate naming what they owe.
fn text_check(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    let owed = c2(owed(v));
    let texts = texts_to(ctx, &v.mate.phone_number);
    if texts.iter().any(|t| t.contains(&owed)) {
        Ok(())
    } else {
        Err(format!("texts to them: {texts:?}"))
    }
}
