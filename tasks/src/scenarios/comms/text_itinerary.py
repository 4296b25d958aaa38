# "Text the travellers a day's plan" (text_itinerary.rs): the ground truth is logins, read,
# match_travellers and send with first_plan (last_plan in variant 3); each wrong solution swaps
# one piece (`match_travellers` looks a traveller missing by full name up `by_last_name`, or
# skips them). `read` and `read_old_trip` share their common lines through included cells.

# %% logins
{{login_any}}
{{all_pages}}
fs = login("file_system")
ph = login("phone")

# %% itineraries
today = datetime.datetime.strptime(apis.phone.get_current_date_and_time(access_token=ph)["date"], "%A, %B %d, %Y").strftime("%Y-%m-%d")
paths = apis.file_system.show_directory(access_token=fs, directory_path="~/documents/trips/", substring={{city}}, entry_type="files")
its = [apis.file_system.show_file(access_token=fs, file_path=q)["content"] for q in paths if q.endswith("itinerary.txt")]

# %% plan_of_trip
travelers = re.search(r"Travelers: (.*)", content).group(1).split(", ")
plans = re.findall(r"^- \w{3} \w{3} \d{2}: (.*)$", content, re.M)

# %% read
{{cell:itineraries}}
content = [c for c in its if re.search(r"Dates: (\S+)", c).group(1) > today][0]
{{cell:plan_of_trip}}

# %% read_old_trip
{{cell:itineraries}}
content = [c for c in its if re.search(r"Dates: (\S+)", c).group(1) < today][0]
{{cell:plan_of_trip}}

# %% match_travellers
contacts = all_pages(apis.phone.search_contacts, access_token=ph)
me = profile["first_name"] + " " + profile["last_name"]
numbers = []
for name in travelers:
    if name == me:
        continue
    first, last = name.split(" ", 1)
    found = [c for c in contacts if c["first_name"] == first and c["last_name"] == last]
    if not found:
        {{if_not_found}}
    numbers.append(found[0]["phone_number"])

# %% by_last_name
found = [c for c in contacts if c["last_name"] == last and "friend" in c["relationships"]]

# %% every_friend
numbers = [c["phone_number"] for c in all_pages(apis.phone.search_contacts, access_token=ph, relationship="friend")]

# %% send
for n in numbers:
    apis.phone.send_text_message(access_token=ph, phone_number=n, message={{message}})
apis.supervisor.complete_task()

# %% first_plan
plans[0]

# %% second_plan
plans[1]

# %% last_plan
plans[-1]

# %% itinerary
content
