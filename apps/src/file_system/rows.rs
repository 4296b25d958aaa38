//! file_system's rows written from more than one place: none of its own. Its directories and
//! files are written through `common::files`
//! ([`NewDirectoryRow`](crate::common::files::NewDirectoryRow),
//! [`NewFileRow`](crate::common::files::NewFileRow)), since gmail and venmo save attachments
//! and receipts there too, and its accounts through
//! [`NewUser`](crate::common::accounts::NewUser), the users row of every app.
