# "A playlist of my favourite genre's most played songs, texted to a friend"
# (genre_playlist.rs): the ground truth is logins, choose (library = whole_library), then one
# cell joined from make, text_friend, finish. Each wrong solution swaps a cell (catalog for
# choose, first_page_library as the library, another order) or leaves text_friend out.
# The first step, logins, comes from `logins_for` (mod.rs).

# %% choose
{{cell:top_genre}}
pool = sorted([s for s in songs if s["genre"] == genre], key=lambda s: s["play_count"], reverse={{reverse}})[:{{n}}]
print(genre, [(s["song_id"], s["play_count"]) for s in pool])

# %% whole_library
all_pages(apis.spotify.show_song_library, access_token=sp)

# %% first_page_library
apis.spotify.show_song_library(access_token=sp, page_limit=20)

# %% catalog
{{cell:top_genre}}
pool = apis.spotify.search_songs(genre=genre, sort_by={{sort}}, page_limit={{n}})

# %% top_genre
import collections
library = {{library}}
songs = [apis.spotify.show_song(song_id=s["song_id"]) for s in library]
genre = collections.Counter(s["genre"] for s in songs).most_common(1)[0][0]

# %% make
playlist_id = apis.spotify.create_playlist(access_token=sp, title={{title}}, is_public={{public}})["playlist_id"]
for s in pool:
    apis.spotify.add_song_to_playlist(access_token=sp, playlist_id=playlist_id, song_id=s["song_id"])
link = apis.spotify.show_playlist(access_token=sp, playlist_id=playlist_id)["shareable_link"]

# %% text_friend
friend = find_contact({{first}}, {{last}})
apis.phone.send_text_message(access_token=ph, phone_number=friend["phone_number"], message="Made a playlist for you: " + link)

# %% finish
apis.supervisor.complete_task()
