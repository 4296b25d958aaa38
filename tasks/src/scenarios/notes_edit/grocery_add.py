# "Add items to a grocery list" (grocery_add.rs): the ground truth is login, then find +
# add_missing as one cell, then done. The wrong solutions add to the other list (title: the
# other note), add every item (add_all) or replace the list (login, find, replace).

# %% login
{{login_note}}

# %% find
{{notes_titled}}

# %% add_missing
note_id = next(n["note_id"] for n in notes if n["title"] == {{title}})
content = apis.simple_note.show_note(access_token=token, note_id=note_id)["content"]
have = [line[2:].strip() for line in content.splitlines()]
items = [i for i in {{items}} if i not in have]
if items:
    apis.simple_note.add_content_to_note(access_token=token, note_id=note_id, append_or_prepend="append", added_content="\n".join("- " + i for i in items))

# %% add_all
note_id = next(n["note_id"] for n in notes if n["title"] == {{title}})
content = apis.simple_note.show_note(access_token=token, note_id=note_id)["content"]
have = [line[2:].strip() for line in content.splitlines()]
items = [i for i in {{items}} if True]
if items:
    apis.simple_note.add_content_to_note(access_token=token, note_id=note_id, append_or_prepend="append", added_content="\n".join("- " + i for i in items))

# %% replace
note_id = next(n["note_id"] for n in notes if n["title"] == {{title}})
apis.simple_note.update_note(access_token=token, note_id=note_id, content="\n".join("- " + i for i in {{items}}))
apis.supervisor.complete_task()

# %% done
apis.supervisor.complete_task()
