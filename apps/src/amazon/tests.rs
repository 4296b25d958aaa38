//! End-to-end flows the fidelity recording does not check, through the public `Episode` on the
//! oracle's world: the money and stock an order moves, the mail and files it leaves, a state
//! saved and loaded mid-flow, ratings after an account leaves, Prime and the cart's fees.

use crate::testkit::call;
use serde_json::{Value, json};
use sim::{Episode, EpisodeConfig};
use std::sync::Arc;

fn episode() -> Episode {
    let registry = Arc::new(crate::registry());
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fidelity/world");
    let (world, _) = crate::seed::load_world(&dir, &registry).expect("oracle world loads");
    Episode::new(&world, registry, EpisodeConfig::default()).expect("episode starts")
}

fn err(ep: &mut Episode, api: &str, args: Value) -> String {
    let (_, message) = crate::testkit::fail(ep, super::APP, api, args);
    message.as_str().unwrap_or_default().to_string()
}

fn login(ep: &mut Episode, app: &str, first: &str, last: &str) -> String {
    let email = format!("{}.{}@gmail.com", first.to_lowercase(), last.to_lowercase());
    let v = call(
        ep,
        app,
        "login",
        json!({"username": email, "password": format!("{}-{app}-pw1", first.to_lowercase())}),
    );
    v["access_token"].as_str().unwrap().to_string()
}

fn scalar<T: rusqlite::types::FromSql>(ep: &Episode, sql: &str) -> T {
    ep.db().conn().query_row(sql, [], |r| r.get(0)).unwrap()
}

fn bruno_card() -> Value {
    json!({"card_name": "Visa", "owner_name": "Bruno Ortiz", "card_number": 4000000000002222_i64,
           "expiry_year": 2027, "expiry_month": 2, "cvv_number": 102})
}

/// Bruno's cart, ready to order: his card and a new address saved, 3 of product 4 in the cart
/// (2 of them gift-wrapped) and the SAVE1 promo applied; returns his access token, the card's
/// id and the address's id.
fn bruno_cart(ep: &mut Episode) -> (String, Value, Value) {
    let tb = login(ep, "amazon", "Bruno", "Ortiz");
    let card = call(
        ep,
        "amazon",
        "add_payment_card",
        json!(bruno_card())
            .as_object()
            .map(|m| {
                let mut m = m.clone();
                m.insert("access_token".into(), json!(tb));
                Value::Object(m)
            })
            .unwrap(),
    );
    let address = call(
        ep,
        "amazon",
        "add_address",
        json!({"access_token": tb, "name": "Flat", "street_address": "1 Main St", "city": "Boston",
               "state": "MA", "country": "USA", "zip_code": 12110}),
    );
    call(
        ep,
        "amazon",
        "add_product_to_cart",
        json!({"access_token": tb, "product_id": 4, "quantity": 3}),
    );
    call(
        ep,
        "amazon",
        "add_gift_wrapping_to_product",
        json!({"access_token": tb, "product_id": 4, "quantity": 2}),
    );
    call(
        ep,
        "amazon",
        "apply_promo_code_to_cart",
        json!({"access_token": tb, "promo_code": "SAVE1"}),
    );
    (
        tb,
        card["payment_card_id"].clone(),
        address["address_id"].clone(),
    )
}

