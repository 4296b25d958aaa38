#!/usr/bin/env python3
"""Drive an MCP server over streamable HTTP with the official `mcp` Python SDK.

Usage:
    python drive.py MCP_URL CALLS_JSON_FILE [--header K:V]... [--timeout S] [--show-tools]

MCP_URL is the streamable-HTTP endpoint (e.g. http://127.0.0.1:8000/mcp/TASK_ID).
CALLS_JSON_FILE ("-" for stdin) holds a JSON list of calls:

    [{"tool": "spotify__login",
      "arguments": {"username": "a@b.c", "password": "pw"},
      "save_as": "login"},
     {"tool": "spotify__show_song_library",
      "arguments": {"access_token": "$login.access_token", "page_limit": 2}},
     {"tool": "spotify__show_song", "arguments": {"song_id": -1}, "expect_error": true}]

Per entry: "tool" (required), "arguments" (object, default {}), "save_as" (optional name to keep
the result under), "expect_error" (optional bool; a mismatch makes the run exit 3).

References to saved results, inside arguments (at any depth):
  * a string that is exactly "$NAME.PATH" is replaced by that value, keeping its JSON type
    (NAME is an identifier, so "$5.00" stays a plain string);
  * "${NAME.PATH}" inside a longer string is replaced by the value's text.
PATH is dot-separated keys / list indices ("$songs.0.song_id"); an empty PATH ("$login") is the
whole result. When a key is missing and the value is a one-key wrapper {"response": X} (AppWorld)
or {"result": X} (FastMCP, for non-object results), the lookup is retried inside X. A saved
result is the call's structuredContent if the server sent one, else its text content parsed as
JSON, else the raw text.
"$$" at the start of a string escapes a literal "$".

Output: "tools: N", then per call a line "call I TOOL ok|error" followed by the result text,
then one final JSON line {"tools": n, "calls": k, "errors": e} (errors = results with isError).

Exit status: 0 ok (tool-level errors are counted, not fatal); 1 protocol/transport error (the
summary line is still printed); 2 bad input (calls file, unresolved reference); 3 an
"expect_error" mismatch.

Works with mcp 1.x and 2.x (tested: 1.30.0, 2.3.0): it uses `streamable_http_client` when the
SDK has it, else the older `streamablehttp_client` (removed in 2.x), and reads result fields by
either spelling (isError / is_error).
"""

from __future__ import annotations

import argparse
import json
import logging
import re
import sys
from typing import Any

import anyio
from mcp import ClientSession, types

try:  # mcp >= 1.2x (and 2.x): the current name.
    from mcp.client.streamable_http import streamable_http_client as _new_client
except ImportError:  # pragma: no cover - older 1.x
    _new_client = None
try:  # mcp 1.x: the original name (deprecated in late 1.x, removed in 2.x).
    from mcp.client.streamable_http import streamablehttp_client as _old_client
except ImportError:
    _old_client = None


class InputError(Exception):
    """Bad calls file or unresolved reference (exit 2)."""


def _field(obj: Any, *names: str, default: Any = None) -> Any:
    """Read a pydantic field by any of its spellings (mcp 1.x camelCase, 2.x snake_case)."""
    for name in names:
        if hasattr(obj, name):
            return getattr(obj, name)
    return default


# ---------------------------------------------------------------------------- references

_INLINE = re.compile(r"\$\{([^}]+)\}")
# AppWorld's MCP server wraps results as {"response": X}; FastMCP wraps non-object results as
# {"result": X}. A path step missing from such a one-key wrapper is looked up inside X.
_WRAPPERS = ("response", "result")
_WHOLE = re.compile(r"^\$[A-Za-z_][\w-]*(\.[^.]+)*$")  # "$5.00" is not a reference


def _lookup(saved: dict[str, Any], ref: str) -> Any:
    name, _, path = ref.partition(".")
    if name not in saved:
        raise InputError(f"reference ${ref}: no result was saved as {name!r}")
    value = saved[name]
    for part in path.split(".") if path else []:
        value = _step(value, part, ref)
    return value


