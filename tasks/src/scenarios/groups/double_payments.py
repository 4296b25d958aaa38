# "Send back double Venmo payments and text the payers" (double_payments.rs): the ground truth
# is logins, find (the payments received since two weeks, by key), refund (extra_copies). The
# wrong solutions read one page (received_first_page), ignore the note (key_ignoring_note) or
# the date (received_all_time), or refund every copy (every_copy).

# %% logins
{{login_any}}
{{all_pages}}
vm = login("venmo")
ph = login("phone")

# %% find
got = {{received}}
seen = {}
for t in got:
    key = {{key}}
    seen.setdefault(key, []).append(t)
doubles = [(k, ts) for k, ts in seen.items() if len(ts) > 1]
print(doubles)

# %% received
all_pages(apis.venmo.show_transactions, access_token=vm, direction="received", min_created_at={{since}})

# %% received_first_page
apis.venmo.show_transactions(access_token=vm, direction="received", min_created_at={{since}})

# %% received_all_time
all_pages(apis.venmo.show_transactions, access_token=vm, direction="received")

# %% key
(t["sender"]["email"], t["amount"], t["description"], t["created_at"][:10])

# %% key_ignoring_note
(t["sender"]["email"], t["amount"], t["created_at"][:10])

# %% refund
contacts = all_pages(apis.phone.search_contacts, access_token=ph)
for k, ts in doubles:
    t = ts[0]
    for _ in {{copies}}:
        apis.venmo.create_transaction(access_token=vm, receiver_email=t["sender"]["email"], amount=t["amount"], description="Refund: " + t["description"])
    number = next(c["phone_number"] for c in contacts if c["email"] == t["sender"]["email"])
    apis.phone.send_text_message(access_token=ph, phone_number=number, message="Hi! You paid me twice for " + t["description"] + " on Venmo, so I sent the extra $" + str(t["amount"]) + " back.")
apis.supervisor.complete_task()

# %% extra_copies
ts[1:]

# %% every_copy
ts
