# "Delete duplicate downloads and note them" (dedupe_downloads.rs): the ground truth is the
# Rust fs_login() cell, then one cell joined from dedupe, note, finish (filled with key =
# by_content and pick = 0, or -1 to keep the newest). Each wrong solution fills another key or
# pick, or leaves the note out.

# %% dedupe
paths = apis.file_system.show_directory(access_token=fs, directory_path="~/downloads/", entry_type="files")
groups = {}
for p in paths:
    f = apis.file_system.show_file(access_token=fs, file_path=p)
    groups.setdefault({{key}}, []).append(f)
deleted = []
for same in groups.values():
    if len(same) < 2:
        continue
    same.sort(key=lambda f: f["created_at"])
    keep = same[{{pick}}]
    for f in same:
        if f["path"] != keep["path"]:
            apis.file_system.delete_file(access_token=fs, file_path=f["path"])
            deleted.append(f["path"].rsplit("/", 1)[1])

# %% note
sn = login("simple_note")
apis.simple_note.create_note(access_token=sn, title={{title}}, content="\n".join(deleted))

# %% finish
apis.supervisor.complete_task()

# %% by_content
f["content"]

# %% by_first_line
f["content"].split("\n")[0]
