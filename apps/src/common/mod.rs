//! Behaviour shared by several apps: the account APIs, notices from companies (through the
//! registry's couriers), the in-app notification APIs, saved cards, file_system's files,
//! Python's date/time parsing and text rules, row helpers and what the seeds share. Written once
//! here; apps only declare what differs. Nothing here names an app module.

pub mod accounts;
pub mod bank;
pub mod cards;
pub mod files;
pub mod notifications;
pub mod notify;
pub mod pytext;
pub mod pytime;
pub mod rows;
pub(crate) mod seeding;
