# "Who owes the most for a trip on Splitwise" (trip_owes_most.rs): the ground truth is logins,
# find (the trip's group) and top_debtor (owed_total in variant 2); each wrong solution swaps
# the answer or the group.

# %% logins
{{login_any}}
{{all_pages}}
sw = login("splitwise")

# %% find
group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x["name"] == {{group}})
mine = apis.splitwise.show_group_balance(access_token=sw, group_id=group["group_id"], email=profile["email"])[0]

# %% owed_total
apis.supervisor.complete_task(answer=round(mine["targets_owe_to_source"]["total"], 2))

# %% net_total
apis.supervisor.complete_task(answer=round(mine["targets_owe_to_source"]["total"] - mine["source_owes_to_targets"]["total"], 2))

# %% owed_over_all_groups
apis.supervisor.complete_task(answer=round(apis.splitwise.show_people_balance(access_token=sw)["others_owe_you"], 2))

# %% top_debtor
top = max(mine["targets_owe_to_source"]["breakdown"], key=lambda b: b["amount"])
apis.supervisor.complete_task(answer=top["name"])

# %% top_debtor_first_name
top = max(mine["targets_owe_to_source"]["breakdown"], key=lambda b: b["amount"])
apis.supervisor.complete_task(answer=top["name"].split()[0])

# %% top_debtor_over_all_groups
top = max((b for b in apis.splitwise.show_people_balance(access_token=sw)["breakdown"] if b["direction"] == "they_owe_you"), key=lambda b: b["amount"])
apis.supervisor.complete_task(answer=top["name"])

# %% top_by_expenses
owed = {}
for e in all_pages(apis.splitwise.show_group_expenses, access_token=sw, group_id=group["group_id"]):
    for s in e["shares"]:
        if s["debtor"]["email"] != e["payer"]["email"]:
            if e["payer"]["email"] == profile["email"]:
                owed[s["debtor"]["name"]] = owed.get(s["debtor"]["name"], 0) + s["debt_amount"]
            elif s["debtor"]["email"] == profile["email"]:
                owed[e["payer"]["name"]] = owed.get(e["payer"]["name"], 0) - s["debt_amount"]
apis.supervisor.complete_task(answer=max(owed, key=owed.get))
