# "A Spotify playlist from a song list file" (playlist_from_file.rs): the ground truth is the
# Rust fs_login() cell, then one cell joined from make, search_pages, add (make filled with
# find = path_given, or find_in_downloads in variant 2, and skip = skip_marked). Each wrong
# solution swaps a piece (first_hit, skip_unreadable) or fills another value. make ends with
# the loop's header; search_pages or first_hit and the first line of add are its body.

# %% make
sp = login("spotify")
{{find}}
content = apis.file_system.show_file(access_token=fs, file_path=path)["content"]
pairs = []
for line in content.splitlines():
    m = re.match(r"^\s*\d+\.\s*(.+?) - (.+?)(\s*\(no\))?\s*$", line)
    if {{skip}}:
        continue
    pairs.append((m.group(1), m.group(2)))
pid = apis.spotify.create_playlist(access_token=sp, title={{title}}, is_public={{public}})["playlist_id"]
for t, a in pairs:

# %% search_pages
    found = None
    page = 0
    while found is None and page < 10:
        for s in apis.spotify.search_songs(access_token=sp, query=t, page_index=page, page_limit=20):
            if s["title"] == t and any(x["name"] == a for x in s["artists"]):
                found = s
        page += 1

# %% first_hit
    found = apis.spotify.search_songs(access_token=sp, query=t)[0]

# %% add
    apis.spotify.add_song_to_playlist(access_token=sp, playlist_id=pid, song_id=found["song_id"])
apis.supervisor.complete_task()

# %% path_given
path = {{path}}

# %% find_in_downloads
path = [q for q in apis.file_system.show_directory(access_token=fs, directory_path="~/downloads/", entry_type="files") if {{word}} in apis.file_system.show_file(access_token=fs, file_path=q)["content"].lower()][0]

# %% skip_marked
not m or m.group(3) or (m.group(1), m.group(2)) in pairs

# %% skip_unreadable
not m or (m.group(1), m.group(2)) in pairs
