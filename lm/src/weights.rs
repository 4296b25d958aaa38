//! Memory-mapped reading of Hugging Face safetensors checkpoints (single file or sharded).

use crate::error::{AgentError, Result, read_json};
use memmap2::Mmap;
use safetensors::{Dtype, SafeTensors};
use std::collections::BTreeMap;
use std::fs::File;
use std::path::{Path, PathBuf};

/// The safetensors files of a model directory, memory-mapped, with an index from tensor name to
/// file. Tensors are converted to `f32` when read.
pub struct Checkpoint {
    files: Vec<(PathBuf, Mmap)>,
    index: BTreeMap<String, usize>,
}

fn mmap(path: &Path) -> Result<Mmap> {
    let file = File::open(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            AgentError::MissingFile {
                path: path.to_path_buf(),
                what: "a weights shard".into(),
            }
        } else {
            AgentError::Io {
                path: path.to_path_buf(),
                source: e,
            }
        }
    })?;
    // SAFETY: the file is opened read-only; a checkpoint being rewritten while loaded is outside
    // what this reader promises to handle.
    unsafe { Mmap::map(&file) }.map_err(|e| AgentError::Io {
        path: path.to_path_buf(),
        source: e,
    })
}

fn st_err(path: &Path, e: impl std::fmt::Display) -> AgentError {
    AgentError::Safetensors {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}

impl Checkpoint {
    /// Opens `model.safetensors`, or the shards listed in `model.safetensors.index.json`.
    pub fn open_dir(dir: &Path) -> Result<Self> {
        let index_path = dir.join("model.safetensors.index.json");
        if index_path.exists() {
            let v = read_json(&index_path, "the shard index")?;
            let map = v
                .get("weight_map")
                .and_then(|m| m.as_object())
                .ok_or_else(|| AgentError::Json {
                    path: index_path.clone(),
                    message: "no weight_map object".into(),
                })?;
            let mut shard_names: Vec<String> = map
                .values()
                .filter_map(|s| s.as_str().map(str::to_string))
                .collect();
            shard_names.sort();
            shard_names.dedup();
            let mut files = Vec::new();
            for name in &shard_names {
                files.push(dir.join(name));
            }
            let mut ck = Self::open_files(&files)?;
            // The index is authoritative for which shard holds which tensor.
            for (tensor, shard) in map {
                let shard = shard.as_str().unwrap_or_default();
                let pos = shard_names.iter().position(|s| s == shard).unwrap_or(0);
                ck.index.insert(tensor.clone(), pos);
            }
            return Ok(ck);
        }
        let single = dir.join("model.safetensors");
        if !single.exists() {
            return Err(AgentError::MissingFile {
                path: single,
                what: "weights (neither model.safetensors nor model.safetensors.index.json)".into(),
            });
        }
        Self::open_files(&[single])
    }

    /// Opens the given safetensors files as one checkpoint.
    pub fn open_files(paths: &[PathBuf]) -> Result<Self> {
        let mut files = Vec::new();
        let mut index = BTreeMap::new();
        for (i, p) in paths.iter().enumerate() {
            let m = mmap(p)?;
            let st = SafeTensors::deserialize(&m).map_err(|e| st_err(p, e))?;
            for name in st.names() {
                index.insert(name.to_string(), i);
            }
            files.push((p.clone(), m));
        }
        Ok(Self { files, index })
    }

    /// Names of all tensors.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.index.keys().map(String::as_str)
    }

    /// Whether the checkpoint holds `name`.
    pub fn contains(&self, name: &str) -> bool {
        self.index.contains_key(name)
    }

    fn describe(&self) -> String {
        let names: Vec<String> = self
            .files
            .iter()
            .map(|(p, _)| p.display().to_string())
            .collect();
        names.join(", ")
    }

    /// Reads tensor `name` as `f32` values with its shape; if `expected` is given the shape
    /// must equal it.
    pub fn read_f32(
        &self,
        name: &str,
        expected: Option<&[usize]>,
    ) -> Result<(Vec<f32>, Vec<usize>)> {
        self.with_view(name, |path, view| {
            let shape = view.shape().to_vec();
            if let Some(exp) = expected
                && exp != shape.as_slice()
            {
                return Err(AgentError::ShapeMismatch {
                    name: name.to_string(),
                    expected: exp.to_vec(),
                    found: shape,
                });
            }
            let bytes = view.data();
            let values: Vec<f32> = match view.dtype() {
                Dtype::F32 => bytes
                    .chunks_exact(4)
                    .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect(),
                Dtype::F16 => bytes
                    .chunks_exact(2)
                    .map(|c| half::f16::from_le_bytes([c[0], c[1]]).to_f32())
                    .collect(),
                Dtype::BF16 => bytes
                    .chunks_exact(2)
                    .map(|c| half::bf16::from_le_bytes([c[0], c[1]]).to_f32())
                    .collect(),
                Dtype::F64 => bytes
                    .chunks_exact(8)
                    .map(|c| f64::from_le_bytes(c.try_into().expect("8 bytes")) as f32)
                    .collect(),
                Dtype::I64 => bytes
                    .chunks_exact(8)
                    .map(|c| i64::from_le_bytes(c.try_into().expect("8 bytes")) as f32)
                    .collect(),
                other => {
                    return Err(st_err(
                        path,
                        format!("tensor {name}: unsupported dtype {other:?}"),
                    ));
                }
            };
            Ok((values, shape))
        })
    }

    /// Runs `f` on tensor `name`'s view (and the file it is in); a clear error if it is absent.
    fn with_view<T>(
        &self,
        name: &str,
        f: impl FnOnce(&Path, &safetensors::tensor::TensorView<'_>) -> Result<T>,
    ) -> Result<T> {
        let &fi = self
            .index
            .get(name)
            .ok_or_else(|| AgentError::MissingTensor {
                name: name.to_string(),
                source_desc: self.describe(),
            })?;
        let (path, m) = &self.files[fi];
        let st = SafeTensors::deserialize(m).map_err(|e| st_err(path, e))?;
        let view = st.tensor(name).map_err(|e| st_err(path, e))?;
        f(path, &view)
    }

    /// Reads an integer tensor (I64 or I32) as `i64` values with its shape.
    pub fn read_i64(&self, name: &str) -> Result<(Vec<i64>, Vec<usize>)> {
        self.with_view(name, |path, view| {
            let b = view.data();
            let values = match view.dtype() {
                Dtype::I64 => b
                    .chunks_exact(8)
                    .map(|c| i64::from_le_bytes(c.try_into().expect("8 bytes")))
                    .collect(),
                Dtype::I32 => b
                    .chunks_exact(4)
                    .map(|c| i32::from_le_bytes(c.try_into().expect("4 bytes")) as i64)
                    .collect(),
                other => {
                    return Err(st_err(
                        path,
                        format!("tensor {name}: dtype {other:?} is not integer"),
                    ));
                }
            };
            Ok((values, view.shape().to_vec()))
        })
    }
}

/// Writes `f32` tensors to a safetensors file with optional string metadata.
pub fn save_f32(
    path: &Path,
    tensors: &[(String, Vec<usize>, Vec<f32>)],
    metadata: Option<std::collections::HashMap<String, String>>,
) -> Result<()> {
    let mut owned: Vec<(String, Vec<u8>, Vec<usize>)> = Vec::new();
    for (name, shape, values) in tensors {
        let bytes: Vec<u8> = values.iter().flat_map(|x| x.to_le_bytes()).collect();
        owned.push((name.clone(), bytes, shape.clone()));
    }
    let views: Vec<(String, safetensors::tensor::TensorView<'_>)> = owned
        .iter()
        .map(|(n, b, s)| {
            safetensors::tensor::TensorView::new(Dtype::F32, s.clone(), b)
                .map(|v| (n.clone(), v))
                .map_err(|e| st_err(path, e))
        })
        .collect::<Result<_>>()?;
    safetensors::serialize_to_file(views, metadata, path).map_err(|e| st_err(path, e))
}

/// Transposes a row-major `[rows, cols]` matrix.
pub fn transpose(values: &[f32], rows: usize, cols: usize) -> Vec<f32> {
    let mut out = vec![0.0; values.len()];
    for r in 0..rows {
        for c in 0..cols {
            out[c * rows + r] = values[r * cols + c];
        }
    }
    out
}
