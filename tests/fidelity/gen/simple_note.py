"""simple_note: the auth matrix, every account flow (signup, verification, login, logout,
password reset, profile, rename, deletion), note writes with every odd argument followed by
reads, and search_notes over queries, tag and pin filters, paging edges and every sort_by form.

People of the oracle world: 0 Alice (the supervisor; notes Groceries (pinned), Book list,
Workout plan), 1 Bruno (note Ideas), 2 Chen, 3 Dara; all have verified accounts."""

from common import ODD_VALUES, Recorder, login_attempts, logout_flow

APP = "simple_note"
A, B, C, D = range(4)
BAD_TOKENS = [None, "", "garbage", "Bearer x", 5, "eyJhbGciOiJIUzI1NiJ9.e30.sig"]


def c(r: Recorder, api: str, _id: str | None = None, **args):
    return r.call(APP, api, _id=_id, **args)


def auth_matrix(r: Recorder) -> None:
    ta = r.login(APP, A, "ta")
    calls = [
        ("show_account", {}), ("update_account_name", {"first_name": "Al"}),
        ("search_notes", {}), ("create_note", {"title": "T", "content": "x"}),
        ("show_note", {"note_id": 1}), ("update_note", {"note_id": 1, "content": "x"}),
        ("add_content_to_note", {"note_id": 1, "append_or_prepend": "append",
                                 "added_content": "x"}),
        ("delete_note", {"note_id": 1}), ("delete_account", {}), ("logout", {}),
    ]
    for api, args in calls:
        c(r, api, **args)  # no token at all
        for bad in BAD_TOKENS:
            c(r, api, access_token=bad, **args)
        # A bad token wins over bad parameters.
        c(r, api, access_token="garbage", note_id="x", title="", page_limit=0)
    # A good token with bad parameters: validation.
    c(r, "show_note", access_token=ta, note_id="x")
    c(r, "create_note", access_token=ta, title="", content=None)


def login_logout(r: Recorder) -> None:
    r.reset()
    email, pw = r.email(A), r.password(A, APP)
    login_attempts(lambda api, **a: c(r, api, **a), [
        (email, pw), (email, pw + "x"), (email, ""), (email.upper(), pw), (" " + email, pw),
        ("nobody@example.com", pw), ("", pw), (None, pw), (email, None), (r.username(A, "phone"), pw),
        (email, 12345), (12345, pw), (r.email(B), r.password(B, APP)), (email, r.password(A, "venmo")),
    ])
    # Logout: the token stops working; a second logout and a missing token fail differently.
    logout_flow(lambda api, **a: c(r, api, **a), lambda i: r.login(APP, A, i),
                ("show_account", {}), ("show_account", {}),
                ("search_notes", {}))


