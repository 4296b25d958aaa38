# appsim: set-up run once per interpreter. Builds the restricted environment agent cells run in.
# Names starting with _appsim are engine internals.
import builtins as _appsim_builtins
import _appsim
import sys as _appsim_sys
import _json  # noqa: F401  (json.encoder imports it lazily)
import warnings as _appsim_warnings

# Warnings (e.g. a SyntaxWarning for an invalid escape while compiling a cell) would go to the
# host process's stderr, outside the cell's output: silence them.
_appsim_warnings.simplefilter("ignore")

# Modules agent code may import by name (their own internal imports are not restricted).
_appsim_allowed = frozenset("""
abc bisect calendar collections copy dataclasses datetime decimal difflib enum fractions
functools hashlib heapq itertools json math numbers operator pendulum pprint random re
statistics string textwrap time types typing unicodedata uuid zoneinfo
""".split())
_appsim_real_import = _appsim_builtins.__import__
# Private helpers the allowed modules import lazily, from inside agent calls.
_appsim_lazy_ok = frozenset(["_json", "_strptime", "_pydatetime", "_datetime"])
_appsim_depth = [0]


def _appsim_import(name, globals=None, locals=None, fromlist=(), level=0):
    top = name.split(".")[0]
    if _appsim_depth[0] == 0 and level == 0 and top not in _appsim_allowed and name not in _appsim_lazy_ok:
        raise ImportError(
            f"Importing '{name}' is not allowed here. Allowed modules: "
            + ", ".join(sorted(_appsim_allowed))
        )
    _appsim_depth[0] += 1
    try:
        if top == "random" and _appsim_depth[0] == 1 and globals is not None and "__appsim_random__" in globals:
            return globals["__appsim_random__"]
        return _appsim_real_import(name, globals, locals, fromlist, level)
    finally:
        _appsim_depth[0] -= 1


# Pre-load what agent code is likely to use, through the real import (no restriction).
import calendar, collections, copy, datetime, functools, itertools, json, math, random, re, string
import pendulum

# The frozen clock: datetime.now()/today()/utcnow() and pendulum read the episode's "now".
_appsim_dt = datetime.datetime


def _appsim_now(cls=None, tz=None):
    cls = cls if cls is not None else _appsim_dt
    return cls(*_appsim.now())


try:
    datetime.datetime.now = classmethod(lambda cls, tz=None: cls(*_appsim.now()))
    datetime.datetime.utcnow = classmethod(lambda cls: cls(*_appsim.now()))
    datetime.datetime.today = classmethod(lambda cls: cls(*_appsim.now()))
    datetime.date.today = classmethod(lambda cls: cls(*_appsim.now()[:3]))
except TypeError:
    # CPython's C datetime types are immutable; under the CPython executor the clock the
    # interpreter reads is itself the episode's frozen clock.
    pass


def _appsim_print(*args, sep=" ", end="\n", file=None, flush=False, **_appsim_extra):
    # AppWorld prints one dict, list or tuple as JSON only when print has no other arguments.
    plain = sep == " " and end == "\n" and file is None and flush is False
    if plain and len(args) == 1 and isinstance(args[0], (dict, list, tuple)):
        try:
            text = json.dumps(args[0])
            if len(text) >= 100:
                text = json.dumps(args[0], indent=1)
            _appsim.write(text + end)
            return
        except (TypeError, ValueError):
            pass
    _appsim.write((sep if sep is not None else " ").join(str(a) for a in args) + (end if end is not None else "\n"))


def _appsim_input(*args, **kwargs):
    raise RuntimeError("input() is not available: cells cannot read from a terminal.")


def _appsim_blocked(name):
    def blocked(*args, **kwargs):
        raise RuntimeError(f"{name}() is not available in this environment.")
    return blocked


