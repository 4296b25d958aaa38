# "A CSV of a month's Venmo payments" (venmo_csv.rs): the ground truth is the Rust fs_login()
# cell, then write filled with contacts = all_contacts, fetch = all_txs, keep = sent (or
# sent_or_received), when = in_month, amount = plain (or signed) and name = saved_name. Each
# wrong solution fills one of them with another cell (first_contacts and first_txs, bad_bounds,
# venmo_name, sent_or_received with plain).

# %% write
vm = login("venmo")
ph = login("phone")
book = {c["email"]: c["first_name"] + " " + c["last_name"] for c in {{contacts}}}
me = profile["email"]
{{fetch}}
rows = [t for t in txs if ({{keep}}) and {{when}}]
rows.sort(key=lambda t: t["created_at"])
lines = ["date,name,amount"]
for t in rows:
    other = t["receiver"] if t["sender"]["email"] == me else t["sender"]
    lines.append(t["created_at"][:10] + "," + {{name}} + "," + format({{amount}}, ".2f"))
apis.file_system.create_file(access_token=fs, file_path={{path}}, content="\n".join(lines))
apis.supervisor.complete_task()

# %% all_contacts
all_pages(apis.phone.search_contacts, access_token=ph)

# %% first_contacts
apis.phone.search_contacts(access_token=ph)

# %% all_txs
txs = all_pages(apis.venmo.show_transactions, access_token=vm)

# %% first_txs
txs = apis.venmo.show_transactions(access_token=vm)

# %% sent
t["sender"]["email"] == me

# %% sent_or_received
t["sender"]["email"] == me or t["receiver"]["email"] == me

# %% in_month
t["created_at"][:7] == {{month}}

# %% bad_bounds
{{first}} <= t["created_at"] <= {{last}}

# %% signed
(-t["amount"] if t["sender"]["email"] == me else t["amount"])

# %% plain
t["amount"]

# %% saved_name
book.get(other["email"], other["name"])

# %% venmo_name
other["name"]
