# appsim's driver inside the CPython-on-WASI instance. Runs once, when the image is built:
# installs `_appsim` (the host channel), `pendulum` and the shared preamble, then marks the
# point the host snapshots. Every later request enters through `_appsim_serve()`.
#
# Channel: the guest writes one JSON object a line to fd 1 (requests, answers) and reads one
# JSON object a line from fd 0 (the host's messages and replies). Nothing else uses fd 1:
# `print` is the preamble's, which writes into the cell's buffer.
import builtins
import gc
import json
import linecache
import os
import sys
import time
import traceback
import types

_MAX_OUTPUT = 1 << 20


def _appsim_recv():
    buf = b""
    while not buf.endswith(b"\n"):
        chunk = os.read(0, 1 << 16)
        if not chunk:
            raise RuntimeError("the host closed the channel")
        buf += chunk
    return json.loads(buf)


def _appsim_send(obj):
    data = (json.dumps(obj) + "\n").encode()
    while data:
        data = data[os.write(1, data):]


def _appsim_ask(obj):
    _appsim_send(obj)
    reply = _appsim_recv()
    if "err" in reply:
        raise Exception(reply["err"])
    return reply["ok"]


_appsim_out = []
_appsim_out_len = [0]
_appsim_clock = [(2023, 5, 18, 12, 0, 0)]


def _appsim_write(text):
    if _appsim_out_len[0] < _MAX_OUTPUT:
        _appsim_out.append(text)
        _appsim_out_len[0] += len(text)


_appsim_mod = types.ModuleType("_appsim")
_appsim_mod.call = lambda app, api, kwargs: _appsim_ask(
    {"op": "call", "app": app, "api": api, "args": kwargs})
_appsim_mod.write = _appsim_write
_appsim_mod.now = lambda: _appsim_clock[0]
_appsim_mod.app_names = lambda: _appsim_ask({"op": "app_names"})
_appsim_mod.api_names = lambda app: _appsim_ask({"op": "api_names", "app": app})
sys.modules["_appsim"] = _appsim_mod

# Load what formatting a traceback imports lazily (tokenize, for source lines), before the
# preamble's allow-list is in place.
try:
    json.loads("{")
except ValueError as _appsim_e:
    traceback.format_exception(type(_appsim_e), _appsim_e, _appsim_e.__traceback__)
import datetime as _appsim_datetime  # noqa: E402

_appsim_init = _appsim_recv()
_appsim_pendulum = types.ModuleType("pendulum")
sys.modules["pendulum"] = _appsim_pendulum
exec(compile(_appsim_init["pendulum"], "<appsim:pendulum>", "exec"), _appsim_pendulum.__dict__)
_appsim_pre = {"__name__": "_appsim_preamble", "__builtins__": builtins}
exec(compile(_appsim_init["preamble"], "<appsim:preamble>", "exec"), _appsim_pre)
# Modules the allow-list names but the preamble does not load: loaded now, so they are in the
# image (an episode never reads the standard library from the file system).
for _appsim_name in _appsim_pre["_appsim_allowed"]:
    try:
        _appsim_pre["_appsim_real_import"](_appsim_name)
    except ImportError:
        pass
class _AppsimStdout:
    """sys.stdout and sys.stderr inside cells: what is written there is part of the cell's
    output (pprint, print(..., file=sys.stdout)), as in AppWorld's shell."""

    def write(self, text):
        _appsim_write(str(text))
        return len(text)

    def flush(self):
        pass

    def isatty(self):
        return False


sys.stdout = _AppsimStdout()
_appsim_state = {"scope": None}


def _appsim_cell(req):
    now = tuple(req["now"])
    if now != _appsim_clock[0]:
        _appsim_clock[0] = now
        _appsim_pendulum._set_now(_appsim_datetime.datetime(*now))
    code = req["code"]
    try:
        compiled = compile(code, "<python-input>", "exec")
    except (SyntaxError, ValueError):
        line, msg = _appsim_pre["_appsim_syntax_error"](code)
        return {"op": "syntax", "line": line, "msg": str(msg)}
    # Every line ends with a newline, as in a file: the traceback's caret columns assume it.
    lines = [ln if ln.endswith("\n") else ln + "\n" for ln in code.splitlines(True)]
    linecache.cache["<python-input>"] = (len(code), None, lines, "<python-input>")
    _appsim_out.clear()
    _appsim_out_len[0] = 0
    try:
        exec(compiled, _appsim_state["scope"])
        return {"op": "printed", "text": "".join(_appsim_out)}
    except BaseException as e:  # noqa: BLE001  (SystemExit and KeyboardInterrupt included)
        text = "".join(traceback.format_exception(type(e), e, e.__traceback__))
        return {"op": "failed", "traceback": text}
    finally:
        _appsim_out.clear()


def _appsim_serve():
    req = _appsim_recv()
    op = req["op"]
    if op == "cell":
        reply = _appsim_cell(req)
    elif op == "reset":
        _appsim_state["scope"] = _appsim_pre["_appsim_new_scope"](req["seed"])
        reply = {"op": "done"}
    elif op == "probe":
        reply = {"op": "probe", "version": list(sys.version_info[:3])}
    else:
        reply = {"op": "error", "msg": f"unknown request {op!r}"}
    _appsim_send(reply)


# The snapshot point: objects made so far are frozen out of the collector's reach (no copy-on-
# write page faults when an episode's first collection runs), the host learns where the entry
# buffer lives, and the host takes the image during the clock read that follows.
_appsim_entry = bytearray(bytes.fromhex("0061707073696d2d656e7472790100")) + bytearray(64)
gc.collect()
gc.freeze()
_appsim_send({"op": "arm", "buffer": id(_appsim_entry)})
time.monotonic()
