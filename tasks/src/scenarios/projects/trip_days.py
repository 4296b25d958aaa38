# "A project with a task per day of a trip" (trip_days.rs): the ground truth is logins, read,
# create (create_prioritised in variant 3) and invite (variant 2) or done; each wrong solution
# swaps one cell.

# %% logins
{{login_any}}
{{all_pages}}
fs = login("file_system")
td = login("todoist")
ph = login("phone")

# %% itineraries
today = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)["date"], "%A, %B %d, %Y").date()
its = [q for q in apis.file_system.show_directory(access_token=fs, directory_path="~/documents/trips/", entry_type="files") if {{city}} in q.lower() and q.endswith("itinerary.txt")]
trips = []
for q in its:
    content = apis.file_system.show_file(access_token=fs, file_path=q)["content"]
    start = datetime.datetime.strptime(re.search(r"Dates: (\S+) to", content).group(1), "%Y-%m-%d").date()
    trips.append((start, content))

# %% travellers
travellers = re.search(r"Travelers: (.+)", content).group(1).split(", ")
print(start, plan, travellers)

# %% parse
lines = content.split("\n")
plan = [l[2:].split(": ", 1)[1] for l in lines[lines.index("Plan:") + 1:] if l.startswith("- ")]
{{cell:travellers}}

# %% read
{{cell:itineraries}}
start, content = min(t for t in trips if t[0] >= today)
{{cell:parse}}

# %% read_last_year
{{cell:itineraries}}
start, content = min(trips)
{{cell:parse}}

# %% read_with_dates
{{cell:itineraries}}
start, content = min(t for t in trips if t[0] >= today)
lines = content.split("\n")
plan = [l[2:] for l in lines[lines.index("Plan:") + 1:] if l.startswith("- ")]
{{cell:travellers}}

# %% project
existing = [q for q in all_pages(apis.todoist.show_projects, access_token=td) if q["name"] == {{name}}]
pid = existing[0]["project_id"] if existing else apis.todoist.create_project(access_token=td, name={{name}})["project_id"]

# %% create
{{cell:project}}
for k, what in enumerate(plan):
    apis.todoist.create_task(access_token=td, project_id=pid, title=what, due_date=(start + datetime.timedelta(days=k)).strftime("%Y-%m-%d"))

# %% create_a_day_early
{{cell:project}}
for k, what in enumerate(plan):
    apis.todoist.create_task(access_token=td, project_id=pid, title=what, due_date=(start + datetime.timedelta(days=k - 1)).strftime("%Y-%m-%d"))

# %% create_without_departure
{{cell:project}}
for k, what in enumerate(plan[:-1]):
    apis.todoist.create_task(access_token=td, project_id=pid, title=what, due_date=(start + datetime.timedelta(days=k)).strftime("%Y-%m-%d"))

# %% create_prioritised
{{cell:project}}
for k, what in enumerate(plan):
    apis.todoist.create_task(access_token=td, project_id=pid, title=what, due_date=(start + datetime.timedelta(days=k)).strftime("%Y-%m-%d"), priority=("high" if k in (0, len(plan) - 1) else "low"))

# %% create_prioritised_a_day_early
{{cell:project}}
for k, what in enumerate(plan):
    apis.todoist.create_task(access_token=td, project_id=pid, title=what, due_date=(start + datetime.timedelta(days=k - 1)).strftime("%Y-%m-%d"), priority=("high" if k in (0, len(plan) - 1) else "low"))

# %% create_prioritised_without_departure
{{cell:project}}
for k, what in enumerate(plan[:-1]):
    apis.todoist.create_task(access_token=td, project_id=pid, title=what, due_date=(start + datetime.timedelta(days=k)).strftime("%Y-%m-%d"), priority=("high" if k in (0, len(plan) - 1) else "low"))

# %% create_prioritising_arrival
{{cell:project}}
for k, what in enumerate(plan):
    apis.todoist.create_task(access_token=td, project_id=pid, title=what, due_date=(start + datetime.timedelta(days=k)).strftime("%Y-%m-%d"), priority=("high" if k == 0 else "low"))

# %% invite_one
c = [c for c in all_pages(apis.phone.search_contacts, access_token=ph, query=t) if c["first_name"] + " " + c["last_name"] == t][0]
apis.todoist.send_project_invite(access_token=td, project_id=pid, email=c["email"])

# %% invite
me = profile["first_name"] + " " + profile["last_name"]
for t in travellers:
    if t == me:
        continue
    {{cell:invite_one}}
apis.supervisor.complete_task()

# %% invite_organizer
me = profile["first_name"] + " " + profile["last_name"]
for t in travellers[:1]:
    if t == me:
        continue
    {{cell:invite_one}}
apis.supervisor.complete_task()

# %% done
apis.supervisor.complete_task()
