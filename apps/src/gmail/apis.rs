//! Registrations of gmail's own APIs (the account APIs come from `common::accounts`), in docs
//! order. Handlers: `threads.rs`, `send.rs`, `drafts.rs`, `attachments.rs`.

use super::APP;
use super::{attachments, drafts, send, threads};
use serde_json::json;
use sim::api::{Api, ApiSpec, Handler, P};

/// The sort fields of every gmail list (documented and accepted alike).
const SORT: &[&str] = &["created_at", "updated_at"];

/// gmail's own APIs, in docs order.
pub(super) fn all() -> Vec<ApiSpec> {
    let mut all = thread_apis();
    all.extend(send_apis());
    all.extend(draft_apis());
    all.extend(attachment_apis());
    all
}

/// The user search, then reading and filing threads (`threads.rs`).
fn thread_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "search_users", "/gmail/users")
            .doc("Search gmail's users by name or address (no login needed); without a query, all users in account order.")
            .param(P::str("query").default(json!("")).doc("Text to search for in names and addresses; empty lists all users."))
            .paged()
            .returns(json!([{"first_name": "string", "last_name": "string", "email": "user@example.com", "registered_at": "2019-01-01T00:00:00"}]))
            .handler(crate::common::accounts::search_users),
        thread_list(
            "show_inbox_threads",
            "/gmail/email_threads/category/inbox",
            "List your received threads (not archived, not spam by default), or search them by text, with filters on label, flags, attachments, people and dates.",
            None,
            threads::show_inbox_threads,
        ),
        thread_list(
            "show_outbox_threads",
            "/gmail/email_threads/category/outbox",
            "List the threads you sent e-mails in (not archived, not spam by default), or search them by text, with the same filters as the inbox.",
            None,
            threads::show_outbox_threads,
        ),
        thread_list(
            "show_archived_threads",
            "/gmail/email_threads/category/archived",
            "List your archived threads (spam excluded by default), or search them by text, with the same filters as the inbox.",
            Some("archived"),
            threads::show_archived_threads,
        ),
        thread_list(
            "show_spam_threads",
            "/gmail/email_threads/category/spam",
            "List the threads you marked as spam (archived ones excluded by default), or search them by text, with the same filters as the inbox.",
            Some("spam"),
            threads::show_spam_threads,
        ),
        Api::get(APP, "show_category_sizes", "/gmail/category_sizes")
            .doc("Count your threads in the inbox, outbox, archive and spam, and your drafts with and without a scheduled send time.")
            .auth()
            .returns(json!({"inbox": 1, "outbox": 1, "archived": 1, "spam": 1, "unscheduled_drafts": 1, "scheduled_drafts": 1}))
            .handler(threads::show_category_sizes),
        Api::get(APP, "show_thread", "/gmail/email_threads/{email_thread_id}")
            .doc("Show one of your threads with all its e-mails (sender and recipients by current name) and the drafts that belong to it.")
            .param(P::int("email_thread_id").doc("The id of your thread."))
            .auth()
            .returns(json!({"email_thread_id": 1, "incoming": true, "outgoing": true, "read": true, "label": "string", "starred": true, "archived": true, "spam": true, "created_at": "2019-01-01T00:00:00", "updated_at": "2019-01-01T00:00:00", "emails": [{"email_id": 1, "subject": "string", "sender": {"name": "string", "email": "user@example.com"}, "recipients": [{"name": "string", "email": "user@example.com"}], "body": "string", "attachments": [{"id": 1, "file_name": "string"}], "created_at": "2019-01-01T00:00:00"}], "drafts": [{"draft_id": 1, "response_to_email_id": 1, "subject": "string", "recipients": [{"name": "string", "email": "user@example.com"}], "body": "string", "attachments": [{"id": 1, "file_name": "string"}], "scheduled_send_at": "2019-01-01T00:00:00", "created_at": "2019-01-01T00:00:00", "updated_at": "2019-01-01T00:00:00"}]}))
            .handler(threads::show_thread),
        Api::delete(APP, "delete_thread", "/gmail/email_threads/{email_thread_id}")
            .doc("Delete your copy of a thread; the other people keep theirs.")
            .param(P::int("email_thread_id").doc("The id of your thread."))
            .auth()
            .returns(json!({"message": "string"}))
            .handler(threads::delete_thread),
        Api::get(APP, "show_email", "/gmail/emails/{email_id}")
            .doc("Show one e-mail you sent or received, with its attachments.")
            .param(P::int("email_id").doc("The id of the e-mail."))
            .auth()
            .returns(json!({"email_id": 1, "subject": "string", "body": "string", "response_to_email_id": 1, "created_at": "2019-01-01T00:00:00", "sender": {"name": "string", "email": "user@example.com"}, "recipients": [{"name": "string", "email": "user@example.com"}], "attachments": [{"id": 1, "file_name": "string"}]}))
            .handler(threads::show_email),
        Api::post(APP, "label_thread", "/gmail/email_threads/{email_thread_id}/label")
            .doc("Give one of your threads a label (one label per thread; it replaces the old one).")
            .param(P::int("email_thread_id").doc("The id of your thread."))
            .param(P::str("label").doc("The label to give the thread."))
            .auth()
            .returns(json!({"message": "string"}))
            .handler(threads::label_thread),
        Api::post(APP, "unlabel_thread", "/gmail/email_threads/{email_thread_id}/unlabel")
            .doc("Remove the label of one of your threads.")
            .param(P::int("email_thread_id").doc("The id of your thread."))
            .auth()
            .returns(json!({"message": "string"}))
            .handler(threads::unlabel_thread),
        mark("mark_thread_read", "/gmail/email_threads/{email_thread_id}/read", "Mark one of your threads as read.", threads::mark_thread_read),
        mark("mark_thread_unread", "/gmail/email_threads/{email_thread_id}/unread", "Mark one of your threads as unread.", threads::mark_thread_unread),
        mark("mark_thread_archived", "/gmail/email_threads/{email_thread_id}/archived", "Archive one of your threads.", threads::mark_thread_archived),
        mark("mark_thread_unarchived", "/gmail/email_threads/{email_thread_id}/unarchived", "Move one of your threads out of the archive.", threads::mark_thread_unarchived),
        mark("mark_thread_spam", "/gmail/email_threads/{email_thread_id}/spam", "Mark one of your threads as spam.", threads::mark_thread_spam),
        mark("mark_thread_not_spam", "/gmail/email_threads/{email_thread_id}/not_spam", "Mark one of your threads as not spam.", threads::mark_thread_not_spam),
        mark("mark_thread_starred", "/gmail/email_threads/{email_thread_id}/starred", "Star one of your threads.", threads::mark_thread_starred),
        mark("mark_thread_unstarred", "/gmail/email_threads/{email_thread_id}/unstarred", "Remove the star of one of your threads.", threads::mark_thread_unstarred),
        Api::delete(APP, "delete_email_in_thread", "/gmail/email_threads/{email_thread_id}/emails/{email_id}")
            .doc("Remove one e-mail from your copy of a thread (the e-mail itself stays for the others).")
            .param(P::int("email_thread_id").doc("The id of your thread."))
            .param(P::int("email_id").doc("The id of the e-mail."))
            .auth()
            .returns(json!({"message": "string"}))
            .handler(threads::delete_email_in_thread),
    ]
}

