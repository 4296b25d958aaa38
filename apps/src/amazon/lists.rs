//! The cart and the wish list: one piece for both (entries of `(user, product, quantity)`, the
//! cart's also with a gift-wrap quantity), with AppWorld's rules: adding checks the requested
//! amount alone against the inventory (not the running total), a quantity of 0 deletes the
//! entry, moves between the two lists check nothing against the inventory.

use super::rows::ProductList;
use super::store::product;
use rusqlite::{Connection, OptionalExtension, params};
use serde_json::{Value, json};
use sim::api::{ApiError, Args, Ctx};

/// One of the two lists.
#[derive(Debug, Clone, Copy)]
pub(super) struct List {
    /// Its entries.
    rows: ProductList,
    /// How messages name it (`cart`, `wish list`).
    label: &'static str,
}

/// The cart.
pub(super) const CART: List = List {
    rows: ProductList::Cart,
    label: "cart",
};

/// The wish list.
pub(super) const WISH_LIST: List = List {
    rows: ProductList::WishList,
    label: "wish list",
};

/// 422 when `quantity` is more than the product's inventory.
pub(super) fn check_inventory(quantity: i64, inventory: i64) -> Result<(), ApiError> {
    if quantity > inventory {
        return Err(ApiError::unprocessable(format!(
            "The inventory doesn't have {quantity} item/s available at this time."
        )));
    }
    Ok(())
}

impl List {
    /// `user_id`'s entry of `product_id` in this list (there or not).
    pub(super) fn entry(self, db: &Connection, user_id: i64, product_id: i64) -> Entry<'_> {
        Entry {
            list: self,
            db,
            user_id,
            product_id,
        }
    }

    /// Empties `user_id`'s list.
    pub(super) fn clear(&self, db: &Connection, user_id: i64) -> Result<(), ApiError> {
        self.rows.clear(db, user_id)?;
        Ok(())
    }

    /// `add_product_to_<list>`: the product must exist and the inventory hold the requested
    /// amount; `clear_flag` empties the list first.
    pub(super) fn add_handler(
        &self,
        ctx: &Ctx,
        a: &Args,
        clear_flag: &str,
    ) -> Result<Value, ApiError> {
        let uid = ctx.user()?.id;
        let p = product(ctx.db, a.int("product_id"))?;
        let quantity = a.int("quantity");
        check_inventory(quantity, p.inventory_quantity)?;
        if a.opt_bool(clear_flag).unwrap_or(false) {
            self.clear(ctx.db, uid)?;
        }
        self.entry(ctx.db, uid, p.id).add(quantity)?;
        Ok(json!({"message": format!("Product/s added to the {}.", self.label)}))
    }

    /// `update_product_quantity_in_<list>`: 0 deletes the entry.
    pub(super) fn update_handler(&self, ctx: &Ctx, a: &Args) -> Result<Value, ApiError> {
        let uid = ctx.user()?.id;
        let p = product(ctx.db, a.int("product_id"))?;
        let entry = self.entry(ctx.db, uid, p.id);
        entry.present()?;
        let quantity = a.int("quantity");
        check_inventory(quantity, p.inventory_quantity)?;
        entry.set(quantity)?;
        Ok(
            json!({"message": format!("Updated the quantity of the product in the {}.", self.label)}),
        )
    }

    /// `delete_product_from_<list>`.
    pub(super) fn delete_handler(&self, ctx: &Ctx, a: &Args) -> Result<Value, ApiError> {
        let uid = ctx.user()?.id;
        let p = product(ctx.db, a.int("product_id"))?;
        let entry = self.entry(ctx.db, uid, p.id);
        entry.present()?;
        entry.set(0)?;
        Ok(json!({"message": format!("Deleted the product from your {}.", self.label)}))
    }

    /// `clear_<list>`.
    pub(super) fn clear_handler(&self, ctx: &Ctx) -> Result<Value, ApiError> {
        self.clear(ctx.db, ctx.user()?.id)?;
        Ok(json!({"message": format!("Cleared the items from your {}.", self.label)}))
    }

    /// `move_product_from_<self>_to_<to>`: takes `quantity` off this list (the entry goes at 0)
    /// and adds it to the other.
    pub(super) fn move_handler(&self, to: List, ctx: &Ctx, a: &Args) -> Result<Value, ApiError> {
        let uid = ctx.user()?.id;
        let p = product(ctx.db, a.int("product_id"))?;
        let from = self.entry(ctx.db, uid, p.id);
        let have = from.quantity()?.ok_or_else(|| {
            ApiError::unprocessable(format!(
                "The product is not available in the {}.",
                self.label
            ))
        })?;
        let quantity = a.int("quantity");
        if quantity > have {
            // AppWorld's wording says "to wish list" in both directions.
            return Err(ApiError::unprocessable(format!(
                "The {} only has {have} of this product, so can't move {quantity} to wish list.",
                self.label
            )));
        }
        from.set(have - quantity)?;
        to.entry(ctx.db, uid, p.id).add(quantity)?;
        Ok(json!({"message": format!(
            "{quantity} product/s moved from the {} to the {}.",
            self.label, to.label
        )}))
    }
}

