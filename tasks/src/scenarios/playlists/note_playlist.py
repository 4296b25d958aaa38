# "Playlist from the song titles in a note" (note_playlist.rs): the ground truth is logins,
# read (the exact titles, struck-through lines left out), then create (a new playlist) or, in
# variant 3, add_to_existing. The wrong solutions take every title that starts with a line
# (read_prefixes), stop early, keep struck lines, or make the playlist public or new.

# %% logins
{{login_any}}
{{all_pages}}
def find_song(title):
    page = 0
    while True:
        hits = apis.spotify.search_songs(query=title, page_index=page, page_limit=20)
        if not hits:
            return None
        for h in hits:
            if h["title"] == title:
                return h
        page += 1
{{find_playlist}}
sn = login("simple_note")
sp = login("spotify")

# %% read
notes = all_pages(apis.simple_note.search_notes, access_token=sn, query={{note}})
note = [n for n in notes if n["title"] == {{note}}][0]
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
titles = [l[2:].strip() for l in content.splitlines() if l.startswith("- ")]
titles = [t.strip("~") for t in titles if {{keep_struck}} or not t.startswith("~~")][:{{first}}]
songs = [find_song(t) for t in titles]
print([(s["song_id"], s["title"]) for s in songs])

# %% read_prefixes
notes = all_pages(apis.simple_note.search_notes, access_token=sn, query={{note}})
note = [n for n in notes if n["title"] == {{note}}][0]
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
titles = [l[2:].strip() for l in content.splitlines() if l.startswith("- ") and not l[2:].startswith("~~")]
songs = [h for t in titles for h in apis.spotify.search_songs(query=t, page_limit=20) if h["title"].startswith(t)]

# %% create
playlist_id = apis.spotify.create_playlist(access_token=sp, title={{title}}, is_public={{public}})["playlist_id"]
{{cell:add_missing}}

# %% add_to_existing
playlist_id = find_playlist({{title}})["playlist_id"]
{{cell:add_missing}}

# %% add_missing
have = {s["id"] for s in apis.spotify.show_playlist(access_token=sp, playlist_id=playlist_id)["songs"]}
for s in songs:
    if s["song_id"] not in have:
        apis.spotify.add_song_to_playlist(access_token=sp, playlist_id=playlist_id, song_id=s["song_id"])
        have.add(s["song_id"])
apis.supervisor.complete_task()