/// Sending, replying and forwarding (`send.rs`).
fn send_apis() -> Vec<ApiSpec> {
    vec![
        Api::post(APP, "send_email", "/gmail/emails")
            .doc("Send a new e-mail, starting a new thread, optionally with files from your file_system account attached.")
            .param(P::str_list("email_addresses").doc("Recipients' e-mail addresses (exact)."))
            .param(P::str("subject").doc("The subject."))
            .param(P::str("body").doc("The text of the e-mail."))
            .auth()
            .param(P::str_list("attachment_file_paths").optional().doc("Paths of files in your file_system account to attach (unique base names)."))
            .param(P::str("file_system_access_token").nullable().doc("An access token of the file_system app (from its login API)."))
            .returns(json!({"message": "string", "sent_email_thread_id": 1, "sent_email_id": 1}))
            .handler(send::send_email),
        Api::post(APP, "reply_to_email", "/gmail/email_threads/{email_thread_id}/emails/{email_id}/reply")
            .doc("Reply to an e-mail of one of your threads: to its sender, or to the addresses you give. The subject is 'Re: ' and the original subject.")
            .param(P::int("email_thread_id").doc("The id of your thread."))
            .param(P::int("email_id").doc("The id of the e-mail."))
            .param(P::str("body").doc("The text of the e-mail."))
            .auth()
            .param(P::str_list("email_addresses").nullable().doc("Recipients' e-mail addresses (exact); default: the sender of the e-mail replied to."))
            .param(P::str_list("attachment_file_paths").optional().doc("Paths of files in your file_system account to attach (unique base names)."))
            .param(P::str("file_system_access_token").nullable().doc("An access token of the file_system app (from its login API)."))
            .returns(json!({"message": "string", "sent_email_id": 1}))
            .handler(send::reply_to_email),
        Api::post(APP, "forward_email_from_thread", "/gmail/email_threads/{email_thread_id}/emails/{email_id}/forward")
            .doc("Forward one e-mail of one of your threads (its header and body; not its attachments) as a new thread, or keep the forward as a draft.")
            .param(P::int("email_thread_id").doc("The id of your thread."))
            .param(P::int("email_id").doc("The id of the e-mail."))
            .param(P::str_list("email_addresses").doc("Recipients' e-mail addresses (exact)."))
            .auth()
            .param(P::bool("draft_not_send").default(json!(false)).doc("Keep the forward as a draft instead of sending it."))
            .returns(json!({"message": "string", "sent_email_thread_id": 1, "sent_email_id": 1, "draft_id": 1}))
            .handler(send::forward_email_from_thread),
        Api::post(APP, "forward_email_thread", "/gmail/email_threads/{email_thread_id}/forward")
            .doc("Forward all e-mails of one of your threads in one e-mail, as a new thread, or keep the forward as a draft.")
            .param(P::int("email_thread_id").doc("The id of your thread."))
            .param(P::str_list("email_addresses").doc("Recipients' e-mail addresses (exact)."))
            .auth()
            .param(P::bool("draft_not_send").default(json!(false)).doc("Keep the forward as a draft instead of sending it."))
            .returns(json!({"message": "string", "sent_email_thread_id": 1, "sent_email_id": 1, "draft_id": 1}))
            .handler(send::forward_email_thread),
    ]
}

