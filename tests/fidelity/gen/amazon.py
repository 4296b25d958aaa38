"""amazon: the auth matrix over every protected API, login/logout, every account flow (signup,
verification and password reset by e-mail, profile, rename, deletion), the catalog (products,
sellers, product types, feature choices, search_products over every filter, query, paging edge
and sort_by form), the cart and the wish list (odd quantities, moves between them, gift
wrapping, promo codes and the cart's money), payment cards (checked with the bank) and addresses,
reviews, questions and answers with their list filters, then orders (every refusal before any
e-mail is sent, then real orders, receipts, the order list), returns and Prime subscriptions, what a
deleted account leaves behind, and a buyer who empties the stock and her card.

People of the oracle world (amazon users 1-4): 0 Alice (the supervisor; address 1 "Home", saved
payment card 1 = her bank card ****1111, cart: 1 x product 1, wish list: 1 x product 4),
1 Bruno (review 1: product 3, rating 4, "Solid"), 2 Chen, 3 Dara; all verified, none Prime.
Catalog: sellers 1 Brightline Goods (4.5), 2 Nordic Home (4.0); products 1 and 2 are the same
"Brightline Wireless Headphones" in black (59.99) and white (61.99), 3 coffee maker (39.50),
4 backpack (45.00), 5 desk lamp (24.99), 20 of each in stock. Deliverers 1 UPS, 2 USPS, 3 FedEx.
Promo code SAVE1 (10 percent off carts of 20.00 or more). Every person has a bank card (admin,
balance 5000) in the manifest; only Alice's is saved in amazon.

Orders, returns and Prime subscriptions send e-mails with attachments (gmail, file_system):
those successful calls carry `needs`, and so the rest of their sequence waits for those apps;
every refusal of those APIs is recorded first, in sequences of its own."""

from common import ODD_VALUES, Recorder, login_attempts, logout_flow

APP = "amazon"
A, B, C, D = range(4)
BAD_TOKENS = [None, "", "garbage", "Bearer x", 5, "eyJhbGciOiJIUzI1NiJ9.e30.sig"]
# Path values of every kind for an integer id.
ODD_IDS = [0, -1, 999, "1", " 1", "%31", "1.0", 1.0, 1.5, "abc", "", None, True, [1],
           "1/2"]
SORT_SIGNS = ["", "+", "++{f}", "+-{f}", "-+{f}", " -{f}", "{f}", "+{F}", "+nope"]

# Always dependent on another app: the account e-mails (gmail) and receipt downloads
# (file_system). Orders, returns and Prime send e-mails only when they succeed (`mail=True`).
NEEDS = {
    "signup": ["gmail"],
    "send_verification_code": ["gmail"],
    "send_password_reset_code": ["gmail"],
    "reset_password": ["gmail"],
    "download_order_receipt": ["file_system"],
    "download_prime_subscription_receipt": ["file_system"],
}
MAIL = ["gmail", "file_system"]


def c(r: Recorder, api: str, _id: str | None = None, mail: bool = False, **args):
    needs = MAIL if mail else NEEDS.get(api)
    return r.call(APP, api, _id=_id, _needs=needs, **args)


def ref(name: str, field: str) -> str:
    return "${" + name + "." + field + "}"


def card(r: Recorder, person: int, **changes) -> dict:
    """The bank card of `person` as add_payment_card wants it, with `changes` applied."""
    return dict(r.users[person]["bank_card"], **changes)


def _user_row(r: Recorder, email: str) -> dict:
    return next(u for u in r.state(APP)["users"] if u["email"] == email)


def sort_forms(fields: list[str]) -> list:
    """Every sort_by form: each field with + and -, then the odd spellings of the first."""
    forms: list = [None]
    for f in fields:
        forms += ["+" + f, "-" + f]
    f = fields[0]
    forms += [s.format(f=f, F=f.upper()) for s in SORT_SIGNS]
    return forms


HOME = {"name": "Home", "street_address": "1 Main St", "city": "Boston", "state": "MA",
        "country": "USA", "zip_code": 12110}


# -- auth ------------------------------------------------------------------------------------

def auth_calls() -> list[tuple[str, dict, dict]]:
    """Every protected API: (name, plausible arguments, invalid arguments)."""
    return [
        ("show_account", {}, {}),
        ("update_account_name", {"first_name": "Al"}, {"first_name": ""}),
        ("delete_account", {}, {}),
        ("logout", {}, {}),
        ("show_cart", {}, {}),
        ("clear_cart", {}, {}),
        ("add_product_to_cart", {"product_id": 1}, {"product_id": "x"}),
        ("update_product_quantity_in_cart", {"product_id": 1, "quantity": 2}, {"quantity": -1}),
        ("delete_product_from_cart", {"product_id": 1}, {"product_id": "x"}),
        ("apply_promo_code_to_cart", {"promo_code": "SAVE1"}, {"promo_code": None}),
        ("remove_promo_code_from_cart", {}, {}),
        ("show_wish_list", {}, {}),
        ("clear_wish_list", {}, {}),
        ("add_product_to_wish_list", {"product_id": 1}, {"quantity": 0}),
        ("update_product_quantity_in_wish_list", {"product_id": 4, "quantity": 2},
         {"quantity": "x"}),
        ("delete_product_from_wish_list", {"product_id": 4}, {"product_id": 1.5}),
        ("move_product_from_cart_to_wish_list", {"product_id": 1}, {"quantity": 0}),
        ("move_product_from_wish_list_to_cart", {"product_id": 4}, {"quantity": 0}),
        ("add_gift_wrapping_to_product", {"product_id": 1}, {"quantity": 0}),
        ("remove_gift_wrapping_from_product", {"product_id": 1}, {"product_id": "x"}),
        ("show_orders", {}, {"page_limit": 0}),
        ("show_order", {"order_id": 1}, {"order_id": "x"}),
        ("place_order", {"payment_card_id": 1, "address_id": 1}, {"address_id": "x"}),
        ("download_order_receipt", {"order_id": 1}, {"order_id": "x"}),
        ("show_payment_cards", {}, {}),
        ("show_payment_card", {"payment_card_id": 1}, {"payment_card_id": "x"}),
        ("add_payment_card", {"card_name": "X", "owner_name": "Alice Ng",
                              "card_number": 4000000000001111, "expiry_year": 2027,
                              "expiry_month": 1, "cvv_number": 101}, {"card_number": 1}),
        ("update_payment_card", {"payment_card_id": 1, "card_name": "X"}, {"card_name": ""}),
        ("delete_payment_card", {"payment_card_id": 1}, {"payment_card_id": "x"}),
        ("show_addresses", {}, {}),
        ("add_address", dict(HOME, name="Work"), {"zip_code": 1}),
        ("update_address", {"address_id": 1, "city": "X"}, {"city": ""}),
        ("delete_address", {"address_id": 1}, {"address_id": "x"}),
        ("write_product_review", {"product_id": 1, "rating": 5}, {"rating": 6}),
        ("update_product_review", {"review_id": 1, "rating": 5}, {"rating": 0}),
        ("delete_product_review", {"review_id": 1}, {"review_id": "x"}),
        ("write_product_question", {"product_id": 1, "question": "Q?"}, {"question": ""}),
        ("write_product_question_answer", {"question_id": 1, "answer": "A"}, {"answer": ""}),
        ("update_product_question", {"question_id": 1, "question": "Q?"}, {"question": ""}),
        ("update_product_question_answer", {"question_answer_id": 1, "answer": "A"},
         {"answer": ""}),
        ("delete_product_question", {"question_id": 1}, {"question_id": "x"}),
        ("delete_product_question_answer", {"question_answer_id": 1}, {"question_answer_id": "x"}),
        ("show_returns", {}, {"sort_by": "quantity"}),
        ("show_return", {"return_id": 1}, {"return_id": "x"}),
        ("initiate_return", {"order_id": 1, "product_id": 1, "deliverer_id": 1, "quantity": 1},
         {"quantity": 0}),
        ("subscribe_prime", {"payment_card_id": 1, "duration": "monthly"}, {"duration": "weekly"}),
        ("show_prime_subscriptions", {}, {"page_limit": 21}),
        ("download_prime_subscription_receipt", {"prime_subscription_id": 1},
         {"prime_subscription_id": "x"}),
    ]


