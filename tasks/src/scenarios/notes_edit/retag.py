# "Rename or remove a tag" (retag.rs): the ground truth is login, tagged, rename (variant 3:
# remove), done. The wrong solutions keep only the new tag (tags_only_new) or read one page
# (first_page).

# %% login
{{login_note}}

# %% tagged
notes = []
page = 0
while True:
    batch = apis.simple_note.search_notes(access_token=token, page_index=page, page_limit=20, tags=[{{old}}])
    if not batch:
        break
    notes.extend(batch)
    page += 1

# %% first_page
notes = apis.simple_note.search_notes(access_token=token, tags=[{{old}}])

# %% rename
for n in notes:
    tags = [t for t in n["tags"] if t != {{old}}] + [{{new}}]
    apis.simple_note.update_note(access_token=token, note_id=n["note_id"], tags=tags)

# %% remove
for n in notes:
    tags = [t for t in n["tags"] if t != {{old}}]
    apis.simple_note.update_note(access_token=token, note_id=n["note_id"], tags=tags)

# %% tags_only_new
for n in notes:
    apis.simple_note.update_note(access_token=token, note_id=n["note_id"], tags=[{{new}}])

# %% done
apis.supervisor.complete_task()