def accounts(r: Recorder) -> None:
    r.reset()
    ta = r.login(APP, A, "ta")
    c(r, "show_account", access_token=ta)
    # Profiles of others, by e-mail.
    for email in [r.email(B), r.email(B).upper(), " " + r.email(B), "nobody@example.com",
                  "not-an-email", "", None, 5, "bruno.ortiz@gmail", "@gmail.com"]:
        c(r, "show_profile", email=email)
    c(r, "show_profile")
    # Renames, each followed by the account.
    for names in [{"first_name": "Alicia"}, {"last_name": "Ngo"},
                  {"first_name": "Al", "last_name": "N"}, {}, {"first_name": ""},
                  {"last_name": " "}, {"first_name": None}, {"first_name": 42},
                  {"first_name": ["x"]}, {"last_name": True}, {"first_name": "Alice", "last_name": "Ng"}]:
        c(r, "update_account_name", access_token=ta, **names)
        c(r, "show_account", access_token=ta)
    c(r, "show_profile", email=r.email(A))

    # Signup: validation, an existing account, an address without a Gmail account.
    for args in [
        {"first_name": "Eve", "last_name": "Stone", "email": "eve.stone@example.com", "password": "pw123"},
        {"first_name": "Eve", "last_name": "Stone", "email": "eve.stone@example.com", "password": "pw123"},
        {"first_name": "Eve", "last_name": "Stone", "email": r.email(A), "password": "pw123"},
        {"first_name": "Eve", "last_name": "Stone", "email": r.email(A).upper(), "password": "pw123"},
        {"first_name": "", "last_name": "Stone", "email": "x1@example.com", "password": "pw123"},
        {"first_name": "Eve", "last_name": "", "email": "x2@example.com", "password": "pw123"},
        {"first_name": "Eve", "last_name": "Stone", "email": "bad-address", "password": "pw123"},
        {"first_name": "Eve", "last_name": "Stone", "email": "x3@example.com", "password": "pw1"},
        {"first_name": "Eve", "last_name": "Stone", "email": "x4@example.com", "password": 123456},
        {"first_name": 7, "last_name": 8, "email": "x5@example.com", "password": "pw123"},
        {"first_name": "Eve", "email": "x6@example.com"},
        {},
        {"first_name": None, "last_name": None, "email": None, "password": None},
    ]:
        c(r, "signup", **args)
    # The unverified account cannot log in; verification e-mails need a Gmail account.
    c(r, "login", username="eve.stone@example.com", password="pw123")
    c(r, "login", username="eve.stone@example.com", password="wrong")
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
    c(r, "delete_account", access_token=td)
    c(r, "show_account", access_token=td)
    c(r, "logout", access_token=td)
    c(r, "login", username=r.email(D), password=r.password(D, APP))
    c(r, "show_profile", email=r.email(D))
    c(r, "signup", first_name="Dara", last_name="Patel", email=r.email(D), password="newpass1")
    c(r, "login", username=r.email(D), password="newpass1")
    code = _user_row(r, r.email(D))["verification_code"]
    c(r, "verify_account", email=r.email(D), verification_code="1234567")
    c(r, "verify_account", email=r.email(D), verification_code=code.upper())
    c(r, "verify_account", email=r.email(D), verification_code=" " + code)
    c(r, "send_verification_code", email=r.email(D))
    code2 = _user_row(r, r.email(D))["verification_code"]
    c(r, "verify_account", email=r.email(D), verification_code=code)
    c(r, "verify_account", email=r.email(D), verification_code=code2)
    c(r, "verify_account", email=r.email(D), verification_code=code2)
    c(r, "send_verification_code", email=r.email(D))
    c(r, "login", _id="td3", username=r.email(D), password="newpass1")
    c(r, "show_account", access_token="${td3.access_token}")
    c(r, "search_notes", access_token="${td3.access_token}")
    c(r, "create_note", access_token="${td3.access_token}", title="Fresh start", content="hi")
    c(r, "search_notes", access_token="${td3.access_token}")

    # Password reset for Alice: wrong, right, reused codes; old and new passwords.
    c(r, "send_password_reset_code", email="nobody@example.com")
    c(r, "send_password_reset_code", email="bad")
    c(r, "send_password_reset_code")
    c(r, "reset_password", email=r.email(A), password_reset_code="0000000", new_password="secret1")
    c(r, "send_password_reset_code", email=r.email(A))
    code = _user_row(r, r.email(A))["password_reset_code"]
    c(r, "reset_password", email=r.email(A), password_reset_code="0000000", new_password="secret1")
    c(r, "reset_password", email=r.email(A), password_reset_code=code, new_password="abc")
    c(r, "reset_password", email="nobody@example.com", password_reset_code=code, new_password="secret1")
    c(r, "reset_password", email=r.email(A), password_reset_code=code, new_password="secret1")
    c(r, "reset_password", email=r.email(A), password_reset_code=code, new_password="secret2")
    c(r, "login", username=r.email(A), password=r.password(A, APP))
    c(r, "login", username=r.email(A), password="secret1")
    c(r, "show_account", access_token=ta)
    c(r, "reset_password", email=r.email(A), new_password="secret3")
    c(r, "reset_password")

    # Bruno deletes his account: his notes go with it, others keep theirs.
    tb = r.login(APP, B, "tb")
    c(r, "search_notes", access_token=tb)
    c(r, "delete_account", access_token=tb)
    c(r, "delete_account", access_token=tb)
    c(r, "show_profile", email=r.email(B))
    c(r, "search_notes", access_token=ta)
    c(r, "show_note", access_token=ta, note_id=4)


def _user_row(r: Recorder, email: str) -> dict:
    return next(u for u in r.state(APP)["users"] if u["email"] == email)


