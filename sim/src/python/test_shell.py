#!/usr/bin/env python3
"""Tests for shell.py: AppWorld's pre-execution safety check and its frozen clock.

    python3 sim/src/python/test_shell.py [-v] [--no-subprocess]   # CI: the recorded tables
    python3 sim/src/python/test_shell.py --pure-datetime          # the clock on pure-Python datetime
    $AWREF/bin/python sim/src/python/test_shell.py --against-oracle [--n 400] [--seed 7]
    $AWREF/bin/python sim/src/python/test_shell.py --record [--add-generated N] [--seed S]

($AWREF: the oracle venv, ~/.cache/appsim-awref.)

Plain mode needs nothing but python3 (3.10+): it execs shell.py and compares it with the
tables below (SAFETY_CASES, DEEP_CASES, CLOCK_CASES), which were recorded from the real
AppWorld 0.1.3.post1 (`SafetyGuard().is_syntax_safe`) and freezegun 1.5.1 frozen at
2023-05-18T12:00:00, on CPython 3.11 with TZ=UTC; it sets TZ=UTC itself. It then runs the
clock cases again in a child process whose `datetime` is the pure-Python one (as on
RustPython), where PURE_DATETIME_DIFFS (texts of the base library) are not compared.
VERSION_DEPENDENT lists what another Python version answers differently by itself.

--against-oracle (with appworld and freezegun importable) compares shell.py with the real
SafetyGuard and the real freezegun on every recorded case, generated safety cells and clock
expressions, at three frozen moments, and prints each mismatch, each known difference and
the agreement figures. --record rewrites SAFETY_CASES and CLOCK_CASES in this file from the
oracle (the cases' code is kept, the expected values re-recorded; --add-generated appends
generated cells); DEEP_CASES is kept by hand.

Expected safety values: None (AppWorld runs the cell), the refusal text, or
("raise", "ExceptionType", message) where AppWorld's check itself raises.
Expected clock values: "<type name> <repr>" or "!<ExceptionType>: <message>", with memory
addresses written 0x?.
"""

import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SHELL = os.path.join(HERE, "shell.py")
MOMENT = (2023, 5, 18, 12, 0, 0)
ADDRESS = re.compile(r"0x[0-9a-fA-F]+")

# AppWorld's check raises RecursionError on these (its parser's visitor recurses; ast
# does not): shell.py cannot reproduce a crash that depends on stack depth, and runs them.
RECURSION_CRASH_NOTE = "AppWorld's libcst visitor overflows the stack (RecursionError); shell.py runs the cell"

# Cases whose recorded (CPython 3.11) value is not what another Python version gives, for
# reasons outside shell.py's control: {code or expr: (versions where it differs, why)}.
VERSION_DEPENDENT = {
    # Safety: from 3.12 on, ast accepts PEP 701 f-strings (a quote of the f-string's own kind
    # inside a replacement field), which AppWorld's CPython 3.11 cannot parse: AppWorld calls
    # the cell safe (and then reports its syntax error); shell.py on 3.12+ checks the calls.
    "print(f'{open('a')}')": (">=3.12", "PEP 701 f-string parses on 3.12+"),
    # Clock.
    "datetime.datetime.fromisoformat('2023-05-18T10:20:30.123456Z')":
        ("<3.11", "fromisoformat accepts 'Z' since 3.11"),
    "calendar.monthrange(2023, 5)": (">=3.12", "calendar answers a calendar.Day member since 3.12"),
    "sorted(set(dir(datetime.datetime.now())) - set(dir(REAL_DT)))":
        (">=3.13", "classes defined in Python also list __firstlineno__, __static_attributes__"),
    "sorted(set(dir(datetime.date.today())) - set(dir(REAL_D)))":
        (">=3.13", "classes defined in Python also list __firstlineno__, __static_attributes__"),
}

# Clock cases where a pure-Python datetime (RustPython, or CPython without _datetime)
# answers differently from the C datetime AppWorld ran on, for reasons outside shell.py
# (the base library's own texts and reprs): {expr: why}.
PURE_DATETIME_DIFFS = {
    "datetime.datetime.now().isocalendar()": "IsoCalendarDate repr has no module prefix",
    "datetime.datetime.now() - datetime.datetime.now(datetime.timezone.utc)": "naive/aware error text",
    "datetime.datetime.max + datetime.timedelta(1)": "overflow error text",
    "datetime.date.max + datetime.timedelta(1)": "overflow error text",
    "datetime.datetime(2023, 13, 1)": "range error text",
    "datetime.date(2023, 2, 30)": "range error text",
    "datetime.time": "class repr names _pydatetime (3.12+)",
    "datetime.timedelta": "class repr names _pydatetime (3.12+)",
    "sorted(set(dir(datetime.datetime.now())) - set(dir(REAL_DT)))": "pure classes list __module__ themselves",
    "sorted(set(dir(datetime.date.today())) - set(dir(REAL_D)))": "pure classes list __module__ themselves",
    "datetime.datetime.fromtimestamp('x')": "argument error text",
}


def load_shell():
    ns = {"__name__": "appsim_shell"}
    with open(SHELL, encoding="utf-8") as f:
        exec(compile(f.read(), SHELL, "exec"), ns)
    return ns


def describe(fn):
    try:
        value = fn()
    except Exception as error:  # noqa: BLE001
        return "!" + type(error).__name__ + ": " + str(error)
    return type(value).__name__ + " " + ADDRESS.sub("0x?", repr(value))


def clock_namespace():
    import calendar
    import copy
    import datetime
    import json
    import time

    import pickle

    ns = {"datetime": datetime, "time": time, "json": json, "copy": copy,
          "deepcopy": copy.deepcopy, "calendar": calendar, "pickle": pickle}
    ns["REAL_DT"] = datetime.datetime.__mro__[1](2023, 5, 18, 12)
    ns["REAL_D"] = datetime.date.__mro__[1](2023, 5, 18)
    return ns


def eval_clock(exprs):
    ns = clock_namespace()
    return [describe(lambda e=e: eval(e, ns)) for e in exprs]


def mine_safety(shell, code, strict=True):
    try:
        return shell["_appsim_safety"](code, strict=strict)
    except Exception as error:  # noqa: BLE001
        return ("raise", type(error).__name__, str(error))


def version_differs(expr):
    entry = VERSION_DEPENDENT.get(expr)
    if entry is None:
        return False
    spec = entry[0]
    v = sys.version_info[:2]
    if spec.startswith("<"):
        major, minor = spec[1:].split(".")
        return v < (int(major), int(minor))
    if spec.startswith(">="):
        major, minor = spec[2:].split(".")
        return v >= (int(major), int(minor))
    return False


def set_utc():
    os.environ["TZ"] = "UTC"
    import time
    if hasattr(time, "tzset"):
        time.tzset()


# ---------------------------------------------------------------------------------------
# Generated cases (for --against-oracle, and the generated part of the recorded table)
# ---------------------------------------------------------------------------------------

def gen_safety_codes(n, seed):
    rng = random.Random(seed)
    mods = ["os", "time", "json", "csv", "pathlib", "sys", "subprocess", "shutil", "socket", "io",
            "builtins", "re", "math", "collections", "glob", "pickle", "datetime", "random",
            "requests", "decimal", "tempfile", "os.path", "collections.abc", "appworld", "typing"]
    funcs = ["open", "sleep", "system", "dump", "dumps", "load", "loads", "exit", "quit", "run",
             "call", "reader", "writer", "join", "exists", "remove", "listdir", "walk", "copy",
             "move", "rmtree", "now", "get", "read", "write", "close", "touch", "unlink", "mkdir",
             "read_text", "write_text", "glob", "Path", "getcwd", "replace", "input",
             "breakpoint", "eval", "DictReader", "Popen", "connect", "set_trace"]
    names = ["x", "p", "f", "t", "o", "m", "obj", "data", "open", "time"]

    def imp():
        m, a, fn = rng.choice(mods), rng.choice(names), rng.choice(funcs)
        return rng.choice([
            "import %s" % m, "import %s as %s" % (m, a), "from %s import %s" % (m, fn),
            "from %s import %s as %s" % (m, fn, a), "from %s import %s, %s" % (m, fn, rng.choice(funcs)),
            "import %s, %s" % (m, rng.choice(mods)), "from .%s import %s" % (m, fn),
            "from . import %s" % fn, "import %s as %s" % (m, a), "from %s import %s" % (m, fn)])

    def call():
        m, a, fn = rng.choice(mods), rng.choice(names), rng.choice(funcs)
        return rng.choice([
            "%s.%s()" % (m, fn), "%s.%s(1)" % (a, fn), "%s()" % fn, "%s('x')" % a,
            "%s = %s.%s('a')\n%s.%s()" % (a, m, rng.choice(funcs), a, fn),
            "%s = %s('a')\n%s.%s()" % (a, rng.choice(funcs), a, fn),
            "pathlib.Path('a').%s()" % fn, "%s.Path('a').%s()" % (m, fn),
            "print(%s.%s(x))" % (m, fn), "y = f'{%s.%s()}'" % (m, fn), "%s[0].%s()" % (a, fn),
            "%s(%s.%s(1))" % (rng.choice(funcs), m, fn), "x = [%s.%s(i) for i in y]" % (a, fn)])

    def wrap(line):
        ind = "\n".join("    " + part for part in line.split("\n"))
        return rng.choice([
            line, line, line, line, "def g():\n" + ind, "if cond:\n" + ind, "class K:\n" + ind,
            "try:\n" + ind + "\nexcept Exception:\n    pass", "for i in range(2):\n" + ind,
            "with ctx() as c:\n" + ind])

    out = []
    for _ in range(n):
        lines = []
        for _ in range(rng.randint(1, 5)):
            r = rng.random()
            if r < 0.03:
                lines.append("from %s import *" % rng.choice(mods))
            elif r < 0.4:
                lines.append(wrap(imp()))
            else:
                lines.append(wrap(call()))
        out.append("\n".join(lines))
    return out


def gen_clock_exprs(n, seed):
    rng = random.Random(seed)
    templates = [
        "datetime.datetime({Y}, {m}, {d}, {H}, {M}) + datetime.timedelta(days={k}, hours={h})",
        "datetime.datetime({Y}, {m}, {d}) - datetime.timedelta(minutes={n})",
        "datetime.date({Y}, {m}, {d}) + datetime.timedelta(days={k})",
        "datetime.date({Y}, {m}, {d}) - datetime.date({Y2}, {m2}, {d2})",
        "datetime.datetime.now() - datetime.datetime({Y}, {m}, {d})",
        "datetime.datetime.now(datetime.timezone(datetime.timedelta(hours={h})))",
        "datetime.datetime.now() + datetime.timedelta(seconds={n})",
        "datetime.date.today() - datetime.timedelta(days={n})",
        "datetime.datetime.fromtimestamp({ts})",
        "datetime.datetime.fromtimestamp({ts}, datetime.timezone(datetime.timedelta(hours={h})))",
        "datetime.datetime.utcfromtimestamp({ts})",
        "datetime.datetime({Y}, {m}, {d}, {H}).timestamp()",
        "datetime.datetime({Y}, {m}, {d}, {H}, tzinfo=datetime.timezone(datetime.timedelta(hours={h}))).timestamp()",
        "datetime.datetime({Y}, {m}, {d}, {H}).replace(day={d2})",
        "datetime.datetime.strptime('{Y:04d}-{m:02d}-{d:02d} {H:02d}:{M:02d}', '%Y-%m-%d %H:%M')",
        "datetime.datetime({Y}, {m}, {d}, {H}, tzinfo=datetime.timezone.utc).astimezone()",
        "datetime.datetime({Y}, {m}, {d}, {H}).astimezone(datetime.timezone(datetime.timedelta(hours={h})))",
        "datetime.datetime({Y}, {m}, {d}, {H}).astimezone()",
        "datetime.date.fromordinal({o})",
        "datetime.datetime.fromordinal({o})",
        "time.strftime('%Y-%m-%d %H', time.gmtime({ts}))",
        "deepcopy(datetime.datetime({Y}, {m}, {d}, {H}, {M}))",
        "deepcopy([REAL_DT.replace(day={d}), REAL_D.replace(day={d})])",
        "datetime.timedelta(days={k}) + datetime.datetime({Y}, {m}, {d})",
        "datetime.timedelta(days={k}) + datetime.date({Y}, {m}, {d})",
        "datetime.datetime.combine(datetime.date({Y}, {m}, {d}), datetime.time({H}, {M}))",
        "datetime.datetime({Y}, {m}, {d}) < datetime.datetime.now()",
        "(datetime.date.today() - datetime.date({Y}, {m}, {d})).days",
        "datetime.datetime.now().replace(hour={H}) - datetime.timedelta(days={k})",
        "datetime.datetime.fromisoformat('{Y:04d}-{m:02d}-{d:02d}T{H:02d}:{M:02d}:00')",
        "datetime.date.fromisoformat('{Y:04d}-{m:02d}-{d:02d}').isocalendar()",
        "datetime.datetime.now(datetime.timezone(datetime.timedelta(hours={h}))).astimezone()",
        "datetime.datetime({Y}, {m}, {d}).date() + datetime.timedelta(weeks={k})",
        "time.time() - {ts}",
        "time.localtime({ts})",
        "datetime.datetime.now().strftime('%Y %j %U %a %p')",
    ]
    out = []
    for _ in range(n):
        t = rng.choice(templates)
        vals = dict(
            Y=rng.randint(1990, 2030), m=rng.randint(1, 12), d=rng.randint(1, 28),
            H=rng.randint(0, 23), M=rng.randint(0, 59), Y2=rng.randint(1990, 2030),
            m2=rng.randint(1, 12), d2=rng.randint(1, 28), k=rng.randint(-400, 400),
            h=rng.randint(-12, 14), n=rng.randint(0, 10 ** 6), ts=rng.randint(0, 2 * 10 ** 9),
            o=rng.randint(1, 800000))
        out.append(t.format(**vals))
    return out

