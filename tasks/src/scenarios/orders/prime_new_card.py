# "Replacement card saved and Prime renewed with it" (prime_new_card.rs): the ground truth is
# logins, read, renew (delete the expiring card, pay with the new one, the plan `{{plan}}`
# picks); the wrong solutions fill `renew` with other cards to delete or another plan, or pay
# with the old card and delete it after (renew_then_delete_old).
# `{{logins}}` and `{{read_note}}` (the note's `content`) come from `note_vals` (mod.rs).

# %% logins
{{logins}}

# %% read
{{read_note}}
number = int(re.search(r"card number: ([\d ]+)", content).group(1).replace(" ", ""))
month, year = [int(x) for x in re.search(r"Expires: (\d+)/(\d+)", content).groups()]
cvv = int(re.search(r"CVV: (\d+)", content).group(1))
name = re.search(r'Name it "([^"]+)"', content).group(1)
today = datetime.date.today()
cards = apis.amazon.show_payment_cards(access_token=az)
expiring = [c for c in cards if (c["expiry_year"], c["expiry_month"]) == (today.year, today.month)]
subs = all_pages(apis.amazon.show_prime_subscriptions, access_token=az)
last = max(subs, key=lambda s: s["end_date"])
plans = apis.amazon.show_prime_plans()
print(number, month, year, cvv, name, [c["card_name"] for c in expiring], last, plans)

# %% renew
{{cell:add_and_subscribe}}
apis.supervisor.complete_task()

# %% renew_then_delete_old
{{cell:add_and_subscribe}}
apis.amazon.delete_payment_card(access_token=az, payment_card_id=expiring[0]["payment_card_id"])
apis.supervisor.complete_task()

# %% add_and_subscribe
new_id = apis.amazon.add_payment_card(access_token=az, card_name=name, owner_name=profile["first_name"] + " " + profile["last_name"], card_number=number, expiry_year=year, expiry_month=month, cvv_number=cvv)["payment_card_id"]
for c in {{delete}}:
    apis.amazon.delete_payment_card(access_token=az, payment_card_id=c["payment_card_id"])
{{plan}}
apis.amazon.subscribe_prime(access_token=az, payment_card_id={{pay}}, duration=plan)
for c in apis.amazon.show_payment_cards(access_token=az):
    print(apis.amazon.show_payment_card(access_token=az, payment_card_id=c["payment_card_id"])["card_name"])
print(apis.amazon.show_prime_subscriptions(access_token=az, page_limit=1))
