"""`appsim.trl` driven the way TRL's `GRPOTrainer` drives an `environment_factory` (make,
`reset(**row)`, the public methods as tools, `get_reward`), without TRL installed: the
two-step GRPO run with TRL itself is `python/tests/trl/` (opt-in)."""

import inspect
import typing
import unittest

import appsim
import appsim.trl
from appsim import Task, load_task_ids


def tools_trl_sees(env):
    """The members TRL's trainer turns into tools: public bound methods but `reset` and
    `get_reward`."""
    return sorted(
        name
        for name, _ in inspect.getmembers(env, predicate=inspect.ismethod)
        if name not in ("reset", "get_reward") and not name.startswith("_")
    )


class TrlEnvironment(unittest.TestCase):
    def setUp(self):
        self.rt = appsim.runtime()
        self.before = self.rt.live()
        self.task_id = load_task_ids("dev")[0]

    def tearDown(self):
        self.assertEqual(self.rt.live(), self.before, "a world was left open")

    def test_rows_name_the_task_and_carry_the_prompt(self):
        rows = appsim.trl.rows(split="dev")
        self.assertEqual([r["task_id"] for r in rows], load_task_ids("dev"))
        self.assertEqual(rows[0]["prompt"][0]["role"], "user")
        self.assertIn("execute", rows[0]["prompt"][0]["content"])
        with self.assertRaises(KeyError):
            appsim.trl.rows(task_ids=["no-such-task"])

    def test_the_only_tool_is_execute_and_its_schema_is_documented(self):
        env = appsim.trl.environment_factory()()
        self.assertEqual(tools_trl_sees(env), ["execute"])
        doc = inspect.getdoc(env.execute)
        self.assertIn("Args:\n    code:", doc)
        self.assertEqual(typing.get_type_hints(env.execute), {"code": str, "return": str})

    def test_a_rollout_of_the_ground_truth_scores_one_and_releases_its_world(self):
        env = appsim.trl.environment_factory(max_turns=50)()
        row = appsim.trl.rows(task_ids=[self.task_id])[0]
        prompt = env.reset(**row)
        task = Task.load(self.task_id)
        self.assertIn(task.instruction, prompt)
        self.assertIn(task.supervisor["email"], prompt)
        self.assertEqual(self.rt.live(), self.before + 1)
        for cell in task.ground_truth_code:
            env.execute(cell)
        # The completing cell ends the episode at once.
        self.assertFalse(env.open)
        self.assertEqual(self.rt.live(), self.before)
        self.assertIn("ended (the task is completed)", env.execute("print(1)"))
        self.assertEqual(env.get_reward(), 1.0)
        self.assertTrue(env.success)

    def test_a_rollout_cut_at_the_turn_limit_is_scored_and_released(self):
        env = appsim.trl.environment_factory(max_turns=2)()
        env.reset(task_id=self.task_id)
        self.assertEqual(env.execute("x = 41"), "Execution successful.")
        out = env.execute("print(x + 1)")
        self.assertTrue(out.startswith("42\n"), out)
        self.assertIn("turn limit of 2 cells", out)
        self.assertFalse(env.open)
        reward = env.get_reward()
        self.assertLess(reward, 1.0)
        self.assertFalse(env.success)

    def test_a_rollout_trl_cuts_short_is_released_by_get_reward(self):
        env = appsim.trl.environment_factory()()
        env.reset(task_id=self.task_id)
        env.execute("print(apis.supervisor.show_profile())")
        self.assertTrue(env.open)
        self.assertLess(env.get_reward(), 1.0)
        self.assertFalse(env.open)
        self.assertEqual(self.rt.live(), self.before)

    def test_reset_reuses_the_environment_and_closes_the_last_world(self):
        env = appsim.trl.environment_factory()()
        env.reset(task_id=self.task_id)
        env.execute("x = 1")
        env.reset(task_id=self.task_id)
        self.assertEqual(self.rt.live(), self.before + 1)
        self.assertIn("NameError", env.execute("print(x)"))
        env.get_reward()

    def test_rollouts_are_tenants(self):
        a, b = (appsim.trl.environment_factory()() for _ in range(2))
        a.reset(task_id=self.task_id)
        b.reset(task_id=self.task_id)
        a.execute("import json; json.dumps = None")
        self.assertEqual(b.execute("import json; print(json.dumps([1]))").strip(), "[1]")
        a.get_reward()
        b.get_reward()

    def test_bad_rows_and_options_are_refused(self):
        with self.assertRaises(ValueError):
            appsim.trl.environment_factory(max_turns=0)()
        env = appsim.trl.environment_factory()()
        with self.assertRaisesRegex(ValueError, "task_id"):
            env.reset(prompt=[])
        with self.assertRaises(KeyError):
            env.reset(task_id="no-such-task")
        self.assertIn("no episode was started", env.execute("print(1)"))
        self.assertEqual(env.get_reward(), 0.0)


if __name__ == "__main__":
    unittest.main()
