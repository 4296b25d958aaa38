//! "Settle our household group on Splitwise with my wife: whoever owes pays on Venmo, and
//! record the settle-up on Splitwise." Variant 1 the supervisor owes (pay); variant 2 the spouse
//! owes (request instead); variant 3 a partial payment back is already recorded.

use super::{household_group, married_supervisor};
use crate::eval::EvalCtx;
use crate::kit::allow::{splitwise_notifications, venmo_payments};
use crate::kit::changes::{allow_added, allow_own};
use crate::kit::db::uid;
use crate::kit::money::{c2, same_amount};
use crate::kit::python::solution;
use crate::kit::splitwise::{clear_group_history, group_members, payments_added};
use crate::kit::venmo::{payments_sent, requests_sent};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

/// A Venmo row the supervisor added: (kind, other user, amount, note).
type VenmoRow = (&'static str, Option<i64>, f64, String);

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    spouse: Person,
    /// "wife" or "husband".
    label: &'static str,
    variant: u8,
    now: NaiveDateTime,
    /// The group's expenses and the partial payment back (variant 3), in cents.
    groceries: i64,
    utilities: i64,
    hardware: i64,
    partial: i64,
    /// What the supervisor owes the spouse, in cents (negative: the spouse owes).
    owed: i64,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "phone", "splitwise", "venmo"];
    const SCRIPT: &str = include_str!("settle_household.py");

    /// Draws the variant's values (with its instruction).
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let (p, sp, label) = married_supervisor(g, |_| true);
        let v = g.variant;
        let even = |g: &mut Gen, lo: i64, hi: i64| g.rng.range(lo / 2, hi / 2) * 2;
        let groceries = even(g, 20_000, 40_000);
        let utilities = even(g, 6_000, 15_000);
        let hardware = even(g, 3_000, 9_000);
        let partial = if v == 3 { even(g, 2_000, 6_000) } else { 0 };
        // Positive: the supervisor owes the spouse.
        let (spouse_paid, sup_paid) = if v == 2 {
            (utilities, groceries + hardware)
        } else {
            (groceries + hardware, utilities)
        };
        let owed = (spouse_paid - sup_paid) / 2 - partial;
        let instruction = match v {
            1 => format!(
                "Let's settle up our household group on Splitwise, the one I share with my {label}. Whoever owes should get paid on Venmo (pay or request as needed, note \"Household settle-up\"), and record the settle-up payment in that group on Splitwise."
            ),
            2 => format!(
                "Please square our household Splitwise group with my {label}: if I owe, pay them on Venmo; if they owe me, send them a Venmo request. Use the note \"Household settle-up\" and record the payment in the group on Splitwise too."
            ),
            _ => format!(
                "Settle the balance of the household group my {label} and I have on Splitwise: money goes through Venmo (note \"Household settle-up\"), then record it as a payment in the group."
            ),
        };
        let values = Values {
            supervisor: p,
            spouse: sp,
            label,
            variant: v,
            now: g.now,
            groceries,
            utilities,
            hardware,
            partial,
            owed,
        };
        Drawing::from(values).instruction(instruction)
    }

    /// The household group, emptied and given the variant's expenses (and partial payment).
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            s.set_venmo_balance(&v.supervisor, 1_200.0)?;
            let gid = household_group(s, &v.supervisor, &v.spouse)?;
            // A clean slate: the base world's history of the group is settled and gone.
            clear_group_history(s, gid)?;
            let both = [&v.supervisor, &v.spouse];
            let at = v.now - Duration::days(12);
            let (a, b) = if v.variant == 2 {
                (&v.spouse, &v.supervisor)
            } else {
                (&v.supervisor, &v.spouse)
            };
            s.add_splitwise_expense(
                Some(gid),
                b,
                &both,
                "Groceries for the month",
                v.groceries as f64 / 100.0,
                at,
            )?;
            s.add_splitwise_expense(
                Some(gid),
                a,
                &both,
                "Utilities",
                v.utilities as f64 / 100.0,
                at + Duration::days(2),
            )?;
            s.add_splitwise_expense(
                Some(gid),
                b,
                &both,
                "Hardware store",
                v.hardware as f64 / 100.0,
                at + Duration::days(4),
            )?;
            if v.partial > 0 {
                s.add_splitwise_payment(
                    Some(gid),
                    &v.supervisor,
                    &v.spouse,
                    v.partial as f64 / 100.0,
                    "Part of it",
                    at + Duration::days(6),
                )?;
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let vals = Vals::new().lit("label", v.label);
        let cells = |find: &str, settle: &str| script.cells(&["logins", find, settle], &vals);
        let ground_truth = cells("find", "settle");
        let wrong = vec![
            solution("gets the direction wrong", cells("find", "settle_flipped")),
            solution(
                "does not record it on Splitwise",
                cells("find", "settle_unrecorded"),
            ),
            solution(
                "settles the total balance over every group",
                cells("find_total", "settle"),
            ),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let i_owe = v.owed > 0;
        let kind = if i_owe { "payment" } else { "request" };
        vec![
            v.check(
                format!(
                    "one Venmo {kind} to {} of ${}",
                    v.spouse.email,
                    c2(v.owed.abs())
                ),
                |v, ctx| {
                    let kind = if v.owed > 0 { "payment" } else { "request" };
                    let them = uid(ctx, "venmo", &v.spouse.email);
                    match venmo_rows(ctx).as_slice() {
                        [r] if r.0 == kind && r.1 == them && same_amount(r.2, amount(v)) => Ok(()),
                        [r] => Err(format!("a {} of ${} to {:?}", r.0, r.2, r.1)),
                        x => Err(format!("{} Venmo rows", x.len())),
                    }
                },
            ),
            v.check(
                "noted \"Household settle-up\"",
                |_, ctx| match venmo_rows(ctx).first() {
                    Some(r) if r.3.trim().eq_ignore_ascii_case("household settle-up") => Ok(()),
                    Some(r) => Err(format!("note \"{}\"", r.3)),
                    None => Err("nothing on Venmo".into()),
                },
            ),
            v.check(
                format!(
                    "one Splitwise payment of ${} from {} in the household group",
                    c2(v.owed.abs()),
                    if i_owe {
                        "the supervisor"
                    } else {
                        "the spouse"
                    }
                ),
                splitwise_payment,
            ),
        ]
    }

    /// Venmo payments and requests, the settle-up payment and Splitwise's notifications.
    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = venmo_payments();
        allowed.push(allow_own(
            "the supervisor's requests",
            "venmo",
            "payment_requests",
            "sender_id",
        ));
        allowed.push(allow_added(
            "the settle-up payment",
            "splitwise",
            "payments",
            |_, _| true,
        ));
        allowed.push(splitwise_notifications());
        allowed
    }
}

