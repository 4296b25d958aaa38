//! What common actions are allowed to write: one vocabulary for every scenario, so "no
//! collateral damage" means the same wherever a task sits.

use super::amazon;
use super::changes::added;
use super::changes::{allow_added, allow_own, is_mine, updates_only};
use super::db::one;
use super::gmail::{FOLLOW, ids_of};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::model::Allow;
use sim::sql::Cached;

/// What sending money on Venmo changes: the supervisor's transactions, wallet balances, the
/// receivers' notifications.
pub fn venmo_payments() -> Vec<Allow> {
    vec![
        allow_own(
            "the supervisor's Venmo payments",
            "venmo",
            "transactions",
            "sender_id",
        ),
        Allow::new("Venmo wallet balances", |_, r| {
            r.is("venmo", "users") && updates_only(r, &["venmo_balance"])
        }),
        venmo_notifications(),
    ]
}

/// Venmo's notifications of what the supervisor does (payments, requests, likes, ...).
pub fn venmo_notifications() -> Allow {
    allow_added("Venmo notifications", "venmo", "notifications", |_, _| true)
}

/// What requesting money on Venmo changes: the supervisor's requests and the notifications
/// they send.
pub fn venmo_requests() -> Vec<Allow> {
    vec![
        allow_own(
            "the supervisor's payment requests",
            "venmo",
            "payment_requests",
            "sender_id",
        ),
        venmo_notifications(),
    ]
}

/// The rows sending, replying and forwarding write: the supervisor's e-mails (with any files),
/// their threads, and the thread copies they add to (e-mail lists and the columns that follow
/// from them; no flags).
pub fn mail_sent() -> Vec<Allow> {
    let mine = |ctx: &EvalCtx, id: i64| -> bool {
        ctx.db
            .query_row_cached(
                "SELECT sender_id FROM gmail.emails WHERE id = ?1",
                [id],
                |r| r.get::<_, i64>(0),
            )
            .ok()
            == ctx.user_id("gmail")
    };
    vec![
        allow_own("the supervisor's e-mails", "gmail", "emails", "sender_id"),
        allow_added(
            "files attached to the supervisor's e-mails",
            "gmail",
            "attachments",
            move |ctx, r| r.get("email_id").as_i64().is_some_and(|id| mine(ctx, id)),
        ),
        Allow::new("threads of the supervisor's e-mails", move |ctx, r| {
            (r.is("gmail", "global_email_threads") || r.is("gmail", "user_email_threads"))
                && ids_of(r.get("email_ids")).iter().any(|id| mine(ctx, *id))
                && (r.kind() == ChangeKind::Added
                    || (r.kind() == ChangeKind::Updated
                        && r.changed_columns()
                            .iter()
                            .all(|c| FOLLOW.contains(&c.as_str()))))
        }),
    ]
}

/// The rows sending texts writes: the supervisor's new messages and both people's copies of
/// them (a copy of any other message, or of an older one, is not allowed).
pub fn texts_sent() -> Vec<Allow> {
    vec![
        allow_own(
            "the supervisor's texts",
            "phone",
            "global_text_messages",
            "sender_id",
        ),
        allow_added(
            "the copies of the supervisor's texts",
            "phone",
            "user_text_messages",
            |ctx, r| {
                let me = ctx.user_id("phone");
                let message = r.get("global_text_message_id").as_i64();
                added(ctx, "phone", "global_text_messages")
                    .iter()
                    .any(|t| message == Some(t.id) && t.get("sender_id").as_i64() == me)
            },
        ),
    ]
}

/// Todoist's notifications of what the supervisor changes.
pub fn todo_notifications() -> Allow {
    allow_added(
        "Todoist notifications of the changes",
        "todoist",
        "notifications",
        |_, _| true,
    )
}

/// What sending money on Venmo changes: the supervisor's transactions, wallet balances, the
/// receivers' notifications, the bank balance of a card paid with.
pub fn venmo_money() -> Vec<Allow> {
    let mut allowed = venmo_payments();
    allowed.push(Allow::new(
        "the bank balance of a card paid with",
        |_, r| r.is("admin", "payment_cards") && updates_only(r, &["balance"]),
    ));
    allowed
}

/// The notifications Splitwise sends about records the supervisor adds or changes.
pub fn splitwise_notifications() -> Allow {
    allow_added(
        "Splitwise notifications",
        "splitwise",
        "notifications",
        |_, _| true,
    )
}

