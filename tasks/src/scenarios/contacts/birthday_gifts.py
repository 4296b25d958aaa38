# "Birthday texts and Venmo gifts to contacts" (birthday_gifts.rs): the ground truth is logins,
# gifts (the note "Birthday gifts", its first amount, birthdays 0 to N days ahead). The wrong
# solutions change the window, the amount or the note, or greet the first one only
# (gifts_first_only).

# %% logins
{{login_any}}
{{all_pages}}
ph = login("phone")
vm = login("venmo")
sn = login("simple_note")

# %% gifts
{{cell:birthday_contacts}}
for c in chosen:
    apis.phone.send_text_message(access_token=ph, phone_number=c["phone_number"], message={{message}})
    apis.venmo.create_transaction(access_token=vm, receiver_email=c["email"], amount=amount, description={{message}})
apis.supervisor.complete_task()

# %% gifts_first_only
{{cell:birthday_contacts}}
for c in chosen[:1]:
    apis.phone.send_text_message(access_token=ph, phone_number=c["phone_number"], message={{message}})
    apis.venmo.create_transaction(access_token=vm, receiver_email=c["email"], amount=amount, description={{message}})
apis.supervisor.complete_task()

# %% birthday_contacts
import datetime, re
notes = all_pages(apis.simple_note.search_notes, access_token=sn, query="Birthday gifts")
note = [n for n in notes if n["title"] == {{title}}][0]
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
amount = float(re.findall(r"\$(\d+(?:\.\d+)?)", content)[{{amount_index}}])
today = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)["date"], "%A, %B %d, %Y").date()
contacts = all_pages(apis.phone.search_contacts, access_token=ph)
chosen = []
for c in contacts:
    if not c["birthday"]:
        continue
    b = datetime.date.fromisoformat(c["birthday"])
    try:
        nxt = b.replace(year=today.year)
    except ValueError:
        continue
    if nxt < today - datetime.timedelta(days=30):
        nxt = nxt.replace(year=today.year + 1)
    if {{lo}} <= (nxt - today).days <= {{hi}}:
        chosen.append(c)
