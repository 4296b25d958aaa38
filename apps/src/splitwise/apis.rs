//! The registrations of the splitwise app's own APIs, in docs order (the account APIs come from
//! `common::accounts`). Handlers live in the topic files; the ones expenses and payments share
//! (`records.rs`) are bound to each kind here.

use super::APP;
use super::activity::{self, show_activity};
use super::balances::{
    search_users, settle_up, show_group_balance, show_groups_balance, show_people_balance,
    show_person_balance,
};
use super::expenses::{record_expense, update_expense};
use super::groups::{
    accept_group_invitation, add_member_to_group, create_group, delete_group, exit_group,
    regenerate_invitation_code, remove_member_from_group, show_group, show_groups, undelete_group,
    update_group,
};
use super::payments::{record_payment, update_payment};
use super::records::{self, EXPENSE_SORTS, PAYMENT_SORTS};
use super::store::{EXPENSE, PAYMENT};
use serde_json::{Value, json};
use sim::api::params::{Constraints, SortFields};
use sim::api::{Api, ApiError, ApiSpec, Args, Ctx, P};

fn person_example() -> Value {
    json!({"name": "string", "email": "user@example.com"})
}

fn group_example() -> Value {
    json!({"group_id": 1, "name": "string", "description": "string", "created_at": "2019-01-01T00:00:00", "deleted": true, "creator": person_example(), "members": [person_example()], "invitation_code": "string"})
}

fn expense_example() -> Value {
    json!({"expense_id": 1, "group_id": 1, "description": "string", "deleted": true, "receipt_file_name": "string", "created_at": "2019-01-01T00:00:00", "shares": [{"debtor": person_example(), "debt_amount": 0.0}], "creator": person_example(), "payer": person_example(), "paid_amount": 0.0})
}

fn payment_example() -> Value {
    json!({"payment_id": 1, "group_id": 1, "description": "string", "deleted": true, "receipt_file_name": "string", "created_at": "2019-01-01T00:00:00", "creator": person_example(), "payer": person_example(), "receiver": person_example(), "paid_amount": 0.0})
}

fn comment_example(id_key: &str, key: &str) -> Value {
    let mut m = serde_json::Map::new();
    m.insert(id_key.into(), json!(1));
    m.insert(key.into(), json!(1));
    m.insert("comment".into(), json!("string"));
    m.insert("created_at".into(), json!("2019-01-01T00:00:00"));
    m.insert("user".into(), person_example());
    Value::Object(m)
}

fn message() -> Value {
    json!({"message": "string"})
}

fn message_with(key: &str, example: Value) -> Value {
    let mut m = serde_json::Map::new();
    m.insert("message".into(), json!("string"));
    m.insert(key.into(), example);
    Value::Object(m)
}

fn group_id() -> P {
    P::int("group_id").doc("The group's id.")
}

fn expense_id() -> P {
    P::int("expense_id").doc("The expense's id.")
}

fn payment_id() -> P {
    P::int("payment_id").doc("The payment's id.")
}

fn comment_id() -> P {
    P::int("comment_id").doc("The comment's id.")
}

/// `sort_by` with its documented and accepted fields and a default.
fn sort_by(documented: &[&'static str], accepted: &[&'static str], default: Value) -> P {
    let mut p = P::str("sort_by").doc(
        "Field to order results by, prefixed with + (ascending) or - (descending); empty for no explicit order.",
    );
    if default.is_null() {
        p = p.nullable();
    } else {
        p = p.default(default);
    }
    p.0.sort_fields = Some(SortFields {
        documented: documented.to_vec(),
        accepted: accepted.to_vec(),
    });
    p
}

