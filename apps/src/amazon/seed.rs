//! The amazon app's share of the base world: a product catalog (product types, brands' products
//! in colour and size variants, sellers, prices, dimensions, stock), promo codes, the three
//! deliverers, and every person's shopping: an account, their home and work addresses, saved
//! cards, Prime history, two years of orders (items, tax, fees, the card they paid with,
//! delivered or on their way), returns, reviews, questions and answers, a cart and a wish list.
//! Product and seller ratings are derived from the reviews, as the app keeps them. The catalog
//! depends on the world seed only.

use super::rows::{
    NewAddress, NewAnswer, NewDeliverer, NewOrder, NewOrderItem, NewProduct, NewPromo, NewQuestion,
    NewReturn, NewReview, NewSeller, ProductList,
};
use crate::people::{Person, Population};
use chrono::{Duration, NaiveDateTime};
use rusqlite::Connection;
use sim::clock::fmt_datetime;
use sim::num::{py_round, round2};
use sim::rng::Rng;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// Product types: singular name, what the products are called, price range in dollars, size,
/// weight in pounds.
const TYPES: &[(&str, &str, i64, i64, &str, f64)] = &[
    ("headphones", "Headphones", 20, 350, "small", 0.6),
    ("coffee maker", "Coffee Maker", 25, 400, "medium", 6.0),
    ("desk lamp", "Desk Lamp", 15, 120, "medium", 2.5),
    ("backpack", "Backpack", 25, 180, "medium", 1.8),
    ("water bottle", "Water Bottle", 8, 45, "small", 0.7),
    ("running shoes", "Running Shoes", 45, 200, "medium", 1.6),
    ("t-shirt", "T-Shirt", 8, 40, "small", 0.4),
    ("jacket", "Jacket", 40, 300, "medium", 2.2),
    ("phone case", "Phone Case", 8, 50, "extra-small", 0.2),
    ("charger", "Charger", 10, 70, "extra-small", 0.3),
    ("laptop stand", "Laptop Stand", 20, 90, "medium", 3.0),
    ("keyboard", "Keyboard", 25, 220, "medium", 2.0),
    ("mouse", "Mouse", 10, 120, "small", 0.3),
    ("monitor", "Monitor", 120, 900, "large", 12.0),
    ("office chair", "Office Chair", 90, 700, "extra-large", 35.0),
    ("blender", "Blender", 30, 450, "medium", 8.0),
    ("cookware set", "Cookware Set", 60, 500, "large", 18.0),
    ("knife set", "Knife Set", 30, 300, "medium", 5.0),
    ("bed sheets", "Bed Sheets", 25, 180, "medium", 3.5),
    ("pillow", "Pillow", 15, 120, "medium", 2.0),
    ("towel set", "Towel Set", 20, 110, "medium", 4.0),
    ("yoga mat", "Yoga Mat", 15, 120, "medium", 3.0),
    ("dumbbells", "Dumbbells", 20, 250, "medium", 20.0),
    ("tent", "Tent", 60, 600, "large", 9.0),
    ("sleeping bag", "Sleeping Bag", 35, 300, "large", 4.0),
    ("board game", "Board Game", 15, 90, "medium", 2.5),
    ("puzzle", "Puzzle", 10, 40, "small", 1.2),
    ("notebook", "Notebook", 5, 30, "small", 0.6),
    ("pen set", "Pen Set", 6, 45, "extra-small", 0.3),
    ("sunglasses", "Sunglasses", 15, 250, "extra-small", 0.2),
    ("watch", "Watch", 40, 600, "extra-small", 0.3),
    ("wallet", "Wallet", 15, 150, "extra-small", 0.3),
    ("umbrella", "Umbrella", 12, 60, "small", 1.0),
    ("speaker", "Bluetooth Speaker", 25, 400, "small", 1.5),
    ("smart bulb", "Smart Bulb", 10, 60, "extra-small", 0.3),
    ("vacuum cleaner", "Vacuum Cleaner", 80, 700, "large", 12.0),
    ("air purifier", "Air Purifier", 60, 500, "large", 10.0),
    ("plant pot", "Plant Pot", 8, 80, "small", 2.0),
    ("dog bed", "Dog Bed", 25, 150, "large", 4.0),
    ("suitcase", "Suitcase", 60, 450, "large", 9.0),
];
const BRANDS: &[&str] = &[
    "Brightline",
    "Nordic",
    "Apex",
    "Evergreen",
    "Lumen",
    "Summit",
    "Harbor",
    "Vertex",
    "Aurora",
    "Cobalt",
    "Maple & Co",
    "Northwind",
    "Peak",
    "Solstice",
    "Terra",
    "Urban Nest",
    "Vela",
    "Willow",
    "Zenith",
    "Atlas",
];
const STYLES: &[&str] = &[
    "Classic",
    "Pro",
    "Ultra",
    "Compact",
    "Deluxe",
    "Essential",
    "Travel",
    "Eco",
    "Max",
    "Lite",
    "Premium",
    "Everyday",
];
const COLORS: &[&str] = &[
    "black", "white", "gray", "navy", "red", "green", "blue", "silver", "beige", "pink",
];
const SIZES: &[&str] = &["extra-small", "small", "medium", "large", "extra-large"];
const SELLER_WORDS: &[&str] = &[
    "Goods",
    "Outlet",
    "Supply",
    "Direct",
    "Market",
    "Depot",
    "Store",
    "Emporium",
    "Trading",
    "Essentials",
];
const REVIEWS: &[(i64, &str, &str)] = &[
    (5, "Excellent", "Exactly as described, great quality."),
    (5, "Love it", "Use it every day, would buy again."),
    (4, "Very good", "Works well, packaging could be better."),
    (4, "Good value", "Does the job for the price."),
    (3, "Okay", "Fine, but nothing special."),
    (2, "Meh", "Stopped working well after a few weeks."),
    (
        1,
        "Poor",
        "Arrived damaged and the seller was slow to respond.",
    ),
];
const QUESTIONS: &[(&str, &str)] = &[
    ("Is it dishwasher safe?", "Yes, the top rack works fine."),
    (
        "Does it come with a warranty?",
        "One year from the manufacturer.",
    ),
    (
        "What are the exact dimensions?",
        "They match the listing, I measured.",
    ),
    ("Is this good for travel?", "Yes, it packs easily."),
    (
        "Does the color match the photos?",
        "Pretty close, slightly darker in person.",
    ),
    (
        "Can it be returned if it does not fit?",
        "I returned one without any trouble.",
    ),
];

