//! The file_system app's share of the base world: a verified account per person and per company
//! notifier, each person's home directory (`documents/`, `photos/`, `bills/`, `downloads/`), and
//! files that agree with their other apps: the last three months of bills they were e-mailed
//! (same name and content as the gmail attachment), the work documents colleagues sent them,
//! receipts of the rent they paid on Venmo, a to-do list and trip photos. Runs after the gmail
//! and venmo seeds, whose rows it reads.

use crate::common::files::{home_dir, tilde_path};
use crate::people::Population;
use rusqlite::{Connection, params};
use sim::clock::fmt_datetime;
use sim::rng::Rng;
use std::collections::BTreeSet;

/// Writes file_system's rows for `pop` (file_system user id = person id; notifiers follow).
pub fn install(db: &Connection, pop: &Population, seed: u64) -> rusqlite::Result<()> {
    let now = sim::clock::default_now();
    crate::seed::insert_accounts(db, pop, "file_system", "2020-09-01T09:00:00", true)?;
    let first_notifier = pop.people.len() as i64 + 1;
    for (next, app) in (first_notifier..).zip(crate::seed::NOTIFIER_APPS) {
        let (company, _) = crate::common::notify::company(app);
        let home = home_dir(company);
        let mut tree = Tree::default();
        tree.dirs.insert(home.clone());
        tree.dirs.insert("/tmp/".into());
        tree.write(db, next, &home, "2020-01-01T00:00:00")?;
    }
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

/// The directories and files of one account, written at once: every ancestor directory of
/// every path exists, in path order (as AppWorld lists directories), files after them.
#[derive(Default)]
struct Tree {
    dirs: BTreeSet<String>,
    files: Vec<(String, String)>,
}

impl Tree {
    fn file(&mut self, path: &str, content: &str) {
        self.files.push((path.to_string(), content.to_string()));
    }

    fn write(mut self, db: &Connection, user: i64, home: &str, at: &str) -> rusqlite::Result<()> {
        let mut all: Vec<String> = self.dirs.iter().cloned().collect();
        all.extend(self.files.iter().map(|(p, _)| p.clone()));
        for path in all {
            self.dirs.extend(crate::common::files::ancestors(&path));
        }
        let mut dir = db.prepare_cached(
            "INSERT INTO file_system.directories (path, tilde_path, user_id, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?4)",
        )?;
        for d in &self.dirs {
            dir.execute(params![d, tilde_path(d, home), user, at])?;
        }
        let mut file = db.prepare_cached(
            "INSERT OR IGNORE INTO file_system.files (path, tilde_path, user_id, content, compressed_data, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, '[]', ?5, ?5)",
        )?;
        for (path, content) in &self.files {
            file.execute(params![path, tilde_path(path, home), user, content, at])?;
        }
        Ok(())
    }
}
