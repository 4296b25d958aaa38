# "Pay the housemate who did my Home chores" (pay_for_chores.rs): the ground truth is logins,
# count (with since_ever, or since_month_start in variant 3) and pay; each wrong solution swaps
# one cell or appends a step to it (all_to_top_helper).

# %% logins
{{login_any}}
{{all_pages}}
td = login("todoist")
vm = login("venmo")
{{flat}}

# %% since_ever
since = ""

# %% since_month_start
ph = login("phone")
today = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)["date"], "%A, %B %d, %Y").date()
since = today.replace(day=1).strftime("%Y-%m-%d")

# %% home
me = apis.todoist.show_account(access_token=td)["email"]
{{since}}
home = [q for q in all_pages(apis.todoist.show_projects, access_token=td) if q["name"] == "Home"][0]

# %% tally
count = {}
for t in mine:
    helpers = {c["user"]["email"] for c in all_pages(apis.todoist.show_task_comments, access_token=td, task_id=t["task_id"]) if c["user"]["email"] != me and c["created_at"] >= since}
    for h in helpers:
        count[h] = count.get(h, 0) + 1
print(count)

# %% count
{{cell:home}}
mine = flat(apis.todoist.show_tasks(access_token=td, project_id=home["project_id"], assignee_email=me, is_completed=True))
{{cell:tally}}

# %% count_open_too
{{cell:home}}
mine = flat(apis.todoist.show_tasks(access_token=td, project_id=home["project_id"], assignee_email=me))
{{cell:tally}}

# %% count_for_others_too
{{cell:home}}
mine = flat(apis.todoist.show_tasks(access_token=td, project_id=home["project_id"], is_completed=True))
{{cell:tally}}

# %% count_last_month_too
{{cell:home}}
mine = flat(apis.todoist.show_tasks(access_token=td, project_id=home["project_id"], assignee_email=me, is_completed=True))
count = {}
for t in mine:
    helpers = {c["user"]["email"] for c in all_pages(apis.todoist.show_task_comments, access_token=td, task_id=t["task_id"]) if c["user"]["email"] != me}
    for h in helpers:
        count[h] = count.get(h, 0) + 1
print(count)

# %% all_to_top_helper
top = max(count, key=count.get)
count = {top: len(mine)}

# %% pay
for email, n in count.items():
    apis.venmo.create_transaction(access_token=vm, receiver_email=email, amount=n * {{rate}}, description={{note}})
apis.supervisor.complete_task()

# %% pay_each_chore
for email, n in count.items():
    for k in range(n):
        apis.venmo.create_transaction(access_token=vm, receiver_email=email, amount={{rate}}, description={{note}})
apis.supervisor.complete_task()
