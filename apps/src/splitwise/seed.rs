//! The splitwise app's share of the base world: an account per person, and the groups their
//! lives make: roommates who split the electricity and internet bills they were e-mailed (the
//! bill is the expense's receipt, the same file as in gmail and the file system) and groceries,
//! couples who share household costs, and friends' trips ([`crate::plans::trips`]: lodging, car
//! rental, dinners, tickets, with receipts). Equal splits include the payer; older months are
//! settled with payments, the last ones stay open, so balances are real. Recent activity left
//! notifications. Runs after the gmail seed, whose bills it reads.

use super::rows::{CommentOn, NewComment, NewExpense, NewGroup, NewMember, NewPayment, NewShare};
use crate::common::notifications::NewNotification;
use crate::people::Population;
use crate::plans::Trip;
use chrono::{Duration, NaiveDateTime};
use rusqlite::{Connection, OptionalExtension, params};
use sim::clock::fmt_datetime;
use sim::num::round2;
use sim::rng::Rng;
use std::collections::BTreeMap;

/// Notifications are left for what happened in the last this many days.
const RECENT_DAYS: i64 = 45;

/// Writes splitwise's rows for `pop` (splitwise user id = person id; notifiers follow).
pub fn install(s: &crate::app::Seeding) -> rusqlite::Result<()> {
    let (db, pop, seed) = (s.db, s.people, s.seed);
    crate::common::seeding::insert_accounts(s, "splitwise", "2021-03-01T09:00:00", true)?;
    let now = sim::clock::default_now();
    let mut w = Writer {
        db,
        pop,
        now,
        codes: std::collections::HashSet::new(),
    };
    let mut rng = Rng::derive(seed, "splitwise");
    for r in pop.residences.iter().filter(|r| r.kind == "roommates") {
        roommates(&mut w, &r.residents, &mut rng)?;
    }
    for f in &pop.families {
        couple(&mut w, f.wife, f.husband, &mut rng)?;
    }
    for t in crate::plans::trips(pop, seed) {
        trip(&mut w, &t, &mut rng)?;
    }
    Ok(())
}

struct Writer<'a> {
    db: &'a Connection,
    pop: &'a Population,
    now: NaiveDateTime,
    codes: std::collections::HashSet<String>,
}

/// Net debts inside one group, in cents: `(debtor, creditor) -> owed`.
#[derive(Default)]
struct Ledger(BTreeMap<(i64, i64), i64>);

impl Ledger {
    fn owe(&mut self, debtor: i64, creditor: i64, cents: i64) {
        if debtor == creditor || cents == 0 {
            return;
        }
        let back = self.0.get(&(creditor, debtor)).copied().unwrap_or(0);
        if back >= cents {
            self.0.insert((creditor, debtor), back - cents);
        } else {
            self.0.remove(&(creditor, debtor));
            *self.0.entry((debtor, creditor)).or_default() += cents - back;
        }
    }

    /// Every open debt, cleared.
    fn settle(&mut self) -> Vec<(i64, i64, i64)> {
        let open = self
            .0
            .iter()
            .filter(|(_, c)| **c > 0)
            .map(|((d, c), cents)| (*d, *c, *cents))
            .collect();
        self.0.clear();
        open
    }
}

