# "Add a bill from the card statement to the Roommates group" (statement_bill.rs): the ground
# truth is logins, read, record_halves (record_thirds in variant 3; March's bill first in
# variant 2), text; each wrong solution swaps one record cell or its month.

# %% logins
{{login_any}}
{{all_pages}}
fs = login("file_system")
sw = login("splitwise")
ph = login("phone")

# %% read
paths = apis.file_system.show_directory(access_token=fs, directory_path="~/documents/finance/", entry_type="files")
def water(month):
    path = next(q for q in paths if q.endswith("_statement_2023_" + month + ".csv"))
    for line in apis.file_system.show_file(access_token=fs, file_path=path)["content"].splitlines()[1:]:
        day, what, amount = line.split(",")
        if "Clearwater" in what:
            return float(amount)
group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x["name"] == "Roommates")
mate = next(m["email"] for m in group["members"] if m["email"] != profile["email"])
owed = 0

# %% record_halves
total = water("{{month}}")
apis.splitwise.record_expense(access_token=sw, description={{desc}}, paid_amount=total, payer_email=profile["email"], debtor_emails=[profile["email"], mate], group_id=group["group_id"])
owed += round(total / 2, 2)

# %% record_halves_outside
total = water("{{month}}")
apis.splitwise.record_expense(access_token=sw, description={{desc}}, paid_amount=total, payer_email=profile["email"], debtor_emails=[profile["email"], mate])
owed += round(total / 2, 2)

# %% record_thirds
total = water("{{month}}")
apis.splitwise.record_expense(access_token=sw, description={{desc}}, paid_amount=total, payer_email=profile["email"], debtor_emails=[profile["email"], mate], debt_amounts=[round(total / 3, 2), round(total - round(total / 3, 2), 2)], group_id=group["group_id"])
owed += round(total - round(total / 3, 2), 2)

# %% record_thirds_outside
total = water("{{month}}")
apis.splitwise.record_expense(access_token=sw, description={{desc}}, paid_amount=total, payer_email=profile["email"], debtor_emails=[profile["email"], mate], debt_amounts=[round(total / 3, 2), round(total - round(total / 3, 2), 2)])
owed += round(total - round(total / 3, 2), 2)

# %% record_for_mate
total = water("{{month}}")
apis.splitwise.record_expense(access_token=sw, description={{desc}}, paid_amount=total, payer_email=profile["email"], debtor_emails=[mate], group_id=group["group_id"])
owed += total

# %% text
phone_number = next(c for c in all_pages(apis.phone.search_contacts, access_token=ph, query=mate) if c["email"] == mate)["phone_number"]
apis.phone.send_text_message(access_token=ph, phone_number=phone_number, message=f"Hi! I put the water bill on Splitwise. Your share is ${owed:.2f}.")
apis.supervisor.complete_task()
