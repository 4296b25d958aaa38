//! Errors of the model crate, shared by the agent crate (whose loop adds the endpoint and
//! environment kinds).

use std::path::PathBuf;

/// Everything that can go wrong while loading or running a policy model.
#[derive(Debug, thiserror::Error)]
pub enum AgentError {
    /// A file the model directory should hold is not there.
    #[error("missing file {path}: {what}")]
    MissingFile {
        /// The path that was looked for.
        path: PathBuf,
        /// What the file was needed for.
        what: String,
    },
    /// An I/O error on a named file.
    #[error("reading {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A JSON file that does not parse or lacks a field.
    #[error("parsing {path}: {message}")]
    Json {
        /// The file.
        path: PathBuf,
        /// What was wrong.
        message: String,
    },
    /// `config.json` names an architecture this crate does not implement.
    #[error("unknown architecture {0:?} (supported: Qwen2ForCausalLM, LlamaForCausalLM)")]
    UnknownArchitecture(String),
    /// A configuration value this crate cannot honour.
    #[error("unsupported configuration: {0}")]
    Unsupported(String),
    /// A tensor the architecture needs is absent from the checkpoint.
    #[error("tensor {name} not found in {source_desc}")]
    MissingTensor {
        /// The tensor's name.
        name: String,
        /// Which files were searched.
        source_desc: String,
    },
    /// A tensor has another shape than the configuration implies.
    #[error(
        "tensor {name}: shape {found:?} in the checkpoint, {expected:?} expected from config.json"
    )]
    ShapeMismatch {
        /// The tensor's name.
        name: String,
        /// The shape the config implies.
        expected: Vec<usize>,
        /// The shape in the file.
        found: Vec<usize>,
    },
    /// A safetensors file that cannot be read.
    #[error("safetensors {path}: {message}")]
    Safetensors {
        /// The file.
        path: PathBuf,
        /// What was wrong.
        message: String,
    },
    /// Tokenizer failure.
    #[error("tokenizer: {0}")]
    Tokenizer(String),
    /// Chat template failure.
    #[error("chat template: {0}")]
    Template(String),
    /// Invalid argument to a call.
    #[error("{0}")]
    Invalid(String),
    /// A chat endpoint could not be reached or answered with an error.
    #[error("endpoint: {0}")]
    Endpoint(String),
    /// The task environment failed (not the agent's code: that only yields an observation).
    #[error("environment: {0}")]
    Env(String),
    /// A training configuration or checkpoint problem.
    #[error("training: {0}")]
    Train(String),
}

/// Result with [`AgentError`].
pub type Result<T> = std::result::Result<T, AgentError>;

/// The JSON file at `path` (`what` says what it is for, in the error when it is missing or
/// does not parse).
pub fn read_json(path: &std::path::Path, what: &str) -> Result<serde_json::Value> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            AgentError::MissingFile {
                path: path.to_path_buf(),
                what: what.to_string(),
            }
        } else {
            AgentError::Io {
                path: path.to_path_buf(),
                source: e,
            }
        }
    })?;
    serde_json::from_str(&text).map_err(|e| AgentError::Json {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}
