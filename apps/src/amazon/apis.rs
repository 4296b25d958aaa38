//! The registrations of the amazon app's own APIs, in docs order (the account APIs come from
//! `common::accounts`, the payment card APIs from `common::cards`), and which topic file
//! handles each.

use super::{APP, addresses, cart, lists, orders, prime, products, returns, reviews};
use crate::common::cards;
use serde_json::{Value, json};
use sim::api::params::{Constraints, SortFields};
use sim::api::{Api, ApiSpec, Handler, P};

/// `spec` with another handler.
fn with_handler(mut spec: ApiSpec, handler: Handler) -> ApiSpec {
    spec.handler = handler;
    spec
}

/// `show_returns`'s `sort_by`: newest first unless told otherwise.
fn returns_sort_by() -> P {
    let mut p = P::str("sort_by").default(json!("-initiated_at")).doc(
        "Field to order results by, prefixed with + (ascending) or - (descending); newest first when not given.",
    );
    let fields = vec!["quantity", "initiated_at", "returned_at"];
    p.0.sort_fields = Some(SortFields {
        documented: fields.clone(),
        accepted: fields,
    });
    p
}

/// amazon's APIs, in docs order.
pub(super) fn all() -> Vec<ApiSpec> {
    [
        catalog_apis(),
        cart_apis(),
        wish_list_apis(),
        order_apis(),
        review_apis(),
        return_and_prime_apis(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The answer of most writes.
fn message() -> Value {
    json!({"message": "string"})
}

/// The answer of a write that makes a row: a message and the new row's `id_field`.
fn message_with(id_field: &str) -> Value {
    json!({"message": "string", id_field: 1})
}

/// An example product (with its variations).
fn product_example() -> Value {
    json!({"product_id": 1, "seller_id": 1, "product_type": "string", "name": "string", "description": "string", "price": 0.0, "delivery_days": 1.0, "inventory_quantity": 0.0, "weight": 0.0, "length": 0.0, "width": 0.0, "height": 0.0, "color": "string", "relative_size": "extra-small", "rating": 0.0, "num_product_reviews": 1, "num_product_questions": 1, "variations": [{"product_id": 1, "relative_size": "extra-small", "color": "string"}]})
}

/// An example order (with its items).
fn order_example() -> Value {
    json!({"order_id": 1, "address_id": 1, "payment_card_id": 1, "name": "string", "tax": 0.0, "delivery_fee": 0.0, "gift_wrap_fee": 0.0, "discount": 0.0, "created_at": "2019-01-01T00:00:00", "address_text": "string", "payment_card_digits": "string", "paid_amount": 0.0, "order_items": [{"product_id": 1, "ordered_quantity": 1, "returned_quantity": 1, "gift_wrap_quantity": 1, "price": 0.0, "expected_delivery_at": "2019-01-01T00:00:00", "delivered_at": "2019-01-01T00:00:00"}]})
}

/// An example return.
fn return_example() -> Value {
    json!({"return_id": 1, "order_id": 1, "product_id": 1, "product_name": "string", "quantity": 1.0, "deliverer_id": 1, "deliverer_name": "UPS", "refund_amount": 0.0, "initiated_at": "2019-01-01T00:00:00", "returned_at": "2019-01-01T00:00:00", "confirmation_code": "string"})
}

/// The `product_id` path parameter.
fn product_id() -> P {
    P::int("product_id").doc("The product's id.")
}

/// The `order_id` parameter.
fn order_id() -> P {
    P::int("order_id").doc("The order's id.")
}

/// The `question_id` parameter.
fn question_id() -> P {
    P::int("question_id").doc("The question's id.")
}

/// The `query` of the searches.
fn query() -> P {
    P::str("query")
        .default(json!(""))
        .doc("Search text; empty lists everything in the default order.")
}

/// The `user_email` filter of reviews, questions and answers.
fn user_email() -> P {
    P::str("user_email")
        .email()
        .nullable()
        .doc("Only those written by the user with this e-mail address.")
}

/// The `is_verified` filter of reviews and answers.
fn is_verified() -> P {
    P::bool("is_verified")
        .nullable()
        .doc("Only verified (true) or unverified (false) ones.")
}

/// The `quantity` added or moved: at least 1, 1 by default.
fn units() -> P {
    P::int("quantity")
        .ge(1.0)
        .default(json!(1))
        .doc("How many units.")
}

/// The `quantity` a list entry is set to.
fn new_quantity() -> P {
    P::int("quantity")
        .ge(0.0)
        .doc("The new quantity; 0 removes the product.")
}

/// What the receipt downloads add to their registration.
trait Download {
    /// The target path, overwrite and file_system token parameters; the call writes and
    /// answers with the file's path.
    fn download(self) -> Self;
}

impl Download for Api {
    fn download(self) -> Self {
        self.param(P::str("download_to_file_path").nullable().doc(
            "Where to save the file in your file system; default ~/downloads/<receipt name>.txt.",
        ))
        .param(
            P::bool("overwrite")
                .default(json!(false))
                .doc("Replace a file that already exists at that path."),
        )
        .param(
            P::str("file_system_access_token")
                .optional()
                .doc("An access token of your file_system account."),
        )
        .writes()
        .returns(json!({"message": "string", "file_path": "string"}))
    }
}

/// The catalog: products, sellers, product types and feature choices.
fn catalog_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_product", "/amazon/products/{product_id}")
            .doc("Show a product: its details, rating, review and question counts, and its variations (other colors and sizes of the same product).")
            .param(product_id())
            .returns(product_example())
            .handler(products::show_product),
        Api::get(APP, "search_sellers", "/amazon/sellers")
            .doc("List sellers, or rank them by a search over their names.")
            .param(query())
            .paged()
            .returns(json!([{"seller_id": 1, "name": "string"}]))
            .handler(products::search_sellers),
        Api::get(APP, "show_seller", "/amazon/sellers/{seller_id}")
            .doc("Show a seller and its rating.")
            .param(P::int("seller_id").doc("The seller's id."))
            .returns(json!({"seller_id": 1, "name": "string", "rating": 0.0}))
            .handler(products::show_seller),
        Api::get(APP, "search_product_types", "/amazon/product_types")
            .doc("List the distinct product types of the catalog, or rank them by a search.")
            .param(query())
            .param(P::int("page_index").ge(0.0).default(json!(0)).doc("The index of the page to return, starting at 0."))
            .param(P::int("page_limit").ge(1.0).le(9.223372036854776e+18).default(json!(5)).doc("The maximum number of results per page."))
            .returns(json!(["string"]))
            .handler(products::search_product_types),
        Api::get(APP, "show_product_feature_choices", "/amazon/product_feature_choices")
            .doc("The colors, sizes and sellers available for products of a type (of all products when no type is given).")
            .param(P::str("product_type").nullable().doc("A product type, e.g. 'headphones' (case and plural do not matter)."))
            .returns(json!({"colors": ["string"], "relative_sizes": ["extra-small"], "sellers": [{"seller_id": 1, "name": "string"}]}))
            .handler(products::show_product_feature_choices),
        Api::get(APP, "search_products", "/amazon/products")
            .doc("Search the catalog: filter by type, color, size, price, ratings and seller, sort, and rank by a text query. Only the first product of each name is listed (its variations are in the product).")
            .param(query())
            .param(P::str("product_type").optional().doc("A product type, e.g. 'headphones' (case and plural do not matter)."))
            .param(P::str("color").optional().doc("Only products of this color (case does not matter)."))
            .param(P::str("relative_size").one_of(&["extra-small", "small", "medium", "large", "extra-large"]).optional().doc("Only products of this size."))
            .param(P::float("min_price").ge(0.0).default(json!(0)).doc("Lowest price."))
            .param(P::float("max_price").ge(0.0).default(json!(i64::MAX)).doc("Highest price."))
            .param(P::float("min_product_rating").ge(0.0).le(5.0).default(json!(0)).doc("Lowest product rating (0-5)."))
            .param(P::float("max_product_rating").ge(0.0).le(5.0).default(json!(5)).doc("Highest product rating (0-5)."))
            .param(P::float("min_seller_rating").ge(0.0).le(5.0).default(json!(0)).doc("Lowest seller rating (0-5)."))
            .param(P::float("max_seller_rating").ge(0.0).le(5.0).default(json!(5)).doc("Highest seller rating (0-5)."))
            .param(P::int("seller_id").nullable().doc("Only products of this seller."))
            .paged()
            .sort_by(&["rating", "price", "delivery_days"], &["rating", "price", "delivery_days"])
            .returns(json!([product_example()]))
            .handler(products::search_products),
    ]
}

/// The cart: its contents, costs and promo code.
fn cart_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_cart", "/amazon/cart")
            .doc("Show your cart: items, costs (items, tax, gift wrap, delivery, discount, total) and the promo code applied.")
            .auth()
            .returns(json!({"delivery_fee": 0.0, "base_cost": 0.0, "tax": 0.0, "gift_wrap_fee": 0.0, "discount": 0.0, "total_cost": 0.0, "promo_code": "string", "promo_valid": true, "cart_items": [{"product_id": 1, "product_name": "string", "delivery_days": 1, "quantity": 1, "price": 0.0, "gift_wrap_quantity": 1}]}))
            .handler(cart::show_cart),
        Api::delete(APP, "clear_cart", "/amazon/cart")
            .doc("Remove every item from your cart.")
            .auth()
            .returns(message())
            .handler(cart::clear_cart),
        Api::post(APP, "add_product_to_cart", "/amazon/cart/{product_id}")
            .doc("Add a quantity of a product to your cart; the inventory must hold the quantity asked for.")
            .param(product_id())
            .auth()
            .param(units())
            .param(P::bool("clear_cart_first").default(json!(false)).doc("Empty the cart before adding."))
            .returns(message())
            .handler(cart::add_product_to_cart),
        Api::delete(APP, "delete_product_from_cart", "/amazon/cart/{product_id}")
            .doc("Remove a product from your cart.")
            .param(product_id())
            .auth()
            .returns(message())
            .handler(cart::delete_product_from_cart),
        Api::patch(APP, "update_product_quantity_in_cart", "/amazon/cart/{product_id}")
            .doc("Set a product's quantity in your cart; 0 removes it.")
            .param(product_id())
            .param(new_quantity())
            .auth()
            .returns(message())
            .handler(cart::update_product_quantity_in_cart),
        Api::post(APP, "apply_promo_code_to_cart", "/amazon/cart_promos")
            .doc("Apply a promo code to your cart; the cart must reach the code's minimum amount.")
            .param(P::str("promo_code").doc("The promo code (case-sensitive)."))
            .auth()
            .returns(message())
            .handler(cart::apply_promo_code_to_cart),
        Api::delete(APP, "remove_promo_code_from_cart", "/amazon/cart_promos")
            .doc("Remove the promo code applied to your cart.")
            .auth()
            .returns(message())
            .handler(cart::remove_promo_code_from_cart),
    ]
}

