//! "I paid for dinner at R; the receipt is in my file system. Record it on Splitwise split
//! among the people F texted me were there." The agent reads the right receipt (an older one of
//! the same restaurant sits next to it), the total (not the subtotal), the text (an older one
//! names other people) and maps first names to contacts. Variant 2: one guest is saved under a
//! nickname; variant 3: the friends treat the supervisor, who is not among the debtors.

use super::free_nickname;
use crate::diff::RowChange;
use crate::eval::EvalCtx;
use crate::kit::changes::added_by;
use crate::kit::db::uid;
use crate::kit::money::{c2, cents_of, same_amount, usd};
use crate::kit::people::{full, with_distinct_friends};
use crate::kit::python::solution;
use crate::kit::splitwise::expense_shares;
use crate::kit::text::same_text;
use crate::kit::time::on;
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The friend who texted who came.
    texter: Person,
    /// The guest saved under a nickname in variant 2.
    x: Person,
    /// The nickname `x` is saved under, if any.
    nick: Option<String>,
    /// The file-system search word, the file stem and the expense's description.
    query: &'static str,
    stem: &'static str,
    desc: &'static str,
    /// The dinner's time, the receipt's path and text.
    date: NaiveDateTime,
    path: &'static str,
    receipt: String,
    /// The older dinner of the same restaurant: time, path and receipt.
    old_date: NaiveDateTime,
    old_path: &'static str,
    old_receipt: String,
    /// The text naming who came, and the older text (with who sent it).
    text: String,
    old_text: String,
    old_from: Person,
    /// The receipt's total and each debtor's share, in cents.
    total: i64,
    share: i64,
    /// The debtors' e-mails and full names.
    emails: Vec<String>,
    names: Vec<String>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "file_system", "phone", "splitwise"];
    const SCRIPT: &str = include_str!("dinner_receipt.py");

    /// The dinner, its guests, receipts and texts.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let (p, mut fr) = with_distinct_friends(g, 3);
        let pop = g.population;
        g.rng.shuffle(&mut fr);
        let (f, x, y) = (fr[0].clone(), fr[1].clone(), fr[2].clone());
        let v = g.variant;
        let (rest, query, stem, date, path, old_path, old_date, desc) = match v {
            1 => (
                "Harbor Grill",
                "Harbor Grill",
                "harbor_grill",
                on(2023, 5, 13, 20, 41),
                "~/documents/receipts/harbor_grill_2023_05_13.txt",
                "~/documents/receipts/harbor_grill_2023_04_15.txt",
                on(2023, 4, 15, 21, 2),
                "Dinner at Harbor Grill",
            ),
            2 => (
                "Casa Verde",
                "Casa Verde",
                "casa_verde",
                on(2023, 5, 12, 21, 15),
                "~/downloads/receipt_casa_verde_0512.txt",
                "~/downloads/receipt_casa_verde_0324.txt",
                on(2023, 3, 24, 20, 30),
                "Casa Verde dinner",
            ),
            _ => (
                "The Olive Tree",
                "Olive Tree",
                "olive_tree",
                on(2023, 5, 13, 21, 30),
                "~/documents/receipts/may/olive_tree_receipt.txt",
                "~/documents/receipts/march/olive_tree_receipt.txt",
                on(2023, 3, 11, 20, 10),
                "Birthday dinner at The Olive Tree",
            ),
        };
        let nick = if v == 2 { free_nickname(pop, &p) } else { None };
        let x_name = nick.clone().unwrap_or_else(|| x.first_name.clone());
        let guests: Vec<Person> = if v == 2 {
            vec![f.clone(), x.clone()]
        } else {
            vec![f.clone(), x.clone(), y.clone()]
        };
        let mut debtors = guests.clone();
        if v != 3 {
            debtors.insert(0, p.clone());
        }
        let n = debtors.len() as i64;
        let (sub, tax, tip) = bill_parts(g, n);
        let total = sub + tax + tip;
        let (osub, otax, otip) = bill_parts(g, 3);
        let city = p
            .addresses
            .first()
            .map(|a| a.city.clone())
            .unwrap_or_default();
        let d = |t: NaiveDateTime| t.format("%Y-%m-%d").to_string();
        let receipt = dinner_bill(rest, &city, &d(date), guests.len() + 1, sub, tax, tip);
        let old_receipt = dinner_bill(rest, &city, &d(old_date), 3, osub, otax, otip);
        let (text, old_text, old_from, instruction) = texts(v, &f, &x, &y, &x_name, desc);
        let share = total / n;
        Drawing::from(Values {
            variant: v,
            texter: f,
            x,
            nick,
            query,
            stem,
            desc,
            date,
            path,
            receipt,
            old_date,
            old_path,
            old_receipt,
            text,
            old_text,
            old_from,
            total,
            share,
            emails: debtors.iter().map(|d| d.email.clone()).collect(),
            names: debtors.iter().map(full).collect(),
            supervisor: p,
        })
        .instruction(instruction)
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            s.add_file(
                &v.supervisor,
                v.path,
                &v.receipt,
                v.date + Duration::hours(1),
            )?;
            s.add_file(
                &v.supervisor,
                v.old_path,
                &v.old_receipt,
                v.old_date + Duration::hours(1),
            )?;
            s.add_text(
                &v.old_from,
                &v.supervisor,
                &v.old_text,
                v.old_date + Duration::hours(14),
            )?;
            s.add_text(
                &v.texter,
                &v.supervisor,
                &v.text,
                v.date + Duration::hours(13) + Duration::minutes(12),
            )?;
            if let Some(nick) = &v.nick {
                s.relabel_contact(&v.supervisor, &v.x, nick, &["friend"])?;
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let login = script.cell("logins", &none);
        let find_receipt = |day: &str, line: &str| {
            script.cell(
                "find_receipt",
                &Vals::new()
                    .lit("stem", v.stem)
                    .code("day", day)
                    .code("line", line),
            )
        };
        let said = if v.variant == 3 {
            "between me, "
        } else {
            "you, me(?:,| and) "
        };
        let read_text = script.cell(
            "read_text",
            &Vals::new().lit("query", v.query).code("said", said),
        );
        let record = |debtors: &str| {
            script.cell(
                "record",
                &Vals::new()
                    .lit("desc", v.desc)
                    .code("debtors", script.cell(debtors, &none)),
            )
        };
        let (right, wrong_who, wrong_name) = if v.variant == 3 {
            (
                "friends",
                "everyone",
                "includes the supervisor in the split",
            )
        } else {
            (
                "everyone",
                "friends",
                "leaves the supervisor out of the split",
            )
        };
        let day_s = day(v.date);
        let old_day = day(v.old_date);
        // The receipt of `day`, its total read from the line `line`, split among `who`.
        let run = |day: &str, line: &str, who: &str| {
            vec![
                login.clone(),
                find_receipt(day, line),
                read_text.clone(),
                record(who),
            ]
        };
        let ground_truth = run(&day_s, "Total", right);
        let wrong = vec![
            solution(
                "records the subtotal instead of the total",
                run(&day_s, "Subtotal", right),
            ),
            solution(wrong_name, run(&day_s, "Total", wrong_who)),
            solution(
                "records the older receipt of the same restaurant",
                run(&old_day, "Total", right),
            ),
            solution(
                "splits only with the friend who texted",
                run(
                    &day_s,
                    "Total",
                    if v.variant == 3 {
                        "texter"
                    } else {
                        "me_and_texter"
                    },
                ),
            ),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![
            v.check("exactly one new Splitwise expense", |_, ctx| {
                one(ctx).map(|_| ())
            }),
            v.check(
                format!(
                    "it is the receipt's total, ${}, paid by the supervisor, outside any group",
                    c2(v.total)
                ),
                |v, ctx| {
                    let e = one(ctx)?;
                    if !same_amount(e.get("amount").as_f64().unwrap_or(0.0), usd(v.total)) {
                        return Err(format!("amount {}", e.get("amount")));
                    }
                    if e.get("payer_id").as_i64() != ctx.user_id("splitwise") {
                        return Err("paid by someone else".into());
                    }
                    if !e.get("group_id").is_null() {
                        return Err(format!("in group {}", e.get("group_id")));
                    }
                    Ok(())
                },
            ),
            v.check(
                format!("split among exactly {}", v.names.join(", ")),
                |v, ctx| {
                    let e = one(ctx)?;
                    let mut want: Vec<i64> = v
                        .emails
                        .iter()
                        .filter_map(|m| uid(ctx, "splitwise", m))
                        .collect();
                    let mut got: Vec<i64> = expense_shares(ctx, e.id).iter().map(|s| s.0).collect();
                    want.sort_unstable();
                    got.sort_unstable();
                    if want == got {
                        Ok(())
                    } else {
                        Err(format!("debtors {got:?}, expected {want:?}"))
                    }
                },
            ),
            v.check(
                format!("equal shares of ${} each", c2(v.share)),
                |v, ctx| {
                    let e = one(ctx)?;
                    match expense_shares(ctx, e.id)
                        .iter()
                        .find(|s| !same_amount(s.1, usd(v.share)))
                    {
                        Some(s) => Err(format!("a share of ${}", s.1)),
                        None => Ok(()),
                    }
                },
            ),
            v.check(format!("described as \"{}\"", v.desc), |v, ctx| {
                let e = one(ctx)?;
                let got = e.get("description").as_str().unwrap_or("").to_string();
                if same_text(&got, v.desc) {
                    Ok(())
                } else {
                    Err(format!("described as \"{got}\""))
                }
            }),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        allow::splitwise_expenses()
    }
}

/// The guest's text (and the older one, with who sent it) and the instruction.
fn texts(
    v: u8,
    f: &Person,
    x: &Person,
    y: &Person,
    x_name: &str,
    desc: &str,
) -> (String, String, Person, String) {
    let (text, old_text, old_from) = match v {
        1 => (
            format!(
                "Thanks again for dinner at Harbor Grill last night! It was you, me, {x_name} and {}. Put it on Splitwise and we'll pay you back.",
                y.first_name
            ),
            format!(
                "Harbor Grill yesterday was fun. It was you, me and {}, right? Thanks for organizing!",
                y.first_name
            ),
            x.clone(),
        ),
        2 => (
            format!(
                "Casa Verde was so good last night! It was just you, me and {x_name}. Add it to Splitwise and I'll settle up."
            ),
            format!(
                "Casa Verde was great yesterday. It was you, me, {} and {}. Let's go again soon!",
                x.first_name, f.first_name
            ),
            y.clone(),
        ),
        _ => (
            format!(
                "Happy birthday again! You paid at The Olive Tree, so add it to Splitwise and split it between me, {x_name} and {}. Not you, it's your birthday!",
                y.first_name
            ),
            format!(
                "Thanks for dinner at The Olive Tree! It was you, me and {}, so fun.",
                f.first_name
            ),
            y.clone(),
        ),
    };
    let instruction = match v {
        1 => format!(
            "I paid for our dinner at Harbor Grill last Saturday; the receipt is in my file system. Record it on Splitwise, outside any group, as paid by me and split equally among everyone who was there, me included ({} texted me who came). Call it \"{desc}\".",
            f.first_name
        ),
        2 => format!(
            "I covered dinner at Casa Verde last Friday and the receipt is in my file system. Add it to Splitwise (not in a group) as paid by me, split equally among me and the others who were there; {} texted me who came. Describe it as \"{desc}\".",
            f.first_name
        ),
        _ => format!(
            "My friends treated me to a birthday dinner at The Olive Tree last Saturday, but I paid the bill; the receipt is in my file system. Record it on Splitwise outside any group, paid by me and split equally among the friends {} texted me are paying (not me). Call it \"{desc}\".",
            f.first_name
        ),
    };
    (text, old_text, old_from, instruction)
}

/// The expense's date as the receipt and the cells spell it.
fn day(t: NaiveDateTime) -> String {
    t.format("%Y-%m-%d").to_string()
}

/// The supervisor's one new Splitwise expense, or how many there are.
fn one(ctx: &EvalCtx) -> Result<RowChange, String> {
    match added_by(ctx, "splitwise", "expenses", "user_id").as_slice() {
        [one] => Ok((*one).clone()),
        other => Err(format!("{} expenses recorded", other.len())),
    }
}

/// A restaurant receipt as its text file reads.
fn dinner_bill(
    rest: &str,
    city: &str,
    date: &str,
    guests: usize,
    sub: i64,
    tax: i64,
    tip: i64,
) -> String {
    format!(
        "{rest}\n{city}\nDate: {date}\nGuests: {guests}\nSubtotal: ${}\nTax: ${}\nTip: ${}\nTotal: ${}\nThank you for dining with us!",
        c2(sub),
        c2(tax),
        c2(tip),
        c2(sub + tax + tip)
    )
}

/// Subtotal, tax and a tip that make a total divisible by `n` cents.
fn bill_parts(g: &mut Gen, n: i64) -> (i64, i64, i64) {
    let sub = cents_of(&mut g.rng, 9_000, 22_000, 1);
    let tax = sub * 8 / 100;
    let mut tip = sub * 18 / 100;
    while (sub + tax + tip) % n != 0 {
        tip += 1;
    }
    (sub, tax, tip)
}
