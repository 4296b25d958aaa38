# "Settle a trip group and pay on Venmo" (settle_trip.rs): the ground truth is logins, find
# (the trip's group) and pay_and_settle over owed; each wrong solution swaps one piece.

# %% logins
{{login_any}}
{{all_pages}}
sw = login("splitwise")
vm = login("venmo")

# %% find
group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x["name"] == {{group}})
mine = apis.splitwise.show_group_balance(access_token=sw, group_id=group["group_id"], email=profile["email"])[0]

# %% pay_and_settle
for b in {{owed}}:
    apis.venmo.create_transaction(access_token=vm, receiver_email=b["email"], amount=round(b["amount"], 2), description={{note}})
    apis.splitwise.settle_up(access_token=sw, email=b["email"], group_id=group["group_id"])
apis.supervisor.complete_task()

# %% pay_only
for b in {{owed}}:
    apis.venmo.create_transaction(access_token=vm, receiver_email=b["email"], amount=round(b["amount"], 2), description={{note}})
apis.supervisor.complete_task()

# %% owed
mine["source_owes_to_targets"]["breakdown"]

# %% owed_both_ways
mine["source_owes_to_targets"]["breakdown"] + mine["targets_owe_to_source"]["breakdown"]

# %% sum_payer_shares
shares = {}
for e in all_pages(apis.splitwise.show_group_expenses, access_token=sw, group_id=group["group_id"]):
    if e["payer"]["email"] != profile["email"]:
        shares[e["payer"]["email"]] = shares.get(e["payer"]["email"], 0) + e["paid_amount"] / len(e["shares"])

# %% payer_shares
[{"email": k, "amount": x} for k, x in shares.items()]
