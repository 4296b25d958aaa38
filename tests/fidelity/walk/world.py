"""The walk world: a second oracle world, built by the reference AppWorld through its own
models and APIs, unlike the first one on purpose: five other people (names with accents and
apostrophes, a leap-day birthday), another clock (2024-02-29T23:30:00, a leap day near
midnight) and rows made at several times (sign-ups from 2019 on, a year-end burst at
2023-12-31T23:59:59, the days before the clock).

`build(aw_oracle)` returns a ready oracle (world built, snapshot taken, reset) over it.
"""

from __future__ import annotations

from contextlib import contextmanager
from datetime import datetime
from typing import Any, Iterator

import freezegun

CLOCK = datetime(2024, 2, 29, 23, 30, 0)
SUPERVISOR = 2

PEOPLE = [
    dict(first_name="Zoë", last_name="O'Brien", email="zoe.obrien@gmail.com",
         phone_number="3125550111", birthday="1996-02-29", sex="female"),
    dict(first_name="José", last_name="Núñez", email="jose.nunez@yahoo.com",
         phone_number="3125550112", birthday="1979-12-31", sex="male"),
    dict(first_name="Siobhán", last_name="D'Arcy", email="siobhan.darcy@outlook.com",
         phone_number="3125550113", birthday="1988-07-04", sex="female"),
    dict(first_name="Björn", last_name="Åkesson", email="bjorn.akesson@gmail.com",
         phone_number="3125550114", birthday="2001-01-01", sex="male"),
    dict(first_name="Mai", last_name="Nguyễn", email="mai.nguyen@gmail.com",
         phone_number="3125550115", birthday="1993-03-15", sex="female"),
]
ADDRESSES = [
    dict(street_address="9 Rue de l'Église Apt 2", city="New Orleans", state="Louisiana",
         country="United States", zip_code=70116),
    dict(street_address="1200 Avenida Peña Suite 5", city="San Antonio", state="Texas",
         country="United States", zip_code=78205),
    dict(street_address="31 O'Connell Court", city="New York", state="New York",
         country="United States", zip_code=10108),
    dict(street_address="88 Fjord Lane Unit 14", city="Minneapolis", state="Minnesota",
         country="United States", zip_code=55401),
    dict(street_address="450 Lotus Boulevard", city="Seattle", state="Washington",
         country="United States", zip_code=98101),
]
# When each person signed up (rows of every login app, their admin rows).
SIGNUPS = [datetime(2019, 3, 1, 9, 15), datetime(2020, 8, 17, 18, 0),
           datetime(2021, 11, 5, 7, 45), datetime(2022, 6, 30, 22, 10),
           datetime(2023, 12, 31, 23, 59, 59)]
# Björn never verified his accounts (he cannot log in); balances differ per person.
VERIFIED = [True, True, True, False, True]
CARD_BALANCES = [1000.0, 2000.0, 3000.0, 4000.0, 5000.0]
VENMO_BALANCES = [0.0, 1234.56, 80.05, 0.01, 999.99]
FRIENDS = [(1, 2), (1, 4), (2, 3), (3, 5), (4, 5)]  # admin friendships, by main user id
YEAR_END = datetime(2023, 12, 31, 23, 59, 59)
NEW_YEAR = datetime(2024, 1, 1, 0, 0, 1)
FEB_28 = datetime(2024, 2, 28, 8, 0)
LEAP_MORNING = datetime(2024, 2, 29, 7, 5)


def password_for(person: dict, app: str) -> str:
    return f"{person['first_name'].lower()}-{app}-pw2"


def card_for(i: int) -> dict:
    p = PEOPLE[i]
    return dict(card_name=["Visa", "MasterCard", "American Express", "Chase", "Discover"][i],
                owner_name=f"{p['first_name']} {p['last_name']}",
                card_number=5100000000000000 + 2222 * (i + 1), expiry_year=2028 + i % 2,
                expiry_month=[2, 12, 6, 1, 11][i], cvv_number=301 + i)


