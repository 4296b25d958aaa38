# "Text the members of a Splitwise group" (text_group.rs): the ground truth is logins,
# text_members. The wrong solutions text the near-miss group, another message, or the first
# member only (text_first_member).

# %% logins
{{login_any}}
{{all_pages}}
sw = login("splitwise")
ph = login("phone")

# %% text_members
{{cell:group_contacts}}
targets = [by_email[m["email"].lower()] for m in group["members"] if m["email"].lower() in by_email]
{{cell:text_them}}

# %% text_first_member
{{cell:group_contacts}}
targets = [by_email[m["email"].lower()] for m in group["members"] if m["email"].lower() in by_email][:1]
{{cell:text_them}}

# %% group_contacts
groups = all_pages(apis.splitwise.show_groups, access_token=sw)
group = [x for x in groups if x["name"] == {{group}}][0]
contacts = all_pages(apis.phone.search_contacts, access_token=ph)
by_email = {c["email"].lower(): c for c in contacts}

# %% text_them
for c in targets:
    apis.phone.send_text_message(access_token=ph, phone_number=c["phone_number"], message={{message}})
apis.supervisor.complete_task()
