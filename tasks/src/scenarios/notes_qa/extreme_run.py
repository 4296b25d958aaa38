# "Find the longest or shortest run" (extreme_run.rs): login, then scan and the pick
# (longest or shortest) as one cell, then answer.

# %% login
{{login_note}}

# %% scan
notes = []
page = 0
while True:
    batch = apis.simple_note.search_notes(access_token=token, page_index=page, page_limit=20, tags=["running"])
    if not batch:
        break
    notes.extend(batch)
    page += 1
runs = []
for n in notes:
    content = apis.simple_note.show_note(access_token=token, note_id=n["note_id"])["content"]
    for line in content.splitlines():
        date, rest = line.split(": ran ")
        if {{in_month}}:
            runs.append((float(rest.split()[0]), date))

# %% longest
best = max(runs)[1]

# %% shortest
best = min(runs)[1]

# %% answer
apis.supervisor.complete_task(answer=best)