/// The amount to settle, in dollars.
fn amount(v: &Values) -> f64 {
    v.owed.abs() as f64 / 100.0
}

/// The supervisor's new Venmo payments, then requests.
fn venmo_rows(ctx: &EvalCtx) -> Vec<VenmoRow> {
    let payments = payments_sent(ctx)
        .into_iter()
        .map(|(to, amount, note)| ("payment", Some(to), amount, note));
    let requests = requests_sent(ctx)
        .into_iter()
        .map(|r| ("request", Some(r.receiver), r.amount, r.description));
    payments.chain(requests).collect()
}

/// Is there one Splitwise payment of the amount, in the right direction, in a group of two?
fn splitwise_payment(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    let me = ctx.user_id("splitwise");
    let them = uid(ctx, "splitwise", &v.spouse.email);
    let (payer, receiver) = if v.owed > 0 { (me, them) } else { (them, me) };
    let rows = payments_added(ctx);
    match rows.as_slice() {
        [p] if p.payer == payer
            && p.receiver == receiver
            && same_amount(p.amount, amount(v))
            && p.group.is_some() =>
        {
            let gid = p.group.unwrap_or(0);
            if group_members(ctx.db, gid).len() == 2 {
                Ok(())
            } else {
                Err(format!("in group {gid}"))
            }
        }
        [_] => Err("the payment's fields differ".into()),
        x => Err(format!("{} payments", x.len())),
    }
}
