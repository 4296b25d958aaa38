//! "I paid our Premium for both of us; ask my wife for half on Venmo with the note N." The
//! subscription history holds last year's too. Variant 2: save the receipt into a folder as
//! well; variant 3: monthly payments, half of the last three.

use crate::diff::ChangeKind;
use crate::kit::changes::{added, allow_added};
use crate::kit::files;
use crate::kit::files::content_like;
use crate::kit::money::same_amount;
use crate::kit::python::solution;
use crate::kit::time::days_ago;
use crate::kit::venmo::{requests_sent, user_by_email};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep, with_app};
use apps::people::{Person, Relation};
use chrono::NaiveDateTime;

/// Where variant 2 saves the receipt.
const PATH: &str = "~/documents/receipts/spotify_premium.txt";

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// "wife" or "husband", and the spouse.
    label: &'static str,
    spouse: Person,
    /// The Premium subscriptions: (start, end, paid).
    subs: Vec<(NaiveDateTime, NaiveDateTime, f64)>,
    /// How many of the latest subscriptions to split.
    last: usize,
    note: &'static str,
    /// What they cost, and half of it.
    total: f64,
    half: f64,
}

/// Builds one variant's task: the design's parts, with the apps of the variant (variant 2
/// saves the receipt).
impl Design for Values {
    const APPS: &[&str] = &["supervisor", "spotify", "phone", "venmo"];
    const SCRIPT: &str = include_str!("premium_half.py");

