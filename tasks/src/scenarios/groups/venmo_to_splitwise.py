# "Record a roommate's Venmo payments on Splitwise" (venmo_to_splitwise.rs): the ground truth
# is logins, find (of the transactions received_this_month), record. The wrong solutions take
# sent payments too (this_month) or April's (received_all_time), record outside the group
# (record_outside_group) or swap payer and receiver (record_swapped).

# %% logins
{{login_any}}
{{all_pages}}
ph = login("phone")
vm = login("venmo")
sw = login("splitwise")

# %% find
mates = all_pages(apis.phone.search_contacts, access_token=ph, relationship="roommate")
got = []
for m in mates:
    got += {{transactions}}
groups = all_pages(apis.splitwise.show_groups, access_token=sw)
gid = next(x["group_id"] for x in groups if x["name"] == "Roommates")
print(len(got), gid)

# %% received_this_month
all_pages(apis.venmo.show_transactions, access_token=vm, user_email=m["email"], direction="received", min_created_at="2023-05-01")

# %% this_month
all_pages(apis.venmo.show_transactions, access_token=vm, user_email=m["email"], min_created_at="2023-05-01")

# %% received_all_time
all_pages(apis.venmo.show_transactions, access_token=vm, user_email=m["email"], direction="received")

# %% record
for t in got:
    apis.splitwise.record_payment(access_token=sw, payer_email=t["sender"]["email"], receiver_email=t["receiver"]["email"], amount=t["amount"], description=t["description"], group_id=gid)
apis.supervisor.complete_task()

# %% record_outside_group
for t in got:
    apis.splitwise.record_payment(access_token=sw, payer_email=t["sender"]["email"], receiver_email=t["receiver"]["email"], amount=t["amount"], description=t["description"])
apis.supervisor.complete_task()

# %% record_swapped
for t in got:
    apis.splitwise.record_payment(access_token=sw, payer_email=t["receiver"]["email"], receiver_email=t["sender"]["email"], amount=t["amount"], description=t["description"], group_id=gid)
apis.supervisor.complete_task()
