# "E-mail my playlist's link to the people in a note" (playlist_link.rs): the ground truth is
# logins, note (the people listed, less those who can't come), playlist (made public, its
# link), send. The wrong solutions send last year's playlist, read the old carpool note too
# (note_with_old_carpool), e-mail the friends (friends) or send the link of a private playlist
# (playlist_unshared), or, in variant 2,
# keep the friend who can't make it (note_with_absent).

# %% logins
{{login_any}}
{{all_pages}}
gm = login("gmail")
sp = login("spotify")
ph = login("phone")
nt = login("simple_note")

# %% note
notes = all_pages(apis.simple_note.search_notes, access_token=nt, query={{query}})
note = [n for n in notes if n["title"] == {{note}}][0]
content = apis.simple_note.show_note(access_token=nt, note_id=note["note_id"])["content"]
names = [l[2:].strip() for l in content.splitlines() if l.startswith("- ") and "can't" not in l]
emails = []
for n in names:
    cs = all_pages(apis.phone.search_contacts, access_token=ph, query=n)
    emails.append([c for c in cs if c["first_name"] + " " + c["last_name"] == n][0]["email"])

# %% note_with_old_carpool
notes = all_pages(apis.simple_note.search_notes, access_token=nt, query={{query}})
content = "\n".join(apis.simple_note.show_note(access_token=nt, note_id=n["note_id"])["content"] for n in all_pages(apis.simple_note.search_notes, access_token=nt) if n["title"] in ({{note}}, "Old carpool"))
names = sorted(set(l[2:].strip() for l in content.splitlines() if l.startswith("- ") and "can't" not in l))
emails = []
for n in names:
    cs = all_pages(apis.phone.search_contacts, access_token=ph, query=n)
    emails.append([c for c in cs if c["first_name"] + " " + c["last_name"] == n][0]["email"])

# %% note_with_absent
notes = all_pages(apis.simple_note.search_notes, access_token=nt, query={{query}})
note = [n for n in notes if n["title"] == {{note}}][0]
content = apis.simple_note.show_note(access_token=nt, note_id=note["note_id"])["content"]
names = [l[2:].replace("(can't make it)", "").strip() for l in content.splitlines() if l.startswith("- ")]
emails = []
for n in names:
    cs = all_pages(apis.phone.search_contacts, access_token=ph, query=n)
    emails.append([c for c in cs if c["first_name"] + " " + c["last_name"] == n][0]["email"])

# %% friends
emails = [c["email"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship="friend")]

# %% playlist
pls = all_pages(apis.spotify.show_playlist_library, access_token=sp)
pl = [x for x in pls if x["title"] == {{playlist}}][0]
if not pl["is_public"]:
    apis.spotify.update_playlist(access_token=sp, playlist_id=pl["playlist_id"], is_public=True)
link = apis.spotify.show_playlist(access_token=sp, playlist_id=pl["playlist_id"])["shareable_link"]

# %% playlist_unshared
pls = all_pages(apis.spotify.show_playlist_library, access_token=sp)
pl = [x for x in pls if x["title"] == {{playlist}}][0]
link = "https://spotify.com/playlists/" + str(pl["playlist_id"])

# %% send
apis.gmail.send_email(access_token=gm, email_addresses=emails, subject={{subject}}, body=f"Here's the playlist for the {{event}}: {link}")
apis.supervisor.complete_task()
