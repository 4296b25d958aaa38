"""TRL in-process: an ``environment_factory`` for TRL's ``GRPOTrainer`` over appsim worlds.

TRL makes one environment per rollout (and reuses them: ``reset`` starts the next episode).
``reset(task_id=..., **row)`` opens a world for the row's task and answers the task prompt,
which TRL appends to the row's user message; the public method ``execute`` is the model's
one tool (a Python cell); ``get_reward`` is the share of the task's checks that pass. The
world is released as soon as the episode ends: at the cell that completes the task, at the
environment's own ``max_turns``, or in ``get_reward``, which TRL calls for every rollout, also
for one its ``max_tool_calling_iterations`` cut short.

    from datasets import Dataset
    from trl import GRPOConfig, GRPOTrainer
    import appsim.trl

    trainer = GRPOTrainer(
        model="Qwen/Qwen3-0.6B",  # a chat template whose tool calls TRL parses
        train_dataset=Dataset.from_list(appsim.trl.rows(split="train")),
        environment_factory=appsim.trl.environment_factory(max_turns=20),
        args=GRPOConfig(max_tool_calling_iterations=20, ...),
    )
    trainer.train()

Nothing here imports TRL or torch: the class only has the shape TRL's trainer reads.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Optional

from . import AppWorld, Task, TestTracker, load_task_ids
from .prompt import SYSTEM_PROMPT, task_prompt

__all__ = ["AppsimToolEnv", "environment_factory", "rows"]

ENDED = "The episode has ended ({}); no more cells run."


class AppsimToolEnv:
    """One rollout's environment: at most one open world at a time, released when its
    episode ends. ``world_options`` go to ``AppWorld`` (``random_seed``, ``timeout_seconds``,
    ``datetime``, ...)."""

    def __init__(self, max_turns: int = 20, **world_options: Any):
        if max_turns < 1:
            raise ValueError(f"max_turns must be at least 1, not {max_turns!r}")
        self.max_turns = max_turns
        self.world_options = world_options
        self.task_id: Optional[str] = None
        self.turns = 0
        self.tracker: Optional[TestTracker] = None
        self.ended: Optional[str] = None
        self._world: Optional[AppWorld] = None

    def reset(self, task_id: Optional[str] = None, **_row: Any) -> str:
        """Starts an episode of ``task_id`` (the dataset row's column; TRL passes the row's
        other columns too, which are ignored) and answers its prompt."""
        if task_id is None:
            raise ValueError("the dataset row has no `task_id` column: build rows with appsim.trl.rows")
        self._release()
        self.task_id, self.turns, self.tracker, self.ended = task_id, 0, None, None
        self._world = AppWorld(task_id=task_id, **self.world_options)
        return "\n\n" + task_prompt(self._world.task)

    def execute(self, code: str) -> str:
        """Runs one Python cell in the task's shell, which keeps its variables, and answers
        what it printed. `apis.<app>.<api>(**arguments)` calls an app's API.

        Args:
            code: The Python code to run.

        Returns:
            What the cell printed.
        """
        if self._world is None:
            return ENDED.format(self.ended or "no episode was started")
        self.turns += 1
        output = self._world.execute(code)
        if self._world.task_completed():
            self._end("the task is completed")
        elif self.turns >= self.max_turns:
            self._end(f"the turn limit of {self.max_turns} cells is reached")
            output += "\n" + ENDED.format(self.ended)
        return output

    def get_reward(self) -> float:
        """The share of the task's checks that pass; ends the episode (and releases its
        world) if it is still going."""
        if self._world is not None:
            self._end("it was scored")
        return self.tracker.score if self.tracker is not None else 0.0

    @property
    def success(self) -> bool:
        """Whether every check passed when the episode ended."""
        return self.tracker is not None and self.tracker.success

    @property
    def open(self) -> bool:
        """Whether this environment holds a world now."""
        return self._world is not None

    def _end(self, why: str) -> None:
        """Evaluates the world as it is now and releases it."""
        world, self._world, self.ended = self._world, None, why
        try:
            self.tracker = world.evaluate()
        finally:
            world.close()

    def _release(self) -> None:
        if self._world is not None:
            self._world.close()
            self._world = None

    def __del__(self) -> None:
        try:
            self._release()
        except Exception:  # at interpreter exit the runtime may already be gone
            pass


def environment_factory(max_turns: int = 20, **world_options: Any) -> Callable[[], AppsimToolEnv]:
    """The zero-argument callable TRL's ``environment_factory`` takes: each call makes one
    ``AppsimToolEnv`` with these options."""
    return functools.partial(AppsimToolEnv, max_turns=max_turns, **world_options)


def rows(
    split: str = "train",
    difficulty: Optional[int] = None,
    task_ids: Optional[list[str]] = None,
    system_prompt: str = SYSTEM_PROMPT,
) -> list[dict[str, Any]]:
    """One dataset row per task of ``split`` (or of ``task_ids``): ``prompt``, a conversation
    whose user turn is ``system_prompt`` (``reset`` appends the task to it), and ``task_id``.
    ``datasets.Dataset.from_list(rows(...))`` is a ``train_dataset`` for ``GRPOTrainer``."""
    ids = task_ids if task_ids is not None else load_task_ids(split, difficulty)
    for task_id in ids:
        Task.load(task_id)  # a KeyError now, not at the trainer's first batch
    return [{"prompt": [{"role": "user", "content": system_prompt}], "task_id": t} for t in ids]