def note_writes(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    # create_note: each odd value for each argument, each success shown.
    base = {"title": "Base", "content": "text"}
    made = 0
    for field in ["title", "content", "tags", "pinned"]:
        for value in ODD_VALUES + (["weekly", " padded ", [" a ", "b"], ["", "x"], [" "],
                                    ["a", "a"], [None], ["A", "a"]] if field == "tags" else []):
            args = dict(base)
            args[field] = value
            if field != "title":
                args["title"] = f"{field} {made}"
            ref = f"n{made}"
            status, body = c(r, "create_note", _id=ref, access_token=ta, **args)
            made += 1
            if status == 200:
                c(r, "show_note", access_token=ta, note_id="${" + ref + ".note_id}")
    c(r, "create_note", access_token=ta, title="Groceries", content="dup")
    c(r, "create_note", access_token=ta, title="groceries", content="case differs")
    c(r, "create_note", access_token=tb, title="Groceries", content="other user")
    c(r, "create_note", access_token=ta, content="no title")
    c(r, "create_note", access_token=ta, title="no content")
    c(r, "create_note", access_token=ta, title="extra", content="x", note_id=99, user_id=2)
    c(r, "search_notes", access_token=ta, page_limit=20)

    # show_note: path values of every kind.
    for note_id in [1, 2, 3, 4, 999, 0, -1, "1", " 1", "1.0", 1.0, 1.5, "abc", "", True, None,
                    [1], "1/2", "%31"]:
        c(r, "show_note", access_token=ta, note_id=note_id)
    c(r, "show_note", access_token=ta)
    c(r, "show_note", access_token=tb, note_id=1)
    c(r, "show_note", access_token=tb, note_id=4)

    # update_note: each field and odd value; every success followed by the note.
    for field, values in [
        ("title", ["Groceries!", "", " ", None, 12, "Book list", "book list", ["x"]]),
        ("content", ["new text", "", None, 3.5, False, {"a": 1}]),
        ("tags", [["x", "y"], [], None, "solo", [" t "], [""], [1, 2]]),
        ("pinned", [True, False, None, "yes", "maybe", 0, 2]),
    ]:
        for value in values:
            status, _ = c(r, "update_note", access_token=ta, note_id=1, **{field: value})
            if status == 200:
                c(r, "show_note", access_token=ta, note_id=1)
    c(r, "update_note", access_token=ta, note_id=1)
    c(r, "show_note", access_token=ta, note_id=1)
    c(r, "update_note", access_token=ta, note_id=1, title="Groceries", content="milk", tags=["shopping"], pinned=True)
    c(r, "show_note", access_token=ta, note_id=1)
    for note_id in [4, 999, "abc", "", 1.5]:
        c(r, "update_note", access_token=ta, note_id=note_id, title="Hijack")
    c(r, "search_notes", access_token=tb)

    # add_content_to_note: both directions, odd directions and contents.
    for where, added in [("append", "line A"), ("prepend", "line B"), ("APPEND", "x"),
                         ("insert", "x"), ("", "x"), (" append", "x"), ("append", ""),
                         ("append", 42), ("append", None), ("prepend", ["x"]),
                         ("append", "multi\nline"), ("prepend", "  spaced  ")]:
        status, _ = c(r, "add_content_to_note", access_token=ta, note_id=2,
                      append_or_prepend=where, added_content=added)
        if status == 200:
            c(r, "show_note", access_token=ta, note_id=2)
    c(r, "add_content_to_note", access_token=ta, note_id=2, append_or_prepend="append")
    c(r, "add_content_to_note", access_token=ta, note_id=4, append_or_prepend="append", added_content="x")
    c(r, "add_content_to_note", access_token=ta, note_id=999, append_or_prepend="append", added_content="x")
    c(r, "add_content_to_note", access_token=ta, note_id="abc", append_or_prepend="append", added_content="x")
    c(r, "add_content_to_note", access_token=ta, note_id="", append_or_prepend="append", added_content="x")
    c(r, "add_content_to_note", access_token=ta, append_or_prepend="append", added_content="x")

    # delete_note: own, someone else's, missing, twice, odd ids; then the lists.
    for note_id in [3, 3, 4, 999, "abc", "", 0, "2.0", None]:
        c(r, "delete_note", access_token=ta, note_id=note_id)
    c(r, "delete_note", access_token=ta)
    c(r, "search_notes", access_token=ta, page_limit=20)
    c(r, "search_notes", access_token=tb)
    c(r, "show_note", access_token=ta, note_id=3)
    # Search after many writes and deletes: ranking statistics and the order of the rest.
    for query in ["text", "base", "milk", "7", "weekly", "tags", "pinned 1", "content x"]:
        c(r, "search_notes", access_token=ta, query=query, page_limit=20)
        c(r, "search_notes", access_token=ta, query=query, page_index=1, page_limit=7)
        c(r, "search_notes", access_token=ta, query=query, page_index=2, page_limit=20,
          sort_by="-pinned")
    c(r, "search_notes", access_token=tb, query="groceries other", page_limit=20)


# Notes Alice adds before searching: varied titles, contents, tags and pins.
EXTRA_NOTES = [
    ("Trip to Lisbon", "flights booked; hotel near Alfama; run 5k by the river", ["travel", "Weekly"], False),
    ("Meeting notes", "Q2 budget review with Dara and Chen", ["work"], True),
    ("Recipes", "pancakes: milk, eggs, flour", ["cooking", "shopping"], False),
    ("Gift ideas", "Bruno: book; Chen: plant", [], False),
    ("Run log", "Mon 5k 27:10; Wed 10k", ["health", "running"], True),
    ("Passwords hint", "the usual one", ["private"], False),
    ("Bucket list", "see the northern lights", ["someday"], False),
    ("Reading notes: Dune", "spice must flow", ["reading", "books"], False),
    ("Garden plan", "tomatoes, basil, start a garden bed", ["home", "weekly"], False),
    ("Shopping", "batteries, milk", ["Shopping"], True),
    ("Movies", "Dune part two; Arrival", ["watch"], False),
    ("Weekly review", "inbox zero; plan the week", ["weekly", "work"], False),
    ("Untitled", "", [], False),
    ("zz last", "ends the alphabet", ["misc"], False),
    ("AA first", "starts the alphabet", ["misc"], True),
]


def search(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    c(r, "search_notes", access_token=ta)
    c(r, "search_notes", access_token=tb)
    for title, content, tags, pinned in EXTRA_NOTES:
        c(r, "create_note", access_token=ta, title=title, content=content, tags=tags, pinned=pinned)
    # Bump some notes so updated_at orders differ from creation (the clock is frozen, so only
    # the order of ties shows).
    c(r, "update_note", access_token=ta, note_id=2, content="Dune; Middlemarch; The Overstory; Piranesi")

    def s(**args):
        c(r, "search_notes", access_token=ta, **args)

    s()
    for limit in [1, 2, 5, 19, 20]:
        for index in [0, 1, 3, 4, 17, 18, 100]:
            s(page_index=index, page_limit=limit)
    for bad in [{"page_limit": 0}, {"page_limit": 21}, {"page_limit": -5}, {"page_index": -1},
                {"page_index": "2"}, {"page_limit": "3"}, {"page_limit": 2.5}, {"page_index": 1.0},
                {"page_limit": "3.0"}, {"page_index": ""}, {"page_limit": None}, {"page_index": None},
                {"page_limit": True}, {"page_index": [1, 2]}, {"page_limit": "x", "page_index": -1},
                {"page_limit": 10**20}]:
        s(**bad)
    for sort_by in [None, "", " ", "+created_at", "-created_at", "+updated_at", "-updated_at",
                    "+pinned", "-pinned", "created_at", "updated_at", "+title", "-note_id",
                    " -updated_at", "-updated_at ", "++created_at", "+", "-", "+Created_At",
                    "+created_at,-pinned", 5, "+ created_at", "-tags", "+content"]:
        s(sort_by=sort_by)
        s(sort_by=sort_by, page_index=1, page_limit=4)
    for query in ["milk", "MILK", "Milk eggs", "run 5k", "dune", "the", "weekly", "Weekly",
                  "garden", "xyzzy", "e", "eggs,bread", "book-list", "yoga*", "OR", "AND milk",
                  "NOT", "NEAR", "  lisbon  ", "spice must flow", "5k", "plan", "planning",
                  "plans", "shop", "shopping", "run\tlog", "ünïcödé", "'quoted'", "(milk)",
                  "milk:eggs", "^milk", "title", "pinned"]:
        s(query=query)
        s(query=query, page_limit=3, page_index=1)
    for query, sort_by in [("milk", "-created_at"), ("milk", "+pinned"), ("weekly", "-pinned"),
                           ("dune", "+updated_at"), ("xyzzy", "-pinned"), ("plan", "bad")]:
        s(query=query, sort_by=sort_by)
        s(query=query, sort_by=sort_by, page_limit=2, page_index=1)
    for tags in [None, [], ["weekly"], "weekly", ["WEEKLY"], [" weekly "], ["weekly", "reading"],
                 ["nope"], [""], "", 5, ["shopping"], ["misc", "work"], [1], "Weekly"]:
        s(tags=tags)
        s(tags=tags, query="plan")
    for pinned in [None, True, False, "true", "false", 1, 0, "yes", "no", "maybe", "", 2, []]:
        s(pinned=pinned)
        s(pinned=pinned, sort_by="+created_at")
    for flag in [None, True, False, "true", 1, "x", ""]:
        s(dont_reorder_pinned=flag)
        s(dont_reorder_pinned=flag, sort_by="-pinned", page_limit=7)
        s(dont_reorder_pinned=flag, query="milk")
    s(tags=["weekly"], pinned=False, query="week", sort_by="-updated_at", page_limit=2)
    s(tags=["misc"], pinned=True, dont_reorder_pinned=True)
    s(query="milk", tags=["shopping"], pinned=True, page_index=0, page_limit=20)
    s(unknown_filter="x", page_limit=20)
    # Bruno sees only his own notes, whatever he asks for.
    for args in [{}, {"query": "milk"}, {"tags": ["shopping"]}, {"pinned": False},
                 {"sort_by": "-created_at"}, {"page_index": 1}]:
        c(r, "search_notes", access_token=tb, **args)


def generate(r: Recorder) -> None:
    auth_matrix(r)
    login_logout(r)
    accounts(r)
    note_writes(r)
    search(r)
