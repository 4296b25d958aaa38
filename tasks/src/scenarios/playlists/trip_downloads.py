# "Download the trip playlist a to-do names" (trip_downloads.rs): the ground truth is logins,
# read (the to-do of this trip's project), find_mine (find_friends in variant 2: the friend's
# playlist), download (skipping what is downloaded already; download_tick in variant 3, which
# also completes the to-do). The wrong solutions take the "(old)" playlist (find_old),
# download everything (download_all, download_all_tick) or read last trip's project.

# %% logins
{{login_any}}
{{all_pages}}
{{find_contact}}
{{find_playlist}}
import re
td = login("todoist")
sp = login("spotify")
ph = login("phone")

# %% read
projects = all_pages(apis.todoist.show_projects, access_token=td)
project = [p for p in projects if p["name"] == {{project}}][0]
shown = apis.todoist.show_tasks(access_token=td, project_id=project["project_id"])
tasks = shown["no_section_tasks"] + [t for sec in shown["sections"] for t in sec["tasks"]]
todo = [t for t in tasks if "playlist" in t["title"].lower()][0]
ptitle = re.search(r'"(.+?)"', todo["title"]).group(1)
print(todo["title"], ptitle)

# %% find_mine
pid = find_playlist(ptitle)["playlist_id"]

# %% find_friends
friend = find_contact({{first}}, {{last}})
hits = all_pages(apis.spotify.search_playlists, access_token=sp, query=ptitle)
pid = [p for p in hits if p["title"] == ptitle and p["owner"]["email"] == friend["email"]][0]["playlist_id"]

# %% find_old
pid = find_playlist(ptitle + " (old)")["playlist_id"]

# %% download
have = {s["song_id"] for s in all_pages(apis.spotify.show_downloaded_songs, access_token=sp)}
for s in apis.spotify.show_playlist(access_token=sp, playlist_id=pid)["songs"]:
    if s["id"] not in have:
        apis.spotify.download_song(access_token=sp, song_id=s["id"])
apis.supervisor.complete_task()

# %% download_tick
have = {s["song_id"] for s in all_pages(apis.spotify.show_downloaded_songs, access_token=sp)}
for s in apis.spotify.show_playlist(access_token=sp, playlist_id=pid)["songs"]:
    if s["id"] not in have:
        apis.spotify.download_song(access_token=sp, song_id=s["id"])
apis.todoist.update_task(access_token=td, task_id=todo["task_id"], is_completed=True)
apis.supervisor.complete_task()

# %% download_all
have = {s["song_id"] for s in all_pages(apis.spotify.show_downloaded_songs, access_token=sp)}
for s in apis.spotify.show_playlist(access_token=sp, playlist_id=pid)["songs"]:
    if True or s["id"] not in have:
        apis.spotify.download_song(access_token=sp, song_id=s["id"])
apis.supervisor.complete_task()

# %% download_all_tick
have = {s["song_id"] for s in all_pages(apis.spotify.show_downloaded_songs, access_token=sp)}
for s in apis.spotify.show_playlist(access_token=sp, playlist_id=pid)["songs"]:
    if True or s["id"] not in have:
        apis.spotify.download_song(access_token=sp, song_id=s["id"])
apis.todoist.update_task(access_token=td, task_id=todo["task_id"], is_completed=True)
apis.supervisor.complete_task()
