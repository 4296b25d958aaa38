//! "How many voice messages did my manager leave me this month?" The person also texted this
//! month and left voice messages last month; someone else left voice messages this month.
//! Variant 2: the spouse; variant 3: a friend saved under a nickname (named by it).

use crate::kit::python::{logins, solution};
use crate::model::{Answer, Check};
use crate::scenarios::{Gen, Parts, step};
use apps::people::{Person, Relation};
use chrono::{Datelike, Duration};

pub(super) fn build(g: &mut Gen) -> Parts {
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
    let instruction = match g.variant {
        1 => "How many voice messages did my manager leave me this month?".to_string(),
        2 => format!("How many voice messages has my {word} left me since the start of this month?"),
        _ => "How many voice messages did Ziggy leave me this month? (Ziggy is what I call my friend in my phone.)".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["phone"];
    parts.answer = Some(Answer::Number(n as f64));
    let month_start = g
        .now
        .date()
        .with_day(1)
        .unwrap_or(g.now.date())
        .and_hms_opt(0, 0, 0)
        .unwrap_or(g.now);
    {
        let (sup, who, other) = (p.clone(), who.clone(), other.clone());
        let variant = g.variant;
        parts.setup.push(step(move |s| {
            s.remove_voice_from(&sup, &who, month_start)?;
            if variant == 3 {
                s.relabel_contact(&sup, &who, "Ziggy", &["friend"])?;
            }
            let days_in = (s.now - month_start).num_days().max(2);
            for i in 0..n {
                let at = month_start
                    + Duration::days(1 + (i * 5) % (days_in - 1))
                    + Duration::hours(9 + i);
                s.add_voice(
                    &who,
                    &sup,
                    &format!(
                        "Hey, it's me again ({}) - call me back when you can.",
                        i + 1
                    ),
                    at,
                )?;
            }
            for i in 0..2 {
                let at = month_start - Duration::days(3 + 6 * i) + Duration::hours(10);
                s.add_voice(
                    &who,
                    &sup,
                    "Quick one: can you call me back later today?",
                    at,
                )?;
            }
            s.add_text(
                &who,
                &sup,
                "Did you get my voicemail?",
                s.now - Duration::hours(5),
            )?;
            s.add_voice(
                &sup,
                &who,
                "Got your messages, I'll call you tonight.",
                s.now - Duration::hours(4),
            )?;
            s.add_voice(
                &other,
                &sup,
                "Hi! Are we still on for Saturday?",
                s.now - Duration::days(3),
            )?;
            Ok(())
        }));
    }
    let head = logins(&[("ph", "phone")]);
    let find = match g.variant {
        3 => "contacts = all_pages(apis.phone.search_contacts, access_token=ph, query=\"Ziggy\")\nwho = [c for c in contacts if c[\"first_name\"] == \"Ziggy\"][0]".to_string(),
        _ => format!("who = all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"{word}\")[0]"),
    };
    let body = |window: &str, since: &str, own: bool| {
        let filt = if own {
            "True"
        } else {
            "v[\"sender\"][\"phone_number\"] == who[\"phone_number\"]"
        };
        format!(
            "import datetime\ntoday = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)[\"date\"], \"%A, %B %d, %Y\")\nsince = {since}\nvoice = all_pages(apis.phone.{window}, access_token=ph, phone_number=who[\"phone_number\"])\ncount = len([v for v in voice if {filt} and datetime.datetime.fromisoformat(v[\"sent_at\"]) >= since])\napis.supervisor.complete_task(answer=count)"
        )
    };
    let month = "today.replace(day=1)";
    parts.ground_truth = vec![
        head.clone(),
        find.clone(),
        body("show_voice_message_window", month, false),
    ];
    parts.wrong = vec![
        solution(
            "counts the last 30 days instead of this month",
            vec![
                head.clone(),
                find.clone(),
                body("show_voice_message_window", "today - datetime.timedelta(days=30)", false),
            ],
        ),
        solution(
            "counts my own voice message to them too",
            vec![
                head.clone(),
                find.clone(),
                body("show_voice_message_window", month, true),
            ],
        ),
        solution(
            "counts text messages too",
            vec![
                head.clone(),
                find.clone(),
                body("show_voice_message_window", month, false).replace(
                    "apis.supervisor.complete_task(answer=count)",
                    "texts = all_pages(apis.phone.show_text_message_window, access_token=ph, phone_number=who[\"phone_number\"])\ncount += len([t for t in texts if t[\"sender\"][\"phone_number\"] == who[\"phone_number\"] and datetime.datetime.fromisoformat(t[\"sent_at\"]) >= since])\napis.supervisor.complete_task(answer=count)",
                ),
            ],
        ),
    ];
    parts
        .checks
        .push(Check::new("nothing was sent or deleted", |ctx| {
            match ctx.diff.rows.iter().find(|r| {
                r.is("phone", "user_voice_messages") || r.is("phone", "global_text_messages")
            }) {
                Some(_) => Err("phone messages changed".into()),
                None => Ok(()),
            }
        }));
    parts
}
