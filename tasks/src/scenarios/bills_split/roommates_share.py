# "Request roommates' share of a bill" (roommates_share.rs): the ground truth is
# logins, find_latest, mates, request; each wrong solution swaps one cell.

# %% logins
{{login_any}}
{{all_pages}}
fs = login("file_system")
ph = login("phone")
vm = login("venmo")

# %% find_latest
paths = apis.file_system.show_directory(access_token=fs, directory_path="~/", substring="cable", entry_type="files")
latest = max(paths, key=lambda q: apis.file_system.show_file(access_token=fs, file_path=q)["created_at"])
content = apis.file_system.show_file(access_token=fs, file_path=latest)["content"]
total = float(re.search(r"Total due: \$([0-9.]+)", content).group(1))

# %% find_oldest
paths = apis.file_system.show_directory(access_token=fs, directory_path="~/", substring="cable", entry_type="files")
latest = min(paths, key=lambda q: apis.file_system.show_file(access_token=fs, file_path=q)["created_at"])
content = apis.file_system.show_file(access_token=fs, file_path=latest)["content"]
total = float(re.search(r"Total due: \$([0-9.]+)", content).group(1))

# %% mates
mates = all_pages(apis.phone.search_contacts, access_token=ph, relationship="roommate")

# %% request
for c in mates:
    apis.venmo.create_payment_request(access_token=vm, user_email=c["email"], amount=round(total / (len(mates) + 1), 2), description={{note}})
apis.supervisor.complete_task()

# %% request_without_own_share
for c in mates:
    apis.venmo.create_payment_request(access_token=vm, user_email=c["email"], amount=round(total / len(mates), 2), description={{note}})
apis.supervisor.complete_task()

# %% pay_instead
for c in mates:
    apis.venmo.create_transaction(access_token=vm, receiver_email=c["email"], amount=round(total / (len(mates) + 1), 2), description={{note}})
apis.supervisor.complete_task()
