"""Shared pieces of the fidelity generators: the recorder that drives the reference oracle
(AppWorld run in-process by ../shared/oracle/aw_oracle.py) and writes one recording per app.

A generator is a module `gen/<app>.py` with `generate(r: Recorder)`. It issues calls with
`r.call(app, api, **args)`; each call is answered by the oracle at once (so a generator can
look at an answer, or at the oracle's rows with `r.state(app)`, to pick its next call) and
written to the recording with its answer. Values that depend on the implementation's own
answers (tokens, created ids) can be passed by reference: `r.call(..., _id="t")` keeps the
answer as `t`, and the string "${t.access_token}" as a whole argument stands for that field
(list items by index: "${r.0.note_id}"). Replays resolve references against their own answers.
"""

from __future__ import annotations

import json
from typing import Any, Callable

# Keys of api_docs answers that hold AppWorld's own prose; stripped before anything is written.
PROSE_KEYS = ("description",)


def strip_prose(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: strip_prose(v) for k, v in value.items() if k not in PROSE_KEYS}
    if isinstance(value, list):
        return [strip_prose(v) for v in value]
    return value


class Recorder:
    """Sends calls to the oracle and keeps (call, answer) lines for one recording."""

    def __init__(self, oracle: Any, handle: Any, manifest: dict) -> None:
        self._oracle = oracle
        self._handle = handle
        self.manifest = manifest
        self.lines: list[dict] = []

    # -- people of the oracle world ------------------------------------------------------
    @property
    def users(self) -> list[dict]:
        return self.manifest["users"]

    def email(self, i: int) -> str:
        return self.users[i]["email"]

    def password(self, i: int, app: str) -> str:
        return self.users[i]["accounts"][app]["password"]

    def username(self, i: int, app: str) -> str:
        return self.users[i]["accounts"][app]["username"]

    # -- calls -----------------------------------------------------------------------------
    def call(self, app: str, api: str, _id: str | None = None, _needs: list[str] | None = None,
             **args: Any) -> tuple[int | None, Any]:
        """One call; returns (status, body) as the oracle answered."""
        request: dict[str, Any] = {"app": app, "api": api, "args": args}
        if _id is not None:
            request["id"] = _id
        answer = self._handle(self._oracle, len(self.lines), request)
        line: dict[str, Any] = {"i": len(self.lines), "call": request}
        if _needs:
            line["needs"] = sorted(set(_needs))
        for key in ("status", "body", "agent_view", "error"):
            if key in answer:
                value = answer[key]
                line[key] = strip_prose(value) if app == "api_docs" else value
        self.lines.append(line)
        return answer.get("status"), answer.get("body")

    def login(self, app: str, person: int, _id: str) -> str:
        """Logs `person` into `app`, keeping the answer as `_id`; returns the reference."""
        status, body = self.call(app, "login", _id=_id, username=self.username(person, app),
                                 password=self.password(person, app))
        assert status == 200, (app, person, body)
        return "${" + _id + ".access_token}"

    def reset(self) -> None:
        """Back to the initial world (and random seed): independent sequences start here."""
        self._handle(self._oracle, len(self.lines), {"cmd": "reset"})
        self.lines.append({"i": len(self.lines), "cmd": "reset"})

    def state(self, app: str) -> dict[str, list]:
        """The oracle's rows of one app (to look at, e.g. an e-mailed code); not recorded."""
        return self._handle(self._oracle, -1, {"cmd": "state", "app": app})["body"]

    def write(self, path: str) -> None:
        with open(path, "w") as f:
            for line in self.lines:
                f.write(json.dumps(line, sort_keys=True, ensure_ascii=False) + "\n")


# Argument values of every odd kind a caller may pass, for coercion matrices.
ODD_VALUES: list[Any] = [
    None, "", " ", "abc", "7", " 7 ", "7.0", "7.5", "-1", "1e3", "0x10", "1_000", "true", "False",
    "yes", "off", "null", 0, 1, -1, 7, 2**63, 7.0, 7.5, -0.0, True, False, [], ["a"], ["a", "b"],
    [1, 2], {}, {"a": 1},
]


# One call of the app under test: `call(api, **args)` (a generator's own wrapper, which adds the
# "needs" of the API).
Call = Callable[..., Any]
Probe = tuple[str, dict]


def login_attempts(call: Call, pairs: list[tuple[Any, Any]],
                   partial: list[dict] | None = None) -> None:
    """Logs in with each (username, password) pair, then with fields missing: by default the
    first pair's username alone, its password alone, and neither."""
    for username, password in pairs:
        call("login", username=username, password=password)
    user, pw = pairs[0]
    for args in partial if partial is not None else [{"username": user}, {"password": pw}, {}]:
        call("login", **args)


def logout_flow(call: Call, login: Callable[[str], str], probe: Probe, other_probe: Probe,
                final: Probe, after: tuple[Probe, ...] = ()) -> None:
    """Two tokens of one person (`login("t1")`, `login("t2")`): `probe` with the first, log it
    out, `probe` and each of `after` again (refused), a second logout (refused), `other_probe`
    with the second (still works); logout without a token and with a garbage one; log the
    second out and try `final` with it."""
    tok, other = login("t1"), login("t2")
    call(probe[0], access_token=tok, **probe[1])
    call("logout", access_token=tok)
    call(probe[0], access_token=tok, **probe[1])
    for api, args in after:
        call(api, access_token=tok, **args)
    call("logout", access_token=tok)
    call(other_probe[0], access_token=other, **other_probe[1])
    call("logout")
    call("logout", access_token="garbage")
    call("logout", access_token=other)
    call(final[0], access_token=other, **final[1])
