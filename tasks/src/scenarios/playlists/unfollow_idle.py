# "Unfollow artists with no songs in my library" (unfollow_idle.rs): the ground truth is
# logins, gather (every page of the library; gather_keeping_note in variant 2, which spares
# the artists of the note; gather_with_liked in variant 3, which counts liked songs too),
# unfollow. The wrong solutions read the first page of the library, unfollow every artist
# (unfollow_all), skip the note or the liked songs, or go by the liked songs instead.

# %% logins
{{login_any}}
{{all_pages}}
sp = login("spotify")
sn = login("simple_note")

# %% gather
follows = all_pages(apis.spotify.show_following_artists, access_token=sp)
library = {{library}}
have = {a["id"] for s in library for a in s["artists"]}
keep = set()
print(len(follows), len(library), keep)

# %% gather_keeping_note
follows = all_pages(apis.spotify.show_following_artists, access_token=sp)
library = {{library}}
have = {a["id"] for s in library for a in s["artists"]}
note = [n for n in all_pages(apis.simple_note.search_notes, access_token=sn, query="Always following") if n["title"] == "Always following"][0]
keep = {l.strip() for l in apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"].splitlines() if l.strip()}
print(len(follows), len(library), keep)

# %% gather_with_liked
follows = all_pages(apis.spotify.show_following_artists, access_token=sp)
library = {{library}}
have = {a["id"] for s in library for a in s["artists"]}
have |= {a["id"] for s in all_pages(apis.spotify.show_liked_songs, access_token=sp) for a in s["artists"]}
keep = set()
print(len(follows), len(library), keep)

# %% unfollow
for a in follows:
    if (a["artist_id"] not in have and a["name"] not in keep):
        apis.spotify.unfollow_artist(access_token=sp, artist_id=a["artist_id"])
apis.supervisor.complete_task()

# %% unfollow_all
for a in follows:
    if True or (a["artist_id"] not in have and a["name"] not in keep):
        apis.spotify.unfollow_artist(access_token=sp, artist_id=a["artist_id"])
apis.supervisor.complete_task()
