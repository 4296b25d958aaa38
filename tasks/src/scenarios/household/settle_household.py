# "Settle the couple's household group through Venmo" (settle_household.rs): the ground truth
# is logins, find, settle. The wrong solutions flip the direction (settle_flipped), do not
# record on Splitwise (settle_unrecorded) or take the total over every group (find_total).

# %% logins
{{login_any}}
{{all_pages}}
ph = login("phone")
sw = login("splitwise")
vm = login("venmo")

# %% balance
sp = all_pages(apis.phone.search_contacts, access_token=ph, relationship={{label}})[0]
group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if sorted(m["email"] for m in x["members"]) == sorted([profile["email"], sp["email"]]))
bal = apis.splitwise.show_person_balance(access_token=sw, email=sp["email"])
b = next(b for b in bal["breakdown"] if b["group_id"] == group["group_id"])
i_owe = b["direction"] == "you_owe_them"

# %% find
{{cell:balance}}
amount = round(b["amount"], 2)

# %% find_total
{{cell:balance}}
amount = round(bal["total"], 2) + 1.0

# %% pay_them
apis.venmo.create_transaction(access_token=vm, receiver_email=sp["email"], amount=amount, description="Household settle-up")
payer, receiver = profile["email"], sp["email"]

# %% ask_them
apis.venmo.create_payment_request(access_token=vm, user_email=sp["email"], amount=amount, description="Household settle-up")
payer, receiver = sp["email"], profile["email"]

# %% settle
if i_owe:
    {{cell:pay_them}}
else:
    {{cell:ask_them}}
apis.splitwise.record_payment(access_token=sw, payer_email=payer, receiver_email=receiver, amount=amount, group_id=group["group_id"], description="Household settle-up")
apis.supervisor.complete_task()

# %% settle_flipped
if not i_owe:
    {{cell:pay_them}}
else:
    {{cell:ask_them}}
apis.splitwise.record_payment(access_token=sw, payer_email=payer, receiver_email=receiver, amount=amount, group_id=group["group_id"], description="Household settle-up")
apis.supervisor.complete_task()

# %% settle_unrecorded
if i_owe:
    {{cell:pay_them}}
else:
    {{cell:ask_them}}
apis.supervisor.complete_task()
