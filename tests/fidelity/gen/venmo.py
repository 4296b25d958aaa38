"""venmo: the auth matrix over every protected API, login/logout, every account flow (signup,
verification and password reset by e-mail, profile, rename, deletion), friends (one-directional
friendships, search_friends and search_users), payment cards (odd arguments, duplicates, cards
the bank does not know, ownership), the wallet and the bank (top-ups and withdrawals to a card
with their bank-side effects, the transfer history and its receipts), money sent from the
wallet and from cards (odd amounts, rounding, insufficient funds), show_transactions over
filters, queries, paging and every sort_by form, likes and comments (privacy rules), payment
requests (approve from wallet or card, deny, remind, update, delete, completed requests),
notifications and the social feed; then what a deleted account leaves behind.

People of the oracle world (venmo ids 1-4): 0 Alice (the supervisor; wallet 214.75, saved card 1
= her bank card ****1111), 1 Bruno (305.25), 2 Chen (380.00), 3 Dara (400.00, no friends).
Friendships Alice->Bruno, Alice->Chen, Bruno->Chen (one-directional). Transactions: 1 Alice->Bruno
12.50 "Lunch" (public, liked by Chen, comment 1 "Thanks!" by Bruno), 2 Alice->Chen 30.00
"Concert tickets" (private), 3 Bruno->Alice 7.25 "Coffee". Payment request 1: Chen asks Alice
for 20.00 "Cab share". Notifications 1-4 (received money for Bruno, Chen, Alice; Alice's
request). Every person has a bank card (admin, balance 5000) in the manifest, not saved in
venmo except Alice's."""

from common import ODD_VALUES, Recorder, login_attempts, logout_flow

APP = "venmo"
A, B, C, D = range(4)
BAD_TOKENS = [None, "", "garbage", "Bearer x", 5, "eyJhbGciOiJIUzI1NiJ9.e30.sig"]
# Path values of every kind for an integer id.
ODD_IDS = [0, -1, 999, "1", " 1", "%31", "1.0", 1.0, 1.5, "abc", "", None, True, [1], "1/2"]

# APIs whose answer depends on another app: e-mails go through gmail (receipts attached from
# the company's file_system), receipts are written into the caller's file_system.
NEEDS = {
    "signup": ["gmail"],
    "send_verification_code": ["gmail"],
    "send_password_reset_code": ["gmail"],
    "reset_password": ["gmail"],
    "add_to_venmo_balance": ["gmail", "file_system"],
    "withdraw_from_venmo_balance": ["gmail", "file_system"],
    "download_bank_transfer_receipt": ["file_system"],
    "download_transaction_receipt": ["file_system"],
}


def c(r: Recorder, api: str, _id: str | None = None, **args):
    return r.call(APP, api, _id=_id, _needs=NEEDS.get(api), **args)


def card(r: Recorder, person: int, **changes) -> dict:
    """The bank card of `person` as add_payment_card wants it, with `changes` applied."""
    return dict(r.users[person]["bank_card"], **changes)


def ref(name: str, field: str) -> str:
    return "${" + name + "." + field + "}"


def _user_row(r: Recorder, email: str) -> dict:
    return next(u for u in r.state(APP)["users"] if u["email"] == email)


def _bank_balance(r: Recorder, person: int) -> float:
    """What the bank (admin) holds on `person`'s card now (looked up, not recorded)."""
    number = r.users[person]["bank_card"]["card_number"]
    row = next(row for row in r.state("admin")["payment_cards"] if row["card_number"] == number)
    return round(row["balance"], 2)


# -- auth ------------------------------------------------------------------------------------

def auth_calls(r: Recorder) -> list[tuple[str, dict, dict]]:
    """Every protected API: (name, plausible arguments, invalid arguments)."""
    eb = r.email(B)
    return [
        ("show_account", {}, {}),
        ("delete_account", {}, {}),
        ("update_account_name", {"first_name": "Al"}, {"first_name": ""}),
        ("logout", {}, {}),
        ("show_profile", {"email": eb}, {"email": "bad"}),
        ("search_users", {"query": "bruno"}, {"page_limit": 0}),
        ("search_friends", {}, {"user_email": "bad"}),
        ("add_friend", {"user_email": r.email(D)}, {"user_email": "bad"}),
        ("remove_friend", {"user_email": eb}, {"user_email": "bad"}),
        ("show_venmo_balance", {}, {}),
        ("add_to_venmo_balance", {"amount": 10, "payment_card_id": 1}, {"amount": -1}),
        ("withdraw_from_venmo_balance", {"amount": 10, "payment_card_id": 1}, {"amount": "x"}),
        ("show_bank_transfer_history", {}, {"transfer_type": "x"}),
        ("download_bank_transfer_receipt", {"bank_transfer_id": 1}, {"bank_transfer_id": "x"}),
        ("show_transaction", {"transaction_id": 1}, {"transaction_id": "x"}),
        ("update_transaction", {"transaction_id": 1, "description": "x"}, {"transaction_id": "x"}),
        ("show_transactions", {}, {"sort_by": "amount"}),
        ("create_transaction", {"receiver_email": eb, "amount": 1}, {"amount": 0}),
        ("download_transaction_receipt", {"transaction_id": 1}, {"transaction_id": 1.5}),
        ("like_transaction", {"transaction_id": 1}, {"transaction_id": "x"}),
        ("unlike_transaction", {"transaction_id": 1}, {"transaction_id": "x"}),
        ("show_transaction_comments", {"transaction_id": 1}, {"page_limit": 50}),
        ("create_transaction_comment", {"transaction_id": 1, "comment": "x"}, {"comment": None}),
        ("show_transaction_comment", {"comment_id": 1}, {"comment_id": "x"}),
        ("delete_transaction_comment", {"comment_id": 1}, {"comment_id": "x"}),
        ("update_transaction_comment", {"comment_id": 1, "comment": "x"}, {"comment_id": "x"}),
        ("like_transaction_comment", {"comment_id": 1}, {"comment_id": "x"}),
        ("unlike_transaction_comment", {"comment_id": 1}, {"comment_id": "x"}),
        ("show_payment_card", {"payment_card_id": 1}, {"payment_card_id": "x"}),
        ("delete_payment_card", {"payment_card_id": 1}, {"payment_card_id": "x"}),
        ("update_payment_card", {"payment_card_id": 1, "card_name": "x"}, {"card_name": ""}),
        ("show_payment_cards", {}, {}),
        ("add_payment_card", card(r, A, card_name="Other"), {"card_number": 1}),
        ("show_received_payment_requests", {}, {"status": "open"}),
        ("show_sent_payment_requests", {}, {"status": "open"}),
        ("create_payment_request", {"user_email": eb, "amount": 1}, {"amount": "x"}),
        ("delete_payment_request", {"payment_request_id": 1}, {"payment_request_id": "x"}),
        ("update_payment_request", {"payment_request_id": 1, "amount": 2}, {"amount": -2}),
        ("approve_payment_request", {"payment_request_id": 1}, {"payment_card_id": "x"}),
        ("deny_payment_request", {"payment_request_id": 1}, {"payment_request_id": "x"}),
        ("remind_payment_request", {"payment_request_id": 1}, {"payment_request_id": "x"}),
        ("show_social_feed", {}, {"page_index": -1}),
        ("show_notifications", {}, {"read": "maybe"}),
        ("delete_notifications", {}, {}),
        ("mark_notifications", {"read": True}, {"read": "maybe"}),
        ("show_notifications_count", {}, {"read": "maybe"}),
        ("delete_notification", {"notification_id": 1}, {"notification_id": "x"}),
        ("mark_notification", {"notification_id": 1, "read": True}, {"read": None}),
    ]


def auth_matrix(r: Recorder) -> None:
    # A token of another app, and a venmo token that has been logged out.
    other_app = r.login("simple_note", A, "sn")
    gone = r.login(APP, B, "gone")
    c(r, "logout", access_token=gone)
    # Every protected API refuses a bad token, and a bad token wins over bad parameters.
    for api, args, bad in auth_calls(r):
        r.call(APP, api, access_token="garbage", **{**args, **bad})
    # Every token form (none at all included) on a read, a write and logout.
    for api, args in [("show_account", {}),
                      ("create_transaction", {"receiver_email": r.email(B), "amount": 1}),
                      ("logout", {})]:
        r.call(APP, api, **args)
        for bad in BAD_TOKENS + [other_app, gone]:
            r.call(APP, api, access_token=bad, **args)
    # The account APIs need no token; one given is ignored.
    ta = r.login(APP, A, "ta")
    c(r, "send_verification_code", email=r.email(A), access_token="garbage")
    c(r, "show_account", access_token=ta)


