# "Text confirmed party guests and sort rsvp files" (party_rsvps.rs): the ground truth is
# logins, list, sort (variant 3: sort_asking_maybe), with is_yes the test rsvp.startswith("yes")
# and on_no deleting the file. The wrong solutions change is_yes or dest, or keep the declined
# files (on_no `pass`). Both sorts read each file (read_rsvp) and confirm the yeses (confirm).

# %% logins
{{login_any}}
{{all_pages}}
fs = login("file_system")
ph = login("phone")

# %% list
import re
paths = apis.file_system.show_directory(access_token=fs, directory_path={{dir}}, entry_type="files", recursive=False)

# %% read_rsvp
text = apis.file_system.show_file(access_token=fs, file_path=path)["content"]
first = re.search(r"Guest: (\S+)", text).group(1)
phone = re.search(r"Phone: (\d+)", text).group(1)
rsvp = re.search(r"RSVP: (.+)", text).group(1).strip().lower()

# %% confirm
apis.phone.send_text_message(access_token=ph, phone_number=phone, message={{message}})
apis.file_system.move_file(access_token=fs, source_file_path=path, destination_file_path={{dest}} + "/" + path.split("/")[-1])

# %% sort
for path in paths:
    {{cell:read_rsvp}}
    if {{is_yes}}:
        {{cell:confirm}}
    elif rsvp.startswith("no"):
        {{on_no}}
apis.supervisor.complete_task()

# %% sort_asking_maybe
for path in paths:
    {{cell:read_rsvp}}
    if {{is_yes}}:
        {{cell:confirm}}
    elif rsvp.startswith("no"):
        {{on_no}}
    elif rsvp.startswith("maybe"):
        apis.phone.send_text_message(access_token=ph, phone_number=phone, message={{maybe_message}})
apis.supervisor.complete_task()
