"""Self-test of appsim's pendulum stand-in (pendulum.py in this folder).

Run: python3 test_pendulum.py            (C datetime)
     python3 test_pendulum.py --pure     (the pure-Python datetime, as RustPython uses)
Prints "pendulum shim: N checks passed"; exits non-zero on the first failure.
"""

import copy
import json
import os
import pickle
import sys

if "--pure" in sys.argv:
    sys.modules["_datetime"] = None  # force datetime's pure-Python implementation

sys.dont_write_bytecode = True  # leave no __pycache__ next to the sources
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import datetime as std  # noqa: E402

import pendulum  # noqa: E402

CHECKS = [0]


def eq(actual, expected, what=""):
    assert actual == expected, f"{what}: expected {expected!r}, got {actual!r}"
    CHECKS[0] += 1


def true(cond, what=""):
    assert cond, what
    CHECKS[0] += 1


def is_type(value, cls, what=""):
    assert type(value) is cls, f"{what}: expected {cls.__name__}, got {type(value).__name__}"
    CHECKS[0] += 1


def raises(exc, fn, what=""):
    try:
        fn()
    except exc:
        CHECKS[0] += 1
        return
    raise AssertionError(f"{what}: expected {exc.__name__}")


P = pendulum
DT = P.PendulumDateTime  # what the functions answer (AppWorld's subclass)
D = P.Date

if "--pure" in sys.argv:
    true(hasattr(std, "_divide_and_round"), "the pure-Python datetime is in use")

# ---------------------------------------------------------------- frozen clock
P._set_now(std.datetime(2023, 5, 18, 12, 0, 0))
now = P.now()
is_type(now, DT, "now() type")
eq(now, std.datetime(2023, 5, 18, 12), "now() value")
eq(P.now(), P.now(), "now() does not tick")
eq(P.now("Europe/Paris"), now, "now(tz) ignores tz")
eq(DT.now(), now, "DateTime.now()")
eq(D.today(), P.date(2023, 5, 18), "Date.today()")
eq(P.today(), P.datetime(2023, 5, 18), "today()")
is_type(P.today(), DT, "today() type")
eq(P.tomorrow(), P.datetime(2023, 5, 19), "tomorrow()")
eq(P.yesterday(), P.datetime(2023, 5, 17), "yesterday()")
P._set_now(P.datetime(2024, 2, 29, 8, 30))
eq(P.now(), P.datetime(2024, 2, 29, 8, 30), "_set_now(DateTime)")
eq(P.today().add(years=1), P.datetime(2025, 2, 28), "leap day + 1 year clamps")
P._set_now(std.datetime(2023, 5, 18, 12, 0, 0))
eq(P.now().day_of_week, P.THURSDAY, "2023-05-18 is a Thursday")

# ---------------------------------------------------------------- constructors
eq(P.datetime(2023, 5, 18, 12, 30, 15, 500), std.datetime(2023, 5, 18, 12, 30, 15, 500),
   "datetime()")
eq(P.datetime(2023, 5, 18, tz="UTC").tzinfo, None, "datetime(tz=) stays naive")
is_type(P.date(2023, 5, 18), D, "date() type")
is_type(P.time(9, 5, 7), P.Time, "time() type")
eq(P.time(9, 5, 7), std.time(9, 5, 7), "time() value")
is_type(P.instance(std.datetime(2023, 1, 2, 3, 4, 5)), DT, "instance(datetime)")
is_type(P.instance(std.date(2023, 1, 2)), D, "instance(date)")
eq(P.instance(std.datetime(2023, 1, 2, 3, tzinfo=std.timezone.utc)),
   P.datetime(2023, 1, 2, 3), "instance drops tzinfo, keeps wall time")
eq(P.from_timestamp(0), P.datetime(1970, 1, 1), "from_timestamp(0)")
eq(P.from_timestamp(1684411200), P.datetime(2023, 5, 18, 12), "from_timestamp")
eq(P.from_timestamp(1.5), P.datetime(1970, 1, 1, 0, 0, 1, 500000), "from_timestamp float")
eq(P.naive(2023, 1, 1), P.datetime(2023, 1, 1), "naive()")
eq(str(P.timezone("America/New_York")), "America/New_York", "timezone() name")
eq(P.UTC.name, "UTC", "UTC")
eq(P.local_timezone(), P.UTC, "local_timezone()")
eq(std.datetime(2023, 1, 1, tzinfo=P.timezone("Asia/Tokyo")) == std.datetime(2023, 1, 1), True,
   "placeholder tz keeps datetimes naive")

