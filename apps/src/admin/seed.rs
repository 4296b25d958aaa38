//! The hidden admin tables: the fictional population every app's accounts are made from.

use super::rows::{
    NewAccountPassword, NewCompany, NewCompanyEmployee, NewFamily, NewFriendship, NewGlobalAddress,
    NewMainUser, NewResidence, NewUserAddress,
};
use crate::app::Seeding;
use sim::rng::Rng;

/// The population: people, their passwords and bank cards, families, friendships, residences
/// and companies with their addresses.
pub fn install(s: &Seeding) -> rusqlite::Result<()> {
    let (db, pop) = (s.db, s.people);
    for p in &pop.people {
        NewMainUser {
            id: p.id,
            first_name: &p.first_name,
            last_name: &p.last_name,
            email: &p.email,
            phone_number: &p.phone_number,
            birthday: &p.birthday.format("%Y-%m-%d").to_string(),
            sex: &p.sex,
        }
        .insert(db)?;
        for (app, pw) in &p.passwords {
            NewAccountPassword {
                main_user_id: p.id,
                account_name: app,
                password: pw,
            }
            .insert(db)?;
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
        NewFamily {
            husband_id: f.husband,
            wife_id: f.wife,
            child_ids: &serde_json::json!(f.children).to_string(),
        }
        .insert(db)?;
    }
    for (a, b) in &pop.friendships {
        NewFriendship {
            main_user_id: *a,
            friend_id: *b,
        }
        .insert(db)?;
    }
    for r in &pop.residences {
        NewResidence {
            id: r.id,
            resident_ids: &serde_json::json!(r.residents).to_string(),
            residence_type: &r.kind,
        }
        .insert(db)?;
        if let Some(home) = r
            .residents
            .first()
            .and_then(|id| pop.person(*id))
            .and_then(|p| p.addresses.iter().find(|a| a.name == "Home"))
        {
            let gid = NewGlobalAddress::at(home, Some(r.id), None).insert(db)?;
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
        NewCompany {
            id: c.id,
            name: &c.name,
            manager_id: c.manager,
        }
        .insert(db)?;
        for e in &c.employees {
            NewCompanyEmployee {
                company_id: c.id,
                main_user_id: *e,
                is_manager: *e == c.manager,
            }
            .insert(db)?;
            if let Some(work) = pop
                .person(*e)
                .and_then(|p| p.addresses.iter().find(|a| a.name == "Work"))
            {
                let gid = NewGlobalAddress::at(work, None, Some(c.id)).insert(db)?;
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