#[test]
fn an_order_moves_money_stock_and_mail_and_survives_a_state_reload() {
    let mut ep = episode();
    let (tb, card_id, address_id) = bruno_cart(&mut ep);
    let cart = call(&mut ep, "amazon", "show_cart", json!({"access_token": tb}));
    // 135.00 + 13.50 tax + 10.00 wrap + 5.00 delivery - 13.50 discount.
    assert_eq!(cart["total_cost"], json!(150.0));
    ep.save_state("before").unwrap();
    let before_balance: f64 = scalar(
        &ep,
        "SELECT balance FROM admin.payment_cards WHERE card_number = 4000000000002222",
    );
    let placed = call(
        &mut ep,
        "amazon",
        "place_order",
        json!({"access_token": tb, "payment_card_id": card_id, "address_id": address_id}),
    );
    assert_eq!(
        placed["message"],
        "Successfully placed the order. Debitted total amount of 150.0 from your card."
    );
    let after_balance: f64 = scalar(
        &ep,
        "SELECT balance FROM admin.payment_cards WHERE card_number = 4000000000002222",
    );
    assert_eq!(sim::num::round2(before_balance - after_balance), 150.0);
    let stock: i64 = scalar(
        &ep,
        "SELECT inventory_quantity FROM amazon.products WHERE id = 4",
    );
    assert_eq!(stock, 17);
    let cart = call(&mut ep, "amazon", "show_cart", json!({"access_token": tb}));
    assert_eq!(cart["cart_items"], json!([]));
    assert_eq!(cart["promo_code"], Value::Null);
    let order = call(
        &mut ep,
        "amazon",
        "show_order",
        json!({"access_token": tb, "order_id": placed["order_id"]}),
    );
    assert_eq!(order["name"], "3 backpacks");
    assert_eq!(order["paid_amount"], json!(150.0));
    assert_eq!(order["address_text"], "1 Main St\nBoston\nMA\nUSA\n12110");
    // The confirmation e-mail reached Bruno's inbox with the receipt attached.
    let attachment: String = scalar(
        &ep,
        "SELECT file_content FROM gmail.attachments WHERE file_name = 'order_1.txt'",
    );
    assert!(
        attachment.contains("- 3 quantity of Trail Backpack 30L: $135.0\nGift Wrap Fee: $10.00")
    );
    assert!(attachment.ends_with("Total Payment: $150.00\n"));
    // The search finds the order by its products.
    let found = call(
        &mut ep,
        "amazon",
        "show_orders",
        json!({"access_token": tb, "query": "backpack"}),
    );
    assert_eq!(found[0]["order_id"], placed["order_id"]);
    // A state saved before the order comes back whole: cart, stock and card balance.
    ep.load_state("before").unwrap();
    let cart = call(&mut ep, "amazon", "show_cart", json!({"access_token": tb}));
    assert_eq!(cart["total_cost"], json!(150.0));
    let stock: i64 = scalar(
        &ep,
        "SELECT inventory_quantity FROM amazon.products WHERE id = 4",
    );
    assert_eq!(stock, 20);
    let balance: f64 = scalar(
        &ep,
        "SELECT balance FROM admin.payment_cards WHERE card_number = 4000000000002222",
    );
    assert_eq!(balance, before_balance);
    assert_eq!(
        call(
            &mut ep,
            "amazon",
            "show_orders",
            json!({"access_token": tb})
        ),
        json!([])
    );
}

#[test]
fn returns_and_receipts_land_in_the_file_system() {
    let mut ep = episode();
    let ta = login(&mut ep, "amazon", "Alice", "Ng");
    let placed = call(
        &mut ep,
        "amazon",
        "place_order",
        json!({"access_token": ta, "payment_card_id": 1, "address_id": 1}),
    );
    let order_id = placed["order_id"].clone();
    let ret = call(
        &mut ep,
        "amazon",
        "initiate_return",
        json!({"access_token": ta, "order_id": order_id, "product_id": 1, "deliverer_id": 2, "quantity": 1}),
    );
    let shown = call(
        &mut ep,
        "amazon",
        "show_return",
        json!({"access_token": ta, "return_id": ret["return_id"]}),
    );
    assert_eq!(shown["deliverer_name"], "USPS");
    assert_eq!(shown["refund_amount"], json!(59.99));
    assert_eq!(shown["confirmation_code"].as_str().unwrap().len(), 10);
    assert_eq!(
        err(
            &mut ep,
            "initiate_return",
            json!({"access_token": ta, "order_id": order_id, "product_id": 1, "deliverer_id": 2, "quantity": 1})
        ),
        "You ordered 1 quantity of Brightline Wireless Headphones out of which you've returned 1 in the past, so you can only return 0 more."
    );
    let label: String = scalar(
        &ep,
        "SELECT file_content FROM gmail.attachments WHERE file_name = 'return_1_1_1.txt'",
    );
    assert!(label.contains("Return Product: Brightline Wireless Headphones\nReturn Quantity: 1"));
    let fa = login(&mut ep, "file_system", "Alice", "Ng");
    let saved = call(
        &mut ep,
        "amazon",
        "download_order_receipt",
        json!({"access_token": ta, "order_id": order_id, "file_system_access_token": fa}),
    );
    assert_eq!(saved["file_path"], "~/downloads/amazon_order_1.txt");
    let content: String = scalar(
        &ep,
        "SELECT content FROM file_system.files WHERE path = '/home/alice/downloads/amazon_order_1.txt'",
    );
    assert!(content.starts_with("\n# Receipt for Amazon Order\nOrder ID: #1\nOrder Date: 2023-05-18\nOrder By: Alice Ng\nPayment Card: ****1111\n"));
    assert_eq!(
        err(
            &mut ep,
            "download_order_receipt",
            json!({"access_token": ta, "order_id": order_id, "file_system_access_token": fa})
        ),
        "A file already exists at the given file_path in your account. Set overwrite to True to overwrite it."
    );
    let count: i64 = scalar(
        &ep,
        "SELECT receipt_download_count FROM amazon.orders WHERE id = 1",
    );
    assert_eq!(count, 1);
}

