//! The gmail app's share of the base world: a mailbox per person, per company notifier and per
//! outside sender (utilities, travel, newsletters), then a year of mail: conversations between
//! people who know each other (replies in threads), team e-mails from managers with documents
//! attached, monthly bills with PDF attachments, travel bookings, newsletters, some spam, and a
//! few unsent drafts. Flags (read, starred, archived, spam, labels) are per person.

use super::rows::{NewAttachment, NewDraft, NewEmail, NewGlobalThread, NewThreadCopy};
use crate::common::accounts::NewUser;
use crate::common::seeding::{Fill, contacts_of, past_time};
use crate::people::{Person, Population};
use chrono::{Datelike, Duration, NaiveDateTime};
use rusqlite::Connection;
use sim::clock::fmt_datetime;
use sim::rng::Rng;

/// Senders that are not people of the world: (first name, last name, address, kind).
const OUTSIDE: &[(&str, &str, &str, Kind)] = &[
    (
        "Brightline",
        "Energy",
        "billing@brightline-energy.com",
        Kind::Power,
    ),
    ("Nimbus", "Fiber", "billing@nimbusfiber.com", Kind::Internet),
    ("Skyway", "Airlines", "bookings@skywayair.com", Kind::Flight),
    (
        "Harborview",
        "Hotels",
        "reservations@harborviewhotels.com",
        Kind::Hotel,
    ),
    ("The Weekly", "Brief", "news@weeklybrief.com", Kind::News),
    ("Lucky", "Deals", "promo@luckydeals.biz", Kind::Spam),
];

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Power,
    Internet,
    Flight,
    Hotel,
    News,
    Spam,
}

/// One e-mail of a thread before insertion.
struct Mail {
    from: i64,
    to: Vec<i64>,
    subject: String,
    body: String,
    at: NaiveDateTime,
    attachments: Vec<(String, String)>,
}

/// A thread and how its participants file it.
struct Thread {
    mails: Vec<Mail>,
    label: Option<&'static str>,
    spam: bool,
}

impl Mail {
    /// An e-mail from `from` to the one person `to`.
    fn to_one(
        from: i64,
        to: i64,
        subject: String,
        body: String,
        at: NaiveDateTime,
        attachments: Vec<(String, String)>,
    ) -> Mail {
        Mail {
            from,
            to: vec![to],
            subject,
            body,
            at,
            attachments,
        }
    }
}

impl Thread {
    /// A thread of this one e-mail.
    fn single(mail: Mail, label: Option<&'static str>, spam: bool) -> Thread {
        Thread {
            mails: vec![mail],
            label,
            spam,
        }
    }
}

/// Writes gmail's rows for `pop` (gmail user id = person id; notifiers and outside senders
/// follow).
pub fn install(s: &crate::app::Seeding) -> rusqlite::Result<()> {
    let (db, pop, seed) = (s.db, s.people, s.seed);
    let now = sim::clock::default_now();
    let created = "2019-08-01T09:00:00";
    let outside_first = crate::common::seeding::insert_accounts(s, "gmail", created, false)?;
    for (id, &(first_name, last_name, email, _)) in (outside_first..).zip(OUTSIDE) {
        NewUser {
            app: "gmail",
            id: Some(id),
            first_name,
            last_name,
            login_column: "email",
            login: email,
            password: "adminpassword",
            created_at: created,
            ..NewUser::default()
        }
        .insert(db)?;
    }
    let sender =
        |k: Kind| outside_first + OUTSIDE.iter().position(|o| o.3 == k).unwrap_or(0) as i64;

    let mut threads: Vec<Thread> = Vec::new();
    for p in &pop.people {
        let mut rng = Rng::derive(seed ^ p.id as u64, "gmail-company");
        company_mail(p, &mut rng, now, &sender, &mut threads);
        for (other, labels) in contacts_of(pop, p.id) {
            if other < p.id {
                continue;
            }
            let mut rng = Rng::derive(seed ^ ((p.id as u64) << 20 | other as u64), "gmail-talk");
            personal_mail(pop, p.id, other, &labels, &mut rng, now, &mut threads);
        }
    }
    for c in &pop.companies {
        let mut rng = Rng::derive(seed ^ c.id as u64, "gmail-team");
        team_mail(c, &mut rng, now, &mut threads);
    }
    threads.sort_by_key(|t| t.mails.first().map(|m| m.at));
    write_threads(db, pop, seed, now, &threads, outside_first)?;
    drafts(db, pop, seed, now)
}

