//! Setup helpers (being written).

use super::Setup;

impl Setup<'_> {}
