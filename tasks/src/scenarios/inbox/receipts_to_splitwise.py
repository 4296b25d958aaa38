# "Record roommates' e-mailed receipts on Splitwise" (receipts_to_splitwise.rs): the ground
# truth is logins, group (the roommates, the Roommates group), collect (the receipts the
# roommates e-mailed since `{{since}}`), record (record_attached where the receipts go with the
# expenses). The wrong solutions take April's receipt, the subtotal (`{{total_re}}`), another
# payer (`{{payer}}`) or split (`{{debtors}}`), or leave the receipts off.

# %% logins
{{login_any}}
{{all_pages}}
gm = login("gmail")
ph = login("phone")
fs = login("file_system")
sw = login("splitwise")
today = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)["date"], "%A, %B %d, %Y").date()
first = today.replace(day=1).strftime("%Y-%m-%d")

# %% group
mates = [c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship="roommate")]
group = [x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x["name"] == "Roommates"][0]
members = [m["email"] for m in group["members"]]

# %% collect
receipts = []
for m in mates:
    for t in all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=m, attachment=True):
        for e in apis.gmail.show_thread(access_token=gm, email_thread_id=t["email_thread_id"])["emails"]:
            if e["sender"]["email"] == m and e["created_at"][:10] >= {{since}}:
                for a in e["attachments"]:
                    if "receipt" in a["file_name"]:
                        path = apis.gmail.download_attachment(access_token=gm, attachment_id=a["id"], file_system_access_token=fs, download_to_file_path="~/documents/roommate_receipts/" + a["file_name"])["file_path"]
                        content = apis.file_system.show_file(access_token=fs, file_path=path)["content"]
                        receipts.append((m, path, content))

# %% record
for m, path, content in receipts:
    total = float(re.search(r"{{total_re}}", content).group(1))
    store = content.splitlines()[0].strip()
    apis.splitwise.record_expense(access_token=sw, description=store, paid_amount=total, payer_email={{payer}}, debtor_emails={{debtors}}, group_id=group["group_id"])
apis.supervisor.complete_task()

# %% record_attached
for m, path, content in receipts:
    total = float(re.search(r"{{total_re}}", content).group(1))
    store = content.splitlines()[0].strip()
    apis.splitwise.record_expense(access_token=sw, description=store, paid_amount=total, payer_email={{payer}}, debtor_emails={{debtors}}, group_id=group["group_id"], receipt_file_path=path, file_system_access_token=fs)
apis.supervisor.complete_task()