/// Drafts (`drafts.rs`).
fn draft_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_drafts", "/gmail/drafts")
            .doc("List your drafts, or search them by text, with filters on recipient, attachments, schedule, thread and creation date.")
            .auth()
            .param(P::str("query").default(json!("")).doc("Text to search for in subjects and bodies; empty lists all drafts."))
            .param(P::str("recipient_email").optional().email().doc("Only drafts to this address."))
            .param(P::bool("attachment").optional().doc("Only items with (true) or without (false) attachments."))
            .param(P::bool("scheduled").optional().doc("Only drafts with (true) or without (false) a scheduled send time."))
            .param(P::int("belongs_to_email_thread_id").nullable().doc("Only drafts replying in this thread of yours."))
            .param(P::int("response_to_email_id").nullable().doc("Only drafts replying to this e-mail."))
            .param(P::str("min_created_at").default(json!("1500-01-01")).format("date (YYYY-MM-DD)").doc("Only drafts created on or after this date (YYYY-MM-DD)."))
            .param(P::str("max_created_at").default(json!("3000-01-01")).format("date (YYYY-MM-DD)").doc("Only drafts created on or before this date (YYYY-MM-DD)."))
            .paged()
            .sort_by(SORT, SORT)
            .returns(json!([{"draft_id": 1, "subject": "string", "body": "string", "belongs_to_email_thread_id": 1, "response_to_email_id": 1, "scheduled_send_at": "2019-01-01T00:00:00", "created_at": "2019-01-01T00:00:00", "updated_at": "2019-01-01T00:00:00", "recipients": [{"name": "string", "email": "user@example.com"}], "attachments": [{"id": 1, "file_name": "string"}]}]))
            .handler(drafts::show_drafts),
        Api::post(APP, "create_draft", "/gmail/drafts")
            .doc("Save a draft: a new e-mail, or a reply when it names the thread and the e-mail it answers; optionally with attachments and a scheduled send time.")
            .param(P::str_list("recipient_email_addresses").doc("Recipients' e-mail addresses (exact); may be empty."))
            .param(P::str("body").doc("The text of the e-mail."))
            .auth()
            .param(P::str("subject").nullable().doc("The subject."))
            .param(P::int("belongs_to_email_thread_id").nullable().doc("The id of your thread the draft replies in."))
            .param(P::int("response_to_email_id").nullable().doc("The id of the e-mail the draft replies to."))
            .param(P::str_list("attachment_file_paths").optional().doc("Paths of files in your file_system account to attach (unique base names)."))
            .param(P::str("scheduled_send_at").nullable().format("datetime (YYYY-MM-DD|HH:MM:SS)").doc("When to send it, YYYY-MM-DD|HH:MM:SS (now or later)."))
            .param(P::str("file_system_access_token").nullable().doc("An access token of the file_system app (from its login API)."))
            .returns(json!({"message": "string", "draft_id": 1}))
            .handler(drafts::create_draft),
        Api::get(APP, "show_draft", "/gmail/drafts/{draft_id}")
            .doc("Show one of your drafts.")
            .param(P::int("draft_id").doc("The id of your draft."))
            .auth()
            .returns(json!({"draft_id": 1, "subject": "string", "body": "string", "belongs_to_email_thread_id": 1, "response_to_email_id": 1, "scheduled_send_at": "2019-01-01T00:00:00", "created_at": "2019-01-01T00:00:00", "updated_at": "2019-01-01T00:00:00", "recipients": [{"name": "string", "email": "user@example.com"}], "attachments": [{"id": 1, "file_name": "string"}]}))
            .handler(drafts::show_draft),
        Api::delete(APP, "delete_draft", "/gmail/drafts/{draft_id}")
            .doc("Delete one of your drafts and its attachments.")
            .param(P::int("draft_id").doc("The id of your draft."))
            .auth()
            .returns(json!({"message": "string"}))
            .handler(drafts::delete_draft),
        Api::patch(APP, "update_draft", "/gmail/drafts/{draft_id}")
            .doc("Change a draft's recipients, subject, body, thread and e-mail, or schedule; fields left out stay as they are.")
            .param(P::int("draft_id").doc("The id of your draft."))
            .auth()
            .param(P::str_list("email_addresses").optional().doc("New recipients' e-mail addresses (exact); an empty list removes all."))
            .param(P::str("subject").nullable().doc("The subject."))
            .param(P::str("body").nullable().doc("The text of the e-mail."))
            .param(P::int("belongs_to_email_thread_id").nullable().doc("The id of your thread the draft replies in."))
            .param(P::int("response_to_email_id").nullable().doc("The id of the e-mail the draft replies to."))
            .param(P::str("scheduled_send_at").nullable().format("datetime (YYYY-MM-DD|HH:MM:SS)").doc("When to send it, YYYY-MM-DD|HH:MM:SS (now or later)."))
            .returns(json!({"message": "string"}))
            .handler(drafts::update_draft),
        Api::post(APP, "send_email_from_draft", "/gmail/drafts/{draft_id}/send")
            .doc("Send one of your drafts now (as a reply in its thread when it has one) and delete the draft.")
            .param(P::int("draft_id").doc("The id of your draft."))
            .auth()
            .param(P::str("file_system_access_token").nullable().doc("An access token of the file_system app (from its login API)."))
            .returns(json!({"message": "string", "sent_email_thread_id": 1, "sent_email_id": 1}))
            .handler(drafts::send_email_from_draft),
    ]
}

