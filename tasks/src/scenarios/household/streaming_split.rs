//! "Put the streaming services from my note on Splitwise in our Roommates group, one expense
//! each named after the service, split equally among all of us." Variant 2's note lists a
//! cancelled service that must be left out; variant 3 has a second note of the supervisor's
//! own subscriptions (not shared) next to the flat's.

use super::{
    SplitError, SwExpense, equal_split, expense_count, flat_emails, flat_supervisor,
    in_roommates_paid_by_me, one_expense_of, sw_added, sw_ids,
};
use crate::eval::EvalCtx;
use crate::kit::money::c2;
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen};
use apps::people::Person;

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    mates: Vec<Person>,
    variant: u8,
    /// The shared services to record: (name, monthly price in cents).
    items: Vec<(String, i64)>,
    /// Variant 2's cancelled service.
    cancelled: Option<(String, i64)>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "simple_note", "splitwise"];
    const SCRIPT: &str = include_str!("streaming_split.py");

    /// Draws the variant's values, its instruction and the supervisor's notes.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let (p, mates) = flat_supervisor(g, |_| true);
        let n = mates.len() as i64 + 1;
        let v = g.variant;
        let services: Vec<&str> = match v {
            1 => vec!["Netflix", "Disney+", "HBO Max"],
            2 => vec!["Netflix", "Hulu", "Paramount+", "Peacock"],
            _ => vec!["YouTube Premium", "Netflix", "Apple TV+"],
        };
        let mut items: Vec<(String, i64)> = services
            .iter()
            .map(|s| (s.to_string(), g.rng.range(700 / n, 2_400 / n) * n))
            .collect();
        let cancelled = if v == 2 { Some(items.remove(1)) } else { None };
        let mut content =
            String::from("Streaming we share in the flat (on my card, split with everyone):\n");
        for (i, (s, c)) in items.iter().enumerate() {
            content.push_str(&format!("- {s}: ${}/month\n", c2(*c)));
            if i == 0
                && let Some((cs, cc)) = &cancelled
            {
                content.push_str(&format!(
                    "- {cs}: ${}/month (cancelled, not any more)\n",
                    c2(*cc)
                ));
            }
        }
        let mut notes = g.filler(&p, 6, &[], &["Shared streaming"]);
        notes.push(g.note("Shared streaming", &content, &["home"], false, 12));
        if v == 3 {
            notes.push(g.note(
                "My own streaming",
                "Just mine, not shared:\n- Spotify Premium: $10.99/month\n- Audible: $14.95/month\n",
                &["personal"],
                false,
                30,
            ));
        }
        let notes = crate::scenarios::mix(&mut g.rng, Vec::new(), notes);
        let instruction = match v {
            1 => "I pay for the streaming services we share in the flat; they are listed in my notes. Add each one as an expense in our Roommates group on Splitwise, named after the service, with this month's price, split equally among all of us.".to_string(),
            2 => "Our shared streaming subscriptions are in a note of mine. Record one Splitwise expense per service in the Roommates group (description: the service's name, amount: the monthly price), paid by me and split equally between everyone in the group. Skip anything I've cancelled.".to_string(),
            _ => "Please put the flat's shared streaming subscriptions (see my notes) on Splitwise: one expense per service in the Roommates group, described by the service name, for the monthly price, split evenly among all the group's members including me.".to_string(),
        };
        let values = Values {
            supervisor: p,
            mates,
            variant: v,
            items,
            cancelled,
        };
        Drawing::from((values, notes)).instruction(instruction)
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let cells =
            |find: &str, record: &str| script.cells(&["logins", find, record], &Vals::new());
        let ground_truth = cells("find", "record");
        let mut wrong = vec![
            solution(
                "leaves the supervisor out of the split",
                cells("find", "record_without_me"),
            ),
            solution(
                "records the expenses outside the group",
                cells("find", "record_outside_group"),
            ),
            solution(
                "records one expense for the total",
                cells("find", "record_total"),
            ),
        ];
        if v.variant == 2 {
            wrong.push(solution(
                "also splits the cancelled service",
                cells("find_with_cancelled", "record"),
            ));
        }
        if v.variant == 3 {
            wrong.push(solution(
                "splits the supervisor's own subscriptions too",
                cells("find_in_every_note", "record"),
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks: Vec<Check> = v
            .items
            .iter()
            .map(|(name, cents)| expense_of(name, *cents))
            .collect();
        checks.push(v.check(
            format!("exactly {} expenses added", v.items.len()),
            |v, ctx| expense_count(v.items.len(), ctx),
        ));
        checks.push(v.check(
            "all in the Roommates group, paid by the supervisor",
            |_, ctx| in_roommates_paid_by_me(ctx),
        ));
        checks.push(v.check(
            format!("each split equally among {}", members(v).join(", ")),
            split_equally,
        ));
        if let Some((cs, _)) = &v.cancelled {
            checks.push(
                v.check(format!("nothing for the cancelled {cs}"), |v, ctx| {
                    let cs = v.cancelled.as_ref().map_or("", |c| c.0.as_str());
                    match sw_added(ctx).iter().any(|e| e.0.eq_ignore_ascii_case(cs)) {
                        true => Err(format!("{cs} was recorded")),
                        false => Ok(()),
                    }
                }),
            );
        }
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        allow::splitwise_expenses()
    }
}

/// A check that service `name` is one expense of `cents`.
fn expense_of(name: &str, cents: i64) -> Check {
    let amount = cents as f64 / 100.0;
    let name = name.to_string();
    Check::new(
        format!("one expense \"{name}\" for ${}", c2(cents)),
        move |ctx| {
            let got: Vec<SwExpense> = sw_added(ctx)
                .into_iter()
                .filter(|e| e.0.eq_ignore_ascii_case(&name))
                .collect();
            one_expense_of(&got, amount)
        },
    )
}

/// The flat's e-mails: the supervisor's and the roommates'.
fn members(v: &Values) -> Vec<String> {
    flat_emails(&v.supervisor, &v.mates)
}

/// Is every new expense split equally among the flat?
fn split_equally(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    equal_split(ctx, &sw_ids(ctx, &members(v))).map_err(|e| match e {
        SplitError::NoExpense => "no expense".to_string(),
        SplitError::Sharers(d, ids) => format!("\"{d}\" shared by {ids:?}"),
        SplitError::Amounts(d) => format!("\"{d}\" not split equally"),
    })
}
