//! "My roommates paid me back on Venmo this month; record each of those payments in our
//! Roommates group on Splitwise (same amount and note)." Near misses: a payment the supervisor
//! sent a roommate, April's payments, a friend's payment this month. Variant 2 stores a
//! roommate under a nickname; variant 3 adds a payment on the 1st.

use super::nickname;
use crate::kit::allow;
use crate::kit::changes::allow_own;
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::money::{cents_of, usd};
use crate::kit::people::related;
use crate::kit::python::solution;
use crate::kit::splitwise::{group_named, payments_added};
use crate::kit::text::same_text;
use crate::kit::time::on;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::{Duration, NaiveDate, NaiveDateTime};

/// A Venmo payment the setup adds.
struct Pay {
    from: Person,
    to: Person,
    cents: i64,
    note: String,
    at: NaiveDateTime,
    /// A roommate's payment to the supervisor this month: to record.
    counts: bool,
}

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    variant: u8,
    now: NaiveDateTime,
    month_start: NaiveDateTime,
    mates: Vec<Person>,
    friend: Person,
    /// Variant 2: the first roommate's contact is saved under this nickname.
    nick: String,
    pays: Vec<Pay>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "phone", "venmo", "splitwise"];
    const SCRIPT: &str = include_str!("venmo_to_splitwise.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| {
            !related(pop, p, Relation::Roommate).is_empty()
                && !related(pop, p, Relation::Friend).is_empty()
        });
        let v = g.variant;
        let mates = related(pop, &p, Relation::Roommate);
        let friend = related(pop, &p, Relation::Friend)[0].clone();
        let now = g.now;
        let month_start = NaiveDate::from_ymd_opt(2023, 5, 1)
            .and_then(|d| d.and_hms_opt(0, 0, 0))
            .unwrap_or(now);
        let pay = |from: &Person, to: &Person, cents, note: &str, at, counts| Pay {
            from: from.clone(),
            to: to.clone(),
            cents,
            note: note.to_string(),
            at,
            counts,
        };
        let mut pays: Vec<Pay> = Vec::new();
        let notes = [
            "Internet share",
            "Groceries",
            "Electricity - April",
            "Pizza night",
        ];
        for (i, note) in notes.iter().enumerate().take(3) {
            let m = &mates[i % mates.len()];
            let c = cents_of(&mut g.rng, 1_500, 9_000, 1);
            let at = on(2023, 5, 3 + 4 * i as u32, 19, 10 + i as u32);
            pays.push(pay(m, &p, c, note, at, true));
        }
        if v == 3 {
            let c = cents_of(&mut g.rng, 1_500, 9_000, 1);
            pays.push(pay(&mates[0], &p, c, notes[3], on(2023, 5, 1, 8, 5), true));
        }
        let c = cents_of(&mut g.rng, 1_500, 9_000, 1);
        let cleaning = on(2023, 5, 9, 12, 0);
        pays.push(pay(&p, &mates[0], c, "Cleaning supplies", cleaning, false));
        let c = cents_of(&mut g.rng, 1_500, 9_000, 1);
        let water = on(2023, 4, 27, 20, 0);
        pays.push(pay(&mates[0], &p, c, "Water bill", water, false));
        let c = cents_of(&mut g.rng, 1_500, 9_000, 1);
        let concert = on(2023, 5, 10, 21, 0);
        pays.push(pay(&friend, &p, c, "Concert tickets", concert, false));
        Values {
            nick: nickname(pop, &p, 2),
            supervisor: p,
            variant: v,
            now,
            month_start,
            mates,
            friend,
            pays,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        match v.variant {
            1 => "My roommate paid me back a few times on Venmo this month. Record each of those Venmo payments as a payment in our Roommates group on Splitwise, with the same amount and note.".to_string(),
            2 => "Every Venmo payment I received from my roommates so far this month should also be on Splitwise: add each one as a payment from them to me in our Roommates group, using the Venmo note as the description.".to_string(),
            _ => "Sync Splitwise with Venmo: for each payment my roommates sent me on Venmo this month, record a matching payment (same amount, Venmo note as description) in our Roommates group.".to_string(),
        }
    }

    /// Only the designed payments with the roommates and the friend since mid-April; variant 2
    /// relabels a roommate.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let sup = &v.supervisor;
            for m in v.mates.iter().chain(std::iter::once(&v.friend)) {
                s.remove_venmo_transactions_between(
                    sup,
                    m,
                    v.month_start - Duration::days(10),
                    v.now,
                )?;
            }
            if v.variant == 2 {
                s.relabel_contact(sup, &v.mates[0], &v.nick, &["roommate"])?;
            }
            for p in &v.pays {
                s.add_venmo_payment(&p.from, &p.to, usd(p.cents), &p.note, p.at)?;
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions (`find` reads each roommate's `transactions`).
    fn solutions(_v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let cells = |transactions: &str, record: &str| {
            let vals = Vals::new().code("transactions", script.cell(transactions, &none));
            script.cells(&["logins", "find", record], &vals)
        };
        let ground_truth = cells("received_this_month", "record");
        let wrong = vec![
            solution(
                "records the payments the supervisor sent too",
                cells("this_month", "record"),
            ),
            solution(
                "takes every payment from them, April's too",
                cells("received_all_time", "record"),
            ),
            solution(
                "records them outside the group",
                cells("received_this_month", "record_outside_group"),
            ),
            solution(
                "swaps payer and receiver",
                cells("received_this_month", "record_swapped"),
            ),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let shown = counted(v)
            .map(|p| format!("{} ${} \"{}\"", p.from.first_name, c2(p.cents), p.note))
            .collect::<Vec<_>>()
            .join(", ");
        vec![
            v.check(
                format!("{} Splitwise payments recorded", counted(v).count()),
                |v, ctx| match payments_added(ctx).len() {
                    n if n == counted(v).count() => Ok(()),
                    n => Err(format!("{n} payments")),
                },
            ),
            v.check(format!("one for each Venmo payment: {shown}"), |v, ctx| {
                let mut got = payments_added(ctx);
                for p in counted(v) {
                    let id = uid(ctx, "splitwise", &p.from.email);
                    match got.iter().position(|x| {
                        id.is_some() && x.payer == id && same_amount(x.amount, usd(p.cents))
                    }) {
                        Some(i) => {
                            got.remove(i);
                        }
                        None => {
                            return Err(format!(
                                "none of ${} from {}",
                                c2(p.cents),
                                p.from.first_name
                            ));
                        }
                    }
                }
                Ok(())
            }),
            v.check("each is paid to the supervisor", |_, ctx| {
                let me = ctx.user_id("splitwise").unwrap_or(0);
                match payments_added(ctx).iter().find(|x| x.receiver != Some(me)) {
                    Some(x) => Err(format!(
                        "${} received by user {}",
                        x.amount,
                        x.receiver.unwrap_or(0)
                    )),
                    None => Ok(()),
                }
            }),
            v.check("each is in the Roommates group", |_, ctx| {
                let gid = group_named(ctx, "Roommates");
                match payments_added(ctx)
                    .iter()
                    .find(|x| x.group != gid || gid.is_none())
                {
                    Some(x) => Err(format!("${} in group {:?}", x.amount, x.group)),
                    None => Ok(()),
                }
            }),
            v.check("each has its Venmo note as description", |v, ctx| {
                let got = payments_added(ctx);
                for p in counted(v) {
                    if !got.iter().any(|x| {
                        same_amount(x.amount, usd(p.cents)) && same_text(&x.description, &p.note)
                    }) {
                        return Err(format!("no payment described \"{}\"", p.note));
                    }
                }
                Ok(())
            }),
            v.check("nothing recorded for other Venmo payments", |v, ctx| {
                let want: Vec<f64> = counted(v).map(|p| usd(p.cents)).collect();
                match payments_added(ctx)
                    .iter()
                    .find(|x| !want.iter().any(|w| same_amount(*w, x.amount)))
                {
                    Some(x) => Err(format!("a payment of ${}", x.amount)),
                    None => Ok(()),
                }
            }),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            allow_own("the recorded payments", "splitwise", "payments", "user_id"),
            allow::splitwise_notifications(),
        ]
    }
}

/// The payments to record.
fn counted(v: &Values) -> impl Iterator<Item = &Pay> {
    v.pays.iter().filter(|p| p.counts)
}