# ---------------------------------------------------------------------------------------
# Recorded from the oracle (--record rewrites what lies between these markers)
# ---------------------------------------------------------------------------------------

# BEGIN RECORDED SAFETY_CASES
SAFETY_CASES = [
    ('import socket', 'Usage of the following module is not allowed: socket.'),
    ('import os, sys, subprocess', 'Usage of the following modules is not allowed: subprocess and sys.'),
    ('import socket, subprocess', 'Usage of the following modules is not allowed: socket and subprocess.'),
    ('import decimal', 'Usage of the following module is not allowed: decimal.'),
    ('import sys', 'Usage of the following module is not allowed: sys.'),
    ('import requests\nimport numpy as np\nimport socket', 'Usage of the following modules is not allowed: numpy, requests and socket.'),
    ('import collections.abc', None),
    ('from collections.abc import Iterator', None),
    ('import appworld.x', None),
    ("import os.path\nos.path.join('a','b')", None),
    ("from os import path\npath.join('a')", None),
    ('from . import x', None),
    ('from .foo import x', 'Usage of the following module is not allowed: foo.'),
    ('from ..a.b import c', 'Usage of the following module is not allowed: a.'),
    ('from a.b.c import x', 'Usage of the following module is not allowed: a.'),
    ('from a.b.c.d import x', 'Usage of the following module is not allowed: a.'),
    ('from a.b.c.d.e import x', None),
    ('from .a.b.c.d import x', 'Usage of the following module is not allowed: a.'),
    ('from .a.b.c.d.e import x', None),
    ('import a.b.c.d.e.f', 'Usage of the following module is not allowed: a.'),
    ("__import__('subprocess').run('ls')", None),
    ("__import__('os').system('ls')", None),
    ("importlib.import_module('socket')", None),
    ('def f():\n    import socket', 'Usage of the following module is not allowed: socket.'),
    ('class A:\n    import sys', 'Usage of the following module is not allowed: sys.'),
    ("if True:\n    from os import system\nsystem('ls')", None),
    ('try:\n    import numpy\nexcept ImportError:\n    pass', 'Usage of the following module is not allowed: numpy.'),
    ('import os . path', 'Usage of the following module is not allowed: os .'),
    ('import os\\\n.path', 'Usage of the following module is not allowed: os\\\n.'),
    ('import os .path as p\np.join()', 'Usage of the following module is not allowed: os .'),
    ('from os import *\nsleep(1)', ('raise', 'TypeError', "'ImportStar' object is not iterable")),
    ('from time import *\nsleep(1)', ('raise', 'TypeError', "'ImportStar' object is not iterable")),
    ('from socket import *', 'Usage of the following module is not allowed: socket.'),
    ('import socket\nfrom os import *', 'Usage of the following module is not allowed: socket.'),
    ('def f():\n    from os import *\n', None),
    ("if 1:\n    from os import *\nsystem('x')", None),
    ('from . import *', ('raise', 'TypeError', "'ImportStar' object is not iterable")),
    ('x = 1\nfrom json import *\nload(f)', ('raise', 'TypeError', "'ImportStar' object is not iterable")),
    ("from os import (path, system)\nsystem('x')", 'Usage of the following function is not allowed: os.system.'),
    ('import time as t\nt.sleep(1)', 'Usage of the following function is not allowed: time.sleep.'),
    ('from time import sleep\nsleep(1)', 'Usage of the following function is not allowed: time.sleep.'),
    ('import time\ntime.sleep(0.5)', 'Usage of the following function is not allowed: time.sleep.'),
    ('time.sleep(1)', 'Usage of the following function is not allowed: time.sleep.'),
    ('import time as exit\nexit.sleep()', 'Usage of the following function is not allowed: time.sleep.'),
    ("from os import system as s\ns('x')", 'Usage of the following function is not allowed: os.system.'),
    ('from time import sleep\ndef f():\n    sleep(1)', 'Usage of the following function is not allowed: time.sleep.'),
    ('t.sleep(1)', None),
    ('import time\nt = time\nt.sleep(1)', None),
    ('s = time.sleep\ns(1)', None),
    ('def sleep(): pass\nsleep()', None),
    ('x.open()', None),
    ("pathlib.Path('a').open()", 'Usage of the following function is not allowed: builtins.open.'),
    ('json.dump(x, f)', 'Usage of the following function is not allowed: json.dump.'),
    ('json.dumps(x)', None),
    ('json.load(f)', 'Usage of the following function is not allowed: json.load.'),
    ('json.loads(s)', None),
    ("os.path.join('a')", None),
    ("open('x')", 'Usage of the following function is not allowed: builtins.open.'),
    ('exit()', 'Usage of the following function is not allowed: builtins.exit.'),
    ('quit()', 'Usage of the following function is not allowed: builtins.quit.'),
    ('breakpoint()', None),
    ('builtins.breakpoint()', 'Usage of the following function is not allowed: builtins.breakpoint.'),
    ("builtins.open('f')", 'Usage of the following function is not allowed: builtins.open.'),
    ("eval('1')", None),
    ("exec('x=1')", None),
    ('SystemExit()', None),
    ("p = pathlib.Path('a')\np.open()", 'Usage of the following function is not allowed: pathlib.Path.open.'),
    ("p = pathlib.Path('a')\np.read_text()", None),
    ("x = open('f')\nx.read()", 'Usage of the following function is not allowed: builtins.open.'),
    ("f = open('f')\nf.write('x')\nf.close()", 'Usage of the following function is not allowed: builtins.open.'),
    ("with open('x') as f: pass", 'Usage of the following function is not allowed: builtins.open.'),
    ("x = 1 if a else open('b')", 'Usage of the following function is not allowed: builtins.open.'),
    ("f'{open(1)}'", 'Usage of the following function is not allowed: builtins.open.'),
    ("print(f'{x:{open(1)}}')", 'Usage of the following function is not allowed: builtins.open.'),
    ("(os.system)('x')", 'Usage of the following function is not allowed: os.system.'),
    ('a.b().c.d()', None),
    ('a[b](c).open()', 'Usage of the following function is not allowed: builtins.open.'),
    ('foo().exit()', 'Usage of the following function is not allowed: builtins.exit.'),
    ('x[0].quit()', 'Usage of the following function is not allowed: builtins.quit.'),
    ("'abc'.open()", 'Usage of the following function is not allowed: builtins.open.'),
    ('None.open()', None),
    ('True.exit()', None),
    ('...open()', None),
    ('(1).open()', 'Usage of the following function is not allowed: builtins.open.'),
    ('os.system\n', None),
    ('csv.reader(f)', 'Usage of the following function is not allowed: csv.reader.'),
    ('import csv\nr = csv.reader(f)', 'Usage of the following function is not allowed: csv.reader.'),
    ('csv.DictWriter(f, fieldnames=[])', 'Usage of the following function is not allowed: csv.DictWriter.'),
    ("import os\nos.remove('x')", 'Usage of the following function is not allowed: os.remove.'),
    ("import os\nos.listdir('.')", 'Usage of the following function is not allowed: os.listdir.'),
    ("os.walk('.')", 'Usage of the following function is not allowed: os.walk.'),
    ('os._exit(0)', 'Usage of the following function is not allowed: os._exit.'),
    ('os.getcwd()', None),
    ("os.environ.get('X')", None),
    ('import pathlib\npathlib.Path.open(p)', 'Usage of the following function is not allowed: pathlib.Path.open.'),
    ("from pathlib import Path\nPath('a').open()", 'Usage of the following function is not allowed: builtins.open.'),
    ("from pathlib import Path\np = Path('a')\np.write_text('x')", 'Usage of the following function is not allowed: pathlib.Path.write_text.'),
    ("from pathlib import Path\np = Path('a')\np.exists()", None),
    ("import pathlib\np = pathlib.Path('a')\np.touch()\np.mkdir()\np.unlink()", 'Usage of the following functions is not allowed: pathlib.Path.mkdir, pathlib.Path.touch and pathlib.Path.unlink.'),
    ("a = b = pathlib.Path('x')\nb.touch()\na.unlink()", 'Usage of the following functions is not allowed: pathlib.Path.touch and pathlib.Path.unlink.'),
    ('sys.exit(0)', 'Usage of the following function is not allowed: sys.exit.'),
    ('exit', None),
    ('x = exit', None),
    ('print(open)', None),
    ("os.system('ls'); sys.exit(); time.sleep(1)", 'Usage of the following functions is not allowed: os.system, sys.exit and time.sleep.'),
    ("import socket\nos.system('x')", 'Usage of the following module is not allowed: socket.'),
    ("shutil.rmtree('/')", 'Usage of the following function is not allowed: shutil.rmtree.'),
    ("subprocess.run(['ls'])", 'Usage of the following function is not allowed: subprocess.run.'),
    ("subprocess.Popen('x')", 'Usage of the following function is not allowed: subprocess.Popen.'),
    ("io.open('f')", 'Usage of the following function is not allowed: io.open.'),
    ("io.StringIO().write('x')", None),
    ('pickle.dump(x, f)', 'Usage of the following function is not allowed: pickle.dump.'),
    ('tempfile.mkdtemp()', 'Usage of the following function is not allowed: tempfile.mkdtemp.'),
    ("glob.glob('*')", 'Usage of the following function is not allowed: glob.glob.'),
    ("zipfile.ZipFile('x')", 'Usage of the following function is not allowed: zipfile.ZipFile.'),
    ("sqlite3.connect(':memory:')", 'Usage of the following function is not allowed: sqlite3.connect.'),
    ('pdb.set_trace()', 'Usage of the following function is not allowed: pdb.set_trace.'),
    ('fileinput.input()', 'Usage of the following function is not allowed: fileinput.input.'),
    ("codecs.open('f')", 'Usage of the following function is not allowed: codecs.open.'),
    ("gzip.open('f')", 'Usage of the following function is not allowed: gzip.open.'),
    ("shelve.open('f')", 'Usage of the following function is not allowed: shelve.open.'),
    ("dbm.open('f')", 'Usage of the following function is not allowed: dbm.open.'),
    ("x: int = open('a')", 'Usage of the following function is not allowed: builtins.open.'),
    ('global x', None),
    ('x = 1;', None),
    ('@time.sleep\ndef f(): pass', None),
    ('@time.sleep(1)\ndef f(): pass', 'Usage of the following function is not allowed: time.sleep.'),
    ("class A(os.system('x')): pass", 'Usage of the following function is not allowed: os.system.'),
    ("def f(x=open('a')): pass", 'Usage of the following function is not allowed: builtins.open.'),
    ("def f() -> open('a'): pass", 'Usage of the following function is not allowed: builtins.open.'),
    ('lambda: exit()', 'Usage of the following function is not allowed: builtins.exit.'),
    ('[open(p) for p in ps]', 'Usage of the following function is not allowed: builtins.open.'),
    ('{k: json.load(v) for k, v in d}', 'Usage of the following function is not allowed: json.load.'),
    ("x = (open('a'), 2)", 'Usage of the following function is not allowed: builtins.open.'),
    ('del x', None),
    ('assert exit()', 'Usage of the following function is not allowed: builtins.exit.'),
    ('async def f():\n    async with a as b:\n        await c.open()', None),
    ('async def f():\n    await asyncio.sleep(1)', None),
    ('  import socket', None),
    ('import socket\n  x', None),
    ('\nimport socket', 'Usage of the following module is not allowed: socket.'),
    ('# c\nimport socket', 'Usage of the following module is not allowed: socket.'),
    ('x = 1\n\n\nimport socket  # comment', 'Usage of the following module is not allowed: socket.'),
    ('import socket\r\nx = 1', 'Usage of the following module is not allowed: socket.'),
    ("x = 1\r\nopen('a')", 'Usage of the following function is not allowed: builtins.open.'),
    ("x=1\ropen('a')", 'Usage of the following function is not allowed: builtins.open.'),
    ('\x0cimport socket', 'Usage of the following module is not allowed: socket.'),
    ("# -*- coding: latin-1 -*-\nopen('x')", 'Usage of the following function is not allowed: builtins.open.'),
    ("x = '\\x00'", None),
    ('a\x00b', None),
    ("print('import socket')", None),
    ('# import socket', None),
    ("'''\nimport socket\n'''", None),
    ("x = 'open(1)'", None),
    ('match x:\n    case 1: pass', None),
    ("match x:\n    case 1:\n        open('f')", 'Usage of the following function is not allowed: builtins.open.'),
    ('try:\n    pass\nexcept* ValueError:\n    pass', None),
    ('def f[T](x): open(x)', None),
    ('type X = int', None),
    ("f'{'a'}'", None),
    ("print(f'{open('a')}')", None),
    ("ｏｐｅｎ('x')", None),
    ('import ｓｏｃｋｅｔ', 'Usage of the following module is not allowed: ｓｏｃｋｅｔ.'),
    ("import os\nｏｓ.system('x')", None),
    ("import os\nos.ｓｙｓｔｅｍ('x')", None),
    ("from ｏｓ import system\nsystem('x')", 'Usage of the following module is not allowed: ｏｓ.'),
    ("from os import ｓｙｓｔｅｍ\nｓｙｓｔｅｍ('x')", None),
    ('import time as ｔ\nｔ.sleep(1)', 'Usage of the following function is not allowed: time.sleep.'),
    ("é = 1\nopen('x')", 'Usage of the following function is not allowed: builtins.open.'),
    ("print('é')\nopen('x')", 'Usage of the following function is not allowed: builtins.open.'),
    ("x = 'é'; exit()", 'Usage of the following function is not allowed: builtins.exit.'),
    ("from os import system as ｓ\ns('x')", None),
    ("p = pathlib.Path('a')\nｐ.open()", None),
    ("ｐ = pathlib.Path('a')\np.open()", None),
    ('print(1)', None),
    ('', None),
    ('   ', None),
    ('apis.spotify.show_song(song_id=1)', None),
    ('x = [1, 2]\nx.copy()', None),
    ('d = {}\nd.copy()', None),
    ("s.replace('a', 'b')", None),
    ('json.loads(r.read())', None),
    ('f.read()', None),
    ('os.read(fd, 1)', 'Usage of the following function is not allowed: os.read.'),
    ("os.write(1, b'x')", 'Usage of the following function is not allowed: os.write.'),
    ('copy.copy(x)', None),
    ('import copy\ncopy.copy(x)', None),
    ('shutil.copy(a, b)', 'Usage of the following function is not allowed: shutil.copy.'),
    ('import shutil', 'Usage of the following module is not allowed: shutil.'),
    ('from shutil import copy\ncopy(a, b)', 'Usage of the following module is not allowed: shutil.'),
    ('from copy import copy\ncopy(a)', None),
    ('from copy import deepcopy\ndeepcopy(x)', None),
    ('run()', None),
    ('call()', None),
    ("from subprocess import run\nrun('ls')", 'Usage of the following module is not allowed: subprocess.'),
    ('input()', None),
    ('builtins.input()', None),
    ("print(input('x'))", None),
    ('import builtins\nbuiltins.exit()', 'Usage of the following function is not allowed: builtins.exit.'),
    ("import builtins as b\nb.open('x')", 'Usage of the following function is not allowed: builtins.open.'),
    ("from builtins import open as o\no('x')", 'Usage of the following function is not allowed: builtins.open.'),
    ("from builtins import *\nopen('x')", ('raise', 'TypeError', "'ImportStar' object is not iterable")),
    ('import os as o, sys as s\no.system(s.argv)', 'Usage of the following module is not allowed: sys.'),
    ("import os.path as osp\nosp.join('a')", None),
    ("from os.path import join\njoin('a')", None),
    ("from os import path as p\np.exists('x')", None),
    ("x = os\nx.system('a')", None),
    ("x = os.popen('ls')\nx.read()", None),
    ('r = requests.get(u)\nr.json()', None),
    ('import uuid\nuuid.uuid4()', None),
    ('import datetime\ndatetime.datetime.now()', None),
    ('from datetime import datetime\ndatetime.now()', None),
    ('import pendulum\npendulum.now()', None),
    ('import yaml\nyaml.load(s)', None),
    ('import yaml\nyaml.safe_load(s)', None),
    ('import unittest.mock', None),
    ('from typing import List', None),
    ('import enum, fractions, numbers, operator, pprint, string, textwrap, uuid, bisect, difflib, array, contextlib, heapq, functools, itertools, math, random, re', None),
    ('import dataclasses', 'Usage of the following module is not allowed: dataclasses.'),
    ('import collections, abc', 'Usage of the following module is not allowed: abc.'),
    ('import zoneinfo', 'Usage of the following module is not allowed: zoneinfo.'),
    ('import statistics', 'Usage of the following module is not allowed: statistics.'),
    ('import hashlib', 'Usage of the following module is not allowed: hashlib.'),
    ('import types', 'Usage of the following module is not allowed: types.'),
    ('x = lambda: 0\nx.open()', None),
    ('open = 1\nopen()', 'Usage of the following function is not allowed: builtins.open.'),
    ('def open(): pass\nopen()', 'Usage of the following function is not allowed: builtins.open.'),
    ('def f(open): open()', 'Usage of the following function is not allowed: builtins.open.'),
    ("p = pathlib.Path('a')\ndef g():\n    p.open()", 'Usage of the following function is not allowed: pathlib.Path.open.'),
    ("def g():\n    p.open()\np = pathlib.Path('a')", None),
    ("p.open()\np = pathlib.Path('a')", None),
    ("p = pathlib.Path('a')\np = 1\np.open()", 'Usage of the following function is not allowed: pathlib.Path.open.'),
    ("p = pathlib.Path('a')\np = q\np.open()", 'Usage of the following function is not allowed: pathlib.Path.open.'),
    ("p = pathlib.Path('a')\np = f()\np.open()", None),
    ("x = y = z = open('a')", 'Usage of the following function is not allowed: builtins.open.'),
    ("x, y = pathlib.Path('a'), 1\nx.open()", None),
    ("x: pathlib.Path = pathlib.Path('a')\nx.open()", None),
    ("(x := pathlib.Path('a')).open()", 'Usage of the following function is not allowed: builtins.open.'),
    ("for p in [pathlib.Path('a')]:\n    p.open()", None),
    ("x = pathlib.Path\nx('a').open()", 'Usage of the following function is not allowed: builtins.open.'),
    ("x = pathlib.Path('a').parent\nx.open()", None),
    ("x = pathlib.Path('a').with_suffix('.b')\nx.open()", None),
    ('x = x.open()', None),
    ("p = pathlib.Path('a')\np.open()\nimport socket", 'Usage of the following module is not allowed: socket.'),
    ("@p.open()\ndef f():\n    p = pathlib.Path('a')", None),
    ("def f() -> p.open():\n    p = pathlib.Path('a')", None),
    ("class A(p.open()):\n    p = pathlib.Path('a')", None),
    ("@p.open()\nclass A:\n    p = pathlib.Path('a')", None),
    ("def f(a=p.open()):\n    p = pathlib.Path('a')", None),
    ("x = [p.open() for p in q]\np = pathlib.Path('a')", None),
    ('x = ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))', None),
    ('for i in range(2):\n    from requests import writer, touch\nfrom appworld import get\ntry:\n    from collections.abc import getcwd as m\nexcept Exception:\n    pass\nif cond:\n    x = [f.replace(i) for i in y]', 'Usage of the following module is not allowed: requests.'),
    ('x = [f.rmtree(i) for i in y]\nfrom collections import breakpoint as m\nclass K:\n    from shutil import listdir\nexists()', 'Usage of the following module is not allowed: shutil.'),
    ("try:\n    f = Popen('a')\n    f.listdir()\nexcept Exception:\n    pass\nf.now(1)\nfrom pathlib import *", ('raise', 'TypeError', "'ImportStar' object is not iterable")),
    ("try:\n    remove(re.load(1))\nexcept Exception:\n    pass\ndef g():\n    open = pickle.touch('a')\n    open.unlink()\nfrom requests import getcwd as o\nfor i in range(2):\n    y = f'{sys.exists()}'", 'Usage of the following module is not allowed: requests.'),
    ("exit()\ny = f'{decimal.Path()}'\nfrom pathlib import loads\nf = random.rmtree('a')\nf.replace()", 'Usage of the following function is not allowed: builtins.exit.'),
    ('from tempfile import Popen as time\nmkdir(pickle.walk(1))', 'Usage of the following module is not allowed: tempfile.'),
    ("class K:\n    obj = glob.quit('a')\n    obj.DictReader()\nimport sys, csv\nfor i in range(2):\n    typing.Path('a').touch()\ndef g():\n    print(time.now(x))", 'Usage of the following module is not allowed: sys.'),
    ('if cond:\n    import csv\ntry:\n    from .socket import call\nexcept Exception:\n    pass', 'Usage of the following module is not allowed: socket.'),
    ("for i in range(2):\n    from time import exit\nfor i in range(2):\n    obj = exists('a')\n    obj.sleep()\nwith ctx() as c:\n    t.breakpoint(1)\nprint(socket.input(x))\nfrom random import touch", None),
    ("class K:\n    o.eval(1)\nif cond:\n    from io import Path as m\ntry:\n    from glob import move as time\nexcept Exception:\n    pass\nfor i in range(2):\n    pathlib.Path('a').write()\nfor i in range(2):\n    import builtins as o", 'Usage of the following modules is not allowed: glob and io.'),
    ('def g():\n    write(socket.remove(1))\nwrite(pickle.sleep(1))', None),
    ('def g():\n    from decimal import writer\nfrom tempfile import getcwd', 'Usage of the following modules is not allowed: decimal and tempfile.'),
    ("class K:\n    exit()\np = requests.eval('a')\np.exists()\nif cond:\n    p[0].quit()\nwith ctx() as c:\n    sleep()", 'Usage of the following functions is not allowed: builtins.exit and builtins.quit.'),
    ('for i in range(2):\n    from .socket import input\nfrom pathlib import listdir\nif cond:\n    walk(datetime.system(1))', 'Usage of the following module is not allowed: socket.'),
    ("def g():\n    import pickle\nif cond:\n    from . import connect\ntry:\n    json.Path('a').input()\nexcept Exception:\n    pass\nfrom os import exit, unlink", 'Usage of the following module is not allowed: pickle.'),
    ('if cond:\n    t[0].getcwd()', None),
    ("pickle.Path('a').eval()\nfor i in range(2):\n    from builtins import now\nwith ctx() as c:\n    socket.get()\nimport builtins as t\npathlib.Path('a').connect()", None),
    ('if cond:\n    import os as data\ntry:\n    touch(glob.open(1))\nexcept Exception:\n    pass', None),
    ('try:\n    from . import touch\nexcept Exception:\n    pass\nx = [data.connect(i) for i in y]', None),
    ("try:\n    y = f'{random.dumps()}'\nexcept Exception:\n    pass\ndef g():\n    o[0].set_trace()\nt('x')", None),
    ('def g():\n    import csv as m', None),
    ('for i in range(2):\n    import time, datetime', None),
    ('class K:\n    import socket as x\nprint(typing.system(x))', 'Usage of the following module is not allowed: socket.'),
    ("m = run('a')\nm.mkdir()\nx = [data.load(i) for i in y]\nwith ctx() as c:\n    pathlib.Path('a').join()\nobj[0].getcwd()", None),
    ("def g():\n    from subprocess import write_text\nwith ctx() as c:\n    shutil.Path('a').close()", 'Usage of the following module is not allowed: subprocess.'),
    ('if cond:\n    o[0].Popen()', None),
    ('try:\n    from csv import writer\nexcept Exception:\n    pass', None),
    ("if cond:\n    math.Path('a').breakpoint()", None),
    ("class K:\n    from decimal import remove\nfrom glob import *\nx('x')\nprint(os.path.unlink(x))\ntry:\n    writer(datetime.now(1))\nexcept Exception:\n    pass", 'Usage of the following modules is not allowed: decimal and glob.'),
    ('for i in range(2):\n    obj[0].Path()\nfor i in range(2):\n    open.now(1)', None),
    ('from os.path import join\nif cond:\n    import math, io\nprint(sys.remove(x))\nfrom io import join\nsleep(json.exit(1))', 'Usage of the following module is not allowed: io.'),
    ("shutil.Path('a').DictReader()\nfrom appworld import *\ntry:\n    getcwd(re.walk(1))\nexcept Exception:\n    pass\ndef g():\n    import collections as open\nfor i in range(2):\n    x = [p.call(i) for i in y]", ('raise', 'TypeError', "'ImportStar' object is not iterable")),
    ('import re as t\nfrom os import exit', None),
    ("def g():\n    import os.path\nwith ctx() as c:\n    import builtins\nfor i in range(2):\n    from . import glob\nclass K:\n    sys.Path('a').read()", None),
    ("x = [p.reader(i) for i in y]\ntyping.Path('a').loads()\nfrom tempfile import *", 'Usage of the following module is not allowed: tempfile.'),
    ("y = f'{re.dump()}'\ntry:\n    import os.path\nexcept Exception:\n    pass", None),
    ("re.Path('a').dump()\nwith ctx() as c:\n    Popen()\nglob(os.loads(1))", None),
    ("for i in range(2):\n    x = [o.write(i) for i in y]\nrandom.remove()\nimport json as p\ntry:\n    requests.Path('a').Path()\nexcept Exception:\n    pass\nfrom .math import run", None),
    ("for i in range(2):\n    time = typing.writer('a')\n    time.run()\ntry:\n    y = f'{math.mkdir()}'\nexcept Exception:\n    pass\ntry:\n    x('x')\nexcept Exception:\n    pass\nfrom io import writer, Popen", 'Usage of the following module is not allowed: io.'),
    ("import shutil\ndef g():\n    from collections.abc import open\nwith ctx() as c:\n    listdir()\nm('x')", 'Usage of the following module is not allowed: shutil.'),
    ("class K:\n    obj = rmtree('a')\n    obj.rmtree()", None),
    ('if cond:\n    x = [time.loads(i) for i in y]\npickle.copy()\nimport glob', 'Usage of the following module is not allowed: glob.'),
    ('import re as m', None),
    ('appworld.loads()', None),
    ("class K:\n    import socket as x\nappworld.Path('a').remove()\nexit()\nclass K:\n    exists(sys.load(1))\nfrom appworld import *", 'Usage of the following module is not allowed: socket.'),
    ("if cond:\n    obj = os.get('a')\n    obj.dump()", None),
    ("def g():\n    print(collections.open(x))\nopen('x')", 'Usage of the following function is not allowed: builtins.open.'),
    ("try:\n    o = os.close('a')\n    o.getcwd()\nexcept Exception:\n    pass", 'Usage of the following function is not allowed: os.close.'),
    ("time = requests.rmtree('a')\ntime.write()", None),
    ("class K:\n    time.Path('a').input()\nif cond:\n    from . import Popen", None),
    ("t = exists('a')\nt.get()", None),
    ("connect()\nm = unlink('a')\nm.writer()", None),
    ('remove(collections.abc.close(1))\ndef g():\n    get(requests.move(1))\njoin(sys.rmtree(1))\ntime.sleep(1)', 'Usage of the following function is not allowed: time.sleep.'),
    ("class K:\n    pathlib.Path('a').exit()\nwith ctx() as c:\n    f.Path(1)\nopen[0].rmtree()", 'Usage of the following function is not allowed: builtins.exit.'),
    ('import csv', None),
    ('shutil.copy()\ntry:\n    print(collections.abc.copy(x))\nexcept Exception:\n    pass\ndef g():\n    loads()', 'Usage of the following function is not allowed: shutil.copy.'),
    ('for i in range(2):\n    import socket as obj', 'Usage of the following module is not allowed: socket.'),
    ('try:\n    import subprocess as p\nexcept Exception:\n    pass', 'Usage of the following module is not allowed: subprocess.'),
    ("pathlib.Path('a').run()", None),
    ("y = f'{decimal.writer()}'\nfor i in range(2):\n    f[0].move()\nfor i in range(2):\n    print(collections.abc.unlink(x))\nfor i in range(2):\n    open('x')", 'Usage of the following function is not allowed: builtins.open.'),
    ('from .appworld import connect', None),
    ('def g():\n    print(math.get(x))', None),
    ('x.unlink(1)\ndef g():\n    call(time.reader(1))', None),
    ("class K:\n    builtins.Path('a').dumps()", None),
    ("from datetime import read\nwith ctx() as c:\n    from .requests import connect\nf[0].loads()\nif cond:\n    obj.copy(1)\ndata = write('a')\ndata.run()", 'Usage of the following module is not allowed: requests.'),
    ('import tempfile\nset_trace()\nfrom sys import *', 'Usage of the following modules is not allowed: sys and tempfile.'),
    ("for i in range(2):\n    csv.reader()\nfor i in range(2):\n    y = f'{socket.read()}'\nclass K:\n    import socket as p\nfor i in range(2):\n    open[0].read()", 'Usage of the following module is not allowed: socket.'),
    ("data.mkdir(1)\nimport typing as open\nwith ctx() as c:\n    import os.path\nf('x')\ndef g():\n    write(collections.abc.write_text(1))", None),
    ('obj.breakpoint(1)', None),
    ("for i in range(2):\n    f = appworld.eval('a')\n    f.write()\nwith ctx() as c:\n    t.input(1)\ndef g():\n    t = random.getcwd('a')\n    t.sleep()\nm[0].exists()\npathlib.Path('a').input()", None),
    ('def g():\n    from . import set_trace\nif cond:\n    decimal.copy()', None),
    ('def g():\n    x = [f.write_text(i) for i in y]', None),
    ('with ctx() as c:\n    x = [t.getcwd(i) for i in y]', None),
    ("y = f'{csv.write()}'\nif cond:\n    eval()\nfrom . import join", None),
    ("class K:\n    from . import mkdir\nprint(io.load(x))\ntime = json.read_text('a')\ntime.eval()\nwith ctx() as c:\n    pathlib.Path('a').rmtree()\nwith ctx() as c:\n    import io as f", 'Usage of the following module is not allowed: io.'),
    ("try:\n    obj[0].exists()\nexcept Exception:\n    pass\nwith ctx() as c:\n    replace()\nx = [time.input(i) for i in y]\nos.path.Path('a').copy()", None),
    ('import csv, typing', None),
    ('if cond:\n    import os', None),
    ('try:\n    from datetime import now\nexcept Exception:\n    pass\nfrom .tempfile import glob\nfrom .sys import call\nimport pickle\nif cond:\n    builtins.Path()', 'Usage of the following modules is not allowed: pickle, sys and tempfile.'),
    ('from pickle import replace as obj', 'Usage of the following module is not allowed: pickle.'),
    ("pathlib.Path('a').connect()\nfor i in range(2):\n    dump(random.touch(1))\nif cond:\n    y = f'{math.quit()}'\ndef g():\n    import datetime\nwith ctx() as c:\n    re.dumps()", None),
    ('from os.path import listdir as data\nx = [m.replace(i) for i in y]\nimport socket as p\ndef g():\n    from io import DictReader', 'Usage of the following modules is not allowed: io and socket.'),
    ('for i in range(2):\n    obj.remove(1)\nobj.rmtree(1)', None),
    ('if cond:\n    x = [open.write(i) for i in y]', None),
    ("class K:\n    input()\ny = f'{requests.Popen()}'\nfrom datetime import *\ntry:\n    from .appworld import dump\nexcept Exception:\n    pass", ('raise', 'TypeError', "'ImportStar' object is not iterable")),
    ("data = set_trace('a')\ndata.getcwd()\nx = [open.copy(i) for i in y]\nimport json, appworld\nclass K:\n    import math, random\nclass K:\n    from glob import close", 'Usage of the following module is not allowed: glob.'),
    ('from . import sleep\nsys.Popen()\nclass K:\n    from . import dump\ntime[0].breakpoint()\nopen.read_text(1)', None),
    ("run()\nimport re as data\nclass K:\n    y = f'{socket.walk()}'", None),
    ("def g():\n    import decimal\ntry:\n    f = read_text('a')\n    f.glob()\nexcept Exception:\n    pass\nclass K:\n    p.system(1)\nif cond:\n    from appworld import getcwd as o\nbreakpoint()", 'Usage of the following module is not allowed: decimal.'),
    ("with ctx() as c:\n    open = collections.abc.connect('a')\n    open.DictReader()\nfrom subprocess import *\nif cond:\n    from random import close, read\nif cond:\n    from time import join\nx = [t.remove(i) for i in y]", 'Usage of the following module is not allowed: subprocess.'),
    ("import pathlib, math\nif cond:\n    p('x')", None),
    ("try:\n    data[0].join()\nexcept Exception:\n    pass\nfor i in range(2):\n    p = run('a')\n    p.mkdir()", None),
    ("if cond:\n    pathlib.Path('a').connect()", None),
    ("try:\n    f[0].read()\nexcept Exception:\n    pass\nf('x')\nfrom os import *", ('raise', 'TypeError', "'ImportStar' object is not iterable")),
    ('x = [f.loads(i) for i in y]\nwith ctx() as c:\n    import shutil as t\nx = [open.reader(i) for i in y]', 'Usage of the following module is not allowed: shutil.'),
    ('from . import loads\nimport os\nif cond:\n    from os import getcwd as f\ndef g():\n    import builtins as t', None),
    ("try:\n    open[0].unlink()\nexcept Exception:\n    pass\nimport datetime as p\nwith ctx() as c:\n    t = system('a')\n    t.replace()\nwith ctx() as c:\n    from io import read_text as p", 'Usage of the following module is not allowed: io.'),
    ('m.input(1)\nfor i in range(2):\n    import tempfile\nimport collections as p\nfor i in range(2):\n    loads()\nfor i in range(2):\n    o[0].listdir()', 'Usage of the following module is not allowed: tempfile.'),
    ('from . import read_text\nclass K:\n    obj[0].eval()', None),
    ("for i in range(2):\n    data[0].mkdir()\nwith ctx() as c:\n    import shutil, collections.abc\nx = [open.now(i) for i in y]\nx = [p.input(i) for i in y]\nclass K:\n    obj = time.exists('a')\n    obj.quit()", 'Usage of the following module is not allowed: shutil.'),
    ("open = load('a')\nopen.loads()\ndef g():\n    p = json.quit('a')\n    p.listdir()", None),
    ("o = csv.replace('a')\no.quit()\ndef g():\n    open = datetime.exists('a')\n    open.copy()\nf('x')", None),
    ("p = shutil.quit('a')\np.run()\nfor i in range(2):\n    glob()", None),
    ('class K:\n    from os import move as obj\nif cond:\n    from typing import connect\nimport time, io', 'Usage of the following module is not allowed: io.'),
    ("from os.path import quit\ndef g():\n    m = time.eval('a')\n    m.input()\ntry:\n    from time import move as x\nexcept Exception:\n    pass\nprint(os.get(x))\nimport math as data", None),
    ("y = f'{shutil.quit()}'\nopen.run(1)\nfor i in range(2):\n    import csv, tempfile\nx = [time.connect(i) for i in y]", 'Usage of the following module is not allowed: tempfile.'),
    ('if cond:\n    import socket as x\nprint(os.path.loads(x))\nwith ctx() as c:\n    dump(sys.input(1))', 'Usage of the following module is not allowed: socket.'),
    ('class K:\n    from . import set_trace', None),
    ("class K:\n    open = touch('a')\n    open.run()\ncollections.read_text()", None),
    ("f = rmtree('a')\nf.listdir()\nimport appworld, typing", None),
    ('import shutil as t\nfrom socket import call, quit\nfrom tempfile import input, touch', 'Usage of the following modules is not allowed: shutil, socket and tempfile.'),
    ("pathlib.Path('a').write_text()\np = appworld.glob('a')\np.dumps()\nfor i in range(2):\n    x[0].quit()", 'Usage of the following function is not allowed: builtins.quit.'),
    ("from pathlib import *\nfrom decimal import Popen\nsys.set_trace()\ndef g():\n    pathlib.Path('a').call()", 'Usage of the following module is not allowed: decimal.'),
    ('try:\n    Path()\nexcept Exception:\n    pass\nfor i in range(2):\n    from sys import eval', 'Usage of the following module is not allowed: sys.'),
    ("with ctx() as c:\n    import builtins\nif cond:\n    csv.Path('a').set_trace()\nfor i in range(2):\n    pathlib.Path('a').write_text()\nclass K:\n    print(socket.connect(x))\nf = write('a')\nf.Path()", None),
    ("print(collections.abc.writer(x))\nif cond:\n    pathlib.Path('a').load()", None),
    ('if cond:\n    from datetime import loads', None),
    ("try:\n    data('x')\nexcept Exception:\n    pass\nif cond:\n    o = subprocess.remove('a')\n    o.exists()\ntry:\n    import appworld, pathlib\nexcept Exception:\n    pass\nfor i in range(2):\n    import os.path\nimport shutil", 'Usage of the following module is not allowed: shutil.'),
    ("y = f'{socket.mkdir()}'\nfor i in range(2):\n    time[0].getcwd()\ntry:\n    write(pathlib.input(1))\nexcept Exception:\n    pass\nclass K:\n    import typing as time\nfrom collections import rmtree", None),
    ('try:\n    print(socket.write_text(x))\nexcept Exception:\n    pass\nif cond:\n    from sys import getcwd as time\nPath(math.open(1))', 'Usage of the following module is not allowed: sys.'),
    ('for i in range(2):\n    import math, shutil\nprint(requests.call(x))\ntry:\n    import io\nexcept Exception:\n    pass\nfor i in range(2):\n    x = [f.exit(i) for i in y]', 'Usage of the following modules is not allowed: io and shutil.'),
    ('exit()\nfrom datetime import dumps', 'Usage of the following function is not allowed: builtins.exit.'),
    ("try:\n    import random as o\nexcept Exception:\n    pass\ntry:\n    import math as data\nexcept Exception:\n    pass\nwith ctx() as c:\n    import decimal as t\ntry:\n    t('x')\nexcept Exception:\n    pass", 'Usage of the following module is not allowed: decimal.'),
    ("try:\n    import decimal as time\nexcept Exception:\n    pass\nfrom time import copy\nt = os.remove('a')\nt.Popen()", 'Usage of the following module is not allowed: decimal.'),
    ("typing.Path('a').touch()\nappworld.Path('a').input()\ny = f'{time.read()}'\nif cond:\n    obj('x')", None),
    ("y = f'{pickle.copy()}'\nwith ctx() as c:\n    t[0].writer()", None),
    ('from time import mkdir\nx = [p.sleep(i) for i in y]\ndef g():\n    o.join(1)\nx = [m.system(i) for i in y]\ndata[0].load()', None),
    ("import os, pickle\ntry:\n    import time as m\nexcept Exception:\n    pass\nwith ctx() as c:\n    pathlib.Path('a').Path()\nimport decimal as open\ndef g():\n    import collections as time", 'Usage of the following modules is not allowed: decimal and pickle.'),
    ('def g():\n    m[0].Popen()\ndef g():\n    from . import remove\nif cond:\n    writer(pickle.call(1))', None),
    ("class K:\n    from collections.abc import set_trace\nfor i in range(2):\n    from .typing import set_trace\ndef g():\n    import decimal as open\nfor i in range(2):\n    pathlib.Path('a').dump()\nfrom pickle import dump", 'Usage of the following modules is not allowed: decimal and pickle.'),
    ('def g():\n    import subprocess as open\ntry:\n    from .tempfile import mkdir\nexcept Exception:\n    pass\nprint(collections.touch(x))\ngetcwd()', 'Usage of the following modules is not allowed: subprocess and tempfile.'),
    ("try:\n    glob.Path('a').walk()\nexcept Exception:\n    pass\nclass K:\n    y = f'{math.walk()}'", None),
    ("with ctx() as c:\n    x[0].connect()\nwith ctx() as c:\n    open = socket.listdir('a')\n    open.glob()", None),
    ('from os.path import *\nclass K:\n    from .os import write', ('raise', 'TypeError', "'ImportStar' object is not iterable")),
    ("import os.path as open\nwith ctx() as c:\n    exists(csv.connect(1))\nfrom . import glob\ntry:\n    pathlib.Path('a').system()\nexcept Exception:\n    pass", None),
    ("appworld.Path('a').walk()\nimport csv\ndef g():\n    pathlib.Path('a').load()\nfrom os import *\nx = [t.dump(i) for i in y]", ('raise', 'TypeError', "'ImportStar' object is not iterable")),
    ("datetime.read()\nclass K:\n    from csv import getcwd\nfrom socket import *\nio.Path('a').walk()\nfrom json import *", 'Usage of the following module is not allowed: socket.'),
    ("def g():\n    time.walk(1)\ntry:\n    glob.Path('a').run()\nexcept Exception:\n    pass", None),
    ('def g():\n    from .typing import DictReader', None),
    ("with ctx() as c:\n    x = read('a')\n    x.read_text()\nfrom math import getcwd\ndef g():\n    p = glob.DictReader('a')\n    p.exit()\nwith ctx() as c:\n    data = glob.remove('a')\n    data.dump()\nfor i in range(2):\n    open = csv.unlink('a')\n    open.exists()", None),
    ("for i in range(2):\n    p = socket.join('a')\n    p.glob()\nt = csv.touch('a')\nt.system()", None),
    ("def g():\n    import collections as f\nif cond:\n    data('x')\nclass K:\n    data('x')", None),
    ("os.writer()\nclass K:\n    pathlib.Path('a').dump()", None),
    ("class K:\n    y = f'{appworld.writer()}'\nfrom io import *\nfrom builtins import read as obj", 'Usage of the following module is not allowed: io.'),
    ("def g():\n    Path()\nf = pathlib.load('a')\nf.system()\nfrom pathlib import loads as data\nfrom pathlib import get, listdir\nif cond:\n    from re import reader", None),
    ("x = [obj.DictReader(i) for i in y]\ntime.exists(1)\nfor i in range(2):\n    csv.Path('a').read()", None),
    ('from .os.path import call\nprint(io.exists(x))\nfor i in range(2):\n    from . import join', None),
    ('from . import Popen', None),
    ("def g():\n    time = Path('a')\n    time.move()\nx = [x.eval(i) for i in y]\nreader()\ntry:\n    m.Path(1)\nexcept Exception:\n    pass", None),
    ('from requests import call, touch\np[0].breakpoint()', 'Usage of the following module is not allowed: requests.'),
    ("from os import (system as s,\n path)\ns('x')", 'Usage of the following function is not allowed: os.system.'),
    ("from os import (system  # c\n as s)\ns('x')", 'Usage of the following function is not allowed: os.system.'),
    ('import time as ｔ\nt.sleep(1)', None),
    ('import os.path as ｐ\nｐ.join()', None),
    ('from .ｍ import x', 'Usage of the following module is not allowed: ｍ.'),
    ('from ｍ.a.b import x', 'Usage of the following module is not allowed: ｍ.'),
    ('from a.ｍ import x', 'Usage of the following module is not allowed: a.'),
    ('from a \\\n import b', 'Usage of the following module is not allowed: a.'),
    ('from a\\\n.b import c', 'Usage of the following module is not allowed: a.'),
    ('from \\\n os import system\nsystem()', 'Usage of the following function is not allowed: os.system.'),
    ('import os ,sys', 'Usage of the following module is not allowed: sys.'),
    ('import\tos,\tsys', 'Usage of the following module is not allowed: sys.'),
    ('from\tos\timport\tsystem\nsystem()', 'Usage of the following function is not allowed: os.system.'),
    ('from os import system as\\\n s\ns()', 'Usage of the following function is not allowed: os.system.'),
    ('import time as\\\n t\nt.sleep()', 'Usage of the following function is not allowed: time.sleep.'),
    ('import socket as s, os.path as ｐ', 'Usage of the following module is not allowed: socket.'),
    ('x = ｏｐｅｎ\nx()', None),
    ("ｐ = pathlib.Path('a')\nｐ.open()", 'Usage of the following function is not allowed: pathlib.Path.open.'),
    ("ｐ = pathlib.Path('a')\np.ｏｐｅｎ()", None),
    ('class ｏｓ: pass\nｏｓ.system()', None),
    ('é.open()', None),
    ('é = pathlib.Path()\né.open()', 'Usage of the following function is not allowed: pathlib.Path.open.'),
    ('a.ｂ.open()', None),
    ('a.b.ｏｐｅｎ()', None),
    ("print('ü'); import ｓｏｃｋｅｔ as s", 'Usage of the following module is not allowed: ｓｏｃｋｅｔ.'),
    ("x = 'ü'\nfrom os import ｓｙｓｔｅｍ as s\ns()", None),
    ("x='é'\nimport os\nos.ｓｙｓｔｅｍ()", None),
    ("x='é';p = pathlib.Path()\np.open()", 'Usage of the following function is not allowed: pathlib.Path.open.'),
    ("x = 'é'\n(os\n .system)()", 'Usage of the following function is not allowed: os.system.'),
    ("x = 'é'\n(os.  # é\n system)()", 'Usage of the following function is not allowed: os.system.'),
    ("x = 'ø'\nos . system()", 'Usage of the following function is not allowed: os.system.'),
    ('ﬁle = 1\nﬁle.open()', None),
    ('ℌ = pathlib.Path()\nH.open()', None),
    ("x = 'é'\nimport os . path", 'Usage of the following module is not allowed: os .'),
    ('from os import path as ᵖ\np.join()', None),
    ('import os.path as a, socket', 'Usage of the following module is not allowed: socket.'),
    ('from . import (a, b)', None),
    ('from .. import *', ('raise', 'TypeError', "'ImportStar' object is not iterable")),
    ("x = 'é'\nfrom\\\nos import system\nsystem()", 'Usage of the following function is not allowed: os.system.'),
    ("x = 'é'\nfrom os import (\n  system as s\n)\ns()", 'Usage of the following function is not allowed: os.system.'),
    ("x = 'é'\nfrom ｏｓ import *", 'Usage of the following module is not allowed: ｏｓ.'),
    ('from ｏｓ import *', 'Usage of the following module is not allowed: ｏｓ.'),
    ("def f():\n    return 1\n\n\n\nos.system('a')", 'Usage of the following function is not allowed: os.system.'),
    ('if x:\n\tos.system()', 'Usage of the following function is not allowed: os.system.'),
    ('x = 1\\\n+ os.system()', 'Usage of the following function is not allowed: os.system.'),
    ('import os; import time as t; t.sleep()', 'Usage of the following function is not allowed: time.sleep.'),
    ('from os import system; system()', 'Usage of the following function is not allowed: os.system.'),
    ('def f(): import os; os.system()', 'Usage of the following function is not allowed: os.system.'),
    ('try:\n    from os import system\nexcept: pass\nsystem()', None),
    ('x = [1,\n2]\nopen', None),
    ('@dataclass\nclass A:\n    x: int = field(default_factory=list)\n    def open(self): self.open()', None),
    ('class A:\n    def exit(self): pass\nA().exit()', 'Usage of the following function is not allowed: builtins.exit.'),
    ('self.exit()', None),
    ('obj.quit()', None),
    ('quit', None),
    ('exit(0) if x else None', 'Usage of the following function is not allowed: builtins.exit.'),
    ("__builtins__.open('x')", None),
    ("getattr(__builtins__, 'open')('x')", None),
    ("globals()['open']('x')", None),
    ("sys.modules['os'].system('ls')", None),
    ("vars(os)['system']('x')", None),
    ('breakpoint', None),
    ('import pdb', 'Usage of the following module is not allowed: pdb.'),
    ('import os\nos.system', None),
    ("os.system.__call__('x')", None),
    ('type(os).system()', None),
    ('[os][0].system()', None),
]
# END RECORDED SAFETY_CASES

