"""The `appsim` package through its public interface: AppWorld's API, and what appsim adds
(many worlds, forks, threads). Run with `python -m unittest discover python/tests` once the
package is installed (tests/python.rs does it for `cargo test`)."""

import json
import threading
import time
import unittest

import appsim
from appsim import AppWorld, Task, load_task_ids

LOGIN = """
sup = apis.supervisor.show_account_passwords()
pw = next(p["password"] for p in sup if p["account_name"] == "simple_note")
prof = apis.supervisor.show_profile()
tok = apis.simple_note.login(username=prof["email"], password=pw)["access_token"]
"""


def a_task(split="train"):
    return load_task_ids(split)[0]


class TaskIds(unittest.TestCase):
    def test_splits_and_difficulties(self):
        train = load_task_ids("train")
        self.assertGreater(len(train), 50)
        self.assertEqual(len(set(train)), len(train))
        every = set()
        for d in (1, 2, 3):
            ids = load_task_ids("train", difficulty=d)
            self.assertTrue(set(ids) <= set(train))
            every |= set(ids)
        self.assertEqual(every, set(train))
        self.assertTrue(set(load_task_ids("dev")).isdisjoint(train))
        with self.assertRaises(ValueError):
            load_task_ids("nope")
        with self.assertRaises(ValueError):
            load_task_ids("train", difficulty=7)


class AppWorldApi(unittest.TestCase):
    def test_a_task_solved_by_its_ground_truth(self):
        task_id = a_task("dev")
        with AppWorld(task_id=task_id, experiment_name="t") as world:
            self.assertEqual(world.task.id, task_id)
            self.assertTrue(world.task.instruction)
            self.assertEqual(set(world.task.supervisor), {"first_name", "last_name", "email", "phone_number"})
            self.assertFalse(world.task_completed())
            before = world.evaluate()
            self.assertFalse(before.success)
            self.assertGreater(before.fail_count, 0)
            with self.assertRaises(AssertionError):
                world.evaluate(suppress_errors=False)
            for cell in world.task.ground_truth_code:
                world.execute(cell)
            self.assertTrue(world.task_completed())
            after = world.evaluate(suppress_errors=False)
            self.assertTrue(after.success, after.report(print_it=False))
            d = after.to_dict()
            self.assertEqual(set(d), {"success", "difficulty", "num_tests", "passes", "failures"})
            self.assertEqual(d["num_tests"], len(d["passes"]))
            self.assertEqual(after.to_dict(stats_only=True), {k: d[k] for k in ("success", "difficulty", "num_tests")})
            self.assertEqual(after.pass_percentage, 100.0)
            self.assertIn("Num Passed Tests", after.report(print_it=False))
            self.assertTrue({p["label"] for p in d["passes"]} <= {"no_op_pass", "no_op_fail"})
        self.assertTrue(world.closed)
        with self.assertRaises(RuntimeError):
            world.execute("1")

    def test_cells_print_as_appworld_shows(self):
        with AppWorld(task_id=a_task()) as world:
            self.assertEqual(world.execute("print(1 + 1)"), "2\n")
            self.assertEqual(world.execute("x = 41"), "Execution successful.")
            self.assertEqual(world.execute("print(x + 1)"), "42\n")
            err = world.execute("1 / 0")
            self.assertIn("ZeroDivisionError", err)
            out = world.execute(LOGIN + "print(len(apis.simple_note.search_notes(access_token=tok)) >= 0)")
            self.assertEqual(out, "True\n")

    def test_max_interactions_and_unknown_task(self):
        with AppWorld(task_id=a_task(), max_interactions=2) as world:
            world.execute("1")
            world.execute("2")
            self.assertNotEqual(world.execute("print(3)"), "3\n")
        with self.assertRaises(KeyError):
            AppWorld(task_id="no-such-task")

    def test_save_and_load_state(self):
        with AppWorld(task_id=a_task()) as world:
            h0 = world.state_hash()
            sid = world.save_state()
            world.execute(LOGIN + "apis.simple_note.create_note(access_token=tok, title='x', content='y')")
            self.assertNotEqual(world.state_hash(), h0)
            world.load_state(sid)
            self.assertEqual(world.state_hash(), h0)
            with self.assertRaises(RuntimeError):
                world.load_state("never-saved")

    def test_datetime_replaces_the_tasks_clock(self):
        with AppWorld(task_id=a_task(), datetime="2024-02-29T09:30:00") as world:
            self.assertEqual(world.task.datetime.isoformat(), "2024-02-29T09:30:00")
            out = world.execute("import datetime\nprint(datetime.datetime.now().isoformat())")
            self.assertTrue(out.startswith("2024-02-29T09:30"), out)


