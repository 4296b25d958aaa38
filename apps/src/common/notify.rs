//! E-mails from companies to users, as AppWorld's apps send verification codes, password
//! resets and receipts: a normal gmail e-mail from the company's notifier account, delivered by
//! gmail's own send path (`gmail::store::deliver`), files attached through file_system.

use rusqlite::{Connection, OptionalExtension};
use sim::api::ApiError;

/// The company name and notifier address of an app (`notifications@<company>.com`).
pub fn company(app: &str) -> (&'static str, &'static str) {
    match app {
        "amazon" => ("Amazon", "notifications@amazon.com"),
        "venmo" => ("Venmo", "notifications@venmo.com"),
        "splitwise" => ("Splitwise", "notifications@splitwise.com"),
        "spotify" => ("Spotify", "notifications@spotify.com"),
        "todoist" => ("Todoist", "notifications@todoist.com"),
        "simple_note" => ("Simple Note", "notifications@simplenote.com"),
        "file_system" => ("File System", "notifications@filesystem.com"),
        "phone" => ("Phone", "notifications@phone.com"),
        _ => ("Gmail", "notifications@gmail.com"),
    }
}

/// Does `email` have a Gmail mailbox?
pub fn has_mailbox(db: &Connection, email: &str) -> Result<bool, ApiError> {
    Ok(crate::gmail::store::person_by_email(db, email)?.is_some())
}

/// Sends an e-mail from `app`'s company to `to`: a new thread, unread in the recipient's inbox.
/// Fails with 422 when the recipient has no Gmail account.
pub fn email_from_company(
    db: &Connection,
    app: &str,
    to: &str,
    subject: &str,
    body: &str,
    now: chrono::NaiveDateTime,
) -> Result<(), ApiError> {
    email_from_company_with_files(db, app, to, subject, body, &[], now)
}

/// [`email_from_company`] with files attached, each given as `(file name, content)` (e.g.
/// `("transfer_1.txt", "...")`). As in AppWorld, each file is first saved in the company's own
/// file_system account as `/tmp/<file name>` (replacing an older one), then attached; the
/// thread copies are marked as having attachments.
pub fn email_from_company_with_files(
    db: &Connection,
    app: &str,
    to: &str,
    subject: &str,
    body: &str,
    files: &[(&str, &str)],
    now: chrono::NaiveDateTime,
) -> Result<(), ApiError> {
    use crate::gmail::store;
    let Some(recipient) = store::person_by_email(db, to)? else {
        return Err(ApiError::unprocessable(format!(
            "The email account for {to} does not exist."
        )));
    };
    let (_, from) = company(app);
    let Some(sender) = store::person_by_email(db, from)? else {
        return Err(ApiError::internal(format!(
            "the notifier mailbox {from} is missing from the world"
        )));
    };
    let fs_owner: Option<super::files::FsUser> = db
        .prepare_cached("SELECT id, first_name FROM file_system.users WHERE email = ?1")?
        .query_row([from], |r| {
            Ok(super::files::FsUser {
                id: r.get(0)?,
                first_name: r.get(1)?,
            })
        })
        .optional()?;
    if !files.is_empty() {
        // AppWorld's company logs into its file_system account to store the files: one token
        // drawn from the random stream per e-mail with files.
        sim::world::with_rng(db, |r| r.randrange(600, 1800))?;
    }
    let mut attached = Vec::new();
    for (name, content) in files {
        if let Some(owner) = &fs_owner {
            let path = format!("/tmp/{name}");
            super::files::write_file(db, owner, &path, content, "[]", true, now)?;
        }
        attached.push(store::NewFile {
            file_name: name.to_string(),
            content: content.to_string(),
            compressed_data: "[]".into(),
        });
    }
    store::deliver(
        db,
        now,
        &store::Outgoing {
            sender_id: sender.id,
            recipient_ids: vec![recipient.id],
            subject: subject.to_string(),
            body: body.to_string(),
            files: attached,
            ..Default::default()
        },
    )?;
    Ok(())
}

/// The subject and body of the account e-mails companies send (AppWorld's wording, typos
/// included): `name` is the account holder's name in the sending app, `code` the code sent.
pub fn account_email(
    kind: AccountEmail,
    company: &str,
    name: &str,
    code: &str,
) -> (String, String) {
    let (subject, text) = match kind {
        AccountEmail::SignupVerification => (
            format!("{company} Account Verficiation Code"),
            format!(
                "Thank you for creating an account on our platform!\nYour account verification code is: {code}\n\
                 This code will expire in 60 minutes.\nIf you did not create an account on our platform, please ignore this email."
            ),
        ),
        AccountEmail::Verification => (
            format!("{company} Account Verficiation Code"),
            format!(
                "Someone requested a verfification code for your account on our platform.\nThe account verification code is: {code}\n\
                 This code will expire in 60 minutes.\nIf you did not request for verfification code, please ignore this email."
            ),
        ),
        AccountEmail::PasswordResetCode => (
            format!("{company} Password Reset Code"),
            format!(
                "Someone requested to reset your account password on our platform.\nThe password reset code is: {code}\n\
                 This code will expire in 60 minutes.\nIf you did not make this request, please ignore this email."
            ),
        ),
        AccountEmail::PasswordChanged => (
            format!("{company} Password Changed"),
            "Your account password has been reset successfully.\nIf you did not make this request, please contact us immediately."
                .to_string(),
        ),
    };
    (
        subject,
        format!("\nHi {name},\n\n{text}\n\nThanks,\n{company} Team\n"),
    )
}

/// The account e-mails of [`account_email`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountEmail {
    /// The code sent at signup.
    SignupVerification,
    /// A new verification code asked for later.
    Verification,
    /// A password reset code.
    PasswordResetCode,
    /// The notice after a password reset.
    PasswordChanged,
}

// ---------------------------------------------------------------------------------------------
// Text messages from companies (the phone app's tables)

/// Sends a text message from `app`'s company notifier phone account (see
/// `phone::seed::NOTIFIER_NUMBERS`) to the phone account with number `to`, stored exactly as
/// phone's own send_text_message stores a message. Fails with 422 when no phone account has
/// that number.
pub fn text_from_company(
    db: &Connection,
    app: &str,
    to: &str,
    message: &str,
    now: chrono::NaiveDateTime,
) -> Result<(), ApiError> {
    let Some(receiver) = crate::phone::user_by_phone(db, to)? else {
        return Err(ApiError::unprocessable(format!(
            "The phone account for {to} does not exist."
        )));
    };
    let from = crate::phone::seed::notifier_number(app);
    let Some(sender) = crate::phone::user_by_phone(db, from)? else {
        return Err(ApiError::internal(format!(
            "the notifier phone account {from} is missing from the world"
        )));
    };
    crate::phone::store_message(db, crate::phone::Kind::Text, sender, receiver, message, now)?;
    Ok(())
}