/// Shoppers outside the population (reviews, questions and orders of the public).
const STRANGERS: usize = 1800;

struct Product {
    kind: &'static str,
    name: String,
    description: String,
    seller: i64,
    price: f64,
    delivery_days: i64,
    stock: i64,
    dims: (f64, f64, f64, f64),
    color: Option<&'static str>,
    size: Option<&'static str>,
    variations: bool,
}

fn catalog(seed: u64) -> (Vec<String>, Vec<Product>) {
    let mut rng = Rng::derive(seed, "amazon-catalog");
    let mut sellers = Vec::new();
    let mut seen = BTreeSet::new();
    for b in BRANDS {
        for w in SELLER_WORDS {
            if rng.chance(0.5) && seen.insert(format!("{b} {w}")) {
                sellers.push(format!("{b} {w}"));
            }
        }
    }
    let mut products = Vec::new();
    for &(kind, noun, lo, hi, size, weight) in TYPES {
        let mut names = BTreeSet::new();
        for _ in 0..60 {
            let name = format!("{} {} {}", rng.pick(BRANDS), rng.pick(STYLES), noun);
            if !names.insert(name.clone()) {
                continue;
            }
            let seller = rng.range(1, sellers.len() as i64 + 1);
            let base = rng.range(lo * 100, hi * 100) as f64 / 100.0;
            let description = format!(
                "The {name} is a {} {kind} from {}, made for everyday use.",
                rng.pick(&["durable", "lightweight", "stylish", "reliable", "versatile"]),
                name.split(' ').next().unwrap_or("us")
            );
            let variants = rng.range(1, 4);
            let mut colors: Vec<&str> = COLORS.to_vec();
            rng.shuffle(&mut colors);
            let sized = rng.chance(0.3);
            for v in 0..variants {
                let sz = if sized {
                    SIZES[((SIZES.iter().position(|s| *s == size).unwrap_or(2) as i64 + v - 1)
                        .clamp(0, 4)) as usize]
                } else {
                    size
                };
                let scale = 1.0 + 0.1 * v as f64;
                products.push(Product {
                    kind,
                    name: name.clone(),
                    description: description.clone(),
                    seller,
                    price: round2(base * if sized { scale } else { 1.0 } + v as f64),
                    delivery_days: rng.range(1, 10),
                    stock: rng.range(0, 101),
                    dims: (
                        round2(weight * scale * (0.8 + rng.unit() * 0.4)),
                        round2(4.0 + rng.unit() * 20.0 * scale),
                        round2(3.0 + rng.unit() * 12.0 * scale),
                        round2(1.0 + rng.unit() * 10.0 * scale),
                    ),
                    color: Some(colors[v as usize]),
                    size: Some(sz),
                    variations: variants > 1,
                });
            }
        }
    }
    (sellers, products)
}

