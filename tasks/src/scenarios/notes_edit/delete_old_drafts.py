# "Delete old drafts" (delete_old_drafts.rs): the ground truth is login, drafts, delete_older
# (field: created_at, variant 3 updated_at), done; the wrong solutions delete every draft
# (delete_all) or compare the other field.

# %% login
{{login_note}}

# %% drafts
notes = []
page = 0
while True:
    batch = apis.simple_note.search_notes(access_token=token, page_index=page, page_limit=20, tags=["draft"])
    if not batch:
        break
    notes.extend(batch)
    page += 1

# %% delete_older
for n in notes:
    if n[{{field}}] < {{cutoff}}:
        apis.simple_note.delete_note(access_token=token, note_id=n["note_id"])

# %% delete_all
for n in notes:
    if True:
        apis.simple_note.delete_note(access_token=token, note_id=n["note_id"])

# %% done
apis.supervisor.complete_task()
