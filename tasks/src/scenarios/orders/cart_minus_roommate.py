# "Check out the cart without what a roommate bought" (cart_minus_roommate.rs): the ground
# truth is logins, checkout (drop what the roommates texted this week, order the rest); the
# wrong solutions fill `checkout` with the friends' texts or no removal, or also drop the
# near-miss tray (checkout_dropping_tray).

# %% logins
{{login_any}}
{{all_pages}}
ph = login("phone")
az = login("amazon")

# %% checkout
{{cell:cart_said}}
gone = [i for i in items if any(re.search(r"\b" + re.escape(i["product_name"]) + r"\b(?! Tray)", m) for m in said)]
{{cell:cart_order}}

# %% checkout_dropping_tray
{{cell:cart_said}}
gone = [i for i in items if any(re.search(r"\b" + re.escape(i["product_name"].replace(" Tray", "")) + r"\b", m) for m in said)]
{{cell:cart_order}}

# %% cart_said
people = all_pages(apis.phone.search_contacts, access_token=ph, relationship={{relationship}})
week_ago = (datetime.datetime.now() - datetime.timedelta(days=7)).strftime("%Y-%m-%dT%H:%M:%S")
said = []
for c in people:
    texts = all_pages(apis.phone.search_text_messages, access_token=ph, phone_number=c["phone_number"])
    said += [t["message"] for t in texts if t["sender"]["phone_number"] == c["phone_number"] and t["sent_at"] >= week_ago]
items = apis.amazon.show_cart(access_token=az)["cart_items"]
for i in items:
    i["product_name"] = apis.amazon.show_product(product_id=i["product_id"])["name"]

# %% cart_order
print([i["product_name"] for i in gone])
if {{remove}}:
    for i in gone:
        apis.amazon.delete_product_from_cart(access_token=az, product_id=i["product_id"])
{{valid_card}}
address_id = [a for a in apis.amazon.show_addresses(access_token=az) if a["name"] == "Home"][0]["address_id"]
apis.amazon.place_order(access_token=az, payment_card_id=card["payment_card_id"], address_id=address_id)
apis.supervisor.complete_task()
