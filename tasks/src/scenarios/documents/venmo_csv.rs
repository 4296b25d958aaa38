//! "Write ~/documents/finance/venmo_<month>.csv with a line per Venmo payment I sent that
//! month." More than a page of payments; payments just outside the month (one late on its last
//! day inside). Variant 2 lists received ones too, signed; variant 3 is another month.

use super::{allow_fs_under, fs_login};
use crate::eval::EvalCtx;
use crate::kit::files::end_files;
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use apps::people::Person;
use chrono::NaiveDateTime;

pub(super) fn build(g: &mut Gen) -> Parts {
    let p = g.supervisor();
    let others: Vec<Person> = {
        let mut v = Vec::new();
        for (_, id) in g.population.relations_of(p.id) {
            if v.len() < 4 && !v.iter().any(|x: &Person| x.id == id) {
                v.push(g.person(id));
            }
        }
        let mut k = 1;
        while v.len() < 4 {
            if k != p.id && !v.iter().any(|x| x.id == k) {
                v.push(g.person(k));
            }
            k += 1;
        }
        v
    };
    let (month, label, prev_last, next_first) = match g.variant {
        3 => ("2023-03", "March 2023", "2023-02-28", "2023-04-01"),
        _ => ("2023-04", "April 2023", "2023-03-31", "2023-05-01"),
    };
    let path = format!("~/documents/finance/venmo_{}.csv", month.replace('-', "_"));
    // (who index, sent?, amount, description, day, time)
    let pays: Vec<(usize, bool, f64, &str, String, &str)> = vec![
        (
            0,
            true,
            42.50,
            "Concert tickets",
            format!("{month}-01"),
            "08:15:00",
        ),
        (1, true, 18.00, "Lunch", format!("{month}-04"), "13:05:00"),
        (
            2,
            true,
            64.25,
            "Groceries",
            format!("{month}-09"),
            "18:40:00",
        ),
        (
            3,
            false,
            35.00,
            "Gas money",
            format!("{month}-11"),
            "10:00:00",
        ),
        (
            0,
            true,
            12.75,
            "Coffee run",
            format!("{month}-14"),
            "09:30:00",
        ),
        (1, true, 90.00, "Concert", format!("{month}-19"), "21:10:00"),
        (2, false, 22.40, "Pizza", format!("{month}-22"), "20:00:00"),
        (3, true, 27.60, "Cab", format!("{month}-25"), "23:50:00"),
        (
            0,
            true,
            120.00,
            "Bike",
            format!("{month}-{}", if month == "2023-04" { "30" } else { "31" }),
            "23:10:00",
        ),
        (1, true, 25.00, "Taxi", prev_last.to_string(), "22:40:00"),
        (2, true, 60.00, "Dinner", next_first.to_string(), "09:00:00"),
    ];
    let both = g.variant == 2;
    let history: [&str; 4] = if month == "2023-04" {
        ["2023-01", "2023-02", "2023-03", "2023-05"]
    } else {
        ["2023-01", "2023-02", "2023-04", "2023-05"]
    };
    let instruction = match g.variant {
        1 => format!(
            "Make me a CSV of the Venmo payments I sent in {label}: save it as {path} with the header date,name,amount and one line per payment (date as YYYY-MM-DD, the recipient's name as saved in my phone contacts, or their Venmo name if they are not a contact, the amount with two decimals), oldest first."
        ),
        2 => format!(
            "I need all my Venmo money movements of {label} in a file: {path}, header date,name,amount, one line per transaction oldest first, date YYYY-MM-DD, the other person's name as I saved it in my phone contacts (their Venmo name for non-contacts), and the amount with two decimals: positive for money I received, negative for money I sent."
        ),
        _ => format!(
            "For my budget, write {path}: every Venmo payment I made in {label}, one per line after the header date,name,amount (YYYY-MM-DD date, who I paid, named as in my phone contacts or else as on Venmo, amount with 2 decimals), in date order."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "venmo", "file_system"];
    let (sup, oth) = (p.clone(), others.clone());
    let nickname = ["Mo", "Bee", "Jojo"][usize::from(g.variant - 1)];
    let pays_s: Vec<(usize, bool, f64, String, String)> = pays
        .iter()
        .map(|(i, s, a, d, day, t)| (*i, *s, *a, d.to_string(), format!("{day}T{t}")))
        .collect();
    parts.setup.push(step(move |s| {
        for (i, sent, amount, what, at) in &pays_s {
            let at = NaiveDateTime::parse_from_str(at, "%Y-%m-%dT%H:%M:%S").unwrap_or_default();
            if *sent {
                s.add_venmo_payment(&sup, &oth[*i], *amount, what, at)?;
            } else {
                s.add_venmo_payment(&oth[*i], &sup, *amount, what, at)?;
            }
        }
        // One payee is saved under a nickname.
        s.execute(
            "UPDATE phone.contacts SET first_name = ?1 WHERE user_id = ?2 AND email = ?3",
            rusqlite::params![nickname, s.user_id("phone", &sup)?, oth[0].email],
        )?;
        // Months of history around it (more pages to read).
        let what = [
            "Coffee",
            "Movie night",
            "Groceries",
            "Parking",
            "Brunch",
            "Books",
        ];
        for k in 0..24_i64 {
            let m = history[(k % 4) as usize];
            let at = NaiveDateTime::parse_from_str(
                &format!(
                    "{m}-{:02}T12:30:00",
                    if m == "2023-05" {
                        2 + k % 12
                    } else {
                        3 + (k * 5) % 24
                    }
                ),
                "%Y-%m-%dT%H:%M:%S",
            )
            .unwrap_or_default();
            let amount = 8.5 + 3.25 * k as f64;
            let who = &oth[(k % 4) as usize];
            let desc = what[(k % 6) as usize];
            if k % 5 == 4 {
                s.add_venmo_payment(who, &sup, amount, desc, at)?;
            } else {
                s.add_venmo_payment(&sup, who, amount, desc, at)?;
            }
        }
        Ok(())
    }));
    let script = Script::parse(include_str!("venmo_csv.py"));
    let none = Vals::new();
    let write = |paging: bool, in_month: &str, with_received: bool, signed: bool, saved: bool| {
        let cell = |name: &str| script.cell(name, &none);
        let (contacts, fetch) = if paging {
            ("all_contacts", "all_txs")
        } else {
            ("first_contacts", "first_txs")
        };
        let vals = Vals::new()
            .code("contacts", cell(contacts))
            .code("fetch", cell(fetch))
            .code(
                "keep",
                cell(if with_received {
                    "sent_or_received"
                } else {
                    "sent"
                }),
            )
            .code("when", in_month)
            .code("amount", cell(if signed { "signed" } else { "plain" }))
            .code(
                "name",
                cell(if saved { "saved_name" } else { "venmo_name" }),
            )
            .lit("path", &path);
        script.cell("write", &vals)
    };
    let in_month = script.cell("in_month", &Vals::new().lit("month", month));
    let last_day = if month == "2023-04" {
        "2023-04-30"
    } else {
        "2023-03-31"
    };
    let bad_bounds = script.cell(
        "bad_bounds",
        &Vals::new()
            .lit("first", &format!("{month}-01"))
            .lit("last", last_day),
    );
    parts.ground_truth = vec![fs_login(), write(true, &in_month, both, both, true)];
    parts.wrong = vec![
        solution(
            "reads only the first page of transactions",
            vec![fs_login(), write(false, &in_month, both, both, true)],
        ),
        solution(
            "compares datetimes with the last day's date, losing its evening payment",
            vec![fs_login(), write(true, &bad_bounds, both, both, true)],
        ),
    ];
    parts.wrong.push(solution(
        "names people as on Venmo, not as saved in the contacts",
        vec![fs_login(), write(true, &in_month, both, both, false)],
    ));
    if both {
        parts.wrong.push(solution(
            "writes every amount as positive",
            vec![fs_login(), write(true, &in_month, true, false, true)],
        ));
    } else {
        parts.wrong.push(solution(
            "lists the money received too",
            vec![fs_login(), write(true, &in_month, true, false, true)],
        ));
    }
    // Expected rows from the end state (the base world's payments of the month count too).
    let expected = move |ctx: &EvalCtx| -> Vec<(String, String, i64)> {
        let Some(me) = ctx.user_id("venmo") else {
            return Vec::new();
        };
        let Ok(mut st) = ctx.db.prepare_cached(
            "SELECT substr(t.created_at, 1, 10), t.sender_id, \
             coalesce((SELECT c.first_name || ' ' || c.last_name FROM phone.contacts c WHERE c.user_id = ?3 AND c.email = s.email ORDER BY c.id LIMIT 1), s.first_name || ' ' || s.last_name), \
             coalesce((SELECT c.first_name || ' ' || c.last_name FROM phone.contacts c WHERE c.user_id = ?3 AND c.email = r.email ORDER BY c.id LIMIT 1), r.first_name || ' ' || r.last_name), t.amount \
             FROM venmo.transactions t JOIN venmo.users s ON s.id = t.sender_id JOIN venmo.users r ON r.id = t.receiver_id \
             WHERE (t.sender_id = ?1 OR t.receiver_id = ?1) AND substr(t.created_at, 1, 7) = ?2 ORDER BY t.created_at",
        ) else {
            return Vec::new();
        };
        let ph = ctx.user_id("phone").unwrap_or(0);
        st.query_map(rusqlite::params![me, month, ph], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, f64>(4)?,
            ))
        })
        .map(|rows| {
            rows.filter_map(Result::ok)
                .filter(|(_, s, _, _, _)| both || *s == me)
                .map(|(d, s, sn, rn, a)| {
                    let cents = (a * 100.0).round() as i64;
                    if s == me {
                        (d, rn.to_lowercase(), if both { -cents } else { cents })
                    } else {
                        (d, sn.to_lowercase(), cents)
                    }
                })
                .collect()
        })
        .unwrap_or_default()
    };
    let parse = |content: &str| -> Vec<(String, String, i64)> {
        crate::kit::notes::lines(content)
            .iter()
            .skip(1)
            .filter_map(|l| {
                let parts: Vec<&str> = l.split(',').map(str::trim).collect();
                let [d, n, a] = parts.as_slice() else {
                    return None;
                };
                let a: f64 = a.trim_start_matches('$').parse().ok()?;
                Some((d.to_string(), n.to_lowercase(), (a * 100.0).round() as i64))
            })
            .collect()
    };
    let p1 = path.clone();
    parts.checks.push(Check::new(
        format!("{path} exists with the header date,name,amount"),
        move |ctx| match end_files(ctx).get(&p1) {
            None => Err("no such file".into()),
            Some(c)
                if crate::kit::notes::lines(c).first().map(String::as_str)
                    == Some("date,name,amount") =>
            {
                Ok(())
            }
            Some(_) => Err("another header".into()),
        },
    ));
    let p2 = path.clone();
    let what = if both {
        "transaction (sent and received, signed)"
    } else {
        "payment sent"
    };
    parts.checks.push(Check::new(
        format!("one line per {what} in {label}, with date, full name and amount"),
        move |ctx| {
            let Some(c) = end_files(ctx).get(&p2).cloned() else {
                return Err("no file".into());
            };
            let mut got = parse(&c);
            let mut want = expected(ctx);
            got.sort();
            want.sort();
            if got == want {
                Ok(())
            } else {
                Err(format!("{} lines, {} expected", got.len(), want.len()))
            }
        },
    ));
    let p3 = path.clone();
    let last = pays[8].4.to_string();
    let first = format!("{month}-01");
    let last2 = last.clone();
    parts.checks.push(Check::new(
        format!("the payments of {first} ($42.50) and {last} ($120.00) are in it"),
        move |ctx| {
            let c = end_files(ctx).get(&p3).cloned().unwrap_or_default();
            let rows = parse(&c);
            for (d, cents) in [(&first, 4250_i64), (&last2, 12000)] {
                if !rows.iter().any(|r| &r.0 == d && r.2.abs() == cents) {
                    return Err(format!("no line for {d}"));
                }
            }
            Ok(())
        },
    ));
    let p4 = path.clone();
    parts.checks.push(Check::new(
        format!("nothing from {prev_last} or {next_first}"),
        move |ctx| {
            let c = end_files(ctx).get(&p4).cloned().unwrap_or_default();
            match parse(&c)
                .iter()
                .find(|r| r.0 == prev_last || r.0 == next_first)
            {
                Some(r) => Err(format!("a line of {}", r.0)),
                None => Ok(()),
            }
        },
    ));
    let p5 = path.clone();
    parts
        .checks
        .push(Check::new("the lines are oldest first", move |ctx| {
            let c = end_files(ctx).get(&p5).cloned().unwrap_or_default();
            let rows = parse(&c);
            if rows.is_empty() {
                return Err("no lines".into());
            }
            if rows.windows(2).all(|w| w[0].0 <= w[1].0) {
                Ok(())
            } else {
                Err("out of order".into())
            }
        }));
    if both {
        let p6 = path.clone();
        let (recv_day, sent_day) = (format!("{month}-11"), format!("{month}-01"));
        parts.checks.push(Check::new(
            format!("signed amounts: +35.00 received on {recv_day}, -42.50 sent on {sent_day}"),
            move |ctx| {
                let c = end_files(ctx).get(&p6).cloned().unwrap_or_default();
                let rows = parse(&c);
                for (d, cents) in [(&recv_day, 3500_i64), (&sent_day, -4250)] {
                    if !rows.iter().any(|r| &r.0 == d && r.2 == cents) {
                        return Err(format!("no line of {d} for {:.2}", cents as f64 / 100.0));
                    }
                }
                Ok(())
            },
        ));
    } else {
        let p6 = path.clone();
        parts.checks.push(Check::new(
            "no money received is listed (the $35.00 and $22.40)",
            move |ctx| {
                let c = end_files(ctx).get(&p6).cloned().unwrap_or_default();
                match parse(&c).iter().find(|r| r.2 == 3500 || r.2 == 2240) {
                    Some(r) => Err(format!("a line of {}", r.0)),
                    None => Ok(()),
                }
            },
        ));
    }
    parts.allowed = vec![allow_fs_under(&[path.as_str(), "~/documents/finance/"])];
    parts
}
