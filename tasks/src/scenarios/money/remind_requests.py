# "Remind unpaid Venmo requests" (remind_requests.rs): the ground truth is logins, then remind
# (remind_or_withdraw in variant 3) over all_requests; the wrong solutions read first_page,
# take another cut-off, or remind instead of withdrawing.

# %% logins
{{login_any}}
{{all_pages}}
vm = login("venmo")

# %% remind
cutoff = (datetime.datetime.now() - datetime.timedelta(days={{days}})).strftime("%Y-%m-%dT%H:%M:%S")
for r in {{requests}}:
    if r["approved_at"] or r["denied_at"] or r["created_at"] >= cutoff:
        continue
    apis.venmo.remind_payment_request(access_token=vm, payment_request_id=r["payment_request_id"])
apis.supervisor.complete_task()

# %% remind_or_withdraw
cutoff = (datetime.datetime.now() - datetime.timedelta(days={{days}})).strftime("%Y-%m-%dT%H:%M:%S")
for r in {{requests}}:
    if r["approved_at"] or r["denied_at"] or r["created_at"] >= cutoff:
        continue
    if r["created_at"] < (datetime.datetime.now() - datetime.timedelta(days={{drop_days}})).strftime("%Y-%m-%dT%H:%M:%S"):
        apis.venmo.delete_payment_request(access_token=vm, payment_request_id=r["payment_request_id"])
        continue
    apis.venmo.remind_payment_request(access_token=vm, payment_request_id=r["payment_request_id"])
apis.supervisor.complete_task()

# %% all_requests
all_pages(apis.venmo.show_sent_payment_requests, access_token=vm)

# %% first_page
apis.venmo.show_sent_payment_requests(access_token=vm)
