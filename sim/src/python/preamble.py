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

# Modules agent code may import by name: AppWorld's allow-list (its safety check refuses the
# others before a cell runs; this hook refuses them again at run time, e.g. through
# `__import__`). Their own internal imports are not restricted.
# (`shell.py`'s list, by top-level name, less the two packages appsim does not have.)
_appsim_allowed = frozenset(
    m for m in _appsim_ALLOWED_MODULES if "." not in m and m not in ("appworld", "yaml"))
_appsim_real_import = _appsim_builtins.__import__
# Private helpers the allowed modules import lazily, from inside agent calls.
_appsim_lazy_ok = frozenset(["_json", "_strptime", "_pydatetime", "_datetime"])
# Whether imports by cell code are checked at run time too. The CPython executor turns this off:
# its interpreter has no host to reach, so (as in AppWorld) only the safety check before a cell
# runs refuses modules; RustPython runs in appsim's process and keeps it.
_appsim_restrict_imports = [True]


def _appsim_import(name, globals=None, locals=None, fromlist=(), level=0):
    # Cell code (a cell scope, or a bare `__import__` call) is checked; a module's own imports
    # (lazy ones inside library functions included) are not.
    cell = globals is None or "__appsim_random__" in globals
    top = name.split(".")[0]
    if cell and _appsim_restrict_imports[0] and level == 0 and top not in _appsim_allowed \
            and name not in _appsim_lazy_ok:
        raise ImportError(
            f"Importing '{name}' is not allowed here. Allowed modules: "
            + ", ".join(sorted(_appsim_allowed))
        )
    if cell and top == "random" and globals is not None:
        return globals["__appsim_random__"]
    return _appsim_real_import(name, globals, locals, fromlist, level)


# Pre-load what agent code is likely to use, through the real import (no restriction).
import calendar, collections, copy, datetime, functools, itertools, json, math, random, re, string
import pendulum

# The frozen clock, as AppWorld's cells see it (freezegun's classes; `shell.py`): `datetime`'s
# classes become FakeDatetime/FakeDate reading the episode's "now", and `time` is frozen too.
import time  # noqa: E402

_appsim_freeze(datetime, time, _appsim.now)


class _AppsimStdout:
    """sys.stdout (and sys.stderr, whose text AppWorld drops) inside cells: what a cell prints
    goes to the cell's output buffer."""

    def __init__(self, keep):
        self._keep = keep

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if self._keep:
            _appsim.write(text)
        return len(text)

    def flush(self):
        pass

    def isatty(self):
        return False


_appsim_sys.stdout = _AppsimStdout(True)
_appsim_sys.stderr = _AppsimStdout(False)

# AppWorld's shell defines `print` and `input` in every cell namespace, in its set-up cell (the
# first cell, `<ipython-input-1-...>`): tracebacks through them show these lines at these line
# numbers. `print` shows one list, tuple or dict (and nothing else) as JSON.
_appsim_prelude_source = "\n" * 25 + """def print(*args, **kwargs):
    if not kwargs and len(args) == 1 and isinstance(args[0], (list, tuple, dict)):
        indent = 1 if len(json.dumps(args[0])) >= 100 else None
        builtins.print(json.dumps(args[0], indent=indent))
    else:
        builtins.print(*args, **kwargs)

def input(*args, **kwargs):
    raise Exception("input(..) is not allowed. All decisions must be made autonomously.")
"""
_appsim_prelude_file = "<ipython-input-1-appsim>"
_appsim_prelude = compile(_appsim_prelude_source, _appsim_prelude_file, "exec")
import linecache as _appsim_linecache  # noqa: E402

_appsim_linecache.cache[_appsim_prelude_file] = (
    len(_appsim_prelude_source), None, _appsim_prelude_source.splitlines(True), _appsim_prelude_file)


def _appsim_blocked(name):
    def blocked(*args, **kwargs):
        raise RuntimeError(f"{name}() is not available in this environment.")
    return blocked


def _appsim_help(*args, **kwargs):
    """IPython's `help`: pydoc's text of an object, written to the cell's output (`help()`
    alone meets an empty input, as on a closed terminal). 3.11.8's pydoc notes unbound
    methods; AppWorld's 3.11.7 does not."""
    try:
        import io
        import pydoc
    except ImportError:
        raise RuntimeError("help() is not available in this environment.") from None
    out = io.StringIO()
    pydoc.Helper(input=io.StringIO(""), output=out)(*args, **kwargs)
    _appsim_sys.stdout.write(re.sub(r" unbound [\w.]+ method$", "", out.getvalue(), flags=re.M))


