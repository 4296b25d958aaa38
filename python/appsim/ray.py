"""Scale-out on Ray: a pool of actors, each hosting many appsim worlds.

    import ray
    from appsim.ray import WorldPool

    ray.init()
    pool = WorldPool(actors=4, threads_per_actor=2)   # each actor asks Ray for 2 CPUs
    worlds = pool.worlds(task_id, k=8)          # K rollouts of one task, spread over actors
    outputs = [w.execute("print(1)") for w in worlds]
    rewards = [w.evaluate()["success"] for w in worlds]
    for w in worlds:
        w.close()

An actor is one process with one appsim runtime (its world and task suite opened once); a
world lives on the actor that started it, and its forks stay there. When an actor dies, every
call on its worlds raises ``WorldLost`` naming the actor, and the pool stops placing worlds on
it; ``pool.replace_lost()`` starts fresh actors in place of the dead ones. Needs ``pip install
ray``.
"""

from __future__ import annotations

import itertools
from typing import Any, Optional

import ray
from ray.exceptions import ActorDiedError, ActorUnavailableError, RayActorError

__all__ = ["WorldPool", "RemoteWorld", "WorldLost"]

_LOST = (RayActorError, ActorDiedError, ActorUnavailableError)


class WorldLost(RuntimeError):
    """The actor hosting a world died; the world (and its rollout) is gone."""


@ray.remote
class WorldHost:
    """One process hosting many worlds, by id."""

    def __init__(self, threads: int = 1, world_dir: Optional[str] = None, python: Optional[str] = None):
        import appsim

        appsim.configure(world_dir=world_dir, python=python, threads=threads)
        self._appsim = appsim
        self._worlds: dict[int, Any] = {}
        self._ids = itertools.count(1)

    def start(self, task_id: str, options: dict[str, Any]) -> int:
        world = self._appsim.AppWorld(task_id=task_id, **options)
        wid = next(self._ids)
        self._worlds[wid] = world
        return wid

    def start_many(self, task_id: str, k: int, options: dict[str, Any]) -> list[int]:
        return [self.start(task_id, options) for _ in range(k)]

    def _world(self, wid: int):
        try:
            return self._worlds[wid]
        except KeyError:
            raise KeyError(f"world {wid} is closed") from None

    def instruction(self, wid: int) -> str:
        return self._world(wid).task.instruction

    def execute(self, wid: int, code: str) -> str:
        return self._world(wid).execute(code)

    def task_completed(self, wid: int) -> bool:
        return self._world(wid).task_completed()

    def evaluate(self, wid: int) -> dict[str, Any]:
        return self._world(wid).evaluate().to_dict()

    def fork(self, wid: int) -> int:
        copy = self._world(wid).fork()
        new = next(self._ids)
        self._worlds[new] = copy
        return new

    def close(self, wid: int) -> bool:
        world = self._worlds.pop(wid, None)
        if world is None:
            return False
        world.close()
        return True

    def live(self) -> int:
        """Worlds open on this actor (what its runtime holds)."""
        return self._appsim.runtime().live()

    def pid(self) -> int:
        import os

        return os.getpid()


