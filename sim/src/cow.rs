//! Copy-on-write database files: a SQLite VFS (`appsim-cow`) whose files read from one shared,
//! immutable world image and keep only the blocks a connection wrote. Every [`crate::Db`]
//! opens its schemas through it, so a thousand live episodes share one copy of the world and
//! each holds only what it changed (plus SQLite's page cache).
//!
//! A file is registered under a unique name before `ATTACH 'file:<name>?vfs=appsim-cow'`; the
//! open handle keeps the file's data alive, and the registration ends when its guard drops.
//! Any other file SQLite opens through the VFS (it should open none: journals and temp files
//! live in memory) is a private empty file.

use rusqlite::ffi;
use std::collections::HashMap;
use std::ffi::{CStr, c_char, c_int, c_void};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// The VFS's name, as `?vfs=` spells it.
pub const VFS_NAME: &str = "appsim-cow";

/// Granularity of copied-on-write data (SQLite's default page size).
const BLOCK: usize = 4096;

/// The shared bytes a file starts from: one image within a world's list of images.
#[derive(Clone)]
pub struct Base {
    images: Arc<Vec<(String, Vec<u8>)>>,
    index: usize,
}

impl Base {
    /// The `index`-th image of `images`.
    pub fn new(images: Arc<Vec<(String, Vec<u8>)>>, index: usize) -> Base {
        Base { images, index }
    }

    fn bytes(&self) -> &[u8] {
        self.images
            .get(self.index)
            .map(|(_, b)| b.as_slice())
            .unwrap_or(&[])
    }
}

/// One file's contents: the base's bytes below `base_limit`, overlaid by written blocks.
struct FileData {
    base: Option<Base>,
    /// Bytes of the base still visible (a truncation hides the rest for good).
    base_limit: usize,
    blocks: HashMap<usize, Box<[u8]>>,
    size: usize,
}

impl FileData {
    fn new(base: Option<Base>) -> FileData {
        let size = base.as_ref().map_or(0, |b| b.bytes().len());
        FileData {
            base,
            base_limit: size,
            blocks: HashMap::new(),
            size,
        }
    }

    /// The base's bytes of block `b` (zero-padded to a whole block past its end).
    fn base_block(&self, b: usize, out: &mut [u8]) {
        out.fill(0);
        if let Some(base) = &self.base {
            let bytes = &base.bytes()[..self.base_limit.min(base.bytes().len())];
            let start = b * BLOCK;
            if start < bytes.len() {
                let end = (start + BLOCK).min(bytes.len());
                out[..end - start].copy_from_slice(&bytes[start..end]);
            }
        }
    }

    /// Copies `buf.len()` bytes from `off`; false if the file ends first (the rest is zeroed).
    fn read(&self, off: usize, buf: &mut [u8]) -> bool {
        let mut done = 0;
        while done < buf.len() {
            let pos = off + done;
            if pos >= self.size {
                buf[done..].fill(0);
                return false;
            }
            let (b, within) = (pos / BLOCK, pos % BLOCK);
            let n = (BLOCK - within).min(buf.len() - done).min(self.size - pos);
            let dst = &mut buf[done..done + n];
            match self.blocks.get(&b) {
                Some(block) => dst.copy_from_slice(&block[within..within + n]),
                None => {
                    let base = self.base.as_ref().map_or(&[][..], |x| x.bytes());
                    let visible = &base[..self.base_limit.min(base.len())];
                    dst.fill(0);
                    if pos < visible.len() {
                        let m = n.min(visible.len() - pos);
                        dst[..m].copy_from_slice(&visible[pos..pos + m]);
                    }
                }
            }
            done += n;
        }
        true
    }

    fn write(&mut self, off: usize, data: &[u8]) {
        let mut done = 0;
        let mut scratch = vec![0u8; BLOCK];
        while done < data.len() {
            let pos = off + done;
            let (b, within) = (pos / BLOCK, pos % BLOCK);
            let n = (BLOCK - within).min(data.len() - done);
            if !self.blocks.contains_key(&b) {
                self.base_block(b, &mut scratch);
                self.blocks.insert(b, scratch.clone().into_boxed_slice());
            }
            if let Some(block) = self.blocks.get_mut(&b) {
                block[within..within + n].copy_from_slice(&data[done..done + n]);
            }
            // A block written back to what the base holds (a rollback's restore) costs nothing.
            if (b + 1) * BLOCK <= self.base_limit {
                self.base_block(b, &mut scratch);
                if self.blocks.get(&b).is_some_and(|x| x[..] == scratch[..]) {
                    self.blocks.remove(&b);
                }
            }
            done += n;
        }
        self.size = self.size.max(off + data.len());
    }

