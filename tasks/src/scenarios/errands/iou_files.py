# "Request what each iou file says and clear the folder" (iou_files.rs): the ground truth is
# logins, list, request_open (note: the "For" line, variant 3 with the prefix "IOU: "). The
# wrong solutions swap the last cell or the note, or list ~/documents/ (request_open_in_ious).

# %% logins
{{login_any}}
{{all_pages}}
fs = login("file_system")
vm = login("venmo")

# %% list
import re
paths = apis.file_system.show_directory(access_token=fs, directory_path={{dir}}, entry_type="files")

# %% request_open
for path in paths:
    text = apis.file_system.show_file(access_token=fs, file_path=path)["content"]
    email = re.search(r"Email: (\S+)", text).group(1)
    amount = float(re.search(r"Amount: \$([0-9.]+)", text).group(1))
    what = re.search(r"For: (.+)", text).group(1).strip()
    status = re.search(r"Status: (\w+)", text).group(1).lower()
    if status != "paid":
        apis.venmo.create_payment_request(access_token=vm, user_email=email, amount=amount, description={{note}})
    apis.file_system.delete_file(access_token=fs, file_path=path)
apis.supervisor.complete_task()

# %% request_all
for path in paths:
    text = apis.file_system.show_file(access_token=fs, file_path=path)["content"]
    email = re.search(r"Email: (\S+)", text).group(1)
    amount = float(re.search(r"Amount: \$([0-9.]+)", text).group(1))
    what = re.search(r"For: (.+)", text).group(1).strip()
    status = re.search(r"Status: (\w+)", text).group(1).lower()
    if True:
        apis.venmo.create_payment_request(access_token=vm, user_email=email, amount=amount, description={{note}})
    apis.file_system.delete_file(access_token=fs, file_path=path)
apis.supervisor.complete_task()

# %% request_keep_files
for path in paths:
    text = apis.file_system.show_file(access_token=fs, file_path=path)["content"]
    email = re.search(r"Email: (\S+)", text).group(1)
    amount = float(re.search(r"Amount: \$([0-9.]+)", text).group(1))
    what = re.search(r"For: (.+)", text).group(1).strip()
    status = re.search(r"Status: (\w+)", text).group(1).lower()
    if status != "paid":
        apis.venmo.create_payment_request(access_token=vm, user_email=email, amount=amount, description={{note}})
apis.supervisor.complete_task()

# %% request_open_in_ious
for path in paths:
    text = apis.file_system.show_file(access_token=fs, file_path=path)["content"]
    email = re.search(r"Email: (\S+)", text).group(1)
    amount = float(re.search(r"Amount: \$([0-9.]+)", text).group(1))
    what = re.search(r"For: (.+)", text).group(1).strip()
    if "/ious" not in path:
        continue
    status = re.search(r"Status: (\w+)", text).group(1).lower()
    if status != "paid":
        apis.venmo.create_payment_request(access_token=vm, user_email=email, amount=amount, description={{note}})
    apis.file_system.delete_file(access_token=fs, file_path=path)
apis.supervisor.complete_task()