/// What placing an order or starting a return changes besides its own rows: the e-mail amazon
/// sends (gmail), the bank card's balance, the products' stock.
pub fn amazon_side_effects() -> Vec<Allow> {
    vec![
        Allow::new("amazon's confirmation e-mail (gmail rows)", |_, r| {
            r.schema == "gmail"
                && matches!(
                    r.table.as_str(),
                    "emails" | "attachments" | "global_email_threads" | "user_email_threads"
                )
                && (r.table != "emails"
                    || r.get("subject")
                        .as_str()
                        .is_some_and(|s| s.starts_with("Amazon")))
        }),
        Allow::new(
            "the copy of the e-mailed file in amazon's file system (/tmp/)",
            |_, r| {
                r.is("file_system", "files")
                    && r.kind() == ChangeKind::Added
                    && r.get("path")
                        .as_str()
                        .is_some_and(|p| p.starts_with("/tmp/"))
            },
        ),
        Allow::new("the paying card's balance (admin bank)", |_, r| {
            r.is("admin", "payment_cards")
                && r.kind() == ChangeKind::Updated
                && r.changed_columns().iter().all(|c| c == "balance")
        }),
        Allow::new("the ordered products' stock", |_, r| {
            r.is("amazon", "products")
                && r.kind() == ChangeKind::Updated
                && r.changed_columns()
                    .iter()
                    .all(|c| c == "inventory_quantity")
        }),
    ]
}

/// Allows the supervisor's new orders and their items.
pub fn new_orders() -> Vec<Allow> {
    vec![
        allow_own("the supervisor's new order", "amazon", "orders", "user_id"),
        allow_added(
            "the new order's items",
            "amazon",
            "order_items",
            |ctx, r| {
                amazon::new_orders(ctx)
                    .iter()
                    .any(|(o, _)| r.get("order_id").as_i64() == Some(o.id))
            },
        ),
    ]
}

/// Allows any change to the supervisor's cart (checks judge its end state).
pub fn cart() -> Allow {
    Allow::new("changes to the supervisor's cart", |ctx, r| {
        r.is("amazon", "cart_entries") && r.get("user_id").as_i64() == ctx.user_id("amazon")
    })
}

/// Allows returns and what they change (returned units, the e-mailed label).
pub fn returns() -> Vec<Allow> {
    let mut v = vec![
        allow_own(
            "the supervisor's returns",
            "amazon",
            "product_returns",
            "user_id",
        ),
        Allow::new(
            "returned quantities of the supervisor's order items",
            |ctx, r| {
                r.is("amazon", "order_items")
                    && r.kind() == ChangeKind::Updated
                    && r.changed_columns().iter().all(|c| c == "returned_quantity")
                    && one(
                        ctx.db,
                        "SELECT user_id FROM amazon.orders WHERE id = ?1",
                        [r.get("order_id").as_i64().unwrap_or(0)],
                    ) == ctx.user_id("amazon")
            },
        ),
    ];
    v.extend(amazon_side_effects());
    v
}

/// What a Venmo bank transfer e-mails besides its own rows: the confirmation (gmail rows) and
/// the receipt file Venmo keeps in its own /tmp/ for it.
pub fn venmo_transfer_mail() -> Vec<Allow> {
    vec![
        Allow::new("the confirmation Venmo e-mails", |_, r| r.schema == "gmail"),
        allow_added(
            "the receipt file Venmo keeps in its own /tmp/ for that e-mail",
            "file_system",
            "files",
            |ctx, r| {
                !is_mine(ctx, r, "file_system", "user_id")
                    && r.get("path")
                        .as_str()
                        .is_some_and(|p| p.starts_with("/tmp/"))
            },
        ),
    ]
}

/// What recording Splitwise expenses writes: the supervisor's expenses, their shares and
/// Splitwise's notifications.
pub fn splitwise_expenses() -> Vec<Allow> {
    vec![
        allow_own(
            "the supervisor's Splitwise expenses",
            "splitwise",
            "expenses",
            "user_id",
        ),
        allow_added("their shares", "splitwise", "expense_shares", |_, _| true),
        splitwise_notifications(),
    ]
}

/// The supervisor's answers (approvals, denials) to the Venmo requests they received.
pub fn request_answers() -> Allow {
    Allow::new(
        "the supervisor's answers to requests they received",
        |ctx, r| {
            r.is("venmo", "payment_requests")
                && is_mine(ctx, r, "venmo", "receiver_id")
                && updates_only(r, &["approved_at", "denied_at", "updated_at"])
        },
    )
}