/// The filters of the expense and payment lists, then paging and `sort_by`.
fn list(api: Api, documented: &[&'static str], accepted: &[&'static str]) -> Api {
    let ge0 = |p: P| {
        p.constraints(Constraints {
            ge: Some(0.0),
            ..Default::default()
        })
    };
    api.param(P::str("query").default(json!("")).doc(
        "Words to look for in descriptions and the people's names and e-mails; matches come first.",
    ))
    .param(
        P::str("participant_email")
            .email()
            .nullable()
            .doc("Only records involving this user (for expenses: paid by this user)."),
    )
    .param(ge0(P::float("min_amount").default(json!(0))).doc("Only amounts of at least this much."))
    .param(
        ge0(P::float("max_amount").default(json!(i64::MAX)))
            .doc("Only amounts of at most this much."),
    )
    .param(
        P::str("min_created_at")
            .default(json!("1500-01-01"))
            .doc("Only records created on or after this date (YYYY-MM-DD)."),
    )
    .param(
        P::str("max_created_at")
            .default(json!("3000-01-01"))
            .doc("Only records created on or before this date (YYYY-MM-DD)."),
    )
    .param(
        P::bool("deleted")
            .default(json!(false))
            .doc("List deleted records instead of current ones."),
    )
    .paged()
    .param(sort_by(documented, accepted, Value::Null))
}

fn receipt_path() -> P {
    P::str("receipt_file_path").doc(
        "Path of the receipt file in your file system account (pdf, png, jpg, jpeg, txt or csv).",
    )
}

fn fs_token() -> P {
    P::str("file_system_access_token").doc("Your access token of the file_system app.")
}

pub(super) fn all() -> Vec<ApiSpec> {
    let mut apis = people_and_group_apis();
    apis.extend(expense_apis());
    apis.extend(expense_comment_apis());
    apis.extend(payment_apis());
    apis.extend(balance_apis());
    apis.extend(payment_comment_apis());
    apis.extend(crate::common::notifications::notification_apis(
        APP,
        "expense_added",
    ));
    apis
}