/// Mail from outside senders to `p`: monthly bills, travel bookings, newsletters and spam.
fn company_mail(
    p: &Person,
    rng: &mut Rng,
    now: NaiveDateTime,
    sender: &dyn Fn(Kind) -> i64,
    out: &mut Vec<Thread>,
) {
    bills(p, rng, now, sender, out);
    travel(p, rng, now, sender, out);
    newsletters_and_spam(p, rng, now, sender, out);
}

/// A year of electricity and internet bills, each with its PDF attached.
fn bills(
    p: &Person,
    rng: &mut Rng,
    now: NaiveDateTime,
    sender: &dyn Fn(Kind) -> i64,
    out: &mut Vec<Thread>,
) {
    let account = 400_000 + p.id * 137;
    for months_back in 1..=12 {
        let day = (now - Duration::days(30 * months_back)).date();
        let at = day
            .with_day(3)
            .unwrap_or(day)
            .and_hms_opt(8, 0, 0)
            .unwrap_or(now);
        let month = at.format("%B %Y").to_string();
        let due = (at + Duration::days(21)).format("%B %d, %Y").to_string();
        for (kind, what, company, base) in [
            (Kind::Power, "electricity", "Brightline Energy", 60),
            (Kind::Internet, "internet", "Nimbus Fiber", 45),
        ] {
            let amount = format!("{}.{:02}", base + rng.range(0, 90), rng.range(0, 100));
            let file = format!(
                "{}_bill_{}.pdf",
                company.split(' ').next().unwrap_or("bill").to_lowercase(),
                at.format("%Y_%m")
            );
            let body = format!(
                "Hi {},\n\nYour {what} bill for {month} is ready.\nAccount number: {account}\nAmount due: ${amount}\nDue date: {due}\n\nThe bill is attached. Thank you for choosing {company}.",
                p.first_name
            );
            let content = format!(
                "{company}\nStatement for {} {}\nAccount {account}\nPeriod: {month}\nTotal due: ${amount}\nDue by: {due}",
                p.first_name, p.last_name
            );
            let mail = Mail::to_one(
                sender(kind),
                p.id,
                format!("Your {month} {what} bill"),
                body,
                at,
                vec![(file, content)],
            );
            out.push(Thread::single(
                mail,
                rng.chance(0.5).then_some("Bills"),
                false,
            ));
        }
    }
}

/// Up to two flight bookings (e-ticket attached), most with a hotel reservation in the city.
fn travel(
    p: &Person,
    rng: &mut Rng,
    now: NaiveDateTime,
    sender: &dyn Fn(Kind) -> i64,
    out: &mut Vec<Thread>,
) {
    for _ in 0..rng.range(0, 3) {
        let fill = Fill::draw(rng);
        let city = fill.get("city").to_string();
        let at = past_time(rng, now, 300);
        let depart = (at + Duration::days(rng.range(10, 60))).format("%A, %B %d, %Y");
        let code = rng.alphanumeric(6).to_uppercase();
        let flight = Mail::to_one(
            sender(Kind::Flight),
            p.id,
            format!("Booking confirmed: your flight to {city}"),
            format!(
                "Hi {},\n\nYour flight to {city} on {depart} is confirmed.\nConfirmation code: {code}\nSeat: {}{}\n\nYour e-ticket is attached.",
                p.first_name,
                rng.range(3, 40),
                rng.pick(&["A", "B", "C", "D", "E", "F"])
            ),
            at,
            vec![(
                format!("eticket_{code}.pdf"),
                format!(
                    "Skyway Airlines e-ticket\nPassenger: {} {}\nDestination: {city}\nDeparture: {depart}\nConfirmation: {code}",
                    p.first_name, p.last_name
                ),
            )],
        );
        out.push(Thread::single(flight, Some("Travel"), false));
        if rng.chance(0.7) {
            let nights = rng.range(2, 7);
            let hotel = Mail::to_one(
                sender(Kind::Hotel),
                p.id,
                format!("Your reservation in {city}"),
                format!(
                    "Dear {} {},\n\nWe look forward to welcoming you to Harborview {city} from {depart} for {nights} nights.\nReservation number: H{}\nTotal: ${}.00 (paid at the hotel)",
                    p.first_name,
                    p.last_name,
                    rng.range(100_000, 999_999),
                    nights * rng.range(110, 260)
                ),
                at + Duration::minutes(rng.range(10, 120)),
                Vec::new(),
            );
            out.push(Thread::single(hotel, Some("Travel"), false));
        }
    }
}

