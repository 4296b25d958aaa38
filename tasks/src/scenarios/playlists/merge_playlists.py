# "Merge one playlist into another and delete it" (merge_playlists.rs): the ground truth is
# logins, merge (the new songs of `src` into `dst`, then `{{deletes}}`: one delete cell and a
# newline per playlist to delete), in variant 2 share (public, the link texted; a cell that ends
# in a newline), then done. The wrong solutions merge the other way, only delete, delete the
# near miss too, or text the link of a private playlist (share_private).

# %% logins
{{login_any}}
{{all_pages}}
{{find_contact}}
{{find_playlist}}
sp = login("spotify")
ph = login("phone")

# %% merge
src = find_playlist({{src}})
dst = find_playlist({{dst}})
have = {s["id"] for s in apis.spotify.show_playlist(access_token=sp, playlist_id=dst["playlist_id"])["songs"]}
for s in apis.spotify.show_playlist(access_token=sp, playlist_id=src["playlist_id"])["songs"]:
    if s["id"] not in have:
        apis.spotify.add_song_to_playlist(access_token=sp, playlist_id=dst["playlist_id"], song_id=s["id"])
        have.add(s["id"])
{{deletes}}

# %% delete
apis.spotify.delete_playlist(access_token=sp, playlist_id=find_playlist({{title}})["playlist_id"])

# %% share
pl = find_playlist({{title}})
apis.spotify.update_playlist(access_token=sp, playlist_id=pl["playlist_id"], is_public=True)
link = apis.spotify.show_playlist(access_token=sp, playlist_id=pl["playlist_id"])["shareable_link"]
friend = find_contact({{first}}, {{last}})
apis.phone.send_text_message(access_token=ph, phone_number=friend["phone_number"], message="Here's my jazz playlist: " + link)

# %% share_private
pl = find_playlist({{title}})
apis.spotify.update_playlist(access_token=sp, playlist_id=pl["playlist_id"], is_public=False)
link = apis.spotify.show_playlist(access_token=sp, playlist_id=pl["playlist_id"])["shareable_link"]
friend = find_contact({{first}}, {{last}})
apis.phone.send_text_message(access_token=ph, phone_number=friend["phone_number"], message="Here's my jazz playlist: " + link)

# %% done
apis.supervisor.complete_task()
