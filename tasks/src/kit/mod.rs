//! What scenarios are built from, so that themes use the kit instead of each other: Python
//! scripts and snippets ([`python`]), drawn values shared by closures ([`drawn`]), row
//! changes ([`changes`]), money, time, people and text ([`money`], [`time`], [`people`],
//! [`text`]), typed end-state queries per app ([`amazon`], [`files`], [`gmail`], [`notes`],
//! [`phone`], [`splitwise`], [`spotify`], [`todoist`], [`venmo`], [`db`]) and what common actions are
//! allowed to write ([`allow`]).

pub mod allow;
pub mod amazon;
pub mod changes;
pub mod db;
pub mod drawn;
pub mod files;
pub mod gmail;
pub mod money;
pub mod notes;
pub mod people;
pub mod phone;
pub mod python;
pub mod splitwise;
pub mod spotify;
pub mod text;
pub mod time;
pub mod todoist;
pub mod venmo;

pub use drawn::Drawn;
pub use python::{Script, Vals};
