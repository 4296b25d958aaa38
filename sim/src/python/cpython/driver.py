# appsim's driver inside the CPython-on-WASI instance. Runs once, when the image is built:
# installs `_appsim` (the host channel), `pendulum` and the shared preamble, then marks the
# point the host snapshots. Every later request enters through `_appsim_serve()`.
#
# Channel: the guest writes one line per message to fd 1 and reads one JSON object a line from
# fd 0 (the host's messages and replies). A line's first byte says what it is: `?` a request
# the host answers at once (an API call), `!` the answer to the host's message, `*` the
# snapshot signal (image build only). The host ignores anything else.
#
# The driver defends itself against the cells it runs: everything it uses is bound here, at
# image time (C functions and bound objects that a cell patching `json`, `os`, `traceback` or
# `builtins` does not reach), every BaseException of compile and exec is answered as a Python
# error, and what it sends is plain ASCII, so no string a cell makes can break the channel.
import _json
import _thread  # interrupt_main: how the host stops a cell at its time limit
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
# AppWorld's limit is 1000, with IPython's frames below a cell's; requests here start 5 frames
# higher, so the real limit is 995 and `sys` reports and takes AppWorld's numbers.
_APPSIM_RECURSION_LIMIT = 995
_APPSIM_FRAMES_BELOW = 5
# IPython compiles cells so that `await` works at the top level.
_PyCF_ALLOW_TOP_LEVEL_AWAIT = 0x2000
_CO_COROUTINE = 0x80

# Private references: a cell that patches the modules or builtins does not change these.
_read = os.read
_write_fd = os.write
_scan = json.JSONDecoder().scan_once
_quote = _json.encode_basestring_ascii
_format_exception = traceback.format_exception
_monotonic = time.monotonic  # the real clock read (the preamble freezes `time`'s functions)
_linecache = linecache.cache
_compile = builtins.compile
_exec = builtins.exec
_eval = builtins.eval
_len = builtins.len
_str = builtins.str
_type = builtins.type
_int = builtins.int
_float = builtins.float
_isinstance = builtins.isinstance
_tuple = builtins.tuple
_BaseException = builtins.BaseException
_Exception = builtins.Exception
_MemoryError = builtins.MemoryError
_join = "".join
_bool = builtins.bool
_dict = builtins.dict
_list = builtins.list
_SyntaxError = builtins.SyntaxError
_ValueError = builtins.ValueError
_TypeError = builtins.TypeError
_RuntimeError = builtins.RuntimeError
_UnicodeEncodeError = builtins.UnicodeEncodeError
# The exceptions an API call raises in a cell besides `Exception` (AppWorld's server raises them).
_RAISED = {"OverflowError": builtins.OverflowError}
_make_encoder = _json.make_encoder


def _appsim_args_default(o):
    raise _TypeError(f"Object of type {_type(o).__name__} is not JSON serializable")


def _encode_args(o):
    """`o` as compact JSON by `json`'s C encoder, with settings of its own (NaN and infinities
    refused, as JSON has none)."""
    enc = _make_encoder({}, _appsim_args_default, _quote, None, ":", ",", False, False, False)
    return _join(enc(o, 0))


_INT_LIMIT = 1 << 63
_NUMBER_TAG = "\x00number"  # sim::api::params::NUMBER_TAG
_inf = _float("inf")


def _appsim_tag_numbers(o, depth=0):
    """`o` with the numbers JSON cannot hold (NaN, infinities, integers beyond 64 bits) as
    tagged objects `{"\\x00number": text}`, which the validator answers as AppWorld does."""
    if depth > 200:
        return o
    if _isinstance(o, _float):
        if o != o:
            return {_NUMBER_TAG: "nan"}
        if o == _inf or o == -_inf:
            return {_NUMBER_TAG: "inf" if o > 0 else "-inf"}
        return o
    if _isinstance(o, _int) and not _isinstance(o, _bool):
        if -_INT_LIMIT <= o < (_INT_LIMIT << 1):
            return o
        return {_NUMBER_TAG: _str(o)}
    if _isinstance(o, _dict):
        return {k: _appsim_tag_numbers(v, depth + 1) for k, v in o.items()}
    if _isinstance(o, (_list, _tuple)):
        return [_appsim_tag_numbers(v, depth + 1) for v in o]
    return o


def _appsim_ascii(text):
    """`text` as ASCII-safe UTF-8: a lone surrogate (which no UTF-8 peer accepts) becomes '?'."""
    try:
        text.encode("utf-8")
        return text
    except _UnicodeEncodeError:
        return text.encode("utf-8", "replace").decode("utf-8")


