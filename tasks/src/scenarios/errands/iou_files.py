# "Request what each iou file says and clear the folder" (iou_files.rs): the ground truth is
# logins, list, request_open (note: the "For" line, variant 3 with the prefix "IOU: "; open:
# the IOU is not paid). The wrong solutions swap the last cell, the note or open (every IOU),
# or list ~/documents/ (request_open_in_ious). Each request step reads a file (read_iou) and
# asks for what is open (ask_if_open).

# %% logins
{{login_any}}
{{all_pages}}
fs = login("file_system")
vm = login("venmo")

# %% list
import re
paths = apis.file_system.show_directory(access_token=fs, directory_path={{dir}}, entry_type="files")

# %% read_iou
text = apis.file_system.show_file(access_token=fs, file_path=path)["content"]
email = re.search(r"Email: (\S+)", text).group(1)
amount = float(re.search(r"Amount: \$([0-9.]+)", text).group(1))
what = re.search(r"For: (.+)", text).group(1).strip()

# %% ask_if_open
status = re.search(r"Status: (\w+)", text).group(1).lower()
if {{open}}:
    apis.venmo.create_payment_request(access_token=vm, user_email=email, amount=amount, description={{note}})

# %% request_open
for path in paths:
    {{cell:read_iou}}
    {{cell:ask_if_open}}
    apis.file_system.delete_file(access_token=fs, file_path=path)
apis.supervisor.complete_task()

# %% request_keep_files
for path in paths:
    {{cell:read_iou}}
    {{cell:ask_if_open}}
apis.supervisor.complete_task()

# %% request_open_in_ious
for path in paths:
    {{cell:read_iou}}
    if "/ious" not in path:
        continue
    {{cell:ask_if_open}}
    apis.file_system.delete_file(access_token=fs, file_path=path)
apis.supervisor.complete_task()
