//! Setup helpers for venmo and splitwise: payments, requests, groups and expenses a task starts
//! from.

use super::Setup;
use apps::people::Person;
use chrono::NaiveDateTime;
use rusqlite::params;
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
        let at = fmt_datetime(at);
        self.db.execute(
            "INSERT INTO venmo.transactions (sender_id, receiver_id, amount, description, created_at, updated_at, private, receipt_download_count, like_count) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?5, 0, 0, 0)",
            params![self.user_id("venmo", from)?, self.user_id("venmo", to)?, amount, description, at],
        )?;
        Ok(self.last_id())
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
        self.db.execute(
            "INSERT INTO venmo.payment_requests (sender_id, receiver_id, amount, description, created_at, updated_at, private) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?5, 0)",
            params![self.user_id("venmo", from)?, self.user_id("venmo", to)?, amount, description, at],
        )?;
        Ok(self.last_id())
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
        self.db.execute(
            "INSERT INTO splitwise.groups (user_id, name, description, created_at, invitation_code, deleted) VALUES (?1, ?2, NULL, ?3, ?4, 0)",
            params![self.user_id("splitwise", creator)?, name, at_s, code],
        )?;
        let gid = self.last_id();
        let mut ids = vec![self.user_id("splitwise", creator)?];
        for m in members {
            let id = self.user_id("splitwise", m)?;
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        for id in ids {
            self.db.execute(
                "INSERT INTO splitwise.group_members (group_id, user_id, joined_at) VALUES (?1, ?2, ?3)",
                params![gid, id, at_s],
            )?;
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
        let at = fmt_datetime(at);
        let payer_id = self.user_id("splitwise", payer)?;
        let mut ids = Vec::new();
        for d in debtors {
            ids.push(self.user_id("splitwise", d)?);
        }
        self.db.execute(
            "INSERT INTO splitwise.expenses (user_id, group_id, payer_id, debtor_ids, participant_ids, description, amount, deleted, receipt_download_count, created_at) \
             VALUES (?1, ?2, ?1, ?3, ?4, ?5, ?6, 0, 0, ?7)",
            params![
                payer_id,
                group,
                apps::common::pytext::py_json_ints(&ids),
                format!("[{payer_id}]"),
                description,
                amount,
                at
            ],
        )?;
        let eid = self.last_id();
        let share = sim::num::round2(amount / ids.len().max(1) as f64);
        for id in ids {
            self.db.execute(
                "INSERT INTO splitwise.expense_shares (expense_id, debtor_id, share_amount, created_at) VALUES (?1, ?2, ?3, ?4)",
                params![eid, id, share, at],
            )?;
        }
        Ok(eid)
    }
}
