# "How many songs of a texted playlist I have" (texted_playlist_count.rs): the ground truth is
# logins, read_friend (the friend's latest playlist link), count (against the library, or the
# downloads in variant 3; `{{value}}` is the answer's expression); the wrong solutions read
# the latest link from anyone (read_latest) or answer another count.

# %% logins
{{login_any}}
{{all_pages}}
{{find_contact}}
import re
ph = login("phone")
sp = login("spotify")

# %% read_friend
friend = find_contact({{first}}, {{last}})
texts = all_pages(apis.phone.search_text_messages, access_token=ph, phone_number=friend["phone_number"])
text = max([t for t in texts if "spotify.com/playlists/" in t["message"]], key=lambda t: t["sent_at"])["message"]
pid = int(re.search(r"playlists/(\d+)", text).group(1))

# %% read_latest
texts = all_pages(apis.phone.search_text_messages, access_token=ph, query="spotify.com/playlists")
text = max(texts, key=lambda t: t["sent_at"])["message"]
pid = int(re.search(r"playlists/(\d+)", text).group(1))

# %% count
songs = [s["id"] for s in apis.spotify.show_playlist(access_token=sp, playlist_id=pid)["songs"]]
mine = {s["song_id"] for s in {{source}}}
inside = len([s for s in songs if s in mine])
print(len(songs), inside)
apis.supervisor.complete_task(answer={{value}})
