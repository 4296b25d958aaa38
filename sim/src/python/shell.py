# appsim: AppWorld's shell contract, in plain Python (CPython 3.10+ and RustPython).
#
#   _appsim_safety(code, strict=False) -> str | None
#       The refusal AppWorld gives before it runs a cell (the text after
#       "Execution failed. Traceback:\n"), or None when AppWorld would run the cell.
#   FakeDate, FakeDatetime
#       The frozen-clock date classes agent code sees as datetime.date / datetime.datetime.
#   _appsim_freeze(datetime_module, time_module, now_fn, copyreg_module=None)
#       Installs the frozen clock: now_fn() returns (Y, m, d, H, M, S[, microsecond]).
#   _appsim_pickle_support(modules)
#       Optional: lets pickle find the fake classes (registers "freezegun.api" in modules).
#
# The engine's preamble execs this file into a private namespace. Module-level names
# start with _appsim_ or are the public class names above. Behaviour follows what the
# real AppWorld 0.1.3.post1 (safety guard, freezegun 1.5.1) was observed to do; the
# observations are recorded as data in test_shell.py.

import ast as _appsim_ast
import calendar as _appsim_calendar
import datetime as _appsim_datetime
import re as _appsim_re
import time as _appsim_time_module

try:
    import copyreg as _appsim_copyreg
except ImportError:  # pragma: no cover
    _appsim_copyreg = None


# ---------------------------------------------------------------------------------------
# 1. Pre-execution safety check
# ---------------------------------------------------------------------------------------

# Modules agent code may import (by top-level name, as the check sees them).
_appsim_ALLOWED_MODULES = frozenset(
    """
    appworld array bisect builtins calendar collections collections.abc contextlib copy csv
    datetime difflib enum fractions functools heapq itertools json math numbers operator os
    pathlib pendulum pprint random re string textwrap time typing unittest uuid yaml
    """.split()
)

# Call paths that are refused: "<module path>: <function names>".
_appsim_DISALLOWED_TABLE = """
builtins: exit quit open breakpoint
sys: exit
os: _exit open read write close walk kill system putenv remove removedirs rmdir fchdir setuid
os: fork forkpty killpg rename renames truncate replace unlink fchmod fchown chmod chown chroot
os: lchflags lchmod lchown chdir listdir
io: open write
shutil: rmtree move chown copy copy2 copyfile copytree make_archive get_archive_formats
subprocess: Popen call check_call check_output run getoutput getstatusoutput
pathlib.Path: open write_text read_bytes write_bytes unlink rmdir rename replace chmod lchmod
pathlib.Path: chown lchown symlink_to link_to touch mkdir expanduser
fileinput: input filename nextfile close lineno
glob: glob iglob
json: dump load
tempfile: mktemp mkdtemp mkstemp NamedTemporaryFile TemporaryDirectory
zipfile: ZipFile
shelve: open
dbm: open close
pickle: dump load
codecs: open
sqlite3: connect
bz2: open
gzip: open
tarfile: open
csv: reader writer DictReader DictWriter
time: sleep
pdb: set_trace
"""


def _appsim_disallowed_paths():
    paths = set()
    tails = set()
    for line in _appsim_DISALLOWED_TABLE.strip().splitlines():
        module, names = line.split(":")
        for name in names.split():
            paths.add(module.strip() + "." + name)
            tails.add(name)
    return frozenset(paths), tails


_appsim_DISALLOWED_PATHS, _appsim_tails = _appsim_disallowed_paths()

# A bare call of one of these names is checked as builtins.<name>.
_appsim_BUILTIN_SHORT = frozenset(["exit", "quit", "open", "SystemExit", "eval", "exec"])

# Every refused path ends in one of these identifiers, written in the cell as a whole
# identifier: a cell without them and without "import" is never refused.
_appsim_TAIL_RE = _appsim_re.compile(
    r"(?<!\w)(?:" + "|".join(sorted(_appsim_tails, key=len, reverse=True)) + r")(?!\w)"
)
del _appsim_tails


