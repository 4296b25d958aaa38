"""splitwise: the auth matrix over every protected API, login/logout, every account flow (signup,
verification and password reset by e-mail, profile, rename, deletion), groups (creation with odd
members, updates, soft deletion and undeletion, members added, removed and exiting, invitation
codes), expenses (every validation and business rule of record_expense and update_expense,
deletion, comments), the expense and payment lists (queries, participant, amount and date filters,
the deleted flag, paging edges and every sort_by form), payments (odd amounts, group rules,
comments), balances (per person, per group, all groups, settle_up), search_users with balances,
show_activity, notifications, what a deleted account leaves behind, and receipt files through
file_system (last, since those calls wait for file_system).

People of the oracle world (splitwise ids 1-4, all verified): 0 Alice (the supervisor), 1 Bruno,
2 Chen, 3 Dara. Group 1 "Roommates" ("Apartment 4B", invitation code 4f353) created by Alice with
members Alice, Bruno, Chen (not Dara). Expense 1 "Groceries" 90.00 in group 1, paid by Alice,
Bruno and Chen owe 45.00 each. Payment 1 in group 1: Bruno paid Alice 30.00. Notifications 1-5
(Bruno: 1 added to group, 3 expense; Chen: 2 added to group, 4 expense; Alice: 5 payment)."""

from common import ODD_VALUES, Recorder, login_attempts, logout_flow

APP = "splitwise"
A, B, C, D = range(4)
BAD_TOKENS = [None, "", "garbage", "Bearer x", 5, "eyJhbGciOiJIUzI1NiJ9.e30.sig"]
# Path values of every kind for an integer id.
ODD_IDS = [0, -1, 999, "1", " 1", "%31", "1.0", 1.0, 1.5, "abc", "", None, True, [1], "1/2"]
# Every sort_by form for the lists that accept created_at (and amount for expenses).
SORTS = [None, "", " ", "+created_at", "-created_at", "+amount", "-amount", "created_at",
         "amount", "+unknown", " -created_at", "-created_at ", "++created_at", "+-amount",
         "+Created_At", 5]
DATES = ["2023-05-18", "2023-05-17", "2023-05-19", "2023-5-18", "2023-02-30",
         "2023-05-18 12:00:00", "2023-05-18T12:00:00", "yesterday", "", None]

# APIs whose answer depends on another app: codes are e-mailed through gmail.
NEEDS = {
    "signup": ["gmail"],
    "send_verification_code": ["gmail"],
    "send_password_reset_code": ["gmail"],
    "reset_password": ["gmail"],
}


def c(r: Recorder, api: str, _id: str | None = None, **args):
    return r.call(APP, api, _id=_id, _needs=NEEDS.get(api), **args)


def ref(name: str, field: str) -> str:
    return "${" + name + "." + field + "}"


def _user_row(r: Recorder, email: str) -> dict:
    return next(u for u in r.state(APP)["users"] if u["email"] == email)


# -- auth ----------------------------------------------------------------------------------------

# One representative call of every protected API (valid arguments where the seeded rows allow).
AUTH_CALLS = [
    ("show_account", {}), ("delete_account", {}), ("update_account_name", {"first_name": "Al"}),
    ("logout", {}), ("search_users", {}), ("show_activity", {}), ("show_groups", {}),
    ("create_group", {"name": "G", "member_emails": []}), ("show_group", {"group_id": 1}),
    ("delete_group", {"group_id": 1}), ("update_group", {"group_id": 1, "name": "X"}),
    ("undelete_group", {"group_id": 1}),
    ("add_member_to_group", {"group_id": 1, "user_email": "dara.patel@gmail.com"}),
    ("remove_member_from_group", {"group_id": 1, "user_email": "chen.li@gmail.com"}),
    ("exit_group", {"group_id": 1}), ("regenerate_invitation_code", {"group_id": 1}),
    ("accept_group_invitation", {"invitation_code": "4f353"}),
    ("record_expense", {"description": "x", "paid_amount": 10, "payer_email": "alice.ng@gmail.com",
                        "debtor_emails": ["bruno.ortiz@gmail.com"]}),
    ("download_expense_receipt_file", {"expense_id": 1}),
    ("attach_expense_receipt_file", {"expense_id": 1, "receipt_file_path": "/a.txt",
                                     "file_system_access_token": "x"}),
    ("delete_expense_receipt_file", {"expense_id": 1}), ("show_expense", {"expense_id": 1}),
    ("delete_expense", {"expense_id": 1}), ("update_expense", {"expense_id": 1, "description": "x"}),
    ("show_group_expenses", {"group_id": 1}), ("show_no_group_expenses", {}),
    ("undelete_expense", {"expense_id": 1}), ("show_expense_comments", {"expense_id": 1}),
    ("post_expense_comment", {"expense_id": 1, "comment": "x"}),
    ("show_expense_comment", {"comment_id": 1}), ("delete_expense_comment", {"comment_id": 1}),
    ("update_expense_comment", {"comment_id": 1, "comment": "x"}),
    ("record_payment", {"payer_email": "alice.ng@gmail.com", "receiver_email": "bruno.ortiz@gmail.com",
                        "amount": 5}),
    ("download_payment_receipt_file", {"payment_id": 1, "file_system_access_token": "x"}),
    ("attach_payment_receipt_file", {"payment_id": 1, "receipt_file_path": "/a.txt",
                                     "file_system_access_token": "x"}),
    ("delete_payment_receipt_file", {"payment_id": 1}), ("show_payment", {"payment_id": 1}),
    ("delete_payment", {"payment_id": 1}), ("update_payment", {"payment_id": 1, "amount": 3}),
    ("show_group_payments", {"group_id": 1}), ("show_no_group_payments", {}),
    ("undelete_payment", {"payment_id": 1}), ("show_person_balance", {"email": "bruno.ortiz@gmail.com"}),
    ("show_people_balance", {}), ("show_group_balance", {"group_id": 1}), ("show_groups_balance", {}),
    ("settle_up", {"email": "bruno.ortiz@gmail.com"}), ("show_payment_comments", {"payment_id": 1}),
    ("post_payment_comment", {"payment_id": 1, "comment": "x"}),
    ("show_payment_comment", {"comment_id": 1}), ("delete_payment_comment", {"comment_id": 1}),
    ("update_payment_comment", {"comment_id": 1, "comment": "x"}), ("show_notifications", {}),
    ("delete_notifications", {}), ("mark_notifications", {"read": True}),
    ("show_notifications_count", {}), ("delete_notification", {"notification_id": 1}),
    ("mark_notification", {"notification_id": 1, "read": True}),
]
# The APIs that get every kind of bad token (the rest: missing and garbage).
FULL_AUTH = {"show_account", "logout"}


def auth_matrix(r: Recorder) -> None:
    for api, args in AUTH_CALLS:
        c(r, api, **args)  # no token at all
        if api in FULL_AUTH:
            for bad in BAD_TOKENS:
                c(r, api, access_token=bad, **args)
    # A bad token wins over bad parameters.
    c(r, "show_group", access_token="garbage", group_id="x")
    c(r, "record_expense", access_token="garbage", paid_amount="x")
    c(r, "show_group_expenses", access_token="garbage", group_id=1, page_limit=0, sort_by="bad")
    c(r, "settle_up", access_token="garbage")
    # Public APIs need no token (and ignore one).
    c(r, "show_profile", email=r.email(B), access_token="garbage")


