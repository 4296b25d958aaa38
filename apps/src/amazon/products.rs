//! The catalog: products (with their variations and review/question counts), sellers, product
//! types and feature choices, and `search_products` with its filters, sort and ranking.

use super::store::{PRODUCT_FIELDS, Product, product};
use crate::common::pytext::singularize;
use rusqlite::{Connection, OptionalExtension};
use serde_json::{Value, json};
use sim::api::listing::{
    SortKey, fts_expr, fts_phrases, listed_page, paginate, parse_sort, remembered, search_page,
    sort_rows,
};
use sim::api::{ApiError, Args, Ctx};
use std::collections::HashMap;

/// The fields `search_products` sorts by.
pub(super) const PRODUCT_SORT_FIELDS: &[&str] = &["rating", "price", "delivery_days"];

/// Every product, in id order.
fn all_products(db: &Connection) -> Result<Vec<Product>, ApiError> {
    Ok(db
        .prepare_cached(&format!(
            "SELECT {PRODUCT_FIELDS} FROM amazon.products ORDER BY id"
        ))?
        .query_map([], Product::read)?
        .collect::<Result<_, _>>()?)
}

/// The response shape of a product: its columns, counts of reviews and questions, and the
/// other products of the same name (its variations).
pub(super) fn product_json(db: &Connection, p: &Product) -> Result<Value, ApiError> {
    let count = |sql: &str| -> Result<i64, ApiError> {
        Ok(db.prepare_cached(sql)?.query_row([p.id], |r| r.get(0))?)
    };
    let reviews = count("SELECT count(*) FROM amazon.product_reviews WHERE product_id = ?1")?;
    let questions = count("SELECT count(*) FROM amazon.product_questions WHERE product_id = ?1")?;
    let variations: Vec<Value> = db
        .prepare_cached(
            "SELECT id, relative_size, color FROM amazon.products WHERE name = ?1 AND id != ?2 ORDER BY id",
        )?
        .query_map(rusqlite::params![p.name, p.id], |r| {
            Ok(json!({
                "product_id": r.get::<_, i64>(0)?,
                "relative_size": r.get::<_, Option<String>>(1)?,
                "color": r.get::<_, Option<String>>(2)?,
            }))
        })?
        .collect::<Result<_, _>>()?;
    Ok(json!({
        "product_id": p.id,
        "seller_id": p.seller_id,
        "product_type": p.product_type,
        "name": p.name,
        "description": p.description,
        "price": p.price,
        "delivery_days": p.delivery_days,
        "inventory_quantity": p.inventory_quantity,
        "weight": p.weight,
        "length": p.length,
        "width": p.width,
        "height": p.height,
        "color": p.color,
        "relative_size": p.relative_size,
        "rating": p.rating,
        "num_product_reviews": reviews,
        "num_product_questions": questions,
        "variations": variations,
    }))
}

pub(super) fn show_product(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let p = product(ctx.db, a.int("product_id"))?;
    product_json(ctx.db, &p)
}

/// Sellers `(id, name, rating)` in id order.
fn sellers(db: &Connection) -> Result<Vec<(i64, String, f64)>, ApiError> {
    Ok(db
        .prepare_cached("SELECT id, name, rating FROM amazon.sellers ORDER BY id")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?)
}

pub(super) fn search_sellers(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let ids = || -> Result<Vec<i64>, ApiError> {
        Ok(sellers(ctx.db)?.into_iter().map(|s| s.0).collect())
    };
    let at = (a.int("page_index"), a.int("page_limit"));
    let page = listed_page(ctx, "amazon", "sellers_fts", a.str("query"), ids, at)?;
    let mut name = ctx
        .db
        .prepare_cached("SELECT name FROM amazon.sellers WHERE id = ?1")?;
    let mut out = Vec::new();
    for id in page {
        let name: String = name.query_row([id], |r| r.get(0))?;
        out.push(json!({"seller_id": id, "name": name}));
    }
    Ok(Value::Array(out))
}

pub(super) fn show_seller(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let id = a.int("seller_id");
    ctx.db
        .prepare_cached("SELECT id, name, rating FROM amazon.sellers WHERE id = ?1")?
        .query_row([id], |r| {
            Ok(json!({"seller_id": r.get::<_, i64>(0)?, "name": r.get::<_, String>(1)?, "rating": r.get::<_, f64>(2)?}))
        })
        .optional()?
        .ok_or_else(|| ApiError::not_found_id("seller", id))
}

