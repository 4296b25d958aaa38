# "Move overdue tasks" (move_overdue.rs): the ground truth is head, the variant's gather
# (mine_overdue, home_overdue or inbox_overdue) and apply (to_tomorrow; by_priority in
# variant 3); each wrong solution swaps the gather or the apply cell.

# %% head
{{login_any}}
{{all_pages}}
td = login("todoist")
ph = login("phone")
{{flat}}
{{today}}
tomorrow = (today + datetime.timedelta(days=1)).strftime("%Y-%m-%d")
monday = (today + datetime.timedelta(days=7 - today.weekday())).strftime("%Y-%m-%d")
me = apis.todoist.show_account(access_token=td)["email"]
projects = all_pages(apis.todoist.show_projects, access_token=td)

# %% mine_overdue
moves = []
for p in projects:
    if p["is_inbox"]:
        moves += flat(apis.todoist.show_tasks(access_token=td, project_id=p["project_id"], overdue=True, is_completed=False))
    else:
        moves += flat(apis.todoist.show_tasks(access_token=td, project_id=p["project_id"], overdue=True, is_completed=False, assignee_email=me))

# %% mine_overdue_completed_too
moves = []
for p in projects:
    if p["is_inbox"]:
        moves += flat(apis.todoist.show_tasks(access_token=td, project_id=p["project_id"], overdue=True))
    else:
        moves += flat(apis.todoist.show_tasks(access_token=td, project_id=p["project_id"], overdue=True, assignee_email=me))

# %% everyones_overdue
moves = []
for p in projects:
    if p["is_inbox"]:
        moves += flat(apis.todoist.show_tasks(access_token=td, project_id=p["project_id"], overdue=True, is_completed=False))
    else:
        moves += flat(apis.todoist.show_tasks(access_token=td, project_id=p["project_id"], overdue=True, is_completed=False))

# %% unassigned_only
moves = [t for t in moves if t["assignee_id"] is None]

# %% mine_due_by_today
moves = []
for p in projects:
    if p["is_inbox"]:
        moves += flat(apis.todoist.show_tasks(access_token=td, project_id=p["project_id"], max_due_date=today.strftime("%Y-%m-%d"), is_completed=False))
    else:
        moves += flat(apis.todoist.show_tasks(access_token=td, project_id=p["project_id"], max_due_date=today.strftime("%Y-%m-%d"), is_completed=False, assignee_email=me))

# %% home_overdue
home = [p for p in projects if p["name"] == "Home"][0]
moves = flat(apis.todoist.show_tasks(access_token=td, project_id=home["project_id"], overdue=True, is_completed=False))

# %% home_overdue_completed_too
home = [p for p in projects if p["name"] == "Home"][0]
moves = flat(apis.todoist.show_tasks(access_token=td, project_id=home["project_id"], overdue=True))

# %% home_overdue_mine
home = [p for p in projects if p["name"] == "Home"][0]
moves = flat(apis.todoist.show_tasks(access_token=td, project_id=home["project_id"], overdue=True, is_completed=False, assignee_email=me))

# %% inbox_overdue
moves = flat(apis.todoist.show_tasks(access_token=td, project_id=0, overdue=True, is_completed=False))

# %% inbox_overdue_completed_too
moves = flat(apis.todoist.show_tasks(access_token=td, project_id=0, overdue=True))

# %% to_tomorrow
for t in moves:
    apis.todoist.update_task(access_token=td, task_id=t["task_id"], due_date=tomorrow)
apis.supervisor.complete_task()

# %% to_day_after_tomorrow
for t in moves:
    apis.todoist.update_task(access_token=td, task_id=t["task_id"], due_date=(today + datetime.timedelta(days=2)).strftime("%Y-%m-%d"))
apis.supervisor.complete_task()

# %% by_priority
for t in moves:
    apis.todoist.update_task(access_token=td, task_id=t["task_id"], due_date=tomorrow if t["priority"] == "high" else monday)
apis.supervisor.complete_task()

# %% to_monday
for t in moves:
    apis.todoist.update_task(access_token=td, task_id=t["task_id"], due_date=monday)
apis.supervisor.complete_task()
