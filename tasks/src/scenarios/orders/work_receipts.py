# "File the receipts of April's work orders" (work_receipts.rs): the ground truth is logins,
# file (every page of orders, April, the work address only); the wrong solutions fill `file`
# with any address, the first page only, or May.

# %% logins
{{login_any}}
{{all_pages}}
az = login("amazon")
fs = login("file_system")

# %% file
work = [a for a in apis.amazon.show_addresses(access_token=az) if a["name"] == "Work"][0]
work_text = "\n".join([work["street_address"], work["city"], work["state"], work["country"], str(work["zip_code"])])
orders = {{orders}}
for o in orders:
    if not o["created_at"].startswith({{month}}):
        continue
    if not {{any_address}} and o["address_text"] != work_text:
        continue
    name = {{name}}
    apis.amazon.download_order_receipt(access_token=az, order_id=o["order_id"], download_to_file_path={{folder}} + "/" + name, file_system_access_token=fs)
for path in apis.file_system.show_directory(access_token=fs, directory_path={{folder}} + "/", entry_type="files"):
    content = apis.file_system.show_file(access_token=fs, file_path=path)["content"]
    assert "Order ID: #" in content, path
apis.supervisor.complete_task()