/// Ranks plain strings against `query` as AppWorld does for product types: as an FTS5 table
/// of the strings (porter stemming) would, matches by bm25 first, then the rest in Python's set
/// order of their positions. The world's search indexes keep the table in memory while the
/// strings stay the same; without them a throw-away FTS5 table ranks.
fn rank_strings(ctx: &Ctx, items: Vec<String>, query: &str) -> Result<Vec<String>, ApiError> {
    let Some(phrases) = fts_phrases(query) else {
        return Ok(items);
    };
    let texts: Vec<String> = items.iter().map(|t| sim::sqlfn::search_text(t)).collect();
    let indexed = match ctx.search {
        Some(ix) => ix.ranked_list(ctx.db, "amazon.product_types", &texts, &phrases)?,
        None => None,
    };
    let matched = match indexed {
        Some(m) => m,
        None => rank_in_fts5(&texts, &phrases)?,
    };
    if cfg!(debug_assertions) {
        assert_eq!(
            matched,
            rank_in_fts5(&texts, &phrases)?,
            "product types rank {query:?}"
        );
    }
    let ids: Vec<i64> = (1..=items.len() as i64).collect();
    let mut order = matched.clone();
    order.extend(sim::api::pyset::difference_order(&ids, &matched));
    Ok(order
        .into_iter()
        .filter_map(|i| items.get(i as usize - 1).cloned())
        .collect())
}

/// The positions (from 1) of `texts` matching any of `phrases`, ranked by a throw-away FTS5
/// table of them.
fn rank_in_fts5(texts: &[String], phrases: &[String]) -> Result<Vec<i64>, ApiError> {
    let mem = Connection::open_in_memory()?;
    mem.execute_batch(
        "CREATE VIRTUAL TABLE t USING fts5(id UNINDEXED, saved_search_text, tokenize='porter')",
    )?;
    {
        let mut ins =
            mem.prepare("INSERT INTO t(rowid, id, saved_search_text) VALUES (?1, ?1, ?2)")?;
        for (id, text) in texts.iter().enumerate() {
            ins.execute(rusqlite::params![id as i64 + 1, text])?;
        }
    }
    Ok(mem
        .prepare("SELECT rowid FROM t WHERE saved_search_text MATCH ?1 ORDER BY rank, rowid")?
        .query_map([fts_expr(phrases)], |r| r.get(0))?
        .collect::<Result<_, _>>()?)
}

pub(super) fn search_product_types(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    // Each type once, in the order of its first product.
    let read = || -> Result<Vec<String>, ApiError> {
        Ok(ctx
            .db
            .prepare_cached(
                "SELECT product_type FROM amazon.products GROUP BY product_type ORDER BY min(id)",
            )?
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?)
    };
    let types = remembered(ctx, &[("amazon", "products")], "amazon.product_types", read)?;
    let ranked = rank_strings(ctx, types, a.str("query"))?;
    Ok(json!(paginate(
        ranked,
        a.int("page_index"),
        a.int("page_limit")
    )))
}

/// Does `product_type` (a filter value) name `actual`: case- and plural-insensitive.
fn type_matches(filter: &str, actual: &str) -> bool {
    singularize(&filter.to_lowercase()) == singularize(&actual.to_lowercase())
}

pub(super) fn show_product_feature_choices(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let filter = a.opt_str("product_type");
    let products: Vec<Product> = all_products(ctx.db)?
        .into_iter()
        .filter(|p| filter.is_none_or(|f| type_matches(f, &p.product_type)))
        .collect();
    let mut colors: Vec<String> = products.iter().filter_map(|p| p.color.clone()).collect();
    colors.sort();
    colors.dedup();
    let mut sizes: Vec<String> = products
        .iter()
        .filter_map(|p| p.relative_size.clone())
        .collect();
    sizes.sort();
    sizes.dedup();
    let mut seller_ids: Vec<i64> = products.iter().map(|p| p.seller_id).collect();
    seller_ids.sort_unstable();
    seller_ids.dedup();
    let names = sellers(ctx.db)?;
    let mut found: Vec<&(i64, String, f64)> = seller_ids
        .into_iter()
        .filter_map(|id| names.iter().find(|s| s.0 == id))
        .collect();
    // AppWorld lists the sellers by name.
    found.sort_by(|a, b| a.1.cmp(&b.1));
    let sellers: Vec<Value> = found
        .into_iter()
        .map(|s| json!({"seller_id": s.0, "name": s.1}))
        .collect();
    Ok(json!({"colors": colors, "relative_sizes": sizes, "sellers": sellers}))
}

/// A product field `search_products` sorts by.
fn sort_field(p: &Product, f: &str) -> Value {
    match f {
        "rating" => json!(p.rating),
        "price" => json!(p.price),
        "delivery_days" => json!(p.delivery_days),
        _ => Value::Null,
    }
}

