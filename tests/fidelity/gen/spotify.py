"""spotify: the auth matrix over every protected API, login/logout, every account flow (signup,
verification and password reset by e-mail, profile, rename, deletion), the read-only catalog
(songs, albums, artists, genres) with path values of every kind, search_songs / search_albums /
search_artists over queries, filters, paging edges and every sort_by form, the toggles (like,
library, download, follow) with their duplicates and absences followed by the privates and the
lists, playlists (odd arguments, duplicates, privacy between people, songs in and out,
search_playlists, the playlist library), reviews of songs, albums and playlists (one per person,
ownership, ratings averaged into the item, review lists with filters), the music player (play,
pause, queue edits, next/previous wrap-around, seek, loop, shuffle, volume), payment cards and
Premium (subscription, e-mailed receipt, receipt download into file_system); then what a
deleted account leaves behind.

People of the oracle world (spotify users 1-4): 0 Alice (the supervisor; songs 1-3 in her
library, likes song 4, follows artist 1, owns the public playlist 1 "Focus" with songs 1 and 6),
1 Bruno, 2 Chen, 3 Dara (nothing). Catalog: artists 1 The Quiet Owls (indie), 2 Marta Sol (pop),
3 Deep Basin (jazz); albums 1 Night Lanterns (songs 1-3), 2 Sunward (songs 4-5); songs 1 Paper
Moons, 2 Owl Light, 3 Slow Current, 4 Golden Hour, 5 Open Roads, 6 Blue Vault (no album), play
counts 10..60. No payment cards are saved in spotify; every person has a bank card (admin) in the
manifest."""

from common import Recorder, login_attempts, logout_flow

APP = "spotify"
A, B, C, D = range(4)
BAD_TOKENS = [None, "", "garbage", "Bearer x", 5, "eyJhbGciOiJIUzI1NiJ9.e30.sig"]
# Path values of every kind for an integer id.
ODD_IDS = [0, -1, 999, 2**63, "1", " 1", "%31", "1.0", 1.0, 1.5, "abc", "", None, True, [1], "1/2"]
SORT_SIGNS = ["+{}", "-{}", "{}", " -{}", "++{}", "+-{}", "-{} ", "+{}x"]
SORT_ODD = [None, "", " ", "+", "-", "+unknown", "-title_x", 5]

# APIs whose answer depends on another app: account e-mails go through gmail; receipts are
# written into the caller's file_system.
NEEDS = {
    "signup": ["gmail"],
    "send_verification_code": ["gmail"],
    "send_password_reset_code": ["gmail"],
    "reset_password": ["gmail"],
    "download_premium_subscription_receipt": ["file_system"],
}
# A subscription that goes through e-mails its receipt (gmail, attached from the company's
# file_system): those calls name PREMIUM_NEEDS themselves; refused ones touch neither app.
PREMIUM_NEEDS = ["gmail", "file_system"]


def c(r: Recorder, api: str, _id: str | None = None, _needs: list[str] | None = None, **args):
    return r.call(APP, api, _id=_id, _needs=_needs or NEEDS.get(api), **args)


def ref(name: str, field: str) -> str:
    return "${" + name + "." + field + "}"


def card(r: Recorder, person: int, **changes) -> dict:
    """The bank card of `person` as add_payment_card wants it, with `changes` applied."""
    return dict(r.users[person]["bank_card"], **changes)


def _user_row(r: Recorder, email: str) -> dict:
    return next(u for u in r.state(APP)["users"] if u["email"] == email)


# -- auth ------------------------------------------------------------------------------------

# Every protected API with plausible arguments.
PROTECTED = [
    ("show_account", {}), ("delete_account", {}), ("update_account_name", {"first_name": "Al"}),
    ("logout", {}),
    ("show_song_privates", {"song_id": 1}), ("like_song", {"song_id": 1}),
    ("unlike_song", {"song_id": 4}), ("show_liked_songs", {}),
    ("show_album_privates", {"album_id": 1}), ("like_album", {"album_id": 1}),
    ("unlike_album", {"album_id": 1}), ("show_liked_albums", {}),
    ("show_playlist_library", {}), ("search_playlists", {}),
    ("create_playlist", {"title": "X"}), ("show_playlist", {"playlist_id": 1}),
    ("delete_playlist", {"playlist_id": 1}), ("update_playlist", {"playlist_id": 1, "title": "Y"}),
    ("show_playlist_privates", {"playlist_id": 1}), ("like_playlist", {"playlist_id": 1}),
    ("unlike_playlist", {"playlist_id": 1}), ("show_liked_playlists", {}),
    ("show_artist_following", {"artist_id": 1}), ("show_song_library", {}),
    ("add_song_to_library", {"song_id": 4}), ("remove_song_from_library", {"song_id": 1}),
    ("show_album_library", {}), ("add_album_to_library", {"album_id": 1}),
    ("remove_album_from_library", {"album_id": 1}),
    ("add_song_to_playlist", {"playlist_id": 1, "song_id": 2}),
    ("remove_song_from_playlist", {"playlist_id": 1, "song_id": 1}),
    ("show_downloaded_songs", {}), ("download_song", {"song_id": 1}),
    ("remove_downloaded_song", {"song_id": 1}), ("show_following_artists", {}),
    ("follow_artist", {"artist_id": 2}), ("unfollow_artist", {"artist_id": 1}),
    ("review_song", {"song_id": 1, "rating": 5}), ("delete_song_review", {"review_id": 1}),
    ("update_song_review", {"review_id": 1, "rating": 4}),
    ("review_album", {"album_id": 1, "rating": 5}), ("delete_album_review", {"review_id": 1}),
    ("update_album_review", {"review_id": 1, "rating": 4}),
    ("show_playlist_reviews", {"playlist_id": 1}),
    ("review_playlist", {"playlist_id": 1, "rating": 5}),
    ("show_playlist_review", {"review_id": 1}), ("delete_playlist_review", {"review_id": 1}),
    ("update_playlist_review", {"review_id": 1, "rating": 4}),
    ("show_payment_cards", {}), ("show_payment_card", {"payment_card_id": 1}),
    ("delete_payment_card", {"payment_card_id": 1}),
    ("update_payment_card", {"payment_card_id": 1, "card_name": "x"}),
    ("show_current_song", {}), ("play_music", {"song_id": 1}), ("pause_music", {}),
    ("previous_song", {}), ("next_song", {}),
    ("move_song_in_queue", {"current_position": 0, "new_position": 1}),
    ("seek_song", {"seek_seconds": 5}), ("loop_song", {"loop": True}),
    ("shuffle_song_queue", {}), ("show_song_queue", {}), ("add_to_queue", {"song_id": 1}),
    ("clear_song_queue", {}), ("remove_song_from_queue", {"position": 0}),
    ("show_volume", {}), ("set_volume", {"volume": 3}), ("show_recommendations", {}),
    ("show_premium_subscriptions", {}),
    ("subscribe_premium", {"payment_card_id": 1, "duration": "monthly"}),
    ("download_premium_subscription_receipt", {"premium_subscription_id": 1}),
]


