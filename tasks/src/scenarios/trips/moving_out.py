# "Moving out: pay, settle up, leave the group, text the new address" (moving_out.rs): the
# ground truth is logins, find, pay (balances = owed), settle joined with leave, text_friends.
# Each wrong solution leaves leave or settle out, texts everyone, or pays both_ways.

# %% logins
{{login_any}}
{{all_pages}}
sw = login("splitwise")
vm = login("venmo")
ph = login("phone")

# %% find
group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x["name"] == "Roommates")
bal = apis.splitwise.show_group_balance(access_token=sw, group_id=group["group_id"], email=profile["email"])[0]
print(bal)

# %% pay
for b in {{balances}}:
    if round(b["amount"], 2) > 0:
        apis.venmo.create_transaction(access_token=vm, receiver_email=b["email"], amount=round(b["amount"], 2), description={{note}})

# %% owed
bal["source_owes_to_targets"]["breakdown"]

# %% both_ways
bal["source_owes_to_targets"]["breakdown"] + bal["targets_owe_to_source"]["breakdown"]

# %% settle
for b in bal["source_owes_to_targets"]["breakdown"] + bal["targets_owe_to_source"]["breakdown"]:
    if round(b["amount"], 2) != 0:
        apis.splitwise.settle_up(access_token=sw, email=b["email"], group_id=group["group_id"])

# %% leave
apis.splitwise.exit_group(access_token=sw, group_id=group["group_id"])

# %% text_friends
for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship="friend"):
    apis.phone.send_text_message(access_token=ph, phone_number=c["phone_number"], message=f"Hi {c['first_name']}! I've moved. My new address is {{addr}}.")
apis.supervisor.complete_task()

# %% text_everyone
for c in all_pages(apis.phone.search_contacts, access_token=ph):
    apis.phone.send_text_message(access_token=ph, phone_number=c["phone_number"], message=f"Hi {c['first_name']}! I've moved. My new address is {{addr}}.")
apis.supervisor.complete_task()