#[test]
fn ratings_follow_reviews_and_a_departed_author_leaves_answers_readable() {
    let mut ep = episode();
    let tc = login(&mut ep, "amazon", "Chen", "Li");
    let td = login(&mut ep, "amazon", "Dara", "Patel");
    call(
        &mut ep,
        "amazon",
        "write_product_review",
        json!({"access_token": tc, "product_id": 3, "rating": 1}),
    );
    call(
        &mut ep,
        "amazon",
        "write_product_review",
        json!({"access_token": td, "product_id": 3, "rating": 2}),
    );
    // Bruno 4, Chen 1, Dara 2: 2.333 -> 2.3; the seller: (2.3 + 4.0) / 2 = 3.15 -> 3.1 or 3.2
    // as Python rounds the float (3.1499999...).
    let p = call(&mut ep, "amazon", "show_product", json!({"product_id": 3}));
    assert_eq!(p["rating"], json!(2.3));
    let s = call(&mut ep, "amazon", "show_seller", json!({"seller_id": 2}));
    assert_eq!(s["rating"], json!(sim::num::py_round((2.3 + 4.0) / 2.0, 1)));
    let q = call(
        &mut ep,
        "amazon",
        "write_product_question",
        json!({"access_token": tc, "product_id": 3, "question": "Glass?"}),
    );
    call(
        &mut ep,
        "amazon",
        "write_product_question_answer",
        json!({"access_token": td, "question_id": q["question_id"], "answer": "Yes."}),
    );
    call(
        &mut ep,
        "amazon",
        "delete_account",
        json!({"access_token": td}),
    );
    let p = call(&mut ep, "amazon", "show_product", json!({"product_id": 3}));
    assert_eq!(p["rating"], json!(2.5));
    assert_eq!(p["num_product_reviews"], json!(2));
    let answers = call(
        &mut ep,
        "amazon",
        "show_product_question_answers",
        json!({"question_id": q["question_id"]}),
    );
    assert_eq!(answers[0]["answer"], "Yes.");
    assert_eq!(answers[0]["user"], Value::Null);
    // Deleting the question takes its answers along.
    call(
        &mut ep,
        "amazon",
        "delete_product_question",
        json!({"access_token": tc, "question_id": q["question_id"]}),
    );
    let left: i64 = scalar(&ep, "SELECT count(*) FROM amazon.product_question_answers");
    assert_eq!(left, 0);
}

#[test]
fn prime_waives_delivery_and_cannot_be_bought_twice() {
    let mut ep = episode();
    let ta = login(&mut ep, "amazon", "Alice", "Ng");
    let cart = call(&mut ep, "amazon", "show_cart", json!({"access_token": ta}));
    assert_eq!(cart["delivery_fee"], json!(5.0));
    let sub = call(
        &mut ep,
        "amazon",
        "subscribe_prime",
        json!({"access_token": ta, "payment_card_id": 1, "duration": "yearly"}),
    );
    assert_eq!(
        sub["message"],
        "You have subscribed to yearly prime membership. Your subscription will be active until 2024-05-17."
    );
    let account = call(
        &mut ep,
        "amazon",
        "show_account",
        json!({"access_token": ta}),
    );
    assert_eq!(account["is_prime"], json!(true));
    let cart = call(&mut ep, "amazon", "show_cart", json!({"access_token": ta}));
    assert_eq!(cart["delivery_fee"], json!(0.0));
    assert_eq!(
        err(
            &mut ep,
            "subscribe_prime",
            json!({"access_token": ta, "payment_card_id": 1, "duration": "monthly"})
        ),
        "You are already a prime member."
    );
    let subs = call(
        &mut ep,
        "amazon",
        "show_prime_subscriptions",
        json!({"access_token": ta}),
    );
    assert_eq!(subs[0]["end_date"], "2024-05-17T23:59:59");
    assert_eq!(subs[0]["paid_amount"], json!(140.0));
}

