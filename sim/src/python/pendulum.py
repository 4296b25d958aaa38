"""appsim's frozen-clock stand-in for the part of `pendulum` (v3 API) that agent code uses.

This is not the real pendulum package. It is a small pure-Python module written for the
simulator: the episode's clock is frozen, and the host sets it with `_set_now(dt)` before a
cell runs. Nothing here reads the real clock; `now()` returns the frozen value exactly.

Public surface
    Types:      DateTime, Date, Time (subclasses of the datetime module's classes),
                Duration (a timedelta), Interval (a Duration with a start and an end),
                WeekDay and MONDAY..SUNDAY (0..6), Timezone, UTC, ParserError.
    Functions:  now, today, tomorrow, yesterday, datetime, naive, local, date, time,
                instance, parse, from_format, from_timestamp, duration, interval,
                timezone, local_timezone, set_local_timezone, fixed_timezone,
                get_locale, set_locale.

Known differences from real pendulum
  * Time zones are ignored. Every value is the naive wall time of the simulated world, which
    behaves like UTC: `tz=` arguments are accepted and ignored, `timezone(name)` and `UTC`
    return a placeholder tzinfo whose utcoffset() is None (so datetimes built with it stay
    naive), `in_timezone()`/`in_tz()`/`astimezone()` return the same wall time, and offsets in
    parsed strings are dropped (the wall time is kept as written).
  * `isoformat()` and `to_iso8601_string()` print no offset (`2023-05-18T12:00:00`, where
    pendulum prints `+00:00` or `Z`); `str(dt)` is `2023-05-18 12:00:00`, as AppWorld shows it.
    What the functions answer is a `PendulumDateTime` (AppWorld's subclass of `DateTime`):
    `repr(dt)` is `PendulumDateTime(2023, 5, 18, 12, 0, 0)` without a tzinfo, and
    `to_datetime_string()` is `2023-05-18|12:00:00`, as AppWorld's. The format tokens `Z`, `ZZ` and `z`
    print `+00:00`, `+0000` and `UTC`; `timestamp()` and `from_timestamp()` treat wall time
    as UTC.
  * The clock never moves: there are no travel/freeze helpers (`travel_to`, `freeze`, ...).
  * `DateTime` is not a subclass of `pendulum.Date` (both are `datetime.date` instances).
  * English only; `locale=` arguments are ignored.
  * `parse()` reads ISO 8601 (plus `YYYY/MM/DD`, ordinal and week dates, `P...` durations and
    `start/end` intervals). Like pendulum it is strict by default; `strict=False` adds a small
    best-effort reader for forms such as "May 18, 2023 3:30 PM" (pendulum uses dateutil).
  * Adding two Durations keeps their years/months (pendulum folds them into days).
  * `WeekDay` is a small int subclass rather than an `enum.IntEnum` (no iteration over the
    class). `str(MONDAY)` is "0", as for IntEnum on Python 3.11+.
  * `period()` / `Period` are kept as aliases of `interval()` / `Interval` (pendulum 2 names).

Behaviour kept from pendulum on purpose: months/years arithmetic clamps the day to the end of
the month; `Interval.in_days()` counts calendar dates crossed (`23:00 -> 01:00` next day is
1), while `.days` counts whole 24-hour days; iterating an Interval (or `.range(unit)`) is
inclusive of both ends; `Duration.seconds` is the timedelta value (seconds within the last
day) and `Duration.remaining_seconds` is the part below one minute.
"""

import datetime as _dt
import re as _re

__version__ = "3.0.0+appsim"

# --------------------------------------------------------------------------------------------
# Constants and small helpers

DAYS_PER_WEEK = 7
HOURS_PER_DAY = 24
MINUTES_PER_HOUR = 60
MONTHS_PER_YEAR = 12
SECONDS_PER_MINUTE = 60
SECONDS_PER_HOUR = 3600
SECONDS_PER_DAY = 86400
WEEKS_PER_YEAR = 52
YEARS_PER_CENTURY = 100
YEARS_PER_DECADE = 10

_US_SECOND = 1000000
_US_MINUTE = 60 * _US_SECOND
_US_HOUR = 60 * _US_MINUTE
_US_DAY = 24 * _US_HOUR
_US_WEEK = 7 * _US_DAY
_ONE_US = _dt.timedelta(microseconds=1)
_EPOCH_ORDINAL = 719163  # date(1970, 1, 1).toordinal()

_MONTH_NAMES = ("", "January", "February", "March", "April", "May", "June", "July",
                "August", "September", "October", "November", "December")
_MONTH_ABBRS = ("", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
                "Nov", "Dec")
_DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_DAY_ABBRS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_DAY_SHORT = ("Mo", "Tu", "We", "Th", "Fr", "Sa", "Su")
_DAYS_IN_MONTH = (0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


class ParserError(ValueError):
    """Raised when a string cannot be read as a date/time."""


def _is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _month_len(year, month):
    if month == 2 and _is_leap(year):
        return 29
    return _DAYS_IN_MONTH[month]


def _whole(value, what):
    """An int from an int or an integral float (month/year counts must be whole)."""
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    raise ValueError(f"{what} must be a whole number, not {value!r}")


def _trunc_div(n, d):
    q = abs(n) // d
    return -q if n < 0 else q


def _ordinal_suffix(n):
    if 10 <= n % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def _td_us(td):
    """Exact microseconds in any timedelta (reads the stored value, not overridden props)."""
    return _dt.timedelta.__floordiv__(td, _ONE_US)


def _clock_us(t):
    return ((t.hour * 60 + t.minute) * 60 + t.second) * _US_SECOND + t.microsecond


def _point_us(d):
    """Microseconds since 0001-01-01 minus one day, for a date or datetime."""
    us = d.toordinal() * _US_DAY
    if isinstance(d, _dt.datetime):
        us += _clock_us(d)
    return us


def _dt_from_us(us):
    days, rest = divmod(us, _US_DAY)
    d = _dt.date.fromordinal(days)
    secs, micro = divmod(rest, _US_SECOND)
    hour, secs = divmod(secs, 3600)
    minute, second = divmod(secs, 60)
    return PendulumDateTime(d.year, d.month, d.day, hour, minute, second, micro)


def _shift_months(year, month, day, months):
    """(year, month, day) moved by a number of months, the day clamped to the month's end."""
    total = year * 12 + (month - 1) + months
    year, month0 = divmod(total, 12)
    month = month0 + 1
    if not 1 <= year <= 9999:
        raise OverflowError("date value out of range")
    return year, month, min(day, _month_len(year, month))


def _as_dt(obj):
    """A DateTime (naive) for any datetime/date."""
    if type(obj) is PendulumDateTime and obj.tzinfo is None:
        return obj
    if isinstance(obj, _dt.datetime):
        return PendulumDateTime(obj.year, obj.month, obj.day, obj.hour, obj.minute, obj.second,
                        obj.microsecond)
    if isinstance(obj, _dt.date):
        return PendulumDateTime(obj.year, obj.month, obj.day)
    raise TypeError(f"expected a datetime, got {type(obj).__name__}")


def _as_date(obj):
    if type(obj) is Date:
        return obj
    if isinstance(obj, _dt.date):
        return Date(obj.year, obj.month, obj.day)
    raise TypeError(f"expected a date, got {type(obj).__name__}")


def _delta_parts(td):
    """(calendar months, exact microseconds) that a timedelta-like value stands for."""
    if isinstance(td, Interval):
        y, mo, d, h, mi, s, us, _total = td._p_diff
        return y * 12 + mo, (((d * 24 + h) * 60 + mi) * 60 + s) * _US_SECOND + us
    if isinstance(td, Duration):
        return td._p_years * 12 + td._p_months, td._base_us()
    return 0, _td_us(td)


def _calendar_diff(a, b):
    """Signed (years, months, days, hours, minutes, seconds, microseconds, total_days)
    from a to b (two dates or two datetimes), the way pendulum counts them."""
    if a == b:
        return (0, 0, 0, 0, 0, 0, 0, 0)
    sign = 1
    if a > b:
        a, b = b, a
        sign = -1
    total_days = b.toordinal() - a.toordinal()
    clock = 0
    if isinstance(a, _dt.datetime) and isinstance(b, _dt.datetime):
        clock = _clock_us(b) - _clock_us(a)
    borrow = 0
    if clock < 0:
        clock += _US_DAY
        borrow = 1
    months = (b.year - a.year) * 12 + (b.month - a.month)
    days = b.day - a.day - borrow
    if days < 0:
        prev_year, prev_month = (b.year, b.month - 1) if b.month > 1 else (b.year - 1, 12)
        prev_len = _month_len(prev_year, prev_month)
        # How much shorter (negative) or longer b's month is than the one before it.
        shift = _month_len(b.year, b.month) - prev_len
        if days == shift:
            # Last day of a month to last day of a shorter month: a whole month.
            days = 0
        else:
            if days < shift and prev_len < a.day:
                days += a.day
            else:
                days += prev_len
            months -= 1
    years, months = divmod(months, 12)
    secs, micro = divmod(clock, _US_SECOND)
    hours, secs = divmod(secs, 3600)
    minutes, secs = divmod(secs, 60)
    return tuple(sign * v for v in (years, months, days, hours, minutes, secs, micro,
                                    total_days))


# --------------------------------------------------------------------------------------------
# The frozen clock

_NOW = [None]


def _set_now(dt):
    """Host hook: freeze the clock at `dt` (a naive datetime, DateTime, or date)."""
    if isinstance(dt, _dt.datetime):
        _NOW[0] = _as_dt(dt)
    elif isinstance(dt, _dt.date):
        _NOW[0] = PendulumDateTime(dt.year, dt.month, dt.day)
    else:
        raise TypeError(f"_set_now() needs a datetime, got {type(dt).__name__}")


def _now():
    return _NOW[0]


# --------------------------------------------------------------------------------------------
# Week days

_WEEKDAY_NAMES = ("MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY")
_WEEKDAYS = []


class WeekDay(int):
    """Day of the week, MONDAY=0 .. SUNDAY=6 (an int; pendulum 3 uses an IntEnum)."""

    __slots__ = ()

    def __new__(cls, value):
        value = int(value)
        if len(_WEEKDAYS) == 7:
            if 0 <= value <= 6:
                return _WEEKDAYS[value]
            raise ValueError(f"{value!r} is not a valid WeekDay")
        return int.__new__(cls, value)

    @property
    def name(self):
        return _WEEKDAY_NAMES[int(self)]

    @property
    def value(self):
        return int(self)

    def __repr__(self):
        return f"<WeekDay.{self.name}: {int(self)}>"

    def __str__(self):
        return int.__repr__(self)

    def __reduce__(self):
        return (WeekDay, (int(self),))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


for _i in range(7):
    _WEEKDAYS.append(WeekDay(_i))
    setattr(WeekDay, _WEEKDAY_NAMES[_i], _WEEKDAYS[_i])
del _i

MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY, SATURDAY, SUNDAY = _WEEKDAYS


def _weekday_arg(day_of_week):
    d = int(day_of_week)
    if not 0 <= d <= 6:
        raise ValueError("Invalid day of week")
    return d


# --------------------------------------------------------------------------------------------
# Time zones (placeholders: the simulated world has one wall clock)


class Timezone(_dt.tzinfo):
    """A named placeholder. utcoffset() is None, so datetimes built with it stay naive."""

    def __init__(self, name="UTC"):
        self.name = str(name)

    @property
    def key(self):
        return self.name

    def utcoffset(self, dt):
        return None

    def dst(self, dt):
        return None

    def tzname(self, dt):
        return self.name

    def convert(self, dt, raise_on_unknown_times=False):
        return instance(dt)

    def datetime(self, year, month, day, hour=0, minute=0, second=0, microsecond=0):
        return PendulumDateTime(year, month, day, hour, minute, second, microsecond)

    def __repr__(self):
        return f"Timezone('{self.name}')"

    def __str__(self):
        return self.name

    def __eq__(self, other):
        return isinstance(other, Timezone) and other.name == self.name

    def __hash__(self):
        return hash(self.name)

    def __reduce__(self):
        return (type(self), (self.name,))


class FixedTimezone(Timezone):
    def __init__(self, offset=0, name=None):
        self.offset = int(offset)
        if name is None:
            sign = "-" if self.offset < 0 else "+"
            hours, rest = divmod(abs(self.offset), 3600)
            name = f"{sign}{hours:02d}:{rest // 60:02d}"
        Timezone.__init__(self, name)

    def __reduce__(self):
        return (type(self), (self.offset, self.name))


UTC = Timezone("UTC")


def timezone(name="UTC"):
    """A placeholder time zone (time zones are ignored in the simulated world)."""
    if isinstance(name, Timezone):
        return name
    if isinstance(name, (int, float)):
        return FixedTimezone(int(name))
    return Timezone(name)


def fixed_timezone(offset):
    return FixedTimezone(int(offset))


def local_timezone():
    return UTC


def set_local_timezone(tz=None):
    """Accepted and ignored."""
    return None


def get_locale():
    return "en"


def set_locale(name):
    """Accepted and ignored (English only)."""
    return None


# --------------------------------------------------------------------------------------------
# Formatting

_FORMAT_RE = None
_DEFAULT_FORMATS = {
    "LTS": "h:mm:ss A",
    "LT": "h:mm A",
    "L": "MM/DD/YYYY",
    "LL": "MMMM D, YYYY",
    "LLL": "MMMM D, YYYY h:mm A",
    "LLLL": "dddd, MMMM D, YYYY h:mm A",
}


def _format_re():
    global _FORMAT_RE
    if _FORMAT_RE is None:
        _FORMAT_RE = _re.compile(
            r"\[([^\[]*)\]|\\(.)|"
            r"(LTS|LT|LLLL|LLL|LL|L|YYYY|YY|Y|Qo|Q|MMMM|MMM|Mo|MM|M|DDDo|DDDD|DDD|Do|DD|D"
            r"|dddd|ddd|dd|do|d|E|HH|H|hh|h|mm|m|ss|s|S{1,6}|A|a|X|x|ZZ|Z|zz|z)"
        )
    return _FORMAT_RE


def _format(obj, fmt):
    if isinstance(obj, _dt.date):
        y, mo, d = obj.year, obj.month, obj.day
    else:  # a time of day
        y, mo, d = 1900, 1, 1
    h = getattr(obj, "hour", 0)
    mi = getattr(obj, "minute", 0)
    s = getattr(obj, "second", 0)
    us = getattr(obj, "microsecond", 0)
    ordinal = _dt.date(y, mo, d).toordinal()
    wd = (ordinal + 6) % 7  # Monday = 0
    yday = ordinal - _dt.date(y, 1, 1).toordinal() + 1

    def token(tok):
        if tok in _DEFAULT_FORMATS:
            return _format(obj, _DEFAULT_FORMATS[tok])
        if tok in ("YYYY", "Y"):
            return str(y)
        if tok == "YY":
            return str(y)[2:]
        if tok == "Q":
            return str((mo - 1) // 3 + 1)
        if tok == "Qo":
            q = (mo - 1) // 3 + 1
            return f"{q}{_ordinal_suffix(q)}"
        if tok == "MMMM":
            return _MONTH_NAMES[mo]
        if tok == "MMM":
            return _MONTH_ABBRS[mo]
        if tok == "MM":
            return f"{mo:02d}"
        if tok == "M":
            return str(mo)
        if tok == "Mo":
            return f"{mo}{_ordinal_suffix(mo)}"
        if tok == "DDDD":
            return f"{yday:03d}"
        if tok == "DDD":
            return str(yday)
        if tok == "DDDo":
            return f"{yday}{_ordinal_suffix(yday)}"
        if tok == "DD":
            return f"{d:02d}"
        if tok == "D":
            return str(d)
        if tok == "Do":
            return f"{d}{_ordinal_suffix(d)}"
        if tok == "dddd":
            return _DAY_NAMES[wd]
        if tok == "ddd":
            return _DAY_ABBRS[wd]
        if tok == "dd":
            return _DAY_SHORT[wd]
        if tok == "d":
            return str((wd + 1) % 7)  # Sunday = 0, as pendulum's format token
        if tok == "do":
            n = (wd + 1) % 7
            return f"{n}{_ordinal_suffix(n)}"
        if tok == "E":
            return str(wd + 1)
        if tok == "HH":
            return f"{h:02d}"
        if tok == "H":
            return str(h)
        if tok == "hh":
            return f"{h % 12 or 12:02d}"
        if tok == "h":
            return str(h % 12 or 12)
        if tok == "mm":
            return f"{mi:02d}"
        if tok == "m":
            return str(mi)
        if tok == "ss":
            return f"{s:02d}"
        if tok == "s":
            return str(s)
        if tok[0] == "S":
            n = len(tok)
            return f"{us // 10 ** (6 - n):0{n}d}"
        if tok == "A":
            return "PM" if h >= 12 else "AM"
        if tok == "a":
            return "pm" if h >= 12 else "am"
        if tok in ("X", "x"):
            secs = (ordinal - _EPOCH_ORDINAL) * SECONDS_PER_DAY + h * 3600 + mi * 60 + s
            return str(secs) if tok == "X" else str(secs * 1000 + us // 1000)
        if tok == "Z":
            return "+00:00"
        if tok == "ZZ":
            return "+0000"
        if tok in ("z", "zz"):
            return "UTC"
        return tok

    def repl(m):
        if m.group(1) is not None:
            return m.group(1)
        if m.group(2) is not None:
            return m.group(2)
        return token(m.group(3))

    return _format_re().sub(repl, fmt)


class _Formattable:
    __slots__ = ()

    def format(self, fmt, locale=None):
        """Format with pendulum tokens (YYYY MM DD HH mm ss dddd MMMM Do A ...)."""
        return _format(self, fmt)

    def __format__(self, spec):
        if not isinstance(spec, str):
            raise TypeError("format spec must be a str")
        if not spec:
            return str(self)
        if "%" in spec:
            return self.strftime(spec)
        return self.format(spec)


# --------------------------------------------------------------------------------------------
# Shared calendar helpers of Date and DateTime


def _unit_error(unit, what):
    return ValueError(f'Invalid unit "{unit}" for {what}()')


class _Calendar(_Formattable):
    __slots__ = ()

    @property
    def day_of_week(self):
        return _WEEKDAYS[self.weekday()]

    @property
    def day_of_year(self):
        return self.toordinal() - _dt.date(self.year, 1, 1).toordinal() + 1

    @property
    def days_in_month(self):
        return _month_len(self.year, self.month)

    @property
    def week_of_year(self):
        return self.isocalendar()[1]

    @property
    def week_of_month(self):
        first = _dt.date(self.year, self.month, 1).isoweekday()
        return (self.day + first - 2) // 7 + 1

    @property
    def quarter(self):
        return (self.month - 1) // 3 + 1

    def is_leap_year(self):
        return _is_leap(self.year)

    def is_long_year(self):
        return _dt.date(self.year, 12, 28).isocalendar()[1] == 53

    def is_same_day(self, dt):
        return (self.year, self.month, self.day) == (dt.year, dt.month, dt.day)

    def is_birthday(self, dt=None):
        if dt is None:
            dt = _now()
        return (self.month, self.day) == (dt.month, dt.day)

    is_anniversary = is_birthday

    def to_date_string(self):
        return f"{self.year:04d}-{self.month:02d}-{self.day:02d}"

    def to_formatted_date_string(self):
        return _format(self, "MMM D, YYYY")

    def closest(self, *dts):
        if len(dts) == 1 and isinstance(dts[0], (list, tuple)):
            dts = tuple(dts[0])
        me = _point_us(self)
        return min(dts, key=lambda d: abs(_point_us(d) - me))

    def farthest(self, *dts):
        if len(dts) == 1 and isinstance(dts[0], (list, tuple)):
            dts = tuple(dts[0])
        me = _point_us(self)
        return max(dts, key=lambda d: abs(_point_us(d) - me))

    # -- calendar moves built on _on_date(y, m, d), which each class defines --

    def _period_bounds(self, unit, what):
        if unit == "month":
            return (self.year, self.month, 1), (self.year, self.month, self.days_in_month)
        if unit == "quarter":
            first = (self.quarter - 1) * 3 + 1
            return (self.year, first, 1), (self.year, first + 2, _month_len(self.year, first + 2))
        if unit == "year":
            return (self.year, 1, 1), (self.year, 12, 31)
        raise _unit_error(unit, what)

    def first_of(self, unit, day_of_week=None):
        """First day of the month/quarter/year (or its first given weekday)."""
        lo, _hi = self._period_bounds(unit, "first_of")
        d = _dt.date(*lo)
        if day_of_week is not None:
            d += _dt.timedelta(days=(_weekday_arg(day_of_week) - d.weekday()) % 7)
        return self._on_date(d.year, d.month, d.day)

    def last_of(self, unit, day_of_week=None):
        """Last day of the month/quarter/year (or its last given weekday)."""
        _lo, hi = self._period_bounds(unit, "last_of")
        d = _dt.date(*hi)
        if day_of_week is not None:
            d -= _dt.timedelta(days=(d.weekday() - _weekday_arg(day_of_week)) % 7)
        return self._on_date(d.year, d.month, d.day)

    def nth_of(self, unit, nth, day_of_week):
        """The nth given weekday of the month/quarter/year, or None if there is none."""
        lo, hi = self._period_bounds(unit, "nth_of")
        first = _dt.date(*lo)
        first += _dt.timedelta(days=(_weekday_arg(day_of_week) - first.weekday()) % 7)
        d = first + _dt.timedelta(weeks=int(nth) - 1)
        if int(nth) < 1 or d > _dt.date(*hi):
            return None
        return self._on_date(d.year, d.month, d.day)

    def _next_day(self, day_of_week, step):
        if day_of_week is None:
            day_of_week = self.weekday()
        target = _weekday_arg(day_of_week)
        if step > 0:
            n = (target - self.weekday() - 1) % 7 + 1
        else:
            n = -((self.weekday() - target - 1) % 7 + 1)
        d = _dt.date.fromordinal(self.toordinal() + n)
        return d

    def diff_for_humans(self, other=None, absolute=False, locale=None):
        is_now = other is None
        if is_now:
            other = _now() if isinstance(self, _dt.datetime) else _now().date()
        return _humanize(self.diff(other), is_now, absolute)


# --------------------------------------------------------------------------------------------
# DateTime


class DateTime(_Calendar, _dt.datetime):
    """A datetime with pendulum's helpers. Always naive wall time of the simulated world."""

    __slots__ = ()

    # -- construction --

    @classmethod
    def create(cls, year, month, day, hour=0, minute=0, second=0, microsecond=0, tz=None):
        return PendulumDateTime(year, month, day, hour, minute, second, microsecond)

    @classmethod
    def instance(cls, dt, tz=None):
        return _as_dt(dt)

    @classmethod
    def now(cls, tz=None):
        return _now()

    @classmethod
    def today(cls):
        return _now()

    @classmethod
    def utcnow(cls):
        return _now()

    @classmethod
    def fromtimestamp(cls, t, tz=None):
        return from_timestamp(t)

    @classmethod
    def utcfromtimestamp(cls, t):
        return from_timestamp(t)

    @classmethod
    def fromisoformat(cls, date_string):
        return _as_dt(_dt.datetime.fromisoformat(date_string))

    @classmethod
    def strptime(cls, date_string, format):
        return _as_dt(_dt.datetime.strptime(date_string, format))

    @classmethod
    def combine(cls, date, time, tzinfo=None):
        return PendulumDateTime(date.year, date.month, date.day, time.hour, time.minute, time.second,
                        time.microsecond)

    # -- conversions --

    def date(self):
        return Date(self.year, self.month, self.day)

    def time(self):
        return Time(self.hour, self.minute, self.second, self.microsecond)

    def naive(self):
        return _as_dt(self)

    def in_timezone(self, tz=None):
        """Time zones are ignored: the same wall time."""
        return _as_dt(self)

    in_tz = in_timezone

    def astimezone(self, tz=None):
        return _as_dt(self)

    @property
    def timezone(self):
        return UTC

    tz = timezone

    @property
    def timezone_name(self):
        return "UTC"

    @property
    def offset(self):
        return 0

    @property
    def offset_hours(self):
        return 0.0

    def is_local(self):
        return True

    def is_utc(self):
        return True

    def is_dst(self):
        return False

    def timestamp(self):
        return (_point_us(self) - _EPOCH_ORDINAL * _US_DAY) / _US_SECOND

    @property
    def float_timestamp(self):
        return self.timestamp()

    @property
    def int_timestamp(self):
        return (_point_us(self) - _EPOCH_ORDINAL * _US_DAY) // _US_SECOND

    @property
    def age(self):
        return self.date().diff(_now().date(), False).in_years()

    # -- setters --

    def replace(self, year=None, month=None, day=None, hour=None, minute=None, second=None,
                microsecond=None, tzinfo=True, fold=None):
        return PendulumDateTime(
            self.year if year is None else year,
            self.month if month is None else month,
            self.day if day is None else day,
            self.hour if hour is None else hour,
            self.minute if minute is None else minute,
            self.second if second is None else second,
            self.microsecond if microsecond is None else microsecond,
        )

    def set(self, year=None, month=None, day=None, hour=None, minute=None, second=None,
            microsecond=None, tz=None):
        return self.replace(year, month, day, hour, minute, second, microsecond)

    def on(self, year, month, day):
        return self.replace(year=int(year), month=int(month), day=int(day))

    def at(self, hour, minute=0, second=0, microsecond=0):
        return self.replace(hour=hour, minute=minute, second=second, microsecond=microsecond)

    def _on_date(self, year, month, day):
        return PendulumDateTime(year, month, day)  # first_of/last_of/nth_of: start of that day

    # -- arithmetic --

    def _shifted(self, months, us):
        y, mo, d = self.year, self.month, self.day
        if months:
            y, mo, d = _shift_months(y, mo, d, months)
        return _dt_from_us(_dt.date(y, mo, d).toordinal() * _US_DAY + _clock_us(self) + us)

    def add(self, years=0, months=0, weeks=0, days=0, hours=0, minutes=0, seconds=0,
            microseconds=0):
        """Calendar-aware add: years/months clamp the day to the month's end, the rest is
        exact time."""
        total_months = _whole(years, "years") * 12 + _whole(months, "months")
        us = _td_us(_dt.timedelta(weeks=weeks, days=days, hours=hours, minutes=minutes,
                                  seconds=seconds, microseconds=microseconds))
        return self._shifted(total_months, us)

    def subtract(self, years=0, months=0, weeks=0, days=0, hours=0, minutes=0, seconds=0,
                 microseconds=0):
        return self.add(years=-years, months=-months, weeks=-weeks, days=-days, hours=-hours,
                        minutes=-minutes, seconds=-seconds, microseconds=-microseconds)

    def __add__(self, other):
        if not isinstance(other, _dt.timedelta):
            return NotImplemented
        months, us = _delta_parts(other)
        return self._shifted(months, us)

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, _dt.timedelta):
            months, us = _delta_parts(other)
            return self._shifted(-months, -us)
        if isinstance(other, _dt.datetime):
            return Interval(_as_dt(other), self)
        return NotImplemented

    def __rsub__(self, other):
        if isinstance(other, _dt.datetime):
            return Interval(self, _as_dt(other))
        return NotImplemented

    # -- start/end of units --

    def start_of(self, unit):
        """Start of second/minute/hour/day/week (Monday)/month/year/decade/century."""
        y, mo, d = self.year, self.month, self.day
        if unit == "second":
            return PendulumDateTime(y, mo, d, self.hour, self.minute, self.second)
        if unit == "minute":
            return PendulumDateTime(y, mo, d, self.hour, self.minute)
        if unit == "hour":
            return PendulumDateTime(y, mo, d, self.hour)
        if unit in ("day", "week", "month", "year", "decade", "century"):
            first = _start_date(self, unit)
            return PendulumDateTime(first.year, first.month, first.day)
        raise _unit_error(unit, "start_of")

    def end_of(self, unit):
        """Last microsecond of second/minute/hour/day/week (Sunday)/month/year/..."""
        y, mo, d = self.year, self.month, self.day
        if unit == "second":
            return PendulumDateTime(y, mo, d, self.hour, self.minute, self.second, 999999)
        if unit == "minute":
            return PendulumDateTime(y, mo, d, self.hour, self.minute, 59, 999999)
        if unit == "hour":
            return PendulumDateTime(y, mo, d, self.hour, 59, 59, 999999)
        if unit in ("day", "week", "month", "year", "decade", "century"):
            last = _end_date(self, unit)
            return PendulumDateTime(last.year, last.month, last.day, 23, 59, 59, 999999)
        raise _unit_error(unit, "end_of")

    def next(self, day_of_week=None, keep_time=False):
        """The next given weekday (default: same weekday next week), at 00:00 unless
        keep_time."""
        d = self._next_day(day_of_week, 1)
        if keep_time:
            return PendulumDateTime(d.year, d.month, d.day, self.hour, self.minute, self.second,
                            self.microsecond)
        return PendulumDateTime(d.year, d.month, d.day)

    def previous(self, day_of_week=None, keep_time=False):
        d = self._next_day(day_of_week, -1)
        if keep_time:
            return PendulumDateTime(d.year, d.month, d.day, self.hour, self.minute, self.second,
                            self.microsecond)
        return PendulumDateTime(d.year, d.month, d.day)

    # -- comparisons with the frozen clock --

    def diff(self, dt=None, abs=True):
        """Interval from self to dt (default: now); absolute unless abs=False."""
        return Interval(self, _now() if dt is None else _as_dt(dt), absolute=abs)

    def is_past(self):
        return self < _now()

    def is_future(self):
        return self > _now()

    def average(self, dt=None):
        other = _now() if dt is None else _as_dt(dt)
        mine = _point_us(self)
        return _dt_from_us(mine + (_point_us(other) - mine) // 2)

    # -- strings --

    def to_datetime_string(self):
        return _format(self, "YYYY-MM-DD HH:mm:ss")

    def to_time_string(self):
        return _format(self, "HH:mm:ss")

    def to_day_datetime_string(self):
        return _format(self, "ddd, MMM D, YYYY h:mm A")

    def to_iso8601_string(self):
        return self.isoformat()

    to_atom_string = to_iso8601_string
    to_w3c_string = to_iso8601_string
    to_rfc3339_string = to_iso8601_string

    def __str__(self):
        # As AppWorld's pendulum prints a naive DateTime: date and time apart by a space.
        return self.isoformat(" ")

    def __repr__(self):
        parts = [self.year, self.month, self.day, self.hour, self.minute, self.second]
        if self.microsecond:
            parts.append(self.microsecond)
        return f"{type(self).__name__}({', '.join(str(p) for p in parts)})"


class PendulumDateTime(DateTime):
    """What AppWorld's pendulum answers for `now()`, `parse()`, `datetime()` and arithmetic
    (AppWorld's own subclass of pendulum's DateTime): its repr and type name, and its
    `to_datetime_string()` with `|` between date and time."""

    __slots__ = ()

    def to_datetime_string(self):
        return _format(self, "YYYY-MM-DD|HH:mm:ss")


PendulumDateTime.__module__ = "appworld.common.datetime"


def _start_date(obj, unit):
    y, mo, d = obj.year, obj.month, obj.day
    if unit == "day":
        return _dt.date(y, mo, d)
    if unit == "week":
        return _dt.date.fromordinal(obj.toordinal() - obj.weekday())
    if unit == "month":
        return _dt.date(y, mo, 1)
    if unit == "year":
        return _dt.date(y, 1, 1)
    if unit == "decade":
        return _dt.date(y - y % 10, 1, 1)
    return _dt.date(y - (y - 1) % 100, 1, 1)  # century: 2001-01-01 for 2023


def _end_date(obj, unit):
    y, mo, d = obj.year, obj.month, obj.day
    if unit == "day":
        return _dt.date(y, mo, d)
    if unit == "week":
        return _dt.date.fromordinal(obj.toordinal() + 6 - obj.weekday())
    if unit == "month":
        return _dt.date(y, mo, _month_len(y, mo))
    if unit == "year":
        return _dt.date(y, 12, 31)
    if unit == "decade":
        return _dt.date(y - y % 10 + 9, 12, 31)
    return _dt.date(y - (y - 1) % 100 + 99, 12, 31)


# --------------------------------------------------------------------------------------------
# Date


class Date(_Calendar, _dt.date):
    """A date with pendulum's helpers."""

    __slots__ = ()

    @classmethod
    def today(cls):
        n = _now()
        return Date(n.year, n.month, n.day)

    @classmethod
    def fromtimestamp(cls, t):
        return from_timestamp(t).date()

    @classmethod
    def fromisoformat(cls, date_string):
        return _as_date(_dt.date.fromisoformat(date_string))

    def replace(self, year=None, month=None, day=None):
        return Date(self.year if year is None else year,
                    self.month if month is None else month,
                    self.day if day is None else day)

    def set(self, year=None, month=None, day=None):
        return self.replace(year, month, day)

    def _on_date(self, year, month, day):
        return Date(year, month, day)

    def _shifted(self, months, days):
        y, mo, d = self.year, self.month, self.day
        if months:
            y, mo, d = _shift_months(y, mo, d, months)
        if not days:
            return Date(y, mo, d)
        return _as_date(_dt.date.fromordinal(_dt.date(y, mo, d).toordinal() + days))

    def add(self, years=0, months=0, weeks=0, days=0):
        total_months = _whole(years, "years") * 12 + _whole(months, "months")
        return self._shifted(total_months, _dt.timedelta(weeks=weeks, days=days).days)

    def subtract(self, years=0, months=0, weeks=0, days=0):
        return self.add(years=-years, months=-months, weeks=-weeks, days=-days)

    def __add__(self, other):
        if not isinstance(other, _dt.timedelta):
            return NotImplemented
        months, us = _delta_parts(other)
        if isinstance(other, Duration):
            days = _trunc_div(us, _US_DAY)
        else:
            days = us // _US_DAY
        return self._shifted(months, days)

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, _dt.timedelta):
            months, us = _delta_parts(other)
            if isinstance(other, Duration):
                days = _trunc_div(us, _US_DAY)
            else:
                days = us // _US_DAY
            return self._shifted(-months, -days)
        if isinstance(other, _dt.date) and not isinstance(other, _dt.datetime):
            return Interval(_as_date(other), self)
        return NotImplemented

    def __rsub__(self, other):
        if isinstance(other, _dt.date) and not isinstance(other, _dt.datetime):
            return Interval(self, _as_date(other))
        return NotImplemented

    def start_of(self, unit):
        """Start of day/week (Monday)/month/year/decade/century."""
        if unit in ("day", "week", "month", "year", "decade", "century"):
            return _as_date(_start_date(self, unit))
        raise _unit_error(unit, "start_of")

    def end_of(self, unit):
        if unit in ("day", "week", "month", "year", "decade", "century"):
            return _as_date(_end_date(self, unit))
        raise _unit_error(unit, "end_of")

    def next(self, day_of_week=None):
        return _as_date(self._next_day(day_of_week, 1))

    def previous(self, day_of_week=None):
        return _as_date(self._next_day(day_of_week, -1))

    def diff(self, dt=None, abs=True):
        other = Date.today() if dt is None else _as_date(dt)
        return Interval(self, other, absolute=abs)

    def is_past(self):
        return self < Date.today()

    def is_future(self):
        return self > Date.today()

    def average(self, dt=None):
        other = Date.today() if dt is None else _as_date(dt)
        return _as_date(_dt.date.fromordinal(
            self.toordinal() + (other.toordinal() - self.toordinal()) // 2))

    @property
    def age(self):
        return self.diff(Date.today(), False).in_years()

    def __repr__(self):
        return f"Date({self.year}, {self.month}, {self.day})"


# --------------------------------------------------------------------------------------------
# Time


class Time(_Formattable, _dt.time):
    """A time of day with pendulum's format()."""

    __slots__ = ()

    def replace(self, hour=None, minute=None, second=None, microsecond=None, tzinfo=True,
                fold=None):
        return Time(self.hour if hour is None else hour,
                    self.minute if minute is None else minute,
                    self.second if second is None else second,
                    self.microsecond if microsecond is None else microsecond)

    def _shifted(self, us):
        us = (_clock_us(self) + us) % _US_DAY
        secs, micro = divmod(us, _US_SECOND)
        return Time(secs // 3600, secs // 60 % 60, secs % 60, micro)

    def add(self, hours=0, minutes=0, seconds=0, microseconds=0):
        return self._shifted(_td_us(_dt.timedelta(hours=hours, minutes=minutes,
                                                  seconds=seconds, microseconds=microseconds)))

    def subtract(self, hours=0, minutes=0, seconds=0, microseconds=0):
        return self.add(-hours, -minutes, -seconds, -microseconds)

    def __add__(self, other):
        if not isinstance(other, _dt.timedelta):
            return NotImplemented
        return self._shifted(_td_us(other))

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, _dt.timedelta):
            return self._shifted(-_td_us(other))
        if isinstance(other, _dt.time):
            return Duration(microseconds=_clock_us(self) - _clock_us(other))
        return NotImplemented

    def __rsub__(self, other):
        if isinstance(other, _dt.time):
            return Duration(microseconds=_clock_us(other) - _clock_us(self))
        return NotImplemented

    def diff(self, dt=None, abs=True):
        if dt is None:
            dt = _now().time()
        us = _clock_us(dt) - _clock_us(self)
        return Duration(microseconds=-us if abs and us < 0 else us)

    def to_time_string(self):
        return _format(self, "HH:mm:ss")

    def __repr__(self):
        parts = [self.hour, self.minute, self.second]
        if self.microsecond:
            parts.append(self.microsecond)
        return f"Time({', '.join(str(p) for p in parts)})"


# --------------------------------------------------------------------------------------------
# Duration and Interval

_WORD_UNITS = ("year", "month", "week", "day", "hour", "minute", "second")


def _words(pairs, micro, separator):
    parts = [f"{n} {unit}{'' if abs(n) == 1 else 's'}" for unit, n in pairs if n]
    if not parts:
        if micro:
            return f"{abs(micro) / 1e6:.2f} seconds"
        return "0 microseconds"
    return separator.join(parts)


def _restore_duration(years, months, base_us):
    return Duration(microseconds=base_us, years=years, months=months)


class Duration(_dt.timedelta):
    """A timedelta that also remembers calendar years/months (counted as 365/30 days in its
    timedelta value, and applied calendar-aware when added to a DateTime/Date)."""

    def __new__(cls, days=0, seconds=0, microseconds=0, milliseconds=0, minutes=0, hours=0,
                weeks=0, years=0, months=0):
        years = _whole(years, "years")
        months = _whole(months, "months")
        self = _dt.timedelta.__new__(cls, days + years * 365 + months * 30, seconds,
                                     microseconds, milliseconds, minutes, hours, weeks)
        self._p_years = years
        self._p_months = months
        return self

    def __init__(self, *args, **kwargs):
        pass

    def _base_us(self):
        """The value less the years/months part."""
        return _td_us(self) - (self._p_years * 365 + self._p_months * 30) * _US_DAY

    def _split(self):
        base = self._base_us()
        sign = -1 if base < 0 else 1
        secs, micro = divmod(abs(base), _US_SECOND)
        days, secs = divmod(secs, SECONDS_PER_DAY)
        return sign, days, secs, micro

    # -- parts (pendulum semantics) --

    @property
    def years(self):
        return self._p_years

    @property
    def months(self):
        return self._p_months

    @property
    def weeks(self):
        sign, days, _s, _u = self._split()
        return sign * (days // 7)

    @property
    def days(self):
        """Whole days, counting years as 365 and months as 30 (truncated toward zero)."""
        sign, days, _s, _u = self._split()
        return self._p_years * 365 + self._p_months * 30 + sign * days

    @property
    def remaining_days(self):
        sign, days, _s, _u = self._split()
        return sign * (days % 7)

    @property
    def hours(self):
        sign, _d, secs, _u = self._split()
        return sign * (secs // 3600)

    @property
    def minutes(self):
        sign, _d, secs, _u = self._split()
        return sign * (secs // 60 % 60)

    @property
    def remaining_seconds(self):
        sign, _d, secs, _u = self._split()
        return sign * (secs % 60)

    @property
    def invert(self):
        return _td_us(self) < 0

    # -- totals --

    def total_seconds(self):
        return _td_us(self) / _US_SECOND

    def total_minutes(self):
        return _td_us(self) / _US_MINUTE

    def total_hours(self):
        return _td_us(self) / _US_HOUR

    def total_days(self):
        return _td_us(self) / _US_DAY

    def total_weeks(self):
        return _td_us(self) / _US_WEEK

    def in_weeks(self):
        return _trunc_div(_td_us(self), _US_WEEK)

    def in_days(self):
        return _trunc_div(_td_us(self), _US_DAY)

    def in_hours(self):
        return _trunc_div(_td_us(self), _US_HOUR)

    def in_minutes(self):
        return _trunc_div(_td_us(self), _US_MINUTE)

    def in_seconds(self):
        return _trunc_div(_td_us(self), _US_SECOND)

    def in_words(self, locale=None, separator=" "):
        sign, _d, _s, micro = self._split()
        values = (self.years, self.months, self.weeks, self.remaining_days, self.hours,
                  self.minutes, self.remaining_seconds)
        return _words(zip(_WORD_UNITS, values), sign * micro, separator)

    def as_timedelta(self):
        return _dt.timedelta(microseconds=_td_us(self))

    # -- arithmetic (results are Durations) --

    def __add__(self, other):
        if not isinstance(other, _dt.timedelta):
            return NotImplemented
        oy, om, ous = _duration_parts(other)
        return Duration(microseconds=self._base_us() + ous, years=self._p_years + oy,
                        months=self._p_months + om)

    __radd__ = __add__

    def __sub__(self, other):
        if not isinstance(other, _dt.timedelta):
            return NotImplemented
        oy, om, ous = _duration_parts(other)
        return Duration(microseconds=self._base_us() - ous, years=self._p_years - oy,
                        months=self._p_months - om)

    def __rsub__(self, other):
        if not isinstance(other, _dt.timedelta):
            return NotImplemented
        return (-self).__add__(other)

    def __neg__(self):
        return Duration(microseconds=-self._base_us(), years=-self._p_years,
                        months=-self._p_months)

    def __pos__(self):
        return self

    def __abs__(self):
        return -self if _td_us(self) < 0 else self

    def __mul__(self, other):
        if isinstance(other, bool):
            other = int(other)
        if isinstance(other, int):
            return Duration(microseconds=self._base_us() * other, years=self._p_years * other,
                            months=self._p_months * other)
        if isinstance(other, float):
            return Duration(microseconds=round(_td_us(self) * other))
        return NotImplemented

    __rmul__ = __mul__

    def __truediv__(self, other):
        if isinstance(other, _dt.timedelta):
            return _td_us(self) / _td_us(other)
        if isinstance(other, (int, float)):
            return Duration(microseconds=round(_td_us(self) / other))
        return NotImplemented

    def __floordiv__(self, other):
        if isinstance(other, _dt.timedelta):
            return _td_us(self) // _td_us(other)
        if isinstance(other, int):
            return Duration(microseconds=_td_us(self) // other)
        return NotImplemented

    def __mod__(self, other):
        if isinstance(other, _dt.timedelta):
            return Duration(microseconds=_td_us(self) % _td_us(other))
        return NotImplemented

    def __divmod__(self, other):
        if isinstance(other, _dt.timedelta):
            q, r = divmod(_td_us(self), _td_us(other))
            return q, Duration(microseconds=r)
        return NotImplemented

    def __reduce__(self):
        return (_restore_duration, (self._p_years, self._p_months, self._base_us()))

    def __repr__(self):
        sign, days, secs, micro = self._split()
        fields = (("years", self._p_years), ("months", self._p_months),
                  ("weeks", sign * (days // 7)), ("days", sign * (days % 7)),
                  ("hours", sign * (secs // 3600)), ("minutes", sign * (secs // 60 % 60)),
                  ("seconds", sign * (secs % 60)), ("microseconds", sign * micro))
        inner = ", ".join(f"{k}={v}" for k, v in fields if v)
        return f"{type(self).__name__}({inner})"

    def __str__(self):
        return self.in_words()


def _duration_parts(td):
    """(years, months, other microseconds) of a timedelta-like value, for Duration math."""
    if isinstance(td, Duration) and not isinstance(td, Interval):
        return td._p_years, td._p_months, td._base_us()
    return 0, 0, _td_us(td)


_RANGE_UNITS = {"year": "years", "month": "months", "week": "weeks", "day": "days",
                "hour": "hours", "minute": "minutes", "second": "seconds"}


class Interval(Duration):
    """The span between two DateTimes (or two Dates). `a - b` gives Interval(b, a).

    Its timedelta value is end - start. years/months/weeks/remaining_days/hours/minutes come
    from a calendar difference; in_days() counts calendar dates crossed. Iteration and
    range() include both ends."""

    def __new__(cls, start, end, absolute=False):
        if not isinstance(start, _dt.date) or not isinstance(end, _dt.date):
            raise TypeError("An Interval needs two dates or two datetimes")
        if isinstance(start, _dt.datetime) != isinstance(end, _dt.datetime):
            raise ValueError("Both start and end of an Interval must have the same type")
        if isinstance(start, _dt.datetime):
            start, end = _as_dt(start), _as_dt(end)
        else:
            start, end = _as_date(start), _as_date(end)
        absolute = bool(absolute)
        invert = start > end
        orig = (start, end)
        if absolute and invert:
            start, end = end, start
        self = _dt.timedelta.__new__(cls, 0, 0, _point_us(end) - _point_us(start))
        self._p_years = 0
        self._p_months = 0
        self._p_start = start
        self._p_end = end
        self._p_orig = orig
        self._p_absolute = absolute
        self._p_invert = invert
        self._p_diff = _calendar_diff(start, end)
        return self

    @property
    def start(self):
        return self._p_start

    @property
    def end(self):
        return self._p_end

    @property
    def invert(self):
        return self._p_invert

    @property
    def years(self):
        return self._p_diff[0]

    @property
    def months(self):
        return self._p_diff[1]

    @property
    def weeks(self):
        d = self._p_diff[2]
        return _trunc_div(d, 7)

    @property
    def remaining_days(self):
        d = self._p_diff[2]
        return -(-d % 7) if d < 0 else d % 7

    @property
    def hours(self):
        return self._p_diff[3]

    @property
    def minutes(self):
        return self._p_diff[4]

    @property
    def remaining_seconds(self):
        return self._p_diff[5]

    def in_years(self):
        return self._p_diff[0]

    def in_months(self):
        return self._p_diff[0] * 12 + self._p_diff[1]

    def in_weeks(self):
        return _trunc_div(self._p_diff[7], 7)

    def in_days(self):
        return self._p_diff[7]

    def in_words(self, locale=None, separator=" "):
        values = (self.years, self.months, self.weeks, self.remaining_days, self.hours,
                  self.minutes, self.remaining_seconds)
        return _words(zip(_WORD_UNITS, values), self._p_diff[6], separator)

    def as_duration(self):
        return Duration(microseconds=_td_us(self))

    def range(self, unit, amount=1):
        """start, start + amount units, ... up to and including end (backwards when the
        interval is inverted and not absolute)."""
        unit = _RANGE_UNITS.get(unit, unit)
        if unit not in _RANGE_UNITS.values():
            raise ValueError(f'Invalid unit "{unit}" for range()')
        amount = int(amount)
        if amount <= 0:
            raise ValueError("range() amount must be positive")
        backwards = self._p_invert and not self._p_absolute
        start, end = self._p_start, self._p_end
        step = 0
        while True:
            if backwards:
                cur = start.subtract(**{unit: step})
                if cur < end:
                    return
            else:
                cur = start.add(**{unit: step})
                if cur > end:
                    return
            yield cur
            step += amount

    def __iter__(self):
        return self.range("days")

    def __contains__(self, item):
        return self._p_start <= item <= self._p_end

    def __eq__(self, other):
        if isinstance(other, Interval):
            return (self._p_start, self._p_end, self._p_absolute) == (
                other._p_start, other._p_end, other._p_absolute)
        if isinstance(other, _dt.timedelta):
            return _td_us(self) == _td_us(other)
        return NotImplemented

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self):
        return hash((self._p_start, self._p_end, self._p_absolute))

    def __neg__(self):
        return Interval(self._p_end, self._p_start, self._p_absolute)

    def __abs__(self):
        return Interval(self._p_start, self._p_end, absolute=True)

    def __reduce__(self):
        return (Interval, (self._p_orig[0], self._p_orig[1], self._p_absolute))

    def __repr__(self):
        return f"<Interval [{self._p_start} -> {self._p_end}]>"

    __str__ = __repr__


Period = Interval


def _humanize(diff, is_now, absolute):
    """English 'in 2 days' / '3 hours ago' / 'a few seconds after' for diff_for_humans()."""
    d = abs(diff)
    years, months, weeks, days = d.years, d.months, d.weeks, d.remaining_days
    if years > 0:
        unit, count = "year", years + (1 if months > 6 else 0)
    elif months == 11 and weeks * 7 + days > 15:
        unit, count = "year", 1
    elif months > 0:
        unit, count = "month", months + (1 if weeks * 7 + days >= 27 else 0)
    elif weeks > 0:
        unit, count = "week", weeks + (1 if days > 3 else 0)
    elif days > 0:
        unit, count = "day", days + (1 if d.hours >= 22 else 0)
    elif d.hours > 0:
        unit, count = "hour", d.hours
    elif d.minutes > 0:
        unit, count = "minute", d.minutes
    else:
        unit, count = "second", d.remaining_seconds
    if unit == "second" and count < 10:
        text = "a few seconds"
    else:
        text = f"{count} {unit}{'' if count == 1 else 's'}"
    if absolute:
        return text
    future = diff.invert  # self is later than the other point
    if is_now:
        return f"in {text}" if future else f"{text} ago"
    return f"{text} after" if future else f"{text} before"


# --------------------------------------------------------------------------------------------
# Module-level constructors


def now(tz=None):
    """The simulated world's current time (frozen; time zones ignored)."""
    return _now()


def today(tz=None):
    return _now().start_of("day")


def tomorrow(tz=None):
    return today().add(days=1)


def yesterday(tz=None):
    return today().subtract(days=1)


def datetime(year, month, day, hour=0, minute=0, second=0, microsecond=0, tz=None, fold=1,
             raise_on_unknown_times=False):
    return PendulumDateTime(year, month, day, hour, minute, second, microsecond)


def naive(year, month, day, hour=0, minute=0, second=0, microsecond=0, fold=1):
    return PendulumDateTime(year, month, day, hour, minute, second, microsecond)


def local(year, month, day, hour=0, minute=0, second=0, microsecond=0):
    return PendulumDateTime(year, month, day, hour, minute, second, microsecond)


def date(year, month, day):
    return Date(year, month, day)


def time(hour=0, minute=0, second=0, microsecond=0):
    return Time(hour, minute, second, microsecond)


def instance(obj, tz=None):
    """The pendulum type for a datetime/date/time (tz info dropped, wall time kept)."""
    if isinstance(obj, _dt.datetime):
        return _as_dt(obj)
    if isinstance(obj, _dt.date):
        return _as_date(obj)
    if isinstance(obj, _dt.time):
        return Time(obj.hour, obj.minute, obj.second, obj.microsecond)
    raise ValueError(f"instance() cannot convert a {type(obj).__name__}")


def duration(days=0, seconds=0, microseconds=0, milliseconds=0, minutes=0, hours=0, weeks=0,
             years=0, months=0):
    return Duration(days=days, seconds=seconds, microseconds=microseconds,
                    milliseconds=milliseconds, minutes=minutes, hours=hours, weeks=weeks,
                    years=years, months=months)


def interval(start, end, absolute=False):
    return Interval(start, end, absolute)


period = interval


def from_timestamp(timestamp, tz=None):
    """Naive UTC wall time for a Unix timestamp."""
    us = round(timestamp * _US_SECOND) if isinstance(timestamp, float) else (
        int(timestamp) * _US_SECOND)
    return _dt_from_us(_EPOCH_ORDINAL * _US_DAY + us)


# --------------------------------------------------------------------------------------------
# parse()

_ISO_DATE_FORMS = None
_ISO_TIME_RE = None
_ISO_DURATION_RE = None


def _iso_patterns():
    global _ISO_DATE_FORMS, _ISO_TIME_RE, _ISO_DURATION_RE
    if _ISO_DATE_FORMS is None:
        c = _re.compile
        _ISO_DATE_FORMS = (
            ("ymd", c(r"(\d{4})-(\d{2})-(\d{2})")),
            ("ymd", c(r"(\d{4})/(\d{2})/(\d{2})")),
            ("ymd", c(r"(\d{4})(\d{2})(\d{2})")),
            ("ym", c(r"(\d{4})-(\d{2})")),
            ("y", c(r"(\d{4})")),
            ("week", c(r"(\d{4})-?W(\d{2})(?:-?([1-7]))?")),
            ("ordinal", c(r"(\d{4})-?(\d{3})")),
        )
        _ISO_TIME_RE = c(
            r"(\d{1,2})(?::(\d{2})(?::(\d{2}))?|(\d{2})(\d{2})?)?(?:[.,](\d+))?"
            r"\s?(Z|z|[+-]\d{2}(?::?\d{2})?)?")
        _ISO_DURATION_RE = c(
            r"P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?"
            r"(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?")
    return _ISO_DATE_FORMS, _ISO_TIME_RE, _ISO_DURATION_RE


def _iso_date(text):
    forms, _t, _d = _iso_patterns()
    for kind, rx in forms:
        m = rx.fullmatch(text)
        if not m:
            continue
        y = int(m.group(1))
        if kind == "ymd":
            return _dt.date(y, int(m.group(2)), int(m.group(3)))
        if kind == "ym":
            return _dt.date(y, int(m.group(2)), 1)
        if kind == "y":
            return _dt.date(y, 1, 1)
        if kind == "week":
            week, wday = int(m.group(2)), int(m.group(3) or 1)
            return _dt.date.fromisocalendar(y, week, wday)
        day_of_year = int(m.group(2))
        if not 1 <= day_of_year <= (366 if _is_leap(y) else 365):
            raise ValueError("day of year out of range")
        return _dt.date.fromordinal(_dt.date(y, 1, 1).toordinal() + day_of_year - 1)
    return None


def _iso_time(text):
    _f, rx, _d = _iso_patterns()
    m = rx.fullmatch(text)
    if not m:
        return None
    hour = int(m.group(1))
    minute = m.group(2) or m.group(4)
    second = m.group(3) or m.group(5)
    if m.group(4) is not None and len(m.group(1)) != 2:
        return None
    frac = m.group(6)
    micro = int((frac + "000000")[:6]) if frac else 0
    minute = int(minute) if minute else 0
    second = int(second) if second else 0
    if hour == 24 and minute == 0 and second == 0 and micro == 0:
        return (24, 0, 0, 0)
    return (hour, minute, second, micro)


def _iso_duration(text):
    _f, _t, rx = _iso_patterns()
    m = rx.fullmatch(text)
    if not m or text in ("P", "PT") or text.endswith("T"):
        return None

    def num(i):
        g = m.group(i)
        return float(g.replace(",", ".")) if g else 0

    return Duration(years=int(m.group(1) or 0), months=int(m.group(2) or 0), weeks=num(3),
                    days=num(4), hours=num(5), minutes=num(6), seconds=num(7))


def _parse_iso(text, exact):
    """A DateTime/Date/Time/Duration/Interval for ISO 8601 text, or None."""
    s = text.strip()
    if not s:
        return None
    if s[0] == "P":
        return _iso_duration(s)
    date_part, time_part = s, None
    if "T" in s:
        date_part, time_part = s.split("T", 1)
    elif " " in s:
        date_part, time_part = s.split(" ", 1)
        time_part = time_part.strip()
    if ":" in date_part and time_part is None:
        date_part, time_part = "", date_part  # a time of day alone
    if date_part:
        d = _iso_date(date_part)
        if d is None:
            return None
    else:
        d = None
    if time_part is None:
        return _as_date(d) if exact else PendulumDateTime(d.year, d.month, d.day)
    t = _iso_time(time_part)
    if t is None:
        return None
    if d is None:
        if exact:
            return Time(*t)
        d = _now()
    if t[0] == 24:
        return _dt_from_us((_dt.date(d.year, d.month, d.day).toordinal() + 1) * _US_DAY)
    return PendulumDateTime(d.year, d.month, d.day, *t)


_LOOSE_TIME_RE = None


def _parse_loose(text):
    """Best-effort reading of common non-ISO forms (strict=False)."""
    global _LOOSE_TIME_RE
    if _LOOSE_TIME_RE is None:
        _LOOSE_TIME_RE = (
            _re.compile(r"(?<!\d)(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?"
                        r"(?:\s*([ap])\.?m\.?(?![a-z]))?", _re.I),
            _re.compile(r"(?<!\d)(\d{1,2})\s*([ap])\.?m\.?(?![a-z])", _re.I),
        )
    s = text.strip()
    hour = minute = second = micro = 0
    m = _LOOSE_TIME_RE[0].search(s)
    if m:
        hour, minute = int(m.group(1)), int(m.group(2))
        second = int(m.group(3) or 0)
        micro = int((m.group(4) or "").ljust(6, "0") or 0)
        meridiem = m.group(5)
    else:
        m = _LOOSE_TIME_RE[1].search(s)
        if m:
            hour, meridiem = int(m.group(1)), m.group(2)
        else:
            meridiem = None
    if m:
        s = s[:m.start()] + " " + s[m.end():]
        if meridiem:
            if hour > 12:
                raise ParserError(f"Unable to parse string [{text}]")
            hour = hour % 12 + (12 if meridiem.lower() == "p" else 0)
    words = [w for w in _re.split(r"[\s,/.\-]+", s) if w]
    year = month = day = None
    numbers = []
    month_lookup = {}
    for i in range(1, 13):
        month_lookup[_MONTH_NAMES[i].lower()] = i
        month_lookup[_MONTH_ABBRS[i].lower()] = i
    month_lookup["sept"] = 9
    day_words = {n.lower() for n in _DAY_NAMES} | {n.lower() for n in _DAY_ABBRS}
    for w in words:
        lw = w.lower()
        if lw in month_lookup and month is None:
            month = month_lookup[lw]
            continue
        if lw in day_words or lw in ("at", "of", "the", "on", "z", "utc", "gmt"):
            continue
        num = _re.fullmatch(r"(\d+)(?:st|nd|rd|th)?", lw)
        if not num:
            raise ParserError(f"Unable to parse string [{text}]")
        numbers.append(num.group(1))
    if month is not None:
        for n in numbers:
            if len(n) == 4 and year is None:
                year = int(n)
            elif day is None and int(n) <= 31:
                day = int(n)
            elif year is None:
                year = int(n) + (2000 if int(n) <= 68 else 1900) if len(n) <= 2 else int(n)
            else:
                raise ParserError(f"Unable to parse string [{text}]")
    elif numbers:
        if len(numbers) != 3:
            raise ParserError(f"Unable to parse string [{text}]")
        a, b, c = numbers
        if len(a) == 4:
            year, month, day = int(a), int(b), int(c)
        else:
            month, day, year = int(a), int(b), int(c)
            if month > 12 and day <= 12:
                month, day = day, month
            if len(c) <= 2:
                year += 2000 if year <= 68 else 1900
    elif not m:
        raise ParserError(f"Unable to parse string [{text}]")
    n = _now()
    year = n.year if year is None else year
    month = n.month if month is None else month
    if day is None:
        day = min(n.day, _month_len(year, month))
    return PendulumDateTime(year, month, day, hour, minute, second, micro)


def parse(text, strict=True, **options):
    """Read ISO 8601 text. Dates give a DateTime at 00:00 (a Date with exact=True); a time
    alone gives today's DateTime at that time (a Time with exact=True); `P...` gives a
    Duration and `start/end` an Interval. Offsets are dropped and the wall time is kept.
    strict=False also tries a small reader for forms like "May 18, 2023 3:30 PM"."""
    if not isinstance(text, str):
        raise TypeError(f"parse() needs a str, got {type(text).__name__}")
    exact = bool(options.get("exact", False))
    try:
        result = _parse_iso(text, exact)
        if result is None and "/" in text:
            left, _sep, right = text.strip().partition("/")
            a = _parse_iso(left, False)
            b = _parse_iso(right, False)
            if isinstance(a, Duration) and isinstance(b, DateTime):
                result = Interval(b - a, b)
            elif isinstance(a, DateTime) and isinstance(b, Duration):
                result = Interval(a, a + b)
            elif isinstance(a, DateTime) and isinstance(b, DateTime):
                result = Interval(a, b)
    except (ValueError, OverflowError) as e:
        raise ParserError(f"Unable to parse string [{text}]: {e}") from None
    if result is not None:
        return result
    if not strict:
        try:
            return _parse_loose(text)
        except ParserError:
            raise
        except (ValueError, OverflowError) as e:
            raise ParserError(f"Unable to parse string [{text}]: {e}") from None
    raise ParserError(f"Unable to parse string [{text}]")


# --------------------------------------------------------------------------------------------
# from_format()

_FROM_FORMAT_CACHE = {}


def _alternatives(names):
    return "|".join(sorted((n for n in names if n), key=len, reverse=True))


def _token_regex(tok):
    if tok in ("YYYY",):
        return r"\d{4}"
    if tok == "YY":
        return r"\d{2}"
    if tok == "Y":
        return r"[+-]?\d+"
    if tok == "Q":
        return r"[1-4]"
    if tok in ("MMMM", "MMM"):
        return _alternatives(_MONTH_NAMES[1:] + _MONTH_ABBRS[1:] + ("Sept",))
    if tok in ("MM", "M", "DD", "D", "HH", "H", "hh", "h", "mm", "m", "ss", "s"):
        return r"\d{1,2}"
    if tok in ("Mo", "Do", "Qo"):
        return r"\d{1,2}(?:st|nd|rd|th)"
    if tok == "DDDD":
        return r"\d{3}"
    if tok == "DDD":
        return r"\d{1,3}"
    if tok in ("dddd", "ddd", "dd"):
        return _alternatives(_DAY_NAMES + _DAY_ABBRS + _DAY_SHORT)
    if tok == "d":
        return r"[0-6]"
    if tok == "E":
        return r"[1-7]"
    if tok[0] == "S":
        return r"\d{%d}" % len(tok) if len(tok) <= 3 else r"\d+"
    if tok in ("A", "a"):
        return r"[AaPp]\.?[Mm]\.?"
    if tok == "X":
        return r"[+-]?\d+(?:\.\d{1,6})?"
    if tok == "x":
        return r"[+-]?\d+"
    if tok == "Z":
        return r"[Zz]|[+-]\d\d:?\d\d"
    if tok == "ZZ":
        return r"[Zz]|[+-]\d\d(?::?\d\d)?"
    if tok in ("z", "zz"):
        return r"[A-Za-z0-9_+\-]+(?:/[A-Za-z0-9_+\-]+)*"
    return None


def _compile_from_format(fmt):
    cached = _FROM_FORMAT_CACHE.get(fmt)
    if cached is not None:
        return cached
    pieces = []
    tokens = []

    def build(f):
        pos = 0
        for m in _format_re().finditer(f):
            pieces.append(_re.escape(f[pos:m.start()]))
            pos = m.end()
            if m.group(1) is not None:
                pieces.append(_re.escape(m.group(1)))
            elif m.group(2) is not None:
                pieces.append(_re.escape(m.group(2)))
            else:
                tok = m.group(3)
                if tok in _DEFAULT_FORMATS:
                    build(_DEFAULT_FORMATS[tok])
                    continue
                rx = _token_regex(tok)
                if rx is None:
                    pieces.append(_re.escape(tok))
                    continue
                pieces.append(f"(?P<t{len(tokens)}>{rx})")
                tokens.append(tok)
        pieces.append(_re.escape(f[pos:]))

    build(fmt)
    compiled = (_re.compile("".join(pieces), _re.IGNORECASE), tuple(tokens))
    if len(_FROM_FORMAT_CACHE) < 64:
        _FROM_FORMAT_CACHE[fmt] = compiled
    return compiled


def from_format(string, fmt, tz=None, locale=None):
    """Read `string` laid out as `fmt` (pendulum tokens). Missing parts: year from today,
    month/day 1 when a larger unit is given (else today's); time 00:00:00."""
    rx, tokens = _compile_from_format(fmt)
    m = rx.fullmatch(string)
    if not m:
        raise ValueError(f"String does not match format {fmt}")
    year = month = day = hour = minute = second = micro = None
    meridiem = weekday = day_of_year = quarter = timestamp = None
    month_lookup = {}
    for i in range(1, 13):
        month_lookup[_MONTH_NAMES[i].lower()] = i
        month_lookup[_MONTH_ABBRS[i].lower()] = i
    month_lookup["sept"] = 9
    day_lookup = {}
    for i in range(7):
        for names in (_DAY_NAMES, _DAY_ABBRS, _DAY_SHORT):
            day_lookup[names[i].lower()] = i
    for i, tok in enumerate(tokens):
        v = m.group(f"t{i}")
        if tok in ("YYYY", "Y"):
            year = int(v)
        elif tok == "YY":
            year = int(v) + (2000 if int(v) <= 68 else 1900)
        elif tok == "Q":
            quarter = int(v)
        elif tok == "Qo":
            quarter = int(v[:-2])
        elif tok in ("MMMM", "MMM"):
            month = month_lookup[v.lower()]
        elif tok in ("MM", "M"):
            month = int(v)
        elif tok == "Mo":
            month = int(v[:-2])
        elif tok in ("DDDD", "DDD"):
            day_of_year = int(v)
        elif tok in ("DD", "D"):
            day = int(v)
        elif tok == "Do":
            day = int(v[:-2])
        elif tok in ("dddd", "ddd", "dd"):
            weekday = day_lookup[v.lower()]
        elif tok == "d":
            weekday = (int(v) - 1) % 7  # Sunday = 0 in the format token
        elif tok == "E":
            weekday = int(v) - 1
        elif tok in ("HH", "H"):
            hour = int(v)
        elif tok in ("hh", "h"):
            hour = int(v)
            if hour > 12:
                raise ValueError("Invalid date")
        elif tok in ("mm", "m"):
            minute = int(v)
        elif tok in ("ss", "s"):
            second = int(v)
        elif tok[0] == "S":
            digits = v if len(tok) <= 6 else v[:6]
            micro = int(digits) * 10 ** (6 - len(tok)) if len(tok) <= 6 else int(digits)
        elif tok in ("A", "a"):
            meridiem = "pm" if v[0] in "Pp" else "am"
        elif tok == "X":
            timestamp = float(v) if "." in v else int(v)
        elif tok == "x":
            timestamp = int(v) / 1000
    if timestamp is not None:
        return from_timestamp(timestamp)
    n = _now()
    given_year, given_month = year is not None, month is not None
    if year is None:
        year = n.year
    if quarter is not None:
        month, day = (quarter - 1) * 3 + 1, 1
    if day_of_year is not None:
        d = _dt.date.fromordinal(_dt.date(year, 1, 1).toordinal() + day_of_year - 1)
        month, day = d.month, d.day
    if month is None:
        month = 1 if given_year else n.month
    if day is None:
        day = 1 if (given_year or given_month) else n.day
    if weekday is not None:
        base = _dt.date(year, month, day)
        d = _dt.date.fromordinal(base.toordinal() - base.weekday() + weekday)
        year, month, day = d.year, d.month, d.day
    if meridiem is not None:
        if hour is None:
            raise ValueError("Invalid date")
        if (hour, minute or 0, second or 0, micro or 0) >= (13, 0, 0, 0):
            raise ValueError("Invalid date")
        hour = hour % 12 + (12 if meridiem == "pm" else 0)
    return PendulumDateTime(year, month, day, hour or 0, minute or 0, second or 0, micro or 0)


_set_now(_dt.datetime(2023, 5, 18, 12, 0, 0))