def auth_matrix(r: Recorder) -> None:
    gone = r.login(APP, B, "gone")
    c(r, "logout", access_token=gone)
    # Every protected API: no token at all, and a garbage token with bad parameters (the token
    # is checked first).
    for api, args, bad in auth_calls():
        c(r, api, **args)
        c(r, api, access_token="garbage", **{**args, **bad})
    # Every token form on a read, a write and logout.
    for api, args in [("add_product_to_cart", {"product_id": 2}), ("logout", {})]:
        for bad in BAD_TOKENS + [gone]:
            c(r, api, access_token=bad, **args)
    # The public APIs need no token; one given is ignored.
    c(r, "show_product", product_id=1, access_token="garbage")
    c(r, "show_prime_plans", access_token="garbage")
    ta = r.login(APP, A, "ta")
    c(r, "show_cart", access_token=ta)
    # A token of another app (last: a call to another app leaves the rest pending).
    other_app = r.login("simple_note", A, "sn")
    c(r, "show_cart", access_token=other_app)
    c(r, "logout", access_token=other_app)


def login_logout(r: Recorder) -> None:
    r.reset()
    email, pw = r.email(A), r.password(A, APP)
    login_attempts(lambda api, **a: c(r, api, **a), [
        (email, pw), (email, pw + "x"), (email, ""), (email.upper(), pw), (" " + email, pw),
        ("alice.ng@GMAIL.COM", pw), ("nobody@example.com", pw), ("", pw), (None, pw),
        (email, None), (r.username(A, "phone"), pw), (12345, pw), (r.email(B), r.password(B, APP)),
        (email, r.password(A, "venmo")),
    ])
    logout_flow(lambda api, **a: c(r, api, **a), lambda i: r.login(APP, A, i),
                ("show_account", {}), ("show_cart", {}),
                ("show_wish_list", {}))


# -- accounts --------------------------------------------------------------------------------

def accounts(r: Recorder) -> None:
    r.reset()
    ta = r.login(APP, A, "ta")
    c(r, "show_account", access_token=ta)
    for email in [r.email(B), r.email(B).upper(), " " + r.email(B), "bruno.ortiz@GMAIL.COM",
                  "nobody@example.com", "not-an-email", None, 5]:
        c(r, "show_profile", email=email)
    c(r, "show_profile")
    for names in [{"first_name": "Alicia", "last_name": "Ngo"}, {}, {"first_name": ""},
                  {"last_name": " "}, {"first_name": None}, {"first_name": 42},
                  {"first_name": "Alice", "last_name": "Ng"}]:
        c(r, "update_account_name", access_token=ta, **names)
        c(r, "show_account", access_token=ta)
    c(r, "show_profile", email=r.email(A))

    eve = {"first_name": "Eve", "last_name": "Stone", "email": "eve.stone@example.com",
           "password": "pw123"}
    for args in [
        eve, eve, dict(eve, email=r.email(A)), dict(eve, email="alice.ng@GMAIL.COM"),
        dict(eve, email=r.email(A).upper()), dict(eve, first_name="", email="x1@example.com"),
        dict(eve, last_name="", email="x2@example.com"), dict(eve, email="bad-address"),
        dict(eve, password="pw1", email="x3@example.com"),
        dict(eve, password=123456, email="x4@example.com"),
        dict(eve, first_name=7, last_name=8, email="x5@example.com"),
        {"first_name": "Eve", "email": "x6@example.com"}, {},
        {"first_name": None, "last_name": None, "email": None, "password": None},
    ]:
        c(r, "signup", **args)
    c(r, "login", username="eve.stone@example.com", password="pw123")
    c(r, "login", username="x4@example.com", password="123456")  # the int was kept as text
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

    # Dara deletes her account (her rows go) and signs up again; the code is in her inbox.
    td = r.login(APP, D, "td")
    c(r, "add_address", access_token=td, **dict(HOME, name="Dara home"))
    c(r, "add_product_to_cart", access_token=td, product_id=5, quantity=2)
    c(r, "write_product_review", access_token=td, product_id=5, rating=2, title="Dim")
    c(r, "delete_account", access_token=td)
    c(r, "show_account", access_token=td)
    c(r, "logout", access_token=td)
    c(r, "login", username=r.email(D), password=r.password(D, APP))
    c(r, "show_profile", email=r.email(D))
    c(r, "show_product_reviews", product_id=5)
    c(r, "show_product", product_id=5)
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
    c(r, "show_account", access_token=ref("td3", "access_token"))
    c(r, "show_cart", access_token=ref("td3", "access_token"))
    c(r, "show_addresses", access_token=ref("td3", "access_token"))

    # Password reset for Alice.
    c(r, "send_password_reset_code", email="nobody@example.com")
    c(r, "send_password_reset_code", email="bad")
    c(r, "send_password_reset_code")
    c(r, "reset_password", email=r.email(A), password_reset_code="0000000", new_password="secret1")
    c(r, "send_password_reset_code", email=r.email(A))
    code = _user_row(r, r.email(A))["password_reset_code"]
    c(r, "reset_password", email=r.email(A), password_reset_code="0000000", new_password="secret1")
    c(r, "reset_password", email=r.email(A), password_reset_code=code, new_password="abc")
    c(r, "reset_password", email=r.email(A), password_reset_code=code, new_password="secret1")
    c(r, "reset_password", email=r.email(A), password_reset_code=code, new_password="secret2")
    c(r, "login", username=r.email(A), password=r.password(A, APP))
    c(r, "login", username=r.email(A), password="secret1")
    c(r, "login", username=r.email(A), password="secret2")
    c(r, "show_account", access_token=ta)
    c(r, "reset_password", email=r.email(A), new_password="secret3")
    c(r, "reset_password")

    # Bruno deletes his account: his review goes, the product's numbers follow.
    tb = r.login(APP, B, "tb")
    c(r, "show_product_reviews", product_id=3)
    c(r, "delete_account", access_token=tb)
    c(r, "delete_account", access_token=tb)
    c(r, "show_profile", email=r.email(B))
    c(r, "show_product_reviews", product_id=3)
    c(r, "show_product", product_id=3)
    c(r, "show_seller", seller_id=2)


# -- catalog ---------------------------------------------------------------------------------

def catalog(r: Recorder) -> None:
    r.reset()
    for pid in [1, 2, 3, 4, 5, 6, 2**63] + ODD_IDS:
        c(r, "show_product", product_id=pid)
    c(r, "show_product")
    for sid in [1, 2, 3, 0, -1, "2", "x", "", 1.5, None]:
        c(r, "show_seller", seller_id=sid)
    c(r, "show_return_deliverers")
    c(r, "show_prime_plans")

    # search_sellers and search_product_types: queries and paging.
    for api in ["search_sellers", "search_product_types"]:
        for query in [None, "NORDIC", "home goods", "xyzzy", "coffee maker", "lamps"]:
            c(r, api, query=query)
        for index, limit in [(1, 1), (1, 2), (-1, 5), ("1", "1"), (0, 0), (0, 21), (0, 2**63)]:
            c(r, api, page_index=index, page_limit=limit)

    for ptype in [None, "HEADPHONE", "coffee makers", "nope", "", ["lamp"]]:
        c(r, "show_product_feature_choices", product_type=ptype)
    c(r, "show_product_feature_choices")
    search_products(r)


