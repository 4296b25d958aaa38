//! Notices from companies to users, as AppWorld's apps send verification codes, password
//! resets, receipts and invites: an e-mail (or, to phone accounts, a text message) from the
//! sending app's company, delivered by the registry's [`Couriers`](sim::api::Couriers) (gmail's
//! send path, phone's messages), which is how a shared layer reaches them without naming them.

use sim::api::{ApiError, Ctx, Notice};

/// The name of the company behind the app of `ctx` (`Simple Note`).
pub fn company(ctx: &Ctx) -> Result<&'static str, ApiError> {
    Ok(crate::app::notifier(ctx.registry, ctx.app)?.company)
}

/// Does `email` have a mailbox?
pub fn has_mailbox(ctx: &Ctx, email: &str) -> Result<bool, ApiError> {
    (ctx.registry.couriers()?.has_mailbox)(ctx, email)
}

/// Sends an e-mail from the company of `ctx`'s app to `to`: a new thread, unread in the
/// recipient's inbox. Fails with 422 when the recipient has no mailbox.
pub fn email_from_company(ctx: &Ctx, to: &str, subject: &str, body: &str) -> Result<(), ApiError> {
    email_from_company_with_files(ctx, to, subject, body, &[])
}

/// [`email_from_company`] with files attached, each given as `(file name, content)` (e.g.
/// `("transfer_1.txt", "...")`).
pub fn email_from_company_with_files(
    ctx: &Ctx,
    to: &str,
    subject: &str,
    body: &str,
    files: &[(&str, &str)],
) -> Result<(), ApiError> {
    let notice = Notice {
        to,
        subject,
        body,
        files,
    };
    (ctx.registry.couriers()?.email)(ctx, &notice)
}

/// Sends a text message from the company of `ctx`'s app to the phone account with number `to`.
/// Fails with 422 when no phone account has that number.
pub fn text_from_company(ctx: &Ctx, to: &str, message: &str) -> Result<(), ApiError> {
    let notice = Notice {
        to,
        subject: "",
        body: message,
        files: &[],
    };
    (ctx.registry.couriers()?.text)(ctx, &notice)
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
