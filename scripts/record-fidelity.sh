#!/usr/bin/env bash
# Re-records the fidelity recordings (tests/fidelity/recordings/) with the reference AppWorld.
# Needs python3.11, PyPI and ../shared/oracle/ (set AW_ORACLE to another copy). Not run by CI:
# CI replays the committed recordings in Rust (tests/fidelity.rs).
#   scripts/record-fidelity.sh [--world] [APP ...]
#   scripts/record-fidelity.sh --walk [APP ...]   (the walk world and its random walk, tests/fidelity/walk/)
set -euo pipefail
cd "$(dirname "$0")/.."
oracle=${AW_ORACLE:-../shared/oracle}
AWREF=${AWREF:-$HOME/.cache/appsim-awref}
AWREF=$AWREF bash "$oracle/setup.sh" >/dev/null
AW_ORACLE=$oracle exec "$AWREF/bin/python" tests/fidelity/record.py "$@"
