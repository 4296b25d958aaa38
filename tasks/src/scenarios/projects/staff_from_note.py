# "Staff a project from a note" (staff_from_note.rs): the ground truth is logins, read, people,
# apply; each wrong solution swaps the apply cell.

# %% logins
{{login_any}}
{{all_pages}}
sn = login("simple_note")
ph = login("phone")
td = login("todoist")
{{flat}}

# %% read
note = [n for n in all_pages(apis.simple_note.search_notes, access_token=sn, query={{title}}) if n["title"] == {{title}}][0]
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
plan = {}
for line in content.split("\n")[1:]:
    if ": " in line:
        task, who = line.split(": ", 1)
        plan[task.strip()] = who.strip()
print(plan)

# %% people
me = apis.todoist.show_account(access_token=td)["email"]
proj = [q for q in all_pages(apis.todoist.show_projects, access_token=td) if q["name"] == {{project}}][0]
members = {c["email"] for c in apis.todoist.show_project(access_token=td, project_id=proj["project_id"])["collaborators"]}
emails = {}
for who in set(plan.values()):
    if who == "me":
        emails[who] = me
        continue
    emails[who] = [c for c in all_pages(apis.phone.search_contacts, access_token=ph, query=who) if c["first_name"] + " " + c["last_name"] == who][0]["email"]
print(emails)

# %% assign_or_invite
if e in members:
    apis.todoist.assign_or_unassign_task(access_token=td, task_id=t["task_id"], assignee_email=e)
elif e not in invited:
    apis.todoist.send_project_invite(access_token=td, project_id=proj["project_id"], email=e)
    invited.add(e)

# %% apply
invited = set()
for t in flat(apis.todoist.show_tasks(access_token=td, project_id=proj["project_id"])):
    who = plan.get(t["title"])
    if who is None:
        continue
    e = emails[who]
    {{cell:assign_or_invite}}
apis.supervisor.complete_task()

# %% apply_skipping_me
invited = set()
for t in flat(apis.todoist.show_tasks(access_token=td, project_id=proj["project_id"])):
    who = plan.get(t["title"])
    if who is None:
        continue
    e = emails[who]
    if e == me:
        continue
    {{cell:assign_or_invite}}
apis.supervisor.complete_task()

# %% apply_assigning_me_meanwhile
invited = set()
for t in flat(apis.todoist.show_tasks(access_token=td, project_id=proj["project_id"])):
    who = plan.get(t["title"])
    if who is None:
        continue
    e = emails[who]
    {{cell:assign_or_invite}}
    if e not in members:
        apis.todoist.assign_or_unassign_task(access_token=td, task_id=t["task_id"], assignee_email=me)
apis.supervisor.complete_task()

# %% apply_inviting_nobody
invited = set()
for t in flat(apis.todoist.show_tasks(access_token=td, project_id=proj["project_id"])):
    who = plan.get(t["title"])
    if who is None:
        continue
    e = emails[who]
    if e in members:
        apis.todoist.assign_or_unassign_task(access_token=td, task_id=t["task_id"], assignee_email=e)
    elif False:
        apis.todoist.send_project_invite(access_token=td, project_id=proj["project_id"], email=e)
        invited.add(e)
apis.supervisor.complete_task()

# %% apply_by_position
invited = set()
for t, who in zip(flat(apis.todoist.show_tasks(access_token=td, project_id=proj["project_id"])), list(plan.values())):
    if who is None:
        continue
    e = emails[who]
    {{cell:assign_or_invite}}
apis.supervisor.complete_task()
