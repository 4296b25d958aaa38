//! "My roommates e-mailed me receipts of what they bought for the flat this month; record each
//! on Splitwise in our Roommates group, paid by who sent it, split equally among all of us,
//! named after the store." Receipts are attachments (read after saving them to the file
//! system); April's receipt, a friend's dinner receipt and a plain e-mail stay out. Variant 3
//! attaches each receipt file to its expense.

use super::{allow_downloads, has_n};
use crate::eval::EvalCtx;
use crate::kit::changes::{added, added_by};
use crate::kit::db::uid;
use crate::kit::gmail::ids_of;
use crate::kit::people::full;
use crate::kit::people::related_any;
use crate::kit::python::solution;
use crate::kit::splitwise::group_name;
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::Duration;

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    mates: Vec<Person>,
    /// The receipt e-mails: (sender, days ago, subject, file name, receipt text).
    files: Vec<(Person, i64, String, String, String)>,
    /// The receipts to record: (sender, store, total in cents).
    expected: Vec<(Person, String, i64)>,
    /// The store of April's receipt (not to record).
    old_store: &'static str,
    /// Must each expense have its receipt attached?
    attach: bool,
}

impl Design for Values {
    const APPS: &[&str] = &["gmail", "phone", "file_system", "splitwise"];
    const SCRIPT: &str = include_str!("receipts_to_splitwise.py");