# ---------------------------------------------------------------- add / subtract
eq(now.subtract(months=3), P.datetime(2023, 2, 18, 12), "subtract(months=3)")
eq(P.datetime(2023, 1, 31).add(months=1), P.datetime(2023, 2, 28), "Jan 31 + 1 month")
eq(P.datetime(2024, 1, 31).add(months=1), P.datetime(2024, 2, 29), "leap Jan 31 + 1 month")
eq(P.datetime(2023, 3, 31).subtract(months=1), P.datetime(2023, 2, 28), "Mar 31 - 1 month")
eq(now.add(years=1, months=2, weeks=1, days=2, hours=3, minutes=4, seconds=5),
   P.datetime(2024, 7, 27, 15, 4, 5), "add() all units")
eq(now.add(hours=-13), P.datetime(2023, 5, 17, 23), "add negative hours")
eq(now.subtract(days=1.5), P.datetime(2023, 5, 17, 0), "subtract float days")
eq(now.add(months=12 * 3 + 1), P.datetime(2026, 6, 18, 12), "add many months")
is_type(now.add(days=1), DT, "add() type")
eq(P.date(2023, 1, 31).add(months=1), P.date(2023, 2, 28), "Date add months")
eq(P.date(2023, 5, 18).subtract(weeks=2), P.date(2023, 5, 4), "Date subtract weeks")
is_type(P.date(2023, 5, 18).add(days=3), D, "Date.add type")

# ---------------------------------------------------------------- operators keep types
r = now + std.timedelta(hours=1)
is_type(r, DT, "DateTime + timedelta type")
eq(r, P.datetime(2023, 5, 18, 13), "DateTime + timedelta")
is_type(std.timedelta(days=1) + now, DT, "timedelta + DateTime type")
is_type(now - std.timedelta(days=7), DT, "DateTime - timedelta type")
eq(now - std.timedelta(days=7), P.datetime(2023, 5, 11, 12), "DateTime - timedelta")
is_type(now - P.datetime(2023, 5, 1), P.Interval, "DateTime - DateTime type")
is_type(now - std.datetime(2023, 5, 1), P.Interval, "DateTime - datetime type")
is_type(std.datetime(2023, 6, 1) - now, P.Interval, "datetime - DateTime type")
eq((std.datetime(2023, 6, 1) - now).start, now, "datetime - DateTime start")
is_type(P.date(2023, 5, 18) + std.timedelta(days=1), D, "Date + timedelta type")
eq(P.date(2023, 5, 18) + std.timedelta(days=1), P.date(2023, 5, 19), "Date + timedelta")
is_type(P.date(2023, 5, 18) - P.date(2023, 5, 1), P.Interval, "Date - Date type")
eq((P.date(2023, 5, 18) - P.date(2023, 5, 1)).days, 17, "Date - Date days")
is_type(P.date(2023, 5, 18) - std.timedelta(days=1), D, "Date - timedelta type")
eq(now + P.duration(months=1), P.datetime(2023, 6, 18, 12), "DateTime + Duration(months)")
eq(P.datetime(2023, 1, 31) + P.duration(months=1, days=1), P.datetime(2023, 3, 1),
   "Duration months then days")
eq(P.date(2023, 5, 18) + P.duration(years=1), P.date(2024, 5, 18), "Date + Duration(years)")
eq(now - P.duration(hours=36), P.datetime(2023, 5, 17, 0), "DateTime - Duration")
raises(TypeError, lambda: now - P.date(2023, 5, 1), "DateTime - Date")
true(now > P.datetime(2023, 5, 18, 11, 59) and now < std.datetime(2023, 5, 19), "comparisons")
eq(sorted([now, P.datetime(2020, 1, 1), P.tomorrow()])[0], P.datetime(2020, 1, 1), "sorting")
eq({now: 1}[std.datetime(2023, 5, 18, 12)], 1, "hash matches datetime")

