"""The generic walk: random calls over every API of `apis.json`, on the walk world.

Unlike `gen/<app>.py`, nothing here knows an app: each API's parameters (names, types,
constraints, sort fields) come from ../shared/appworld-interface/apis.json, and valid values
are drawn from the oracle's own rows (`Recorder.state`), from the world's people and from
small pools of dates, amounts and texts. About one call in five is odd: one argument takes a
value of another kind (a wrong type, a list of the wrong type, empty, huge, negative, unicode,
null) or a required one is dropped.

A walk is a sequence of segments. Each starts from the initial world (`reset`), logs in two
people (the one the calls act as, `t`, and another, `u`) and, where the app takes a
`file_system_access_token`, the first person's file system (`f`); then 30-50 calls follow.
Everything is drawn from `random.Random(<app>)`, so the same oracle writes the same lines.
"""

from __future__ import annotations

import json
import random
import string
import sys
from typing import Any

sys.path.insert(0, __file__.rsplit("/", 2)[0] + "/gen")
from common import ODD_VALUES, Recorder  # noqa: E402

CALLS_PER_APP = 600
ODD_SHARE = 0.2
# APIs that end the segment's session are drawn this much less often than the rest.
SESSION_ENDERS = {"logout": 0.1, "delete_account": 0.1}

DATES = ["2024-02-29", "2024-02-28", "2024-03-01", "2023-12-31", "2024-01-01", "2019-03-01",
         "2024-02-29T23:59:59", "2024-02-29T23:30:00", "2024-02-29 07:05:00",
         "2023-12-31T23:59:59", "2030-01-01", "2023-02-29", "2024-02-30", "29/02/2024"]
TIMES = ["00:05", "07:30", "23:59", "12:00", "24:00", "7:5", "noon"]
AMOUNTS = [0.01, 1.0, 12.5, 29.0, 82.42, 164.83, 1000.0, 1234.56]
TEXTS = ["Café Noir", "O'Brien", "leap day", "Résumé — draft", "Ñandú", "party 🎉", "a",
         "Don't Look Back", "Casa Núñez", "très-urgent", "Zoë", "new year", "x y z"]
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
PATHS = ["~/documents/notes.txt", "~/documents/reçus/", "~/documents/reçus/résumé 2022.txt",
         "~/photos/leap day/", "~/documents/new file.txt", "~/nouveau/", "/etc/passwd",
         "~/../escape.txt", "~/documents/archive.zip", "documents/notes.txt"]
# Odd values beyond gen/common.py's coercion list: huge, negative, unicode, nested.
ODD_EXTRA: list[Any] = [
    "x" * 5000, "é" * 300, -5, -0.01, -10**6, 10**30, "ünïcødé ✓ 日本語", "\u0000", "\n",
    ["a", 1], [None], [[1]], {"k": [1]}, "2024-02-30", "   padded   ", "DROP TABLE users;",
]


def load_apis(path: str) -> dict[str, list[dict]]:
    """apis.json's APIs grouped by app, in docs order."""
    with open(path) as f:
        apis = json.load(f)
    out: dict[str, list[dict]] = {}
    for spec in sorted(apis, key=lambda s: s["docs_index"]):
        out.setdefault(spec["app"], []).append(spec)
    return out


class Pools:
    """Valid values for parameters, by parameter name, from the oracle's rows and people."""

    def __init__(self, r: Recorder, app: str, apis: dict[str, list[dict]]) -> None:
        self.by_column: dict[str, list] = {}
        self.by_table: dict[str, list[int]] = {}
        for table, rows in r.state(app).items():
            self.by_table[table] = [row["id"] for row in rows if "id" in row]
            for row in rows:
                for column, value in row.items():
                    if column in ("record_hash", "data") or value is None:
                        continue
                    if isinstance(value, str) and value.startswith("["):
                        try:
                            value = json.loads(value)
                        except ValueError:
                            pass
                    self.by_column.setdefault(column, [])
                    if value not in self.by_column[column]:
                        self.by_column[column].append(value)
        users = r.users
        self.emails = [u["email"] for u in users] + ["nobody@example.com", "ZOE.OBRIEN@gmail.com"]
        self.phones = [u["phone_number"] for u in users] + ["3125550199", "+13125550111"]
        self.names = [u["first_name"] for u in users] + [u["last_name"] for u in users]
        self.apps = list(apis) + ["admin", "Simple_Note", "nope"]
        self.api_names = [s["api"] for specs in apis.values() for s in specs] + ["nope"]

    def ids(self, name: str) -> list:
        stem = name[:-3]
        out = list(self.by_column.get(name, []))
        for table, ids in self.by_table.items():
            if table.endswith(stem + "s") or table.endswith(stem + "es"):
                out.extend(ids)
        return (out or [1, 2, 3]) + [0, 999]

    def column(self, name: str) -> list:
        return [v for v in self.by_column.get(name, []) if not isinstance(v, list)]


