//! "Add everyone in my Splitwise group X who isn't in my contacts yet, as a friend." The
//! group mixes strangers, contacts and the supervisor; a near-miss group of other strangers
//! lies next to it. Variant 2: another label and three strangers; variant 3: one member is a
//! contact saved under a nickname (only the e-mail matches).

use super::{friends, strangers, supervisor_with_friends};
use crate::eval::EvalCtx;
use crate::kit::changes::allow_own;
use crate::kit::phone::contacts_added;
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::Duration;

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The group's strangers (to add), and the near-miss group's stranger.
    new: Vec<Person>,
    other: Person,
    /// Two contacts in the group (variant 3: `c2` saved as "Moose").
    c1: Person,
    c2: Person,
    /// The group, the near-miss group, the relationship to give.
    group: &'static str,
    near: &'static str,
    label: &'static str,
}

impl Design for Values {
    const APPS: &[&str] = &["phone", "splitwise"];
    const SCRIPT: &str = include_str!("group_to_contacts.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = supervisor_with_friends(g, 2);
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
        Values {
            variant: g.variant,
            supervisor: p,
            new,
            other,
            c1,
            c2,
            group,
            near,
            label,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let (group, label) = (v.group, v.label);
        match v.variant {
            1 => format!(
                "I just joined the \"{group}\" group on Splitwise. Add everyone in it who isn't in my phone contacts yet as a contact, with the relationship \"{label}\" and the number they texted me from."
            ),
            2 => format!(
                "Save the members of my Splitwise group \"{group}\" that I don't have in my phone's contacts as new contacts, labelled \"{label}\". Each of them texted me, so use the number the text came from."
            ),
            _ => format!(
                "Some people in my \"{group}\" Splitwise group aren't in my phone contacts. Add them, with \"{label}\" as the relationship; they've texted me, so you have their numbers."
            ),
        }
    }

    /// The strangers leave the contacts; the group and the near-miss group, each stranger's text.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, new, other) = (&v.supervisor, &v.new, &v.other);
            for x in new.iter().chain([other]) {
                s.remove_contact(sup, x)?;
            }
            if v.variant == 3 {
                s.relabel_contact(sup, &v.c2, "Moose", &["friend"])?;
            }
            let mut members: Vec<&Person> = vec![sup, &v.c1];
            members.extend(new[1..].iter());
            members.insert(2, &v.c2);
            s.add_splitwise_group(&new[0], &members, v.group, s.now - Duration::days(3))?;
            for (i, x) in new.iter().enumerate() {
                let msg = format!(
                    "Hi {}! It's {} {} from {} - this is my number, in case you need it.",
                    sup.first_name, x.first_name, x.last_name, v.group
                );
                s.add_text(x, sup, &msg, s.now - Duration::hours(30 + 5 * i as i64))?;
            }
            let msg = format!(
                "Hey, {} {} here, from {}. Saving my number?",
                other.first_name, other.last_name, v.near
            );
            s.add_text(other, sup, &msg, s.now - Duration::hours(20))?;
            s.add_splitwise_group(
                other,
                &[sup, &v.c1, other],
                v.near,
                s.now - Duration::days(2),
            )?;
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        // Logins, then `cell` adding the strangers of `group` labelled `label`.
        let cells = |group: &str, label: &str, cell: &str| {
            vec![
                script.cell("logins", &Vals::new()),
                script.cell(cell, &Vals::new().lit("group", group).lit("label", label)),
            ]
        };
        let ground_truth = cells(v.group, v.label, "add_new");
        let wrong = vec![
            solution(
                "adds the near-miss group's stranger",
                cells(v.near, v.label, "add_new"),
            ),
            solution(
                "labels them \"acquaintance\"",
                cells(v.group, "acquaintance", "add_new"),
            ),
            solution(
                "adds only the first stranger",
                cells(v.group, v.label, "add_first_new"),
            ),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks = vec![v.check(
            format!("exactly {} contacts were added", v.new.len()),
            |v, ctx| match added_contacts(ctx).len() {
                x if x == v.new.len() => Ok(()),
                x => Err(format!("{x} contacts were added")),
            },
        )];
        checks.extend(v.new.iter().map(contact_added));
        checks.push(v.check(
            format!(
                "every new contact has the relationship \"{}\" only",
                v.label
            ),
            |v, ctx| {
                for c in added_contacts(ctx) {
                    if c.3 != [v.label] {
                        return Err(format!("{} has {:?}", c.2, c.3));
                    }
                }
                Ok(())
            },
        ));
        let (other, c1, c2) = (&v.other, &v.c1, &v.c2);
        checks.push(v.check(
            format!(
                "no contact was added for {} {} (other group), {} {} or {} {} (already contacts), or the supervisor",
                other.first_name, other.last_name, c1.first_name, c1.last_name, c2.first_name, c2.last_name
            ),
            |v, ctx| {
                let others = [&v.other.email, &v.c1.email, &v.c2.email, &v.supervisor.email];
                match added_contacts(ctx)
                    .iter()
                    .find(|c| others.iter().any(|o| o.eq_ignore_ascii_case(&c.2)))
                {
                    Some(c) => Err(format!("{} was added", c.2)),
                    None => Ok(()),
                }
            },
        ));
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![allow_own(
            "the supervisor's new contacts",
            "phone",
            "contacts",
            "user_id",
        )]
    }
}

/// `x` was added as a contact, under their name and number.
fn contact_added(x: &Person) -> Check {
    let (first, last, email) = (x.first_name.clone(), x.last_name.clone(), x.email.clone());
    let number = x.phone_number.clone();
    Check::new(
        format!("{first} {last} was added as a contact ({email}, {number})"),
        move |ctx| {
            let a = added_contacts(ctx);
            match a.iter().find(|c| c.2.eq_ignore_ascii_case(&email)) {
                Some(c) if c.0 == first && c.1 == last && c.4 == number => Ok(()),
                Some(c) => Err(format!("added as {} {}, {}", c.0, c.1, c.4)),
                None => Err(format!("no contact for {email}")),
            }
        },
    )
}

/// A contact as added: (first name, last name, e-mail, relationships, phone number).
type NewContact = (String, String, String, Vec<String>, String);

/// The contacts the supervisor added.
fn added_contacts(ctx: &EvalCtx) -> Vec<NewContact> {
    let me = ctx.user_id("phone");
    contacts_added(ctx)
        .into_iter()
        .filter(|c| c.owner == me)
        .map(|c| {
            let labels = c.labels();
            (c.first_name, c.last_name, c.email, labels, c.phone_number)
        })
        .collect()
}