/// The user search, the activity feed and the group APIs.
fn people_and_group_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "search_users", "/splitwise/users")
            .doc("Search the other users by name or e-mail; each comes with your balance with them. Without a query the largest balances come first.")
            .auth()
            .param(P::str("query").default(json!("")).doc("Words to look for in names and e-mails; empty lists everyone."))
            .paged()
            .returns(json!([{"name": "string", "email": "user@example.com", "direction": "you_owe_them", "amount": 0.0}]))
            .handler(search_users),
        Api::get(APP, "show_activity", "/splitwise/account/activity")
            .doc("Your activity: the expenses you owe a share of or paid, and the payments you made or received (deleted ones left out), newest first.")
            .auth()
            .param(P::bool("show_expenses").default(json!(true)).doc("Include expenses."))
            .param(P::bool("show_payments").default(json!(true)).doc("Include payments."))
            .paged()
            .param(sort_by(activity::SORTS, activity::SORTS, json!("-created_at")))
            .returns(json!([{"record_type": "expense", "amount": 0.0, "paid_by": person_example(), "owed_by": [{"name": "string", "email": "user@example.com", "amount": 0.0}], "description": "string", "group_id": 1, "group_name": "string", "created_at": "2019-01-01T00:00:00"}]))
            .handler(show_activity),
        Api::get(APP, "show_groups", "/splitwise/groups")
            .doc("List the groups you are a member of, newest first.")
            .auth()
            .param(P::bool("delete").default(json!(false)).doc("List your deleted groups instead of the current ones."))
            .param(P::int("page_index").default(json!(0)).ge(0.0).doc("The index of the page to return, starting at 0."))
            .param(P::int("page_limit").default(json!(5)).ge(1.0).le(9223372036854775807.0).doc("The maximum number of results per page."))
            .returns(json!([group_example()]))
            .handler(show_groups),
        Api::post(APP, "create_group", "/splitwise/groups")
            .doc("Create a group with you and the given users as members; they are notified.")
            .param(P::str("name").min_len(1).doc("The group's name (unique among the groups you created)."))
            .param(P::str_list("member_emails").doc("E-mail addresses of the other members (you are always a member)."))
            .auth()
            .param(P::str("description").nullable().doc("What the group is for."))
            .returns(json!({"message": "string", "group_id": 1}))
            .handler(create_group),
        Api::get(APP, "show_group", "/splitwise/groups/{group_id}")
            .doc("Show a group you are a member of, with its members and invitation code.")
            .param(group_id())
            .auth()
            .returns(group_example())
            .handler(show_group),
        Api::delete(APP, "delete_group", "/splitwise/groups/{group_id}")
            .doc("Mark a group you are in as deleted, with all its expenses and payments.")
            .param(group_id())
            .auth()
            .returns(message())
            .handler(delete_group),
        Api::patch(APP, "update_group", "/splitwise/groups/{group_id}")
            .doc("Change the name or description of a group you are in (not a deleted one).")
            .param(group_id())
            .auth()
            .param(P::str("name").min_len(1).nullable().doc("The new name; leave out to keep it."))
            .param(P::str("description").nullable().doc("The new description; leave out to keep it."))
            .returns(message())
            .handler(update_group),
        Api::patch(APP, "undelete_group", "/splitwise/groups/{group_id}/undelete")
            .doc("Restore a deleted group you are in, with all its expenses and payments.")
            .param(group_id())
            .auth()
            .returns(message())
            .handler(undelete_group),
        Api::post(APP, "add_member_to_group", "/splitwise/groups/{group_id}/members")
            .doc("Add a user to a group you are in.")
            .param(group_id())
            .param(P::str("user_email").email().doc("The e-mail address of the user to add."))
            .auth()
            .returns(message())
            .handler(add_member_to_group),
        Api::delete(APP, "remove_member_from_group", "/splitwise/groups/{group_id}/members/{user_email}")
            .doc("Remove a member from a group you are in.")
            .param(group_id())
            .param(P::str("user_email").email().doc("The e-mail address of the member to remove."))
            .auth()
            .returns(message())
            .handler(remove_member_from_group),
        Api::post(APP, "exit_group", "/splitwise/groups/{group_id}/members/exit")
            .doc("Leave a group.")
            .param(group_id())
            .auth()
            .returns(message())
            .handler(exit_group),
        Api::patch(APP, "regenerate_invitation_code", "/splitwise/group_invitation/{group_id}/regenerate")
            .doc("Replace a group's invitation code with a new one (the old one stops working).")
            .param(group_id())
            .auth()
            .returns(json!({"message": "string", "invitation_code": "string"}))
            .handler(regenerate_invitation_code),
        Api::post(APP, "accept_group_invitation", "/splitwise/group_invitation/{invitation_code}/accept")
            .doc("Join a group with its invitation code.")
            .param(P::str("invitation_code").doc("The group's invitation code."))
            .auth()
            .returns(message())
            .handler(accept_group_invitation),
    ]
}

