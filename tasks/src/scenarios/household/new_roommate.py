# "Welcome a new roommate across Splitwise, Todoist and texts" (new_roommate.rs): the ground
# truth is logins, find_contact (variant 3: save_contact), wifi, join_group, invite, welcome.
# Each wrong solution drops or swaps one cell.

# %% logins
{{login_any}}
{{all_pages}}
sn = login("simple_note")
ph = login("phone")
sw = login("splitwise")
td = login("todoist")

# %% find_contact
contacts = all_pages(apis.phone.search_contacts, access_token=ph, query={{full}})
c = next(c for c in contacts if c["first_name"] == {{first}} and c["last_name"] == {{last}})
email, number = c["email"], c["phone_number"]

# %% read_intro
msgs = all_pages(apis.phone.search_text_messages, access_token=ph, query={{full}})
msg = next(m for m in msgs if {{full}} in m["message"])
email = re.search(r"my email is (\S+?)\.?$", msg["message"]).group(1)
number = msg["sender"]["phone_number"]

# %% save_contact
{{cell:read_intro}}
apis.phone.add_contact(access_token=ph, first_name={{first}}, last_name={{last}}, phone_number=number, email=email, relationships=["roommate"])

# %% read_texted_contact
{{cell:read_intro}}
print(access_token=ph, first_name={{first}}, last_name={{last}}, phone_number=number, email=email, relationships=["roommate"])

# %% wifi
note = next(n for n in all_pages(apis.simple_note.search_notes, access_token=sn, query="wifi") if "wifi" in n["title"].lower())
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
pw = next(l.split(":", 1)[1].strip() for l in content.splitlines() if l.lower().startswith(("password:", "new password:")))

# %% wifi_router_password
note = next(n for n in all_pages(apis.simple_note.search_notes, access_token=sn, query="wifi") if "wifi" in n["title"].lower())
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
pw = next(l.split("/", 1)[1].strip() for l in content.splitlines() if l.lower().startswith("router"))

# %% wifi_old_password
note = next(n for n in all_pages(apis.simple_note.search_notes, access_token=sn, query="wifi") if "wifi" in n["title"].lower())
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
pw = next(l.split(":", 1)[1].strip() for l in content.splitlines() if l.lower().startswith("old password"))

# %% join_group
group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x["name"] == "Roommates")
apis.splitwise.add_member_to_group(access_token=sw, group_id=group["group_id"], user_email=email)

# %% join_other_group
group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x["name"] != "Roommates")
apis.splitwise.add_member_to_group(access_token=sw, group_id=group["group_id"], user_email=email)

# %% invite
home = next(x for x in all_pages(apis.todoist.show_projects, access_token=td) if x["name"] == "Home")
apis.todoist.send_project_invite(access_token=td, project_id=home["project_id"], email=email)

# %% welcome
apis.phone.send_text_message(access_token=ph, phone_number=number, message=f"Welcome to the flat! The wifi is FlatNet-5G, password: {pw}")
apis.supervisor.complete_task()