def login_logout(r: Recorder) -> None:
    r.reset()
    email, pw = r.email(A), r.password(A, APP)
    login_attempts(lambda api, **a: c(r, api, **a), [
        (email, pw), (email, pw + "x"), (email, ""), (email.upper(), pw), (" " + email, pw),
        ("Alice.Ng@gmail.com", pw), ("alice.ng@GMAIL.COM", pw), ("nobody@example.com", pw),
        ("", pw), (None, pw), (email, None), (r.username(A, "phone"), pw), (email, 12345),
        (12345, pw), (r.email(B), r.password(B, APP)), (email, r.password(A, "simple_note")),
        (email, pw.upper()), (email, " " + pw),
    ])
    # Logout: the token stops working, another token of the same person does not.
    logout_flow(lambda api, **a: c(r, api, **a), lambda i: r.login(APP, A, i),
                ("show_venmo_balance", {}), ("show_venmo_balance", {}),
                ("show_transactions", {}))
    tb = r.login(APP, B, "tb")
    c(r, "show_account", access_token=tb)


# -- accounts --------------------------------------------------------------------------------

def accounts(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    c(r, "show_account", access_token=ta)
    c(r, "show_venmo_balance", access_token=ta)
    # Profiles of others, by e-mail (with the friendship seen from the caller).
    for email in [r.email(B), r.email(D), r.email(A), r.email(B).upper(), "bruno.ortiz@GMAIL.com",
                  " " + r.email(B), "nobody@example.com", "not-an-email", "", None, 5]:
        c(r, "show_profile", access_token=ta, email=email)
    c(r, "show_profile", access_token=ta)
    c(r, "show_profile", access_token=tb, email=r.email(A))
    # Renames, each followed by the account; a sender's name shows in her transactions.
    for names in [{"first_name": "Alicia"}, {"first_name": "Al", "last_name": "N"}, {},
                  {"first_name": ""}, {"last_name": " "}, {"first_name": None}, {"first_name": 42},
                  {"first_name": ["x"]}, {"last_name": True},
                  {"first_name": "Zoe", "last_name": "Quill"}]:
        status, _ = c(r, "update_account_name", access_token=ta, **names)
        if status == 200:
            c(r, "show_account", access_token=ta)
    c(r, "show_profile", access_token=tb, email=r.email(A))
    c(r, "show_transaction", access_token=tb, transaction_id=1)
    # Search text follows a rename on sent transactions only (the received one keeps "Alice").
    for query in ["zoe", "quill", "alice", "coffee zoe"]:
        c(r, "show_transactions", access_token=ta, query=query, page_limit=1)
        c(r, "show_transactions", access_token=tb, query=query, page_limit=1)
    c(r, "search_users", access_token=tb, query="zoe quill")

    # Signup: validation, an existing account, an address without a Gmail account.
    eve = {"first_name": "Eve", "last_name": "Stone", "email": "eve.stone@example.com",
           "password": "pw123"}
    for args in [
        eve, eve, dict(eve, email=r.email(A)), dict(eve, email=r.email(A).upper()),
        dict(eve, email="alice.ng@GMAIL.COM"),
        {"first_name": "", "last_name": "Stone", "email": "x1@example.com", "password": "pw123"},
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
    c(r, "show_profile", access_token=ta, email="eve.stone@example.com")
    c(r, "send_verification_code", email="eve.stone@example.com")
    c(r, "send_verification_code", email=r.email(A))
    c(r, "send_verification_code", email="nobody@example.com")
    c(r, "send_verification_code", email="bad")
    c(r, "send_verification_code")
    c(r, "verify_account", email="eve.stone@example.com", verification_code="0000000")
    c(r, "verify_account", email=r.email(A), verification_code="0000000")
    c(r, "verify_account", email="nobody@example.com", verification_code="0000000")
    c(r, "verify_account", email="eve.stone@example.com")
    # Eve verifies with the code the failed e-mail never delivered (it is saved anyway).
    code = _user_row(r, "eve.stone@example.com")["verification_code"]
    c(r, "verify_account", email="eve.stone@example.com", verification_code=code)
    c(r, "login", _id="te", username="eve.stone@example.com", password="pw123")
    te = ref("te", "access_token")
    c(r, "show_account", access_token=te)
    c(r, "search_users", access_token=te, page_limit=10)
    c(r, "create_transaction", access_token=te, receiver_email=r.email(A), amount=1)
    c(r, "create_payment_request", access_token=te, user_email=r.email(A), amount=3,
      description="from Eve")
    c(r, "show_received_payment_requests", access_token=ta)

    # Dara deletes her account and signs up again: the code goes to her Gmail inbox. A token
    # of the old account that was not logged out names the new one by its e-mail.
    td, td_old = r.login(APP, D, "td"), r.login(APP, D, "td_old")
    c(r, "delete_account", access_token=td)
    c(r, "show_account", access_token=td)
    c(r, "logout", access_token=td)
    c(r, "login", username=r.email(D), password=r.password(D, APP))
    c(r, "show_profile", access_token=ta, email=r.email(D))
    c(r, "signup", first_name="Dara", last_name="Patel", email=r.email(D), password="newpass1")
    c(r, "login", username=r.email(D), password="newpass1")
    c(r, "show_account", access_token=td_old)
    c(r, "logout", access_token=td_old)
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
    td3 = ref("td3", "access_token")
    c(r, "show_account", access_token=td3)
    c(r, "show_venmo_balance", access_token=td_old)
    c(r, "show_profile", access_token=ta, email=r.email(D))

    # Password reset for Alice: wrong, right, reused codes; old and new passwords.
    c(r, "send_password_reset_code", email="nobody@example.com")
    c(r, "send_password_reset_code", email="bad")
    c(r, "send_password_reset_code")
    c(r, "reset_password", email=r.email(A), password_reset_code="0000000", new_password="secret1")
    c(r, "send_password_reset_code", email=r.email(A))
    code = _user_row(r, r.email(A))["password_reset_code"]
    c(r, "reset_password", email=r.email(A), password_reset_code="0000000", new_password="secret1")
    c(r, "reset_password", email=r.email(A), password_reset_code=code, new_password="abc")
    c(r, "reset_password", email="nobody@example.com", password_reset_code=code,
      new_password="secret1")
    c(r, "reset_password", email=r.email(A), password_reset_code=code, new_password="secret1")
    c(r, "reset_password", email=r.email(A), password_reset_code=code, new_password="secret2")
    c(r, "login", username=r.email(A), password=r.password(A, APP))
    c(r, "login", username=r.email(A), password="secret1")
    c(r, "login", username=r.email(A), password="secret2")
    c(r, "show_account", access_token=ta)
    c(r, "reset_password", email=r.email(A), new_password="secret3")
    c(r, "reset_password")
    # A reset for an account without a Gmail inbox (Eve).
    c(r, "send_password_reset_code", email="eve.stone@example.com")
    c(r, "login", username="eve.stone@example.com", password="pw123")


# -- friends ---------------------------------------------------------------------------------

# People who sign up only to make user search interesting (no Gmail: verified from the rows).
EXTRA_PEOPLE = [("Bruna", "Ortega", "bruna.ortega@example.com"),
                ("Chen", "Wu", "chen.wu@example.com"),
                ("Lee", "Park", "lee.park@example.org"),
                ("Alicia", "Li", "ali.li@example.net")]


def friends(r: Recorder) -> None:
    r.reset()
    ta, tb, tc, td = (r.login(APP, p, f"t{p}") for p in range(4))
    for tok in [ta, tb, tc, td]:
        c(r, "search_friends", access_token=tok)
    # Someone else's friends, by e-mail.
    for email in [r.email(B), r.email(A), r.email(D), "nobody@example.com", "bad",
                  "bruno.ortiz@GMAIL.COM"]:
        c(r, "search_friends", access_token=td, user_email=email)
    # add_friend: path values of every kind, yourself, twice.
    for email in [r.email(D), r.email(D), " " + r.email(D), r.email(A), "alice.ng@GMAIL.COM",
                  "Dara.Patel@gmail.com", "nobody@example.com", "", None, "dara.patel@gmail",
                  "a/b@example.com", "%20" + r.email(D)]:
        c(r, "add_friend", access_token=ta, user_email=email)
    c(r, "add_friend", access_token=ta)
    # Friendship is one-directional: Alice sees Dara as a friend, Dara does not.
    c(r, "search_friends", access_token=ta, page_limit=20)
    c(r, "search_friends", access_token=td)
    c(r, "show_profile", access_token=ta, email=r.email(D))
    c(r, "show_profile", access_token=td, email=r.email(A))
    c(r, "show_account", access_token=ta)
    c(r, "show_account", access_token=td)
    c(r, "add_friend", access_token=td, user_email=r.email(A))
    c(r, "search_friends", access_token=td)
    c(r, "add_friend", access_token=td, user_email=r.email(B))
    c(r, "add_friend", access_token=td, user_email=r.email(C))
    c(r, "show_account", access_token=td)
    # remove_friend: a friend, twice, a stranger, yourself, nobody, odd values.
    for email in [r.email(C), r.email(C), r.email(A), "nobody@example.com", "", None, "bad",
                  " " + r.email(B)]:
        c(r, "remove_friend", access_token=ta, user_email=email)
    c(r, "search_friends", access_token=ta)
    c(r, "search_friends", access_token=td, page_limit=20)

    # More people, then search_users and search_friends over queries and pages.
    for first, last, email in EXTRA_PEOPLE:
        c(r, "signup", first_name=first, last_name=last, email=email, password="pw12345")
        code = _user_row(r, email)["verification_code"]
        c(r, "verify_account", email=email, verification_code=code)
    c(r, "add_friend", access_token=ta, user_email="chen.wu@example.com")
    c(r, "add_friend", access_token=ta, user_email="lee.park@example.org")
    c(r, "add_friend", access_token=td, user_email="bruna.ortega@example.com")

    def su(tok, **args):
        c(r, "search_users", access_token=tok, **args)

    su(ta)
    su(ta, page_limit=20)
    su(td, page_limit=20)
    su(tb, page_limit=20)
    for query in ["bruno", "BRUNO", "ortiz bruno", "bru", "chen", "li", "gmail", "example",
                  "chen.li@gmail.com", "park lee", "alicia", "xyzzy", "  dara  ", "@",
                  "bruna ortega chen"]:
        su(ta, query=query)
    # With a query, a later page goes on with the ranking (non-matches fill it up).
    for query in ["bruno", "example", "xyzzy"]:
        su(ta, query=query, page_index=1, page_limit=2)
    for index, limit in [(1, 1), (7, 1), (8, 1), (2, 3), (100, 20)]:
        su(ta, page_index=index, page_limit=limit)
    for bad in [{"page_limit": 0}, {"page_limit": 21}, {"page_index": "2"}, {"query": None},
                {"query": 5}, {"query": ["bruno", "chen"]}]:
        su(ta, **bad)

    def sf(tok, **args):
        c(r, "search_friends", access_token=tok, **args)

    sf(ta, page_limit=20)
    for query in ["chen", "wu", "lee", "dara", "gmail", "example", "xyzzy", "BRUNO ORTIZ", ""]:
        sf(ta, query=query)
    for query in ["lee", "example", "xyzzy"]:
        sf(ta, query=query, page_limit=1, page_index=1)
    sf(td, user_email=r.email(A), query="lee")
    sf(td, user_email=r.email(A), page_limit=2, page_index=1)
    sf(ta, user_email="chen.wu@example.com")
    for bad in [{"page_index": -1}, {"user_email": None}]:
        sf(ta, **bad)


# -- payment cards ---------------------------------------------------------------------------

def payment_cards(r: Recorder) -> None:
    r.reset()
    ta, tb, tc = r.login(APP, A, "ta"), r.login(APP, B, "tb"), r.login(APP, C, "tc")
    c(r, "show_payment_cards", access_token=ta)
    c(r, "show_payment_cards", access_token=tb)
    c(r, "show_payment_card", access_token=ta, payment_card_id=1)
    # add_payment_card: each odd value of each field (Bruno's bank card otherwise); every card
    # that gets in is shown and removed again, so that the next one can get in too.
    variants = [
        ("card_name", ["Visa", "", " ", None, 5, ["x"]]),
        ("owner_name", ["", "bruno ortiz", " Bruno Ortiz", None, "Alice Ng"]),
        ("card_number", ["4000000000002222", 4000000000002223, 123, 10**16, "abc"]),
        ("expiry_year", ["2027", 2028, None, "soon"]),
        ("expiry_month", [2.0, 3, 0, 13]),
        ("cvv_number", ["102", 103, 99, 1000, "1e2"]),
    ]
    n = 0
    for field, values in variants:
        for value in values:
            args = card(r, B, card_name=f"Card {n}")
            args[field] = value
            n += 1
            status, _ = c(r, "add_payment_card", _id=f"pc{n}", access_token=tb, **args)
            if status == 200:
                pid = ref(f"pc{n}", "payment_card_id")
                c(r, "show_payment_card", access_token=tb, payment_card_id=pid)
                c(r, "delete_payment_card", access_token=tb, payment_card_id=pid)
    args = card(r, B)
    args.pop("cvv_number")
    c(r, "add_payment_card", access_token=tb, **args)
    c(r, "add_payment_card", access_token=tb)
    c(r, "add_payment_card", access_token=tb, **card(r, B), extra="ignored", user_id=1)
    c(r, "show_payment_cards", access_token=tb)
    # Duplicates: the same card again, another name for it, the same name on another owner.
    c(r, "add_payment_card", access_token=tb, **card(r, B))
    c(r, "add_payment_card", access_token=tb, **card(r, B, card_name="Spare"))
    c(r, "add_payment_card", access_token=tc, **card(r, B, card_name="Spare"))
    c(r, "add_payment_card", access_token=ta, **card(r, A))
    c(r, "add_payment_card", access_token=ta, **card(r, A, card_name="Work"))
    # Any card the bank knows can be saved, whoever owns it: Chen saves Dara's.
    c(r, "add_payment_card", access_token=tc, **card(r, D, card_name="Dara's"))
    c(r, "show_payment_cards", access_token=tc)
    c(r, "add_payment_card", access_token=r.login(APP, D, "td"), **card(r, D))

    # show / update / delete over odd path values, and other people's cards.
    for pid in [0, 999, " 1", "abc", "", None, "1/2"]:
        c(r, "show_payment_card", access_token=ta, payment_card_id=pid)
    c(r, "show_payment_card", access_token=ta)
    c(r, "show_payment_card", access_token=tb, payment_card_id=1)
    c(r, "update_payment_card", access_token=tb, payment_card_id=1, card_name="Mine now")
    c(r, "delete_payment_card", access_token=tb, payment_card_id=1)
    for name in ["Main", "", " ", None, 5, ["x"], "Visa", "Main"]:
        status, _ = c(r, "update_payment_card", access_token=ta, payment_card_id=1, card_name=name)
        if status == 200:
            c(r, "show_payment_card", access_token=ta, payment_card_id=1)
    c(r, "update_payment_card", access_token=ta, payment_card_id=1)
    c(r, "update_payment_card", access_token=ta, payment_card_id=1, card_name="Main",
      owner_name="X", card_number=1)
    c(r, "show_payment_cards", access_token=ta)
    for pid in [999, "abc", "", "1/2"]:
        c(r, "update_payment_card", access_token=ta, payment_card_id=pid, card_name="x")
        c(r, "delete_payment_card", access_token=ta, payment_card_id=pid)
    # Renamed, the card's old name is free again; the card number is not.
    c(r, "add_payment_card", access_token=ta, **card(r, A))
    c(r, "delete_payment_card", access_token=ta, payment_card_id=1)
    c(r, "delete_payment_card", access_token=ta, payment_card_id=1)
    c(r, "show_payment_card", access_token=ta, payment_card_id=1)
    c(r, "show_payment_cards", access_token=ta)
    c(r, "add_payment_card", _id="again", access_token=ta, **card(r, A))
    c(r, "show_payment_cards", access_token=ta)
    c(r, "show_payment_card", access_token=ta, payment_card_id=ref("again", "payment_card_id"))


# -- wallet and bank -------------------------------------------------------------------------

def balance(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    fa = r.login("file_system", A, "fa")
    for tok in [ta, tb]:
        c(r, "show_venmo_balance", access_token=tok)
    c(r, "show_bank_transfer_history", access_token=ta)

    # Top-ups from Alice's card 1: odd amounts (rounded to cents), each followed by the wallet.
    # 0.001 rounds to 0.00: AppWorld fails inside (one crash line).
    for amount in [" 7 ", 7.5, True, "1e1", 0.005, 1.005, 2.675, 33.333, 0.001, 0, -1, "abc",
                   None, [1]]:
        status, _ = c(r, "add_to_venmo_balance", access_token=ta, amount=amount, payment_card_id=1)
        if status == 200:
            c(r, "show_venmo_balance", access_token=ta)
    c(r, "show_venmo_balance", access_token=ta)
    for pid in ["1", 2, 999, "abc", None]:
        c(r, "add_to_venmo_balance", access_token=ta, amount=1, payment_card_id=pid)
    c(r, "add_to_venmo_balance", access_token=ta, amount=1)
    c(r, "add_to_venmo_balance", access_token=ta, payment_card_id=1)
    c(r, "add_to_venmo_balance", access_token=tb, amount=1, payment_card_id=1)
    c(r, "show_bank_transfer_history", access_token=ta, page_limit=20)
    c(r, "show_account", access_token=ta)

    # The card's bank balance shows through what it can still pay: 5000 less the top-ups.
    left = _bank_balance(r, A)
    c(r, "add_to_venmo_balance", access_token=ta, amount=5000, payment_card_id=1)
    c(r, "add_to_venmo_balance", access_token=ta, amount=round(left + 0.01, 2), payment_card_id=1)
    c(r, "add_to_venmo_balance", access_token=ta, amount=round(left - 50, 2), payment_card_id=1)
    c(r, "show_venmo_balance", access_token=ta)
    c(r, "add_to_venmo_balance", access_token=ta, amount=50.01, payment_card_id=1)
    c(r, "add_to_venmo_balance", access_token=ta, amount=30, payment_card_id=1)
    c(r, "create_transaction", access_token=ta, receiver_email=r.email(B), amount=40,
      payment_card_id=1)
    c(r, "create_transaction", access_token=ta, receiver_email=r.email(B), amount=20,
      payment_card_id=1, description="the card's last 20")
    c(r, "add_to_venmo_balance", access_token=ta, amount=0.01, payment_card_id=1)

    # Withdrawals to the card: odd amounts, more than the wallet, the whole wallet.
    for amount in ["5", 5, 2.675, 0.005, -5, 0, "x", None]:
        status, _ = c(r, "withdraw_from_venmo_balance", access_token=ta, amount=amount,
                      payment_card_id=1)
        if status == 200:
            c(r, "show_venmo_balance", access_token=ta)
    for pid in ["1", 999, None, [1, 2]]:
        c(r, "withdraw_from_venmo_balance", access_token=ta, amount=1, payment_card_id=pid)
    c(r, "withdraw_from_venmo_balance", access_token=ta, amount=[1, 2], payment_card_id=1)
    c(r, "withdraw_from_venmo_balance", access_token=ta, amount=1)
    c(r, "withdraw_from_venmo_balance", access_token=tb, amount=1, payment_card_id=1)
    c(r, "withdraw_from_venmo_balance", access_token=ta, amount=100000, payment_card_id=1)
    status, body = c(r, "show_venmo_balance", access_token=ta)
    wallet = body["venmo_balance"]
    c(r, "withdraw_from_venmo_balance", access_token=ta, amount=round(wallet + 0.01, 2),
      payment_card_id=1)
    c(r, "withdraw_from_venmo_balance", access_token=ta, amount=wallet, payment_card_id=1)
    c(r, "show_venmo_balance", access_token=ta)
    c(r, "withdraw_from_venmo_balance", access_token=ta, amount=0.01, payment_card_id=1)
    c(r, "create_transaction", access_token=ta, receiver_email=r.email(B), amount=0.01)
    # The withdrawn money is back on the card: it can pay the top-up again.
    c(r, "add_to_venmo_balance", access_token=ta, amount=100, payment_card_id=1)
    c(r, "show_account", access_token=ta)

    # Transfer history: types, paging, order.
    def h(tok=ta, **args):
        c(r, "show_bank_transfer_history", access_token=tok, **args)

    h()
    h(page_limit=20)
    for t in ["card_to_venmo", "venmo_to_card", "Card_to_venmo", None, ["venmo_to_card"]]:
        h(transfer_type=t, page_limit=20)
    for index, limit in [(1, 1), (3, 4), (5, 4), (0, 0), ("1", "3")]:
        h(page_index=index, page_limit=limit)
    h(transfer_type="venmo_to_card", page_index=1, page_limit=2)
    h(tok=tb)

    # Receipts into file_system: default path, again, overwrite, own paths, someone else's.
    def rc(tok=ta, **args):
        c(r, "download_bank_transfer_receipt", access_token=tok, **args)

    rc(bank_transfer_id=1, file_system_access_token=fa)
    rc(bank_transfer_id=1, file_system_access_token=fa)
    rc(bank_transfer_id=1, file_system_access_token=fa, overwrite="yes")
    rc(bank_transfer_id=2, file_system_access_token=fa, download_to_file_path="~/documents/t2.txt")
    rc(bank_transfer_id=2, file_system_access_token=fa, download_to_file_path="/home/alice/t2b.md")
    rc(bank_transfer_id=2, file_system_access_token=fa, download_to_file_path="~/documents/")
    rc(bank_transfer_id=2, file_system_access_token=fa, download_to_file_path="no_slash.txt")
    rc(bank_transfer_id=2, file_system_access_token="garbage")
    rc(bank_transfer_id=2, file_system_access_token=ta)
    rc(tok=tb, bank_transfer_id=2, file_system_access_token=r.login("file_system", B, "fb"))
    for tid in [999, "abc", ""]:
        rc(bank_transfer_id=tid, file_system_access_token=fa)
    # Without a file_system token AppWorld fails inside (one crash line).
    rc(bank_transfer_id=3)
    c(r, "show_bank_transfer_history", access_token=ta, page_limit=3)

    # A verified account without a Gmail inbox tops up from a card it saved (Dara's): the
    # confirmation e-mail fails after the money has moved.
    c(r, "signup", first_name="Finn", last_name="Hale", email="finn.hale@example.com",
      password="pw12345")
    code = _user_row(r, "finn.hale@example.com")["verification_code"]
    c(r, "verify_account", email="finn.hale@example.com", verification_code=code)
    c(r, "login", _id="tf", username="finn.hale@example.com", password="pw12345")
    tf = ref("tf", "access_token")
    c(r, "add_payment_card", _id="fc", access_token=tf, **card(r, D))
    c(r, "add_to_venmo_balance", access_token=tf, amount=25,
      payment_card_id=ref("fc", "payment_card_id"))
    c(r, "show_venmo_balance", access_token=tf)
    c(r, "show_bank_transfer_history", access_token=tf)
    c(r, "withdraw_from_venmo_balance", access_token=tf, amount=5,
      payment_card_id=ref("fc", "payment_card_id"))
    c(r, "show_venmo_balance", access_token=tf)


# -- sending money ---------------------------------------------------------------------------

def send_money(r: Recorder) -> None:
    r.reset()
    ta, tb, tc, td = (r.login(APP, p, f"t{p}") for p in range(4))
    fa, fb = r.login("file_system", A, "fa"), r.login("file_system", B, "fb")
    fc = r.login("file_system", C, "fc")

    # Alice pays Bruno from her wallet: both balances, Bruno's notification, the transaction.
    c(r, "create_transaction", _id="w1", access_token=ta, receiver_email=r.email(B), amount=10.25,
      description="Dinner")
    c(r, "show_venmo_balance", access_token=ta)
    c(r, "show_venmo_balance", access_token=tb)
    c(r, "show_notifications", access_token=tb)
    c(r, "show_notifications_count", access_token=tb)
    for tok in [ta, tb, tc, td]:
        c(r, "show_transaction", access_token=tok, transaction_id=ref("w1", "transaction_id"))
    # Alice pays Chen from her card: the card digits show to Alice only.
    c(r, "create_transaction", _id="k1", access_token=ta, receiver_email=r.email(C), amount=99.99,
      description="Rent share", payment_card_id=1, private=True)
    c(r, "show_venmo_balance", access_token=ta)
    c(r, "show_venmo_balance", access_token=tc)
    for tok in [ta, tc, td]:
        c(r, "show_transaction", access_token=tok, transaction_id=ref("k1", "transaction_id"))
    c(r, "show_transactions", access_token=tc, page_limit=20)
    # The card path does not check whose card it is: Dara pays with Alice's card.
    c(r, "create_transaction", _id="k2", access_token=td, receiver_email=r.email(B), amount=4.5,
      payment_card_id=1, description="borrowed card")
    c(r, "show_venmo_balance", access_token=td)
    c(r, "show_transaction", access_token=td, transaction_id=ref("k2", "transaction_id"))
    c(r, "show_transaction", access_token=ta, transaction_id=ref("k2", "transaction_id"))
    c(r, "show_notifications", access_token=tb)

    # Amounts of every kind (Bruno to Dara); the stored amounts (rounded to cents) are listed
    # after, and the wallets: Dara is credited the unrounded amounts.
    for amount in ODD_VALUES + [0.005, 0.015, 1.005, 2.675, 33.333, 1e6]:
        c(r, "create_transaction", access_token=tb, receiver_email=r.email(D), amount=amount)
    c(r, "show_transactions", access_token=td, page_limit=20)
    c(r, "show_venmo_balance", access_token=tb)
    c(r, "show_venmo_balance", access_token=td)
    c(r, "show_notifications", access_token=td, page_limit=20)
    # Less than half a cent rounds to nothing: the transaction is refused (after the wallet was
    # debited, which the wallet's own rounding to cents then hides).
    c(r, "create_transaction", access_token=tb, receiver_email=r.email(D), amount=0.001)
    c(r, "create_transaction", access_token=tb, receiver_email=r.email(D), amount=1e-9)
    c(r, "show_venmo_balance", access_token=tb)
    c(r, "show_venmo_balance", access_token=td)

    # Receivers of every kind.
    for email in [r.email(B), " " + r.email(D), r.email(D).upper(), "dara.patel@GMAIL.COM",
                  "nobody@example.com", "", None, 5]:
        c(r, "create_transaction", access_token=tc, receiver_email=email, amount=1)
    c(r, "create_transaction", access_token=tc, amount=1)
    c(r, "create_transaction", access_token=tc)
    # Descriptions, privacy and cards of every kind (Chen to Dara, 2 each, then listed).
    for extra in [{"description": None}, {"description": 5},
                  {"description": "ünïcödé ☕ multi\nline"}, {"description": ["x"]},
                  {"private": "yes"}, {"private": 0}, {"private": None}, {"private": "maybe"},
                  {"payment_card_id": None}, {"payment_card_id": "1"},
                  {"payment_card_id": 1.0}, {"payment_card_id": "abc"}, {"payment_card_id": 999},
                  {"note": "unknown argument"}]:
        c(r, "create_transaction", access_token=tc, receiver_email=r.email(D), amount=2, **extra)
    c(r, "show_transactions", access_token=tc, direction="sent", page_limit=20)

    # Insufficient money: the wallet to the cent, then empty; a card beyond its bank balance.
    status, body = c(r, "show_venmo_balance", access_token=tc)
    wallet = body["venmo_balance"]
    c(r, "create_transaction", access_token=tc, receiver_email=r.email(A),
      amount=round(wallet + 0.01, 2))
    c(r, "create_transaction", access_token=tc, receiver_email=r.email(A), amount=wallet + 0.004)
    c(r, "create_transaction", access_token=tc, receiver_email=r.email(A), amount=wallet,
      description="everything")
    c(r, "show_venmo_balance", access_token=tc)
    c(r, "create_transaction", access_token=tc, receiver_email=r.email(A), amount=0.01)
    left = _bank_balance(r, A)
    c(r, "create_transaction", access_token=tc, receiver_email=r.email(A), amount=5000,
      payment_card_id=1)
    c(r, "create_transaction", access_token=tc, receiver_email=r.email(A),
      amount=round(left + 0.01, 2), payment_card_id=1)
    c(r, "create_transaction", access_token=tc, receiver_email=r.email(A), amount=left,
      payment_card_id=1, description="the card to zero")
    c(r, "create_transaction", access_token=tc, receiver_email=r.email(A), amount=0.01,
      payment_card_id=1)
    c(r, "add_to_venmo_balance", access_token=ta, amount=0.01, payment_card_id=1)
    c(r, "show_venmo_balance", access_token=ta)
    c(r, "create_transaction", access_token=tc, receiver_email=r.email(C), amount=1)

    # update_transaction: only the sender; description and privacy of every kind.
    tid = ref("w1", "transaction_id")
    for extra in [{"description": "Dinner at Rosa's"}, {"description": None, "private": True},
                  {"description": 5, "private": "no"}, {"description": "x", "private": "maybe"},
                  {"private": False}, {"description": ["a"]},
                  {"description": "Dinner", "private": False, "amount": 1000}]:
        status, _ = c(r, "update_transaction", access_token=ta, transaction_id=tid, **extra)
        if status == 200:
            c(r, "show_transaction", access_token=tb, transaction_id=tid)
    c(r, "update_transaction", access_token=tb, transaction_id=tid, description="receiver edit")
    c(r, "update_transaction", access_token=td, transaction_id=tid, description="stranger edit")
    c(r, "update_transaction", access_token=tb, transaction_id=1, description="not mine")
    c(r, "update_transaction", access_token=ta, transaction_id=1, description="Lunch", private=True)
    c(r, "show_transaction", access_token=td, transaction_id=1)
    c(r, "show_transaction", access_token=tb, transaction_id=1)
    for bad in [999, "abc", ""]:
        c(r, "update_transaction", access_token=ta, transaction_id=bad, description="x")
    c(r, "update_transaction", access_token=ta, description="x")

    # show_transaction: path values of every kind, private ones for third parties.
    for tid_ in ODD_IDS:
        c(r, "show_transaction", access_token=ta, transaction_id=tid_)
    # An id beyond 64 bits overflows SQLite inside AppWorld (one crash line).
    c(r, "show_transaction", access_token=ta, transaction_id=2**63)
    c(r, "show_transaction", access_token=ta)
    c(r, "show_transaction", access_token=tb, transaction_id=2)
    c(r, "show_transaction", access_token=tc, transaction_id=2)

    # Receipts: the sender's shows how it was paid, the receiver's does not.
    def rc(tok, **args):
        c(r, "download_transaction_receipt", access_token=tok, **args)

    rc(ta, transaction_id=ref("k1", "transaction_id"), file_system_access_token=fa)
    rc(tc, transaction_id=ref("k1", "transaction_id"), file_system_access_token=fc)
    rc(ta, transaction_id=ref("w1", "transaction_id"), file_system_access_token=fa)
    rc(tb, transaction_id=ref("w1", "transaction_id"), file_system_access_token=fb)
    rc(tb, transaction_id=ref("w1", "transaction_id"), file_system_access_token=fb)
    rc(tb, transaction_id=ref("w1", "transaction_id"), file_system_access_token=fb,
       overwrite="true")
    rc(tb, transaction_id=ref("w1", "transaction_id"), file_system_access_token=fb,
       download_to_file_path="~/receipts/dinner.txt")
    rc(tb, transaction_id=ref("w1", "transaction_id"), file_system_access_token=fb,
       download_to_file_path="~/receipts")
    rc(td, transaction_id=ref("w1", "transaction_id"), file_system_access_token=fb)
    rc(ta, transaction_id=999, file_system_access_token=fa)
    rc(ta, transaction_id=3, file_system_access_token="garbage")
    rc(ta, transaction_id=3, file_system_access_token=fb, download_to_file_path="~/from_alice.txt")
    c(r, "show_transactions", access_token=ta, page_limit=20)


# -- listing transactions --------------------------------------------------------------------

def list_transactions(r: Recorder) -> None:
    r.reset()
    ta, tb, tc, td = (r.login(APP, p, f"t{p}") for p in range(4))
    # More transactions with Alice on both sides: amounts, words, privacy, likes.
    for tok, to, amount, text, private in [
        (ta, D, 45.0, "Groceries and coffee beans", False),
        (td, A, 12.5, "Movie night", False),
        (tb, A, 88.8, "Concert refund", True),
        (ta, B, 3.75, "coffee", False),
        (tc, A, 150.0, "Lisbon trip deposit", False),
        (ta, C, 0.99, "App store gift", True),
        (td, A, 20.0, "Lunch again", False),
        (ta, D, 60.0, "Yoga classes", False),
    ]:
        c(r, "create_transaction", access_token=tok, receiver_email=r.email(to), amount=amount,
          description=text, private=private)
    for tok, tid in [(tb, 4), (tc, 4), (td, 4), (td, 3), (tb, 7), (tc, 11), (ta, 11)]:
        c(r, "like_transaction", access_token=tok, transaction_id=tid)

    def s(tok=ta, **args):
        c(r, "show_transactions", access_token=tok, **args)

    s()
    s(page_limit=20)
    s(tok=td, page_limit=20)
    for index, limit in [(1, 1), (10, 1), (11, 1), (3, 3), (4, 3), (2, 5), (1, 20)]:
        s(page_index=index, page_limit=limit)
    for bad in [{"page_limit": 0}, {"page_limit": 21}, {"page_index": -1}, {"page_index": "2"},
                {"page_limit": 2.5}, {"page_index": ""}, {"page_limit": None}, {"page_limit": True},
                {"page_index": [1, 2]}, {"page_limit": 10**20}]:
        s(**bad)
    for sort_by in ["+created_at", "-created_at", "+like_count", "-like_count", "+amount",
                    "-amount", "amount", "+updated_at", "-description", "", " ", None, " -amount",
                    "-amount ", "++amount", "+-amount", "-+amount", "--like_count", "+", "+Amount",
                    5]:
        s(sort_by=sort_by, page_limit=20)
    # Sorting happens before paging when there is no query.
    for sort_by in ["+amount", "-amount", "-like_count", "+like_count", "++amount"]:
        s(sort_by=sort_by, page_index=1, page_limit=4)
    # Filters, each on its own and with sorting.
    for email in [r.email(B), r.email(C), r.email(D), r.email(A), "bruno.ortiz@GMAIL.COM",
                  r.email(B).upper(), "nobody@example.com", "bad"]:
        s(user_email=email, page_limit=20)
    for direction in ["sent", "received", "Sent", None, ["sent"]]:
        s(direction=direction, page_limit=20)
    for private in [True, False, "true", "0", "maybe", None]:
        s(private=private, page_limit=20)
    for lo, hi in [(10, 50), (12.5, 12.5), (None, 3.75), (100, 10), ("45", "60.0"), (0, None),
                   ("abc", None), (0.001, 1), (None, 10**30)]:
        args = {k: v for k, v in [("min_amount", lo), ("max_amount", hi)] if v is not None}
        s(page_limit=20, sort_by="+amount", **args)
    for lo, hi in [(1, None), (None, 0), (2, 3), (-3, 0), ("x", None)]:
        args = {k: v for k, v in [("min_like_count", lo), ("max_like_count", hi)] if v is not None}
        s(page_limit=20, **args)
    for lo, hi in [("2023-05-18", None), (None, "2023-05-18"), ("2023-05-19", None),
                   (None, "2023-05-17"), ("2023-05-18T12:00:00", "2023-05-18T12:00:00"),
                   ("2023-05-18T12:00:01", None), ("18/05/2023", None), (None, "2023-5-18"),
                   ("2023-02-30", None), ("", None), (None, "tomorrow"),
                   ("2023-05-18 12:00:00", None)]:
        args = {k: v for k, v in [("min_created_at", lo), ("max_created_at", hi)] if v is not None}
        s(page_limit=3, **args)
    s(min_created_at=None)
    # Queries: matches, no match, several words, case, with sorting and pages.
    for query in ["coffee", "COFFEE", "Coffee beans", "lunch", "concert", "dara patel", "gmail",
                  "chen.li@gmail.com", "lisbon trip", "xyzzy", "  movie  ", "yoga*",
                  "refund OR gift", "12.5"]:
        s(query=query)
    for query in ["coffee", "lunch", "xyzzy"]:
        s(query=query, page_index=1, page_limit=3)
    # With a query, sort_by orders each page of the ranking.
    for query, sort_by in [("coffee", "-amount"), ("coffee", "+amount"), ("lunch", "-like_count"),
                           ("xyzzy", "-amount"), ("coffee", "bad")]:
        s(query=query, sort_by=sort_by)
    s(query="coffee", sort_by="+amount", page_index=1, page_limit=3)
    s(query="coffee", user_email=r.email(D), direction="sent", page_limit=20)
    s(query="lunch", private=False, min_amount=13, sort_by="-amount")
    s(direction="received", private=True)
    s(direction="sent", min_like_count=1, sort_by="-like_count")
    s(user_email=r.email(D), direction="received", max_amount=15)
    s(tok=tb, query="concert", page_limit=20)
    s(tok=td, direction="sent", sort_by="+amount", page_limit=20)


# -- likes, comments, social feed -------------------------------------------------------------

def social(r: Recorder) -> None:
    r.reset()
    ta, tb, tc, td = (r.login(APP, p, f"t{p}") for p in range(4))

    # Likes: public (anyone), private (only the two parties), twice, never liked.
    for tok, tid in [(td, 1), (td, 1), (ta, 1), (tb, 1), (tc, 1), (td, 2), (tb, 2), (tc, 2),
                     (ta, 2), (ta, 3), (td, 999)]:
        c(r, "like_transaction", access_token=tok, transaction_id=tid)
    c(r, "show_transaction", access_token=ta, transaction_id=1)
    c(r, "show_transaction", access_token=ta, transaction_id=2)
    for tok, tid in [(td, 1), (td, 1), (td, 3), (tb, 2), (tc, 2), (ta, 999)]:
        c(r, "unlike_transaction", access_token=tok, transaction_id=tid)
    for tid in ["1", ""]:
        c(r, "like_transaction", access_token=td, transaction_id=tid)
        c(r, "unlike_transaction", access_token=td, transaction_id=tid)
    c(r, "show_transaction", access_token=ta, transaction_id=1)
    c(r, "show_transactions", access_token=ta, sort_by="-like_count")

    # Comments: on public and private transactions, comments of every kind.
    n = 0
    for tok, tid, text in [(td, 1, "Nice lunch"), (ta, 1, "You're welcome"), (tc, 2, "Great seats"),
                           (tb, 2, "peek"), (td, 3, "☕"), (tb, 999, "x"), (td, 1, ""),
                           (td, 1, 5), (td, 1, None), (td, 1, ["x"]), (td, "abc", "x"),
                           (td, "", "x")]:
        n += 1
        status, _ = c(r, "create_transaction_comment", _id=f"cm{n}", access_token=tok,
                      transaction_id=tid, comment=text)
        if status == 200:
            c(r, "show_transaction_comment", access_token=tok,
              comment_id=ref(f"cm{n}", "comment_id"))
    c(r, "create_transaction_comment", access_token=td, transaction_id=1)
    c(r, "show_transaction", access_token=tb, transaction_id=1)
    # Listing comments: paging, privacy, missing transaction.
    for args in [{}, {"page_limit": 20}, {"page_index": 1, "page_limit": 2},
                 {"page_index": 3, "page_limit": 2}, {"page_limit": 0},
                 {"page_index": "1", "page_limit": "3"}]:
        c(r, "show_transaction_comments", access_token=tb, transaction_id=1, **args)
    for tok, tid in [(tb, 2), (tc, 2), (td, 3), (td, 999), (td, "abc")]:
        c(r, "show_transaction_comments", access_token=tok, transaction_id=tid)
    # One comment: path values of every kind; a private transaction's comment for outsiders.
    for cid in [999, "1", "abc", "", None, "1/2"]:
        c(r, "show_transaction_comment", access_token=td, comment_id=cid)
    c(r, "show_transaction_comment", access_token=tb, comment_id=ref("cm3", "comment_id"))
    c(r, "show_transaction_comment", access_token=ta, comment_id=ref("cm3", "comment_id"))

    # Comment likes: anyone on public, parties on private, twice, own comment, unlike.
    cm1, cm3 = ref("cm1", "comment_id"), ref("cm3", "comment_id")
    for tok, cid in [(ta, cm1), (ta, cm1), (tb, cm1), (td, cm1), (tc, 1), (tb, cm3), (td, cm3),
                     (ta, cm3), (tc, cm3), (ta, 999), (ta, "abc")]:
        c(r, "like_transaction_comment", access_token=tok, comment_id=cid)
    c(r, "show_transaction_comment", access_token=ta, comment_id=cm1)
    c(r, "show_transaction_comments", access_token=ta, transaction_id=1, page_limit=20)
    for tok, cid in [(tb, cm1), (tb, cm1), (tc, cm1), (td, cm3), (ta, cm3), (ta, 999), (ta, "")]:
        c(r, "unlike_transaction_comment", access_token=tok, comment_id=cid)
    c(r, "show_transaction_comment", access_token=ta, comment_id=cm1)

    # Editing and deleting comments: only the author.
    for tok, text in [(ta, "hijack"), (tb, "hijack"), (td, ""), (td, None), (td, 7), (td, ["x"]),
                      (td, "Nice lunch, thanks")]:
        status, _ = c(r, "update_transaction_comment", access_token=tok, comment_id=cm1,
                      comment=text)
        if status == 200:
            c(r, "show_transaction_comment", access_token=ta, comment_id=cm1)
    c(r, "update_transaction_comment", access_token=td, comment_id=cm1)
    for cid in [999, "abc", ""]:
        c(r, "update_transaction_comment", access_token=td, comment_id=cid, comment="x")
        c(r, "delete_transaction_comment", access_token=td, comment_id=cid)
    c(r, "delete_transaction_comment", access_token=ta, comment_id=cm1)
    c(r, "delete_transaction_comment", access_token=tb, comment_id=cm1)
    c(r, "delete_transaction_comment", access_token=td, comment_id=cm1)
    c(r, "delete_transaction_comment", access_token=td, comment_id=cm1)
    c(r, "show_transaction_comment", access_token=td, comment_id=cm1)
    c(r, "like_transaction_comment", access_token=ta, comment_id=cm1)
    c(r, "unlike_transaction_comment", access_token=ta, comment_id=cm1)
    c(r, "update_transaction_comment", access_token=td, comment_id=cm1, comment="back?")
    c(r, "show_transaction_comments", access_token=ta, transaction_id=1, page_limit=20)
    c(r, "show_transaction", access_token=ta, transaction_id=1)
    # A private transaction turned public opens its comments; turned private again closes them.
    c(r, "update_transaction", access_token=ta, transaction_id=2, description="Concert tickets",
      private=False)
    c(r, "show_transaction_comments", access_token=td, transaction_id=2)
    c(r, "like_transaction", access_token=td, transaction_id=2)
    c(r, "update_transaction", access_token=ta, transaction_id=2, description="Concert tickets",
      private=True)
    c(r, "unlike_transaction", access_token=td, transaction_id=2)
    c(r, "show_transaction", access_token=ta, transaction_id=2)

    # Social feed: friends' public transactions that do not involve you, newest first.
    for tok in [ta, tb]:
        c(r, "show_social_feed", access_token=tok)
    c(r, "create_transaction", access_token=tc, receiver_email=r.email(D), amount=8,
      description="Chen pays Dara")
    c(r, "create_transaction", access_token=td, receiver_email=r.email(B), amount=9,
      description="Dara pays Bruno")
    c(r, "create_transaction", access_token=tb, receiver_email=r.email(C), amount=6,
      description="Bruno pays Chen", private=True)
    c(r, "create_transaction", access_token=tb, receiver_email=r.email(D), amount=5,
      description="Bruno pays Dara")
    for tok in [ta, tb, tc, td]:
        c(r, "show_social_feed", access_token=tok)
    c(r, "add_friend", access_token=td, user_email=r.email(A))
    c(r, "add_friend", access_token=td, user_email=r.email(C))
    c(r, "show_social_feed", access_token=td)
    for args in [{"page_limit": 1}, {"page_index": 1, "page_limit": 1}, {"page_limit": 21},
                 {"page_index": "1", "page_limit": "1"}]:
        c(r, "show_social_feed", access_token=td, **args)
    c(r, "remove_friend", access_token=td, user_email=r.email(A))
    c(r, "show_social_feed", access_token=td, page_limit=20)
    c(r, "show_social_feed", access_token=ta, page_limit=20)


# -- payment requests ------------------------------------------------------------------------

def payment_requests(r: Recorder) -> None:
    r.reset()
    ta, tb, tc, td = (r.login(APP, p, f"t{p}") for p in range(4))
    c(r, "show_received_payment_requests", access_token=ta)
    c(r, "show_sent_payment_requests", access_token=tc)
    c(r, "show_sent_payment_requests", access_token=ta)

    # Alice approves Chen's request from her wallet: balances, the new transaction, notices.
    c(r, "approve_payment_request", access_token=tc, payment_request_id=1)
    c(r, "approve_payment_request", access_token=ta, payment_request_id=1)
    c(r, "show_venmo_balance", access_token=ta)
    c(r, "show_venmo_balance", access_token=tc)
    c(r, "show_received_payment_requests", access_token=ta)
    c(r, "show_sent_payment_requests", access_token=tc)
    c(r, "show_transactions", access_token=tc, page_limit=20)
    c(r, "show_notifications", access_token=tc)
    c(r, "show_notifications", access_token=ta)
    # A completed request cannot be decided, reminded, updated or deleted again.
    c(r, "approve_payment_request", access_token=ta, payment_request_id=1)
    c(r, "deny_payment_request", access_token=ta, payment_request_id=1)
    c(r, "remind_payment_request", access_token=tc, payment_request_id=1)
    c(r, "update_payment_request", access_token=tc, payment_request_id=1, amount=5)
    c(r, "delete_payment_request", access_token=tc, payment_request_id=1)

    # create_payment_request: receivers, amounts, descriptions and privacy of every kind.
    for email in [r.email(A), " " + r.email(A), "chen.li@GMAIL.COM", r.email(C).upper(),
                  "nobody@example.com", "", None, "bad", [r.email(A)]]:
        c(r, "create_payment_request", access_token=tc, user_email=email, amount=1)
    c(r, "create_payment_request", access_token=tc, amount=1)
    amounts = [" 7 ", "7.5", "abc", None, 0, -1, True, [], 0.005, 2.675, 0.001, 1e9]
    for extra in [{"amount": v} for v in amounts] + [
            {"amount": 2, "description": None}, {"amount": 2, "description": 5},
            {"amount": 2, "private": "yes"}, {"amount": 2, "private": "maybe"}, {}]:
        c(r, "create_payment_request", access_token=tb, user_email=r.email(D), **extra)
    c(r, "show_sent_payment_requests", access_token=tb, page_limit=20)
    c(r, "show_received_payment_requests", access_token=td, page_limit=20)
    c(r, "show_notifications_count", access_token=td)

    # Bruno asks Alice for 15 (private): Alice denies; everything after fails.
    c(r, "create_payment_request", _id="den", access_token=tb, user_email=r.email(A), amount=15,
      description="Taxi", private=True)
    den = ref("den", "payment_request_id")
    c(r, "deny_payment_request", access_token=tb, payment_request_id=den)
    c(r, "deny_payment_request", access_token=tc, payment_request_id=den)
    c(r, "deny_payment_request", access_token=ta, payment_request_id=den)
    c(r, "deny_payment_request", access_token=ta, payment_request_id=den)
    c(r, "approve_payment_request", access_token=ta, payment_request_id=den)
    c(r, "remind_payment_request", access_token=tb, payment_request_id=den)
    c(r, "update_payment_request", access_token=tb, payment_request_id=den, description="x")
    c(r, "delete_payment_request", access_token=tb, payment_request_id=den)
    c(r, "show_sent_payment_requests", access_token=tb, status="denied")
    c(r, "show_notifications", access_token=tb)

    # Dara asks Bruno for 75.5 (private): reminders, edits, then Bruno pays it from a card.
    c(r, "create_payment_request", _id="rq", access_token=td, user_email=r.email(B), amount=75.5,
      description="Concert", private=True)
    rq = ref("rq", "payment_request_id")
    c(r, "remind_payment_request", access_token=td, payment_request_id=rq)
    c(r, "remind_payment_request", access_token=td, payment_request_id=rq)
    c(r, "remind_payment_request", access_token=tb, payment_request_id=rq)
    c(r, "show_notifications", access_token=tb)
    for extra in [{"amount": "82.125"}, {"description": "Concert + snacks", "private": False},
                  {"amount": 0}, {"amount": "x"}, {"private": "maybe"}, {"description": None},
                  {}, {"amount": True},
                  {"amount": 85.5, "description": "Concert, snacks", "private": True}]:
        status, _ = c(r, "update_payment_request", access_token=td, payment_request_id=rq, **extra)
        if status == 200:
            c(r, "show_received_payment_requests", access_token=tb, page_limit=1)
    c(r, "update_payment_request", access_token=tb, payment_request_id=rq, amount=1)
    c(r, "delete_payment_request", access_token=tb, payment_request_id=rq)
    c(r, "add_payment_card", _id="bc", access_token=tb, **card(r, B))
    bc = ref("bc", "payment_card_id")
    c(r, "approve_payment_request", access_token=tb, payment_request_id=rq, payment_card_id=1)
    c(r, "approve_payment_request", access_token=tb, payment_request_id=rq, payment_card_id=999)
    c(r, "approve_payment_request", access_token=tb, payment_request_id=rq, payment_card_id="abc")
    c(r, "approve_payment_request", access_token=tb, payment_request_id=rq, payment_card_id=bc)
    c(r, "show_venmo_balance", access_token=tb)
    c(r, "show_venmo_balance", access_token=td)
    c(r, "show_transactions", access_token=tb, page_limit=20)
    c(r, "show_transactions", access_token=td, user_email=r.email(B))
    c(r, "show_notifications", access_token=td)
    # The card paid 85.50: what is left of its 5000 shows in what it can still pay.
    left = _bank_balance(r, B)
    c(r, "add_to_venmo_balance", access_token=tb, amount=round(left + 0.01, 2), payment_card_id=bc)
    c(r, "add_to_venmo_balance", access_token=tb, amount=left, payment_card_id=bc)
    c(r, "show_venmo_balance", access_token=tb)

    # Insufficient money: wallet and card; then a smaller amount goes through.
    c(r, "create_payment_request", _id="big", access_token=tc, user_email=r.email(D), amount=6000)
    big = ref("big", "payment_request_id")
    c(r, "approve_payment_request", access_token=td, payment_request_id=big)
    c(r, "add_payment_card", _id="dc", access_token=td, **card(r, D))
    c(r, "approve_payment_request", access_token=td, payment_request_id=big,
      payment_card_id=ref("dc", "payment_card_id"))
    c(r, "update_payment_request", access_token=tc, payment_request_id=big, amount=400)
    c(r, "approve_payment_request", access_token=td, payment_request_id=big)
    c(r, "update_payment_request", access_token=tc, payment_request_id=big, amount=399.99)
    c(r, "approve_payment_request", access_token=td, payment_request_id=big, payment_card_id=None)
    c(r, "show_venmo_balance", access_token=td)

    # Delete: only the sender, a pending request; then it is gone.
    c(r, "create_payment_request", _id="del", access_token=ta, user_email=r.email(C), amount=9)
    dl = ref("del", "payment_request_id")
    c(r, "delete_payment_request", access_token=tc, payment_request_id=dl)
    c(r, "delete_payment_request", access_token=ta, payment_request_id=dl)
    c(r, "delete_payment_request", access_token=ta, payment_request_id=dl)
    c(r, "approve_payment_request", access_token=tc, payment_request_id=dl)
    c(r, "deny_payment_request", access_token=tc, payment_request_id=dl)
    c(r, "remind_payment_request", access_token=ta, payment_request_id=dl)
    c(r, "update_payment_request", access_token=ta, payment_request_id=dl, amount=1)
    # The notification about a deleted request stays.
    c(r, "show_notifications", access_token=tc)
    # Path values of every kind on each request API.
    for api in ["approve_payment_request", "deny_payment_request", "remind_payment_request",
                "delete_payment_request", "update_payment_request"]:
        c(r, api, access_token=ta, payment_request_id=999)
    for pid in ["", "1/2"]:
        c(r, "approve_payment_request", access_token=ta, payment_request_id=pid)
        c(r, "delete_payment_request", access_token=ta, payment_request_id=pid)

    # Lists: status filters and pages.
    for tok, api in [(td, "show_received_payment_requests"), (tb, "show_sent_payment_requests"),
                     (tc, "show_sent_payment_requests")]:
        for status in [None, "pending", "approved", "denied"]:
            args = {} if status is None else {"status": status}
            c(r, api, access_token=tok, page_limit=20, **args)
    for args in [{"status": "Pending"}, {"status": None}, {"page_index": 1, "page_limit": 2},
                 {"status": "pending", "page_index": 1, "page_limit": 1}]:
        c(r, "show_received_payment_requests", access_token=td, **args)
        c(r, "show_sent_payment_requests", access_token=tb, **args)


# -- notifications ---------------------------------------------------------------------------

def notifications(r: Recorder) -> None:
    r.reset()
    ta, tb, tc = r.login(APP, A, "ta"), r.login(APP, B, "tb"), r.login(APP, C, "tc")
    # Give Alice more notifications: money, requests, reminders.
    c(r, "create_transaction", access_token=tb, receiver_email=r.email(A), amount=5)
    c(r, "create_transaction", access_token=tc, receiver_email=r.email(A), amount=6)
    c(r, "create_payment_request", access_token=tb, user_email=r.email(A), amount=7)
    c(r, "remind_payment_request", access_token=tc, payment_request_id=1)
    c(r, "create_transaction", access_token=ta, receiver_email=r.email(B), amount=1)

    def sn(**args):
        c(r, "show_notifications", access_token=ta, **args)

    def cnt(**args):
        c(r, "show_notifications_count", access_token=ta, **args)

    sn()
    sn(page_limit=20)
    cnt()
    for read in [True, False, "true", "0", 1, "maybe", None]:
        sn(read=read, page_limit=20)
    for read in [True, False, "no", "maybe", None]:
        cnt(read=read)
    for args in [{"page_index": 1, "page_limit": 2}, {"page_index": 3, "page_limit": 2},
                 {"page_index": 1}, {"page_limit": 0}, {"page_index": -1},
                 {"page_index": "1", "page_limit": "4"}]:
        sn(**args)
    # Mark one: own, odd read values, someone else's, missing ones.
    for nid, read in [(3, True), (3, True), (4, "yes"), (4, "false"), (3, "maybe"), (3, None),
                      (3, 1), (1, True), (2, False), (999, True), ("abc", True), ("", True),
                      (None, True)]:
        c(r, "mark_notification", access_token=ta, notification_id=nid, read=read)
    sn(page_limit=20)
    c(r, "mark_notification", access_token=ta, notification_id=3)
    cnt(read=True)
    cnt(read=False)
    sn(read=True, page_limit=20)
    # Mark all: odd values; others keep theirs.
    for read in [True, "maybe", None, False, "1"]:
        status, _ = c(r, "mark_notifications", access_token=ta, read=read)
        if status == 200:
            cnt(read=True)
    c(r, "mark_notifications", access_token=ta)
    c(r, "show_notifications", access_token=tb, read=True)
    # Delete one: own, twice, someone else's, odd ids; then delete all.
    for nid in [3, 3, 1, 999, "abc", "", None, 0]:
        c(r, "delete_notification", access_token=ta, notification_id=nid)
    sn(page_limit=20)
    cnt()
    c(r, "delete_notifications", access_token=ta)
    c(r, "delete_notifications", access_token=ta)
    sn()
    cnt()
    c(r, "show_notifications_count", access_token=tb)
    c(r, "create_transaction", access_token=tc, receiver_email=r.email(A), amount=2)
    sn()
    c(r, "mark_notification", access_token=ta, notification_id=4, read=True)


# -- what deleted accounts and bad rows leave behind -----------------------------------------

def leftovers(r: Recorder) -> None:
    r.reset()
    ta, tb, tc = r.login(APP, A, "ta"), r.login(APP, B, "tb"), r.login(APP, C, "tc")
    # A request amount updated to less than a cent is stored as 0.00: later reads of it fail.
    c(r, "create_payment_request", _id="z", access_token=tc, user_email=r.email(A), amount=5)
    z = ref("z", "payment_request_id")
    c(r, "update_payment_request", access_token=tc, payment_request_id=z, amount=0.004)
    c(r, "show_sent_payment_requests", access_token=tc, status="denied")
    c(r, "deny_payment_request", access_token=ta, payment_request_id=z)
    c(r, "show_sent_payment_requests", access_token=tc)
    r.reset()
    ta, tb, tc = r.login(APP, A, "ta"), r.login(APP, B, "tb"), r.login(APP, C, "tc")
    # Bruno asks Chen for money, then deletes his account: his rows keep pointing at him.
    c(r, "create_payment_request", _id="orph", access_token=tb, user_email=r.email(C), amount=4)
    c(r, "delete_account", access_token=tb)
    c(r, "delete_account", access_token=tb)
    c(r, "show_account", access_token=tb)
    c(r, "logout", access_token=tb)
    c(r, "login", username=r.email(B), password=r.password(B, APP))
    c(r, "show_profile", access_token=ta, email=r.email(B))
    c(r, "search_users", access_token=ta)
    c(r, "add_friend", access_token=ta, user_email=r.email(B))
    c(r, "create_transaction", access_token=ta, receiver_email=r.email(B), amount=1)
    c(r, "show_notifications", access_token=ta)
    orph = ref("orph", "payment_request_id")
    c(r, "approve_payment_request", access_token=tc, payment_request_id=orph)
    c(r, "deny_payment_request", access_token=tc, payment_request_id=orph)
    c(r, "show_transaction", access_token=tc, transaction_id=2)
    # Transactions and friend lists that name him now fail inside AppWorld (crash lines).
    c(r, "show_transaction", access_token=ta, transaction_id=1)
    c(r, "search_friends", access_token=ta)
    c(r, "show_transactions", access_token=tc)  # Chen's list never named him: unaffected.
    # Signing up again with the same address gives a new account with nothing of the old one.
    c(r, "signup", first_name="Bruno", last_name="Ortiz", email=r.email(B), password="brunopw2")
    code = _user_row(r, r.email(B))["verification_code"]
    c(r, "verify_account", email=r.email(B), verification_code=code)
    c(r, "login", _id="tb2", username=r.email(B), password="brunopw2")
    tb2 = ref("tb2", "access_token")
    c(r, "show_account", access_token=tb2)
    c(r, "show_transactions", access_token=tb2)
    c(r, "show_notifications", access_token=tb2)
    c(r, "show_sent_payment_requests", access_token=tb2)


def generate(r: Recorder) -> None:
    auth_matrix(r)
    login_logout(r)
    accounts(r)
    friends(r)
    payment_cards(r)
    balance(r)
    send_money(r)
    list_transactions(r)
    social(r)
    payment_requests(r)
    notifications(r)
    leftovers(r)
