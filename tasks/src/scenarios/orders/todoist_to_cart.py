# "Move a Todoist shopping project into the cart" (todoist_to_cart.rs): the ground truth is
# logins, read (open tasks only), add (the noted quantities, each task completed); the wrong
# solutions read the done tasks too, add one of each, leave the tasks open (add_leave_open) or
# check out (add_and_order).

# %% logins
{{login_any}}
{{all_pages}}
td = login("todoist")
az = login("amazon")
{{cheapest}}

# %% read
projects = all_pages(apis.todoist.show_projects, access_token=td)
project = [p for p in projects if p["name"] == {{project}}][0]
listing = apis.todoist.show_tasks(access_token=td, project_id=project["project_id"])
tasks = listing["no_section_tasks"] + [t for s in listing["sections"] for t in s["tasks"]]
wanted = []
for t in tasks:
    if t["is_completed"] and {{open_only}}:
        continue
    m = re.match(r"^(.*?)(?: x(\d+))?$", t["title"].strip())
    wanted.append((t["task_id"], m.group(1).strip(), int(m.group(2) or 1)))
print(wanted)

# %% add
for task_id, name, qty in wanted:
    pick = cheapest(name)
    apis.amazon.add_product_to_cart(access_token=az, product_id=pick["product_id"], quantity={{qty}})
    apis.todoist.update_task(access_token=td, task_id=task_id, is_completed=True)
apis.supervisor.complete_task()

# %% add_leave_open
for task_id, name, qty in wanted:
    pick = cheapest(name)
    apis.amazon.add_product_to_cart(access_token=az, product_id=pick["product_id"], quantity={{qty}})
apis.supervisor.complete_task()

# %% add_and_order
for task_id, name, qty in wanted:
    pick = cheapest(name)
    apis.amazon.add_product_to_cart(access_token=az, product_id=pick["product_id"], quantity={{qty}})
    apis.todoist.update_task(access_token=td, task_id=task_id, is_completed=True)
{{valid_card}}
address_id = [a for a in apis.amazon.show_addresses(access_token=az) if a["name"] == "Home"][0]["address_id"]
apis.amazon.place_order(access_token=az, payment_card_id=card["payment_card_id"], address_id=address_id)
apis.supervisor.complete_task()
