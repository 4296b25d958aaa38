//! "How much do I still owe my roommate X for the move-in, counting our Move-in group on
//! Splitwise and the Venmo requests they sent that are still pending?" The person balance
//! breaks down by group (the Roommates group must be left out); an approved request and
//! another person's pending request are distractors. Variant 2 has one more expense the
//! supervisor paid; variant 3 stores the roommate under a nickname.

use crate::diff::ChangeKind;
use crate::kit::changes::added;
use crate::kit::money::c2;
use crate::kit::people::roommates;
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use apps::people::Relation;
use chrono::Duration;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.residences
            .iter()
            .any(|r| r.kind == "roommates" && r.residents.contains(&p.id))
            && pop
                .relations_of(p.id)
                .iter()
                .any(|(r, _)| *r == Relation::Friend)
    });
    let mut mates = roommates(g.population, &p);
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
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "phone", "splitwise", "venmo"];
    parts.answer = Some(crate::model::Answer::Number(total as f64 / 100.0));
    let now = g.now;
    let (sup, mm, oth) = (p.clone(), m.clone(), other.clone());
    parts.setup.push(step(move |s| {
        if v == 3 {
            s.relabel_contact(&sup, &mm, nick, &["roommate"])?;
        }
        let at = now - Duration::days(20);
        let gid = s.add_splitwise_group(&mm, &[&mm, &sup], "Move-in", at)?;
        let both = [&mm, &sup];
        s.add_splitwise_expense(
            Some(gid),
            &mm,
            &both,
            "Couch",
            couch as f64 / 100.0,
            at + Duration::days(1),
        )?;
        s.add_splitwise_expense(
            Some(gid),
            &sup,
            &both,
            "Paint and rollers",
            paint as f64 / 100.0,
            at + Duration::days(2),
        )?;
        s.add_splitwise_expense(
            Some(gid),
            &mm,
            &both,
            "Movers",
            movers as f64 / 100.0,
            at + Duration::days(3),
        )?;
        if extra > 0 {
            s.add_splitwise_expense(
                Some(gid),
                &sup,
                &both,
                "Curtains",
                extra as f64 / 100.0,
                at + Duration::days(4),
            )?;
        }
        s.remove_pending_venmo_requests(&sup, false)?;
        s.add_venmo_request(
            &mm,
            &sup,
            req_a as f64 / 100.0,
            "Internet setup fee",
            now - Duration::days(6),
        )?;
        s.add_venmo_request(
            &mm,
            &sup,
            req_b as f64 / 100.0,
            "Keys and locks",
            now - Duration::days(2),
        )?;
        let paid = s.add_venmo_request(
            &mm,
            &sup,
            req_paid as f64 / 100.0,
            "Cleaning supplies",
            now - Duration::days(12),
        )?;
        s.close_venmo_request(paid, true, now - Duration::days(11))?;
        s.add_venmo_request(
            &oth,
            &sup,
            req_other as f64 / 100.0,
            "Welcome dinner",
            now - Duration::days(3),
        )?;
        Ok(())
    }));
    let script = Script::parse(include_str!("owe_roommate.py"));
    let vals = Vals::new().lit("name", &name);
    let cells = |venmo: &str, answer: &str| {
        script.cells(&["logins", "mate", "splitwise", venmo, answer], &vals)
    };
    parts.ground_truth = cells("venmo_pending", "answer_both");
    parts.wrong = vec![
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
    parts.checks = vec![Check::new(
        format!(
            "nothing paid while answering (the ${} = ${} + ${} + ${} stays owed)",
            c2(total),
            c2(sw_owed),
            c2(req_a),
            c2(req_b)
        ),
        |ctx| {
            let paid = added(ctx, "venmo", "transactions").len()
                + added(ctx, "splitwise", "payments").len();
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
        },
    )];
    parts
}