#[test]
fn odd_inputs_answer_errors_not_panics() {
    let mut ep = episode();
    let ta = login(&mut ep, "amazon", "Alice", "Ng");
    for (api, args) in [
        ("show_product", json!({"product_id": i64::MAX})),
        (
            "show_order",
            json!({"access_token": ta, "order_id": i64::MIN}),
        ),
        (
            "add_product_to_cart",
            json!({"access_token": ta, "product_id": 1, "quantity": i64::MAX}),
        ),
        (
            "initiate_return",
            json!({"access_token": ta, "order_id": 1, "product_id": 1, "deliverer_id": 1, "quantity": i64::MAX}),
        ),
        (
            "show_product_reviews",
            json!({"product_id": 1, "query": "\"", "sort_by": "-rating"}),
        ),
        (
            "search_product_types",
            json!({"page_index": i64::MAX, "page_limit": i64::MAX}),
        ),
        (
            "search_products",
            json!({"query": "\"\"", "page_index": i64::MAX, "page_limit": 20}),
        ),
        (
            "download_prime_subscription_receipt",
            json!({"access_token": ta, "prime_subscription_id": 1}),
        ),
    ] {
        let _ = ep.call("amazon", api, args);
    }
    let big = ep.call(
        "amazon",
        "add_product_to_cart",
        json!({"access_token": ta, "product_id": 1, "quantity": i64::MAX}),
    );
    assert!(big.is_err());
}

#[test]
fn plural_forms_follow_inflection() {
    use crate::common::pytext::pluralize;
    for (one, many) in [
        ("headphones", "headphones"),
        ("coffee maker", "coffee makers"),
        ("lamp", "lamps"),
        ("box", "boxes"),
        ("watch", "watches"),
        ("battery", "batteries"),
        ("toy", "toys"),
        ("knife", "knives"),
        ("shelf", "shelves"),
        ("mouse", "mice"),
        ("jeans", "jeans"),
        ("woman", "women"),
        ("person", "people"),
        ("cactus", "cactus"),
        ("potato", "potatoes"),
        ("bus", "buses"),
        ("analysis", "analyses"),
        ("medium", "media"),
        ("gold fish", "gold fishes"),
        ("fish", "fish"),
        ("leaf", "leafs"),
        ("safe", "saves"),
        ("y", "ys"),
        ("cow", "kine"),
        ("octopus", "octopi"),
        ("matrix", "matrices"),
        ("quiz", "quizzes"),
        ("ox", "oxen"),
        ("axis", "axes"),
        ("Coffee Maker", "Coffee Makers"),
        ("t-shirt", "t-shirts"),
    ] {
        assert_eq!(pluralize(one), many, "{one}");
    }
}

#[test]
fn a_person_of_the_built_world_can_shop() {
    let (_world, mut ep) = crate::testkit::episode();
    let (email, password): (String, String) = ep
        .db()
        .conn()
        .query_row(
            "SELECT email, password FROM amazon.users WHERE id = (SELECT min(c.user_id) FROM amazon.payment_cards AS c \
             JOIN amazon.addresses AS a ON a.user_id = c.user_id)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    let t = call(
        &mut ep,
        "amazon",
        "login",
        json!({"username": email, "password": password}),
    );
    let t = t["access_token"].as_str().unwrap().to_string();
    let cards = call(
        &mut ep,
        "amazon",
        "show_payment_cards",
        json!({"access_token": t}),
    );
    let addresses = call(
        &mut ep,
        "amazon",
        "show_addresses",
        json!({"access_token": t}),
    );
    let (card, address) = (&cards[0], &addresses[0]);
    let found = call(
        &mut ep,
        "amazon",
        "search_products",
        json!({"query": "headphones", "sort_by": "+price"}),
    );
    let cheapest = found
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["inventory_quantity"].as_i64() > Some(0))
        .cloned()
        .expect("a product in stock");
    call(&mut ep, "amazon", "clear_cart", json!({"access_token": t}));
    call(
        &mut ep,
        "amazon",
        "add_product_to_cart",
        json!({"access_token": t, "product_id": cheapest["product_id"]}),
    );
    let placed = call(
        &mut ep,
        "amazon",
        "place_order",
        json!({"access_token": t, "payment_card_id": card["payment_card_id"], "address_id": address["address_id"]}),
    );
    let orders = call(
        &mut ep,
        "amazon",
        "show_orders",
        json!({"access_token": t, "page_limit": 1}),
    );
    assert_eq!(orders[0]["order_id"], placed["order_id"]);
    let product = call(
        &mut ep,
        "amazon",
        "show_product",
        json!({"product_id": cheapest["product_id"]}),
    );
    assert_eq!(
        product["inventory_quantity"].as_i64(),
        cheapest["inventory_quantity"].as_i64().map(|q| q - 1)
    );
}
