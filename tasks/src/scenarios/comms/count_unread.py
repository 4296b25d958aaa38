# "Count unread e-mails" (count_unread.rs): the ground truth is head, the variant's list
# (unread, or coworkers_unread in variant 3) and answer; each wrong solution swaps the list for
# one that counts too much or too little. Variants 1 and 2 share the lists of one person
# (`relationship`: the spouse since Monday, the manager over 30 days: `since`).

# %% head
{{login_any}}
{{all_pages}}
gm = login("gmail")
ph = login("phone")
{{today}}
monday = (today - datetime.timedelta(days=today.weekday())).strftime("%Y-%m-%d")
since = (today - datetime.timedelta(days=30)).strftime("%Y-%m-%d")
first = today.strftime("%Y-%m-01")

# %% who
who = [c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship="{{relationship}}")]
threads = []

# %% unread
{{cell:who}}
for w in who:
    threads += all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=w, read=False, min_created_at={{since}})

# %% read_too
{{cell:who}}
for w in who:
    threads += all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=w, min_created_at={{since}})

# %% any_date
{{cell:who}}
for w in who:
    threads += all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=w, read=False)

# %% first_page
{{cell:who}}
for w in who:
    threads += apis.gmail.show_inbox_threads(access_token=gm, from_email=w, read=False, min_created_at={{since}})

# %% archived_too
{{cell:who}}
for w in who:
    threads += all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=w, read=False, min_created_at={{since}})
    threads += all_pages(apis.gmail.show_archived_threads, access_token=gm, from_email=w, read=False, min_created_at={{since}})

# %% coworkers_who
who = [c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship="coworker") if "manager" not in c["relationships"]]
seen = {}

# %% coworkers_unread
{{cell:coworkers_who}}
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
{{cell:coworkers_who}}
for w in who:
    for t in all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=w, read=False):
        seen[t["email_thread_id"]] = t
threads = list(seen.values())

# %% coworkers_read_too
{{cell:coworkers_who}}
for w in who:
    for t in all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=w, min_created_at=first):
        seen[t["email_thread_id"]] = t
threads = list(seen.values())

# %% answer
apis.supervisor.complete_task(answer=len(threads))
