"""The prompt the adapters give a model: what it may call, and the task it is to do. One
wording for every adapter, the Rust agent's (agent/src/prompt.rs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from . import Task

__all__ = ["SYSTEM_PROMPT", "task_prompt"]

SYSTEM_PROMPT = """You are a coding agent working for a person through the APIs of their apps \
(amazon, file_system, gmail, phone, simple_note, splitwise, spotify, todoist, venmo, and \
supervisor). Solve the task with the `execute` tool: each call runs one Python cell in a shell \
that keeps its variables, where `apis.<app>.<api>(**arguments)` calls an API and answers its \
result. Look APIs up first: `apis.api_docs.show_app_descriptions()`, \
`apis.api_docs.show_api_descriptions(app_name=...)`, \
`apis.api_docs.show_api_doc(app_name=..., api_name=...)`. Accounts and passwords are in \
`apis.supervisor.show_account_passwords()`. Print what you want to see. When done, call \
`apis.supervisor.complete_task(answer=...)` (the answer only where the task asks a question)."""


def task_prompt(task: "Task") -> str:
    """Who the person is and what they ask: the user turn that opens an episode."""
    s = task.supervisor
    return (
        f"My name is {s['first_name']} {s['last_name']}. My email is {s['email']} and "
        f"my phone number is {s['phone_number']}.\n"
        f"Task: {task.instruction}"
    )
