//! "How much do I still owe my roommate X for the move-in, counting our Move-in group on
//! Splitwise and the Venmo requests they sent that are still pending?" The person balance
//! breaks down by group (the Roommates group must be left out); an approved request and
//! another person's pending request are distractors. Variant 2 has one more expense the
//! supervisor paid; variant 3 stores the roommate under a nickname.

use super::flat_supervisor;
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::changes::added;
use crate::kit::money::c2;
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Answer, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::{Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    /// The roommate, and a friend with a pending request of their own.
    mate: Person,
    other: Person,
    variant: u8,
    now: NaiveDateTime,
    /// The Move-in group's expenses, in cents (`extra`: variant 2's, paid by the supervisor).
    couch: i64,
    movers: i64,
    paint: i64,
    extra: i64,
    /// The roommate's pending requests, the approved one, and the friend's, in cents.
    req_a: i64,
    req_b: i64,
    req_paid: i64,
    req_other: i64,
    /// The roommate's nickname (variant 3) and their name in the instruction.
    nick: &'static str,
    name: String,
    /// What the supervisor owes on Splitwise, and in all, in cents.
    sw_owed: i64,
    total: i64,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "phone", "splitwise", "venmo"];
    const SCRIPT: &str = include_str!("owe_roommate.py");

    /// Draws the variant's values (with its instruction).
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let (p, mut mates) = flat_supervisor(g, |p| {
            pop.relations_of(p.id)
                .iter()
                .any(|(r, _)| *r == Relation::Friend)
        });
        g.rng.shuffle(&mut mates);
        let m = mates[0].clone();
        let other = pop
            .relations_of(p.id)
            .into_iter()
            .find(|(r, id)| *r == Relation::Friend && *id != m.id)
            .map(|(_, id)| g.person(id))
            .unwrap_or_else(|| m.clone());
        let v = g.variant;
        let even = |g: &mut Gen, lo: i64, hi: i64| g.rng.range(lo / 2, hi / 2) * 2;
        let couch = even(g, 30_000, 60_000);
        let movers = even(g, 20_000, 40_000);
        let paint = even(g, 4_000, 12_000);
        let extra = if v == 2 { even(g, 3_000, 8_000) } else { 0 };
        let req_a = g.rng.range(2_000, 9_000);
        let req_b = g.rng.range(1_500, 6_000);
        let req_paid = g.rng.range(3_000, 9_000);
        let req_other = g.rng.range(2_000, 7_000);
        let sw_owed = (couch + movers - paint - extra) / 2;
        let total = sw_owed + req_a + req_b;
        let nick = ["Jay", "Sunny", "Pip"][usize::from(v - 1)];
        let name = if v == 3 {
            nick.to_string()
        } else {
            m.first_name.clone()
        };
        let instruction = match v {
            1 => format!(
                "How much do I still owe my roommate {name} for the move-in? Count what Splitwise says I owe them in our \"Move-in\" group plus the Venmo requests they sent me that I haven't paid yet."
            ),
            2 => format!(
                "Tell me the total I owe {name} (my roommate): my balance with them in the \"Move-in\" group on Splitwise plus their pending Venmo requests to me."
            ),
            _ => format!(
                "What's the total I still owe my roommate {name}, across our \"Move-in\" Splitwise group and the Venmo requests from them that are still pending?"
            ),
        };
        let values = Values {
            supervisor: p,
            mate: m,
            other,
            variant: v,
            now: g.now,
            couch,
            movers,
            paint,
            extra,
            req_a,
            req_b,
            req_paid,
            req_other,
            nick,
            name,
            sw_owed,
            total,
        };
        Drawing::from(values).instruction(instruction)
    }

    /// The Move-in group with its expenses, and the Venmo requests.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            if v.variant == 3 {
                s.relabel_contact(&v.supervisor, &v.mate, v.nick, &["roommate"])?;
            }
            let at = v.now - Duration::days(20);
            let gid = s.add_splitwise_group(&v.mate, &[&v.mate, &v.supervisor], "Move-in", at)?;
            let both = [&v.mate, &v.supervisor];
            // (payer, description, cents, day); variant 2's curtains only where drawn.
            let expenses = [
                (&v.mate, "Couch", v.couch, 1),
                (&v.supervisor, "Paint and rollers", v.paint, 2),
                (&v.mate, "Movers", v.movers, 3),
                (&v.supervisor, "Curtains", v.extra, 4),
            ];
            for (payer, what, cents, day) in expenses {
                if cents > 0 {
                    s.add_splitwise_expense(
                        Some(gid),
                        payer,
                        &both,
                        what,
                        cents as f64 / 100.0,
                        at + Duration::days(day),
                    )?;
                }
            }
            s.remove_pending_venmo_requests(&v.supervisor, false)?;
            let pending = [
                (v.req_a, "Internet setup fee", 6),
                (v.req_b, "Keys and locks", 2),
            ];
            for (cents, what, days_ago) in pending {
                s.add_venmo_request(
                    &v.mate,
                    &v.supervisor,
                    cents as f64 / 100.0,
                    what,
                    v.now - Duration::days(days_ago),
                )?;
            }
            let paid = s.add_venmo_request(
                &v.mate,
                &v.supervisor,
                v.req_paid as f64 / 100.0,
                "Cleaning supplies",
                v.now - Duration::days(12),
            )?;
            s.close_venmo_request(paid, true, v.now - Duration::days(11))?;
            s.add_venmo_request(
                &v.other,
                &v.supervisor,
                v.req_other as f64 / 100.0,
                "Welcome dinner",
                v.now - Duration::days(3),
            )?;
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let vals = Vals::new().lit("name", &v.name);
        let cells = |venmo: &str, answer: &str| {
            script.cells(&["logins", "mate", "splitwise", venmo, answer], &vals)
        };
        let ground_truth = cells("venmo_pending", "answer_both");
        let wrong = vec![
            solution(
                "counts only Splitwise",
                cells("venmo_pending", "answer_splitwise"),
            ),
            solution(
                "counts only the Venmo requests",
                cells("venmo_pending", "answer_venmo"),
            ),
            solution(
                "counts the approved request too",
                cells("venmo_all", "answer_both"),
            ),
            solution(
                "counts every pending request, from anyone",
                cells("venmo_pending_anyone", "answer_both"),
            ),
        ];
        (ground_truth, wrong)
    }

    fn answer(v: &Values) -> Option<Answer> {
        Some(Answer::Number(v.total as f64 / 100.0))
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        vec![v.check(
            format!(
                "nothing paid while answering (the ${} = ${} + ${} + ${} stays owed)",
                c2(v.total),
                c2(v.sw_owed),
                c2(v.req_a),
                c2(v.req_b)
            ),
            nothing_paid,
        )]
    }
}

/// Was nothing paid, and no request closed?
fn nothing_paid(_: &Values, ctx: &EvalCtx) -> Result<(), String> {
    let paid =
        added(ctx, "venmo", "transactions").len() + added(ctx, "splitwise", "payments").len();
    let closed = ctx
        .diff
        .rows
        .iter()
        .filter(|r| r.is("venmo", "payment_requests") && r.kind() == ChangeKind::Updated)
        .count();
    match paid + closed {
        0 => Ok(()),
        k => Err(format!("{k} payments or requests changed")),
    }
}
