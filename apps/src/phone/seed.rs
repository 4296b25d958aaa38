//! The phone app's share of the base world: an account per person and per company notifier,
//! each person's contacts (the people they are related to, with their relationships, plus a few
//! services), a year of text and voice conversations with those contacts, and alarms.

use super::rows::{Kind, NewAlarm, NewContact, NewMessage, NewMessageCopy};
use crate::common::seeding::{Fill, contacts_of, past_time};
use crate::people::{Person, Population};
use chrono::NaiveDateTime;
use rusqlite::Connection;
use sim::clock::fmt_datetime;
use sim::rng::Rng;

/// Contacts that are not people of the world: (first, last, e-mail domain, relationship).
const SERVICES: &[(&str, &str, &str, &str)] = &[
    ("Maya", "Brooks", "brightsmiledental.com", "dentist"),
    ("Victor", "Hale", "halePlumbing.com", "plumber"),
    ("Nora", "Quinn", "quinnfamilyclinic.org", "doctor"),
    ("Leo", "Marsh", "marshautorepair.com", "mechanic"),
    ("Iris", "Bell", "bellhairstudio.com", "hairdresser"),
    ("Owen", "Price", "priceproperty.com", "landlord"),
];

/// Conversation openers and answers per kind of relationship; `{x}` fills from [`Fill`].
const FAMILY: &[(&str, &str)] = &[
    (
        "Can you pick up {grocery} on your way home?",
        "Sure, anything else?",
    ),
    ("Running late, home by {hour}", "Ok, dinner will be ready"),
    ("Call me when you get a chance", "Will do after work"),
    (
        "Don't forget the {event} on {weekday}",
        "It's in my calendar",
    ),
    (
        "Family dinner at {restaurant} on {weekday}?",
        "Count me in, what time?",
    ),
    ("Did you pay the {bill} bill?", "Yes, ${amount} this month"),
];
const FRIEND: &[(&str, &str)] = &[
    (
        "Are we still on for {activity} on {weekday}?",
        "Yes! See you at {hour}",
    ),
    (
        "Want to grab dinner at {restaurant} this week?",
        "{weekday} works for me",
    ),
    (
        "Happy birthday!! Hope you have a great day",
        "Thank you so much!",
    ),
    (
        "I'll send you ${amount} for the tickets on Venmo",
        "Got it, thanks",
    ),
    (
        "Just finished {book}, you have to read it",
        "Adding it to my list",
    ),
    (
        "How was the trip to {city}?",
        "Amazing, will show you the photos",
    ),
];
const ROOMMATE: &[(&str, &str)] = &[
    (
        "Rent is due on the 1st, I'll send my half on Venmo",
        "Sounds good",
    ),
    ("We're out of {grocery}", "I'll grab some tonight"),
    ("The {bill} bill came in: ${amount}", "Split it as usual?"),
    ("Having a few friends over on {weekday}, ok?", "Of course"),
    (
        "Can you let the plumber in at {hour}?",
        "Yes, I'm home then",
    ),
];
const WORK: &[(&str, &str)] = &[
    ("Can we move the {meeting} to {hour}?", "Works for me"),
    (
        "Sent you the {doc} draft, can you review it today?",
        "On it",
    ),
    ("Running 10 minutes late to the {meeting}", "No problem"),
    (
        "Are you joining the team lunch on {weekday}?",
        "Yes, see you there",
    ),
    (
        "Quick question about the {doc} when you're free",
        "Free after {hour}",
    ),
];
const VOICE: &[&str] = &[
    "Hey, it's me. Call me back when you can, nothing urgent.",
    "Hi! Just checking in about {weekday}. Let me know if {hour} still works.",
    "Hey, I'm outside {restaurant}, where are you?",
    "Hi, it's about the {bill} bill. It came to ${amount}. Talk soon.",
    "Good morning! Don't forget the {event} today.",
];

/// Alarm presets: (time, repeat days, label, snooze minutes).
const ALARMS: &[(&str, &[&str], &str, i64)] = &[
    (
        "06:30",
        &["monday", "tuesday", "wednesday", "thursday", "friday"],
        "Wake up",
        10,
    ),
    ("07:00", &["saturday", "sunday"], "Weekend wake up", 15),
    ("18:00", &["monday", "wednesday", "friday"], "Gym", 5),
    ("21:30", &[], "Take medicine", 10),
    ("08:15", &["monday"], "Team standup prep", 5),
    ("22:30", &[], "Go to bed", 10),
    ("05:45", &["tuesday", "thursday"], "Morning run", 5),
];