def search_products(r: Recorder) -> None:
    def s(**args):
        c(r, "search_products", **args)

    s()
    for query in ["headphones", "Headphones wireless", "nordic", "lamp desk", "30l", "xyzzy",
                  "head", "white"]:
        s(query=query)
    for index, limit in [(0, 1), (3, 1), (4, 1), (1, 2), (2, 2), (100, 5), (-1, 5), ("1", "2"),
                         (None, 5), (0, 0), (0, 21), (0, 2.5), ("", 5)]:
        s(page_index=index, page_limit=limit)
    for ptype in ["headphone", "HEADPHONES", "coffee makers", "nope", "", 7]:
        s(product_type=ptype)
    for color in ["WHITE", "purple", "", " white"]:
        s(color=color)
    for size in ["small", "medium", "extra-small", "SMALL", ""]:
        s(relative_size=size)
    for lo, hi in [(40, None), (None, 45), (60, 40), (0, 0), (-1, None), ("30", "50"),
                   (39.5, 39.5), (None, 10**20)]:
        args = {}
        if lo is not None:
            args["min_price"] = lo
        if hi is not None:
            args["max_price"] = hi
        s(**args)
    for field in ["product_rating", "seller_rating"]:
        for lo, hi in [(4.5, 5), (0, 4), (4.1, 4.4), (-1, 5), (0, 6), ("x", 5)]:
            s(**{"min_" + field: lo, "max_" + field: hi})
    for seller in [1, 2, 3, "x", None]:
        s(seller_id=seller)
    for sort_by in sort_forms(["price", "rating", "delivery_days"]):
        s(sort_by=sort_by)
    for sort_by in ["+price", "-rating", "+delivery_days", "price"]:
        s(sort_by=sort_by, query="nordic")
    s(sort_by="+price", page_index=1, page_limit=2)
    s(sort_by="-price", color="white")
    s(sort_by="-delivery_days", product_type="headphones")
    s(sort_by="+price", product_type="headphones")
    s(query="headphones", min_price=60)
    s(query="nordic", seller_id=2, max_price=30, relative_size="small", color="white")
    s(query="brightline", min_seller_rating=4.5, sort_by="-price", page_limit=2, page_index=1)
    s(unknown="x")


# -- cart and wish list ----------------------------------------------------------------------

def cart_and_wish_list(r: Recorder) -> None:
    r.reset()
    ta, tb = r.login(APP, A, "ta"), r.login(APP, B, "tb")
    c(r, "show_cart", access_token=ta)
    c(r, "show_wish_list", access_token=ta)
    c(r, "show_cart", access_token=tb)
    c(r, "show_wish_list", access_token=tb)

    # add_product_to_cart: each odd quantity (Bruno), each success followed by the cart.
    for q in ODD_VALUES + [2, 20, 21, 19, 100]:
        status, _ = c(r, "add_product_to_cart", access_token=tb, product_id=3, quantity=q)
        if status == 200 and type(q) is not int:  # what the coercion made of it
            c(r, "show_cart", access_token=tb)
    c(r, "show_cart", access_token=tb)
    for flag in [True, "yes", "maybe", False]:
        status, _ = c(r, "add_product_to_cart", access_token=tb, product_id=5,
                      clear_cart_first=flag)
        if status == 200:
            c(r, "show_cart", access_token=tb)
    for pid in [999, "%31", "1.0", None, "1/2"]:
        c(r, "add_product_to_cart", access_token=tb, product_id=pid)
    c(r, "add_product_to_cart", access_token=tb)
    c(r, "add_product_to_cart", access_token=tb, product_id=1, quantity=2, extra="x")
    c(r, "show_cart", access_token=tb)

    # update_product_quantity_in_cart: odd quantities, absent products, 0 deletes.
    for q in [3, "4", 4.0, 4.5, None, -1, 21, 20]:
        status, _ = c(r, "update_product_quantity_in_cart", access_token=tb, product_id=1,
                      quantity=q)
        if status == 200:
            c(r, "show_cart", access_token=tb)
    c(r, "update_product_quantity_in_cart", access_token=tb, product_id=1)
    c(r, "update_product_quantity_in_cart", access_token=tb, product_id=2, quantity=1)
    c(r, "update_product_quantity_in_cart", access_token=tb, product_id=2, quantity=0)
    c(r, "update_product_quantity_in_cart", access_token=tb, product_id=99, quantity=1)
    c(r, "update_product_quantity_in_cart", access_token=tb, product_id=1, quantity=0)
    c(r, "show_cart", access_token=tb)
    for pid in ["abc", "", 1.5, -1]:
        c(r, "update_product_quantity_in_cart", access_token=tb, product_id=pid, quantity=1)

    # Gift wrapping: on absent products, beyond the quantity, odd quantities, removal.
    c(r, "add_product_to_cart", access_token=tb, product_id=4, quantity=3)
    for pid, q in [(4, 1), (4, 3), (4, 4), (4, 2), (4, 0), (4, "2"), (4, None), (4, 1.5),
                   (2, 1), (99, 1), ("x", 1), (4, True)]:
        status, _ = c(r, "add_gift_wrapping_to_product", access_token=tb, product_id=pid,
                      quantity=q)
        if status == 200:
            c(r, "show_cart", access_token=tb)
    c(r, "add_gift_wrapping_to_product", access_token=tb, product_id=4)
    c(r, "show_cart", access_token=tb)
    c(r, "update_product_quantity_in_cart", access_token=tb, product_id=4, quantity=2)
    c(r, "show_cart", access_token=tb)  # one wrapped unit is left over the quantity?
    c(r, "add_product_to_cart", access_token=tb, product_id=4, quantity=1)
    c(r, "add_gift_wrapping_to_product", access_token=tb, product_id=4, quantity=3)
    c(r, "show_cart", access_token=tb)
    for pid in [4, 4, 2, 99, "x"]:
        c(r, "remove_gift_wrapping_from_product", access_token=tb, product_id=pid)
    c(r, "show_cart", access_token=tb)

    # delete_product_from_cart.
    # An empty id reaches DELETE /cart, i.e. clear_cart.
    for pid in [5, 5, 2, 99, "x", None, ""]:
        c(r, "delete_product_from_cart", access_token=tb, product_id=pid)
    c(r, "show_cart", access_token=tb)

    # Wish list: add, update (plural path), delete, clear-first flags.
    for pid, q in [(1, 1), (1, 2), (2, "3"), (3, 0), (3, None), (3, 21), (5, 1.5), (99, 1),
                   (3, 5)]:
        status, _ = c(r, "add_product_to_wish_list", access_token=tb, product_id=pid,
                      quantity=q)
        if status == 200:
            c(r, "show_wish_list", access_token=tb)
    c(r, "add_product_to_wish_list", access_token=tb, product_id=5)
    c(r, "add_product_to_wish_list", access_token=tb, product_id=2, clear_wish_list_first=True)
    c(r, "show_wish_list", access_token=tb)
    for pid in [1, 3, 4]:
        c(r, "add_product_to_wish_list", access_token=tb, product_id=pid, quantity=2,
          clear_wish_list_first=False)
    for pid, q in [(1, 5), (1, "1"), (2, 0), (2, 1), (3, -1), (3, None), (3, 21), (99, 1),
                   ("x", 1), (4, 1.0), (4, 3)]:
        status, _ = c(r, "update_product_quantity_in_wish_list", access_token=tb,
                      product_id=pid, quantity=q)
        if status == 200:
            c(r, "show_wish_list", access_token=tb)
    for pid in [3, 3, 99, "x"]:
        c(r, "delete_product_from_wish_list", access_token=tb, product_id=pid)
    c(r, "show_wish_list", access_token=tb)

    # Moves between cart and wish list, whole and partial.
    c(r, "add_product_to_cart", access_token=tb, product_id=4, quantity=3)
    c(r, "add_product_to_cart", access_token=tb, product_id=1, quantity=1)
    c(r, "show_cart", access_token=tb)
    for pid, q in [(4, 1), (4, 5), (4, 0), (4, None), (4, "1"), (1, 1), (3, 1), (99, 1),
                   ("x", 1), (4, 1)]:
        status, _ = c(r, "move_product_from_cart_to_wish_list", access_token=tb,
                      product_id=pid, quantity=q)
        if status == 200:
            c(r, "show_cart", access_token=tb)
            c(r, "show_wish_list", access_token=tb)
    for pid, q in [(1, 2), (4, 10), (4, 1), (4, 3), (2, 1), (2, 1), (99, 1), (5, 1), (1, 0)]:
        status, _ = c(r, "move_product_from_wish_list_to_cart", access_token=tb,
                      product_id=pid, quantity=q)
        if status == 200:
            c(r, "show_cart", access_token=tb)
            c(r, "show_wish_list", access_token=tb)
    c(r, "move_product_from_wish_list_to_cart", access_token=tb, product_id=1)
    c(r, "move_product_from_cart_to_wish_list", access_token=tb, product_id=3)
    c(r, "show_cart", access_token=tb)
    c(r, "show_wish_list", access_token=tb)
    # Alice's lists did not change.
    c(r, "show_cart", access_token=ta)
    c(r, "show_wish_list", access_token=ta)
    c(r, "clear_wish_list", access_token=tb)
    c(r, "clear_wish_list", access_token=tb)
    c(r, "show_wish_list", access_token=tb)
    c(r, "clear_cart", access_token=tb)
    c(r, "clear_cart", access_token=tb)
    c(r, "show_cart", access_token=tb)
    promos(r, ta, tb)


