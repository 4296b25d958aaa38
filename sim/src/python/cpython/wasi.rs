//! The only host the CPython instance sees: WASI preview 1, written for appsim. An episode's
//! interpreter has no files, sockets, processes or environment: stdin/stdout are the channel to
//! the host, the wall clock is the episode's frozen clock, the monotonic clock advances by 1 µs
//! a read, and random bytes come from a seeded stream (so hash seeds and `os.urandom` are
//! deterministic). Every other call answers an error. Only while the image is built does the
//! guest also see the standard library (read-only, `wasi_fs.rs`) and an environment.

use super::Host;
use super::wasi_fs::{self, ROOT_FD};
use wasmtime::{Caller, Engine, Extern, Linker, Memory, Module, Val, WasmBacktrace};

const WASI: &str = "wasi_snapshot_preview1";
const ERRNO_BADF: i32 = wasi_fs::BADF;
const ERRNO_NOSPC: i32 = 51;
const ERRNO_NOSYS: i32 = 52;
const ERRNO_NOTCAPABLE: i32 = 76;
const ERRNO_NOENT: i32 = wasi_fs::NOENT;
const ERRNO_SPIPE: i32 = 70;
/// The WASI functions given real bodies above; the rest answer an error.
const DEFINED: &[&str] = &[
    "fd_write",
    "fd_read",
    "clock_time_get",
    "clock_res_get",
    "random_get",
    "args_sizes_get",
    "args_get",
    "environ_sizes_get",
    "environ_get",
    "sched_yield",
    "proc_exit",
    "fd_fdstat_get",
    "fd_filestat_get",
    "fd_seek",
    "fd_tell",
    "fd_close",
    "fd_prestat_get",
    "fd_prestat_dir_name",
    "fd_readdir",
    "path_open",
    "path_filestat_get",
];
/// Cap on what the guest may write to stderr (kept only for image-build errors).
const STDERR_CAP: usize = 64 << 10;

fn memory(c: &mut Caller<'_, Host>) -> Option<Memory> {
    c.get_export("memory").and_then(Extern::into_memory)
}

fn get32(m: &[u8], p: u32) -> Option<u32> {
    let p = p as usize;
    Some(u32::from_le_bytes(m.get(p..p + 4)?.try_into().ok()?))
}

fn put(m: &mut [u8], p: u32, bytes: &[u8]) -> bool {
    let p = p as usize;
    match m.get_mut(p..p + bytes.len()) {
        Some(dst) => {
            dst.copy_from_slice(bytes);
            true
        }
        None => false,
    }
}

/// Writes `bytes` at guest address `out`: errno 0, or BADF when memory or the range is missing.
fn answer(c: &mut Caller<'_, Host>, out: i32, bytes: &[u8]) -> i32 {
    match memory(c) {
        Some(m) if put(m.data_mut(c), out as u32, bytes) => 0,
        _ => ERRNO_BADF,
    }
}

/// Is `fd` stdin, stdout or stderr (the only descriptors the host has)?
fn is_stdio(fd: i32) -> bool {
    (0..=2).contains(&fd)
}

/// The UTF-8 string at guest `[ptr, ptr + len)`.
fn guest_str(c: &mut Caller<'_, Host>, ptr: i32, len: i32) -> Option<String> {
    let m = memory(c)?;
    let (p, n) = (ptr as u32 as usize, len as u32 as usize);
    let bytes = m.data(&*c).get(p..p.checked_add(n)?)?;
    String::from_utf8(bytes.to_vec()).ok()
}

/// Writes `strings` NUL-terminated at guest `buf` and their addresses at `ptrs` (`args_get`,
/// `environ_get`).
fn strings_into(c: &mut Caller<'_, Host>, strings: &[String], ptrs: i32, buf: i32) -> i32 {
    let Some(m) = memory(c) else {
        return ERRNO_BADF;
    };
    let d = m.data_mut(c);
    let mut at = buf as u32;
    for (k, s) in strings.iter().enumerate() {
        let mut bytes = s.as_bytes().to_vec();
        bytes.push(0);
        if !put(d, ptrs as u32 + 4 * k as u32, &at.to_le_bytes()) || !put(d, at, &bytes) {
            return ERRNO_BADF;
        }
        at += bytes.len() as u32;
    }
    0
}

/// Writes how many `strings` there are at `count` and the bytes they take NUL-terminated at
/// `size` (`args_sizes_get`, `environ_sizes_get`).
fn sizes_into(c: &mut Caller<'_, Host>, strings: &[String], count: i32, size: i32) -> i32 {
    let n = strings.len() as u32;
    let bytes: usize = strings.iter().map(|a| a.len() + 1).sum();
    let Some(m) = memory(c) else {
        return ERRNO_BADF;
    };
    let d = m.data_mut(c);
    if put(d, count as u32, &n.to_le_bytes()) && put(d, size as u32, &(bytes as u32).to_le_bytes())
    {
        0
    } else {
        ERRNO_BADF
    }
}

