# "Reply to the manager's unread e-mails" (reply_manager.rs): the ground truth is head, boss,
# list_unread and the variant's reply cell (reply_to_each; reply_this_week_and_mark_read in
# variant 2; reply_with_attachments_and_star in variant 3); each wrong solution swaps one cell.
# The reply cells take the manager's newest e-mail of a thread (`newest`) and answer it (`reply`).

# %% head
{{login_any}}
{{all_pages}}
gm = login("gmail")
ph = login("phone")
{{today}}
monday = (today - datetime.timedelta(days=today.weekday())).strftime("%Y-%m-%d")

# %% boss
mgr = all_pages(apis.phone.search_contacts, access_token=ph, relationship="manager")[0]["email"]

# %% list_unread
threads = all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=mgr, read=False)

# %% list_all
threads = all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=mgr)

# %% list_first_page
threads = apis.gmail.show_inbox_threads(access_token=gm, from_email=mgr, read=False)

# %% started_this_week
threads = [t for t in threads if t["created_at"] >= monday]

# %% newest
e = [x for x in apis.gmail.show_thread(access_token=gm, email_thread_id=t["email_thread_id"])["emails"] if x["sender"]["email"] == mgr][-1]

# %% reply
apis.gmail.reply_to_email(access_token=gm, email_thread_id=t["email_thread_id"], email_id=e["email_id"], body={{body}})

# %% reply_to_each
for t in threads:
    {{cell:newest}}
    {{cell:reply}}
apis.supervisor.complete_task()

# %% reply_this_week_and_mark_read
for t in threads:
    {{cell:newest}}
    if e["created_at"] < monday:
        continue
    {{cell:reply}}
    apis.gmail.mark_thread_read(access_token=gm, email_thread_id=t["email_thread_id"])
apis.supervisor.complete_task()

# %% reply_this_week
for t in threads:
    {{cell:newest}}
    if e["created_at"] < monday:
        continue
    {{cell:reply}}
apis.supervisor.complete_task()

# %% reply_with_attachments_and_star
for t in threads:
    {{cell:newest}}
    if not e["attachments"]:
        continue
    {{cell:reply}}
    apis.gmail.mark_thread_starred(access_token=gm, email_thread_id=t["email_thread_id"])
apis.supervisor.complete_task()

# %% reply_with_attachments
for t in threads:
    {{cell:newest}}
    if not e["attachments"]:
        continue
    {{cell:reply}}
apis.supervisor.complete_task()

# %% reply_and_star
for t in threads:
    {{cell:newest}}
    {{cell:reply}}
    apis.gmail.mark_thread_starred(access_token=gm, email_thread_id=t["email_thread_id"])
apis.supervisor.complete_task()