/// Eight to nineteen newsletters, then up to two spam e-mails.
fn newsletters_and_spam(
    p: &Person,
    rng: &mut Rng,
    now: NaiveDateTime,
    sender: &dyn Fn(Kind) -> i64,
    out: &mut Vec<Thread>,
) {
    const TOPICS: &[&str] = &[
        "Five habits for a calmer week",
        "The best hiking trails this spring",
        "How to save on your energy bill",
        "What to read this summer",
        "Ten easy weeknight dinners",
        "A guide to city parks",
        "Budget travel tips",
        "The return of vinyl",
    ];
    for _ in 0..rng.range(8, 20) {
        let topic = rng.pick(TOPICS);
        let news = Mail::to_one(
            sender(Kind::News),
            p.id,
            format!("The Weekly Brief: {topic}"),
            format!(
                "This week: {topic}. Plus our readers' picks and the events near you.\n\nUnsubscribe at any time from your settings."
            ),
            past_time(rng, now, 365),
            Vec::new(),
        );
        out.push(Thread::single(news, None, false));
    }
    for _ in 0..rng.range(0, 3) {
        let spam = Mail::to_one(
            sender(Kind::Spam),
            p.id,
            "Congratulations! You have won a free cruise".into(),
            "Click the link within 24 hours to claim your prize. Only a small processing fee applies.".into(),
            past_time(rng, now, 200),
            Vec::new(),
        );
        out.push(Thread::single(spam, None, true));
    }
}

fn personal_mail(
    pop: &Population,
    a: i64,
    b: i64,
    labels: &[&str],
    rng: &mut Rng,
    now: NaiveDateTime,
    out: &mut Vec<Thread>,
) {
    let first = |id: i64| {
        pop.person(id)
            .map(|p| p.first_name.clone())
            .unwrap_or_default()
    };
    let work = labels.iter().any(|l| matches!(*l, "coworker" | "manager"));
    let family = labels
        .iter()
        .any(|l| matches!(*l, "wife" | "husband" | "parent" | "child" | "sibling"));
    let count = if family || labels.contains(&"roommate") {
        rng.range(1, 4)
    } else {
        rng.range(0, 3)
    };
    for _ in 0..count {
        let fill = Fill::draw(rng);
        let (from, to) = if rng.chance(0.5) { (a, b) } else { (b, a) };
        let (subject, body, answer, label, attachment): (String, String, String, _, _) = if work {
            (
                fill.apply("{doc} for the {meeting}"),
                fill.apply(&format!(
                    "Hi {},\n\nAttached is the latest {{doc}}. Could you look at it before the {{meeting}} on {{weekday}}?\n\nThanks,\n{}",
                    first(to),
                    first(from)
                )),
                format!("Looks good to me, a couple of comments inline.\n\n{}", first(to)),
                Some("Work"),
                Some((
                    fill.apply("{doc}.docx").replace(' ', "_").to_lowercase(),
                    fill.apply("{doc}\n\n1. Goals for the quarter\n2. Budget and timeline\n3. Open questions for the {meeting}"),
                )),
            )
        } else if family {
            (
                fill.apply("Plans for {weekday}"),
                fill.apply(&format!(
                    "Hi {},\n\nAre we still doing dinner at {{restaurant}} on {{weekday}}? I can book a table for {{hour}}.\n\nLove,\n{}",
                    first(to),
                    first(from)
                )),
                format!("Yes, {{hour}} is perfect. See you there!\n\n{}", first(to)),
                Some("Family"),
                None,
            )
        } else {
            (
                fill.apply("Trip to {city}?"),
                fill.apply(&format!(
                    "Hey {},\n\nA few of us are thinking about a long weekend in {{city}}. Flights look cheap right now. Interested?\n\n{}",
                    first(to),
                    first(from)
                )),
                format!("I'm in! Send me the dates.\n\n{}", first(to)),
                None,
                None,
            )
        };
        let at = past_time(rng, now, 365);
        let mut mails = vec![Mail {
            from,
            to: vec![to],
            subject: subject.clone(),
            body,
            at,
            attachments: attachment.into_iter().collect(),
        }];
        let replies = rng.range(0, 3);
        for k in 0..replies {
            let (f, t) = if k % 2 == 0 { (to, from) } else { (from, to) };
            let at =
                mails.last().map(|m| m.at).unwrap_or(at) + Duration::minutes(rng.range(20, 1500));
            if at >= now {
                break;
            }
            mails.push(Mail {
                from: f,
                to: vec![t],
                subject: format!("Re: {subject}"),
                body: if k == 0 {
                    fill.apply(&answer)
                } else {
                    "Great, talk soon.".into()
                },
                at,
                attachments: Vec::new(),
            });
        }
        out.push(Thread {
            mails,
            label: label.filter(|_| rng.chance(0.4)),
            spam: false,
        });
    }
}