/// Attachments: downloads, and a draft's uploads and removals (`attachments.rs`).
fn attachment_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "download_attachment", "/gmail/attachments/{attachment_id}")
            .doc("Save an attachment of an e-mail you sent or received, or of your draft, as a file in a file_system account.")
            .writes()
            .param(P::int("attachment_id").doc("The id of the attachment."))
            .param(P::str("file_system_access_token").doc("An access token of the file_system app (from its login API)."))
            .auth()
            .param(P::str("download_to_file_path").nullable().doc("Where to save the file; default ~/downloads/<file name>."))
            .param(P::bool("overwrite").default(json!(false)).doc("Replace an existing file or attachment of the same name."))
            .returns(json!({"message": "string", "file_path": "string"}))
            .handler(attachments::download_attachment),
        Api::post(APP, "upload_attachments_to_draft", "/gmail/drafts/{draft_id}/attachments")
            .doc("Attach files from your file_system account to one of your drafts.")
            .param(P::int("draft_id").doc("The id of your draft."))
            .param(P::str_list("attachment_file_paths").doc("Paths of files in your file_system account to attach (unique base names)."))
            .param(P::str("file_system_access_token").doc("An access token of the file_system app (from its login API)."))
            .auth()
            .param(P::bool("overwrite").default(json!(false)).doc("Replace an existing file or attachment of the same name."))
            .returns(json!({"message": "string", "attachment_ids": [1]}))
            .handler(attachments::upload_attachments_to_draft),
        Api::delete(APP, "remove_attachment_from_draft", "/gmail/drafts/{draft_id}/attachments/{attachment_id}")
            .doc("Remove one attachment from one of your drafts.")
            .param(P::int("draft_id").doc("The id of your draft."))
            .param(P::int("attachment_id").doc("The id of the attachment."))
            .auth()
            .returns(json!({"message": "string"}))
            .handler(attachments::remove_attachment_from_draft),
    ]
}

