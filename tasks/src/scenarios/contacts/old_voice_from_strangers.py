# "Delete old voice messages from strangers" (old_voice_from_strangers.rs): the ground truth is
# logins, delete_old; each wrong solution swaps the second cell.

# %% logins
{{login_any}}
{{all_pages}}
ph = login("phone")

# %% delete_old
import datetime
now = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)["date"], "%A, %B %d, %Y")
cutoff = now - datetime.timedelta(days={{days}})
contacts = all_pages(apis.phone.search_contacts, access_token=ph)
numbers = {c["phone_number"] for c in contacts}
voice = all_pages(apis.phone.search_voice_messages, access_token=ph)
for v in voice:
    number = v["sender"]["phone_number"]
    if number == profile["phone_number"]:
        continue
    if number not in numbers and datetime.datetime.fromisoformat(v["sent_at"]) < cutoff:
        apis.phone.delete_voice_message(access_token=ph, voice_message_id=v["voice_message_id"])
apis.supervisor.complete_task()

# %% delete_old_week_early
import datetime
now = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)["date"], "%A, %B %d, %Y")
cutoff = now - datetime.timedelta(days=7) - datetime.timedelta(days={{days}})
contacts = all_pages(apis.phone.search_contacts, access_token=ph)
numbers = {c["phone_number"] for c in contacts}
voice = all_pages(apis.phone.search_voice_messages, access_token=ph)
for v in voice:
    number = v["sender"]["phone_number"]
    if number == profile["phone_number"]:
        continue
    if number not in numbers and datetime.datetime.fromisoformat(v["sent_at"]) < cutoff:
        apis.phone.delete_voice_message(access_token=ph, voice_message_id=v["voice_message_id"])
apis.supervisor.complete_task()

# %% delete_old_from_anyone
import datetime
now = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)["date"], "%A, %B %d, %Y")
cutoff = now - datetime.timedelta(days={{days}})
contacts = all_pages(apis.phone.search_contacts, access_token=ph)
numbers = {c["phone_number"] for c in contacts}
voice = all_pages(apis.phone.search_voice_messages, access_token=ph)
for v in voice:
    number = v["sender"]["phone_number"]
    if number == profile["phone_number"]:
        continue
    if datetime.datetime.fromisoformat(v["sent_at"]) < cutoff:
        apis.phone.delete_voice_message(access_token=ph, voice_message_id=v["voice_message_id"])
apis.supervisor.complete_task()

# %% delete_any_age
import datetime
now = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)["date"], "%A, %B %d, %Y")
cutoff = now - datetime.timedelta(days={{days}})
contacts = all_pages(apis.phone.search_contacts, access_token=ph)
numbers = {c["phone_number"] for c in contacts}
voice = all_pages(apis.phone.search_voice_messages, access_token=ph)
for v in voice:
    number = v["sender"]["phone_number"]
    if number == profile["phone_number"]:
        continue
    if number not in numbers:
        apis.phone.delete_voice_message(access_token=ph, voice_message_id=v["voice_message_id"])
apis.supervisor.complete_task()
