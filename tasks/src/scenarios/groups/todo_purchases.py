# "Todoist purchases into the trip's Splitwise group" (todo_purchases.rs): the ground truth is
# logins, find (my_completed tasks), record (split among everyone). The wrong solutions take
# everyone's tasks (all_completed), open tasks too (all_mine) or leave the supervisor out
# (everyone_but_me).

# %% logins
{{login_any}}
{{all_pages}}
td = login("todoist")
sw = login("splitwise")

# %% find
proj = next(x for x in all_pages(apis.todoist.show_projects, access_token=td) if x["name"] == {{name}})
res = {{tasks}}
tasks = res["no_section_tasks"] + [t for sec in res["sections"] for t in sec["tasks"]]
group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x["name"] == {{name}})
emails = [m["email"] for m in group["members"]]
print(len(tasks), emails)

# %% my_completed
apis.todoist.show_tasks(access_token=td, project_id=proj["project_id"], is_completed=True, assignee_email=profile["email"])

# %% all_completed
apis.todoist.show_tasks(access_token=td, project_id=proj["project_id"], is_completed=True)

# %% all_mine
apis.todoist.show_tasks(access_token=td, project_id=proj["project_id"], assignee_email=profile["email"])

# %% record
for t in tasks:
    m = re.match(r"^(.*) - \$([0-9.]+)$", t["title"])
    if m:
        apis.splitwise.record_expense(access_token=sw, description=m.group(1), paid_amount=float(m.group(2)), payer_email=profile["email"], debtor_emails={{debtors}}, group_id=group["group_id"])
apis.supervisor.complete_task()

# %% everyone
emails

# %% everyone_but_me
[e for e in emails if e != profile["email"]]
