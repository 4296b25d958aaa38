//! The supervisor's files at the end of an episode.

use crate::eval::EvalCtx;
use std::collections::BTreeMap;

/// The supervisor's files in the end state: tilde path -> content.
pub fn end_files(ctx: &EvalCtx) -> BTreeMap<String, String> {
    let Some(uid) = ctx.user_id("file_system") else {
        return BTreeMap::new();
    };
    let Ok(mut st) = ctx
        .db
        .prepare_cached("SELECT tilde_path, content FROM file_system.files WHERE user_id = ?1")
    else {
        return BTreeMap::new();
    };
    st.query_map([uid], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
    })
    .map(|rows| rows.filter_map(Result::ok).collect())
    .unwrap_or_default()
}
