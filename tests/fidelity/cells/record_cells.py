#!/usr/bin/env python3
"""Records what the real AppWorld's code-cell executor prints for everyday agent code.

    ../shared/oracle/setup.sh                                   (once: the oracle's venv)
    ~/.cache/appsim-awref/bin/python tests/fidelity/cells/record_cells.py

Run from the repository root (any directory works; paths are resolved from this file). For
every (name, code) pair in snippets.py it builds a fresh AppWorld task world on the reference
oracle's fixed world (../shared/oracle/aw_oracle.py, AppWorld 0.1.3.post1, clock frozen at
2023-05-18T12:00:00), runs the code as that world's first code cell, and stores the string the
agent would see. Writes cells.jsonl next to this file: one JSON object a line, keys sorted,
{"code", "name", "output"}, in snippets.py's order.

Options: --out FILE (write elsewhere, e.g. to compare two runs with cmp), --only NAME... (record
only these snippets; printed to stdout instead of written), --oracle DIR (where aw_oracle.py
lives; default ../shared/oracle or $AW_ORACLE).

The result must be byte-identical from run to run. The script refuses to write a file in which
an output looks like a memory address or contains the temporary task root.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
TASK_ID = "0cells0_1"
ADDRESS = re.compile(r"0x[0-9a-fA-F]{6,}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=os.path.join(HERE, "cells.jsonl"))
    parser.add_argument("--only", nargs="*", default=None, metavar="NAME")
    parser.add_argument("--oracle", default=os.environ.get(
        "AW_ORACLE", os.path.join(os.path.dirname(REPO), "shared", "oracle")))
    args = parser.parse_args()

    sys.dont_write_bytecode = True  # no __pycache__ beside the committed files
    sys.path.insert(0, args.oracle)
    sys.path.insert(0, HERE)
    from snippets import SNIPPETS  # noqa: E402

    names = [name for name, _ in SNIPPETS]
    if len(set(names)) != len(names):
        sys.exit("snippets.py: duplicate snippet names")
    chosen = SNIPPETS
    if args.only is not None:
        unknown = sorted(set(args.only) - set(names))
        if unknown:
            sys.exit(f"unknown snippet names: {unknown}")
        chosen = [(n, c) for n, c in SNIPPETS if n in args.only]

    # AppWorld prints progress lines on stdout while worlds are built; keep stdout for --only.
    real_stdout, sys.stdout = sys.stdout, sys.stderr
    import aw_oracle  # noqa: E402  (the reference oracle, not part of this repository)
    from appworld.environment import AppWorld  # noqa: E402

    oracle = aw_oracle.make_oracle()
    root = tempfile.mkdtemp(prefix="appsim_cells_root_")
    aw_oracle._make_task_root(root, oracle.snapshot_dir, TASK_ID)
    # AppWorld writes experiment outputs relative to the working directory's data root; keep
    # the working directory inside the temp root so nothing lands in the repository.
    cwd = os.getcwd()
    os.chdir(root)

    records = []
    for name, code in chosen:
        AppWorld.close_all()
        world = AppWorld(task_id=TASK_ID, experiment_name="cells_probe",
                         load_ground_truth=False, random_seed=aw_oracle.SEED)
        output = world.execute(code)
        world.close()
        records.append({"code": code, "name": name, "output": output})
        print(f"{name}: {len(output)} chars", file=sys.stderr)
    AppWorld.close_all()
    os.chdir(cwd)

    problems = []
    for record in records:
        if ADDRESS.search(record["output"]):
            problems.append(f"{record['name']}: output looks like it holds a memory address")
        for path in (root, oracle.snapshot_dir, tempfile.gettempdir() + os.sep):
            if path in record["output"]:
                problems.append(f"{record['name']}: output holds a temporary path")
    lines = "".join(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n" for r in records)

    if args.only is not None:
        real_stdout.write(lines)
    elif problems:
        print("\n".join(problems), file=sys.stderr)
    else:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(lines)
        print(f"{len(records)} cells -> {os.path.relpath(args.out, cwd)}", file=sys.stderr)
    real_stdout.flush()
    shutil.rmtree(root, ignore_errors=True)
    if getattr(oracle, "_own_snapshot", False):
        shutil.rmtree(oracle.snapshot_dir, ignore_errors=True)
    # AppWorld leaves TestClient threads and time freezers behind; skip interpreter teardown.
    os._exit(1 if problems and args.only is None else 0)


if __name__ == "__main__":
    main()
