//! "I paid for dinner at R; the receipt is in my file system. Record it on Splitwise split
//! among the people F texted me were there." The agent reads the right receipt (an older one of
//! the same restaurant sits next to it), the total (not the subtotal), the text (an older one
//! names other people) and maps first names to contacts. Variant 2: one guest is saved under a
//! nickname; variant 3: the friends treat the supervisor, who is not among the debtors.

use crate::diff::RowChange;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{added, allow_added};
use crate::kit::db::uid;
use crate::kit::money::c2;
use crate::kit::money::same_amount;
use crate::kit::money::{cents_of, usd};
use crate::kit::people::full;
use crate::kit::people::{distinct_friends, known};
use crate::kit::python::solution;
use crate::kit::splitwise::expense_shares;
use crate::kit::text::same_text;
use crate::kit::time::on;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| distinct_friends(pop, p).len() >= 3);
    let mut fr = distinct_friends(pop, &p);
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
    let nick = if v == 2 {
        let taken: Vec<String> = known(pop, &p)
            .iter()
            .map(|k| k.first_name.clone())
            .collect();
        ["Jojo", "Bee", "Sunny", "Ace"]
            .into_iter()
            .find(|n| !taken.iter().any(|t| t == n))
            .map(str::to_string)
    } else {
        None
    };
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
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "phone", "splitwise"];
    let (sup, f2, x2) = (p.clone(), f.clone(), x.clone());
    let (path_s, old_s) = (path.to_string(), old_path.to_string());
    let nick_s = nick.clone();
    parts.setup.push(step(move |s| {
        s.add_file(&sup, &path_s, &receipt, date + Duration::hours(1))?;
        s.add_file(&sup, &old_s, &old_receipt, old_date + Duration::hours(1))?;
        s.add_text(&old_from, &sup, &old_text, old_date + Duration::hours(14))?;
        s.add_text(
            &f2,
            &sup,
            &text,
            date + Duration::hours(13) + Duration::minutes(12),
        )?;
        if let Some(nick) = &nick_s {
            s.relabel_contact(&sup, &x2, nick, &["friend"])?;
        }
        Ok(())
    }));
    let script = Script::parse(include_str!("dinner_receipt.py"));
    let none = Vals::new();
    let login = script.cell("logins", &none);
    let find_receipt =
        |day: &str, cell: &str| script.cell(cell, &Vals::new().lit("stem", stem).code("day", day));
    let read_text = script.cell(
        if v == 3 {
            "read_treat_text"
        } else {
            "read_text"
        },
        &Vals::new().lit("query", query),
    );
    let record = |debtors: &str| {
        script.cell(
            "record",
            &Vals::new()
                .lit("desc", desc)
                .code("debtors", script.cell(debtors, &none)),
        )
    };
    let (right, wrong_who, wrong_name) = if v == 3 {
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
    let day = d(date);
    let old_day = d(old_date);
    parts.ground_truth = vec![
        login.clone(),
        find_receipt(&day, "find_receipt"),
        read_text.clone(),
        record(right),
    ];
    parts.wrong = vec![
        solution(
            "records the subtotal instead of the total",
            vec![
                login.clone(),
                find_receipt(&day, "find_receipt_subtotal"),
                read_text.clone(),
                record(right),
            ],
        ),
        solution(
            wrong_name,
            vec![
                login.clone(),
                find_receipt(&day, "find_receipt"),
                read_text.clone(),
                record(wrong_who),
            ],
        ),
        solution(
            "records the older receipt of the same restaurant",
            vec![
                login.clone(),
                find_receipt(&old_day, "find_receipt"),
                read_text.clone(),
                record(right),
            ],
        ),
        solution(
            "splits only with the friend who texted",
            vec![
                login.clone(),
                find_receipt(&day, "find_receipt"),
                read_text.clone(),
                record(if v == 3 { "texter" } else { "me_and_texter" }),
            ],
        ),
    ];
    let share = total / n;
    let emails: Vec<String> = debtors.iter().map(|d| d.email.clone()).collect();
    let names: Vec<String> = debtors.iter().map(full).collect();
    let mine = |ctx: &EvalCtx| -> Vec<RowChange> {
        let me = ctx.user_id("splitwise");
        added(ctx, "splitwise", "expenses")
            .into_iter()
            .filter(|r| r.get("user_id").as_i64() == me)
            .cloned()
            .collect()
    };
    let one = move |ctx: &EvalCtx| -> Result<RowChange, String> {
        match mine(ctx).as_slice() {
            [one] => Ok(one.clone()),
            other => Err(format!("{} expenses recorded", other.len())),
        }
    };
    let desc_s = desc.to_string();
    parts.checks = vec![
        Check::new("exactly one new Splitwise expense", move |ctx| {
            one(ctx).map(|_| ())
        }),
        Check::new(
            format!(
                "it is the receipt's total, ${}, paid by the supervisor, outside any group",
                c2(total)
            ),
            move |ctx| {
                let e = one(ctx)?;
                if !same_amount(e.get("amount").as_f64().unwrap_or(0.0), usd(total)) {
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
        Check::new(format!("split among exactly {}", names.join(", ")), {
            let emails = emails.clone();
            move |ctx| {
                let e = one(ctx)?;
                let mut want: Vec<i64> = emails
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
            }
        }),
        Check::new(format!("equal shares of ${} each", c2(share)), move |ctx| {
            let e = one(ctx)?;
            match expense_shares(ctx, e.id)
                .iter()
                .find(|s| !same_amount(s.1, usd(share)))
            {
                Some(s) => Err(format!("a share of ${}", s.1)),
                None => Ok(()),
            }
        }),
        Check::new(format!("described as \"{desc}\""), move |ctx| {
            let e = one(ctx)?;
            let got = e.get("description").as_str().unwrap_or("").to_string();
            if same_text(&got, &desc_s) {
                Ok(())
            } else {
                Err(format!("described as \"{got}\""))
            }
        }),
    ];
    parts.allowed = vec![
        allow_added(
            "the supervisor's Splitwise expenses",
            "splitwise",
            "expenses",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("splitwise"),
        ),
        allow_added("their shares", "splitwise", "expense_shares", |_, _| true),
        allow::splitwise_notifications(),
    ];
    parts
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