/// The expense APIs, their receipts and comments.
fn expense_apis() -> Vec<ApiSpec> {
    vec![
        Api::post(APP, "record_expense", "/splitwise/expenses")
            .doc("Record an expense someone paid and who owes what of it (an equal split unless amounts are given). Outside a group you must be the payer or a debtor; in a group the debtors must be members.")
            .param(P::str("description").doc("What the expense was for."))
            .param(P::float("paid_amount").doc("The amount paid."))
            .param(P::str("payer_email").email().doc("The e-mail address of who paid."))
            .param(P::str_list("debtor_emails").doc("The e-mail addresses of who owes a share."))
            .auth()
            .param(P::float_list("debt_amounts").nullable().doc("Each debtor's share, in the order of debtor_emails; they must add up to the amount. Leave out for an equal split."))
            .param(P::int("group_id").nullable().doc("The group the expense belongs to; leave out for none."))
            .param(P::str("receipt_file_path").nullable().doc("Path of a receipt file in your file system account to attach."))
            .param(P::str("file_system_access_token").nullable().doc("Your access token of the file_system app (needed to attach a receipt)."))
            .returns(json!({"message": "string", "expense_id": 1}))
            .handler(record_expense),
        Api::get(APP, "download_expense_receipt_file", "/splitwise/expenses/{expense_id}/file")
            .writes()
            .doc("Save the receipt file of an expense into your file system account.")
            .param(expense_id())
            .auth()
            .param(P::str("download_to_file_path").nullable().doc("Where to save it; default ~/downloads/<file name>."))
            .param(P::bool("overwrite").default(json!(false)).doc("Replace a file already at that path."))
            .param(fs_token().optional())
            .returns(json!({"message": "string", "file_path": "string"}))
            .handler(download_expense_receipt_file),
        Api::post(APP, "attach_expense_receipt_file", "/splitwise/expenses/{expense_id}/file")
            .doc("Attach a receipt file from your file system account to an expense.")
            .param(expense_id())
            .param(receipt_path())
            .param(fs_token())
            .auth()
            .param(P::bool("overwrite").default(json!(false)).doc("Replace a receipt already attached."))
            .returns(message())
            .handler(attach_expense_receipt_file),
        Api::delete(APP, "delete_expense_receipt_file", "/splitwise/expenses/{expense_id}/file")
            .doc("Remove the receipt file of an expense.")
            .param(expense_id())
            .auth()
            .returns(message())
            .handler(delete_expense_receipt_file),
        Api::get(APP, "show_expense", "/splitwise/expenses/{expense_id}")
            .doc("Show an expense you created, paid or owe a share of, or of a group you are in.")
            .param(expense_id())
            .auth()
            .returns(expense_example())
            .handler(show_expense),
        Api::delete(APP, "delete_expense", "/splitwise/expenses/{expense_id}")
            .doc("Mark an expense as deleted.")
            .param(expense_id())
            .auth()
            .returns(message())
            .handler(delete_expense),
        Api::patch(APP, "update_expense", "/splitwise/expenses/{expense_id}")
            .doc("Change an expense's description, amount, payer or debtors (and their shares). Debtors given without amounts split the amount equally.")
            .param(expense_id())
            .auth()
            .param(P::str("description").nullable().doc("The new description; leave out to keep it."))
            .param(P::float("paid_amount").nullable().doc("The new amount; leave out to keep it (the shares stay as they are)."))
            .param(P::str("payer_email").email().nullable().doc("The e-mail address of the new payer; leave out to keep it."))
            .param(P::str_list("debtor_emails").nullable().doc("The new debtors; leave out to keep them."))
            .param(P::float_list("debt_amounts").nullable().doc("The new debtors' shares, in order; needs debtor_emails."))
            .returns(message())
            .handler(update_expense),
        list(
            Api::get(APP, "show_group_expenses", "/splitwise/group/{group_id}/expenses")
                .doc("List or search your expenses (paid or owed) in a group, with filters. With a query, matches come first and sort_by orders each page.")
                .param(group_id())
                .auth(),
            EXPENSE_SORTS,
            EXPENSE_SORTS,
        )
        .returns(json!([expense_example()]))
        .handler(show_group_expenses),
        list(
            Api::get(APP, "show_no_group_expenses", "/splitwise/no_group/expenses")
                .doc("List or search your expenses (paid or owed) outside groups, with filters. With a query, matches come first and sort_by orders each page.")
                .auth(),
            &["created_at"],
            EXPENSE_SORTS,
        )
        .returns(json!([expense_example()]))
        .handler(show_no_group_expenses),
        Api::patch(APP, "undelete_expense", "/splitwise/expenses/{expense_id}/undelete")
            .doc("Restore a deleted expense.")
            .param(expense_id())
            .auth()
            .returns(message())
            .handler(undelete_expense),
    ]
}

