# "The itinerary's to-dos as assigned Todoist tasks" (itinerary_todos.rs): the ground truth is
# logins, read (content = upcoming), project, then add joined from each_todo, skip_existing,
# create, assign, finish. Each wrong solution swaps a piece (no_assign, assign_self,
# create_undated, oldest) or leaves skip_existing out. each_todo opens the loop; the pieces
# after it up to finish are its body.

# %% logins
{{login_any}}
{{all_pages}}
fs = login("file_system")
ph = login("phone")
td = login("todoist")

# %% read
from datetime import datetime
today = datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)["date"], "%A, %B %d, %Y").strftime("%Y-%m-%d")
paths = [q for q in apis.file_system.show_directory(access_token=fs, directory_path="~/documents/trips/", substring={{city}}, entry_type="files") if q.endswith("itinerary.txt")]
texts = [apis.file_system.show_file(access_token=fs, file_path=q)["content"] for q in paths]
content = {{content}}
todos = re.findall(r"^- (.+) \((.+), by (\d{4}-\d{2}-\d{2})\)$", content, re.M)
print(todos)

# %% upcoming
[t for t in texts if re.search(r"Dates: (\S+)", t).group(1) > today][0]

# %% oldest
min(texts, key=lambda t: re.search(r"Dates: (\S+)", t).group(1))

# %% project
project = next(x for x in all_pages(apis.todoist.show_projects, access_token=td) if x["name"] == {{project}})
tasks = apis.todoist.show_tasks(access_token=td, project_id=project["project_id"])
titles = [t["title"] for t in tasks["no_section_tasks"]] + [t["title"] for s in tasks["sections"] for t in s["tasks"]]
contacts = all_pages(apis.phone.search_contacts, access_token=ph)

# %% each_todo
for title, who, due in todos:

# %% skip_existing
    if title in titles:
        continue

# %% create
    email = profile["email"] if who == "me" else next(c["email"] for c in contacts if c["first_name"] == who)
    tid = apis.todoist.create_task(access_token=td, project_id=project["project_id"], title=title, due_date=due)["task_id"]

# %% create_undated
    email = profile["email"] if who == "me" else next(c["email"] for c in contacts if c["first_name"] == who)
    tid = apis.todoist.create_task(access_token=td, project_id=project["project_id"], title=title)["task_id"]

# %% assign
    apis.todoist.assign_or_unassign_task(access_token=td, task_id=tid, assignee_email=email)

# %% no_assign
    pass

# %% assign_self
    apis.todoist.assign_or_unassign_task(access_token=td, task_id=tid, assignee_email=profile["email"])

# %% finish
apis.supervisor.complete_task()
