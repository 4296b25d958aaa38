# "Send back double Venmo payments and text the payers" (double_payments.rs): the ground truth
# is logins, find, refund_extra. The wrong solutions read one page (find_first_page), ignore
# the note (find_ignoring_note) or the date (find_all_time), or refund every copy
# (refund_every_copy).

# %% logins
{{login_any}}
{{all_pages}}
vm = login("venmo")
ph = login("phone")

# %% find
got = all_pages(apis.venmo.show_transactions, access_token=vm, direction="received", min_created_at={{since}})
seen = {}
for t in got:
    key = (t["sender"]["email"], t["amount"], t["description"], t["created_at"][:10])
    seen.setdefault(key, []).append(t)
doubles = [(k, ts) for k, ts in seen.items() if len(ts) > 1]
print(doubles)

# %% find_first_page
got = apis.venmo.show_transactions(access_token=vm, direction="received", min_created_at={{since}})
seen = {}
for t in got:
    key = (t["sender"]["email"], t["amount"], t["description"], t["created_at"][:10])
    seen.setdefault(key, []).append(t)
doubles = [(k, ts) for k, ts in seen.items() if len(ts) > 1]
print(doubles)

# %% find_ignoring_note
got = all_pages(apis.venmo.show_transactions, access_token=vm, direction="received", min_created_at={{since}})
seen = {}
for t in got:
    key = (t["sender"]["email"], t["amount"], t["created_at"][:10])
    seen.setdefault(key, []).append(t)
doubles = [(k, ts) for k, ts in seen.items() if len(ts) > 1]
print(doubles)

# %% find_all_time
got = all_pages(apis.venmo.show_transactions, access_token=vm, direction="received")
seen = {}
for t in got:
    key = (t["sender"]["email"], t["amount"], t["description"], t["created_at"][:10])
    seen.setdefault(key, []).append(t)
doubles = [(k, ts) for k, ts in seen.items() if len(ts) > 1]
print(doubles)

# %% refund_extra
contacts = all_pages(apis.phone.search_contacts, access_token=ph)
for k, ts in doubles:
    t = ts[0]
    for _ in ts[1:]:
        apis.venmo.create_transaction(access_token=vm, receiver_email=t["sender"]["email"], amount=t["amount"], description="Refund: " + t["description"])
    number = next(c["phone_number"] for c in contacts if c["email"] == t["sender"]["email"])
    apis.phone.send_text_message(access_token=ph, phone_number=number, message="Hi! You paid me twice for " + t["description"] + " on Venmo, so I sent the extra $" + str(t["amount"]) + " back.")
apis.supervisor.complete_task()

# %% refund_every_copy
contacts = all_pages(apis.phone.search_contacts, access_token=ph)
for k, ts in doubles:
    t = ts[0]
    for _ in ts:
        apis.venmo.create_transaction(access_token=vm, receiver_email=t["sender"]["email"], amount=t["amount"], description="Refund: " + t["description"])
    number = next(c["phone_number"] for c in contacts if c["email"] == t["sender"]["email"])
    apis.phone.send_text_message(access_token=ph, phone_number=number, message="Hi! You paid me twice for " + t["description"] + " on Venmo, so I sent the extra $" + str(t["amount"]) + " back.")
apis.supervisor.complete_task()
