# "Count notes with a tag" (count_tagged.rs): login, all_tagged, then the count.

# %% login
{{login_note}}

# %% all_tagged
notes = []
page = 0
while True:
    batch = apis.simple_note.search_notes(access_token=token, page_index=page, page_limit=20, tags=[{{tag}}])
    if not batch:
        break
    notes.extend(batch)
    page += 1

# %% first_page_tagged
notes = apis.simple_note.search_notes(access_token=token, tags=[{{tag}}])

# %% all_notes
notes = []
page = 0
while True:
    batch = apis.simple_note.search_notes(access_token=token, page_index=page, page_limit=20)
    if not batch:
        break
    notes.extend(batch)
    page += 1

# %% count
apis.supervisor.complete_task(answer=len(notes))

# %% count_pinned
apis.supervisor.complete_task(answer=len([n for n in notes if n["pinned"]]))