def _appsim_natural_join(items):
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def _appsim_parse_311(code):
    # AppWorld parses with CPython 3.11: reject syntax newer than 3.11 where the parser can.
    try:
        return _appsim_ast.parse(code, feature_version=(3, 11))
    except TypeError as error:
        if "feature_version" not in str(error):
            raise
    return _appsim_ast.parse(code)


class _appsim_Source:
    """The cell's raw text, for the identifiers AppWorld compares as written: CPython's ast
    NFKC-normalises non-ASCII identifiers (AppWorld's parser does not), and an `import a . b`
    keeps its spaces there. Positions are ast's (UTF-8 byte columns); whenever a position
    does not give back something that looks right, the ast spelling is used."""

    _LINE_SPLIT = _appsim_re.compile("\r\n|\r|\n")
    _ENDS_IDENT = _appsim_re.compile(r"[^\s.\\]+$")
    _AS = _appsim_re.compile(r"^(.*?)[\s\\]+as[\s\\]+(\S+)$", _appsim_re.S)
    _IMPORT_KW = _appsim_re.compile(r"(?<![^\s.\\])import(?![^\s(*\\])")
    _WS = _appsim_re.compile(r"[\s\\]")

    def __init__(self, code):
        self.code = code
        self.ascii = code.isascii()
        self.lines = None

    def segment(self, node):
        try:
            l1, l2 = node.lineno, node.end_lineno
            c1, c2 = node.col_offset, node.end_col_offset
        except AttributeError:
            return None
        if l1 is None or l2 is None or c1 is None or c2 is None or l2 < l1:
            return None
        if self.lines is None:
            self.lines = self._LINE_SPLIT.split(self.code)
        try:
            if l1 == l2:
                return self.lines[l1 - 1].encode("utf-8")[c1:c2].decode("utf-8")
            parts = [self.lines[l1 - 1].encode("utf-8")[c1:].decode("utf-8")]
            parts.extend(self.lines[l1:l2 - 1])
            parts.append(self.lines[l2 - 1].encode("utf-8")[:c2].decode("utf-8"))
            return "\n".join(parts)
        except (IndexError, UnicodeDecodeError):
            return None

    @staticmethod
    def _fits(raw, name):
        return raw is not None and raw.isidentifier() and (raw == name or not raw.isascii())

    def name(self, node):
        if self.ascii:
            return node.id
        raw = self.segment(node)
        return raw if self._fits(raw, node.id) else node.id

    def attr(self, node):
        if self.ascii:
            return node.attr
        seg = self.segment(node)
        m = self._ENDS_IDENT.search(seg) if seg is not None else None
        raw = m.group(0) if m else None
        return raw if self._fits(raw, node.attr) else node.attr

    def _dotted_ok(self, raw, name):
        parts = self._WS.sub("", raw).split(".")
        if len(parts) != len(name.split(".")):
            return False
        return all(self._fits(p, n) for p, n in zip(parts, name.split(".")))

    def alias(self, node):
        """(name as written, asname as written or None) of an import alias."""
        name, asname = node.name, node.asname
        if self.ascii and "." not in name:
            return name, asname
        seg = self.segment(node)
        if seg is None:
            return name, asname
        raw_name, raw_as = seg, None
        if asname is not None:
            m = self._AS.match(seg)
            if m is None:
                return name, asname
            raw_name, raw_as = m.group(1), m.group(2)
            if not self._fits(raw_as, asname):
                raw_as = asname
        if name == "*" or not self._dotted_ok(raw_name, name):
            raw_name = name
        return raw_name, raw_as

    def from_module(self, node):
        """The components of an ImportFrom's module as written (ast's if unsure)."""
        parts = node.module.split(".")
        if self.ascii:
            return parts
        seg = self.segment(node)
        if seg is None or not seg.startswith("from"):
            return parts
        m = self._IMPORT_KW.search(seg, 4)
        if m is None:
            return parts
        raw = self._WS.sub("", seg[4:m.start()]).lstrip(".").split(".")
        if len(raw) != len(parts) or not all(self._fits(r, p) for r, p in zip(raw, parts)):
            return parts
        return raw


