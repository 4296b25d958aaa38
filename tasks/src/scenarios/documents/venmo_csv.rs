//! "Write ~/documents/finance/venmo_<month>.csv with a line per Venmo payment I sent that
//! month." More than a page of payments; payments just outside the month (one late on its last
//! day inside). Variant 2 lists received ones too, signed; variant 3 is another month.

use super::{allow_fs_under, fs_login};
use crate::eval::EvalCtx;
use crate::kit::files::end_files;
use crate::kit::python::solution;
use crate::kit::venmo::month_transactions;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use apps::phone::rows::Contacts;
use chrono::NaiveDateTime;

/// A CSV row: (date, lower-cased name, amount in cents).
type Row = (String, String, i64);

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    /// The four people the payments go to and come from.
    others: Vec<Person>,
    /// The month as YYYY-MM, its label, the day before it and the day after it.
    month: &'static str,
    label: &'static str,
    prev_last: &'static str,
    next_first: &'static str,
    /// The CSV to write.
    path: String,
    /// The payments: (who index, sent?, amount, description, day, time).
    pays: Vec<(usize, bool, f64, &'static str, String, &'static str)>,
    /// Does the CSV list the money received too (signed)?
    both: bool,
    /// The months of history around the month.
    history: [&'static str; 4],
    /// The name the first payee is saved under.
    nickname: &'static str,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "venmo", "file_system"];
    const SCRIPT: &str = include_str!("venmo_csv.py");

    /// Draws the variant's values (with its instruction).
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let others = others(g, &p);
        let (month, label, prev_last, next_first) = match g.variant {
            3 => ("2023-03", "March 2023", "2023-02-28", "2023-04-01"),
            _ => ("2023-04", "April 2023", "2023-03-31", "2023-05-01"),
        };
        let path = format!("~/documents/finance/venmo_{}.csv", month.replace('-', "_"));
        let pays = pays(month, prev_last, next_first);
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
        let nickname = ["Mo", "Bee", "Jojo"][usize::from(g.variant - 1)];
        let v = Values {
            supervisor: p,
            others,
            month,
            label,
            prev_last,
            next_first,
            path,
            pays,
            both,
            history,
            nickname,
        };
        Drawing::from(v).instruction(instruction)
    }

    /// The payments of the month and months of history around it.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, oth, history) = (&v.supervisor, &v.others, &v.history);
            for (i, sent, amount, what, day, t) in &v.pays {
                let at = NaiveDateTime::parse_from_str(&format!("{day}T{t}"), "%Y-%m-%dT%H:%M:%S")
                    .unwrap_or_default();
                if *sent {
                    s.add_venmo_payment(sup, &oth[*i], *amount, what, at)?;
                } else {
                    s.add_venmo_payment(&oth[*i], sup, *amount, what, at)?;
                }
            }
            // One payee is saved under a nickname.
            Contacts::set_first_name(s.db, s.user_id("phone", sup)?, &oth[0].email, v.nickname)?;
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
                    s.add_venmo_payment(who, sup, amount, desc, at)?;
                } else {
                    s.add_venmo_payment(sup, who, amount, desc, at)?;
                }
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let (path, month, both) = (&v.path, v.month, v.both);
        let none = Vals::new();
        let write =
            |paging: bool, in_month: &str, with_received: bool, signed: bool, saved: bool| {
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
                    .lit("path", path);
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
        let ground_truth = vec![fs_login(), write(true, &in_month, both, both, true)];
        let mut wrong = vec![
            solution(
                "reads only the first page of transactions",
                vec![fs_login(), write(false, &in_month, both, both, true)],
            ),
            solution(
                "compares datetimes with the last day's date, losing its evening payment",
                vec![fs_login(), write(true, &bad_bounds, both, both, true)],
            ),
            solution(
                "names people as on Venmo, not as saved in the contacts",
                vec![fs_login(), write(true, &in_month, both, both, false)],
            ),
        ];
        if both {
            wrong.push(solution(
                "writes every amount as positive",
                vec![fs_login(), write(true, &in_month, true, false, true)],
            ));
        } else {
            wrong.push(solution(
                "lists the money received too",
                vec![fs_login(), write(true, &in_month, true, false, true)],
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let (path, month, label) = (&v.path, v.month, v.label);
        let what = if v.both {
            "transaction (sent and received, signed)"
        } else {
            "payment sent"
        };
        let last = v.pays[8].4.to_string();
        let first = format!("{month}-01");
        let mut checks = vec![
            v.check(
                format!("{path} exists with the header date,name,amount"),
                |v, ctx| match end_files(ctx).get(&v.path) {
                    None => Err("no such file".into()),
                    Some(c)
                        if crate::kit::notes::lines(c).first().map(String::as_str)
                            == Some("date,name,amount") =>
                    {
                        Ok(())
                    }
                    Some(_) => Err("another header".into()),
                },
            ),
            v.check(
                format!("one line per {what} in {label}, with date, full name and amount"),
                |v, ctx| {
                    let Some(c) = end_files(ctx).get(&v.path).cloned() else {
                        return Err("no file".into());
                    };
                    let mut got = parse(&c);
                    let mut want = expected(v, ctx);
                    got.sort();
                    want.sort();
                    if got == want {
                        Ok(())
                    } else {
                        Err(format!("{} lines, {} expected", got.len(), want.len()))
                    }
                },
            ),
            v.check(
                format!("the payments of {first} ($42.50) and {last} ($120.00) are in it"),
                |v, ctx| {
                    let rows = end_rows(v, ctx);
                    let (first, last) = (format!("{}-01", v.month), v.pays[8].4.to_string());
                    for (d, cents) in [(&first, 4250_i64), (&last, 12000)] {
                        if !rows.iter().any(|r| &r.0 == d && r.2.abs() == cents) {
                            return Err(format!("no line for {d}"));
                        }
                    }
                    Ok(())
                },
            ),
            v.check(
                format!("nothing from {} or {}", v.prev_last, v.next_first),
                |v, ctx| match end_rows(v, ctx)
                    .iter()
                    .find(|r| r.0 == v.prev_last || r.0 == v.next_first)
                {
                    Some(r) => Err(format!("a line of {}", r.0)),
                    None => Ok(()),
                },
            ),
            v.check("the lines are oldest first", |v, ctx| {
                let rows = end_rows(v, ctx);
                if rows.is_empty() {
                    return Err("no lines".into());
                }
                if rows.windows(2).all(|w| w[0].0 <= w[1].0) {
                    Ok(())
                } else {
                    Err("out of order".into())
                }
            }),
        ];
        checks.push(sign_check(v));
        checks
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        vec![allow_fs_under(&[v.path.as_str(), "~/documents/finance/"])]
    }
}

/// The four people the payments go to and come from: the supervisor's relations first, then
/// the first other people by id.
fn others(g: &mut Gen, p: &Person) -> Vec<Person> {
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
}

/// The payments: (who index, sent?, amount, description, day, time).
fn pays(
    month: &str,
    prev_last: &str,
    next_first: &str,
) -> Vec<(usize, bool, f64, &'static str, String, &'static str)> {
    vec![
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
    ]
}

/// The rows expected from the end state (the base world's payments of the month count too).
fn expected(v: &Values, ctx: &EvalCtx) -> Vec<Row> {
    let (month, both) = (v.month, v.both);
    let Some(me) = ctx.user_id("venmo") else {
        return Vec::new();
    };
    month_transactions(ctx, me, month)
        .into_iter()
        .filter(|t| both || t.sender == me)
        .map(|t| {
            let cents = (t.amount * 100.0).round() as i64;
            if t.sender == me {
                (
                    t.day,
                    t.receiver_name.to_lowercase(),
                    if both { -cents } else { cents },
                )
            } else {
                (t.day, t.sender_name.to_lowercase(), cents)
            }
        })
        .collect()
}

/// The rows of a CSV's content, after its header.
fn parse(content: &str) -> Vec<Row> {
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
}

/// The rows of the CSV at the end (none if there is no file).
fn end_rows(v: &Values, ctx: &EvalCtx) -> Vec<Row> {
    parse(&end_files(ctx).get(&v.path).cloned().unwrap_or_default())
}

/// Variant 2: the amounts are signed; otherwise: no money received is listed.
fn sign_check(v: &Drawn<Values>) -> Check {
    let month = v.month;
    if v.both {
        let (recv_day, sent_day) = (format!("{month}-11"), format!("{month}-01"));
        v.check(
            format!("signed amounts: +35.00 received on {recv_day}, -42.50 sent on {sent_day}"),
            |v, ctx| {
                let rows = end_rows(v, ctx);
                let (recv_day, sent_day) = (format!("{}-11", v.month), format!("{}-01", v.month));
                for (d, cents) in [(&recv_day, 3500_i64), (&sent_day, -4250)] {
                    if !rows.iter().any(|r| &r.0 == d && r.2 == cents) {
                        return Err(format!("no line of {d} for {:.2}", cents as f64 / 100.0));
                    }
                }
                Ok(())
            },
        )
    } else {
        v.check(
            "no money received is listed (the $35.00 and $22.40)",
            |v, ctx| match end_rows(v, ctx).iter().find(|r| r.2 == 3500 || r.2 == 2240) {
                Some(r) => Err(format!("a line of {}", r.0)),
                None => Ok(()),
            },
        )
    }
}