def _step(value: Any, part: str, ref: str) -> Any:
    if isinstance(value, dict):
        if part in value:
            return value[part]
        if len(value) == 1 and next(iter(value)) in _WRAPPERS:
            return _step(next(iter(value.values())), part, ref)
        raise InputError(f"reference ${ref}: no key {part!r} in {_short(value)}")
    if isinstance(value, list):
        try:
            return value[int(part)]
        except (ValueError, IndexError):
            raise InputError(f"reference ${ref}: bad index {part!r} into a list of {len(value)}")
    raise InputError(f"reference ${ref}: cannot take {part!r} of {_short(value)}")


def _short(value: Any) -> str:
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 120 else text[:117] + "..."


def substitute(value: Any, saved: dict[str, Any]) -> Any:
    if isinstance(value, dict):
        return {k: substitute(v, saved) for k, v in value.items()}
    if isinstance(value, list):
        return [substitute(v, saved) for v in value]
    if isinstance(value, str):
        if value.startswith("$$"):
            return value[1:]
        if _WHOLE.match(value):
            return _lookup(saved, value[1:])
        if "${" in value:
            def repl(m: re.Match[str]) -> str:
                v = _lookup(saved, m.group(1))
                return v if isinstance(v, str) else json.dumps(v)
            return _INLINE.sub(repl, value)
    return value


# ---------------------------------------------------------------------------- results

def result_text(result: Any) -> str:
    parts = []
    for block in _field(result, "content", default=[]) or []:
        text = _field(block, "text")
        if isinstance(text, str):
            parts.append(text)
        else:  # image/audio/resource: show its JSON form
            dump = block.model_dump(mode="json", by_alias=True, exclude_none=True)
            parts.append(json.dumps(dump))
    structured = _field(result, "structured_content", "structuredContent")
    if not parts and structured is not None:
        parts.append(json.dumps(structured))
    return "\n".join(parts)


def result_value(result: Any, text: str) -> Any:
    structured = _field(result, "structured_content", "structuredContent")
    if structured is not None:
        return structured
    try:
        return json.loads(text)
    except (json.JSONDecodeError, ValueError):
        return text


# ---------------------------------------------------------------------------- session

def _open_transport(url: str, headers: dict[str, str]) -> Any:
    if _new_client is not None:
        if headers:
            from mcp.shared._httpx_utils import create_mcp_http_client

            http_client = create_mcp_http_client(headers=headers)
            return _new_client(url, http_client=http_client), http_client
        return _new_client(url), None
    if _old_client is not None:
        return _old_client(url, headers=headers or None), None
    raise RuntimeError("this mcp package has no streamable-HTTP client")


async def list_all_tools(session: ClientSession) -> list[Any]:
    tools: list[Any] = []
    cursor = None
    while True:
        if cursor is None:
            page = await session.list_tools()
        else:
            try:
                page = await session.list_tools(params=types.PaginatedRequestParams(cursor=cursor))
            except TypeError:  # pragma: no cover - very old 1.x
                page = await session.list_tools(cursor)
        tools.extend(page.tools)
        cursor = _field(page, "next_cursor", "nextCursor")
        if not cursor:
            return tools


