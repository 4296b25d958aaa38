#!/usr/bin/env python3
"""Import cycles between the files of one crate, from its `use` lines and inline paths.

    python3 scripts/import-graph.py apps/src            # file-level and module-level cycles
    python3 scripts/import-graph.py apps/src --edges    # also every edge of each cycle

A file's module path follows Rust's layout (`venmo/mod.rs` is `crate::venmo`, `venmo/balance.rs`
`crate::venmo::balance`, `lib.rs` the crate). A file depends on another when it names a path
into it: `use crate::a::b::...`, `use super::x`, `self::`, or an inline `crate::a::f(...)` /
`super::x::y`. A parent naming its own child module through `self::` or `crate::` counts like
any other reference; a bare `child::item` path in a folder's `mod.rs` (the folder's shape: its
`mod.rs` registers its files' handlers) does not, except in the crate root, whose bare paths
into the top-level modules do count (`lib.rs` is the composition root: nothing below may name
it). Test-only code is left out: files declared under `#[cfg(test)]` and inline
`#[cfg(test)] mod name { ... }` blocks. Prints the strongly connected components with more than one
member, at two levels: files, and the crate's top-level modules (`common`, `venmo`, `seed`,
...), where a cycle means a shared layer names the modules above it. Exit status 1 when
either graph has a cycle. Standard library only; a text scan, not a compiler: paths built
by macros are not seen.
"""

from __future__ import annotations

import argparse
import os
import re
import sys

USE = re.compile(r"\buse\s+((?:crate|super|self)(?:::[A-Za-z_][A-Za-z0-9_]*)*)(::\{([^;]*)\})?\s*;", re.S)
INLINE = re.compile(r"\b((?:crate|super)(?:::[A-Za-z_][A-Za-z0-9_]*)+)")
COMMENT = re.compile(r"//[^\n]*")
TEST_MOD_FILE = re.compile(r"#\[cfg\(test\)\]\s*(?:pub(?:\([a-z]+\))?\s+)?mod\s+([a-z_][a-z0-9_]*)\s*;")
TEST_MOD_INLINE = re.compile(r"#\[cfg\(test\)\]\s*(?:pub(?:\([a-z]+\))?\s+)?mod\s+[a-z_][a-z0-9_]*\s*\{")
MOD_DECL = re.compile(r"^\s*(?:pub(?:\([a-z]+\))?\s+)?mod\s+([a-z_][a-z0-9_]*)\s*;", re.M)


def strip_test_blocks(text: str) -> str:
    """The text without its inline `#[cfg(test)] mod name { ... }` blocks."""
    while (m := TEST_MOD_INLINE.search(text)) is not None:
        depth, i = 0, m.end() - 1
        while i < len(text):
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            if depth == 0:
                break
            i += 1
        text = text[: m.start()] + text[i + 1 :]
    return text


def module_path(root: str, path: str) -> tuple[str, ...]:
    rel = os.path.relpath(path, root)[:-3].split(os.sep)
    if rel[-1] in ("mod", "lib", "main"):
        rel = rel[:-1]
    return tuple(rel)


def resolve(base: tuple[str, ...], path: str, modules: set[tuple[str, ...]]) -> tuple[str, ...] | None:
    parts = path.split("::")
    if parts[0] == "crate":
        cur: list[str] = []
        parts = parts[1:]
    else:
        cur = list(base)
        while parts and parts[0] in ("super", "self"):
            if parts.pop(0) == "super":
                if not cur:
                    return None
                cur.pop()
    if parts and parts[0] in ("crate", "super", "self"):
        return None
    full = tuple(cur + parts)
    # The longest prefix that is a file's module.
    for n in range(len(full), -1, -1):
        if full[:n] in modules:
            return full[:n]
    return None


def sccs(nodes, edges):
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return [c for c in out if len(c) > 1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("src", help="a crate's src directory, e.g. apps/src")
    ap.add_argument("--edges", action="store_true", help="print the edges inside each cycle")
    args = ap.parse_args()
    files = {}
    for d, _, names in os.walk(args.src):
        for n in names:
            if n.endswith(".rs"):
                p = os.path.join(d, n)
                files[module_path(args.src, p)] = p
    texts = {m: COMMENT.sub("", open(p, encoding="utf-8").read()) for m, p in files.items()}
    test_only = set()
    for m, text in texts.items():
        for child in TEST_MOD_FILE.findall(text):
            test_only |= {f for f in files if f[: len(m) + 1] == m + (child,)}
    for m in test_only:
        files.pop(m)
    modules = set(files)
    edges: dict[tuple, set] = {m: set() for m in modules}
    for m, p in files.items():
        text = strip_test_blocks(texts[m])
        refs = []
        if m == ():
            children = set(MOD_DECL.findall(text))
            bare = re.compile(r"(?<![A-Za-z0-9_:])(" + "|".join(sorted(children)) + r")::[A-Za-z_]") if children else None
            if bare is not None:
                refs += ["crate::" + b.group(1) for b in bare.finditer(text)]
            refs += ["crate::" + u.split("::")[0] for u in re.findall(r"\bpub\s+use\s+([a-z_][a-z0-9_]*)::", text) if u in children]
        for u in USE.finditer(text):
            head, group = u.group(1), u.group(3)
            if group is None:
                refs.append(head)
            else:
                for item in group.split(","):
                    item = item.strip().split(" as ")[0].strip()
                    if item and item != "self" and not item.startswith("{"):
                        refs.append(head + "::" + item.split("::{")[0])
                    elif item == "self":
                        refs.append(head)
        refs += [i.group(1) for i in INLINE.finditer(text)]
        for r in refs:
            target = resolve(m, r, modules)
            if target is not None and target != m:
                edges[m].add(target)
    name = lambda m: "::".join(m) or "crate"  # noqa: E731
    file_cycles = sccs(modules, edges)
    top = lambda m: m[:1]  # noqa: E731
    top_edges: dict[tuple, set] = {}
    for a, bs in edges.items():
        for b in bs:
            if top(a) != top(b):
                top_edges.setdefault(top(a), set()).add(top(b))
    top_cycles = sccs({top(m) for m in modules}, top_edges)
    print(f"{args.src}: {len(modules)} files ({len(test_only)} test-only left out), {sum(len(b) for b in edges.values())} edges")
    print(f"file-level cycles: {len(file_cycles)}" + (f" (largest {max(map(len, file_cycles))} files)" if file_cycles else ""))
    for c in file_cycles:
        print(f"  {len(c)} files: " + ", ".join(name(m) for m in c))
        if args.edges:
            members = set(c)
            for a in c:
                for b in sorted(edges[a] & members):
                    print(f"    {name(a)} -> {name(b)}")
    print(f"top-level module cycles: {len(top_cycles)}")
    for c in top_cycles:
        print("  " + ", ".join(name(m) for m in c))
        if args.edges:
            members = set(c)
            for a in c:
                for b in sorted(top_edges.get(a, set()) & members):
                    print(f"    {name(a)} -> {name(b)}")
    sys.exit(1 if top_cycles or file_cycles else 0)


if __name__ == "__main__":
    main()
