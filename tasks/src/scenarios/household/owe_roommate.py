# "How much do I owe a roommate across Splitwise and Venmo" (owe_roommate.rs): the ground truth
# is logins, mate, splitwise, venmo_pending, answer_both. The wrong solutions answer one part
# only, or count the approved request (venmo_all) or anyone's requests (venmo_pending_anyone).

# %% logins
{{login_any}}
{{all_pages}}
ph = login("phone")
sw = login("splitwise")
vm = login("venmo")

# %% mate
mate = next(c for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship="roommate") if c["first_name"] == {{name}})

# %% splitwise
bal = apis.splitwise.show_person_balance(access_token=sw, email=mate["email"])
sw_owed = sum(b["amount"] * (1 if b["direction"] == "you_owe_them" else -1) for b in bal["breakdown"] if b["group_name"] == "Move-in")

# %% venmo_pending
reqs = [r for r in all_pages(apis.venmo.show_received_payment_requests, access_token=vm, status="pending") if r["sender"]["email"] == mate["email"]]
vm_owed = sum(r["amount"] for r in reqs)

# %% venmo_all
reqs = [r for r in all_pages(apis.venmo.show_received_payment_requests, access_token=vm) if r["sender"]["email"] == mate["email"]]
vm_owed = sum(r["amount"] for r in reqs)

# %% venmo_pending_anyone
reqs = [r for r in all_pages(apis.venmo.show_received_payment_requests, access_token=vm, status="pending")]
vm_owed = sum(r["amount"] for r in reqs)

# %% answer_both
apis.supervisor.complete_task(answer=round(sw_owed + vm_owed, 2))

# %% answer_splitwise
apis.supervisor.complete_task(answer=round(sw_owed, 2))

# %% answer_venmo
apis.supervisor.complete_task(answer=round(vm_owed, 2))
