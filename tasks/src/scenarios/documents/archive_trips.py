# "Archive the folders of past trips" (archive_trips.rs): the ground truth is the Rust
# fs_login() cell, then one cell joined from archive, delete, record, note, finish (filled with
# over = ended or from_2022 and dest = to_archives). Each wrong solution leaves out a piece or
# fills another condition or destination. The pieces continue one another: archive ends inside
# the loop, delete and record are lines of its body.

# %% archive
ph = login("phone")
{{today}}
dirs = apis.file_system.show_directory(access_token=fs, directory_path="~/documents/trips/", entry_type="directories", recursive=False)
done = []
for d in dirs:
    c = apis.file_system.show_file(access_token=fs, file_path=d + "itinerary.txt")["content"]
    start, end = re.search(r"Dates: (\S+) to (\S+)", c).groups()
    if not ({{over}}):
        continue
    name = d.rstrip("/").rsplit("/", 1)[1]
    target = {{dest}}
    apis.file_system.compress_directory(access_token=fs, directory_path=d, compressed_file_path=target)

# %% delete
    apis.file_system.delete_directory(access_token=fs, directory_path=d)

# %% record
    done.append(target)

# %% note
sn = login("simple_note")
note = [n for n in all_pages(apis.simple_note.search_notes, access_token=sn, query={{title}}) if n["title"] == {{title}}][0]
apis.simple_note.add_content_to_note(access_token=sn, note_id=note["note_id"], append_or_prepend="append", added_content="\n" + "\n".join(done))

# %% finish
apis.supervisor.complete_task()

# %% ended
end < today

# %% from_2022
start[:4] == "2022"

# %% always
True

# %% before_may
start < "2023-05-01"

# %% to_archives
"~/archives/" + name + ".zip"

# %% beside_folder
d.rstrip("/") + ".zip"
