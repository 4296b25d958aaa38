# "Follow every artist on a friend's playlist" (friend_playlist_artists.rs): the ground truth
# is logins, find (contact = by_name, by_nickname in variant 2; pick = friends_playlist), then
# one cell joined from follow (artists = every_artist), like (variant 2) or save_missing
# (variant 3), finish. Each wrong solution swaps a piece (first_titled, first_artists,
# save_all, follow_blindly) or leaves like out.
# The first step, logins, comes from `logins_for` (mod.rs).

# %% find
friend = {{contact}}
found = apis.spotify.search_playlists(access_token=sp, query={{title}}, page_limit=20)
playlist = {{pick}}
songs = apis.spotify.show_playlist(access_token=sp, playlist_id=playlist["playlist_id"])["songs"]
print(playlist["playlist_id"], playlist["owner"], [s["artist_ids"] for s in songs])

# %% by_name
find_contact({{first}}, {{last}})

# %% by_nickname
find_contact({{nick}})

# %% friends_playlist
[x for x in found if x["title"] == {{title}} and x["owner"]["email"] == friend["email"]][0]

# %% first_titled
[x for x in found if x["title"] == {{title}}][0]

# %% follow
followed = {a["artist_id"] for a in all_pages(apis.spotify.show_following_artists, access_token=sp)}
for artist_id in sorted({{artists}}):
    if artist_id not in followed:
        apis.spotify.follow_artist(access_token=sp, artist_id=artist_id)

# %% every_artist
{a for s in songs for a in s["artist_ids"]}

# %% first_artists
{s["artist_ids"][0] for s in songs}

# %% like
apis.spotify.like_playlist(access_token=sp, playlist_id=playlist["playlist_id"])

# %% save_missing
library = {s["song_id"] for s in all_pages(apis.spotify.show_song_library, access_token=sp)}
for s in songs:
    if s["id"] not in library:
        apis.spotify.add_song_to_library(access_token=sp, song_id=s["id"])

# %% save_all
for s in songs:
    apis.spotify.add_song_to_library(access_token=sp, song_id=s["id"])

# %% finish
apis.supervisor.complete_task()

# %% follow_blindly
for artist_id in sorted({a for s in songs for a in s["artist_ids"]}):
    apis.spotify.follow_artist(access_token=sp, artist_id=artist_id)
apis.supervisor.complete_task()
