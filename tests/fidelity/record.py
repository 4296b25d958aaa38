#!/usr/bin/env python3
"""Records what the real AppWorld answers, for appsim's fidelity test (tests/fidelity.rs).

    scripts/record-fidelity.sh [APP ...]        (sets up the oracle's venv, then runs this)
    scripts/record-fidelity.sh --walk [APP ...] (the generic walk on the walk world)

For each APP (default: every gen/<app>.py) runs the generator against the reference oracle
(../shared/oracle/aw_oracle.py, AppWorld 0.1.3.post1 in-process over a fixed 4-person world)
and writes recordings/<app>.jsonl. With --world it also rewrites world/ (the oracle's world as
AppWorld <app>.db files plus manifest.json; api_docs.db is left out: its rows are AppWorld's
prose, and appsim fills that table from its own registry). With --walk it builds the walk world
instead (walk/world.py), writes it to walk/world/ and records walk/walk.py's random walk over
every API of apis.json into walk/recordings/<app>.jsonl. Deterministic: the same oracle gives
the same files byte for byte.
"""

from __future__ import annotations

import argparse
import importlib
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("apps", nargs="*", help="apps to record (default: every generator)")
    parser.add_argument("--world", action="store_true", help="also rewrite world/")
    parser.add_argument("--walk", action="store_true",
                        help="record the generic walk on the walk world (walk/)")
    parser.add_argument("--apis", default=None, help="apis.json (default: ../shared/...)")
    parser.add_argument("--oracle", default=os.environ.get(
        "AW_ORACLE", os.path.join(os.path.dirname(REPO), "shared", "oracle")),
        help="directory of aw_oracle.py")
    args = parser.parse_args()

    sys.path.insert(0, args.oracle)
    sys.path.insert(0, os.path.join(HERE, "gen"))
    import aw_oracle  # noqa: E402  (the reference oracle, not part of this repository)
    from common import Recorder  # noqa: E402

    if args.walk:
        record_walk(aw_oracle, Recorder, args)
        return
    apps = args.apps or sorted(
        f[:-3] for f in os.listdir(os.path.join(HERE, "gen"))
        if f.endswith(".py") and f != "common.py"
    )
    oracle = aw_oracle.make_oracle()
    if args.world:
        copy_world(oracle.snapshot_dir, os.path.join(HERE, "world"))
    for app in apps:
        generator = importlib.import_module(app)
        oracle.reset()
        recorder = Recorder(oracle, aw_oracle.handle, oracle.manifest)
        generator.generate(recorder)
        write(recorder, os.path.join(HERE, "recordings", f"{app}.jsonl"), app)


def record_walk(aw_oracle, Recorder, args) -> None:
    """The walk world (always rewritten: it is built in this run) and one walk per app."""
    sys.path.insert(0, os.path.join(HERE, "walk"))
    import walk  # noqa: E402
    import world  # noqa: E402

    apis = walk.load_apis(args.apis or os.path.join(
        os.path.dirname(os.path.normpath(args.oracle)), "appworld-interface", "apis.json"))
    oracle = world.build(aw_oracle)
    copy_world(oracle.snapshot_dir, os.path.join(HERE, "walk", "world"))
    for app in args.apps or sorted(apis):
        oracle.reset()
        recorder = Recorder(oracle, aw_oracle.handle, oracle.manifest)
        walk.generate(recorder, app, apis)
        write(recorder, os.path.join(HERE, "walk", "recordings", f"{app}.jsonl"), app)


def copy_world(snapshot_dir: str, out: str) -> None:
    """The oracle's world as <app>.db files and manifest.json, without api_docs.db."""
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    for name in sorted(os.listdir(snapshot_dir)):
        if name != "api_docs.db" and (name.endswith(".db") or name == "manifest.json"):
            shutil.copy(os.path.join(snapshot_dir, name), out)


def write(recorder, path: str, app: str) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    recorder.write(path)
    calls = sum(1 for line in recorder.lines if "call" in line)
    print(f"{app}: {calls} calls -> {os.path.relpath(path, REPO)}", file=sys.stderr)


if __name__ == "__main__":
    main()
