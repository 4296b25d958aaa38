# "Questions over overdue tasks" (overdue_question.rs): the ground truth is head, a count_*
# cell (count_open_overdue; count_open_this_week in variant 3) and the answer (busiest or
# total); each wrong solution counts with another filter or answers otherwise.

# %% head
{{login_any}}
{{all_pages}}
td = login("todoist")
ph = login("phone")
{{flat}}
{{today}}
projects = all_pages(apis.todoist.show_projects, access_token=td)

# %% count_open_overdue
counts = {p["name"]: len(flat(apis.todoist.show_tasks(access_token=td, project_id=p["project_id"], is_completed=False, overdue=True))) for p in projects}

# %% count_overdue
counts = {p["name"]: len(flat(apis.todoist.show_tasks(access_token=td, project_id=p["project_id"], overdue=True))) for p in projects}

# %% count_open_due_by_today
counts = {p["name"]: len(flat(apis.todoist.show_tasks(access_token=td, project_id=p["project_id"], is_completed=False, max_due_date=today.strftime("%Y-%m-%d")))) for p in projects}

# %% count_open_this_week
counts = {p["name"]: len(flat(apis.todoist.show_tasks(access_token=td, project_id=p["project_id"], is_completed=False, max_due_date=(today + datetime.timedelta(days=6 - today.weekday())).strftime("%Y-%m-%d")))) for p in projects}

# %% count_open
counts = {p["name"]: len(flat(apis.todoist.show_tasks(access_token=td, project_id=p["project_id"], is_completed=False))) for p in projects}

# %% busiest
apis.supervisor.complete_task(answer=max(counts, key=counts.get))

# %% total
apis.supervisor.complete_task(answer=sum(counts.values()))

# %% total_without_inbox
apis.supervisor.complete_task(answer=sum(v for k, v in counts.items() if k != "Inbox"))
