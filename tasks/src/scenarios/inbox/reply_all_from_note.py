# "Reply to all with the answer from my notes" (reply_all_from_note.rs): the ground truth is
# logins, note (the answer `{{key}}` finds in the note), find (the thread and everyone in it),
# reply_all. The wrong solutions reply to the last sender only (reply_sender), read the older
# note, or write to the asker in a new thread (new_thread).

# %% logins
{{login_any}}
{{all_pages}}
gm = login("gmail")
nt = login("simple_note")

# %% note
notes = all_pages(apis.simple_note.search_notes, access_token=nt, query={{query}})
note = [n for n in notes if n["title"] == {{title}}][0]
content = apis.simple_note.show_note(access_token=nt, note_id=note["note_id"])["content"]
answer = re.search({{key}}, content).group(1)

# %% find
threads = all_pages(apis.gmail.show_inbox_threads, access_token=gm, query={{subject}})
thread = [t for t in threads if t["subject"].endswith({{subject}})][0]
emails = sorted(apis.gmail.show_thread(access_token=gm, email_thread_id=thread["email_thread_id"])["emails"], key=lambda e: e["created_at"])
people = []
for e in emails:
    for x in [e["sender"]] + e["recipients"]:
        if x["email"] != profile["email"] and x["email"] not in people:
            people.append(x["email"])

# %% reply_all
apis.gmail.reply_to_email(access_token=gm, email_thread_id=thread["email_thread_id"], email_id=emails[-1]["email_id"], body=f"Hi all, it's {answer}.", email_addresses=people)
apis.supervisor.complete_task()

# %% reply_sender
apis.gmail.reply_to_email(access_token=gm, email_thread_id=thread["email_thread_id"], email_id=emails[-1]["email_id"], body=f"Hi all, it's {answer}.")
apis.supervisor.complete_task()

# %% new_thread
apis.gmail.send_email(access_token=gm, email_addresses=[emails[0]["sender"]["email"]], subject={{subject}}, body=f"Hi, it's {answer}.")
apis.supervisor.complete_task()
