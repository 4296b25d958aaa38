# "Bring a to-do list file into the Inbox" (import_todo_file.rs): the ground truth is logins,
# read (with the variant's file: todo_file, or latest_list in variant 3) and apply with the
# variant's create call (create, or create_prioritised in variant 2); each wrong solution swaps
# one piece.

# %% logins
{{login_any}}
{{all_pages}}
fs = login("file_system")
td = login("todoist")
{{flat}}

# %% read
{{find}}
content = apis.file_system.show_file(access_token=fs, file_path=path)["content"]
items = []
for line in content.split("\n"):
    m = re.match(r"- \[( |x)\] (.+?)(?: \(due (\d{4}-\d{2}-\d{2})\))?( \(high\))?$", line.strip())
    if m:
        items.append((m.group(2), m.group(1) == "x", m.group(3), m.group(4) is not None))
inbox = flat(apis.todoist.show_tasks(access_token=td, project_id=0))
by_title = {t["title"]: t for t in inbox}
print(items)

# %% todo_file
path = [q for q in apis.file_system.show_directory(access_token=fs, directory_path="~/documents/", entry_type="files", recursive=False) if q.endswith("/todo.txt")][0]

# %% latest_list
path = max(apis.file_system.show_directory(access_token=fs, directory_path="~/documents/lists/", entry_type="files"))

# %% oldest_list
path = min(apis.file_system.show_directory(access_token=fs, directory_path="~/documents/lists/", entry_type="files"))

# %% complete
if title in by_title and not by_title[title]["is_completed"]:
    apis.todoist.update_task(access_token=td, task_id=by_title[title]["task_id"], is_completed=True)

# %% add_missing
elif title not in by_title:
    {{create}}

# %% apply
for title, done, due, high in items:
    if done:
        {{cell:complete}}
    {{cell:add_missing}}
apis.supervisor.complete_task()

# %% apply_adding_every_open
for title, done, due, high in items:
    if done:
        {{cell:complete}}
    else:
        {{create}}
apis.supervisor.complete_task()

# %% apply_adding_done_too
for title, done, due, high in items:
    if done:
        if title not in by_title:
            apis.todoist.create_task(access_token=td, project_id=0, title=title)
        elif not by_title[title]["is_completed"]:
            apis.todoist.update_task(access_token=td, task_id=by_title[title]["task_id"], is_completed=True)
    {{cell:add_missing}}
apis.supervisor.complete_task()

# %% apply_without_completing
for title, done, due, high in items:
    if done:
        if title in by_title and not by_title[title]["is_completed"]:
            pass
    {{cell:add_missing}}
apis.supervisor.complete_task()

# %% create
apis.todoist.create_task(access_token=td, project_id=0, title=title, due_date=due)

# %% create_prioritised
apis.todoist.create_task(access_token=td, project_id=0, title=title, due_date=due, priority="high" if high else "medium")

# %% create_undated
apis.todoist.create_task(access_token=td, project_id=0, title=title)

# %% create_undated_prioritised
apis.todoist.create_task(access_token=td, project_id=0, title=title, priority="high" if high else "medium")