def _appsim_make_open(files):
    """The episode's own `open`, over `files` (path -> bytes, in the episode's memory): what
    AppWorld's namespace `open` reaches when called through a variable (its safety check
    refuses the name itself). Files written in one cell can be read back in a later one;
    nothing touches a host file."""
    import io as _io
    import posixpath as _posixpath

    class _File(_io.BytesIO):
        def __init__(self, key, name, data, append):
            super().__init__(data)
            self._key = key
            self.name = name
            if append:
                self.seek(0, 2)

        def flush(self):
            if not self.closed:
                files[self._key] = self.getvalue()
            super().flush()

        def close(self):
            self.flush()
            super().close()

    def open(file, mode="r", buffering=-1, encoding=None, errors=None, newline=None,
             closefd=True, opener=None):
        """Open file and return a stream.  Raise OSError upon failure."""
        if isinstance(file, int):
            raise OSError(9, "Bad file descriptor")
        name = _posixpath.normpath(_posixpath.join("/", str(file))) if str(file) else ""
        if not isinstance(mode, str) or set(mode) - set("rwxab+t") or \
                sum(mode.count(c) for c in "rwxa") != 1:
            raise ValueError(f"invalid mode: {mode!r}")
        if not name or ("r" in mode and name not in files):
            raise FileNotFoundError(2, "No such file or directory", file)
        if "x" in mode and name in files:
            raise FileExistsError(17, "File exists", file)
        truncate = "w" in mode or "x" in mode
        raw = _File(name, file, b"" if truncate else files.get(name, b""), "a" in mode)
        if truncate or "a" in mode:
            files[name] = raw.getvalue()
        if "b" in mode:
            return raw
        text = _io.TextIOWrapper(raw, encoding=encoding or "utf-8", errors=errors, newline=newline)
        try:
            text.mode = mode
        except (AttributeError, TypeError):
            pass
        return text

    open.__module__ = "io"
    open._appsim_files = files
    return open


# IPython's objects in AppWorld's namespace (its cells run in an `InteractiveShellEmbed`).
class IPyAutocall:
    pass


class ExitAutocall(IPyAutocall):
    # Called through a variable (the safety check refuses `exit()`), AppWorld's does nothing.
    def __call__(self):
        return None


IPyAutocall.__module__ = ExitAutocall.__module__ = "IPython.core.autocall"


class InteractiveShell:
    def get_ipython(self):
        return self


class InteractiveShellEmbed(InteractiveShell):
    pass


InteractiveShell.__module__ = "IPython.core.interactiveshell"
InteractiveShellEmbed.__module__ = "IPython.terminal.embed"


class Requester:
    """The object AppWorld's `apis` sends its requests through (here: the episode)."""


Requester.__module__ = "appworld.requester"
_appsim_exit = ExitAutocall()
_appsim_shell = InteractiveShellEmbed()
_appsim_real_dir = _appsim_builtins.dir


def _appsim_dir(*args):
    """`dir()`: the caller's names, less the engine's own (`__appsim...`)."""
    if args:
        return _appsim_real_dir(*args)
    names = _appsim_sys._getframe(1).f_locals
    return sorted(k for k in names if not k.startswith("__appsim"))


class HTTPException(Exception):
    """What AppWorld's `apis` raises for an unknown app or API name (FastAPI's exception: its
    text is `<status>: <detail>`; an uncaught one reads `Exception: <detail>`)."""

    def __init__(self, status_code, detail=None, headers=None):
        super().__init__(f"{status_code}: {detail}")
        self.status_code = status_code
        self.detail = detail
        self.headers = headers

    def __repr__(self):
        return f"{type(self).__name__}(status_code={self.status_code!r}, detail={self.detail!r})"


HTTPException.__module__ = "fastapi.exceptions"


class _AppsimApp:
    # An API function, once made, is stored as an instance attribute, so later lookups find it
    # without calling __getattr__.
    def __init__(self, name):
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_apis", None)

    def __getattr__(self, api):
        if api.startswith("__"):
            raise AttributeError(api)
        app = self._name
        if self._apis is None:
            object.__setattr__(self, "_apis", frozenset(_appsim.api_names(app)))
        if api not in self._apis:
            raise HTTPException(422, f"No API named '{api}' found in the {app} app.")

        def _api_request(**kwargs):
            return _appsim.call(app, api, kwargs)

        # As AppWorld names it (a positional argument's TypeError shows the name).
        _api_request.__qualname__ = "_wrap_api_request.<locals>._api_request"
        object.__setattr__(self, api, _api_request)
        return _api_request

    def __setattr__(self, name, value):
        raise AttributeError(f"apis.{self._name} is read-only")

    def __delattr__(self, name):
        raise AttributeError(f"apis.{self._name} is read-only")

    def __dir__(self):
        return _appsim.api_names(self._name)

    def __repr__(self):
        return f"<apis.{self._name}>"


class ApiCollection:
    def __getattr__(self, app):
        if app.startswith("__"):
            raise AttributeError(app)
        if app not in _appsim.app_names():
            raise HTTPException(422, f"No app named '{app}' found.")
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