def _appsim_children(node):
    """Child nodes in the order AppWorld's visitor meets them (source order for the nodes
    where ast's field order differs and a statement body is involved)."""
    A = _appsim_ast
    if isinstance(node, (A.FunctionDef, A.AsyncFunctionDef)):
        out = list(node.decorator_list)
        out.extend(getattr(node, "type_params", None) or ())
        out.append(node.args)
        if node.returns is not None:
            out.append(node.returns)
        out.extend(node.body)
        return out
    if isinstance(node, A.ClassDef):
        out = list(node.decorator_list)
        out.extend(getattr(node, "type_params", None) or ())
        out.extend(node.bases)
        out.extend(node.keywords)
        out.extend(node.body)
        return out
    return list(A.iter_child_nodes(node))


def _appsim_safety(code, strict=False):
    """None when AppWorld runs `code`; else the refusal text. AppWorld itself fails with an
    exception (not a refusal) for a top-level `from m import *` of an allowed module: that
    exception is raised when `strict`, and None (run the cell) is returned otherwise."""
    if "import" not in code and _appsim_TAIL_RE.search(code) is None:
        return None
    return _appsim_safety_full(code, strict)


def _appsim_safety_full(code, strict=False):
    A = _appsim_ast
    try:
        tree = _appsim_parse_311(code)
    except Exception:
        return None  # a cell that does not parse is run (and reports its syntax error)
    src = _appsim_Source(code)

    # Aliases from imports that are module-level statements.
    aliases = {}
    star = False
    for stmt in tree.body:
        if isinstance(stmt, A.Import):
            for alias in stmt.names:
                raw_name, raw_as = src.alias(alias)
                if raw_as is not None:
                    aliases[raw_as] = raw_name
        elif isinstance(stmt, A.ImportFrom) and not star:
            if stmt.module:
                module_name = ".".join(src.from_module(stmt))
            else:
                module_name = ""
            for alias in stmt.names:
                if alias.name == "*":
                    star = True
                    break
                raw_name, raw_as = src.alias(alias)
                aliases[raw_as if raw_as is not None else raw_name] = module_name + "." + raw_name

    def resolve(full):
        parts = full.split(".")
        if parts[0] in aliases:
            parts[0] = aliases[parts[0]]
        return ".".join(parts)

    def name_parts(func):
        parts = []
        while isinstance(func, A.Attribute):
            parts.append(src.attr(func))
            func = func.value
        if isinstance(func, A.Name):
            parts.append(src.name(func))
        elif isinstance(func, A.Constant) and (func.value is None or func.value is True or func.value is False):
            parts.append(repr(func.value))  # True/False/None are names to AppWorld's parser
        parts.reverse()
        return parts

    imported = set()
    paths = set()
    instances = {}
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, A.Import):
            for alias in node.names:
                raw_name = src.alias(alias)[0]
                imported.add(raw_name.split(".")[0])
        elif isinstance(node, A.ImportFrom):
            if node.module and node.module.count(".") < 4:
                imported.add(src.from_module(node)[0])
        elif isinstance(node, A.Assign):
            value = node.value
            if isinstance(value, A.Call) and isinstance(value.func, (A.Attribute, A.Name)):
                resolved = resolve(".".join(name_parts(value.func)))
                for target in node.targets:
                    if isinstance(target, A.Name):
                        instances[src.name(target)] = resolved
        elif isinstance(node, A.Call):
            func = node.func
            if isinstance(func, A.Attribute):
                parts = name_parts(func)
                if parts[0] in instances:
                    paths.add(instances[parts[0]] + "." + ".".join(parts[1:]))
                else:
                    paths.add(resolve(".".join(parts)))
            elif isinstance(func, A.Name):
                paths.add(resolve(src.name(func)))
        children = _appsim_children(node)
        children.reverse()
        stack.extend(children)

    bad = sorted(imported - _appsim_ALLOWED_MODULES)
    if bad:
        return (
            "Usage of the following " + ("module" if len(bad) == 1 else "modules")
            + " is not allowed: " + _appsim_natural_join(bad) + "."
        )
    if star:
        if strict:
            raise TypeError("'ImportStar' object is not iterable")
        return None
    paths = set("builtins." + p if p in _appsim_BUILTIN_SHORT else p for p in paths)
    bad = sorted(paths & _appsim_DISALLOWED_PATHS)
    if bad:
        return (
            "Usage of the following " + ("function" if len(bad) == 1 else "functions")
            + " is not allowed: " + _appsim_natural_join(bad) + "."
        )
    return None


