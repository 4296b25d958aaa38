//! "Text everyone in my Splitwise group X: ..." Members are found by e-mail among the
//! contacts (one is saved under a nickname in variant 3); a near-miss group holds another
//! contact. Variant 2: one member is not a contact, and the text goes to the others only.

use super::{allow_texts_and_payments, friends, sent_texts, strangers};
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, step};
use apps::people::{Person, Relation};
use chrono::Duration;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .filter(|(r, _)| matches!(r, Relation::Friend | Relation::Coworker))
            .count()
            >= 4
    });
    let known = friends(g, &p);
    let members: Vec<Person> = known[..3].to_vec();
    let outsider = known[3].clone();
    let stranger = strangers(g, &p, 1)[0].clone();
    let (group, near, message) = match g.variant {
        1 => (
            "Book Club",
            "Book Club Snacks",
            "Book club moved to Thursday at 7pm, same place.",
        ),
        2 => (
            "Tennis Doubles",
            "Tennis Court Fees",
            "Court 3 is booked for Saturday 10am!",
        ),
        _ => (
            "Road Trip Crew",
            "Road Trip Gas Money",
            "We leave Friday at 6am sharp - pack light!",
        ),
    };
    let instruction = match g.variant {
        1 => format!("Text everyone in my \"{group}\" group on Splitwise: \"{message}\""),
        2 => format!(
            "Send a text to each member of my Splitwise group \"{group}\" who is in my phone contacts (skip anyone who isn't): \"{message}\""
        ),
        _ => {
            format!("Let the people in my Splitwise group \"{group}\" know by text: \"{message}\"")
        }
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["phone", "splitwise"];
    {
        let (sup, members, outsider, stranger) = (
            p.clone(),
            members.clone(),
            outsider.clone(),
            stranger.clone(),
        );
        let variant = g.variant;
        parts.setup.push(step(move |s| {
            s.remove_contact(&sup, &stranger)?;
            if variant == 3 {
                s.relabel_contact(&sup, &members[1], "Scout", &["friend"])?;
            }
            let mut all: Vec<&Person> = vec![&sup];
            all.extend(members.iter());
            if variant == 2 {
                all.push(&stranger);
            }
            s.add_splitwise_group(&members[0], &all, group, s.now - Duration::days(12))?;
            s.add_splitwise_group(
                &outsider,
                &[&sup, &outsider],
                near,
                s.now - Duration::days(4),
            )?;
            Ok(())
        }));
    }
    let script = Script::parse(include_str!("text_group.py"));
    let head = script.cell("logins", &Vals::new());
    let body = |cell: &str, group: &str, message: &str| {
        script.cell(
            cell,
            &Vals::new().lit("group", group).lit("message", message),
        )
    };
    parts.ground_truth = vec![head.clone(), body("text_members", group, message)];
    parts.wrong = vec![
        solution(
            "texts the near-miss group",
            vec![head.clone(), body("text_members", near, message)],
        ),
        solution(
            "texts only the first member",
            vec![head.clone(), body("text_first_member", group, message)],
        ),
        solution(
            "texts a shortened message",
            vec![head.clone(), body("text_members", group, "See you there!")],
        ),
    ];
    for m in &members {
        let (name, number) = (
            format!("{} {}", m.first_name, m.last_name),
            m.phone_number.clone(),
        );
        parts.checks.push(Check::new(
            format!("{name} got one text \"{message}\""),
            move |ctx| {
                let t: Vec<String> = sent_texts(ctx)
                    .into_iter()
                    .filter(|t| t.0 == number)
                    .map(|t| t.1)
                    .collect();
                match t.as_slice() {
                    [x] if crate::eval::normalize_text(x)
                        == crate::eval::normalize_text(message) =>
                    {
                        Ok(())
                    }
                    _ => Err(format!("texts {t:?}")),
                }
            },
        ));
    }
    let n = members.len();
    let (on, sn) = (outsider.phone_number.clone(), stranger.phone_number.clone());
    parts.checks.push(Check::new(
        format!(
            "nobody else got a text ({} {} of the other group, {} {})",
            outsider.first_name, outsider.last_name, stranger.first_name, stranger.last_name
        ),
        move |ctx| {
            let t = sent_texts(ctx);
            if t.len() == n && !t.iter().any(|x| x.0 == on || x.0 == sn) {
                Ok(())
            } else {
                Err(format!("{} texts sent", t.len()))
            }
        },
    ));
    parts.allowed = allow_texts_and_payments();
    parts
}
