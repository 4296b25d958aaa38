# "Count this month's voice messages from someone" (count_voice.rs): the ground truth is logins,
# find_by_relation (variant 3: find_nickname), count with since the first of the month. The
# wrong solutions count the last 30 days, my own message too (count_own_too) or texts too
# (count_with_texts).

# %% logins
{{login_any}}
{{all_pages}}
ph = login("phone")

# %% find_by_relation
who = all_pages(apis.phone.search_contacts, access_token=ph, relationship={{relation}})[0]

# %% find_nickname
contacts = all_pages(apis.phone.search_contacts, access_token=ph, query="Ziggy")
who = [c for c in contacts if c["first_name"] == "Ziggy"][0]

# %% count
{{cell:voice_from_them}}
apis.supervisor.complete_task(answer=count)

# %% count_own_too
{{cell:window}}
count = len([v for v in voice if True and datetime.datetime.fromisoformat(v["sent_at"]) >= since])
apis.supervisor.complete_task(answer=count)

# %% count_with_texts
{{cell:voice_from_them}}
texts = all_pages(apis.phone.show_text_message_window, access_token=ph, phone_number=who["phone_number"])
count += len([t for t in texts if t["sender"]["phone_number"] == who["phone_number"] and datetime.datetime.fromisoformat(t["sent_at"]) >= since])
apis.supervisor.complete_task(answer=count)

# %% voice_from_them
{{cell:window}}
count = len([v for v in voice if v["sender"]["phone_number"] == who["phone_number"] and datetime.datetime.fromisoformat(v["sent_at"]) >= since])

# %% window
import datetime
today = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)["date"], "%A, %B %d, %Y")
since = {{since}}
voice = all_pages(apis.phone.show_voice_message_window, access_token=ph, phone_number=who["phone_number"])