# ---------------------------------------------------------------------------------------
# 2. Frozen clock (what freezegun shows AppWorld's cells)
# ---------------------------------------------------------------------------------------

def _appsim_real_class(cls):
    # The class datetime.date / datetime.datetime stood for before any fake replaced it.
    while type(cls).__name__ in ("FakeDateMeta", "FakeDatetimeMeta"):
        cls = cls.__mro__[1]
    return cls


_appsim_real_date = _appsim_real_class(_appsim_datetime.date)
_appsim_real_datetime = _appsim_real_class(_appsim_datetime.datetime)
_appsim_timedelta = _appsim_datetime.timedelta
_appsim_utc = _appsim_datetime.timezone.utc
_appsim_ZERO = _appsim_timedelta(0)  # the clock's offset from UTC (AppWorld: none)
_appsim_EPOCH = _appsim_real_datetime(1970, 1, 1)
_appsim_EPOCH_UTC = _appsim_real_datetime(1970, 1, 1, tzinfo=_appsim_utc)
_appsim_clock = [None]  # now_fn


def _appsim_now():
    """The frozen moment as a naive real datetime (local time = UTC)."""
    fn = _appsim_clock[0]
    if fn is None:
        return _appsim_real_datetime.now(_appsim_utc).replace(tzinfo=None)
    return _appsim_real_datetime(*tuple(fn())[:7])


class _appsim_tzlocal(_appsim_datetime.tzinfo):
    """The local zone a naive astimezone() attaches (dateutil's tzlocal in AppWorld; the
    reference machine's local zone is UTC)."""

    def utcoffset(self, dt):
        return _appsim_ZERO

    def dst(self, dt):
        return _appsim_ZERO

    def tzname(self, dt):
        return "UTC"

    def __eq__(self, other):
        if isinstance(other, _appsim_tzlocal):
            return True
        return NotImplemented

    __hash__ = None

    def __repr__(self):
        return "tzlocal()"

    def __reduce__(self):
        return (type(self), ())


_appsim_tzlocal.__name__ = _appsim_tzlocal.__qualname__ = "tzlocal"
_appsim_tzlocal.__module__ = "dateutil.tz.tz"


class _appsim_FakeDateMeta(type):
    def __instancecheck__(cls, obj):
        return isinstance(obj, _appsim_real_date)

    def __subclasscheck__(cls, subclass):
        return issubclass(subclass, _appsim_real_date)


class _appsim_FakeDatetimeMeta(_appsim_FakeDateMeta):
    def __instancecheck__(cls, obj):
        return isinstance(obj, _appsim_real_datetime)

    def __subclasscheck__(cls, subclass):
        return issubclass(subclass, _appsim_real_datetime)


for _appsim_cls, _appsim_name in ((_appsim_FakeDateMeta, "FakeDateMeta"), (_appsim_FakeDatetimeMeta, "FakeDatetimeMeta")):
    _appsim_cls.__name__ = _appsim_cls.__qualname__ = _appsim_name
    _appsim_cls.__module__ = "freezegun.api"


def _appsim_repr(self, base):
    text = base.__repr__(self)
    return type(self).__name__ + text[text.index("("):]


def _appsim_to_fake_date(d):
    return FakeDate(d.year, d.month, d.day)


def _appsim_to_fake_datetime(d):
    return FakeDatetime(d.year, d.month, d.day, d.hour, d.minute, d.second, d.microsecond, d.tzinfo)


