# "Save an e-mailed attachment" (save_attachment.rs): the ground truth is head, from_manager
# (from_nickname in variant 2), collect, then the variant's pick and save cells as one cell;
# each wrong solution swaps the pick or the save.

# %% head
{{login_any}}
{{all_pages}}
gm = login("gmail")
ph = login("phone")
fs = login("file_system")
{{today}}

# %% from_manager
sender = all_pages(apis.phone.search_contacts, access_token=ph, relationship="manager")[0]["email"]

# %% from_nickname
sender = [c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph, query={{name}}) if c["first_name"] == {{name}}][0]

# %% collect
threads = all_pages(apis.gmail.show_inbox_threads, access_token=gm, from_email=sender, attachment=True) + all_pages(apis.gmail.show_archived_threads, access_token=gm, from_email=sender, attachment=True)
found = []
for t in threads:
    for e in apis.gmail.show_thread(access_token=gm, email_thread_id=t["email_thread_id"])["emails"]:
        if e["sender"]["email"] == sender:
            for a in e["attachments"]:
                found.append((e["created_at"], a))
found.sort(key=lambda x: x[0])

# %% latest_budget
files = [a for at, a in found if "budget" in a["file_name"]][-1:]

# %% first_budget
files = [a for at, a in found if "budget" in a["file_name"]][:1]

# %% every_budget
files = [a for at, a in found if "budget" in a["file_name"]]

# %% latest_file
files = [a for at, a in found][-1:]

# %% first_file
files = [a for at, a in found][:1]

# %% this_month
files = [a for at, a in found if at >= today.strftime("%Y-%m-01")]

# %% every_file
files = [a for at, a in found]

# %% this_month_first_of_each
files = [a for at, a in found if at >= today.strftime("%Y-%m-01")]
files = [a for i, a in enumerate(files) if i == 0 or a["file_name"] != "demo_notes.txt"]

# %% save_to_budget
for a in files:
    apis.gmail.download_attachment(access_token=gm, attachment_id=a["id"], download_to_file_path="~/documents/work/budget/" + a["file_name"], file_system_access_token=fs)
apis.supervisor.complete_task()

# %% save_to_downloads
for a in files:
    apis.gmail.download_attachment(access_token=gm, attachment_id=a["id"], file_system_access_token=fs)
apis.supervisor.complete_task()

# %% save_as_seating_chart
for a in files:
    apis.gmail.download_attachment(access_token=gm, attachment_id=a["id"], download_to_file_path="~/documents/party/seating_chart.csv", file_system_access_token=fs)
apis.supervisor.complete_task()

# %% save_to_party
for a in files:
    apis.gmail.download_attachment(access_token=gm, attachment_id=a["id"], download_to_file_path="~/documents/party/" + a["file_name"], file_system_access_token=fs)
apis.supervisor.complete_task()

# %% save_to_may
for a in files:
    apis.gmail.download_attachment(access_token=gm, attachment_id=a["id"], download_to_file_path="~/documents/work/may_2023/" + a["file_name"], file_system_access_token=fs)
apis.supervisor.complete_task()