/// One of the four thread listings. `fixed` names the flag the category sets itself (the
/// archive's `archived`, the spam list's `spam`), which is then not a parameter.
fn thread_list(
    name: &'static str,
    path: &'static str,
    doc: &'static str,
    fixed: Option<&str>,
    handler: Handler,
) -> ApiSpec {
    let mut api = Api::get(APP, name, path)
        .doc(doc)
        .auth()
        .param(P::str("query").default(json!("")).doc("Text to search for in the threads' people, subjects and bodies; empty lists everything."))
        .param(P::str("label").optional().doc("Only threads with this label (case and surrounding spaces ignored)."))
        .param(P::bool("starred").optional().doc("Only starred (true) or unstarred (false) threads."));
    if fixed != Some("archived") {
        api = api.param(
            P::bool("archived")
                .default(json!(false))
                .doc("Only archived (true) or not archived (false) threads."),
        );
    }
    if fixed != Some("spam") {
        api = api.param(
            P::bool("spam")
                .default(json!(false))
                .doc("Only spam (true) or not spam (false) threads."),
        );
    }
    api.param(P::bool("read").optional().doc("Only read (true) or unread (false) threads."))
        .param(P::bool("attachment").optional().doc("Only threads with (true) or without (false) attachments."))
        .param(P::str("from_email").optional().email().doc("Only threads with an e-mail from this address (case ignored)."))
        .param(P::str("to_email").optional().email().doc("Only threads with an e-mail to this address (case ignored)."))
        .param(P::str("min_created_at").default(json!("1500-01-01")).doc("Only threads started on or after this date (YYYY-MM-DD)."))
        .param(P::str("max_created_at").default(json!("3000-01-01")).doc("Only threads started on or before this date (YYYY-MM-DD)."))
        .paged()
        .sort_by(SORT, SORT)
        .returns(json!([{"email_thread_id": 1, "email_ids": [1], "draft_ids": [1], "incoming": true, "outgoing": true, "read": true, "label": "string", "starred": true, "archived": true, "spam": true, "created_at": "2019-01-01T00:00:00", "updated_at": "2019-01-01T00:00:00", "subject": "string", "participants": [{"name": "string", "email": "user@example.com"}]}]))
        .handler(handler)
}

/// One of the eight flag APIs (read, unread, archived, ...).
fn mark(name: &'static str, path: &'static str, doc: &'static str, handler: Handler) -> ApiSpec {
    Api::post(APP, name, path)
        .doc(doc)
        .param(P::int("email_thread_id").doc("The id of your thread."))
        .auth()
        .returns(json!({"message": "string"}))
        .handler(handler)
}