async def run(args: argparse.Namespace, calls: list[dict[str, Any]], stats: dict[str, int]) -> int:
    from contextlib import AsyncExitStack

    headers = args.headers
    mismatches = 0
    async with AsyncExitStack() as stack:
        transport, http_client = _open_transport(args.url, headers)
        if http_client is not None:
            await stack.enter_async_context(http_client)
        streams = await stack.enter_async_context(transport)
        read, write = streams[0], streams[1]
        session = await stack.enter_async_context(ClientSession(read, write))
        with anyio.fail_after(args.timeout):
            init = await session.initialize()
        server = _field(init, "server_info", "serverInfo")
        version = _field(init, "protocol_version", "protocolVersion")
        print(f"server: {_field(server, 'name')} {_field(server, 'version')} protocol {version}",
              file=sys.stderr)
        with anyio.fail_after(args.timeout):
            tools = await list_all_tools(session)
        stats["tools"] = len(tools)
        print(f"tools: {len(tools)}")
        if args.show_tools:
            for tool in tools:
                print(f"  {tool.name}")
        saved: dict[str, Any] = {}
        for index, entry in enumerate(calls, 1):
            arguments = substitute(entry.get("arguments") or {}, saved)
            with anyio.fail_after(args.timeout):
                result = await session.call_tool(entry["tool"], arguments)
            stats["calls"] += 1
            is_error = bool(_field(result, "is_error", "isError", default=False))
            stats["errors"] += is_error
            text = result_text(result)
            print(f"call {index} {entry['tool']} {'error' if is_error else 'ok'}")
            print(text)
            if "expect_error" in entry and bool(entry["expect_error"]) != is_error:
                mismatches += 1
                print(f"call {index} {entry['tool']}: expected "
                      f"{'an error' if entry['expect_error'] else 'success'}", file=sys.stderr)
            if entry.get("save_as"):
                saved[entry["save_as"]] = result_value(result, text)
    return 3 if mismatches else 0


def load_calls(path: str) -> list[dict[str, Any]]:
    try:
        raw = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
        calls = json.loads(raw)
    except (OSError, json.JSONDecodeError) as e:
        raise InputError(f"cannot read calls file {path}: {e}")
    if isinstance(calls, dict) and "calls" in calls:
        calls = calls["calls"]
    if not isinstance(calls, list):
        raise InputError("calls file must hold a JSON list of {tool, arguments, save_as}")
    for i, entry in enumerate(calls, 1):
        if not isinstance(entry, dict) or not isinstance(entry.get("tool"), str):
            raise InputError(f"entry {i}: needs a string 'tool'")
        if not isinstance(entry.get("arguments", {}), dict):
            raise InputError(f"entry {i}: 'arguments' must be an object")
    return calls


def _flatten(exc: BaseException) -> list[BaseException]:
    inner = getattr(exc, "exceptions", None)
    if inner:
        return [e for sub in inner for e in _flatten(sub)]
    return [exc]


class _QuietTermination(logging.Filter):
    """Drop the SDK's warning for a 202 answer to the closing DELETE (rmcp answers 202)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "Session termination failed: 202" not in record.getMessage()


def main() -> int:
    logging.getLogger("mcp.client.streamable_http").addFilter(_QuietTermination())
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url", help="streamable-HTTP MCP endpoint")
    parser.add_argument("calls", help='JSON file of [{"tool", "arguments", "save_as"}], or -')
    parser.add_argument("--header", action="append", default=[], metavar="K:V",
                        help="extra HTTP header on every request (repeatable)")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds allowed for initialize, the listing and each call")
    parser.add_argument("--show-tools", action="store_true", help="print every tool name")
    args = parser.parse_args()
    stats = {"tools": 0, "calls": 0, "errors": 0}
    try:
        calls = load_calls(args.calls)
        args.headers = {}
        for h in args.header:
            key, sep, value = h.partition(":")
            if not sep or not key.strip():
                raise InputError(f"--header wants K:V, got {h!r}")
            args.headers[key.strip()] = value.strip()
        code = anyio.run(run, args, calls, stats)
    except BaseException as exc:  # noqa: BLE001 - report, then exit non-zero
        if isinstance(exc, KeyboardInterrupt):
            raise
        errors = _flatten(exc)
        input_errors = [e for e in errors if isinstance(e, InputError)]
        for e in input_errors or errors:
            kind = "input error" if input_errors else "protocol error"
            print(f"{kind}: {type(e).__name__}: {e}", file=sys.stderr)
        code = 2 if input_errors else 1
    print(json.dumps(stats), flush=True)
    return code


if __name__ == "__main__":
    sys.exit(main())