/// Writes amazon's rows for `pop` (amazon user id = person id; notifiers follow).
pub fn install(s: &crate::app::Seeding) -> rusqlite::Result<()> {
    let (db, pop, seed) = (s.db, s.people, s.seed);
    let first_stranger =
        crate::common::seeding::insert_accounts(s, "amazon", "2019-08-01T09:00:00", true)?;
    let (sellers, products) = catalog(seed);
    for (k, name) in ["UPS", "USPS", "FedEx"].iter().enumerate() {
        NewDeliverer {
            id: k as i64 + 1,
            name,
        }
        .insert(db)?;
    }
    for (code, kind, min_amount, discount) in [
        ("SAVE1", "percent", 20.0, 10.0),
        ("SPRNG", "percent", 50.0, 15.0),
        ("TAKE5", "flat", 30.0, 5.0),
        ("BIG20", "flat", 150.0, 20.0),
        ("WELCM", "percent", 0.0, 5.0),
    ] {
        NewPromo {
            code,
            kind,
            min_amount,
            discount,
        }
        .insert(db)?;
    }
    let mut shop = Shop {
        db,
        now: sim::clock::default_now(),
        products: &products,
        ratings: HashMap::new(),
        questions: Vec::new(),
        purchases: HashSet::new(),
        address_id: 0,
        card_id: 0,
        order_id: 0,
    };
    for p in &pop.people {
        shop.person(p, &mut Rng::derive(seed ^ p.id as u64, "amazon-user"))?;
    }
    // The public: shoppers outside the population whose orders and reviews fill the catalog.
    let strangers = Population::strangers(seed, "amazon-strangers", STRANGERS);
    crate::common::seeding::insert_strangers(
        db,
        "amazon",
        first_stranger,
        &strangers,
        "2019-01-01T00:00:00",
    )?;
    for uid in first_stranger..first_stranger + strangers.len() as i64 {
        shop.stranger(uid, &mut Rng::derive(seed ^ uid as u64, "amazon-stranger"))?;
    }
    shop.answers(
        &mut Rng::derive(seed, "amazon-answers"),
        pop.people.len() as i64,
    )?;
    shop.rate(&sellers)
}

/// What the seed keeps while it writes everyone's shopping: the catalog, the ids handed out
/// so far, and what ratings and answers are drawn from.
struct Shop<'a> {
    /// The world database.
    db: &'a Connection,
    /// The world's "now".
    now: NaiveDateTime,
    /// The catalog (product id = position + 1).
    products: &'a [Product],
    /// Every review's stars, by product.
    ratings: HashMap<i64, Vec<i64>>,
    /// The questions asked, in id order: (product, question, its answer).
    questions: Vec<(i64, &'static str, &'static str)>,
    /// (user, product) of every order line.
    purchases: HashSet<(i64, i64)>,
    /// The last saved address's id.
    address_id: i64,
    /// The last saved card's id.
    card_id: i64,
    /// The last order's id.
    order_id: i64,
}