impl Writer<'_> {
    fn name(&self, id: i64) -> String {
        self.pop
            .person(id)
            .map(|p| format!("{} {}", p.first_name, p.last_name))
            .unwrap_or_default()
    }

    fn email(&self, id: i64) -> String {
        self.pop
            .person(id)
            .map(|p| p.email.clone())
            .unwrap_or_default()
    }

    fn group(
        &mut self,
        rng: &mut Rng,
        creator: i64,
        members: &[i64],
        name: &str,
        description: &str,
        at: NaiveDateTime,
    ) -> rusqlite::Result<i64> {
        let code = loop {
            let c = format!("{:05x}", rng.range(0, 0x10_0000));
            if self.codes.insert(c.clone()) {
                break c;
            }
        };
        let at_s = fmt_datetime(at);
        let gid = NewGroup {
            user_id: creator,
            name,
            description: Some(description),
            created_at: &at_s,
            invitation_code: &code,
        }
        .insert(self.db)?;
        for m in members {
            NewMember {
                group_id: gid,
                user_id: *m,
                joined_at: &at_s,
            }
            .insert(self.db)?;
        }
        for m in members.iter().filter(|m| **m != creator) {
            self.notify(
                *m,
                "you_added_to_group",
                "You are added to a group.",
                &format!(
                    "{} has added to a new group called '{name}'.",
                    self.name(creator)
                ),
                &format!("{{\"group_id\": {gid}, \"action_by_id\": {creator}}}"),
                at,
            )?;
        }
        Ok(gid)
    }

    /// An expense split equally among `debtors` (the payer among them when they share it);
    /// records each debtor's debt to the payer in `ledger`.
    #[allow(clippy::too_many_arguments)]
    fn expense(
        &mut self,
        ledger: &mut Ledger,
        group: Option<i64>,
        payer: i64,
        debtors: &[i64],
        description: &str,
        amount: f64,
        receipt: Option<&(String, String)>,
        at: NaiveDateTime,
    ) -> rusqlite::Result<i64> {
        let at_s = fmt_datetime(at);
        let (receipt_file_name, receipt_file_content) =
            receipt.map(|(f, c)| (f.as_str(), c.as_str())).unzip();
        let id = NewExpense {
            user_id: payer,
            group_id: group,
            payer_id: payer,
            debtor_ids: debtors,
            participant_ids: &[payer],
            description,
            amount,
            receipt_file_name,
            receipt_file_content,
            created_at: &at_s,
        }
        .insert(self.db)?;
        // Equal shares to the cent: the first debtors carry the remainder's cents, so the
        // shares add up to the amount.
        let (cents, n) = ((amount * 100.0).round() as i64, debtors.len() as i64);
        for (k, d) in debtors.iter().enumerate() {
            let share = cents / n + i64::from((k as i64) < cents % n);
            NewShare {
                expense_id: id,
                debtor_id: *d,
                share_amount: share as f64 / 100.0,
                created_at: &at_s,
            }
            .insert(self.db)?;
            ledger.owe(*d, payer, share);
        }
        for d in debtors.iter().filter(|d| **d != payer) {
            self.notify(
                *d,
                "expense_added",
                "New expense posted.",
                &format!(
                    "{} has recorded an expense of ${amount:.2} involving you.",
                    self.name(payer)
                ),
                &format!("{{\"expense_id\": {id}, \"action_by_id\": {payer}}}"),
                at,
            )?;
        }
        Ok(id)
    }

    fn payment(
        &mut self,
        group: Option<i64>,
        payer: i64,
        receiver: i64,
        cents: i64,
        description: &str,
        at: NaiveDateTime,
    ) -> rusqlite::Result<i64> {
        let amount = cents as f64 / 100.0;
        let (payer_name, payer_email) = (self.name(payer), self.email(payer));
        let (receiver_name, receiver_email) = (self.name(receiver), self.email(receiver));
        let id = NewPayment {
            group_id: group,
            user_id: payer,
            payer_id: payer,
            receiver_id: receiver,
            payer_email: &payer_email,
            payer_name: &payer_name,
            receiver_email: &receiver_email,
            receiver_name: &receiver_name,
            amount,
            description: Some(description),
            receipt_file_name: None,
            receipt_file_content: None,
            participant_ids: &[payer, receiver],
            created_at: &fmt_datetime(at),
        }
        .insert(self.db)?;
        self.notify(
            receiver,
            "payment_added",
            "New payment posted.",
            &format!(
                "{} has recorded a payment of ${amount:.2} to you.",
                self.name(payer)
            ),
            &format!("{{\"payment_id\": {id}, \"action_by_id\": {payer}}}"),
            at,
        )?;
        Ok(id)
    }

    fn comment(
        &self,
        expense: i64,
        user: i64,
        text: &str,
        at: NaiveDateTime,
    ) -> rusqlite::Result<()> {
        NewComment {
            on: CommentOn::Expense(expense),
            user_id: user,
            comment: text,
            created_at: &fmt_datetime(at),
        }
        .insert(self.db)?;
        Ok(())
    }

    /// A notification, only for what happened recently (read unless it is from the last week).
    fn notify(
        &self,
        user: i64,
        kind: &str,
        title: &str,
        message: &str,
        data: &str,
        at: NaiveDateTime,
    ) -> rusqlite::Result<()> {
        if at < self.now - Duration::days(RECENT_DAYS) {
            return Ok(());
        }
        let read = at < self.now - Duration::days(7);
        NewNotification {
            app: "splitwise",
            user_id: user,
            kind,
            title,
            message,
            read,
            data,
            created_at: &fmt_datetime(at),
        }
        .insert(self.db)
    }
}

/// The amount in a bill's text (`Total due: $74.20`).
fn bill_amount(content: &str) -> Option<f64> {
    content
        .lines()
        .find_map(|l| l.strip_prefix("Total due: $"))
        .and_then(|a| a.trim().parse().ok())
}