/// The wish list, moves between it and the cart, and the cart's gift wrapping.
fn wish_list_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_wish_list", "/amazon/wish_list")
            .doc("Show the products in your wish list.")
            .auth()
            .returns(
                json!([{"product_id": 1, "product_name": "string", "quantity": 1.0, "price": 0.0}]),
            )
            .handler(lists::show_wish_list),
        Api::delete(APP, "clear_wish_list", "/amazon/wish_list")
            .doc("Remove every item from your wish list.")
            .auth()
            .returns(message())
            .handler(lists::clear_wish_list),
        Api::post(
            APP,
            "add_product_to_wish_list",
            "/amazon/wish_list/{product_id}",
        )
        .doc("Add a quantity of a product to your wish list.")
        .param(product_id())
        .auth()
        .param(units())
        .param(
            P::bool("clear_wish_list_first")
                .default(json!(false))
                .doc("Empty the wish list before adding."),
        )
        .returns(message())
        .handler(lists::add_product_to_wish_list),
        Api::delete(
            APP,
            "delete_product_from_wish_list",
            "/amazon/wish_list/{product_id}",
        )
        .doc("Remove a product from your wish list.")
        .param(product_id())
        .auth()
        .returns(message())
        .handler(lists::delete_product_from_wish_list),
        Api::patch(
            APP,
            "update_product_quantity_in_wish_list",
            "/amazon/wish_lists/{product_id}",
        )
        .doc("Set a product's quantity in your wish list; 0 removes it.")
        .param(product_id())
        .param(new_quantity())
        .auth()
        .returns(message())
        .handler(lists::update_product_quantity_in_wish_list),
        Api::post(
            APP,
            "move_product_from_cart_to_wish_list",
            "/amazon/cart_to_wish_list/{product_id}",
        )
        .doc("Move a quantity of a product from your cart to your wish list.")
        .param(product_id())
        .auth()
        .param(units())
        .returns(message())
        .handler(lists::move_product_from_cart_to_wish_list),
        Api::post(
            APP,
            "move_product_from_wish_list_to_cart",
            "/amazon/wish_list_to_cart/{product_id}",
        )
        .doc("Move a quantity of a product from your wish list to your cart.")
        .param(product_id())
        .auth()
        .param(units())
        .returns(message())
        .handler(lists::move_product_from_wish_list_to_cart),
        Api::post(
            APP,
            "add_gift_wrapping_to_product",
            "/amazon/cart/{product_id}/gift_wrap",
        )
        .doc("Mark how many units of a product in your cart are gift wrapped ($5 each).")
        .param(product_id())
        .auth()
        .param(
            P::int("quantity")
                .ge(1.0)
                .default(json!(1))
                .doc("How many units to wrap (at most the quantity in the cart)."),
        )
        .returns(message())
        .handler(cart::add_gift_wrapping_to_product),
        Api::delete(
            APP,
            "remove_gift_wrapping_from_product",
            "/amazon/cart/{product_id}/gift_wrap",
        )
        .doc("Unmark the gift wrapping of a product in your cart.")
        .param(product_id())
        .auth()
        .returns(message())
        .handler(cart::remove_gift_wrapping_from_product),
    ]
}

