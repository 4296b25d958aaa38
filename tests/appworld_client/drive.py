"""Drives `appsim serve` with AppWorld's own Python client (PyPI `appworld`, remote mode).

Usage: APPWORLD_ROOT=$(mktemp -d) python drive.py URL TASK_ID CELLS_JSON
The client reads task files locally even in remote mode; the stub below answers them from the
server's GET /tasks/{id}, so no AppWorld data is needed. Prints the evaluation dict as JSON.
"""
import datetime
import json
import sys
import types

import requests
import appworld.environment as env
from appworld import AppWorld

url, task_id, cells = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])


def task_from_server(task_id, **_):
    info = requests.get(f"{url}/tasks/{task_id}", timeout=30).json()["output"]
    return types.SimpleNamespace(
        id=task_id,
        instruction=info["instruction"],
        supervisor=info["supervisor"],
        db_version="0.1.0",
        ground_truth=None,
        datetime=datetime.datetime.fromisoformat(info["datetime"]),
        models_from_db_home_path=None,
    )


env.Task.load = staticmethod(task_from_server)
with AppWorld(task_id=task_id, remote_environment_url=url, experiment_name="appsim") as world:
    outputs = [world.execute(c) for c in cells]
    completed = world.task_completed()
    result = world.evaluate().to_dict()
print(json.dumps({"outputs": outputs, "completed": completed, "evaluation": result}))