# Deeply nested cells, written as expressions (expected values recorded like the table above;
# --record leaves this list alone).
DEEP_CASES = [
    ("x = " + "(" * 100 + "1" + ")" * 100, None),
    ("x = " + "-" * 1000 + "1", ("raise", "RecursionError", None)),
    ("x = " + "+".join(["1"] * 3000), None),
    ("x = " + "f(" * 180 + ")" * 180, ("raise", "RecursionError", None)),
    ("x = " + "a." * 3000 + "b()", None),
    ("if 1:\n" + "".join(" " * (i + 1) + "if 1:\n" for i in range(99)) + " " * 100 + "pass\n", None),
    ("x = " + "(" * 100 + "open('a')" + ")" * 100, "Usage of the following function is not allowed: builtins.open."),
    ("import os\n" + "if 1:\n" + "".join(" " * (i + 1) + "if 1:\n" for i in range(90)) + " " * 91 + "os.system('x')\n",
     "Usage of the following function is not allowed: os.system."),
]

# BEGIN RECORDED CLOCK_CASES
CLOCK_CASES = [
    ('datetime.datetime.now()', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0)'),
    ('datetime.datetime.today()', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0)'),
    ('datetime.datetime.utcnow()', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0)'),
    ('datetime.date.today()', 'FakeDate FakeDate(2023, 5, 18)'),
    ('datetime.datetime.now(datetime.timezone.utc)', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0, tzinfo=datetime.timezone.utc)'),
    ('datetime.datetime.now(tz=datetime.timezone.utc)', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0, tzinfo=datetime.timezone.utc)'),
    ('datetime.datetime.now(datetime.timezone(datetime.timedelta(hours=5, minutes=30)))', 'FakeDatetime FakeDatetime(2023, 5, 18, 17, 30, tzinfo=datetime.timezone(datetime.timedelta(seconds=19800)))'),
    ("datetime.datetime.now(datetime.timezone(datetime.timedelta(hours=-7), 'PDT'))", "FakeDatetime FakeDatetime(2023, 5, 18, 5, 0, tzinfo=datetime.timezone(datetime.timedelta(days=-1, seconds=61200), 'PDT'))"),
    ('datetime.datetime.now(None)', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0)'),
    ('datetime.datetime.now().astimezone()', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0, tzinfo=tzlocal())'),
    ('str(datetime.datetime.now().astimezone())', "str '2023-05-18 12:00:00+00:00'"),
    ('datetime.datetime.now().astimezone().tzname()', "str 'UTC'"),
    ('datetime.datetime.now().astimezone().utcoffset()', 'timedelta datetime.timedelta(0)'),
    ('datetime.datetime.now().astimezone(datetime.timezone.utc)', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0, tzinfo=datetime.timezone.utc)'),
    ('datetime.datetime.now(datetime.timezone.utc).astimezone(datetime.timezone(datetime.timedelta(hours=2)))', 'FakeDatetime FakeDatetime(2023, 5, 18, 14, 0, tzinfo=datetime.timezone(datetime.timedelta(seconds=7200)))'),
    ('datetime.datetime.now(datetime.timezone.utc).astimezone()', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0, tzinfo=tzlocal())'),
    ('datetime.datetime.now() + datetime.timedelta(days=1)', 'FakeDatetime FakeDatetime(2023, 5, 19, 12, 0)'),
    ('datetime.datetime.now() - datetime.timedelta(hours=1, minutes=5)', 'FakeDatetime FakeDatetime(2023, 5, 18, 10, 55)'),
    ('datetime.timedelta(days=2) + datetime.datetime.now()', 'FakeDatetime FakeDatetime(2023, 5, 20, 12, 0)'),
    ('datetime.datetime.now() - datetime.datetime(2023, 1, 1)', 'timedelta datetime.timedelta(days=137, seconds=43200)'),
    ('datetime.datetime.now() - datetime.datetime.now()', 'timedelta datetime.timedelta(0)'),
    ('datetime.datetime(2023, 1, 1) - datetime.datetime.now()', 'timedelta datetime.timedelta(days=-138, seconds=43200)'),
    ('datetime.datetime.now() + 1', "!TypeError: unsupported operand type(s) for +: 'FakeDatetime' and 'int'"),
    ('datetime.datetime.now() - 1', "!TypeError: unsupported operand type(s) for -: 'FakeDatetime' and 'int'"),
    ('datetime.datetime.now() - datetime.date(2023, 1, 1)', "!TypeError: unsupported operand type(s) for -: 'FakeDatetime' and 'FakeDate'"),
    ('datetime.date.today() - datetime.datetime.now()', "!TypeError: unsupported operand type(s) for -: 'FakeDate' and 'FakeDatetime'"),
    ('datetime.date.today() + datetime.timedelta(days=13)', 'FakeDate FakeDate(2023, 5, 31)'),
    ('datetime.date.today() - datetime.timedelta(days=400)', 'FakeDate FakeDate(2022, 4, 13)'),
    ('datetime.timedelta(weeks=1) + datetime.date.today()', 'FakeDate FakeDate(2023, 5, 25)'),
    ('datetime.date.today() - datetime.date(2023, 1, 1)', 'timedelta datetime.timedelta(days=137)'),
    ('datetime.date(2023, 1, 1) - datetime.date.today()', 'timedelta datetime.timedelta(days=-137)'),
    ('datetime.date.today() + 1', "!TypeError: unsupported operand type(s) for +: 'FakeDate' and 'int'"),
    ('datetime.datetime(2023, 5, 1, 9, 30)', 'FakeDatetime FakeDatetime(2023, 5, 1, 9, 30)'),
    ('datetime.date(2023, 5, 1)', 'FakeDate FakeDate(2023, 5, 1)'),
    ('datetime.datetime(2023, 5, 1, tzinfo=datetime.timezone.utc)', 'FakeDatetime FakeDatetime(2023, 5, 1, 0, 0, tzinfo=datetime.timezone.utc)'),
    ('datetime.datetime(2023, 5, 1, fold=1)', 'FakeDatetime FakeDatetime(2023, 5, 1, 0, 0, fold=1)'),
    ('datetime.datetime(2023, 5, 1, fold=1) + datetime.timedelta(1)', 'FakeDatetime FakeDatetime(2023, 5, 2, 0, 0)'),
    ("datetime.datetime.strptime('2023-05-18 09:15', '%Y-%m-%d %H:%M')", 'FakeDatetime FakeDatetime(2023, 5, 18, 9, 15)'),
    ("datetime.datetime.strptime('2023-05-18 +0200', '%Y-%m-%d %z')", 'FakeDatetime FakeDatetime(2023, 5, 18, 0, 0, tzinfo=datetime.timezone(datetime.timedelta(seconds=7200)))'),
    ("datetime.datetime.strptime('nope', '%Y')", "!ValueError: time data 'nope' does not match format '%Y'"),
    ("datetime.datetime.strptime('2023-05-18', '%Y-%m-%d').date()", 'FakeDate FakeDate(2023, 5, 18)'),
    ("datetime.datetime.fromisoformat('2023-05-18T10:20:30')", 'FakeDatetime FakeDatetime(2023, 5, 18, 10, 20, 30)'),
    ("datetime.datetime.fromisoformat('2023-05-18T10:20:30+00:00')", 'FakeDatetime FakeDatetime(2023, 5, 18, 10, 20, 30, tzinfo=datetime.timezone.utc)'),
    ("datetime.datetime.fromisoformat('2023-05-18T10:20:30.123456Z')", 'FakeDatetime FakeDatetime(2023, 5, 18, 10, 20, 30, 123456, tzinfo=datetime.timezone.utc)'),
    ("datetime.date.fromisoformat('2023-05-18')", 'FakeDate FakeDate(2023, 5, 18)'),
    ('datetime.datetime.combine(datetime.date(2023, 5, 18), datetime.time(8, 0))', 'FakeDatetime FakeDatetime(2023, 5, 18, 8, 0)'),
    ('datetime.datetime.combine(datetime.date.today(), datetime.time.min)', 'FakeDatetime FakeDatetime(2023, 5, 18, 0, 0)'),
    ('datetime.datetime.combine(datetime.date.today(), datetime.time(1, tzinfo=datetime.timezone.utc))', 'FakeDatetime FakeDatetime(2023, 5, 18, 1, 0, tzinfo=datetime.timezone.utc)'),
    ('datetime.datetime.now().replace(hour=0, minute=0)', 'FakeDatetime FakeDatetime(2023, 5, 18, 0, 0)'),
    ('datetime.datetime.now().replace(tzinfo=datetime.timezone.utc)', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0, tzinfo=datetime.timezone.utc)'),
    ('datetime.datetime.now().replace(fold=1)', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0, fold=1)'),
    ('datetime.date.today().replace(day=1)', 'FakeDate FakeDate(2023, 5, 1)'),
    ('datetime.datetime(2023, 1, 1).replace(month=2)', 'FakeDatetime FakeDatetime(2023, 2, 1, 0, 0)'),
    ('datetime.datetime.fromtimestamp(0)', 'FakeDatetime FakeDatetime(1970, 1, 1, 0, 0)'),
    ('datetime.datetime.fromtimestamp(1684411200)', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0)'),
    ('datetime.datetime.fromtimestamp(1684411200.5)', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0, 0, 500000)'),
    ('datetime.datetime.fromtimestamp(1684411200, datetime.timezone.utc)', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0, tzinfo=datetime.timezone.utc)'),
    ('datetime.datetime.fromtimestamp(1684411200, tz=datetime.timezone(datetime.timedelta(hours=3)))', 'FakeDatetime FakeDatetime(2023, 5, 18, 15, 0, tzinfo=datetime.timezone(datetime.timedelta(seconds=10800)))'),
    ('datetime.datetime.utcfromtimestamp(1684411200)', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0)'),
    ('datetime.date.fromtimestamp(1684411200)', 'FakeDate FakeDate(2023, 5, 18)'),
    ('datetime.datetime.fromordinal(738658)', 'FakeDatetime FakeDatetime(2023, 5, 18, 0, 0)'),
    ('datetime.date.fromordinal(738658)', 'FakeDate FakeDate(2023, 5, 18)'),
    ('datetime.datetime.fromisocalendar(2023, 20, 4)', 'FakeDatetime FakeDatetime(2023, 5, 18, 0, 0)'),
    ('datetime.date.fromisocalendar(2023, 20, 4)', 'FakeDate FakeDate(2023, 5, 18)'),
    ('datetime.datetime.now().date()', 'FakeDate FakeDate(2023, 5, 18)'),
    ('datetime.datetime.now().time()', 'time datetime.time(12, 0)'),
    ('datetime.datetime.now(datetime.timezone.utc).timetz()', 'time datetime.time(12, 0, tzinfo=datetime.timezone.utc)'),
    ('datetime.datetime.now().timestamp()', 'float 1684411200.0'),
    ('datetime.datetime(2023, 1, 1).timestamp()', 'float 1672531200.0'),
    ('datetime.datetime(2023, 1, 1, tzinfo=datetime.timezone(datetime.timedelta(hours=1))).timestamp()', 'float 1672527600.0'),
    ('datetime.datetime.now().timetuple()', 'struct_time time.struct_time(tm_year=2023, tm_mon=5, tm_mday=18, tm_hour=12, tm_min=0, tm_sec=0, tm_wday=3, tm_yday=138, tm_isdst=-1)'),
    ('datetime.datetime.now().utctimetuple()', 'struct_time time.struct_time(tm_year=2023, tm_mon=5, tm_mday=18, tm_hour=12, tm_min=0, tm_sec=0, tm_wday=3, tm_yday=138, tm_isdst=0)'),
    ('datetime.date.today().timetuple()', 'struct_time time.struct_time(tm_year=2023, tm_mon=5, tm_mday=18, tm_hour=0, tm_min=0, tm_sec=0, tm_wday=3, tm_yday=138, tm_isdst=-1)'),
    ('datetime.datetime.now().isoformat()', "str '2023-05-18T12:00:00'"),
    ('str(datetime.datetime.now())', "str '2023-05-18 12:00:00'"),
    ('str(datetime.date.today())', "str '2023-05-18'"),
    ("format(datetime.datetime.now(), '%A %d %B %Y %I:%M %p')", "str 'Thursday 18 May 2023 12:00 PM'"),
    ("f'{datetime.datetime.now():%Y-%m-%d}'", "str '2023-05-18'"),
    ("datetime.datetime.now().strftime('%c | %x | %X | %j | %U | %W | %a')", "str 'Thu May 18 12:00:00 2023 | 05/18/23 | 12:00:00 | 138 | 20 | 20 | Thu'"),
    ('datetime.datetime.now().ctime()', "str 'Thu May 18 12:00:00 2023'"),
    ('datetime.datetime.now().weekday()', 'int 3'),
    ('datetime.datetime.now().isoweekday()', 'int 4'),
    ('datetime.datetime.now().isocalendar()', 'IsoCalendarDate datetime.IsoCalendarDate(year=2023, week=20, weekday=4)'),
    ('datetime.datetime.now().toordinal()', 'int 738658'),
    ('datetime.datetime.now().nanosecond', 'int 0'),
    ('datetime.datetime(2023, 1, 1).nanosecond', 'int 0'),
    ('datetime.date.today().nanosecond', "!AttributeError: 'FakeDate' object has no attribute 'nanosecond'"),
    ('datetime.datetime.min', 'FakeDatetime FakeDatetime(1, 1, 1, 0, 0)'),
    ('datetime.datetime.max', 'FakeDatetime FakeDatetime(9999, 12, 31, 23, 59, 59, 999999)'),
    ('datetime.date.min', 'FakeDate FakeDate(1, 1, 1)'),
    ('datetime.date.max', 'FakeDate FakeDate(9999, 12, 31)'),
    ('datetime.datetime.resolution', 'timedelta datetime.timedelta(microseconds=1)'),
    ('datetime.date.resolution', 'timedelta datetime.timedelta(days=1)'),
    ('datetime.datetime.min + datetime.timedelta(1)', 'FakeDatetime FakeDatetime(1, 1, 2, 0, 0)'),
    ('datetime.datetime.max - datetime.datetime.min', 'timedelta datetime.timedelta(days=3652058, seconds=86399, microseconds=999999)'),
    ('datetime.datetime', "FakeDatetimeMeta <class 'freezegun.api.FakeDatetime'>"),
    ('datetime.date', "FakeDateMeta <class 'freezegun.api.FakeDate'>"),
    ('datetime.time', "type <class 'datetime.time'>"),
    ('datetime.timedelta', "type <class 'datetime.timedelta'>"),
    ('datetime.timezone.utc', 'timezone datetime.timezone.utc'),
    ('datetime.datetime.__name__', "str 'FakeDatetime'"),
    ('datetime.datetime.__qualname__', "str 'FakeDatetime'"),
    ('datetime.datetime.__module__', "str 'freezegun.api'"),
    ('datetime.date.__name__', "str 'FakeDate'"),
    ('datetime.date.__module__', "str 'freezegun.api'"),
    ('[c.__name__ for c in datetime.datetime.__mro__]', "list ['FakeDatetime', 'datetime', 'FakeDate', 'date', 'object']"),
    ('[c.__name__ for c in datetime.date.__mro__]', "list ['FakeDate', 'date', 'object']"),
    ('type(datetime.datetime).__name__', "str 'FakeDatetimeMeta'"),
    ('type(datetime.date).__name__', "str 'FakeDateMeta'"),
    ('type(datetime.datetime.now()).__name__', "str 'FakeDatetime'"),
    ('type(datetime.datetime.now()) is datetime.datetime', 'bool True'),
    ('isinstance(datetime.datetime.now(), datetime.datetime)', 'bool True'),
    ('isinstance(datetime.datetime.now(), datetime.date)', 'bool True'),
    ('isinstance(datetime.date.today(), datetime.datetime)', 'bool False'),
    ('isinstance(datetime.date.today(), datetime.date)', 'bool True'),
    ('isinstance(REAL_DT, datetime.datetime)', 'bool True'),
    ('isinstance(REAL_DT, datetime.date)', 'bool True'),
    ('isinstance(REAL_D, datetime.datetime)', 'bool False'),
    ('isinstance(REAL_D, datetime.date)', 'bool True'),
    ('isinstance(datetime.datetime.now(), type(REAL_DT))', 'bool True'),
    ('isinstance(datetime.date.today(), type(REAL_D))', 'bool True'),
    ('isinstance(datetime.date.today(), type(REAL_DT))', 'bool False'),
    ('issubclass(datetime.datetime, datetime.date)', 'bool True'),
    ('issubclass(type(REAL_DT), datetime.datetime)', 'bool True'),
    ('issubclass(type(REAL_D), datetime.datetime)', 'bool False'),
    ('issubclass(type(REAL_D), datetime.date)', 'bool True'),
    ('issubclass(datetime.datetime, type(REAL_DT))', 'bool True'),
    ('issubclass(datetime.date, type(REAL_D))', 'bool True'),
    ('REAL_DT', 'datetime datetime.datetime(2023, 5, 18, 12, 0)'),
    ('REAL_DT == datetime.datetime(2023, 5, 18, 12)', 'bool True'),
    ('datetime.datetime.now() == datetime.datetime(2023, 5, 18, 12)', 'bool True'),
    ('datetime.datetime.now() == REAL_DT', 'bool True'),
    ('hash(datetime.datetime.now()) == hash(REAL_DT)', 'bool True'),
    ('datetime.datetime.now() > datetime.datetime(2023, 5, 18)', 'bool True'),
    ('datetime.date.today() == datetime.date(2023, 5, 18)', 'bool True'),
    ('datetime.date.today() == REAL_D', 'bool True'),
    ('datetime.datetime.now() == datetime.date.today()', 'bool False'),
    ('sorted([datetime.datetime(2023, 6, 1), datetime.datetime.now(), REAL_DT])', 'list [FakeDatetime(2023, 5, 18, 12, 0), datetime.datetime(2023, 5, 18, 12, 0), FakeDatetime(2023, 6, 1, 0, 0)]'),
    ('REAL_DT + datetime.timedelta(1)', 'datetime datetime.datetime(2023, 5, 19, 12, 0)'),
    ('REAL_DT - datetime.datetime.now()', 'timedelta datetime.timedelta(0)'),
    ('REAL_D + datetime.timedelta(1)', 'date datetime.date(2023, 5, 19)'),
    ('deepcopy(datetime.datetime.now())', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0)'),
    ('deepcopy(datetime.date.today())', 'FakeDate FakeDate(2023, 5, 18)'),
    ('deepcopy(REAL_DT)', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0)'),
    ('deepcopy(REAL_D)', 'FakeDate FakeDate(2023, 5, 18)'),
    ("deepcopy({'a': [datetime.datetime.now(), datetime.date.today(), REAL_DT]})", "dict {'a': [FakeDatetime(2023, 5, 18, 12, 0), FakeDate(2023, 5, 18), FakeDatetime(2023, 5, 18, 12, 0)]}"),
    ('copy.copy(datetime.datetime.now())', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0)'),
    ('copy.copy(REAL_DT)', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0)'),
    ('deepcopy(datetime.datetime.now().astimezone())', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0, tzinfo=tzlocal())'),
    ('deepcopy(datetime.datetime(2023, 5, 1, fold=1)).fold', 'int 1'),
    ('datetime.datetime.now().__reduce__()', "tuple (<class 'freezegun.api.FakeDatetime'>, (b'\\x07\\xe7\\x05\\x12\\x0c\\x00\\x00\\x00\\x00\\x00',))"),
    ('datetime.datetime.now().__reduce_ex__(2)', "tuple (<class 'freezegun.api.FakeDatetime'>, (b'\\x07\\xe7\\x05\\x12\\x0c\\x00\\x00\\x00\\x00\\x00',))"),
    ('json.dumps(datetime.datetime.now())', '!TypeError: Object of type FakeDatetime is not JSON serializable'),
    ("json.dumps({'d': datetime.date.today()})", '!TypeError: Object of type FakeDate is not JSON serializable'),
    ('json.dumps(datetime.datetime.now(), default=str)', 'str \'"2023-05-18 12:00:00"\''),
    ('time.time()', 'float 1684411200.0'),
    ('time.time_ns()', 'int 1684411200000000000'),
    ('time.monotonic()', 'float 1684411200.0'),
    ('time.monotonic_ns()', 'int 1684411200000000000'),
    ('time.perf_counter()', 'float 1684411200.0'),
    ('time.perf_counter_ns()', 'int 1684411200000000000'),
    ('time.localtime()', 'struct_time time.struct_time(tm_year=2023, tm_mon=5, tm_mday=18, tm_hour=12, tm_min=0, tm_sec=0, tm_wday=3, tm_yday=138, tm_isdst=-1)'),
    ('time.gmtime()', 'struct_time time.struct_time(tm_year=2023, tm_mon=5, tm_mday=18, tm_hour=12, tm_min=0, tm_sec=0, tm_wday=3, tm_yday=138, tm_isdst=-1)'),
    ('time.localtime().tm_zone', 'NoneType None'),
    ('time.localtime().tm_gmtoff', 'NoneType None'),
    ('time.localtime().tm_isdst', 'int -1'),
    ('time.localtime(0)', 'struct_time time.struct_time(tm_year=1970, tm_mon=1, tm_mday=1, tm_hour=0, tm_min=0, tm_sec=0, tm_wday=3, tm_yday=1, tm_isdst=0)'),
    ('time.gmtime(0)', 'struct_time time.struct_time(tm_year=1970, tm_mon=1, tm_mday=1, tm_hour=0, tm_min=0, tm_sec=0, tm_wday=3, tm_yday=1, tm_isdst=0)'),
    ('time.localtime(1684411200.0)', 'struct_time time.struct_time(tm_year=2023, tm_mon=5, tm_mday=18, tm_hour=12, tm_min=0, tm_sec=0, tm_wday=3, tm_yday=138, tm_isdst=0)'),
    ("time.strftime('%Y-%m-%d %H:%M:%S')", "str '2023-05-18 12:00:00'"),
    ("time.strftime('%a %b %d %j %U %w')", "str 'Thu May 18 138 20 4'"),
    ("time.strftime('%Y', time.gmtime(0))", "str '1970'"),
    ("time.strftime('%Z|%z')", "str '|'"),
    ('time.mktime(time.localtime())', 'float 1684411200.0'),
    ('time.asctime(time.localtime())', "str 'Thu May 18 12:00:00 2023'"),
    ('calendar.timegm(time.gmtime())', 'int 1684411200'),
    ('time.timezone', 'int 0'),
    ('time.tzname', "tuple ('UTC', 'UTC')"),
    ('datetime.datetime.fromtimestamp(time.time())', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0)'),
    ('datetime.datetime.utcfromtimestamp(time.time())', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0)'),
    ("time.strptime('2023-05-18', '%Y-%m-%d')", 'struct_time time.struct_time(tm_year=2023, tm_mon=5, tm_mday=18, tm_hour=0, tm_min=0, tm_sec=0, tm_wday=3, tm_yday=138, tm_isdst=-1)'),
    ('list(calendar.Calendar().itermonthdates(2023, 5))[:2]', 'list [FakeDate(2023, 5, 1), FakeDate(2023, 5, 2)]'),
    ('calendar.monthrange(2023, 5)', 'tuple (0, 31)'),
    ('datetime.datetime.now().astimezone().tzinfo', 'tzlocal tzlocal()'),
    ('datetime.datetime.now() - datetime.datetime.now(datetime.timezone.utc)', "!TypeError: can't subtract offset-naive and offset-aware datetimes"),
    ('datetime.datetime.now(datetime.timezone.utc) - datetime.datetime(2023, 5, 18, tzinfo=datetime.timezone.utc)', 'timedelta datetime.timedelta(seconds=43200)'),
    ('datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(hours=1)', 'FakeDatetime FakeDatetime(2023, 5, 18, 13, 0, tzinfo=datetime.timezone.utc)'),
    ('max(datetime.datetime.now(), datetime.datetime(2024, 1, 1))', 'FakeDatetime FakeDatetime(2024, 1, 1, 0, 0)'),
    ('min(datetime.date.today(), datetime.date(2020, 1, 1))', 'FakeDate FakeDate(2020, 1, 1)'),
    ('datetime.datetime.max + datetime.timedelta(1)', '!OverflowError: date value out of range'),
    ('datetime.date.max + datetime.timedelta(1)', '!OverflowError: date value out of range'),
    ('datetime.datetime(2023, 13, 1)', '!ValueError: month must be in 1..12'),
    ('datetime.date(2023, 2, 30)', '!ValueError: day is out of range for month'),
    ('datetime.datetime.now().year, datetime.datetime.now().month, datetime.datetime.now().day, datetime.datetime.now().hour', 'tuple (2023, 5, 18, 12)'),
    ('datetime.datetime.now().second, datetime.datetime.now().microsecond, datetime.datetime.now().tzinfo, datetime.datetime.now().fold', 'tuple (0, 0, None, 0)'),
    ('(datetime.datetime.now() - datetime.datetime(2023, 5, 1)).days', 'int 17'),
    ("(datetime.date.today() - datetime.timedelta(days=datetime.date.today().weekday())).strftime('%Y-%m-%d')", "str '2023-05-15'"),
    ('datetime.datetime.now().date() == datetime.date.today()', 'bool True'),
    ('datetime.datetime.now().date() - datetime.timedelta(days=1)', 'FakeDate FakeDate(2023, 5, 17)'),
    ('datetime.datetime(2023, 5, 18) + datetime.timedelta(days=1) - datetime.timedelta(hours=1)', 'FakeDatetime FakeDatetime(2023, 5, 18, 23, 0)'),
    ('datetime.datetime.now().astimezone(None)', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0, tzinfo=tzlocal())'),
    ('datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0)'),
    ('datetime.datetime.now().__class__.__name__', "str 'FakeDatetime'"),
    ('datetime.date.today().__class__.__name__', "str 'FakeDate'"),
    ('type(datetime.datetime.now().date()).__name__', "str 'FakeDate'"),
    ('type(datetime.datetime.now().time()).__name__', "str 'time'"),
    ('datetime.datetime.now(tz=datetime.timezone.utc).tzinfo', 'timezone datetime.timezone.utc'),
    ('datetime.datetime.today().replace(microsecond=0).isoformat()', "str '2023-05-18T12:00:00'"),
    ('datetime.datetime.fromisoformat(datetime.datetime.now().isoformat())', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0)'),
    ("datetime.datetime.strptime(str(datetime.date.today()), '%Y-%m-%d') + datetime.timedelta(days=7)", 'FakeDatetime FakeDatetime(2023, 5, 25, 0, 0)'),
    ('datetime.date(2023, 5, 18).isoformat()', "str '2023-05-18'"),
    ('datetime.date.today().ctime()', "str 'Thu May 18 00:00:00 2023'"),
    ('datetime.date.today().weekday()', 'int 3'),
    ("datetime.date.today().strftime('%A, %B %d')", "str 'Thursday, May 18'"),
    ('str(datetime.datetime.now() - datetime.datetime(2023, 5, 17, 1, 2, 3))', "str '1 day, 10:57:57'"),
    ('sorted(set(dir(datetime.datetime.now())) - set(dir(REAL_DT)))', "list ['__dict__', '__module__', '__weakref__', '_date_to_freeze', '_time_to_freeze', '_tz_offset', 'nanosecond']"),
    ('sorted(set(dir(datetime.date.today())) - set(dir(REAL_D)))', "list ['__dict__', '__module__', '__weakref__', '_date_to_freeze', '_tz_offset']"),
    ('sorted(set(dir(REAL_DT)) - set(dir(datetime.datetime.now())))', 'list []'),
    ('datetime.datetime.now().__dict__', 'dict {}'),
    ('datetime.datetime.now().astimezone().tzinfo == datetime.datetime.now().astimezone().tzinfo', 'bool True'),
    ('datetime.datetime.now().astimezone().dst()', 'timedelta datetime.timedelta(0)'),
    ('datetime.datetime.now().astimezone().isoformat()', "str '2023-05-18T12:00:00+00:00'"),
    ('datetime.datetime.now().astimezone().timestamp()', 'float 1684411200.0'),
    ('hash(datetime.datetime.now().astimezone()) == hash(REAL_DT.replace(tzinfo=datetime.timezone.utc))', 'bool True'),
    ('(time.time.__name__, time.localtime.__qualname__, time.strftime.__name__, time.sleep.__name__, time.time_ns.__name__, time.gmtime.__name__, time.monotonic.__name__, time.perf_counter.__name__)', "tuple ('fake_time', 'fake_localtime', 'fake_strftime', 'sleep', 'fake_time_ns', 'fake_gmtime', 'fake_monotonic', 'fake_perf_counter')"),
    ('datetime.datetime.now.__qualname__', "str 'FakeDatetime.now'"),
    ('datetime.date.today.__qualname__', "str 'FakeDate.today'"),
    ('datetime.datetime.now().date().today()', 'FakeDate FakeDate(2023, 5, 18)'),
    ('type(datetime.datetime.now()).today()', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0)'),
    ('datetime.datetime.fromtimestamp(time.time()).date() == datetime.date.today()', 'bool True'),
    ('[type(x).__name__ for x in deepcopy([datetime.datetime.now(), REAL_DT.astimezone(datetime.timezone.utc)])]', "list ['FakeDatetime', 'FakeDatetime']"),
    ('datetime.datetime.utcnow().tzinfo', 'NoneType None'),
    ('datetime.datetime.now(tz=datetime.timezone.utc).date()', 'FakeDate FakeDate(2023, 5, 18)'),
    ('datetime.datetime(2023, 5, 18, 12, tzinfo=datetime.timezone.utc) == datetime.datetime.now()', 'bool False'),
    ('json.dumps([str(datetime.date.today())])', 'str \'["2023-05-18"]\''),
    ("datetime.datetime.isoformat(datetime.datetime.now(), ' ')", "str '2023-05-18 12:00:00'"),
    ('datetime.datetime.combine(datetime.date.today(), datetime.datetime.now().time()) == datetime.datetime.now()', 'bool True'),
    ('datetime.datetime.now() in [REAL_DT]', 'bool True'),
    ('{REAL_DT: 1}[datetime.datetime.now()]', 'int 1'),
    ('time.time() == datetime.datetime.now().timestamp()', 'bool True'),
    ('time.mktime(datetime.datetime.now().timetuple())', 'float 1684411200.0'),
    ("datetime.datetime.strptime('18/05/2023', '%d/%m/%Y').strftime('%A')", "str 'Thursday'"),
    ('datetime.datetime(2023, 5, 18, 12).astimezone().tzinfo.tzname(None)', "str 'UTC'"),
    ('datetime.datetime._tz_offset()', 'timedelta datetime.timedelta(0)'),
    ('datetime.date._date_to_freeze()', 'datetime datetime.datetime(2023, 5, 18, 12, 0)'),
    ('datetime.datetime._time_to_freeze()', 'datetime datetime.datetime(2023, 5, 18, 12, 0)'),
    ('datetime.date(2023, 5, 18).__reduce__()', "tuple (<class 'freezegun.api.FakeDate'>, (b'\\x07\\xe7\\x05\\x12',))"),
    ('datetime.datetime.now().astimezone().__reduce__()[0]', "FakeDatetimeMeta <class 'freezegun.api.FakeDatetime'>"),
    ('datetime.date.today() + datetime.timedelta(hours=25)', 'FakeDate FakeDate(2023, 5, 19)'),
    ('datetime.date.today() - datetime.timedelta(seconds=1)', 'FakeDate FakeDate(2023, 5, 18)'),
    ('datetime.datetime.now(datetime.timezone.utc).astimezone(None)', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0, tzinfo=tzlocal())'),
    ('datetime.datetime.fromtimestamp(-86400)', 'FakeDatetime FakeDatetime(1969, 12, 31, 0, 0)'),
    ("datetime.datetime.fromtimestamp('x')", "!TypeError: 'str' object cannot be interpreted as an integer"),
    ('datetime.datetime.fromtimestamp(1e20)', '!OverflowError: timestamp out of range for platform time_t'),
    ("datetime.datetime.now('UTC')", "!AttributeError: 'str' object has no attribute 'fromutc'"),
    ('datetime.datetime.now(0)', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0)'),
    ('datetime.date.today(1)', '!TypeError: FakeDate.today() takes 1 positional argument but 2 were given'),
    ('datetime.datetime.today(None)', '!TypeError: FakeDatetime.today() takes 1 positional argument but 2 were given'),
    ('datetime.datetime.utcnow(None)', '!TypeError: FakeDatetime.utcnow() takes 1 positional argument but 2 were given'),
    ('pickle.loads(pickle.dumps(datetime.datetime.now()))', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0)'),
    ('pickle.loads(pickle.dumps(REAL_DT))', 'FakeDatetime FakeDatetime(2023, 5, 18, 12, 0)'),
    ('pickle.loads(pickle.dumps(datetime.date.today()))', 'FakeDate FakeDate(2023, 5, 18)'),
    ('pickle.loads(pickle.dumps(REAL_D, 0))', 'FakeDate FakeDate(2023, 5, 18)'),
    ("pickle.loads(pickle.dumps({'d': [datetime.datetime(2023, 5, 1, 9, 30, 15, 7, tzinfo=datetime.timezone.utc), REAL_DT.replace(fold=1)]}))", "dict {'d': [FakeDatetime(2023, 5, 1, 9, 30, 15, 7, tzinfo=datetime.timezone.utc), FakeDatetime(2023, 5, 18, 12, 0)]}"),
    ('pickle.loads(pickle.dumps(datetime.datetime(2023, 5, 1, fold=1), 4)).fold', 'int 1'),
    ('pickle.loads(pickle.dumps(datetime.datetime))', "FakeDatetimeMeta <class 'freezegun.api.FakeDatetime'>"),
    ('pickle.loads(pickle.dumps(time.time)).__qualname__', "str 'fake_time'"),
]
# END RECORDED CLOCK_CASES


