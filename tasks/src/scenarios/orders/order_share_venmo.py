# "Request roommates' share of an order on Venmo" (order_share_venmo.rs): the ground truth is
# logins, find (the purifier's order, less the gift wrap fee in variant 3), request (an equal
# share, the supervisor included, noted with the order id); the wrong solutions fill `find`
# or `request` with another product, fee, share or note.

# %% logins
{{login_any}}
{{all_pages}}
az = login("amazon")
ph = login("phone")
vm = login("venmo")

# %% find
orders = all_pages(apis.amazon.show_orders, access_token=az)
target = None
for o in orders:
    names = [apis.amazon.show_product(product_id=i["product_id"])["name"] for i in o["order_items"]]
    if {{name}} in names:
        target = o
        break
cost = target["paid_amount"] - {{fee}}
mates = all_pages(apis.phone.search_contacts, access_token=ph, relationship="roommate")
print(target["order_id"], cost, [m["email"] for m in mates])

# %% request
order = apis.amazon.show_order(access_token=az, order_id=target["order_id"])
assert order["paid_amount"] == target["paid_amount"]
for m in mates:
    account = [u for u in apis.venmo.search_users(access_token=vm, query=m["first_name"] + " " + m["last_name"]) if u["email"] == m["email"]]
    assert account, m["email"]
    apis.venmo.create_payment_request(access_token=vm, user_email=m["email"], amount={{share}}, description={{note}})
apis.supervisor.complete_task()