/// Writes phone's rows for `pop` (people get phone user ids 1..n, notifiers after them).
pub fn install(s: &crate::app::Seeding) -> rusqlite::Result<()> {
    let (db, pop, seed) = (s.db, s.people, s.seed);
    let now = sim::clock::default_now();
    crate::common::seeding::insert_accounts(s, "phone", "2020-03-01T09:00:00", false)?;
    for p in &pop.people {
        let mut rng = Rng::derive(seed ^ p.id as u64, "phone-contacts");
        for (other, labels) in contacts_of(pop, p.id) {
            let Some(o) = pop.person(other) else { continue };
            let (home, work) = (address_text(o, "Home"), address_text(o, "Work"));
            NewContact {
                user_id: p.id,
                first_name: &o.first_name,
                last_name: &o.last_name,
                email: &o.email,
                phone_number: Some(o.phone_number.as_str()),
                relationships: &serde_json::json!(labels).to_string(),
                birthday: Some(o.birthday.format("%Y-%m-%d").to_string().as_str()),
                home_address: home.as_deref(),
                work_address: work.as_deref(),
                created_at: &fmt_datetime(past_time(&mut rng, now, 900)),
            }
            .insert(db)?;
        }
        for k in 0..rng.range(1, 4) {
            let (first, last, domain, rel) = SERVICES[((p.id + k * 2) as usize) % SERVICES.len()];
            NewContact {
                user_id: p.id,
                first_name: first,
                last_name: last,
                email: &format!("{}@{}", first.to_lowercase(), domain.to_lowercase()),
                phone_number: Some(service_number(p.id, k).as_str()),
                relationships: &serde_json::json!([rel]).to_string(),
                birthday: None,
                home_address: None,
                work_address: None,
                created_at: &fmt_datetime(past_time(&mut rng, now, 900)),
            }
            .insert(db)?;
        }
        let mut presets: Vec<usize> = (0..ALARMS.len()).collect();
        rng.shuffle(&mut presets);
        for i in presets.into_iter().take(rng.range(2, 5) as usize) {
            let (time, days, label, snooze) = ALARMS[i];
            NewAlarm {
                user_id: p.id,
                time,
                repeat_days: &serde_json::json!(days).to_string(),
                label: Some(label),
                enabled: rng.chance(0.8),
                snooze_minutes: snooze,
                vibration: rng.chance(0.7),
                created_at: &fmt_datetime(past_time(&mut rng, now, 400)),
            }
            .insert(db)?;
        }
    }
    messages(db, pop, seed, now)
}

/// One person's address as a single line, or NULL.
fn address_text(p: &Person, name: &str) -> Option<String> {
    p.addresses.iter().find(|a| a.name == name).map(|a| {
        format!(
            "{}, {}, {}, {}, {}",
            a.street_address, a.city, a.state, a.country, a.zip_code
        )
    })
}

/// A stable phone number for a service contact (not a phone user).
fn service_number(id: i64, k: i64) -> String {
    format!("{}", 3_105_550_000 + (id * 7 + k * 131) % 10_000)
}

/// Conversations between related people: each pair talks once per shared relation kind, a few
/// exchanges spread over the past year; some leave voice messages.
fn messages(
    db: &Connection,
    pop: &Population,
    seed: u64,
    now: NaiveDateTime,
) -> rusqlite::Result<()> {
    // Collect every (time, sender, receiver, text, is_voice) first, then insert in time order so
    // ids grow with time as they would in a live app.
    let mut all: Vec<(NaiveDateTime, i64, i64, String, bool)> = Vec::new();
    for p in &pop.people {
        for (other, labels) in contacts_of(pop, p.id) {
            if other < p.id {
                continue; // each pair once
            }
            let mut rng = Rng::derive(seed ^ ((p.id as u64) << 20 | other as u64), "phone-talk");
            let pool = pool_for(&labels);
            let close = labels
                .iter()
                .any(|l| matches!(*l, "wife" | "husband" | "roommate" | "parent" | "child"));
            let exchanges = if close {
                rng.range(6, 15)
            } else {
                rng.range(1, 6)
            };
            for _ in 0..exchanges {
                let (open, answer) = *rng.pick(pool);
                let fill = Fill::draw(&mut rng);
                let at = past_time(&mut rng, now, 365);
                let (a, b) = if rng.chance(0.5) {
                    (p.id, other)
                } else {
                    (other, p.id)
                };
                all.push((at, a, b, fill.apply(open), false));
                let later = at + chrono::Duration::minutes(rng.range(1, 90));
                if later < now {
                    all.push((later, b, a, fill.apply(answer), false));
                }
            }
            if rng.chance(if close { 0.6 } else { 0.2 }) {
                let fill = Fill::draw(&mut rng);
                let at = past_time(&mut rng, now, 200);
                let line: &&str = rng.pick(VOICE);
                let message = fill.apply(line);
                all.push((at, other, p.id, message, true));
            }
        }
    }
    all.sort_by_key(|x| (x.0, x.1, x.2));
    for (at, from, to, message, is_voice) in all {
        let kind = if is_voice { Kind::Voice } else { Kind::Text };
        let t = fmt_datetime(at);
        let message_id = NewMessage {
            kind,
            sender_id: from,
            receiver_id: to,
            message: &message,
            created_at: &t,
        }
        .insert(db)?;
        // The sender's copy, then the receiver's.
        for user_id in [from, to] {
            NewMessageCopy {
                kind,
                message_id,
                user_id,
                created_at: &t,
            }
            .insert(db)?;
        }
    }
    Ok(())
}

fn pool_for(labels: &[&str]) -> &'static [(&'static str, &'static str)] {
    if labels.contains(&"roommate") {
        ROOMMATE
    } else if labels
        .iter()
        .any(|l| matches!(*l, "wife" | "husband" | "parent" | "child" | "sibling"))
    {
        FAMILY
    } else if labels.iter().any(|l| matches!(*l, "coworker" | "manager")) {
        WORK
    } else {
        FRIEND
    }
}
