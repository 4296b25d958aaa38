# "Put last week's order on Splitwise" (order_on_splitwise.rs): the ground truth is logins,
# find (which = vacuum_order), then one cell joined from amount_paid (amount_shared in variant
# 2), download and record_with_receipt in variant 3 (record otherwise), with debtors =
# everyone. Each wrong solution fills another order (newest_order), debtors (only_mate) or
# amount (amount_items, amount_paid), or records without the receipt.

# %% logins
{{login_any}}
{{all_pages}}
az = login("amazon")
sw = login("splitwise")
fs = login("file_system")

# %% find
orders = all_pages(apis.amazon.show_orders, access_token=az)
week_ago = (datetime.datetime.now() - datetime.timedelta(days=10)).isoformat()
recent = [o for o in orders if o["created_at"] >= week_ago]
order = {{which}}
print(order["order_id"], order["name"], order["paid_amount"])
group = [g for g in all_pages(apis.splitwise.show_groups, access_token=sw) if g["name"] == "Roommates"][0]
members = [m["email"] for m in group["members"]]

# %% vacuum_order
[o for o in recent if "vacuum cleaner" in o["name"]][0]

# %% newest_order
max(recent, key=lambda o: o["created_at"])

# %% amount_paid
amount = order["paid_amount"]

# %% amount_shared
amount = round(sum(i["price"] * i["ordered_quantity"] for i in order["order_items"] if apis.amazon.show_product(product_id=i["product_id"])["product_type"] != "headphones") * 1.1, 2)

# %% amount_items
amount = sum(i["price"] * i["ordered_quantity"] for i in order["order_items"])

# %% download
path = apis.amazon.download_order_receipt(access_token=az, order_id=order["order_id"], file_system_access_token=fs)["file_path"]

# %% record
apis.splitwise.record_expense(access_token=sw, description={{description}}, paid_amount=amount, payer_email=profile["email"], debtor_emails={{debtors}}, group_id=group["group_id"])
apis.supervisor.complete_task()

# %% record_with_receipt
apis.splitwise.record_expense(access_token=sw, description={{description}}, paid_amount=amount, payer_email=profile["email"], debtor_emails={{debtors}}, group_id=group["group_id"], receipt_file_path=path, file_system_access_token=fs)
apis.supervisor.complete_task()

# %% everyone
members

# %% only_mate
[m for m in members if m != profile["email"]]