/// Orders and their receipts, payment cards and addresses.
fn order_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_orders", "/amazon/orders")
            .doc("List your orders (newest first), or rank them by a search over their products.")
            .auth()
            .param(query())
            .paged()
            .sort_by(&["created_at"], &["paid_amount", "created_at"])
            .returns(json!([order_example()]))
            .handler(orders::show_orders),
        Api::post(APP, "place_order", "/amazon/orders")
            .doc("Order everything in your cart, paid with a saved card and shipped to a saved address. The cart is emptied and the receipt e-mailed to you.")
            .param(P::int("payment_card_id").doc("The saved card to pay with."))
            .param(P::int("address_id").doc("The saved address to ship to."))
            .auth()
            .returns(message_with("order_id"))
            .handler(orders::place_order),
        Api::get(APP, "show_order", "/amazon/order/{order_id}")
            .doc("Show one of your orders with its items.")
            .param(order_id())
            .auth()
            .returns(order_example())
            .handler(orders::show_order),
        Api::get(APP, "download_order_receipt", "/amazon/order_receipt/{order_id}")
            .doc("Save the receipt of one of your orders as a file in your file system account.")
            .param(order_id())
            .auth()
            .download()
            .handler(orders::download_order_receipt),
        cards::show_payment_cards(APP),
        cards::add_payment_card(APP),
        cards::show_payment_card(APP),
        with_handler(cards::delete_payment_card(APP), orders::delete_payment_card),
        cards::update_payment_card(APP),
        Api::get(APP, "show_addresses", "/amazon/addresses")
            .doc("List your saved shipping addresses.")
            .auth()
            .returns(json!([{"address_id": 1, "name": "string", "street_address": "string", "city": "string", "state": "string", "country": "string", "zip_code": 10000.0}]))
            .handler(addresses::show_addresses),
        Api::post(APP, "add_address", "/amazon/addresses")
            .doc("Save a shipping address under a name of your choice.")
            .param(P::str("name").min_len(1).doc("Your name for the address, e.g. 'Home'; unique among your addresses."))
            .param(P::str("street_address").min_len(1).doc("Street and number."))
            .param(P::str("city").min_len(1).doc("City."))
            .param(P::str("state").min_len(1).doc("State."))
            .param(P::str("country").min_len(1).doc("Country."))
            .param(P::int("zip_code").constraints(Constraints { ge: Some(10000.0), lt: Some(100000.0), ..Default::default() }).doc("5-digit zip code."))
            .auth()
            .returns(message_with("address_id"))
            .handler(addresses::add_address),
        Api::delete(APP, "delete_address", "/amazon/addresses/{address_id}")
            .doc("Remove a saved address; orders shipped there keep the address text.")
            .param(P::int("address_id").doc("The saved address's id."))
            .auth()
            .returns(message())
            .handler(addresses::delete_address),
        Api::patch(APP, "update_address", "/amazon/addresses/{address_id}")
            .doc("Change any fields of a saved address; fields left out stay as they are.")
            .param(P::int("address_id").doc("The saved address's id."))
            .auth()
            .param(P::str("name").min_len(1).nullable().doc("New name for the address."))
            .param(P::str("street_address").min_len(1).nullable().doc("New street and number."))
            .param(P::str("city").min_len(1).nullable().doc("New city."))
            .param(P::str("state").min_len(1).nullable().doc("New state."))
            .param(P::str("country").min_len(1).nullable().doc("New country."))
            .param(P::int("zip_code").ge(10000.0).le(99999.0).nullable().doc("New 5-digit zip code."))
            .returns(message())
            .handler(addresses::update_address),
    ]
}

