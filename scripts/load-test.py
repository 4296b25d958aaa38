#!/usr/bin/env python3
"""Load test for `appsim serve` (loopback): N clients x M steps, one session per client.

Usage:
    ./target/release/appsim serve --port 8000 &
    python3 scripts/load-test.py --url http://127.0.0.1:8000 --clients 16 --steps 50 --pid $!

Each client starts its own session of one task (AppWorld's /initialize with a session_id,
OpenEnv's HTTP /reset with --protocol openenv, or `open_episode` on the stateless MCP endpoint
with --protocol mcp), then runs M steps (a cell with one API call; for MCP one API tool call)
over a keep-alive connection. With --soak N it instead runs N start/step/close cycles and
reports the server's memory curve. Prints one JSON object: sessions held, steps/s, p50/p99 latency
of a step and of a session start, and the server's resident memory before, at peak (all
sessions live) and per session (needs --pid of the server, read from /proc). Standard library
only; bounded by --clients, --steps and --timeout.
"""

import argparse
import http.client
import json
import statistics
import sys
import threading
import time
import urllib.parse


def rss_bytes(pid):
    if pid is None:
        return None
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return None


class Client:
    """One keep-alive HTTP/1.1 connection."""

    def __init__(self, url, timeout):
        u = urllib.parse.urlparse(url)
        self.conn = http.client.HTTPConnection(u.hostname, u.port or 80, timeout=timeout)

    def post(self, path, body, headers=None):
        data = json.dumps(body)
        self.conn.request("POST", path, data, {"Content-Type": "application/json", **(headers or {})})
        r = self.conn.getresponse()
        text = r.read()
        if r.status != 200:
            raise RuntimeError(f"POST {path}: {r.status} {text[:300]!r}")
        return json.loads(text)

    def mcp(self, tool, arguments):
        """One `tools/call` on the stateless MCP endpoint (revision 2026-07-28)."""
        version = "2026-07-28"
        body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                "params": {"name": tool, "arguments": arguments,
                           "_meta": {"io.modelcontextprotocol/protocolVersion": version,
                                     "io.modelcontextprotocol/clientCapabilities": {}}}}
        headers = {"Accept": "application/json", "MCP-Protocol-Version": version,
                   "Mcp-Method": "tools/call", "Mcp-Name": tool}
        answer = self.post("/mcp", body, headers)
        result = answer.get("result")
        if result is None or result.get("isError"):
            raise RuntimeError(f"MCP {tool}: {json.dumps(answer)[:300]}")
        return result.get("structuredContent")


def start(c, protocol, task, sid):
    """Starts a session; answers its handle."""
    if protocol == "appworld":
        c.post("/initialize", {"task_id": task, "session_id": sid})
        return sid
    if protocol == "openenv":
        c.post("/reset", {"task_id": task, "episode_id": sid})
        return sid
    return c.mcp("open_episode", {"task_id": task})["episode"]


def step(c, protocol, handle, cell):
    if protocol == "appworld":
        c.post("/execute", {"task_id": handle, "code": cell})
    elif protocol == "openenv":
        c.post("/step", {"episode_id": handle, "action": {"code": cell}})
    else:
        c.mcp("supervisor__show_profile", {"episode": handle})


def close(c, protocol, handle):
    if protocol == "mcp":
        c.mcp("close_episode", {"episode": handle})
    else:
        c.post("/close", {"task_id": handle})


def soak(args, task):
    """`--soak N`: N start/step/close cycles over --clients threads; the server's resident
    memory sampled every --sample cycles (the curve), cycle latency and errors."""
    done, errors, cycle_times, curve = [0], [], [], []
    lock = threading.Lock()
    t0 = time.perf_counter()

    def client(i):
        c = Client(args.url, args.timeout)
        k = 0
        while True:
            with lock:
                if done[0] >= args.soak:
                    return
                done[0] += 1
                n = done[0]
            t = time.perf_counter()
            try:
                handle = start(c, args.protocol, task, f"soak-{i}-{k}")
                for _ in range(args.steps):
                    step(c, args.protocol, handle, args.cell)
                close(c, args.protocol, handle)
            except Exception as e:  # noqa: BLE001 (reported, not raised)
                with lock:
                    errors.append(str(e))
                c = Client(args.url, args.timeout)
            k += 1
            with lock:
                cycle_times.append(time.perf_counter() - t)
                if n % args.sample == 0:
                    rss = rss_bytes(args.pid)
                    curve.append([n, None if rss is None else round(rss / 1e6, 1),
                                  round(time.perf_counter() - t0, 1)])

    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(args.clients)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    wall = time.perf_counter() - t0
    ms = lambda x: None if x is None else round(x * 1e3, 2)  # noqa: E731
    print(json.dumps({
        "protocol": args.protocol, "mode": "soak", "task": task, "clients": args.clients,
        "cycles": len(cycle_times), "steps_per_cycle": args.steps, "wall_s": round(wall, 1),
        "cycles_per_s": round(len(cycle_times) / wall, 1) if wall > 0 else None,
        "cycle_p50_ms": ms(pct(cycle_times, 0.5)), "cycle_p99_ms": ms(pct(cycle_times, 0.99)),
        "rss_curve_mb": curve, "errors": len(errors), "first_error": errors[0] if errors else None,
    }))
    return 1 if errors else 0