    fn truncate(&mut self, size: usize) {
        if size < self.size {
            self.blocks.retain(|&b, _| b * BLOCK < size);
            let (b, within) = (size / BLOCK, size % BLOCK);
            if within > 0 {
                let mut scratch = vec![0u8; BLOCK];
                let block = match self.blocks.remove(&b) {
                    Some(x) => x,
                    None => {
                        self.base_block(b, &mut scratch);
                        scratch.into_boxed_slice()
                    }
                };
                let mut block = block;
                block[within..].fill(0);
                self.blocks.insert(b, block);
            }
            self.base_limit = self.base_limit.min(size);
        }
        self.size = size;
    }

    /// Bytes held privately (the written blocks).
    fn private_bytes(&self) -> usize {
        self.blocks.len() * BLOCK
    }
}

type Shared = Arc<Mutex<FileData>>;

fn lock(f: &Mutex<FileData>) -> MutexGuard<'_, FileData> {
    // No code that holds the lock can panic half-way through a change.
    f.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn files() -> MutexGuard<'static, HashMap<String, Shared>> {
    static FILES: OnceLock<Mutex<HashMap<String, Shared>>> = OnceLock::new();
    FILES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A file registered with the VFS: its name (for `ATTACH`) and, after the attach, the bytes it
/// holds privately. The registration ends when this drops; an open connection keeps its data.
pub struct CowFile {
    name: String,
    data: Shared,
}

impl CowFile {
    /// Registers a new file that starts as `base`.
    pub fn new(base: Base) -> CowFile {
        register();
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let name = format!("cow{}", NEXT.fetch_add(1, Ordering::Relaxed));
        let data = Arc::new(Mutex::new(FileData::new(Some(base))));
        files().insert(name.clone(), data.clone());
        CowFile { name, data }
    }

    /// The URI to `ATTACH`.
    pub fn uri(&self) -> String {
        format!("file:{}?vfs={VFS_NAME}", self.name)
    }

    /// Bytes this file holds of its own (blocks written and not restored).
    pub fn private_bytes(&self) -> usize {
        lock(&self.data).private_bytes()
    }
}

impl Drop for CowFile {
    fn drop(&mut self) {
        files().remove(&self.name);
    }
}

/// The handle SQLite allocates per open file (`szOsFile` bytes): the base struct first.
#[repr(C)]
struct Handle {
    base: ffi::sqlite3_file,
    data: *const Mutex<FileData>,
}

/// # Safety
/// `f` must be a handle this VFS opened and not yet closed.
unsafe fn data<'a>(f: *mut ffi::sqlite3_file) -> &'a Mutex<FileData> {
    unsafe { &*(*(f as *mut Handle)).data }
}

unsafe extern "C" fn x_close(f: *mut ffi::sqlite3_file) -> c_int {
    unsafe {
        let h = f as *mut Handle;
        if !(*h).data.is_null() {
            drop(Arc::from_raw((*h).data));
            (*h).data = std::ptr::null();
        }
    }
    ffi::SQLITE_OK
}

unsafe extern "C" fn x_read(
    f: *mut ffi::sqlite3_file,
    buf: *mut c_void,
    n: c_int,
    off: ffi::sqlite3_int64,
) -> c_int {
    let (Ok(n), Ok(off)) = (usize::try_from(n), usize::try_from(off)) else {
        return ffi::SQLITE_IOERR_READ;
    };
    let out = unsafe { std::slice::from_raw_parts_mut(buf as *mut u8, n) };
    if lock(unsafe { data(f) }).read(off, out) {
        ffi::SQLITE_OK
    } else {
        ffi::SQLITE_IOERR_SHORT_READ
    }
}

unsafe extern "C" fn x_write(
    f: *mut ffi::sqlite3_file,
    buf: *const c_void,
    n: c_int,
    off: ffi::sqlite3_int64,
) -> c_int {
    let (Ok(n), Ok(off)) = (usize::try_from(n), usize::try_from(off)) else {
        return ffi::SQLITE_IOERR_WRITE;
    };
    let src = unsafe { std::slice::from_raw_parts(buf as *const u8, n) };
    lock(unsafe { data(f) }).write(off, src);
    ffi::SQLITE_OK
}

