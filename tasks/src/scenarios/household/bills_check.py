# "Put this month's missing bills on the Roommates group" (bills_check.rs): the ground truth is
# logins, find (month "2023_05"), record_missing. The wrong solutions record every bill
# (record_all), attach no receipt, leave the supervisor out, or (variant 3) take the month
# "2023_0".

# %% logins
{{login_any}}
{{all_pages}}
fs = login("file_system")
sw = login("splitwise")

# %% find
paths = apis.file_system.show_directory(access_token=fs, directory_path="~/bills/", entry_type="files")
this_month = [q for q in paths if {{month}} in q]
group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x["name"] == "Roommates")
members = [m["email"] for m in group["members"]]
expenses = all_pages(apis.splitwise.show_group_expenses, access_token=sw, group_id=group["group_id"])

# %% read_bill
content = apis.file_system.show_file(access_token=fs, file_path=path)["content"]
amount = float(re.search(r"Total due: \$([0-9]+\.[0-9][0-9])", content).group(1))
company = content.splitlines()[0]
month = re.search(r"Period: (.+)", content).group(1).strip()

# %% record_missing
for path in this_month:
    {{cell:read_bill}}
    if any(abs(e["paid_amount"] - amount) < 0.005 for e in expenses):
        continue
    apis.splitwise.record_expense(access_token=sw, description=f"{company} {month}", paid_amount=amount, payer_email=profile["email"], debtor_emails=members, group_id=group["group_id"], receipt_file_path=path, file_system_access_token=fs)
apis.supervisor.complete_task()

# %% record_all
for path in this_month:
    {{cell:read_bill}}
    apis.splitwise.record_expense(access_token=sw, description=f"{company} {month}", paid_amount=amount, payer_email=profile["email"], debtor_emails=members, group_id=group["group_id"], receipt_file_path=path, file_system_access_token=fs)
apis.supervisor.complete_task()

# %% record_missing_without_receipt
for path in this_month:
    {{cell:read_bill}}
    if any(abs(e["paid_amount"] - amount) < 0.005 for e in expenses):
        continue
    apis.splitwise.record_expense(access_token=sw, description=f"{company} {month}", paid_amount=amount, payer_email=profile["email"], debtor_emails=members, group_id=group["group_id"])
apis.supervisor.complete_task()

# %% record_missing_without_me
for path in this_month:
    {{cell:read_bill}}
    if any(abs(e["paid_amount"] - amount) < 0.005 for e in expenses):
        continue
    apis.splitwise.record_expense(access_token=sw, description=f"{company} {month}", paid_amount=amount, payer_email=profile["email"], debtor_emails=[e for e in members if e != profile["email"]], group_id=group["group_id"], receipt_file_path=path, file_system_access_token=fs)
apis.supervisor.complete_task()
