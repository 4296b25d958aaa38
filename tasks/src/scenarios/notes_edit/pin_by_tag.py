# "Pin or unpin notes by tag" (pin_by_tag.rs): the ground truth is login, tagged, pin_unpinned,
# done (variant 3: login, all_notes, unpin_untagged, done). The wrong solutions read one page
# only (first_page_tagged / first_page_all) or change every note (set_every).

# %% login
{{login_note}}

# %% tagged
{{notes_tagged}}

# %% all_notes
{{every_note}}

# %% first_page_tagged
notes = apis.simple_note.search_notes(access_token=token, tags=[{{tag}}])

# %% first_page_all
notes = apis.simple_note.search_notes(access_token=token)

# %% pin_unpinned
for n in notes:
    if not n["pinned"]:
        apis.simple_note.update_note(access_token=token, note_id=n["note_id"], pinned=True)

# %% unpin_untagged
for n in notes:
    if n["pinned"] and {{tag}} not in [t.lower() for t in n["tags"]]:
        apis.simple_note.update_note(access_token=token, note_id=n["note_id"], pinned=False)

# %% set_every
for n in notes:
    apis.simple_note.update_note(access_token=token, note_id=n["note_id"], pinned={{pinned}})

# %% done
apis.supervisor.complete_task()
