# "Postpone a label's tasks due this week" (postpone_labelled.rs): the ground truth is logins,
# read, find (with named) and apply; each wrong solution swaps one piece.

# %% logins
{{login_any}}
{{all_pages}}
ph = login("phone")
td = login("todoist")
{{flat}}

# %% read
today = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)["date"], "%A, %B %d, %Y").date()
boss = all_pages(apis.phone.search_contacts, access_token=ph, relationship="manager")[0]
msgs = all_pages(apis.phone.search_text_messages, access_token=ph, phone_number=boss["phone_number"])
msgs = [m for m in msgs if m["sender"]["phone_number"] == boss["phone_number"]]
reason = max(msgs, key=lambda m: m["sent_at"])["message"]
print(reason)

# %% find
labels = [l for l in all_pages(apis.todoist.search_labels, access_token=td) if {{label_match}}]
moves = []
for p in all_pages(apis.todoist.show_projects, access_token=td):
    for l in labels:
        moves += flat(apis.todoist.show_tasks(access_token=td, project_id=p["project_id"], label_id=l["label_id"], is_completed=False, min_due_date=today.strftime("%Y-%m-%d"), max_due_date=(today + datetime.timedelta(days=7)).strftime("%Y-%m-%d")))
print([t["title"] for t in moves])

# %% find_any_date
labels = [l for l in all_pages(apis.todoist.search_labels, access_token=td) if {{label_match}}]
moves = []
for p in all_pages(apis.todoist.show_projects, access_token=td):
    for l in labels:
        moves += flat(apis.todoist.show_tasks(access_token=td, project_id=p["project_id"], label_id=l["label_id"], is_completed=False))
print([t["title"] for t in moves])

# %% find_completed_too
labels = [l for l in all_pages(apis.todoist.search_labels, access_token=td) if {{label_match}}]
moves = []
for p in all_pages(apis.todoist.show_projects, access_token=td):
    for l in labels:
        moves += flat(apis.todoist.show_tasks(access_token=td, project_id=p["project_id"], label_id=l["label_id"], min_due_date=today.strftime("%Y-%m-%d"), max_due_date=(today + datetime.timedelta(days=7)).strftime("%Y-%m-%d")))
print([t["title"] for t in moves])

# %% named
l["name"] == {{label}}

# %% name_starts
l["name"].startswith({{prefix}})

# %% apply
for t in moves:
    due = datetime.datetime.strptime(t["due_date"][:10], "%Y-%m-%d").date()
    apis.todoist.update_task(access_token=td, task_id=t["task_id"], due_date=(due + datetime.timedelta(days=7)).strftime("%Y-%m-%d"))
    apis.todoist.post_task_comment(access_token=td, task_id=t["task_id"], content=reason)
apis.supervisor.complete_task()

# %% apply_from_today
for t in moves:
    due = datetime.datetime.strptime(t["due_date"][:10], "%Y-%m-%d").date()
    apis.todoist.update_task(access_token=td, task_id=t["task_id"], due_date=(today + datetime.timedelta(days=7)).strftime("%Y-%m-%d"))
    apis.todoist.post_task_comment(access_token=td, task_id=t["task_id"], content=reason)
apis.supervisor.complete_task()

# %% apply_own_comment
for t in moves:
    due = datetime.datetime.strptime(t["due_date"][:10], "%Y-%m-%d").date()
    apis.todoist.update_task(access_token=td, task_id=t["task_id"], due_date=(due + datetime.timedelta(days=7)).strftime("%Y-%m-%d"))
    apis.todoist.post_task_comment(access_token=td, task_id=t["task_id"], content="Postponed by a week.")
apis.supervisor.complete_task()
