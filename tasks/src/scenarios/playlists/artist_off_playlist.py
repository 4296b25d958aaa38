# "Take a texted artist off a shared playlist" (artist_off_playlist.rs): the ground truth is
# logins, read_friend (the friend's latest text), remove (songs with the artist anywhere among
# their artists), done. `{{library}}` is empty or, in variant 2, the cell library_too and a
# newline. The wrong solutions read the latest text from anyone (read_latest), remove only
# songs that list the artist first (remove_first_artist), or also clean the 2022 playlist.

# %% logins
{{login_any}}
{{all_pages}}
{{find_contact}}
{{find_playlist}}
ph = login("phone")
sp = login("spotify")

# %% read_friend
friend = find_contact({{first}}, {{last}})
texts = all_pages(apis.phone.search_text_messages, access_token=ph, phone_number=friend["phone_number"])
text = max([t for t in texts if t["sender"]["phone_number"] == friend["phone_number"]], key=lambda t: t["sent_at"])["message"]
print(text)

# %% read_latest
texts = all_pages(apis.phone.search_text_messages, access_token=ph)
text = max([t for t in texts if t["sender"]["phone_number"] != profile["phone_number"]], key=lambda t: t["sent_at"])["message"]
print(text)

# %% remove
{{cell:artist_names}}
gone = [s for s in songs if any(names[a] in text for a in s["artist_ids"])]
print([(s["title"], [names[a] for a in s["artist_ids"]]) for s in gone])
for s in gone:
    apis.spotify.remove_song_from_playlist(access_token=sp, playlist_id=pl["playlist_id"], song_id=s["id"])
{{library}}

# %% remove_first_artist
{{cell:artist_names}}
gone = [s for s in songs if all(names[a] in text for a in s["artist_ids"][:1])]
print([(s["title"], [names[a] for a in s["artist_ids"]]) for s in gone])
for s in gone:
    apis.spotify.remove_song_from_playlist(access_token=sp, playlist_id=pl["playlist_id"], song_id=s["id"])
{{library}}

# %% library_too
library = {s["song_id"] for s in all_pages(apis.spotify.show_song_library, access_token=sp)}
for s in gone:
    if s["id"] in library:
        apis.spotify.remove_song_from_library(access_token=sp, song_id=s["id"])

# %% done
apis.supervisor.complete_task()

# %% artist_names
pl = find_playlist({{title}})
songs = apis.spotify.show_playlist(access_token=sp, playlist_id=pl["playlist_id"])["songs"]
names = {}
for s in songs:
    for a in s["artist_ids"]:
        if a not in names:
            names[a] = apis.spotify.show_artist(artist_id=a)["name"]
