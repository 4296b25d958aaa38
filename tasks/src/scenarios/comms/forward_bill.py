# "Forward a bill e-mail" (forward_bill.rs): the ground truth is logins, to_roommates (to_by_name
# in variant 2), find_everywhere with the variant's pick (latest, march or latest_two) in one
# cell, and forward; each wrong solution swaps one piece.

# %% logins
{{login_any}}
{{all_pages}}
gm = login("gmail")
ph = login("phone")

# %% to_roommates
to = [c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship="roommate")]

# %% to_by_name
to = [c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph, query={{name}}) if c["first_name"] == {{name}}]

# %% and_friends
to += [c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship="friend")]

# %% find_everywhere
threads = all_pages(apis.gmail.show_inbox_threads, access_token=gm, query="{{what}} bill") + all_pages(apis.gmail.show_archived_threads, access_token=gm, query="{{what}} bill")
bills = sorted([t for t in threads if re.fullmatch(r"Your \w+ \d{4} {{what}} bill", t["subject"])], key=lambda t: t["created_at"], reverse=True)

# %% find_in_inbox
threads = all_pages(apis.gmail.show_inbox_threads, access_token=gm, query="{{what}} bill")
bills = sorted([t for t in threads if re.fullmatch(r"Your \w+ \d{4} {{what}} bill", t["subject"])], key=lambda t: t["created_at"], reverse=True)

# %% find_from_biller
threads = all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email="billing@brightline-energy.com")
bills = sorted(threads, key=lambda t: t["created_at"], reverse=True)

# %% first_page_top
targets = apis.gmail.show_inbox_threads(access_token=gm, query="{{what}} bill")[:{{n}}]

# %% latest
targets = bills[:1]

# %% march
targets = [t for t in bills if t["subject"] == "Your March 2023 {{what}} bill"]

# %% latest_two
targets = bills[:2]

# %% forward
for t in targets:
    apis.gmail.forward_email_from_thread(access_token=gm, email_thread_id=t["email_thread_id"], email_id=t["email_ids"][0], email_addresses=to)
apis.supervisor.complete_task()
