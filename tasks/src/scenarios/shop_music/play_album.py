# "Play an album from its first song" (play_album.rs): the ground truth is logins, then find
# joined from current (saved_latest in variant 2, liked in variant 3) and show, then play
# joined from clear_and_play, volume (variant 3 only), finish. Each wrong solution swaps a piece
# (enqueue, first_song, queue_first, saved_first) or leaves volume out.

# %% logins
{{login_any}}
{{all_pages}}
sp = login("spotify")

# %% current
album_id = apis.spotify.show_current_song(access_token=sp)["album_id"]

# %% queue_first
album_id = apis.spotify.show_song_queue(access_token=sp)[0]["album_id"]

# %% saved_latest
album_id = max(all_pages(apis.spotify.show_album_library, access_token=sp), key=lambda a: a["added_at"])["album_id"]

# %% saved_first
album_id = min(all_pages(apis.spotify.show_album_library, access_token=sp), key=lambda a: a["added_at"])["album_id"]

# %% liked
album_id = max(all_pages(apis.spotify.show_liked_albums, access_token=sp), key=lambda a: a["liked_at"])["album_id"]

# %% show
print(album_id)

# %% clear_and_play
apis.spotify.clear_song_queue(access_token=sp)
apis.spotify.play_music(access_token=sp, album_id=album_id)

# %% enqueue
apis.spotify.add_to_queue(access_token=sp, album_id=album_id)

# %% first_song
apis.spotify.play_music(access_token=sp, song_id=apis.spotify.show_album(album_id=album_id)["songs"][0]["id"])

# %% volume
apis.spotify.set_volume(access_token=sp, volume=4)

# %% finish
apis.supervisor.complete_task()