def promos(r: Recorder, ta: str, tb: str) -> None:
    # Bruno's cart is empty: the minimum amount refuses the code.
    for code in ["SAVE1", "save1", " SAVE1", "NOPE", "", None, 5]:
        c(r, "apply_promo_code_to_cart", access_token=tb, promo_code=code)
    c(r, "apply_promo_code_to_cart", access_token=tb)
    c(r, "remove_promo_code_from_cart", access_token=tb)
    c(r, "add_product_to_cart", access_token=tb, product_id=5, quantity=1)
    c(r, "apply_promo_code_to_cart", access_token=tb, promo_code="SAVE1")
    c(r, "apply_promo_code_to_cart", access_token=tb, promo_code="SAVE1")
    c(r, "show_cart", access_token=tb)
    # Rounding of tax and discount: 3 lamps (74.97), a coffee maker, gift wrap.
    c(r, "update_product_quantity_in_cart", access_token=tb, product_id=5, quantity=3)
    c(r, "show_cart", access_token=tb)
    c(r, "add_product_to_cart", access_token=tb, product_id=3, quantity=1)
    c(r, "add_gift_wrapping_to_product", access_token=tb, product_id=5, quantity=2)
    c(r, "show_cart", access_token=tb)
    # Below the minimum again: the code stays but is shown invalid.
    c(r, "update_product_quantity_in_cart", access_token=tb, product_id=5, quantity=0)
    c(r, "delete_product_from_cart", access_token=tb, product_id=3)
    c(r, "show_cart", access_token=tb)
    c(r, "apply_promo_code_to_cart", access_token=tb, promo_code="SAVE1")
    c(r, "remove_promo_code_from_cart", access_token=tb)
    c(r, "remove_promo_code_from_cart", access_token=tb)
    c(r, "show_cart", access_token=tb)
    # Alice (cart: 1 headphones): apply, clear the cart, the code survives.
    c(r, "apply_promo_code_to_cart", access_token=ta, promo_code="SAVE1")
    c(r, "show_cart", access_token=ta)
    c(r, "clear_cart", access_token=ta)
    c(r, "show_cart", access_token=ta)
    c(r, "add_product_to_cart", access_token=ta, product_id=2, quantity=7)
    c(r, "show_cart", access_token=ta)
    c(r, "add_gift_wrapping_to_product", access_token=ta, product_id=2, quantity=7)
    c(r, "show_cart", access_token=ta)


# -- payment cards and addresses -------------------------------------------------------------

def cards_and_addresses(r: Recorder) -> None:
    r.reset()
    ta, tb, tc = r.login(APP, A, "ta"), r.login(APP, B, "tb"), r.login(APP, C, "tc")
    c(r, "show_payment_cards", access_token=ta)
    c(r, "show_payment_cards", access_token=tb)
    # add_payment_card: odd values of each field on Bruno's bank card (the bank checks them).
    made = 0
    for field, values in [
        ("card_name", ["", " ", None, 5, ["x"], "My Visa"]),
        ("owner_name", ["", "bruno ortiz", "Bruno  Ortiz", None, "Alice Ng"]),
        ("card_number", [None, "4000000000002222", 4000000000002223, 999999999999999,
                         10**16, "abc", 4000000000002222.0, -1]),
        ("expiry_year", [2026, 2028, "2027", None, 27, 2022]),
        ("expiry_month", [0, 13, 3, "2", None, 2.5]),
        ("cvv_number", [99, 1000, 103, "102", None, 102.0]),
    ]:
        for value in values:
            args = card(r, B, card_name=f"Card {made}")
            args[field] = value
            status, _ = c(r, "add_payment_card", _id=f"pc{made}", access_token=tb, **args)
            if status == 200:  # deleted so that the number is free again (shown if coerced)
                if not isinstance(value, str):
                    c(r, "show_payment_cards", access_token=tb)
                c(r, "delete_payment_card", access_token=tb,
                  payment_card_id=ref(f"pc{made}", "payment_card_id"))
            made += 1
    c(r, "add_payment_card", _id="pcb", access_token=tb, **card(r, B))
    c(r, "add_payment_card", access_token=tb, **card(r, B))  # the same card again
    c(r, "add_payment_card", access_token=tb, **card(r, B, card_name="Second name"))
    c(r, "add_payment_card", access_token=tc, **card(r, A))  # Alice's card, by Chen
    c(r, "add_payment_card", access_token=tc, **card(r, C, card_name="Visa", owner_name="Alice Ng"))
    c(r, "add_payment_card", _id="pcc", access_token=tc, **card(r, C, card_name="Chen Visa"))
    c(r, "add_payment_card", access_token=tb, card_name="x")
    c(r, "show_payment_cards", access_token=tb)
    c(r, "show_payment_cards", access_token=tc)
    for pid in [1, 3, 999, 0, "1", " 1", "%31", "1.0"]:
        c(r, "show_payment_card", access_token=tb, payment_card_id=pid)
    c(r, "show_payment_card", access_token=tb, payment_card_id=ref("pcb", "payment_card_id"))
    c(r, "show_payment_card", access_token=ta, payment_card_id=ref("pcb", "payment_card_id"))
    for name in ["Travel", "", None, 7, "Visa", "Chen Visa", "Travel"]:
        status, _ = c(r, "update_payment_card", access_token=tb,
                      payment_card_id=ref("pcb", "payment_card_id"), card_name=name)
        if status == 200:
            c(r, "show_payment_card", access_token=tb,
              payment_card_id=ref("pcb", "payment_card_id"))
    c(r, "update_payment_card", access_token=tb, payment_card_id=ref("pcb", "payment_card_id"))
    c(r, "update_payment_card", access_token=tb, payment_card_id=1, card_name="Mine")
    c(r, "update_payment_card", access_token=tb, payment_card_id=999, card_name="Mine")
    c(r, "update_payment_card", access_token=tb, payment_card_id="x", card_name="Mine")
    c(r, "delete_payment_card", access_token=tb, payment_card_id=1)
    c(r, "delete_payment_card", access_token=tb, payment_card_id=999)
    c(r, "delete_payment_card", access_token=tb, payment_card_id="")
    c(r, "delete_payment_card", access_token=tc, payment_card_id=ref("pcc", "payment_card_id"))
    c(r, "delete_payment_card", access_token=tc, payment_card_id=ref("pcc", "payment_card_id"))
    c(r, "show_payment_cards", access_token=tc)
    # Once deleted, the card number can be saved again (by Bruno this time).
    c(r, "add_payment_card", access_token=tb, **card(r, C, card_name="Chen's, now mine"))
    c(r, "show_payment_cards", access_token=tb)
    c(r, "show_payment_cards", access_token=ta)

    # Addresses.
    c(r, "show_addresses", access_token=ta)
    c(r, "show_addresses", access_token=tb)
    made = 0
    for field, values in [
        ("name", ["", " ", None, 5, "Cottage", "cottage"]),
        ("street_address", ["", None, 12]),
        ("city", ["", None]),
        ("state", ["", None]),
        ("country", ["", None, True]),
        ("zip_code", [9999, 100000, "02110", "12345", 12345.0, 12345.5, None, "abc", 99999,
                      10000]),
    ]:
        for value in values:
            args = dict(HOME, name=f"Addr {made}")
            args[field] = value
            status, _ = c(r, "add_address", _id=f"ad{made}", access_token=tb, **args)
            made += 1
    c(r, "add_address", _id="adb", access_token=tb, **HOME)
    c(r, "add_address", access_token=tb, **HOME)  # the same name again
    c(r, "add_address", access_token=tc, **HOME)  # another person's "Home"
    c(r, "add_address", access_token=tb, name="Partial")
    c(r, "show_addresses", access_token=tb)
    adb = ref("adb", "address_id")
    for changes in [{"name": "House"}, {"street_address": "2 Side St", "city": "Cambridge"},
                    {"state": "NY", "country": "US"}, {"zip_code": 54321}, {"zip_code": 1},
                    {"zip_code": "11111"}, {"name": ""}, {"city": None}, {},
                    {"name": "Addr 24"}, {"zip_code": 99999.0}]:
        status, _ = c(r, "update_address", access_token=tb, address_id=adb, **changes)
        if status == 200:
            c(r, "show_addresses", access_token=tb)
    for aid in [1, 999, "x", "", 1.5]:
        c(r, "update_address", access_token=tb, address_id=aid, city="X")
    for aid in [1, 999, "x", ""]:
        c(r, "delete_address", access_token=tb, address_id=aid)
    c(r, "delete_address", access_token=tb, address_id=adb)
    c(r, "delete_address", access_token=tb, address_id=adb)
    c(r, "show_addresses", access_token=tb)
    c(r, "show_addresses", access_token=ta)
    c(r, "show_addresses", access_token=tc)