unsafe extern "C" fn x_truncate(f: *mut ffi::sqlite3_file, size: ffi::sqlite3_int64) -> c_int {
    let Ok(size) = usize::try_from(size) else {
        return ffi::SQLITE_IOERR_TRUNCATE;
    };
    lock(unsafe { data(f) }).truncate(size);
    ffi::SQLITE_OK
}

unsafe extern "C" fn x_sync(_: *mut ffi::sqlite3_file, _: c_int) -> c_int {
    ffi::SQLITE_OK
}

unsafe extern "C" fn x_file_size(f: *mut ffi::sqlite3_file, out: *mut ffi::sqlite3_int64) -> c_int {
    let size = lock(unsafe { data(f) }).size;
    unsafe { *out = size as ffi::sqlite3_int64 };
    ffi::SQLITE_OK
}

unsafe extern "C" fn x_lock(_: *mut ffi::sqlite3_file, _: c_int) -> c_int {
    ffi::SQLITE_OK
}

unsafe extern "C" fn x_check_reserved_lock(_: *mut ffi::sqlite3_file, out: *mut c_int) -> c_int {
    unsafe { *out = 0 };
    ffi::SQLITE_OK
}

unsafe extern "C" fn x_file_control(_: *mut ffi::sqlite3_file, _: c_int, _: *mut c_void) -> c_int {
    ffi::SQLITE_NOTFOUND
}

unsafe extern "C" fn x_sector_size(_: *mut ffi::sqlite3_file) -> c_int {
    BLOCK as c_int
}

unsafe extern "C" fn x_device_characteristics(_: *mut ffi::sqlite3_file) -> c_int {
    ffi::SQLITE_IOCAP_POWERSAFE_OVERWRITE
}

static IO: ffi::sqlite3_io_methods = ffi::sqlite3_io_methods {
    iVersion: 1,
    xClose: Some(x_close),
    xRead: Some(x_read),
    xWrite: Some(x_write),
    xTruncate: Some(x_truncate),
    xSync: Some(x_sync),
    xFileSize: Some(x_file_size),
    xLock: Some(x_lock),
    xUnlock: Some(x_lock),
    xCheckReservedLock: Some(x_check_reserved_lock),
    xFileControl: Some(x_file_control),
    xSectorSize: Some(x_sector_size),
    xDeviceCharacteristics: Some(x_device_characteristics),
    xShmMap: None,
    xShmLock: None,
    xShmBarrier: None,
    xShmUnmap: None,
    xFetch: None,
    xUnfetch: None,
};

unsafe extern "C" fn x_open(
    _: *mut ffi::sqlite3_vfs,
    name: ffi::sqlite3_filename,
    f: *mut ffi::sqlite3_file,
    flags: c_int,
    out_flags: *mut c_int,
) -> c_int {
    let registered = if name.is_null() {
        None
    } else {
        let name = unsafe { CStr::from_ptr(name) }.to_string_lossy();
        files().get(name.as_ref()).cloned()
    };
    let data = registered.unwrap_or_else(|| Arc::new(Mutex::new(FileData::new(None))));
    unsafe {
        f.cast::<Handle>().write(Handle {
            base: ffi::sqlite3_file { pMethods: &IO },
            data: Arc::into_raw(data),
        });
        if !out_flags.is_null() {
            *out_flags = flags;
        }
    }
    ffi::SQLITE_OK
}

unsafe extern "C" fn x_delete(_: *mut ffi::sqlite3_vfs, _: *const c_char, _: c_int) -> c_int {
    ffi::SQLITE_OK
}

unsafe extern "C" fn x_access(
    _: *mut ffi::sqlite3_vfs,
    _: *const c_char,
    _: c_int,
    out: *mut c_int,
) -> c_int {
    // No journal or other side file ever exists.
    unsafe { *out = 0 };
    ffi::SQLITE_OK
}

unsafe extern "C" fn x_full_pathname(
    _: *mut ffi::sqlite3_vfs,
    name: *const c_char,
    n: c_int,
    out: *mut c_char,
) -> c_int {
    let name = unsafe { CStr::from_ptr(name) }.to_bytes_with_nul();
    let Ok(n) = usize::try_from(n) else {
        return ffi::SQLITE_CANTOPEN;
    };
    if name.len() > n {
        return ffi::SQLITE_CANTOPEN;
    }
    unsafe { std::ptr::copy_nonoverlapping(name.as_ptr() as *const c_char, out, name.len()) };
    ffi::SQLITE_OK
}

