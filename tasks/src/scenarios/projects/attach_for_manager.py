# "Attach the file the manager's text names to a team task" (attach_for_manager.rs): the ground
# truth is logins, read_text, find_file, find_task, post; each wrong solution swaps one cell
# or appends a step to it (use_older_text, use_older_file).

# %% logins
{{login_any}}
{{all_pages}}
ph = login("phone")
fs = login("file_system")
td = login("todoist")
{{flat}}

# %% read_text
boss = all_pages(apis.phone.search_contacts, access_token=ph, relationship="manager")[0]
msgs = all_pages(apis.phone.search_text_messages, access_token=ph, phone_number=boss["phone_number"])
msgs = [m for m in msgs if m["sender"]["phone_number"] == boss["phone_number"]]
latest = max(msgs, key=lambda m: m["sent_at"])["message"]
print(latest)
fname = re.search(r"attach (\S+) to", latest).group(1)
title = re.search(r'the "([^"]+)" task', latest).group(1)
comment = re.search(r'saying "([^"]+)"', latest).group(1)

# %% use_older_text
title = "Write the release notes"
comment = "Attached the meeting notes."

# %% find_file
paths = apis.file_system.show_directory(access_token=fs, directory_path="~/", substring=fname, entry_type="files")
path = [q for q in paths if q.split("/")[-1] == fname][0]

# %% use_older_file
path = [q for q in apis.file_system.show_directory(access_token=fs, directory_path="~/", entry_type="files") if q.endswith({{old_name}})][0]

# %% team_tasks
projects = all_pages(apis.todoist.show_projects, access_token=td)
team = [q for q in projects if q["name"].endswith(" Team")][0]
tasks = flat(apis.todoist.show_tasks(access_token=td, project_id=team["project_id"]))

# %% find_task
{{cell:team_tasks}}
task = [t for t in tasks if t["title"] == title][0]
print(all_pages(apis.todoist.show_task_comments, access_token=td, task_id=task["task_id"]))

# %% find_near_task
{{cell:team_tasks}}
task = [t for t in tasks if title in t["title"] and t["title"] != title][0]
print(all_pages(apis.todoist.show_task_comments, access_token=td, task_id=task["task_id"]))

# %% post
apis.todoist.post_task_comment(access_token=td, task_id=task["task_id"], content=comment, attachment_file_paths=[path], file_system_access_token=fs)
apis.supervisor.complete_task()

# %% post_without_file
apis.todoist.post_task_comment(access_token=td, task_id=task["task_id"], content=comment)
apis.supervisor.complete_task()

# %% post_and_complete
apis.todoist.post_task_comment(access_token=td, task_id=task["task_id"], content=comment, attachment_file_paths=[path], file_system_access_token=fs)
apis.todoist.update_task(access_token=td, task_id=task["task_id"], is_completed=True)
apis.supervisor.complete_task()