def login_logout(r: Recorder) -> None:
    r.reset()
    email, pw = r.email(A), r.password(A, APP)
    login_attempts(lambda api, **a: c(r, api, **a), [
        (email, pw), (email, pw + "x"), (email, ""), (email.upper(), pw), (" " + email, pw),
        ("alice.ng@GMAIL.COM", pw), ("nobody@example.com", pw), ("", pw), (None, pw),
        (email, None), (email, 12345), (12345, pw), (r.email(B), r.password(B, APP)),
        (email, r.password(A, "venmo")),
    ])
    # Logout: the token stops working; other tokens of the same user keep working.
    logout_flow(lambda api, **a: c(r, api, **a), lambda i: r.login(APP, A, i),
                ("show_account", {}), ("show_account", {}),
                ("show_notifications", {}),
                after=(("show_groups", {}),))


# -- accounts ------------------------------------------------------------------------------------

def accounts(r: Recorder) -> None:
    r.reset()
    ta = r.login(APP, A, "ta")
    c(r, "show_account", access_token=ta)
    # Profiles of others, by e-mail.
    for email in [r.email(B), r.email(B).upper(), "bruno.ortiz@GMAIL.com", " " + r.email(B),
                  "nobody@example.com", "not-an-email", "", None, 5, "bruno.ortiz@gmail",
                  "@gmail.com", r.email(A)]:
        c(r, "show_profile", email=email)
    c(r, "show_profile")
    # Renames, each followed by the account.
    for names in [{"first_name": "Alicia"}, {"last_name": "Nguyen"},
                  {"first_name": "Al", "last_name": "N"}, {}, {"first_name": ""},
                  {"last_name": " "}, {"first_name": None}, {"first_name": 42},
                  {"first_name": ["x"]}, {"last_name": True},
                  {"first_name": "Alice", "last_name": "Ng"}]:
        c(r, "update_account_name", access_token=ta, **names)
        c(r, "show_account", access_token=ta)
    c(r, "update_account_name", access_token=ta, first_name="Alicia")
    # The new name shows in others' views: search, group members, expenses.
    tb = r.login(APP, B, "tb")
    c(r, "search_users", access_token=tb, query="alicia")
    c(r, "search_users", access_token=tb, query="alice")
    c(r, "show_group", access_token=tb, group_id=1)
    c(r, "show_expense", access_token=tb, expense_id=1)
    c(r, "show_group_expenses", access_token=tb, group_id=1, query="alicia")
    c(r, "show_group_payments", access_token=tb, group_id=1, query="alicia")
    c(r, "show_notifications", access_token=tb)

    # Signup: validation, existing accounts, an address without a Gmail account.
    for args in [
        {"first_name": "Eve", "last_name": "Stone", "email": "eve.stone@example.com", "password": "pw123"},
        {"first_name": "Eve", "last_name": "Stone", "email": "eve.stone@example.com", "password": "pw123"},
        {"first_name": "Eve", "last_name": "Stone", "email": r.email(A), "password": "pw123"},
        {"first_name": "Eve", "last_name": "Stone", "email": r.email(A).upper(), "password": "pw123"},
        {"first_name": "Eve", "last_name": "Stone", "email": "alice.ng@GMAIL.COM", "password": "pw123"},
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
    # The unverified account cannot log in; codes for unknown addresses fail.
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
    c(r, "search_users", access_token=ta, query="eve")

    # Dara deletes her account and signs up again: the code goes to her Gmail inbox.
    td = r.login(APP, D, "td")
    c(r, "delete_account", access_token=td)
    c(r, "show_account", access_token=td)
    c(r, "logout", access_token=td)
    c(r, "login", username=r.email(D), password=r.password(D, APP))
    c(r, "show_profile", email=r.email(D))
    c(r, "search_users", access_token=ta, query="dara")
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
    td3 = ref("td3", "access_token")
    c(r, "show_account", access_token=td3)
    c(r, "show_groups", access_token=td3)
    c(r, "show_notifications", access_token=td3)

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
    c(r, "login", username=r.email(A), password="secret2")
    c(r, "show_account", access_token=ta)
    c(r, "reset_password", email=r.email(A), new_password="secret3")
    c(r, "reset_password")


# -- groups --------------------------------------------------------------------------------------

def groups(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    tc, td = r.login(APP, C, "tc"), r.login(APP, D, "td")
    c(r, "show_groups", access_token=ta)
    c(r, "show_groups", access_token=td)
    # create_group: odd names, members and descriptions; each success shown.
    made = 0
    for args in [
        {"name": "Trip", "member_emails": [r.email(B), r.email(D)], "description": "Lisbon"},
        {"name": "Solo", "member_emails": []},
        {"name": "Self", "member_emails": [r.email(A)]},
        {"name": "Dupes", "member_emails": [r.email(B), r.email(B)]},
        {"name": "Roommates", "member_emails": [r.email(C)]},
        {"name": "Upper", "member_emails": [r.email(B).upper()]},
        {"name": "Spaced", "member_emails": [" " + r.email(B)]},
        {"name": "Ghost", "member_emails": ["nobody@example.com"]},
        {"name": "Bad", "member_emails": ["not-an-email"]},
        {"name": "", "member_emails": []},
        {"name": " ", "member_emails": []},
        {"name": None, "member_emails": []},
        {"member_emails": []},
        {"name": "NoMembers"},
        {"name": "NoneMembers", "member_emails": None},
        {"name": "StrMembers", "member_emails": r.email(B)},
        {"name": 12, "member_emails": []},
        {"name": "DescNone", "member_emails": [], "description": None},
        {"name": "DescEmpty", "member_emails": [], "description": ""},
        {"name": "DescInt", "member_emails": [], "description": 7},
        {"name": "Extra", "member_emails": [], "group_id": 99, "user_id": 2},
    ]:
        gid = f"g{made}"
        made += 1
        status, _ = c(r, "create_group", _id=gid, access_token=ta, **args)
        if status == 200:
            c(r, "show_group", access_token=ta, group_id=ref(gid, "group_id"))
    # show_groups: newest first; paging (page_limit may go up to 2**63-1).
    for args in [{}, {"page_limit": 1}, {"page_limit": 20}, {"page_limit": 2**63 - 1}, {"page_limit": 2**63}, {"page_limit": 0},
                 {"page_index": 1}, {"page_index": 2, "page_limit": 3},
                 {"page_index": 50}, {"page_index": -1}, {"page_index": "2"}, {"page_limit": "3"},
                 {"page_limit": 2.5}, {"page_index": None}, {"page_limit": None},
                 {"delete": True}, {"delete": "yes"}, {"delete": "x"}, {"delete": None}]:
        c(r, "show_groups", access_token=ta, **args)
    c(r, "show_groups", access_token=tb, page_limit=20)
    c(r, "show_groups", access_token=td, page_limit=20)
    # show_group: path values of every kind; non-members.
    for gid in ODD_IDS:
        c(r, "show_group", access_token=ta, group_id=gid)
    c(r, "show_group", access_token=ta, group_id=2**63)  # beyond SQLite's integers
    c(r, "show_group", access_token=ta)
    c(r, "show_group", access_token=td, group_id=1)
    c(r, "show_group", access_token=tc, group_id=ref("g0", "group_id"))

    # update_group: each field and odd value, each success followed by the group.
    for args in [{"name": "Flatmates"}, {"description": "Apartment 5C"}, {"name": ""},
                 {"name": None}, {"description": ""}, {"description": None}, {},
                 {"name": 5}, {"name": "Roommates", "description": "Apartment 4B"}]:
        status, _ = c(r, "update_group", access_token=ta, group_id=1, **args)
        if status == 200:
            c(r, "show_group", access_token=tb, group_id=1)
    c(r, "update_group", access_token=td, group_id=1, name="Hijack")
    for gid in [999, "abc", ""]:
        c(r, "update_group", access_token=ta, group_id=gid, name="X")
    c(r, "show_notifications", access_token=tb, page_limit=20)

    # Members: add, add again, remove, remove a non-member, by non-members, odd e-mails.
    for email in [r.email(D), r.email(D), r.email(D).upper(), "nobody@example.com", "bad",
                  "", None, 5]:
        c(r, "add_member_to_group", access_token=ta, group_id=1, user_email=email)
    c(r, "add_member_to_group", access_token=ta, group_id=1)
    c(r, "show_group", access_token=td, group_id=1)
    c(r, "show_notifications", access_token=td)
    c(r, "show_notifications", access_token=ta)
    for email in [r.email(D), r.email(D), "nobody@example.com", "bad", r.email(D).upper()]:
        c(r, "remove_member_from_group", access_token=tb, group_id=1, user_email=email)
    c(r, "remove_member_from_group", access_token=td, group_id=1, user_email=r.email(C))
    for gid in [999, "abc", 0]:
        c(r, "add_member_to_group", access_token=ta, group_id=gid, user_email=r.email(D))
        c(r, "remove_member_from_group", access_token=ta, group_id=gid, user_email=r.email(B))
    c(r, "show_group", access_token=ta, group_id=1)
    c(r, "show_notifications", access_token=td)
    c(r, "show_notifications", access_token=ta)

    # Invitations: regenerate, accept with old and new codes, twice, odd codes.
    c(r, "accept_group_invitation", access_token=td, invitation_code="4f353")
    c(r, "show_group", access_token=td, group_id=1)
    c(r, "accept_group_invitation", access_token=td, invitation_code="4f353")
    c(r, "accept_group_invitation", access_token=ta, invitation_code="4f353")
    c(r, "regenerate_invitation_code", _id="inv", access_token=tb, group_id=1)
    c(r, "accept_group_invitation", access_token=tc, invitation_code=ref("inv", "invitation_code"))
    c(r, "exit_group", access_token=td, group_id=1)
    c(r, "accept_group_invitation", access_token=td, invitation_code="4f353")
    c(r, "accept_group_invitation", access_token=td, invitation_code=ref("inv", "invitation_code"))
    for code in ["nope1", "", "4F353", " 4f353", 5]:
        c(r, "accept_group_invitation", access_token=td, invitation_code=code)
    c(r, "accept_group_invitation", access_token=td)
    c(r, "regenerate_invitation_code", access_token=td, group_id=ref("g1", "group_id"))
    for gid in [999, "abc", None]:
        c(r, "regenerate_invitation_code", access_token=ta, group_id=gid)
    c(r, "show_group", access_token=ta, group_id=1)

    # Exit: members leave, again, a non-member, unknown groups; the creator can leave too.
    c(r, "exit_group", access_token=tc, group_id=1)
    c(r, "exit_group", access_token=tc, group_id=1)
    c(r, "exit_group", access_token=ta, group_id=ref("g0", "group_id"))
    c(r, "show_group", access_token=ta, group_id=ref("g0", "group_id"))
    c(r, "show_group", access_token=tb, group_id=ref("g0", "group_id"))
    for gid in [999, "abc", ""]:
        c(r, "exit_group", access_token=ta, group_id=gid)
    c(r, "show_groups", access_token=tc)
    c(r, "show_group_expenses", access_token=tc, group_id=1)
    c(r, "show_expense", access_token=tc, expense_id=1)
    c(r, "show_notifications", access_token=tb, page_limit=20)

    # Delete and undelete: cascades to expenses and payments; twice each; non-members.
    c(r, "delete_group", access_token=td, group_id=1)
    c(r, "delete_group", access_token=tb, group_id=1)
    c(r, "delete_group", access_token=tb, group_id=1)
    c(r, "show_group", access_token=ta, group_id=1)
    c(r, "show_groups", access_token=ta)
    c(r, "show_groups", access_token=ta, delete=True)
    c(r, "show_expense", access_token=ta, expense_id=1)
    c(r, "show_payment", access_token=ta, payment_id=1)
    c(r, "update_group", access_token=ta, group_id=1, name="Dead")
    c(r, "show_group_balance", access_token=ta, group_id=1)
    c(r, "show_groups_balance", access_token=ta)
    c(r, "record_expense", access_token=ta, description="late", paid_amount=10,
      payer_email=r.email(A), debtor_emails=[r.email(B)], group_id=1)
    c(r, "show_group_expenses", access_token=ta, group_id=1)
    c(r, "show_group_expenses", access_token=ta, group_id=1, deleted=True)
    c(r, "show_group_payments", access_token=ta, group_id=1, deleted=True)
    c(r, "undelete_group", access_token=ta, group_id=1)
    c(r, "undelete_group", access_token=ta, group_id=1)
    c(r, "undelete_group", access_token=td, group_id=1)
    for gid in [999, ""]:
        c(r, "delete_group", access_token=ta, group_id=gid)
        c(r, "undelete_group", access_token=ta, group_id=gid)
    c(r, "show_group", access_token=ta, group_id=1)
    c(r, "show_expense", access_token=ta, expense_id=1)
    c(r, "show_notifications", access_token=tb, page_limit=20)
    c(r, "show_notifications_count", access_token=tb)


# -- expenses ------------------------------------------------------------------------------------

def expenses(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    tc, td = r.login(APP, C, "tc"), r.login(APP, D, "td")
    a, b, cc, d = r.email(A), r.email(B), r.email(C), r.email(D)
    base = {"description": "Dinner", "paid_amount": 60, "payer_email": a, "debtor_emails": [b, cc]}
    made = 0

    def rec(tok=ta, **args):
        nonlocal made
        eid = f"e{made}"
        made += 1
        status, _ = c(r, "record_expense", _id=eid, access_token=tok, **args)
        if status == 200:
            c(r, "show_expense", access_token=tok, expense_id=ref(eid, "expense_id"))
        return eid

    rec(**base)
    # Each argument with odd values, the rest valid.
    for field, values in [
        ("description", ["", None, 7, ["x"]]),
        ("paid_amount", [0, 10.005, 10.015, 33.333, "60", "abc", None, True, 2**63]),
        ("debtor_emails", [[], [b], [a], [a, b], [b, b], [d], ["nobody@example.com"], [b.upper()],
                           ["bad"], b, None, [None]]),
    ]:
        for value in values:
            rec(**{**base, field: value})
    # The payer with Alice among the debtors.
    for payer in [b, d, a.upper(), "nobody@example.com", "bad", None, ""]:
        rec(**{**base, "payer_email": payer, "debtor_emails": [a, cc]})
    # Debt amounts: exact, within and beyond the 0.1 tolerance, wrong lengths, odd types.
    for amounts in [[20, 40], [30.05, 30.04], [30.05, 30.06], [30, 29.85], [60], [20, 20, 20],
                    None, ["30", "30"], [30, "abc"], "30", [0, 60],
                    [10.004, 49.996]]:
        rec(**{**base, "debt_amounts": amounts})
    rec(description="Uneven", paid_amount=10, payer_email=a, debtor_emails=[b, cc, d])
    rec(description="Self share", paid_amount=30, payer_email=a, debtor_emails=[a, b])
    # Group rules.
    for gid, debtors, payer in [(1, [b, cc], a), (1, [b, d], a), (1, [b], d), (999, [b], a),
                                ("abc", [b], a), (None, [b], a), ("1", [b], a)]:
        rec(**{**base, "group_id": gid, "debtor_emails": debtors, "payer_email": payer,
               "debt_amounts": None})
    rec(td, **{**base, "group_id": 1, "payer_email": d, "debtor_emails": [a]})
    # Not a party to a non-group expense; parties but not the creator.
    rec(td, **base)
    rec(tb, description="For Alice", paid_amount=12, payer_email=cc, debtor_emails=[a])
    rec(tb, description="B pays", paid_amount=12, payer_email=b, debtor_emails=[a])
    # A receipt path without a file_system token.
    rec(**{**base, "receipt_file_path": "/home/alice/documents/todo.txt"})
    rec(**{**base, "receipt_file_path": ""})
    rec(**{**base, "receipt_file_path": None, "file_system_access_token": None})
    rec(description="Missing", paid_amount=5)
    c(r, "record_expense", access_token=ta)

    # show_expense: path values of every kind; who may see.
    for eid in ODD_IDS:
        c(r, "show_expense", access_token=ta, expense_id=eid)
    c(r, "show_expense", access_token=ta)
    for tok in [tb, tc, td]:
        c(r, "show_expense", access_token=tok, expense_id=ref("e0", "expense_id"))
        c(r, "show_expense", access_token=tok, expense_id=1)

    # update_expense on e0 (Alice paid 60, Bruno and Chen owe): every field and rule.
    e0 = ref("e0", "expense_id")
    for args in [
        {"description": "Dinner out"}, {"description": ""}, {"description": None},
        {"paid_amount": 90}, {"paid_amount": 10.555}, {"paid_amount": -5}, {"paid_amount": "x"},
        {"paid_amount": 60},
        {"payer_email": b}, {"payer_email": d}, {"payer_email": "nobody@example.com"},
        {"payer_email": "bad"}, {"payer_email": a},
        {"debtor_emails": [b]}, {"debtor_emails": [b, cc, d]}, {"debtor_emails": []},
        {"debtor_emails": [b], "debt_amounts": [60]}, {"debtor_emails": [b], "debt_amounts": [50]},
        {"debtor_emails": [b, cc], "debt_amounts": [10, 50]},
        {"debtor_emails": [b, cc], "debt_amounts": [60]}, {"debt_amounts": [30, 30]},
        {"debtor_emails": ["nobody@example.com"]}, {"debtor_emails": [a]},
        {"debtor_emails": b}, {"paid_amount": 100, "debtor_emails": [b, cc], "debt_amounts": [50, 50]},
        {}, {"debtor_emails": [b, cc]},
    ]:
        status, _ = c(r, "update_expense", access_token=ta, expense_id=e0, **args)
        if status == 200:
            c(r, "show_expense", access_token=ta, expense_id=e0)
    # Group expense 1: payer and debtors must be members; non-parties.
    c(r, "update_expense", access_token=ta, expense_id=1, payer_email=d)
    c(r, "update_expense", access_token=ta, expense_id=1, debtor_emails=[b, d])
    c(r, "update_expense", access_token=tb, expense_id=1, payer_email=cc, description="Chen paid")
    c(r, "show_expense", access_token=ta, expense_id=1)
    c(r, "update_expense", access_token=td, expense_id=1, description="Hijack")
    c(r, "update_expense", access_token=td, expense_id=e0, description="Hijack")
    for eid in [999, "abc", "", 1.5]:
        c(r, "update_expense", access_token=ta, expense_id=eid, description="X")
    c(r, "show_notifications", access_token=tb, page_limit=20)
    c(r, "show_notifications", access_token=ta, page_limit=20)

    # Comments on e0: post with odd texts, list with paging, show, update, delete, ownership.
    made_c = 0
    for text in ["First!", "", None, 42, "x" * 1000, "x" * 1001, ["x"], "Second"]:
        cid = f"ec{made_c}"
        made_c += 1
        c(r, "post_expense_comment", _id=cid, access_token=ta, expense_id=e0, comment=text)
    c(r, "post_expense_comment", access_token=ta, expense_id=e0)
    c(r, "post_expense_comment", _id="ecb", access_token=tb, expense_id=e0, comment="From Bruno")
    c(r, "post_expense_comment", access_token=td, expense_id=e0, comment="Not mine")
    c(r, "post_expense_comment", access_token=ta, expense_id=999, comment="x")
    for args in [{}, {"page_limit": 1}, {"page_index": 1, "page_limit": 2}, {"page_index": 9},
                 {"page_limit": 0}, {"page_limit": 21}, {"page_index": -1}]:
        c(r, "show_expense_comments", access_token=ta, expense_id=e0, **args)
    c(r, "show_expense_comments", access_token=td, expense_id=e0)
    c(r, "show_expense_comments", access_token=ta, expense_id=999)
    c(r, "show_expense_comments", access_token=ta, expense_id="abc")
    c(r, "show_expense_comment", access_token=ta, comment_id=ref("ec0", "expense_comment_id"))
    c(r, "show_expense_comment", access_token=tb, comment_id=ref("ec0", "expense_comment_id"))
    c(r, "show_expense_comment", access_token=td, comment_id=ref("ec0", "expense_comment_id"))
    for cid in [999, "abc", ""]:
        c(r, "show_expense_comment", access_token=ta, comment_id=cid)
    ec0 = ref("ec0", "expense_comment_id")
    for text in ["Edited", "", None, 5, ["x"]]:
        status, _ = c(r, "update_expense_comment", access_token=ta, comment_id=ec0, comment=text)
        if status == 200:
            c(r, "show_expense_comment", access_token=ta, comment_id=ec0)
    c(r, "update_expense_comment", access_token=ta, comment_id=ec0)
    c(r, "update_expense_comment", access_token=tb, comment_id=ec0, comment="Bruno edits")
    c(r, "update_expense_comment", access_token=td, comment_id=ec0, comment="Dara edits")
    c(r, "update_expense_comment", access_token=ta, comment_id=999, comment="x")
    c(r, "delete_expense_comment", access_token=tb, comment_id=ec0)
    c(r, "delete_expense_comment", access_token=ta, comment_id=ref("ecb", "expense_comment_id"))
    c(r, "delete_expense_comment", access_token=ta, comment_id=ec0)
    c(r, "delete_expense_comment", access_token=ta, comment_id=ec0)
    c(r, "show_expense_comment", access_token=ta, comment_id=ec0)
    for cid in [999, "abc", ""]:
        c(r, "delete_expense_comment", access_token=ta, comment_id=cid)
    c(r, "show_expense_comments", access_token=tb, expense_id=e0, page_limit=20)
    c(r, "show_notifications", access_token=tb, page_limit=20)

    # Delete and undelete: twice each, by a debtor, by outsiders; what deleted expenses refuse.
    c(r, "delete_expense", access_token=tb, expense_id=e0)
    c(r, "delete_expense", access_token=ta, expense_id=e0)
    c(r, "show_expense", access_token=ta, expense_id=e0)
    c(r, "update_expense", access_token=ta, expense_id=e0, description="x")
    c(r, "post_expense_comment", access_token=ta, expense_id=e0, comment="x")
    c(r, "update_expense_comment", access_token=ta, comment_id=ref("ec7", "expense_comment_id"),
      comment="x")
    c(r, "delete_expense_comment", access_token=ta, comment_id=ref("ec7", "expense_comment_id"))
    c(r, "show_expense_comments", access_token=ta, expense_id=e0)
    c(r, "show_expense_comment", access_token=ta, comment_id=ref("ec7", "expense_comment_id"))
    c(r, "delete_expense_receipt_file", access_token=ta, expense_id=e0)
    c(r, "show_no_group_expenses", access_token=ta, page_limit=20)
    c(r, "show_no_group_expenses", access_token=ta, deleted=True)
    c(r, "show_activity", access_token=ta, page_limit=20)
    c(r, "show_person_balance", access_token=ta, email=b)
    c(r, "undelete_expense", access_token=td, expense_id=e0)
    c(r, "undelete_expense", access_token=tc, expense_id=e0)
    c(r, "undelete_expense", access_token=tc, expense_id=e0)
    c(r, "delete_expense", access_token=td, expense_id=e0)
    for eid in [999, ""]:
        c(r, "delete_expense", access_token=ta, expense_id=eid)
        c(r, "undelete_expense", access_token=ta, expense_id=eid)
    c(r, "show_expense", access_token=ta, expense_id=e0)
    # Receipt files without one attached (no file_system involved).
    c(r, "delete_expense_receipt_file", access_token=ta, expense_id=1)
    c(r, "delete_expense_receipt_file", access_token=ta, expense_id=999)
    c(r, "download_expense_receipt_file", access_token=ta, expense_id=1)
    c(r, "download_expense_receipt_file", access_token=ta, expense_id=999)
    c(r, "download_payment_receipt_file", access_token=ta, payment_id=1)
    c(r, "delete_payment_receipt_file", access_token=ta, payment_id=1)
    c(r, "show_notifications", access_token=tb, page_limit=20)
    c(r, "show_notifications", access_token=tc, page_limit=20)


# -- expense and payment lists -------------------------------------------------------------------

# Expenses Alice records before listing: (description, amount, payer, debtors, group).
EXTRA_EXPENSES = [
    ("Pizza night", 45.5, A, [B, C], 1), ("Electricity bill", 120, B, [A, C], 1),
    ("Taxi to airport", 38.2, A, [B], None), ("Concert tickets", 150, A, [D], None),
    ("Coffee beans", 18.75, C, [A], None), ("Internet", 60, A, [B, C], 1),
    ("Movie snacks", 12, A, [B, D], None), ("Pizza lunch", 30, D, [A], None),
    ("Cleaning supplies", 25.3, C, [A, B], 1), ("Hotel Lisbon", 300, A, [B, C, D], None),
    ("Water bill", 45, A, [B, C], 1), ("Dinner pizza", 90, B, [A], None),
]
EXTRA_PAYMENTS = [
    (B, A, 20, 1, "rent share"), (A, C, 15.5, None, "coffee"), (D, A, 75, None, "concert"),
    (C, A, 10, 1, "pizza"), (A, B, 5.25, None, None), (B, A, 40, None, "Dinner pizza back"),
    (A, D, 12, None, "lunch"),
]


def _populate(r: Recorder, ta: str) -> None:
    for i, (desc, amount, payer, debtors, gid) in enumerate(EXTRA_EXPENSES):
        c(r, "record_expense", _id=f"x{i}", access_token=ta, description=desc, paid_amount=amount,
          payer_email=r.email(payer), debtor_emails=[r.email(p) for p in debtors], group_id=gid)
    for i, (payer, receiver, amount, gid, desc) in enumerate(EXTRA_PAYMENTS):
        c(r, "record_payment", _id=f"y{i}", access_token=ta, payer_email=r.email(payer),
          receiver_email=r.email(receiver), amount=amount, group_id=gid, description=desc)
    # Some deleted rows for the `deleted` filter.
    c(r, "delete_expense", access_token=ta, expense_id=ref("x6", "expense_id"))
    c(r, "delete_payment", access_token=ta, payment_id=ref("y4", "payment_id"))


def lists(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    td = r.login(APP, D, "td")
    _populate(r, ta)

    def ge(tok=ta, **args):
        c(r, "show_group_expenses", access_token=tok, **{"group_id": 1, **args})

    def ne(tok=ta, **args):
        c(r, "show_no_group_expenses", access_token=tok, **args)

    def gp(tok=ta, **args):
        c(r, "show_group_payments", access_token=tok, **{"group_id": 1, **args})

    def np(tok=ta, **args):
        c(r, "show_no_group_payments", access_token=tok, **args)

    for f in (ge, ne, gp, np):
        f()
        f(page_limit=20)
    # Paging edges.
    for args in [{"page_index": 1, "page_limit": 3}, {"page_index": 3, "page_limit": 2},
                 {"page_index": 100}, {"page_limit": 1}, {"page_limit": 0}, {"page_limit": 21},
                 {"page_index": -1}, {"page_index": "1"}, {"page_limit": "2"}, {"page_limit": 2.5},
                 {"page_index": None}, {"page_limit": None}, {"page_index": 1.0}]:
        ne(**args)
    gp(page_index=1, page_limit=2)
    gp(page_limit=0)
    # sort_by forms (payments accept created_at only, expenses amount too).
    for sort_by in SORTS:
        ne(sort_by=sort_by, page_limit=20)
    for sort_by in [None, "+created_at", "-created_at", "+amount", "++created_at", "+unknown"]:
        np(sort_by=sort_by, page_limit=20)
    for sort_by in ["+amount", "-created_at", "bad"]:
        ge(sort_by=sort_by, page_limit=3, page_index=1)
        gp(sort_by=sort_by)
    # Queries.
    for query in ["pizza", "PIZZA", "pizza night", "bill", "bruno", "dara.patel@gmail.com",
                  "xyzzy", "", "pizz", "rent"]:
        ne(query=query, page_limit=20)
        np(query=query, page_limit=20)
    for query in ["pizza", "water bill", "chen"]:
        ge(query=query)
        gp(query=query)
    ne(query="pizza", sort_by="+amount")
    np(query="coffee", sort_by="-created_at")
    # Participant filter.
    for email in [r.email(B), r.email(D), r.email(A), r.email(B).upper(), "nobody@example.com",
                  "bad", "", None]:
        ne(participant_email=email, page_limit=20)
    for email in [r.email(B), r.email(D), "nobody@example.com"]:
        np(participant_email=email, page_limit=20)
        ge(participant_email=email, page_limit=20)
        gp(participant_email=email, page_limit=20)
    # Amount bounds.
    for args in [{"min_amount": 40}, {"max_amount": 40}, {"min_amount": 30, "max_amount": 60},
                 {"min_amount": 60, "max_amount": 30}, {"min_amount": 45.5, "max_amount": 45.5},
                 {"min_amount": -1}, {"min_amount": "40"}, {"min_amount": "abc"},
                 {"min_amount": None}, {"max_amount": 2**63}]:
        ne(page_limit=20, **args)
    gp(min_amount=15, max_amount=30)
    np(min_amount=15, max_amount=30)
    # Date bounds.
    for date in DATES:
        ne(min_created_at=date)
    for date in ["2023-05-17", "2023-5-18", "2023-02-30", None]:
        ne(max_created_at=date)
    np(min_created_at="2023-05-18", max_created_at="2023-05-18")
    np(min_created_at="2023-05-19")
    ge(min_created_at="2023-05-19", max_created_at="2023-05-17")
    # The deleted flag.
    for flag in [True, False, "true", "yes", "x", None, 1]:
        ne(deleted=flag)
    np(deleted=True)
    ge(deleted=True)
    # Group lists: odd groups and non-members.
    for gid in [999, "abc", "", 0, None, 1.5]:
        ge(group_id=gid)
        gp(group_id=gid)
    ge(td)
    gp(td)
    gp(participant_email=r.email(D))
    ne(td, page_limit=20)
    np(td, page_limit=20)
    ne(tb, page_limit=20, sort_by="-amount")
    np(tb, page_limit=20, sort_by="+created_at")
    ne(query="pizza", participant_email=r.email(B), min_amount=10, max_amount=50,
       sort_by="-amount", page_limit=2)

    # show_activity: expenses and payments together.
    def act(tok=ta, **args):
        c(r, "show_activity", access_token=tok, **args)

    act()
    act(page_limit=20)
    for sort_by in [None, "", "+created_at", "created_at", "+amount", "++created_at", "+unknown"]:
        act(sort_by=sort_by, page_limit=20)
    for flags in [{"show_expenses": False}, {"show_payments": False},
                  {"show_expenses": False, "show_payments": False}, {"show_payments": "x"},
                  {"show_expenses": None}]:
        act(page_limit=20, **flags)
    for args in [{"page_index": 2, "page_limit": 4}, {"page_limit": 21}, {"page_index": 50}]:
        act(**args)
    act(tb, page_limit=20)
    act(td, page_limit=20)


# -- payments ------------------------------------------------------------------------------------

def payments(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    tc, td = r.login(APP, C, "tc"), r.login(APP, D, "td")
    a, b, cc, d = r.email(A), r.email(B), r.email(C), r.email(D)
    base = {"payer_email": a, "receiver_email": b, "amount": 25}
    made = 0

    def rec(tok=ta, **args):
        nonlocal made
        pid = f"p{made}"
        made += 1
        status, _ = c(r, "record_payment", _id=pid, access_token=tok, **args)
        if status == 200:
            c(r, "show_payment", access_token=tok, payment_id=ref(pid, "payment_id"))
        return pid

    rec(**base, description="First")
    for field, values in [
        ("amount", [0, 10.005, 10.015, "12", "abc", None, True, 2**63]),
        ("payer_email", [a.upper(), d, "nobody@example.com", "bad", None, b]),
        ("receiver_email", [a, d, "nobody@example.com", "bad", None, b.upper()]),
        ("description", ["", 7]),
        ("group_id", [1, 999, "abc", None]),
    ]:
        for value in values:
            rec(**{**base, field: value})
    rec(payer_email=cc, receiver_email=b, amount=5)  # neither party, no group
    rec(payer_email=cc, receiver_email=b, amount=5, group_id=1)  # any member may record
    rec(payer_email=d, receiver_email=a, amount=5, group_id=1)
    rec(payer_email=a, receiver_email=d, amount=5, group_id=1)
    rec(td, payer_email=d, receiver_email=a, amount=5, group_id=1)
    rec(payer_email=a, receiver_email=b, amount=5, receipt_file_path="/home/alice/documents/todo.txt")
    rec(payer_email=a)
    c(r, "record_payment", access_token=ta)

    # show_payment: path values; who may see (group payments: every member).
    for pid in [0, 999, "1", "1.0", "abc", "", None, "1/2"]:
        c(r, "show_payment", access_token=ta, payment_id=pid)
    c(r, "show_payment", access_token=ta)
    for tok in [tb, tc, td]:
        c(r, "show_payment", access_token=tok, payment_id=ref("p0", "payment_id"))
        c(r, "show_payment", access_token=tok, payment_id=1)

    # update_payment: odd amounts and descriptions, each success shown; outsiders.
    p0 = ref("p0", "payment_id")
    for args in ([{"amount": 12.345}] + [{"amount": value} for value in ODD_VALUES]
                 + [{"description": "Edited"}, {"description": None}, {},
                    {"amount": 25, "description": "Back"}]):
        status, _ = c(r, "update_payment", access_token=ta, payment_id=p0, **args)
        if status == 200:
            c(r, "show_payment", access_token=ta, payment_id=p0)
    c(r, "update_payment", access_token=tb, payment_id=p0, description="By Bruno")
    c(r, "update_payment", access_token=tc, payment_id=p0, description="By Chen")
    c(r, "update_payment", access_token=tc, payment_id=1, amount=31)
    c(r, "show_payment", access_token=tb, payment_id=1)
    for pid in [999, "abc", "", 1.5]:
        c(r, "update_payment", access_token=ta, payment_id=pid, amount=1)

    # Payment comments: post, list, show, update, delete, ownership.
    made_c = 0
    for text in ["Thanks!", "", None, 42, "x" * 1001, "Again"]:
        c(r, "post_payment_comment", _id=f"pc{made_c}", access_token=ta, payment_id=p0, comment=text)
        made_c += 1
    c(r, "post_payment_comment", access_token=ta, payment_id=p0)
    c(r, "post_payment_comment", _id="pcb", access_token=tb, payment_id=p0, comment="From Bruno")
    c(r, "post_payment_comment", access_token=td, payment_id=p0, comment="Not mine")
    c(r, "post_payment_comment", access_token=tc, payment_id=1, comment="Group member")
    c(r, "post_payment_comment", access_token=ta, payment_id=999, comment="x")
    c(r, "show_payment_comments", access_token=ta, payment_id=p0)
    c(r, "show_payment_comments", access_token=tb, payment_id=p0)
    c(r, "show_payment_comments", access_token=td, payment_id=p0)
    c(r, "show_payment_comments", access_token=ta, payment_id=1)
    for pid in [999, "abc"]:
        c(r, "show_payment_comments", access_token=ta, payment_id=pid)
    pc0 = ref("pc0", "payment_comment_id")
    c(r, "show_payment_comment", access_token=ta, comment_id=pc0)
    c(r, "show_payment_comment", access_token=tb, comment_id=pc0)
    c(r, "show_payment_comment", access_token=td, comment_id=pc0)
    for cid in [999, "abc", ""]:
        c(r, "show_payment_comment", access_token=ta, comment_id=cid)
    for text in ["Edited", "", None, 5]:
        status, _ = c(r, "update_payment_comment", access_token=ta, comment_id=pc0, comment=text)
        if status == 200:
            c(r, "show_payment_comment", access_token=ta, comment_id=pc0)
    c(r, "update_payment_comment", access_token=tb, comment_id=pc0, comment="Bruno edits")
    c(r, "update_payment_comment", access_token=td, comment_id=pc0, comment="Dara edits")
    c(r, "update_payment_comment", access_token=ta, comment_id=999, comment="x")
    c(r, "delete_payment_comment", access_token=tb, comment_id=pc0)
    c(r, "delete_payment_comment", access_token=ta, comment_id=ref("pcb", "payment_comment_id"))
    c(r, "delete_payment_comment", access_token=ta, comment_id=pc0)
    c(r, "delete_payment_comment", access_token=ta, comment_id=pc0)
    for cid in [999, "abc", ""]:
        c(r, "delete_payment_comment", access_token=ta, comment_id=cid)
    c(r, "show_payment_comments", access_token=tb, payment_id=p0)
    c(r, "show_notifications", access_token=tb, page_limit=20)

    # Delete and undelete; a deleted payment refuses updates but takes comments.
    c(r, "delete_payment", access_token=tb, payment_id=p0)
    c(r, "delete_payment", access_token=ta, payment_id=p0)
    c(r, "delete_payment", access_token=td, payment_id=1)
    c(r, "show_payment", access_token=ta, payment_id=p0)
    c(r, "update_payment", access_token=ta, payment_id=p0, amount=1)
    c(r, "post_payment_comment", _id="pcd", access_token=ta, payment_id=p0, comment="after delete")
    c(r, "update_payment_comment", access_token=ta, comment_id=ref("pc5", "payment_comment_id"),
      comment="x")
    c(r, "delete_payment_comment", access_token=ta, comment_id=ref("pc5", "payment_comment_id"))
    c(r, "delete_payment_receipt_file", access_token=ta, payment_id=p0)
    c(r, "show_no_group_payments", access_token=ta, page_limit=20)
    c(r, "show_no_group_payments", access_token=ta, deleted=True)
    c(r, "undelete_payment", access_token=td, payment_id=p0)
    c(r, "undelete_payment", access_token=tb, payment_id=p0)
    c(r, "undelete_payment", access_token=tb, payment_id=p0)
    for pid in [999, ""]:
        c(r, "delete_payment", access_token=ta, payment_id=pid)
        c(r, "undelete_payment", access_token=ta, payment_id=pid)
    c(r, "show_payment", access_token=ta, payment_id=p0)
    c(r, "show_notifications", access_token=tb, page_limit=20)


# -- balances ------------------------------------------------------------------------------------

def balances(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    tc, td = r.login(APP, C, "tc"), r.login(APP, D, "td")
    a, b, cc, d = r.email(A), r.email(B), r.email(C), r.email(D)

    def show_all(tok):
        c(r, "show_people_balance", access_token=tok)
        c(r, "show_groups_balance", access_token=tok)
        c(r, "search_users", access_token=tok)

    # The seeded world: group 1 only.
    for tok in [ta, tb]:
        show_all(tok)
    _populate(r, ta)
    for tok in [ta, tb, tc, td]:
        show_all(tok)
    # Person balance with each person and odd e-mails.
    for email in [b, cc, d, a, b.upper(), "nobody@example.com", "bad", None]:
        c(r, "show_person_balance", access_token=ta, email=email)
    c(r, "show_person_balance", access_token=ta)
    c(r, "show_person_balance", access_token=td, email=a)
    # Group balance: the group, each member, no group, odd ids and e-mails.
    for args in [{"group_id": 1}, {"group_id": 1, "email": b}, {"group_id": 1, "email": d},
                 {"group_id": 1, "email": "nobody@example.com"}, {}, {"email": a},
                 {"email": b}, {"email": "bad"}, {"group_id": 999}, {"group_id": "abc"},
                 {"group_id": None}]:
        c(r, "show_group_balance", access_token=ta, **args)
    c(r, "show_group_balance", access_token=td, group_id=1)
    c(r, "show_group_balance", access_token=td)
    # search_users: ordered by what others owe; queries and paging.
    for args in [{}, {"page_limit": 20}, {"query": "bruno"}, {"query": "gmail"},
                 {"query": "li"}, {"query": "CHEN"}, {"query": "xyzzy"}, {"query": "dara patel"},
                 {"page_index": 1, "page_limit": 2}, {"page_limit": 0}, {"page_limit": 21},
                 {"query": None}]:
        c(r, "search_users", access_token=ta, **args)
    # settle_up with each person, in and out of the group, then the balances again.
    for args in [{"email": b, "group_id": 1}, {"email": b, "group_id": 1}, {"email": d},
                 {"email": cc}, {"email": cc}, {"email": b}, {"email": d, "group_id": 1},
                 {"email": a}, {"email": "nobody@example.com"}, {"email": "bad"}, {"email": None},
                 {"email": b, "group_id": 999}, {"email": b, "group_id": "abc"}, {}]:
        c(r, "settle_up", access_token=ta, **args)
    c(r, "settle_up", access_token=tc, email=a, group_id=1, description="Custom note")
    c(r, "settle_up", access_token=tb, email=cc, group_id=1, description="")
    c(r, "settle_up", access_token=td, email=b, group_id=1)
    c(r, "show_no_group_payments", access_token=ta, page_limit=20)
    c(r, "show_group_payments", access_token=ta, group_id=1, page_limit=20)
    for tok in [ta, tb, tc]:
        show_all(tok)
    c(r, "show_group_balance", access_token=ta, group_id=1)
    c(r, "show_notifications", access_token=tb, page_limit=20)
    # A deleted group leaves the overview; a deleted non-group payment changes the balance.
    c(r, "delete_group", access_token=tb, group_id=1)
    c(r, "delete_payment", access_token=ta, payment_id=ref("y1", "payment_id"))
    c(r, "delete_expense", access_token=ta, expense_id=ref("x2", "expense_id"))
    show_all(ta)
    c(r, "show_person_balance", access_token=ta, email=b)
    c(r, "show_person_balance", access_token=ta, email=cc)
    c(r, "settle_up", access_token=ta, email=b, group_id=1)


# -- notifications -------------------------------------------------------------------------------

def notifications(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    tc = r.login(APP, C, "tc")
    # Activity that notifies Bruno in several ways.
    c(r, "record_expense", _id="e", access_token=ta, description="Lunch", paid_amount=20,
      payer_email=r.email(A), debtor_emails=[r.email(B)])
    c(r, "post_expense_comment", access_token=ta, expense_id=ref("e", "expense_id"), comment="hi")
    c(r, "record_payment", _id="p", access_token=tc, payer_email=r.email(C),
      receiver_email=r.email(B), amount=5)
    c(r, "post_payment_comment", access_token=tc, payment_id=ref("p", "payment_id"), comment="yo")
    c(r, "update_expense", access_token=ta, expense_id=ref("e", "expense_id"), paid_amount=22)
    c(r, "delete_expense", access_token=ta, expense_id=ref("e", "expense_id"))
    c(r, "undelete_expense", access_token=ta, expense_id=ref("e", "expense_id"))
    c(r, "update_payment", access_token=tc, payment_id=ref("p", "payment_id"), amount=6)
    c(r, "delete_payment", access_token=tc, payment_id=ref("p", "payment_id"))
    c(r, "undelete_payment", access_token=tc, payment_id=ref("p", "payment_id"))

    def sn(**args):
        c(r, "show_notifications", access_token=tb, **args)

    def cnt(**args):
        c(r, "show_notifications_count", access_token=tb, **args)

    sn()
    sn(page_limit=20)
    for args in [{"page_index": 2, "page_limit": 3}, {"page_limit": 0}, {"page_limit": 21},
                 {"page_index": "1"}, {"read": True}, {"read": False}, {"read": "true"}, {"read": "x"}, {"read": None},
                 {"read": 0}]:
        sn(**args)
    for read in ODD_VALUES:
        cnt(read=read)
    cnt()
    # Mark one, by its owner and by others; odd ids and flags.
    for nid, read in [(1, True), (1, True), (1, False), (3, "yes"), (3, "x"), (3, None), (2, True),
                      (5, True), (999, True), ("abc", True), ("", True), (1.5, True), (0, True)]:
        c(r, "mark_notification", access_token=tb, notification_id=nid, read=read)
    c(r, "mark_notification", access_token=tb, notification_id=1)
    sn(read=True)
    cnt(read=True)
    # Mark all, odd flags.
    for read in [True, "false", "x", None, 1]:
        c(r, "mark_notifications", access_token=tb, read=read)
        cnt(read=True)
    c(r, "mark_notifications", access_token=tb)
    c(r, "show_notifications_count", access_token=tc)
    # Delete one, someone else's, twice; then all.
    for nid in [1, 1, 2, 5, 999, "abc", "", None]:
        c(r, "delete_notification", access_token=tb, notification_id=nid)
    sn(page_limit=20)
    c(r, "delete_notifications", access_token=tb)
    c(r, "delete_notifications", access_token=tb)
    sn()
    cnt()
    c(r, "show_notifications", access_token=ta)
    c(r, "show_notifications", access_token=tc)


# -- account deletion ----------------------------------------------------------------------------

def deletion(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    tc = r.login(APP, C, "tc")
    c(r, "record_expense", _id="e", access_token=ta, description="Lunch", paid_amount=20,
      payer_email=r.email(A), debtor_emails=[r.email(B)])
    c(r, "record_payment", _id="p", access_token=ta, payer_email=r.email(B),
      receiver_email=r.email(A), amount=4)
    c(r, "post_expense_comment", _id="ec", access_token=tb, expense_id=ref("e", "expense_id"),
      comment="mine")
    # Bruno deletes his account: what the others still see.
    c(r, "delete_account", access_token=tb)
    c(r, "delete_account", access_token=tb)
    c(r, "logout", access_token=tb)
    c(r, "show_profile", email=r.email(B))
    c(r, "show_group", access_token=ta, group_id=1)
    c(r, "show_groups", access_token=ta)
    # Many reads now fail inside AppWorld (his rows point at a missing user): a few of each kind.
    c(r, "show_expense", access_token=ta, expense_id=1)
    c(r, "show_expense_comments", access_token=ta, expense_id=ref("e", "expense_id"))
    c(r, "show_payment", access_token=ta, payment_id=1)
    c(r, "show_no_group_payments", access_token=ta)
    c(r, "show_activity", access_token=ta)
    c(r, "show_people_balance", access_token=ta)
    c(r, "update_expense", access_token=ta, expense_id=ref("e", "expense_id"), description="x")
    c(r, "remove_member_from_group", access_token=ta, group_id=1, user_email=r.email(B))
    c(r, "add_member_to_group", access_token=ta, group_id=1, user_email=r.email(B))
    c(r, "show_notifications", access_token=tc)


# -- receipts (file_system) ----------------------------------------------------------------------

FS = ["file_system"]


def receipts(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    td = r.login(APP, D, "td")
    fa = r.login("file_system", A, "fa")
    fb = r.login("file_system", B, "fb")
    doc = "/home/alice/documents/todo.txt"

    def x(api, _id=None, tok=ta, **args):
        return r.call(APP, api, _id=_id, _needs=FS, access_token=tok, **args)

    # Expenses with a receipt at creation: good file, missing file, bad extension, bad token.
    x("record_expense", "r0", description="Receipt", paid_amount=10, payer_email=r.email(A),
      debtor_emails=[r.email(B)], receipt_file_path=doc, file_system_access_token=fa)
    x("show_expense", expense_id=ref("r0", "expense_id"))
    for path, token in [("/home/alice/nope.txt", fa), ("/home/alice/documents/todo.exe", fa),
                        ("/home/alice/documents/", fa), (doc, "garbage"), (doc, fb),
                        ("~/documents/todo.txt", fa), ("noext", fa)]:
        x("record_expense", description="R", paid_amount=10, payer_email=r.email(A),
          debtor_emails=[r.email(B)], receipt_file_path=path, file_system_access_token=token)
    # Attach to expense 1: again without and with overwrite; odd paths; outsiders.
    x("attach_expense_receipt_file", expense_id=1, receipt_file_path=doc, file_system_access_token=fa)
    x("attach_expense_receipt_file", expense_id=1, receipt_file_path=doc, file_system_access_token=fa)
    x("attach_expense_receipt_file", expense_id=1, receipt_file_path="/home/alice/documents/work/report.txt",
      file_system_access_token=fa, overwrite=True)
    x("attach_expense_receipt_file", expense_id=1, receipt_file_path=doc, file_system_access_token=fa,
      overwrite="yes")
    x("attach_expense_receipt_file", tok=td, expense_id=1, receipt_file_path=doc,
      file_system_access_token=fa)
    x("attach_expense_receipt_file", expense_id=999, receipt_file_path=doc, file_system_access_token=fa)
    x("attach_expense_receipt_file", expense_id=ref("r0", "expense_id"), receipt_file_path="/x.zip",
      file_system_access_token=fa, overwrite=True)
    x("attach_expense_receipt_file", expense_id=ref("r0", "expense_id"), receipt_file_path=doc)
    x("show_expense", expense_id=1)
    # Download: default path, again (exists), overwrite, own path, Bruno into his own file system.
    x("download_expense_receipt_file", expense_id=1, file_system_access_token=fa)
    x("download_expense_receipt_file", expense_id=1, file_system_access_token=fa)
    x("download_expense_receipt_file", expense_id=1, file_system_access_token=fa, overwrite=True)
    x("download_expense_receipt_file", expense_id=1, file_system_access_token=fa,
      download_to_file_path="~/receipts/groceries.txt")
    x("download_expense_receipt_file", tok=tb, expense_id=1, file_system_access_token=fb)
    x("download_expense_receipt_file", expense_id=1, file_system_access_token="garbage")
    x("download_expense_receipt_file", tok=td, expense_id=1, file_system_access_token=fa)
    r.call("file_system", "show_directory", access_token=fa, directory_path="~/downloads/")
    # Delete the receipt; a deleted expense refuses changes to it.
    x("delete_expense_receipt_file", expense_id=1)
    x("delete_expense_receipt_file", expense_id=1)
    x("download_expense_receipt_file", expense_id=1, file_system_access_token=fa)
    x("delete_expense", expense_id=ref("r0", "expense_id"))
    x("attach_expense_receipt_file", expense_id=ref("r0", "expense_id"), receipt_file_path=doc,
      file_system_access_token=fa, overwrite=True)
    x("delete_expense_receipt_file", expense_id=ref("r0", "expense_id"))
    x("download_expense_receipt_file", expense_id=ref("r0", "expense_id"), file_system_access_token=fa,
      overwrite=True)

    # Payments: the same paths.
    x("record_payment", "q0", payer_email=r.email(A), receiver_email=r.email(B), amount=3,
      receipt_file_path=doc, file_system_access_token=fa)
    x("show_payment", payment_id=ref("q0", "payment_id"))
    x("record_payment", payer_email=r.email(A), receiver_email=r.email(B), amount=3,
      receipt_file_path="/home/alice/documents/todo.doc", file_system_access_token=fa)
    x("attach_payment_receipt_file", payment_id=1, receipt_file_path=doc, file_system_access_token=fa)
    x("attach_payment_receipt_file", payment_id=1, receipt_file_path=doc, file_system_access_token=fa)
    x("attach_payment_receipt_file", payment_id=1, receipt_file_path=doc, file_system_access_token=fa,
      overwrite=True)
    x("attach_payment_receipt_file", payment_id=1, receipt_file_path="/a.gif",
      file_system_access_token=fa, overwrite=True)
    x("attach_payment_receipt_file", tok=td, payment_id=1, receipt_file_path=doc,
      file_system_access_token=fa)
    x("attach_payment_receipt_file", payment_id=999, receipt_file_path=doc, file_system_access_token=fa)
    x("show_payment", payment_id=1)
    x("download_payment_receipt_file", payment_id=1, file_system_access_token=fa,
      download_to_file_path="~/receipts/payment1.txt")
    x("download_payment_receipt_file", payment_id=1, file_system_access_token=fa,
      download_to_file_path="~/receipts/payment1.txt")
    x("download_payment_receipt_file", tok=tb, payment_id=1, file_system_access_token=fb)
    x("download_payment_receipt_file", payment_id=1, file_system_access_token="garbage")
    x("delete_payment_receipt_file", payment_id=1)
    x("delete_payment_receipt_file", payment_id=1)
    x("delete_payment", payment_id=ref("q0", "payment_id"))
    x("attach_payment_receipt_file", payment_id=ref("q0", "payment_id"), receipt_file_path=doc,
      file_system_access_token=fa, overwrite=True)
    x("delete_payment_receipt_file", payment_id=ref("q0", "payment_id"))
    x("download_payment_receipt_file", payment_id=ref("q0", "payment_id"), file_system_access_token=fa)


def generate(r: Recorder) -> None:
    auth_matrix(r)
    login_logout(r)
    accounts(r)
    groups(r)
    expenses(r)
    lists(r)
    payments(r)
    balances(r)
    notifications(r)
    deletion(r)
    receipts(r)
