//! file_system's unit tests through the registry: files written, listed, packed, unpacked and
//! moved by a fresh account, and the state saved and loaded after.

use crate::testkit::episode;
use serde_json::{Value, json};
use sim::Episode;

fn call(ep: &mut Episode, api: &str, args: Value) -> Value {
    crate::testkit::call(ep, super::APP, api, args)
}

/// A token of a verified account added for the test (fresh, so its tree is empty).
fn token(ep: &mut Episode) -> Value {
    crate::common::accounts::NewUser {
        app: super::APP,
        first_name: "Tess",
        last_name: "Ter",
        login_column: "email",
        login: "tess@example.com",
        password: "secret1",
        created_at: "2023-05-18 12:00:00",
        verified: Some(true),
        ..Default::default()
    }
    .insert(ep.db().conn())
    .unwrap();
    call(
        ep,
        "login",
        json!({"username": "tess@example.com", "password": "secret1"}),
    )["access_token"]
        .clone()
}

/// Files written under a new directory, listed, packed, unpacked elsewhere and moved.
#[test]
fn write_list_pack_unpack_move() {
    let (_world, mut ep) = episode();
    let t = token(&mut ep);
    for (p, c) in [("/w/a.txt", "A"), ("/w/sub/b.txt", "B")] {
        call(
            &mut ep,
            "create_file",
            json!({"access_token": t, "file_path": p, "content": c}),
        );
    }
    let listed = call(
        &mut ep,
        "show_directory",
        json!({"access_token": t, "directory_path": "/w"}),
    );
    assert_eq!(listed, json!(["/w/a.txt", "/w/sub/", "/w/sub/b.txt"]));
    let packed = call(
        &mut ep,
        "compress_directory",
        json!({"access_token": t, "directory_path": "/w"}),
    );
    assert_eq!(packed["compressed_file_path"], "/w.zip");
    call(
        &mut ep,
        "decompress_file",
        json!({"access_token": t, "compressed_file_path": "/w.zip", "decompressed_directory_path": "/out"}),
    );
    let b = call(
        &mut ep,
        "show_file",
        json!({"access_token": t, "file_path": "/out/w/sub/b.txt"}),
    );
    assert_eq!(b["content"], "B");
    call(
        &mut ep,
        "move_directory",
        json!({"access_token": t, "source_directory_path": "/out", "destination_directory_path": "/moved"}),
    );
    let gone = ep.call(
        super::APP,
        "directory_exists",
        json!({"access_token": t, "directory_path": "/out"}),
    );
    assert_eq!(gone.unwrap()["exists"], false);
    let err = ep
        .call(
            super::APP,
            "show_file",
            json!({"access_token": t, "file_path": "/out/w/a.txt"}),
        )
        .unwrap_err();
    assert_eq!(err.status, 422);
    ep.save_state("after").unwrap();
    ep.load_state("after").unwrap();
}
