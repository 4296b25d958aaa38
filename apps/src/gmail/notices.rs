//! Gmail as the courier of companies' e-mails (`sim::api::Couriers::email`): a notice from the
//! sending app's company arrives as a normal e-mail from its notifier account, delivered by
//! gmail's own send path, files attached through file_system.

use super::store;
use crate::common::accounts::Users;
use crate::common::files::FsUser;
use sim::api::{ApiError, Ctx, Notice};

/// Does `email` have a Gmail mailbox?
pub fn has_mailbox(ctx: &Ctx, email: &str) -> Result<bool, ApiError> {
    Ok(store::person_by_email(ctx.db, email)?.is_some())
}

/// Delivers `notice` from the company of `ctx`'s app: a new thread, unread in the recipient's
/// inbox; 422 when the recipient has no Gmail account. As in AppWorld, each file is first saved
/// in the company's own file_system account as `/tmp/<file name>` (replacing an older one), then
/// attached; the thread copies are marked as having attachments.
pub fn deliver(ctx: &Ctx, notice: &Notice) -> Result<(), ApiError> {
    let db = ctx.db;
    let to = notice.to;
    let Some(recipient) = store::person_by_email(db, to)? else {
        return Err(ApiError::unprocessable(format!(
            "The email account for {to} does not exist."
        )));
    };
    let from = crate::app::notifier(ctx.registry, ctx.app)?.email;
    let Some(sender) = store::person_by_email(db, from)? else {
        return Err(ApiError::internal(format!(
            "the notifier mailbox {from} is missing from the world"
        )));
    };
    // The company's file_system account, if it has one.
    let fs_owner = match Users::id_by_login(db, "file_system", "email", from)? {
        Some(id) => Some(FsUser::load(db, id)?),
        None => None,
    };
    if !notice.files.is_empty() {
        // AppWorld's company logs into its file_system account to store the files: one token
        // drawn from the random stream per e-mail with files.
        ctx.rng(|r| r.randrange(600, 1800))?;
    }
    let mut attached = Vec::new();
    for (name, content) in notice.files {
        if let Some(owner) = &fs_owner {
            let path = format!("/tmp/{name}");
            crate::common::files::write_file(db, owner, &path, content, "[]", true, ctx.now)?;
        }
        attached.push(store::NewFile {
            file_name: name.to_string(),
            content: content.to_string(),
            compressed_data: "[]".into(),
        });
    }
    store::deliver(
        db,
        ctx.now,
        &store::Outgoing {
            sender_id: sender.id,
            recipient_ids: vec![recipient.id],
            subject: notice.subject.to_string(),
            body: notice.body.to_string(),
            files: attached,
            ..Default::default()
        },
    )?;
    Ok(())
}
