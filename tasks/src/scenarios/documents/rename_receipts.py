# "Rename receipts date-first" (rename_receipts.rs): the ground truth is the Rust fs_login()
# cell, then one cell joined from list, from_content, name, skip_dated, move, finish (name
# filled with dashed, or compact in variant 3). Each wrong solution swaps a piece (from_stamp,
# copy, delete), leaves skip_dated out or lists without recursion. list ends inside the loop;
# the pieces after it up to finish are lines of its body.

# %% list
paths = apis.file_system.show_directory(access_token=fs, directory_path="~/documents/receipts/", entry_type="files", recursive={{recursive}})
for p in paths:
    f = apis.file_system.show_file(access_token=fs, file_path=p)

# %% from_content
    y, mo, d = re.search(r"Date: (\d{4})-(\d{2})-(\d{2})", f["content"]).groups()

# %% from_stamp
    y, mo, d = f["created_at"][:10].split("-")

# %% name
    prefix = {{prefix}}
    folder, name = p.rsplit("/", 1)

# %% skip_dated
    if name.startswith(prefix):
        continue

# %% move
    apis.file_system.move_file(access_token=fs, source_file_path=p, destination_file_path=folder + "/" + prefix + name)

# %% copy
    apis.file_system.copy_file(access_token=fs, source_file_path=p, destination_file_path=folder + "/" + prefix + name)

# %% delete
    apis.file_system.delete_file(access_token=fs, file_path=p)

# %% finish
apis.supervisor.complete_task()

# %% dashed
y + "-" + mo + "-" + d + "_"

# %% compact
y + mo + d + "-"