# ---------------------------------------------------------------------------------------
# Plain mode: shell.py against the recorded tables
# ---------------------------------------------------------------------------------------

class Report:
    def __init__(self):
        self.failures = []
        self.notes = []
        self.checked = 0

    def check(self, ok, what):
        self.checked += 1
        if not ok:
            self.failures.append(what)


def test_safety(shell, report):
    for code, expected in SAFETY_CASES + DEEP_CASES:
        if version_differs(code):
            report.notes.append("version-dependent, not compared here: %r" % code)
            continue
        if isinstance(expected, tuple) and expected[1] == "RecursionError":
            got = mine_safety(shell, code)
            report.check(got is None, "safety %r: expected None (known: %s), got %r" % (code, RECURSION_CRASH_NOTE, got))
            report.notes.append("known difference: %r... -> AppWorld raises RecursionError" % code[:40])
            continue
        got = mine_safety(shell, code, strict=True)
        report.check(got == expected, "safety %r: expected %r, got %r" % (code, expected, got))
        # Not strict: AppWorld's own exception becomes "run the cell".
        loose = mine_safety(shell, code, strict=False)
        want = None if isinstance(expected, tuple) else expected
        report.check(loose == want, "safety (not strict) %r: expected %r, got %r" % (code, want, loose))
        # The fast path never changes an answer.
        try:
            full = shell["_appsim_safety_full"](code, True)
        except Exception as error:  # noqa: BLE001
            full = ("raise", type(error).__name__, str(error))
        report.check(full == got, "fast path changed %r: %r vs %r" % (code, got, full))