class FakeDate(_appsim_real_date, metaclass=_appsim_FakeDateMeta):
    __module__ = "freezegun.api"

    def __add__(self, other):
        result = _appsim_real_date.__add__(self, other)
        if result is NotImplemented:
            return result
        return _appsim_to_fake_date(result)

    def __sub__(self, other):
        if isinstance(other, _appsim_real_datetime):
            return NotImplemented  # date - datetime: as CPython's C datetime answers
        result = _appsim_real_date.__sub__(self, other)
        if result is NotImplemented:
            return result
        if isinstance(result, _appsim_real_date):
            return _appsim_to_fake_date(result)
        return result

    @classmethod
    def today(cls):
        return _appsim_to_fake_date(cls._date_to_freeze() + cls._tz_offset())

    @staticmethod
    def _date_to_freeze():
        return _appsim_now()

    @classmethod
    def _tz_offset(cls):
        return _appsim_ZERO

    def __repr__(self):
        return _appsim_repr(self, _appsim_real_date)


class FakeDatetime(_appsim_real_datetime, FakeDate, metaclass=_appsim_FakeDatetimeMeta):
    __module__ = "freezegun.api"

    def __add__(self, other):
        result = _appsim_real_datetime.__add__(self, other)
        if result is NotImplemented:
            return result
        return _appsim_to_fake_datetime(result)

    def __sub__(self, other):
        result = _appsim_real_datetime.__sub__(self, other)
        if result is NotImplemented:
            return result
        if isinstance(result, _appsim_real_datetime):
            return _appsim_to_fake_datetime(result)
        return result

    def astimezone(self, tz=None):
        if tz is None:
            tz = _appsim_tzlocal()
        this = self
        if this.utcoffset() is None:  # naive: local time, which is UTC
            this = _appsim_real_datetime.replace(this, tzinfo=_appsim_utc)
        return _appsim_to_fake_datetime(_appsim_real_datetime.astimezone(this, tz))

    @classmethod
    def fromtimestamp(cls, t, tz=None):
        if tz is None:
            result = _appsim_real_datetime.fromtimestamp(t, tz=_appsim_utc).replace(tzinfo=None)
        else:
            result = _appsim_real_datetime.fromtimestamp(t, tz)
        return _appsim_to_fake_datetime(result)

    def timestamp(self):
        if self.tzinfo is None:
            return (self - _appsim_EPOCH - _appsim_ZERO).total_seconds()
        return (self - _appsim_EPOCH_UTC).total_seconds()

    @classmethod
    def now(cls, tz=None):
        now = _appsim_now()
        if tz:
            result = tz.fromutc(now.replace(tzinfo=tz)) + _appsim_ZERO
        else:
            result = now + _appsim_ZERO
        return _appsim_to_fake_datetime(result)

    def date(self):
        return _appsim_to_fake_date(self)

    @property
    def nanosecond(self):
        return 0

    @classmethod
    def today(cls):
        return cls.now(tz=None)

    @classmethod
    def utcnow(cls):
        return _appsim_to_fake_datetime(_appsim_now())

    @staticmethod
    def _time_to_freeze():
        return _appsim_now()

    @classmethod
    def _tz_offset(cls):
        return _appsim_ZERO

    def __repr__(self):
        return _appsim_repr(self, _appsim_real_datetime)


FakeDate.min = _appsim_to_fake_date(_appsim_real_date.min)
FakeDate.max = _appsim_to_fake_date(_appsim_real_date.max)
FakeDatetime.min = _appsim_to_fake_datetime(_appsim_real_datetime.min)
FakeDatetime.max = _appsim_to_fake_datetime(_appsim_real_datetime.max)


def _appsim_pickle_date(d):
    return FakeDate, (d.year, d.month, d.day)


def _appsim_pickle_datetime(d):
    return FakeDatetime, (d.year, d.month, d.day, d.hour, d.minute, d.second, d.microsecond, d.tzinfo)


# The time functions as freezegun replaces them (their names show in reprs and errors).
def _appsim_epoch_seconds():
    now = _appsim_now()
    return _appsim_calendar.timegm(now.timetuple()) + now.microsecond / 1000000.0


def _appsim_fake_time():
    return _appsim_epoch_seconds()


def _appsim_fake_time_ns():
    return int(_appsim_epoch_seconds() * 1e9)


def _appsim_fake_localtime(t=None):
    if t is not None:
        return _appsim_real_time["localtime"](t)
    return (_appsim_now() - _appsim_ZERO).timetuple()


def _appsim_fake_gmtime(t=None):
    if t is not None:
        return _appsim_real_time["gmtime"](t)
    return _appsim_now().timetuple()


