# "Sum the expenses in a note" (sum_expenses.rs): login, sum, answer.

# %% login
{{login_note}}

# %% sum
{{notes_titled}}
note_id = next(n["note_id"] for n in notes if n["title"] == {{title}})
content = apis.simple_note.show_note(access_token=token, note_id=note_id)["content"]
total = 0.0
for line in content.splitlines():
    label, amount = line.split(": $")
    if {{counted}}:
        total += float(amount)
total = round(total, 2)

# %% answer
apis.supervisor.complete_task(answer=total)
