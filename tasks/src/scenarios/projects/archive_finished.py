# "Archive the finished projects and list them in a note" (archive_finished.rs): the ground
# truth is logins, find, archive (archive_unfavourite in variant 2), note; each wrong solution
# swaps one cell.

# %% logins
{{login_any}}
{{all_pages}}
td = login("todoist")
sn = login("simple_note")
{{flat}}

# %% finished
tasks = flat(apis.todoist.show_tasks(access_token=td, project_id=p["project_id"]))
if tasks and all(t["is_completed"] for t in tasks):
    done.append(p)

# %% find
done = []
for p in all_pages(apis.todoist.show_projects, access_token=td, is_archived=False):
    if p["is_inbox"]:
        continue
    {{cell:finished}}
print([p["name"] for p in done])

# %% find_first_page
done = []
for p in apis.todoist.show_projects(access_token=td, is_archived=False):
    if p["is_inbox"]:
        continue
    {{cell:finished}}
print([p["name"] for p in done])

# %% find_archived_too
done = []
for p in all_pages(apis.todoist.show_projects, access_token=td):
    if p["is_inbox"]:
        continue
    {{cell:finished}}
print([p["name"] for p in done])

# %% find_any_done
done = []
for p in all_pages(apis.todoist.show_projects, access_token=td, is_archived=False):
    if p["is_inbox"]:
        continue
    tasks = flat(apis.todoist.show_tasks(access_token=td, project_id=p["project_id"]))
    if tasks and any(t["is_completed"] for t in tasks):
        done.append(p)
print([p["name"] for p in done])

# %% archive
for p in done:
    apis.todoist.update_project(access_token=td, project_id=p["project_id"], is_archived=True)

# %% archive_unfavourite
for p in done:
    apis.todoist.update_project(access_token=td, project_id=p["project_id"], is_archived=True, is_favorite=False)

# %% delete
for p in done:
    apis.todoist.delete_project(access_token=td, project_id=p["project_id"])

# %% note
note = [n for n in all_pages(apis.simple_note.search_notes, access_token=sn, query="Finished projects") if n["title"] == "Finished projects"][0]
apis.simple_note.add_content_to_note(access_token=sn, note_id=note["note_id"], append_or_prepend="append", added_content="\n".join(p["name"] for p in done))
apis.supervisor.complete_task()

# %% done
apis.supervisor.complete_task()
