# "Back from the trip: delete its project, zip its folder, settle up" (wrap_up.rs): the ground
# truth is logins, delete_project, archive (delete = True), then one cell joined from settle
# (balances = both_ways) and finish. Each wrong solution keeps the folder, settles only owed,
# archives the project (archive_project), or settles last year's group as well (two settle
# pieces, an empty line between them).

# %% logins
{{login_any}}
{{all_pages}}
td = login("todoist")
fs = login("file_system")
sw = login("splitwise")

# %% delete_project
project = next(x for x in all_pages(apis.todoist.show_projects, access_token=td) if x["name"] == {{project}})
apis.todoist.delete_project(access_token=td, project_id=project["project_id"])

# %% archive_project
project = next(x for x in all_pages(apis.todoist.show_projects, access_token=td) if x["name"] == {{project}})
apis.todoist.update_project(access_token=td, project_id=project["project_id"], is_archived=True)

# %% archive
dirs = apis.file_system.show_directory(access_token=fs, directory_path="~/documents/trips/", entry_type="directories", recursive=False)
folder = [d for d in dirs if {{folder}} in d][0]
print(apis.file_system.compress_directory(access_token=fs, directory_path=folder, delete_directory={{delete}}))

# %% settle
group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x["name"] == {{group}})
bal = apis.splitwise.show_group_balance(access_token=sw, group_id=group["group_id"], email=profile["email"])[0]
for b in {{balances}}:
    if round(b["amount"], 2) != 0:
        apis.splitwise.settle_up(access_token=sw, email=b["email"], group_id=group["group_id"])

# %% finish
apis.supervisor.complete_task()

# %% both_ways
bal["source_owes_to_targets"]["breakdown"] + bal["targets_owe_to_source"]["breakdown"]

# %% owed
bal["source_owes_to_targets"]["breakdown"]
