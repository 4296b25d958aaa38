# "Rescue contacts' e-mails from spam and delete the rest" (spam_cleanup.rs): the ground truth
# is logins, find (spam threads from phone contacts, and the others), rescue_starred
# (rescue_unread in variant 3), delete_others (delete_gift_cards in variant 2). The wrong
# solutions delete every spam thread (delete_all), read one page (find_first_page), move the
# threads back without the flag (rescue_only) or delete all the other spam in variant 2.

# %% logins
{{login_any}}
{{all_pages}}
gm = login("gmail")
ph = login("phone")

# %% find
known = set(c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph) if c["email"])
spam = all_pages(apis.gmail.show_spam_threads, access_token=gm)
mine, other = [], []
for t in spam:
    senders = set(e["sender"]["email"] for e in apis.gmail.show_thread(access_token=gm, email_thread_id=t["email_thread_id"])["emails"])
    (mine if senders & known else other).append(t)

# %% find_first_page
known = set(c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph) if c["email"])
spam = apis.gmail.show_spam_threads(access_token=gm, page_limit=20)
mine, other = [], []
for t in spam:
    senders = set(e["sender"]["email"] for e in apis.gmail.show_thread(access_token=gm, email_thread_id=t["email_thread_id"])["emails"])
    (mine if senders & known else other).append(t)

# %% rescue_starred
for t in mine:
    apis.gmail.mark_thread_not_spam(access_token=gm, email_thread_id=t["email_thread_id"])
    if not t["starred"]:
        apis.gmail.mark_thread_starred(access_token=gm, email_thread_id=t["email_thread_id"])

# %% rescue_unread
for t in mine:
    apis.gmail.mark_thread_not_spam(access_token=gm, email_thread_id=t["email_thread_id"])
    if t["read"]:
        apis.gmail.mark_thread_unread(access_token=gm, email_thread_id=t["email_thread_id"])

# %% rescue_only
for t in mine:
    apis.gmail.mark_thread_not_spam(access_token=gm, email_thread_id=t["email_thread_id"])

# %% delete_others
for t in other:
    apis.gmail.delete_thread(access_token=gm, email_thread_id=t["email_thread_id"])
apis.supervisor.complete_task()

# %% delete_gift_cards
for t in other:
    text = " ".join(e["subject"] + " " + e["body"] for e in apis.gmail.show_thread(access_token=gm, email_thread_id=t["email_thread_id"])["emails"])
    if "gift card" in text.lower():
        apis.gmail.delete_thread(access_token=gm, email_thread_id=t["email_thread_id"])
apis.supervisor.complete_task()

# %% delete_all
for t in mine + other:
    apis.gmail.delete_thread(access_token=gm, email_thread_id=t["email_thread_id"])
apis.supervisor.complete_task()
