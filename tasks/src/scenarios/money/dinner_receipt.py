# "Record a dinner from a receipt and a text" (dinner_receipt.rs): the ground truth is logins,
# find_receipt (on the dinner's day, its Total line), read_text (said: how the text names the
# others, "between me, " in variant 3) and record with the debtors everyone (friends in variant
# 3); each wrong solution swaps one piece (the Subtotal line, an older day, other debtors).

# %% logins
{{login_any}}
{{all_pages}}
fs = login("file_system")
ph = login("phone")
sw = login("splitwise")

# %% find_receipt
paths = apis.file_system.show_directory(access_token=fs, directory_path="~/", substring={{stem}}, entry_type="files")
receipt = next(c for c in (apis.file_system.show_file(access_token=fs, file_path=q)["content"] for q in paths) if "Date: {{day}}" in c)
total = float(re.search(r"\n{{line}}: \$([0-9.]+)", receipt).group(1))

# %% read_text
texts = all_pages(apis.phone.search_text_messages, access_token=ph, query={{query}})
text = max((t for t in texts if re.search(r"{{said}}([^.?!]+)", t["message"])), key=lambda t: t["sent_at"])
names = re.split(r", | and ", re.search(r"{{said}}([^.?!]+)", text["message"]).group(1).strip())
contacts = all_pages(apis.phone.search_contacts, access_token=ph)
friend = next(c for c in contacts if c["phone_number"] == text["sender"]["phone_number"])
emails = [friend["email"]] + [next(c["email"] for c in contacts if c["first_name"] == n) for n in names]

# %% record
apis.splitwise.record_expense(access_token=sw, description={{desc}}, paid_amount=total, payer_email=profile["email"], debtor_emails={{debtors}})
apis.supervisor.complete_task()

# %% everyone
[profile["email"]] + emails

# %% friends
emails

# %% me_and_texter
[profile["email"]] + emails[:1]

# %% texter
emails[:1]
