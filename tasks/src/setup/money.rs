//! Setup helpers for venmo and splitwise: payments, requests, groups and expenses a task starts
//! from.

use super::Setup;
use apps::common::bank::{CardFace, NewBankCard};
use apps::common::cards::NewSavedCard;
use apps::common::files::Files;
use apps::people::Person;
use apps::splitwise::rows::{Groups, NewExpense, NewGroup, NewMember, NewPayment, NewShare};
use apps::venmo::rows::{NewPaymentRequest, NewTransaction, PaymentRequests, Transactions, Users};
use chrono::NaiveDateTime;
use sim::clock::fmt_datetime;

impl Setup<'_> {
    /// A Venmo payment from `from` to `to` at `at`; returns its id. Balances are not moved
    /// (the payment is history).
    pub fn add_venmo_payment(
        &self,
        from: &Person,
        to: &Person,
        amount: f64,
        description: &str,
        at: NaiveDateTime,
    ) -> rusqlite::Result<i64> {
        NewTransaction {
            sender_id: self.user_id("venmo", from)?,
            receiver_id: self.user_id("venmo", to)?,
            amount,
            description,
            created_at: &fmt_datetime(at),
            private: false,
            like_count: 0,
            payment_card_digits: None,
        }
        .insert(self.db)
    }

    /// A pending Venmo payment request from `from` (who asks) to `to` (who would pay); returns
    /// its id.
    pub fn add_venmo_request(
        &self,
        from: &Person,
        to: &Person,
        amount: f64,
        description: &str,
        at: NaiveDateTime,
    ) -> rusqlite::Result<i64> {
        let at = fmt_datetime(at);
        NewPaymentRequest {
            sender_id: self.user_id("venmo", from)?,
            receiver_id: self.user_id("venmo", to)?,
            amount,
            description,
            created_at: &at,
            updated_at: &at,
            approved_at: None,
            denied_at: None,
            private: false,
        }
        .insert(self.db)
    }

    /// A Splitwise group created by `creator` with `members` (creator included first); returns
    /// its id.
    pub fn add_splitwise_group(
        &self,
        creator: &Person,
        members: &[&Person],
        name: &str,
        at: NaiveDateTime,
    ) -> rusqlite::Result<i64> {
        let at_s = fmt_datetime(at);
        let code = format!(
            "{:05x}",
            (at.and_utc().timestamp() as u64 ^ 0x5eed) & 0xf_ffff
        );
        let gid = NewGroup {
            user_id: self.user_id("splitwise", creator)?,
            name,
            description: None,
            created_at: &at_s,
            invitation_code: &code,
        }
        .insert(self.db)?;
        let mut ids = vec![self.user_id("splitwise", creator)?];
        for m in members {
            let id = self.user_id("splitwise", m)?;
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        for id in ids {
            NewMember {
                group_id: gid,
                user_id: id,
                joined_at: &at_s,
            }
            .insert(self.db)?;
        }
        Ok(gid)
    }

    /// A Splitwise expense paid by `payer`, split equally among `debtors` (the payer among
    /// them when they share it), in `group` or none; returns its id.
    pub fn add_splitwise_expense(
        &self,
        group: Option<i64>,
        payer: &Person,
        debtors: &[&Person],
        description: &str,
        amount: f64,
        at: NaiveDateTime,
    ) -> rusqlite::Result<i64> {
        let share = sim::num::round2(amount / debtors.len().max(1) as f64);
        let shares: Vec<(&Person, f64)> = debtors.iter().map(|d| (*d, share)).collect();
        self.add_splitwise_expense_shares(group, payer, &shares, description, amount, at)
    }
}