    /// Draws the variant's values and its instruction.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| {
            has_n(pop, p, &[Relation::Roommate], 1) && has_n(pop, p, &[Relation::Friend], 1)
        });
        let mates = related_any(g.population, &p, &[Relation::Roommate]);
        let friend = related_any(g.population, &p, &[Relation::Friend])
            .into_iter()
            .find(|f| !mates.iter().any(|m| m.id == f.id))
            .unwrap_or_else(|| panic!("no friend outside the flat"));
        let k = g.rng.range(0, 300);
        let stores = [
            ["CleanCo Supplies", "Green Basket Market", "Handy Hardware"],
            [
                "Sparkle Home Goods",
                "FreshWay Grocers",
                "Bolt & Nut Hardware",
            ],
            ["Tidy Corner", "Harvest Lane Foods", "Fix-It Depot"],
        ][g.variant as usize - 1];
        // (sender: Some(mate index) or None for the friend, days ago, subject, file, store, items)
        let designs: Vec<ReceiptMail> = vec![
            (
                Some(0),
                4,
                "Receipt for the cleaning stuff",
                "receipt_cleaning.txt",
                stores[0],
                vec![
                    ("Dish soap", 449 + k),
                    ("Sponges x6", 599),
                    ("Trash bags", 1299),
                ],
            ),
            (
                Some(mates.len().min(2) - 1),
                9,
                "Groceries for the house",
                "grocery_receipt.txt",
                stores[1],
                vec![
                    ("Olive oil", 1099),
                    ("Coffee beans", 1450 + k),
                    ("Paper towels", 899),
                    ("Rice 5 lb", 749),
                ],
            ),
            (
                Some(0),
                25,
                "Light bulbs receipt",
                "receipt_bulbs.txt",
                stores[2],
                vec![("LED bulbs x4", 1899 + k)],
            ),
            (
                None,
                6,
                "Dinner receipt",
                "dinner_receipt.txt",
                "Luigi's Trattoria",
                vec![("Dinner for two", 6400 + k)],
            ),
        ];
        let mut expected: Vec<(Person, String, i64)> = Vec::new();
        let mut files: Vec<(Person, i64, String, String, String)> = Vec::new();
        for (who, days, subject, file, store, items) in &designs {
            let day = (g.now - Duration::days(*days))
                .format("%Y-%m-%d")
                .to_string();
            let (text, cents) = receipt(store, &day, items);
            let sender = match who {
                Some(i) => mates[*i].clone(),
                None => friend.clone(),
            };
            if who.is_some() && *days < 17 {
                expected.push((sender.clone(), store.to_string(), cents));
            }
            files.push((sender, *days, subject.to_string(), file.to_string(), text));
        }
        let attach = g.variant == 3;
        let instruction = match g.variant {
            1 => "My roommates e-mailed me the receipts for things they bought for our place this month. Record each one as an expense in our Roommates group on Splitwise, paid by the roommate who sent it and split equally among all of us (me included), with the store's name as the description.".to_string(),
            2 => "Put every receipt my roommates sent me by e-mail this month on Splitwise: an expense in the Roommates group for each, paid by whoever sent it, split equally between all of us, described by the store name on the receipt. Use the receipt's total (with tax).".to_string(),
            _ => "Add the receipts my roommates e-mailed me this month to our Roommates group on Splitwise: one expense each, paid by the sender, equal split among everyone in the flat including me, the store name as description, and attach the receipt file to the expense.".to_string(),
        };
        let v = Values {
            supervisor: p,
            mates,
            files,
            expected,
            old_store: stores[2],
            attach,
        };
        Drawing::from(v).instruction(instruction)
    }

    /// The receipt e-mails and a plain one from a roommate.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            for (who, days, subject, file, text) in &v.files {
                s.add_email(
                    &who.email,
                    &[&v.supervisor.email],
                    subject,
                    "Hey, here's the receipt.",
                    &[(file, text)],
                    None,
                    s.now - Duration::days(*days) - Duration::hours(3),
                )?;
            }
            s.add_email(
                &v.mates[0].email,
                &[&v.supervisor.email],
                "Movie night?",
                "Want to do a movie night on Friday? I'll make popcorn.",
                &[],
                None,
                s.now - Duration::days(2),
            )?;
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let attach = v.attach;
        let total_re = "\\nTotal: \\$([0-9.]+)";
        // Collect the receipts since `since`; record each with `total_re`'s amount, paid by
        // `payer`, split between `debtors`, the receipt attached or not.
        let solve = |since: &str, total_re: &str, payer: &str, debtors: &str, attach: bool| {
            let vals = Vals::new()
                .code("since", since)
                .code("total_re", total_re)
                .code("payer", payer)
                .code("debtors", debtors);
            let record = if attach { "record_attached" } else { "record" };
            script.cells(&["logins", "group", "collect", record], &vals)
        };
        let ground_truth = solve("first", total_re, "m", "members", attach);
        let mut wrong = vec![
            solution(
                "records April's receipt too",
                solve("\"1500-01-01\"", total_re, "m", "members", attach),
            ),
            solution(
                "uses the subtotal before tax",
                solve("first", "Subtotal: \\$([0-9.]+)", "m", "members", attach),
            ),
            solution(
                "records the supervisor as the payer",
                solve("first", total_re, "profile[\"email\"]", "members", attach),
            ),
            solution(
                "leaves the payer out of the split",
                solve(
                    "first",
                    total_re,
                    "m",
                    "[x for x in members if x != m]",
                    attach,
                ),
            ),
        ];
        if attach {
            wrong.push(solution(
                "does not attach the receipts",
                solve("first", total_re, "m", "members", false),
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks: Vec<Check> = v
            .expected
            .iter()
            .map(|(who, store, cents)| expense_of(who, store, *cents))
            .collect();
        let mut names: Vec<String> = v.mates.iter().map(full).collect();
        names.push(full(&v.supervisor));
        checks.push(v.check(
            format!("each is split among {}", names.join(", ")),
            |v, ctx| {
                let mut want: Vec<i64> = v
                    .mates
                    .iter()
                    .chain([&v.supervisor])
                    .map(|m| sw_id(ctx, &m.email))
                    .collect();
                want.sort_unstable();
                for x in mine(ctx) {
                    let mut d = x.1.clone();
                    d.sort_unstable();
                    if d != want {
                        return Err(format!("\"{}\" is split among {d:?}", x.2));
                    }
                }
                Ok(())
            },
        ));
        checks.push(v.check(
            format!(
                "no other expense ({} in all; not {} nor Luigi's Trattoria)",
                v.expected.len(),
                v.old_store
            ),
            |v, ctx| match mine(ctx).len() {
                k if k == v.expected.len() => Ok(()),
                k => Err(format!("{k} expenses")),
            },
        ));
        checks.push(v.check("they are in the Roommates group", |_, ctx| {
            let me = ctx.user_id("splitwise");
            for r in added(ctx, "splitwise", "expenses") {
                if r.get("user_id").as_i64() != me {
                    continue;
                }
                let name = group_name(ctx.db, r.get("group_id").as_i64().unwrap_or(-1))
                    .unwrap_or_default();
                if name != "Roommates" {
                    return Err(format!("an expense in \"{name}\""));
                }
            }
            Ok(())
        }));
        if v.attach {
            checks.push(v.check("each has its receipt file attached", |_, ctx| {
                match mine(ctx)
                    .iter()
                    .find(|x| x.4.as_deref().is_none_or(|f| !f.contains("receipt")))
                {
                    Some(x) => Err(format!("\"{}\" has {:?}", x.2, x.4)),
                    None => Ok(()),
                }
            }));
        }
        checks
    }

    /// The supervisor's expenses, their shares and notifications, and the downloaded receipts.
    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow::splitwise_expenses();
        allowed.push(allow_downloads());
        allowed
    }
}

