"""phone: the auth matrix (missing, blank, garbage, logged-out, deleted-user and other-app
tokens), login by phone number in every spelling, the account flows (profile, rename as others
see it, signup, password reset by text message from Phone Notifications, account deletion and
the messages it leaves dangling), contact writes with odd arguments then reads, the contact
search matrix (queries, relationship filter with case/plural variants, paging), text and voice
messages between two or three people (send, read, reply, delete one copy, windows by datetime
and pagination order, search with phone filter, only_latest_per_contact, every sort_by form),
alarms (odd arguments, duplicates, update, delete, paging), and get_current_date_and_time.

People of the oracle world (all log in by phone number, password `<first>-phone-pw1`):
0 Alice 2125550101 (user id 10; contacts 1 Bruno [friend], 2 Chen [friend, coworker],
3 Dara [sibling]; alarm 1 "Wake up" 07:30; texts: 1 she sent Bruno "On my way", 4 Bruno's
reply "See you soon"), 1 Bruno 2125550102 (user id 11; his copies 2 and 3 of those texts; no
contacts), 2 Chen 2125550103, 3 Dara 2125550104 (no data). Users 1-9 are the company
notification senders ("Phone Notifications" is 1742710379, user id 2, password
"adminpassword"). No voice messages. Every row is created at the frozen clock,
2023-05-18T12:00:00, so every order shown is a tie-break order.

The whole ODD_VALUES list goes through one parameter of each kind: a string (text message
body), a list (contact relationships) and a boolean (alarm enabled); the integer (alarm
snooze_minutes) and the other parameters get chosen subsets.

Lines that AppWorld answers with an unhandled error (status null, a 500 on a server): texts
whose counterpart deleted their account, add_contact without an e-mail or with an empty
name, create_alarm with a one-digit hour, and ids or integers of 2**63 (SQLite overflow)."""

from common import ODD_VALUES, Recorder, login_attempts, logout_flow

APP = "phone"
A, B, C, D = range(4)
PHONES = ["2125550101", "2125550102", "2125550103", "2125550104"]
NOTIFIER = "1742710379"  # Phone Notifications: sends the password reset codes
# Path ids of every odd kind (the world's own ids are small). 2**63 overflows SQLite (a 500
# in AppWorld); it is sent only a few times, in text_flows and alarm_writes.
ODD_IDS = [0, -1, 999, "1", " 1", "1.0", 1.5, "abc", "", None, True, "1/2", 10**12]
SORTS = [None, "", " ", "+created_at", "-created_at", "created_at", " -created_at",
         "-created_at ", "++created_at", "--created_at", "+", "-", "+Created_At", "-sent_at",
         "+message", "+created_at,-message", 5]
PAGES = [{"page_index": 0, "page_limit": 1}, {"page_index": 1, "page_limit": 1},
         {"page_index": 2, "page_limit": 2}, {"page_index": 1, "page_limit": 20},
         {"page_index": 100}, {"page_index": -1}, {"page_index": "2"}, {"page_index": None},
         {"page_index": 1.0}, {"page_limit": 20}, {"page_limit": 0}, {"page_limit": 21},
         {"page_limit": None}, {"page_limit": "3"}, {"page_limit": 2.5}, {"page_limit": True},
         {"page_limit": "x", "page_index": -1}]
MISSING = "<missing>"  # marks an argument left out of a call


def c(r: Recorder, api: str, _id: str | None = None, **args):
    args = {k: v for k, v in args.items() if not (isinstance(v, str) and v == MISSING)}
    return r.call(APP, api, _id=_id, **args)


def ref(name: str, field: str) -> str:
    return "${" + name + "." + field + "}"


def _user_row(r: Recorder, phone: str) -> dict:
    return next(u for u in r.state(APP)["users"] if u["phone_number"] == phone)


# -- auth -----------------------------------------------------------------------------------

AUTH_CALLS = [
    ("show_account", {}), ("update_account_name", {"first_name": "Al"}),
    ("delete_account", {}), ("logout", {}), ("show_contact_relationships", {}),
    ("search_contacts", {}),
    ("add_contact", {"first_name": "X", "last_name": "Y", "phone_number": "1",
                     "email": "x@example.com"}),
    ("update_contact", {"contact_id": 1, "first_name": "X"}),
    ("delete_contact", {"contact_id": 1}),
    ("show_text_message_window", {"phone_number": PHONES[B]}),
    ("search_text_messages", {}), ("show_text_message", {"text_message_id": 1}),
    ("delete_text_message", {"text_message_id": 1}),
    ("send_text_message", {"phone_number": PHONES[B], "message": "hi"}),
    ("show_alarms", {}), ("create_alarm", {"time": "06:00"}),
    ("show_alarm", {"alarm_id": 1}), ("update_alarm", {"alarm_id": 1, "label": "x"}),
    ("delete_alarm", {"alarm_id": 1}),
    ("show_voice_message_window", {"phone_number": PHONES[B]}),
    ("search_voice_messages", {}), ("show_voice_message", {"voice_message_id": 1}),
    ("delete_voice_message", {"voice_message_id": 1}),
    ("send_voice_message", {"phone_number": PHONES[B], "message": "hi"}),
]


def auth_matrix(r: Recorder) -> None:
    ta = r.login(APP, A, "ta")
    # A token of another app (simple_note) signed with the same secret: phone refuses it.
    other_app = r.login("simple_note", A, "sn")
    for k, (api, args) in enumerate(AUTH_CALLS):
        c(r, api, **args)  # no token at all
        c(r, api, access_token="garbage", **args)
        if k % 4 == 0:
            c(r, api, access_token=other_app, **args)
    # Every kind of bad token on a few APIs; a bad token wins over bad parameters.
    for api, args in [("search_contacts", {"page_limit": 0}),
                      ("update_alarm", {"alarm_id": "x", "time": "bad"}), ("logout", {})]:
        for bad in [None, "", "Bearer x", 5, "eyJhbGciOiJIUzI1NiJ9.e30.sig"]:
            c(r, api, access_token=bad, **args)
    # APIs without auth ignore any token.
    c(r, "get_current_date_and_time", access_token="garbage")
    c(r, "show_profile", access_token="garbage", phone_number=PHONES[B])
    # A good token with bad parameters: validation.
    c(r, "show_alarm", access_token=ta, alarm_id="x")
    c(r, "create_alarm", access_token=ta, time=None, snooze_minutes=-1)
    c(r, "show_account", access_token=ta)


