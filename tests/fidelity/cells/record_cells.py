#!/usr/bin/env python3
"""Records what the real AppWorld's code-cell executor prints for everyday agent code.

    ../shared/oracle/setup.sh                                   (once: the oracle's venv)
    ~/.cache/appsim-awref/bin/python tests/fidelity/cells/record_cells.py

Run from the repository root (any directory works; paths are resolved from this file). For
every (name, group, code) triple in snippets.py's SNIPPETS it builds a fresh AppWorld task world
on the reference oracle's fixed world (../shared/oracle/aw_oracle.py, AppWorld 0.1.3.post1,
clock frozen at 2023-05-18T12:00:00), runs the code as that world's first code cell, and stores
the string the agent would see. For every (name, [code, ...]) pair in SEQUENCES it builds one
fresh world and runs the cells in order in it, storing each cell's string. Writes cells.jsonl
next to this file, one JSON object a line, keys sorted, SNIPPETS first then SEQUENCES, each in
snippets.py's order:
    {"code", "group", "name", "output"}          a single cell
    {"cells", "group", "name", "outputs"}        a sequence (group "sequence")

Options: --set api_numbers (api_snippets.py's cells, which call apis, into api_numbers.jsonl),
--out FILE (write elsewhere, e.g. to compare two runs with cmp), --only NAME... (record
only these snippets or sequences; printed to stdout instead of written), --oracle DIR (where
aw_oracle.py lives; default ../shared/oracle or $AW_ORACLE).

The result must be byte-identical from run to run; the recorder sets TZ=UTC for itself (a
cell's time.localtime() and time.strftime() follow the process's time zone). The script refuses to write a file in which
an output looks like a memory address or contains the temporary task root, and stops if a cell
changed the interpreter's recursion limit (that would leak into the worlds recorded after it).
Progress and timings go to stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
TASK_ID = "0cells0_1"
ADDRESS = re.compile(r"0x[0-9a-fA-F]{8,}")  # 64-bit object addresses; not 0x110000
# AppWorld's execute() only turns Exception subclasses into a string; a BaseException raised by
# the cell (KeyboardInterrupt, GeneratorExit, BaseException itself) escapes execute() to its
# caller. Such a cell's output is recorded as this marker + "Type: message>".
RAISED_PREFIX = "<world.execute raised "


def _raised_in_cell(exception: BaseException) -> bool:
    tb = exception.__traceback__
    while tb is not None:
        if "ipython-input" in tb.tb_frame.f_code.co_filename:
            return True
        tb = tb.tb_next
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", choices=["probe", "api_numbers"], default="probe",
                        help="probe: snippets.py into cells.jsonl; api_numbers: api_snippets.py "
                             "into api_numbers.jsonl (cells that call apis)")
    parser.add_argument("--out", default=None)
    parser.add_argument("--only", nargs="*", default=None, metavar="NAME")
    parser.add_argument("--oracle", default=os.environ.get(
        "AW_ORACLE", os.path.join(os.path.dirname(REPO), "shared", "oracle")))
    args = parser.parse_args()
    # time.localtime()/time.strftime() in a cell follow the host's time zone (freezegun shifts
    # the frozen UTC instant by the zone's standard offset); record as on a UTC host.
    os.environ["TZ"] = "UTC"
    time.tzset()
    # AppWorld freezes time.monotonic/perf_counter while a world is open; time with the real
    # clock behind a lambda, which freezegun does not rewrite.
    import freezegun.api as real_clock  # noqa: E402  (the oracle's venv has it)
    clock = lambda: real_clock.real_perf_counter()  # noqa: E731
    started = clock()

    sys.dont_write_bytecode = True  # no __pycache__ beside the committed files
    sys.path.insert(0, args.oracle)
    sys.path.insert(0, HERE)
    if args.set == "api_numbers":
        from api_snippets import API_NUMBERS  # noqa: E402
        SNIPPETS = [(name, "api_numbers", code) for name, code in API_NUMBERS]
        SEQUENCES = []
    else:
        from snippets import SEQUENCES, SNIPPETS  # noqa: E402
    if args.out is None:
        args.out = os.path.join(HERE, "cells.jsonl" if args.set == "probe" else f"{args.set}.jsonl")

    # One job per record: (name, group, cells, is_sequence).
    jobs = [(name, group, [code], False) for name, group, code in SNIPPETS]
    jobs += [(name, "sequence", list(cells), True) for name, cells in SEQUENCES]
    names = [job[0] for job in jobs]
    if len(set(names)) != len(names):
        sys.exit("snippets.py: duplicate snippet names")
    for name, group, cells, is_sequence in jobs:
        if not group or not all(isinstance(c, str) for c in cells) or (is_sequence and len(cells) < 2):
            sys.exit(f"snippets.py: malformed entry {name!r}")
    if args.only is not None:
        unknown = sorted(set(args.only) - set(names))
        if unknown:
            sys.exit(f"unknown snippet names: {unknown}")
        jobs = [job for job in jobs if job[0] in args.only]

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
    setup_seconds = clock() - started
    recursion_limit = sys.getrecursionlimit()

    def run_in_one_world(cells: list[str]) -> list[str]:
        # Singles and sequences both go through here, so every cell runs at the same Python
        # stack depth (it shows in RecursionError tracebacks as "Previous line repeated N").
        AppWorld.close_all()
        world = AppWorld(task_id=TASK_ID, experiment_name="cells_probe",
                         load_ground_truth=False, random_seed=aw_oracle.SEED)
        outputs = []
        for code in cells:
            try:
                outputs.append(world.execute(code))
            except BaseException as e:  # noqa: BLE001  (AppWorld lets these escape execute)
                if not _raised_in_cell(e):
                    raise  # e.g. a real Ctrl-C while AppWorld was busy
                outputs.append(f"{RAISED_PREFIX}{type(e).__name__}: {e}>")
                # execute() left its safety guard on (file writes refused); its next call
                # would switch it on and off again; switch it off now so that this world can
                # be closed and the next one built.
                world.safety_guard.disable()
        world.close()
        return outputs

    records = []
    cells_run = 0
    for name, group, cells, is_sequence in jobs:
        t0 = clock()
        outputs = run_in_one_world(cells)
        cells_run += len(cells)
        if sys.getrecursionlimit() != recursion_limit:
            print(f"{name}: changed the recursion limit to {sys.getrecursionlimit()}", file=sys.stderr)
            os._exit(1)
        if is_sequence:
            records.append({"cells": cells, "group": group, "name": name, "outputs": outputs})
        else:
            records.append({"code": cells[0], "group": group, "name": name, "output": outputs[0]})
        sizes = "+".join(str(len(o)) for o in outputs)
        print(f"{name}: {sizes} chars, {clock() - t0:.2f} s", file=sys.stderr)
    AppWorld.close_all()
    os.chdir(cwd)

    problems = []
    for record in records:
        for output in record.get("outputs", [record.get("output", "")]):
            if ADDRESS.search(output):
                problems.append(f"{record['name']}: output looks like it holds a memory address")
            for path in (root, oracle.snapshot_dir, tempfile.gettempdir() + os.sep, REPO, sys.prefix):
                if len(path) > 4 and path in output:
                    problems.append(f"{record['name']}: output holds a temporary or host path")
    lines = "".join(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n" for r in records)

    total = clock() - started
    print(f"{len(records)} records, {cells_run} cells; setup {setup_seconds:.1f} s, "
          f"total {total:.1f} s", file=sys.stderr)
    if args.only is not None:
        real_stdout.write(lines)
    elif problems:
        print("\n".join(problems), file=sys.stderr)
    else:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(lines)
        print(f"{len(records)} records -> {os.path.relpath(args.out, cwd)}", file=sys.stderr)
    real_stdout.flush()
    shutil.rmtree(root, ignore_errors=True)
    if getattr(oracle, "_own_snapshot", False):
        shutil.rmtree(oracle.snapshot_dir, ignore_errors=True)
    # AppWorld leaves TestClient threads and time freezers behind; skip interpreter teardown.
    os._exit(1 if problems and args.only is None else 0)


if __name__ == "__main__":
    main()
