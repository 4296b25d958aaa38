"""`appsim.ray` on a local Ray instance (`ray.init(num_cpus=2)`): 1,000 worlds over 2 actors,
K rollouts of one task spread across them, an actor killed mid-run with its rollouts failing
with a clear error, and nothing leaked. Run by tests/python.rs in a venv of
tests/pyclients/ray.txt."""

import unittest

import ray

from appsim import Task, load_task_ids
from appsim.ray import WorldLost, WorldPool


class Pool(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR")

    @classmethod
    def tearDownClass(cls):
        ray.shutdown()

    def test_a_thousand_worlds_over_two_actors(self):
        pool = WorldPool(actors=2)
        task_id = load_task_ids("train")[0]
        worlds = []
        for _ in range(10):
            worlds += pool.worlds(task_id, k=100)
        self.assertEqual(len(worlds), 1000)
        self.assertEqual(pool.live(), [500, 500])
        for w in worlds[::100]:
            self.assertEqual(w.execute("print(6 * 7)"), "42\n")
        for w in worlds:
            w.close()
        self.assertEqual(pool.live(), [0, 0])
        pool.shutdown()

    def test_k_rollouts_spread_over_actors_and_solved(self):
        pool = WorldPool(actors=2)
        task = Task.load(load_task_ids("dev")[0])
        worlds = pool.worlds(task.id, k=4)
        self.assertEqual(sorted(w.actor_index for w in worlds), [0, 0, 1, 1])
        for w in worlds:
            for cell in task.ground_truth_code:
                w.execute(cell)
        self.assertEqual([w.evaluate()["success"] for w in worlds], [True] * 4)
        copy = worlds[0].fork()
        self.assertEqual(copy.actor_index, worlds[0].actor_index)
        self.assertTrue(copy.evaluate()["success"])
        for w in worlds + [copy]:
            w.close()
        self.assertEqual(pool.live(), [0, 0])
        pool.shutdown()

    def test_a_killed_actor_fails_its_rollouts_clearly(self):
        pool = WorldPool(actors=2)
        task_id = load_task_ids("train")[0]
        worlds = pool.worlds(task_id, k=4)
        for w in worlds:
            w.execute("x = 1")
        ray.kill(pool.actor(0))
        for w in worlds:
            if w.actor_index == 0:
                with self.assertRaises(WorldLost) as lost:
                    w.execute("print(x)")
                self.assertIn("died", str(lost.exception))
                self.assertTrue(w.closed)
            else:
                self.assertEqual(w.execute("print(x)"), "1\n")
        self.assertEqual(pool.live(), [None, 2])
        # New rollouts go to the live actor; a replacement takes the dead one's place.
        again = pool.world(task_id)
        self.assertEqual(again.actor_index, 1)
        self.assertEqual(pool.replace_lost(), 1)
        fresh = pool.world(task_id)
        self.assertEqual(fresh.execute("print(2)"), "2\n")
        for w in worlds + [again, fresh]:
            w.close()
        self.assertEqual(pool.live(), [0, 0])
        pool.shutdown()


if __name__ == "__main__":
    unittest.main()
