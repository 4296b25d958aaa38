# "Split tickets by the counts friends texted" (ticket_shares.rs): the ground truth is logins,
# read (the receipt of_the_event), counts (of the texts in the order oldest_first), record. The
# wrong solutions split equally (record_equally), take the oldest receipt (oldest), count the
# supervisor's own text (own_contact + counts_from_contacts) or each friend's first text
# (newest_first).

# %% logins
{{login_any}}
{{all_pages}}
fs = login("file_system")
ph = login("phone")
sw = login("splitwise")

# %% read
paths = apis.file_system.show_directory(access_token=fs, directory_path="~/", substring="tickets", entry_type="files")
files = [apis.file_system.show_file(access_token=fs, file_path=q) for q in paths]
receipt = {{receipt}}
m = re.search(r"Tickets: (\d+) x \$([0-9.]+)", receipt["content"])
n, price = int(m.group(1)), float(m.group(2))
print(n, price)

# %% of_the_event
next(f for f in files if {{event_line}} in f["content"])

# %% oldest
min(files, key=lambda f: f["created_at"])

# %% counts
msgs = all_pages(apis.phone.search_text_messages, access_token=ph, query={{event}})
want = {}
for m in {{order}}:
    k = re.search(r"(\d+) tickets?", m["message"])
    if k and {{event}} in m["message"] and m["receiver"]["phone_number"] == profile["phone_number"]:
        want[m["sender"]["phone_number"]] = int(k.group(1))
contacts = all_pages(apis.phone.search_contacts, access_token=ph)
email = {c["phone_number"]: c["email"] for c in contacts}
print(want)

# %% oldest_first
sorted(msgs, key=lambda m: m["sent_at"])

# %% newest_first
sorted(msgs, key=lambda m: m["sent_at"], reverse=True)

# %% own_contact
contacts = all_pages(apis.phone.search_contacts, access_token=ph)
email = {c["phone_number"]: c["email"] for c in contacts}
email[profile["phone_number"]] = profile["email"]

# %% counts_from_contacts
msgs = all_pages(apis.phone.search_text_messages, access_token=ph, query={{event}})
want = {}
for m in sorted(msgs, key=lambda m: m["sent_at"]):
    k = re.search(r"(\d+) tickets?", m["message"])
    if k and {{event}} in m["message"] and m["sender"]["phone_number"] in email:
        want[m["sender"]["phone_number"]] = int(k.group(1))
print(want)

# %% record
apis.splitwise.record_expense(access_token=sw, description={{description}}, paid_amount=round(n * price, 2), payer_email=profile["email"], debtor_emails=[profile["email"]] + [email[q] for q in want], debt_amounts=[round((n - sum(want.values())) * price, 2)] + [round(k * price, 2) for k in want.values()])
apis.supervisor.complete_task()

# %% record_equally
apis.splitwise.record_expense(access_token=sw, description={{description}}, paid_amount=round(n * price, 2), payer_email=profile["email"], debtor_emails=[profile["email"]] + [email[q] for q in want])
apis.supervisor.complete_task()
