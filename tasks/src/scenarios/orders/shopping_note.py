# "Order the shopping list in a note" (shopping_note.rs): the ground truth is logins, read,
# order (home address, in-stock variants, noted quantities, the cart restored); each wrong
# solution fills `order` with another address, stock rule, quantity or restore flag.

# %% logins
{{login_any}}
{{all_pages}}
sn = login("simple_note")
az = login("amazon")
{{cheapest}}

# %% read
notes = all_pages(apis.simple_note.search_notes, access_token=sn, query={{title}})
note = [n for n in notes if n["title"] == {{title}}][0]
content = apis.simple_note.show_note(access_token=sn, note_id=note["note_id"])["content"]
wanted = []
for line in content.split("To order on Amazon:")[1].split("Already bought")[0].splitlines():
    line = line.strip().lstrip("- ").strip()
    if not line:
        continue
    m = re.match(r"^(.*?)(?: x(\d+))?$", line)
    wanted.append((m.group(1).strip(), int(m.group(2) or 1)))
print(wanted)

# %% order
{{valid_card}}
address_id = [a for a in apis.amazon.show_addresses(access_token=az) if a["name"] == {{address}}][0]["address_id"]
saved = apis.amazon.show_cart(access_token=az)["cart_items"]
apis.amazon.clear_cart(access_token=az)
for name, qty in wanted:
    pick = cheapest(name, in_stock={{in_stock}})
    apis.amazon.add_product_to_cart(access_token=az, product_id=pick["product_id"], quantity={{qty}})
apis.amazon.place_order(access_token=az, payment_card_id=card["payment_card_id"], address_id=address_id)
if {{restore}}:
    for item in saved:
        apis.amazon.add_product_to_cart(access_token=az, product_id=item["product_id"], quantity=item["quantity"])
apis.supervisor.complete_task()
