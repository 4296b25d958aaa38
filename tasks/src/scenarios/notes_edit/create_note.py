# "Create a tagged note" (create_note.rs): the ground truth is login, check_new, create, done;
# the wrong solutions create it with other tags or unpinned, or append to the similar note
# (login, all_notes, append_to_similar).

# %% login
{{login_note}}

# %% check_new
{{notes_titled}}
if any(n["title"] == {{title}} for n in notes):
    raise ValueError("a note titled " + {{title}} + " exists already")

# %% create
apis.simple_note.create_note(access_token=token, title={{title}}, content={{content}}, tags={{tags}}, pinned={{pinned}})

# %% done
apis.supervisor.complete_task()

# %% all_notes
{{every_note}}

# %% append_to_similar
note_id = next(n["note_id"] for n in notes if n["title"] == {{similar}})
apis.simple_note.add_content_to_note(access_token=token, note_id=note_id, append_or_prepend="append", added_content={{content}})
apis.supervisor.complete_task()
