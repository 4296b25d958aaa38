# "Answer Venmo requests from contacts under a limit" (answer_requests.rs): the ground truth is
# logins, then handle (or handle_declining_over in variant 3) over all_requests, with
# in_contacts and deny filled in; each wrong solution swaps one of these.

# %% logins
{{login_any}}
{{all_pages}}
ph = login("phone")
vm = login("venmo")

# %% handle
known = {c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph)}
for r in {{requests}}:
    if not ({{is_known}}):
        {{strangers}}
    elif r["amount"] <= {{lim}}:
        apis.venmo.approve_payment_request(access_token=vm, payment_request_id=r["payment_request_id"])
apis.supervisor.complete_task()

# %% handle_declining_over
known = {c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph)}
for r in {{requests}}:
    if not ({{is_known}}):
        {{strangers}}
    elif r["amount"] <= {{lim}}:
        apis.venmo.approve_payment_request(access_token=vm, payment_request_id=r["payment_request_id"])
    else:
        apis.venmo.deny_payment_request(access_token=vm, payment_request_id=r["payment_request_id"])
apis.supervisor.complete_task()

# %% all_requests
all_pages(apis.venmo.show_received_payment_requests, access_token=vm, status="pending")

# %% first_page
apis.venmo.show_received_payment_requests(access_token=vm, status="pending")

# %% in_contacts
r["sender"]["email"] in known

# %% anyone
True

# %% deny
apis.venmo.deny_payment_request(access_token=vm, payment_request_id=r["payment_request_id"])

# %% keep
pass
