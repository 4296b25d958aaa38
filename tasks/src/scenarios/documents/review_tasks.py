# "A Todoist task per file to review" (review_tasks.rs): the ground truth is the Rust
# fs_login() cell, then one cell joined from tasks, skip_existing, read, create, finish (tasks
# filled with project = paperwork and paths = listing). Each wrong solution swaps a piece
# (create_without_due, create_without_priority), leaves skip_existing out or fills another
# project (like_paperwork) or listing (by_substring, listing_flat). tasks ends inside the loop;
# the pieces after it up to finish are lines of its body.

# %% tasks
td = login("todoist")
projects = all_pages(apis.todoist.show_projects, access_token=td)
proj = [x for x in projects if {{project}}][0]
shown = apis.todoist.show_tasks(access_token=td, project_id=proj["project_id"])
existing = {t["title"] for t in shown["no_section_tasks"]} | {t["title"] for s in shown["sections"] for t in s["tasks"]}
paths = {{paths}}
for p in paths:
    name = p.rsplit("/", 1)[1]
    title = "Review " + name

# %% skip_existing
    if title in existing:
        continue

# %% read
    content = apis.file_system.show_file(access_token=fs, file_path=p)["content"]

# %% create
    apis.todoist.create_task(access_token=td, project_id=proj["project_id"], title=title, due_date={{due}}, priority=("high" if "URGENT" in content else "medium"))

# %% create_without_due
    apis.todoist.create_task(access_token=td, project_id=proj["project_id"], title=title, priority=("high" if "URGENT" in content else "medium"))

# %% create_without_priority
    apis.todoist.create_task(access_token=td, project_id=proj["project_id"], title=title, due_date={{due}})

# %% finish
apis.supervisor.complete_task()

# %% paperwork
x["name"] == "Paperwork"

# %% like_paperwork
x["name"].startswith("Paperwork") and x["project_id"] != [y for y in projects if y["name"] == "Paperwork"][0]["project_id"]

# %% listing
apis.file_system.show_directory(access_token=fs, directory_path="~/documents/to_review/", entry_type="files")

# %% listing_flat
apis.file_system.show_directory(access_token=fs, directory_path="~/documents/to_review/", entry_type="files", recursive=False)

# %% by_substring
apis.file_system.show_directory(access_token=fs, directory_path="~/documents/", substring="review", entry_type="files")