def _appsim_fake_monotonic():
    now = _appsim_now()
    return _appsim_calendar.timegm(now.timetuple()) + now.microsecond / 1e6


def _appsim_fake_perf_counter():
    return _appsim_fake_monotonic()


def _appsim_fake_monotonic_ns():
    now = _appsim_now()
    return (_appsim_calendar.timegm(now.timetuple()) * 1000000 + now.microsecond) * 1000


def _appsim_fake_perf_counter_ns():
    return _appsim_fake_monotonic_ns()


def _appsim_fake_strftime(format, time_to_format=None):
    if time_to_format is None:
        time_to_format = _appsim_fake_localtime()
    return _appsim_real_time["strftime"](format, time_to_format)


_appsim_fake_time_fns = {
    "time": _appsim_fake_time,
    "time_ns": _appsim_fake_time_ns,
    "localtime": _appsim_fake_localtime,
    "gmtime": _appsim_fake_gmtime,
    "monotonic": _appsim_fake_monotonic,
    "monotonic_ns": _appsim_fake_monotonic_ns,
    "perf_counter": _appsim_fake_perf_counter,
    "perf_counter_ns": _appsim_fake_perf_counter_ns,
    "strftime": _appsim_fake_strftime,
}
for _appsim_name, _appsim_fn in _appsim_fake_time_fns.items():
    _appsim_fn.__name__ = _appsim_fn.__qualname__ = "fake_" + _appsim_name
    _appsim_fn.__module__ = "freezegun.api"
del _appsim_name, _appsim_fn, _appsim_cls



def _appsim_is_fake(fn):
    return getattr(fn, "__module__", None) == "freezegun.api"


# The real time functions, as found before the first freeze.
_appsim_real_time = {}
for _appsim_name in _appsim_fake_time_fns:
    _appsim_fn = getattr(_appsim_time_module, _appsim_name, None)
    if _appsim_fn is not None and not _appsim_is_fake(_appsim_fn):
        _appsim_real_time[_appsim_name] = _appsim_fn
del _appsim_name, _appsim_fn


def _appsim_freeze(datetime_module, time_module, now_fn, copyreg_module=None):
    """Freezes the clock agent code sees at now_fn() (a callable answering a tuple
    (Y, m, d, H, M, S) or (Y, m, d, H, M, S, microsecond), read at every clock call), as
    AppWorld's freezegun does: datetime.datetime / datetime.date become FakeDatetime /
    FakeDate, the time module's clock functions answer the frozen moment, and deepcopy of
    a real date/datetime gives a Fake one. Calling it again only changes now_fn."""
    _appsim_clock[0] = now_fn
    datetime_module.datetime = FakeDatetime
    datetime_module.date = FakeDate
    for name, fake in _appsim_fake_time_fns.items():
        real = getattr(time_module, name, None)
        if real is None:
            continue
        if not _appsim_is_fake(real):
            _appsim_real_time.setdefault(name, real)
        setattr(time_module, name, fake)
    registry = copyreg_module if copyreg_module is not None else _appsim_copyreg
    if registry is not None:
        registry.dispatch_table[_appsim_real_datetime] = _appsim_pickle_datetime
        registry.dispatch_table[_appsim_real_date] = _appsim_pickle_date


def _appsim_pickle_support(modules):
    """Lets pickle save and load Fake objects by reference, as it can in AppWorld, where they
    live in freezegun.api: registers modules "freezegun" and "freezegun.api" holding the fake
    classes and time functions in `modules` (sys.modules). deepcopy needs none of this."""
    module_type = type(_appsim_ast)
    api = modules.get("freezegun.api")
    if api is None:
        api = module_type("freezegun.api")
    package = modules.get("freezegun")
    if package is None:
        package = module_type("freezegun")
        package.__path__ = []
    for cls in (FakeDate, FakeDatetime, _appsim_FakeDateMeta, _appsim_FakeDatetimeMeta):
        setattr(api, cls.__name__, cls)
    for fn in _appsim_fake_time_fns.values():
        setattr(api, fn.__name__, fn)
    package.api = api
    modules["freezegun"] = package
    modules["freezegun.api"] = api
