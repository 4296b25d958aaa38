"""appsim: AppWorld's nine apps as in-process worlds.

A harness written for ``appworld`` runs after changing only its import::

    from appsim import AppWorld, load_task_ids

    for task_id in load_task_ids("dev"):
        with AppWorld(task_id=task_id, experiment_name="mine") as world:
            print(world.task.instruction)
            print(world.execute("print(apis.api_docs.show_app_descriptions())"))
            print(world.evaluate().report())

Beyond AppWorld: many worlds live at once in one process, each with its own clock;
``world.fork()`` copies a world in its current state; cells run with the GIL released, so
Python threads step different worlds in parallel.
"""

from __future__ import annotations

import datetime as _datetime
import json
import os
import threading
import uuid
import weakref
from typing import Any, Optional

from ._appsim import Runtime
from ._appsim import Runtime as _Runtime
from ._appsim import report_text as _report_text

__all__ = [
    "AppWorld",
    "Runtime",
    "Task",
    "TestTracker",
    "load_task_ids",
    "runtime",
    "configure",
]

_runtime: Optional[_Runtime] = None
_runtime_lock = threading.Lock()
_settings: dict[str, Any] = {}
_open_worlds: "weakref.WeakSet[AppWorld]" = weakref.WeakSet()


def configure(
    world_dir: Optional[str] = None,
    python: Optional[str] = None,
    threads: int = 0,
    inline: bool = False,
    appworld_root: Optional[str] = None,
) -> None:
    """Chooses, before the first world opens: the world (a directory of ``<app>.db`` files;
    default: appsim's own) with appsim's tasks, or ``appworld_root``, an AppWorld data root
    whose world (``data/base_dbs``) and tasks (``data/tasks``, split by ``data/datasets``)
    are used instead (tasks with empty change logs and the world's supervisor; they have no
    checks of appsim's); the cell executor (``"cpython"``, the only one that keeps worlds
    apart); and where worlds run: on ``threads`` worker threads (0: one per CPU; any Python
    thread may call any world), or ``inline`` on the Python thread that started each (no
    hand-over between threads, so each call is cheaper; a world then answers only its own
    thread). ``APPSIM_WORLD``, ``APPSIM_APPWORLD_ROOT``, ``APPSIM_PYTHON``,
    ``APPSIM_THREADS`` and ``APPSIM_INLINE=1`` set the same from the environment."""
    with _runtime_lock:
        if _runtime is not None:
            raise RuntimeError("appsim.configure must come before the first world opens")
        _settings.update(
            world_dir=world_dir,
            python=python,
            threads=threads,
            inline=inline,
            appworld_root=appworld_root,
        )


def runtime() -> _Runtime:
    """The process's runtime: the world and task suite, opened on first use, and the worker
    threads that host every world."""
    global _runtime
    with _runtime_lock:
        if _runtime is None:
            world_dir = _settings.get("world_dir") or os.environ.get("APPSIM_WORLD") or None
            root = _settings.get("appworld_root") or os.environ.get("APPSIM_APPWORLD_ROOT") or None
            python = _settings.get("python") or os.environ.get("APPSIM_PYTHON") or None
            threads = _settings.get("threads") or int(os.environ.get("APPSIM_THREADS", "0"))
            inline = _settings.get("inline") or os.environ.get("APPSIM_INLINE", "") == "1"
            _runtime = _Runtime(
                world_dir=world_dir,
                python=python,
                threads=threads,
                inline=inline,
                appworld_root=root,
            )
        return _runtime


def load_task_ids(split: str = "train", difficulty: Optional[int] = None) -> list[str]:
    """The ids of a split's tasks ("train", "dev", "test_normal", "test_challenge"), optionally
    only those of one difficulty (1 to 3), as AppWorld's ``load_task_ids``."""
    if difficulty is not None and difficulty not in (1, 2, 3):
        raise ValueError(f"difficulty must be 1, 2 or 3, not {difficulty!r}")
    return runtime().task_ids(split, difficulty)


class Task:
    """A task as AppWorld's ``world.task`` shows it."""

    def __init__(self, info: dict[str, Any]):
        self.id: str = info["task_id"]
        self.instruction: str = info["instruction"]
        self.supervisor: dict[str, str] = info["supervisor"]
        self.datetime: _datetime.datetime = _datetime.datetime.fromisoformat(info["datetime"])
        self.split: str = info["split"]
        self.difficulty: int = info["difficulty"]
        self.allowed_apps: list[str] = info["apps"]

    @property
    def ground_truth_code(self) -> list[str]:
        """The ground-truth solution's code cells, in order (appsim's own addition)."""
        return runtime().ground_truth(self.id)

    @classmethod
    def load(cls, task_id: str) -> "Task":
        """The task with this id (``KeyError`` if there is none)."""
        return cls(json.loads(runtime().task(task_id)))

    def __repr__(self) -> str:
        return f"Task(id={self.id!r}, instruction={self.instruction!r})"


