# "Turn a note's checklist into Home tasks" (note_to_tasks.rs): the ground truth is head, read,
# home (with the variant's who_* and due_* cells filled in) and create_assigned in the
# variant's section; each wrong solution swaps one piece (`open_note` and `create` are their
# shared lines).

# %% head
{{login_any}}
{{all_pages}}
sn = login("simple_note")
td = login("todoist")
ph = login("phone")
{{today}}

# %% open_note
notes = all_pages(apis.simple_note.search_notes, access_token=sn, query={{title}})
note = [n for n in notes if n["title"] == {{title}}][0]
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
items, heading = [], None

# %% read
{{cell:open_note}}
for line in content.splitlines():
    m = re.match(r"- \[( |x)\] (.*) \((.*)\)$", line.strip())
    if m and m.group(1) == " ":
        items.append((heading, m.group(2), m.group(3)))
    elif line.strip() and not line.startswith("-"):
        heading = line.strip()

# %% read_checked_too
{{cell:open_note}}
for line in content.splitlines():
    m = re.match(r"- \[( |x)\] (.*) \((.*)\)$", line.strip())
    if m:
        items.append((heading, m.group(2), m.group(3)))
    elif line.strip() and not line.startswith("-"):
        heading = line.strip()

# %% home
home = [p for p in all_pages(apis.todoist.show_projects, access_token=td) if p["name"] == "Home"][0]
sections = {s["name"]: s["id"] for s in home["sections"] if s["name"]}
{{people}}
who["me"] = profile["email"]
{{due}}

# %% who_collaborators
who = {c["name"].split(" ")[0]: c["email"] for c in home["collaborators"]}

# %% who_contacts
contacts = all_pages(apis.phone.search_contacts, access_token=ph)
who = {c["first_name"]: c["email"] for c in contacts}

# %% due_saturday
due = (today + datetime.timedelta(days=(5 - today.weekday()) % 7)).strftime("%Y-%m-%d")

# %% due_next_friday
due = (today + datetime.timedelta(days=(4 - today.weekday()) % 7 + 7)).strftime("%Y-%m-%d")

# %% due_sunday
due = (today + datetime.timedelta(days=(6 - today.weekday()) % 7)).strftime("%Y-%m-%d")

# %% a_day_late
due = (datetime.datetime.strptime(due, "%Y-%m-%d") + datetime.timedelta(days=1)).strftime("%Y-%m-%d")

# %% create
task = apis.todoist.create_task(access_token=td, project_id=home["project_id"], section_id={{section}}, title=title, due_date=due)

# %% create_assigned
for heading, title, name in items:
    {{cell:create}}
    apis.todoist.assign_or_unassign_task(access_token=td, task_id=task["task_id"], assignee_email=who[name])
apis.supervisor.complete_task()

# %% create_assigned_to_me
for heading, title, name in items:
    {{cell:create}}
    apis.todoist.assign_or_unassign_task(access_token=td, task_id=task["task_id"], assignee_email=who["me"])
apis.supervisor.complete_task()

# %% create_unassigned
for heading, title, name in items:
    {{cell:create}}
apis.supervisor.complete_task()

# %% chores_section
sections["Chores"]

# %% heading_section
sections[heading]

# %% no_section
None
