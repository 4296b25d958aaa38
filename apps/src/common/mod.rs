//! Behaviour shared by several apps: the account APIs of e-mail apps, e-mail notifications from
//! companies, the in-app notification APIs, Python's date/time parsing and text rules, and small row helpers. Written once
//! here; apps only declare what differs.

pub mod accounts;
pub mod cards;
pub mod files;
pub mod notifications;
pub mod notify;
pub mod pytext;
pub mod pytime;
pub mod rows;
#[cfg(test)]
pub(crate) mod testkit;
