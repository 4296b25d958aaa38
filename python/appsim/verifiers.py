"""verifiers in-process: ``load_environment()`` answers a ``verifiers`` ``StatefulToolEnv``
over appsim worlds, for prime-rl and anything else that trains on verifiers environments.

Each rollout gets a world of its own, opened in ``setup_state`` for the row's task and handed
to the ``execute`` tool through ``update_tool_args`` (the model sees only ``code``). A rollout
ends with the cell that completes the task (its output is the final environment response),
when the model calls no tool, or at ``max_turns``; however it ends (completed, cut at
its turn limit, failed, timed out), the world is evaluated and released in a cleanup. The
reward is the share of the task's checks that pass; ``success`` (all pass) is a metric.

    import appsim.verifiers

    env = appsim.verifiers.load_environment(split="train", eval_split="dev", max_turns=20)
    results = env.evaluate_sync(client=AsyncOpenAI(...), model="...", num_examples=5)

Needs ``pip install verifiers==0.3.0`` (the last release with ``StatefulToolEnv`` at its top
level).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Callable, Optional

import verifiers as vf
from datasets import Dataset
from verifiers.types import ToolMessage

from . import AppWorld, Task, load_task_ids, runtime
from .prompt import SYSTEM_PROMPT, task_prompt

__all__ = ["AppsimEnv", "SYSTEM_PROMPT", "execute", "load_environment", "task_rows"]


def execute(code: str, world: AppWorld) -> str:
    """Runs one Python cell in the task's shell and answers what it printed.

    Args:
        code: The Python code to run; `apis.<app>.<api>(...)` calls an app's API.
    """
    return world.execute(code)


def task_rows(task_ids: list[str]) -> list[dict[str, Any]]:
    """One dataset row per task: the prompt (the supervisor and the instruction) and, in
    ``info``, the task's id."""
    rows = []
    for task_id in task_ids:
        prompt = task_prompt(Task.load(task_id))
        rows.append(
            {
                "prompt": [{"role": "user", "content": prompt}],
                "answer": "",
                "info": json.dumps({"task_id": task_id}),
            }
        )
    return rows


async def _off_loop(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Runs a world call off the event loop (its worker thread does the work with the GIL
    released), or on it where worlds run inline and answer only the thread that made them."""
    if runtime().threads() == 0:
        return fn(*args, **kwargs)
    return await asyncio.to_thread(fn, *args, **kwargs)


class AppsimEnv(vf.StatefulToolEnv):
    """A ``StatefulToolEnv`` with one appsim world per rollout; ``world_options`` go to
    ``AppWorld`` (``random_seed``, ``max_interactions``, ``timeout_seconds``, ``datetime``)."""

    def __init__(self, max_turns: int = 20, world_options: Optional[dict] = None, **kwargs: Any):
        rubric = vf.Rubric(funcs=[checks_passed], weights=[1.0])
        rubric.add_metric(success)
        super().__init__(tools=[], max_turns=max_turns, rubric=rubric, **kwargs)
        self.world_options = dict(world_options or {})
        self.add_tool(execute, args_to_skip=["world"])

    async def setup_state(self, state: vf.State) -> vf.State:
        task_id = state["info"]["task_id"]
        state["appsim_world"] = await _off_loop(AppWorld, task_id=task_id, **self.world_options)
        return await super().setup_state(state)

    def update_tool_args(
        self, tool_name: str, tool_args: dict, messages: vf.Messages, state: vf.State, **kwargs: Any
    ) -> dict:
        if tool_name == "execute":
            tool_args["world"] = state["appsim_world"]
        return tool_args

    async def call_tool(self, tool_name: str, tool_args: dict, tool_call_id: str, **kwargs: Any):
        if tool_name != "execute":
            return await super().call_tool(tool_name, tool_args, tool_call_id, **kwargs)
        output = await _off_loop(execute, **tool_args)
        return ToolMessage(role="tool", content=output, tool_call_id=tool_call_id)

    async def env_response(self, messages: vf.Messages, state: vf.State, **kwargs: Any) -> vf.Messages:
        replies = await super().env_response(messages, state, **kwargs)
        # The cell that completes the task ends the rollout with its output: no model turn
        # after it.
        if await _off_loop(state["appsim_world"].task_completed):
            state["final_env_response"] = replies
        return replies

    @vf.cleanup
    async def release_world(self, state: vf.State) -> None:
        """Evaluates the world and releases it, however the rollout ended."""
        world = state.pop("appsim_world", None)
        if world is None:
            return
        try:
            state["appsim_tracker"] = await _off_loop(world.evaluate)
        finally:
            world.close()


async def checks_passed(state: vf.State) -> float:
    """The reward: the share of the task's checks that pass (0 where no world was opened)."""
    tracker = state.get("appsim_tracker")
    return tracker.score if tracker is not None else 0.0


async def success(state: vf.State) -> float:
    """1 where every check passes."""
    tracker = state.get("appsim_tracker")
    return 1.0 if tracker is not None and tracker.success else 0.0


def load_environment(
    split: str = "train",
    eval_split: Optional[str] = "dev",
    task_ids: Optional[list[str]] = None,
    difficulty: Optional[int] = None,
    max_turns: int = 20,
    system_prompt: str = SYSTEM_PROMPT,
    **world_options: Any,
) -> AppsimEnv:
    """The environment over the tasks of ``split`` (or ``task_ids``), optionally of one
    ``difficulty``, evaluated on ``eval_split``; ``world_options`` go to each ``AppWorld``."""
    ids = task_ids if task_ids is not None else load_task_ids(split, difficulty)
    dataset = Dataset.from_list(task_rows(ids))
    eval_dataset = None
    if eval_split is not None:
        eval_dataset = Dataset.from_list(task_rows(load_task_ids(eval_split, difficulty)))
    return AppsimEnv(
        max_turns=max_turns,
        world_options=world_options,
        dataset=dataset,
        eval_dataset=eval_dataset,
        system_prompt=system_prompt,
    )
