# "Add a Splitwise group's strangers to my contacts" (group_to_contacts.rs): the ground truth is
# logins, add_new (the group and label of the variant). The wrong solutions take the near-miss
# group, another label, or add the first stranger only (add_first_new).

# %% logins
{{login_any}}
{{all_pages}}
sw = login("splitwise")
ph = login("phone")

# %% add_new
{{cell:members_and_contacts}}
new = [m for m in group["members"] if m["email"].lower() != profile["email"].lower() and m["email"].lower() not in known]
{{cell:add_them}}

# %% add_first_new
{{cell:members_and_contacts}}
new = [m for m in group["members"] if m["email"].lower() != profile["email"].lower() and m["email"].lower() not in known][:1]
{{cell:add_them}}

# %% members_and_contacts
groups = all_pages(apis.splitwise.show_groups, access_token=sw)
group = [x for x in groups if x["name"] == {{group}}][0]
texts = all_pages(apis.phone.search_text_messages, access_token=ph, query={{group}})
contacts = all_pages(apis.phone.search_contacts, access_token=ph)
known = {c["email"].lower() for c in contacts}

# %% add_them
for m in new:
    first, last = m["name"].split(" ", 1)
    number = [t["sender"]["phone_number"] for t in texts if m["name"] in t["message"]][0]
    apis.phone.add_contact(access_token=ph, first_name=first, last_name=last, email=m["email"], phone_number=number, relationships=[{{label}}])
apis.supervisor.complete_task()
