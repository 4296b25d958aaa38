# "Top up Venmo to pay a rent request" (cover_request.rs): the ground truth is logins, find,
# pick_card (pick_valid_card in variant 2), pay_topping_up; each wrong solution swaps one cell.

# %% logins
{{login_any}}
{{all_pages}}
ph = login("phone")
vm = login("venmo")

# %% find
mate = all_pages(apis.phone.search_contacts, access_token=ph, relationship="roommate")[0]
req = next(r for r in all_pages(apis.venmo.show_received_payment_requests, access_token=vm, status="pending") if r["sender"]["email"] == mate["email"])
balance = apis.venmo.show_venmo_balance(access_token=vm)["venmo_balance"]
cards = apis.venmo.show_payment_cards(access_token=vm)

# %% pick_card
card = next(c for c in cards if c["card_name"] == {{card}})

# %% pick_valid_card
now = datetime.datetime.now()
valid = [c for c in cards if (c["expiry_year"], c["expiry_month"]) >= (now.year, now.month)]
card = next((c for c in valid if c["card_name"] == {{card}}), None) or next(c for c in valid if c["card_name"] == {{fallback}})

# %% pay_topping_up
if balance < req["amount"]:
    apis.venmo.add_to_venmo_balance(access_token=vm, amount=round(req["amount"] - balance, 2), payment_card_id=card["payment_card_id"])
apis.venmo.approve_payment_request(access_token=vm, payment_request_id=req["payment_request_id"])
apis.supervisor.complete_task()

# %% pay_by_card
apis.venmo.approve_payment_request(access_token=vm, payment_request_id=req["payment_request_id"], payment_card_id=card["payment_card_id"])
apis.supervisor.complete_task()

# %% pay_topping_up_whole
apis.venmo.add_to_venmo_balance(access_token=vm, amount=req["amount"], payment_card_id=card["payment_card_id"])
apis.venmo.approve_payment_request(access_token=vm, payment_request_id=req["payment_request_id"])
apis.supervisor.complete_task()

# %% pay_every_request
need = sum(r["amount"] for r in all_pages(apis.venmo.show_received_payment_requests, access_token=vm, status="pending"))
if balance < need:
    apis.venmo.add_to_venmo_balance(access_token=vm, amount=round(need - balance, 2), payment_card_id=card["payment_card_id"])
for r in all_pages(apis.venmo.show_received_payment_requests, access_token=vm, status="pending"):
    apis.venmo.approve_payment_request(access_token=vm, payment_request_id=r["payment_request_id"])
apis.supervisor.complete_task()
