# "Count unread e-mails" (count_unread.rs): the ground truth is head, the variant's list
# (spouse_unread, manager_unread or coworkers_unread) and answer; each wrong solution swaps
# the list for one that counts too much or too little.

# %% head
{{login_any}}
{{all_pages}}
gm = login("gmail")
ph = login("phone")
{{today}}
monday = (today - datetime.timedelta(days=today.weekday())).strftime("%Y-%m-%d")
since = (today - datetime.timedelta(days=30)).strftime("%Y-%m-%d")
first = today.strftime("%Y-%m-01")

# %% spouse_unread
who = [c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship="{{relationship}}")]
threads = []
for w in who:
    threads += all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=w, read=False, min_created_at=monday)

# %% spouse_read_too
who = [c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship="{{relationship}}")]
threads = []
for w in who:
    threads += all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=w, min_created_at=monday)

# %% spouse_any_week
who = [c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship="{{relationship}}")]
threads = []
for w in who:
    threads += all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=w, read=False)

# %% spouse_first_page
who = [c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship="{{relationship}}")]
threads = []
for w in who:
    threads += apis.gmail.show_inbox_threads(access_token=gm, from_email=w, read=False, min_created_at=monday)

# %% manager_unread
who = [c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship="manager")]
threads = []
for w in who:
    threads += all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=w, read=False, min_created_at=since)

# %% manager_archived_too
who = [c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship="manager")]
threads = []
for w in who:
    threads += all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=w, read=False, min_created_at=since)
    threads += all_pages(apis.gmail.show_archived_threads, access_token=gm, from_email=w, read=False, min_created_at=since)

# %% manager_older_too
who = [c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship="manager")]
threads = []
for w in who:
    threads += all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=w, read=False)

# %% manager_read_too
who = [c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship="manager")]
threads = []
for w in who:
    threads += all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=w, min_created_at=since)

# %% coworkers_unread
who = [c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship="coworker") if "manager" not in c["relationships"]]
seen = {}
for w in who:
    for t in all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=w, read=False, min_created_at=first):
        seen[t["email_thread_id"]] = t
threads = list(seen.values())

# %% coworkers_and_manager
who = [c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship="coworker")] + [c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship="manager")]
seen = {}
for w in who:
    for t in all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=w, read=False, min_created_at=first):
        seen[t["email_thread_id"]] = t
threads = list(seen.values())

# %% coworkers_april_too
who = [c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship="coworker") if "manager" not in c["relationships"]]
seen = {}
for w in who:
    for t in all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=w, read=False):
        seen[t["email_thread_id"]] = t
threads = list(seen.values())

# %% coworkers_read_too
who = [c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship="coworker") if "manager" not in c["relationships"]]
seen = {}
for w in who:
    for t in all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=w, min_created_at=first):
        seen[t["email_thread_id"]] = t
threads = list(seen.values())

# %% answer
apis.supervisor.complete_task(answer=len(threads))
