//! "Text everyone in my Splitwise group X: ..." Members are found by e-mail among the
//! contacts (one is saved under a nickname in variant 3); a near-miss group holds another
//! contact. Variant 2: one member is not a contact, and the text goes to the others only.

use super::{allow_texts_and_payments, friends, one_text, strangers, supervisor_with_friends};
use crate::kit::phone::sent_texts_by_number;
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
    /// The group's contacts (variant 3: the second saved as "Scout").
    members: Vec<Person>,
    /// The near-miss group's contact.
    outsider: Person,
    /// Not a contact (variant 2: in the group).
    stranger: Person,
    /// The group, the near-miss group, the text.
    group: &'static str,
    near: &'static str,
    message: &'static str,
}

impl Design for Values {
    const APPS: &[&str] = &["phone", "splitwise"];
    const SCRIPT: &str = include_str!("text_group.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = supervisor_with_friends(g, 4);
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
        Values {
            variant: g.variant,
            supervisor: p,
            members,
            outsider,
            stranger,
            group,
            near,
            message,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let (group, message) = (v.group, v.message);
        match v.variant {
            1 => format!("Text everyone in my \"{group}\" group on Splitwise: \"{message}\""),
            2 => format!(
                "Send a text to each member of my Splitwise group \"{group}\" who is in my phone contacts (skip anyone who isn't): \"{message}\""
            ),
            _ => {
                format!(
                    "Let the people in my Splitwise group \"{group}\" know by text: \"{message}\""
                )
            }
        }
    }

    /// The stranger leaves the contacts; the group (variant 2: with the stranger) and the
    /// near-miss group.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, members) = (&v.supervisor, &v.members);
            s.remove_contact(sup, &v.stranger)?;
            if v.variant == 3 {
                s.relabel_contact(sup, &members[1], "Scout", &["friend"])?;
            }
            let mut all: Vec<&Person> = vec![sup];
            all.extend(members.iter());
            if v.variant == 2 {
                all.push(&v.stranger);
            }
            s.add_splitwise_group(&members[0], &all, v.group, s.now - Duration::days(12))?;
            s.add_splitwise_group(
                &v.outsider,
                &[sup, &v.outsider],
                v.near,
                s.now - Duration::days(4),
            )?;
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        // Logins, then `cell` texting `message` to the members of `group`.
        let cells = |cell: &str, group: &str, message: &str| {
            vec![
                script.cell("logins", &Vals::new()),
                script.cell(
                    cell,
                    &Vals::new().lit("group", group).lit("message", message),
                ),
            ]
        };
        let ground_truth = cells("text_members", v.group, v.message);
        let wrong = vec![
            solution(
                "texts the near-miss group",
                cells("text_members", v.near, v.message),
            ),
            solution(
                "texts only the first member",
                cells("text_first_member", v.group, v.message),
            ),
            solution(
                "texts a shortened message",
                cells("text_members", v.group, "See you there!"),
            ),
        ];
        (ground_truth, wrong)
    }

    /// One text to each member, none to anyone else.
    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks: Vec<Check> = v.members.iter().map(|m| texted(m, v.message)).collect();
        let (outsider, stranger) = (&v.outsider, &v.stranger);
        checks.push(v.check(
            format!(
                "nobody else got a text ({} {} of the other group, {} {})",
                outsider.first_name, outsider.last_name, stranger.first_name, stranger.last_name
            ),
            |v, ctx| {
                let t = sent_texts_by_number(ctx);
                let (on, sn) = (&v.outsider.phone_number, &v.stranger.phone_number);
                if t.len() == v.members.len() && !t.iter().any(|x| x.0 == *on || x.0 == *sn) {
                    Ok(())
                } else {
                    Err(format!("{} texts sent", t.len()))
                }
            },
        ));
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        allow_texts_and_payments()
    }
}

/// Member `m` got exactly one text, `message`.
fn texted(m: &Person, message: &'static str) -> Check {
    let (name, number) = (
        format!("{} {}", m.first_name, m.last_name),
        m.phone_number.clone(),
    );
    Check::new(format!("{name} got one text \"{message}\""), move |ctx| {
        one_text(ctx, &number, message)
    })
}
