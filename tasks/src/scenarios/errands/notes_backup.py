# "Back up tagged notes into files and delete them" (notes_backup.rs): the ground truth is
# logins, find, backup, each note saved (save) as name (title + ".txt") with its body (the
# content); each wrong solution swaps one cell (first_page for find, backup_keep_notes for
# backup) or saves another name or body.

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

# %% save
note = apis.simple_note.show_note(access_token=sn, note_id=n["note_id"])
apis.file_system.create_file(access_token=fs, file_path={{folder}} + "/" + {{name}}, content=note[{{body}}])

# %% backup
for n in notes:
    {{cell:save}}
    apis.simple_note.delete_note(access_token=sn, note_id=n["note_id"])
apis.supervisor.complete_task()

# %% backup_keep_notes
for n in notes:
    {{cell:save}}
apis.supervisor.complete_task()
