//! "Add everyone in my Splitwise group X who isn't in my contacts yet, as a friend." The
//! group mixes strangers, contacts and the supervisor; a near-miss group of other strangers
//! lies next to it. Variant 2: another label and three strangers; variant 3: one member is a
//! contact saved under a nickname (only the e-mail matches).

use super::{friends, strangers};
use crate::eval::EvalCtx;
use crate::kit::changes::{added, allow_added};
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
            >= 2
    });
    let n_new = if g.variant == 2 { 3 } else { 2 };
    let all = strangers(g, &p, n_new + 1);
    let (new, other) = (all[..n_new].to_vec(), all[n_new].clone());
    let known = friends(g, &p);
    let (c1, c2) = (known[0].clone(), known[1].clone());
    let (group, near, label) = match g.variant {
        1 => ("Pottery Class", "Pottery Class Supplies", "friend"),
        2 => ("Elm Street Neighbors", "Elm Street Block Party", "neighbor"),
        _ => ("Climbing Crew", "Climbing Gym Carpool", "friend"),
    };
    let instruction = match g.variant {
        1 => format!(
            "I just joined the \"{group}\" group on Splitwise. Add everyone in it who isn't in my phone contacts yet as a contact, with the relationship \"{label}\" and the number they texted me from."
        ),
        2 => format!(
            "Save the members of my Splitwise group \"{group}\" that I don't have in my phone's contacts as new contacts, labelled \"{label}\". Each of them texted me, so use the number the text came from."
        ),
        _ => format!(
            "Some people in my \"{group}\" Splitwise group aren't in my phone contacts. Add them, with \"{label}\" as the relationship; they've texted me, so you have their numbers."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["phone", "splitwise"];
    {
        let (sup, new, other, c1, c2) = (
            p.clone(),
            new.clone(),
            other.clone(),
            c1.clone(),
            c2.clone(),
        );
        let variant = g.variant;
        parts.setup.push(step(move |s| {
            for x in new.iter().chain([&other]) {
                s.remove_contact(&sup, x)?;
            }
            if variant == 3 {
                s.relabel_contact(&sup, &c2, "Moose", &["friend"])?;
            }
            let mut members: Vec<&Person> = vec![&sup, &c1];
            members.extend(new[1..].iter());
            members.insert(2, &c2);
            s.add_splitwise_group(&new[0], &members, group, s.now - Duration::days(3))?;
            for (i, x) in new.iter().enumerate() {
                let msg = format!(
                    "Hi {}! It's {} {} from {group} - this is my number, in case you need it.",
                    sup.first_name, x.first_name, x.last_name
                );
                s.add_text(x, &sup, &msg, s.now - Duration::hours(30 + 5 * i as i64))?;
            }
            let msg = format!(
                "Hey, {} {} here, from {near}. Saving my number?",
                other.first_name, other.last_name
            );
            s.add_text(&other, &sup, &msg, s.now - Duration::hours(20))?;
            s.add_splitwise_group(
                &other,
                &[&sup, &c1, &other],
                near,
                s.now - Duration::days(2),
            )?;
            Ok(())
        }));
    }

    let script = Script::parse(include_str!("group_to_contacts.py"));
    let head = script.cell("logins", &Vals::new());
    let body = |group: &str, label: &str, cell: &str| {
        script.cell(cell, &Vals::new().lit("group", group).lit("label", label))
    };
    parts.ground_truth = vec![head.clone(), body(group, label, "add_new")];
    parts.wrong = vec![
        solution(
            "adds the near-miss group's stranger",
            vec![head.clone(), body(near, label, "add_new")],
        ),
        solution(
            "labels them \"acquaintance\"",
            vec![head.clone(), body(group, "acquaintance", "add_new")],
        ),
        solution(
            "adds only the first stranger",
            vec![head.clone(), body(group, label, "add_first_new")],
        ),
    ];
    let n = new.len();
    parts.checks.push(Check::new(
        format!("exactly {n} contacts were added"),
        move |ctx| match added_contacts(ctx).len() {
            x if x == n => Ok(()),
            x => Err(format!("{x} contacts were added")),
        },
    ));
    for x in &new {
        let (first, last, email) = (x.first_name.clone(), x.last_name.clone(), x.email.clone());
        let number = x.phone_number.clone();
        parts.checks.push(Check::new(
            format!("{first} {last} was added as a contact ({email}, {number})"),
            move |ctx| {
                let a = added_contacts(ctx);
                match a.iter().find(|c| c.2.eq_ignore_ascii_case(&email)) {
                    Some(c) if c.0 == first && c.1 == last && c.4 == number => Ok(()),
                    Some(c) => Err(format!("added as {} {}, {}", c.0, c.1, c.4)),
                    None => Err(format!("no contact for {email}")),
                }
            },
        ));
    }
    parts.checks.push(Check::new(
        format!("every new contact has the relationship \"{label}\" only"),
        move |ctx| {
            for c in added_contacts(ctx) {
                if c.3 != [label] {
                    return Err(format!("{} has {:?}", c.2, c.3));
                }
            }
            Ok(())
        },
    ));
    let mut others = vec![other.email.clone(), c1.email.clone(), c2.email.clone()];
    others.push(p.email.clone());
    parts.checks.push(Check::new(
        format!(
            "no contact was added for {} {} (other group), {} {} or {} {} (already contacts), or the supervisor",
            other.first_name, other.last_name, c1.first_name, c1.last_name, c2.first_name, c2.last_name
        ),
        move |ctx| match added_contacts(ctx)
            .iter()
            .find(|c| others.iter().any(|o| o.eq_ignore_ascii_case(&c.2)))
        {
            Some(c) => Err(format!("{} was added", c.2)),
            None => Ok(()),
        },
    ));
    parts.allowed = vec![allow_added(
        "the supervisor's new contacts",
        "phone",
        "contacts",
        |ctx, r| r.get("user_id").as_i64() == ctx.user_id("phone"),
    )];
    parts
}

/// A contact as added: (first name, last name, e-mail, relationships, phone number).
type NewContact = (String, String, String, Vec<String>, String);

/// The contacts the supervisor added.
fn added_contacts(ctx: &EvalCtx) -> Vec<NewContact> {
    let me = ctx.user_id("phone");
    added(ctx, "phone", "contacts")
        .into_iter()
        .filter(|r| r.get("user_id").as_i64() == me)
        .map(|r| {
            let s = |c: &str| r.get(c).as_str().unwrap_or("").to_string();
            (
                s("first_name"),
                s("last_name"),
                s("email"),
                r.get("relationships")
                    .as_str()
                    .and_then(|x| serde_json::from_str(x).ok())
                    .unwrap_or_default(),
                s("phone_number"),
            )
        })
        .collect()
}
