//! "My housemate did some chores assigned to me in our Home project (they commented on each);
//! pay them $X per chore on Venmo, in one payment." Distractors: my chores I did myself (no
//! comment, or my own), an open chore of mine they commented on, a chore of someone else's they
//! did. Variant 2: two housemates covered for me (pay each); variant 3: only this month's help
//! counts (an older covered chore was last month).

use crate::kit::allow::venmo_payments;
use crate::kit::changes::added;
use crate::kit::db::uid;
use crate::kit::people::housemates;
use crate::kit::python::solution;
use crate::kit::venmo::payments_sent;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep, with_app};
use crate::setup::Setup;
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

/// One chore: (title, assignee: 0 me / 1 A / 2 B, completed, commenter: 0 none / 1 me / 2 A /
/// 3 B, days ago).
type Chore = (&'static str, u8, bool, u8, i64);

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    /// The housemates A (always a helper) and B (a helper in variant 2).
    a: Person,
    b: Person,
    now: NaiveDateTime,
    variant: u8,
    /// Dollars per chore.
    rate: f64,
    note: &'static str,
    plan: Vec<Chore>,
}

/// Builds one variant's task: the design's parts, with the apps of the variant (variant 3 adds
/// the phone).
impl Design for Values {
    const APPS: &[&str] = &["supervisor", "todoist", "venmo"];
    const SCRIPT: &str = include_str!("pay_for_chores.py");

