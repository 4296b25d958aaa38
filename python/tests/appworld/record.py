"""Records what `python/tests/harness.py` prints when run on the real AppWorld (the reference
oracle, ../shared/oracle), over an AppWorld data root of this folder's tasks on the oracle's
world. The appsim side of the comparison runs the same harness, import switched, on the same
tasks and world, and must print the same cells.

Usage (the oracle's venv; ~2 min):
    ~/.cache/appsim-awref/bin/python python/tests/appworld/record.py

Writes, beside this file: `cells.json` (the harness's script: each task's cells, from
`TASKS` below), `appworld.out` (what the harness printed on AppWorld) and `data/`, the data
root AppWorld ran on less what appsim does not read: `datasets/dev.txt` and each task's
`specs.json` (less its canary string) and `dbs/` (the task's change logs over the base DBs,
empty here). Its `base_dbs/` was the oracle's world, committed as `tests/fidelity/world/`;
each task's `ground_truth/` was a minimal one whose one test always passes.
"""

import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parents[2]
ORACLE = REPO.parent / "shared" / "oracle"
sys.path.insert(0, str(ORACLE))

import aw_oracle  # noqa: E402  (the oracle: AppWorld itself, set up by its setup.sh)

# The tasks: (task id, instruction, cells). The supervisor is the oracle world's (Alice); the
# clock is the world's. Cells cover what a harness sees: prints, API answers and their
# errors, tracebacks, a cell that defines and one that uses a name, completion.
TASKS = [
    (
        "aw00001_1",
        "How many notes do I have in SimpleNote?",
        [
            'print([a["name"] for a in apis.api_docs.show_app_descriptions()])',
            'passwords = {p["account_name"]: p["password"] for p in apis.supervisor.show_account_passwords()}\nprofile = apis.supervisor.show_profile()\nprint(profile["email"])',
            'token = apis.simple_note.login(username=profile["email"], password=passwords["simple_note"])["access_token"]\nnotes = apis.simple_note.search_notes(access_token=token, page_limit=20)\nprint(len(notes), sorted(notes[0]))',
            'apis.simple_note.show_note(access_token=token, note_id=999999)',
            'x = 1 / 0',
            'notes',
            'apis.supervisor.complete_task(answer=len(notes))',
        ],
    ),
    (
        "aw00002_1",
        "Send Bruno $5 on Venmo with the note lunch.",
        [
            'passwords = {p["account_name"]: p["password"] for p in apis.supervisor.show_account_passwords()}\nvm = apis.venmo.login(username="alice.ng@gmail.com", password=passwords["venmo"])["access_token"]',
            'print(apis.venmo.show_account(access_token=vm)["first_name"])',
            'apis.venmo.create_transaction(access_token=vm, receiver_email="bruno.ortiz@gmail.com", amount=5, description="lunch")',
            'apis.venmo.create_transaction(access_token=vm, receiver_email="nobody@example.com", amount=5, description="lunch")',
            'for t in apis.venmo.show_transactions(access_token=vm, page_limit=2):\n    print(t["amount"], t["description"])',
            'apis.supervisor.complete_task()',
        ],
    ),
]

# A ground truth AppWorld accepts in its "minimal" mode, whose one test always passes.
EVALUATION = '''def evaluate(test, public_data, private_data, main_user, models, ground_truth_answer):
    with test("the harness ran the task"):
        test.case(True)
'''


def make_root(root: pathlib.Path, base_dbs: str) -> None:
    """AppWorld's data root: api docs, base DBs, the datasets file and each task."""
    first = TASKS[0][0]
    aw_oracle._make_task_root(str(root), base_dbs, first)
    data = root / "data"
    for task_id, instruction, cells in TASKS:
        task = data / "tasks" / task_id
        if task_id != first:
            shutil.copytree(data / "tasks" / first, task)
        specs = json.loads((task / "specs.json").read_text())
        specs["instruction"] = instruction
        (task / "specs.json").write_text(json.dumps(specs))
        gt = task / "ground_truth"
        gt.mkdir(exist_ok=True)
        metadata = {"mode": "minimal", "difficulty": 1, "num_apps": 2, "num_apis": 2,
                    "num_solution_code_lines": len(cells)}
        (gt / "metadata.json").write_text(json.dumps(metadata))
        for name in ("public_data", "private_data"):
            (gt / f"{name}.json").write_text("{}")
        (gt / "answer.json").write_text("null")
        (gt / "evaluation.py").write_text(EVALUATION)
        (gt / "test_data.json").write_text(
            json.dumps([{"requirement": "the harness ran the task", "label": "no_op_fail"}])
        )
    (data / "datasets").mkdir(exist_ok=True)
    (data / "datasets" / "dev.txt").write_text("".join(t + "\n" for t, _, _ in TASKS))


def main() -> None:
    oracle = aw_oracle.make_oracle()
    with tempfile.TemporaryDirectory(prefix="aw_harness_") as tmp:
        root = pathlib.Path(tmp)
        make_root(root, oracle.snapshot_dir)
        script = {"tasks": [[t, cells] for t, _, cells in TASKS]}
        (HERE / "cells.json").write_text(json.dumps(script, indent=1) + "\n")
        out = subprocess.run(
            [sys.executable, str(REPO / "python" / "tests" / "harness.py"), str(HERE / "cells.json")],
            cwd=root,
            env={**os.environ, "APPWORLD_ROOT": str(root)},
            capture_output=True,
            text=True,
        )
        if out.returncode != 0:
            sys.exit(f"the harness failed on AppWorld:\n{out.stdout}\n{out.stderr}")
        (HERE / "appworld.out").write_text(out.stdout)
        data = HERE / "data"
        shutil.rmtree(data, ignore_errors=True)
        (data / "datasets").mkdir(parents=True)
        shutil.copy(root / "data" / "datasets" / "dev.txt", data / "datasets")
        for task_id, _, _ in TASKS:
            task = data / "tasks" / task_id
            shutil.copytree(root / "data" / "tasks" / task_id / "dbs", task / "dbs")
            specs = json.loads((root / "data" / "tasks" / task_id / "specs.json").read_text())
            specs.pop("canary_string", None)  # AppWorld's text, not ours to commit
            (task / "specs.json").write_text(json.dumps(specs, indent=1) + "\n")
    print(f"wrote {HERE / 'appworld.out'} ({len(out.stdout.splitlines())} lines)")


if __name__ == "__main__":
    main()