def test_clock_table(report, pure=False):
    exprs = [e for e, _ in CLOCK_CASES]
    got = eval_clock(exprs)
    for (expr, expected), value in zip(CLOCK_CASES, got):
        if version_differs(expr):
            continue
        if pure and expr in PURE_DATETIME_DIFFS:
            continue
        report.check(value == expected, "clock %s: expected %r, got %r" % (expr, expected, value))


def test_clock_extras(shell, report):
    import copy
    import datetime
    import time

    # `from datetime import datetime` in a cell gets the fake class.
    ns = {}
    exec("from datetime import datetime as D, date as d", ns)
    report.check(ns["D"] is shell["FakeDatetime"] and ns["d"] is shell["FakeDate"], "from-import of the fake classes")
    # A deepcopy of a dict holding Fake (and real) objects.
    real_dt = datetime.datetime.__mro__[1](2023, 1, 2, 3, 4, 5, 6)
    value = {"a": [datetime.datetime.now(), datetime.date.today()], "b": (real_dt,)}
    copied = copy.deepcopy(value)
    report.check(copied == value and copied["a"][0] is not value["a"][0], "deepcopy of a dict of Fake objects")
    report.check([type(x).__name__ for x in copied["a"] + list(copied["b"])] == ["FakeDatetime", "FakeDate", "FakeDatetime"],
                 "deepcopy types: %r" % [type(x).__name__ for x in copied["a"] + list(copied["b"])])
    # The clock follows now_fn, microseconds included.
    moment = [(2024, 2, 29, 23, 59, 59, 500000)]
    shell["_appsim_freeze"](datetime, time, lambda: moment[0])
    try:
        report.check(repr(datetime.datetime.now()) == "FakeDatetime(2024, 2, 29, 23, 59, 59, 500000)", "now() follows now_fn")
        report.check(time.time() == 1709251199.5, "time.time() %r" % time.time())
        report.check(time.time_ns() == 1709251199500000000, "time.time_ns() %r" % time.time_ns())
        report.check(time.monotonic_ns() == 1709251199500000000, "time.monotonic_ns() %r" % time.monotonic_ns())
        report.check(repr(datetime.date.today()) == "FakeDate(2024, 2, 29)", "date.today() follows now_fn")
        moment[0] = (2025, 1, 1, 0, 0, 0)
        report.check(time.strftime("%Y-%m-%d %H:%M:%S") == "2025-01-01 00:00:00", "strftime follows now_fn")
        report.check(datetime.datetime.now(datetime.timezone(datetime.timedelta(hours=-5))).isoformat()
                     == "2024-12-31T19:00:00-05:00", "now(tz) converts from UTC")
        report.check(time.time.__name__ == "fake_time" and time.localtime.__name__ == "fake_localtime", "fake names")
        try:
            time.time(1)
            report.check(False, "time.time(1) should fail")
        except TypeError as error:
            report.check(str(error) == "fake_time() takes 0 positional arguments but 1 was given", "error: %s" % error)
    finally:
        shell["_appsim_freeze"](datetime, time, lambda: MOMENT)
    # Installing twice keeps one set of fakes and the real functions underneath.
    shell["_appsim_freeze"](datetime, time, lambda: MOMENT)
    report.check(time.localtime(0).tm_year == 1970, "localtime(t) is the real one")
    report.check(datetime.datetime is shell["FakeDatetime"], "datetime.datetime is FakeDatetime")
    # A subclass of the fake class, as agent code may write.
    ns = {"datetime": datetime}
    exec("class My(datetime.datetime):\n    pass\nx = My(2023, 1, 1)\ny = x + datetime.timedelta(1)\nz = My.now()", ns)
    report.check(repr(ns["x"]) == "My(2023, 1, 1, 0, 0)", "subclass repr %r" % ns["x"])
    report.check(type(ns["y"]).__name__ == "FakeDatetime" and type(ns["z"]).__name__ == "FakeDatetime", "subclass arithmetic")