/// The expense comment APIs.
fn expense_comment_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(
            APP,
            "show_expense_comments",
            "/splitwise/expenses/{expense_id}/comments",
        )
        .doc("List the comments on an expense, oldest first.")
        .param(expense_id())
        .auth()
        .paged()
        .returns(json!([comment_example("expense_comment_id", "expense_id")]))
        .handler(show_expense_comments),
        Api::post(
            APP,
            "post_expense_comment",
            "/splitwise/expenses/{expense_id}/comments",
        )
        .doc("Comment on an expense.")
        .param(expense_id())
        .param(
            P::str("comment")
                .constraints(Constraints {
                    min_length: Some(1),
                    max_length: Some(1000),
                    ..Default::default()
                })
                .doc("The comment's text (1 to 1000 characters)."),
        )
        .auth()
        .returns(message_with("expense_comment_id", json!(1)))
        .handler(post_expense_comment),
        Api::get(
            APP,
            "show_expense_comment",
            "/splitwise/expense_comments/{comment_id}",
        )
        .doc("Show one comment on an expense.")
        .param(comment_id())
        .auth()
        .returns(comment_example("expense_comment_id", "expense_id"))
        .handler(show_expense_comment),
        Api::delete(
            APP,
            "delete_expense_comment",
            "/splitwise/expense_comments/{comment_id}",
        )
        .doc("Delete one of your comments on an expense.")
        .param(comment_id())
        .auth()
        .returns(message())
        .handler(delete_expense_comment),
        Api::patch(
            APP,
            "update_expense_comment",
            "/splitwise/expense_comments/{comment_id}",
        )
        .doc("Change the text of one of your comments on an expense.")
        .param(comment_id())
        .param(P::str("comment").min_len(1).doc("The new text."))
        .auth()
        .returns(message())
        .handler(update_expense_comment),
    ]
}

/// The payment APIs and their receipts.
fn payment_apis() -> Vec<ApiSpec> {
    vec![
        Api::post(APP, "record_payment", "/splitwise/payments")
            .doc("Record a payment from one person to another. Outside a group you must be the payer or the receiver; in a group all three of you must be members.")
            .param(P::str("payer_email").email().doc("The e-mail address of who paid."))
            .param(P::str("receiver_email").email().doc("The e-mail address of who received it."))
            .param(P::float("amount").doc("The amount paid."))
            .auth()
            .param(P::int("group_id").nullable().doc("The group the payment belongs to; leave out for none."))
            .param(P::str("description").nullable().doc("What the payment was for."))
            .param(P::str("receipt_file_path").nullable().doc("Path of a receipt file in your file system account to attach."))
            .param(P::str("file_system_access_token").nullable().doc("Your access token of the file_system app (needed to attach a receipt)."))
            .returns(json!({"message": "string", "payment_id": 1}))
            .handler(record_payment),
        Api::get(APP, "download_payment_receipt_file", "/splitwise/payments/{payment_id}/file")
            .writes()
            .doc("Save the receipt file of a payment into your file system account.")
            .param(payment_id())
            .param(fs_token())
            .auth()
            .param(P::str("download_to_file_path").nullable().doc("Where to save it; default ~/downloads/<file name>."))
            .param(P::bool("overwrite").default(json!(false)).doc("Replace a file already at that path."))
            .returns(json!({"message": "string", "file_path": "string"}))
            .handler(download_payment_receipt_file),
        Api::post(APP, "attach_payment_receipt_file", "/splitwise/payments/{payment_id}/file")
            .doc("Attach a receipt file from your file system account to a payment.")
            .param(payment_id())
            .param(receipt_path())
            .param(fs_token())
            .auth()
            .param(P::bool("overwrite").default(json!(false)).doc("Replace a receipt already attached."))
            .returns(message())
            .handler(attach_payment_receipt_file),
        Api::delete(APP, "delete_payment_receipt_file", "/splitwise/payments/{payment_id}/file")
            .doc("Remove the receipt file of a payment.")
            .param(payment_id())
            .auth()
            .returns(message())
            .handler(delete_payment_receipt_file),
        Api::get(APP, "show_payment", "/splitwise/payments/{payment_id}")
            .doc("Show a payment you made or received, or of a group you are in.")
            .param(payment_id())
            .auth()
            .returns(payment_example())
            .handler(show_payment),
        Api::delete(APP, "delete_payment", "/splitwise/payments/{payment_id}")
            .doc("Mark a payment as deleted.")
            .param(payment_id())
            .auth()
            .returns(message())
            .handler(delete_payment),
        Api::patch(APP, "update_payment", "/splitwise/payments/{payment_id}")
            .doc("Change a payment's amount or description.")
            .param(payment_id())
            .auth()
            .param(P::float("amount").nullable().doc("The new amount; leave out to keep it."))
            .param(P::str("description").nullable().doc("The new description; leave out to keep it."))
            .returns(message())
            .handler(update_payment),
        list(
            Api::get(APP, "show_group_payments", "/splitwise/group/{group_id}/payments")
                .doc("List or search the payments of a group you are in, with filters. With a query, matches come first and sort_by orders each page.")
                .param(group_id())
                .auth(),
            EXPENSE_SORTS,
            PAYMENT_SORTS,
        )
        .returns(json!([payment_example()]))
        .handler(show_group_payments),
        list(
            Api::get(APP, "show_no_group_payments", "/splitwise/no_group/payments")
                .doc("List or search the payments you made or received outside groups, with filters. With a query, matches come first and sort_by orders each page.")
                .auth(),
            EXPENSE_SORTS,
            PAYMENT_SORTS,
        )
        .returns(json!([payment_example()]))
        .handler(show_no_group_payments),
        Api::patch(APP, "undelete_payment", "/splitwise/payments/{payment_id}/undelete")
            .doc("Restore a deleted payment.")
            .param(payment_id())
            .auth()
            .returns(message())
            .handler(undelete_payment),
    ]
}

