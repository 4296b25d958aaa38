# "A party group from the guest list in a note" (party_group.rs): the ground truth is logins,
# read, lookup, record. The wrong solutions swap the lookup (lookup_on_splitwise,
# lookup_with_old_guests) or the record (record_without_me, record_total).

# %% logins
{{login_any}}
{{all_pages}}
sn = login("simple_note")
ph = login("phone")
sw = login("splitwise")

# %% read
notes = all_pages(apis.simple_note.search_notes, access_token=sn, query={{title}})
note = next(n for n in notes if n["title"] == {{title}})
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
guests = [x.strip() for x in re.search(r"Guests: (.*)", content).group(1).split(",")]
items = re.findall(r"^(.+?) - \$([0-9.]+)$", content, re.M)
print(guests, items)

# %% lookup
contacts = all_pages(apis.phone.search_contacts, access_token=ph)
emails = []
for name in guests:
    emails.append(next(c["email"] for c in contacts if c["first_name"] == name))
print(emails)

# %% lookup_on_splitwise
emails = []
for name in guests:
    users = apis.splitwise.search_users(access_token=sw, query=name, page_limit=20)
    hit = [u for u in users if u["name"].split()[0] == name]
    if hit:
        emails.append(hit[0]["email"])

# %% lookup_with_old_guests
contacts = all_pages(apis.phone.search_contacts, access_token=ph)
emails = []
for name in guests:
    emails.append(next(c["email"] for c in contacts if c["first_name"] == name))
print(emails)
for name in {{old_guests}}:
    emails.append(next(c["email"] for c in contacts if c["first_name"] == name))

# %% record
gid = apis.splitwise.create_group(access_token=sw, name={{group}}, member_emails=emails)["group_id"]
for desc, amount in items:
    apis.splitwise.record_expense(access_token=sw, description=desc, paid_amount=float(amount), payer_email=profile["email"], debtor_emails=[profile["email"]] + emails, group_id=gid)
apis.supervisor.complete_task()

# %% record_without_me
gid = apis.splitwise.create_group(access_token=sw, name={{group}}, member_emails=emails)["group_id"]
for desc, amount in items:
    apis.splitwise.record_expense(access_token=sw, description=desc, paid_amount=float(amount), payer_email=profile["email"], debtor_emails=emails, group_id=gid)
apis.supervisor.complete_task()

# %% record_total
gid = apis.splitwise.create_group(access_token=sw, name={{group}}, member_emails=emails)["group_id"]
for desc, amount in [({{title}}, sum(float(a) for _, a in items))]:
    apis.splitwise.record_expense(access_token=sw, description=desc, paid_amount=float(amount), payer_email=profile["email"], debtor_emails=[profile["email"]] + emails, group_id=gid)
apis.supervisor.complete_task()
