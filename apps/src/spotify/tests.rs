//! End-to-end checks of spotify through `Episode::call` on the oracle's world
//! (`tests/fidelity/world`: people 1-4 Alice, Bruno, Chen, Dara; songs 1-6, albums 1-2,
//! artists 1-3, Alice's public playlist 1 with songs 1 and 6): flows the fidelity recording
//! does not cover, no server error on odd arguments, and spotify's part of the conformance
//! test.

use serde_json::{Value, json};
use sim::{Episode, EpisodeConfig, World};
use std::sync::Arc;

/// The oracle's world and an episode on it.
fn episode() -> (World, Episode) {
    let registry = Arc::new(crate::registry());
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fidelity/world");
    let (world, _) = crate::seed::load_world(&dir, &registry).unwrap();
    let ep = Episode::new(&world, registry, EpisodeConfig::default()).unwrap();
    (world, ep)
}

fn fails(ep: &mut Episode, api: &str, args: Value) -> (u16, Value) {
    crate::testkit::fail(ep, "spotify", api, args)
}

fn call(ep: &mut Episode, api: &str, args: Value) -> Value {
    crate::testkit::call(ep, "spotify", api, args)
}

/// Logs person `who` (alice, bruno, chen, dara) in to `app`.
fn login(ep: &mut Episode, app: &str, who: &str) -> Value {
    let email = match who {
        "alice" => "alice.ng@gmail.com",
        "bruno" => "bruno.ortiz@gmail.com",
        "chen" => "chen.li@gmail.com",
        _ => "dara.patel@gmail.com",
    };
    let out = crate::testkit::call(
        ep,
        app,
        "login",
        json!({"username": email, "password": format!("{who}-{app}-pw1")}),
    );
    out["access_token"].clone()
}

fn ids(list: &Value, key: &str) -> Vec<i64> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|x| x[key].as_i64().unwrap())
        .collect()
}

/// Ratings are review means rounded as Python rounds (3.25 → 3.2), kept in step by triggers
/// through reviews, updates and an account deletion (which keeps the likes); the state replays
/// to the same hash.
#[test]
fn ratings_and_counts_follow_reviews_likes_and_deletions() {
    let (_w, mut ep) = episode();
    let toks: Vec<Value> = ["alice", "bruno", "chen", "dara"]
        .iter()
        .map(|w| login(&mut ep, "spotify", w))
        .collect();
    for (t, rating) in toks.iter().zip([5, 4, 2, 2]) {
        call(
            &mut ep,
            "review_song",
            json!({"access_token": t, "song_id": 3, "rating": rating}),
        );
        call(
            &mut ep,
            "like_song",
            json!({"access_token": t, "song_id": 3}),
        );
        call(
            &mut ep,
            "follow_artist",
            json!({"access_token": t, "artist_id": 3}),
        );
    }
    let song = call(&mut ep, "show_song", json!({"song_id": 3}));
    assert_eq!(song["rating"], json!(3.2));
    assert_eq!(song["review_count"], json!(4));
    assert_eq!(song["like_count"], json!(4));
    // Bruno's review of 4 goes with his account; his like stays.
    call(&mut ep, "delete_account", json!({"access_token": toks[1]}));
    let song = call(&mut ep, "show_song", json!({"song_id": 3}));
    assert_eq!(song["rating"], json!(3.0));
    assert_eq!(song["review_count"], json!(3));
    assert_eq!(song["like_count"], json!(4));
    let artist = call(&mut ep, "show_artist", json!({"artist_id": 3}));
    assert_eq!(artist["follower_count"], json!(3));
    // Unlike recounts; a review update re-averages.
    call(
        &mut ep,
        "unlike_song",
        json!({"access_token": toks[0], "song_id": 3}),
    );
    let mine = call(
        &mut ep,
        "show_song_reviews",
        json!({"song_id": 3, "user_email": "alice.ng@gmail.com"}),
    );
    call(
        &mut ep,
        "update_song_review",
        json!({"access_token": toks[0], "review_id": mine[0]["song_review_id"], "rating": 1}),
    );
    let song = call(&mut ep, "show_song", json!({"song_id": 3}));
    assert_eq!(
        (song["rating"].clone(), song["like_count"].clone()),
        (json!(1.7), json!(3))
    );
    let hash = ep.state_hash().unwrap();
    ep.save_state("s").unwrap();
    ep.load_state("s").unwrap();
    assert_eq!(ep.state_hash().unwrap(), hash);
    assert_eq!(
        call(&mut ep, "show_song", json!({"song_id": 3}))["rating"],
        json!(1.7)
    );
}

