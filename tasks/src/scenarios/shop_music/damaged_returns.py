# "Return the damaged units of my latest delivery" (damaged_returns.rs): the ground truth is
# logins, read, then one cell joined from act, latest_order, initiate (act filled with the
# damaged dict the Rust builds and the deliverer). Each wrong solution takes oldest_order or
# fills another deliverer or dict. act ends inside the loop; the order piece and the first line
# of initiate are its body.

# %% logins
{{login_any}}
{{all_pages}}
sn = login("simple_note")
az = login("amazon")

# %% read
notes = apis.simple_note.search_notes(access_token=sn, query={{title}}, page_limit=20)
note = [n for n in notes if n["title"] == {{title}}][0]
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
print(content)

# %% act
damaged = {{damaged}}
orders = all_pages(apis.amazon.show_orders, access_token=az)
deliverer = [d for d in apis.amazon.show_return_deliverers() if d["name"] == {{deliverer}}][0]["deliverer_id"]
for name, qty in damaged.items():
    assert name in content
    pid = [r for r in apis.amazon.search_products(query=name, page_limit=20) if r["name"] == name][0]["product_id"]
    having = [o for o in orders if any(i["product_id"] == pid for i in o["order_items"])]

# %% latest_order
    order = max(having, key=lambda o: o["created_at"])

# %% oldest_order
    order = min(having, key=lambda o: o["created_at"])

# %% initiate
    apis.amazon.initiate_return(access_token=az, order_id=order["order_id"], product_id=pid, deliverer_id=deliverer, quantity=qty)
apis.supervisor.complete_task()