# ---------------------------------------------------------------- start_of / end_of
eq(now.start_of("week"), P.datetime(2023, 5, 15), "start_of week (Monday)")
eq(now.end_of("week"), P.datetime(2023, 5, 21, 23, 59, 59, 999999), "end_of week (Sunday)")
eq(now.start_of("day"), P.datetime(2023, 5, 18), "start_of day")
eq(now.end_of("day"), P.datetime(2023, 5, 18, 23, 59, 59, 999999), "end_of day")
eq(now.start_of("month"), P.datetime(2023, 5, 1), "start_of month")
eq(now.end_of("month"), P.datetime(2023, 5, 31, 23, 59, 59, 999999), "end_of month")
eq(now.start_of("year"), P.datetime(2023, 1, 1), "start_of year")
eq(now.end_of("year"), P.datetime(2023, 12, 31, 23, 59, 59, 999999), "end_of year")
eq(P.datetime(2023, 5, 18, 12, 34, 56, 789).start_of("hour"), P.datetime(2023, 5, 18, 12),
   "start_of hour")
eq(P.datetime(2023, 5, 18, 12, 34, 56, 789).start_of("minute"),
   P.datetime(2023, 5, 18, 12, 34), "start_of minute")
eq(P.datetime(2023, 5, 18, 12, 34, 56, 789).start_of("second"),
   P.datetime(2023, 5, 18, 12, 34, 56), "start_of second")
eq(P.datetime(2023, 5, 18, 12, 34).end_of("hour"), P.datetime(2023, 5, 18, 12, 59, 59, 999999),
   "end_of hour")
eq(now.start_of("decade"), P.datetime(2020, 1, 1), "start_of decade")
eq(now.start_of("century"), P.datetime(2001, 1, 1), "start_of century")
eq(P.date(2023, 5, 18).start_of("week"), P.date(2023, 5, 15), "Date start_of week")
eq(P.date(2023, 2, 10).end_of("month"), P.date(2023, 2, 28), "Date end_of month")
is_type(P.date(2023, 2, 10).end_of("month"), D, "Date end_of type")
raises(ValueError, lambda: now.start_of("fortnight"), "start_of bad unit")

# ---------------------------------------------------------------- next / previous / first_of
eq(P.today().next(P.MONDAY), P.datetime(2023, 5, 22), "next Monday")
eq(now.next(P.THURSDAY), P.datetime(2023, 5, 25), "next same weekday is a week later")
eq(now.next(), P.datetime(2023, 5, 25), "next() default")
eq(now.next(P.FRIDAY, keep_time=True), P.datetime(2023, 5, 19, 12), "next keep_time")
eq(now.previous(P.MONDAY), P.datetime(2023, 5, 15), "previous Monday")
eq(now.previous(P.SUNDAY), P.datetime(2023, 5, 14), "previous Sunday")
eq(P.date(2023, 5, 18).next(P.SATURDAY), P.date(2023, 5, 20), "Date next")
eq(P.date(2023, 5, 18).previous(), P.date(2023, 5, 11), "Date previous default")
eq(now.first_of("month"), P.datetime(2023, 5, 1), "first_of month")
eq(now.last_of("month", P.FRIDAY), P.datetime(2023, 5, 26), "last Friday of month")
eq(now.first_of("month", P.MONDAY), P.datetime(2023, 5, 1), "first Monday of month")
eq(now.nth_of("month", 3, P.WEDNESDAY), P.datetime(2023, 5, 17), "3rd Wednesday")
eq(now.nth_of("month", 5, P.THURSDAY), None, "no 5th Thursday in May 2023")
eq(now.nth_of("month", 5, P.MONDAY), P.datetime(2023, 5, 29), "5th Monday")
eq(now.first_of("quarter"), P.datetime(2023, 4, 1), "first_of quarter")
eq(now.last_of("year"), P.datetime(2023, 12, 31), "last_of year")

