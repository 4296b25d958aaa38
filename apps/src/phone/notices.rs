//! Phone as the courier of companies' text messages (`sim::api::Couriers::text`): a notice from
//! the sending app's company arrives from its notifier phone account, stored exactly as phone's
//! own `send_text_message` stores a message.

use super::messages::{store_message, user_by_phone};
use super::rows::Kind;
use sim::api::{ApiError, Ctx, Notice};

/// Delivers `notice` as a text message to the phone account with number `notice.to`; 422 when
/// no phone account has that number.
pub fn deliver(ctx: &Ctx, notice: &Notice) -> Result<(), ApiError> {
    let to = notice.to;
    let Some(receiver) = user_by_phone(ctx.db, to)? else {
        return Err(ApiError::unprocessable(format!(
            "The phone account for {to} does not exist."
        )));
    };
    let from = crate::app::notifier(ctx.registry, ctx.app)?.phone;
    let Some(sender) = user_by_phone(ctx.db, from)? else {
        return Err(ApiError::internal(format!(
            "the notifier phone account {from} is missing from the world"
        )));
    };
    store_message(ctx.db, Kind::Text, sender, receiver, notice.body, ctx.now)?;
    Ok(())
}
