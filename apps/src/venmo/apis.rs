//! venmo's API list: the shared account APIs (less the two venmo replaces), each topic file's
//! registrations, saved cards and notifications, in AppWorld's docs order.

use super::{ACCOUNTS, APP, balance, comments, requests, transactions, users};
use crate::common::cards;
use sim::api::ApiSpec;

/// The APIs, in docs order. venmo's `show_account` (with the wallet and friend count) and
/// `show_profile` (authenticated, with `friends_since`) replace the shared ones.
pub(super) fn all() -> Vec<ApiSpec> {
    let mut all: Vec<ApiSpec> = crate::common::accounts::account_apis_for(APP, &ACCOUNTS)
        .into_iter()
        .filter(|a| a.name != "show_account" && a.name != "show_profile")
        .collect();
    all.extend(users::apis());
    all.extend(balance::apis());
    all.extend(transactions::apis());
    all.extend(comments::apis());
    all.extend([
        cards::show_payment_card(APP),
        cards::delete_payment_card(APP),
        cards::update_payment_card(APP),
        cards::show_payment_cards(APP),
        cards::add_payment_card(APP),
    ]);
    all.extend(requests::apis());
    all.extend(crate::common::notifications::notification_apis(
        APP,
        "payment_request_approved",
    ));
    let position = |name: &str| {
        DOCS_ORDER
            .iter()
            .position(|n| *n == name)
            .unwrap_or(DOCS_ORDER.len())
    };
    all.sort_by_key(|a| position(a.name));
    all
}

/// AppWorld's docs order of venmo's APIs.
const DOCS_ORDER: &[&str] = &[
    "show_account",
    "signup",
    "delete_account",
    "update_account_name",
    "login",
    "logout",
    "send_verification_code",
    "verify_account",
    "send_password_reset_code",
    "reset_password",
    "show_profile",
    "search_users",
    "search_friends",
    "add_friend",
    "remove_friend",
    "show_venmo_balance",
    "add_to_venmo_balance",
    "withdraw_from_venmo_balance",
    "show_bank_transfer_history",
    "download_bank_transfer_receipt",
    "show_transaction",
    "update_transaction",
    "show_transactions",
    "create_transaction",
    "download_transaction_receipt",
    "like_transaction",
    "unlike_transaction",
    "show_transaction_comments",
    "create_transaction_comment",
    "show_transaction_comment",
    "delete_transaction_comment",
    "update_transaction_comment",
    "like_transaction_comment",
    "unlike_transaction_comment",
    "show_payment_card",
    "delete_payment_card",
    "update_payment_card",
    "show_payment_cards",
    "add_payment_card",
    "show_received_payment_requests",
    "show_sent_payment_requests",
    "create_payment_request",
    "delete_payment_request",
    "update_payment_request",
    "approve_payment_request",
    "deny_payment_request",
    "remind_payment_request",
    "show_social_feed",
    "show_notifications",
    "delete_notifications",
    "mark_notifications",
    "show_notifications_count",
    "delete_notification",
    "mark_notification",
];
