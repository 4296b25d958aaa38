#!/usr/bin/env python3
"""Checks the task suite's sources: every `.py` script under tasks/src compiles as Python,
every cell a scenario's script defines is named in its sibling `.rs` (or included by
another cell, `{{cell:name}}`), and no scenario theme
imports another (shared helpers live in tasks/src/kit), and no scenario file is over 600 lines
or has a function over 120. Exits 1 with one line per problem."""

import pathlib
import py_compile
import re
import sys
import tempfile
import warnings

ROOT = pathlib.Path(__file__).resolve().parent.parent / "tasks" / "src"
SCENARIOS = ROOT / "scenarios"
MAX_FILE_LINES = 600
MAX_FN_LINES = 120


def long_parts(rs: pathlib.Path) -> list[str]:
    """A scenario file's problems of size: the file over MAX_FILE_LINES, each function (from its
    `fn` line to the brace that closes it at the same indentation) over MAX_FN_LINES."""
    lines = rs.read_text().split("\n")
    out = []
    if len(lines) > MAX_FILE_LINES:
        out.append(f"{len(lines)} lines (at most {MAX_FILE_LINES})")
    for i, line in enumerate(lines):
        m = re.match(r"^(\s*)(?:pub(?:\([\w:]+\))? )?fn (\w+)", line)
        if not m or line.rstrip().endswith("}") or line.rstrip().endswith(";"):
            continue
        end = next((j for j in range(i + 1, len(lines)) if lines[j] == m.group(1) + "}"), i)
        if end - i + 1 > MAX_FN_LINES:
            out.append(f"fn {m.group(2)} at line {i + 1} has {end - i + 1} lines (at most {MAX_FN_LINES})")
    return out


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
        for problem in long_parts(rs):
            problems.append(f"{rs.relative_to(ROOT)}: {problem}")
    for p in problems:
        print(p)
    print(f"check-scenarios: {len(scripts)} scripts, {len(problems)} problems", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
