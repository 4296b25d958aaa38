# "Set an alarm from a message" (alarm_from_message.rs): the ground truth is logins, then
# who_by_relationship (who_by_name in variant 3), find_in_texts (find_in_voice in variant 3)
# with the newest message, and alarm (alarm_and_reply in variant 3); the wrong solutions take
# another message, offset or label, or do not reply.

# %% logins
{{login_any}}
{{all_pages}}
ph = login("phone")

# %% who_by_relationship
other = all_pages(apis.phone.search_contacts, access_token=ph, relationship="{{relationship}}")[0]["phone_number"]

# %% who_by_name
other = [c for c in all_pages(apis.phone.search_contacts, access_token=ph, query={{name}}) if c["first_name"] == {{name}}][0]["phone_number"]

# %% find_in_texts
msgs = all_pages(apis.phone.show_text_message_window, access_token=ph, phone_number=other)
{{cell:time_in_message}}

# %% find_in_voice
msgs = all_pages(apis.phone.show_voice_message_window, access_token=ph, phone_number=other)
{{cell:time_in_message}}

# %% time_in_message
timed = [x for x in msgs if x["sender"]["phone_number"] == other and re.search(r"\d{1,2}:\d{2}", x["message"])]
timed.sort(key=lambda x: x["sent_at"], reverse=True)
msg = timed[{{pick}}]["message"]
hh, mm, half = re.search(r"(\d{1,2}):(\d{2})\s*(AM|PM)?", msg).groups()
hh, mm = int(hh) % 12 + (12 if half == "PM" else 0) if half else int(hh), int(mm)

# %% set_alarm
t = datetime.datetime(2000, 1, 1, hh, mm) + datetime.timedelta(minutes={{offset}})
apis.phone.create_alarm(access_token=ph, time=t.strftime("%H:%M"), label={{label}})

# %% alarm
{{cell:set_alarm}}
apis.supervisor.complete_task()

# %% alarm_and_reply
{{cell:set_alarm}}
apis.phone.send_text_message(access_token=ph, phone_number=other, message="See you at the airport!")
apis.supervisor.complete_task()