fn team_mail(c: &crate::people::Company, rng: &mut Rng, now: NaiveDateTime, out: &mut Vec<Thread>) {
    const NEWS: &[(&str, &str)] = &[
        (
            "Q2 planning",
            "Please review the attached plan before Thursday's meeting and add your estimates.",
        ),
        (
            "Office closed on Monday",
            "A reminder that the office is closed on Monday for the holiday.",
        ),
        (
            "Team offsite agenda",
            "The agenda for our offsite is attached. Let me know about dietary restrictions.",
        ),
        (
            "Welcome our new teammate",
            "Please join me in welcoming our newest team member. Coffee on Friday!",
        ),
        (
            "Expense reports due",
            "Please submit your expense reports for last month by Friday.",
        ),
    ];
    let team: Vec<i64> = c
        .employees
        .iter()
        .copied()
        .filter(|e| *e != c.manager)
        .collect();
    if team.is_empty() {
        return;
    }
    for (i, (subject, body)) in NEWS.iter().enumerate() {
        if !rng.chance(0.6) {
            continue;
        }
        let attach = i % 2 == 0;
        out.push(Thread {
            mails: vec![Mail {
                from: c.manager,
                to: team.clone(),
                subject: format!("{subject} - {}", c.name),
                body: format!("Hi team,\n\n{body}\n\nBest"),
                at: past_time(rng, now, 300),
                attachments: if attach {
                    vec![(
                        format!("{}.pdf", subject.to_lowercase().replace(' ', "_")),
                        format!("{} - {subject}\n\n{body}", c.name),
                    )]
                } else {
                    Vec::new()
                },
            }],
            label: Some("Work"),
            spam: false,
        });
    }
}

