# "Complete the album tasks already in the library" (albums_to_listen.rs): the ground truth is
# logins, read (over library, or likes in variant 3), then complete_owned (complete_or_add in
# variant 2) with in_have, and done; each wrong solution swaps one piece.

# %% logins
{{login_any}}
{{all_pages}}
td = login("todoist")
sp = login("spotify")
{{flat}}

# %% read
have = {(a["title"], a["artists"][0]["name"]) for a in {{albums}}}
tasks = []
for t in flat(apis.todoist.show_tasks(access_token=td, project_id=0, is_completed=False)):
    m = re.match(r'Listen to "(.+)" by (.+)$', t["title"])
    if m:
        tasks.append((t, m.group(1), m.group(2)))
print(len(have), [x[0]["title"] for x in tasks])

# %% library
all_pages(apis.spotify.show_album_library, access_token=sp)

# %% likes
all_pages(apis.spotify.show_liked_albums, access_token=sp)

# %% library_first_page
(lambda f, **k: f(**k))(apis.spotify.show_album_library, access_token=sp)

# %% likes_first_page
(lambda f, **k: f(**k))(apis.spotify.show_liked_albums, access_token=sp)

# %% complete_owned
for t, title, artist in tasks:
    if {{owned}}:
        apis.todoist.update_task(access_token=td, task_id=t["task_id"], is_completed=True)

# %% complete_or_add
for t, title, artist in tasks:
    if {{owned}}:
        apis.todoist.update_task(access_token=td, task_id=t["task_id"], is_completed=True)
    else:
        found = [a for a in apis.spotify.search_albums(access_token=sp, query=title + " " + artist, page_limit=20) if a["title"] == title and a["artists"][0]["name"] == artist]
        apis.spotify.add_album_to_library(access_token=sp, album_id=found[0]["album_id"])

# %% complete_and_add
for t, title, artist in tasks:
    if {{owned}}:
        apis.todoist.update_task(access_token=td, task_id=t["task_id"], is_completed=True)
    else:
        found = [a for a in apis.spotify.search_albums(access_token=sp, query=title + " " + artist, page_limit=20) if a["title"] == title and a["artists"][0]["name"] == artist]
        apis.todoist.update_task(access_token=td, task_id=t["task_id"], is_completed=True)
        apis.spotify.add_album_to_library(access_token=sp, album_id=found[0]["album_id"])

# %% in_have
(title, artist) in have

# %% anything
True

# %% delete_rest
for t, title, artist in tasks:
    if (title, artist) not in have:
        apis.todoist.delete_task(access_token=td, task_id=t["task_id"])

# %% done
apis.supervisor.complete_task()
