# "Split the flat's streaming subscriptions from a note on Splitwise" (streaming_split.rs): the
# ground truth is logins, find, record. The wrong solutions swap the last cell, keep the
# cancelled service (find_with_cancelled) or read every note (find_in_every_note).

# %% logins
{{login_any}}
{{all_pages}}
sn = login("simple_note")
sw = login("splitwise")

# %% current_items
items = []
for line in content.splitlines():
    m = re.match(r"- (.+?): \$([0-9.]+)/month", line.strip())
    if m and "cancel" not in line.lower():
        items.append((m.group(1), float(m.group(2))))

# %% flat_group
group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x["name"] == "Roommates")
members = [m["email"] for m in group["members"]]

# %% find
notes = all_pages(apis.simple_note.search_notes, access_token=sn, query="streaming")
note = next(n for n in notes if "share" in n["title"].lower())
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
{{cell:current_items}}
{{cell:flat_group}}

# %% find_with_cancelled
notes = all_pages(apis.simple_note.search_notes, access_token=sn, query="streaming")
note = next(n for n in notes if "share" in n["title"].lower())
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
items = []
for line in content.splitlines():
    m = re.match(r"- (.+?): \$([0-9.]+)/month", line.strip())
    if m:
        items.append((m.group(1), float(m.group(2))))
{{cell:flat_group}}

# %% find_in_every_note
notes = all_pages(apis.simple_note.search_notes, access_token=sn, query="streaming")
content = "\n".join(apis.simple_note.show_note(access_token=sn, note_id=n["note_id"])["content"] for n in notes)
{{cell:current_items}}
{{cell:flat_group}}

# %% record
for name, amount in items:
    apis.splitwise.record_expense(access_token=sw, description=name, paid_amount=amount, payer_email=profile["email"], debtor_emails=members, group_id=group["group_id"])
apis.supervisor.complete_task()

# %% record_without_me
for name, amount in items:
    apis.splitwise.record_expense(access_token=sw, description=name, paid_amount=amount, payer_email=profile["email"], debtor_emails=[e for e in members if e != profile["email"]], group_id=group["group_id"])
apis.supervisor.complete_task()

# %% record_outside_group
for name, amount in items:
    apis.splitwise.record_expense(access_token=sw, description=name, paid_amount=amount, payer_email=profile["email"], debtor_emails=members)
apis.supervisor.complete_task()

# %% record_total
apis.splitwise.record_expense(access_token=sw, description="Streaming", paid_amount=round(sum(a for _, a in items), 2), payer_email=profile["email"], debtor_emails=members, group_id=group["group_id"])
apis.supervisor.complete_task()
