//! World state: deterministic builds, episode reset by rollback, save/load state, state hashes,
//! failed calls leaving no trace, copy-on-write copies that share one world, and forks.

mod common;
use serde_json::json;
use sim::EpisodeConfig;

#[test]
fn same_seed_same_world() {
    let r = apps::registry();
    let cfg = apps::seed::WorldConfig::default();
    let a = apps::seed::build_world(&cfg, &r).unwrap();
    // From the cache when an earlier run left one, else built again: the same world either way.
    let b = apps::seed::build_or_load_world(&cfg, &r).unwrap();
    // The cache's image format round-trips.
    let file = std::env::temp_dir().join(format!("appsim-image-{}.img", std::process::id()));
    a.write_image(&file).unwrap();
    let c = sim::World::read_image(&file).unwrap();
    std::fs::write(&file, b"not an image").unwrap();
    assert!(sim::World::read_image(&file).is_err());
    std::fs::remove_file(&file).unwrap();
    assert_eq!(c.row_count(), a.row_count());
    assert_eq!(c.schema_names(), a.schema_names());
    let reg = std::sync::Arc::new(r);
    let ha = sim::Episode::new(&a, reg.clone(), EpisodeConfig::default())
        .unwrap()
        .state_hash()
        .unwrap();
    let hb = sim::Episode::new(&b, reg.clone(), EpisodeConfig::default())
        .unwrap()
        .state_hash()
        .unwrap();
    let hc = sim::Episode::new(&c, reg, EpisodeConfig::default())
        .unwrap()
        .state_hash()
        .unwrap();
    assert_eq!(ha, hb);
    assert_eq!(ha, hc);
    assert!(a.row_count() > 1000);
}

#[test]
fn reset_save_load_and_atomic_failures() {
    let mut ep = common::episode();
    let base = ep.state_hash().unwrap();
    let tok = common::token(&mut ep);
    common::ok(
        &mut ep,
        "simple_note",
        "create_note",
        json!({"access_token": tok, "title": "one", "content": "1"}),
    );
    ep.save_state("after-one").unwrap();
    let one = ep.state_hash().unwrap();
    common::ok(
        &mut ep,
        "simple_note",
        "create_note",
        json!({"access_token": tok, "title": "two", "content": "2"}),
    );
    assert_ne!(ep.state_hash().unwrap(), one);
    ep.load_state("after-one").unwrap();
    assert_eq!(ep.state_hash().unwrap(), one);
    // A failing call (duplicate title) changes nothing.
    let (status, _) = common::err(
        &mut ep,
        "simple_note",
        "create_note",
        json!({"access_token": tok, "title": "one", "content": "x"}),
    );
    assert_eq!(status, 409);
    assert_eq!(ep.state_hash().unwrap(), one);
    ep.reset(EpisodeConfig::default()).unwrap();
    assert_eq!(ep.state_hash().unwrap(), base);
    assert!(ep.load_state("after-one").is_err());
}

#[test]
fn copies_share_the_world_but_not_their_writes_and_forks_carry_state() {
    let mut a = common::episode();
    let mut b = common::episode();
    let base = a.state_hash().unwrap();
    assert_eq!(b.state_hash().unwrap(), base);
    let tok = common::token(&mut a);
    // Enough writes that SQLite spills pages into the copy-on-write file.
    for i in 0..300 {
        common::ok(
            &mut a,
            "simple_note",
            "create_note",
            json!({"access_token": tok, "title": format!("n{i}"), "content": "x".repeat(2000)}),
        );
    }
    assert_ne!(a.state_hash().unwrap(), base);
    assert_eq!(b.state_hash().unwrap(), base, "a's writes leaked into b");
    a.execute("kept = {'n': 1}\nimport random\nr = random.random()");
    let mut f = a.fork().unwrap();
    assert_eq!(f.state_hash().unwrap(), a.state_hash().unwrap());
    // The random stream goes on where a's would; variables are copies.
    let draw = "print(random.random() != r, random.random())";
    assert_eq!(f.execute(draw), a.execute(draw));
    assert_eq!(f.execute("kept['n'] += 1\nprint(kept)"), "{\"n\": 2}\n");
    assert_eq!(a.execute("print(kept)"), "{\"n\": 1}\n");
    common::ok(
        &mut f,
        "simple_note",
        "create_note",
        json!({"access_token": tok, "title": "only in the fork", "content": "f"}),
    );
    assert_ne!(f.state_hash().unwrap(), a.state_hash().unwrap());
    // A reset returns every copy to the shared base.
    for ep in [&mut a, &mut f, &mut b] {
        ep.reset(EpisodeConfig::default()).unwrap();
        assert_eq!(ep.state_hash().unwrap(), base);
    }
}

