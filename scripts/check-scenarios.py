#!/usr/bin/env python3
"""Checks the task suite's sources: every `.py` script under tasks/src compiles as Python,
every cell a scenario's script defines is named in its sibling `.rs` (or included by
another cell, `{{cell:name}}`), and no scenario theme
imports another (shared helpers live in tasks/src/kit). Exits 1 with one line per problem."""

import pathlib
import py_compile
import re
import sys
import tempfile
import warnings

ROOT = pathlib.Path(__file__).resolve().parent.parent / "tasks" / "src"
SCENARIOS = ROOT / "scenarios"


def main() -> int:
    # A SyntaxWarning (a placeholder called like a function, say) is a problem too.
    warnings.simplefilter("error")
    problems = []
    scripts = sorted(ROOT.rglob("*.py"))
    with tempfile.TemporaryDirectory() as tmp:
        for i, py in enumerate(scripts):
            try:
                py_compile.compile(str(py), cfile=f"{tmp}/{i}.pyc", doraise=True)
            except py_compile.PyCompileError as e:
                problems.append(f"{py.relative_to(ROOT)}: does not compile: {e.msg.strip()}")
                continue
            rs = py.with_suffix(".rs")
            if not rs.is_file():
                problems.append(f"{py.relative_to(ROOT)}: no sibling {rs.name}")
                continue
            code = rs.read_text()
            text = py.read_text()
            included = set(re.findall(r"\{\{cell:(\w+)\}\}", text))
            for name in re.findall(r"^# %%\s*(\S+)", text, re.M):
                if f'"{name}"' not in code and name not in included:
                    problems.append(f"{py.relative_to(ROOT)}: cell `{name}` is not used by {rs.name}")
    themes = {p.stem for p in SCENARIOS.iterdir() if p.name != "mod.rs"}
    for rs in sorted(SCENARIOS.rglob("*.rs")):
        theme = rs.relative_to(SCENARIOS).parts[0].removesuffix(".rs")
        for m in re.finditer(r"(?:super|scenarios)::([a-z_]+)::", rs.read_text()):
            if m.group(1) in themes and m.group(1) != theme:
                problems.append(
                    f"{rs.relative_to(ROOT)}: uses the theme `{m.group(1)}` (move what it shares to tasks/src/kit)"
                )
    for p in problems:
        print(p)
    print(f"check-scenarios: {len(scripts)} scripts, {len(problems)} problems", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