# -- reviews, questions, answers -------------------------------------------------------------

def reviews(r: Recorder) -> None:
    r.reset()
    ta, tb, tc, td = (r.login(APP, p, f"t{p}") for p in range(4))
    c(r, "show_product_reviews", product_id=3)
    # write_product_review: odd ratings, titles and texts (Alice on product 1; each success is
    # deleted again, since a second review of the same product is refused).
    for n, args in enumerate([
        {"rating": 0}, {"rating": 6}, {"rating": "5"}, {"rating": 4.5}, {"rating": None},
        {"rating": 5, "title": None}, {"rating": 5, "title": 7}, {"rating": 5, "text": ["x"]},
        {"rating": 5, "title": "Great", "text": "Loud."}, {"rating": 2, "title": "Again"},
        {"rating": 1, "title": "", "text": ""}, {"rating": 3.0}, {"rating": True},
    ]):
        status, _ = c(r, "write_product_review", _id=f"rv{n}", access_token=ta,
                      product_id=1, **args)
        if status == 200:  # shown, then deleted so that the next one may be written
            c(r, "show_product_reviews", product_id=1)
            c(r, "delete_product_review", access_token=ta,
              review_id=ref(f"rv{n}", "product_review_id"))
    c(r, "write_product_review", access_token=ta, product_id=1, rating=4, title="Kept")
    c(r, "write_product_review", access_token=ta, product_id=1, rating=5, title="Twice")
    c(r, "show_product", product_id=1)
    for p in [999, 0, "abc", "", 1.5, None, "1/2"]:
        c(r, "write_product_review", access_token=tb, product_id=p, rating=3)
    c(r, "write_product_review", access_token=tb, product_id=3, rating=5)  # his second
    c(r, "write_product_review", _id="rvc", access_token=tc, product_id=3, rating=1,
      title="Leaks", text="Leaks water everywhere.")
    c(r, "write_product_review", _id="rvd", access_token=td, product_id=3, rating=3,
      title="Fine coffee", text="Good enough coffee, slow.")
    c(r, "write_product_review", access_token=td, product_id=2, rating=5, title="Great sound")
    c(r, "write_product_review", access_token=tc, product_id=1, rating=2, title="Tinny")
    c(r, "show_product", product_id=3)
    c(r, "show_seller", seller_id=2)
    c(r, "show_seller", seller_id=1)
    c(r, "search_sellers", page_limit=20)

    def sr(pid=3, **args):
        c(r, "show_product_reviews", product_id=pid, **args)

    sr()
    for pid in [1, 999, "x", ""]:
        sr(pid)
    for query in ["COFFEE", "leaks water", "xyzzy", "slow fine", "solid"]:
        sr(query=query)
    for email in [r.email(C), r.email(C).upper(), " " + r.email(C), "nobody@example.com"]:
        sr(user_email=email)
    for lo, hi in [(2, 5), (3, 3), (5, 1), (0, 5), ("3", "4"), (2.5, 5)]:
        sr(min_rating=lo, max_rating=hi)
    for flag in [True, False, "no", "x", None]:
        sr(is_verified=flag)
    for sort_by in sort_forms(["rating", "created_at"]):
        sr(sort_by=sort_by)
    sr(sort_by="-rating", query="coffee")
    for index, limit in [(0, 1), (2, 1), (3, 1), (1, 2), (0, 0), (0, 21), (-1, 5)]:
        sr(page_index=index, page_limit=limit)

    # update / delete: owner, others, odd values.
    rvc = ref("rvc", "product_review_id")
    for changes in [{"rating": 2}, {"title": "Still leaks"}, {"text": ""}, {"rating": 0},
                    {"rating": "4"}, {"rating": None, "title": None}, {}, {"title": 5},
                    {"rating": 5, "title": "Fixed", "text": "Replaced; fine now."}]:
        status, _ = c(r, "update_product_review", access_token=tc, review_id=rvc, **changes)
        if status == 200:
            sr(user_email=r.email(C))
    c(r, "show_product", product_id=3)
    c(r, "update_product_review", access_token=tb, review_id=rvc, rating=1)
    for rid in [999, "x", "", 1.5]:
        c(r, "update_product_review", access_token=tc, review_id=rid, rating=1)
    c(r, "delete_product_review", access_token=tb, review_id=rvc)
    for rid in [999, "x", ""]:
        c(r, "delete_product_review", access_token=tc, review_id=rid)
    c(r, "delete_product_review", access_token=tc, review_id=rvc)
    c(r, "delete_product_review", access_token=tc, review_id=rvc)
    sr()
    c(r, "show_product", product_id=3)
    c(r, "write_product_review", access_token=tc, product_id=3, rating=4, title="Back")
    sr(sort_by="+created_at")
    questions(r, ta, tb, tc, td)