#[test]
fn appworld_db_files_round_trip() {
    let (world, registry) = common::env();
    let dir = std::env::temp_dir().join(format!("appsim-export-{}", std::process::id()));
    let files = world.export_dir(&dir).unwrap();
    assert_eq!(files.len(), apps::schemas().len());
    // Plain files: no engine search objects (their views need a newer SQLite than many tools).
    for f in &files {
        let db = rusqlite::Connection::open(f).unwrap();
        let internal: i64 = db
            .query_row(
                "SELECT count(*) FROM sqlite_schema WHERE name LIKE '%\\_fts%' ESCAPE '\\' OR type = 'trigger'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(internal, 0, "{}", f.display());
    }
    // AppWorld stores datetimes as `YYYY-MM-DD HH:MM:SS.ffffff`; import normalises them.
    let db = rusqlite::Connection::open(dir.join("simple_note.db")).unwrap();
    let (id, stored): (i64, String) = db
        .query_row(
            "SELECT id, updated_at FROM notes ORDER BY id LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    db.execute(
        "UPDATE notes SET updated_at = replace(updated_at, 'T', ' ') || '.123456' WHERE id = ?1",
        [id],
    )
    .unwrap();
    drop(db);
    // The shared loader of `--world DIR`; a built world's runtime seed is AppWorld's too.
    let (imported, loaded) = apps::seed::load_world(&dir, registry).unwrap();
    assert_eq!(loaded.len(), files.len());
    assert_eq!(imported.row_count(), world.row_count());
    let hash = |w: &sim::World| {
        sim::Episode::new(w, registry.clone(), EpisodeConfig::default())
            .unwrap()
            .state_hash()
            .unwrap()
    };
    assert_eq!(hash(&imported), hash(world));
    let back: String = sim::Episode::new(&imported, registry.clone(), EpisodeConfig::default())
        .unwrap()
        .db()
        .conn()
        .query_row(
            "SELECT updated_at FROM simple_note.notes WHERE id = ?1",
            [id],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(back, stored);
    // Search works on the imported world: its FTS tables were rebuilt.
    let mut ep = sim::Episode::new(&imported, registry.clone(), EpisodeConfig::default()).unwrap();
    let tok = common::token(&mut ep);
    let all = common::ok(
        &mut ep,
        "simple_note",
        "search_notes",
        json!({"access_token": tok}),
    );
    let first = all[0]["title"].as_str().unwrap().to_string();
    let found = common::ok(
        &mut ep,
        "simple_note",
        "search_notes",
        json!({"access_token": tok, "query": first, "page_limit": 1}),
    );
    assert_eq!(found[0]["title"], first.as_str());
    // A file that is not SQLite is a clear error, not a panic.
    std::fs::write(dir.join("gmail.db"), b"not a database").unwrap();
    let err = sim::World::import_appworld_dir(&dir, &apps::schemas(), 0).unwrap_err();
    assert!(
        err.to_string().contains("is not a SQLite database"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The default world's gmail, phone and venmo data agree with each other and with the
/// population: Venmo friends are phone contacts, personal e-mail threads are between contacts,
/// roommates split rent on Venmo, messages and payments are in the past, and every person has
/// mail, texts, alarms and payments.
#[test]
fn gmail_phone_venmo_data_is_consistent() {
    let (world, _) = appsim::default_env().expect("default world builds");
    let db = sim::world::Db::open(&world).expect("world opens");
    let c = db.conn();
    let count = |sql: &str| -> i64 { c.query_row(sql, [], |r| r.get(0)).expect(sql) };
    // Every Venmo friendship is a phone contact of the same person.
    assert_eq!(
        count(
            "SELECT count(*) FROM venmo.friendships f JOIN venmo.users a ON a.id = f.user_id \
             JOIN venmo.users b ON b.id = f.friend_id JOIN phone.users pa ON pa.first_name = a.first_name AND pa.last_name = a.last_name \
             WHERE NOT EXISTS (SELECT 1 FROM phone.contacts k WHERE k.user_id = pa.id AND k.email = b.email)"
        ),
        0
    );
    assert!(count("SELECT count(*) FROM venmo.friendships") > 300);
    // Personal threads (between people of the world) only join people who are contacts.
    assert_eq!(
        count(
            "SELECT count(*) FROM gmail.emails e JOIN gmail.users s ON s.id = e.sender_id \
             JOIN admin.main_users ms ON ms.email = s.email, json_each(e.recipient_ids) r \
             JOIN gmail.users t ON t.id = r.value JOIN admin.main_users mt ON mt.email = t.email \
             JOIN phone.users ps ON ps.phone_number = ms.phone_number \
             WHERE NOT EXISTS (SELECT 1 FROM phone.contacts k WHERE k.user_id = ps.id AND k.email = t.email)"
        ),
        0
    );
    // Roommates pay each other rent.
    assert!(
        count("SELECT count(*) FROM venmo.transactions WHERE description LIKE 'Rent - %'") > 10
    );
    // Nothing is dated after the world's clock.
    for (table, col) in [
        ("gmail.emails", "created_at"),
        ("phone.global_text_messages", "created_at"),
        ("venmo.transactions", "created_at"),
        ("venmo.notifications", "created_at"),
    ] {
        assert_eq!(
            count(&format!(
                "SELECT count(*) FROM {table} WHERE {col} > '2023-05-18T12:00:00'"
            )),
            0,
            "{table}"
        );
    }
    // Everyone has data in each app.
    for sql in [
        "SELECT count(*) FROM admin.main_users m WHERE NOT EXISTS (SELECT 1 FROM gmail.users u JOIN gmail.user_email_threads t ON t.user_id = u.id WHERE u.email = m.email)",
        "SELECT count(*) FROM admin.main_users m WHERE NOT EXISTS (SELECT 1 FROM phone.users u JOIN phone.user_text_messages t ON t.user_id = u.id WHERE u.phone_number = m.phone_number)",
        "SELECT count(*) FROM admin.main_users m WHERE NOT EXISTS (SELECT 1 FROM phone.users u JOIN phone.alarms t ON t.user_id = u.id WHERE u.phone_number = m.phone_number)",
        "SELECT count(*) FROM admin.main_users m WHERE NOT EXISTS (SELECT 1 FROM venmo.users u JOIN venmo.transactions t ON u.id IN (t.sender_id, t.receiver_id) WHERE u.email = m.email)",
    ] {
        assert_eq!(count(sql), 0, "{sql}");
    }
    // Bills come with their PDF attached.
    assert!(
        count("SELECT count(*) FROM gmail.attachments WHERE file_name LIKE '%_bill_%.pdf'") >= 1000
    );
}

/// The default world's splitwise, todoist, spotify, amazon and file_system data agree with each
/// other and with their own counters: roommates' bill expenses are the e-mailed bills, equal
/// splits add up, trip receipts are in the payers' file systems, every todoist assignee is a
/// collaborator, catalog likes/ratings are computed from the rows behind them, order statements
/// list the orders' totals, and every person has data in each app.
#[test]
fn splitwise_todoist_spotify_amazon_data_is_consistent() {
    let (world, _) = appsim::default_env().expect("default world builds");
    let db = sim::world::Db::open(&world).expect("world opens");
    let c = db.conn();
    let count = |sql: &str| -> i64 { c.query_row(sql, [], |r| r.get(0)).expect(sql) };
    let zero = |sql: &str| assert_eq!(count(sql), 0, "{sql}");
    // A bill expense's receipt is the bill its payer was e-mailed, byte for byte.
    assert!(
        count("SELECT count(*) FROM splitwise.expenses WHERE receipt_file_name LIKE '%_bill_%'")
            > 50
    );
    zero(
        "SELECT count(*) FROM splitwise.expenses x WHERE x.receipt_file_name LIKE '%_bill_%' AND NOT EXISTS ( \
         SELECT 1 FROM gmail.attachments a JOIN gmail.emails e ON e.id = a.email_id \
         WHERE e.recipient_ids = '[' || x.payer_id || ']' AND a.file_name = x.receipt_file_name AND a.file_content = x.receipt_file_content)",
    );
    // Shares add up to the amount (equal splits: within a cent per debtor), debtors are members.
    zero(
        "SELECT count(*) FROM splitwise.expenses x WHERE abs(x.amount - (SELECT sum(share_amount) FROM splitwise.expense_shares s WHERE s.expense_id = x.id)) > 0.01 * json_array_length(x.debtor_ids)",
    );
    zero(
        "SELECT count(*) FROM splitwise.expense_shares s JOIN splitwise.expenses x ON x.id = s.expense_id \
         WHERE NOT EXISTS (SELECT 1 FROM splitwise.group_members m WHERE m.group_id = x.group_id AND m.user_id = s.debtor_id)",
    );
    // Trip receipts are in the payer's file system with the same content.
    assert!(
        count(
            "SELECT count(*) FROM splitwise.expenses WHERE receipt_file_name LIKE 'lodging_receipt_%'"
        ) > 10
    );
    zero(
        "SELECT count(*) FROM splitwise.expenses x WHERE x.receipt_file_name IS NOT NULL AND x.receipt_file_name NOT LIKE '%_bill_%' \
         AND NOT EXISTS (SELECT 1 FROM file_system.files f WHERE f.user_id = x.payer_id AND f.path LIKE '%/receipts/' || x.receipt_file_name AND f.content = x.receipt_file_content)",
    );
    // Todoist: one Inbox each; assignees collaborate on the task's project.
    zero(
        "SELECT count(*) FROM todoist.users u WHERE u.id <= 100 AND (SELECT count(*) FROM todoist.projects p WHERE p.user_id = u.id AND p.is_inbox) != 1",
    );
    zero(
        "SELECT count(*) FROM todoist.tasks t WHERE t.assignee_id IS NOT NULL AND NOT EXISTS \
         (SELECT 1 FROM todoist.project_collaborator_links l WHERE l.project_id = t.project_id AND l.user_id = t.assignee_id)",
    );
    // Spotify counters are what the rows say.
    zero(
        "SELECT count(*) FROM spotify.songs s WHERE s.like_count != (SELECT count(*) FROM spotify.song_likes l WHERE l.song_id = s.id)",
    );
    zero(
        "SELECT count(*) FROM spotify.songs s WHERE s.review_count != (SELECT count(*) FROM spotify.song_reviews r WHERE r.song_id = s.id)",
    );
    zero(
        "SELECT count(*) FROM spotify.albums a WHERE a.like_count != (SELECT count(*) FROM spotify.album_likes l WHERE l.album_id = a.id)",
    );
    zero(
        "SELECT count(*) FROM spotify.playlists p WHERE p.like_count != (SELECT count(*) FROM spotify.playlist_likes l WHERE l.playlist_id = p.id)",
    );
    zero(
        "SELECT count(*) FROM spotify.songs s WHERE s.review_count > 0 AND abs(s.rating - (SELECT avg(rating) FROM spotify.song_reviews r WHERE r.song_id = s.id)) > 0.051",
    );
    assert!(count("SELECT count(*) FROM spotify.songs") >= 5000);
    // Amazon: ratings from reviews, items of existing products, returns of delivered items.
    zero(
        "SELECT count(*) FROM amazon.products p WHERE abs(p.rating - coalesce((SELECT avg(rating) FROM amazon.product_reviews r WHERE r.product_id = p.id), 0)) > 0.051",
    );
    zero(
        "SELECT count(*) FROM amazon.order_items i WHERE NOT EXISTS (SELECT 1 FROM amazon.products p WHERE p.id = i.product_id)",
    );
    zero(
        "SELECT count(*) FROM amazon.product_returns r JOIN amazon.order_items i ON i.order_id = r.order_id AND i.product_id = r.product_id WHERE i.delivered_at IS NULL OR i.returned_quantity < r.quantity",
    );
    assert!(count("SELECT count(*) FROM amazon.products") >= 3000);
    // Downloaded order receipts belong to the order's buyer, who downloaded them once.
    assert!(
        count(
            "SELECT count(*) FROM file_system.files WHERE path LIKE '%/downloads/amazon_order_%.txt'"
        ) > 200
    );
    zero(
        "SELECT count(*) FROM file_system.files f JOIN amazon.orders o \
         ON f.path LIKE '%/downloads/amazon_order_' || o.id || '.txt' \
         WHERE o.user_id != f.user_id OR o.receipt_download_count != 1 OR f.content NOT LIKE '%Order ID: #' || o.id || char(10) || '%'",
    );
    // The card statements list Amazon orders.
    assert!(
        count(
            "SELECT count(*) FROM file_system.files WHERE path LIKE '%_statement_%.csv' AND content LIKE '%Amazon order %'"
        ) > 20
    );
    // Nothing after the clock; everyone has data in each app.
    for (table, col) in [
        ("splitwise.expenses", "created_at"),
        ("splitwise.payments", "created_at"),
        ("todoist.tasks", "created_at"),
        ("spotify.song_likes", "liked_at"),
        ("amazon.orders", "created_at"),
    ] {
        zero(&format!(
            "SELECT count(*) FROM {table} WHERE {col} > '2023-05-18T12:00:00'"
        ));
    }
    for sql in [
        "SELECT count(*) FROM admin.main_users m WHERE NOT EXISTS (SELECT 1 FROM todoist.tasks t WHERE t.user_id = m.id)",
        "SELECT count(*) FROM admin.main_users m WHERE NOT EXISTS (SELECT 1 FROM spotify.user_library_songs t WHERE t.user_id = m.id)",
        "SELECT count(*) FROM admin.main_users m WHERE NOT EXISTS (SELECT 1 FROM amazon.orders t WHERE t.user_id = m.id)",
    ] {
        zero(sql);
    }
    assert!(count("SELECT count(DISTINCT user_id) FROM splitwise.group_members") > 70);
}