def run_plain(pure=False, spawn=True):
    set_utc()
    if pure:
        sys.modules["_datetime"] = None  # the pure-Python datetime, as on RustPython
    shell = load_shell()
    report = Report()
    if not pure:
        test_safety(shell, report)
    import datetime
    import time
    shell["_appsim_freeze"](datetime, time, lambda: MOMENT)
    shell["_appsim_pickle_support"](sys.modules)
    test_clock_table(report, pure=pure)
    test_clock_extras(shell, report)
    label = "pure-Python datetime" if pure else "C datetime"
    for failure in report.failures:
        print("FAIL", failure)
    if "-v" in sys.argv:
        for note in report.notes:
            print("note:", note)
    elif report.notes:
        print("%d known or version-dependent differences not compared (-v lists them)" % len(report.notes))
    print("shell.py (%s, Python %s): %d checks, %d failures; %d safety cases, %d clock cases"
          % (label, sys.version.split()[0], report.checked, len(report.failures),
             0 if pure else len(SAFETY_CASES) + len(DEEP_CASES), len(CLOCK_CASES)))
    ok = not report.failures
    if spawn and not pure:
        import subprocess
        child = subprocess.run([sys.executable, os.path.abspath(__file__), "--pure-datetime"])
        ok = ok and child.returncode == 0
    return ok


