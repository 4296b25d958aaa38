//! api_docs' one table written: a row per registered API (`api_docs.api_docs`), filled when a
//! world is built and again when one is loaded from files.

use crate::common::rows::table_row;

table_row! {
    /// One API's documentation (`api_docs.api_docs`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewApiDoc<'a> in "api_docs.api_docs" {
        /// The app it belongs to (AppWorld's column name, with its trailing underscore).
        pub app_name_: &'a str,
        /// Its name.
        pub api_name: &'a str,
        /// Its path.
        pub path: &'a str,
        /// Its HTTP method.
        pub method: &'a str,
        /// Its description.
        pub description: &'a str,
        /// Its parameters' docs, as stored JSON text.
        pub parameters: &'a str,
        /// Its response schemas, as stored JSON text.
        pub response_schemas: &'a str,
    }
}
