"""A harness written against AppWorld's documented usage, unchanged but for its import: the
README's loop over a split's tasks and a ReAct-style loop whose "model" is a script of code
cells. tests/python.rs runs it with the import switched to `appsim` and checks what it prints.

Usage: python harness.py SCRIPT_JSON   (SCRIPT_JSON: {"tasks": [[task_id, [cell, ...]], ...]})
"""

import json
import sys

from appworld import AppWorld, load_task_ids

script = json.load(open(sys.argv[1]))
cells_of = dict((task_id, cells) for task_id, cells in script["tasks"])

# The README's loop: every task of the split (those the script has cells for), each in its
# own world, until the task is completed.
experiment_name = "harness"
for task_id in load_task_ids("dev"):
    if task_id not in cells_of:
        continue
    with AppWorld(task_id=task_id, experiment_name=experiment_name) as world:
        print(f"## {task_id}: {world.task.instruction}")
        print(world.task.supervisor["email"], world.task.datetime.isoformat())
        for code in cells_of[task_id]:
            output = world.execute(code)
            print(output)
            if world.task_completed():
                break
        tracker = world.evaluate()
        print(tracker.to_dict()["success"], tracker.pass_count, tracker.fail_count)
        tracker.report()


# A ReAct-style loop: the model sees the history of (code, output) turns and answers the next
# code; the loop stops at completion or after max_steps.
def react(task_id, model, max_steps=10):
    with AppWorld(task_id=task_id, experiment_name=experiment_name, max_interactions=max_steps) as world:
        history = [{"role": "user", "content": world.task.instruction}]
        for _ in range(max_steps):
            code = model(history)
            history.append({"role": "assistant", "content": code})
            output = world.execute(code)
            history.append({"role": "user", "content": "Output:\n" + output})
            if world.task_completed():
                break
        return history, world.evaluate().to_dict()


first_id, first_cells = script["tasks"][0]
turns = iter(first_cells)
history, result = react(first_id, lambda history: next(turns))
for message in history:
    print(message["role"], "|", message["content"])
print(json.dumps(result, sort_keys=True))
