//! "How many voice messages did my manager leave me this month?" The person also texted this
//! month and left voice messages last month; someone else left voice messages this month.
//! Variant 2: the spouse; variant 3: a friend saved under a nickname (named by it).

use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Answer, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::{Datelike, Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// Who left the messages, and what the supervisor calls them (manager, wife, ...).
    who: Person,
    word: &'static str,
    /// A friend who left a message this month too.
    other: Person,
    /// How many messages `who` left this month.
    n: i64,
    month_start: NaiveDateTime,
}

impl Design for Values {
    const APPS: &[&str] = &["phone"];
    const SCRIPT: &str = include_str!("count_voice.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let has = |p: &Person, rel: Relation| pop.relations_of(p.id).iter().any(|(r, _)| *r == rel);
        let p = match g.variant {
            1 => g.supervisor_where(|p| has(p, Relation::Manager) && has(p, Relation::Friend)),
            2 => g.supervisor_where(|p| {
                (has(p, Relation::Wife) || has(p, Relation::Husband)) && has(p, Relation::Friend)
            }),
            _ => g.supervisor_where(|p| {
                pop.relations_of(p.id)
                    .iter()
                    .filter(|(r, _)| *r == Relation::Friend)
                    .count()
                    >= 2
            }),
        };
        let rels = pop.relations_of(p.id);
        let pick = |rel: Relation| rels.iter().find(|(r, _)| *r == rel).map(|(_, id)| *id);
        let (who, word) = match g.variant {
            1 => (pick(Relation::Manager), "manager"),
            2 => match pick(Relation::Wife) {
                Some(id) => (Some(id), "wife"),
                None => (pick(Relation::Husband), "husband"),
            },
            _ => (pick(Relation::Friend), "friend"),
        };
        let who = g.person(who.unwrap_or(1));
        let other = rels
            .iter()
            .filter(|(r, id)| *r == Relation::Friend && *id != who.id)
            .map(|(_, id)| g.person(*id))
            .next()
            .unwrap_or_else(|| g.person(1));
        let n: i64 = g.rng.range(2, 5);
        let month_start = g
            .now
            .date()
            .with_day(1)
            .unwrap_or(g.now.date())
            .and_hms_opt(0, 0, 0)
            .unwrap_or(g.now);
        Values {
            variant: g.variant,
            supervisor: p,
            who,
            word,
            other,
            n,
            month_start,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        match v.variant {
            1 => "How many voice messages did my manager leave me this month?".to_string(),
            2 => format!(
                "How many voice messages has my {} left me since the start of this month?",
                v.word
            ),
            _ => "How many voice messages did Ziggy leave me this month? (Ziggy is what I call my friend in my phone.)".to_string(),
        }
    }

    fn answer(v: &Values) -> Option<Answer> {
        Some(Answer::Number(v.n as f64))
    }

    /// `who`'s messages this month and last, their text, the supervisor's reply, `other`'s message.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, who, month_start) = (&v.supervisor, &v.who, v.month_start);
            s.remove_voice_from(sup, who, month_start)?;
            if v.variant == 3 {
                s.relabel_contact(sup, who, "Ziggy", &["friend"])?;
            }
            let days_in = (s.now - month_start).num_days().max(2);
            for i in 0..v.n {
                let at = month_start
                    + Duration::days(1 + (i * 5) % (days_in - 1))
                    + Duration::hours(9 + i);
                s.add_voice(
                    who,
                    sup,
                    &format!(
                        "Hey, it's me again ({}) - call me back when you can.",
                        i + 1
                    ),
                    at,
                )?;
            }
            for i in 0..2 {
                let at = month_start - Duration::days(3 + 6 * i) + Duration::hours(10);
                s.add_voice(who, sup, "Quick one: can you call me back later today?", at)?;
            }
            s.add_text(
                who,
                sup,
                "Did you get my voicemail?",
                s.now - Duration::hours(5),
            )?;
            s.add_voice(
                sup,
                who,
                "Got your messages, I'll call you tonight.",
                s.now - Duration::hours(4),
            )?;
            s.add_voice(
                &v.other,
                sup,
                "Hi! Are we still on for Saturday?",
                s.now - Duration::days(3),
            )?;
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let find = if v.variant == 3 {
            "find_nickname"
        } else {
            "find_by_relation"
        };
        let month = "today.replace(day=1)";
        // Logins, the person found, `count` of their messages since `since`.
        let solve = |count: &str, since: &str| {
            let vals = Vals::new().lit("relation", v.word).code("since", since);
            script.cells(&["logins", find, count], &vals)
        };
        let ground_truth = solve("count", month);
        let wrong = vec![
            solution(
                "counts the last 30 days instead of this month",
                solve("count", "today - datetime.timedelta(days=30)"),
            ),
            solution(
                "counts my own voice message to them too",
                solve("count_own_too", month),
            ),
            solution("counts text messages too", solve("count_with_texts", month)),
        ];
        (ground_truth, wrong)
    }

    fn checks(_v: &Drawn<Values>) -> Vec<Check> {
        vec![Check::new("nothing was sent or deleted", |ctx| {
            match ctx.diff.rows.iter().find(|r| {
                r.is("phone", "user_voice_messages") || r.is("phone", "global_text_messages")
            }) {
                Some(_) => Err("phone messages changed".into()),
                None => Ok(()),
            }
        })]
    }
}