/// One user's entry of one product in one of the lists, whether or not it is there.
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry<'a> {
    /// The list.
    list: List,
    /// The world database.
    db: &'a Connection,
    /// Whose list.
    user_id: i64,
    /// The product.
    product_id: i64,
}

impl Entry<'_> {
    /// Its quantity, if it is there.
    pub(super) fn quantity(&self) -> Result<Option<i64>, ApiError> {
        Ok(self
            .db
            .prepare_cached(&format!(
                "SELECT quantity FROM amazon.{} WHERE user_id = ?1 AND product_id = ?2",
                self.list.rows.table()
            ))?
            .query_row(params![self.user_id, self.product_id], |r| r.get(0))
            .optional()?)
    }

    /// Its quantity, or 422 `The product is not present in the <list>.`
    fn present(&self) -> Result<i64, ApiError> {
        self.quantity()?.ok_or_else(|| {
            ApiError::unprocessable(format!(
                "The product is not present in the {}.",
                self.list.label
            ))
        })
    }

    /// Adds `quantity` (to the entry, or as a new one).
    fn add(&self, quantity: i64) -> Result<(), ApiError> {
        match self.quantity()? {
            Some(have) => self.set(have.saturating_add(quantity)),
            None => Ok(self
                .list
                .rows
                .insert(self.db, self.user_id, self.product_id, quantity)?),
        }
    }

    /// Sets its quantity; 0 deletes it.
    fn set(&self, quantity: i64) -> Result<(), ApiError> {
        let table = self.list.rows.table();
        if quantity <= 0 {
            self.db
                .prepare_cached(&format!(
                    "DELETE FROM amazon.{table} WHERE user_id = ?1 AND product_id = ?2"
                ))?
                .execute(params![self.user_id, self.product_id])?;
        } else {
            self.db
                .prepare_cached(&format!(
                    "UPDATE amazon.{table} SET quantity = ?3 WHERE user_id = ?1 AND product_id = ?2"
                ))?
                .execute(params![self.user_id, self.product_id, quantity])?;
        }
        Ok(())
    }
}

pub(super) fn show_wish_list(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    let uid = ctx.user()?.id;
    let rows: Vec<Value> = ctx
        .db
        .prepare_cached(
            "SELECT w.product_id, p.name, w.quantity, p.price FROM amazon.wish_list_entries AS w \
             JOIN amazon.products AS p ON p.id = w.product_id WHERE w.user_id = ?1 ORDER BY w.product_id",
        )?
        .query_map([uid], |r| {
            Ok(json!({
                "product_id": r.get::<_, i64>(0)?,
                "product_name": r.get::<_, String>(1)?,
                "quantity": r.get::<_, i64>(2)?,
                "price": r.get::<_, f64>(3)?,
            }))
        })?
        .collect::<Result<_, _>>()?;
    Ok(Value::Array(rows))
}

pub(super) fn clear_wish_list(ctx: &mut Ctx, _: &Args) -> Result<Value, ApiError> {
    WISH_LIST.clear_handler(ctx)
}

pub(super) fn add_product_to_wish_list(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    WISH_LIST.add_handler(ctx, a, "clear_wish_list_first")
}

pub(super) fn delete_product_from_wish_list(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    WISH_LIST.delete_handler(ctx, a)
}

pub(super) fn update_product_quantity_in_wish_list(
    ctx: &mut Ctx,
    a: &Args,
) -> Result<Value, ApiError> {
    WISH_LIST.update_handler(ctx, a)
}

pub(super) fn move_product_from_cart_to_wish_list(
    ctx: &mut Ctx,
    a: &Args,
) -> Result<Value, ApiError> {
    CART.move_handler(WISH_LIST, ctx, a)
}

pub(super) fn move_product_from_wish_list_to_cart(
    ctx: &mut Ctx,
    a: &Args,
) -> Result<Value, ApiError> {
    WISH_LIST.move_handler(CART, ctx, a)
}
