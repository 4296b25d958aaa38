# "Look up a value in a note" (field_lookup.rs): login, read, answer.

# %% login
{{login_note}}

# %% read
{{notes_titled}}
note_id = next(n["note_id"] for n in notes if n["title"] == {{title}})
content = apis.simple_note.show_note(access_token=token, note_id=note_id)["content"]
value = next(line.split(": ", 1)[1] for line in content.splitlines() if line.startswith({{label}}))

# %% answer
apis.supervisor.complete_task(answer=value)

# %% answer_whole_line
apis.supervisor.complete_task(answer=next(line for line in content.splitlines() if line.startswith({{label}})))
