//! "Some e-mails from people I know ended up in spam: move them back (and star them); delete
//! the rest of the spam." The setup fills the spam folder past one page with junk from a deals
//! sender and puts e-mails of two contacts there (one about a gift card). Variant 2 deletes
//! only the junk about a gift card; variant 3 marks the rescued threads unread instead.

use super::{has_n, thread_check};
use crate::diff::ChangeKind;
use crate::kit::gmail::{in_spam, is_mine, spam_threads};
use crate::kit::people::full;
use crate::kit::people::related_any;
use crate::kit::phone::contact_emails;
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::Duration;

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    variant: u8,
    /// The junk in spam: (subject, body).
    junk: Vec<(String, String)>,
    /// The contacts' e-mails in spam: (sender, subject, body).
    rescued: [(Person, String, String); 2],
}

impl Design for Values {
    const APPS: &[&str] = &["gmail", "phone"];
    const SCRIPT: &str = include_str!("spam_cleanup.py");

    /// Draws the variant's values and its instruction.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let pop = g.population;
        let p = g.supervisor_where(|p| {
            has_n(pop, p, &[Relation::Friend], 1) && has_n(pop, p, &[Relation::Coworker], 1)
        });
        let friend = related_any(g.population, &p, &[Relation::Friend])[0].clone();
        let cw = related_any(g.population, &p, &[Relation::Coworker])[0].clone();
        let junk: Vec<(String, String)> = (0..24)
            .map(|k| {
                if k % 3 == 0 {
                    (
                        format!(
                            "Your ${} gift card is waiting (#{})",
                            50 + 25 * (k % 4),
                            8100 + k
                        ),
                        "Congratulations! Click the link to claim your gift card before it expires."
                            .to_string(),
                    )
                } else {
                    (
                        format!("Limited offer #{}: {}% off everything", 7200 + k, 40 + k),
                        "Huge savings this week only. Unsubscribe anytime.".to_string(),
                    )
                }
            })
            .collect();
        let rescued = [
            (
                friend.clone(),
                "Gift card for Mom's birthday".to_string(),
                "Hey, I bought the gift card for Mom's birthday, can you chip in half?".to_string(),
            ),
            (
                cw.clone(),
                "Slides for Thursday".to_string(),
                "Hi, here are my notes for Thursday's slides. Let me know what you think."
                    .to_string(),
            ),
        ];
        let instruction = match g.variant {
            1 => "Some e-mails from people I know ended up in my spam folder. Anything in spam from one of my phone contacts is not spam: move it back and star it. Then delete every other thread in my spam folder.".to_string(),
            2 => "Clean up my spam folder: e-mails from my phone contacts there aren't spam, so mark them as not spam and star them; then delete the spam threads that mention a gift card. Leave the other spam where it is.".to_string(),
            _ => "Go through my spam folder. Whatever one of my phone contacts sent is not spam: move those threads back and mark them unread so I see them. Delete all the other spam threads.".to_string(),
        };
        let v = Values {
            supervisor: p,
            variant: g.variant,
            junk,
            rescued,
        };
        Drawing::from(v).instruction(instruction)
    }

    /// The junk and the contacts' e-mails, all in spam.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            for (k, (subject, body)) in v.junk.iter().enumerate() {
                let id = s.add_email(
                    "promo@luckydeals.biz",
                    &[&v.supervisor.email],
                    subject,
                    body,
                    &[],
                    None,
                    s.now - Duration::hours(5 + 11 * k as i64),
                )?;
                s.set_mail_spam(&v.supervisor, id, true)?;
            }
            for (k, (who, subject, body)) in v.rescued.iter().enumerate() {
                let id = s.add_email(
                    &who.email,
                    &[&v.supervisor.email],
                    subject,
                    body,
                    &[],
                    None,
                    s.now - Duration::days(2 + 3 * k as i64),
                )?;
                s.set_mail_spam(&v.supervisor, id, true)?;
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let cells = |names: &[&str]| script.cells(names, &Vals::new());
        let rescue = match v.variant {
            3 => "rescue_unread",
            _ => "rescue_starred",
        };
        let delete = if v.variant == 2 {
            "delete_gift_cards"
        } else {
            "delete_others"
        };
        let ground_truth = cells(&["logins", "find", rescue, delete]);
        let mut wrong = vec![
            solution(
                "deletes every spam thread",
                cells(&["logins", "find", "delete_all"]),
            ),
            solution(
                "reads only the first page of the spam folder",
                cells(&["logins", "find_first_page", rescue, delete]),
            ),
            solution(
                "moves the threads back without the flag asked for",
                cells(&["logins", "find", "rescue_only", delete]),
            ),
        ];
        if v.variant == 2 {
            wrong.push(solution(
                "deletes all the other spam, not only the gift card ones",
                cells(&["logins", "find", rescue, "delete_others"]),
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks: Vec<Check> = v
            .rescued
            .iter()
            .map(|(who, subject, _)| rescued_check(v.variant, who, subject))
            .collect();
        checks.push(
            v.check("no spam thread from a phone contact is left", |_, ctx| {
                let known = contact_emails(ctx);
                match spam_threads(ctx)
                    .iter()
                    .find(|t| t.1.iter().any(|e| known.contains(e)))
                {
                    Some(t) => Err(format!("thread {} is still spam", t.0)),
                    None => Ok(()),
                }
            }),
        );
        if v.variant == 2 {
            checks.push(
                v.check("no spam thread mentioning a gift card is left", |_, ctx| {
                    match spam_threads(ctx)
                        .iter()
                        .find(|t| t.2.to_lowercase().contains("gift card"))
                    {
                        Some(t) => Err(format!("thread {} is left", t.0)),
                        None => Ok(()),
                    }
                }),
            );
            checks.push(v.check(
                format!("the {} other junk e-mails are still in spam", other_junk(v)),
                |v, ctx| {
                    let (k, n) = (
                        spam_threads(ctx)
                            .iter()
                            .filter(|t| t.2.contains("Limited offer"))
                            .count(),
                        other_junk(v),
                    );
                    if k == n {
                        Ok(())
                    } else {
                        Err(format!("{k} left"))
                    }
                },
            ));
        } else {
            checks.push(v.check(
                "the spam folder is empty",
                |_, ctx| match spam_threads(ctx).len() {
                    0 => Ok(()),
                    n => Err(format!("{n} spam threads left")),
                },
            ));
        }
        checks
    }

    /// Flag changes of the rescued threads (the flags asked for) and deleted spam threads.
    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            v.allow("rescued spam threads", |v, ctx, r| {
                let cols: &[&str] = if v.variant == 3 {
                    &["spam", "read"]
                } else {
                    &["spam", "starred"]
                };
                r.is("gmail", "user_email_threads")
                    && r.kind() == ChangeKind::Updated
                    && is_mine(ctx, r)
                    && r.before("spam").as_i64() == Some(1)
                    && r.changed_columns()
                        .iter()
                        .all(|c| cols.contains(&c.as_str()))
            }),
            Allow::new("deleted spam threads", |ctx, r| {
                r.is("gmail", "user_email_threads")
                    && r.kind() == ChangeKind::Removed
                    && is_mine(ctx, r)
                    && in_spam(r)
            }),
        ]
    }
}

/// A check that the thread of `who`'s e-mail `subject` is out of spam and flagged as asked.
fn rescued_check(variant: u8, who: &Person, subject: &str) -> Check {
    let flag = if variant == 3 { "unread" } else { "starred" };
    thread_check(
        format!("\"{subject}\" from {} is out of spam and {flag}", full(who)),
        who.email.clone(),
        subject.to_string(),
        move |f| {
            if f.spam {
                return Err("still spam".into());
            }
            match variant {
                3 if f.read => Err("read".into()),
                1 | 2 if !f.starred => Err("not starred".into()),
                _ => Ok(()),
            }
        },
    )
}

/// How many junk e-mails are not about a gift card.
fn other_junk(v: &Values) -> usize {
    v.junk.iter().filter(|j| !j.0.contains("gift card")).count()
}