/// Inserts e-mails, global threads, each participant's copy and attachments.
fn write_threads(
    db: &Connection,
    pop: &Population,
    seed: u64,
    now: NaiveDateTime,
    threads: &[Thread],
    outside_first: i64,
) -> rusqlite::Result<()> {
    let who = |id: i64| -> (String, String) {
        if let Some(p) = pop.person(id) {
            return (p.email.clone(), format!("{} {}", p.first_name, p.last_name));
        }
        let k = (id - outside_first) as usize;
        OUTSIDE
            .get(k)
            .map(|(f, l, e, _)| (e.to_string(), format!("{f} {l}")))
            .unwrap_or_default()
    };
    for (n, t) in threads.iter().enumerate() {
        let mut rng = Rng::derive(seed ^ n as u64, "gmail-flags");
        let mut ids = Vec::new();
        let mut prev: Option<i64> = None;
        for m in &t.mails {
            let at = fmt_datetime(m.at);
            let id = NewEmail {
                sender_id: m.from,
                recipient_ids: &m.to,
                subject: &m.subject,
                body: &m.body,
                response_to_email_id: prev,
                created_at: &at,
            }
            .insert(db)?;
            for (name, content) in &m.attachments {
                NewAttachment {
                    email_id: Some(id),
                    draft_id: None,
                    file_name: name,
                    file_content: content,
                    file_compressed_data: "[]",
                    created_at: &at,
                }
                .insert(db)?;
            }
            ids.push(id);
            prev = Some(id);
        }
        let (Some(first), Some(last)) = (t.mails.first(), t.mails.last()) else {
            continue;
        };
        let (created, updated) = (fmt_datetime(first.at), fmt_datetime(last.at));
        let gid = NewGlobalThread {
            email_ids: &ids,
            created_at: &created,
            updated_at: &updated,
        }
        .insert(db)?;
        let mut senders: Vec<i64> = Vec::new();
        let mut recipients: Vec<i64> = Vec::new();
        for m in &t.mails {
            if !senders.contains(&m.from) {
                senders.push(m.from);
            }
            for r in &m.to {
                if !recipients.contains(r) {
                    recipients.push(*r);
                }
            }
        }
        let list = |ids: &[i64], f: fn((String, String)) -> String| -> Vec<String> {
            ids.iter().map(|i| f(who(*i))).collect()
        };
        let (se, sn) = (list(&senders, |w| w.0), list(&senders, |w| w.1));
        let (re, rn) = (list(&recipients, |w| w.0), list(&recipients, |w| w.1));
        let has_attachments = t.mails.iter().any(|m| !m.attachments.is_empty());
        let mut parts: Vec<i64> = senders.clone();
        parts.extend(recipients.iter().copied().filter(|r| !senders.contains(r)));
        parts.sort_unstable();
        for u in parts {
            if pop.person(u).is_none() {
                continue; // outside senders keep no mailbox copies
            }
            let incoming = t.mails.iter().any(|m| m.to.contains(&u));
            let outgoing = t.mails.iter().any(|m| m.from == u);
            let age = now - last.at;
            let read = !incoming || last.from == u || age > Duration::days(10) || rng.chance(0.4);
            let archived = !t.spam && age > Duration::days(60) && rng.chance(0.25);
            NewThreadCopy {
                global_email_thread_id: gid,
                user_id: u,
                email_ids: &ids,
                incoming,
                outgoing,
                read,
                label: t.label,
                starred: rng.chance(0.06),
                archived,
                spam: t.spam && incoming,
                sender_email_addresses: &se,
                sender_names: &sn,
                recipient_email_addresses: &re,
                recipient_names: &rn,
                created_at: &created,
                updated_at: &updated,
                has_attachments,
            }
            .insert(db)?;
        }
    }
    Ok(())
}

/// A few unsent drafts per person, to people they know.
fn drafts(
    db: &Connection,
    pop: &Population,
    seed: u64,
    now: NaiveDateTime,
) -> rusqlite::Result<()> {
    for p in &pop.people {
        let mut rng = Rng::derive(seed ^ p.id as u64, "gmail-drafts");
        let known = contacts_of(pop, p.id);
        for _ in 0..rng.range(0, 3) {
            let Some((to, _)) = known.get(rng.range(0, known.len().max(1) as i64) as usize) else {
                break;
            };
            let Some(o) = pop.person(*to) else { continue };
            let fill = Fill::draw(&mut rng);
            NewDraft {
                user_id: p.id,
                recipient_ids: &[o.id],
                recipient_email_addresses: std::slice::from_ref(&o.email),
                recipient_names: &[format!("{} {}", o.first_name, o.last_name)],
                subject: &fill.apply("About {weekday}"),
                body: &fill.apply(&format!("Hi {},\n\nJust wanted to check whether {{hour}} on {{weekday}} still works for", o.first_name)),
                belongs_to_email_thread_id: None,
                response_to_email_id: None,
                scheduled_send_at: None,
                created_at: &fmt_datetime(past_time(&mut rng, now, 30)),
            }
            .insert(db)?;
        }
    }
    Ok(())
}
