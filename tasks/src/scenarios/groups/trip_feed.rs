//! "My trip friends (our Splitwise group) paid each other back on Venmo: like each of their
//! payments to one another that mentions the city, and comment on it." Near misses: a payment
//! between them about rent, one about the city from a friend outside the group, a private one.

use crate::eval::EvalCtx;
use crate::kit::changes::{added, allow_added, updates_only};
use crate::kit::db::uid;
use crate::kit::people::distinct_friends;
use crate::kit::python::solution;
use crate::kit::text::same_text;
use crate::kit::{Script, Vals};
use crate::model::{Allow, Check};
use crate::scenarios::{Gen, Parts, step};
use apps::people::Person;
use chrono::Duration;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| distinct_friends(pop, p).len() >= 4);
    let fr = distinct_friends(pop, &p);
    let v = g.variant;
    let city = ["Tulum", "Banff", "Reykjavik"][(v - 1) as usize];
    let group = format!("{city} Getaway");
    let comment = ["Great trip!", "Miss it already!", "Best trip ever!"][(v - 1) as usize];
    let (a, b, c, d) = (fr[0].clone(), fr[1].clone(), fr[2].clone(), fr[3].clone());
    // (from, to, note, private, counts)
    let pays: Vec<(Person, Person, String, bool, bool)> = vec![
        (
            a.clone(),
            b.clone(),
            format!("{city} hotel share"),
            false,
            true,
        ),
        (
            c.clone(),
            a.clone(),
            format!("Dinner in {city}"),
            false,
            true,
        ),
        (
            b.clone(),
            c.clone(),
            format!("{city} boat tour"),
            false,
            v != 1,
        ),
        (a.clone(), b.clone(), "Rent - May".to_string(), false, false),
        (
            d.clone(),
            a.clone(),
            format!("{city} souvenirs"),
            false,
            false,
        ),
        (c.clone(), b.clone(), format!("{city} taxi"), true, false),
    ];
    let members: Vec<Person> = if v == 1 {
        vec![a.clone(), b.clone()]
    } else {
        vec![a.clone(), b.clone(), c.clone()]
    };
    let pays: Vec<_> = pays
        .into_iter()
        .map(|mut x| {
            x.4 = x.4
                && members.iter().any(|m| m.id == x.0.id)
                && members.iter().any(|m| m.id == x.1.id);
            x
        })
        .collect();
    let instruction = match v {
        1 => format!(
            "My friends from our {city} trip (the Splitwise group \"{group}\") have been paying each other back on Venmo. Like each Venmo payment between them that mentions {city}, and comment \"{comment}\" on it."
        ),
        2 => format!(
            "The people in my Splitwise group \"{group}\" settled our {city} costs among themselves on Venmo. For every payment from one of them to another that mentions {city}, give it a like and leave the comment \"{comment}\"."
        ),
        _ => format!(
            "Cheer on my {city} travel buddies: they're everyone in my Splitwise group \"{group}\". Like each of their Venmo payments to each other about {city} and comment \"{comment}\"."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "splitwise", "venmo"];
    let now = g.now;
    let (sup, ms, pays_s, group_s) = (p.clone(), members.clone(), pays.clone(), group.clone());
    let fs_ = [a.clone(), b.clone(), c.clone(), d.clone()];
    parts.setup.push(step(move |s| {
        let mut all = vec![&sup];
        all.extend(ms.iter());
        s.add_splitwise_group(&sup, &all, &group_s, now - Duration::days(30))?;
        for (i, (from, to, note, private, _)) in pays_s.iter().enumerate() {
            let id = s.add_venmo_payment(
                from,
                to,
                40.0 + 13.0 * i as f64,
                note,
                now - Duration::days(6) + Duration::hours(5 * i as i64),
            )?;
            if *private {
                s.execute(
                    "UPDATE venmo.transactions SET private = 1 WHERE id = ?1",
                    [id],
                )?;
            }
        }
        // Newer everyday payments among them, so the trip's are past the feed's first page.
        let everyday = [
            "Coffee",
            "Lunch",
            "Gas",
            "Groceries",
            "Movie night",
            "Parking",
        ];
        for (i, note) in everyday.iter().enumerate() {
            let (from, to) = (&fs_[i % fs_.len()], &fs_[(i + 1) % fs_.len()]);
            s.add_venmo_payment(
                from,
                to,
                8.0 + 3.0 * i as f64,
                note,
                now - Duration::hours(30 - 4 * i as i64),
            )?;
        }
        Ok(())
    }));
    let script = Script::parse(include_str!("trip_feed.py"));
    let vals = Vals::new()
        .lit("group", &group)
        .lit("city", &city.to_lowercase())
        .lit("comment", comment);
    let cells = |find: &str, act: &str| script.cells(&["logins", find, act], &vals);
    parts.ground_truth = cells("find", "like_and_comment");
    parts.wrong = vec![
        solution(
            "takes payments where only one side is in the group",
            cells("find_either_side", "like_and_comment"),
        ),
        solution("comments without liking", cells("find", "comment_only")),
        solution(
            "reads only the first page of the feed",
            cells("find_first_page", "like_and_comment"),
        ),
    ];
    let targets: Vec<(String, String, String)> = pays
        .iter()
        .filter(|x| x.4)
        .map(|x| (x.0.email.clone(), x.1.email.clone(), x.2.clone()))
        .collect();
    let shown = targets
        .iter()
        .map(|t| format!("\"{}\"", t.2))
        .collect::<Vec<_>>()
        .join(", ");
    let ids_of = move |ctx: &EvalCtx, t: &[(String, String, String)]| -> Vec<i64> {
        let mut v: Vec<i64> = t
            .iter()
            .flat_map(|x| txn_ids(ctx, &x.0, &x.1, &x.2))
            .collect();
        v.sort_unstable();
        v
    };
    let mine = |ctx: &EvalCtx, table: &str| -> Vec<(i64, String)> {
        let me = ctx.user_id("venmo");
        let mut v: Vec<(i64, String)> = added(ctx, "venmo", table)
            .into_iter()
            .filter(|r| r.get("user_id").as_i64() == me)
            .map(|r| {
                (
                    r.get("transaction_id").as_i64().unwrap_or(0),
                    r.get("comment").as_str().unwrap_or("").to_string(),
                )
            })
            .collect();
        v.sort();
        v
    };
    let (t1, t2) = (targets.clone(), targets.clone());
    let comment_s = comment.to_string();
    parts.checks = vec![
        Check::new(format!("liked exactly: {shown}"), move |ctx| {
            let want = ids_of(ctx, &t1);
            let got: Vec<i64> = mine(ctx, "transaction_likes").iter().map(|x| x.0).collect();
            if want.is_empty() || got != want {
                Err(format!("liked {got:?}, want {want:?}"))
            } else {
                Ok(())
            }
        }),
        Check::new(format!("commented on exactly: {shown}"), move |ctx| {
            let want = ids_of(ctx, &t2);
            let got: Vec<i64> = mine(ctx, "transaction_comments")
                .iter()
                .map(|x| x.0)
                .collect();
            if want.is_empty() || got != want {
                Err(format!("commented on {got:?}, want {want:?}"))
            } else {
                Ok(())
            }
        }),
        Check::new(format!("each comment says \"{comment}\""), move |ctx| {
            let got = mine(ctx, "transaction_comments");
            match got.iter().find(|x| !same_text(&x.1, &comment_s)) {
                Some(x) => Err(format!("\"{}\"", x.1)),
                None if got.is_empty() => Err("no comment".into()),
                None => Ok(()),
            }
        }),
    ];
    parts.allowed = vec![
        allow_added(
            "the supervisor's likes",
            "venmo",
            "transaction_likes",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("venmo"),
        ),
        allow_added(
            "the supervisor's comments",
            "venmo",
            "transaction_comments",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("venmo"),
        ),
        Allow::new("like counts", |_, r| {
            r.is("venmo", "transactions") && updates_only(r, &["like_count"])
        }),
        allow_added("Venmo notifications", "venmo", "notifications", |_, _| true),
    ];
    parts
}

/// The ids of the Venmo transactions from `from` to `to` described `note`.
fn txn_ids(ctx: &EvalCtx, from: &str, to: &str, note: &str) -> Vec<i64> {
    let (Some(a), Some(b)) = (uid(ctx, "venmo", from), uid(ctx, "venmo", to)) else {
        return Vec::new();
    };
    let Ok(mut st) = ctx.db.prepare_cached(
        "SELECT id FROM venmo.transactions WHERE sender_id = ?1 AND receiver_id = ?2 AND description = ?3",
    ) else {
        return Vec::new();
    };
    st.query_map(rusqlite::params![a, b, note], |r| r.get(0))
        .map(|rows| rows.filter_map(Result::ok).collect())
        .unwrap_or_default()
}
