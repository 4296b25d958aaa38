//! The hidden admin tables: the fictional population every app's accounts are made from.

use super::rows::{NewGlobalAddress, NewUserAddress};
use crate::app::Seeding;
use rusqlite::params;
use sim::rng::Rng;

/// The population: people, their passwords and bank cards, families, friendships, residences
/// and companies with their addresses.
pub fn install(s: &Seeding) -> rusqlite::Result<()> {
    let (db, pop) = (s.db, s.people);
    for p in &pop.people {
        db.execute(
            "INSERT INTO admin.main_users (id, first_name, last_name, email, phone_number, birthday, sex) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![p.id, p.first_name, p.last_name, p.email, p.phone_number, p.birthday.format("%Y-%m-%d").to_string(), p.sex],
        )?;
        for (app, pw) in &p.passwords {
            db.execute("INSERT INTO admin.account_passwords (main_user_id, account_name, password) VALUES (?1, ?2, ?3)", params![p.id, app, pw])?;
        }
        let mut rng = Rng::derive(p.id as u64, "card-balances");
        for c in &p.payment_cards {
            let balance = (rng.range(5_000, 2_000_000) as f64) / 100.0;
            crate::common::bank::NewBankCard {
                main_user_id: p.id,
                face: c.into(),
                balance,
            }
            .insert(db)?;
        }
    }
    for f in &pop.families {
        db.execute(
            "INSERT INTO admin.families (husband_id, wife_id, child_ids) VALUES (?1, ?2, ?3)",
            params![f.husband, f.wife, serde_json::json!(f.children).to_string()],
        )?;
    }
    for (a, b) in &pop.friendships {
        db.execute(
            "INSERT INTO admin.friendships (main_user_id, friend_id) VALUES (?1, ?2)",
            params![a, b],
        )?;
    }
    for r in &pop.residences {
        db.execute(
            "INSERT INTO admin.residences (id, resident_ids, residence_type) VALUES (?1, ?2, ?3)",
            params![r.id, serde_json::json!(r.residents).to_string(), r.kind],
        )?;
        if let Some(home) = r
            .residents
            .first()
            .and_then(|id| pop.person(*id))
            .and_then(|p| p.addresses.iter().find(|a| a.name == "Home"))
        {
            let gid = NewGlobalAddress {
                residence_id: Some(r.id),
                company_id: None,
                address: home,
            }
            .insert(db)?;
            for id in &r.residents {
                NewUserAddress {
                    global_address_id: gid,
                    main_user_id: *id,
                    name: "Home",
                }
                .insert(db)?;
            }
        }
    }
    for c in &pop.companies {
        db.execute("INSERT INTO admin.companies (id, name, manager_id, weekly_standup_time) VALUES (?1, ?2, ?3, '10:00')", params![c.id, c.name, c.manager])?;
        for e in &c.employees {
            db.execute("INSERT INTO admin.company_employees (company_id, main_user_id, is_manager) VALUES (?1, ?2, ?3)", params![c.id, e, *e == c.manager])?;
            if let Some(work) = pop
                .person(*e)
                .and_then(|p| p.addresses.iter().find(|a| a.name == "Work"))
            {
                let gid = NewGlobalAddress {
                    residence_id: None,
                    company_id: Some(c.id),
                    address: work,
                }
                .insert(db)?;
                NewUserAddress {
                    global_address_id: gid,
                    main_user_id: *e,
                    name: "Work",
                }
                .insert(db)?;
            }
        }
    }
    Ok(())
}
