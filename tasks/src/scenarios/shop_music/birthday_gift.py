# "Send a friend a birthday gift" (birthday_gift.rs): the ground truth is logins, the address
# (to_friend with who = by_name, by_nickname in variant 2; work_address in variant 3), pick
# (any = False), then one cell joined from empty_cart, wrap, place, restore, finish. Each wrong
# solution picks any colour, ships to home_address, or leaves restore or wrap out.
# The first step, logins, comes from `logins_for` (mod.rs).

# %% to_friend
friend = {{who}}
street, city, state, country, zip_code = [x.strip() for x in friend["home_address"].split(",")]
address_id = apis.amazon.add_address(access_token=az, name=friend["first_name"] + "'s home", street_address=street, city=city, state=state, country=country, zip_code=int(zip_code))["address_id"]

# %% by_name
find_contact({{first}}, {{last}})

# %% by_nickname
find_contact({{nick}})

# %% work_address
address_id = [a for a in apis.amazon.show_addresses(access_token=az) if a["name"] == "Work"][0]["address_id"]

# %% home_address
address_id = [a for a in apis.amazon.show_addresses(access_token=az) if a["name"] == "Home"][0]["address_id"]

# %% pick
results = apis.amazon.search_products(query={{name}}, page_limit=20)
first = [r for r in results if r["name"] == {{name}}][0]
variants = [apis.amazon.show_product(product_id=i) for i in [first["product_id"]] + [v["product_id"] for v in first["variations"]]]
choices = [v for v in variants if ({{any}} or v["color"] == {{color}}) and v["inventory_quantity"] > 0]
pick = min(choices, key=lambda v: v["price"])
today = datetime.date.today()
card = [c for c in apis.amazon.show_payment_cards(access_token=az) if (c["expiry_year"], c["expiry_month"]) >= (today.year, today.month)][0]
print(pick["product_id"], pick["color"], pick["relative_size"], pick["price"], card["card_name"])

# %% empty_cart
saved = apis.amazon.show_cart(access_token=az)["cart_items"]
apis.amazon.clear_cart(access_token=az)
apis.amazon.add_product_to_cart(access_token=az, product_id=pick["product_id"], quantity=1)

# %% wrap
apis.amazon.add_gift_wrapping_to_product(access_token=az, product_id=pick["product_id"], quantity=1)

# %% place
apis.amazon.place_order(access_token=az, payment_card_id=card["payment_card_id"], address_id=address_id)

# %% restore
for item in saved:
    apis.amazon.add_product_to_cart(access_token=az, product_id=item["product_id"], quantity=item["quantity"])

# %% finish
apis.supervisor.complete_task()
