# "Delete old voice messages from strangers" (old_voice_from_strangers.rs): the ground truth is
# logins, delete_old with the condition old_stranger; the wrong solutions take the cut-off a
# week early (delete_old_week_early) or delete on another condition (old, stranger).

# %% logins
{{login_any}}
{{all_pages}}
ph = login("phone")

# %% delete_old
{{cell:now}}
cutoff = now - datetime.timedelta(days={{days}})
{{cell:delete_where}}

# %% delete_old_week_early
{{cell:now}}
cutoff = now - datetime.timedelta(days=7) - datetime.timedelta(days={{days}})
{{cell:delete_where}}

# %% now
import datetime
now = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)["date"], "%A, %B %d, %Y")

# %% delete_where
contacts = all_pages(apis.phone.search_contacts, access_token=ph)
numbers = {c["phone_number"] for c in contacts}
voice = all_pages(apis.phone.search_voice_messages, access_token=ph)
for v in voice:
    number = v["sender"]["phone_number"]
    if number == profile["phone_number"]:
        continue
    if {{condition}}:
        apis.phone.delete_voice_message(access_token=ph, voice_message_id=v["voice_message_id"])
apis.supervisor.complete_task()

# %% old_stranger
number not in numbers and datetime.datetime.fromisoformat(v["sent_at"]) < cutoff

# %% old
datetime.datetime.fromisoformat(v["sent_at"]) < cutoff

# %% stranger
number not in numbers
