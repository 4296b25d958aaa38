# "Which playlist has the most songs?" (playlist_question.rs): the ground truth is logins, then
# one cell joined from list, most (in_library in variant 2, fewest in variant 3), answer. Each
# wrong solution picks by another cell (most_liked, in_library, most).

# %% logins
{{login_any}}
{{all_pages}}
sp = login("spotify")

# %% list
playlists = all_pages(apis.spotify.show_playlist_library, access_token=sp)

# %% most
best = max(playlists, key=lambda x: len(x["song_ids"]))

# %% fewest
best = min(playlists, key=lambda x: len(x["song_ids"]))

# %% in_library
library = {s["song_id"] for s in all_pages(apis.spotify.show_song_library, access_token=sp)}
best = max(playlists, key=lambda x: len(set(x["song_ids"]) & library))

# %% most_liked
best = max(playlists, key=lambda x: x["like_count"])

# %% answer
apis.supervisor.complete_task(answer=best["title"])
