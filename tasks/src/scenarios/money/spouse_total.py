# "How much went to the spouse on Venmo in a month" (spouse_total.rs): the ground truth is
# logins, who, sum (the month, in the asked direction); each wrong solution swaps the last cell
# or its dates or direction.

# %% logins
{{login_any}}
{{all_pages}}
ph = login("phone")
vm = login("venmo")

# %% who
spouse = all_pages(apis.phone.search_contacts, access_token=ph, relationship={{label}})[0]

# %% sum
txns = all_pages(apis.venmo.show_transactions, access_token=vm, user_email=spouse["email"], min_created_at="{{min}}", max_created_at="{{max}}", direction="{{direction}}")
apis.supervisor.complete_task(answer=round(sum(t["amount"] for t in txns), 2))

# %% sum_both_ways
txns = all_pages(apis.venmo.show_transactions, access_token=vm, user_email=spouse["email"], min_created_at="{{min}}", max_created_at="{{max}}")
apis.supervisor.complete_task(answer=round(sum(t["amount"] for t in txns), 2))

# %% sum_first_page
txns = apis.venmo.show_transactions(access_token=vm, user_email=spouse["email"], min_created_at="{{min}}", max_created_at="{{max}}", direction="{{direction}}")
apis.supervisor.complete_task(answer=round(sum(t["amount"] for t in txns), 2))
