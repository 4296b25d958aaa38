"""`appsim.verifiers` with the real verifiers: rollouts driven through verifiers' own OpenAI
chat client by a scripted model (an OpenAI-compatible endpoint answered in-process by an httpx
mock transport) that plays a task's ground-truth cells as `execute` tool calls. Run by
tests/python.rs in a venv of tests/pyclients/verifiers.txt."""

import json
import unittest

import httpx
import verifiers as vf
from openai import AsyncOpenAI
from verifiers.clients import OpenAIChatCompletionsClient

import appsim
import appsim.verifiers
from appsim import Task, load_task_ids


class ScriptedModel:
    """Answers each chat request with the next cell of the rollout's script as an `execute`
    tool call (the rollout is known by its task's instruction in the prompt), then a plain
    reply; records the tools each request offered."""

    def __init__(self, scripts: dict[str, list[str]]):
        self.scripts = scripts
        self.tools_seen: list = []
        self.requests = 0

    def handle(self, request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        self.requests += 1
        self.tools_seen.append(body.get("tools"))
        messages = body["messages"]
        prompt = next(m["content"] for m in messages if m["role"] == "user")
        cells = next(cells for instruction, cells in self.scripts.items() if instruction in prompt)
        done = sum(1 for m in messages if m["role"] == "tool")
        if done < len(cells):
            call = {
                "id": f"call_{done}",
                "type": "function",
                "function": {"name": "execute", "arguments": json.dumps({"code": cells[done]})},
            }
            message = {"role": "assistant", "content": None, "tool_calls": [call]}
            finish = "tool_calls"
        else:
            message = {"role": "assistant", "content": "I am done."}
            finish = "stop"
        return httpx.Response(
            200,
            json={
                "id": f"chatcmpl-{self.requests}",
                "object": "chat.completion",
                "created": 0,
                "model": body["model"],
                "choices": [{"index": 0, "message": message, "finish_reason": finish}],
                "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
            },
        )

    def client(self) -> OpenAIChatCompletionsClient:
        http = httpx.AsyncClient(transport=httpx.MockTransport(self.handle))
        openai = AsyncOpenAI(base_url="http://scripted/v1", api_key="none", http_client=http)
        return OpenAIChatCompletionsClient(openai)


def evaluate(env, model: ScriptedModel, **kwargs):
    return env.evaluate_sync(
        client=model.client(),
        model="scripted",
        **kwargs,
    )


class Rollouts(unittest.TestCase):
    def setUp(self):
        self.live = appsim.runtime().live()

    def tearDown(self):
        self.assertEqual(appsim.runtime().live(), self.live, "a rollout's world was not released")

    def test_the_ground_truth_earns_the_full_reward_and_releases_its_world(self):
        tasks = [Task.load(t) for t in load_task_ids("dev")[:2]]
        env = appsim.verifiers.load_environment(task_ids=[t.id for t in tasks], eval_split=None)
        self.assertIsInstance(env, vf.StatefulToolEnv)
        model = ScriptedModel({t.instruction: t.ground_truth_code for t in tasks})
        out = evaluate(env, model, num_examples=-1)  # falls back to the train dataset
        self.assertEqual(len(out["outputs"]), 2)
        for o in out["outputs"]:
            self.assertEqual(o["reward"], 1.0, o)
            self.assertEqual(o["metrics"]["success"], 1.0)
        # The model sees one tool, `execute(code)`; the world is injected, never shown.
        tools = model.tools_seen[0]
        self.assertEqual([t["function"]["name"] for t in tools], ["execute"])
        self.assertEqual(list(tools[0]["function"]["parameters"]["properties"]), ["code"])

    def test_a_rollout_cut_at_its_turn_limit_scores_what_it_did_and_releases_its_world(self):
        task = Task.load(load_task_ids("dev")[0])
        env = appsim.verifiers.load_environment(task_ids=[task.id], eval_split=None, max_turns=3)
        model = ScriptedModel({task.instruction: ["x = 1"] * 10})
        out = evaluate(env, model)
        (o,) = out["outputs"]
        self.assertLess(o["reward"], 1.0)
        self.assertEqual(o["metrics"]["success"], 0.0)
        self.assertEqual(o["stop_condition"], "max_turns_reached")
        self.assertEqual(model.requests, 3)

    def test_rollouts_of_one_task_each_have_a_world(self):
        # Four rollouts of one task at once: each completes the task in its own world (in a
        # shared one, all but the first would find the task already completed).
        task = Task.load(load_task_ids("dev")[1])
        env = appsim.verifiers.load_environment(task_ids=[task.id], eval_split=None)
        model = ScriptedModel({task.instruction: task.ground_truth_code})
        out = evaluate(env, model, rollouts_per_example=4)
        self.assertEqual([o["reward"] for o in out["outputs"]], [1.0] * 4)
        # The completing cell ends each rollout: no model turn after it.
        self.assertEqual(model.requests, 4 * len(task.ground_truth_code))
        for o in out["outputs"]:
            self.assertEqual(o["stop_condition"], "has_final_env_response")

    def test_a_failing_cell_answers_its_traceback_to_the_model(self):
        task = Task.load(load_task_ids("dev")[0])
        env = appsim.verifiers.load_environment(task_ids=[task.id], eval_split=None, max_turns=5)
        model = ScriptedModel({task.instruction: ["1 / 0", "print('next')"]})
        out = evaluate(env, model, state_columns=["trajectory"])
        (o,) = out["outputs"]
        completion = o["completion"]
        tool_replies = [m["content"] for m in completion if m["role"] == "tool"]
        self.assertIn("ZeroDivisionError", tool_replies[0])
        self.assertEqual(tool_replies[1], "next\n")


if __name__ == "__main__":
    unittest.main()
