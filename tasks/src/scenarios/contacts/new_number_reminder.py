# "Save a texted new number and remind about a Venmo request" (new_number_reminder.rs): the
# ground truth is logins, find (variant 2: find_with_last_name), update_and_remind with pick 0
# (the newest number) and who c["email"]. The wrong solutions take the older number, remind
# someone else, or send no reminder (update_only).

# %% logins
{{login_any}}
{{all_pages}}
ph = login("phone")
vm = login("venmo")

# %% find
{{cell:search}}
c = [x for x in contacts if x["first_name"] == {{name}}][0]
{{cell:numbered}}

# %% find_with_last_name
{{cell:search}}
c = [x for x in contacts if x["first_name"] == {{name}} and x["last_name"] == {{last_name}}][0]
{{cell:numbered}}

# %% search
import re
contacts = all_pages(apis.phone.search_contacts, access_token=ph, query={{name}})

# %% numbered
texts = all_pages(apis.phone.show_text_message_window, access_token=ph, phone_number=c["phone_number"])
numbered = [t for t in texts if t["sender"]["phone_number"] == c["phone_number"] and re.search(r"\d{10}", t["message"])]
numbered.sort(key=lambda t: t["sent_at"], reverse=True)

# %% update_and_remind
{{cell:update}}
for r in reqs:
    if r["receiver"]["email"] == email and r["approved_at"] is None and r["denied_at"] is None:
        apis.venmo.remind_payment_request(access_token=vm, payment_request_id=r["payment_request_id"])
apis.supervisor.complete_task()

# %% update_only
{{cell:update}}
for r in reqs:
    if r["receiver"]["email"] == email and r["approved_at"] is None and r["denied_at"] is None:
        pass
apis.supervisor.complete_task()

# %% update
new = re.search(r"\d{10}", numbered[{{pick}}]["message"]).group(0)
email = {{who}}
apis.phone.update_contact(access_token=ph, contact_id=c["contact_id"], phone_number=new)
reqs = all_pages(apis.venmo.show_sent_payment_requests, access_token=vm)
