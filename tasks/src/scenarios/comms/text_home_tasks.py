# "Text the housemates their Home tasks" (text_home_tasks.rs): the ground truth is head, find
# and send with the variant's tasks (due_by_sunday, overdue or high_priority); each wrong
# solution takes other tasks or texts everyone (send_to_all).

# %% head
{{login_any}}
{{all_pages}}
td = login("todoist")
ph = login("phone")
{{flat}}
{{today}}

# %% find
home = [p for p in all_pages(apis.todoist.show_projects, access_token=td) if p["name"] == "Home"][0]
phones = {c["email"]: c["phone_number"] for c in all_pages(apis.phone.search_contacts, access_token=ph)}

# %% titles
titles = [t["title"] for t in flat({{tasks}})]

# %% text_them
apis.phone.send_text_message(access_token=ph, phone_number=phones[c["email"]], message="Your Home tasks: " + ", ".join(titles))

# %% send
for c in home["collaborators"]:
    if c["email"] == profile["email"]:
        continue
    {{cell:titles}}
    if titles:
        {{cell:text_them}}
apis.supervisor.complete_task()

# %% send_to_all
for c in home["collaborators"]:
    if c["email"] == profile["email"]:
        continue
    {{cell:titles}}
    if True:
        {{cell:text_them}}
apis.supervisor.complete_task()

# %% due_by_sunday
apis.todoist.show_tasks(access_token=td, project_id=home["project_id"], assignee_email=c["email"], is_completed=False, max_due_date=(today + datetime.timedelta(days=6 - today.weekday())).strftime("%Y-%m-%d"))

# %% due_by_sunday_done_too
apis.todoist.show_tasks(access_token=td, project_id=home["project_id"], assignee_email=c["email"], max_due_date=(today + datetime.timedelta(days=6 - today.weekday())).strftime("%Y-%m-%d"))

# %% due_today_to_sunday
apis.todoist.show_tasks(access_token=td, project_id=home["project_id"], assignee_email=c["email"], is_completed=False, max_due_date=(today + datetime.timedelta(days=6 - today.weekday())).strftime("%Y-%m-%d"), min_due_date=today.strftime("%Y-%m-%d"))

# %% overdue
apis.todoist.show_tasks(access_token=td, project_id=home["project_id"], assignee_email=c["email"], is_completed=False, overdue=True)

# %% overdue_done_too
apis.todoist.show_tasks(access_token=td, project_id=home["project_id"], assignee_email=c["email"], overdue=True)

# %% high_priority
apis.todoist.show_tasks(access_token=td, project_id=home["project_id"], assignee_email=c["email"], is_completed=False, priority="high")

# %% high_priority_done_too
apis.todoist.show_tasks(access_token=td, project_id=home["project_id"], assignee_email=c["email"], priority="high")

# %% open
apis.todoist.show_tasks(access_token=td, project_id=home["project_id"], assignee_email=c["email"], is_completed=False)
