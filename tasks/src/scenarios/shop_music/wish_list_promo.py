# "Move cheap wish-list items to the cart and apply the best promo code" (wish_list_promo.rs):
# the ground truth is logins, read, move (limit = the budget, units = all_units), then best
# joined from try_codes and finish. Each wrong solution moves with another limit or one unit,
# applies first_accepted, or adds place_order before finish.
# The first step, logins, comes from `logins_for` (mod.rs).

# %% read
friend = find_contact({{first}}, {{last}})
texts = apis.phone.search_text_messages(access_token=ph, phone_number=friend["phone_number"], page_limit=20)
text = [t for t in texts if "code" in t["message"].lower()][0]["message"]
codes = re.findall(r"\b[A-Z0-9]{5}\b", text)
print(codes)

# %% move
for w in apis.amazon.show_wish_list(access_token=az):
    if w["price"] <= {{limit}}:
        apis.amazon.move_product_from_wish_list_to_cart(access_token=az, product_id=w["product_id"], quantity={{units}})

# %% all_units
int(w["quantity"])

# %% try_codes
best, saving = None, 0
for code in codes:
    try:
        apis.amazon.apply_promo_code_to_cart(access_token=az, promo_code=code)
    except Exception as e:
        print(code, e)
        continue
    discount = apis.amazon.show_cart(access_token=az)["discount"]
    if discount > saving:
        best, saving = code, discount
    apis.amazon.remove_promo_code_from_cart(access_token=az)
apis.amazon.apply_promo_code_to_cart(access_token=az, promo_code=best)

# %% first_accepted
for code in codes:
    try:
        apis.amazon.apply_promo_code_to_cart(access_token=az, promo_code=code)
        break
    except Exception:
        pass

# %% place_order
cards = apis.amazon.show_payment_cards(access_token=az)
home = [a for a in apis.amazon.show_addresses(access_token=az) if a["name"] == "Home"][0]
apis.amazon.place_order(access_token=az, payment_card_id=cards[0]["payment_card_id"], address_id=home["address_id"])

# %% finish
apis.supervisor.complete_task()