def questions(r: Recorder, ta: str, tb: str, tc: str, td: str) -> None:
    for pid, q in [(1, "Does it fold?"), (1, "Does it fold?"), (1, "does it fold?"),
                   (1, ""), (1, None), (1, 5), (999, "Q?"), ("x", "Q?"), ("", "Q?")]:
        c(r, "write_product_question", access_token=ta, product_id=pid, question=q)
    c(r, "write_product_question", access_token=ta, product_id=1)
    c(r, "write_product_question", _id="q1", access_token=tb, product_id=1,
      question="Battery life?")
    c(r, "write_product_question", _id="q2", access_token=tc, product_id=1,
      question="Is the battery replaceable?")
    c(r, "write_product_question", _id="q3", access_token=tc, product_id=3,
      question="Is the carafe glass?")
    c(r, "write_product_question", access_token=tb, product_id=1, question="Does it fold?")

    def sq(pid=1, **args):
        c(r, "show_product_questions", product_id=pid, **args)

    sq()
    for pid in [3, 999, ""]:
        sq(pid)
    for query in ["battery", "Battery life", "xyzzy"]:
        sq(query=query)
    for email in [r.email(C), r.email(A).upper(), "bad"]:
        sq(user_email=email)
    for sort_by in sort_forms(["created_at"])[:8]:
        sq(sort_by=sort_by)
    for index, limit in [(1, 1), (1, 3), (0, 0), (0, 21)]:
        sq(page_index=index, page_limit=limit)

    # Answers, shown under /products/{question_id}/question_answers.
    q1 = ref("q1", "question_id")
    for tok, ans in [(ta, "About 20 hours."), (ta, "About 20 hours."), (tc, "about 20 hours."),
                     (td, ""), (td, None), (td, 7), (tc, "Closer to 15.")]:
        c(r, "write_product_question_answer", access_token=tok, question_id=q1, answer=ans)
    c(r, "write_product_question_answer", _id="a1", access_token=td, question_id=q1,
      answer="Mine lasts two days.")
    for qid in [999, "x", "", 1.5]:
        c(r, "write_product_question_answer", access_token=td, question_id=qid, answer="A")
    c(r, "write_product_question_answer", access_token=td, question_id=q1)

    def sa(qid=q1, **args):
        c(r, "show_product_question_answers", question_id=qid, **args)

    sa()
    for qid in [ref("q2", "question_id"), 999, "x", ""]:
        sa(qid)
    for query in ["hours", "20 hours", "two days", "xyzzy"]:
        sa(query=query)
    for email in [r.email(D), r.email(A), "nobody@example.com", "bad"]:
        sa(user_email=email)
    for flag in [True, False, "x"]:
        sa(is_verified=flag)
    for sort_by in sort_forms(["created_at"])[:6]:
        sa(sort_by=sort_by)
    for index, limit in [(1, 1), (2, 2), (0, 0)]:
        sa(page_index=index, page_limit=limit)

    # Updates and deletes: owner and others.
    for tok, question in [(tb, "Battery life in hours?"), (tb, ""), (tb, None), (tb, 5),
                          (ta, "Hijack?")]:
        c(r, "update_product_question", access_token=tok, question_id=q1, question=question)
    c(r, "update_product_question", access_token=tb, question_id=q1)
    for qid in [999, "x"]:
        c(r, "update_product_question", access_token=tb, question_id=qid, question="Q")
    sq(query="hours")
    a1 = ref("a1", "question_answer_id")
    for tok, answer in [(td, "Two days, honestly."), (td, ""), (td, None), (ta, "Hijack")]:
        c(r, "update_product_question_answer", access_token=tok, question_answer_id=a1,
          answer=answer)
    c(r, "update_product_question_answer", access_token=td, question_answer_id=a1)
    for aid in [999, "x"]:
        c(r, "update_product_question_answer", access_token=td, question_answer_id=aid,
          answer="A")
    sa()
    c(r, "delete_product_question_answer", access_token=ta, question_answer_id=a1)
    for aid in [999, "x", ""]:
        c(r, "delete_product_question_answer", access_token=td, question_answer_id=aid)
    c(r, "delete_product_question_answer", access_token=td, question_answer_id=a1)
    c(r, "delete_product_question_answer", access_token=td, question_answer_id=a1)
    sa()
    # Deleting a question takes its answers along.
    c(r, "delete_product_question", access_token=ta, question_id=q1)
    for qid in [999, "x", ""]:
        c(r, "delete_product_question", access_token=tb, question_id=qid)
    c(r, "delete_product_question", access_token=tb, question_id=q1)
    c(r, "delete_product_question", access_token=tb, question_id=q1)
    sa()
    sq()
    c(r, "show_product", product_id=1)
    c(r, "show_product", product_id=3)


# -- orders: every refusal first (no e-mail is sent) -----------------------------------------

def order_refusals(r: Recorder) -> None:
    r.reset()
    ta, tb, tc = r.login(APP, A, "ta"), r.login(APP, B, "tb"), r.login(APP, C, "tc")
    c(r, "show_orders", access_token=ta)
    # Bruno has no card, no address, an empty cart.
    c(r, "place_order", access_token=tb, payment_card_id=1, address_id=1)
    c(r, "add_payment_card", _id="pcb", access_token=tb, **card(r, B))
    c(r, "add_address", _id="adb", access_token=tb, **HOME)
    pcb, adb = ref("pcb", "payment_card_id"), ref("adb", "address_id")
    c(r, "place_order", access_token=tb, payment_card_id=pcb, address_id=1)
    c(r, "place_order", access_token=tb, payment_card_id=pcb, address_id=adb)  # empty cart
    for pc, ad in [(999, adb), (pcb, 999), ("x", adb), (pcb, "x"), (None, adb), (pcb, None),
                   ("1", "1"), (1.5, adb)]:
        c(r, "place_order", access_token=tb, payment_card_id=pc, address_id=ad)
    c(r, "place_order", access_token=tb, payment_card_id=pcb)
    c(r, "place_order", access_token=tb)
    # Everything in stock: beyond the card's 5000.
    for pid in [1, 2, 3, 4, 5]:
        c(r, "add_product_to_cart", access_token=tb, product_id=pid, quantity=20)
    c(r, "show_cart", access_token=tb)
    c(r, "place_order", access_token=tb, payment_card_id=pcb, address_id=adb)
    # More than the inventory (added in two steps, each under it).
    c(r, "clear_cart", access_token=tb)
    c(r, "add_product_to_cart", access_token=tb, product_id=5, quantity=15)
    c(r, "add_product_to_cart", access_token=tb, product_id=5, quantity=15)
    c(r, "show_cart", access_token=tb)
    c(r, "place_order", access_token=tb, payment_card_id=pcb, address_id=adb)
    # A promo that no longer fits the cart.
    c(r, "update_product_quantity_in_cart", access_token=tb, product_id=5, quantity=1)
    c(r, "apply_promo_code_to_cart", access_token=tb, promo_code="SAVE1")
    c(r, "update_product_quantity_in_cart", access_token=tb, product_id=5, quantity=0)
    c(r, "add_product_to_cart", access_token=tb, product_id=5, quantity=1)
    c(r, "show_cart", access_token=tb)
    c(r, "show_orders", access_token=tb)
    # Orders, returns and subscriptions that do not exist or are not his.
    for oid in [1, 2**63, -1, "1", "1.0", 1.5, "abc", ""]:
        c(r, "show_order", access_token=tb, order_id=oid)
    for oid in [1, "x", ""]:
        c(r, "download_order_receipt", access_token=tb, order_id=oid)
    for rid in [1, "x", ""]:
        c(r, "show_return", access_token=tb, return_id=rid)
    c(r, "show_returns", access_token=tb)
    c(r, "show_returns", access_token=tb, order_id=1)
    for args in [{"order_id": 1, "product_id": 1, "deliverer_id": 1, "quantity": 1},
                 {"order_id": 1, "product_id": 99, "deliverer_id": 1, "quantity": 1},
                 {"order_id": 1, "product_id": 1, "deliverer_id": 9, "quantity": 1},
                 {"order_id": 1, "product_id": 1, "deliverer_id": 1, "quantity": 0},
                 {"order_id": "x", "product_id": 1, "deliverer_id": 1, "quantity": 1},
                 {"order_id": 1}, {}]:
        c(r, "initiate_return", access_token=tb, **args)
    # Prime refusals.
    for pc, duration in [(999, "monthly"), (1, "monthly"), (pcb, "weekly"), (pcb, "Monthly"),
                         (pcb, ""), (pcb, None), ("x", "yearly"), (None, "yearly")]:
        c(r, "subscribe_prime", access_token=tb, payment_card_id=pc, duration=duration)
    c(r, "subscribe_prime", access_token=tb, payment_card_id=pcb)
    c(r, "subscribe_prime", access_token=tb)
    c(r, "show_prime_subscriptions", access_token=tb)
    for pid in [1, "x", ""]:
        c(r, "download_prime_subscription_receipt", access_token=tb, prime_subscription_id=pid)
    c(r, "show_account", access_token=tb)
    # Empty lists: sort_by on no returns (returned_at is fine here), list validation.
    for sort_by in ["+returned_at", "-returned_at", "returned_at", "+nope"]:
        c(r, "show_returns", access_token=tc, sort_by=sort_by)
    for index, limit in [(0, 0), (0, 21), (-1, 5), ("1", "2"), (None, None)]:
        c(r, "show_prime_subscriptions", access_token=tc, page_index=index, page_limit=limit)


