#!/usr/bin/env python3
"""Two raw WebSocket clients on appsim's OpenEnv `/ws` (the `websockets` package).

Usage: python ws_owned.py WS_URL TASK_ID

A starts an episode under the id "ws-shared" and sets a variable; B asks for the same id and
must be refused; B closes its connection; A's episode must still hold its variable. Then A runs
a slow step and sends 40 state requests while it runs: every one must be answered, in order,
after the step. Prints one JSON line with what each check saw.
"""

import asyncio
import json
import sys

import websockets


async def ask(ws, kind, data=None):
    await ws.send(json.dumps({"type": kind, "data": data or {}}))
    return json.loads(await ws.recv())


async def main(url, task):
    out = {}
    async with websockets.connect(url, max_size=None) as a:
        first = await ask(a, "reset", {"task_id": task, "episode_id": "ws-shared"})
        out["a_reset"] = first["type"]
        await ask(a, "step", {"code": "mine = 'a'"})
        async with websockets.connect(url) as b:
            taken = await ask(b, "reset", {"task_id": task, "episode_id": "ws-shared"})
            out["b_reset"] = taken["type"]
            out["b_message"] = taken["data"].get("message", "")
        still = await ask(a, "step", {"code": "print(mine)"})
        out["a_after_b_left"] = still["data"]["observation"]["output"]
        await a.send(json.dumps({"type": "step", "data": {"code": "n = sum(range(3000000))\nprint(n > 0)"}}))
        for _ in range(40):
            await a.send(json.dumps({"type": "state"}))
        slow = json.loads(await a.recv())
        out["slow_step"] = slow["data"]["observation"]["output"]
        states = [json.loads(await a.recv()) for _ in range(40)]
        out["states_answered"] = sum(1 for s in states if s["type"] == "state")
        out["step_counts"] = sorted({s["data"]["step_count"] for s in states})
    print(json.dumps(out))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
