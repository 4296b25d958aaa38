# "What did I pay for the orders shipped to work?" (work_orders.rs): the ground truth is
# logins, then answer filled with orders = all_orders, keep = to_work, the start date and
# value = paid_total (units_kept in variant 3). Each wrong solution fills one of them with
# another cell (first_orders, anywhere, units_ordered) or an earlier date.

# %% logins
{{login_any}}
{{all_pages}}
az = login("amazon")

# %% answer
work = [a for a in apis.amazon.show_addresses(access_token=az) if a["name"] == "Work"][0]["address_id"]
orders = {{orders}}
mine = [o for o in orders if {{keep}} and o["created_at"] >= {{since}}]
answer = {{value}}
apis.supervisor.complete_task(answer=answer)

# %% all_orders
all_pages(apis.amazon.show_orders, access_token=az)

# %% first_orders
apis.amazon.show_orders(access_token=az)

# %% to_work
o["address_id"] == work

# %% anywhere
True

# %% paid_total
round(sum(o["paid_amount"] for o in mine), 2)

# %% units_kept
sum(i["ordered_quantity"] - i["returned_quantity"] for o in mine for i in o["order_items"])

# %% units_ordered
sum(i["ordered_quantity"] for o in mine for i in o["order_items"])