# -- orders that go through (these and the rest of the sequence need gmail and file_system) --

def orders(r: Recorder) -> None:
    r.reset()
    ta, tb, tc = r.login(APP, A, "ta"), r.login(APP, B, "tb"), r.login(APP, C, "tc")
    c(r, "add_payment_card", _id="pcb", access_token=tb, **card(r, B))
    c(r, "add_address", _id="adb", access_token=tb, **dict(HOME, name="Flat"))
    c(r, "add_address", _id="adb2", access_token=tb, **dict(HOME, name="Office", zip_code=54321))
    pcb, adb, adb2 = (ref("pcb", "payment_card_id"), ref("adb", "address_id"),
                      ref("adb2", "address_id"))
    # Reviews and questions before any order are not verified.
    c(r, "write_product_review", access_token=tb, product_id=4, rating=4, title="Roomy")
    c(r, "write_product_question", access_token=tb, product_id=4, question="Waterproof?")

    # Order 1 (Alice): her seeded cart, promo code, a gift wrap.
    c(r, "add_product_to_cart", access_token=ta, product_id=3, quantity=2)
    c(r, "add_gift_wrapping_to_product", access_token=ta, product_id=3, quantity=1)
    c(r, "apply_promo_code_to_cart", access_token=ta, promo_code="SAVE1")
    c(r, "show_cart", access_token=ta)
    c(r, "place_order", _id="o1", mail=True, access_token=ta, payment_card_id=1, address_id=1)
    o1 = ref("o1", "order_id")
    c(r, "show_cart", access_token=ta)
    c(r, "show_order", access_token=ta, order_id=o1)
    c(r, "show_order", access_token=tb, order_id=o1)
    c(r, "show_product", product_id=3)
    c(r, "show_product", product_id=1)

    # Orders 2-4 (Bruno): separate carts, no promo, then a Prime member's order.
    c(r, "add_product_to_cart", access_token=tb, product_id=4, quantity=3)
    c(r, "add_product_to_cart", access_token=tb, product_id=5, quantity=1)
    c(r, "place_order", _id="o2", mail=True, access_token=tb, payment_card_id=pcb,
      address_id=adb)
    c(r, "add_product_to_cart", access_token=tb, product_id=2, quantity=1)
    c(r, "place_order", _id="o3", mail=True, access_token=tb, payment_card_id=pcb,
      address_id=adb2)
    c(r, "show_prime_plans")
    c(r, "subscribe_prime", _id="ps1", mail=True, access_token=tb, payment_card_id=pcb,
      duration="monthly")
    c(r, "subscribe_prime", access_token=tb, payment_card_id=pcb, duration="yearly")
    c(r, "show_account", access_token=tb)
    c(r, "show_prime_subscriptions", access_token=tb)
    c(r, "show_prime_subscriptions", access_token=ta)
    c(r, "add_product_to_cart", access_token=tb, product_id=5, quantity=2)
    c(r, "show_cart", access_token=tb)  # no delivery fee now
    c(r, "place_order", _id="o4", mail=True, access_token=tb, payment_card_id=pcb,
      address_id=adb)
    o2, o3, o4 = ref("o2", "order_id"), ref("o3", "order_id"), ref("o4", "order_id")
    c(r, "subscribe_prime", access_token=tc, payment_card_id=1, duration="yearly")  # Alice's
    c(r, "add_payment_card", _id="pcc", access_token=tc, **card(r, C))
    c(r, "subscribe_prime", _id="ps3", mail=True, access_token=tc,
      payment_card_id=ref("pcc", "payment_card_id"), duration="yearly")
    c(r, "show_prime_subscriptions", access_token=tc)
    c(r, "show_account", access_token=tc)

    # The order lists: query, paging, sort_by.
    def so(tok=tb, **args):
        c(r, "show_orders", access_token=tok, **args)

    so()
    so(ta)
    so(tc)
    for query in ["lamp", "Backpack trail", "nordic", "xyzzy"]:
        so(query=query)
    for sort_by in sort_forms(["created_at", "paid_amount"]):
        so(sort_by=sort_by)
    for index, limit in [(0, 1), (2, 1), (3, 1), (1, 2), (0, 0), (0, 21)]:
        so(page_index=index, page_limit=limit)
    for oid in [o2, o3, o4, o1]:
        c(r, "show_order", access_token=tb, order_id=oid)
    c(r, "show_product", product_id=4)
    c(r, "show_product", product_id=5)

    # Verified reviews, questions and answers now.
    c(r, "write_product_review", access_token=tb, product_id=5, rating=5, title="Bright")
    c(r, "write_product_review", access_token=ta, product_id=3, rating=3, title="Bitter")
    c(r, "write_product_review", access_token=tc, product_id=5, rating=1, title="Broke")
    c(r, "show_product_reviews", product_id=5)
    c(r, "show_product_reviews", product_id=5, is_verified=True)
    c(r, "show_product_reviews", product_id=4)
    c(r, "write_product_question", _id="q5", access_token=tc, product_id=5,
      question="Is the bulb included?")
    c(r, "write_product_question_answer", access_token=tb, question_id=ref("q5", "question_id"),
      answer="Yes, LED.")
    c(r, "write_product_question_answer", access_token=ta, question_id=ref("q5", "question_id"),
      answer="No idea.")
    c(r, "show_product_question_answers", question_id=ref("q5", "question_id"))
    c(r, "show_product_question_answers", question_id=ref("q5", "question_id"), is_verified=True)
    c(r, "show_product_questions", product_id=4)
    returns(r, ta, tb, o1, o2, o3, o4)
    receipts(r, ta, tb)

    # Deleting the card and address used: the orders keep their copied text.
    c(r, "delete_payment_card", access_token=tb, payment_card_id=pcb)
    c(r, "delete_address", access_token=tb, address_id=adb)
    c(r, "show_order", access_token=tb, order_id=o2)
    so()
    c(r, "show_prime_subscriptions", access_token=tb)
    # Bruno leaves: his reviews go; others' order lists do not change.
    c(r, "delete_account", access_token=tb)
    c(r, "show_product_reviews", product_id=5)
    c(r, "show_product", product_id=5)
    c(r, "show_product_question_answers", question_id=ref("q5", "question_id"))
    c(r, "show_order", access_token=ta, order_id=o2)
    so(ta)


