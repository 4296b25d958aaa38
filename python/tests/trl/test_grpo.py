"""Two GRPO steps of TRL's own `GRPOTrainer` on the CPU, SmolLM2-135M-Instruct (real weights,
`scripts/fetch-model.sh`) as the policy and `appsim.trl` as its `environment_factory`.

Run by `cargo test -p appsim-python -- --ignored trl` (python/tests/python.rs), which installs
the pinned TRL and torch (`tests/pyclients/trl.txt`) and needs `APPSIM_MODEL_DIR` (the folder
fetch-model.sh writes). It prints one JSON line of figures (`GRPO figures: {...}`).
"""

import json
import os
import tempfile
import time
import unittest

import torch
from datasets import Dataset
from transformers import AutoModelForCausalLM, AutoTokenizer
from trl import GRPOConfig, GRPOTrainer
from trl.chat_template_utils import qwen2_5_chat_template

import appsim
import appsim.trl
from appsim import load_task_ids
from appsim.prompt import SYSTEM_PROMPT

# SmolLM2 speaks ChatML, whose tool calls TRL parses with its Qwen2.5 template (the model's
# own template renders no tools). One example call shows the model the format.
EXAMPLE = (
    "\n\nCall the tool like this:\n<tool_call>\n"
    '{"name": "execute", "arguments": {"code": "print(apis.supervisor.show_profile())"}}\n'
    "</tool_call>"
)


class Recording(appsim.trl.AppsimToolEnv):
    """`AppsimToolEnv` that counts what TRL asked of it, for the assertions."""

    made = []

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.resets = self.cells = self.rewards = 0
        Recording.made.append(self)

    def reset(self, **row):
        self.resets += 1
        return super().reset(**row)

    def execute(self, code: str) -> str:
        """Runs one Python cell in the task's shell and answers what it printed.

        Args:
            code: The Python code to run; `apis.<app>.<api>(...)` calls an app's API.

        Returns:
            What the cell printed.
        """
        self.cells += 1
        return super().execute(code)

    def get_reward(self) -> float:
        self.rewards += 1
        return super().get_reward()


class GrpoOnAppsim(unittest.TestCase):
    def test_two_grpo_steps_with_worlds_per_rollout(self):
        model_dir = os.environ["APPSIM_MODEL_DIR"]
        torch.manual_seed(0)
        tokenizer = AutoTokenizer.from_pretrained(model_dir, padding_side="left")
        tokenizer.chat_template = qwen2_5_chat_template
        model = AutoModelForCausalLM.from_pretrained(model_dir, dtype=torch.float32)
        tasks = load_task_ids("train", difficulty=1)[:2]
        rows = appsim.trl.rows(task_ids=tasks, system_prompt=SYSTEM_PROMPT + EXAMPLE)
        steps, batch, generations, turns = 2, 4, 4, 3
        rt = appsim.runtime()
        live_before = rt.live()
        with tempfile.TemporaryDirectory() as out:
            args = GRPOConfig(
                output_dir=out,
                max_steps=steps,
                per_device_train_batch_size=batch,
                num_generations=generations,
                max_completion_length=96,
                max_tool_calling_iterations=turns,
                learning_rate=1e-5,
                temperature=1.0,
                logging_steps=1,
                save_strategy="no",
                report_to="none",
                use_cpu=True,
                bf16=False,
                seed=0,
            )
            trainer = GRPOTrainer(
                model=model,
                processing_class=tokenizer,
                train_dataset=Dataset.from_list(rows),
                environment_factory=lambda: Recording(max_turns=turns),
                args=args,
            )
            # TRL made the environment's one public method the model's one tool.
            self.assertEqual([t.__name__ for t in trainer.tools], ["execute"])
            weights = {n: p.detach().clone() for n, p in model.named_parameters()}
            started = time.monotonic()
            trainer.train()
            wall = time.monotonic() - started

        rollouts = steps * batch
        made = Recording.made
        self.assertEqual(sum(e.resets for e in made), rollouts)
        self.assertEqual(sum(e.rewards for e in made), rollouts)
        # Every rollout's world is released: TRL scores each rollout, and scoring ends it.
        self.assertFalse(any(e.open for e in made))
        self.assertEqual(rt.live(), live_before)
        # GRPO stepped (a loss logged per step). Whether the weights moved depends on the
        # rewards differing within a group; the figures say.
        moved = sum(
            not torch.equal(p.detach(), weights[n]) for n, p in model.named_parameters()
        )
        logs = [h for h in trainer.state.log_history if "loss" in h]
        self.assertEqual(len(logs), steps)
        figures = {
            "steps": steps,
            "rollouts": rollouts,
            "wall_s": round(wall, 1),
            "s_per_step": round(wall / steps, 1),
            "cells_run": sum(e.cells for e in made),
            "environments_made": len(made),
            "reward_per_step": [round(h.get("reward", float("nan")), 3) for h in logs],
            "reward_std_per_step": [round(h.get("reward_std", float("nan")), 3) for h in logs],
            "tool_call_frequency": [h.get("tools/call_frequency") for h in logs],
            "tensors_changed": moved,
            "threads": torch.get_num_threads(),
        }
        print("GRPO figures: " + json.dumps(figures))


if __name__ == "__main__":
    unittest.main()
