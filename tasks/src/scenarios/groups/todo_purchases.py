# "Todoist purchases into the trip's Splitwise group" (todo_purchases.rs): the ground truth is
# logins, find (my completed tasks), record. The wrong solutions take everyone's tasks
# (find_everyones), open tasks too (find_open_too) or leave the supervisor out
# (record_without_me).

# %% logins
{{login_any}}
{{all_pages}}
td = login("todoist")
sw = login("splitwise")

# %% find
proj = next(x for x in all_pages(apis.todoist.show_projects, access_token=td) if x["name"] == {{name}})
res = apis.todoist.show_tasks(access_token=td, project_id=proj["project_id"], is_completed=True, assignee_email=profile["email"])
tasks = res["no_section_tasks"] + [t for sec in res["sections"] for t in sec["tasks"]]
group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x["name"] == {{name}})
emails = [m["email"] for m in group["members"]]
print(len(tasks), emails)

# %% find_everyones
proj = next(x for x in all_pages(apis.todoist.show_projects, access_token=td) if x["name"] == {{name}})
res = apis.todoist.show_tasks(access_token=td, project_id=proj["project_id"], is_completed=True)
tasks = res["no_section_tasks"] + [t for sec in res["sections"] for t in sec["tasks"]]
group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x["name"] == {{name}})
emails = [m["email"] for m in group["members"]]
print(len(tasks), emails)

# %% find_open_too
proj = next(x for x in all_pages(apis.todoist.show_projects, access_token=td) if x["name"] == {{name}})
res = apis.todoist.show_tasks(access_token=td, project_id=proj["project_id"], assignee_email=profile["email"])
tasks = res["no_section_tasks"] + [t for sec in res["sections"] for t in sec["tasks"]]
group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x["name"] == {{name}})
emails = [m["email"] for m in group["members"]]
print(len(tasks), emails)

# %% record
for t in tasks:
    m = re.match(r"^(.*) - \$([0-9.]+)$", t["title"])
    if m:
        apis.splitwise.record_expense(access_token=sw, description=m.group(1), paid_amount=float(m.group(2)), payer_email=profile["email"], debtor_emails=emails, group_id=group["group_id"])
apis.supervisor.complete_task()

# %% record_without_me
for t in tasks:
    m = re.match(r"^(.*) - \$([0-9.]+)$", t["title"])
    if m:
        apis.splitwise.record_expense(access_token=sw, description=m.group(1), paid_amount=float(m.group(2)), payer_email=profile["email"], debtor_emails=[e for e in emails if e != profile["email"]], group_id=group["group_id"])
apis.supervisor.complete_task()