def build(aw: Any) -> Any:
    """Builds the walk world on a fresh oracle of module `aw` (aw_oracle) and returns it."""
    aw.WORLD_DATETIME = CLOCK
    aw.PEOPLE = PEOPLE
    aw.password_for = password_for
    oracle = aw.Oracle()
    _populate(aw, oracle)
    oracle.snapshot()
    oracle.reset()
    return oracle


def _populate(aw: Any, oracle: Any) -> None:
    m = oracle.models
    for i in range(len(PEOPLE)):
        with freezegun.freeze_time(SIGNUPS[i]):
            _real_person(aw, m, i)
    for a, b in FRIENDS:
        m["admin"].Friendship.create_save(main_user_id=a, friend_id=b)
        m["admin"].Friendship.create_save(main_user_id=b, friend_id=a)
    _supervisor(aw, m)
    for app in aw.ALL_APPS:
        for doc in aw.prepare_api_docs(app):
            doc = dict(doc)
            doc["app_name_"] = doc.pop("app_name")
            m["api_docs"].ApiDoc.create_save(**doc)
    with freezegun.freeze_time(datetime(2018, 1, 1)):
        for app in aw.LOGIN_APPS:
            aw.CompanyNotifier(app).create_accounts(skip_if_exists=True)
    for i in range(len(PEOPLE)):
        with freezegun.freeze_time(SIGNUPS[i]):
            for app in aw.LOGIN_APPS:
                _account(m, app, i)
    with freezegun.freeze_time(datetime(2020, 1, 1)):
        catalog = _catalogs(m)
    _user_data(aw, oracle, catalog)
    oracle.manifest = {
        "datetime": CLOCK.isoformat(), "seed": aw.SEED, "supervisor_index": SUPERVISOR,
        "users": [_manifest_user(aw, i) for i in range(len(PEOPLE))],
        "catalog": {k: v for k, v in catalog.items() if k != "rows"},
        "apps": list(aw.ALL_APPS),
        "login_apps": {app: aw.import_apis_module(app).login_by for app in aw.LOGIN_APPS},
    }


def _real_person(aw: Any, m: dict, i: int) -> None:
    """The admin rows behind person i: the person, app passwords, bank card, home."""
    p, admin = PEOPLE[i], m["admin"]
    main_user = admin.MainUser.create_save(**p)
    for app in aw.LOGIN_APPS:
        admin.AccountPassword.create_save(main_user_id=main_user.id, account_name=app,
                                          password=password_for(p, app))
    admin.PaymentCard.create_save(main_user_id=main_user.id, balance=CARD_BALANCES[i],
                                  **card_for(i))
    address = admin.GlobalAddress.create_save(**ADDRESSES[i])
    admin.UserAddress.create_save(main_user_id=main_user.id, global_address_id=address.id,
                                  name="Home")


def _supervisor(aw: Any, m: dict) -> None:
    sup, rows = PEOPLE[SUPERVISOR], m["supervisor"]
    supervisor = rows.Supervisor.create_save(**sup)
    rows.Task.create_save(supervisor_id=supervisor.id,
                          instruction="Walk world: answer API calls for comparison.")
    rows.Address.create_save(supervisor_id=supervisor.id, name="Home", **ADDRESSES[SUPERVISOR])
    rows.PaymentCard.create_save(supervisor_id=supervisor.id, **card_for(SUPERVISOR))
    for app in aw.LOGIN_APPS:
        rows.AccountPassword.create_save(supervisor_id=supervisor.id, account_name=app,
                                         password=password_for(sup, app))