class TestTracker:
    """An evaluation, with AppWorld's tracker fields: ``success``, ``difficulty``,
    ``num_tests``, ``passes`` (``{"requirement", "label"}``), ``failures`` (``{"requirement",
    "trace", "label"}``)."""

    __test__ = False  # not a pytest class

    def __init__(self, d: dict[str, Any], report_text: str):
        self.success: bool = d["success"]
        self.difficulty: int = d["difficulty"]
        self.num_tests: int = d["num_tests"]
        self.passes: list[dict[str, str]] = d["passes"]
        self.failures: list[dict[str, str]] = d["failures"]
        self._dict = d
        self._report = report_text

    @property
    def pass_count(self) -> int:
        return len(self.passes)

    @property
    def fail_count(self) -> int:
        return len(self.failures)

    @property
    def total_count(self) -> int:
        return self.pass_count + self.fail_count

    @property
    def score(self) -> float:
        """The share of tests passed, from 0 to 1 (0 without tests): the reward appsim's RL
        adapters give (appsim's own addition)."""
        return self.pass_count / self.total_count if self.total_count else 0.0

    @property
    def pass_percentage(self) -> float:
        """Passed tests in percent, one decimal (0 without tests)."""
        return round(100.0 * self.pass_count / self.total_count, 1) if self.total_count else 0

    def to_dict(self, stats_only: bool = False) -> dict[str, Any]:
        """The tracker as AppWorld's ``to_dict`` (only success, difficulty and num_tests with
        ``stats_only``)."""
        d = json.loads(json.dumps(self._dict))
        if stats_only:
            d.pop("passes")
            d.pop("failures")
        return d

    def report(self, print_it: bool = True, **_ignored: Any) -> str:
        """AppWorld's plain-text report, printed unless ``print_it=False``; AppWorld's other
        options (``colorize``, ``include_*``, ``save_file_path``) are accepted and ignored."""
        if print_it:
            print(self._report)
        return self._report

    def __repr__(self) -> str:
        return f"TestTracker(success={self.success}, passes={self.pass_count}, failures={self.fail_count})"


class AppWorld:
    """One world running one task, as AppWorld's ``AppWorld`` class.

    ``experiment_name`` is kept for compatibility (appsim writes no experiment folder);
    ``random_seed`` seeds Python's ``random`` in cells; ``max_interactions`` caps the cells;
    ``timeout_seconds`` limits each cell; ``datetime`` replaces the task's clock. Other keyword
    arguments of AppWorld (``remote_*_url``, ``raise_on_*``, ``load_ground_truth``, ...) are
    accepted and have no effect here."""

    def __init__(
        self,
        task_id: str,
        experiment_name: str = "default",
        remote_apis_url: Optional[str] = None,
        remote_environment_url: Optional[str] = None,
        max_interactions: int = 1000,
        max_api_calls_per_interaction: int = 1000,
        raise_on_unsafe_syntax: bool = True,
        null_patch_unsafe_execution: bool = True,
        load_ground_truth: bool = True,
        ground_truth_mode: str = "minimal",
        raise_on_failure: bool = True,
        random_seed: int = 100,
        timeout_seconds: Optional[float] = 100,
        show_api_response_schemas: bool = True,
        datetime: Optional[str] = None,
        _world: Any = None,
        **_ignored: Any,
    ):
        self.task_id = task_id
        self.experiment_name = experiment_name
        self.max_interactions = max_interactions
        self.random_seed = random_seed
        self.task = Task.load(task_id)
        if _world is not None:
            self._world = _world
        else:
            self._world = runtime().start(
                task_id,
                random_seed=random_seed,
                max_interactions=max_interactions,
                timeout_seconds=timeout_seconds,
                datetime=datetime,
            )
        if datetime is not None:
            self.task.datetime = _datetime.datetime.fromisoformat(datetime)
        self.num_interactions = 0
        _open_worlds.add(self)

    def execute(self, code: str) -> str:
        """Runs one code cell and answers what AppWorld's shell prints for it."""
        self.num_interactions += 1
        return self._world.execute(code)

    def task_completed(self) -> bool:
        """Whether the agent has called ``apis.supervisor.complete_task``."""
        return self._world.task_completed()

    def evaluate(self, suppress_errors: bool = True) -> TestTracker:
        """Evaluates the world's state now. With ``suppress_errors=False`` a failed evaluation
        raises, as AppWorld's does."""
        raw = self._world.evaluate()
        tracker = TestTracker(json.loads(raw), _report_text(raw))
        if not tracker.success and not suppress_errors:
            raise AssertionError(
                f"task '{self.task_id}' fails {tracker.fail_count} of its {tracker.num_tests} tests"
            )
        return tracker

    def save_state(self, state_id: Optional[str] = None) -> str:
        """Saves the databases' state under ``state_id`` (a new id when ``None``) and answers
        the id."""
        if state_id is None:
            state_id = uuid.uuid4().hex
        self._world.save_state(state_id)
        return state_id

    def load_state(self, state_id: str) -> None:
        """Returns the databases to the state saved under ``state_id``."""
        self._world.load_state(state_id)

    def fork(self) -> "AppWorld":
        """A copy of this world in its current state (databases, clock, Python variables)."""
        copy = AppWorld.__new__(AppWorld)
        copy.__dict__.update(self.__dict__)
        copy._world = self._world.fork()
        _open_worlds.add(copy)
        return copy

    def state_hash(self) -> str:
        """A hash of every table's rows: equal hashes mean equal world states."""
        return self._world.state_hash()

    def save_logs(self) -> None:
        """AppWorld writes logs to its experiment folder; appsim keeps none."""

    def save(self) -> None:
        """AppWorld saves its databases to the experiment folder; appsim keeps none."""

    def close(self) -> None:
        """Releases the world; closing twice does nothing."""
        self._world.close()

    @staticmethod
    def close_all(**_ignored: Any) -> None:
        """Releases every world this process holds."""
        for world in list(_open_worlds):
            world.close()

    @property
    def closed(self) -> bool:
        return self._world.closed

    def __enter__(self) -> "AppWorld":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"AppWorld(task_id={self.task_id!r})"