def pct(xs, q):
    if not xs:
        return None
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--url", default="http://127.0.0.1:8000")
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--steps", type=int, default=50)
    ap.add_argument("--task", default=None, help="task id (default: the first of GET /tasks)")
    ap.add_argument("--cell", default="print(apis.supervisor.show_profile()['email'])")
    ap.add_argument("--protocol", choices=["appworld", "openenv", "mcp"], default="appworld")
    ap.add_argument("--soak", type=int, default=0,
                    help="run this many start/step/close cycles instead (memory curve, errors)")
    ap.add_argument("--sample", type=int, default=1000, help="soak: cycles between memory samples")
    ap.add_argument("--pid", type=int, default=None, help="the server's PID, for its memory")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per request")
    args = ap.parse_args()

    probe = Client(args.url, args.timeout)
    task = args.task
    if task is None:
        probe.conn.request("GET", "/tasks")
        task = json.loads(probe.conn.getresponse().read())["output"][0]
    if args.soak:
        return soak(args, task)
    rss_before = rss_bytes(args.pid)

    starts, steps, errors = [], [], []
    lock = threading.Lock()
    ready = threading.Barrier(args.clients + 1)
    go = threading.Event()
    ids = [f"load-{i}" for i in range(args.clients)]

    def client(i):
        c = Client(args.url, args.timeout)
        sid = ids[i]
        try:
            t = time.perf_counter()
            sid = start(c, args.protocol, task, sid)
            ids[i] = sid
            with lock:
                starts.append(time.perf_counter() - t)
        except Exception as e:  # noqa: BLE001 (reported, not raised)
            with lock:
                errors.append(str(e))
        ready.wait()
        go.wait()
        mine = []
        for _ in range(args.steps):
            t = time.perf_counter()
            try:
                step(c, args.protocol, sid, args.cell)
            except Exception as e:  # noqa: BLE001
                with lock:
                    errors.append(str(e))
                break
            mine.append(time.perf_counter() - t)
        with lock:
            steps.extend(mine)

    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(args.clients)]
    t_start = time.perf_counter()
    for th in threads:
        th.start()
    ready.wait()
    start_wall = time.perf_counter() - t_start
    rss_peak = rss_bytes(args.pid)
    t0 = time.perf_counter()
    go.set()
    for th in threads:
        th.join()
    wall = time.perf_counter() - t0
    probe.conn.request("GET", "/health")
    health = json.loads(probe.conn.getresponse().read())
    rss_after = rss_bytes(args.pid)
    for sid in ids:
        try:
            probe.post("/close", {"task_id": sid})
        except Exception:  # noqa: BLE001 (already gone)
            pass

    ms = lambda x: None if x is None else round(x * 1e3, 2)  # noqa: E731
    per_session = None
    if rss_before is not None and rss_peak is not None:
        per_session = round((max(rss_peak, rss_after) - rss_before) / args.clients / 1e6, 2)
    print(json.dumps({
        "protocol": args.protocol,
        "task": task,
        "clients": args.clients,
        "steps_per_client": args.steps,
        "sessions_held": health.get("sessions"),
        "start_wall_s": round(start_wall, 2),
        "start_p50_ms": ms(pct(starts, 0.5)),
        "start_p99_ms": ms(pct(starts, 0.99)),
        "steps": len(steps),
        "wall_s": round(wall, 3),
        "steps_per_s": round(len(steps) / wall, 1) if wall > 0 else None,
        "step_p50_ms": ms(pct(steps, 0.5)),
        "step_p99_ms": ms(pct(steps, 0.99)),
        "step_mean_ms": ms(statistics.fmean(steps)) if steps else None,
        "rss_before_mb": None if rss_before is None else round(rss_before / 1e6, 1),
        "rss_peak_mb": None if rss_peak is None else round(max(rss_peak, rss_after) / 1e6, 1),
        "rss_per_session_mb": per_session,
        "errors": len(errors),
        "first_error": errors[0] if errors else None,
    }))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
