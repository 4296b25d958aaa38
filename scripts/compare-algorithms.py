#!/usr/bin/env python3
"""LOOP, GRPO, RLOO and per-turn LOOP side by side: the same model, tasks, rollout budget and
seeds, on a ladder of task families; one `appsim train` run per (family, algorithm, seed).

    python3 scripts/compare-algorithms.py --base configs/tiny.toml \\
        --family "count notes with a tag:40" --family "...:30:sft.epochs=30" --family "...:30" \\
        --seeds 0,1,2 --iterations 6 --out runs/compare

Each run gets its own config (the base with `rl.algorithm`, `rl.action`, `rl.seed`,
`rl.family`, the train and held-out variant ranges and `run.out_dir` replaced) and its own
`metrics.jsonl`. Every run starts from one model: `model.init_seed` (`--init-seed`) fixes the
random weights and fresh adapters, so the seeds vary only the RL (task sampling, sampling,
shuffles). Where the base warm-starts with SFT, the family's first run (first seed, first
algorithm) runs it and every other run of the family starts from its adapter, so all
algorithms and seeds start from the same policy (`--init-seed per-seed` instead gives each
seed its own random model and SFT, shared by that seed's algorithms); a run whose metrics already reach the last iteration is not run again, so an
interrupted comparison picks up where it stopped. Then it writes `summary.md` (mean ± sd over
seeds of the final held-out success, `dev_success`, per family and algorithm, and the wall
time) and, per family, `curves-<n>.jsonl` (the mean held-out success per iteration, one key
per algorithm) drawn by `appsim plot` into `curves-<n>.png`, one panel with a curve per
algorithm.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import time
import tomllib
from pathlib import Path

# name -> the [rl] fields that make it.
ALGORITHMS = {
    "loop": {"algorithm": "loop"},
    "grpo": {"algorithm": "grpo"},
    "rloo": {"algorithm": "rloo"},
    "loop-turn": {"algorithm": "loop", "action": "turn"},
}


def toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"no TOML for {v!r}")


def toml_text(cfg: dict) -> str:
    """The config as TOML: top-level tables of scalars, lists and inline tables (the shape of
    `appsim train`'s configs)."""
    out = []
    for table, fields in cfg.items():
        out.append(f"[{table}]")
        out += [f"{k} = {toml_value(v)}" for k, v in fields.items()]
        out.append("")
    return "\n".join(out)


def family_arg(text: str) -> tuple[str, int, list]:
    """`SCENARIO:VARIANTS`, then optionally `:TABLE.KEY=VALUE,...` (settings of this family's
    runs only, e.g. a longer SFT for a harder family)."""
    scenario, _, rest = text.partition(":")
    variants, _, sets = rest.partition(":")
    if not scenario or not variants.isdigit() or int(variants) < 8:
        raise argparse.ArgumentTypeError(
            f"--family {text!r}: give SCENARIO:VARIANTS with at least 8 variants"
        )
    return scenario, int(variants), [set_arg(x) for x in sets.split(",") if x]


def set_arg(text: str) -> tuple[str, str, object]:
    """`TABLE.KEY=VALUE`, the value read as TOML (a bare word as a string)."""
    key, eq, value = text.partition("=")
    table, dot, field = key.partition(".")
    if not eq or not dot or not table or not field:
        raise argparse.ArgumentTypeError(f"--set {text!r}: give TABLE.KEY=VALUE, e.g. sft.epochs=2")
    try:
        parsed = tomllib.loads(f"v = {value}")["v"]
    except tomllib.TOMLDecodeError:
        parsed = value
    return table, field, parsed


def run_config(base: dict, family: tuple, algo: str, seed: int, iterations: int, out: Path) -> dict:
    """The base config for one run, with the family's own settings. Variants 3..(variants -
    held) train and the last quarter (at least 4) are held out: `dev_success` is measured on
    those."""
    scenario, variants, sets = family
    cfg = {k: dict(v) for k, v in base.items()}
    for table, field, value in sets:
        cfg.setdefault(table, {})[field] = value
    held = max(4, variants // 4)
    rl = cfg.setdefault("rl", {})
    for key in ("algorithm", "action", "epochs", "minibatch_rollouts"):
        rl.pop(key, None)
    rl.update(ALGORITHMS[algo])
    # Ranges of task ids are written with the scenario's hex id (`<hex>_3..30`).
    rl["family"] = {"scenario": scenario, "variants": variants}
    rl["train_tasks"] = [f"{scenario_id(scenario)}_3..{variants - held}"]
    rl["dev_tasks"] = [f"{scenario_id(scenario)}_{variants - held + 1}..{variants}"]
    rl["dev_split"] = "train"
    rl["seed"] = seed
    rl["iterations"] = iterations
    cfg.setdefault("run", {})["out_dir"] = str(out)
    return cfg


_IDS: dict[str, str] = {}


def scenario_id(scenario: str) -> str:
    """The 7-hex id of a scenario given by name or id (from `appsim tasks --json`)."""
    if len(scenario) == 7 and all(c in "0123456789abcdef" for c in scenario):
        return scenario
    if scenario not in _IDS:
        raise SystemExit(f"unknown scenario {scenario!r}: `appsim tasks` lists them")
    return _IDS[scenario]


def load_scenarios(appsim: str) -> None:
    listing = subprocess.run([appsim, "tasks", "--json"], check=True, capture_output=True, text=True)
    for task in json.loads(listing.stdout):
        _IDS.setdefault(task["scenario"], task["id"].split("_")[0])


def metrics(path: Path) -> list[dict]:
    if not path.exists():
        return []
    rows = []
    for line in path.read_text().splitlines():
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            pass  # a half-written last line
    return rows


def done(path: Path, iterations: int) -> bool:
    return any(r.get("iteration") == iterations - 1 and "dev_success" in r for r in metrics(path))


def mean_sd(xs: list[float]) -> str:
    if not xs:
        return "n/a"
    m = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else 0.0
    return f"{m:.2f} ± {sd:.2f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", type=Path, default=Path("configs/tiny.toml"))
    ap.add_argument("--family", type=family_arg, action="append", required=True, help="SCENARIO:VARIANTS, easiest first")
    ap.add_argument("--algorithms", default=",".join(ALGORITHMS))
    ap.add_argument("--seeds", default="0,1,2")
    ap.add_argument("--iterations", type=int, default=6)
    ap.add_argument("--out", type=Path, default=Path("runs/compare"))
    ap.add_argument("--appsim", default="target/release/appsim")
    ap.add_argument("--init-seed", default="0", help="seed of the model's random init and SFT for every run, or per-seed")
    ap.add_argument("--summary-only", action="store_true", help="run nothing: summarise the runs already in --out")
    ap.add_argument("--set", type=set_arg, action="append", default=[], help="TABLE.KEY=VALUE: override the base config (same for every run)")
    args = ap.parse_args()
    algos = args.algorithms.split(",")
    for a in algos:
        if a not in ALGORITHMS:
            ap.error(f"unknown algorithm {a!r}: one of {', '.join(ALGORITHMS)}")
    seeds = [int(s) for s in args.seeds.split(",")]
    base = tomllib.loads(args.base.read_text())
    for table, field, value in args.set:
        base.setdefault(table, {})[field] = value
    load_scenarios(args.appsim)
    args.out.mkdir(parents=True, exist_ok=True)
    warm = base.get("sft", {}).get("warm_start", False) and not base.get("model", {}).get("adapter")
    for fi, family in enumerate(args.family):
        scenario = family[0]
        for seed in seeds:
            for algo in algos:
                out = args.out / f"f{fi}-{algo}-s{seed}"
                cfg_path = args.out / f"f{fi}-{algo}-s{seed}.toml"
                cfg = run_config(base, family, algo, seed, args.iterations, out)
                first_seed = seed if args.init_seed == "per-seed" else seeds[0]
                if args.init_seed != "per-seed":
                    cfg["model"]["init_seed"] = int(args.init_seed)
                if warm and (algo, seed) != (algos[0], first_seed):
                    adapter = args.out / f"f{fi}-{algos[0]}-s{first_seed}" / "sft-adapter"
                    cfg["model"]["adapter"] = str(adapter)
                    cfg["sft"]["warm_start"] = False
                cfg_path.write_text(toml_text(cfg))
                if args.summary_only or done(out / "metrics.jsonl", args.iterations):
                    continue
                print(f"== family {fi} ({scenario}), {algo}, seed {seed}", flush=True)
                started = time.monotonic()
                resume = ["--resume"] if (out / "checkpoint").exists() else []
                subprocess.run([args.appsim, "train", "--config", str(cfg_path), *resume], check=True)
                (out / "wall_s.txt").write_text(f"{time.monotonic() - started:.0f}\n")
    lines = [
        f"Held-out success (`dev_success`) before the first update and after the last of {args.iterations} iterations, mean ± sd over seeds {args.seeds}; wall time per run in minutes.",
        "",
        "| family | start (before RL) | " + " | ".join(algos) + " |",
        "| --- | --- |" + " --- |" * len(algos),
    ]
    for fi, (scenario, variants, sets) in enumerate(args.family):
        cells = []
        curves: dict[int, dict] = {}
        # The start point: dev before the first update (`iteration` -1), the same policy for
        # every algorithm of a seed (sampled with the seed's streams).
        starts = []
        for seed in seeds:
            first = [r for r in metrics(args.out / f"f{fi}-{algos[0]}-s{seed}" / "metrics.jsonl") if r.get("iteration") == -1]
            if first and "dev_success" in first[0]:
                starts.append(first[0]["dev_success"])
        for algo in algos:
            finals, minutes = [], []
            per_iter: dict[int, list[float]] = {}
            for seed in seeds:
                out = args.out / f"f{fi}-{algo}-s{seed}"
                rows = [r for r in metrics(out / "metrics.jsonl") if "dev_success" in r]
                for r in rows:
                    per_iter.setdefault(r["iteration"], []).append(r["dev_success"])
                if rows:
                    finals.append(rows[-1]["dev_success"])
                wall = out / "wall_s.txt"
                if wall.exists():
                    minutes.append(float(wall.read_text()) / 60)
            for it, xs in per_iter.items():
                curves.setdefault(it, {"iteration": it})[algo] = sum(xs) / len(xs)
            took = f" ({sum(minutes) / len(minutes):.1f} min)" if minutes else ""
            cells.append(mean_sd(finals) + took)
        own = "".join(f", {t}.{k} = {v}" for t, k, v in sets)
        lines.append(f"| {scenario} ({variants} variants{own}) | {mean_sd(starts)} | " + " | ".join(cells) + " |")
        curve_path = args.out / f"curves-{fi}.jsonl"
        curve_path.write_text("".join(json.dumps(curves[i]) + "\n" for i in sorted(curves)))
        subprocess.run(
            [args.appsim, "plot", str(curve_path), "--out", str(curve_path.with_suffix(".png")), "--keys", "+".join(algos)],
            check=True,
        )
    (args.out / "summary.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
