# "Merge book notes into a reading list" (merge_books.rs): the ground truth is login, tagged,
# collect, create_by_title (variant 2: create_by_rating), delete (not in variant 3), done.

# %% login
{{login_note}}

# %% tagged
notes = []
page = 0
while True:
    batch = apis.simple_note.search_notes(access_token=token, page_index=page, page_limit=20, tags=["reading"])
    if not batch:
        break
    notes.extend(batch)
    page += 1

# %% first_page
notes = apis.simple_note.search_notes(access_token=token, tags=["reading"])

# %% collect
books = []
for n in notes:
    content = apis.simple_note.show_note(access_token=token, note_id=n["note_id"])["content"]
    rating = int(content.splitlines()[0].split(": ")[1].split("/")[0])
    books.append((n["title"].split("Book: ", 1)[1], rating))

# %% create_by_title
books.sort()
apis.simple_note.create_note(access_token=token, title="Reading List", content="\n".join(b[0] for b in books))

# %% create_by_rating
books.sort(key=lambda b: -b[1])
apis.simple_note.create_note(access_token=token, title="Reading List", content="\n".join(b[0] for b in books))

# %% create_unsorted
apis.simple_note.create_note(access_token=token, title="Reading List", content="\n".join(b[0] for b in books))

# %% delete
for n in notes:
    apis.simple_note.delete_note(access_token=token, note_id=n["note_id"])

# %% done
apis.supervisor.complete_task()