# ---------------------------------------------------------------- replace / set / on / at
eq(now.replace(day=1), P.datetime(2023, 5, 1, 12), "replace")
is_type(now.replace(hour=0), DT, "replace type")
eq(now.set(year=2020, minute=5), P.datetime(2020, 5, 18, 12, 5), "set")
eq(now.on(2021, 2, 3), P.datetime(2021, 2, 3, 12), "on")
eq(now.at(9), P.datetime(2023, 5, 18, 9), "at(h)")
eq(now.at(9, 30, 15), P.datetime(2023, 5, 18, 9, 30, 15), "at(h, m, s)")
eq(P.date(2023, 5, 18).replace(month=1), P.date(2023, 1, 18), "Date replace")

# ---------------------------------------------------------------- properties and predicates
eq(now.day_of_week, 3, "day_of_week")
eq(int(P.date(2023, 5, 21).day_of_week), 6, "Sunday is 6")
eq(now.day_of_year, 138, "day_of_year")
eq(now.days_in_month, 31, "days_in_month")
eq(P.date(2024, 2, 1).days_in_month, 29, "days_in_month leap Feb")
eq(now.week_of_year, 20, "week_of_year")
eq(now.week_of_month, 3, "week_of_month")
eq(now.quarter, 2, "quarter")
eq(now.timestamp(), 1684411200.0, "timestamp()")
eq(now.int_timestamp, 1684411200, "int_timestamp")
eq(now.float_timestamp, 1684411200.0, "float_timestamp")
is_type(now.date(), D, "date() type")
eq(now.date(), P.date(2023, 5, 18), "date()")
is_type(now.time(), P.Time, "time() type")
eq(now.time(), std.time(12), "time()")
is_type(now.naive(), DT, "naive() type")
eq(now.in_timezone("Asia/Tokyo"), now, "in_timezone is the same wall time")
eq(now.in_tz("UTC"), now, "in_tz")
true(P.yesterday().is_past() and not P.yesterday().is_future(), "is_past")
true(P.tomorrow().is_future() and not now.is_past() and not now.is_future(), "is_future")
true(P.date(2023, 5, 17).is_past() and P.date(2023, 5, 19).is_future(), "Date past/future")
true(P.date(2024, 1, 1).is_leap_year() and not now.is_leap_year(), "is_leap_year")
true(now.is_same_day(P.datetime(2023, 5, 18, 23, 59)), "is_same_day")
true(not now.is_same_day(P.datetime(2023, 5, 19)), "is_same_day false")
eq(P.datetime(2000, 5, 19).age, 22, "age")
eq(now.closest(P.datetime(2023, 5, 1), P.datetime(2023, 5, 20)), P.datetime(2023, 5, 20),
   "closest")
eq(now.farthest(P.datetime(2023, 5, 1), P.datetime(2023, 5, 20)), P.datetime(2023, 5, 1),
   "farthest")
eq(now.average(P.datetime(2023, 5, 20, 12)), P.datetime(2023, 5, 19, 12), "average")

# ---------------------------------------------------------------- strings
eq(str(now), "2023-05-18 12:00:00", "str(DateTime)")
eq(repr(now), "PendulumDateTime(2023, 5, 18, 12, 0, 0)", "repr(DateTime)")
eq(repr(P.DateTime(2023, 5, 18)), "DateTime(2023, 5, 18, 0, 0, 0)", "repr of a DateTime made directly")
assert isinstance(now, P.DateTime)
eq(repr(P.datetime(2023, 5, 18, 1, 2, 3, 4)), "PendulumDateTime(2023, 5, 18, 1, 2, 3, 4)",
   "repr with microseconds")
