//! A world directory's `manifest.json`: what the `<app>.db` files beside it do not say, namely
//! the world's clock (`{"datetime": "YYYY-MM-DDTHH:MM:SS"}`). Other fields are kept for other
//! tools and ignored here.

use crate::world::WorldError;
use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The file's name in a world directory.
pub const FILE: &str = "manifest.json";

/// A world directory's manifest.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// The world's clock: what `get_current_date_and_time` answers and every "now" of a
    /// session without a task of its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub datetime: Option<String>,
}

impl Manifest {
    /// A manifest naming the clock `now`.
    pub fn at(now: NaiveDateTime) -> Self {
        Manifest {
            datetime: Some(crate::clock::fmt_datetime(now)),
        }
    }

    /// The manifest of `dir`, `None` when it has none (or `dir` is no directory: loading the
    /// world says so).
    pub fn read(dir: &Path) -> Result<Option<Manifest>, WorldError> {
        if !dir.is_dir() {
            return Ok(None);
        }
        let path = dir.join(FILE);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => {
                return Err(WorldError::Io {
                    path: path.display().to_string(),
                    source,
                });
            }
        };
        serde_json::from_str(&text).map(Some).map_err(|e| {
            WorldError::Invalid(format!(
                "{}: not a manifest ({e}); expected {{\"datetime\": \"YYYY-MM-DDTHH:MM:SS\"}}",
                path.display()
            ))
        })
    }

    /// The clock it names, if any.
    pub fn clock(&self) -> Result<Option<NaiveDateTime>, String> {
        self.datetime
            .as_deref()
            .map(crate::clock::parse_clock)
            .transpose()
    }

    /// Writes it into `dir` (which must exist); returns the file written.
    pub fn write(&self, dir: &Path) -> Result<PathBuf, WorldError> {
        let path = dir.join(FILE);
        let text =
            serde_json::to_string_pretty(self).map_err(|e| WorldError::Invalid(e.to_string()))?;
        std::fs::write(&path, text + "\n").map_err(|source| WorldError::Io {
            path: path.display().to_string(),
            source,
        })?;
        Ok(path)
    }
}

/// The clock `dir`'s manifest names (`None`: no manifest, or one without a `datetime`); a
/// `datetime` that is no clock is an error naming the file.
pub fn world_clock(dir: &Path) -> Result<Option<NaiveDateTime>, WorldError> {
    let Some(manifest) = Manifest::read(dir)? else {
        return Ok(None);
    };
    manifest.clock().map_err(|why| {
        WorldError::Invalid(format!("{}: \"datetime\": {why}", dir.join(FILE).display()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("appsim-manifest-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn round_trips_and_is_optional() {
        let dir = scratch("rt");
        assert_eq!(world_clock(&dir).unwrap(), None);
        let leap = crate::clock::parse_clock("2024-02-29T08:30:00").unwrap();
        Manifest::at(leap).write(&dir).unwrap();
        assert_eq!(world_clock(&dir).unwrap(), Some(leap));
        std::fs::write(dir.join(FILE), r#"{"name": "mine"}"#).unwrap();
        assert_eq!(world_clock(&dir).unwrap(), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bad_manifests_are_clear_errors() {
        let dir = scratch("bad");
        for (text, says) in [
            ("{not json", "not a manifest"),
            (
                r#"{"datetime": "2023-13-01T00:00:00"}"#,
                "YYYY-MM-DDTHH:MM:SS",
            ),
            (r#"{"datetime": 5}"#, "not a manifest"),
        ] {
            std::fs::write(dir.join(FILE), text).unwrap();
            let err = world_clock(&dir).unwrap_err().to_string();
            assert!(err.contains(FILE) && err.contains(says), "{text}: {err}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
