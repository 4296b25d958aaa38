//! "My manager texted me about a meeting tomorrow; set an alarm 30 minutes before it." An
//! older text of the same person names another time. Variant 2: the spouse moved Saturday's
//! dinner in a later text (45 minutes before the new time); variant 3: a friend's voice
//! message asks for an airport pickup (an hour before), and the friend gets a text back.

use super::{has_n, text_checks, they};
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{added_by, allow_own};
use crate::kit::people::related;
use crate::kit::phone::sent_texts;
use crate::kit::python::solution;
use crate::kit::text::holds;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::Duration;

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// Who sent the message, and how the supervisor's phone labels them (`manager`, ...).
    other: Person,
    word: &'static str,
    plan: Plan,
    /// The day the event is on (an alarm repeating on that day only is fine too).
    weekday: &'static str,
}

/// An alarm scenario's variant.
struct Plan {
    instruction: String,
    /// The conversation: (from the other person?, voice?, hours ago, text).
    msgs: Vec<(bool, bool, i64, String)>,
    /// The alarm's time (`HH:MM`) and label.
    alarm: String,
    label: &'static str,
    /// The two wrong times, with why: (why, time).
    wrong_times: Vec<(&'static str, String)>,
}

impl Design for Values {
    const APPS: &[&str] = &["phone"];
    const SCRIPT: &str = include_str!("alarm_from_message.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
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
        let plan = match g.variant {
            1 => meeting(word, h, m),
            2 => dinner(word),
            _ => pickup(&other),
        };
        Values {
            variant: g.variant,
            supervisor: p,
            other,
            word,
            plan,
            weekday: ["friday", "saturday", "sunday"][usize::from(g.variant - 1)],
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        v.plan.instruction.clone()
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, o) = (&v.supervisor, &v.other);
            for (theirs, voice, hours, text) in &v.plan.msgs {
                let (from, to) = if *theirs { (o, sup) } else { (sup, o) };
                let when = s.now - Duration::hours(*hours) - Duration::minutes(7 * hours % 40);
                if *voice {
                    s.add_voice(from, to, text, when)?;
                } else {
                    s.add_text(from, to, text, when)?;
                }
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let head = script.cell("logins", &Vals::new());
        let who = if v.variant == 3 {
            script.cell("who_by_name", &Vals::new().lit("name", &v.other.first_name))
        } else {
            script.cell(
                "who_by_relationship",
                &Vals::new().code("relationship", v.word),
            )
        };
        let (window, minutes) = match v.variant {
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
        let (label, reply) = (v.plan.label, v.variant == 3);
        // logins, who, the message `pick` (0: the newest with a time), the alarm `offset` minutes
        // from its time with `label`, and the text back where `reply`.
        let gt = |pick: &str, offset: i64, label: &str, reply: bool| {
            vec![
                head.clone(),
                who.clone(),
                find(pick),
                create(offset, label, reply),
            ]
        };
        let mut wrong = vec![
            solution(
                v.plan.wrong_times[0].0,
                gt("0", if v.variant == 2 { minutes } else { 0 }, label, reply),
            ),
            solution(v.plan.wrong_times[1].0, gt("1", -minutes, label, reply)),
            solution(
                "labels it differently",
                gt("0", -minutes, "Reminder", reply),
            ),
        ];
        if v.variant == 3 {
            wrong.push(solution(
                "does not text back",
                gt("0", -minutes, label, false),
            ));
        }
        (gt("0", -minutes, label, reply), wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = vec![
            v.check(
                "exactly one alarm was added",
                |_, ctx| match added_alarms(ctx).len() {
                    1 => Ok(()),
                    n => Err(format!("{n} alarms were added")),
                },
            ),
            v.check(
                format!("it rings at {}", v.plan.alarm),
                |v, ctx| match added_alarms(ctx).first() {
                    Some(a) if a.0 == v.plan.alarm => Ok(()),
                    Some(a) => Err(format!("it rings at {}", a.0)),
                    None => Err("no alarm".into()),
                },
            ),
            v.check(format!("it is labelled \"{}\"", v.plan.label), |v, ctx| {
                let label = v.plan.label;
                match added_alarms(ctx).first() {
                    Some(a) if holds(&a.1, label) && holds(label, &a.1) => Ok(()),
                    Some(a) => Err(format!("it is labelled {:?}", a.1)),
                    None => Err("no alarm".into()),
                }
            }),
            v.check(
                format!(
                    "it rings once (no repeat days, or {} only) and is on",
                    v.weekday
                ),
                |v, ctx| match added_alarms(ctx).first() {
                    Some(a) if (a.2.is_empty() || a.2 == [v.weekday]) && a.3 => Ok(()),
                    Some(a) => Err(format!("repeat days {:?}, enabled {}", a.2, a.3)),
                    None => Err("no alarm".into()),
                },
            ),
        ];
        if v.variant == 3 {
            checks.extend(text_checks(
                vec![(v.other.clone(), vec!["See you at the airport!".to_string()])],
                "a text \"See you at the airport!\"",
                Vec::new(),
            ));
        } else {
            checks.push(
                v.check("no text was sent", |_, ctx| match sent_texts(ctx).first() {
                    Some(t) => Err(format!("a text \"{}\" was sent", t.1)),
                    None => Ok(()),
                }),
            );
        }
        checks
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = vec![allow_own(
            "the supervisor's alarm",
            "phone",
            "alarms",
            "user_id",
        )];
        if v.variant == 3 {
            allowed.extend(allow::texts_sent());
        }
        allowed
    }
}

/// Variant 1: the manager's meeting tomorrow at `h:m`.
fn meeting(word: &str, h: i64, m: i64) -> Plan {
    let at = format!("{h}:{m:02}");
    Plan {
        instruction: format!(
            "My {word} texted me about a meeting tomorrow. Set an alarm 30 minutes before it, labelled \"Budget meeting\"."
        ),
        msgs: vec![
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
        alarm: fmt_hm(h * 60 + m - 30),
        label: "Budget meeting",
        wrong_times: vec![
            ("sets it at the meeting time", fmt_hm(h * 60 + m)),
            ("uses an older text's time", "08:45".to_string()),
        ],
    }
}

/// Variant 2: the spouse's Saturday dinner, moved in a later text.
fn dinner(word: &str) -> Plan {
    let (first, moved) = (19 * 60, 18 * 60 + 30);
    Plan {
        instruction: format!(
            "Set an alarm 45 minutes before the Saturday dinner my {word} texted me about, labelled \"Dinner at the in-laws\"."
        ),
        msgs: vec![
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
        alarm: fmt_hm(moved - 45),
        label: "Dinner at the in-laws",
        wrong_times: vec![
            ("sets it 45 minutes after", fmt_hm(moved + 45)),
            ("uses the first time, before it moved", fmt_hm(first - 45)),
        ],
    }
}

/// Variant 3: a friend's voice message asking for an airport pickup.
fn pickup(other: &Person) -> Plan {
    let lands = (8 * 60 + 15, "8:15 AM");
    let (_, him) = they(other);
    Plan {
        instruction: format!(
            "{} left me a voice message asking for an airport pickup. Set an alarm an hour before the flight lands, labelled \"Airport pickup\", and text {him} \"See you at the airport!\"",
            other.first_name
        ),
        msgs: vec![
            (
                true,
                true,
                24 * 20,
                "Hey, the concert starts at 8:00 PM tonight, meet you at the door!".to_string(),
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
        alarm: fmt_hm(lands.0 - 60),
        label: "Airport pickup",
        wrong_times: vec![
            ("sets it at the landing time", fmt_hm(lands.0)),
            ("uses an older message's time", fmt_hm(19 * 60)),
        ],
    }
}

/// The alarms the supervisor added: (time, label, repeat days, enabled).
fn added_alarms(ctx: &EvalCtx) -> Vec<(String, String, Vec<String>, bool)> {
    added_by(ctx, "phone", "alarms", "user_id")
        .into_iter()
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