fn roommates(w: &mut Writer, residents: &[i64], rng: &mut Rng) -> rusqlite::Result<()> {
    let street = w
        .pop
        .person(residents[0])
        .and_then(|p| p.addresses.iter().find(|a| a.name == "Home"))
        .map(|a| a.street_address.clone())
        .unwrap_or_default();
    let since = w.now - Duration::days(400);
    let gid = w.group(rng, residents[0], residents, "Roommates", &street, since)?;
    let mut ledger = Ledger::default();
    for months_back in (1..=8).rev() {
        let day = (w.now - Duration::days(30 * months_back)).date();
        for (k, (company, what)) in [("brightline", "Electricity"), ("nimbus", "Internet")]
            .into_iter()
            .enumerate()
        {
            // Each bill's account holder pays it; the holder rotates by month.
            let holder = residents[(months_back as usize + k) % residents.len()];
            let file = format!("{company}_bill_{}.pdf", day.format("%Y_%m"));
            let bill: Option<(String, String)> = w
                .db
                .prepare_cached(
                    "SELECT a.file_content, e.created_at FROM gmail.attachments a JOIN gmail.emails e ON e.id = a.email_id \
                     WHERE a.file_name = ?1 AND e.recipient_ids = ?2",
                )?
                .query_row(params![file, format!("[{holder}]")], |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })
                .optional()?;
            let Some((content, mailed)) = bill else {
                continue;
            };
            let (Some(amount), Some(mailed)) =
                (bill_amount(&content), sim::clock::parse_datetime(&mailed))
            else {
                continue;
            };
            let at = mailed + Duration::days(rng.range(1, 5)) + Duration::hours(11);
            w.expense(
                &mut ledger,
                Some(gid),
                holder,
                residents,
                &format!("{what} bill {}", day.format("%B %Y")),
                amount,
                Some(&(file, content)),
                at,
            )?;
        }
        for _ in 0..rng.range(1, 4) {
            let payer = *rng.pick(residents);
            let what = *rng.pick(&[
                "Groceries",
                "Cleaning supplies",
                "Toilet paper and soap",
                "Costco run",
                "Kitchen supplies",
            ]);
            let amount = round2(rng.range(1800, 16000) as f64 / 100.0);
            let at = day
                .and_hms_opt(rng.range(9, 21) as u32, 10, 0)
                .unwrap_or(w.now)
                + Duration::days(rng.range(0, 27));
            if at < w.now {
                w.expense(
                    &mut ledger,
                    Some(gid),
                    payer,
                    residents,
                    what,
                    amount,
                    None,
                    at,
                )?;
            }
        }
        // Settle up what is older than two months, after the month's last expense.
        if months_back >= 3 {
            let at = (day + Duration::days(29))
                .and_hms_opt(21, 0, 0)
                .unwrap_or(w.now);
            for (debtor, creditor, cents) in ledger.settle() {
                w.payment(Some(gid), debtor, creditor, cents, "Settle up", at)?;
            }
        }
    }
    Ok(())
}

fn couple(w: &mut Writer, wife: i64, husband: i64, rng: &mut Rng) -> rusqlite::Result<()> {
    let first = |id: i64| {
        w.pop
            .person(id)
            .map(|p| p.first_name.clone())
            .unwrap_or_default()
    };
    let name = format!("{} & {}", first(wife), first(husband));
    let members = [wife, husband];
    let gid = w.group(
        rng,
        wife,
        &members,
        &name,
        "Household",
        w.now - Duration::days(500),
    )?;
    let mut ledger = Ledger::default();
    for _ in 0..rng.range(4, 11) {
        let payer = *rng.pick(&members);
        let (what, lo, hi) = *rng.pick(&[
            ("Groceries", 40, 220),
            ("Date night", 50, 180),
            ("New couch", 400, 1500),
            ("Pharmacy", 10, 60),
            ("Gift for Mom", 30, 150),
            ("Home insurance", 90, 160),
        ]);
        let amount = round2(rng.range(lo * 100, hi * 100) as f64 / 100.0);
        let at = crate::common::seeding::past_time(rng, w.now, 200);
        w.expense(
            &mut ledger,
            Some(gid),
            payer,
            &members,
            what,
            amount,
            None,
            at,
        )?;
    }
    Ok(())
}

fn trip(w: &mut Writer, t: &Trip, rng: &mut Rng) -> rusqlite::Result<()> {
    let created = (t.start - Duration::days(45))
        .and_hms_opt(19, 0, 0)
        .unwrap_or(w.now)
        .min(w.now - Duration::days(1));
    let description = format!(
        "{} nights in {}, {}, from {}",
        t.nights,
        t.city,
        t.country,
        t.start.format("%B %d, %Y")
    );
    let gid = w.group(
        rng,
        t.organizer,
        &t.members,
        &t.group_name(),
        &description,
        created,
    )?;
    let mut ledger = Ledger::default();
    for e in &t.expenses {
        let id = w.expense(
            &mut ledger,
            Some(gid),
            e.payer,
            &t.members,
            &e.description,
            e.amount,
            e.receipt.as_ref(),
            e.at,
        )?;
        if rng.chance(0.15) {
            let who = *rng.pick(&t.members);
            let text = *rng.pick(&[
                "Thanks for covering this!",
                "Worth every penny",
                "I'll pay you back this week",
                "Great pick!",
            ]);
            w.comment(id, who, text, (e.at + Duration::hours(2)).min(w.now))?;
        }
    }
    // Trips that ended a while ago are mostly settled.
    let ended = t.end().and_hms_opt(18, 0, 0).unwrap_or(w.now) + Duration::days(rng.range(3, 15));
    if ended < w.now && rng.chance(0.6) {
        for (debtor, creditor, cents) in ledger.settle() {
            w.payment(
                Some(gid),
                debtor,
                creditor,
                cents,
                &format!("{} trip", t.city),
                ended,
            )?;
        }
    }
    Ok(())
}
