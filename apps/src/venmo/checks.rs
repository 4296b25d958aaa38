//! What the fidelity recording cannot check yet (its receipt lines wait for the file_system
//! app): receipts saved into the file system and the confirmation e-mails of bank transfers,
//! on the oracle's world, against what AppWorld wrote there.

use serde_json::{Value, json};
use sim::api::{ApiError, CallOptions, Registry};
use sim::world::Db;

struct Env {
    registry: Registry,
    db: Db,
    opts: CallOptions,
}

impl Env {
    fn new() -> Env {
        // The receipt downloads are GETs that write (AppWorld's design); the registry checks
        // in debug builds that a GET writes nothing, so they run as POSTs here.
        let mut registry = Registry::new();
        let mut apis = crate::app::App::apis(&super::Venmo);
        for a in &mut apis {
            if a.name.starts_with("download_") {
                a.method = sim::api::Method::Post;
            }
        }
        registry.add_app(
            crate::app::App::spec(&super::Venmo).expect("venmo has a spec"),
            apis,
        );
        registry.set_couriers(crate::couriers());
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fidelity/world");
        let (world, _) = crate::seed::load_world(&dir, &registry).expect("oracle world loads");
        let mut db = Db::open(&world).expect("db opens");
        db.begin_episode().expect("episode begins");
        let opts = CallOptions {
            now: sim::clock::default_now(),
            show_response_schemas: true,
            search: None,
        };
        Env { registry, db, opts }
    }

    fn call(&self, api: &str, args: Value) -> Result<Value, ApiError> {
        self.registry.call(
            self.db.conn(),
            &self.opts,
            "venmo",
            api,
            args.as_object().expect("object"),
        )
    }

    fn ok(&self, api: &str, args: Value) -> Value {
        self.call(api, args)
            .unwrap_or_else(|e| panic!("venmo.{api}: {e}"))
    }

    fn login(&self, email: &str, first: &str) -> String {
        let v = self.ok(
            "login",
            json!({"username": email, "password": format!("{}-venmo-pw1", first.to_lowercase())}),
        );
        v["access_token"].as_str().unwrap().to_string()
    }

    fn fs_token(&self, email: &str) -> String {
        sim::api::auth::issue_token(self.db.conn(), "file_system", email, self.opts.now).unwrap()
    }

