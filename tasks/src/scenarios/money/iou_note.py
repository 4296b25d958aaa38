# "Pay the IOUs of a note on Venmo" (iou_note.rs): the ground truth is logins, read, then
# pay_and_mark (pay_and_remove in variant 3) over the unpaid lines, by_contact, saving
# all_lines; each wrong solution swaps one piece. Every pay step pays a line's person (pay,
# pay_if_due for a line that is due) and the two that edit the note save it (save).

# %% logins
{{login_any}}
{{all_pages}}
sn = login("simple_note")
ph = login("phone")
vm = login("venmo")

# %% read
note = next(n for n in all_pages(apis.simple_note.search_notes, access_token=sn) if n["title"] == "IOUs")
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
contacts = all_pages(apis.phone.search_contacts, access_token=ph)

# %% read_owed_too
owed = next(n for n in all_pages(apis.simple_note.search_notes, access_token=sn) if n["title"] == "Owed to me")
content = content + "\n" + apis.simple_note.show_note(access_token=sn, note_id=owed["note_id"])["content"]

# %% pay
name, amount, what = m.group(1), float(m.group(2)), m.group(3)
email = {{who}}
apis.venmo.create_transaction(access_token=vm, receiver_email=email, amount=amount, description=what)

# %% pay_if_due
m = re.match(r"- (.+?): \$([0-9.]+) for (.+?)( \(paid\))?$", line)
if {{cond}}:
    {{cell:pay}}

# %% save
apis.simple_note.update_note(access_token=sn, note_id=note["note_id"], content="\n".join({{lines}}))
apis.supervisor.complete_task()

# %% pay_and_mark
out = []
for line in content.split("\n"):
    m = re.match(r"- (.+?): \$([0-9.]+) for (.+?)( \(paid\))?$", line)
    if {{cond}}:
        {{cell:pay}}
        line = line + " (paid)"
    out.append(line)
{{cell:save}}

# %% pay_and_remove
out = []
for line in content.split("\n"):
    {{cell:pay_if_due}}
    if m or line.endswith("(paid)"):
        continue
    out.append(line)
{{cell:save}}

# %% pay_only
out = []
for line in content.split("\n"):
    {{cell:pay_if_due}}
    out.append(line)
apis.supervisor.complete_task()

# %% unpaid
m and not line.endswith("(paid)")

# %% every_line
m

# %% by_contact
next(c["email"] for c in contacts if c["first_name"] == name)

# %% by_venmo_search
(apis.venmo.search_users(access_token=vm, query=name) or [{"email": "nobody@example.com"}])[0]["email"]

# %% all_lines
out

# %% first_six_lines
out[:6]
