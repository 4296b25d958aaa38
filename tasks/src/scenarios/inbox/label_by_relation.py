# "Label the threads from a group of contacts" (label_by_relation.rs): the ground truth is
# logins, people (the contacts with the relationships `{{rels}}`), find (their inbox threads),
# then label, label_and_read or label_and_archive as the variant asks. The wrong solutions read
# one page of threads (find_first_page), take archived threads too (find_with_archived), every
# contact (people_all_contacts), only label, or leave the manager out.

# %% logins
{{login_any}}
{{all_pages}}
gm = login("gmail")
ph = login("phone")

# %% people
people = set()
for rel in {{rels}}:
    for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship=rel):
        people.add(c["email"])

# %% people_all_contacts
people = set(c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph))

# %% find
threads = {}
for e in sorted(people):
    for t in all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=e):
        threads[t["email_thread_id"]] = t

# %% find_first_page
threads = {t["email_thread_id"]: t for t in apis.gmail.show_inbox_threads(access_token=gm, page_limit=20) if any(x["email"] in people for x in t["participants"])}

# %% find_with_archived
threads = {}
for e in sorted(people):
    for t in all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=e):
        threads[t["email_thread_id"]] = t
for e in sorted(people):
    for t in all_pages(apis.gmail.show_archived_threads, access_token=gm, from_email=e):
        threads[t["email_thread_id"]] = t

# %% label
for t in threads.values():
    apis.gmail.label_thread(access_token=gm, email_thread_id=t["email_thread_id"], label={{label}})
apis.supervisor.complete_task()

# %% label_and_read
for t in threads.values():
    apis.gmail.label_thread(access_token=gm, email_thread_id=t["email_thread_id"], label={{label}})
    if not t["read"]:
        apis.gmail.mark_thread_read(access_token=gm, email_thread_id=t["email_thread_id"])
apis.supervisor.complete_task()

# %% label_and_archive
for t in threads.values():
    apis.gmail.label_thread(access_token=gm, email_thread_id=t["email_thread_id"], label={{label}})
    if not t["archived"]:
        apis.gmail.mark_thread_archived(access_token=gm, email_thread_id=t["email_thread_id"])
apis.supervisor.complete_task()
