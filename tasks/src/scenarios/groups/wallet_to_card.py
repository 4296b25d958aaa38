# "Move the Venmo wallet to the card that has not expired" (wallet_to_card.rs): the ground truth
# is logins, read, withdraw with the amount round(balance - keep, 2). The wrong solutions move
# another amount or use the first card (withdraw_to_first_card).

# %% logins
{{login_any}}
{{all_pages}}
sn = login("simple_note")
vm = login("venmo")

# %% read
notes = all_pages(apis.simple_note.search_notes, access_token=sn)
note = next(n for n in notes if n["title"] == {{title}})
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
keep = float(re.search(r"^Venmo reserve: \$([0-9.,]+)$", content, re.M).group(1).replace(",", ""))
balance = apis.venmo.show_venmo_balance(access_token=vm)["venmo_balance"]
cards = apis.venmo.show_payment_cards(access_token=vm)
print(keep, balance, cards)

# %% withdraw
card = next(c for c in cards if (c["expiry_year"], c["expiry_month"]) >= ({{year}}, {{month}}))
apis.venmo.withdraw_from_venmo_balance(access_token=vm, amount={{amount}}, payment_card_id=card["payment_card_id"])
apis.supervisor.complete_task()

# %% withdraw_to_first_card
card = cards[0]
apis.venmo.withdraw_from_venmo_balance(access_token=vm, amount={{amount}}, payment_card_id=card["payment_card_id"])
apis.supervisor.complete_task()
