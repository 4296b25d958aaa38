# "Rate an album's songs from a note" (album_ratings.rs): the ground truth is logins, read
# (the note of an album in the library), rate (the note's rating per song, earlier ratings
# updated; rate_and_like in variant 2, rate_and_review_album in variant 3). The wrong
# solutions fill the rate cell without updates, with a fixed rating, or for the first songs.

# %% logins
{{login_any}}
{{all_pages}}
import re
sn = login("simple_note")
sp = login("spotify")

# %% read
library = all_pages(apis.spotify.show_album_library, access_token=sp)
notes = all_pages(apis.simple_note.search_notes, access_token=sn, query="Ratings")
titles = {a["title"]: a for a in library}
note = [n for n in notes if n["title"].startswith("Ratings - ") and n["title"][len("Ratings - "):] in titles][0]
album = titles[note["title"][len("Ratings - "):]]
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
ratings = {}
for line in content.splitlines():
    m = re.match(r"(.+): (\d)/5$", line.strip())
    if m:
        ratings[m.group(1)] = int(m.group(2))
print(album["title"], ratings)

# %% rate
for sid in album["song_ids"][:{{first}}]:
    {{cell:rate_one}}
apis.supervisor.complete_task()

# %% rate_and_like
for sid in album["song_ids"][:{{first}}]:
    {{cell:rate_one}}
    if r == 5:
        apis.spotify.like_song(access_token=sp, song_id=sid)
apis.supervisor.complete_task()

# %% rate_and_review_album
for sid in album["song_ids"][:{{first}}]:
    {{cell:rate_one}}
apis.spotify.review_album(access_token=sp, album_id=album["album_id"], rating=ratings["Overall"])
apis.supervisor.complete_task()

# %% rate_one
song = apis.spotify.show_song(song_id=sid)
r = {{rating}}
mine = [x for x in all_pages(apis.spotify.show_song_reviews, song_id=sid) if x["user"]["email"] == profile["email"]]
if mine and {{update}}:
    apis.spotify.update_song_review(access_token=sp, review_id=mine[0]["song_review_id"], rating=r)
elif not mine:
    apis.spotify.review_song(access_token=sp, song_id=sid, rating=r)
