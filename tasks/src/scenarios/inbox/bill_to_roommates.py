# "E-mail the roommates the water bill and their share" (bill_to_roommates.rs): the ground
# truth is logins, find (the latest water bill), mates, send (with the bill attached; `{{amount}}`
# is the f-string field of the share). The wrong solutions send the older bill (find_oldest),
# leave the supervisor's share out, forget the attachment (send_without_attachment) or write
# to the friends too (mates_and_friends).

# %% logins
{{login_any}}
{{all_pages}}
gm = login("gmail")
fs = login("file_system")
ph = login("phone")

# %% find
paths = apis.file_system.show_directory(access_token=fs, directory_path="~/", substring="water", entry_type="files")
files = [apis.file_system.show_file(access_token=fs, file_path=q) for q in paths]
latest = max(files, key=lambda f: f["created_at"])
total = float(re.search(r"Total due: \$([0-9.]+)", latest["content"]).group(1))

# %% find_oldest
paths = apis.file_system.show_directory(access_token=fs, directory_path="~/", substring="water", entry_type="files")
files = [apis.file_system.show_file(access_token=fs, file_path=q) for q in paths]
latest = min(files, key=lambda f: f["created_at"])
total = float(re.search(r"Total due: \$([0-9.]+)", latest["content"]).group(1))

# %% mates
mates = all_pages(apis.phone.search_contacts, access_token=ph, relationship="roommate")

# %% mates_and_friends
mates = all_pages(apis.phone.search_contacts, access_token=ph, relationship="roommate")
mates += all_pages(apis.phone.search_contacts, access_token=ph, relationship="friend")

# %% send
for c in mates:
    apis.gmail.send_email(access_token=gm, email_addresses=[c["email"]], subject="Water bill", body=f"Hi {c['first_name']}, here is our water bill. Your share is ${{amount}}.", attachment_file_paths=[latest["path"]], file_system_access_token=fs)
apis.supervisor.complete_task()

# %% send_without_attachment
for c in mates:
    apis.gmail.send_email(access_token=gm, email_addresses=[c["email"]], subject="Water bill", body=f"Hi {c['first_name']}, here is our water bill. Your share is ${{amount}}.")
apis.supervisor.complete_task()