class Walk:
    """Draws the calls of one app's walk."""

    def __init__(self, r: Recorder, app: str, apis: dict[str, list[dict]]) -> None:
        self.r, self.app, self.specs = r, app, apis[app]
        self.all_apis = apis
        self.rng = random.Random(app)
        self.logs_in = any(s["api"] == "login" for s in self.specs)
        self.needs_files = any(p["name"] == "file_system_access_token"
                               for s in self.specs for p in s["parameters"])
        self.weights = [SESSION_ENDERS.get(s["api"], 1.0) for s in self.specs]
        self.files = False
        self.people = [i for i, u in enumerate(r.users) if u.get("verified", True)]

    def run(self, calls: int = CALLS_PER_APP) -> None:
        made = 0
        while made < calls:
            self.r.reset()
            made += self.segment(self.rng.randint(30, 50))

    def segment(self, length: int) -> int:
        made = 0
        if self.logs_in:
            me, other = self.rng.sample(self.people, 2)
            for person, ref in ((me, "t"), (other, "u")):
                if not self._login(self.app, person, ref):
                    return made + 1
                made += 1
            self.files = self.needs_files and self.app != "file_system"
            if self.files:
                self.files = self._login("file_system", me, "f")
                made += 1
        pools = Pools(self.r, self.app, self.all_apis)
        for k in range(length):
            if k and k % 8 == 0:
                pools = Pools(self.r, self.app, self.all_apis)  # ids made since
            spec = self.rng.choices(self.specs, self.weights)[0]
            self.r.call(self.app, spec["api"], **self.arguments(spec, pools))
            made += 1
        return made

    def _login(self, app: str, person: int, ref: str) -> bool:
        status, _ = self.r.call(app, "login", _id=ref, username=self.r.username(person, app),
                                password=self.r.password(person, app))
        return status == 200

    # -- values ----------------------------------------------------------------------------
    def arguments(self, spec: dict, pools: Pools) -> dict[str, Any]:
        rng = self.rng
        args: dict[str, Any] = {}
        for p in spec["parameters"]:
            if p["required"] or p["name"].endswith("access_token") or rng.random() < 0.5:
                args[p["name"]] = self.value(p, pools)
        if spec["parameters"] and rng.random() < ODD_SHARE:
            p = rng.choice(spec["parameters"])
            if p["required"] and rng.random() < 0.25:
                args.pop(p["name"], None)
            else:
                args[p["name"]] = rng.choice(ODD_VALUES + ODD_EXTRA)
        return args

    def value(self, p: dict, pools: Pools) -> Any:
        rng, name, kind = self.rng, p["name"], p["type"]
        constraints = p.get("constraints") or {}
        if name == "access_token":
            roll = rng.random()
            return ("${t.access_token}" if roll < 0.85 or not self.logs_in else
                    "${u.access_token}" if roll < 0.95 else "not-a-token")
        if name == "file_system_access_token":
            return "${f.access_token}" if self.files and rng.random() < 0.9 else "${t.access_token}"
        if "enum" in constraints:
            return rng.choice(constraints["enum"])
        if name == "sort_by" and p.get("sort"):
            fields = p["sort"]["accepted_fields"] + ["id", "bogus"]
            return rng.choice(["", "+", "-"]) + rng.choice(fields)
        if kind.startswith("list["):
            return self.list_value(name, kind, pools)
        if kind == "boolean":
            return rng.random() < 0.5
        if kind == "integer":
            return self.integer(name, constraints, pools)
        if kind == "number":
            return rng.choice(pools.column(name) + AMOUNTS)
        return self.string(name, pools)

    def integer(self, name: str, constraints: dict, pools: Pools) -> int:
        rng = self.rng
        if name == "page_index":
            return rng.choice([0, 0, 0, 1, 2, 7])
        if name == "page_limit":
            return rng.choice([1, 2, 5, 20])
        if name.endswith("_id"):
            return rng.choice(pools.ids(name))
        column = [v for v in pools.column(name) if isinstance(v, int)]
        low, high = constraints.get("ge", 0), constraints.get("le", 10)
        return rng.choice(column + [low, high, rng.randint(low, max(low, min(high, 10)))])

    def string(self, name: str, pools: Pools) -> str:
        rng = self.rng
        if "email" in name:
            return rng.choice(pools.emails + [v for v in pools.column(name) if "@" in str(v)])
        if name in ("phone_number", "username"):
            return rng.choice(pools.phones + pools.emails if name == "username" else pools.phones)
        if name == "app_name":
            return rng.choice(pools.apps)
        if name == "api_name":
            return rng.choice(pools.api_names)
        if name.endswith("path"):
            return rng.choice(PATHS + [v for v in pools.column("tilde_path")])
        if name == "time":
            return rng.choice(TIMES)
        if any(k in name for k in ("date", "_at", "birthday", "datetime")):
            return rng.choice(DATES)
        if name in ("password", "new_password"):
            return rng.choice(["zoë-" + self.app + "-pw2", "secret1", "pw", "Pässwörd!"])
        seen = [str(v) for v in pools.column(name)]
        if name in ("first_name", "last_name"):
            seen += pools.names
        if seen and rng.random() < 0.7:
            return rng.choice(seen)
        if rng.random() < 0.2:
            return "".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(1, 12)))
        return rng.choice(TEXTS)

    def list_value(self, name: str, kind: str, pools: Pools) -> list:
        rng = self.rng
        n = rng.choice([0, 1, 1, 2, 3])
        if kind == "list[number]":
            return [rng.choice(AMOUNTS) for _ in range(n)]
        if "email" in name:
            return rng.sample(pools.emails, min(n, len(pools.emails)))
        if name == "repeat_days":
            return rng.sample(WEEKDAYS, n)
        if "path" in name:
            return rng.sample(PATHS, n)
        seen = [v for vs in pools.by_column.get(name, []) if isinstance(vs, list) for v in vs]
        return [rng.choice(seen + TEXTS) for _ in range(n)]


def generate(r: Recorder, app: str, apis: dict[str, list[dict]]) -> None:
    Walk(r, app, apis).run()
