//! Read-only files for the image build, and only for it: CPython's standard library, a host
//! directory shown to the guest as the preopened directory `/`. An episode's interpreter never
//! has it (`Host::fs` is `None` there): every module a cell may use is imported into the image.
//!
//! WASI preview 1 calls covered: preopen discovery, `path_open` (no creation, truncation or
//! writing), `fd_read`/`fd_seek`/`fd_tell`/`fd_close`, stat of descriptors and paths, and
//! `fd_readdir`. Paths are resolved lexically inside the root (`..` never leaves it).

use std::collections::HashMap;
use std::path::PathBuf;

/// WASI errno values used here (and by `wasi.rs`).
pub(crate) const BADF: i32 = 8;
const INVAL: i32 = 28;
const ISDIR: i32 = 31;
pub(crate) const NOENT: i32 = 44;
const NOTDIR: i32 = 54;
const ROFS: i32 = 69;
/// The descriptor of the preopened root directory.
pub(crate) const ROOT_FD: i32 = 3;
const FILETYPE_DIRECTORY: u8 = 3;
const FILETYPE_REGULAR: u8 = 4;
const OFLAGS_CREAT: u16 = 1;
const OFLAGS_DIRECTORY: u16 = 2;
const OFLAGS_EXCL: u16 = 4;
const OFLAGS_TRUNC: u16 = 8;

/// One open descriptor.
enum Open {
    File { data: Vec<u8>, pos: u64 },
    Dir { rel: String },
}

/// The build's read-only file system: a host directory and the descriptors open on it.
pub(crate) struct Fs {
    root: PathBuf,
    open: HashMap<i32, Open>,
    next: i32,
}

impl Fs {
    pub(crate) fn new(root: PathBuf) -> Fs {
        Fs {
            root,
            open: HashMap::new(),
            next: ROOT_FD + 1,
        }
    }

    /// The root-relative path of `path` opened relative to directory `dirfd`, or an errno.
    fn resolve(&self, dirfd: i32, path: &str) -> Result<String, i32> {
        let base = match (dirfd, self.open.get(&dirfd)) {
            (ROOT_FD, _) => String::new(),
            (_, Some(Open::Dir { rel })) => rel.clone(),
            (_, Some(Open::File { .. })) => return Err(NOTDIR),
            _ => return Err(BADF),
        };
        let mut parts: Vec<&str> = if path.starts_with('/') {
            Vec::new()
        } else {
            base.split('/').filter(|p| !p.is_empty()).collect()
        };
        for part in path.split('/') {
            match part {
                "" | "." => {}
                ".." => {
                    parts.pop();
                }
                p => parts.push(p),
            }
        }
        Ok(parts.join("/"))
    }

    fn host_path(&self, rel: &str) -> PathBuf {
        if rel.is_empty() {
            self.root.clone()
        } else {
            self.root.join(rel)
        }
    }

    /// `path_open`: a new descriptor, or an errno.
    pub(crate) fn open(&mut self, dirfd: i32, path: &str, oflags: u16) -> Result<i32, i32> {
        if oflags & (OFLAGS_CREAT | OFLAGS_EXCL | OFLAGS_TRUNC) != 0 {
            return Err(ROFS);
        }
        let rel = self.resolve(dirfd, path)?;
        let host = self.host_path(&rel);
        let meta = std::fs::symlink_metadata(&host).map_err(|_| NOENT)?;
        let open = if meta.is_dir() {
            Open::Dir { rel }
        } else if meta.is_file() {
            if oflags & OFLAGS_DIRECTORY != 0 {
                return Err(NOTDIR);
            }
            let data = std::fs::read(&host).map_err(|_| NOENT)?;
            Open::File { data, pos: 0 }
        } else {
            return Err(NOENT);
        };
        let fd = self.next;
        self.next += 1;
        self.open.insert(fd, open);
        Ok(fd)
    }

    pub(crate) fn close(&mut self, fd: i32) -> i32 {
        if self.open.remove(&fd).is_some() {
            0
        } else {
            BADF
        }
    }

    pub(crate) fn is_open(&self, fd: i32) -> bool {
        fd == ROOT_FD || self.open.contains_key(&fd)
    }

    /// Reads up to `max` bytes from file `fd`, or an errno.
    pub(crate) fn read(&mut self, fd: i32, max: usize) -> Result<Vec<u8>, i32> {
        let Some(Open::File { data, pos }) = self.open.get_mut(&fd) else {
            return Err(if self.is_open(fd) { ISDIR } else { BADF });
        };
        let at = (*pos as usize).min(data.len());
        let n = max.min(data.len() - at);
        *pos += n as u64;
        Ok(data[at..at + n].to_vec())
    }