def _account(m: dict, app: str, i: int) -> None:
    """Person i's account in a login app (verified or not, with its Venmo balance)."""
    p = PEOPLE[i]
    user = {"first_name": p["first_name"], "last_name": p["last_name"],
            "password": password_for(p, app)}
    fields = m[app].User.__fields__
    if "email" in fields:
        user["email"] = p["email"]
    if "phone_number" in fields and "email" not in fields:
        user["phone_number"] = p["phone_number"]
    if "verified" in fields:
        user["verified"] = VERIFIED[i]
    if app == "venmo":
        user["venmo_balance"] = VENMO_BALANCES[i]
    m[app].User.create_save(**user)


def _manifest_user(aw: Any, i: int) -> dict:
    p = PEOPLE[i]
    return {**p, "accounts": {app: {"username": aw.username_for(p, app),
                                    "password": password_for(p, app)} for app in aw.LOGIN_APPS},
            "bank_card": card_for(i), "verified": VERIFIED[i]}


@contextmanager
def _at(oracle: Any, when: datetime) -> Iterator[None]:
    """Calls made at `when`; the tokens they logged in with are logged out before it ends
    (a token lives 10-30 minutes, and the snapshot keeps none)."""
    with freezegun.freeze_time(when):
        yield
        for (app, _), token in list(oracle._tokens.items()):
            oracle.must(app, "logout", access_token=token)
        oracle._tokens.clear()


def _catalogs(m: dict) -> dict:
    sp = m["spotify"]
    artists = [sp.Artist.create_save(name=n, genre=g) for n, g in [
        ("Les Étoiles d'Été", "pop"), ("O'Malley Brothers", "folk"), ("Ñandú", "latin"),
        ("Kōri", "electronic")]]
    albums = [
        sp.Album.create_save(title="Hiver à Québec", artist_ids=[artists[0].id],
                             release_date=datetime(2019, 12, 31), genre="pop"),
        sp.Album.create_save(title="Leap Year", artist_ids=[artists[1].id, artists[2].id],
                             release_date=datetime(2020, 2, 29), genre="folk"),
        sp.Album.create_save(title="Neon Tide", artist_ids=[artists[3].id],
                             release_date=datetime(2024, 2, 28), genre="electronic"),
    ]
    songs = []
    for k, (title, alb, arts, dur, genre) in enumerate([
        ("Café Noir", 0, [0], 212, "pop"), ("Neige", 0, [0], 180, "pop"),
        ("Don't Look Back", 1, [1, 2], 245, "folk"), ("Twenty-Nine", 1, [1], 199, "folk"),
        ("Corazón", None, [2], 230, "latin"), ("Glass Rain", 2, [3], 321, "electronic"),
        ("Midnight Ferry", 2, [3], 188, "electronic"), ("Ballad of Seán", None, [1], 260, "folk"),
    ]):
        songs.append(sp.Song.create_save(
            title=title, artist_ids=[artists[a].id for a in arts],
            album_id=albums[alb].id if alb is not None else None, duration=dur,
            release_date=[datetime(2019, 12, 31), datetime(2020, 2, 29),
                          datetime(2024, 2, 28)][alb] if alb is not None else datetime(2018, 5, 5),
            genre=genre, play_count=[5, 5, 1200, 77, 0, 31, 31, 9][k]))
    am = m["amazon"]
    sellers = [am.Seller.create_save(name=n, rating=r) for n, r in
               [("Crème de la Crème", 4.8), ("O'Hara Outfitters", 3.9), ("Nordlys AB", 4.8)]]
    products = []
    for k, (ptype, name, seller, price, color, size) in enumerate([
        ("rug", "Berber Wool Rug", 0, 149.0, "ivory", "large"),
        ("rug", "Berber Wool Rug", 0, 149.0, "charcoal", "large"),
        ("kettle", "Électrique Kettle 1.7L", 2, 34.99, "steel", "medium"),
        ("jacket", "O'Hara Rain Jacket", 1, 89.95, "yellow", "medium"),
        ("candle", "Hygge Candle Set", 2, 12.0, "white", "extra-small"),
        ("tent", "Two-Person Tent", 1, 219.5, "green", "extra-large"),
    ]):
        products.append(am.Product.create_save(
            product_type=ptype, name=name, description=f"A well-made {ptype}, tried and true.",
            seller_id=sellers[seller].id, price=price, delivery_days=1 + 2 * k,
            inventory_quantity=[3, 0, 40, 12, 100, 1][k], weight=0.25 + k, length=5.0 + k,
            width=4.0, height=2.0 + k / 2, color=color, relative_size=size,
            rating=[4.5, 4.5, 3.0, 4.0, 5.0, 2.5][k], seller_rating=sellers[seller].rating))
    for name in ["FedEx", "UPS", "USPS"]:
        am.Deliverer.create_save(name=name)
    am.Promo.create_save(type="percent", code="LEAP2", min_amount=29.0, discount=29.0)
    am.Promo.create_save(type="flat", code="NEWYR", min_amount=50.0, discount=5.0)
    return {"spotify": {"artist_ids": [a.id for a in artists],
                        "album_ids": [a.id for a in albums], "song_ids": [s.id for s in songs]},
            "amazon": {"seller_ids": [s.id for s in sellers],
                       "product_ids": [p.id for p in products]},
            "rows": {"songs": songs, "products": products, "artists": artists}}