eq(repr(P.date(2023, 5, 18)), "Date(2023, 5, 18)", "repr(Date)")
eq(repr(P.time(9, 5)), "Time(9, 5, 0)", "repr(Time)")
eq(str(P.date(2023, 5, 18)), "2023-05-18", "str(Date)")
eq(f"{now}", "2023-05-18 12:00:00", "f-string")
eq(f"{now:YYYY/MM/DD}", "2023/05/18", "f-string with pendulum tokens")
eq(f"{now:%d.%m.%Y}", "18.05.2023", "f-string with strftime codes")
eq(now.to_date_string(), "2023-05-18", "to_date_string")
eq(now.to_datetime_string(), "2023-05-18|12:00:00", "to_datetime_string")
eq(now.to_time_string(), "12:00:00", "to_time_string")
eq(now.to_iso8601_string(), "2023-05-18T12:00:00", "to_iso8601_string")
eq(now.isoformat(), "2023-05-18T12:00:00", "isoformat")
eq(now.to_formatted_date_string(), "May 18, 2023", "to_formatted_date_string")
eq(now.to_day_datetime_string(), "Thu, May 18, 2023 12:00 PM", "to_day_datetime_string")
eq(now.strftime("%Y-%m-%d %H:%M"), "2023-05-18 12:00", "strftime")
eq(now.format("dddd, MMMM D, YYYY"), "Thursday, May 18, 2023", "format long")
eq(now.format("ddd, MMM Do YY"), "Thu, May 18th 23", "format short")
eq(P.datetime(2023, 6, 1, 7, 5, 9).format("YYYY-MM-DD HH:mm:ss"), "2023-06-01 07:05:09",
   "format numeric")
eq(P.datetime(2023, 6, 1, 7, 5, 9).format("M/D h:m:s A a"), "6/1 7:5:9 AM am", "format short")
eq(P.datetime(2023, 6, 1, 0, 5).format("hh:mm A"), "12:05 AM", "format midnight 12h")
eq(P.datetime(2023, 6, 1, 15, 5).format("h:mm A"), "3:05 PM", "format afternoon")
eq(P.datetime(2023, 6, 2).format("Do Do Do", ), "2nd 2nd 2nd", "Do")
eq([P.date(2023, 1, d).format("Do") for d in (1, 3, 11, 12, 13, 21, 22, 31)],
   ["1st", "3rd", "11th", "12th", "13th", "21st", "22nd", "31st"], "ordinals")
eq(now.format("[Today is] dddd"), "Today is Thursday", "format escapes")
eq(now.format("Q DDDD d E SSS X"), "2 138 4 4 000 1684411200", "format misc tokens")
eq(now.format("LL"), "May 18, 2023", "format LL")
eq(P.date(2023, 5, 18).format("MMMM D"), "May 18", "Date.format")
eq(P.time(13, 5).format("h:mm a"), "1:05 pm", "Time.format")

# ---------------------------------------------------------------- parse
p = P.parse("2023-04-02")
is_type(p, DT, "parse date gives DateTime")
eq(p, P.datetime(2023, 4, 2), "parse date")
eq((P.parse("2023-04-02") - P.parse("2023-03-01")).in_days(), 32, "parse diff in days")
eq(P.parse("2023-05-18T10:20:30"), P.datetime(2023, 5, 18, 10, 20, 30), "parse T")
eq(P.parse("2023-05-18 10:20:30"), P.datetime(2023, 5, 18, 10, 20, 30), "parse space")
eq(P.parse("2023-05-18T10:20:30.5Z"), P.datetime(2023, 5, 18, 10, 20, 30, 500000),
   "parse fraction + Z")
eq(P.parse("2023-05-18T10:20:30.123456789"), P.datetime(2023, 5, 18, 10, 20, 30, 123456),
   "parse long fraction")
eq(P.parse("2023-05-18T10:20:30+05:30"), P.datetime(2023, 5, 18, 10, 20, 30),
   "parse offset keeps wall time")
eq(P.parse("2023-05-18T10:20-0700"), P.datetime(2023, 5, 18, 10, 20), "parse basic offset")
eq(P.parse("20230518T102030"), P.datetime(2023, 5, 18, 10, 20, 30), "parse basic format")
eq(P.parse("2023-05"), P.datetime(2023, 5, 1), "parse year-month")
eq(P.parse("2023/05/18 9:05"), P.datetime(2023, 5, 18, 9, 5), "parse slashes")
eq(P.parse("2023-138"), P.datetime(2023, 5, 18), "parse ordinal date")
eq(P.parse("2023-W20-4"), P.datetime(2023, 5, 18), "parse week date")
eq(P.parse("2023-05-18", exact=True), P.date(2023, 5, 18), "parse exact date")
is_type(P.parse("2023-05-18", exact=True), D, "parse exact type")
eq(P.parse("10:30"), P.datetime(2023, 5, 18, 10, 30), "parse time alone")
is_type(P.parse("10:30", exact=True), P.Time, "parse exact time")
eq(P.parse("P1DT2H").in_hours(), 26, "parse duration")
eq(P.parse("2023-05-01/2023-05-18").in_days(), 17, "parse interval")
raises(P.ParserError, lambda: P.parse("May 18, 2023"), "strict parse rejects prose")
raises(ValueError, lambda: P.parse("2023-13-01"), "parse bad month")
raises(ValueError, lambda: P.parse("not a date"), "parse garbage")
eq(P.parse("May 18, 2023 3:30 PM", strict=False), P.datetime(2023, 5, 18, 15, 30),
   "loose parse month name")