    /// `fd_seek`: the new offset, or an errno.
    pub(crate) fn seek(&mut self, fd: i32, offset: i64, whence: u8) -> Result<u64, i32> {
        let Some(Open::File { data, pos }) = self.open.get_mut(&fd) else {
            return Err(if self.is_open(fd) { ISDIR } else { BADF });
        };
        let base = match whence {
            0 => 0i64,
            1 => *pos as i64,
            2 => data.len() as i64,
            _ => return Err(INVAL),
        };
        let new = base.checked_add(offset).filter(|n| *n >= 0).ok_or(INVAL)?;
        *pos = new as u64;
        Ok(*pos)
    }

    /// WASI `filestat` (64 bytes) of descriptor `fd`.
    pub(crate) fn fd_stat(&self, fd: i32) -> Result<[u8; 64], i32> {
        match (fd, self.open.get(&fd)) {
            (ROOT_FD, _) => Ok(filestat(FILETYPE_DIRECTORY, 0)),
            (_, Some(Open::Dir { .. })) => Ok(filestat(FILETYPE_DIRECTORY, 0)),
            (_, Some(Open::File { data, .. })) => Ok(filestat(FILETYPE_REGULAR, data.len() as u64)),
            _ => Err(BADF),
        }
    }

    /// WASI `filestat` of `path` relative to `dirfd`.
    pub(crate) fn path_stat(&self, dirfd: i32, path: &str) -> Result<[u8; 64], i32> {
        let rel = self.resolve(dirfd, path)?;
        let meta = std::fs::symlink_metadata(self.host_path(&rel)).map_err(|_| NOENT)?;
        if meta.is_dir() {
            Ok(filestat(FILETYPE_DIRECTORY, 0))
        } else if meta.is_file() {
            Ok(filestat(FILETYPE_REGULAR, meta.len()))
        } else {
            Err(NOENT)
        }
    }

    /// The file type of descriptor `fd` (for `fd_fdstat_get`).
    pub(crate) fn filetype(&self, fd: i32) -> Option<u8> {
        match (fd, self.open.get(&fd)) {
            (ROOT_FD, _) | (_, Some(Open::Dir { .. })) => Some(FILETYPE_DIRECTORY),
            (_, Some(Open::File { .. })) => Some(FILETYPE_REGULAR),
            _ => None,
        }
    }

    /// `fd_readdir`: the directory's entries from index `cookie` on, as WASI dirents (24-byte
    /// header, then the name), cut at `len` bytes (a full buffer tells the guest to ask again).
    pub(crate) fn readdir(&self, fd: i32, cookie: u64, len: usize) -> Result<Vec<u8>, i32> {
        let rel = match (fd, self.open.get(&fd)) {
            (ROOT_FD, _) => String::new(),
            (_, Some(Open::Dir { rel })) => rel.clone(),
            (_, Some(Open::File { .. })) => return Err(NOTDIR),
            _ => return Err(BADF),
        };
        let mut names: Vec<(String, u8)> = std::fs::read_dir(self.host_path(&rel))
            .map_err(|_| NOENT)?
            .filter_map(|e| {
                let e = e.ok()?;
                let kind = e.file_type().ok()?;
                let t = if kind.is_dir() {
                    FILETYPE_DIRECTORY
                } else {
                    FILETYPE_REGULAR
                };
                Some((e.file_name().into_string().ok()?, t))
            })
            .collect();
        names.sort();
        let mut out = Vec::new();
        for (i, (name, t)) in names.iter().enumerate().skip(cookie as usize) {
            let mut ent = Vec::with_capacity(24 + name.len());
            ent.extend_from_slice(&(i as u64 + 1).to_le_bytes());
            ent.extend_from_slice(&(i as u64 + 1).to_le_bytes());
            ent.extend_from_slice(&(name.len() as u32).to_le_bytes());
            ent.push(*t);
            ent.extend_from_slice(&[0; 3]);
            ent.extend_from_slice(name.as_bytes());
            out.extend_from_slice(&ent);
            if out.len() >= len {
                break;
            }
        }
        out.truncate(len);
        Ok(out)
    }
}

/// A WASI `filestat`: dev, ino, filetype, nlink, size, then three zero timestamps.
fn filestat(filetype: u8, size: u64) -> [u8; 64] {
    let mut s = [0u8; 64];
    s[16] = filetype;
    s[24..32].copy_from_slice(&1u64.to_le_bytes());
    s[32..40].copy_from_slice(&size.to_le_bytes());
    s
}