def _appsim_recv():
    buf = b""
    while not buf.endswith(b"\n"):
        chunk = _read(0, 1 << 16)
        if not chunk:
            raise _RuntimeError("the host closed the channel")
        buf += chunk
    return _scan(buf.decode("utf-8"), 0)[0]


def _appsim_send_line(data):
    while data:
        data = data[_write_fd(1, data):]


def _appsim_send(obj):
    """Sends the answer `obj`, a dict of str keys to str/int/list values, as one `!` line."""
    parts = []
    for k, v in obj.items():
        if _isinstance(v, _str):
            v = _quote(_appsim_ascii(v))
        else:
            v = _encode_args(v)
        parts.append(_quote(k) + ":" + v)
    _appsim_send_line(("!{" + ",".join(parts) + "}\n").encode("ascii"))


def _appsim_ask(obj):
    args = obj.get("args")
    if args is not None:
        obj = {**obj, "args": _appsim_tag_numbers(args)}
    line = "?" + _encode_args(obj) + "\n"
    _appsim_send_line(line.encode("ascii"))
    reply = _appsim_recv()
    if "err" in reply:
        raise _RAISED.get(reply.get("kind"), _Exception)(reply["err"])
    return reply["ok"]


_appsim_out = []
_appsim_out_len = [0]
_appsim_clock = [(2023, 5, 18, 12, 0, 0)]


def _appsim_write(text):
    """Appends to the cell's output, never past the cap (the rest is dropped)."""
    room = _MAX_OUTPUT - _appsim_out_len[0]
    if room <= 0:
        return
    text = _str(text)
    if _len(text) > room:
        text = text[:room]
    _appsim_out.append(text)
    _appsim_out_len[0] += _len(text)


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

# A cell past its time limit is interrupted by the host (PyErr_SetInterrupt): SIGINT's handler
# must be Python's, which raises KeyboardInterrupt at the next bytecode.
try:
    import signal

    signal.signal(signal.SIGINT, signal.default_int_handler)
except (ImportError, AttributeError, ValueError, OSError):
    pass

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
# What the allowed modules (loaded above) and the interpreter itself import lazily (codecs by
# name, strptime, traceback's position markers and source lines, unittest's mock, uuid's
# hashes): loaded now, since an episode has no files.
_appsim_lazy = """
pydoc _strptime linecache tokenize traceback locale ast inspect dis unittest.mock collections.abc
encodings.idna encodings.punycode encodings.unicode_escape encodings.raw_unicode_escape
encodings.latin_1 encodings.ascii encodings.utf_16 encodings.utf_32 encodings.cp1252
encodings.utf_8_sig encodings.base64_codec encodings.hex_codec encodings.rot_13
encodings.utf_16_le encodings.utf_16_be encodings.utf_32_le encodings.utf_32_be
encodings.iso8859_15 encodings.mac_roman encodings.charmap
statistics decimal zoneinfo unicodedata hashlib dataclasses secrets base64 html urllib.parse
shlex glob fnmatch io weakref pickle struct keyword token reprlib graphlib cmath json.decoder
json.encoder json.scanner types abc warnings
""".split()
# What failed to load (kept for diagnosis: `__import__('sys').modules['__main__']`).
_appsim_lazy_failed = {}
for _appsim_name in _appsim_lazy:
    try:
        _appsim_pre["_appsim_real_import"](_appsim_name)
    except Exception as _appsim_e:  # noqa: BLE001
        _appsim_lazy_failed[_appsim_name] = repr(_appsim_e)
# AppWorld's run-time patches, again: the modules loaded since the preamble ran get them too.
_appsim_pre["_appsim_null_patch"]()
# Nothing of the build's environment reaches a cell, and imports look at no files: a module not
# in the image is simply not found.
os.environ.clear()
sys.path.clear()
sys.path_hooks.clear()
sys.path_importer_cache.clear()
# This interpreter has no host to reach: as in AppWorld, only the safety check before a cell
# refuses modules.
_appsim_pre["_appsim_restrict_imports"][0] = False
# CPython for WASI lowers the recursion limit for its small C stack; requests run on a big one
# (see image.rs), so cells get the depth they have in AppWorld: 1000 less its own frames.
sys.setrecursionlimit(_APPSIM_RECURSION_LIMIT)
_real_getrecursionlimit = sys.getrecursionlimit
_real_setrecursionlimit = sys.setrecursionlimit


def getrecursionlimit():
    """Return the current value of the recursion limit."""
    return _real_getrecursionlimit() + _APPSIM_FRAMES_BELOW


