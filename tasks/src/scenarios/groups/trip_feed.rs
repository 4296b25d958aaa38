//! "My trip friends (our Splitwise group) paid each other back on Venmo: like each of their
//! payments to one another that mentions the city, and comment on it." Near misses: a payment
//! between them about rent, one about the city from a friend outside the group, a private one.

use super::wrong_by_cells;
use crate::eval::EvalCtx;
use crate::kit::changes::{allow_own, updates_only};
use crate::kit::db::uid;
use crate::kit::people::with_distinct_friends;
use crate::kit::text::same_text;
use crate::kit::venmo::{make_private, reactions_added, transactions_between};
use crate::kit::{Drawn, Script, Vals, allow};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::{Duration, NaiveDateTime};

/// A Venmo payment between the friends.
#[derive(Clone)]
struct Pay {
    from: Person,
    to: Person,
    note: String,
    private: bool,
    /// The supervisor should like and comment on it.
    counts: bool,
}

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    variant: u8,
    now: NaiveDateTime,
    city: &'static str,
    /// The Splitwise group of the trip.
    group: String,
    comment: &'static str,
    /// The four friends the payments are between.
    friends: [Person; 4],
    /// The group's members besides the supervisor.
    members: Vec<Person>,
    pays: Vec<Pay>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "splitwise", "venmo"];
    const SCRIPT: &str = include_str!("trip_feed.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let (p, fr) = with_distinct_friends(g, 4);
        let v = g.variant;
        let city = ["Tulum", "Banff", "Reykjavik"][(v - 1) as usize];
        let comment = ["Great trip!", "Miss it already!", "Best trip ever!"][(v - 1) as usize];
        let (a, b, c, d) = (&fr[0], &fr[1], &fr[2], &fr[3]);
        let members: Vec<Person> = if v == 1 {
            vec![a.clone(), b.clone()]
        } else {
            vec![a.clone(), b.clone(), c.clone()]
        };
        let in_group = |x: &Person| members.iter().any(|m| m.id == x.id);
        let pay = |from: &Person, to: &Person, note: String, private: bool, counts: bool| Pay {
            from: from.clone(),
            to: to.clone(),
            note,
            private,
            counts: counts && in_group(from) && in_group(to),
        };
        let pays = vec![
            pay(a, b, format!("{city} hotel share"), false, true),
            pay(c, a, format!("Dinner in {city}"), false, true),
            pay(b, c, format!("{city} boat tour"), false, v != 1),
            pay(a, b, "Rent - May".to_string(), false, false),
            pay(d, a, format!("{city} souvenirs"), false, false),
            pay(c, b, format!("{city} taxi"), true, false),
        ];
        Values {
            friends: [a.clone(), b.clone(), c.clone(), d.clone()],
            supervisor: p,
            variant: v,
            now: g.now,
            city,
            group: format!("{city} Getaway"),
            comment,
            members,
            pays,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let (city, group, comment) = (v.city, &v.group, v.comment);
        match v.variant {
            1 => format!(
                "My friends from our {city} trip (the Splitwise group \"{group}\") have been paying each other back on Venmo. Like each Venmo payment between them that mentions {city}, and comment \"{comment}\" on it."
            ),
            2 => format!(
                "The people in my Splitwise group \"{group}\" settled our {city} costs among themselves on Venmo. For every payment from one of them to another that mentions {city}, give it a like and leave the comment \"{comment}\"."
            ),
            _ => format!(
                "Cheer on my {city} travel buddies: they're everyone in my Splitwise group \"{group}\". Like each of their Venmo payments to each other about {city} and comment \"{comment}\"."
            ),
        }
    }

    /// The group, the trip's payments, and newer everyday ones.
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let (sup, now) = (&v.supervisor, v.now);
            let mut all = vec![sup];
            all.extend(v.members.iter());
            s.add_splitwise_group(sup, &all, &v.group, now - Duration::days(30))?;
            for (i, p) in v.pays.iter().enumerate() {
                let id = s.add_venmo_payment(
                    &p.from,
                    &p.to,
                    40.0 + 13.0 * i as f64,
                    &p.note,
                    now - Duration::days(6) + Duration::hours(5 * i as i64),
                )?;
                if p.private {
                    make_private(s, id)?;
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
            let fs = &v.friends;
            for (i, note) in everyday.iter().enumerate() {
                let (from, to) = (&fs[i % fs.len()], &fs[(i + 1) % fs.len()]);
                s.add_venmo_payment(
                    from,
                    to,
                    8.0 + 3.0 * i as f64,
                    note,
                    now - Duration::hours(30 - 4 * i as i64),
                )?;
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions. A find step is the group's members, the feed and
    /// the pick, in one cell.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let vals = Vals::new()
            .lit("group", &v.group)
            .lit("city", &v.city.to_lowercase())
            .lit("comment", v.comment);
        let cells = |feed: &str, pick: &str, act: &str| {
            vec![
                script.cell("logins", &vals),
                script.joined(&["members", feed, pick], &vals),
                script.cell(act, &vals),
            ]
        };
        let ground_truth = cells("feed", "pick", "like_and_comment");
        let wrong = wrong_by_cells(
            &[
                (
                    "takes payments where only one side is in the group",
                    ["feed", "pick_either_side", "like_and_comment"],
                ),
                ("comments without liking", ["feed", "pick", "comment_only"]),
                (
                    "reads only the first page of the feed",
                    ["feed_first_page", "pick", "like_and_comment"],
                ),
            ],
            cells,
        );
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let shown = v
            .pays
            .iter()
            .filter(|p| p.counts)
            .map(|p| format!("\"{}\"", p.note))
            .collect::<Vec<_>>()
            .join(", ");
        vec![
            v.check(format!("liked exactly: {shown}"), |v, ctx| {
                let want = target_ids(v, ctx);
                let got: Vec<i64> = mine(ctx, "transaction_likes").iter().map(|x| x.0).collect();
                if want.is_empty() || got != want {
                    Err(format!("liked {got:?}, want {want:?}"))
                } else {
                    Ok(())
                }
            }),
            v.check(format!("commented on exactly: {shown}"), |v, ctx| {
                let want = target_ids(v, ctx);
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
            v.check(format!("each comment says \"{}\"", v.comment), |v, ctx| {
                let got = mine(ctx, "transaction_comments");
                match got.iter().find(|x| !same_text(&x.1, v.comment)) {
                    Some(x) => Err(format!("\"{}\"", x.1)),
                    None if got.is_empty() => Err("no comment".into()),
                    None => Ok(()),
                }
            }),
        ]
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            allow_own(
                "the supervisor's likes",
                "venmo",
                "transaction_likes",
                "user_id",
            ),
            allow_own(
                "the supervisor's comments",
                "venmo",
                "transaction_comments",
                "user_id",
            ),
            Allow::new("like counts", |_, r| {
                r.is("venmo", "transactions") && updates_only(r, &["like_count"])
            }),
            allow::venmo_notifications(),
        ]
    }
}

/// The ids of the payments to like and comment on, sorted.
fn target_ids(v: &Values, ctx: &EvalCtx) -> Vec<i64> {
    let mut ids: Vec<i64> = v
        .pays
        .iter()
        .filter(|p| p.counts)
        .flat_map(|p| txn_ids(ctx, &p.from.email, &p.to.email, &p.note))
        .collect();
    ids.sort_unstable();
    ids
}

/// The supervisor's new rows of `table` (likes or comments): (transaction, comment), sorted.
fn mine(ctx: &EvalCtx, table: &str) -> Vec<(i64, String)> {
    let mut v = reactions_added(ctx, table);
    v.sort();
    v
}

/// The ids of the Venmo transactions from `from` to `to` described `note`.
fn txn_ids(ctx: &EvalCtx, from: &str, to: &str, note: &str) -> Vec<i64> {
    let (Some(a), Some(b)) = (uid(ctx, "venmo", from), uid(ctx, "venmo", to)) else {
        return Vec::new();
    };
    transactions_between(ctx.db, a, b, note)
}