unsafe extern "C" fn x_randomness(_: *mut ffi::sqlite3_vfs, n: c_int, out: *mut c_char) -> c_int {
    // Deterministic: nothing in appsim asks SQLite for randomness it must not repeat.
    if let Ok(n) = usize::try_from(n) {
        unsafe { std::ptr::write_bytes(out, 0, n) };
    }
    n
}

unsafe extern "C" fn x_sleep(_: *mut ffi::sqlite3_vfs, micros: c_int) -> c_int {
    std::thread::sleep(std::time::Duration::from_micros(micros.max(0) as u64));
    micros
}

unsafe extern "C" fn x_current_time(_: *mut ffi::sqlite3_vfs, out: *mut f64) -> c_int {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64());
    unsafe { *out = 2440587.5 + secs / 86400.0 };
    ffi::SQLITE_OK
}

unsafe extern "C" fn x_get_last_error(_: *mut ffi::sqlite3_vfs, _: c_int, _: *mut c_char) -> c_int {
    0
}

/// Registers the VFS with SQLite once per process (not as the default).
fn register() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let name = Box::leak(format!("{VFS_NAME}\0").into_boxed_str());
        let vfs = Box::leak(Box::new(ffi::sqlite3_vfs {
            iVersion: 1,
            szOsFile: std::mem::size_of::<Handle>() as c_int,
            mxPathname: 512,
            pNext: std::ptr::null_mut(),
            zName: name.as_ptr() as *const c_char,
            pAppData: std::ptr::null_mut(),
            xOpen: Some(x_open),
            xDelete: Some(x_delete),
            xAccess: Some(x_access),
            xFullPathname: Some(x_full_pathname),
            xDlOpen: None,
            xDlError: None,
            xDlSym: None,
            xDlClose: None,
            xRandomness: Some(x_randomness),
            xSleep: Some(x_sleep),
            xCurrentTime: Some(x_current_time),
            xGetLastError: Some(x_get_last_error),
            xCurrentTimeInt64: None,
            xSetSystemCall: None,
            xGetSystemCall: None,
            xNextSystemCall: None,
        }));
        // SAFETY: the VFS and its name live for the rest of the process.
        let rc = unsafe { ffi::sqlite3_vfs_register(vfs, 0) };
        assert_eq!(rc, ffi::SQLITE_OK, "SQLite refused the {VFS_NAME} VFS");
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(bytes: Vec<u8>) -> FileData {
        FileData::new(Some(Base::new(Arc::new(vec![("x".into(), bytes)]), 0)))
    }

    #[test]
    fn reads_the_base_then_what_was_written() {
        let base: Vec<u8> = (0..3 * BLOCK + 100).map(|i| (i % 251) as u8).collect();
        let mut f = file(base.clone());
        let mut buf = vec![0u8; 300];
        assert!(f.read(BLOCK - 150, &mut buf));
        assert_eq!(buf, base[BLOCK - 150..BLOCK + 150]);
        f.write(BLOCK - 10, &[7u8; 20]);
        assert_eq!(f.private_bytes(), 2 * BLOCK);
        assert!(f.read(BLOCK - 150, &mut buf));
        assert_eq!(&buf[140..160], &[7u8; 20]);
        assert_eq!(buf[..140], base[BLOCK - 150..BLOCK - 10]);
        // Writing the base's bytes back frees the blocks.
        f.write(BLOCK - 10, &base[BLOCK - 10..BLOCK + 10]);
        assert_eq!(f.private_bytes(), 0);
        // Past the end: a short read, zero-filled.
        assert!(!f.read(3 * BLOCK, &mut buf));
        assert_eq!(buf[..100], base[3 * BLOCK..]);
        assert!(buf[100..].iter().all(|&b| b == 0));
    }

    #[test]
    fn truncation_hides_the_base_for_good() {
        let mut f = file(vec![9u8; 2 * BLOCK]);
        f.truncate(10);
        assert_eq!(f.size, 10);
        f.write(BLOCK, &[1u8; 4]);
        let mut buf = vec![5u8; 2 * BLOCK];
        assert!(!f.read(0, &mut buf));
        assert_eq!(&buf[..10], &[9u8; 10]);
        assert!(buf[10..BLOCK].iter().all(|&b| b == 0));
        assert_eq!(&buf[BLOCK..BLOCK + 4], &[1u8; 4]);
    }
}
