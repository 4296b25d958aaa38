# "Fix the Splitwise mistake a roommate texted about" (fix_expense.rs): the ground truth is
# logins, read, a list_* cell (the expenses of that name on the day, in the group or outside
# it) and the fix: delete_last (variants 1 and 2) or fix_last (variant 3).

# %% logins
{{login_any}}
{{all_pages}}
ph = login("phone")
sw = login("splitwise")

# %% read
mate = all_pages(apis.phone.search_contacts, access_token=ph, relationship="roommate")[0]
text = max(all_pages(apis.phone.search_text_messages, access_token=ph, phone_number=mate["phone_number"], query="Splitwise"), key=lambda t: t["sent_at"])
group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x["name"] == "Roommates")

# %% list_in_group_on_day
exps = sorted((e for e in all_pages(apis.splitwise.show_group_expenses, access_token=sw, group_id=group["group_id"], query={{what}}, min_created_at="{{day}}", max_created_at="{{day}}") if e["description"] == {{what}}), key=lambda e: e["created_at"])

# %% list_in_group
exps = sorted((e for e in all_pages(apis.splitwise.show_group_expenses, access_token=sw, group_id=group["group_id"], query={{what}}) if e["description"] == {{what}}), key=lambda e: e["created_at"])

# %% list_outside_on_day
exps = sorted((e for e in all_pages(apis.splitwise.show_no_group_expenses, access_token=sw, query={{what}}, min_created_at="{{day}}", max_created_at="{{day}}") if e["description"] == {{what}}), key=lambda e: e["created_at"])

# %% delete_last
apis.splitwise.delete_expense(access_token=sw, expense_id=exps[-1]["expense_id"])
apis.supervisor.complete_task()

# %% delete_first
apis.splitwise.delete_expense(access_token=sw, expense_id=exps[0]["expense_id"])
apis.supervisor.complete_task()

# %% delete_last_and_go_on
apis.splitwise.delete_expense(access_token=sw, expense_id=exps[-1]["expense_id"])

# %% delete_all
for e in exps:
    apis.splitwise.delete_expense(access_token=sw, expense_id=e["expense_id"])
apis.supervisor.complete_task()

# %% fix_last
amount = float(re.search(r"was \$([0-9.]+)", text["message"]).group(1))
apis.splitwise.update_expense(access_token=sw, expense_id=exps[-1]["expense_id"], paid_amount=amount, debtor_emails=[profile["email"], mate["email"]])
apis.supervisor.complete_task()

# %% fix_last_amount_only
amount = float(re.search(r"was \$([0-9.]+)", text["message"]).group(1))
apis.splitwise.update_expense(access_token=sw, expense_id=exps[-1]["expense_id"], paid_amount=amount)
apis.supervisor.complete_task()

# %% fix_first
amount = float(re.search(r"was \$([0-9.]+)", text["message"]).group(1))
apis.splitwise.update_expense(access_token=sw, expense_id=exps[0]["expense_id"], paid_amount=amount, debtor_emails=[profile["email"], mate["email"]])
apis.supervisor.complete_task()
