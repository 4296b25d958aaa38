# "Close the Inbox tasks whose receipts are filed" (close_with_receipts.rs): the ground truth is
# logins, read, match_tasks, apply; each wrong solution swaps one cell or appends a step to it
# (every_pay_task).

# %% logins
{{login_any}}
{{all_pages}}
fs = login("file_system")
td = login("todoist")
{{flat}}

# %% receipt_amount
content = apis.file_system.show_file(access_token=fs, file_path=q)["content"]
m = re.search(r"Payment for: (.+)", content)
if m:
    paid[m.group(1).strip()] = float(re.search(r"Amount paid: \$([0-9.]+)", content).group(1))

# %% read
paid = {}
for q in apis.file_system.show_directory(access_token=fs, directory_path="~/documents/receipts/", entry_type="files"):
    {{cell:receipt_amount}}
print(paid)

# %% read_top_level
paid = {}
for q in apis.file_system.show_directory(access_token=fs, directory_path="~/documents/receipts/", entry_type="files", recursive=False):
    {{cell:receipt_amount}}
print(paid)

# %% match_tasks
inbox = flat(apis.todoist.show_tasks(access_token=td, project_id=0, is_completed=False))
done = []
for t in inbox:
    for what, amount in paid.items():
        if t["title"] == "Pay the " + what:
            done.append((t, amount))

# %% match_tasks_loosely
inbox = flat(apis.todoist.show_tasks(access_token=td, project_id=0, is_completed=False))
done = []
for t in inbox:
    for what, amount in paid.items():
        if what in t["title"]:
            done.append((t, amount))

# %% every_pay_task
done = [(t, paid.get(t["title"][8:], 0.0)) for t in inbox if t["title"].startswith("Pay the ")]

# %% apply
for t, amount in done:
    apis.todoist.update_task(access_token=td, task_id=t["task_id"], is_completed=True)
    apis.todoist.post_task_comment(access_token=td, task_id=t["task_id"], content=f"Paid ${amount:.2f}")
apis.supervisor.complete_task()

# %% apply_without_comments
for t, amount in done:
    apis.todoist.update_task(access_token=td, task_id=t["task_id"], is_completed=True)
apis.supervisor.complete_task()

# %% apply_rounded
for t, amount in done:
    apis.todoist.update_task(access_token=td, task_id=t["task_id"], is_completed=True)
    apis.todoist.post_task_comment(access_token=td, task_id=t["task_id"], content=f"Paid ${round(amount)}")
apis.supervisor.complete_task()
