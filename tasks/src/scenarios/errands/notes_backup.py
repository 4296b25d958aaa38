# "Back up tagged notes into files and delete them" (notes_backup.rs): the ground truth is
# logins, find, backup; each wrong solution swaps one cell (first_page for find, or another
# backup).

# %% logins
{{login_any}}
{{all_pages}}
sn = login("simple_note")
fs = login("file_system")

# %% find
notes = all_pages(apis.simple_note.search_notes, access_token=sn, tags=[{{tag}}])
notes = [n for n in notes if {{tag}} in [t.lower() for t in n["tags"]]]

# %% first_page
notes = apis.simple_note.search_notes(access_token=sn, tags=[{{tag}}])

# %% backup
for n in notes:
    note = apis.simple_note.show_note(access_token=sn, note_id=n["note_id"])
    apis.file_system.create_file(access_token=fs, file_path={{folder}} + "/" + note["title"] + ".txt", content=note["content"])
    apis.simple_note.delete_note(access_token=sn, note_id=n["note_id"])
apis.supervisor.complete_task()

# %% backup_keep_notes
for n in notes:
    note = apis.simple_note.show_note(access_token=sn, note_id=n["note_id"])
    apis.file_system.create_file(access_token=fs, file_path={{folder}} + "/" + note["title"] + ".txt", content=note["content"])
apis.supervisor.complete_task()

# %% backup_titles_only
for n in notes:
    note = apis.simple_note.show_note(access_token=sn, note_id=n["note_id"])
    apis.file_system.create_file(access_token=fs, file_path={{folder}} + "/" + note["title"] + ".txt", content=note["title"])
    apis.simple_note.delete_note(access_token=sn, note_id=n["note_id"])
apis.supervisor.complete_task()

# %% backup_without_ext
for n in notes:
    note = apis.simple_note.show_note(access_token=sn, note_id=n["note_id"])
    apis.file_system.create_file(access_token=fs, file_path={{folder}} + "/" + note["title"], content=note["content"])
    apis.simple_note.delete_note(access_token=sn, note_id=n["note_id"])
apis.supervisor.complete_task()