/// An expense the supervisor recorded: (payer, debtors, description, amount, receipt name).
type Exp = (i64, Vec<i64>, String, f64, Option<String>);

/// The expenses the supervisor recorded.
fn mine(ctx: &EvalCtx) -> Vec<Exp> {
    added_by(ctx, "splitwise", "expenses", "user_id")
        .into_iter()
        .map(|r| {
            (
                r.get("payer_id").as_i64().unwrap_or(0),
                ids_of(r.get("debtor_ids")),
                r.get("description")
                    .as_str()
                    .unwrap_or("")
                    .trim()
                    .to_string(),
                r.get("amount").as_f64().unwrap_or(0.0),
                r.get("receipt_file_name").as_str().map(str::to_string),
            )
        })
        .collect()
}

/// The Splitwise id of the user with e-mail `e` (-1 if none).
fn sw_id(ctx: &EvalCtx, e: &str) -> i64 {
    uid(ctx, "splitwise", e).unwrap_or(-1)
}

/// A check that `store`'s receipt of `cents` is an expense paid by `who`.
fn expense_of(who: &Person, store: &str, cents: i64) -> Check {
    let (email, st, amount) = (who.email.clone(), store.to_string(), cents as f64 / 100.0);
    Check::new(
        format!(
            "an expense \"{store}\" of ${amount:.2} paid by {}",
            full(who)
        ),
        move |ctx| {
            let id = sw_id(ctx, &email);
            match mine(ctx).iter().find(|x| x.2.eq_ignore_ascii_case(&st)) {
                Some(x) if x.0 == id && crate::kit::money::same_amount(x.3, amount) => Ok(()),
                Some(x) => Err(format!("paid by splitwise user {} for ${}", x.0, x.3)),
                None => Err("no such expense".into()),
            }
        },
    )
}

/// A store receipt's text: store, items, subtotal, tax and total.
fn receipt(store: &str, day: &str, items: &[(&str, i64)]) -> (String, i64) {
    let sub: i64 = items.iter().map(|i| i.1).sum();
    let tax = sub * 8 / 100;
    let money = |c: i64| format!("${}.{:02}", c / 100, c % 100);
    let lines: Vec<String> = items
        .iter()
        .map(|(n, c)| format!("{n}  {}", money(*c)))
        .collect();
    (
        format!(
            "{store}\nDate: {day}\n{}\nSubtotal: {}\nTax: {}\nTotal: {}\nThank you for shopping with us!",
            lines.join("\n"),
            money(sub),
            money(tax),
            money(sub + tax)
        ),
        sub + tax,
    )
}

/// A receipt e-mail: sender (a roommate's index, or None for a friend), days ago, subject, file
/// name, store, items (name, cents).
type ReceiptMail = (
    Option<usize>,
    i64,
    &'static str,
    &'static str,
    &'static str,
    Vec<(&'static str, i64)>,
);