def auth_matrix(r: Recorder) -> None:
    # A token that was valid once: logged out before the matrix.
    c(r, "login", _id="old", username=r.email(B), password=r.password(B, APP))
    c(r, "logout", access_token="${old.access_token}")
    for k, (api, args) in enumerate(PROTECTED):
        c(r, api, **args)  # no token at all
        # A garbage token on every other API, a logged-out one on every third.
        if k % 2 == 0:
            c(r, api, access_token="garbage", **args)
        if k % 3 == 0:
            c(r, api, access_token="${old.access_token}", **args)
    # Every kind of bad token on a read, a write and a player call.
    for api, args in [("show_account", {}), ("create_playlist", {"title": "X"}),
                      ("show_playlist_reviews", {"playlist_id": 1})]:
        for bad in BAD_TOKENS:
            c(r, api, access_token=bad, **args)
    # A bad token wins over bad parameters.
    c(r, "show_playlist", access_token="garbage", playlist_id="x")
    c(r, "create_playlist", access_token="garbage", title="")
    c(r, "set_volume", access_token="garbage", volume=99)
    # Public reads need no token and ignore one.
    c(r, "show_song", song_id=1, access_token="garbage")
    c(r, "show_genres", access_token="garbage")


def login_logout(r: Recorder) -> None:
    r.reset()
    email, pw = r.email(A), r.password(A, APP)
    login_attempts(lambda api, **a: c(r, api, **a), [
        (email, pw), (email, pw + "x"), (email, ""), (email.upper(), pw), (" " + email, pw),
        ("nobody@example.com", pw), ("", pw), (None, pw), (email, None),
        (r.username(A, "phone"), pw), (email, 12345), (12345, pw),
        (r.email(B), r.password(B, APP)), (email, r.password(A, "venmo")),
    ])
    logout_flow(lambda api, **a: c(r, api, **a), lambda i: r.login(APP, A, i),
                ("show_account", {}), ("show_account", {}),
                ("show_song_library", {}))


def accounts(r: Recorder) -> None:
    r.reset()
    ta = r.login(APP, A, "ta")
    c(r, "show_account", access_token=ta)
    for email in [r.email(B), r.email(B).upper(), " " + r.email(B), "BRUNO.ORTIZ@gmail.com",
                  "bruno.ortiz@GMAIL.COM", "nobody@example.com", "not-an-email", "", None, 5]:
        c(r, "show_profile", email=email)
    c(r, "show_profile")
    for names in [{"first_name": "Alicia"}, {"last_name": "Ngo"}, {}, {"first_name": ""},
                  {"last_name": " "}, {"first_name": None}, {"first_name": 42},
                  {"first_name": ["x"]}, {"first_name": "Alice", "last_name": "Ng"}]:
        c(r, "update_account_name", access_token=ta, **names)
        c(r, "show_account", access_token=ta)
    c(r, "show_profile", email=r.email(A))
    # The owner's name shows on her playlist.
    c(r, "update_account_name", access_token=ta, first_name="Ali")
    c(r, "show_playlist", access_token=ta, playlist_id=1)
    c(r, "update_account_name", access_token=ta, first_name="Alice")

    # Signup: validation, an existing account, an address without a Gmail account.
    for args in [
        {"first_name": "Eve", "last_name": "Stone", "email": "eve.stone@example.com", "password": "pw123"},
        {"first_name": "Eve", "last_name": "Stone", "email": "eve.stone@example.com", "password": "pw123"},
        {"first_name": "Eve", "last_name": "Stone", "email": r.email(A), "password": "pw123"},
        {"first_name": "Eve", "last_name": "Stone", "email": r.email(A).upper(), "password": "pw123"},
        {"first_name": "", "last_name": "Stone", "email": "x1@example.com", "password": "pw123"},
        {"first_name": "Eve", "last_name": "Stone", "email": "bad-address", "password": "pw123"},
        {"first_name": "Eve", "last_name": "Stone", "email": "x3@example.com", "password": "pw1"},
        {"first_name": "Eve", "last_name": "Stone", "email": "x4@example.com", "password": 123456},
        {"first_name": "Eve", "email": "x6@example.com"},
        {},
        {"first_name": None, "last_name": None, "email": None, "password": None},
    ]:
        c(r, "signup", **args)
    c(r, "login", username="eve.stone@example.com", password="pw123")
    c(r, "send_verification_code", email="eve.stone@example.com")
    c(r, "send_verification_code", email=r.email(A))
    c(r, "send_verification_code", email="nobody@example.com")
    c(r, "send_verification_code", email="bad")
    c(r, "send_verification_code")
    c(r, "verify_account", email="eve.stone@example.com", verification_code="0000000")
    c(r, "verify_account", email=r.email(A), verification_code="0000000")
    c(r, "verify_account", email="nobody@example.com", verification_code="0000000")
    c(r, "verify_account", email="eve.stone@example.com")
    c(r, "show_profile", email="eve.stone@example.com")

    # Dara deletes her account and signs up again: the code goes to her Gmail inbox.
    td = r.login(APP, D, "td")
    c(r, "create_playlist", access_token=td, title="Dara mix", is_public=True)
    c(r, "like_song", access_token=td, song_id=1)
    c(r, "delete_account", access_token=td)
    c(r, "show_account", access_token=td)
    c(r, "logout", access_token=td)
    c(r, "login", username=r.email(D), password=r.password(D, APP))
    c(r, "show_profile", email=r.email(D))
    c(r, "show_song", song_id=1)  # her like is gone with her
    c(r, "search_playlists", access_token=ta, query="dara")
    c(r, "signup", first_name="Dara", last_name="Patel", email=r.email(D), password="newpass1")
    c(r, "login", username=r.email(D), password="newpass1")
    code = _user_row(r, r.email(D))["verification_code"]
    c(r, "verify_account", email=r.email(D), verification_code="1234567")
    c(r, "verify_account", email=r.email(D), verification_code=" " + code)
    c(r, "send_verification_code", email=r.email(D))
    code2 = _user_row(r, r.email(D))["verification_code"]
    c(r, "verify_account", email=r.email(D), verification_code=code)
    c(r, "verify_account", email=r.email(D), verification_code=code2)
    c(r, "verify_account", email=r.email(D), verification_code=code2)
    c(r, "login", _id="td3", username=r.email(D), password="newpass1")
    c(r, "show_account", access_token="${td3.access_token}")
    c(r, "show_playlist_library", access_token="${td3.access_token}")

    # Password reset for Alice: wrong, right, reused codes; old and new passwords.
    c(r, "send_password_reset_code", email="nobody@example.com")
    c(r, "send_password_reset_code", email="bad")
    c(r, "send_password_reset_code")
    c(r, "send_password_reset_code", email=r.email(A))
    code = _user_row(r, r.email(A))["password_reset_code"]
    c(r, "reset_password", email=r.email(A), password_reset_code="0000000", new_password="secret1")
    c(r, "reset_password", email=r.email(A), password_reset_code=code, new_password="abc")
    c(r, "reset_password", email="nobody@example.com", password_reset_code=code, new_password="secret1")
    c(r, "reset_password", email=r.email(A), password_reset_code=code, new_password="secret1")
    c(r, "login", username=r.email(A), password=r.password(A, APP))
    c(r, "login", username=r.email(A), password="secret1")
    c(r, "show_account", access_token=ta)
    c(r, "reset_password", email=r.email(A), new_password="secret3")
    c(r, "reset_password")


# -- catalog ---------------------------------------------------------------------------------

