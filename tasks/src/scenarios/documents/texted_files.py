# "Copy the files a friend texted about" (texted_files.rs): the ground truth is find_friend,
# then one cell joined from pick, copy, record (pick filled with trip = -1, the latest, and
# rental = car_rental), then reply. Each wrong solution swaps a piece (move, hotel,
# reply_to_last) or takes the older trip (trip = 0). pick ends inside the loop; copy or move and
# record are lines of its body.

# %% find_friend
{{login_any}}
{{all_pages}}
fs = login("file_system")
ph = login("phone")
friend = apis.phone.search_contacts(access_token=ph, query={{who}})[0]
msgs = all_pages(apis.phone.search_text_messages, access_token=ph, phone_number=friend["phone_number"])
ask = [m for m in msgs if "copy" in m["message"]][0]["message"]
shared = re.search(r"(~/shared/[a-z]+/)", ask).group(1)
city = re.search(r"our (\w+) trip", ask).group(1).lower()

# %% pick
trips = apis.file_system.show_directory(access_token=fs, directory_path="~/documents/trips/", substring=city, entry_type="directories", recursive=False)
trip = sorted(trips)[{{trip}}]
itin = trip + "itinerary.txt"
receipts = apis.file_system.show_directory(access_token=fs, directory_path=trip + "receipts/", entry_type="files")
contents = {q: apis.file_system.show_file(access_token=fs, file_path=q)["content"] for q in receipts}
rental = [q for q in receipts if {{rental}}][0]
copies = []
for src in [itin, rental]:
    dst = shared + src.rsplit("/", 1)[1]

# %% copy
    apis.file_system.copy_file(access_token=fs, source_file_path=src, destination_file_path=dst)

# %% move
    apis.file_system.move_file(access_token=fs, source_file_path=src, destination_file_path=dst)

# %% record
    copies.append(dst)

# %% car_rental
"Car Rental" in contents[q]

# %% hotel
"nights" in contents[q]

# %% reply
apis.phone.send_text_message(access_token=ph, phone_number=friend["phone_number"], message="Done! They are at " + " and ".join(copies))
apis.supervisor.complete_task()

# %% reply_to_last
last = apis.phone.search_text_messages(access_token=ph)[0]
apis.phone.send_text_message(access_token=ph, phone_number=last["sender"]["phone_number"], message="Done! They are at " + " and ".join(copies))
apis.supervisor.complete_task()