def setrecursionlimit(limit):
    """Set the maximum depth of the Python interpreter stack to n."""
    if not _isinstance(limit, _int):
        raise _TypeError("'" + _type(limit).__name__ + "' object cannot be interpreted as an integer")
    if limit < 1:
        raise _ValueError("recursion limit must be greater or equal than 1")
    _real_setrecursionlimit(limit - _APPSIM_FRAMES_BELOW if limit > _APPSIM_FRAMES_BELOW else 1)


sys.getrecursionlimit = getrecursionlimit
sys.setrecursionlimit = setrecursionlimit
# AppWorld runs on 64 bits: cells that use `sys.maxsize` as a sentinel get its value.
sys.maxsize = (1 << 63) - 1
_appsim_new_scope = _appsim_pre["_appsim_new_scope"]
_appsim_syntax_error = _appsim_pre["_appsim_syntax_error"]
_appsim_safety = _appsim_pre["_appsim_safety"]
_format_exception_only = traceback.format_exception_only
_strip = _str.strip
_appsim_set_now = _appsim_pendulum._set_now
_appsim_datetime_cls = _appsim_datetime.datetime


# An episode's scope: made with the image (so a new episode only seeds its generator).
_appsim_state = {"scope": _appsim_new_scope(0), "fresh": True}
# Freed when a cell ran out of memory, so the traceback can still be formatted and sent; taken
# again only after a request that did not run out (until then it is the next cell's headroom,
# e.g. to `del` what filled the episode's budget).
_appsim_reserve = [bytearray(4 << 20)]
_appsim_out_of_memory = [False]


def _appsim_await(coro):
    """Runs a cell that awaits at the top level to its end. There is no event loop: a bare
    yield (`asyncio.sleep(0)`) goes on at once, anything else awaited is an error."""
    value = None
    try:
        while True:
            if value is None:
                waited = coro.send(None)
            else:
                waited = coro.throw(value)
            value = None if waited is None else _RuntimeError(
                "top-level await has no event loop here: only coroutines can be awaited")
    except StopIteration:
        return


def _appsim_no_assert_carets(entry):
    """One formatted frame as AppWorld's CPython (3.11.7) draws it under an `assert`: position
    markers only where the asserted test is a comparison."""
    lines = entry.split("\n")
    for i in range(1, _len(lines) - 1):
        source, marks = lines[i], lines[i + 1]
        if not source.lstrip().startswith("assert") or not marks.strip() \
                or marks.strip().strip("^~"):
            continue
        start = _len(marks) - _len(marks.lstrip())
        try:
            test = _compile(source[start:_len(marks.rstrip())], "<assert>", "eval", 0x400).body
        except _BaseException:  # noqa: BLE001  (a test over several lines: left as it is)
            return entry
        if _type(test).__name__ != "Compare":
            del lines[i + 1]
            return "\n".join(lines)
        return entry
    return entry


def _appsim_traceback(e):
    """The traceback text of `e`, or its type and message when formatting itself fails."""
    try:
        return _join([_appsim_no_assert_carets(x) if "assert" in x else x
                      for x in _format_exception(_type(e), e, e.__traceback__)])
    except _BaseException:
        try:
            return f"{_type(e).__name__}: {_str(e)}\n"
        except _BaseException:
            return f"{_type(e).__name__}\n"


def _appsim_failed(e):
    if _isinstance(e, _MemoryError):
        _appsim_reserve.clear()
        _appsim_out_of_memory[0] = True
    return {"op": "failed", "traceback": _appsim_traceback(e)}


# Cells are numbered as IPython numbers them (the prelude with `print` and `input` is cell 1):
# each cell file keeps its source for tracebacks, also of functions called from later cells.
_appsim_cell_count = [1]
# Cells compiled so far, by source (agents and scripted policies re-run cells): a cell that
# comes again runs its code object, whose file keeps the source.
_appsim_compiled = {}
_COMPILED_CAP = 256


def _appsim_cell(req):
    now = _tuple(req["now"])
    if now != _appsim_clock[0]:
        _appsim_clock[0] = now
        _appsim_set_now(_appsim_datetime_cls(*now))
    code = req["code"]
    try:
        refused = _appsim_safety(code)
    except _BaseException as e:  # noqa: BLE001
        return _appsim_failed(e)
    if refused is not None:
        return {"op": "refused", "msg": _str(refused)}
    code = _strip(code)
    if not code:
        return {"op": "empty"}
    compiled = _appsim_compiled.get(code)
    if compiled is None:
        compiled = _appsim_compile_cell(code)
        if _type(compiled) is _dict:
            return compiled
    _appsim_out.clear()
    _appsim_out_len[0] = 0
    try:
        if compiled.co_flags & _CO_COROUTINE:
            _appsim_await(_eval(compiled, _appsim_state["scope"]))
        else:
            _exec(compiled, _appsim_state["scope"])
        return {"op": "printed", "text": _join(_appsim_out)}
    except _BaseException as e:  # noqa: BLE001  (SystemExit and KeyboardInterrupt included)
        return _appsim_failed(e)
    finally:
        _appsim_out.clear()