/// The queue through play, add, move, remove and shuffle: moving keeps the cursor's index,
/// removing before the cursor shifts it, removing the last current song wraps to the first,
/// and a shuffle (seeded) replays identically from a saved state.
/// AppWorld checks a move's positions before the queue: equal positions on an empty queue
/// answer "the same", other positions "empty" (both seen on the oracle).
#[test]
fn moving_in_an_empty_queue_checks_positions_first() {
    let (_w, mut ep) = episode();
    let t = login(&mut ep, "spotify", "alice");
    call(&mut ep, "clear_song_queue", json!({"access_token": t}));
    let (status, body) = fails(
        &mut ep,
        "move_song_in_queue",
        json!({"access_token": t, "current_position": 3, "new_position": 3}),
    );
    assert_eq!(status, 422);
    assert_eq!(
        body,
        "The current and new positions are the same, no need to move the song."
    );
    let (_, body) = fails(
        &mut ep,
        "move_song_in_queue",
        json!({"access_token": t, "current_position": 0, "new_position": 1}),
    );
    assert_eq!(body, "The song queue is empty, cannot move a song.");
}

#[test]
fn player_queue_flow() {
    let (_w, mut ep) = episode();
    let t = login(&mut ep, "spotify", "alice");
    let queue = |ep: &mut Episode| {
        ids(
            &call(ep, "show_song_queue", json!({"access_token": t})),
            "song_id",
        )
    };
    let current = |ep: &mut Episode| {
        call(ep, "show_current_song", json!({"access_token": t}))["song_id"].clone()
    };
    call(
        &mut ep,
        "play_music",
        json!({"access_token": t, "album_id": 1}),
    );
    call(
        &mut ep,
        "add_to_queue",
        json!({"access_token": t, "playlist_id": 1}),
    );
    assert_eq!(queue(&mut ep), vec![1, 2, 3, 1, 6]);
    call(
        &mut ep,
        "play_music",
        json!({"access_token": t, "queue_position": 2}),
    );
    call(
        &mut ep,
        "seek_song",
        json!({"access_token": t, "seek_seconds": 40}),
    );
    call(
        &mut ep,
        "move_song_in_queue",
        json!({"access_token": t, "current_position": 4, "new_position": 0}),
    );
    assert_eq!(queue(&mut ep), vec![6, 1, 2, 3, 1]);
    assert_eq!(current(&mut ep), json!(2));
    let shown = call(&mut ep, "show_current_song", json!({"access_token": t}));
    assert_eq!(shown["played_seconds"], json!(40));
    call(
        &mut ep,
        "remove_song_from_queue",
        json!({"access_token": t, "position": 0}),
    );
    assert_eq!(current(&mut ep), json!(2));
    call(
        &mut ep,
        "play_music",
        json!({"access_token": t, "queue_position": 3}),
    );
    call(
        &mut ep,
        "remove_song_from_queue",
        json!({"access_token": t, "position": 3}),
    );
    assert_eq!(current(&mut ep), json!(1));
    let next = call(&mut ep, "previous_song", json!({"access_token": t}));
    assert_eq!(next["song_id"], json!(3));
    ep.save_state("before").unwrap();
    call(&mut ep, "shuffle_song_queue", json!({"access_token": t}));
    let shuffled = queue(&mut ep);
    let hash = ep.state_hash().unwrap();
    ep.load_state("before").unwrap();
    call(&mut ep, "shuffle_song_queue", json!({"access_token": t}));
    assert_eq!(queue(&mut ep), shuffled);
    assert_eq!(ep.state_hash().unwrap(), hash);
    assert_eq!(current(&mut ep), json!(shuffled[0]));
    let (_, message) = fails(
        &mut ep,
        "remove_song_from_queue",
        json!({"access_token": t, "position": 3}),
    );
    assert_eq!(
        message,
        "The song queue has 3 songs. So the position should be >= 0 and < 3."
    );
}