eq(P.parse("Thursday, 18 May 2023", strict=False), P.datetime(2023, 5, 18), "loose day first")
eq(P.parse("05/18/2023", strict=False), P.datetime(2023, 5, 18), "loose US numeric")
eq(P.parse("2023-05-18", strict=False), P.datetime(2023, 5, 18), "loose keeps ISO")

# ---------------------------------------------------------------- from_format
eq(P.from_format("2023-05-18 14:05", "YYYY-MM-DD HH:mm"), P.datetime(2023, 5, 18, 14, 5),
   "from_format numeric")
is_type(P.from_format("2023-05-18", "YYYY-MM-DD"), DT, "from_format type")
eq(P.from_format("5/8/2023", "M/D/YYYY"), P.datetime(2023, 5, 8), "from_format M/D")
eq(P.from_format("Thursday, May 18, 2023", "dddd, MMMM D, YYYY"), P.datetime(2023, 5, 18),
   "from_format names")
eq(P.from_format("18 Jan 2023 02:15 PM", "DD MMM YYYY hh:mm A"),
   P.datetime(2023, 1, 18, 14, 15), "from_format 12h PM")
eq(P.from_format("12:30 am", "h:mm a"), P.datetime(2023, 5, 18, 0, 30), "from_format 12 am")
eq(P.from_format("March 2022", "MMMM YYYY"), P.datetime(2022, 3, 1), "from_format month year")
eq(P.from_format("Thu 18", "ddd D"), P.datetime(2023, 5, 18), "from_format weekday")
eq(P.from_format("2023-05-18T10:20:30", "YYYY-MM-DDTHH:mm:ss"),
   P.datetime(2023, 5, 18, 10, 20, 30), "from_format literal T")
eq(P.from_format("18th of May", "Do [of] MMMM"), P.datetime(2023, 5, 18), "from_format Do")
raises(ValueError, lambda: P.from_format("2023/05/18", "YYYY-MM-DD"), "from_format mismatch")

# ---------------------------------------------------------------- Duration
d = P.duration(hours=25)
is_type(d, P.Duration, "duration() type")
true(isinstance(d, std.timedelta), "Duration is a timedelta")
eq(d.in_days(), 1, "in_days")
eq(d.in_hours(), 25, "in_hours")
eq(d.in_minutes(), 1500, "in_minutes")
eq(d.in_seconds(), 90000, "in_seconds")
eq(P.duration(days=15).in_weeks(), 2, "in_weeks")
eq((d.days, d.hours, d.minutes, d.remaining_seconds), (1, 1, 0, 0), "parts")
eq(d.seconds, 3600, "seconds keeps timedelta meaning")
eq(d.total_seconds(), 90000.0, "total_seconds")
eq(P.duration(minutes=2, seconds=5).remaining_seconds, 5, "remaining_seconds")
eq(P.duration(days=16).weeks, 2, "weeks")
eq(P.duration(days=16).remaining_days, 2, "remaining_days")
big = P.duration(years=2, months=3, days=1177, seconds=7284, microseconds=1000000)
eq((big.years, big.months, big.weeks, big.remaining_days, big.hours, big.minutes,
    big.remaining_seconds), (2, 3, 168, 1, 2, 1, 25), "years/months/weeks split")