def _user_data(aw: Any, oracle: Any, catalog: dict) -> None:
    """Rows made through the public APIs, at several times."""
    c, t = oracle.must, oracle.token
    Z, J, S, B, M = range(5)
    email = lambda i: PEOPLE[i]["email"]  # noqa: E731
    phone = lambda i: PEOPLE[i]["phone_number"]  # noqa: E731
    songs, products = catalog["rows"]["songs"], catalog["rows"]["products"]
    artists = catalog["rows"]["artists"]

    with _at(oracle, datetime(2022, 3, 14, 15, 9, 26)):
        for i in (Z, J, S, M):  # Björn (unverified) cannot log in
            c("file_system", "create_directory", directory_path="~/documents/reçus/",
              recursive=True, access_token=t("file_system", i))
            c("file_system", "create_file", file_path="~/documents/notes.txt",
              content=f"{PEOPLE[i]['first_name']}'s notes\nit's fine\n",
              access_token=t("file_system", i))
        c("file_system", "create_file", file_path="~/documents/reçus/résumé 2022.txt",
          content="Résumé — draft", access_token=t("file_system", Z))
        c("file_system", "create_directory", directory_path="~/photos/leap day/", recursive=True,
          access_token=t("file_system", Z))
        c("simple_note", "create_note", title="Workout Log - March 2022",
          content="run 3k\nswim", tags=["health"], access_token=t("simple_note", Z))
        for a, b in [(Z, J), (Z, S), (J, M), (S, B)]:
            c("venmo", "add_friend", user_email=email(b), access_token=t("venmo", a))

    with _at(oracle, YEAR_END):
        c("simple_note", "create_note", title="Résolutions 2024",
          content="1. café moins\n2. read \"Ulysses\"", tags=["goals", "année"], pinned=True,
          access_token=t("simple_note", Z))
        c("simple_note", "create_note", title="O'Brien family recipes", content="soda bread",
          access_token=t("simple_note", S))
        c("venmo", "add_payment_card", access_token=t("venmo", J), **card_for(J))
        tx = c("venmo", "create_transaction", receiver_email=email(Z), amount=164.83,
               description="New Year's Eve dinner 🎉", access_token=t("venmo", J))
        c("venmo", "create_transaction", receiver_email=email(M), amount=0.01,
          description="test", private=True, access_token=t("venmo", J))
        c("venmo", "create_transaction_comment", transaction_id=tx.get("transaction_id", 1),
          comment="Merci, José!", access_token=t("venmo", Z))
        c("gmail", "send_email", email_addresses=[email(J), email(M)],
          subject="Bonne année!", body="See you at midnight — Zoë", access_token=t("gmail", Z))
        group = c("splitwise", "create_group", name="Casa Núñez",
                  member_emails=[email(Z), email(M)], description="Shared house",
                  access_token=t("splitwise", J))
        c("splitwise", "record_expense", description="NYE dinner", paid_amount=164.83,
          payer_email=email(J), debtor_emails=[email(Z)], group_id=group.get("group_id", 1),
          access_token=t("splitwise", J))

    with _at(oracle, NEW_YEAR):
        c("gmail", "send_email", email_addresses=[email(Z)], subject="Re: Bonne année!",
          body="Happy new year!", access_token=t("gmail", J))
        c("splitwise", "record_expense", description="Groceries (Jan)", paid_amount=100.0,
          payer_email=email(M), debtor_emails=[email(J), email(Z)],
          group_id=group.get("group_id", 1), access_token=t("splitwise", M))
        c("phone", "create_alarm", time="00:05", label="Réveil", repeat_days=["monday"],
          access_token=t("phone", Z))

    with _at(oracle, FEB_28):
        for b, rel in [(J, ["friend"]), (S, ["cousin", "coworker"]), (M, ["roommate"])]:
            c("phone", "add_contact", first_name=PEOPLE[b]["first_name"],
              last_name=PEOPLE[b]["last_name"], phone_number=phone(b), email=email(b),
              relationships=rel, birthday=PEOPLE[b]["birthday"], access_token=t("phone", Z))
        c("phone", "send_text_message", phone_number=phone(J), message="¿Dónde estás?",
          access_token=t("phone", Z))
        project = c("todoist", "create_project", name="Leap-day party",
                    description="29 Feb only", access_token=t("todoist", Z))
        label = c("todoist", "create_label", name="très-urgent", access_token=t("todoist", Z))
        task = c("todoist", "create_task", project_id=project.get("project_id", 1),
                 title="Buy cake", due_date="2024-02-29", priority="high",
                 access_token=t("todoist", Z))
        c("todoist", "create_task", project_id=project.get("project_id", 1),
          title="Send invites", due_date="2024-02-28", access_token=t("todoist", Z))
        c("todoist", "add_label_to_task", task_id=task.get("task_id", 1),
          label_id=label.get("label_id", 1), access_token=t("todoist", Z))
        c("spotify", "follow_artist", artist_id=artists[2].id, access_token=t("spotify", Z))
        playlist = c("spotify", "create_playlist", title="Leap Jams", is_public=False,
                     access_token=t("spotify", Z))
        for s in (songs[3], songs[5], songs[2]):
            c("spotify", "add_song_to_playlist", playlist_id=playlist.get("playlist_id", 1),
              song_id=s.id, access_token=t("spotify", Z))
        for s in songs[:4]:
            c("spotify", "add_song_to_library", song_id=s.id, access_token=t("spotify", J))

    with _at(oracle, LEAP_MORNING):
        c("phone", "send_text_message", phone_number=phone(Z), message="On the ferry — 10 min",
          access_token=t("phone", J))
        c("gmail", "create_draft", recipient_email_addresses=[email(S)], subject="Brouillon",
          body="À bientôt", access_token=t("gmail", Z))
        c("venmo", "create_payment_request", user_email=email(Z), amount=82.42,
          description="Your half of NYE", access_token=t("venmo", J))
        c("amazon", "add_address", name="Home", access_token=t("amazon", Z), **ADDRESSES[Z])
        c("amazon", "add_payment_card", access_token=t("amazon", Z), **card_for(Z))
        c("amazon", "add_product_to_cart", product_id=products[2].id, quantity=2,
          access_token=t("amazon", Z))
        c("amazon", "add_product_to_wish_list", product_id=products[5].id,
          access_token=t("amazon", Z))
        c("amazon", "write_product_review", product_id=products[0].id, rating=5,
          title="Très beau", text="Lovely rug, it's soft.", access_token=t("amazon", J))
