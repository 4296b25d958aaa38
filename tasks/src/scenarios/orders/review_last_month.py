# "Review last month's deliveries with ratings from a note" (review_last_month.rs): the ground
# truth is logins, read, review (every page of orders, April 2023, old reviews updated); the
# wrong solutions fill `review` with the first page only, another month, or no update.
# `{{logins}}` and `{{read_note}}` (the note's `content`) come from `note_vals` (mod.rs).

# %% logins
{{logins}}

# %% read
{{read_note}}
rated = {}
for line in content.splitlines()[1:]:
    m = re.match(r"^(.*): (\d) - (.*)$", line.strip())
    if m:
        rated[m.group(1)] = (int(m.group(2)), m.group(3))
print(rated)

# %% review
orders = {{orders}}
names = {}
done = set()
for o in orders:
    for item in o["order_items"]:
        if not item["delivered_at"] or not item["delivered_at"].startswith({{month}}):
            continue
        pid = item["product_id"]
        if pid not in names:
            names[pid] = apis.amazon.show_product(product_id=pid)["name"]
        name = names[pid]
        if name not in rated or pid in done:
            continue
        done.add(pid)
        rating, comment = rated[name]
        mine = [r for r in apis.amazon.show_product_reviews(product_id=pid, user_email=profile["email"], page_limit=20)]
        if mine and {{update}}:
            apis.amazon.update_product_review(access_token=az, review_id=mine[0]["review_id"], rating=rating, text=comment)
        else:
            apis.amazon.write_product_review(access_token=az, product_id=pid, rating=rating, title=name, text=comment)
apis.supervisor.complete_task()