eq((big.days, big.seconds), (1997, 7285), "days counts years as 365, months as 30")
eq(P.duration(hours=-25).days, -1, "negative days truncate toward zero")
eq(P.duration(hours=-25).in_hours(), -25, "negative in_hours")
eq(P.duration(weeks=1), std.timedelta(days=7), "Duration == timedelta")
is_type(P.duration(days=1) + P.duration(hours=1), P.Duration, "Duration + Duration type")
eq((P.duration(days=1) + std.timedelta(hours=1)).in_hours(), 25, "Duration + timedelta")
is_type(std.timedelta(hours=1) + P.duration(days=1), P.Duration, "timedelta + Duration type")
eq((P.duration(hours=3) * 2).in_hours(), 6, "Duration * int")
eq((P.duration(hours=3) / 2).in_minutes(), 90, "Duration / int")
eq(P.duration(hours=3) / P.duration(hours=1), 3.0, "Duration / Duration")
eq((-P.duration(hours=3)).in_hours(), -3, "negation")
eq(abs(P.duration(hours=-3)).in_hours(), 3, "abs")
eq(str(P.duration(days=1, hours=2, minutes=1)), "1 day 2 hours 1 minute", "str(Duration)")
eq(P.duration(days=10, seconds=5).in_words(), "1 week 3 days 5 seconds", "in_words")
eq(repr(P.duration(days=1, hours=2)), "Duration(days=1, hours=2)", "repr(Duration)")
eq(P.duration(months=2).months, 2, "months stored")
raises(ValueError, lambda: P.duration(months=1.5), "fractional months rejected")

# ---------------------------------------------------------------- Interval
iv = P.interval(P.datetime(2023, 5, 1), P.datetime(2023, 5, 18, 12))
is_type(iv, P.Interval, "interval() type")
true(isinstance(iv, P.Duration), "Interval is a Duration")
eq((iv.start, iv.end), (P.datetime(2023, 5, 1), now), "start/end")
eq(iv.in_days(), 17, "Interval.in_days")
eq(iv.days, 17, "Interval.days")
eq(iv.in_hours(), 17 * 24 + 12, "Interval.in_hours")
eq(iv.in_weeks(), 2, "Interval.in_weeks")
eq((iv.weeks, iv.remaining_days, iv.hours), (2, 3, 12), "Interval parts")
eq(iv.in_words(), "2 weeks 3 days 12 hours", "Interval.in_words")
eq(repr(iv), "<Interval [2023-05-01 00:00:00 -> 2023-05-18 12:00:00]>", "repr(Interval)")
late = P.interval(P.datetime(2023, 5, 18, 23), P.datetime(2023, 5, 19, 1))
eq((late.in_days(), late.days, late.in_hours()), (1, 0, 2),
   "in_days counts dates crossed, days counts 24h periods")
yr = P.interval(P.datetime(2000, 11, 20), P.datetime(2016, 11, 5))
eq((yr.in_years(), yr.years, yr.months, yr.in_months(), yr.in_days()), (15, 15, 11, 191, 5829),
   "years/months of a long interval")
eq(P.interval(P.date(2023, 1, 31), P.date(2023, 2, 28)).in_months(), 1,
   "month end to month end is a month")
eq(P.interval(P.date(2023, 1, 30), P.date(2023, 2, 28)).in_months(), 0,
   "Jan 30 -> Feb 28 is not a full month")
eq((now - now.subtract(months=3)).in_months(), 3, "in_months")
eq((now - now.subtract(years=2, days=1)).in_years(), 2, "in_years")
week = P.interval(P.today(), P.today().add(weeks=1))
days = list(week)
eq(len(days), 8, "iterating a week yields 8 days (both ends included)")
is_type(days[0], DT, "iteration yields DateTime")
eq((days[0], days[-1]), (P.today(), P.datetime(2023, 5, 25)), "iteration ends")
dd = list(P.interval(P.date(2023, 5, 1), P.date(2023, 5, 3)))
eq(dd, [P.date(2023, 5, 1), P.date(2023, 5, 2), P.date(2023, 5, 3)], "Date interval days")
is_type(dd[1], D, "Date interval yields Date")
eq([x.day for x in P.interval(P.date(2023, 5, 1), P.date(2023, 5, 10)).range("days", 3)],
   [1, 4, 7, 10], "range(days, 3)")
eq([x.month for x in P.interval(P.datetime(2023, 1, 31), P.datetime(2023, 5, 31))
    .range("months")], [1, 2, 3, 4, 5], "range months")
