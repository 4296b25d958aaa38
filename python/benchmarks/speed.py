"""Speed and scale of the `appsim` package, measured from Python.

Usage: python python/benchmarks/speed.py [--iters N] [--worlds N] [--steps N] [--inline] [--json]
                                         [--appworld PYTHON [--oracle AW_ORACLE_PY]]

Times, per operation (median of N, in microseconds): a trivial cell, a cell with one API call,
a new world (task setup included), evaluate, fork; then steps per second on 1 and 2 threads
and the memory of many live worlds (resident set size per world). docs/python.md holds the
figures and the command that made them.

With ``--appworld PYTHON`` (a Python with ``appworld`` installed, as ../shared/oracle/setup.sh
makes one), the same run also times AppWorld itself through the oracle's ``--bench`` (an
``AppWorld`` task on the oracle's world: a trivial cell, a cell with one API call, a new world)
and prints each appsim figure beside AppWorld's with the ratio.
"""

import argparse
import json
import os
import statistics
import subprocess
import threading
import time

import appsim
from appsim import AppWorld, load_task_ids


def rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def median_us(fn, iters):
    times = []
    for _ in range(iters):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e6


ORACLE = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "oracle", "aw_oracle.py")


def appworld_figures(python, oracle, iters):
    """AppWorld's own figures (microseconds), from the oracle's benchmark run now."""
    cmd = [python, oracle, "--bench", "--calls", str(iters), "--resets", str(max(iters // 10, 5)),
           "--cells", str(max(iters, 60)), "--sizes", "0"]
    done = subprocess.run(cmd, capture_output=True, text=True, check=True)
    r = json.loads(done.stdout)
    cells = r["c_code_cell"]
    (reset,) = r["b_world_reset"].values()

    def cell(label):
        (v,) = [v for k, v in cells.items() if k.startswith(f"world.execute({label!r})")]
        return v["median_ms"] * 1e3

    return {
        "trivial_cell_us": cell("x = 1"),
        "api_call_cell_us": cell("one API call"),
        "new_world_us": reset["AppWorld(task_id).__init__"]["median_ms"] * 1e3,
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=200)
    ap.add_argument("--worlds", type=int, default=1000)
    ap.add_argument("--steps", type=int, default=2000)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--inline", action="store_true", help="worlds on the calling thread, no workers")
    ap.add_argument("--appworld", metavar="PYTHON", help="also time AppWorld with this Python")
    ap.add_argument("--oracle", default=ORACLE, help="the oracle script (aw_oracle.py)")
    args = ap.parse_args()
    appsim.configure(threads=2, inline=args.inline)
    task_id = load_task_ids("train")[0]
    out = {"task_id": task_id, "inline": args.inline}

    with AppWorld(task_id=task_id) as world:
        world.execute("x = 0")
        out["trivial_cell_us"] = median_us(lambda: world.execute("x += 1"), args.iters)
        out["api_call_cell_us"] = median_us(
            lambda: world.execute("apis.supervisor.show_profile()"), args.iters
        )
        out["evaluate_us"] = median_us(world.evaluate, max(args.iters // 4, 5))

        def fork_and_close():
            world.fork().close()

        out["fork_us"] = median_us(fork_and_close, max(args.iters // 4, 5))

    def new_world():
        AppWorld(task_id=task_id).close()

    new_world()
    out["new_world_us"] = median_us(new_world, max(args.iters // 4, 5))

    # Throughput: `steps` trivial cells over 1 and then 2 threads, each thread with its own
    # world (started and warmed on that thread), the workers idle at the start.
    def throughput(threads):
        per = args.steps // threads
        ready = threading.Barrier(threads + 1)
        go = threading.Event()
        ends = []

        def run():
            # More cells than AppWorld's default cap of 1,000 interactions.
            w = AppWorld(task_id=task_id, max_interactions=10**9)
            w.execute("y = 0")
            ready.wait()
            go.wait()
            for _ in range(per):
                w.execute("y = 1")
            ends.append(time.perf_counter())
            w.close()

        ts = [threading.Thread(target=run) for _ in range(threads)]
        for th in ts:
            th.start()
        ready.wait()
        appsim.runtime().sync()
        t = time.perf_counter()
        go.set()
        for th in ts:
            th.join()
        return per * threads / (max(ends) - t)

    out["steps_per_s_1_thread"] = throughput(1)
    out["steps_per_s_2_threads"] = throughput(2)
    out["speedup_2_threads"] = out["steps_per_s_2_threads"] / out["steps_per_s_1_thread"]

    # Scale: many live worlds, each after one cell.
    appsim.runtime().sync()
    before = rss_bytes()
    t = time.perf_counter()
    worlds = []
    for _ in range(args.worlds):
        w = AppWorld(task_id=task_id)
        w.execute("z = 1")
        worlds.append(w)
    out["live_worlds"] = appsim.runtime().live()
    out["worlds_open_s"] = time.perf_counter() - t
    per_world = (rss_bytes() - before) / args.worlds
    out["rss_per_world_mb"] = per_world / 2**20
    out["worlds_in_16_gb"] = int(16 * 2**30 / per_world) if per_world > 0 else None
    for w in worlds:
        w.close()

    if args.appworld:
        aw = appworld_figures(args.appworld, args.oracle, args.iters)
        out["appworld"] = aw
        out["appworld_over_appsim"] = {k: aw[k] / out[k] for k in aw}

    if args.json:
        print(json.dumps(out, indent=1))
    else:
        for k, v in out.items():
            if isinstance(v, dict):
                continue
            print(f"{k:24} {v:.1f}" if isinstance(v, float) else f"{k:24} {v}")
        if args.appworld:
            print(f"\n{'vs AppWorld (us)':24} {'appsim':>10} {'AppWorld':>10} {'ratio':>8}")
            for k, v in out["appworld"].items():
                print(f"{k:24} {out[k]:10.1f} {v:10.1f} {v / out[k]:7.1f}x")


if __name__ == "__main__":
    main()
