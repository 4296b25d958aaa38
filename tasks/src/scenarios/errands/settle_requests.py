# "Settle pending venmo requests by phone contacts" (settle_requests.rs): the ground truth is
# logins, then find (variant 3: find + last_30_days) as one cell, then decide with the rule
# `known` (variant 2: known and under the limit). The wrong solutions read one page
# (first_page), skip the date filter, or pay (rule True) or decline (False) everything.

# %% logins
{{login_any}}
{{all_pages}}
vm = login("venmo")
ph = login("phone")

# %% find
reqs = all_pages(apis.venmo.show_received_payment_requests, access_token=vm, status="pending")

# %% first_page
reqs = apis.venmo.show_received_payment_requests(access_token=vm, status="pending")

# %% last_30_days
import datetime
cutoff = (datetime.datetime.now() - datetime.timedelta(days=30)).strftime("%Y-%m-%dT%H:%M:%S")
reqs = [r for r in reqs if r["created_at"] >= cutoff]

# %% decide
for r in reqs:
    found = apis.phone.search_contacts(access_token=ph, query=r["sender"]["name"])
    known = any(c["email"] == r["sender"]["email"] for c in found)
    if {{rule}}:
        apis.venmo.approve_payment_request(access_token=vm, payment_request_id=r["payment_request_id"])
    else:
        apis.venmo.deny_payment_request(access_token=vm, payment_request_id=r["payment_request_id"])
apis.supervisor.complete_task()
