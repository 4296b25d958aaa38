# "Pay the spouse back for the groceries they texted about" (spouse_groceries.rs): the ground
# truth is logins, find, pay (amount owed, note "Groceries"). The wrong solutions read the
# older text (find_oldest), pay another amount or note, or request the money instead.

# %% logins
{{login_any}}
{{all_pages}}
ph = login("phone")
vm = login("venmo")

# %% grocery_texts
sp = all_pages(apis.phone.search_contacts, access_token=ph, relationship={{label}})[0]
msgs = all_pages(apis.phone.search_text_messages, access_token=ph, phone_number=sp["phone_number"], query="groceries")
msgs = [m for m in msgs if m["sender"]["phone_number"] == sp["phone_number"] and "grocer" in m["message"].lower()]

# %% owed
total = float(re.search(r"\$([0-9]+\.[0-9][0-9])", latest["message"]).group(1))
owed = total if "whole" in latest["message"] else round(total / 2, 2)

# %% find
{{cell:grocery_texts}}
latest = max(msgs, key=lambda m: m["sent_at"])
{{cell:owed}}

# %% find_oldest
{{cell:grocery_texts}}
latest = min(msgs, key=lambda m: m["sent_at"])
{{cell:owed}}

# %% pay
apis.venmo.create_transaction(access_token=vm, receiver_email=sp["email"], amount={{amount}}, description={{note}})
apis.supervisor.complete_task()

# %% request
apis.venmo.create_payment_request(access_token=vm, user_email=sp["email"], amount=owed, description="Groceries")
apis.supervisor.complete_task()