/// Reviews, questions and answers.
fn review_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_product_reviews", "/amazon/products/{product_id}/reviews")
            .doc("List the reviews of a product, filtered, sorted or ranked by a search.")
            .param(product_id())
            .param(query())
            .param(user_email())
            .param(P::int("min_rating").ge(1.0).le(5.0).default(json!(1)).doc("Lowest rating (1-5)."))
            .param(P::int("max_rating").ge(1.0).le(5.0).default(json!(5)).doc("Highest rating (1-5)."))
            .param(is_verified())
            .paged()
            .sort_by(&["rating", "created_at"], &["rating", "created_at"])
            .returns(json!([{"review_id": 1, "product_id": 1, "is_verified": true, "rating": 1.0, "title": "string", "text": "string", "created_at": "2019-01-01T00:00:00", "user": {"name": "string", "email": "user@example.com"}}]))
            .handler(reviews::show_product_reviews),
        Api::post(APP, "write_product_review", "/amazon/products/{product_id}/reviews")
            .doc("Review a product (one review per product). It is verified when you have ordered the product.")
            .param(product_id())
            .param(P::int("rating").ge(1.0).le(5.0).doc("Rating from 1 to 5."))
            .auth()
            .param(P::str("title").default(json!("")).doc("A title."))
            .param(P::str("text").default(json!("")).doc("The review's text."))
            .returns(message_with("product_review_id"))
            .handler(reviews::write_product_review),
        Api::delete(APP, "delete_product_review", "/amazon/reviews/{review_id}")
            .doc("Delete one of your reviews.")
            .param(P::int("review_id").doc("The review's id."))
            .auth()
            .returns(message())
            .handler(reviews::delete_product_review),
        Api::patch(APP, "update_product_review", "/amazon/reviews/{review_id}")
            .doc("Change the rating, title or text of one of your reviews.")
            .param(P::int("review_id").doc("The review's id."))
            .auth()
            .param(P::int("rating").ge(1.0).le(5.0).nullable().doc("New rating from 1 to 5."))
            .param(P::str("title").nullable().doc("New title."))
            .param(P::str("text").nullable().doc("New text."))
            .returns(message())
            .handler(reviews::update_product_review),
        Api::get(APP, "show_product_questions", "/amazon/products/{product_id}/questions")
            .doc("List the questions asked about a product, filtered, sorted or ranked by a search.")
            .param(product_id())
            .param(query())
            .param(user_email())
            .paged()
            .sort_by(&["created_at"], &["created_at"])
            .returns(json!([{"product_id": 1, "question_id": 1, "question": "string", "created_at": "2019-01-01T00:00:00", "user": {"name": "string", "email": "user@example.com"}}]))
            .handler(reviews::show_product_questions),
        Api::post(APP, "write_product_question", "/amazon/products/{product_id}/questions")
            .doc("Ask a question about a product.")
            .param(product_id())
            .param(P::str("question").min_len(1).doc("The question's text."))
            .auth()
            .returns(message_with("question_id"))
            .handler(reviews::write_product_question),
        Api::get(APP, "show_product_question_answers", "/amazon/products/{question_id}/question_answers")
            .doc("List the answers to a product question, filtered, sorted or ranked by a search.")
            .param(question_id())
            .param(query())
            .param(user_email())
            .param(is_verified())
            .paged()
            .sort_by(&["created_at"], &["created_at"])
            .returns(json!([{"question_answer_id": 1, "question_id": 1, "is_verified": true, "answer": "string", "created_at": "2019-01-01T00:00:00", "user": {"name": "string", "email": "user@example.com"}}]))
            .handler(reviews::show_product_question_answers),
        Api::post(APP, "write_product_question_answer", "/amazon/questions/{question_id}/answers")
            .doc("Answer a product question. It is verified when you have ordered the product.")
            .param(question_id())
            .param(P::str("answer").min_len(1).doc("The answer's text."))
            .auth()
            .returns(message_with("question_answer_id"))
            .handler(reviews::write_product_question_answer),
        Api::delete(APP, "delete_product_question", "/amazon/questions/{question_id}")
            .doc("Delete one of your questions together with its answers.")
            .param(question_id())
            .auth()
            .returns(message())
            .handler(reviews::delete_product_question),
        Api::patch(APP, "update_product_question", "/amazon/questions/{question_id}")
            .doc("Change the text of one of your questions.")
            .param(question_id())
            .auth()
            .param(P::str("question").min_len(1).nullable().doc("New text of the question."))
            .returns(message())
            .handler(reviews::update_product_question),
        Api::delete(APP, "delete_product_question_answer", "/amazon/question_answers/{question_answer_id}")
            .doc("Delete one of your answers.")
            .param(P::int("question_answer_id").doc("The answer's id."))
            .auth()
            .returns(message())
            .handler(reviews::delete_product_question_answer),
        Api::patch(APP, "update_product_question_answer", "/amazon/question_answers/{question_answer_id}")
            .doc("Change the text of one of your answers.")
            .param(P::int("question_answer_id").doc("The answer's id."))
            .auth()
            .param(P::str("answer").min_len(1).nullable().doc("New text of the answer."))
            .returns(message())
            .handler(reviews::update_product_question_answer),
    ]
}

