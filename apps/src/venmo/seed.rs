//! The venmo app's share of the base world: an account per person (verified, with a balance),
//! friends (the people they know, mostly both ways), their bank cards, a year of payments that
//! follow their relationships (roommates split rent and bills, couples share groceries, friends
//! pay for dinners and tickets, parents send gifts), likes, comments, payment requests in every
//! state, bank transfers, and the notifications all of that caused.

use super::rows::{
    Liked, NewBankTransfer, NewComment, NewFriendship, NewLike, NewPaymentRequest, NewTransaction,
};
use crate::common::accounts::NewUser;
use crate::common::notifications::NewNotification;
use crate::common::seeding::{contacts_of, past_time};
use crate::people::Population;
use chrono::{Datelike, Duration, NaiveDateTime};
use rusqlite::Connection;
use serde_json::json;
use sim::clock::fmt_datetime;
use sim::rng::Rng;

const FRIEND_PAYMENTS: &[&str] = &[
    "Dinner at Luigi's",
    "Concert tickets",
    "Tennis court booking",
    "Brunch",
    "Movie night",
    "Uber home",
    "Birthday gift for Sam",
    "Climbing day pass",
    "Trivia night drinks",
    "Sushi",
    "Pizza night",
    "Road trip gas",
];
const COUPLE_PAYMENTS: &[&str] = &[
    "Groceries",
    "Date night",
    "Pharmacy",
    "Home supplies",
    "Dog food",
];
const FAMILY_PAYMENTS: &[&str] = &[
    "Happy birthday!",
    "Textbooks",
    "Flight home",
    "For the holidays",
    "Car repair help",
];
const WORK_PAYMENTS: &[&str] = &["Team lunch", "Coffee run", "Farewell gift", "Office pizza"];
const COMMENTS: &[&str] = &[
    "Thanks!",
    "That was fun",
    "Next one is on me",
    "🙏",
    "Anytime!",
    "Great night",
];
const MONTHS: &[&str] = &[
    "",
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// One payment before it gets its id.
struct Payment {
    at: NaiveDateTime,
    from: i64,
    to: i64,
    amount: f64,
    description: String,
    private: bool,
    card_digits: Option<String>,
}

/// Writes venmo's rows for `pop` (venmo user id = person id).
pub fn install(s: &crate::app::Seeding) -> rusqlite::Result<()> {
    let (db, pop, seed) = (s.db, s.people, s.seed);
    let now = sim::clock::default_now();
    for p in &pop.people {
        let mut rng = Rng::derive(seed ^ p.id as u64, "venmo-user");
        let balance = rng.range(0, 250_000) as f64 / 100.0;
        NewUser {
            app: "venmo",
            id: Some(p.id),
            first_name: &p.first_name,
            last_name: &p.last_name,
            login_column: "email",
            login: &p.email,
            password: crate::common::seeding::password_of(p, "venmo"),
            created_at: &crate::common::seeding::signup_time(
                s.seed,
                "venmo",
                p.id,
                "2021-02-01T10:00:00",
            ),
            verified: Some(true),
            extras: &[("venmo_balance", &balance)],
            ..NewUser::default()
        }
        .insert(db)?;
    }
    for p in &pop.people {
        let mut rng = Rng::derive(seed ^ p.id as u64, "venmo-links");
        // Saved cards: the person's own bank cards, under their bank's name.
        for c in &p.payment_cards {
            crate::common::cards::NewSavedCard {
                app: "venmo",
                user_id: p.id,
                face: c.into(),
            }
            .insert(db)?;
        }
        for (other, labels) in contacts_of(pop, p.id) {
            // Everyone they know except some coworkers; a few friendships are one-way.
            let work_only = labels.iter().all(|l| matches!(*l, "coworker" | "manager"));
            if (work_only && !rng.chance(0.4)) || rng.chance(0.05) {
                continue;
            }
            NewFriendship {
                user_id: p.id,
                friend_id: other,
                created_at: &fmt_datetime(past_time(&mut rng, now, 700)),
            }
            .insert(db)?;
        }
        for _ in 0..rng.range(1, 6) {
            let Some(c) = p
                .payment_cards
                .get(rng.range(0, p.payment_cards.len() as i64) as usize)
            else {
                break;
            };
            let kind = if rng.chance(0.6) {
                "card_to_venmo"
            } else {
                "venmo_to_card"
            };
            NewBankTransfer {
                user_id: p.id,
                transfer_type: kind,
                amount: rng.range(20, 800) as f64,
                payment_card_digits: &last4(c.card_number),
                created_at: &fmt_datetime(past_time(&mut rng, now, 365)),
            }
            .insert(db)?;
        }
    }
    let payments = payments(pop, seed, now);
    let mut note = Notifier::new(db)?;
    for (k, pay) in payments.iter().enumerate() {
        let mut rng = Rng::derive(seed ^ k as u64, "venmo-social");
        // Likes from people who know the sender, on public payments only.
        let likers: Vec<i64> = if pay.private {
            Vec::new()
        } else {
            contacts_of(pop, pay.from)
                .into_iter()
                .map(|(o, _)| o)
                .filter(|o| *o != pay.to && rng.chance(0.12))
                .take(5)
                .collect()
        };
        let id = NewTransaction {
            sender_id: pay.from,
            receiver_id: pay.to,
            amount: pay.amount,
            description: &pay.description,
            created_at: &fmt_datetime(pay.at),
            private: pay.private,
            like_count: likers.len() as i64,
            payment_card_digits: pay.card_digits.as_deref(),
        }
        .insert(db)?;
        let later = |rng: &mut Rng| (pay.at + Duration::minutes(rng.range(5, 600))).min(now);
        for l in &likers {
            NewLike {
                of: Liked::Transaction(id),
                user_id: *l,
                created_at: &fmt_datetime(later(&mut rng)),
            }
            .insert(db)?;
        }
        if rng.chance(0.2) {
            let who = if rng.chance(0.5) { pay.to } else { pay.from };
            NewComment {
                transaction_id: id,
                user_id: who,
                comment: rng.pick::<&str>(COMMENTS),
                created_at: &fmt_datetime(later(&mut rng)),
            }
            .insert(db)?;
        }
        let (from, to) = (name(pop, pay.from), pay.to);
        note.add(
            to,
            "received_money",
            "Received money",
            &format!("{from} sent you ${:.2}.", pay.amount),
            json!({"action_by_id": pay.from, "transaction_id": id}),
            pay.at,
            now,
        )?;
    }
    requests(db, pop, seed, now, &mut note)
}

/// Payments of the past year, in time order.
fn payments(pop: &Population, seed: u64, now: NaiveDateTime) -> Vec<Payment> {
    let mut out = Vec::new();
    for p in &pop.people {
        for (other, labels) in contacts_of(pop, p.id) {
            if other < p.id {
                continue;
            }
            let mut rng = Rng::derive(seed ^ ((p.id as u64) << 20 | other as u64), "venmo-pay");
            let mut pay = |rng: &mut Rng, from: i64, to: i64, amount: f64, d: String, at| {
                let card = pop
                    .person(from)
                    .and_then(|x| x.payment_cards.first())
                    .filter(|_| rng.chance(0.25))
                    .map(|c| last4(c.card_number));
                out.push(Payment {
                    at,
                    from,
                    to,
                    amount,
                    description: d,
                    private: rng.chance(0.1),
                    card_digits: card,
                });
            };
            if labels.contains(&"roommate") {
                // The same roommate pays the landlord each month; the other sends their half.
                let rent = rng.range(550, 1400) as f64;
                for m in 1..=rng.range(6, 12) {
                    let at = (now - Duration::days(30 * m)).date();
                    let at = at
                        .with_day(1)
                        .unwrap_or(at)
                        .and_hms_opt(9, 30, 0)
                        .unwrap_or(now);
                    let month = MONTHS[at.month() as usize];
                    pay(&mut rng, other, p.id, rent, format!("Rent - {month}"), at);
                    let bill = rng.range(4000, 16000) as f64 / 200.0;
                    let bill = (bill * 100.0).round() / 100.0;
                    let kind = if m % 2 == 0 {
                        "Internet"
                    } else {
                        "Electricity"
                    };
                    let paid = at + Duration::days(rng.range(3, 20));
                    pay(
                        &mut rng,
                        p.id,
                        other,
                        bill,
                        format!("{kind} bill - {month}"),
                        paid,
                    );
                }
            }
            let (pool, count): (&[&str], i64) =
                if labels.iter().any(|l| matches!(*l, "wife" | "husband")) {
                    (COUPLE_PAYMENTS, rng.range(3, 9))
                } else if labels
                    .iter()
                    .any(|l| matches!(*l, "parent" | "child" | "sibling"))
                {
                    (FAMILY_PAYMENTS, rng.range(1, 4))
                } else if labels.contains(&"friend") {
                    (FRIEND_PAYMENTS, rng.range(0, 5))
                } else {
                    (WORK_PAYMENTS, rng.range(0, 2))
                };
            for _ in 0..count {
                let (from, to) = if rng.chance(0.5) {
                    (p.id, other)
                } else {
                    (other, p.id)
                };
                let amount = rng.range(500, 15000) as f64 / 100.0;
                let d = rng.pick(pool).to_string();
                let at = past_time(&mut rng, now, 365);
                pay(&mut rng, from, to, amount, d, at);
            }
        }
    }
    out.retain(|p| p.at < now);
    out.sort_by_key(|a| (a.at, a.from, a.to));
    out
}

/// Payment requests between people who know each other: old ones approved (with the payment
/// they caused) or denied, recent ones pending.
fn requests(
    db: &Connection,
    pop: &Population,
    seed: u64,
    now: NaiveDateTime,
    note: &mut Notifier,
) -> rusqlite::Result<()> {
    const WHY: &[&str] = &[
        "Your share of dinner",
        "Concert ticket",
        "Cab share",
        "Groceries split",
        "Cabin weekend",
        "Gift for Mia",
        "Water bill",
    ];
    let mut all = Vec::new();
    for p in &pop.people {
        let mut rng = Rng::derive(seed ^ p.id as u64, "venmo-requests");
        let people = contacts_of(pop, p.id);
        if people.is_empty() {
            continue;
        }
        for _ in 0..rng.range(1, 4) {
            let (other, _) = &people[rng.range(0, people.len() as i64) as usize];
            let at = past_time(&mut rng, now, 120);
            let amount = rng.range(800, 9000) as f64 / 100.0;
            let state = if now - at < Duration::days(14) {
                0
            } else {
                rng.range(0, 3)
            };
            all.push((
                at,
                p.id,
                *other,
                amount,
                rng.pick(WHY).to_string(),
                state,
                rng.chance(0.1),
            ));
        }
    }
    all.sort_by_key(|a| (a.0, a.1, a.2));
    for (k, (at, requester, payer, amount, why, state, private)) in all.into_iter().enumerate() {
        let decided = (at + Duration::hours(1 + (k as i64 % 40))).min(now);
        let (approved, denied) = match state {
            1 => (Some(fmt_datetime(decided)), None),
            2 => (None, Some(fmt_datetime(decided))),
            _ => (None, None),
        };
        let updated = if state == 0 { at } else { decided };
        let id = NewPaymentRequest {
            sender_id: requester,
            receiver_id: payer,
            amount,
            description: &why,
            created_at: &fmt_datetime(at),
            updated_at: &fmt_datetime(updated),
            approved_at: approved.as_deref(),
            denied_at: denied.as_deref(),
            private,
        }
        .insert(db)?;
        let money = format!("${amount:.2}");
        note.add(
            payer,
            "payment_request_received",
            "Received a payment request",
            &format!(
                "{} has sent you a payment request of {money}.",
                name(pop, requester)
            ),
            json!({"action_by_id": requester, "payment_request_id": id}),
            at,
            now,
        )?;
        match state {
            1 => {
                NewTransaction {
                    sender_id: payer,
                    receiver_id: requester,
                    amount,
                    description: &why,
                    created_at: &fmt_datetime(decided),
                    private,
                    like_count: 0,
                    payment_card_digits: None,
                }
                .insert(db)?;
                note.add(
                    requester,
                    "payment_request_approved",
                    "Payment request is approved",
                    &format!(
                        "{} has approved your payment request of {money}.",
                        name(pop, payer)
                    ),
                    json!({"action_by_id": payer, "payment_request_id": id}),
                    decided,
                    now,
                )?;
            }
            2 => note.add(
                requester,
                "payment_request_denied",
                "Payment request is denied",
                &format!(
                    "{} has denied your payment request of {money}.",
                    name(pop, payer)
                ),
                json!({"action_by_id": payer, "payment_request_id": id}),
                decided,
                now,
            )?,
            _ => {}
        }
    }
    Ok(())
}

/// Inserts notification rows; those older than two weeks are read.
struct Notifier<'c> {
    db: &'c Connection,
}

impl<'c> Notifier<'c> {
    fn new(db: &'c Connection) -> rusqlite::Result<Self> {
        Ok(Self { db })
    }

    #[allow(clippy::too_many_arguments)]
    fn add(
        &mut self,
        user: i64,
        kind: &str,
        title: &str,
        message: &str,
        data: serde_json::Value,
        at: NaiveDateTime,
        now: NaiveDateTime,
    ) -> rusqlite::Result<()> {
        NewNotification {
            app: "venmo",
            user_id: user,
            kind,
            title,
            message,
            read: now - at > Duration::days(14),
            data: &data.to_string(),
            created_at: &fmt_datetime(at),
        }
        .insert(self.db)
    }
}

fn name(pop: &Population, id: i64) -> String {
    pop.person(id)
        .map(|p| format!("{} {}", p.first_name, p.last_name))
        .unwrap_or_default()
}

fn last4(card_number: i64) -> String {
    format!("{:04}", card_number % 10_000)
}
