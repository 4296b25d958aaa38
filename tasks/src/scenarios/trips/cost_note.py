# "A note of a trip's costs by category" (cost_note.rs): the ground truth is logins, then read
# joined from sum_up (folder = this year's folder key, recursive = True) and add_up, then write
# joined from lines, total, create. Each wrong solution leaves total out, adds
# first_dinner_only, writes another title, lists without recursion or takes the city's every
# folder. sum_up ends inside the loop; first_dinner_only and add_up's first line are its body.

# %% logins
{{login_any}}
{{all_pages}}
fs = login("file_system")
sn = login("simple_note")

# %% sum_up
dirs = apis.file_system.show_directory(access_token=fs, directory_path="~/documents/trips/", entry_type="directories", recursive=False)
folders = [d for d in dirs if {{folder}} in d]
paths = []
for d in folders:
    paths += apis.file_system.show_directory(access_token=fs, directory_path=d, entry_type="files", recursive={{recursive}})
sums = {"Lodging": 0.0, "Car rental": 0.0, "Dinners": 0.0}
for q in paths:
    name = q.split("/")[-1]
    if not name.endswith((".pdf", ".txt")) or name == "itinerary.txt":
        continue
    content = apis.file_system.show_file(access_token=fs, file_path=q)["content"]
    amount = float(re.search(r"Total[^$\n]*\$([0-9.]+)", content).group(1))
    cat = "Lodging" if name.startswith("lodging") else "Car rental" if name.startswith("car_rental") else "Dinners"

# %% first_dinner_only
    if cat == "Dinners" and sums[cat] > 0:
        continue

# %% add_up
    sums[cat] += amount
print(sums)

# %% lines
lines = [f"{k}: ${x:.2f}" for k, x in sums.items()]

# %% total
lines.append(f"Total: ${sum(sums.values()):.2f}")

# %% create
apis.simple_note.create_note(access_token=sn, title={{title}}, content="\n".join(lines))
apis.supervisor.complete_task()
