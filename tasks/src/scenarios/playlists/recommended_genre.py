# "Playlist of my recommended songs in a genre, link to a note's people"
# (recommended_genre.rs): the ground truth is logins, pick (every page of recommendations, the
# genre only), make (a public playlist, its link texted to everyone in the note); the wrong
# solutions fill them with the first page, any genre, a private playlist or one text.

# %% logins
{{login_any}}
{{all_pages}}
{{find_contact}}
sp = login("spotify")
sn = login("simple_note")
ph = login("phone")

# %% pick
recs = {{recs}}
songs = [apis.spotify.show_song(song_id=r["song_id"]) for r in recs]
pool = []
for s in songs:
    if ({{any_genre}} or s["genre"] == {{genre}}) and s["song_id"] not in pool:
        pool.append(s["song_id"])
print(len(recs), pool)

# %% make
pid = apis.spotify.create_playlist(access_token=sp, title={{title}}, is_public={{public}})["playlist_id"]
for s in pool:
    apis.spotify.add_song_to_playlist(access_token=sp, playlist_id=pid, song_id=s)
link = apis.spotify.show_playlist(access_token=sp, playlist_id=pid)["shareable_link"]
notes = all_pages(apis.simple_note.search_notes, access_token=sn, query={{note}})
note = [n for n in notes if n["title"] == {{note}}][0]
names = [l.strip() for l in apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"].splitlines()[1:] if l.strip()]
for name in names[:{{n}}]:
    first, last = name.split(" ", 1)
    c = find_contact(first, last)
    apis.phone.send_text_message(access_token=ph, phone_number=c["phone_number"], message="A playlist for us: " + link)
apis.supervisor.complete_task()
