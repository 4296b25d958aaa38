# "A road trip playlist of the songs the travellers texted" (road_trip_playlist.rs): the ground
# truth is logins, people, then one cell joined from gather (who = travellers, about =
# about_playlist), take_pick (pick = -1, the latest text), show_titles, then make. Each wrong
# solution gathers from with_friend (about_road_trip) or first_traveller, keeps the first pick
# (pick = 0), takes every quoted text (quoted, take_every), or names the playlist after the
# group. gather ends inside the loop's `if`; take_pick or take_every is its body.

# %% logins
{{login_any}}
{{all_pages}}
sw = login("splitwise")
ph = login("phone")
sp = login("spotify")

# %% people
group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x["name"] == {{group}})
emails = [m["email"] for m in group["members"] if m["email"] != profile["email"]]
contacts = all_pages(apis.phone.search_contacts, access_token=ph)
numbers = [c["phone_number"] for c in contacts if c["email"] in emails]
print(numbers)

# %% gather
titles = []
for num in {{who}}:
    texts = [t for t in all_pages(apis.phone.search_text_messages, access_token=ph, phone_number=num) if t["sender"]["phone_number"] == num and {{about}}]
    texts.sort(key=lambda t: t["sent_at"])
    if texts:

# %% take_pick
        titles.append(re.search(r'"(.+?)"', texts[{{pick}}]["message"]).group(1))

# %% take_every
        titles.extend(re.search(r'"(.+?)"', t["message"]).group(1) for t in texts)

# %% show_titles
print(titles)

# %% travellers
numbers

# %% with_friend
numbers + [c["phone_number"] for c in contacts if "friend" in c["relationships"] and c["phone_number"] not in numbers]

# %% first_traveller
numbers[:1]

# %% about_playlist
"playlist" in t["message"]

# %% about_road_trip
("playlist" in t["message"] or "road trip song" in t["message"])

# %% quoted
'"' in t["message"]

# %% make
def find_song(t):
    for page in range(10):
        for s in apis.spotify.search_songs(query=t, page_index=page, page_limit=20):
            if s["title"] == t:
                return s
pid = apis.spotify.create_playlist(access_token=sp, title={{title}})["playlist_id"]
for t in titles:
    song = find_song(t)
    apis.spotify.add_song_to_playlist(access_token=sp, playlist_id=pid, song_id=song["song_id"])
apis.supervisor.complete_task()
