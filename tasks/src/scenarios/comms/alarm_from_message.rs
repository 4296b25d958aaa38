//! "My manager texted me about a meeting tomorrow; set an alarm 30 minutes before it." An
//! older text of the same person names another time. Variant 2: the spouse moved Saturday's
//! dinner in a later text (45 minutes before the new time); variant 3: a friend's voice
//! message asks for an airport pickup (an hour before), and the friend gets a text back.

use super::{has_n, text_checks, they};
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{added, allow_added};
use crate::kit::people::related;
use crate::kit::phone::sent_texts;
use crate::kit::python::solution;
use crate::kit::text::holds;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use apps::people::Relation;
use chrono::Duration;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = match g.variant {
        1 => g.supervisor_where(|p| has_n(pop, p, Relation::Manager, 1)),
        2 => g.supervisor_where(|p| {
            has_n(pop, p, Relation::Wife, 1) || has_n(pop, p, Relation::Husband, 1)
        }),
        _ => g.supervisor_where(|p| has_n(pop, p, Relation::Friend, 1)),
    };
    let (rel, word) = match g.variant {
        1 => (Relation::Manager, "manager"),
        2 if has_n(pop, &p, Relation::Wife, 1) => (Relation::Wife, "wife"),
        2 => (Relation::Husband, "husband"),
        _ => (Relation::Friend, "friend"),
    };
    let other = related(g.population, &p, rel)[0].clone();
    let (h, m) = (
        g.rng.range(9, 12),
        [0, 15, 30, 45][g.rng.range(0, 4) as usize],
    );
    // (from the other person?, voice?, hours ago, message)
    let (instruction, msgs, alarm, label, wrong_times): AlarmPlan = match g.variant {
        1 => {
            let at = format!("{h}:{m:02}");
            (
                format!(
                    "My {word} texted me about a meeting tomorrow. Set an alarm 30 minutes before it, labelled \"Budget meeting\"."
                ),
                vec![
                    (
                        true,
                        false,
                        24 * 5 + 3,
                        "Heads up: standup moved to 9:15 today.".to_string(),
                    ),
                    (
                        true,
                        false,
                        2,
                        format!("Can we go over the budget tomorrow at {at}? My office."),
                    ),
                    (false, false, 1, "Sure, see you then.".to_string()),
                ],
                fmt_hm(h * 60 + m - 30),
                "Budget meeting",
                vec![
                    ("sets it at the meeting time", fmt_hm(h * 60 + m)),
                    ("uses an older text's time", "08:45".to_string()),
                ],
            )
        }
        2 => {
            let (first, moved) = (19 * 60, 18 * 60 + 30);
            (
                format!(
                    "Set an alarm 45 minutes before the Saturday dinner my {word} texted me about, labelled \"Dinner at the in-laws\"."
                ),
                vec![
                    (
                        true,
                        false,
                        24 * 6 + 2,
                        "Can you pick up milk on the way home?".to_string(),
                    ),
                    (
                        true,
                        false,
                        24 * 2 + 5,
                        "Dinner at my parents' on Saturday at 7:00 PM, don't forget!".to_string(),
                    ),
                    (false, false, 24 * 2 + 4, "Got it!".to_string()),
                    (
                        true,
                        false,
                        20,
                        "Change of plans: they want us there at 6:30 PM instead.".to_string(),
                    ),
                ],
                fmt_hm(moved - 45),
                "Dinner at the in-laws",
                vec![
                    ("sets it 45 minutes after", fmt_hm(moved + 45)),
                    ("uses the first time, before it moved", fmt_hm(first - 45)),
                ],
            )
        }
        _ => {
            let lands = (8 * 60 + 15, "8:15 AM");
            let (_, him) = they(&other);
            (
                format!(
                    "{} left me a voice message asking for an airport pickup. Set an alarm an hour before the flight lands, labelled \"Airport pickup\", and text {him} \"See you at the airport!\"",
                    other.first_name
                ),
                vec![
                    (
                        true,
                        true,
                        24 * 20,
                        "Hey, the concert starts at 8:00 PM tonight, meet you at the door!"
                            .to_string(),
                    ),
                    (
                        true,
                        true,
                        17,
                        format!(
                            "Hey it's {}! My flight lands Sunday at {} - could you pick me up at the airport? Thanks!",
                            other.first_name, lands.1
                        ),
                    ),
                ],
                fmt_hm(lands.0 - 60),
                "Airport pickup",
                vec![
                    ("sets it at the landing time", fmt_hm(lands.0)),
                    ("uses an older message's time", fmt_hm(19 * 60)),
                ],
            )
        }
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["phone"];
    let (sup, o) = (p.clone(), other.clone());
    parts.setup.push(step(move |s| {
        for (theirs, voice, hours, text) in &msgs {
            let (from, to) = if *theirs { (&o, &sup) } else { (&sup, &o) };
            let when = s.now - Duration::hours(*hours) - Duration::minutes(7 * hours % 40);
            if *voice {
                s.add_voice(from, to, text, when)?;
            } else {
                s.add_text(from, to, text, when)?;
            }
        }
        Ok(())
    }));

    let script = Script::parse(include_str!("alarm_from_message.py"));
    let head = script.cell("logins", &Vals::new());
    let who = if g.variant == 3 {
        script.cell("who_by_name", &Vals::new().lit("name", &other.first_name))
    } else {
        script.cell(
            "who_by_relationship",
            &Vals::new().code("relationship", word),
        )
    };
    let (window, minutes) = match g.variant {
        1 => ("find_in_texts", 30),
        2 => ("find_in_texts", 45),
        _ => ("find_in_voice", 60),
    };
    let find = |pick: &str| script.cell(window, &Vals::new().code("pick", pick));
    let create = |offset: i64, label: &str, reply: bool| {
        script.cell(
            if reply { "alarm_and_reply" } else { "alarm" },
            &Vals::new().code("offset", offset).lit("label", label),
        )
    };
    let reply = g.variant == 3;
    let gt = |pick: &str, offset: i64, label: &str, reply: bool| {
        vec![
            head.clone(),
            who.clone(),
            find(pick),
            create(offset, label, reply),
        ]
    };
    parts.ground_truth = gt("0", -minutes, label, reply);
    parts.wrong = vec![
        solution(
            wrong_times[0].0,
            gt("0", if g.variant == 2 { minutes } else { 0 }, label, reply),
        ),
        solution(wrong_times[1].0, gt("1", -minutes, label, reply)),
        solution(
            "labels it differently",
            gt("0", -minutes, "Reminder", reply),
        ),
    ];
    if g.variant == 3 {
        parts.wrong.push(solution(
            "does not text back",
            gt("0", -minutes, label, false),
        ));
    }
    let alarm_c = alarm.clone();
    // The day the event is on (an alarm repeating on that day only is fine too).
    let weekday = ["friday", "saturday", "sunday"][usize::from(g.variant - 1)];
    parts.checks = vec![
        Check::new("exactly one alarm was added", |ctx| {
            match added_alarms(ctx).len() {
                1 => Ok(()),
                n => Err(format!("{n} alarms were added")),
            }
        }),
        Check::new(
            format!("it rings at {alarm}"),
            move |ctx| match added_alarms(ctx).first() {
                Some(a) if a.0 == alarm_c => Ok(()),
                Some(a) => Err(format!("it rings at {}", a.0)),
                None => Err("no alarm".into()),
            },
        ),
        Check::new(format!("it is labelled \"{label}\""), {
            let label = label.to_string();
            move |ctx| match added_alarms(ctx).first() {
                Some(a) if holds(&a.1, &label) && holds(&label, &a.1) => Ok(()),
                Some(a) => Err(format!("it is labelled {:?}", a.1)),
                None => Err("no alarm".into()),
            }
        }),
        Check::new(
            format!("it rings once (no repeat days, or {weekday} only) and is on"),
            move |ctx| match added_alarms(ctx).first() {
                Some(a) if (a.2.is_empty() || a.2 == [weekday]) && a.3 => Ok(()),
                Some(a) => Err(format!("repeat days {:?}, enabled {}", a.2, a.3)),
                None => Err("no alarm".into()),
            },
        ),
    ];
    parts.allowed = vec![allow_added(
        "the supervisor's alarm",
        "phone",
        "alarms",
        |ctx, r| r.get("user_id").as_i64() == ctx.user_id("phone"),
    )];
    if g.variant == 3 {
        parts.checks.extend(text_checks(
            vec![(other.clone(), vec!["See you at the airport!".to_string()])],
            "a text \"See you at the airport!\"",
            Vec::new(),
        ));
        parts.allowed.extend(allow::texts_sent());
    } else {
        parts.checks.push(Check::new("no text was sent", |ctx| {
            match sent_texts(ctx).first() {
                Some(t) => Err(format!("a text \"{}\" was sent", t.1)),
                None => Ok(()),
            }
        }));
    }
    parts
}

/// An alarm scenario's variant: (instruction, messages (from the other person?, voice?, hours
/// ago, text), the alarm time, its label, wrong times with why).
type AlarmPlan<'a> = (
    String,
    Vec<(bool, bool, i64, String)>,
    String,
    &'a str,
    Vec<(&'a str, String)>,
);

/// The alarms the supervisor added: (time, label, repeat days, enabled).
fn added_alarms(ctx: &EvalCtx) -> Vec<(String, String, Vec<String>, bool)> {
    let me = ctx.user_id("phone");
    added(ctx, "phone", "alarms")
        .into_iter()
        .filter(|r| r.get("user_id").as_i64() == me)
        .map(|r| {
            (
                r.get("time").as_str().unwrap_or("").to_string(),
                r.get("label").as_str().unwrap_or("").to_string(),
                r.get("repeat_days")
                    .as_str()
                    .and_then(|s| serde_json::from_str(s).ok())
                    .unwrap_or_default(),
                r.get("enabled").as_i64() == Some(1) || r.get("enabled").as_bool() == Some(true),
            )
        })
        .collect()
}

/// Minutes after midnight as `HH:MM`.
fn fmt_hm(minutes: i64) -> String {
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}