/// `fd_seek` (and `fd_tell`, a seek by 0 from the current offset): stdio cannot seek; a build
/// file answers its new offset at `out`.
fn seek(c: &mut Caller<'_, Host>, fd: i32, offset: i64, whence: u8, out: i32) -> i32 {
    if is_stdio(fd) {
        return ERRNO_SPIPE;
    }
    let Some(fs) = c.data_mut().fs.as_mut() else {
        return ERRNO_BADF;
    };
    match fs.seek(fd, offset, whence) {
        Ok(pos) => answer(c, out, &pos.to_le_bytes()),
        Err(e) => e,
    }
}

/// The (offset, length) pairs of an iovec array.
fn iovecs(m: &[u8], iovs: u32, n: u32) -> Option<Vec<(usize, usize)>> {
    (0..n)
        .map(|k| {
            let at = iovs.checked_add(8 * k)?;
            Some((get32(m, at)? as usize, get32(m, at + 4)? as usize))
        })
        .collect()
}

/// Next byte of the SplitMix64 stream behind `random_get`.
fn next_random(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A linker with appsim's WASI for `module`'s imports.
pub(crate) fn linker(engine: &Engine, module: &Module) -> wasmtime::Result<Linker<Host>> {
    let mut l = Linker::new(engine);
    l.func_wrap(
        WASI,
        "fd_write",
        |mut c: Caller<'_, Host>, fd: i32, iovs: i32, n: i32, written: i32| -> i32 {
            let Some(m) = memory(&mut c) else {
                return ERRNO_BADF;
            };
            let (data, host) = m.data_and_store_mut(&mut c);
            let Some(vecs) = iovecs(data, iovs as u32, n as u32) else {
                return ERRNO_BADF;
            };
            let mut total = 0usize;
            for (p, len) in vecs {
                let Some(bytes) = data.get(p..p + len) else {
                    return ERRNO_BADF;
                };
                match fd {
                    1 if host.from_guest.len() + len > super::CHANNEL_CAP => {
                        return ERRNO_NOSPC;
                    }
                    1 => host.from_guest.extend_from_slice(bytes),
                    2 => {
                        let room = STDERR_CAP.saturating_sub(host.stderr.len());
                        host.stderr.extend_from_slice(&bytes[..len.min(room)]);
                    }
                    _ => return ERRNO_BADF,
                }
                total += len;
            }
            if !put(data, written as u32, &(total as u32).to_le_bytes()) {
                return ERRNO_BADF;
            }
            host.take_lines();
            0
        },
    )?;
    l.func_wrap(
        WASI,
        "fd_read",
        |mut c: Caller<'_, Host>, fd: i32, iovs: i32, n: i32, read: i32| -> i32 {
            let Some(m) = memory(&mut c) else {
                return ERRNO_BADF;
            };
            let (data, host) = m.data_and_store_mut(&mut c);
            let Some(vecs) = iovecs(data, iovs as u32, n as u32) else {
                return ERRNO_BADF;
            };
            if fd != 0 {
                let Some(fs) = host.fs.as_mut() else {
                    return ERRNO_BADF;
                };
                let mut total = 0usize;
                for (p, len) in vecs {
                    let bytes = match fs.read(fd, len) {
                        Ok(b) => b,
                        Err(e) => return e,
                    };
                    if !put(data, p as u32, &bytes) {
                        return ERRNO_BADF;
                    }
                    total += bytes.len();
                    if bytes.len() < len {
                        break;
                    }
                }
                return if put(data, read as u32, &(total as u32).to_le_bytes()) {
                    0
                } else {
                    ERRNO_BADF
                };
            }
            let mut total = 0usize;
            for (p, len) in vecs {
                let avail = &host.to_guest[host.to_guest_pos..];
                let take = avail.len().min(len);
                if !put(data, p as u32, &avail[..take]) {
                    return ERRNO_BADF;
                }
                host.to_guest_pos += take;
                total += take;
                if take < len {
                    break;
                }
            }
            if !put(data, read as u32, &(total as u32).to_le_bytes()) {
                return ERRNO_BADF;
            }
            0
        },
    )?;
    l.func_wrap(
        WASI,
        "clock_time_get",
        |mut c: Caller<'_, Host>, id: i32, _precision: i64, out: i32| -> wasmtime::Result<i32> {
            let host = c.data_mut();
            let value = if id == 0 {
                host.now_ns
            } else {
                host.mono_ns += 1_000;
                host.mono_ns
            };
            let snapshot_now = host.armed && id == 1;
            let Some(m) = memory(&mut c) else {
                return Ok(ERRNO_BADF);
            };
            if !put(m.data_mut(&mut c), out as u32, &value.to_le_bytes()) {
                return Ok(ERRNO_BADF);
            }
            if snapshot_now {
                take_snapshot(&mut c, m);
                wasmtime::bail!("appsim: image taken");
            }
            Ok(0)
        },
    )?;
    l.func_wrap(
        WASI,
        "clock_res_get",
        |mut c: Caller<'_, Host>, _id: i32, out: i32| -> i32 {
            answer(&mut c, out, &1_000u64.to_le_bytes())
        },
    )?;
    l.func_wrap(
        WASI,
        "random_get",
        |mut c: Caller<'_, Host>, buf: i32, len: i32| -> i32 {
            let Some(m) = memory(&mut c) else {
                return ERRNO_BADF;
            };
            let (data, host) = m.data_and_store_mut(&mut c);
            let (start, len) = (buf as u32 as usize, len as u32 as usize);
            let Some(dst) = data.get_mut(start..start + len) else {
                return ERRNO_BADF;
            };
            for chunk in dst.chunks_mut(8) {
                let r = next_random(&mut host.random).to_le_bytes();
                chunk.copy_from_slice(&r[..chunk.len()]);
            }
            0
        },
    )?;
    l.func_wrap(
        WASI,
        "args_sizes_get",
        |mut c: Caller<'_, Host>, count: i32, size: i32| -> i32 {
            let argv = c.data().argv.clone();
            sizes_into(&mut c, &argv, count, size)
        },
    )?;
    l.func_wrap(
        WASI,
        "args_get",
        |mut c: Caller<'_, Host>, ptrs: i32, buf: i32| -> i32 {
            let argv = c.data().argv.clone();
            strings_into(&mut c, &argv, ptrs, buf)
        },
    )?;
    l.func_wrap(
        WASI,
        "environ_sizes_get",
        |mut c: Caller<'_, Host>, count: i32, size: i32| -> i32 {
            let env = c.data().env.clone();
            sizes_into(&mut c, &env, count, size)
        },
    )?;
    l.func_wrap(
        WASI,
        "environ_get",
        |mut c: Caller<'_, Host>, ptrs: i32, buf: i32| -> i32 {
            let env = c.data().env.clone();
            strings_into(&mut c, &env, ptrs, buf)
        },
    )?;
    l.func_wrap(WASI, "sched_yield", |_: Caller<'_, Host>| -> i32 { 0 })?;
    l.func_wrap(
        WASI,
        "proc_exit",
        |_: Caller<'_, Host>, code: i32| -> wasmtime::Result<()> {
            wasmtime::bail!("the interpreter exited with status {code}")
        },
    )?;
    l.func_wrap(
        WASI,
        "fd_fdstat_get",
        |mut c: Caller<'_, Host>, fd: i32, out: i32| -> i32 {
            let filetype = if is_stdio(fd) {
                2 // a character device
            } else if let Some(t) = c.data().fs.as_ref().and_then(|fs| fs.filetype(fd)) {
                t
            } else {
                return ERRNO_BADF;
            };
            // Every right.
            let mut stat = [0u8; 24];
            stat[0] = filetype;
            stat[16..24].copy_from_slice(&u64::MAX.to_le_bytes());
            stat[8..16].copy_from_slice(&u64::MAX.to_le_bytes());
            answer(&mut c, out, &stat)
        },
    )?;
    l.func_wrap(
        WASI,
        "fd_filestat_get",
        |mut c: Caller<'_, Host>, fd: i32, out: i32| -> i32 {
            if !is_stdio(fd) {
                let stat = match c.data().fs.as_ref().map(|fs| fs.fd_stat(fd)) {
                    Some(Ok(stat)) => stat,
                    Some(Err(e)) => return e,
                    None => return ERRNO_BADF,
                };
                return answer(&mut c, out, &stat);
            }
            // A character device, size 0.
            let mut stat = [0u8; 64];
            stat[16] = 2;
            answer(&mut c, out, &stat)
        },
    )?;
    l.func_wrap(
        WASI,
        "fd_seek",
        |mut c: Caller<'_, Host>, fd: i32, offset: i64, whence: i32, out: i32| -> i32 {
            seek(&mut c, fd, offset, whence as u8, out)
        },
    )?;
    l.func_wrap(
        WASI,
        "fd_tell",
        |mut c: Caller<'_, Host>, fd: i32, out: i32| -> i32 { seek(&mut c, fd, 0, 1, out) },
    )?;
    l.func_wrap(
        WASI,
        "fd_close",
        |mut c: Caller<'_, Host>, fd: i32| -> i32 {
            match c.data_mut().fs.as_mut() {
                Some(fs) if fd != ROOT_FD => fs.close(fd),
                _ => ERRNO_BADF,
            }
        },
    )?;
    l.func_wrap(
        WASI,
        "fd_prestat_get",
        |mut c: Caller<'_, Host>, fd: i32, out: i32| -> i32 {
            if fd != ROOT_FD || c.data().fs.is_none() {
                return ERRNO_BADF;
            }
            // A directory whose name is "/".
            let mut prestat = [0u8; 8];
            prestat[4] = 1;
            answer(&mut c, out, &prestat)
        },
    )?;
    l.func_wrap(
        WASI,
        "fd_prestat_dir_name",
        |mut c: Caller<'_, Host>, fd: i32, path: i32, len: i32| -> i32 {
            if fd != ROOT_FD || c.data().fs.is_none() || len < 1 {
                return ERRNO_BADF;
            }
            answer(&mut c, path, b"/")
        },
    )?;
    l.func_wrap(
        WASI,
        "path_open",
        |mut c: Caller<'_, Host>,
         dirfd: i32,
         _dirflags: i32,
         path: i32,
         path_len: i32,
         oflags: i32,
         _rights: i64,
         _inheriting: i64,
         _fdflags: i32,
         out: i32|
         -> i32 {
            let Some(path) = guest_str(&mut c, path, path_len) else {
                return ERRNO_BADF;
            };
            // Without the build's files the file system is empty: nothing is found.
            let Some(fs) = c.data_mut().fs.as_mut() else {
                return ERRNO_NOENT;
            };
            match fs.open(dirfd, &path, oflags as u16) {
                Ok(fd) => answer(&mut c, out, &(fd as u32).to_le_bytes()),
                Err(e) => e,
            }
        },
    )?;
    l.func_wrap(
        WASI,
        "path_filestat_get",
        |mut c: Caller<'_, Host>, dirfd: i32, _flags: i32, path: i32, len: i32, out: i32| -> i32 {
            let Some(path) = guest_str(&mut c, path, len) else {
                return ERRNO_BADF;
            };
            let stat = match c.data().fs.as_ref().map(|fs| fs.path_stat(dirfd, &path)) {
                Some(Ok(stat)) => stat,
                Some(Err(e)) => return e,
                None => return ERRNO_NOENT,
            };
            answer(&mut c, out, &stat)
        },
    )?;
    l.func_wrap(
        WASI,
        "fd_readdir",
        |mut c: Caller<'_, Host>, fd: i32, buf: i32, len: i32, cookie: i64, used: i32| -> i32 {
            let ents = match c
                .data()
                .fs
                .as_ref()
                .map(|fs| fs.readdir(fd, cookie as u64, len as u32 as usize))
            {
                Some(Ok(ents)) => ents,
                Some(Err(e)) => return e,
                None => return ERRNO_BADF,
            };
            match answer(&mut c, buf, &ents) {
                0 => answer(&mut c, used, &(ents.len() as u32).to_le_bytes()),
                e => e,
            }
        },
    )?;
    // Everything else (files, directories, sockets, polling) is refused.
    for import in module.imports() {
        if import.module() != WASI {
            continue;
        }
        let name = import.name();
        if DEFINED.contains(&name) {
            continue;
        }
        let Some(ty) = import.ty().func().cloned() else {
            continue;
        };
        let errno = if name.starts_with("path_") {
            ERRNO_NOTCAPABLE
        } else if name.starts_with("fd_") {
            ERRNO_BADF
        } else {
            ERRNO_NOSYS
        };
        l.func_new(WASI, name, ty, move |_, _, results| {
            if let Some(r) = results.first_mut() {
                *r = Val::I32(errno);
            }
            Ok(())
        })?;
    }
    Ok(l)
}

/// Records the image: linear memory, every exported global, and the guest's call stack (the
/// functions that lead from `_start` to the cell-running entry point).
fn take_snapshot(c: &mut Caller<'_, Host>, m: Memory) {
    let frames: Vec<u32> = WasmBacktrace::capture(&*c)
        .frames()
        .iter()
        .map(|f| f.func_index())
        .collect();
    let bytes = m.data(&*c).to_vec();
    let names = c.data().global_exports.clone();
    let mut globals = Vec::new();
    for (index, name) in names {
        if let Some(Extern::Global(g)) = c.get_export(&name) {
            globals.push((index, g.get(&mut *c)));
        }
    }
    let host = c.data_mut();
    host.armed = false;
    host.snapshot = Some(super::image::Snapshot {
        memory: bytes,
        globals,
        frames,
    });
}