    /// (path, tilde path, content) of the newest file at `path`.
    fn file(&self, path: &str) -> (String, String, String) {
        self.db
            .conn()
            .query_row(
                "SELECT path, tilde_path, content FROM file_system.files WHERE path = ?1 ORDER BY id DESC LIMIT 1",
                [path],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    fn count(&self, sql: &str) -> i64 {
        self.db.conn().query_row(sql, [], |r| r.get(0)).unwrap()
    }
}

#[test]
fn receipts_are_saved_as_appworld_saves_them() {
    let env = Env::new();
    let ta = env.login("alice.ng@gmail.com", "Alice");
    let tb = env.login("bruno.ortiz@gmail.com", "Bruno");
    let fa = env.fs_token("alice.ng@gmail.com");
    let fb = env.fs_token("bruno.ortiz@gmail.com");
    env.ok(
        "create_transaction",
        json!({"access_token": ta, "receiver_email": "bruno.ortiz@gmail.com", "amount": 99.99, "description": "Rent share", "payment_card_id": 1, "private": true}),
    );
    let r = env.ok(
        "download_transaction_receipt",
        json!({"access_token": ta, "transaction_id": 4, "file_system_access_token": fa}),
    );
    assert_eq!(
        r,
        json!({"message": "Receipt downloaded in file_system app.", "file_path": "~/downloads/venmo_transaction_4.txt"})
    );
    let head = "# Receipt for Venmo Transaction\nTransaction ID: #4\nFrom: alice.ng@gmail.com\nTo: bruno.ortiz@gmail.com\nTransaction Time: 2023-05-18\nTransaction Amount: $99.99";
    assert_eq!(
        env.file("/home/alice/downloads/venmo_transaction_4.txt"),
        (
            "/home/alice/downloads/venmo_transaction_4.txt".into(),
            "~/downloads/venmo_transaction_4.txt".into(),
            format!("{head}\nPaid Via: Payment Card ****1111")
        )
    );
    // The receiver's receipt does not say how it was paid.
    env.ok(
        "download_transaction_receipt",
        json!({"access_token": tb, "transaction_id": 4, "file_system_access_token": fb}),
    );
    assert_eq!(
        env.file("/home/bruno/downloads/venmo_transaction_4.txt").2,
        head
    );
    let again = env
        .call(
            "download_transaction_receipt",
            json!({"access_token": tb, "transaction_id": 4, "file_system_access_token": fb}),
        )
        .unwrap_err();
    assert_eq!(
        again.message(),
        "A file already exists at the given file_path in your account. Set overwrite to True to overwrite it."
    );
    let r = env.ok(
        "download_transaction_receipt",
        json!({"access_token": ta, "transaction_id": 1, "file_system_access_token": fa, "download_to_file_path": "no_slash.txt"}),
    );
    assert_eq!(r["file_path"], "no_slash.txt");
    assert!(
        env.file("/no_slash.txt")
            .2
            .ends_with("Transaction Amount: $12.50\nPaid Via: Venmo Balance")
    );
    let bad = env
        .call(
            "download_transaction_receipt",
            json!({"access_token": ta, "transaction_id": 1, "file_system_access_token": fa, "download_to_file_path": "~/a//b.txt"}),
        )
        .unwrap_err();
    assert_eq!(
        bad.message(),
        "The path file_path (~/a//b.txt) is invalid. It contains double slashes."
    );
    let no_ext = env
        .call(
            "download_transaction_receipt",
            json!({"access_token": tb, "transaction_id": 4, "file_system_access_token": fb, "download_to_file_path": "~/receipts"}),
        )
        .unwrap_err();
    assert_eq!(
        no_ext.message(),
        "The path file_path (/home/bruno/receipts) is supposed to be a file and so must have an extension."
    );
    let stranger = env.login("dara.patel@gmail.com", "Dara");
    assert_eq!(
        env.call(
            "download_transaction_receipt",
            json!({"access_token": stranger, "transaction_id": 4, "file_system_access_token": fb}),
        )
        .unwrap_err()
        .message(),
        "You are not authorized to download the receipt of this transaction."
    );
    assert_eq!(
        env.call(
            "download_transaction_receipt",
            json!({"access_token": ta, "transaction_id": 3, "file_system_access_token": "garbage"}),
        )
        .unwrap_err()
        .status,
        401
    );
    assert_eq!(
        env.count("SELECT receipt_download_count FROM venmo.transactions WHERE id = 4"),
        2
    );
    assert_eq!(
        env.count("SELECT receipt_download_count FROM venmo.transactions WHERE id = 1"),
        1
    );

    // A top-up: its confirmation e-mail, the receipt attached (saved first in Venmo's own
    // /tmp), and the receipt downloaded.
    let r = env.ok(
        "add_to_venmo_balance",
        json!({"access_token": ta, "amount": 7.125, "payment_card_id": 1}),
    );
    assert_eq!(
        r,
        json!({"message": "Money added to Venmo balance.", "bank_transfer_id": 1})
    );
    let receipt = "\n# Receipt for Venmo Money Transfer\nTransfer ID: #1\nTransfer Type: Card To Venmo\nTransfer Date: 2023-05-18\nTransfer By: Alice Ng\nPayment Card: ****1111\nAmount Transferred: $7.12\n";
    let (subject, body): (String, String) = env
        .db
        .conn()
        .query_row(
            "SELECT subject, body FROM gmail.emails ORDER BY id DESC LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(subject, "Money Transferred from Payment Card to Venmo");
    assert_eq!(
        body,
        "\nHello Alice Ng,\n\nThis is a confirmation that $7.12 has been\ntransferred from your payment card ending in 1111\nto your Venmo account. Your transfer ID is #1.\n\nBest,\nVenmo Team\n"
    );
    let (name, content): (String, String) = env
        .db
        .conn()
        .query_row(
            "SELECT file_name, file_content FROM gmail.attachments ORDER BY id DESC LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(
        (name.as_str(), content.as_str()),
        ("transfer_1.txt", receipt)
    );
    assert_eq!(env.file("/tmp/transfer_1.txt").2, receipt);
    env.ok(
        "withdraw_from_venmo_balance",
        json!({"access_token": ta, "amount": 2.675, "payment_card_id": 1}),
    );
    let body: String = env
        .db
        .conn()
        .query_row(
            "SELECT body FROM gmail.emails ORDER BY id DESC LIMIT 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(
        body,
        "\nHello Alice Ng,\n\nThis is a confirmation that $2.67 has been\ntransferred from your Venmo account to payment card\nending in 1111.\nYour transfer ID is #2.\n\nBest,\nVenmo Team\n"
    );
    // AppWorld: wallet 214.75 + 7.12 - 2.67, card 5000 - 7.12 + 2.67 (amounts rounded first).
    assert_eq!(
        env.ok("show_venmo_balance", json!({"access_token": ta})),
        json!({"venmo_balance": 219.2})
    );
    let r = env.ok(
        "download_bank_transfer_receipt",
        json!({"access_token": ta, "bank_transfer_id": 1, "file_system_access_token": fa}),
    );
    assert_eq!(r["file_path"], "~/downloads/venmo_bank_transfer_1.txt");
    assert_eq!(
        env.file("/home/alice/downloads/venmo_bank_transfer_1.txt")
            .2,
        receipt
    );
    env.ok(
        "download_bank_transfer_receipt",
        json!({"access_token": ta, "bank_transfer_id": 1, "file_system_access_token": fa, "overwrite": true}),
    );
    assert_eq!(
        env.call(
            "download_bank_transfer_receipt",
            json!({"access_token": tb, "bank_transfer_id": 1, "file_system_access_token": fb}),
        )
        .unwrap_err()
        .message(),
        "The given bank transfer does not belong to you, so you cannot access it."
    );
    assert_eq!(
        env.count("SELECT receipt_download_count FROM venmo.bank_transfers WHERE id = 1"),
        2
    );
}
