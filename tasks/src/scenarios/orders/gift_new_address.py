# "Send a gift to the new address a friend texted" (gift_new_address.rs): the ground truth is
# logins, find_texted (the address in the friend's text), order (gift wrapped); the wrong
# solutions take the contact's old address (find_in_contact), another friend's text, or fill
# `order` without the wrap.

# %% logins
{{login_any}}
{{all_pages}}
ph = login("phone")
az = login("amazon")
{{cheapest}}

# %% find_texted
hits = all_pages(apis.phone.search_contacts, access_token=ph, query={{query}})
friend = [c for c in hits if (c["first_name"] + " " + c["last_name"]).startswith({{query}}) or c["first_name"] == {{query}}][0]
texts = all_pages(apis.phone.search_text_messages, access_token=ph, phone_number=friend["phone_number"])
line = [t["message"] for t in texts if "address" in t["message"].lower() and t["sender"]["phone_number"] == friend["phone_number"]][0]
line = re.search(r"address: (.*)\. ", line).group(1)
street, city, state, country, zip_code = [x.strip() for x in line.split(",")]
print(street, city, state, country, zip_code)

# %% find_in_contact
hits = all_pages(apis.phone.search_contacts, access_token=ph, query={{query}})
friend = [c for c in hits if (c["first_name"] + " " + c["last_name"]).startswith({{query}}) or c["first_name"] == {{query}}][0]
line = friend["home_address"]
street, city, state, country, zip_code = [x.strip() for x in line.split(",")]
print(street, city, state, country, zip_code)

# %% order
address_id = apis.amazon.add_address(access_token=az, name={{name}}, street_address=street, city=city, state=state, country=country, zip_code=int(zip_code))["address_id"]
{{valid_card}}
pick = cheapest({{candle}})
apis.amazon.add_product_to_cart(access_token=az, product_id=pick["product_id"], quantity={{units}})
if {{wrap}}:
    apis.amazon.add_gift_wrapping_to_product(access_token=az, product_id=pick["product_id"], quantity={{units}})
apis.amazon.place_order(access_token=az, payment_card_id=card["payment_card_id"], address_id=address_id)
apis.supervisor.complete_task()
