# "Request ticket money from friends who replied yes" (ticket_requests.rs): the ground truth
# is logins, find (the supervisor's e-mail about the band), decide (who is in, and for how many
# tickets, as the replies stand at the end; `{{on_drop_out}}` is the drop_out cell), request.
# The wrong solutions ask everyone the e-mail went to (owe_recipients) or who replied
# (owe_repliers), write another note, miss a later drop-out (decide with keep_drop_out) or ask
# for one ticket each.

# %% logins
{{login_any}}
{{all_pages}}
gm = login("gmail")
vm = login("venmo")

# %% find
threads = all_pages(apis.gmail.show_outbox_threads, access_token=gm, query={{band}})
thread = [t for t in threads if {{band}} in t["subject"]][0]
emails = apis.gmail.show_thread(access_token=gm, email_thread_id=thread["email_thread_id"])["emails"]

# %% decide
owe = {}
for e in sorted(emails, key=lambda e: e["created_at"]):
    who = e["sender"]["email"]
    if who == profile["email"]:
        continue
    body = e["body"].lower()
    if "can't" in body or "count me out" in body:
        {{on_drop_out}}
    elif "i'm in" in body:
        m = re.search(r"get (\d+) tickets", body)
        owe[who] = int(m.group(1)) if m else 1

# %% drop_out
owe.pop(who, None)

# %% keep_drop_out
pass

# %% owe_recipients
owe = {r["email"]: 1 for r in emails[0]["recipients"] if r["email"] != profile["email"]}

# %% owe_repliers
owe = {e["sender"]["email"]: 1 for e in emails if e["sender"]["email"] != profile["email"]}

# %% request
for who, k in owe.items():
    apis.venmo.create_payment_request(access_token=vm, user_email=who, amount={{amount}}, description={{note}})
apis.supervisor.complete_task()
