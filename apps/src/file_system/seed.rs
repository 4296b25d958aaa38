//! The file_system app's share of the base world: a verified account per person and per company
//! notifier, each person's home directory (`documents/`, `photos/`, `bills/`, `downloads/`), and
//! files that agree with their other apps: the last three months of bills they were e-mailed
//! (same name and content as the gmail attachment), the work documents colleagues sent them,
//! receipts of the rent they paid on Venmo, a to-do list and trip photos. Runs after the gmail
//! and venmo seeds, whose rows it reads.

use crate::common::files::{NewDirectoryRow, NewFileRow, home_dir, tilde_path};
use crate::people::Population;
use rusqlite::{Connection, params};
use sim::clock::fmt_datetime;
use sim::rng::Rng;
use std::collections::BTreeSet;

/// Writes file_system's rows for `pop` (file_system user id = person id; notifiers follow).
pub fn install(s: &crate::app::Seeding) -> rusqlite::Result<()> {
    let (db, pop, seed) = (s.db, s.people, s.seed);
    let now = sim::clock::default_now();
    crate::common::seeding::insert_accounts(s, "file_system", "2020-09-01T09:00:00", true)?;
    let first_notifier = pop.people.len() as i64 + 1;
    for (next, app) in (first_notifier..).zip(crate::common::seeding::NOTIFIER_ORDER) {
        let home = home_dir(s.notifier(app)?.company);
        let mut tree = Tree::default();
        tree.dirs.insert(home.clone());
        tree.dirs.insert("/tmp/".into());
        tree.write(db, next, &home, "2020-01-01T00:00:00")?;
    }
    let trips = crate::plans::trips(pop, seed);
    for p in &pop.people {
        let home = home_dir(&p.first_name);
        let mut rng = Rng::derive(seed ^ p.id as u64, "file_system");
        let mut tree = Tree::default();
        for sub in ["documents/", "photos/", "bills/", "downloads/"] {
            tree.dirs.insert(format!("{home}{sub}"));
        }
        // Bills of the last three months, as e-mailed.
        let mut bills = db.prepare_cached(
            "SELECT a.file_name, a.file_content FROM gmail.attachments a JOIN gmail.emails e ON e.id = a.email_id \
             WHERE e.recipient_ids = ?1 AND a.file_name LIKE '%\\_bill\\_%' ESCAPE '\\' AND e.created_at >= ?2 ORDER BY a.id",
        )?;
        let since = fmt_datetime(now - chrono::Duration::days(92));
        let rows: Vec<(String, String)> = bills
            .query_map(params![format!("[{}]", p.id), since], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })?
            .collect::<Result<_, _>>()?;
        for (name, content) in rows {
            tree.file(&format!("{home}bills/{name}"), &content);
        }
        // Work documents colleagues sent them.
        let mut docs = db.prepare_cached(
            "SELECT a.file_name, a.file_content FROM gmail.attachments a JOIN gmail.emails e ON e.id = a.email_id, json_each(e.recipient_ids) r \
             WHERE r.value = ?1 AND a.file_name LIKE '%.docx' ORDER BY a.id",
        )?;
        let rows: Vec<(String, String)> = docs
            .query_map([p.id], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        for (name, content) in rows {
            tree.file(&format!("{home}documents/work/{name}"), &content);
        }
        trip_files(db, pop, &trips, p.id, &home, &mut tree)?;
        amazon_receipts(db, p.id, &home, &mut tree)?;
        statements(db, p, &home, now, &mut tree)?;
        // Receipts of the rent they paid on Venmo.
        let mut rent = db.prepare_cached(
            "SELECT t.description, t.amount, t.created_at, u.first_name || ' ' || u.last_name FROM venmo.transactions t \
             JOIN venmo.users u ON u.id = t.receiver_id WHERE t.sender_id = ?1 AND t.description LIKE 'Rent - %' ORDER BY t.id",
        )?;
        let rows: Vec<(String, f64, String, String)> = rent
            .query_map([p.id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
            .collect::<Result<_, _>>()?;
        for (what, amount, at, to) in rows {
            let month = what.trim_start_matches("Rent - ").to_lowercase();
            tree.file(
                &format!("{home}documents/receipts/rent_{month}.txt"),
                &format!(
                    "Receipt\nPaid to: {to}\nFor: {what}\nAmount: ${amount:.2}\nDate: {}\nMethod: Venmo",
                    &at[..10]
                ),
            );
        }
        let items: Vec<&str> = [
            "call the dentist",
            "renew car insurance",
            "book flights",
            "pay the water bill",
            "return library books",
            "buy a birthday gift",
        ]
        .into_iter()
        .filter(|_| rng.chance(0.6))
        .collect();
        tree.file(
            &format!("{home}documents/todo.txt"),
            &format!("{}'s to-do list\n- {}", p.first_name, items.join("\n- ")),
        );
        for k in 1..=rng.range(1, 5) {
            let place = *rng.pick(&["beach", "mountains", "city", "park", "birthday"]);
            tree.file(
                &format!("{home}photos/{place}_{k}.jpg"),
                &format!(
                    "JPEG image: {place} photo {k} of {} {}",
                    p.first_name, p.last_name
                ),
            );
        }
        tree.write(db, p.id, &home, "2022-06-01T10:00:00")?;
    }
    Ok(())
}

/// A trip's files in a member's `~/documents/trips/<city_yyyy_mm>/`: the itinerary everyone
/// got, and the receipts of what this member paid (the same files as the Splitwise expenses'
/// receipts). Bills they paid for their roommates go to `~/bills/` like the e-mailed ones.
fn trip_files(
    db: &Connection,
    pop: &Population,
    trips: &[crate::plans::Trip],
    id: i64,
    home: &str,
    tree: &mut Tree,
) -> rusqlite::Result<()> {
    let name = |m: i64| {
        pop.person(m)
            .map(|p| format!("{} {}", p.first_name, p.last_name))
            .unwrap_or_default()
    };
    for t in trips.iter().filter(|t| t.members.contains(&id)) {
        let dir = format!("{home}documents/trips/{}/", t.folder());
        let who: Vec<String> = t.members.iter().map(|m| name(*m)).collect();
        let mut plan = format!(
            "Trip to {}, {}\nDates: {} to {} ({} nights)\nStaying at: {}\nOrganizer: {}\nTravelers: {}\n\nPlan:\n",
            t.city,
            t.country,
            t.start.format("%Y-%m-%d"),
            t.end().format("%Y-%m-%d"),
            t.nights,
            t.lodging,
            name(t.organizer),
            who.join(", ")
        );
        for d in 0..=t.nights {
            let day = t.start + chrono::Duration::days(d);
            let what = match d {
                0 => "Arrive, check in, dinner nearby",
                x if x == t.nights => "Check out and travel home",
                x if x % 2 == 1 => "Old town walking tour and museum",
                _ => "Day trip and local food market",
            };
            plan.push_str(&format!("- {}: {what}\n", day.format("%a %b %d")));
        }
        tree.file(&format!("{dir}itinerary.txt"), plan.trim_end());
        for e in t.expenses.iter().filter(|e| e.payer == id) {
            if let Some((file, content)) = &e.receipt {
                tree.file(&format!("{dir}receipts/{file}"), content);
            }
        }
    }
    let mut bills = db.prepare_cached(
        "SELECT receipt_file_name, receipt_file_content FROM splitwise.expenses \
         WHERE payer_id = ?1 AND receipt_file_name LIKE '%\\_bill\\_%' ESCAPE '\\' ORDER BY id",
    )?;
    let rows: Vec<(String, String)> = bills
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    for (file, content) in rows {
        tree.file(&format!("{home}bills/{file}"), &content);
    }
    Ok(())
}

/// The receipts of a person's last three Amazon orders, downloaded to `~/downloads/` as
/// `download_order_receipt` writes them (the orders' download counts say so too), ten minutes
/// after the order (or at the clock, if sooner).
fn amazon_receipts(db: &Connection, id: i64, home: &str, tree: &mut Tree) -> rusqlite::Result<()> {
    let orders: Vec<(i64, String)> = db
        .prepare_cached(
            "SELECT id, min(strftime('%Y-%m-%dT%H:%M:%S', created_at, '+10 minutes'), ?2) \
             FROM amazon.orders WHERE user_id = ?1 ORDER BY created_at DESC, id LIMIT 3",
        )?
        .query_map(
            rusqlite::params![id, sim::clock::fmt_datetime(sim::clock::default_now())],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?
        .collect::<Result<_, _>>()?;
    for (order, at) in orders {
        let text = crate::amazon::orders::receipt_text(db, order)
            .map_err(|e| rusqlite::Error::InvalidParameterName(e.to_string()))?;
        tree.file_at(
            &format!("{home}downloads/amazon_order_{order}.txt"),
            &text,
            at,
        );
        db.prepare_cached("UPDATE amazon.orders SET receipt_download_count = 1 WHERE id = ?1")?
            .execute([order])?;
    }
    Ok(())
}

/// Monthly statements of the person's first card for the last three months, as CSV files in
/// `~/documents/finance/`: the bills they were e-mailed, the money they moved to Venmo with
/// that card, the trip costs they paid and their Amazon orders (amounts as in gmail, venmo,
/// splitwise and amazon).
fn statements(
    db: &Connection,
    p: &crate::people::Person,
    home: &str,
    now: chrono::NaiveDateTime,
    tree: &mut Tree,
) -> rusqlite::Result<()> {
    let Some(card) = p.payment_cards.first() else {
        return Ok(());
    };
    let digits = format!("{:04}", card.card_number % 10_000);
    let mut rows: Vec<(String, String, f64)> = Vec::new();
    let mut bills = db.prepare_cached(
        "SELECT e.created_at, a.file_content FROM gmail.attachments a JOIN gmail.emails e ON e.id = a.email_id \
         WHERE e.recipient_ids = ?1 AND a.file_name LIKE '%\\_bill\\_%' ESCAPE '\\'",
    )?;
    for row in bills.query_map([format!("[{}]", p.id)], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
    })? {
        let (at, content) = row?;
        let company = content.lines().next().unwrap_or("Bill").to_string();
        if let Some(amount) = content
            .lines()
            .find_map(|l| l.strip_prefix("Total due: $"))
            .and_then(|a| a.trim().parse::<f64>().ok())
        {
            rows.push((at[..10].to_string(), company, amount));
        }
    }
    let mut transfers = db.prepare_cached(
        "SELECT created_at, amount FROM venmo.bank_transfers WHERE user_id = ?1 AND transfer_type = 'card_to_venmo' AND payment_card_digits = ?2",
    )?;
    for row in transfers.query_map(params![p.id, digits], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, f64>(1)?))
    })? {
        let (at, amount) = row?;
        rows.push((at[..10].to_string(), "Venmo top-up".into(), amount));
    }
    let mut paid = db.prepare_cached(
        "SELECT e.created_at, e.description, e.amount FROM splitwise.expenses e JOIN splitwise.groups g ON g.id = e.group_id \
         WHERE e.payer_id = ?1 AND g.name LIKE '% Trip %'",
    )?;
    for row in paid.query_map([p.id], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, f64>(2)?,
        ))
    })? {
        let (at, what, amount) = row?;
        rows.push((at[..10].to_string(), what, amount));
    }
    let mut orders = db.prepare_cached(
        "SELECT o.id, o.created_at, o.tax + o.delivery_fee + o.gift_wrap_fee - o.discount + \
         (SELECT sum(i.price * i.ordered_quantity) FROM amazon.order_items i WHERE i.order_id = o.id) \
         FROM amazon.orders o WHERE o.user_id = ?1 AND o.payment_card_digits = ?2",
    )?;
    for row in orders.query_map(params![p.id, digits], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, f64>(2)?,
        ))
    })? {
        let (id, at, amount) = row?;
        rows.push((at[..10].to_string(), format!("Amazon order {id}"), amount));
    }
    rows.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
    for months_back in 1..=3 {
        let month = (now - chrono::Duration::days(30 * months_back))
            .format("%Y-%m")
            .to_string();
        let mut csv = String::from("date,description,amount\n");
        for (day, what, amount) in rows.iter().filter(|r| r.0.starts_with(&month)) {
            let what = if what.contains(',') {
                format!("\"{what}\"")
            } else {
                what.clone()
            };
            csv.push_str(&format!("{day},{what},{amount:.2}\n"));
        }
        let name = card.card_name.to_lowercase().replace(' ', "_");
        tree.file(
            &format!(
                "{home}documents/finance/{name}_{digits}_statement_{}.csv",
                month.replace('-', "_")
            ),
            csv.trim_end(),
        );
    }
    Ok(())
}

