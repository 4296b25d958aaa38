//! A friend moves into the flat: add them to the Roommates group on Splitwise, invite them to
//! the Home project on Todoist and text them the wifi password from a note. Variant 2's wifi
//! note keeps the old password next to the new one; variant 3's friend is not a phone contact
//! yet: they texted their details, and the agent saves them as a contact labelled roommate.

use super::flat_supervisor;
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::{added, allow_added, allow_own};
use crate::kit::db::uid;
use crate::kit::phone::{contacts_added, texts_to};
use crate::kit::python::solution;
use crate::kit::splitwise::{group_members, live_group_named};
use crate::kit::todoist::invites_to;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::{Duration, NaiveDateTime};

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    /// The friend moving in.
    friend: Person,
    /// Their full name.
    full: String,
    variant: u8,
    now: NaiveDateTime,
    /// The wifi password, and the old one (variant 2's note keeps it).
    pw: String,
    old_pw: String,
    /// The friend's text with their details (variant 3).
    intro: String,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "simple_note", "phone", "splitwise", "todoist"];
    const SCRIPT: &str = include_str!("new_roommate.py");

    /// Draws the variant's values, its instruction and the supervisor's notes.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let (p, mates) = flat_supervisor(g, |p| {
            pop.relations_of(p.id).iter().any(|(r, _)| {
                matches!(r, Relation::Friend | Relation::Coworker | Relation::Sibling)
            })
        });
        let mut friends: Vec<Person> = pop
            .relations_of(p.id)
            .into_iter()
            .filter(|(r, id)| {
                matches!(r, Relation::Friend | Relation::Coworker | Relation::Sibling)
                    && !mates.iter().any(|m| m.id == *id)
            })
            .map(|(_, id)| g.person(id))
            .collect();
        g.rng.shuffle(&mut friends);
        let f = friends[0].clone();
        let v = g.variant;
        let words = ["maple", "harbor", "copper", "juniper", "lantern", "orchid"];
        let pw = format!(
            "{}{}{}",
            words[g.rng.range(0, 6) as usize],
            g.rng.range(100, 999),
            ["!", "#", "$"][usize::from(v - 1)]
        );
        let old_pw = format!(
            "{}{}",
            words[g.rng.range(0, 6) as usize],
            g.rng.range(100, 999)
        );
        let wifi = match v {
            2 => format!(
                "Network: FlatNet-5G\nOld password (until March): {old_pw}\nNew password: {pw}\nRouter admin login: admin / router{}\n",
                g.rng.range(10, 99)
            ),
            _ => format!(
                "Network: FlatNet-5G\nPassword: {pw}\nRouter admin login: admin / router{}\n",
                g.rng.range(10, 99)
            ),
        };
        let mut notes = g.filler(&p, 6, &[], &["Home wifi"]);
        notes.push(g.note("Home wifi", &wifi, &["home"], false, 40));
        let notes = crate::scenarios::mix(&mut g.rng, Vec::new(), notes);
        let full = format!("{} {}", f.first_name, f.last_name);
        let instruction = match v {
            1 => format!(
                "{full} is moving into our flat. Add them to our Roommates group on Splitwise, invite them to our Home project on Todoist, and text them the wifi password (it's in my notes)."
            ),
            2 => format!(
                "{full} is our new roommate! Please add them to the Roommates group on Splitwise and invite them to the Home project in Todoist. Also text them the current wifi password from my notes."
            ),
            _ => format!(
                "{full} is moving in with us and texted me their details. Save them in my phone contacts as a roommate, add them to our Roommates group on Splitwise, invite them to the Home project on Todoist, and text them our wifi password from my notes."
            ),
        };
        let intro = format!(
            "Hi! It's {full}, so excited to move in next week :) In case you need it, my email is {}.",
            f.email
        );
        let values = Values {
            supervisor: p,
            friend: f,
            full,
            variant: v,
            now: g.now,
            pw,
            old_pw,
            intro,
        };
        Drawing::from((values, notes)).instruction(instruction)
    }

    /// Variant 3: the friend is no contact yet but texted their details.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            if v.variant == 3 {
                s.remove_contact(&v.supervisor, &v.friend)?;
                s.add_text(
                    &v.friend,
                    &v.supervisor,
                    &v.intro,
                    v.now - Duration::hours(5),
                )?;
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let (f, full, v) = (&v.friend, &v.full, v.variant);
        let vals = Vals::new()
            .lit("full", full)
            .lit("first", &f.first_name)
            .lit("last", &f.last_name);
        let who = if v == 3 {
            "save_contact"
        } else {
            "find_contact"
        };
        let cells = |names: &[&str]| script.cells(names, &vals);
        let ground_truth = cells(&["logins", who, "wifi", "join_group", "invite", "welcome"]);
        let mut wrong = vec![
            solution(
                "forgets the Todoist invite",
                cells(&["logins", who, "wifi", "join_group", "welcome"]),
            ),
            solution(
                "texts the router's admin password",
                cells(&[
                    "logins",
                    who,
                    "wifi_router_password",
                    "join_group",
                    "invite",
                    "welcome",
                ]),
            ),
            solution(
                "adds them to another Splitwise group",
                cells(&[
                    "logins",
                    who,
                    "wifi",
                    "join_other_group",
                    "invite",
                    "welcome",
                ]),
            ),
        ];
        if v == 2 {
            wrong.push(solution(
                "texts the old password",
                cells(&[
                    "logins",
                    who,
                    "wifi_old_password",
                    "join_group",
                    "invite",
                    "welcome",
                ]),
            ));
        }
        if v == 3 {
            wrong.push(solution(
                "does not save the contact",
                cells(&[
                    "logins",
                    "read_texted_contact",
                    "wifi",
                    "join_group",
                    "invite",
                    "welcome",
                ]),
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let (email, number) = (&v.friend.email, &v.friend.phone_number);
        let mut checks = vec![
            v.check(
                format!("{email} is a member of the Roommates group"),
                in_roommates,
            ),
            v.check(
                "only that one member added on Splitwise",
                |_, ctx| match added(ctx, "splitwise", "group_members").len() {
                    1 => Ok(()),
                    k => Err(format!("{k} members added")),
                },
            ),
            v.check(
                format!("{email} has an invite to the Home project"),
                invited_home,
            ),
            v.check("no invite to anyone else", |_, ctx| {
                match added(ctx, "todoist", "project_invites").len() {
                    0 | 1 => Ok(()),
                    k => Err(format!("{k} invites")),
                }
            }),
            v.check(
                format!("a text to {number} with the password {}", v.pw),
                |v, ctx| {
                    if texts_to(ctx, &v.friend.phone_number)
                        .iter()
                        .any(|m| m.contains(&v.pw))
                    {
                        Ok(())
                    } else {
                        Err("no such text".into())
                    }
                },
            ),
        ];
        if v.variant == 2 {
            checks.push(v.check(
                format!("no text with the old password {}", v.old_pw),
                |v, ctx| {
                    match texts_to(ctx, &v.friend.phone_number)
                        .iter()
                        .any(|m| m.contains(&v.old_pw))
                    {
                        true => Err("old password sent".into()),
                        false => Ok(()),
                    }
                },
            ));
        }
        if v.variant == 3 {
            checks.push(v.check(
                format!(
                    "a contact {} with {number}, {email}, labelled roommate",
                    v.full
                ),
                |v, ctx| {
                    let c = contacts_added(ctx);
                    match c.as_slice() {
                        [r] if r.phone_number == v.friend.phone_number
                            && r.email == v.friend.email
                            && r.relationships.contains("roommate")
                            && r.first_name == fr_first(&v.full) =>
                        {
                            Ok(())
                        }
                        [_] => Err("the contact's fields differ".into()),
                        _ => Err(format!("{} contacts added", c.len())),
                    }
                },
            ));
        }
        checks
    }

    /// The new member and invite, their notifications, the new contact and the texts sent.
    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = vec![
            allow_added("the new member", "splitwise", "group_members", |_, _| true),
            allow::splitwise_notifications(),
            allow_added("the invite", "todoist", "project_invites", |_, _| true),
            allow::todo_notifications(),
            Allow::new("the invitation e-mail Todoist sends", |_, r| {
                r.schema == "gmail" && r.kind() == ChangeKind::Added
            }),
            allow_own("the new contact", "phone", "contacts", "user_id"),
        ];
        allowed.extend(allow::texts_sent());
        allowed
    }
}

/// Is the friend a member of the Roommates group?
fn in_roommates(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    let (Some(gid), Some(uid)) = (
        live_group_named(ctx, "Roommates"),
        uid(ctx, "splitwise", &v.friend.email),
    ) else {
        return Err("no group or user".into());
    };
    let n = group_members(ctx.db, gid)
        .into_iter()
        .filter(|m| *m == uid)
        .count();
    if n == 1 {
        Ok(())
    } else {
        Err("not a member".into())
    }
}

/// Does the friend have an invite to the Home project?
fn invited_home(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    let uid = uid(ctx, "todoist", &v.friend.email);
    let n = invites_to(ctx, uid, "Home");
    if n >= 1 {
        Ok(())
    } else {
        Err("no invite".into())
    }
}

/// The first word of a full name.
fn fr_first(full: &str) -> &str {
    full.split(' ').next().unwrap_or(full)
}
