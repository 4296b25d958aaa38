# "Sort downloads into folders by file type" (sort_downloads.rs): the ground truth is the Rust
# fs_login() cell, then one cell joined from list, folder, move, finish (list filled with the
# extension-to-folder dict the Rust builds, and recursive = False). Each wrong solution swaps a
# piece (copy, folder_upper), adds skip_txt or lists recursively. list ends inside the loop;
# the pieces after it up to finish are lines of its body.

# %% list
folders = {{folders}}
paths = apis.file_system.show_directory(access_token=fs, directory_path="~/downloads/", entry_type="files", recursive={{recursive}})
for p in paths:
    name = p.rsplit("/", 1)[1]

# %% skip_txt
    if name.endswith(".txt"):
        continue

# %% folder
    ext = name.rsplit(".", 1)[1].lower()
    dest = folders.get(ext, ext)

# %% folder_upper
    ext = name.rsplit(".", 1)[1].lower()
    dest = folders.get(ext, ext).upper()

# %% move
    apis.file_system.move_file(access_token=fs, source_file_path=p, destination_file_path="~/downloads/" + dest + "/" + name)

# %% copy
    apis.file_system.copy_file(access_token=fs, source_file_path=p, destination_file_path="~/downloads/" + dest + "/" + name)

# %% finish
apis.supervisor.complete_task()