    fn apps(v: &Values) -> Vec<&'static str> {
        with_app(Self::APPS, (v.variant == 2).then_some("file_system"))
    }

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| {
            pop.relations_of(p.id)
                .iter()
                .any(|(r, _)| matches!(r, Relation::Wife | Relation::Husband))
        });
        let (label, sid) = spouse(g, &p).unwrap_or(("wife", p.id));
        let sp_person = g.person(sid);
        let variant = g.variant;
        let now = g.now;
        let d = |days: i64| days_ago(now, days, 10, 0);
        // (start, end, paid); the wanted total is over the last `last` subscriptions.
        let (subs, last, note): (Vec<(NaiveDateTime, NaiveDateTime, f64)>, usize, &str) =
            match variant {
                1 => (
                    vec![(d(400), d(35), 99.98), (d(35), d(-330), 119.9)],
                    1,
                    "Spotify Premium",
                ),
                2 => (
                    vec![(d(420), d(55), 95.0), (d(55), d(-310), 109.98)],
                    1,
                    "Premium for us two",
                ),
                _ => (
                    vec![
                        (d(140), d(110), 9.99),
                        (d(110), d(80), 9.99),
                        (d(80), d(50), 10.98),
                        (d(50), d(20), 10.98),
                        (d(20), d(-10), 12.98),
                    ],
                    3,
                    "Spotify, last 3 months",
                ),
            };
        let total: f64 = subs.iter().rev().take(last).map(|s| s.2).sum();
        let half = (total * 50.0).round() / 100.0;
        Values {
            variant,
            supervisor: p,
            label,
            spouse: sp_person,
            subs,
            last,
            note,
            total,
            half,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let (label, note, path) = (v.label, v.note, PATH);
        match v.variant {
            1 => format!(
                "I paid this year's Spotify Premium for both of us. Ask my {label} for half of what I paid for my current subscription on Venmo, with the note \"{note}\"."
            ),
            2 => format!(
                "Request half the price of my current Spotify Premium subscription from my {label} on Venmo (note: \"{note}\"), and save that subscription's receipt in my file system as {path}."
            ),
            _ => format!(
                "My {label} and I share my Spotify Premium, which I pay monthly. Request half of what I paid for the last three months from them on Venmo, with the note \"{note}\"."
            ),
        }
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let rows: Vec<(NaiveDateTime, NaiveDateTime, &str, f64)> = v
                .subs
                .iter()
                .map(|(a, b, c)| (*a, *b, "4417", *c))
                .collect();
            s.set_premium_subscriptions(&v.supervisor, &rows)?;
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        // `pick` the latest (or oldest) `n` subscriptions; ask for `round(total <share>, 2)`, by a
        // request or a payment, saving the receipt in variant 2.
        let solve = |n: usize, oldest: bool, share: &str, pay: bool| {
            let vals = Vals::new()
                .code("reverse", if oldest { "False" } else { "True" })
                .code("n", n)
                .lit("label", v.label)
                .code("amount", format!("round(total {share}, 2)"))
                .lit("note", v.note)
                .lit("path", PATH);
            let ask = match (pay, v.variant == 2) {
                (false, false) => "request",
                (false, true) => "request_saving_receipt",
                (true, false) => "pay",
                (true, true) => "pay_saving_receipt",
            };
            script.cells(&["logins", "pick", "find_spouse", ask], &vals)
        };
        let last = v.last;
        let ground_truth = solve(last, false, "/ 2", false);
        let mut wrong = vec![
            solution("asks for the whole amount", solve(last, false, "", false)),
            solution(
                "takes the oldest subscription(s)",
                solve(last, true, "/ 2", false),
            ),
            solution(
                "pays the spouse instead of requesting",
                solve(last, false, "/ 2", true),
            ),
        ];
        if v.variant == 3 {
            wrong.push(solution(
                "takes only the latest month",
                solve(1, false, "/ 2", false),
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = vec![
            v.check(
                format!(
                    "exactly one request, to the {} {} {}",
                    v.label, v.spouse.first_name, v.spouse.last_name
                ),
                |v, ctx| {
                    let r = requests_sent(ctx);
                    let them = user_by_email(ctx, &v.spouse.email);
                    if r.len() == 1 && Some(r[0].receiver) == them {
                        Ok(())
                    } else {
                        Err(format!(
                            "requests to {:?}",
                            r.iter().map(|x| x.receiver).collect::<Vec<_>>()
                        ))
                    }
                },
            ),
            v.check(
                format!("it asks for half of ${:.2}: ${:.2}", v.total, v.half),
                |v, ctx| match requests_sent(ctx).first() {
                    Some(r) if same_amount(r.amount, v.half) => Ok(()),
                    Some(r) => Err(format!("${}", r.amount)),
                    None => Err("no request".into()),
                },
            ),
            v.check(
                format!("its note is \"{}\"", v.note),
                |v, ctx| match requests_sent(ctx).first() {
                    Some(r) if r.description.trim() == v.note => Ok(()),
                    Some(r) => Err(format!("\"{}\"", r.description)),
                    None => Err("no request".into()),
                },
            ),
            Check::new("no money was sent", |ctx| {
                let me = ctx.user_id("venmo");
                let n = added(ctx, "venmo", "transactions")
                    .iter()
                    .filter(|r| r.get("sender_id").as_i64() == me)
                    .count();
                if n == 0 {
                    Ok(())
                } else {
                    Err(format!("{n} payments"))
                }
            }),
        ];
        if v.variant == 2 {
            checks.push(v.check(
                format!(
                    "the receipt (Total Payment: ${:.2}) is saved as {PATH}",
                    v.total
                ),
                |v, ctx| {
                    let content = content_like(ctx, "%/documents/receipts/spotify_premium.txt");
                    match content {
                        Some(c) if c.contains(&format!("Total Payment: ${:.2}", v.total)) => Ok(()),
                        Some(c) => Err(format!("it reads {c:?}")),
                        None => Err("no such file".into()),
                    }
                },
            ));
        }
        checks
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            allow_added("the request", "venmo", "payment_requests", |ctx, r| {
                r.get("sender_id").as_i64() == ctx.user_id("venmo")
            }),
            allow_added("its notification", "venmo", "notifications", |_, _| true),
            v.allow("the receipt file and its folders", |v, ctx, r| {
                v.variant == 2
                    && r.kind() == ChangeKind::Added
                    && r.schema == "file_system"
                    && files::is_mine(ctx, r)
            }),
        ]
    }
}

/// The spouse's relation label for `p` ("wife" or "husband") and their id.
fn spouse(g: &Gen, p: &Person) -> Option<(&'static str, i64)> {
    g.population
        .relations_of(p.id)
        .into_iter()
        .find_map(|(r, id)| match r {
            Relation::Wife => Some(("wife", id)),
            Relation::Husband => Some(("husband", id)),
            _ => None,
        })
}