/// Premium: paid from the bank card, confirmed by an e-mail with the receipt, downloadable
/// into file_system; membership outlives the card.
#[test]
fn premium_subscription_receipt_and_email() {
    let (_w, mut ep) = episode();
    let t = login(&mut ep, "spotify", "alice");
    let card = call(
        &mut ep,
        "add_payment_card",
        json!({"access_token": t, "card_name": "Visa", "owner_name": "Alice Ng", "card_number": 4000000000001111_i64,
               "expiry_year": 2027, "expiry_month": 1, "cvv_number": 101}),
    );
    let sub = call(
        &mut ep,
        "subscribe_premium",
        json!({"access_token": t, "payment_card_id": card["payment_card_id"], "duration": "yearly"}),
    );
    assert_eq!(
        sub["message"],
        json!(
            "You have subscribed to yearly premium membership. Your subscription will be active until 2024-05-17."
        )
    );
    call(
        &mut ep,
        "delete_payment_card",
        json!({"access_token": t, "payment_card_id": card["payment_card_id"]}),
    );
    assert_eq!(
        call(&mut ep, "show_account", json!({"access_token": t}))["is_premium"],
        json!(true)
    );
    let fs = login(&mut ep, "file_system", "alice");
    let saved = call(
        &mut ep,
        "download_premium_subscription_receipt",
        json!({"access_token": t, "premium_subscription_id": sub["premium_subscription_id"], "file_system_access_token": fs}),
    );
    let file = crate::testkit::call(
        &mut ep,
        "file_system",
        "show_file",
        json!({"access_token": fs, "file_path": saved["file_path"]}),
    );
    assert_eq!(
        file["content"],
        json!(
            "\n# Receipt for Spotify Premium Subscription\nPremium Subscription ID: #1\nPremium Membership Start Date: 2023-05-18\nPremium Membership End Date: 2024-05-17\nPayment Card: ****1111\nTotal Payment: $100.00\n"
        )
    );
    let gmail = login(&mut ep, "gmail", "alice");
    let inbox = crate::testkit::call(
        &mut ep,
        "gmail",
        "show_inbox_threads",
        json!({"access_token": gmail, "query": "premium subscription confirmation", "page_limit": 1}),
    );
    assert_eq!(
        inbox[0]["subject"],
        json!("Spotify Premium Subscription Confirmation")
    );
    let (_, message) = fails(
        &mut ep,
        "subscribe_premium",
        json!({"access_token": t, "payment_card_id": 999, "duration": "monthly"}),
    );
    assert_eq!(message, "You are already a premium member.");
}

