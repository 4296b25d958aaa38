# "The plumber's invoice: close the repair, split it, text the spouse" (plumber_invoice.rs): the
# ground truth is logins, find, close_task, record, text. Each wrong solution swaps one or two
# cells.

# %% logins
{{login_any}}
{{all_pages}}
fs = login("file_system")
td = login("todoist")
sw = login("splitwise")
ph = login("phone")

# %% invoices
sp = all_pages(apis.phone.search_contacts, access_token=ph, relationship={{label}})[0]
paths = apis.file_system.show_directory(access_token=fs, directory_path="~/downloads/", substring="invoice", entry_type="files")
files = [apis.file_system.show_file(access_token=fs, file_path=q) for q in paths]

# %% latest_sink_invoice
{{cell:invoices}}
files = [f for f in files if "kitchen sink" in f["content"].lower()]
inv = max(files, key=lambda f: f["created_at"])
amount = float(re.search(r"Amount due: \$([0-9]+\.[0-9][0-9])", inv["content"]).group(1))

# %% find
{{cell:latest_sink_invoice}}
half = round(amount / 2, 2)

# %% find_first_invoice
{{cell:invoices}}
inv = min(files, key=lambda f: f["created_at"])
amount = float(re.search(r"Amount due: \$([0-9]+\.[0-9][0-9])", inv["content"]).group(1))
half = round(amount / 2, 2)

# %% find_whole_amount
{{cell:latest_sink_invoice}}
half = amount

# %% repair_tasks
home = next(x for x in all_pages(apis.todoist.show_projects, access_token=td) if x["name"] == "Home")
repairs = next(s for s in home["sections"] if s["name"] == "Repairs")
shown = apis.todoist.show_tasks(access_token=td, project_id=home["project_id"], section_id=repairs["id"], is_completed=False)
tasks = [t for sec in shown["sections"] for t in sec["tasks"]]

# %% close_task
{{cell:repair_tasks}}
task = next(t for t in tasks if "kitchen sink" in t["title"].lower())
apis.todoist.update_task(access_token=td, task_id=task["task_id"], is_completed=True)

# %% close_bathroom_task
{{cell:repair_tasks}}
task = next(t for t in tasks if "bathroom sink" in t["title"].lower())
apis.todoist.update_task(access_token=td, task_id=task["task_id"], is_completed=True)

# %% record
group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if sorted(m["email"] for m in x["members"]) == sorted([profile["email"], sp["email"]]))
apis.splitwise.record_expense(access_token=sw, description="Plumber - kitchen sink", paid_amount=amount, payer_email=profile["email"], debtor_emails=[profile["email"], sp["email"]], group_id=group["group_id"], receipt_file_path=inv["path"], file_system_access_token=fs)

# %% record_amount_times_one
group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if sorted(m["email"] for m in x["members"]) == sorted([profile["email"], sp["email"]]))
apis.splitwise.record_expense(access_token=sw, description="Plumber - kitchen sink", paid_amount=amount * 1.0, payer_email=profile["email"], debtor_emails=[profile["email"], sp["email"]], group_id=group["group_id"], receipt_file_path=inv["path"], file_system_access_token=fs)

# %% record_outside_group
group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if sorted(m["email"] for m in x["members"]) == sorted([profile["email"], sp["email"]]))
apis.splitwise.record_expense(access_token=sw, description="Plumber - kitchen sink", paid_amount=amount, payer_email=profile["email"], debtor_emails=[profile["email"], sp["email"]], receipt_file_path=inv["path"], file_system_access_token=fs)

# %% text
apis.phone.send_text_message(access_token=ph, phone_number=sp["phone_number"], message=f"The plumber's bill is on Splitwise, your half is ${half:.2f}")
apis.supervisor.complete_task()
