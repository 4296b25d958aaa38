# "Send my manager a coworker's e-mailed files" (files_to_manager.rs): the ground truth is
# logins, who (the coworker by nickname, the manager), collect (the coworker's attachments
# since `{{since}}` that pass `{{keep}}`), save, send. The wrong solutions take every e-mail of
# the coworker (collect_all), every coworker's (who_then_anyone, collect_from_anyone), write
# to the coworker (send_to_coworker) or look at this month only.

# %% logins
{{login_any}}
{{all_pages}}
gm = login("gmail")
ph = login("phone")
fs = login("file_system")
today = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)["date"], "%A, %B %d, %Y").date()

# %% who
cw = [c for c in all_pages(apis.phone.search_contacts, access_token=ph, query={{nick}}) if c["first_name"] == {{nick}}][0]["email"]
boss = all_pages(apis.phone.search_contacts, access_token=ph, relationship="manager")[0]["email"]

# %% who_then_anyone
cw = [c for c in all_pages(apis.phone.search_contacts, access_token=ph, query={{nick}}) if c["first_name"] == {{nick}}][0]["email"]
boss = all_pages(apis.phone.search_contacts, access_token=ph, relationship="manager")[0]["email"]
cw = None

# %% collect
threads = all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=cw, attachment=True)
files = []
for t in threads:
    for e in apis.gmail.show_thread(access_token=gm, email_thread_id=t["email_thread_id"])["emails"]:
        if e["sender"]["email"] == cw and e["created_at"][:10] >= {{since}}:
            files += [a for a in e["attachments"] if {{keep}}]

# %% collect_all
threads = all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=cw, attachment=True)
files = []
for t in threads:
    for e in apis.gmail.show_thread(access_token=gm, email_thread_id=t["email_thread_id"])["emails"]:
        if e["sender"]["email"] == cw:
            files += [a for a in e["attachments"] ]

# %% collect_from_anyone
threads = all_pages(apis.gmail.show_inbox_threads, access_token=gm, attachment=True)
files = []
for t in threads:
    for e in apis.gmail.show_thread(access_token=gm, email_thread_id=t["email_thread_id"])["emails"]:
        if e["sender"]["email"] != profile["email"] and e["sender"]["email"] != boss and e["created_at"][:10] >= {{since}}:
            files += [a for a in e["attachments"] if {{keep}}]

# %% save
paths = []
for a in files:
    r = apis.gmail.download_attachment(access_token=gm, attachment_id=a["id"], file_system_access_token=fs, download_to_file_path="~/documents/to_manager/" + a["file_name"])
    paths.append(r["file_path"])

# %% send
apis.gmail.send_email(access_token=gm, email_addresses=[boss], subject={{subject}}, body="Hi,\n\nHere are the files.\n\nThanks", attachment_file_paths=paths, file_system_access_token=fs)
apis.supervisor.complete_task()

# %% send_to_coworker
apis.gmail.send_email(access_token=gm, email_addresses=[cw], subject={{subject}}, body="Hi,\n\nHere are the files.\n\nThanks", attachment_file_paths=paths, file_system_access_token=fs)
apis.supervisor.complete_task()