def login_logout(r: Recorder) -> None:
    r.reset()
    phone, pw = PHONES[A], r.password(A, APP)
    login_attempts(lambda api, **a: c(r, api, **a), [
        (phone, pw), (phone, pw + "x"), (phone, ""), (phone, pw.upper()), (" " + phone, pw),
        ("212-555-0101", pw), ("+12125550101", pw),
        (int(phone), pw), (r.email(A), pw), ("2125550199", pw), ("", pw), (None, pw),
        (phone, None), (PHONES[B], r.password(B, APP)), (phone, r.password(A, "simple_note")),
        (NOTIFIER, "adminpassword"),
    ],
                   partial=[{"username": phone}, {}])
    # Logout: the token stops working; a second logout and a missing token fail differently.
    logout_flow(lambda api, **a: c(r, api, **a), lambda i: r.login(APP, A, i),
                ("show_account", {}), ("show_account", {}),
                ("show_alarms", {}),
                after=(("search_contacts", {}),))
    # Logging in again gives a working token.
    fresh = r.login(APP, A, "t3")
    c(r, "show_account", access_token=fresh)
    # The notifier account is an ordinary user.
    c(r, "login", _id="tn", username=NOTIFIER, password="adminpassword")
    c(r, "show_account", access_token=ref("tn", "access_token"))
    c(r, "search_text_messages", access_token=ref("tn", "access_token"))


# -- accounts -------------------------------------------------------------------------------