/// Returns and Prime.
fn return_and_prime_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_returns", "/amazon/returns")
            .doc("List your product returns, optionally of one order.")
            .auth()
            .param(P::int("order_id").nullable().doc("Only returns of this order."))
            .paged()
            .param(returns_sort_by())
            .returns(json!([return_example()]))
            .handler(returns::show_returns),
        Api::post(APP, "initiate_return", "/amazon/returns")
            .doc("Return units of a product you ordered, picked up by a deliverer. The return label is e-mailed to you.")
            .param(order_id())
            .param(product_id())
            .param(P::int("deliverer_id").doc("The deliverer that picks the package up."))
            .param(P::int("quantity").ge(1.0).doc("How many units to return."))
            .auth()
            .returns(message_with("return_id"))
            .handler(returns::initiate_return),
        Api::get(APP, "show_return", "/amazon/returns/{return_id}")
            .doc("Show one of your product returns.")
            .param(P::int("return_id").doc("The return's id."))
            .auth()
            .returns(return_example())
            .handler(returns::show_return),
        Api::get(APP, "show_return_deliverers", "/amazon/return_deliverers")
            .doc("List the deliverers that can take returns.")
            .returns(json!([{"deliverer_id": 1, "name": "UPS"}]))
            .handler(returns::show_return_deliverers),
        Api::get(APP, "show_prime_plans", "/amazon/prime/plans")
            .doc("The prices of the monthly and yearly Prime plans.")
            .returns(json!({"monthly": 1, "yearly": 1}))
            .handler(prime::show_prime_plans),
        Api::get(APP, "show_prime_subscriptions", "/amazon/prime/subscriptions")
            .doc("List your Prime subscriptions, latest end first.")
            .auth()
            .paged()
            .returns(json!([{"prime_subscription_id": 1, "start_date": "2019-01-01T00:00:00", "end_date": "2019-01-01T00:00:00", "payment_card_digits": "string", "paid_amount": 0.0}]))
            .handler(prime::show_prime_subscriptions),
        Api::post(APP, "subscribe_prime", "/amazon/prime/subscriptions")
            .doc("Subscribe to Prime (free delivery), paid with a saved card. The receipt is e-mailed to you.")
            .param(P::int("payment_card_id").doc("The saved card to pay with."))
            .param(P::str("duration").one_of(&["monthly", "yearly"]).doc("The plan: monthly or yearly."))
            .auth()
            .returns(message_with("prime_subscription_id"))
            .handler(prime::subscribe_prime),
        Api::get(APP, "download_prime_subscription_receipt", "/amazon/prime/subscriptions/{prime_subscription_id}/receipt")
            .doc("Save the receipt of one of your Prime subscriptions as a file in your file system account.")
            .param(P::int("prime_subscription_id").doc("The subscription's id."))
            .auth()
            .download()
            .handler(prime::download_prime_subscription_receipt),
    ]
}