def catalog(r: Recorder) -> None:
    r.reset()
    c(r, "show_genres")
    for song_id in range(1, 7):
        c(r, "show_song", song_id=song_id)
    for album_id in [1, 2]:
        c(r, "show_album", album_id=album_id)
    for artist_id in [1, 2, 3]:
        c(r, "show_artist", artist_id=artist_id)
    c(r, "show_premium_plans")
    for odd in ODD_IDS:
        c(r, "show_song", song_id=odd)
    for odd in [0, 999, " 1", "1.0", "abc", "", None, "1/2"]:
        c(r, "show_album", album_id=odd)
        c(r, "show_artist", artist_id=odd)
    c(r, "show_song")
    c(r, "show_album")
    c(r, "show_artist")
    ta = r.login(APP, A, "ta")
    for odd in [999, "abc", "", "1/2"]:
        c(r, "show_song_privates", access_token=ta, song_id=odd)
        c(r, "show_album_privates", access_token=ta, album_id=odd)
        c(r, "show_playlist", access_token=ta, playlist_id=odd)
        c(r, "show_artist_following", access_token=ta, artist_id=odd)
    for song_id in [1, 4, 6]:
        c(r, "show_song_privates", access_token=ta, song_id=song_id)
    c(r, "show_album_privates", access_token=ta, album_id=1)
    c(r, "show_artist_following", access_token=ta, artist_id=1)
    c(r, "show_artist_following", access_token=ta, artist_id=2)
    c(r, "show_recommendations", access_token=ta)


def search_catalog(r: Recorder) -> None:
    r.reset()
    # Some likes and reviews first, so like counts and ratings differ between songs and albums.
    toks = [r.login(APP, p, f"t{p}") for p in range(4)]
    for p, songs in [(B, [1, 4, 5]), (C, [4, 5]), (D, [5, 6])]:
        for s in songs:
            c(r, "like_song", access_token=toks[p], song_id=s)
    for p, s, rating in [(A, 5, 4), (B, 5, 5), (C, 2, 3), (D, 6, 1), (B, 3, 2)]:
        c(r, "review_song", access_token=toks[p], song_id=s, rating=rating, title="t", text="x")
    c(r, "like_album", access_token=toks[B], album_id=2)
    c(r, "review_album", access_token=toks[C], album_id=1, rating=4)
    c(r, "follow_artist", access_token=toks[B], artist_id=2)
    c(r, "follow_artist", access_token=toks[C], artist_id=2)

    def s(**args):
        c(r, "search_songs", **args)

    s()
    for query in ["owl", "OWLS", "the quiet owls", "moon", "moons", "paper moons", "pop", "jazz",
                  "marta", "sol", "golden hour", "xyzzy", "o", "roads open", " blue ", "indie pop",
                  "slow-current", "night lanterns"]:
        s(query=query, page_limit=20)
    for args in [{"artist_id": 1}, {"artist_id": 2}, {"artist_id": 999}, {"artist_id": "abc"},
                 {"artist_id": None}, {"album_id": 1}, {"album_id": 2}, {"album_id": "2"},
                 {"genre": "indie"}, {"genre": "Indie"}, {"genre": "INDIE "}, {"genre": "pops"},
                 {"genre": "jazz"}, {"genre": ""}, {"genre": None},
                 {"min_release_date": "2022-01-01"}, {"max_release_date": "2021-12-31"},
                 {"min_release_date": "2021-03-05", "max_release_date": "2021-03-05"},
                 {"min_release_date": "2022-7-1"}, {"min_release_date": "2022-07-01 00:00:00"},
                 {"min_release_date": "07/01/2022"}, {"max_release_date": "2022-02-30"},
                 {"min_release_date": ""}, {"min_release_date": None},
                 {"min_duration": 200}, {"max_duration": 200}, {"min_duration": -1},
                 {"min_duration": "190"}, {"max_duration": 199.5}, {"min_duration": 2**63},
                 {"min_rating": 3}, {"max_rating": 3.5}, {"min_rating": 2.5, "max_rating": 3},
                 {"min_rating": 6}, {"max_rating": -0.5}, {"min_rating": "4.0"},
                 {"min_like_count": 2}, {"max_like_count": 0}, {"min_like_count": -1},
                 {"min_play_count": 30}, {"max_play_count": 30}, {"min_play_count": "x"},
                 {"query": "owl", "min_play_count": 20}, {"genre": "pop", "min_like_count": 3}]:
        s(page_limit=20, **args)
    for limit in [1, 5, 20]:
        for index in [0, 1, 5, 100]:
            s(page_index=index, page_limit=limit)
    for bad in [{"page_limit": 0}, {"page_limit": 21}, {"page_index": -1}, {"page_index": "2"},
                {"page_limit": "3"}, {"page_limit": 2.5}, {"page_index": ""},
                {"page_limit": None}, {"page_index": None}, {"page_limit": True}]:
        s(**bad)
    for field in ["rating", "like_count", "play_count", "title", "release_date"]:
        for form in SORT_SIGNS[:3] + (SORT_SIGNS[3:] if field == "like_count" else []):
            s(sort_by=form.format(field), page_limit=20)
    for sort_by in SORT_ODD:
        s(sort_by=sort_by, page_limit=20)
    s(query="owl", sort_by="-play_count", page_limit=2, page_index=1)
    s(query="pop marta", sort_by="+like_count")

    def al(**args):
        c(r, "search_albums", **args)

    al()
    for args in [{"query": "night"}, {"query": "SUNWARD"}, {"query": "owls"}, {"query": "marta"},
                 {"query": "nothing"}, {"genre": "pop"}, {"genre": "Pop"}, {"genre": "rock"},
                 {"min_rating": 1}, {"max_rating": 0}, {"min_like_count": 1},
                 {"min_release_date": "2022-01-01"}, {"max_release_date": "bad"},
                 {"page_limit": 1, "page_index": 1}, {"page_limit": 0}]:
        al(**args)
    for field in ["rating", "release_date", "like_count", "title"]:
        for form in SORT_SIGNS[:3]:
            al(sort_by=form.format(field))
    for sort_by in SORT_ODD[:5]:
        al(sort_by=sort_by)

    def ar(**args):
        c(r, "search_artists", **args)

    ar()
    for args in [{"query": "owls"}, {"query": "quiet"}, {"query": "jazz"}, {"query": "deep sol"},
                 {"query": "zzz"}, {"genre": "pop"}, {"genre": "POP"}, {"genre": "classical"},
                 {"min_follower_count": 1}, {"max_follower_count": 0},
                 {"min_follower_count": "2"}, {"max_follower_count": -3},
                 {"page_limit": 2, "page_index": 1}, {"page_limit": 21}]:
        ar(**args)
    for form in SORT_SIGNS[:3]:
        ar(sort_by=form.format("follower_count"))
    for sort_by in ["+name", "-created_at", "", "x"]:
        ar(sort_by=sort_by)
    for artist_id in [1, 2, 3]:
        c(r, "show_artist", artist_id=artist_id)
    for song_id in [1, 4, 5, 6]:
        c(r, "show_song", song_id=song_id)
    for album_id in [1, 2]:
        c(r, "show_album", album_id=album_id)


# -- toggles: like, library, download, follow ------------------------------------------------