def returns(r: Recorder, ta: str, tb: str, o1: str, o2: str, o3: str, o4: str) -> None:
    ret = "initiate_return"
    c(r, ret, access_token=tb, order_id=o1, product_id=3, deliverer_id=1, quantity=1)
    c(r, ret, access_token=tb, order_id=o2, product_id=2, deliverer_id=1, quantity=1)
    c(r, ret, access_token=tb, order_id=o2, product_id=4, deliverer_id=1, quantity=4)
    c(r, ret, access_token=tb, order_id=o2, product_id=4, deliverer_id=9, quantity=1)
    c(r, ret, access_token=tb, order_id=o2, product_id=4, deliverer_id=1, quantity=0)
    c(r, ret, access_token=tb, order_id=o2, product_id=4, deliverer_id=1, quantity="x")
    c(r, ret, access_token=tb, order_id=o2, product_id=99, deliverer_id=1, quantity=1)
    c(r, ret, _id="r1", mail=True, access_token=tb, order_id=o2, product_id=4, deliverer_id=1,
      quantity=2)
    c(r, ret, access_token=tb, order_id=o2, product_id=4, deliverer_id=2, quantity=2)
    c(r, ret, _id="r2", mail=True, access_token=tb, order_id=o2, product_id=4, deliverer_id="3",
      quantity="1")
    c(r, ret, access_token=tb, order_id=o2, product_id=4, deliverer_id=1, quantity=1)
    c(r, ret, _id="r3", mail=True, access_token=tb, order_id=o2, product_id=5, deliverer_id=2,
      quantity=1)
    c(r, ret, _id="r4", mail=True, access_token=tb, order_id=o4, product_id=5, deliverer_id=3,
      quantity=2)
    c(r, ret, _id="r5", mail=True, access_token=ta, order_id=o1, product_id=1, deliverer_id=2,
      quantity=1)
    c(r, "show_order", access_token=tb, order_id=o2)
    c(r, "show_orders", access_token=tb)

    def sr(tok=tb, **args):
        c(r, "show_returns", access_token=tok, **args)

    sr()
    sr(ta)
    for oid in [o2, o3, o4, o1, 999, "x"]:
        sr(order_id=oid)
    for sort_by in sort_forms(["quantity", "initiated_at", "returned_at"]):
        sr(sort_by=sort_by)
    for index, limit in [(0, 1), (3, 1), (4, 1), (1, 2), (0, 0), (-1, 5)]:
        sr(page_index=index, page_limit=limit)
    for rid in ["r1", "r4", "r5"]:
        c(r, "show_return", access_token=tb, return_id=ref(rid, "return_id"))
    c(r, "show_return", access_token=ta, return_id=ref("r5", "return_id"))
    for rid in [999, "x", "", 1.5]:
        c(r, "show_return", access_token=tb, return_id=rid)


def receipts(r: Recorder, ta: str, tb: str) -> None:
    fb = r.login("file_system", B, "fb")
    o2 = ref("o2", "order_id")
    rc = "download_order_receipt"
    c(r, rc, access_token=tb, order_id=o2, file_system_access_token=fb)
    c(r, rc, access_token=tb, order_id=o2, file_system_access_token=fb)
    c(r, rc, access_token=tb, order_id=o2, file_system_access_token=fb, overwrite=True)
    c(r, rc, access_token=tb, order_id=o2, file_system_access_token=fb,
      download_to_file_path="~/documents/order.txt")
    c(r, rc, access_token=tb, order_id=o2, file_system_access_token=fb,
      download_to_file_path="no_slash.txt")
    c(r, rc, access_token=tb, order_id=o2, file_system_access_token="garbage")
    c(r, rc, access_token=tb, order_id=ref("o1", "order_id"), file_system_access_token=fb)
    c(r, rc, access_token=tb, order_id=999, file_system_access_token=fb)
    ps = "download_prime_subscription_receipt"
    c(r, ps, access_token=tb, prime_subscription_id=ref("ps1", "prime_subscription_id"),
      file_system_access_token=fb)
    c(r, ps, access_token=tb, prime_subscription_id=ref("ps1", "prime_subscription_id"),
      file_system_access_token=fb, download_to_file_path="~/documents/prime.txt", overwrite=True)
    c(r, ps, access_token=tb, prime_subscription_id=ref("ps1", "prime_subscription_id"),
      file_system_access_token=fb)
    c(r, ps, access_token=tb, prime_subscription_id=ref("ps3", "prime_subscription_id"),
      file_system_access_token=fb)
    c(r, ps, access_token=tb, prime_subscription_id=999, file_system_access_token=fb)
    c(r, "show_order", access_token=tb, order_id=o2)
    c(r, "show_prime_subscriptions", access_token=tb)


def stock_and_balance(r: Recorder) -> None:
    """Dara buys almost the whole stock: the card is then too low for a yearly Prime plan, and
    Chen's cart holds more than is left. Needs gmail and file_system from the first order on."""
    r.reset()
    tc, td = r.login(APP, C, "tc"), r.login(APP, D, "td")
    c(r, "add_payment_card", _id="pcc", access_token=tc, **card(r, C))
    c(r, "add_address", _id="adc", access_token=tc, **HOME)
    c(r, "add_product_to_cart", access_token=tc, product_id=2, quantity=1)
    c(r, "add_payment_card", _id="pcd", access_token=td, **card(r, D))
    c(r, "add_address", _id="add", access_token=td, **HOME)
    pcd, add = ref("pcd", "payment_card_id"), ref("add", "address_id")
    for pid, q in [(1, 18), (2, 20), (3, 20), (4, 20), (5, 20)]:
        c(r, "add_product_to_cart", access_token=td, product_id=pid, quantity=q)
    c(r, "show_cart", access_token=td)  # 4965.36 of the card's 5000
    c(r, "place_order", _id="od", mail=True, access_token=td, payment_card_id=pcd, address_id=add)
    c(r, "show_product", product_id=2)
    c(r, "subscribe_prime", access_token=td, payment_card_id=pcd, duration="yearly")
    c(r, "subscribe_prime", _id="psd", mail=True, access_token=td, payment_card_id=pcd,
      duration="monthly")
    c(r, "show_prime_subscriptions", access_token=td)
    c(r, "add_product_to_cart", access_token=td, product_id=1, quantity=1)
    c(r, "show_cart", access_token=td)
    c(r, "place_order", access_token=td, payment_card_id=pcd, address_id=add)
    # Chen's headphones are gone meanwhile.
    c(r, "add_product_to_cart", access_token=tc, product_id=3, quantity=1)
    c(r, "add_product_to_wish_list", access_token=tc, product_id=3, quantity=1)
    c(r, "update_product_quantity_in_cart", access_token=tc, product_id=2, quantity=1)
    c(r, "show_cart", access_token=tc)
    c(r, "place_order", access_token=tc, payment_card_id=ref("pcc", "payment_card_id"),
      address_id=ref("adc", "address_id"))
    c(r, "search_products", product_type="headphones")
    c(r, "show_orders", access_token=td)


def generate(r: Recorder) -> None:
    auth_matrix(r)
    login_logout(r)
    accounts(r)
    catalog(r)
    cart_and_wish_list(r)
    cards_and_addresses(r)
    reviews(r)
    order_refusals(r)
    orders(r)
    stock_and_balance(r)
