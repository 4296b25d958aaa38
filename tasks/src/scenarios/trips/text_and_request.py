# "Text and Venmo-request everyone who owes me for the trip" (text_and_request.rs): the ground
# truth is logins, find, then act joined from each_ower (list = owers), text, request. Each
# wrong solution leaves text out, asks a quarter of what was paid (paid_total, then list =
# quarter_each), writes another note, or asks both_ways. each_ower ends inside the loop; text
# and request's first line are its body.

# %% logins
{{login_any}}
{{all_pages}}
sw = login("splitwise")
ph = login("phone")
vm = login("venmo")

# %% find
group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x["name"] == {{group}})
bal = apis.splitwise.show_group_balance(access_token=sw, group_id=group["group_id"], email=profile["email"])[0]
owers = bal["targets_owe_to_source"]["breakdown"]
contacts = all_pages(apis.phone.search_contacts, access_token=ph)
print(owers)

# %% paid_total
paid = sum(e["paid_amount"] for e in all_pages(apis.splitwise.show_group_expenses, access_token=sw, group_id=group["group_id"]) if e["payer"]["email"] == profile["email"])

# %% each_ower
for o in {{list}}:
    c = next(c for c in contacts if c["email"] == o["email"])

# %% text
    apis.phone.send_text_message(access_token=ph, phone_number=c["phone_number"], message=f"Hi {c['first_name']}, you still owe me ${o['amount']:.2f} for the {{city}} trip. I've sent you a Venmo request.")

# %% request
    apis.venmo.create_payment_request(access_token=vm, user_email=o["email"], amount=round(o["amount"], 2), description={{note}})
apis.supervisor.complete_task()

# %% owers
owers

# %% quarter_each
[{"email": m["email"], "amount": paid / 4} for m in group["members"] if m["email"] != profile["email"]]

# %% both_ways
owers + bal["source_owes_to_targets"]["breakdown"]
