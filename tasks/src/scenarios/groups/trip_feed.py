# "Like and comment on the trip group's Venmo payments" (trip_feed.rs): the ground truth is
# logins, a find step (members + feed + pick, one cell), like_and_comment. The wrong solutions
# take payments with one side in the group (pick_either_side), read one page (feed_first_page)
# or do not like (comment_only).

# %% logins
{{login_any}}
{{all_pages}}
sw = login("splitwise")
vm = login("venmo")

# %% members
group = next(x for x in all_pages(apis.splitwise.show_groups, access_token=sw) if x["name"] == {{group}})
members = {m["email"] for m in group["members"]} - {profile["email"]}

# %% feed
feed = all_pages(apis.venmo.show_social_feed, access_token=vm)

# %% feed_first_page
feed = apis.venmo.show_social_feed(access_token=vm)

# %% pick
picked = [t for t in feed if t["sender"]["email"] in members and t["receiver"]["email"] in members and {{city}} in t["description"].lower()]
print(picked)

# %% pick_either_side
picked = [t for t in feed if (t["sender"]["email"] in members or t["receiver"]["email"] in members) and {{city}} in t["description"].lower()]
print(picked)

# %% like_and_comment
for t in picked:
    apis.venmo.like_transaction(access_token=vm, transaction_id=t["transaction_id"])
    apis.venmo.create_transaction_comment(access_token=vm, transaction_id=t["transaction_id"], comment={{comment}})
apis.supervisor.complete_task()

# %% comment_only
for t in picked:
    apis.venmo.create_transaction_comment(access_token=vm, transaction_id=t["transaction_id"], comment={{comment}})
apis.supervisor.complete_task()