impl Setup<'_> {
    /// Sets the person's Venmo wallet balance.
    pub fn set_venmo_balance(&self, person: &Person, amount: f64) -> rusqlite::Result<()> {
        Users::set_balance(self.db, self.user_id("venmo", person)?, amount)?;
        Ok(())
    }

    /// Deletes the pending Venmo payment requests the person sent (`sent`) or received (the
    /// base world's, so that a task's designed set is the whole list); returns how many went.
    pub fn remove_pending_venmo_requests(
        &self,
        person: &Person,
        sent: bool,
    ) -> rusqlite::Result<usize> {
        PaymentRequests::delete_pending(self.db, self.user_id("venmo", person)?, sent)
    }

    /// Marks a Venmo payment request approved (`true`) or denied at `at`. History: no money
    /// moves, but an approved request has its payment, as approving one writes in the app.
    pub fn close_venmo_request(
        &self,
        id: i64,
        approved: bool,
        at: NaiveDateTime,
    ) -> rusqlite::Result<()> {
        let at = fmt_datetime(at);
        if approved {
            PaymentRequests::approve_as_history(self.db, id, &at)?;
        } else {
            PaymentRequests::close(self.db, id, false, &at)?;
        }
        Ok(())
    }

    /// Deletes the Venmo transactions between `a` and `b` (either way) dated within
    /// `[from, to]`; returns how many went.
    pub fn remove_venmo_transactions_between(
        &self,
        a: &Person,
        b: &Person,
        from: NaiveDateTime,
        to: NaiveDateTime,
    ) -> rusqlite::Result<usize> {
        let (x, y) = (self.user_id("venmo", a)?, self.user_id("venmo", b)?);
        Transactions::delete_between(self.db, x, y, &fmt_datetime(from), &fmt_datetime(to))
    }

    /// A bank card of `person` that no app has saved yet (a replacement card a task has the
    /// agent add), with `balance`; returns the bank's card id. Card numbers must be new.
    pub fn add_bank_card(
        &self,
        person: &Person,
        card: Card,
        balance: f64,
    ) -> rusqlite::Result<i64> {
        let owner = format!("{} {}", person.first_name, person.last_name);
        NewBankCard {
            main_user_id: person.id,
            face: card.face(&owner),
            balance,
        }
        .insert(self.db)
    }

    /// Saves a payment card to the person's Venmo account, backed by a bank card holding
    /// `bank_balance` (so that the bank accepts it, or refuses it as expired when the expiry
    /// lies before the task's clock); returns the Venmo card id.
    pub fn add_venmo_card(
        &self,
        person: &Person,
        card: Card,
        bank_balance: f64,
    ) -> rusqlite::Result<i64> {
        self.save_card("venmo", person, card, bank_balance)
    }

    /// Saves a payment card to the person's account in `app` (amazon, spotify or venmo), backed
    /// by a bank card holding `bank_balance`; returns the app's card id.
    pub(crate) fn save_card(
        &self,
        app: &str,
        person: &Person,
        card: Card,
        bank_balance: f64,
    ) -> rusqlite::Result<i64> {
        let owner = format!("{} {}", person.first_name, person.last_name);
        self.add_bank_card(person, card, bank_balance)?;
        NewSavedCard {
            app,
            user_id: self.user_id(app, person)?,
            face: card.face(&owner),
        }
        .insert(self.db)
    }

    /// A Splitwise expense paid by `payer` with the given shares (debtor, amount), in `group`
    /// or none; returns its id.
    pub fn add_splitwise_expense_shares(
        &self,
        group: Option<i64>,
        payer: &Person,
        shares: &[(&Person, f64)],
        description: &str,
        amount: f64,
        at: NaiveDateTime,
    ) -> rusqlite::Result<i64> {
        let at = fmt_datetime(at);
        let payer_id = self.user_id("splitwise", payer)?;
        let mut ids = Vec::new();
        for (d, _) in shares {
            ids.push(self.user_id("splitwise", d)?);
        }
        let eid = NewExpense {
            user_id: payer_id,
            group_id: group,
            payer_id,
            debtor_ids: &ids,
            participant_ids: &[payer_id],
            description,
            amount,
            receipt_file_name: None,
            receipt_file_content: None,
            created_at: &at,
        }
        .insert(self.db)?;
        for (id, (_, share)) in ids.iter().zip(shares) {
            NewShare {
                expense_id: eid,
                debtor_id: *id,
                share_amount: *share,
                created_at: &at,
            }
            .insert(self.db)?;
        }
        Ok(eid)
    }

    /// A Splitwise payment from `payer` to `receiver` (recorded by the payer), in `group` or
    /// none; returns its id.
    pub fn add_splitwise_payment(
        &self,
        group: Option<i64>,
        payer: &Person,
        receiver: &Person,
        amount: f64,
        description: &str,
        at: NaiveDateTime,
    ) -> rusqlite::Result<i64> {
        let (pid, rid) = (
            self.user_id("splitwise", payer)?,
            self.user_id("splitwise", receiver)?,
        );
        let payer_name = format!("{} {}", payer.first_name, payer.last_name);
        let receiver_name = format!("{} {}", receiver.first_name, receiver.last_name);
        NewPayment {
            group_id: group,
            user_id: pid,
            payer_id: pid,
            receiver_id: rid,
            payer_email: &payer.email,
            payer_name: &payer_name,
            receiver_email: &receiver.email,
            receiver_name: &receiver_name,
            amount,
            description: Some(description),
            receipt_file_name: None,
            receipt_file_content: None,
            participant_ids: &[pid, rid],
            created_at: &fmt_datetime(at),
        }
        .insert(self.db)
    }

    /// The person's Splitwise group named `name` that they are a member of (the first by id).
    pub fn splitwise_group_named(&self, person: &Person, name: &str) -> rusqlite::Result<i64> {
        Groups::member_group_named(self.db, self.user_id("splitwise", person)?, name)
    }

    /// Adds a line `date,description,amount` to the person's card statement of `month`
    /// (`yyyy_mm`, the file `~/documents/finance/<card>_<last4>_statement_<month>.csv`), in
    /// date order; returns the statement's path.
    pub fn add_statement_line(
        &self,
        person: &Person,
        month: &str,
        date: &str,
        description: &str,
        amount: f64,
    ) -> rusqlite::Result<String> {
        let (path, content, created) =
            Files::card_statement(self.db, self.user_id("file_system", person)?, month)?;
        let mut lines: Vec<String> = content.lines().map(str::to_string).collect();
        let line = format!("{date},{description},{}", sim::num::fmt_2f(amount));
        let at = lines
            .iter()
            .skip(1)
            .position(|l| l.as_str() > line.as_str())
            .map_or(lines.len(), |i| i + 1);
        lines.insert(at, line);
        let mut text = lines.join("\n");
        if content.ends_with('\n') {
            text.push('\n');
        }
        let created = chrono::NaiveDateTime::parse_from_str(&created, "%Y-%m-%dT%H:%M:%S")
            .unwrap_or(self.now);
        self.add_file(person, &path, &text, created)?;
        Ok(path)
    }
}

/// A payment card a task's setup gives a person: its face but the owner's name (the person's).
#[derive(Debug, Clone, Copy)]
pub struct Card<'a> {
    /// The name its holder gave it.
    pub name: &'a str,
    /// The 16-digit number (new to the world).
    pub number: i64,
    /// Expiry (year, month 1-12).
    pub expiry: (i64, i64),
    /// The 3-digit CVV.
    pub cvv: i64,
}

impl<'a> Card<'a> {
    /// The card's face with `owner`'s name on it.
    pub fn face(self, owner: &'a str) -> CardFace<'a> {
        CardFace {
            owner_name: owner,
            card_name: self.name,
            card_number: self.number,
            expiry_year: self.expiry.0,
            expiry_month: self.expiry.1,
            cvv_number: self.cvv,
        }
    }
}