class RemoteWorld:
    """A world on one of the pool's actors; the same calls as ``appsim.AppWorld`` (answers
    come back as plain values: ``evaluate()`` is the tracker's dictionary)."""

    def __init__(self, pool: "WorldPool", actor_index: int, wid: int, task_id: str):
        self._pool = pool
        self.actor_index = actor_index
        self.wid = wid
        self.task_id = task_id
        self.closed = False

    def _call(self, method: str, *args: Any):
        if self.closed:
            raise RuntimeError("this world is closed")
        actor = self._pool._actors[self.actor_index]
        try:
            return ray.get(getattr(actor, method).remote(self.wid, *args))
        except _LOST as e:
            self._pool._lost.add(self.actor_index)
            self.closed = True
            raise WorldLost(
                f"the actor hosting world {self.wid} of task {self.task_id!r} (actor "
                f"{self.actor_index}) died; start the rollout again on another world"
            ) from e

    def instruction(self) -> str:
        return self._call("instruction")

    def execute(self, code: str) -> str:
        return self._call("execute", code)

    def task_completed(self) -> bool:
        return self._call("task_completed")

    def evaluate(self) -> dict[str, Any]:
        return self._call("evaluate")

    def fork(self) -> "RemoteWorld":
        return RemoteWorld(self._pool, self.actor_index, self._call("fork"), self.task_id)

    def close(self) -> None:
        if self.closed:
            return
        try:
            self._call("close")
        except WorldLost:
            pass
        self.closed = True

    def __enter__(self) -> "RemoteWorld":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class WorldPool:
    """``actors`` Ray actors, each an appsim runtime with ``threads_per_actor`` workers.
    Worlds are placed round-robin over the live actors."""

    def __init__(
        self,
        actors: int = 2,
        threads_per_actor: int = 1,
        world_dir: Optional[str] = None,
        python: Optional[str] = None,
        **actor_options: Any,
    ):
        self._make = lambda: WorldHost.options(num_cpus=threads_per_actor, **actor_options).remote(
            threads_per_actor, world_dir, python
        )
        self._actors = [self._make() for _ in range(actors)]
        self._lost: set[int] = set()
        self._next = 0

    def _live_indexes(self) -> list[int]:
        live = [i for i in range(len(self._actors)) if i not in self._lost]
        if not live:
            raise WorldLost("every actor of the pool has died; call replace_lost()")
        return live

    def _place(self) -> int:
        live = self._live_indexes()
        index = live[self._next % len(live)]
        self._next += 1
        return index

    def world(self, task_id: str, **options: Any) -> RemoteWorld:
        """A new world running ``task_id`` (AppWorld's keyword options: ``random_seed``,
        ``max_interactions``, ``timeout_seconds``, ``datetime``)."""
        index = self._place()
        try:
            wid = ray.get(self._actors[index].start.remote(task_id, options))
        except _LOST as e:
            self._lost.add(index)
            raise WorldLost(f"actor {index} died while starting a world of {task_id!r}") from e
        return RemoteWorld(self, index, wid, task_id)

    def worlds(self, task_id: str, k: int, **options: Any) -> list[RemoteWorld]:
        """K worlds of one task, spread evenly over the live actors (started in parallel)."""
        live = self._live_indexes()
        counts = {i: k // len(live) + (1 if n < k % len(live) else 0) for n, i in enumerate(live)}
        refs = {i: self._actors[i].start_many.remote(task_id, c, options) for i, c in counts.items() if c}
        out = []
        for i, ref in refs.items():
            try:
                out.extend(RemoteWorld(self, i, wid, task_id) for wid in ray.get(ref))
            except _LOST as e:
                self._lost.add(i)
                raise WorldLost(f"actor {i} died while starting worlds of {task_id!r}") from e
        return out

    def live(self) -> list[Optional[int]]:
        """Worlds open on each actor (``None`` for a dead one)."""
        out: list[Optional[int]] = []
        for i, actor in enumerate(self._actors):
            if i in self._lost:
                out.append(None)
                continue
            try:
                out.append(ray.get(actor.live.remote()))
            except _LOST:
                self._lost.add(i)
                out.append(None)
        return out

    def actor(self, index: int):
        """The Ray handle of actor ``index`` (to inspect or kill it)."""
        return self._actors[index]

    def replace_lost(self) -> int:
        """Starts a fresh actor in place of each dead one; answers how many."""
        lost = sorted(self._lost)
        for i in lost:
            self._actors[i] = self._make()
        self._lost.clear()
        return len(lost)

    def shutdown(self) -> None:
        """Kills every actor (their worlds with them)."""
        for actor in self._actors:
            ray.kill(actor)
        self._lost = set(range(len(self._actors)))
