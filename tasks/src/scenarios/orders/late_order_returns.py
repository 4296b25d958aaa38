# "Return the order that arrived late" (late_order_returns.rs): the ground truth is logins,
# read (the carrier in the note), return_late (what is left of each item of the past month's
# late orders). The wrong solutions fill `return_late` with another carrier, one unit each or
# a longer window, or take every order of the month (return_every_order).
# `{{carrier}}` is empty, or the cell other_carrier (another deliverer).
# `{{logins}}` and `{{read_note}}` (the note's `content`) come from `note_vals` (mod.rs).

# %% logins
{{logins}}

# %% read
{{read_note}}
carrier = re.search(r"Pick-up: (\w+)", content).group(1)
deliverer = [d for d in apis.amazon.show_return_deliverers() if d["name"] == carrier][0]["deliverer_id"]
print(carrier, deliverer)

# %% other_carrier
deliverer = [d for d in apis.amazon.show_return_deliverers() if d["name"] == {{other}}][0]["deliverer_id"]

# %% return_late
{{cell:since_orders}}
late = [o for o in orders if o["created_at"] >= since and any(i["delivered_at"] and i["delivered_at"] > i["expected_delivery_at"] for i in o["order_items"])]
{{cell:return_each}}

# %% return_every_order
{{cell:since_orders}}
late = [o for o in orders if o["created_at"] >= since and True]
{{cell:return_each}}

# %% since_orders
{{carrier}}
since = (datetime.datetime.now() - datetime.timedelta(days={{days}})).strftime("%Y-%m-%dT%H:%M:%S")
orders = all_pages(apis.amazon.show_orders, access_token=az)

# %% return_each
for o in late:
    for i in o["order_items"]:
        left = {{left}}
        name = apis.amazon.show_product(product_id=i["product_id"])["name"]
        if left > 0:
            rid = apis.amazon.initiate_return(access_token=az, order_id=o["order_id"], product_id=i["product_id"], deliverer_id=deliverer, quantity=left)["return_id"]
            r = apis.amazon.show_return(access_token=az, return_id=rid)
            print(name, r["quantity"], r["deliverer_name"])
apis.supervisor.complete_task()