/// The balance APIs and settling up.
fn balance_apis() -> Vec<ApiSpec> {
    vec![
        Api::post(APP, "show_person_balance", "/splitwise/balance/person/")
            .doc("Your balance with one person: in total, and per group and outside groups.")
            .param(P::str("email").email().doc("The person's e-mail address."))
            .auth()
            .returns(json!({"direction": "you_owe_them", "total": 0.0, "breakdown": [{"group_id": 1, "group_name": "string", "direction": "you_owe_them", "amount": 0.0}]}))
            .handler(show_person_balance),
        Api::post(APP, "show_people_balance", "/splitwise/balance/people")
            .doc("Your balance with everyone: what you owe, what you are owed, and per person.")
            .auth()
            .returns(json!({"you_owe_others": 0.0, "others_owe_you": 0.0, "breakdown": [{"email": "user@example.com", "name": "string", "direction": "you_owe_them", "amount": 0.0}]}))
            .handler(show_people_balance),
        Api::get(APP, "show_group_balance", "/splitwise/balance/group")
            .doc("Who owes whom in a group you are in (each member, or one), or your own balances outside groups when no group is given.")
            .auth()
            .param(P::int("group_id").nullable().doc("The group; leave out for the entries outside groups."))
            .param(P::str("email").email().nullable().doc("Only this member's balances (outside groups: only your own e-mail)."))
            .returns(json!([{"source": person_example(), "source_owes_to_targets": {"total": 0.0, "breakdown": [{"email": "user@example.com", "name": "string", "amount": 0.0}]}, "targets_owe_to_source": {"total": 0.0, "breakdown": [{"email": "user@example.com", "name": "string", "amount": 0.0}]}}]))
            .handler(show_group_balance),
        Api::get(APP, "show_groups_balance", "/splitwise/balance/groups")
            .doc("Your balances per group (and outside groups): what you owe and what you are owed.")
            .auth()
            .returns(json!({"you_owe_others": 0.0, "others_owe_you": 0.0, "breakdown": [{"group_id": 1, "group_name": "string", "you_owe_others": 0.0, "others_owe_you": 0.0}]}))
            .handler(show_groups_balance),
        Api::post(APP, "settle_up", "/splitwise/settle_up")
            .doc("Settle your balance with a person (in a group, or outside groups) by recording the payment that clears it.")
            .param(P::str("email").email().doc("The e-mail address of the person to settle with."))
            .auth()
            .param(P::int("group_id").nullable().doc("The group to settle in; leave out for the entries outside groups."))
            .param(P::str("description").default(json!("Settle up balance.")).doc("The payment's description (used when they owe you)."))
            .returns(message())
            .handler(settle_up),
    ]
}

