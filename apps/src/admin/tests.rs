//! admin's unit tests: the base world's hidden tables agree with each other (every relation
//! names people of the world, everyone lives somewhere and has that home's address, every
//! company's manager works there).

use crate::testkit::episode;
use rusqlite::Connection;

/// The one number `sql` selects.
fn count(db: &Connection, sql: &str) -> i64 {
    db.query_row(sql, [], |r| r.get(0))
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
}

/// Families, friendships, residences and companies name only people of the world, and each
/// kind of relation is there.
#[test]
fn relations_name_people() {
    let (_world, ep) = episode();
    let db = ep.db().conn();
    assert_eq!(count(db, "SELECT count(*) FROM admin.main_users"), 20);
    for table in ["families", "friendships", "residences", "companies"] {
        let n = count(db, &format!("SELECT count(*) FROM admin.{table}"));
        assert!(n > 0, "no {table}");
    }
    let named = "SELECT husband_id AS id FROM admin.families \
         UNION ALL SELECT wife_id FROM admin.families \
         UNION ALL SELECT j.value FROM admin.families f, json_each(f.child_ids) j \
         UNION ALL SELECT main_user_id FROM admin.friendships \
         UNION ALL SELECT friend_id FROM admin.friendships \
         UNION ALL SELECT j.value FROM admin.residences r, json_each(r.resident_ids) j \
         UNION ALL SELECT manager_id FROM admin.companies \
         UNION ALL SELECT main_user_id FROM admin.company_employees";
    let stray = format!(
        "SELECT count(*) FROM ({named}) WHERE id IS NULL OR id NOT IN (SELECT id FROM admin.main_users)"
    );
    assert_eq!(count(db, &stray), 0);
    // A friendship is a pair of two people, written once (lower id first).
    assert_eq!(
        count(
            db,
            "SELECT count(*) FROM admin.friendships WHERE main_user_id >= friend_id"
        ),
        0
    );
}

/// Everyone lives in exactly one residence and has its address as their Home; a couple lives
/// together; every company's manager is one of its employees.
#[test]
fn homes_and_companies_agree() {
    let (_world, ep) = episode();
    let db = ep.db().conn();
    let not_one_home = "SELECT count(*) FROM admin.main_users m WHERE \
         (SELECT count(*) FROM admin.residences r, json_each(r.resident_ids) j WHERE j.value = m.id) != 1";
    assert_eq!(count(db, not_one_home), 0);
    let no_home_address = "SELECT count(*) FROM admin.main_users m WHERE NOT EXISTS (\
         SELECT 1 FROM admin.user_addresses ua \
         JOIN admin.global_addresses g ON g.id = ua.global_address_id \
         JOIN admin.residences r ON r.id = g.residence_id, json_each(r.resident_ids) j \
         WHERE ua.main_user_id = m.id AND ua.name = 'Home' AND j.value = m.id)";
    assert_eq!(count(db, no_home_address), 0);
    let apart = "SELECT count(*) FROM admin.families f WHERE NOT EXISTS (\
         SELECT 1 FROM admin.residences r WHERE \
         EXISTS (SELECT 1 FROM json_each(r.resident_ids) WHERE value = f.husband_id) AND \
         EXISTS (SELECT 1 FROM json_each(r.resident_ids) WHERE value = f.wife_id))";
    assert_eq!(count(db, apart), 0);
    let unmanaged = "SELECT count(*) FROM admin.companies c WHERE NOT EXISTS (\
         SELECT 1 FROM admin.company_employees e \
         WHERE e.company_id = c.id AND e.main_user_id = c.manager_id AND e.is_manager)";
    assert_eq!(count(db, unmanaged), 0);
}
