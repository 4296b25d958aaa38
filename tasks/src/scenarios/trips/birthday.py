# "Money, a text and a card task for the friend with the next birthday" (birthday.rs): the
# ground truth is logins, then pick joined from upcoming (people = friends), soonest, show,
# then act joined from send and text_and_task (days = 2). Each wrong solution takes furthest,
# request, another due day, or every contact (people = everyone).

# %% logins
{{login_any}}
{{all_pages}}
ph = login("phone")
vm = login("venmo")
td = login("todoist")

# %% upcoming
from datetime import datetime, timedelta
today = datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)["date"], "%A, %B %d, %Y")
people = [c for c in {{people}} if c["birthday"]]
def next_bday(c):
    b = datetime.strptime(c["birthday"][:10], "%Y-%m-%d")
    d = b.replace(year=today.year)
    if d <= today:
        d = d.replace(year=today.year + 1)
    return d

# %% soonest
f = min(people, key=next_bday)

# %% furthest
f = max(people, key=next_bday)

# %% show
bday = next_bday(f)
print(f["first_name"], f["last_name"], bday)

# %% friends
all_pages(apis.phone.search_contacts, access_token=ph, relationship="friend")

# %% everyone
all_pages(apis.phone.search_contacts, access_token=ph)

# %% send
apis.venmo.create_transaction(access_token=vm, receiver_email=f["email"], amount={{amount}}, description={{note}})

# %% request
apis.venmo.create_payment_request(access_token=vm, user_email=f["email"], amount={{amount}}, description={{note}})

# %% text_and_task
apis.phone.send_text_message(access_token=ph, phone_number=f["phone_number"], message={{text}})
inbox = next(x for x in all_pages(apis.todoist.show_projects, access_token=td) if x["is_inbox"])
apis.todoist.create_task(access_token=td, project_id=inbox["project_id"], title=f"Get a birthday card for {f['first_name']}", due_date=(bday - timedelta(days={{days}})).strftime("%Y-%m-%d"))
apis.supervisor.complete_task()
