//! "Some e-mails from people I know ended up in spam: move them back (and star them); delete
//! the rest of the spam." The setup fills the spam folder past one page with junk from a deals
//! sender and puts e-mails of two contacts there (one about a gift card). Variant 2 deletes
//! only the junk about a gift card; variant 3 marks the rescued threads unread instead.

use super::{has_n, thread_check};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::people::full;
use crate::kit::people::related_any;
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::{Allow, Check};
use crate::scenarios::{Gen, Parts, step};
use apps::people::Relation;
use chrono::Duration;

pub(super) fn build(g: &mut Gen) -> Parts {
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
            "Hi, here are my notes for Thursday's slides. Let me know what you think.".to_string(),
        ),
    ];
    let instruction = match g.variant {
        1 => "Some e-mails from people I know ended up in my spam folder. Anything in spam from one of my phone contacts is not spam: move it back and star it. Then delete every other thread in my spam folder.".to_string(),
        2 => "Clean up my spam folder: e-mails from my phone contacts there aren't spam, so mark them as not spam and star them; then delete the spam threads that mention a gift card. Leave the other spam where it is.".to_string(),
        _ => "Go through my spam folder. Whatever one of my phone contacts sent is not spam: move those threads back and mark them unread so I see them. Delete all the other spam threads.".to_string(),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["gmail", "phone"];
    let (sup, j2, r2) = (p.clone(), junk.clone(), rescued.clone());
    parts.setup.push(step(move |s| {
        for (k, (subject, body)) in j2.iter().enumerate() {
            let id = s.add_email(
                "promo@luckydeals.biz",
                &[&sup.email],
                subject,
                body,
                &[],
                None,
                s.now - Duration::hours(5 + 11 * k as i64),
            )?;
            s.set_mail_spam(&sup, id, true)?;
        }
        for (k, (who, subject, body)) in r2.iter().enumerate() {
            let id = s.add_email(
                &who.email,
                &[&sup.email],
                subject,
                body,
                &[],
                None,
                s.now - Duration::days(2 + 3 * k as i64),
            )?;
            s.set_mail_spam(&sup, id, true)?;
        }
        Ok(())
    }));
    let script = Script::parse(include_str!("spam_cleanup.py"));
    let cells = |names: &[&str]| script.cells(names, &Vals::new());
    let rescue = match g.variant {
        3 => "rescue_unread",
        _ => "rescue_starred",
    };
    let delete = if g.variant == 2 {
        "delete_gift_cards"
    } else {
        "delete_others"
    };
    parts.ground_truth = cells(&["logins", "find", rescue, delete]);
    parts.wrong = vec![
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
    if g.variant == 2 {
        parts.wrong.push(solution(
            "deletes all the other spam, not only the gift card ones",
            cells(&["logins", "find", rescue, "delete_others"]),
        ));
    }
    let variant = g.variant;
    for (who, subject, _) in &rescued {
        let flag = if variant == 3 { "unread" } else { "starred" };
        parts.checks.push(thread_check(
            format!("\"{subject}\" from {} is out of spam and {flag}", full(who)),
            who.email.clone(),
            subject.clone(),
            move |f| {
                if f.5 {
                    return Err("still spam".into());
                }
                match variant {
                    3 if f.2 => Err("read".into()),
                    1 | 2 if !f.3 => Err("not starred".into()),
                    _ => Ok(()),
                }
            },
        ));
    }
    parts.checks.push(Check::new(
        "no spam thread from a phone contact is left",
        |ctx| {
            let known = contact_emails(ctx);
            match spam_threads(ctx)
                .iter()
                .find(|t| t.1.iter().any(|e| known.contains(e)))
            {
                Some(t) => Err(format!("thread {} is still spam", t.0)),
                None => Ok(()),
            }
        },
    ));
    if variant == 2 {
        parts.checks.push(Check::new(
            "no spam thread mentioning a gift card is left",
            |ctx| match spam_threads(ctx)
                .iter()
                .find(|t| t.2.to_lowercase().contains("gift card"))
            {
                Some(t) => Err(format!("thread {} is left", t.0)),
                None => Ok(()),
            },
        ));
        let n = junk.iter().filter(|j| !j.0.contains("gift card")).count();
        parts.checks.push(Check::new(
            format!("the {n} other junk e-mails are still in spam"),
            move |ctx| {
                let k = spam_threads(ctx)
                    .iter()
                    .filter(|t| t.2.contains("Limited offer"))
                    .count();
                if k == n {
                    Ok(())
                } else {
                    Err(format!("{k} left"))
                }
            },
        ));
    } else {
        parts.checks.push(Check::new(
            "the spam folder is empty",
            |ctx| match spam_threads(ctx).len() {
                0 => Ok(()),
                n => Err(format!("{n} spam threads left")),
            },
        ));
    }
    let cols: &'static [&'static str] = if variant == 3 {
        &["spam", "read"]
    } else {
        &["spam", "starred"]
    };
    parts.allowed = vec![
        Allow::new("rescued spam threads", move |ctx, r| {
            r.is("gmail", "user_email_threads")
                && r.kind() == ChangeKind::Updated
                && r.get("user_id").as_i64() == ctx.user_id("gmail")
                && r.before("spam").as_i64() == Some(1)
                && r.changed_columns()
                    .iter()
                    .all(|c| cols.contains(&c.as_str()))
        }),
        Allow::new("deleted spam threads", |ctx, r| {
            r.is("gmail", "user_email_threads")
                && r.kind() == ChangeKind::Removed
                && r.get("user_id").as_i64() == ctx.user_id("gmail")
                && r.get("spam").as_i64() == Some(1)
        }),
    ];
    parts
}

/// The supervisor's phone contacts' addresses in the end state.
fn contact_emails(ctx: &EvalCtx) -> Vec<String> {
    let Some(me) = ctx.user_id("phone") else {
        return Vec::new();
    };
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT email FROM phone.contacts WHERE user_id = ?1 AND email IS NOT NULL",
    ) else {
        return Vec::new();
    };
    st.query_map([me], |r| r.get::<_, String>(0))
        .map(|rows| rows.filter_map(Result::ok).collect())
        .unwrap_or_default()
}

/// The supervisor's spam threads in the end state: (id, sender addresses, text of subjects
/// and bodies).
fn spam_threads(ctx: &EvalCtx) -> Vec<(i64, Vec<String>, String)> {
    let Some(me) = ctx.user_id("gmail") else {
        return Vec::new();
    };
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT t.id, group_concat(u.email, ' '), group_concat(e.subject || ' ' || e.body, ' ') FROM gmail.user_email_threads t \
         JOIN json_each(t.email_ids) je JOIN gmail.emails e ON e.id = je.value JOIN gmail.users u ON u.id = e.sender_id \
         WHERE t.user_id = ?1 AND t.spam = 1 GROUP BY t.id",
    ) else {
        return Vec::new();
    };
    st.query_map([me], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?
                .split(' ')
                .map(str::to_string)
                .collect(),
            r.get::<_, String>(2)?,
        ))
    })
    .map(|rows| rows.filter_map(Result::ok).collect())
    .unwrap_or_default()
}
