//! What a run writes: the metrics file (one JSON object a line, rewritten from the resume point
//! on resume) and its output directories.

use crate::error::{AgentError, Result};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Appends JSON lines to a metrics file.
pub struct Metrics {
    file: std::fs::File,
    path: PathBuf,
}

impl Metrics {
    /// Opens `path` for appending; when `keep_below` is given, first drops the lines whose
    /// `iteration` is at or beyond it (a resumed run rewrites what it redoes; from 0, every
    /// line goes, the start point's `-1` included).
    pub fn open(path: &Path, keep_below: Option<usize>) -> Result<Self> {
        let io = |source| AgentError::Io {
            path: path.to_path_buf(),
            source,
        };
        if let Some(limit) = keep_below
            && path.exists()
        {
            let text = std::fs::read_to_string(path).map_err(io)?;
            let kept: Vec<&str> = text
                .lines()
                .filter(|l| {
                    serde_json::from_str::<serde_json::Value>(l)
                        .ok()
                        .and_then(|v| v.get("iteration").and_then(|i| i.as_i64()))
                        .is_some_and(|i| limit > 0 && i < limit as i64)
                })
                .collect();
            let mut body = kept.join("\n");
            if !body.is_empty() {
                body.push('\n');
            }
            std::fs::write(path, body).map_err(io)?;
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(io)?;
        Ok(Self {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Writes one record.
    pub fn write(&mut self, v: &serde_json::Value) -> Result<()> {
        writeln!(self.file, "{v}")
            .and_then(|_| self.file.flush())
            .map_err(|source| AgentError::Io {
                path: self.path.clone(),
                source,
            })
    }
}

/// Creates a directory or says which one could not be made.
pub fn make_dir(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).map_err(|source| AgentError::Io {
        path: dir.to_path_buf(),
        source,
    })
}
