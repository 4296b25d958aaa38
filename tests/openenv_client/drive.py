#!/usr/bin/env python3
"""Drive one episode of an OpenEnv server with the stock openenv-core client.

Usage:
    python drive.py URL TASK_ID CELLS_JSON_FILE

URL             server base URL (http://host:port, https://..., ws://...);
                the client connects to the WebSocket at URL + "/ws".
TASK_ID         passed as the reset kwarg ``task_id``.
CELLS_JSON_FILE a JSON list of code strings; each becomes one step with the
                action ``{"code": cell}``.

Uses ``openenv.core.GenericEnvClient`` (dict-in / dict-out, no subclass) through
its ``.sync()`` wrapper, exactly as a downstream OpenEnv user would
(tested with openenv-core==0.3.0).

Stdout: for the reset and each step, a header line ``### reset`` /
``### step N`` followed by the observation's ``output`` text; the LAST line of
stdout is one JSON object:
    {"rewards": [...], "done": bool, "final_reward": x, "state": {...}}
``rewards`` holds one entry per step (not the reset); ``final_reward`` is the
reward of the last step (null if no step ran). Stepping stops early once a
result has ``done: true`` (remaining cells are reported on stderr).

Exit status: 0 on a completed run (whether or not done became true);
2 on any protocol/connection error or malformed response; 64 on bad usage.

Environment: OPENENV_DRIVE_TIMEOUT_S (default 60) sets the client's per-message
receive timeout in seconds.
"""

from __future__ import annotations

import json
import math
import os
import sys


def _fail(msg: str, code: int = 2) -> "NoReturn":  # type: ignore[name-defined]
    print(f"drive.py: {msg}", file=sys.stderr)
    sys.exit(code)


def _check_result(result, what: str) -> str:
    """Validate a StepResult's shape; return the observation's output text."""
    obs = result.observation
    if not isinstance(obs, dict):
        raise ValueError(f"{what}: observation is {type(obs).__name__}, not an object")
    if "output" not in obs:
        raise ValueError(f"{what}: observation has no 'output' field: {obs!r}")
    output = obs["output"]
    if not isinstance(output, str):
        raise ValueError(f"{what}: observation.output is {type(output).__name__}, not a string")
    if not isinstance(result.done, bool):
        raise ValueError(f"{what}: done is {result.done!r}, not a bool")
    r = result.reward
    if r is not None and (isinstance(r, bool) or not isinstance(r, (int, float)) or not math.isfinite(r)):
        raise ValueError(f"{what}: reward is {r!r}, not a finite number or null")
    return output


def _show(header: str, output: str) -> None:
    print(f"### {header}")
    if output:
        print(output, end="" if output.endswith("\n") else "\n")
    sys.stdout.flush()


def main(argv: list[str]) -> int:
    if len(argv) != 4:
        _fail("usage: drive.py URL TASK_ID CELLS_JSON_FILE", 64)
    url, task_id, cells_path = argv[1], argv[2], argv[3]

    try:
        with open(cells_path, encoding="utf-8") as f:
            cells = json.load(f)
    except (OSError, ValueError) as e:
        _fail(f"cannot read cells file {cells_path}: {e}", 64)
    if not isinstance(cells, list) or not all(isinstance(c, str) for c in cells):
        _fail(f"{cells_path} must hold a JSON list of strings", 64)

    timeout_s = float(os.environ.get("OPENENV_DRIVE_TIMEOUT_S", "60"))

    from openenv.core import GenericEnvClient  # the library's generic client

    client = GenericEnvClient(base_url=url, message_timeout_s=timeout_s).sync()
    rewards: list = []
    try:
        with client:  # connects to URL/ws; on exit sends {"type":"close"} and closes
            result = client.reset(task_id=task_id)
            _show("reset", _check_result(result, "reset"))
            done = result.done
            final_reward = None
            for i, cell in enumerate(cells, 1):
                if done:
                    print(f"drive.py: episode done after step {i - 1}; "
                          f"{len(cells) - i + 1} cell(s) not sent", file=sys.stderr)
                    break
                result = client.step({"code": cell})
                _show(f"step {i}", _check_result(result, f"step {i}"))
                rewards.append(result.reward)
                final_reward = result.reward
                done = result.done
            state = client.state()
            if not isinstance(state, dict):
                raise ValueError(f"state is {type(state).__name__}, not an object")
    except Exception as e:  # RuntimeError("Server error: ...") for {"type":"error"},
        # ConnectionError, TimeoutError, websockets ConnectionClosed, JSONDecodeError, ...
        detail = str(e) or (f"no reply within {timeout_s:g}s"
                            if isinstance(e, TimeoutError) else repr(e))
        _fail(f"protocol error: {type(e).__name__}: {detail}")

    print(json.dumps({"rewards": rewards, "done": done,
                      "final_reward": final_reward, "state": state}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
