//! Behaviour shared by several apps: the account APIs of e-mail apps, e-mail notifications from
//! companies, and small row helpers. Written once here; apps only declare what differs.

pub mod accounts;
pub mod cards;
pub mod files;
pub mod notify;
pub mod rows;