/// The payment comment APIs.
fn payment_comment_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(
            APP,
            "show_payment_comments",
            "/splitwise/payments/{payment_id}/comments",
        )
        .doc("List the comments on a payment, oldest first.")
        .param(payment_id())
        .auth()
        .returns(json!([comment_example("payment_comment_id", "payment_id")]))
        .handler(show_payment_comments),
        Api::post(
            APP,
            "post_payment_comment",
            "/splitwise/payments/{payment_id}/comments",
        )
        .doc("Comment on a payment.")
        .param(payment_id())
        .param(P::str("comment").doc("The comment's text."))
        .auth()
        .returns(message_with("payment_comment_id", json!(1)))
        .handler(post_payment_comment),
        Api::get(
            APP,
            "show_payment_comment",
            "/splitwise/payment_comments/{comment_id}",
        )
        .doc("Show one comment on a payment.")
        .param(comment_id())
        .auth()
        .returns(comment_example("payment_comment_id", "payment_id"))
        .handler(show_payment_comment),
        Api::delete(
            APP,
            "delete_payment_comment",
            "/splitwise/payment_comments/{comment_id}",
        )
        .doc("Delete one of your comments on a payment.")
        .param(comment_id())
        .auth()
        .returns(message())
        .handler(delete_payment_comment),
        Api::patch(
            APP,
            "update_payment_comment",
            "/splitwise/payment_comments/{comment_id}",
        )
        .doc("Change the text of one of your comments on a payment.")
        .param(comment_id())
        .param(P::str("comment").min_len(1).doc("The new text."))
        .auth()
        .returns(message())
        .handler(update_payment_comment),
    ]
}

// The handlers expenses and payments share, bound to each kind.

fn show_group_expenses(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::list_expenses(ctx, a, Some(a.int("group_id")))
}

fn show_no_group_expenses(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::list_expenses(ctx, a, None)
}

fn show_group_payments(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::list_payments(ctx, a, Some(a.int("group_id")))
}

fn show_no_group_payments(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::list_payments(ctx, a, None)
}

fn show_expense(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::show(ctx, a, &EXPENSE)
}

fn show_payment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::show(ctx, a, &PAYMENT)
}

fn delete_expense(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::set_deleted(ctx, a, &EXPENSE, true)
}

fn undelete_expense(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::set_deleted(ctx, a, &EXPENSE, false)
}

fn delete_payment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::set_deleted(ctx, a, &PAYMENT, true)
}

fn undelete_payment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::set_deleted(ctx, a, &PAYMENT, false)
}

fn attach_expense_receipt_file(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::attach_receipt(ctx, a, &EXPENSE)
}

fn attach_payment_receipt_file(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::attach_receipt(ctx, a, &PAYMENT)
}

fn delete_expense_receipt_file(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::delete_receipt(ctx, a, &EXPENSE)
}

fn delete_payment_receipt_file(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::delete_receipt(ctx, a, &PAYMENT)
}

fn download_expense_receipt_file(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::download_receipt(ctx, a, &EXPENSE)
}

fn download_payment_receipt_file(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::download_receipt(ctx, a, &PAYMENT)
}

fn show_expense_comments(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::show_comments(ctx, a, &EXPENSE, true)
}

fn show_payment_comments(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::show_comments(ctx, a, &PAYMENT, false)
}

fn post_expense_comment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::post_comment(ctx, a, &EXPENSE)
}

fn post_payment_comment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::post_comment(ctx, a, &PAYMENT)
}

fn show_expense_comment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::show_comment(ctx, a, &EXPENSE)
}

fn show_payment_comment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::show_comment(ctx, a, &PAYMENT)
}

fn update_expense_comment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::update_comment(ctx, a, &EXPENSE)
}

fn update_payment_comment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::update_comment(ctx, a, &PAYMENT)
}

fn delete_expense_comment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::delete_comment(ctx, a, &EXPENSE)
}

fn delete_payment_comment(ctx: &mut Ctx, a: &Args) -> Result<Value, ApiError> {
    records::delete_comment(ctx, a, &PAYMENT)
}