def _appsim_compile_cell(code):
    """`code` compiled as a new cell file (its source kept for tracebacks) and remembered by
    source, or the answer to send when it does not compile."""
    _appsim_cell_count[0] += 1
    name = f"<ipython-input-{_appsim_cell_count[0]}-appsim>"
    try:
        compiled = _compile(code, name, "exec", _PyCF_ALLOW_TOP_LEVEL_AWAIT)
    except (_SyntaxError, _ValueError) as e:
        try:
            bad = _appsim_syntax_error(code)
            if bad is not None:
                return {"op": "syntax", "text": _str(bad[0]), "msg": _str(bad[1])}
            # An error only the compiler finds (`return` outside a function): AppWorld shows
            # the exception without its location.
            return {"op": "failed", "traceback": "Traceback (most recent call last):\n"
                    + _join(_format_exception_only(_type(e), e))}
        except _BaseException as e2:  # noqa: BLE001
            return _appsim_failed(e2)
    except _BaseException as e:  # noqa: BLE001  (RecursionError, MemoryError while compiling)
        return _appsim_failed(e)
    # Every line ends with a newline, as in a file: the traceback's caret columns assume it.
    lines = [ln if ln.endswith("\n") else ln + "\n" for ln in code.splitlines(True)]
    _linecache[name] = (_len(code), None, lines, name)
    if _len(_appsim_compiled) >= _COMPILED_CAP:
        _appsim_compiled.clear()
    _appsim_compiled[code] = compiled
    return compiled


def _appsim_serve():
    _appsim_out_of_memory[0] = False
    try:
        req = _appsim_recv()
        op = req["op"]
        if op == "cell":
            _appsim_state["fresh"] = False
            reply = _appsim_cell(req)
        elif op == "reset":
            if _appsim_state["fresh"]:
                # The scope made with the image, untouched: only its generator needs the seed
                # (`seed` puts a Random in the state `Random(seed)` starts in).
                _appsim_state["scope"]["__appsim_random__"].seed(req["seed"])
            else:
                _appsim_state["scope"] = _appsim_new_scope(req["seed"])
            reply = {"op": "done"}
        elif op == "noop":
            reply = {"op": "done"}
        elif op == "probe":
            reply = {"op": "probe", "version": list(sys.version_info[:3])}
        else:
            reply = {"op": "error", "msg": f"unknown request {op!r}"}
    except _BaseException as e:  # noqa: BLE001
        reply = _appsim_failed(e)
    try:
        _appsim_send(reply)
    except _BaseException:  # noqa: BLE001  (out of memory while encoding: a short answer)
        _appsim_reserve.clear()
        _appsim_out_of_memory[0] = True
        _appsim_send_line(b'!{"op":"failed","traceback":"MemoryError: the answer could not be encoded\\n"}\n')
    if not _appsim_reserve and not _appsim_out_of_memory[0]:
        try:
            _appsim_reserve.append(bytearray(4 << 20))
        except _BaseException:  # noqa: BLE001  (still out of memory: next time)
            pass


# The snapshot point: objects made so far are frozen out of the collector's reach (no copy-on-
# write page faults when an episode's first collection runs), the host learns where the entry
# buffer lives, and the host takes the image during the clock read that follows.
_appsim_entry = bytearray(bytes.fromhex("0061707073696d2d656e7472790100")) + bytearray(64)
# The C stack every request runs on (the host points the stack pointer at its end): 8 MiB, its
# first 64 KiB a guard area the host checks after each request.
_appsim_stack = bytearray(b"\xa5" * (64 << 10)) + bytearray((8 << 20) - (64 << 10))
gc.collect()
gc.freeze()
_appsim_arm = {
    "op": "arm",
    "buffer": id(_appsim_entry),
    "stack": {"object": id(_appsim_stack), "len": len(_appsim_stack)},
    "interrupt_main": id(_thread.interrupt_main),
    "thread_module": id(_thread),
    "empty_tuple": id(()),
}
_appsim_send_line(("*" + json.dumps(_appsim_arm) + "\n").encode())
_monotonic()
