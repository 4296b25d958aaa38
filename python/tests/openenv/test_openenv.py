"""`appsim.openenv` with the real openenv-core: the in-process Environment, and openenv-core's
own server over it driven by openenv-core's own client (tests/openenv_client/drive.py, the
script that drives `appsim serve`). Run by tests/python.rs in a venv of
tests/pyclients/openenv-mcp.txt; OPENENV_DRIVE names the client script."""

import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest

import uvicorn

import appsim
from appsim import Task, load_task_ids
from appsim.openenv import AppsimEnvironment, CodeAction, create_app


class InProcess(unittest.TestCase):
    def test_an_episode_ends_with_its_reward(self):
        task = Task.load(load_task_ids("dev")[0])
        env = AppsimEnvironment()
        obs = env.reset(task_id=task.id)
        self.assertEqual(obs.output, task.instruction)
        self.assertFalse(obs.done)
        cells = task.ground_truth_code
        for cell in cells:
            obs = env.step(CodeAction(code=cell))
        self.assertTrue(obs.done)
        self.assertEqual(obs.reward, 1.0)
        self.assertTrue(obs.success)
        self.assertFalse(obs.truncated)
        self.assertEqual(env.state.step_count, len(cells))
        self.assertTrue(env.state.completed)
        env.close()

    def test_an_episode_cut_at_its_limit_releases_its_world(self):
        rt = appsim.runtime()
        live = rt.live()
        env = AppsimEnvironment(max_steps=2)
        env.reset(task_id=load_task_ids("train")[0])
        self.assertEqual(rt.live(), live + 1)
        self.assertFalse(env.step(CodeAction(code="x = 1")).done)
        obs = env.step(CodeAction(code="x = 2"))
        self.assertTrue(obs.done and obs.truncated)
        self.assertLess(obs.reward, 1.0)
        self.assertEqual(rt.live(), live)
        with self.assertRaises(RuntimeError):
            env.step(CodeAction(code="x = 3"))

    def test_a_reset_closes_the_episode_before(self):
        rt = appsim.runtime()
        live = rt.live()
        env = AppsimEnvironment()
        env.reset(task_id=load_task_ids("train")[0])
        env.reset(task_id=load_task_ids("train")[1])
        self.assertEqual(rt.live(), live + 1)
        env.close()
        self.assertEqual(rt.live(), live)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Served(unittest.TestCase):
    def test_openenvs_server_and_client_run_a_task(self):
        live = appsim.runtime().live()
        port = free_port()
        server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        deadline = time.time() + 30
        while not server.started:
            self.assertLess(time.time(), deadline, "the server did not start")
            time.sleep(0.05)
        try:
            task = Task.load(load_task_ids("dev")[0])
            with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
                json.dump(task.ground_truth_code, f)
            run = subprocess.run(
                [sys.executable, os.environ["OPENENV_DRIVE"], f"http://127.0.0.1:{port}", task.id, f.name],
                capture_output=True,
                text=True,
                timeout=300,
            )
            self.assertEqual(run.returncode, 0, run.stderr)
            result = json.loads(run.stdout.strip().splitlines()[-1])
            self.assertTrue(result["done"], result)
            self.assertEqual(result["final_reward"], 1.0, result)
            self.assertIn(task.instruction, run.stdout)
            # The session ended with the client: its world is released.
            deadline = time.time() + 10
            while appsim.runtime().live() != live and time.time() < deadline:
                time.sleep(0.05)
            self.assertEqual(appsim.runtime().live(), live)
        finally:
            server.should_exit = True
            thread.join(timeout=10)


if __name__ == "__main__":
    unittest.main()
