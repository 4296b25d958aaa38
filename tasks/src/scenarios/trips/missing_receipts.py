# "Record the trip's receipts missing from Splitwise" (missing_receipts.rs): the ground truth
# is logins, find (expenses = all_expenses), files (folder = this year's folder key, recursive
# = True), then record joined from each_receipt, skip_recorded, add (debtors = everyone). Each
# wrong solution fills another cell (first_expenses, others), leaves skip_recorded out, lists
# without recursion or takes the city's every folder. each_receipt ends inside the loop;
# skip_recorded and add's first line are its body.

# %% logins
{{login_any}}
{{all_pages}}
fs = login("file_system")
sw = login("splitwise")

# %% find
group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x["name"] == {{group}})
members = [m["email"] for m in group["members"]]
expenses = {{expenses}}
recorded = [round(e["paid_amount"], 2) for e in expenses if e["payer"]["email"] == profile["email"]]
print(recorded)

# %% all_expenses
all_pages(apis.splitwise.show_group_expenses, access_token=sw, group_id=group["group_id"])

# %% first_expenses
apis.splitwise.show_group_expenses(access_token=sw, group_id=group["group_id"])

# %% files
trips = apis.file_system.show_directory(access_token=fs, directory_path="~/documents/trips/", entry_type="directories", recursive=False)
folder = [d for d in trips if {{folder}} in d][0]
paths = [q for q in apis.file_system.show_directory(access_token=fs, directory_path=folder, entry_type="files", recursive={{recursive}}) if "itinerary" not in q]
print(paths)

# %% each_receipt
for q in paths:
    content = apis.file_system.show_file(access_token=fs, file_path=q)["content"]
    total = float(re.search(r"Total[^$\n]*\$([0-9.]+)", content).group(1))

# %% skip_recorded
    if total in recorded:
        continue

# %% add
    apis.splitwise.record_expense(access_token=sw, description=content.splitlines()[0], paid_amount=total, payer_email=profile["email"], debtor_emails={{debtors}}, group_id=group["group_id"], receipt_file_path=q, file_system_access_token=fs)
apis.supervisor.complete_task()

# %% everyone
members

# %% others
[m for m in members if m != profile["email"]]