def toggles(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    # Each pair: do, do again, undo, undo again; then the item's privates.
    for do, undo, key, item, privates in [
        ("like_song", "unlike_song", "song_id", 2, "show_song_privates"),
        ("add_song_to_library", "remove_song_from_library", "song_id", 5, "show_song_privates"),
        ("download_song", "remove_downloaded_song", "song_id", 3, "show_song_privates"),
        ("like_album", "unlike_album", "album_id", 2, "show_album_privates"),
        ("add_album_to_library", "remove_album_from_library", "album_id", 1, "show_album_privates"),
        ("follow_artist", "unfollow_artist", "artist_id", 3, "show_artist_following"),
        ("like_playlist", "unlike_playlist", "playlist_id", 1, "show_playlist_privates"),
    ]:
        c(r, undo, access_token=tb, **{key: item})
        c(r, do, access_token=tb, **{key: item})
        c(r, privates, access_token=tb, **{key: item})
        c(r, do, access_token=tb, **{key: item})
        c(r, undo, access_token=tb, **{key: item})
        c(r, privates, access_token=tb, **{key: item})
        c(r, undo, access_token=tb, **{key: item})
        for odd in [999, "abc", ""]:
            c(r, do, access_token=tb, **{key: odd})
        c(r, undo, access_token=tb, **{key: 999})
        if key == "song_id":
            c(r, do, access_token=tb)
    # Alice's seeded state: already in library, already liked, already following.
    c(r, "add_song_to_library", access_token=ta, song_id=1)
    c(r, "like_song", access_token=ta, song_id=4)
    c(r, "follow_artist", access_token=ta, artist_id=1)
    c(r, "like_playlist", access_token=ta, playlist_id=1)  # her own public playlist

    # Bruno builds up his collection; the lists show it, in their orders.
    for s in [6, 2, 4, 1, 5, 3]:
        c(r, "like_song", access_token=tb, song_id=s)
        c(r, "add_song_to_library", access_token=tb, song_id=s)
        c(r, "download_song", access_token=tb, song_id=s)
    for a in [2, 1]:
        c(r, "like_album", access_token=tb, album_id=a)
        c(r, "add_album_to_library", access_token=tb, album_id=a)
    for a in [3, 1, 2]:
        c(r, "follow_artist", access_token=tb, artist_id=a)
    c(r, "like_playlist", access_token=tb, playlist_id=1)
    c(r, "create_playlist", _id="bp", access_token=tb, title="Bruno's best", is_public=True)
    c(r, "like_playlist", access_token=tb, playlist_id=ref("bp", "playlist_id"))
    c(r, "like_playlist", access_token=ta, playlist_id=ref("bp", "playlist_id"))

    for api in ["show_liked_songs", "show_liked_albums", "show_liked_playlists",
                "show_song_library", "show_album_library", "show_following_artists",
                "show_downloaded_songs"]:
        c(r, api, access_token=tb)
        c(r, api, access_token=tb, page_limit=20)
        c(r, api, access_token=tb, page_index=1, page_limit=2)
        c(r, api, access_token=tb, page_limit=0)
        c(r, api, access_token=ta, page_limit=20)
    c(r, "show_liked_songs", access_token=tb, page_index=9)
    c(r, "show_song_library", access_token=tb, page_index=-1)
    c(r, "show_following_artists", access_token=tb, page_limit="2")
    # sort_by of the liked lists: each documented field and the ones that are not.
    for api in ["show_liked_songs", "show_liked_albums", "show_liked_playlists"]:
        for field in ["liked_at", "title", "play_count"]:
            for form in ["+{}", "-{}", "{}"]:
                c(r, api, access_token=tb, page_limit=20, sort_by=form.format(field))
        for sort_by in [None, "++title", "x"]:
            c(r, api, access_token=tb, page_limit=20, sort_by=sort_by)
    # show_downloaded_songs: query, date window, sort.
    for args in [{"query": "owl"}, {"query": "MARTA"}, {"query": "none"},
                 {"min_downloaded_at": "2023-05-18"}, {"max_downloaded_at": "2023-05-17"},
                 {"min_downloaded_at": "2023-05-19"}, {"max_downloaded_at": "2023-5-18"},
                 {"min_downloaded_at": "yesterday"}, {"min_downloaded_at": None},
                 {"sort_by": "+downloaded_at"}, {"sort_by": "-downloaded_at"},
                 {"sort_by": "+created_at"}, {"sort_by": "-title"}, {"sort_by": ""},
                 {"query": "owl", "sort_by": "-downloaded_at"}]:
        c(r, "show_downloaded_songs", access_token=tb, page_limit=20, **args)
    # Counts as the public sees them.
    for song_id in [1, 4]:
        c(r, "show_song", song_id=song_id)
    c(r, "show_album", album_id=2)
    c(r, "show_artist", artist_id=1)
    c(r, "show_playlist", access_token=tb, playlist_id=1)
    # Undo some, lists again.
    c(r, "unlike_song", access_token=tb, song_id=2)
    c(r, "remove_song_from_library", access_token=tb, song_id=6)
    c(r, "remove_downloaded_song", access_token=tb, song_id=4)
    c(r, "unfollow_artist", access_token=tb, artist_id=3)
    c(r, "remove_album_from_library", access_token=tb, album_id=2)
    c(r, "show_liked_songs", access_token=tb, page_limit=20)
    c(r, "show_song_library", access_token=tb, page_limit=20)
    c(r, "show_downloaded_songs", access_token=tb, page_limit=20)
    c(r, "show_following_artists", access_token=tb, page_limit=20)
    c(r, "show_album_library", access_token=tb, page_limit=20)
    c(r, "show_recommendations", access_token=tb)


# -- playlists -------------------------------------------------------------------------------

def playlists(r: Recorder) -> None:
    r.reset()
    ta, tb, tc = r.login(APP, A, "ta"), r.login(APP, B, "tb"), r.login(APP, C, "tc")
    c(r, "show_playlist_library", access_token=ta)
    c(r, "show_playlist", access_token=ta, playlist_id=1)
    c(r, "show_playlist_privates", access_token=ta, playlist_id=1)
    # create_playlist: odd titles and is_public values; each success shown.
    n = 0
    for field, values in [("title", ["Road trip", "", " ", None, 7, 7.5, True, ["x"], "Focus",
                                     "focus", "  Focus  "]),
                          ("is_public", [True, False, None, "true", "yes", "no", 1, 0, 2, "",
                                         "maybe", []])]:
        for value in values:
            args = {"title": f"List {n}", field: value}
            status, _ = c(r, "create_playlist", _id=f"p{n}", access_token=ta, **args)
            if status == 200:
                c(r, "show_playlist", access_token=ta, playlist_id=ref(f"p{n}", "playlist_id"))
            n += 1
    c(r, "create_playlist", access_token=ta)
    c(r, "create_playlist", access_token=ta, title="extra", owner_id=2, playlist_id=50)
    c(r, "create_playlist", access_token=tb, title="Focus")  # same title, another owner
    c(r, "create_playlist", _id="bpriv", access_token=tb, title="Bruno secret")
    c(r, "create_playlist", _id="bpub", access_token=tb, title="Bruno public", is_public=True)
    bpriv, bpub = ref("bpriv", "playlist_id"), ref("bpub", "playlist_id")
    c(r, "show_playlist_library", access_token=ta, page_limit=20)
    for is_public in [True, False, "true", "0", None, "x"]:
        c(r, "show_playlist_library", access_token=ta, page_limit=20, is_public=is_public)
    c(r, "show_playlist_library", access_token=ta, page_index=2, page_limit=3)
    c(r, "show_playlist_library", access_token=tb)

    # Privacy: Alice cannot see, like, review, play or fill Bruno's private list.
    for api, extra in [("show_playlist", {}), ("show_playlist_privates", {}),
                       ("like_playlist", {}), ("unlike_playlist", {}),
                       ("review_playlist", {"rating": 3}), ("show_playlist_reviews", {}),
                       ("add_song_to_playlist", {"song_id": 1}),
                       ("remove_song_from_playlist", {"song_id": 1}),
                       ("update_playlist", {"title": "Mine"}), ("delete_playlist", {})]:
        c(r, api, access_token=ta, playlist_id=bpriv, **extra)
        c(r, api, access_token=ta, playlist_id=bpub, **extra)
    c(r, "play_music", access_token=ta, playlist_id=bpriv)
    c(r, "add_to_queue", access_token=ta, playlist_id=bpriv)

    # Songs in and out of Bruno's public list.
    for song_id in [4, 1, 4, 999, "abc", "", 2]:
        c(r, "add_song_to_playlist", access_token=tb, playlist_id=bpub, song_id=song_id)
    c(r, "add_song_to_playlist", access_token=tb, playlist_id=999, song_id=1)
    c(r, "add_song_to_playlist", access_token=tb, playlist_id="abc", song_id=1)
    c(r, "add_song_to_playlist", access_token=tb, playlist_id=bpub)
    c(r, "show_playlist", access_token=tb, playlist_id=bpub)
    c(r, "show_playlist_library", access_token=tb)
    for song_id in [1, 1, 6, 999]:
        c(r, "remove_song_from_playlist", access_token=tb, playlist_id=bpub, song_id=song_id)
    c(r, "show_playlist", access_token=tb, playlist_id=bpub)
    c(r, "add_song_to_playlist", access_token=tb, playlist_id=bpub, song_id=1)
    c(r, "show_playlist", access_token=tc, playlist_id=bpub)

    # update_playlist: each field and odd value; every success followed by the playlist.
    for args in [{"title": "Bruno's public"}, {"title": ""}, {"title": None}, {"title": 5},
                 {"title": "Bruno secret"}, {"is_public": False}, {"is_public": "yes"},
                 {"is_public": None}, {"is_public": "maybe"}, {}, {"title": "Open", "is_public": True}]:
        status, _ = c(r, "update_playlist", access_token=tb, playlist_id=bpub, **args)
        if status == 200:
            c(r, "show_playlist", access_token=tb, playlist_id=bpub)
    c(r, "show_playlist", access_token=tc, playlist_id=bpub)
    for pid in [999, "abc", "", 1.5, "1/2"]:
        c(r, "update_playlist", access_token=tb, playlist_id=pid, title="x")
    # Making the private one public lets Alice in.
    c(r, "update_playlist", access_token=tb, playlist_id=bpriv, is_public=True)
    c(r, "show_playlist", access_token=ta, playlist_id=bpriv)
    c(r, "like_playlist", access_token=ta, playlist_id=bpriv)
    c(r, "update_playlist", access_token=tb, playlist_id=bpriv, is_public=False)
    c(r, "show_liked_playlists", access_token=ta)  # a liked playlist that became private
    c(r, "unlike_playlist", access_token=ta, playlist_id=bpriv)

    # search_playlists: public lists of everyone and the caller's own private ones.
    for p in range(3):
        c(r, "like_playlist", access_token=[ta, tb, tc][p], playlist_id=bpub)
    c(r, "like_playlist", access_token=tc, playlist_id=1)
    c(r, "review_playlist", access_token=tc, playlist_id=1, rating=4)
    c(r, "review_playlist", access_token=ta, playlist_id=bpub, rating=2)

    def sp(tok=ta, **args):
        c(r, "search_playlists", access_token=tok, **args)

    sp()
    sp(tok=tb, page_limit=20)
    sp(tok=tc, page_limit=20)
    for query in ["focus", "FOCUS", "bruno", "list", "secret", "road trip", "7"]:
        sp(query=query, page_limit=20)
        if query in ("bruno", "secret", "list"):
            sp(tok=tb, query=query, page_limit=20)
    for args in [{"min_like_count": 1}, {"max_like_count": 0}, {"min_like_count": "3"},
                 {"min_rating": 3}, {"max_rating": 2}, {"min_rating": 5.5}, {"max_like_count": -1},
                 {"page_index": 1, "page_limit": 3}, {"page_index": 7}, {"page_limit": 21}]:
        sp(**args)
    for field in ["like_count", "rating", "created_at", "title"]:
        for form in SORT_SIGNS[:3]:
            sp(sort_by=form.format(field), page_limit=20)
    for sort_by in SORT_ODD[:6]:
        sp(sort_by=sort_by, page_limit=20)
    sp(query="list", sort_by="-created_at", page_limit=4, page_index=1)

    # delete_playlist: someone else's, own, twice; its likes and reviews go with it.
    c(r, "delete_playlist", access_token=ta, playlist_id=bpub)
    c(r, "delete_playlist", access_token=tb, playlist_id=bpub)
    c(r, "delete_playlist", access_token=tb, playlist_id=bpub)
    c(r, "show_playlist", access_token=tb, playlist_id=bpub)
    c(r, "show_liked_playlists", access_token=tc)
    for pid in [999, "abc", "", None]:
        c(r, "delete_playlist", access_token=tb, playlist_id=pid)
    c(r, "delete_playlist", access_token=ta, playlist_id=1)
    c(r, "show_playlist_library", access_token=ta, page_limit=20)
    c(r, "search_playlists", access_token=tc, page_limit=20)


# -- reviews ---------------------------------------------------------------------------------

def reviews(r: Recorder) -> None:
    r.reset()
    ta, tb, tc = r.login(APP, A, "ta"), r.login(APP, B, "tb"), r.login(APP, C, "tc")
    td = r.login(APP, D, "td")
    c(r, "review_song", _id="sr0", access_token=ta, song_id=1, rating=5, title="T", text="X")
    c(r, "review_song", access_token=ta, song_id=1, rating=2)  # second review of the same song
    # review_song: odd ratings, titles and texts on song 2; each success shown and deleted
    # again, so that the next one can get in too.
    n = 1
    for field, values in [("rating", [0, 6, "4", 3.0, 3.5, None, "x", True, -1]),
                          ("title", ["", None, 5, ["x"], "  Great  "]),
                          ("text", ["", None, 7.5, {"a": 1}])]:
        for value in values:
            args = {"rating": 3, "title": "T", "text": "X", field: value}
            status, _ = c(r, "review_song", _id=f"sr{n}", access_token=ta, song_id=2, **args)
            if status == 200:
                rid = ref(f"sr{n}", "song_review_id")
                c(r, "show_song_review", review_id=rid)
                c(r, "delete_song_review", access_token=ta, review_id=rid)
            n += 1
    c(r, "review_song", access_token=ta, song_id=2)
    c(r, "show_song", song_id=2)
    for song_id in [999, "abc", "", 0]:
        c(r, "review_song", access_token=ta, song_id=song_id, rating=4)
    # The others review song 1 too: the song's rating is the average.
    for tok, rating, title in [(tb, 4, "Nice"), (tc, 1, "Meh"), (td, 2, "Owls are loud")]:
        c(r, "review_song", _id=f"r1_{rating}", access_token=tok, song_id=1, rating=rating,
          title=title, text=f"{title} indeed")
    c(r, "show_song", song_id=1)
    c(r, "show_song_privates", access_token=tb, song_id=1)

    def ssr(**args):
        c(r, "show_song_reviews", song_id=1, **args)

    ssr()
    ssr(page_limit=20)
    for args in [{"query": "owls"}, {"query": "NICE"}, {"query": "indeed"}, {"query": "zzz"},
                 {"user_email": r.email(B)}, {"user_email": r.email(B).upper()},
                 {"user_email": "bruno.ortiz@GMAIL.com"}, {"user_email": "nobody@example.com"},
                 {"user_email": "bad"}, {"user_email": ""}, {"min_rating": 3}, {"max_rating": 2},
                 {"min_rating": 0}, {"max_rating": 6}, {"min_rating": "2"}, {"min_rating": 2.5},
                 {"page_index": 1, "page_limit": 2}, {"page_limit": 0}]:
        ssr(**args)
    for field in ["rating", "created_at", "title"]:
        for form in SORT_SIGNS[:3]:
            ssr(sort_by=form.format(field))
    for sort_by in SORT_ODD[:5]:
        ssr(sort_by=sort_by)
    for sid in [999, "abc", ""]:
        c(r, "show_song_reviews", song_id=sid)

    # update / delete / show song reviews: own, someone else's, missing, odd values.
    mine = ref("sr0", "song_review_id")
    bruno = ref("r1_4", "song_review_id")
    for args in [{"rating": 1}, {"rating": 9}, {"rating": None}, {"title": "Changed"},
                 {"text": ""}, {"title": None, "text": None}, {}, {"rating": "5"}]:
        status, _ = c(r, "update_song_review", access_token=tb, review_id=bruno, **args)
        if status == 200:
            c(r, "show_song_review", review_id=bruno)
    c(r, "show_song", song_id=1)
    c(r, "update_song_review", access_token=ta, review_id=bruno, rating=1)
    c(r, "delete_song_review", access_token=ta, review_id=bruno)
    for rid in [999, "abc", "", 1.5]:
        c(r, "show_song_review", review_id=rid)
        c(r, "update_song_review", access_token=ta, review_id=rid, rating=1)
        c(r, "delete_song_review", access_token=ta, review_id=rid)
    c(r, "delete_song_review", access_token=ta, review_id=mine)
    c(r, "delete_song_review", access_token=ta, review_id=mine)
    c(r, "show_song_review", review_id=mine)
    c(r, "show_song", song_id=1)
    c(r, "review_song", access_token=ta, song_id=1, rating=5, title="Again")
    c(r, "show_song_reviews", song_id=1, page_limit=20, sort_by="-rating")

    # Albums: the same rules.
    c(r, "review_album", _id="ar", access_token=ta, album_id=1, rating=5, title="Lovely", text="Owls")
    c(r, "review_album", access_token=ta, album_id=1, rating=4)
    for args in [{"rating": 0}, {"rating": "2"}, {"rating": None}, {}]:
        c(r, "review_album", access_token=tb, album_id=2, **args)
    c(r, "review_album", _id="dr", access_token=td, album_id=2, rating=3, title=3, text=None)
    c(r, "show_album_review", review_id=ref("dr", "album_review_id"))
    c(r, "review_album", access_token=tb, album_id=1, rating=2, title="Too slow")
    c(r, "review_album", access_token=tc, album_id=1, rating=3)
    for album_id in [999, "abc", ""]:
        c(r, "review_album", access_token=tc, album_id=album_id, rating=3)
    c(r, "show_album", album_id=1)
    c(r, "show_album", album_id=2)
    c(r, "show_album_privates", access_token=ta, album_id=1)
    ar = ref("ar", "album_review_id")
    c(r, "show_album_review", review_id=ar)
    for args in [{}, {"query": "slow"}, {"user_email": r.email(A)}, {"min_rating": 3},
                 {"sort_by": "+rating"}, {"sort_by": "-created_at"}, {"sort_by": "rating"},
                 {"sort_by": "x"}, {"page_limit": 1, "page_index": 2}]:
        c(r, "show_album_reviews", album_id=1, **args)
    c(r, "show_album_reviews", album_id=2)
    c(r, "show_album_reviews", album_id=999)
    c(r, "update_album_review", access_token=tb, review_id=ar, rating=1)
    c(r, "update_album_review", access_token=ta, review_id=ar, rating=1, text="Changed my mind")
    c(r, "update_album_review", access_token=ta, review_id=ar, rating=7)
    c(r, "show_album_review", review_id=ar)
    c(r, "show_album", album_id=1)
    c(r, "delete_album_review", access_token=tb, review_id=ar)
    c(r, "delete_album_review", access_token=ta, review_id=ar)
    c(r, "delete_album_review", access_token=ta, review_id=ar)
    c(r, "update_album_review", access_token=ta, review_id=ar, rating=2)
    c(r, "show_album_review", review_id=ar)
    c(r, "show_album_review", review_id="abc")
    c(r, "show_album", album_id=1)

    # Playlists: reviews need access to the playlist.
    c(r, "create_playlist", _id="cp", access_token=tc, title="Chen private")
    cp = ref("cp", "playlist_id")
    c(r, "review_playlist", _id="pr", access_token=tb, playlist_id=1, rating=4, title="Good focus")
    c(r, "review_playlist", access_token=tb, playlist_id=1, rating=3)
    c(r, "review_playlist", access_token=ta, playlist_id=1, rating=2)  # the owner reviews too
    c(r, "review_playlist", access_token=tb, playlist_id=cp, rating=5)
    c(r, "review_playlist", _id="cpr", access_token=tc, playlist_id=cp, rating=5, text="mine")
    c(r, "review_playlist", access_token=tb, playlist_id=999, rating=5)
    c(r, "review_playlist", access_token=tb, playlist_id=1, rating=6)
    pr, cpr = ref("pr", "playlist_review_id"), ref("cpr", "playlist_review_id")
    c(r, "show_playlist", access_token=ta, playlist_id=1)
    c(r, "show_playlist_privates", access_token=tb, playlist_id=1)
    c(r, "show_playlist_review", access_token=ta, review_id=pr)
    c(r, "show_playlist_review", access_token=ta, review_id=cpr)
    c(r, "show_playlist_review", access_token=tc, review_id=cpr)
    c(r, "show_playlist_review", access_token=ta, review_id=999)
    for args in [{}, {"query": "focus"}, {"user_email": r.email(B)}, {"max_rating": 3},
                 {"sort_by": "-rating"}, {"sort_by": "+created_at"}, {"sort_by": "-title"},
                 {"page_limit": 1, "page_index": 1}]:
        c(r, "show_playlist_reviews", access_token=tc, playlist_id=1, **args)
    c(r, "show_playlist_reviews", access_token=ta, playlist_id=cp)
    c(r, "show_playlist_reviews", access_token=tc, playlist_id=cp)
    c(r, "show_playlist_reviews", access_token=tc, playlist_id=999)
    c(r, "update_playlist_review", access_token=ta, review_id=pr, rating=1)
    c(r, "update_playlist_review", access_token=tb, review_id=pr, rating=1, title="Changed")
    c(r, "update_playlist_review", access_token=tb, review_id=pr, text=None, rating="x")
    c(r, "update_playlist_review", access_token=tb, review_id=999, rating=1)
    c(r, "show_playlist_review", access_token=tc, review_id=pr)
    c(r, "show_playlist", access_token=tb, playlist_id=1)
    # Chen's review of her own private list: Bruno may neither change nor delete it.
    c(r, "update_playlist_review", access_token=tb, review_id=cpr, rating=1)
    c(r, "delete_playlist_review", access_token=tb, review_id=cpr)
    c(r, "delete_playlist_review", access_token=ta, review_id=pr)
    c(r, "delete_playlist_review", access_token=tb, review_id=pr)
    c(r, "delete_playlist_review", access_token=tb, review_id=pr)
    c(r, "show_playlist_review", access_token=tb, review_id=pr)
    c(r, "show_playlist", access_token=ta, playlist_id=1)
    # A review of a playlist that turned private: its writer is locked out of it.
    c(r, "review_playlist", _id="pr2", access_token=tb, playlist_id=1, rating=5)
    c(r, "update_playlist", access_token=ta, playlist_id=1, is_public=False)
    c(r, "show_playlist_review", access_token=tb, review_id=ref("pr2", "playlist_review_id"))
    c(r, "update_playlist_review", access_token=tb, review_id=ref("pr2", "playlist_review_id"),
      rating=1)
    c(r, "delete_playlist_review", access_token=tb, review_id=ref("pr2", "playlist_review_id"))
    c(r, "show_playlist_reviews", access_token=ta, playlist_id=1, page_limit=20)


# -- music player ----------------------------------------------------------------------------

def player(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")

    def p(api, tok=ta, **args):
        return c(r, api, access_token=tok, **args)

    # An empty player: every call that needs a queue fails.
    for api, args in [("show_current_song", {}), ("show_song_queue", {}), ("play_music", {}),
                      ("play_music", {"queue_position": 0}), ("pause_music", {}),
                      ("next_song", {}), ("previous_song", {}),
                      ("move_song_in_queue", {"current_position": 0, "new_position": 1}),
                      ("seek_song", {"seek_seconds": 1}), ("loop_song", {"loop": True}),
                      ("shuffle_song_queue", {}), ("remove_song_from_queue", {"position": 0}),
                      ("clear_song_queue", {}), ("show_volume", {})]:
        p(api, **args)
    # Volume.
    for volume in [0, 10, 11, -1, "7", 7.0, 7.5, None, True, "x", 3]:
        status, _ = p("set_volume", volume=volume)
        if status == 200:
            p("show_volume")
    p("set_volume")
    # play_music argument rules.
    p("play_music", song_id=1, album_id=1)
    p("play_music", song_id=1, queue_position=0)
    p("play_music", song_id=1, album_id=1, playlist_id=1, queue_position=0)
    for song_id in [999, "abc", "2", 2.0, None]:
        p("play_music", song_id=song_id)
    p("show_song_queue")
    p("play_music", song_id=3)
    p("show_current_song")
    p("show_song_queue")
    p("pause_music")
    p("pause_music")
    p("show_current_song")
    p("play_music")
    p("next_song")
    p("previous_song")
    p("play_music", song_id=5)  # inserted at the front, played
    p("show_song_queue")
    p("next_song")
    p("next_song")
    p("next_song")
    p("previous_song")
    p("previous_song")
    p("show_current_song")
    # An album replaces the queue; a playlist too.
    p("play_music", album_id=2)
    p("show_song_queue")
    p("play_music", album_id=999)
    p("play_music", playlist_id=1)
    p("show_song_queue")
    p("play_music", playlist_id=999)
    # add_to_queue.
    for args in [{"song_id": 4}, {"album_id": 1}, {"playlist_id": 1}, {}, {"song_id": 1, "album_id": 1},
                 {"song_id": 999}, {"album_id": 999}, {"playlist_id": 999}, {"song_id": "x"},
                 {"song_id": None}]:
        p("add_to_queue", **args)
    p("show_song_queue")
    # Positions.
    for pos in [3, 0, 8, 20, -1, "2", None]:
        status, _ = p("play_music", queue_position=pos)
        if status == 200:
            p("show_current_song")
    p("show_song_queue")
    # seek and loop.
    for secs in [0, 100, 175, 176, 10**6, -1, "30", 30.5, None]:
        p("seek_song", seek_seconds=secs)
    p("show_current_song")
    for loop in [True, False, "yes", "maybe", None, 1]:
        p("loop_song", loop=loop)
        p("show_current_song")
    p("next_song")
    p("show_current_song")  # played seconds back to 0
    # move_song_in_queue.
    for cur, new in [(0, 3), (3, 0), (2, 2), (0, 8), (8, 0), (-1, 0), ("1", "4"), (None, 1),
                     (7, 0)]:
        p("move_song_in_queue", current_position=cur, new_position=new)
    p("move_song_in_queue", current_position=1)
    p("show_song_queue")
    # remove_song_from_queue: before, at and after the cursor.
    p("play_music", queue_position=3)
    for pos in [5, 3, 0, 99, -1, "abc", "1"]:
        status, _ = p("remove_song_from_queue", position=pos)
        if status == 200:
            p("show_current_song")
    p("show_song_queue")
    # Remove the last one while it is current: the cursor wraps.
    p("play_music", queue_position=3)
    p("remove_song_from_queue", position=3)
    p("show_current_song")
    # Shuffle (seeded) and clear.
    p("shuffle_song_queue")
    p("show_song_queue")
    p("show_current_song")
    p("shuffle_song_queue")
    p("show_song_queue")
    # An empty position reaches DELETE /music_player/song_queue: the whole queue is cleared.
    p("remove_song_from_queue", position="")
    p("show_song_queue")
    p("add_to_queue", album_id=1)
    p("clear_song_queue")
    p("show_song_queue")
    p("show_current_song")
    # One song only: next/previous refuse; removing it empties the queue.
    p("add_to_queue", song_id=6)
    p("show_current_song")
    p("next_song")
    p("previous_song")
    p("play_music")
    p("remove_song_from_queue", position=0)
    p("show_song_queue")
    p("play_music")
    # Bruno's player is his own.
    p("show_song_queue", tok=tb)
    p("show_volume", tok=tb)
    p("play_music", tok=tb, playlist_id=1)
    p("show_current_song", tok=tb)
    p("show_song_queue", tok=ta)
    # An empty playlist and a private one of someone else.
    c(r, "create_playlist", _id="ep", access_token=tb, title="Empty")
    p("play_music", playlist_id=ref("ep", "playlist_id"))
    p("add_to_queue", playlist_id=ref("ep", "playlist_id"))
    p("show_song_queue")


# -- payment cards and Premium ---------------------------------------------------------------

def cards_and_premium(r: Recorder) -> None:
    r.reset()
    ta, tb, tc = r.login(APP, A, "ta"), r.login(APP, B, "tb"), r.login(APP, C, "tc")
    c(r, "show_payment_cards", access_token=ta)
    c(r, "show_premium_subscriptions", access_token=ta)
    c(r, "show_account", access_token=ta)
    variants = [
        ("card_name", ["Visa", "", None, 5]),
        ("owner_name", ["", "alice ng", "Bruno Ortiz", None]),
        ("card_number", ["4000000000001111", 123, 10**16, "abc", 4000000000001112]),
        ("expiry_year", ["2027", 2028, None]),
        ("expiry_month", [1.0, 2, 0, 13]),
        ("cvv_number", ["101", 102, 99, 1000]),
    ]
    n = 0
    for field, values in variants:
        for value in values:
            args = card(r, A, card_name=f"Card {n}")
            args[field] = value
            n += 1
            status, _ = c(r, "add_payment_card", _id=f"pc{n}", access_token=ta, **args)
            if status == 200:
                pid = ref(f"pc{n}", "payment_card_id")
                c(r, "show_payment_card", access_token=ta, payment_card_id=pid)
                c(r, "delete_payment_card", access_token=ta, payment_card_id=pid)
    c(r, "add_payment_card", access_token=ta)
    c(r, "add_payment_card", _id="ca", access_token=ta, **card(r, A))
    c(r, "add_payment_card", access_token=ta, **card(r, A))  # same card again
    c(r, "add_payment_card", access_token=ta, **card(r, A, card_name="Other"))
    c(r, "add_payment_card", access_token=tc, **card(r, A, card_name="Chen's copy"))
    c(r, "add_payment_card", _id="cb", access_token=tb, **card(r, B))
    # Chen saves Dara's card: any card the bank knows.
    c(r, "add_payment_card", _id="cd", access_token=tc, **card(r, D, card_name="Dara's"))
    ca, cb, cd = (ref(x, "payment_card_id") for x in ("ca", "cb", "cd"))
    c(r, "show_payment_cards", access_token=ta)
    c(r, "show_payment_cards", access_token=tc)
    for pid in [999, "abc", "", None, "1/2"]:
        c(r, "show_payment_card", access_token=ta, payment_card_id=pid)
    c(r, "show_payment_card", access_token=tb, payment_card_id=ca)
    c(r, "update_payment_card", access_token=tb, payment_card_id=ca, card_name="Mine now")
    c(r, "delete_payment_card", access_token=tb, payment_card_id=ca)
    for name in ["Main", "", None, 5, "Main"]:
        status, _ = c(r, "update_payment_card", access_token=ta, payment_card_id=ca, card_name=name)
        if status == 200:
            c(r, "show_payment_card", access_token=ta, payment_card_id=ca)
    c(r, "update_payment_card", access_token=ta, payment_card_id=ca)
    c(r, "update_payment_card", access_token=ta, payment_card_id=999, card_name="x")

    # Premium: odd arguments, someone else's card, then monthly for Alice and yearly for Chen.
    c(r, "show_premium_plans")
    for args in [{"payment_card_id": ca, "duration": "weekly"}, {"payment_card_id": ca},
                 {"duration": "monthly"}, {"payment_card_id": ca, "duration": "Monthly"},
                 {"payment_card_id": ca, "duration": None}, {"payment_card_id": 999, "duration": "monthly"},
                 {"payment_card_id": cb, "duration": "monthly"},
                 {"payment_card_id": "abc", "duration": "monthly"}]:
        c(r, "subscribe_premium", access_token=ta, **args)
    c(r, "subscribe_premium", _id="sa", _needs=PREMIUM_NEEDS, access_token=ta, payment_card_id=ca,
      duration="monthly")
    c(r, "subscribe_premium", access_token=ta, payment_card_id=ca, duration="yearly")
    c(r, "show_account", access_token=ta)
    c(r, "show_premium_subscriptions", access_token=ta)
    c(r, "subscribe_premium", _id="sc", _needs=PREMIUM_NEEDS, access_token=tc, payment_card_id=cd,
      duration="yearly")
    c(r, "show_premium_subscriptions", access_token=tc)
    c(r, "show_premium_subscriptions", access_token=tc, page_index=1)
    c(r, "show_premium_subscriptions", access_token=tc, page_limit=0)
    c(r, "show_account", access_token=tc)
    c(r, "show_profile", email=r.email(C))
    c(r, "show_account", access_token=tb)
    # Receipts into file_system.
    fa = r.login("file_system", A, "fa")
    sa = ref("sa", "premium_subscription_id")
    c(r, "download_premium_subscription_receipt", access_token=ta, premium_subscription_id=sa,
      file_system_access_token=fa)
    c(r, "download_premium_subscription_receipt", access_token=ta, premium_subscription_id=sa,
      file_system_access_token=fa)
    c(r, "download_premium_subscription_receipt", access_token=ta, premium_subscription_id=sa,
      file_system_access_token=fa, overwrite=True)
    c(r, "download_premium_subscription_receipt", access_token=ta, premium_subscription_id=sa,
      file_system_access_token=fa, download_to_file_path="~/documents/premium.txt")
    c(r, "download_premium_subscription_receipt", access_token=ta, premium_subscription_id=sa,
      file_system_access_token="garbage")
    c(r, "download_premium_subscription_receipt", access_token=ta, premium_subscription_id=999,
      file_system_access_token=fa)
    c(r, "download_premium_subscription_receipt", access_token=ta,
      premium_subscription_id=ref("sc", "premium_subscription_id"), file_system_access_token=fa)
    # Deleting the card keeps the subscription.
    c(r, "delete_payment_card", access_token=ta, payment_card_id=ca)
    c(r, "delete_payment_card", access_token=ta, payment_card_id=ca)
    c(r, "show_payment_cards", access_token=ta)
    c(r, "show_premium_subscriptions", access_token=ta)


def premium_shared_card(r: Recorder) -> None:
    """Premium outlives its card: Bruno subscribes yearly, deletes the card, and is still a
    member; Dara cannot save the same card number (global uniqueness)."""
    r.reset()
    tb, td = r.login(APP, B, "tb"), r.login(APP, D, "td")
    c(r, "add_payment_card", _id="cb", access_token=tb, **card(r, B))
    c(r, "add_payment_card", access_token=td, **card(r, B, card_name="Bruno's for Dara"))
    c(r, "subscribe_premium", _needs=PREMIUM_NEEDS, access_token=tb,
      payment_card_id=ref("cb", "payment_card_id"), duration="yearly")
    c(r, "delete_payment_card", access_token=tb, payment_card_id=ref("cb", "payment_card_id"))
    c(r, "show_account", access_token=tb)
    c(r, "show_premium_subscriptions", access_token=tb)
    c(r, "add_payment_card", _id="cd", access_token=td, **card(r, B, card_name="Bruno's for Dara"))
    c(r, "subscribe_premium", _needs=PREMIUM_NEEDS, access_token=td,
      payment_card_id=ref("cd", "payment_card_id"), duration="monthly")
    c(r, "show_premium_subscriptions", access_token=td)


# -- deleted accounts ------------------------------------------------------------------------

def deletion(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    # Bruno's footprint: likes, library, follow, playlist, reviews, player, card.
    c(r, "like_song", access_token=tb, song_id=1)
    c(r, "like_album", access_token=tb, album_id=1)
    c(r, "like_playlist", access_token=tb, playlist_id=1)
    c(r, "follow_artist", access_token=tb, artist_id=1)
    c(r, "add_song_to_library", access_token=tb, song_id=1)
    c(r, "download_song", access_token=tb, song_id=1)
    c(r, "create_playlist", _id="bp", access_token=tb, title="Bruno pub", is_public=True)
    c(r, "add_song_to_playlist", access_token=tb, playlist_id=ref("bp", "playlist_id"), song_id=2)
    c(r, "like_playlist", access_token=ta, playlist_id=ref("bp", "playlist_id"))
    c(r, "review_song", _id="bs", access_token=tb, song_id=1, rating=2, title="B")
    c(r, "review_album", _id="ba", access_token=tb, album_id=1, rating=2)
    c(r, "review_playlist", _id="bl", access_token=tb, playlist_id=1, rating=2)
    c(r, "play_music", access_token=tb, album_id=1)
    c(r, "add_payment_card", access_token=tb, **card(r, B))
    c(r, "show_song", song_id=1)
    c(r, "show_artist", artist_id=1)
    c(r, "delete_account", access_token=tb)
    c(r, "delete_account", access_token=tb)
    c(r, "show_song_library", access_token=tb)
    c(r, "logout", access_token=tb)
    c(r, "show_profile", email=r.email(B))
    # What others see afterwards.
    c(r, "show_song", song_id=1)
    c(r, "show_album", album_id=1)
    c(r, "show_artist", artist_id=1)
    c(r, "show_playlist", access_token=ta, playlist_id=1)
    c(r, "show_playlist", access_token=ta, playlist_id=ref("bp", "playlist_id"))
    c(r, "search_playlists", access_token=ta, page_limit=20)
    c(r, "show_liked_playlists", access_token=ta)
    c(r, "show_song_reviews", song_id=1)
    c(r, "show_song_review", review_id=ref("bs", "song_review_id"))
    c(r, "show_album_reviews", album_id=1)
    c(r, "show_playlist_reviews", access_token=ta, playlist_id=1)
    c(r, "search_artists", sort_by="-follower_count")


def generate(r: Recorder) -> None:
    auth_matrix(r)
    login_logout(r)
    accounts(r)
    catalog(r)
    search_catalog(r)
    toggles(r)
    playlists(r)
    reviews(r)
    player(r)
    deletion(r)
    cards_and_premium(r)
    premium_shared_card(r)
