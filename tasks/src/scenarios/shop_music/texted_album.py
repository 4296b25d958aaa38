# "Save the album a friend texted about and like its songs" (texted_album.rs): the ground truth
# is logins, find (contact = by_name, by_nickname in variant 2), then one cell joined from
# like_all, the variant's extra (nothing, an empty line, in variant 1; follow_artists in
# variant 2; like_album and album_playlist in variant 3) and finish. Each wrong solution reads
# the other contact's text, likes by like_naive or like_album, or leaves like_album out.
# The first step, logins, comes from `logins_for` (mod.rs).

# %% find
friend = {{contact}}
texts = apis.phone.search_text_messages(access_token=ph, phone_number=friend["phone_number"], page_limit=20)
text = [t["message"] for t in texts if "album" in t["message"].lower() and '"' in t["message"]][0]
title = re.search(r'"([^"]+)"', text).group(1)
album = [a for a in apis.spotify.search_albums(query=title, page_limit=20) if a["title"] == title][0]
print(album["album_id"], title)
apis.spotify.add_album_to_library(access_token=sp, album_id=album["album_id"])

# %% by_name
find_contact({{first}}, {{last}})

# %% by_nickname
find_contact({{nick}})

# %% like_all
liked = {s["song_id"] for s in all_pages(apis.spotify.show_liked_songs, access_token=sp)}
for song_id in album["song_ids"]:
    if song_id not in liked:
        apis.spotify.like_song(access_token=sp, song_id=song_id)

# %% like_naive
for song_id in album["song_ids"]:
    apis.spotify.like_song(access_token=sp, song_id=song_id)

# %% follow_artists
followed = {a["artist_id"] for a in all_pages(apis.spotify.show_following_artists, access_token=sp)}
for artist in album["artists"]:
    if artist["id"] not in followed:
        apis.spotify.follow_artist(access_token=sp, artist_id=artist["id"])

# %% like_album
apis.spotify.like_album(access_token=sp, album_id=album["album_id"])

# %% album_playlist
playlist_id = apis.spotify.create_playlist(access_token=sp, title=album["title"], is_public=False)["playlist_id"]
for song_id in album["song_ids"]:
    apis.spotify.add_song_to_playlist(access_token=sp, playlist_id=playlist_id, song_id=song_id)

# %% finish
apis.supervisor.complete_task()