class BeyondAppWorld(unittest.TestCase):
    def test_worlds_are_tenants(self):
        task_id = a_task()
        a, b = AppWorld(task_id=task_id), AppWorld(task_id=task_id)
        a.execute("secret = 7")
        self.assertIn("NameError", b.execute("print(secret)"))
        a.execute(LOGIN + "apis.simple_note.create_note(access_token=tok, title='only a', content='.')")
        self.assertNotEqual(a.state_hash(), b.state_hash())
        a.close()
        b.close()

    def test_fork_copies_the_world_and_python(self):
        with AppWorld(task_id=a_task()) as world:
            world.execute("n = 5")
            copy = world.fork()
            self.assertEqual(copy.execute("print(n)"), "5\n")
            self.assertEqual(copy.state_hash(), world.state_hash())
            copy.execute(LOGIN + "apis.simple_note.create_note(access_token=tok, title='fork', content='.')")
            copy.execute("n = 6")
            self.assertNotEqual(copy.state_hash(), world.state_hash())
            self.assertEqual(world.execute("print(n)"), "5\n")
            copy.close()
            self.assertEqual(world.execute("print(n)"), "5\n")

    def test_closing_releases_worlds(self):
        rt = appsim.runtime()
        before = rt.live()
        worlds = [AppWorld(task_id=a_task()) for _ in range(5)]
        self.assertEqual(rt.live(), before + 5)
        for w in worlds:
            w.close()
            w.close()
        self.assertEqual(rt.live(), before)
        w = AppWorld(task_id=a_task())
        del w
        import gc

        gc.collect()
        self.assertEqual(rt.live(), before)

    def test_threads_step_worlds_at_once(self):
        task_id = a_task()
        results = {}

        def run(k):
            with AppWorld(task_id=task_id) as w:
                results[k] = [w.execute(f"print({k} * {i})") for i in range(20)]

        threads = [threading.Thread(target=run, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(results, {k: [f"{k * i}\n" for i in range(20)] for k in range(4)})


class UntrustedCells(unittest.TestCase):
    """Runaway loops, memory bombs and deep recursion end with a Python error; the world and
    the process live on. Checked on workers and inline (cells on the caller's own thread)."""

    def check(self, start):
        # `start(timeout_seconds)` opens a world. The runaway loop runs into a 5 s limit; the
        # memory bomb (gigabytes written) must run into its budget, not its time limit, on a
        # loaded machine too, so it and what follows get a world with a minute.
        w = start(5)
        t = time.perf_counter()
        out = w.execute("while True:\n    pass")
        self.assertLess(time.perf_counter() - t, 10)
        self.assertIn("timed out", out)
        self.assertEqual(w.execute("print('alive')"), "alive\n")
        w.close()
        w = start(60)
        self.assertIn("MemoryError", w.execute("x = ['a' * (1 << 28) for _ in range(16)]"))
        self.assertIn("RecursionError", w.execute("def f(n):\n    return f(n + 1)\nf(0)"))
        nested = "x = []\nfor _ in range(100000):\n    x = [x]\nimport json\njson.dumps(x)"
        self.assertIn("RecursionError", w.execute(nested))
        self.assertEqual(w.execute("print('alive')"), "alive\n")
        w.close()

    def test_on_workers(self):
        self.check(lambda limit: AppWorld(task_id=a_task(), timeout_seconds=limit))

    def test_inline(self):
        rt = appsim.Runtime(inline=True)
        self.check(lambda limit: rt.start(a_task(), timeout_seconds=limit))


class Executors(unittest.TestCase):
    def test_an_executor_that_shares_an_interpreter_is_refused(self):
        with self.assertRaises(ValueError) as refused:
            appsim.Runtime(python="rustpython")
        self.assertIn("shares one interpreter", str(refused.exception))
        with self.assertRaises(ValueError):
            appsim.Runtime(python="jython")


class DataRoots(unittest.TestCase):
    def test_a_root_and_a_world_exclude_each_other(self):
        with self.assertRaises(ValueError) as refused:
            appsim.Runtime(world_dir="/tmp", appworld_root="/tmp")
        self.assertIn("exclude each other", str(refused.exception))

    def test_a_missing_root_or_world_is_a_value_error_in_one_line(self):
        for option in ("appworld_root", "world_dir"):
            with self.assertRaises(ValueError) as refused:
                appsim.Runtime(**{option: "/nonexistent-appsim-folder"})
            message = str(refused.exception)
            self.assertTrue(message.startswith(option), message)
            self.assertIn("/nonexistent-appsim-folder", message)
            self.assertNotIn("\n", message)


class InlineRuntime(unittest.TestCase):
    """A runtime without workers: each world runs on the thread that started it."""

    @classmethod
    def setUpClass(cls):
        cls.rt = appsim.Runtime(inline=True)

    def test_worlds_run_on_their_own_thread(self):
        rt = self.rt
        self.assertEqual(rt.threads(), 0)
        task = Task.load(a_task("dev"))
        w = rt.start(task.id)
        w.execute("n = 3")
        copy = w.fork()
        for cell in task.ground_truth_code:
            w.execute(cell)
        self.assertTrue(json.loads(w.evaluate())["success"])
        self.assertFalse(json.loads(copy.evaluate())["success"])
        self.assertEqual(copy.execute("print(n)"), "3\n")
        errors = []

        def elsewhere():
            try:
                w.execute("print(n)")
            except RuntimeError as e:
                errors.append(str(e))

        t = threading.Thread(target=elsewhere)
        t.start()
        t.join()
        self.assertEqual(len(errors), 1)
        self.assertIn("thread that started it", errors[0])
        self.assertEqual(rt.live(), 2)
        w.close()
        copy.close()
        self.assertEqual(rt.live(), 0)

    def test_threads_each_with_their_own_worlds(self):
        rt = self.rt
        task_id = a_task()
        results = {}

        def run(k):
            w = rt.start(task_id)
            results[k] = [w.execute(f"print({k} + {i})") for i in range(10)]
            w.close()

        threads = [threading.Thread(target=run, args=(k,)) for k in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(results, {k: [f"{k + i}\n" for i in range(10)] for k in range(3)})
        self.assertEqual(rt.live(), 0)


if __name__ == "__main__":
    unittest.main()