/// The directories and files of one account, written at once: every ancestor directory of
/// every path exists, in path order (as AppWorld lists directories), files after them.
#[derive(Default)]
struct Tree {
    dirs: BTreeSet<String>,
    /// Path, content, and its own time when not the tree's.
    files: Vec<(String, String, Option<String>)>,
}

impl Tree {
    fn file(&mut self, path: &str, content: &str) {
        self.files
            .push((path.to_string(), content.to_string(), None));
    }

    /// A file written at `at` (e.g. a receipt downloaded after its order).
    fn file_at(&mut self, path: &str, content: &str, at: String) {
        self.files
            .push((path.to_string(), content.to_string(), Some(at)));
    }

    fn write(mut self, db: &Connection, user: i64, home: &str, at: &str) -> rusqlite::Result<()> {
        let mut all: Vec<String> = self.dirs.iter().cloned().collect();
        all.extend(self.files.iter().map(|(p, _, _)| p.clone()));
        for path in all {
            self.dirs.extend(crate::common::files::ancestors(&path));
        }
        for d in &self.dirs {
            NewDirectoryRow {
                path: d,
                tilde_path: &tilde_path(d, home),
                user_id: user,
                created_at: at,
            }
            .insert(db)?;
        }
        // A path written twice keeps its first content.
        for (path, content, own) in &self.files {
            NewFileRow {
                path,
                tilde_path: &tilde_path(path, home),
                user_id: user,
                content,
                compressed_data: "[]",
                at: own.as_deref().unwrap_or(at),
            }
            .insert_or_ignore(db)?;
        }
        Ok(())
    }
}