eq(P.interval(P.datetime(2023, 1, 31), P.datetime(2023, 3, 31)).range("months").__next__(),
   P.datetime(2023, 1, 31), "range starts at start")
eq([x.day for x in P.interval(P.date(2023, 5, 3), P.date(2023, 5, 1))], [3, 2, 1],
   "inverted interval iterates backwards")
eq(len(list(P.interval(now, now.add(hours=5)).range("hours"))), 6, "range hours")
true(P.datetime(2023, 5, 10) in iv, "membership")
true(P.datetime(2023, 4, 30) not in iv, "non-membership")
true(now in iv and P.datetime(2023, 5, 1) in iv, "membership includes ends")
neg = P.datetime(2023, 5, 1) - now
eq((neg.in_days(), neg.invert, neg.start), (-17, True, now), "negative interval")
absd = P.datetime(2023, 5, 20).diff(P.datetime(2023, 5, 1))
eq((absd.in_days(), absd.start), (19, P.datetime(2023, 5, 1)), "diff() is absolute")
eq(P.datetime(2023, 5, 20).diff(P.datetime(2023, 5, 1), False).in_days(), -19, "diff(abs=False)")
eq(P.datetime(2023, 5, 1).diff().in_days(), 17, "diff() defaults to now")
eq(P.date(2023, 5, 1).diff().in_days(), 17, "Date.diff() defaults to today")
eq(iv, std.timedelta(days=17, hours=12), "Interval == timedelta")
true(iv < std.timedelta(days=18), "Interval < timedelta")
is_type(iv + std.timedelta(hours=1), P.Duration, "Interval + timedelta is a Duration")
eq(now + (P.datetime(2023, 3, 1) - P.datetime(2023, 2, 1)), P.datetime(2023, 6, 18, 12),
   "DateTime + Interval adds its calendar months")
eq(P.period(P.date(2023, 1, 1), P.date(2023, 1, 2)).in_days(), 1, "period alias")
raises(ValueError, lambda: P.interval(P.date(2023, 1, 1), P.datetime(2023, 1, 2)),
       "mixed interval")

# ---------------------------------------------------------------- diff_for_humans
eq(now.subtract(days=2).diff_for_humans(), "2 days ago", "humans past")
eq(now.add(hours=3).diff_for_humans(), "in 3 hours", "humans future")
eq(now.diff_for_humans(now.add(weeks=1)), "1 week before", "humans other")
eq(now.subtract(seconds=3).diff_for_humans(), "a few seconds ago", "humans seconds")
eq(now.subtract(months=2).diff_for_humans(absolute=True), "2 months", "humans absolute")

# ---------------------------------------------------------------- week days
eq([int(x) for x in (P.MONDAY, P.TUESDAY, P.WEDNESDAY, P.THURSDAY, P.FRIDAY, P.SATURDAY,
                     P.SUNDAY)], list(range(7)), "weekday constants")
true(P.WeekDay.SUNDAY is P.SUNDAY and P.WeekDay(6) is P.SUNDAY, "WeekDay lookup")
eq((P.SUNDAY.name, P.SUNDAY.value, repr(P.SUNDAY), str(P.SUNDAY)),
   ("SUNDAY", 6, "<WeekDay.SUNDAY: 6>", "6"), "WeekDay names")
eq(json.dumps({"d": now.day_of_week}), '{"d": 3}', "WeekDay in JSON")
eq(P.MONDAY + 1, 1, "WeekDay arithmetic")
raises(ValueError, lambda: P.WeekDay(7), "WeekDay range")

# ---------------------------------------------------------------- copying and pickling
eq(copy.deepcopy({"t": now})["t"], now, "deepcopy DateTime")
is_type(copy.deepcopy(now), DT, "deepcopy keeps type")
is_type(pickle.loads(pickle.dumps(P.date(2023, 5, 18))), D, "pickle Date")
dm = pickle.loads(pickle.dumps(P.duration(months=2, days=3)))
eq((dm.months, dm.remaining_days, dm.days), (2, 3, 63), "pickle Duration keeps months")
ic = copy.deepcopy(iv)
eq((ic.start, ic.end, ic.in_days()), (iv.start, iv.end, 17), "deepcopy Interval")

print(f"pendulum shim: {CHECKS[0]} checks passed")
