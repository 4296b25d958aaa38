# "A note per upcoming trip from its itinerary" (trip_notes.rs): the ground truth is the Rust
# fs_login() cell, then one cell joined from read, skip_cancelled, parse, skip_past, create
# (create_tagged in variant 3), finish, with title = title_colon, title_trip or title_to by
# variant. Each wrong solution leaves a skip out, adds stop, or titles by title_folder. read ends
# inside the loop; the pieces after it up to finish are lines of its body.

# %% read
ph = login("phone")
sn = login("simple_note")
{{today}}
paths = apis.file_system.show_directory(access_token=fs, directory_path="~/documents/trips/", substring="itinerary", entry_type="files")
for p in paths:
    c = apis.file_system.show_file(access_token=fs, file_path=p)["content"]

# %% skip_cancelled
    if "CANCELLED" in c:
        continue

# %% parse
    city = re.search(r"Trip to ([^,]+),", c).group(1)
    start, end = re.search(r"Dates: (\S+) to (\S+)", c).groups()
    stay = re.search(r"Staying at: (.+)", c).group(1).strip()

# %% skip_past
    if start <= today:
        continue

# %% create
    apis.simple_note.create_note(access_token=sn, title={{title}}, content="Dates: " + start + " to " + end + "\nStaying at: " + stay)

# %% create_tagged
    apis.simple_note.create_note(access_token=sn, title={{title}}, content="Dates: " + start + " to " + end + "\nStaying at: " + stay, tags=["travel"])

# %% stop
    break

# %% finish
apis.supervisor.complete_task()

# %% title_colon
"Trip: " + city

# %% title_trip
city + " trip"

# %% title_to
"Trip to " + city

# %% title_folder
p.split("/")[-2]