class _AppsimApp:
    # An API function, once made, is stored as an instance attribute, so later lookups find it
    # without calling __getattr__.
    def __init__(self, name):
        object.__setattr__(self, "_name", name)

    def __getattr__(self, api):
        if api.startswith("__"):
            raise AttributeError(api)
        app = self._name

        def fn(**kwargs):
            return _appsim.call(app, api, kwargs)

        fn.__name__ = api
        fn.__qualname__ = f"apis.{app}.{api}"
        object.__setattr__(self, api, fn)
        return fn

    def __setattr__(self, name, value):
        raise AttributeError(f"apis.{self._name} is read-only")

    def __delattr__(self, name):
        raise AttributeError(f"apis.{self._name} is read-only")

    def __dir__(self):
        return _appsim.api_names(self._name)

    def __repr__(self):
        return f"<apis.{self._name}>"


class _AppsimApis:
    def __getattr__(self, app):
        if app.startswith("__"):
            raise AttributeError(app)
        obj = _AppsimApp(app)
        object.__setattr__(self, app, obj)
        return obj

    def __setattr__(self, name, value):
        raise AttributeError("apis is read-only")

    def __delattr__(self, name):
        raise AttributeError("apis is read-only")

    def __dir__(self):
        return _appsim.app_names()

    def __repr__(self):
        return "<apis>"


_appsim_builtins.__import__ = _appsim_import
_appsim_builtins.print = _appsim_print
_appsim_builtins.input = _appsim_input
for _appsim_name in ("open", "breakpoint", "help", "exit", "quit", "copyright", "credits", "license"):
    if hasattr(_appsim_builtins, _appsim_name):
        setattr(_appsim_builtins, _appsim_name, _appsim_blocked(_appsim_name))

# What every episode's scope starts with (copied per episode).
_appsim_template = {
    "__name__": "__main__",
    "__builtins__": _appsim_builtins,
    "apis": _AppsimApis(),
    "calendar": calendar,
    "datetime": datetime,
    "itertools": itertools,
    "json": json,
    "math": math,
    "re": re,
    "pendulum": pendulum,
    "Counter": collections.Counter,
    "defaultdict": collections.defaultdict,
    "deepcopy": copy.deepcopy,
    "reduce": functools.reduce,
    "Iterator": __import__("collections.abc").abc.Iterator,
}
for _appsim_name in ("MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"):
    if hasattr(pendulum, _appsim_name):
        _appsim_template[_appsim_name] = getattr(pendulum, _appsim_name)

_appsim_random_funcs = (
    "seed random uniform triangular randint choice randrange sample shuffle choices normalvariate "
    "lognormvariate expovariate vonmisesvariate gammavariate gauss betavariate paretovariate "
    "weibullvariate getstate setstate getrandbits randbytes binomialvariate"
).split()


def _appsim_new_scope(seed):
    """A fresh cell scope whose `random` is a private generator seeded with `seed`."""
    scope = dict(_appsim_template)
    inst = random.Random(seed)
    mod = type(random)("random")
    mod.__dict__.update(random.__dict__)
    for name in _appsim_random_funcs:
        if hasattr(inst, name):
            setattr(mod, name, getattr(inst, name))
    scope["random"] = mod
    scope["__appsim_random__"] = mod
    return scope


def _appsim_fork_scope(src):
    """A copy of cell scope `src` for a forked episode: each variable deep-copied where it can
    be (shared where it cannot), and the `random` generator continuing from the same state."""
    scope = _appsim_new_scope(0)
    old_random = src.get("__appsim_random__")
    if old_random is not None:
        scope["__appsim_random__"].setstate(old_random.getstate())
    memo = {id(old_random): scope["__appsim_random__"]}
    for key, value in src.items():
        if key == "__appsim_random__" or value is _appsim_template.get(key, scope):
            continue
        try:
            scope[key] = copy.deepcopy(value, memo)
        except Exception:
            scope[key] = value
    return scope


def _appsim_syntax_error(code):
    """(line number, message) of the first syntax error in `code`."""
    try:
        compile(code, "<python-input>", "exec")
    except SyntaxError as e:
        return (e.lineno or 1, e.msg or str(e))
    return (1, "invalid syntax")
