# "Count notes with a tag" (count_tagged.rs): login, all_tagged, then the count.

# %% login
{{login_note}}

# %% all_tagged
{{notes_tagged}}

# %% first_page_tagged
notes = apis.simple_note.search_notes(access_token=token, tags=[{{tag}}])

# %% all_notes
{{every_note}}

# %% count
apis.supervisor.complete_task(answer=len(notes))

# %% count_pinned
apis.supervisor.complete_task(answer=len([n for n in notes if n["pinned"]]))