/// `search_products`: filters, then `sort_by` over all matches, then the first product of each
/// name, then the query's ranking (which alone decides the order when there is a query: AppWorld
/// does not re-sort the page), then the page.
///
/// Whether a product survives the filters and the first-of-its-name cut depends only on the
/// products of its name (a stable sort keeps their relative order whatever else is listed), so
/// a search checks its matches in rank order by their names' products alone until the page is
/// full, and reads the whole catalog only for a page past the matches.
pub(super) fn search_products(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    let sort: Option<SortKey> = parse_sort(a.opt_str("sort_by"), PRODUCT_SORT_FIELDS)?;
    let num = |name: &str| a.float(name);
    let (min_price, max_price) = (num("min_price"), num("max_price"));
    let (min_rating, max_rating) = (num("min_product_rating"), num("max_product_rating"));
    let (min_seller, max_seller) = (num("min_seller_rating"), num("max_seller_rating"));
    let within = |v: f64, lo: Option<f64>, hi: Option<f64>| {
        lo.is_none_or(|lo| v >= lo) && hi.is_none_or(|hi| v <= hi)
    };
    let product_type = a.opt_str("product_type");
    let color = a.opt_str("color").map(|c| c.trim().to_lowercase());
    let size = a.opt_str("relative_size");
    let seller = a.value("seller_id").as_i64();
    // The listed products among `rows` (in id order): filtered, sorted, first of each name.
    let listed = |rows: Vec<Product>| -> Vec<Product> {
        let mut rows: Vec<Product> = rows
            .into_iter()
            .filter(|p| {
                product_type.is_none_or(|t| type_matches(t, &p.product_type))
                    && color.as_ref().is_none_or(|c| {
                        p.color.as_deref().map(str::to_lowercase).as_ref() == Some(c)
                    })
                    && size.is_none_or(|s| p.relative_size.as_deref() == Some(s))
                    && seller.is_none_or(|s| p.seller_id == s)
                    && within(p.price, min_price, max_price)
                    && within(p.rating, min_rating, max_rating)
                    && within(p.seller_rating, min_seller, max_seller)
            })
            .collect();
        if let Some(key) = &sort {
            sort_rows(&mut rows, key, sort_field);
        }
        let mut seen = std::collections::HashSet::new();
        rows.retain(|p| seen.insert(p.name.clone()));
        rows
    };
    let (index, limit) = (a.int("page_index"), a.int("page_limit"));
    // The listed products of each name met so far, by id.
    let mut near: HashMap<i64, Product> = HashMap::new();
    let mut names_met = std::collections::HashSet::new();
    let keep = |id: i64| -> Result<bool, ApiError> {
        let name = product(ctx.db, id)?.name;
        if names_met.insert(name.clone()) {
            near.extend(listed(named(ctx.db, &name)?).into_iter().map(|p| (p.id, p)));
        }
        Ok(near.contains_key(&id))
    };
    let every = || -> Result<Vec<i64>, ApiError> {
        Ok(listed(all_products(ctx.db)?).iter().map(|p| p.id).collect())
    };
    // The listed catalog is the same for every episode that has not written it.
    let everyone = || -> Result<Vec<i64>, ApiError> {
        let bounds = (
            min_price, max_price, min_rating, max_rating, min_seller, max_seller,
        );
        let key = format!(
            "amazon.products listed {product_type:?} {color:?} {size:?} {seller:?} {bounds:?} {sort:?}"
        );
        remembered(ctx, &[("amazon", "products")], &key, every)
    };
    let found = search_page(
        ctx,
        "amazon",
        "products_fts",
        a.str("query"),
        keep,
        everyone,
        (index, limit),
    )?;
    let page: Vec<Product> = match found {
        None => paginate(listed(all_products(ctx.db)?), index, limit),
        Some(ids) => ids
            .into_iter()
            .map(|id| near.remove(&id).map_or_else(|| product(ctx.db, id), Ok))
            .collect::<Result<_, _>>()?,
    };
    Ok(Value::Array(
        page.iter()
            .map(|p| product_json(ctx.db, p))
            .collect::<Result<_, _>>()?,
    ))
}

/// The products named `name`, in id order.
fn named(db: &Connection, name: &str) -> Result<Vec<Product>, ApiError> {
    Ok(db
        .prepare_cached(&format!(
            "SELECT {PRODUCT_FIELDS} FROM amazon.products WHERE name = ?1 ORDER BY id"
        ))?
        .query_map([name], Product::read)?
        .collect::<Result<_, _>>()?)
}
