#!/usr/bin/env python3
"""Drive appsim's stateless MCP endpoint (revision 2026-07-28) with the official `mcp` SDK.

Usage: python stateless.py MCP_URL TASK_ID

Connects in the SDK's `auto` mode (a `server/discover` probe, no handshake), lists the tools,
opens an episode of TASK_ID, calls two APIs with its handle (the supervisor's profile, then an
API with a bad handle), closes the episode, and prints one JSON line: the negotiated protocol
version, the tool count, the episode handle, the profile's email, the bad handle's error text
and whether the closed episode is gone.
"""

import json
import sys

import anyio
from mcp import Client


def structured(result):
    return getattr(result, "structured_content", None) or getattr(result, "structuredContent", None)


def is_error(result):
    return bool(getattr(result, "is_error", getattr(result, "isError", False)))


async def main(url, task_id):
    async with Client(url, mode="auto") as client:
        tools = await client.list_tools()
        opened = await client.call_tool("open_episode", {"task_id": task_id})
        episode = structured(opened)["episode"]
        profile = await client.call_tool("supervisor__show_profile", {"episode": episode})
        bad = await client.call_tool("supervisor__show_profile", {"episode": "no-such-episode"})
        await client.call_tool("close_episode", {"episode": episode})
        after = await client.call_tool("supervisor__show_profile", {"episode": episode})
        print(json.dumps({
            "protocol_version": client.protocol_version,
            "tools": len(tools.tools),
            "episode": episode,
            "instruction": structured(opened)["instruction"],
            "email": structured(profile)["response"]["email"],
            "bad_handle_error": is_error(bad),
            "bad_handle_text": bad.content[0].text,
            "closed_is_gone": is_error(after),
        }))


if __name__ == "__main__":
    anyio.run(main, sys.argv[1], sys.argv[2])
