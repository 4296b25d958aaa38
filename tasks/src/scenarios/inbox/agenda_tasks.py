# "Add my e-mailed action items to Todoist" (agenda_tasks.rs): the ground truth is logins,
# find (the latest action-items thread of the manager), parse (the supervisor's items, `{{who}}`
# the owners taken; replies correct due dates), create. The wrong solutions take every item
# (parse_all), April's thread (find_oldest), no due dates (create_undated), no corrections
# (parse_ignoring_replies) or leave the items for everyone out.

# %% logins
{{login_any}}
{{all_pages}}
gm = login("gmail")
ph = login("phone")
td = login("todoist")

# %% find
boss = all_pages(apis.phone.search_contacts, access_token=ph, relationship="manager")[0]["email"]
threads = all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=boss, query="action items")
thread = max([t for t in threads if "action items" in t["subject"].lower()], key=lambda t: t["created_at"])
emails = sorted(apis.gmail.show_thread(access_token=gm, email_thread_id=thread["email_thread_id"])["emails"], key=lambda e: e["created_at"])

# %% find_oldest
boss = all_pages(apis.phone.search_contacts, access_token=ph, relationship="manager")[0]["email"]
threads = all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=boss, query="action items")
thread = min([t for t in threads if "action items" in t["subject"].lower()], key=lambda t: t["created_at"])
emails = sorted(apis.gmail.show_thread(access_token=gm, email_thread_id=thread["email_thread_id"])["emails"], key=lambda e: e["created_at"])

# %% parse
{{cell:parse_head}}
{{cell:mine}}
{{cell:corrections}}

# %% parse_all
{{cell:parse_head}}
for t, o, d in re.findall(r"- (.+) \((\w+), due (\w+ \d+)\)", emails[0]["body"]):
    if True:
        items[t] = day(d)
{{cell:corrections}}

# %% parse_ignoring_replies
{{cell:parse_head}}
{{cell:mine}}
for e in []:
    for t, d in re.findall(r'"(.+?)" is now due (\w+ \d+)', e["body"]):
        if t in items:
            items[t] = day(d)

# %% create
inbox = [q for q in all_pages(apis.todoist.show_projects, access_token=td) if q["is_inbox"]][0]
for t, d in items.items():
    apis.todoist.create_task(access_token=td, project_id=inbox["project_id"], title=t, due_date=d)
apis.supervisor.complete_task()

# %% create_undated
inbox = [q for q in all_pages(apis.todoist.show_projects, access_token=td) if q["is_inbox"]][0]
for t, d in items.items():
    apis.todoist.create_task(access_token=td, project_id=inbox["project_id"], title=t)
apis.supervisor.complete_task()

# %% parse_head
def day(s):
    return datetime.datetime.strptime(s + " 2023", "%B %d %Y").strftime("%Y-%m-%d")
items = {}

# %% mine
for t, o, d in re.findall(r"- (.+) \((\w+), due (\w+ \d+)\)", emails[0]["body"]):
    if o in {{who}}:
        items[t] = day(d)

# %% corrections
for e in emails[1:]:
    for t, d in re.findall(r'"(.+?)" is now due (\w+ \d+)', e["body"]):
        if t in items:
            items[t] = day(d)
