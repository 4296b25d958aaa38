# "Answer Venmo requests by who sent them" (sort_requests.rs): the ground truth is logins, a
# find step (requests + contacts, one cell), answer (pay_roommates). The wrong solutions read one
# page (requests_first_page), judge by Venmo friends or first names (the find step followed by
# known_by_venmo_friends or known_by_first_name), or pay every contact (pay_contacts).

# %% logins
{{login_any}}
{{all_pages}}
vm = login("venmo")
ph = login("phone")

# %% requests
reqs = all_pages(apis.venmo.show_received_payment_requests, access_token=vm, status="pending")

# %% requests_first_page
reqs = apis.venmo.show_received_payment_requests(access_token=vm, status="pending")

# %% contacts
contacts = all_pages(apis.phone.search_contacts, access_token=ph)
known = {c["email"] for c in contacts}
mates = {c["email"] for c in contacts if "roommate" in c["relationships"]}
print(len(reqs), mates)

# %% known_by_venmo_friends
known = {f["email"] for f in all_pages(apis.venmo.search_friends, access_token=vm)}

# %% known_by_first_name
first = {c["first_name"] for c in contacts}
for r in reqs:
    if r["sender"]["name"].split()[0] in first:
        known.add(r["sender"]["email"])

# %% answer
for r in reqs:
    e = r["sender"]["email"]
    if e in {{pay}}:
        apis.venmo.approve_payment_request(access_token=vm, payment_request_id=r["payment_request_id"])
    elif e not in known:
        apis.venmo.deny_payment_request(access_token=vm, payment_request_id=r["payment_request_id"])
apis.supervisor.complete_task()

# %% pay_roommates
mates

# %% pay_contacts
known