# ---------------------------------------------------------------------------------------
# Oracle mode: shell.py against the real AppWorld SafetyGuard and freezegun
# ---------------------------------------------------------------------------------------

def oracle_safety(guard, code):
    try:
        safe, message = guard.is_syntax_safe(code)
    except Exception as error:  # noqa: BLE001  (RecursionError included)
        name = type(error).__name__
        return ("raise", name, None if name == "RecursionError" else str(error))
    return None if safe else message


def oracle_clock(exprs, moment):
    import datetime

    import freezegun

    freezer = freezegun.freeze_time(datetime.datetime(*moment))
    freezer.start()
    try:
        return eval_clock(exprs)
    finally:
        freezer.stop()


def run_oracle(n, seed):
    set_utc()
    shell = load_shell()  # before freezegun: shell.py keeps the real classes
    from appworld.common.safety_guard import SafetyGuard

    guard = SafetyGuard()
    ok = True

    # Safety: the recorded cases, then generated ones.
    recorded = [code for code, _ in SAFETY_CASES + DEEP_CASES]
    generated = gen_safety_codes(n, seed)
    for label, codes in (("recorded", recorded), ("generated (seed %d)" % seed, generated)):
        same = 0
        known = 0
        for code in codes:
            real = oracle_safety(guard, code)
            mine = mine_safety(shell, code)
            try:
                full = shell["_appsim_safety_full"](code, True)
            except Exception as error:  # noqa: BLE001
                full = ("raise", type(error).__name__, str(error))
            if full != mine:
                print("FAST PATH DIFFERS %r: %r vs %r" % (code, mine, full))
                ok = False
            if real == mine:
                same += 1
            elif isinstance(real, tuple) and real[1] == "RecursionError" and mine is None:
                known += 1
                print("known difference (%s): %r..." % (RECURSION_CRASH_NOTE, code[:60]))
            else:
                ok = False
                print("SAFETY MISMATCH %r\n   appworld: %r\n   shell.py: %r" % (code, real, mine))
        print("safety, %s: %d/%d identical (%.1f %%), %d known differences"
              % (label, same, len(codes), 100.0 * same / max(1, len(codes)), known))
    stale = [(code, exp, oracle_safety(guard, code)) for code, exp in SAFETY_CASES + DEEP_CASES
             if not (isinstance(exp, tuple) and exp[1] == "RecursionError") and oracle_safety(guard, code) != exp]
    for code, exp, real in stale:
        ok = False
        print("STALE RECORD %r: recorded %r, oracle now %r" % (code, exp, real))

    # Clock: freezegun first (it is stopped again), then shell.py's clock.
    import datetime
    import time

    exprs = [e for e, _ in CLOCK_CASES]
    gen_exprs = gen_clock_exprs(n, seed)
    moments = [MOMENT, (2024, 2, 29, 23, 59, 59, 123456), (1999, 12, 31, 0, 0, 1)]
    real_results = {}
    for moment in moments:
        real_results[moment] = (oracle_clock(exprs, moment), oracle_clock(gen_exprs, moment))
    clock = [MOMENT]
    shell["_appsim_freeze"](datetime, time, lambda: clock[0])
    shell["_appsim_pickle_support"](sys.modules)
    for moment in moments:
        clock[0] = moment
        mine = (eval_clock(exprs), eval_clock(gen_exprs))
        for label, ex, real_list, mine_list in (("recorded", exprs, real_results[moment][0], mine[0]),
                                                 ("generated", gen_exprs, real_results[moment][1], mine[1])):
            same = 0
            for expr, r, m in zip(ex, real_list, mine_list):
                if r == m:
                    same += 1
                else:
                    ok = False
                    print("CLOCK MISMATCH at %r: %s\n   freezegun: %s\n   shell.py:  %s" % (moment, expr, r, m))
            print("clock at %s, %s: %d/%d identical (%.1f %%)"
                  % (datetime.datetime.__mro__[1](*moment).isoformat(), label, same, len(ex), 100.0 * same / max(1, len(ex))))
    for (expr, exp), real in zip(CLOCK_CASES, real_results[MOMENT][0]):
        if exp != real:
            ok = False
            print("STALE RECORD %s: recorded %r, freezegun now %r" % (expr, exp, real))
    print("against the oracle:", "all identical (apart from the known differences listed)" if ok else "MISMATCHES above")
    return ok