impl Shop<'_> {
    /// A time within `days` days before now.
    fn at(&self, rng: &mut Rng, days: i64) -> NaiveDateTime {
        crate::common::seeding::past_time(rng, self.now, days)
    }

    /// A product of the catalog, drawn at random.
    fn any_product(&self, rng: &mut Rng) -> i64 {
        rng.range(1, self.products.len() as i64 + 1)
    }

    /// Person `p`'s shopping: addresses, cards, Prime history, orders, reviews of most of
    /// what they bought and of some products they only looked at, questions, cart and wish
    /// list.
    fn person(&mut self, p: &Person, rng: &mut Rng) -> rusqlite::Result<()> {
        let db = self.db;
        let mut addresses = Vec::new();
        for a in &p.addresses {
            NewAddress {
                user_id: p.id,
                name: &a.name,
                street_address: &a.street_address,
                city: &a.city,
                state: &a.state,
                country: &a.country,
                zip_code: a.zip_code,
            }
            .insert(db)?;
            self.address_id += 1;
            addresses.push((
                self.address_id,
                format!(
                    "{}\n{}\n{}\n{}\n{}",
                    a.street_address, a.city, a.state, a.country, a.zip_code
                ),
            ));
        }
        let mut cards = Vec::new();
        for c in &p.payment_cards {
            crate::common::cards::NewSavedCard {
                app: "amazon",
                user_id: p.id,
                face: c.into(),
            }
            .insert(db)?;
            self.card_id += 1;
            cards.push((self.card_id, format!("{:04}", c.card_number % 10_000)));
        }
        let is_prime = rng.chance(0.4) && !cards.is_empty();
        if is_prime {
            for (start, end, yearly) in
                crate::common::seeding::subscription_history(rng, self.now, 0.3, 9)
            {
                crate::common::cards::NewSubscription {
                    table: "amazon.prime_subscriptions",
                    user_id: p.id,
                    start_date: &fmt_datetime(start),
                    end_date: &fmt_datetime(end),
                    payment_card_digits: &cards[0].1,
                    paid_amount: if yearly { 140.0 } else { 15.0 },
                }
                .insert(db)?;
            }
        }
        let bought = match (addresses.first(), cards.is_empty()) {
            (Some(address), false) => self.orders(p.id, rng, address, &cards, is_prime)?,
            _ => BTreeSet::new(),
        };
        let mut reviewed = BTreeSet::new();
        for pid in bought
            .iter()
            .copied()
            .filter(|_| rng.chance(0.5))
            .collect::<Vec<_>>()
        {
            reviewed.insert((pid, true));
        }
        for _ in 0..rng.range(5, 25) {
            let pid = self.any_product(rng);
            if !bought.contains(&pid) {
                reviewed.insert((pid, false));
            }
        }
        self.review(rng, p.id, reviewed, 600)?;
        self.ask(rng, p.id, &bought, 0.08)?;
        for _ in 0..rng.range(0, 6) {
            let q = rng.range(1, 3);
            ProductList::Cart.insert(db, p.id, self.any_product(rng), q)?;
        }
        let mut wished = BTreeSet::new();
        for _ in 0..rng.range(0, 9) {
            wished.insert(self.any_product(rng));
        }
        for pid in wished {
            ProductList::WishList.insert(db, p.id, pid, 1)?;
        }
        Ok(())
    }

    /// Two years of `user_id`'s orders (shipped to `address`, (id, text), paid with one of
    /// `cards`, (id, last four digits); free delivery with Prime), some units gift-wrapped or
    /// returned; returns the products bought.
    fn orders(
        &mut self,
        user_id: i64,
        rng: &mut Rng,
        address: &(i64, String),
        cards: &[(i64, String)],
        is_prime: bool,
    ) -> rusqlite::Result<BTreeSet<i64>> {
        let (db, now) = (self.db, self.now);
        let mut bought = BTreeSet::new();
        for _ in 0..rng.range(5, 30) {
            let created = self.at(rng, 700);
            let (card_id, digits) = rng.pick(cards).clone();
            let mut lines: BTreeMap<i64, (i64, i64)> = BTreeMap::new();
            for _ in 0..rng.range(1, 4) {
                let q = if rng.chance(0.8) { 1 } else { rng.range(2, 4) };
                let wrap = if rng.chance(0.1) { 1 } else { 0 };
                lines.insert(self.any_product(rng), (q, wrap));
            }
            let base: f64 = lines
                .iter()
                .map(|(id, (q, _))| self.products[(*id - 1) as usize].price * *q as f64)
                .sum();
            let wrapped: i64 = lines.values().map(|(_, w)| w).sum();
            NewOrder {
                user_id,
                address_id: Some(address.0),
                tax: round2(base * 0.1),
                delivery_fee: if is_prime { 0.0 } else { 5.0 },
                gift_wrap_fee: 5.0 * wrapped as f64,
                discount: 0.0,
                payment_card_id: Some(card_id),
                created_at: &fmt_datetime(created),
                address_text: &address.1,
                payment_card_digits: &digits,
            }
            .insert(db)?;
            self.order_id += 1;
            let order_id = self.order_id;
            for (pid, (q, wrap)) in &lines {
                let prod = &self.products[(*pid - 1) as usize];
                let expected = created
                    + Duration::days(prod.delivery_days)
                    + Duration::minutes(rng.range(0, 600));
                let delivered = (expected < now)
                    .then(|| fmt_datetime(expected - Duration::minutes(rng.range(0, 300))));
                let returned = if delivered.is_some() && rng.chance(0.06) {
                    1
                } else {
                    0
                };
                NewOrderItem {
                    order_id,
                    product_id: *pid,
                    ordered_quantity: *q,
                    returned_quantity: returned,
                    gift_wrap_quantity: *wrap,
                    price: prod.price,
                    expected_delivery_at: &fmt_datetime(expected),
                    delivered_at: delivered.as_deref(),
                }
                .insert(db)?;
                bought.insert(*pid);
                self.purchases.insert((user_id, *pid));
                if returned > 0 {
                    let initiated =
                        (expected + Duration::days(rng.range(2, 20))).min(now - Duration::hours(1));
                    let back = (initiated + Duration::days(rng.range(2, 7))).min(now);
                    NewReturn {
                        user_id,
                        order_id,
                        product_id: *pid,
                        deliverer_id: rng.range(1, 4),
                        quantity: returned,
                        initiated_at: &fmt_datetime(initiated),
                        returned_at: (back < now).then(|| fmt_datetime(back)).as_deref(),
                        confirmation_code: &format!("{:010x}", rng.next_u64() & 0xff_ffff_ffff),
                    }
                    .insert(db)?;
                }
            }
        }
        Ok(bought)
    }

    /// Stranger `uid`'s shopping: a few orders shipped to one made-up address, reviews of all
    /// they bought and of products they only looked at, and questions.
    fn stranger(&mut self, uid: i64, rng: &mut Rng) -> rusqlite::Result<()> {
        let (db, now) = (self.db, self.now);
        let mut bought = BTreeSet::new();
        let address_text = format!(
            "{} {}\nSpringfield\nIllinois\nUnited States\n{}",
            rng.range(10, 9999),
            rng.pick(&["Main Street", "Oak Avenue", "Park Road", "Lake Drive"]),
            rng.range(10000, 100000)
        );
        let digits = format!("{:04}", rng.range(0, 10_000));
        for _ in 0..rng.range(1, 6) {
            let created = self.at(rng, 700);
            let mut lines: BTreeMap<i64, i64> = BTreeMap::new();
            for _ in 0..rng.range(1, 4) {
                lines.insert(self.any_product(rng), rng.range(1, 3));
            }
            let base: f64 = lines
                .iter()
                .map(|(id, q)| self.products[(*id - 1) as usize].price * *q as f64)
                .sum();
            NewOrder {
                user_id: uid,
                address_id: None,
                tax: round2(base * 0.1),
                delivery_fee: 5.0,
                gift_wrap_fee: 0.0,
                discount: 0.0,
                payment_card_id: None,
                created_at: &fmt_datetime(created),
                address_text: &address_text,
                payment_card_digits: &digits,
            }
            .insert(db)?;
            self.order_id += 1;
            for (pid, q) in &lines {
                let prod = &self.products[(*pid - 1) as usize];
                let expected = created + Duration::days(prod.delivery_days);
                let delivered = (expected < now).then(|| fmt_datetime(expected));
                NewOrderItem {
                    order_id: self.order_id,
                    product_id: *pid,
                    ordered_quantity: *q,
                    returned_quantity: 0,
                    gift_wrap_quantity: 0,
                    price: prod.price,
                    expected_delivery_at: &fmt_datetime(expected),
                    delivered_at: delivered.as_deref(),
                }
                .insert(db)?;
                bought.insert(*pid);
                self.purchases.insert((uid, *pid));
            }
        }
        let mut reviewed: BTreeMap<i64, bool> = bought.iter().map(|p| (*p, true)).collect();
        for _ in 0..rng.range(8, 40) {
            reviewed.entry(self.any_product(rng)).or_insert(false);
        }
        self.review(rng, uid, reviewed, 900)?;
        self.ask(rng, uid, &bought, 0.05)
    }

    /// `uid`'s reviews of `reviewed` (product, verified), in order, each written within `days`
    /// days before now.
    fn review(
        &mut self,
        rng: &mut Rng,
        uid: i64,
        reviewed: impl IntoIterator<Item = (i64, bool)>,
        days: i64,
    ) -> rusqlite::Result<()> {
        for (pid, verified) in reviewed {
            let &(stars, title, text) = rng.pick(REVIEWS);
            NewReview {
                product_id: pid,
                user_id: uid,
                is_verified: verified,
                rating: stars,
                title,
                text,
                created_at: &fmt_datetime(self.at(rng, days)),
            }
            .insert(self.db)?;
            self.ratings.entry(pid).or_default().push(stars);
        }
        Ok(())
    }

    /// `uid`'s questions about products they `bought`, each asked with `chance`.
    fn ask(
        &mut self,
        rng: &mut Rng,
        uid: i64,
        bought: &BTreeSet<i64>,
        chance: f64,
    ) -> rusqlite::Result<()> {
        for pid in bought.iter().filter(|_| rng.chance(chance)) {
            let &(q, a) = &QUESTIONS[(*pid as usize + uid as usize) % QUESTIONS.len()];
            self.questions.push((*pid, q, a));
            NewQuestion {
                product_id: *pid,
                user_id: uid,
                question: q,
                created_at: &fmt_datetime(self.now - Duration::days(((pid + uid) % 300) + 5)),
            }
            .insert(self.db)?;
        }
        Ok(())
    }

    /// Answers to every question from one of the first `people` users or the community
    /// (verified when the answerer bought the product).
    fn answers(&self, rng: &mut Rng, people: i64) -> rusqlite::Result<()> {
        for (k, (pid, _, a)) in self.questions.iter().enumerate() {
            let who = rng.range(1, people + 1);
            NewAnswer {
                product_question_id: k as i64 + 1,
                user_id: who,
                is_verified: self.purchases.contains(&(who, *pid)),
                answer: a,
                created_at: &fmt_datetime(self.now - Duration::days(rng.range(1, 4))),
            }
            .insert(self.db)?;
        }
        Ok(())
    }

    /// The sellers and the products, with ratings from the reviews (a seller's from its
    /// rated products).
    fn rate(&self, sellers: &[String]) -> rusqlite::Result<()> {
        let rating_of = |id: i64| {
            self.ratings.get(&id).map_or(0.0, |r| {
                py_round(r.iter().sum::<i64>() as f64 / r.len() as f64, 1)
            })
        };
        let mut seller_ratings: HashMap<i64, Vec<f64>> = HashMap::new();
        for (k, p) in self.products.iter().enumerate() {
            let r = rating_of(k as i64 + 1);
            if r > 0.0 {
                seller_ratings.entry(p.seller).or_default().push(r);
            }
        }
        let seller_rating = |id: i64| {
            seller_ratings
                .get(&id)
                .map_or(0.0, |r| py_round(r.iter().sum::<f64>() / r.len() as f64, 1))
        };
        for (k, name) in sellers.iter().enumerate() {
            NewSeller {
                id: k as i64 + 1,
                name,
                rating: seller_rating(k as i64 + 1),
            }
            .insert(self.db)?;
        }
        for (k, p) in self.products.iter().enumerate() {
            let id = k as i64 + 1;
            let (weight, length, width, height) = p.dims;
            NewProduct {
                id: Some(id),
                product_type: p.kind,
                name: &p.name,
                description: &p.description,
                seller_id: p.seller,
                price: p.price,
                delivery_days: p.delivery_days,
                inventory_quantity: p.stock,
                weight,
                length,
                width,
                height,
                color: p.color,
                relative_size: p.size,
                rating: rating_of(id),
                seller_rating: seller_rating(p.seller),
                has_variations: p.variations,
            }
            .insert(self.db)?;
        }
        Ok(())
    }
}