    fn apps(v: &Values) -> Vec<&'static str> {
        with_app(Self::APPS, (v.variant == 3).then_some("phone"))
    }

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| {
            pop.residences
                .iter()
                .any(|r| r.residents.len() >= 3 && r.residents.contains(&p.id))
        });
        let mates = housemates(g.population, &p);
        let (a, b) = (mates[0].clone(), mates[1].clone());
        let (rate, note) = match g.variant {
            1 => (10.0, "Thanks for covering my chores"),
            2 => (12.0, "Chores - thank you!"),
            _ => (15.0, "Thanks for the help with my chores"),
        };
        let mut plan: Vec<Chore> = vec![
            ("Mop the kitchen floor", 0, true, 2, 3),
            ("Take the bins out", 0, true, 2, 5),
            ("Descale the kettle", 0, true, 0, 4),
            ("Dust the shelves", 0, true, 1, 6),
            ("Clean the microwave", 0, true, 0, 2),
            ("Water the balcony plants", 0, true, 0, 9),
            ("Wash the bath mats", 0, false, 2, 1),
            ("Clean the fridge", 1, true, 2, 2),
        ];
        match g.variant {
            1 => plan.push(("Wipe the windows", 0, true, 2, 8)),
            2 => {
                plan.push(("Sweep the balcony", 0, true, 3, 2));
                plan.push(("Change the bed sheets", 0, true, 3, 7));
                plan.push(("Tidy the hallway", 2, true, 3, 3));
            }
            _ => {
                plan.push(("Wipe the windows", 0, true, 2, 8));
                plan.push(("Defrost the freezer", 0, true, 2, 30));
            }
        }
        Values {
            supervisor: p,
            a,
            b,
            now: g.now,
            variant: g.variant,
            rate,
            note,
            plan,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let (rate, note) = (v.rate, v.note);
        match v.variant {
            1 => format!(
                "{} did some of the chores assigned to me in our Home project on Todoist and left a comment on each one they finished. Pay them ${rate:.0} per chore on Venmo, in a single payment, with the note \"{note}\".",
                v.a.first_name
            ),
            2 => format!(
                "A couple of my housemates finished chores in our Todoist Home project that were assigned to me; whoever did one commented on it. Send each of them ${rate:.0} per chore they did, as one Venmo payment per person, with the note \"{note}\"."
            ),
            _ => format!(
                "This month {} took care of some of my Home chores in Todoist (they commented on each one they completed). Venmo them ${rate:.0} for each of this month's chores in one payment, noted \"{note}\". Chores from before this month are already settled.",
                v.a.first_name
            ),
        }
    }

    /// The Home project's chores, with the helpers' (and the supervisor's) comments.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(home_chores)]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let (rate, note) = (v.rate, v.note);
        let since = if v.variant == 3 {
            "since_month_start"
        } else {
            "since_ever"
        };
        let vals = Vals::new()
            .code("since", script.cell(since, &Vals::new()))
            .code("rate", format!("{rate:.1}"))
            .lit("note", note);
        let cell = |name: &str| script.cell(name, &vals);
        let gt = |count: String, pay: &str| vec![cell("logins"), count, cell(pay)];
        let ground_truth = gt(cell("count"), "pay");
        let mut wrong = vec![
            solution(
                "pays for every chore of mine that is done",
                gt(
                    format!("{}\n{}", cell("count"), cell("all_to_top_helper")),
                    "pay",
                ),
            ),
            solution(
                "counts comments on open chores too",
                gt(cell("count_open_too"), "pay"),
            ),
            solution(
                "pays each chore separately",
                gt(cell("count"), "pay_each_chore"),
            ),
            solution(
                "counts the chores they did for others too",
                gt(cell("count_for_others_too"), "pay"),
            ),
        ];
        if v.variant == 3 {
            wrong.push(solution(
                "counts last month's chore too",
                gt(cell("count_last_month_too"), "pay"),
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = Vec::new();
        // One check per helper (their e-mail and amount move into it).
        for (name, email, amount) in owed(v) {
            checks.push(Check::new(
                format!("one payment to {name} of ${amount:.2}"),
                move |ctx| {
                    let id = uid(ctx, "venmo", &email);
                    let to: Vec<(i64, f64, String)> = payments_sent(ctx)
                        .into_iter()
                        .filter(|x| Some(x.0) == id)
                        .collect();
                    match to.as_slice() {
                        [one] if crate::kit::money::same_amount(one.1, amount) => Ok(()),
                        _ => Err(format!(
                            "payments {:?}",
                            to.iter().map(|x| x.1).collect::<Vec<_>>()
                        )),
                    }
                },
            ));
        }
        checks.push(
            v.check(
                format!("each payment is noted \"{}\"", v.note),
                |v, ctx| match payments_sent(ctx).iter().find(|x| x.2.trim() != v.note) {
                    Some(x) => Err(format!("a payment noted \"{}\"", x.2)),
                    None if payments_sent(ctx).is_empty() => Err("no payment".into()),
                    None => Ok(()),
                },
            ),
        );
        checks.push(v.check("no payment to anyone else", |v, ctx| {
            let ids: Vec<Option<i64>> = owed(v).iter().map(|o| uid(ctx, "venmo", &o.1)).collect();
            match payments_sent(ctx)
                .iter()
                .find(|x| !ids.contains(&Some(x.0)))
            {
                Some(x) => Err(format!("a payment to venmo user {}", x.0)),
                None => Ok(()),
            }
        }));
        checks.push(Check::new("nothing changed in Todoist", |ctx| {
            match ctx.diff.rows.iter().find(|r| r.schema == "todoist") {
                Some(r) => Err(r.describe()),
                None => Ok(()),
            }
        }));
        checks.push(Check::new(
            "no payment request was sent",
            |ctx| match added(ctx, "venmo", "payment_requests").first() {
                Some(r) => Err(r.describe()),
                None => Ok(()),
            },
        ));
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        venmo_payments()
    }
}

/// The Home project's chores, with the helpers' (and the supervisor's) comments.
fn home_chores(v: &Values, s: &Setup) -> rusqlite::Result<()> {
    let (sup, now) = (&v.supervisor, v.now);
    let home = s.todo_project(sup, "Home")?;
    let chores = s.todo_section(home, "Chores")?;
    s.set_venmo_balance(sup, 600.0)?;
    let who = |k: u8| match k {
        1 => &v.a,
        2 => &v.b,
        _ => sup,
    };
    for (title, assignee, done, commenter, ago) in &v.plan {
        let due = Some((now - Duration::days(*ago)).date());
        let id = s.add_todo_task(
            home,
            Some(chores),
            sup,
            title,
            due,
            "medium",
            *done,
            Some(who(*assignee)),
            now - Duration::days(ago + 10),
        )?;
        let said = match commenter {
            1 => Some((sup, "Done.")),
            2 if *done => Some((&v.a, "Did this one for you!")),
            2 => Some((&v.a, "I'll get to this one tomorrow.")),
            3 => Some((&v.b, "Took care of it.")),
            _ => None,
        };
        if let Some((by, text)) = said {
            s.add_todo_comment(
                id,
                by,
                text,
                now - Duration::days(*ago) + Duration::hours(3),
            )?;
        }
    }
    Ok(())
}

/// (first name, e-mail, amount) per helper: A (and B in variant 2).
fn owed(v: &Values) -> Vec<(String, String, f64)> {
    let covered = |k: u8| {
        v.plan
            .iter()
            .filter(|x| x.1 == 0 && x.2 && x.3 == k && (v.variant != 3 || x.4 < 18))
            .count() as f64
    };
    let (a, b) = (&v.a, &v.b);
    let mut owed: Vec<(String, String, f64)> =
        vec![(a.first_name.clone(), a.email.clone(), covered(2) * v.rate)];
    if v.variant == 2 {
        owed.push((b.first_name.clone(), b.email.clone(), covered(3) * v.rate));
    }
    owed
}