def run_record(add_generated, seed):
    set_utc()
    load_shell()
    from appworld.common.safety_guard import SafetyGuard

    guard = SafetyGuard()
    codes = [code for code, _ in SAFETY_CASES]
    if add_generated:
        codes += [c for c in gen_safety_codes(add_generated, seed) if c not in set(codes)]
    safety = [(code, oracle_safety(guard, code)) for code in codes]
    exprs = [e for e, _ in CLOCK_CASES]
    clock = list(zip(exprs, oracle_clock(exprs, MOMENT)))
    with open(os.path.abspath(__file__), encoding="utf-8") as f:
        text = f.read()
    for name, rows in (("SAFETY_CASES", safety), ("CLOCK_CASES", clock)):
        begin = "# BEGIN RECORDED %s\n" % name
        end = "# END RECORDED %s\n" % name
        head, rest = text.split(begin, 1)
        _, tail = rest.split(end, 1)
        body = "%s = [\n%s]\n" % (name, "".join("    (%r, %r),\n" % row for row in rows))
        text = head + begin + body + end + tail
    with open(os.path.abspath(__file__), "w", encoding="utf-8") as f:
        f.write(text)
    print("recorded %d safety cases and %d clock cases" % (len(safety), len(clock)))


def main(argv):
    def opt(name, default):
        if name in argv:
            return int(argv[argv.index(name) + 1])
        return default

    if "--record" in argv or "--against-oracle" in argv:
        # This directory holds appsim's own pendulum.py: keep it from shadowing the real one.
        sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != HERE]
    if "--record" in argv:
        run_record(opt("--add-generated", 0), opt("--seed", 2024))
        return 0
    if "--against-oracle" in argv:
        return 0 if run_oracle(opt("--n", 400), opt("--seed", 7)) else 1
    if "--pure-datetime" in argv:
        return 0 if run_plain(pure=True) else 1
    return 0 if run_plain(spawn="--no-subprocess" not in argv) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