/// Playlist search sees a rename (search text triggers), privacy between people, and deleting
/// a playlist takes its likes and reviews along.
#[test]
fn playlists_search_privacy_and_deletion() {
    let (_w, mut ep) = episode();
    let (ta, tb) = (
        login(&mut ep, "spotify", "alice"),
        login(&mut ep, "spotify", "bruno"),
    );
    let p = call(
        &mut ep,
        "create_playlist",
        json!({"access_token": tb, "title": "Night drive"}),
    )["playlist_id"]
        .clone();
    let search = |ep: &mut Episode, t: &Value, q: &str| {
        ids(
            &call(
                ep,
                "search_playlists",
                json!({"access_token": t, "query": q, "page_limit": 20}),
            ),
            "playlist_id",
        )
    };
    assert_eq!(search(&mut ep, &tb, "drive")[0], p.as_i64().unwrap());
    assert!(!search(&mut ep, &ta, "drive").contains(&p.as_i64().unwrap()));
    call(
        &mut ep,
        "update_playlist",
        json!({"access_token": tb, "playlist_id": p, "title": "Sunrise", "is_public": true}),
    );
    assert_eq!(search(&mut ep, &ta, "sunrise")[0], p.as_i64().unwrap());
    call(
        &mut ep,
        "like_playlist",
        json!({"access_token": ta, "playlist_id": p}),
    );
    call(
        &mut ep,
        "review_playlist",
        json!({"access_token": ta, "playlist_id": p, "rating": 4}),
    );
    let shown = call(
        &mut ep,
        "show_playlist",
        json!({"access_token": ta, "playlist_id": p}),
    );
    assert_eq!(
        (shown["like_count"].clone(), shown["rating"].clone()),
        (json!(1), json!(4.0))
    );
    call(
        &mut ep,
        "delete_playlist",
        json!({"access_token": tb, "playlist_id": p}),
    );
    assert_eq!(
        call(&mut ep, "show_liked_playlists", json!({"access_token": ta})),
        json!([])
    );
    let reviews: i64 = ep
        .db()
        .conn()
        .query_row("SELECT count(*) FROM spotify.playlist_reviews", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(reviews, 0);
}

/// Every spotify API with odd arguments (missing, None, huge, negative, wrong types, other
/// people's ids) answers a documented status, never a server error.
#[test]
fn odd_arguments_never_fail_the_server() {
    let (_w, mut ep) = episode();
    let t = login(&mut ep, "spotify", "alice");
    let registry = crate::registry();
    let odd = [
        json!(null),
        json!(""),
        json!(0),
        json!(-1),
        json!(9_223_372_036_854_775_807_i64),
        json!(1.5),
        json!("x"),
        json!([1]),
        json!(true),
        json!(1),
        json!(2),
    ];
    for api in registry.app_apis("spotify") {
        if matches!(api.name, "delete_account" | "logout") {
            continue;
        }
        for v in &odd {
            let mut args = serde_json::Map::new();
            args.insert("access_token".into(), t.clone());
            for p in &api.params {
                if p.name != "access_token" {
                    args.insert(p.name.into(), v.clone());
                }
            }
            if let Err(e) = ep.call("spotify", api.name, Value::Object(args)) {
                assert!(e.status < 500, "{}({v}): {e}", api.name);
            }
        }
    }
}

/// spotify's part of the conformance test (which stops at the first app that differs): names,
/// docs order, parameters and success examples as apis.json has them.
#[test]
fn registrations_match_the_vendored_spec() {
    let registry = crate::registry();
    let ours = crate::spec::registry_as_spec(&registry, Some(super::APP));
    let ours: Vec<&Value> = ours.as_array().unwrap().iter().collect();
    let mut theirs: Vec<&Value> = crate::spec::apis()
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["app"] == super::APP)
        .collect();
    theirs.sort_by_key(|a| a["docs_index"].as_i64());
    let names = |v: &[&Value]| -> Vec<String> {
        v.iter()
            .map(|a| a["api"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(names(&ours), names(&theirs));
    for (m, t) in ours.iter().zip(theirs) {
        let id = m["api"].as_str().unwrap();
        for key in ["method", "path", "auth", "docs_index"] {
            assert_eq!(m[key], t[key], "{id}: {key}");
        }
        let (mp, tp) = (
            m["parameters"].as_array().unwrap(),
            t["parameters"].as_array().unwrap(),
        );
        assert_eq!(mp.len(), tp.len(), "{id}: parameter count");
        for (a, b) in mp.iter().zip(tp) {
            let pid = format!("{id}({})", b["name"]);
            for key in [
                "name",
                "type",
                "required",
                "in",
                "constraints",
                "doc_constraints",
            ] {
                assert_eq!(a[key], b[key], "{pid}: {key}");
            }
            if b["required"] == false {
                assert_eq!(a["default"], b["default"], "{pid}: default");
            }
            assert_eq!(
                a.get("nullable").cloned().unwrap_or(Value::Bool(false)),
                b.get("nullable").cloned().unwrap_or(Value::Bool(false)),
                "{pid}: nullable"
            );
        }
        let api = registry.api(super::APP, id).unwrap();
        assert_eq!(
            api.success, t["response"]["success"],
            "{id}: success example"
        );
    }
}

/// The built world's spotify rows read back through the APIs: a person's lists, searches over
/// the whole catalog, the player the seed gave them, and counters that agree with the rows.
#[test]
fn built_world_reads_back() {
    let (_world, mut ep) = crate::testkit::episode();
    let (email, password): (String, String) = ep
        .db()
        .conn()
        .query_row(
            "SELECT email, password FROM spotify.users WHERE id = 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    let t = call(
        &mut ep,
        "login",
        json!({"username": email, "password": password}),
    )["access_token"]
        .clone();
    for api in [
        "show_liked_songs",
        "show_liked_albums",
        "show_liked_playlists",
        "show_song_library",
        "show_album_library",
        "show_following_artists",
        "show_downloaded_songs",
        "show_playlist_library",
        "search_playlists",
        "show_recommendations",
        "show_premium_subscriptions",
        "show_song_queue",
    ] {
        let page = call(&mut ep, api, json!({"access_token": t, "page_limit": 20}));
        assert!(page.is_array(), "{api}: {page}");
    }
    let songs = call(
        &mut ep,
        "search_songs",
        json!({"query": "love", "sort_by": "-play_count", "page_limit": 20}),
    );
    assert!(!songs.as_array().unwrap().is_empty());
    let top = call(
        &mut ep,
        "search_songs",
        json!({"sort_by": "-like_count", "page_limit": 1}),
    );
    let song = &top[0];
    let likes: i64 = ep
        .db()
        .conn()
        .query_row(
            "SELECT count(*) FROM spotify.song_likes WHERE song_id = ?1",
            [song["song_id"].as_i64().unwrap()],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(song["like_count"], json!(likes));
    let reviews = call(
        &mut ep,
        "show_song_reviews",
        json!({"song_id": song["song_id"], "page_limit": 20}),
    );
    let shown = reviews.as_array().unwrap().len() as i64;
    assert_eq!(song["review_count"].as_i64().unwrap().min(20), shown);
    call(&mut ep, "show_volume", json!({"access_token": t}));
    call(&mut ep, "show_account", json!({"access_token": t}));
}