def profile_and_names(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    c(r, "show_account", access_token=ta)
    c(r, "show_account", access_token=tb)
    for phone in [PHONES[B], " " + PHONES[B], "212-555-0102", int(PHONES[B]), NOTIFIER,
                  "2125550199", "", None, 2.5, [PHONES[B]]]:
        c(r, "show_profile", phone_number=phone)
    c(r, "show_profile")
    c(r, "show_profile", email=r.email(B))  # not a parameter of phone: still "missing"
    c(r, "show_profile", email=r.email(B), phone_number=PHONES[B])
    # Renames, each followed by the account.
    for names in [{"first_name": "Alicia"}, {}, {"first_name": ""}, {"last_name": " "},
                  {"first_name": None}, {"first_name": 42}, {"first_name": ["x"]},
                  {"last_name": True}, {"first_name": "Ally", "last_name": "Ng-Li"}]:
        c(r, "update_account_name", access_token=ta, **names)
        c(r, "show_account", access_token=ta)
    c(r, "show_profile", phone_number=PHONES[A])
    # Bruno has no contacts: message names come from the account, so the rename shows there,
    # and the search text of the messages is refreshed.
    c(r, "search_text_messages", access_token=tb)
    c(r, "search_text_messages", access_token=tb, query="ally")
    c(r, "search_text_messages", access_token=tb, query="soon")
    # Alice sees herself under her account name, Bruno under her contact's name.
    c(r, "search_text_messages", access_token=ta)
    c(r, "update_account_name", access_token=tb, first_name="Bru")
    c(r, "show_text_message", access_token=ta, text_message_id=4)
    c(r, "show_text_message", access_token=tb, text_message_id=3)
    c(r, "search_text_messages", access_token=ta, query="bru")


def signup(r: Recorder) -> None:
    r.reset()
    new = "5550001000"

    def eve(phone, **over):
        return {"first_name": "Eve", "last_name": "Stone", "phone_number": phone,
                "password": "pw123", **over}

    for args in [
        eve(new), eve(new), eve(PHONES[A]), eve(NOTIFIER),  # the last three already exist
        eve("5550001001", first_name=""), eve("5550001002", last_name=""),
        eve("555000100"), eve("55500010033"), eve(""), eve("5550001004", password="pw12"),
        eve(5550001006), eve("abcdefghij"), eve(" 555000100"),  # any 10 characters do
        eve("5550001008", password=123456), eve("5550001009", first_name=7, last_name=8.5),
        eve(5.5), {"first_name": "Eve", "phone_number": "5550001011"}, {},
        {"first_name": None, "last_name": None, "phone_number": None, "password": None},
        eve("5550001012", email="eve@example.com"),  # not a parameter: ignored
    ]:
        c(r, "signup", **args)
    # Accounts are usable at once (no verification in phone); odd ones log in as stored.
    c(r, "login", _id="te", username=new, password="pw123")
    te = ref("te", "access_token")
    c(r, "login", username=new, password="wrong")
    c(r, "login", username="5550001006", password="pw123")
    c(r, "login", username="abcdefghij", password="pw123")
    c(r, "login", username=" 555000100", password="pw123")
    c(r, "login", username="5550001008", password="123456")
    c(r, "show_profile", phone_number="5550001009")
    c(r, "show_account", access_token=te)
    for api in ["search_contacts", "show_contact_relationships", "search_text_messages",
                "show_alarms", "search_voice_messages"]:
        c(r, api, access_token=te)
    # Eve texts Alice, who does not have her as a contact: her account name shows.
    c(r, "send_text_message", access_token=te, phone_number=PHONES[A], message="Hi Alice, it's Eve")
    ta = r.login(APP, A, "ta")
    c(r, "search_text_messages", access_token=ta, phone_number=new)
    # Alice adds Eve as a contact: the same message now carries the contact's name and id.
    c(r, "add_contact", access_token=ta, first_name="Evie", last_name="S.",
      phone_number=new, email="eve@example.com", relationships=["Neighbor"])
    c(r, "show_text_message_window", access_token=ta, phone_number=new)
    c(r, "search_text_messages", access_token=te)
    c(r, "send_text_message", access_token=ta, phone_number=new, message="Welcome, Eve!")
    c(r, "search_text_messages", access_token=te, only_latest_per_contact=True)
    c(r, "show_contact_relationships", access_token=ta)


def password_reset(r: Recorder) -> None:
    r.reset()
    phone = PHONES[A]

    def reset(number, code, new_password):
        c(r, "reset_password", phone_number=number, password_reset_code=code,
          new_password=new_password)

    for args in [{"phone_number": "2125550199"}, {"phone_number": ""}, {"phone_number": None},
                 {}, {"phone_number": " " + phone}, {"phone_number": "212-555-0101"},
                 {"email": r.email(A)}, {"phone_number": [phone]}]:
        c(r, "send_password_reset_code", **args)
    # No code was ever sent to Bruno: any code is wrong.
    reset(PHONES[B], "None", "secret1")
    reset(PHONES[B], "", "secret1")
    c(r, "send_password_reset_code", phone_number=phone)
    # The code arrives as a text from Phone Notifications.
    ta = r.login(APP, A, "ta")
    c(r, "search_text_messages", access_token=ta, phone_number=NOTIFIER)
    c(r, "search_text_messages", access_token=ta, query="reset code", page_limit=1)
    code = _user_row(r, phone)["password_reset_code"]
    reset(phone, "0000000", "secret1")
    reset(phone, code.upper(), "secret1")
    reset(phone, " " + code, "secret1")
    reset(phone, code, "abcd")
    reset(phone, code, None)
    reset("2125550199", code, "secret1")
    reset(PHONES[B], code, "secret1")
    reset(None, code, "secret1")
    reset(phone, code, "secret1")
    # The code is not used up: it works a second time.
    reset(phone, code, "secret2")
    c(r, "login", username=phone, password=r.password(A, APP))
    c(r, "login", username=phone, password="secret1")
    c(r, "login", _id="ta2", username=phone, password="secret2")
    # Old tokens keep working after a password change.
    c(r, "show_account", access_token=ta)
    # The confirmation texts arrived too (the window pages in its default descending order).
    c(r, "search_text_messages", access_token=ref("ta2", "access_token"), phone_number=NOTIFIER,
      page_limit=10)
    c(r, "show_text_message_window", access_token=ta, phone_number=NOTIFIER, page_limit=2)
    c(r, "search_text_messages", access_token=ta, only_latest_per_contact=True)
    # A second request replaces the code; the first one stops working. An integer phone
    # number is coerced to text.
    c(r, "send_password_reset_code", phone_number=int(phone))
    code2 = _user_row(r, phone)["password_reset_code"]
    reset(phone, code, "secret3")
    reset(int(phone), code2, "secret3")
    c(r, "login", username=phone, password="secret3")
    c(r, "reset_password")
    # The notifier sees every text it sent.
    c(r, "login", _id="tn", username=NOTIFIER, password="adminpassword")
    c(r, "search_text_messages", access_token=ref("tn", "access_token"), page_limit=10)


def account_deletion(r: Recorder) -> None:
    r.reset()
    ta, td, td_b = r.login(APP, A, "ta"), r.login(APP, D, "td"), r.login(APP, D, "td_b")
    # Dara's own rows go with her account; Alice's contact of Dara stays.
    c(r, "create_alarm", access_token=td, time="05:45", label="Gym")
    c(r, "add_contact", access_token=td, first_name="Alice", last_name="Ng",
      phone_number=PHONES[A], email=r.email(A))
    c(r, "delete_account", access_token=td)
    c(r, "delete_account", access_token=td)
    c(r, "show_account", access_token=td)
    c(r, "logout", access_token=td)  # a deleted user's token can still be logged out
    c(r, "login", username=PHONES[D], password=r.password(D, APP))
    c(r, "show_profile", phone_number=PHONES[D])
    c(r, "search_contacts", access_token=ta, relationship="sibling")
    c(r, "send_text_message", access_token=ta, phone_number=PHONES[D], message="Are you there?")
    c(r, "show_text_message_window", access_token=ta, phone_number=PHONES[D])
    c(r, "search_text_messages", access_token=ta, phone_number=PHONES[D])
    c(r, "show_alarm", access_token=ta, alarm_id=2)
    # Signing up again with the same number gives a new, empty account; texts to the number
    # reach it, and Alice's old contact names it.
    c(r, "signup", first_name="Dara", last_name="Patel", phone_number=PHONES[D], password="newpass1")
    c(r, "login", username=PHONES[D], password=r.password(D, APP))
    c(r, "login", _id="td2", username=PHONES[D], password="newpass1")
    td2 = ref("td2", "access_token")
    c(r, "show_account", access_token=td2)
    c(r, "show_alarms", access_token=td2)
    c(r, "send_text_message", access_token=ta, phone_number=PHONES[D], message="Welcome back")
    c(r, "search_text_messages", access_token=td2)
    c(r, "search_text_messages", access_token=ta, phone_number=PHONES[D])
    # A token names a phone number: the old one not logged out works for the new account,
    # the logged-out one does not.
    c(r, "show_account", access_token=td_b)
    c(r, "show_account", access_token=td)

    # Bruno, who exchanged texts with Alice, deletes his account: Alice's copies still point
    # at his user row, and AppWorld fails to render them (an unhandled server error).
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    c(r, "delete_account", access_token=tb)
    c(r, "show_profile", phone_number=PHONES[B])
    c(r, "search_text_messages", access_token=ta)
    c(r, "show_text_message", access_token=ta, text_message_id=1)
    c(r, "show_text_message", access_token=ta, text_message_id=2)
    c(r, "search_text_messages", access_token=ta, phone_number=PHONES[B])
    c(r, "search_contacts", access_token=ta, query="bruno", page_limit=1)
    # Alice can still delete her copies; then her list renders again.
    c(r, "delete_text_message", access_token=ta, text_message_id=1)
    c(r, "delete_text_message", access_token=ta, text_message_id=4)
    c(r, "search_text_messages", access_token=ta)


# -- contacts -------------------------------------------------------------------------------


def contact_writes(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    made = [0]

    def add(show: bool = False, **over):
        n = made[0]
        made[0] += 1
        args = {"first_name": f"Pat{n}", "last_name": "Doe", "phone_number": f"55501{n:05d}",
                "email": f"pat{n}@example.com"}
        args.update(over)
        status, _ = c(r, "add_contact", access_token=ta, **args)
        if status == 200 and show:
            # The contact just added, found by its numbered name (top of the ranking).
            c(r, "search_contacts", access_token=ta, query=f"pat{n}", page_limit=1)
        return status

    add(show=True)
    add(show=True, relationships=["friend", "Gym Buddy"], birthday="1991-02-03",
        home_address="1 Main St", work_address="2 Office Rd")
    # Odd values: the whole list for relationships, a subset for a string field.
    for value in ODD_VALUES + [["Friend", "friend"], ["family", None]]:
        add(relationships=value)
    for value in ["", " ", 7.5, True, MISSING, ["a"]]:
        add(first_name=value)
    add(last_name="", first_name="Solo")
    add(last_name=MISSING)
    # E-mails: normalisation, validity, uniqueness per owner (case of the local part counts).
    for email in ["UPPER@EXAMPLE.COM", " padded@example.com ", "Name <named@example.com>",
                  "no-at-sign", "a@b", "", None, MISSING, 5, "pat0@example.com",
                  "PAT0@example.com", "pat0@EXAMPLE.COM"]:
        add(email=email)
    for birthday in ["1990-04-12", "1990-4-2", "1990-04-12T08:30:00", "12/04/1990", "1990-02-30",
                     "", 19900412, "1990-04-12 08:30:00"]:
        add(birthday=birthday)
    for phone in ["", 5550100000, None, MISSING]:
        add(phone_number=phone)
    add(home_address="", work_address=None)
    add(home_address=7, work_address=["x"])
    add(contact_id=99, user_id=2, created_at="2020-01-01T00:00:00")  # extra fields ignored
    c(r, "add_contact", access_token=ta)
    # The same e-mail under another owner is fine.
    c(r, "add_contact", access_token=tb, first_name="Bruno's", last_name="Pal",
      phone_number="5550100999", email="pat0@example.com")
    c(r, "search_contacts", access_token=tb)
    # Everything Alice has now, in the list's own order.
    for index in range(3):
        c(r, "search_contacts", access_token=ta, page_index=index, page_limit=20)

    # update_contact: each field with odd values, then the contact.
    for field, values in [
        ("first_name", ["", " ", None, 12, ["x"]]),
        ("last_name", ["", 3.5]),
        ("phone_number", ["", None, 2125550102]),
        ("email", ["BAD", "chen.li@gmail.com", "Bruno.Ortiz@Gmail.com", None]),
        ("relationships", [["friend", "coworker"], "friend", None, [1]]),
        ("birthday", ["30/09/1987", "", "1987-9-3", None]),
        ("home_address", ["", False]),
        ("work_address", ["Acme Inc", None, {"a": 1}]),
    ]:
        for value in values:
            c(r, "update_contact", access_token=ta, contact_id=1, **{field: value})
        c(r, "search_contacts", access_token=ta, query="bruno.ortiz", page_limit=1)
    c(r, "update_contact", access_token=ta, contact_id=1)
    c(r, "update_contact", access_token=ta, contact_id=1, first_name="Bruno", last_name="Ortiz",
      email="bruno.ortiz@gmail.com", relationships=["friend"], birthday="1987-09-30",
      home_address="400 Pine Avenue", work_address="Madison Labs", phone_number=PHONES[B])
    c(r, "search_contacts", access_token=ta, query="bruno", page_limit=1)
    for contact_id in [999, " 1", "1.0", "", "1/2"]:
        c(r, "update_contact", access_token=ta, contact_id=contact_id, last_name="Hijack")
    c(r, "update_contact", access_token=ta, first_name="No id")
    c(r, "update_contact", access_token=tb, contact_id=1, first_name="Hijack")
    c(r, "update_contact", access_token=tb, contact_id=1)
    c(r, "search_contacts", access_token=ta, query="hijack", page_limit=2)

    # A contact's name and id label the messages with its phone number.
    c(r, "update_contact", access_token=ta, contact_id=1, first_name="Brunito")
    c(r, "show_text_message", access_token=ta, text_message_id=1)
    c(r, "update_contact", access_token=ta, contact_id=1, phone_number="0000000000")
    c(r, "show_text_message", access_token=ta, text_message_id=1)
    # Two contacts with the same number: the one first in the owner's e-mail order names
    # the messages (contact 1 while its e-mail sorts first, contact 2 once it sorts last).
    c(r, "update_contact", access_token=ta, contact_id=2, phone_number=PHONES[B])
    c(r, "show_text_message", access_token=ta, text_message_id=4)
    c(r, "update_contact", access_token=ta, contact_id=1, phone_number=PHONES[B])
    c(r, "show_text_message", access_token=ta, text_message_id=4)
    c(r, "update_contact", access_token=ta, contact_id=1, email="zz.bruno@example.com")
    c(r, "show_text_message", access_token=ta, text_message_id=4)

    # delete_contact: own, twice, someone else's, missing, odd ids; then the lists.
    for contact_id in [3, 3, "", None, " 2"]:
        c(r, "delete_contact", access_token=ta, contact_id=contact_id)
    c(r, "delete_contact", access_token=ta)
    c(r, "delete_contact", access_token=tb, contact_id=1)
    c(r, "show_contact_relationships", access_token=ta)
    c(r, "show_contact_relationships", access_token=tb)
    c(r, "search_contacts", access_token=ta, relationship="sibling")
    c(r, "search_contacts", access_token=ta, page_limit=20)


# Contacts Alice adds before searching.
EXTRA_CONTACTS = [
    ("Maria", "Gomez", "5550200001", "maria.gomez@example.com", ["Friend", "neighbor"],
     "1988-06-01", "3 Elm Street", "City Hospital"),
    ("Mario", "Rossi", "5550200002", "mario@example.com", ["coworker"], None, None, "Acme Inc"),
    ("Lena", "Park", "5550200003", "lena.park@example.com", ["sister", "family"], "1999-12-24",
     "77 Lake Road", None),
    ("Omar", "Haddad", "5550200004", "omar@example.com", ["coworkers"], None, None, None),
    ("Grace", "Hopper", "5550200005", "grace@navy.example.com", ["mentor"], "1906-12-09", None,
     "Navy Yard"),
    ("Tom", "Gomez", "5550200006", "tom.gomez@example.com", ["father", "family"], "1960-01-01",
     "3 Elm Street", None),
    ("Ana", "Lee", "5550200007", "Ana.Lee@example.com", [], None, None, None),
    ("Priya", "Nair", "5550200008", "priya@example.com", ["friends", "gym"], None, None, None),
    ("Sam", "O'Neil", "5550200009", "sam.oneil@example.com", ["Boss"], None, None, "Acme Inc"),
    ("Yuki", "Tanaka", "5550200010", "yuki@example.com", ["friend"], "1993-03-03", None, None),
    ("Zoe", "Adams", "5550200011", "zoe@example.com", ["niece", "family"], None, None, None),
    ("Li", "Wei", "5550200012", "li.wei@example.com", ["Coworker"], None, "8 Pine Avenue", None),
]


def contact_search(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    for first, last, phone, email, rels, birthday, home, work in EXTRA_CONTACTS:
        c(r, "add_contact", access_token=ta, first_name=first, last_name=last,
          phone_number=phone, email=email, relationships=rels, birthday=birthday,
          home_address=home, work_address=work)
    c(r, "show_contact_relationships", access_token=ta)

    def s(**args):
        c(r, "search_contacts", access_token=ta, **args)

    s()
    for page in PAGES[:5] + [{"page_limit": 0}]:
        s(**page)
    for query in ["gomez", "GOMEZ", "mari", "mario gomez", "5550200003", "friends", "xyzzy",
                  "\"acme inc\""]:
        s(query=query)
        s(query=query, page_limit=3, page_index=1)
    for relationship in ["friend", "Friend", "FRIENDS", " friend ", "coworkers", "Coworker",
                         "families", "boss", "stranger", "", None, ["friend"], "friend,family"]:
        s(relationship=relationship)
    for query, relationship in [("gomez", "family"), ("acme", "coworker"), ("xyzzy", "friend")]:
        s(query=query, relationship=relationship)
        s(query=query, relationship=relationship, page_limit=1, page_index=1)
    s(relationship="friend", page_limit=2, page_index=1)
    s(sort_by="-created_at", page_limit=3)  # not a parameter here: ignored
    s(query=5, page_limit=3)
    s(query=None, page_limit=3)
    # Bruno has none; his searches come back empty whatever he asks.
    for args in [{}, {"query": "gomez", "relationship": "friend"}]:
        c(r, "search_contacts", access_token=tb, **args)


# -- text messages --------------------------------------------------------------------------


def text_flows(r: Recorder) -> None:
    r.reset()
    ta, tb, tc = r.login(APP, A, "ta"), r.login(APP, B, "tb"), r.login(APP, C, "tc")
    # Alice texts Bruno; Bruno reads and replies; Alice reads.
    c(r, "send_text_message", _id="s1", access_token=ta, phone_number=PHONES[B],
      message="Lunch at noon?")
    c(r, "show_text_message", access_token=ta, text_message_id=ref("s1", "text_message_id"))
    c(r, "search_text_messages", access_token=tb)
    c(r, "show_text_message_window", access_token=tb, phone_number=PHONES[A])
    c(r, "show_text_message", access_token=tb, text_message_id=6)  # Bruno's copy
    c(r, "show_text_message", access_token=tb, text_message_id=ref("s1", "text_message_id"))
    c(r, "send_text_message", access_token=tb, phone_number=PHONES[A],
      message="Sure, the usual place")
    c(r, "search_text_messages", access_token=ta, phone_number=PHONES[B])
    c(r, "show_text_message_window", access_token=ta, phone_number=PHONES[B],
      pagination_order="ascending")
    # Chen joins: a three-way exchange, each sees only their own conversations.
    c(r, "send_text_message", access_token=tc, phone_number=PHONES[A], message="Can I come too?")
    c(r, "send_text_message", access_token=ta, phone_number=PHONES[C], message="Of course")
    c(r, "send_text_message", access_token=tc, phone_number=PHONES[B], message="See you there, Bruno")
    c(r, "search_text_messages", access_token=tc)
    c(r, "search_text_messages", access_token=tb, page_limit=10)
    c(r, "search_text_messages", access_token=ta, page_limit=10)
    c(r, "search_text_messages", access_token=ta, only_latest_per_contact=True)
    c(r, "search_text_messages", access_token=tb, only_latest_per_contact=True)
    c(r, "show_text_message_window", access_token=tc, phone_number=PHONES[B])
    # Texting yourself: one copy only.
    c(r, "send_text_message", _id="self", access_token=ta, phone_number=PHONES[A], message="Note to self")
    c(r, "show_text_message", access_token=ta, text_message_id=ref("self", "text_message_id"))
    c(r, "show_text_message_window", access_token=ta, phone_number=PHONES[A])
    c(r, "search_text_messages", access_token=ta, phone_number=PHONES[A])
    # Texting the notifier works too; it becomes one more counterpart.
    c(r, "send_text_message", access_token=ta, phone_number=NOTIFIER, message="STOP")
    c(r, "search_text_messages", access_token=ta, only_latest_per_contact=True, page_limit=10)
    # Someone else's copy: not yours to see or delete.
    for api in ["show_text_message", "delete_text_message"]:
        c(r, api, access_token=tc, text_message_id=1)
        c(r, api, access_token=ta, text_message_id=2)
    # Deleting removes only your copy: the other side keeps theirs.
    c(r, "delete_text_message", access_token=ta, text_message_id=ref("s1", "text_message_id"))
    c(r, "delete_text_message", access_token=ta, text_message_id=ref("s1", "text_message_id"))
    c(r, "show_text_message", access_token=ta, text_message_id=ref("s1", "text_message_id"))
    c(r, "show_text_message", access_token=tb, text_message_id=6)
    c(r, "search_text_messages", access_token=ta, phone_number=PHONES[B])
    c(r, "search_text_messages", access_token=tb, phone_number=PHONES[A])
    c(r, "delete_text_message", access_token=ta, text_message_id=ref("self", "text_message_id"))
    c(r, "show_text_message_window", access_token=ta, phone_number=PHONES[A])
    c(r, "search_text_messages", access_token=ta, only_latest_per_contact=True, page_limit=10)
    # Path ids of every kind; "" reaches the search route, "window" the window route.
    for text_message_id in ODD_IDS + ["window", 2**63]:
        c(r, "show_text_message", access_token=ta, text_message_id=text_message_id)
    for text_message_id in [999, "", "window", 4]:
        c(r, "delete_text_message", access_token=ta, text_message_id=text_message_id)
    c(r, "show_text_message", access_token=ta)
    c(r, "delete_text_message", access_token=ta)
    c(r, "search_text_messages", access_token=ta, page_limit=10)


def text_args(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    # Every odd message body; what was stored shows in Bruno's copies below.
    for value in ODD_VALUES + ["multi\nline", "ünïcödé ✓"]:
        c(r, "send_text_message", access_token=ta, phone_number=PHONES[B], message=value)
    c(r, "send_text_message", access_token=ta, phone_number=PHONES[B])
    for index in range(3):
        c(r, "search_text_messages", access_token=tb, page_index=index, page_limit=12,
          sort_by="+created_at")
    # Every odd recipient; the path is decoded, a missing one stays a literal placeholder.
    for phone in [" " + PHONES[B], "212-555-0102", int(PHONES[B]), "2125550199", "",
                  None, "window", "1/2", 2.5, "%32125550102"]:
        c(r, "send_text_message", access_token=ta, phone_number=phone, message="hello?")
    c(r, "send_text_message", access_token=ta, message="no number")
    c(r, "search_text_messages", access_token=ta, query="hello", page_limit=5)


def text_search(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    tc, td = r.login(APP, C, "tc"), r.login(APP, D, "td")
    for token, to, message in [
        (ta, B, "Dinner on Friday?"), (tb, A, "Friday works, 7pm"), (ta, C, "Did you get the report?"),
        (tc, A, "Report attached to the email"), (ta, D, "Happy birthday Dara!"),
        (td, A, "Thanks Alice"), (tb, A, "Bring the board games"), (ta, B, "Will do, see you at dinner"),
        (tc, A, "Meeting moved to 3pm"), (ta, A, "Buy milk and eggs"), (tc, B, "Hi Bruno, it's Chen"),
        (ta, C, "ok"),
    ]:
        c(r, "send_text_message", access_token=token, phone_number=PHONES[to], message=message)

    def s(**args):
        c(r, "search_text_messages", access_token=ta, **args)

    s()
    for page in PAGES:
        s(**page)
    for sort_by in SORTS:
        s(sort_by=sort_by)
    for sort_by in ["+created_at", "-created_at", "++created_at"]:
        s(sort_by=sort_by, page_index=1, page_limit=4)
    for query in ["dinner", "DINNER", "friday dinner", "chen li", "xyzzy", "\"see you\"",
                  "games"]:
        s(query=query)
        s(query=query, page_limit=3, page_index=1)
    for query, sort_by in [("dinner", "-created_at"), ("report", "+created_at"),
                           ("dinner", "created_at")]:
        s(query=query, sort_by=sort_by)
        s(query=query, sort_by=sort_by, page_limit=2, page_index=1)
    for phone in [PHONES[B], PHONES[C], PHONES[D], PHONES[A], NOTIFIER, "2125550199",
                  " " + PHONES[B], int(PHONES[B]), "", None]:
        s(phone_number=phone)
    s(phone_number=PHONES[B], query="dinner", page_limit=2)
    s(phone_number=PHONES[C], sort_by="-created_at", page_limit=2, page_index=1)
    for flag in [True, "true", 0, "yes", "x"]:
        s(only_latest_per_contact=flag)
    s(only_latest_per_contact=True, phone_number=PHONES[C])
    s(only_latest_per_contact=True, query="report", page_limit=20)
    s(only_latest_per_contact=True, sort_by="+created_at", page_limit=20)
    s(only_latest_per_contact=True, page_index=1, page_limit=2)
    s(unknown_filter="x", page_limit=20)
    c(r, "search_text_messages", access_token=tb, page_limit=20)
    c(r, "search_text_messages", access_token=tc, query="bruno", page_limit=20)
    c(r, "search_text_messages", access_token=td, sort_by="+created_at")

    # Windows with one counterpart: datetime bounds, order and paging.
    def w(**args):
        c(r, "show_text_message_window", access_token=ta, **args)

    w(phone_number=PHONES[B])
    w(phone_number=PHONES[C], page_limit=20)
    for order in ["ascending", "descending"]:
        for index in [0, 1, 2]:
            w(phone_number=PHONES[B], pagination_order=order, page_limit=2, page_index=index)
    for order in ["Ascending", "", None]:
        w(phone_number=PHONES[B], pagination_order=order)
    for page in [{"page_index": 100}, {"page_index": -1}, {"page_index": "1"},
                 {"page_limit": 0}, {"page_limit": 21}, {"page_limit": "3"}]:
        w(phone_number=PHONES[B], **page)
    for bound in ["2023-05-18|12:00:00", "2023-05-18T12:00:00", "2023-05-18|12:00:01",
                  "2023-05-18|11:59:59", "2023-05-18", "2023-5-18|12:0:0", ""]:
        w(phone_number=PHONES[B], min_datetime=bound)
        w(phone_number=PHONES[B], max_datetime=bound)
    w(phone_number=PHONES[B], min_datetime="2023-05-19|00:00:00", max_datetime="2023-05-17|00:00:00")
    w(phone_number=PHONES[B], min_datetime="bad", max_datetime="worse")
    for phone in [PHONES[D], "2125550199", int(PHONES[B]), None]:
        w(phone_number=phone)
    w()
    w(phone_number="2125550199", min_datetime="bad")  # the datetimes are checked first


# -- voice messages -------------------------------------------------------------------------


def voice(r: Recorder) -> None:
    r.reset()
    ta, tb, tc = r.login(APP, A, "ta"), r.login(APP, B, "tb"), r.login(APP, C, "tc")
    c(r, "send_voice_message", _id="v1", access_token=ta, phone_number=PHONES[B],
      message="Hey Bruno, call me back")
    c(r, "show_voice_message", access_token=ta, voice_message_id=ref("v1", "voice_message_id"))
    c(r, "search_voice_messages", access_token=tb)
    c(r, "show_voice_message", access_token=tb, voice_message_id=2)
    c(r, "send_voice_message", access_token=tb, phone_number=PHONES[A],
      message="Calling you in five minutes")
    c(r, "show_voice_message_window", access_token=ta, phone_number=PHONES[B])
    c(r, "send_voice_message", access_token=tc, phone_number=PHONES[A], message="Voicemail from Chen")
    c(r, "send_voice_message", access_token=ta, phone_number=PHONES[A], message="Memo to self")
    c(r, "send_voice_message", access_token=ta, phone_number=PHONES[C], message="Got your voicemail")
    c(r, "search_voice_messages", access_token=ta, page_limit=20)
    c(r, "search_voice_messages", access_token=tc)
    # Text and voice messages are apart: the same id names a different row in each.
    c(r, "search_text_messages", access_token=tb)
    c(r, "show_text_message", access_token=ta, text_message_id=ref("v1", "voice_message_id"))
    # Ownership and ids.
    c(r, "show_voice_message", access_token=tc, voice_message_id=1)
    c(r, "delete_voice_message", access_token=ta, voice_message_id=2)
    for voice_message_id in [999, "1", "abc", "", "window"]:
        c(r, "show_voice_message", access_token=ta, voice_message_id=voice_message_id)
    for voice_message_id in [999, ""]:
        c(r, "delete_voice_message", access_token=ta, voice_message_id=voice_message_id)
    c(r, "show_voice_message", access_token=ta)
    # Delete one copy; the other side keeps it.
    c(r, "delete_voice_message", access_token=ta, voice_message_id=1)
    c(r, "delete_voice_message", access_token=ta, voice_message_id=1)
    c(r, "show_voice_message", access_token=tb, voice_message_id=2)
    c(r, "search_voice_messages", access_token=ta, phone_number=PHONES[B])
    c(r, "search_voice_messages", access_token=tb, phone_number=PHONES[A])
    # Odd bodies and recipients.
    for value in [None, "", 7.5, ["a"], "ünïcödé"]:
        c(r, "send_voice_message", access_token=ta, phone_number=PHONES[C], message=value)
    for phone in ["2125550199", "", None, int(PHONES[C])]:
        c(r, "send_voice_message", access_token=ta, phone_number=phone, message="hello?")

    def s(**args):
        c(r, "search_voice_messages", access_token=ta, **args)

    s()
    for page in [{"page_index": 1, "page_limit": 3}, {"page_index": 4}, {"page_index": -1},
                 {"page_limit": 0}, {"page_limit": 21}, {"page_limit": "2"}]:
        s(**page)
    for sort_by in ["+created_at", "-created_at", "created_at", "-time"]:
        s(sort_by=sort_by, page_limit=3)
    for query in ["voicemail", "call me", "xyzzy"]:
        s(query=query, page_limit=3)
    s(query="voicemail", sort_by="+created_at", page_limit=3)
    for phone in [PHONES[B], PHONES[A], PHONES[D], "2125550199"]:
        s(phone_number=phone)
    for flag in [True, "x"]:
        s(only_latest_per_contact=flag, page_limit=20)
    s(only_latest_per_contact=True, phone_number=PHONES[C])

    def w(**args):
        c(r, "show_voice_message_window", access_token=ta, **args)

    w(phone_number=PHONES[C])
    w(phone_number=PHONES[C], pagination_order="ascending", page_limit=2)
    w(phone_number=PHONES[C], pagination_order="descending", page_limit=2)
    w(phone_number=PHONES[C], pagination_order="ascending", page_limit=2, page_index=1)
    w(phone_number=PHONES[C], pagination_order="sideways")
    for bound in ["2023-05-18|12:00:00", "2023-05-18T11:59:59", "2023-05-18"]:
        w(phone_number=PHONES[C], min_datetime=bound)
        w(phone_number=PHONES[C], max_datetime=bound)
    for page in [{"page_index": -1}, {"page_limit": 21}, {"page_index": 5}]:
        w(phone_number=PHONES[C], **page)
    for phone in [PHONES[A], "2125550199"]:
        w(phone_number=phone)
    w()


# -- alarms ---------------------------------------------------------------------------------


def alarm_writes(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    made = [0]

    def add(show: bool = False, **over):
        n = made[0]
        made[0] += 1
        args = {"time": f"{n % 24:02d}:{(7 * n) % 60:02d}", "label": f"alarm {n}"}
        args.update(over)
        status, _ = c(r, "create_alarm", _id=f"a{n}", access_token=ta, **args)
        if status == 200 and show:
            c(r, "show_alarm", access_token=ta, alarm_id=ref(f"a{n}", "alarm_id"))
        return status

    add(show=True)
    add(show=True, repeat_days=["monday", "friday"], enabled=False, snooze_minutes=0,
        vibration=False)
    for time in ["23:59", "24:00", "12:60", "7:30", "0730", "07:30:00", " 07:30", "", None,
                 MISSING, 730]:
        add(time=time)
    # The whole odd list for a boolean; subsets for an integer and the label.
    for value in [None, "", "7", " 7 ", "7.0", "7.5", "1e3", "true", 0, -1, 7.0, 7.5, True,
                  False, [], 2**63]:
        add(snooze_minutes=value)
    for value in ODD_VALUES:
        add(enabled=value)
    for value in [None, "", 7.5, ["a"], "ünïcödé ⏰"]:
        add(label=value)
    for value in ["no", 2, None]:
        add(vibration=value)
    for days in [["monday"], ["Monday"], "monday", [], None, ["monday", "monday"],
                 ["sunday", "monday"], ["monday", "funday"]]:
        add(repeat_days=days)
    add(alarm_id=99, user_id=2, created_at="2020-01-01T00:00:00")  # extra fields ignored
    # Duplicates: the same time, repeat_days and label (no label never collides).
    add(time="07:30", label="Wake up")
    add(time="07:30", label="Wake up", repeat_days=["monday"])
    add(time="07:30", label="Wake up", repeat_days=["monday"])
    add(time="07:30", label="wake up", repeat_days=["monday"])
    add(time="07:30", label=MISSING)
    add(time="07:30", label=MISSING)
    c(r, "create_alarm", access_token=tb, time="07:30", label="Wake up")  # other owner: fine
    c(r, "create_alarm", access_token=ta)
    # Everything Alice has now, in the list's own order.
    for index in range(3):
        c(r, "show_alarms", access_token=ta, page_index=index, page_limit=20)

    # update_alarm: each field with odd values, then the alarm.
    for field, values in [
        ("time", ["06:15", "6:15", "25:00", None]),
        ("repeat_days", [["saturday", "sunday"], None, "sunday", []]),
        ("label", ["Morning", None, 12, ["x"]]),
        ("enabled", ["no", None, "maybe"]),
        ("snooze_minutes", [-5, "10", 2.5, None]),
        ("vibration", ["off", None, "x"]),
    ]:
        for value in values:
            c(r, "update_alarm", access_token=ta, alarm_id=1, **{field: value})
        c(r, "show_alarm", access_token=ta, alarm_id=1)
    c(r, "update_alarm", access_token=ta, alarm_id=1)
    # Becoming a duplicate of another alarm.
    c(r, "update_alarm", access_token=ta, alarm_id=ref("a0", "alarm_id"), time="07:30",
      label="Wake up", repeat_days=["monday"])
    c(r, "show_alarm", access_token=ta, alarm_id=ref("a0", "alarm_id"))
    c(r, "update_alarm", access_token=ta, alarm_id=1, time="07:30", label="Wake up",
      repeat_days=["monday"], enabled=True, snooze_minutes=15, vibration=True)
    c(r, "update_alarm", access_token=ta, alarm_id=1, time="07:30", label="Wake up",
      repeat_days=["tuesday"], enabled=True, snooze_minutes=15, vibration=True)
    c(r, "show_alarm", access_token=ta, alarm_id=1)
    for alarm_id in [999, "1", "abc", "", 2**63]:
        c(r, "update_alarm", access_token=ta, alarm_id=alarm_id, label="Hijack")
    c(r, "update_alarm", access_token=tb, alarm_id=1, label="Hijack")
    c(r, "update_alarm", access_token=tb, alarm_id=1)
    # show_alarm: ids of every kind, someone else's.
    for alarm_id in [0, 999, "1", "1.0", "", None, "1/2"]:
        c(r, "show_alarm", access_token=ta, alarm_id=alarm_id)
    c(r, "show_alarm", access_token=ta)
    c(r, "show_alarm", access_token=tb, alarm_id=1)
    # delete_alarm: own, twice, someone else's, missing, odd ids; then the lists.
    for alarm_id in [ref("a1", "alarm_id"), ref("a1", "alarm_id"), 999, "abc", ""]:
        c(r, "delete_alarm", access_token=ta, alarm_id=alarm_id)
    c(r, "delete_alarm", access_token=ta)
    c(r, "delete_alarm", access_token=tb, alarm_id=1)
    c(r, "show_alarm", access_token=ta, alarm_id=ref("a1", "alarm_id"))
    c(r, "show_alarms", access_token=tb)
    c(r, "delete_alarm", access_token=ta, alarm_id=" 1")
    c(r, "show_alarm", access_token=ta, alarm_id=1)
    c(r, "show_alarms", access_token=ta, page_limit=20)


def alarm_reads(r: Recorder) -> None:
    r.reset()
    ta, tc = r.login(APP, A, "ta"), r.login(APP, C, "tc")
    for time, label, days in [("06:00", "Run", ["monday", "wednesday"]), ("22:30", "Sleep", None),
                              ("06:00", "Run", ["friday"]), ("12:15", None, None),
                              ("05:00", "Early", ["sunday"]), ("09:00", "Standup", ["monday"]),
                              ("06:00", "Alpha", None), ("18:45", "Gym", ["tuesday"]),
                              ("06:00", "Alpha", [])]:
        c(r, "create_alarm", access_token=ta, time=time, label=label, repeat_days=days)
    c(r, "show_alarms", access_token=ta)
    for page in PAGES[:4] + [{"page_index": -1}, {"page_limit": 21}]:
        c(r, "show_alarms", access_token=ta, **page)
    c(r, "show_alarms", access_token=ta, sort_by="-time", page_limit=20)  # not a parameter
    c(r, "show_alarms", access_token=tc)
    c(r, "create_alarm", access_token=tc, time="08:00")
    c(r, "show_alarms", access_token=tc)
    # Changing the time moves an alarm in the list.
    c(r, "update_alarm", access_token=ta, alarm_id=1, time="04:00")
    c(r, "show_alarms", access_token=ta, page_limit=20)


def date_time(r: Recorder) -> None:
    r.reset()
    c(r, "get_current_date_and_time")
    c(r, "get_current_date_and_time", timezone="UTC")


def generate(r: Recorder) -> None:
    auth_matrix(r)
    login_logout(r)
    profile_and_names(r)
    signup(r)
    password_reset(r)
    account_deletion(r)
    contact_writes(r)
    contact_search(r)
    text_flows(r)
    text_args(r)
    text_search(r)
    voice(r)
    alarm_writes(r)
    alarm_reads(r)
    date_time(r)
