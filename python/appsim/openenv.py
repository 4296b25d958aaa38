"""OpenEnv in-process: an ``openenv-core`` ``Environment`` over appsim worlds.

The shapes are those ``appsim serve`` answers on its OpenEnv routes: an action is one code
cell (``{"code": ...}``); the reset observation's ``output`` is the instruction; a step's is
what the cell printed; the step where the agent completes the task, or the last one allowed,
is ``done`` with the reward (the share of the task's checks that pass) and ``success``. A step
cut at the limit says ``truncated`` and releases its world.

    from appsim.openenv import AppsimEnvironment, CodeAction

    env = AppsimEnvironment(max_steps=30)
    obs = env.reset(task_id="...")
    obs = env.step(CodeAction(code="print(apis.supervisor.show_profile())"))

``create_app()`` serves it with openenv-core's own server (HTTP and WebSocket), so OpenEnv's
clients and tools work on it unchanged. Needs ``pip install openenv-core``.
"""

from __future__ import annotations

from typing import Any, Optional

from openenv.core.env_server.http_server import create_app as _create_app
from openenv.core.env_server.interfaces import Environment
from openenv.core.env_server.types import Action, EnvironmentMetadata, Observation, State

from . import AppWorld, load_task_ids

__all__ = ["AppsimEnvironment", "CodeAction", "AppsimObservation", "AppsimState", "create_app"]


class CodeAction(Action):
    """One code cell to run."""

    code: str


class AppsimObservation(Observation):
    """What the cell printed (the instruction after a reset)."""

    output: str = ""
    task_id: Optional[str] = None
    success: Optional[bool] = None
    truncated: bool = False


class AppsimState(State):
    """The episode: its id, steps so far, the task and whether it is completed."""

    task_id: Optional[str] = None
    completed: bool = False


class AppsimEnvironment(Environment[CodeAction, AppsimObservation, AppsimState]):
    """One appsim world per episode; ``reset(task_id=...)`` starts the next (the first task of
    the split ``split`` when none is named), closing the one before."""

    SUPPORTS_CONCURRENT_SESSIONS = True

    def __init__(self, max_steps: int = 50, split: str = "train", **world_options: Any):
        super().__init__()
        self.max_steps = max_steps
        self.split = split
        self.world_options = world_options
        self._world: Optional[AppWorld] = None
        self._state = AppsimState()

    def reset(
        self,
        seed: Optional[int] = None,
        episode_id: Optional[str] = None,
        task_id: Optional[str] = None,
        **kwargs: Any,
    ) -> AppsimObservation:
        self.close()
        task_id = task_id or load_task_ids(self.split)[0]
        options = dict(self.world_options)
        if seed is not None:
            options["random_seed"] = seed
        self._world = AppWorld(task_id=task_id, **options, **kwargs)
        self._state = AppsimState(episode_id=episode_id, step_count=0, task_id=task_id)
        return AppsimObservation(output=self._world.task.instruction, task_id=task_id)

    def step(self, action: CodeAction, timeout_s: Optional[float] = None, **kwargs: Any) -> AppsimObservation:
        world = self._world
        if world is None:
            raise RuntimeError("call reset(task_id=...) before step")
        output = world.execute(action.code)
        self._state.step_count += 1
        completed = world.task_completed()
        self._state.completed = completed
        truncated = not completed and self._state.step_count >= self.max_steps
        if not completed and not truncated:
            return AppsimObservation(output=output, task_id=self._state.task_id)
        tracker = world.evaluate()
        obs = AppsimObservation(
            output=output,
            task_id=self._state.task_id,
            done=True,
            reward=tracker.score,
            success=tracker.success,
            truncated=truncated,
        )
        # An episode cut at its limit is over: its world is released now, not at the next
        # reset (a client that never comes back leaks nothing).
        if truncated:
            self.close()
        return obs

    @property
    def state(self) -> AppsimState:
        return self._state

    def close(self) -> None:
        if self._world is not None:
            self._world.close()
            self._world = None

    def get_metadata(self) -> EnvironmentMetadata:
        return EnvironmentMetadata(
            name="appsim",
            description="AppWorld's nine apps; an action is a Python cell calling apis.<app>.<api>",
            version="0.1.0",
        )


def create_app(max_steps: int = 50, **world_options: Any):
    """openenv-core's FastAPI server over ``AppsimEnvironment`` (one per session)."""
    return _create_app(
        lambda: AppsimEnvironment(max_steps=max_steps, **world_options),
        CodeAction,
        AppsimObservation,
        env_name="appsim",
    )
