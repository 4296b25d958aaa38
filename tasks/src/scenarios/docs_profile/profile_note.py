# "Write my cards or addresses into a note" (profile_note.rs): the ground truth is login, then
# check_new + the variant's lines (card_lines, address_lines or card_lines_after) + create as
# one cell, then done. The wrong solutions swap the lines or answer them instead.

# %% login
{{login_note}}

# %% check_new
notes = []
page = 0
while True:
    batch = apis.simple_note.search_notes(access_token=token, page_index=page, page_limit=20, query={{title}})
    if not batch:
        break
    notes.extend(batch)
    page += 1
if any(n["title"] == {{title}} for n in notes):
    raise ValueError("a note titled " + {{title}} + " exists already")

# %% address_lines
lines = [f"{a['name']}: {a['street_address']}, {a['city']}" for a in apis.supervisor.show_addresses()]

# %% address_lines_with_state
lines = [f"{a['name']}: {a['street_address']}, {a['city']}, {a['state']}" for a in apis.supervisor.show_addresses()]

# %% card_lines
lines = [f"{c['card_name']} ending {c['card_number'] % 10000:04d}: expires {c['expiry_month']:02d}/{c['expiry_year']}" for c in apis.supervisor.show_payment_cards()]

# %% card_lines_after
lines = [f"{c['card_name']} ending {c['card_number'] % 10000:04d}: expires {c['expiry_month']:02d}/{c['expiry_year']}" for c in apis.supervisor.show_payment_cards() if c['expiry_year'] > {{min_year}}]

# %% card_lines_sorted
lines = [f"{c['card_name']} ending {c['card_number'] % 10000:04d}: expires {c['expiry_month']:02d}/{c['expiry_year']}" for c in apis.supervisor.show_payment_cards()]
lines.sort()

# %% create
apis.simple_note.create_note(access_token=token, title={{title}}, content="\n".join(lines))

# %% answer_lines
apis.supervisor.complete_task(answer="\n".join(lines))

# %% done
apis.supervisor.complete_task()