ApiCollection.__module__ = "appworld.collections.apis"


_appsim_builtins.__import__ = _appsim_import
for _appsim_name in ("input", "copyright", "credits", "license"):
    if hasattr(_appsim_builtins, _appsim_name):
        setattr(_appsim_builtins, _appsim_name, _appsim_blocked(_appsim_name))
_appsim_builtins.help = _appsim_help
_appsim_builtins.dir = _appsim_dir


def _appsim_noop(*args, **kwargs):
    return None


# What AppWorld does at run time to the functions its safety check refuses by name (called some
# other way, through a variable or `getattr`): they do nothing and return None, also where this
# interpreter lacks them (WASI's `os` has no `system`). `open` is not patched (AppWorld's opens
# host files): `builtins.open` is the calling scope's own `open`, over the episode's in-memory
# files. `SystemExit` is `Exception` and IPython's `display` shows nothing in a cell's output.
def _appsim_builtin_open(*args, **kwargs):
    own = _appsim_sys._getframe(1).f_globals.get("open")
    if getattr(own, "_appsim_files", None) is None:
        own = _appsim_blocked("open")
    return own(*args, **kwargs)


_appsim_builtins.open = _appsim_builtin_open
for _appsim_name in ("breakpoint", "exit", "quit"):
    setattr(_appsim_builtins, _appsim_name, _appsim_noop)
_appsim_builtins.SystemExit = Exception
_appsim_builtins.display = _appsim_noop


def _appsim_null_patch():
    for path in _appsim_DISALLOWED_PATHS:
        owner, fn = path.rsplit(".", 1)
        # builtins are set above; `open` of `io` and `pathlib.Path` stays, as in AppWorld.
        if owner == "builtins" or (fn == "open" and owner in ("io", "pathlib.Path")):
            continue
        parts = owner.split(".")
        target = _appsim_sys.modules.get(parts[0])
        for attr in parts[1:]:
            target = getattr(target, attr, None)
        if target is not None and (hasattr(target, fn) or isinstance(target, type(_appsim_sys))):
            try:
                setattr(target, fn, _appsim_noop)
            except (AttributeError, TypeError):
                pass


_appsim_null_patch()

# What every episode's scope starts with (copied per episode): what AppWorld's set-up cell
# imports, then `print` and `input` (the prelude, run in the scope itself) and `apis`.
_appsim_template = {
    "__name__": "__main__",
    "__builtins__": _appsim_builtins,
    "builtins": _appsim_builtins,
    "apis": ApiCollection(),
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
    "Date": pendulum.Date,
    "DateTime": pendulum.DateTime,
    "Time": pendulum.Time,
    # IPython's and AppWorld's names (the per-episode ones are added by `_appsim_new_scope`).
    "__builtin__": _appsim_builtins,
    "__doc__": "Automatically created module for IPython interactive environment",
    "__package__": None,
    "__loader__": None,
    "__spec__": None,
    "_": "",
    "__": "",
    "___": "",
    "exit": _appsim_exit,
    "quit": _appsim_exit,
    "get_ipython": _appsim_shell.get_ipython,
    "ApiCollection": ApiCollection,
    "Requester": Requester,
    "requester": Requester(),
}
for _appsim_name in ("MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"):
    if hasattr(pendulum, _appsim_name):
        _appsim_template[_appsim_name] = getattr(pendulum, _appsim_name)

# IPython's directory history (`_dh`): AppWorld's shows its host directory, appsim's the root.
try:
    import pathlib as _appsim_pathlib

    _appsim_cwd = _appsim_pathlib.PosixPath("/")
except Exception:  # noqa: BLE001  (an interpreter without a working pathlib)
    _appsim_cwd = "/"

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
    scope["In"] = scope["_ih"] = [""]
    scope["Out"] = scope["_oh"] = {}
    scope["_dh"] = [_appsim_cwd]
    scope["open"] = _appsim_make_open({})
    exec(_appsim_prelude, scope)
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
        if key in ("print", "input") and getattr(value, "__code__", None) is not None \
                and value.__code__.co_filename == _appsim_prelude_file:
            continue
        files = getattr(value, "_appsim_files", None)
        if key == "open" and files is not None:
            scope[key] = _appsim_make_open(copy.deepcopy(files))
            continue
        try:
            scope[key] = copy.deepcopy(value, memo)
        except Exception:
            scope[key] = value
    return scope


def _appsim_syntax_error(code):
    """AppWorld's report of a cell that does not parse, `(offending line, message)`, or None
    when the code parses (a compiler-only error such as `return` outside a function)."""
    try:
        compile(code, "<unknown>", "exec", _appsim_ast_only)
    except SyntaxError as e:
        return ((e.text or "").rstrip(), e.msg)
    return None


_appsim_ast_only = 0x400  # ast.PyCF_ONLY_AST
