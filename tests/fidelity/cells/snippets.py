"""Code cells for the interpreter-fidelity probe (see README.md in this folder).

SNIPPETS is a list of (name, group, code) triples. Each code string is one agent code cell, run
as the first cell of a fresh AppWorld task world, so nothing carries over from one snippet to
the next. SEQUENCES is a list of (name, [code, ...]) pairs, group "sequence": the cells of one
pair run one after the other in ONE world, so state carries over between them.

Every output must be a pure function of the code under CPython 3.11 with the task clock frozen
at 2023-05-18T12:00:00: no object addresses, no sets of strings (their order depends on the
per-process hash seed), no randomness beyond what the world seeds, no files, environment, host
paths or wall clock. A cell must not change process-wide state that outlives its world (module
attributes, the recursion limit, builtins) unless a later cell of the same sequence undoes it.
Names are unique across both lists; keep them stable, the Rust replay test reports differences
by name. Groups: see README.md.
"""


def _cell(text: str) -> str:
    """A multi-line cell written as a raw triple-quoted string: drops the newline after the
    opening quotes and the trailing whitespace."""
    return (text[1:] if text.startswith("\n") else text).rstrip()


SNIPPETS: list[tuple[str, str, str]] = [
    # --- printing scalars -------------------------------------------------------------------
    ("print_str", "printing", 'print("hello world")'),
    ("print_int", "printing", "print(42)"),
    ("print_negative_int", "printing", "print(-7)"),
    ("print_float_sum", "printing", "print(0.1 + 0.2)"),
    ("print_float_whole", "printing", "print(3.0, 2.5, -0.0)"),
    ("print_float_big_small", "printing", "print(1e16, 1e15, 123456789.123, 1e-5, 0.0001)"),
    ("print_float_division", "printing", "print(10 / 4, 1 / 3, 2 / 3, 7 / 7)"),
    ("print_round", "printing", "print(round(2.675, 2), round(0.5), round(1.5), round(2.5), round(3.14159, 3))"),
    ("print_round_ndigits_int", "printing", "print(round(1234.5678, -2), round(7), type(round(2.5)).__name__)"),
    ("print_float_inf_nan", "printing", "print(float('inf'), -float('inf'), float('nan'))"),
    ("print_bool_none", "printing", "print(True, False, None)"),
    ("print_multiple_args", "printing", 'print("total:", 3, 4.5, [1, 2], {"a": 1})'),
    ("print_sep_end", "printing", 'print("a", "b", "c", sep="-", end="!\\n")\nprint(1, 2, sep="")'),
    ("print_end_no_newline", "printing", 'print("no newline", end="")'),
    ("print_empty_line", "printing", 'print()\nprint("after blank")'),
    ("print_repr_str", "printing", "print(repr('it\\'s'), repr('say \"hi\"'), repr('tab\\there'))"),
    ("print_unicode", "printing", 'print("caf\\u00e9 \\u2713 \\u65e5\\u672c \\U0001F600")'),
    ("print_tabs_newlines", "printing", 'print("col1\\tcol2\\nrow1\\trow2")'),
    ("print_long_string", "printing", 'print("abcdefghij" * 300)'),
    ("print_many_lines", "printing", "for i in range(60):\n    print(i, i * i)"),
    # --- containers -------------------------------------------------------------------------
    ("print_dict", "containers", 'print({"name": "Alice", "age": 30, "score": 9.5, "tags": ["a", "b"], "x": None})'),
    ("print_list", "containers", 'print([1, "two", 3.0, None, True])'),
    ("print_tuple", "containers", "print((1,), (1, 2), ())"),
    ("print_nested", "containers", 'print({"a": [1, {"b": (2, 3)}], "c": {"d": {"e": []}}})'),
    ("print_list_of_dicts", "containers", 'print([{"id": 1, "title": "x"}, {"id": 2, "title": "y"}])'),
    ("print_empty_containers", "containers", "print([], {}, (), set(), frozenset(), '')"),
    ("print_dict_and_text", "containers", 'd = {"k": 1}\nprint("value", d)'),
    ("print_str_of_dict", "containers", 'print(str({"k": "v", "n": 1.0}))'),
    ("print_long_list", "containers", "print(list(range(200)))"),
    ("print_large_dict", "containers", "print({i: str(i) * 3 for i in range(40)})"),
    ("print_dict_quotes", "containers", "print({\"it's\": 'say \"hi\"'})"),
    ("print_bytes", "containers", "print(b'abc', bytes([0, 255, 10]), 'caf\\u00e9'.encode())"),
    # --- the cell's own print(): one list/tuple/dict argument and no keywords ----------------
    ("print_single_tuple", "print_json", "print((1, 'a', None))"),
    ("print_tuple_with_text", "print_json", "print('pair', (1, 2))"),
    ("print_dict_with_end", "print_json", 'print({"a": 1, "b": None}, end="\\n")'),
    ("print_dict_with_sep", "print_json", 'print({"a": True}, sep=" ")'),
    ("print_dict_special_keys", "print_json", "print({1: 'int', 2.5: 'float', True: 'bool', None: 'none'})"),
    ("print_dict_non_ascii", "print_json", 'print({"city": "M\\u00fcnchen", "mark": "\\u2713"})'),
    ("print_list_special_floats", "print_json", "print([1e16, float('inf'), float('nan'), -0.0, 1.0, 0.1 + 0.2])"),
    ("print_list_escapes", "print_json", 'print(["quote \\" here", "new\\nline", "tab\\t", "back\\\\slash"])'),
    ("print_json_length_99", "print_json", 'print(["x" * 95])'),
    ("print_json_length_100", "print_json", 'print(["x" * 96])'),
    ("print_json_nested_indent", "print_json", 'print({"items": [{"id": 1, "tags": ["a", "b"]}, {"id": 2, "tags": []}], "note": "y" * 40, "empty": {}})'),
    ("print_namedtuple_single", "print_json", "from collections import namedtuple\nP = namedtuple('P', 'x y')\nprint(P(1, 2))\nprint('p', P(1, 2))"),
    ("print_ordereddict_deque_single", "print_json", "from collections import OrderedDict, deque\nprint(OrderedDict(b=1, a=2))\nprint(deque([1, 2]))"),
    ("print_single_set_and_range", "print_json", "print({5, 1, 3})\nprint(range(3))"),
    ("print_dict_with_set_value", "print_json", 'print({"ids": {1, 2}})'),
    ("print_list_with_datetime", "print_json", "from datetime import date\nprint([date(2023, 5, 1)])"),
    ("print_dict_tuple_key", "print_json", "print({(1, 2): 'pair'})"),
    ("print_list_of_objects", "print_json", "class A:\n    def __repr__(self):\n        return 'A()'\nprint([A()])"),
    ("print_star_args_single", "print_json", "rows = [[1, 2]]\nprint(*rows)"),
    ("input_call", "cell", "name = input('Your name: ')"),
    ("preloaded_names", "cell", "print(json.dumps({'a': 1}), math.floor(2.7), re.sub('a', 'b', 'aa'), Counter('aab').most_common(1), reduce(lambda a, b: a + b, [1, 2, 3]))"),
    ("preloaded_defaultdict_deepcopy", "cell", "d = defaultdict(int)\nd['x'] += 2\nprint(deepcopy(dict(d)), calendar.isleap(2024), itertools.__name__)"),
    ("datetime_module_preloaded", "datetime", "print(datetime.date(2023, 1, 31) + datetime.timedelta(days=1), datetime.datetime.now().isoformat())"),
    # --- sets -------------------------------------------------------------------------------
    ("set_int_order", "containers", "print({3, 1, 2, 10, 7})"),
    ("set_int_order_large", "containers", "print({100, 5, 33, 64, 1, 1000, 17, 8})"),
    ("set_negative_ints", "containers", "print({-1, -5, 3, 0, 2})"),
    ("set_union_intersection", "containers", "a = {1, 2, 3, 4}\nb = {3, 4, 5, 6}\nprint(a | b, a & b, a - b, a ^ b)"),
    ("set_sorted", "containers", "print(sorted({9, 4, 1, 16, 25}))"),
    ("set_from_list_dedup", "containers", "print(set([5, 3, 5, 1, 3, 9]), len({1, 1, 2}))"),
    ("frozenset_ints", "containers", "print(frozenset({4, 2, 8}), frozenset())"),
    ("set_comprehension", "containers", "print({x % 5 for x in range(20)})"),
    ("set_membership", "containers", "s = {1, 2, 3}\nprint(2 in s, 7 in s, s.issubset({1, 2, 3, 4}), s.isdisjoint({9}))"),
    ("set_of_tuples", "containers", "print({(1, 2), (0, 5)})"),
    # --- f-strings and formatting -----------------------------------------------------------
    ("fstring_basic", "strings", 'name = "Bob"\nn = 3\nprint(f"{name} has {n} items, {n * 2} total")'),
    ("fstring_specs", "strings", 'x = 3.14159\nprint(f"{x:.2f}|{x:8.3f}|{x:<8.1f}|{42:05d}|{42:>6}|{42:<6}|{42:^6}|")'),
    ("fstring_debug", "strings", "value = 12\nprint(f\"{value=}\", f\"{value * 2 = }\")"),
    ("fstring_percent_sci", "strings", 'print(f"{0.256:.1%}", f"{1234567.891:e}", f"{0.000123:.2e}", f"{255:x}", f"{255:#b}")'),
    ("money_format", "strings", 'amount = 1234567.891\nprint("{:,.2f}".format(amount), f"${amount:,.2f}", f"{-42.5:,.2f}")'),
    ("format_methods", "strings", 'print("{} and {}".format("a", "b"), "{1}{0}".format("x", "y"), "%s=%d" % ("n", 5), "%.3f" % 2.5)'),
    ("fstring_repr_conv", "strings", 'print(f"{\'text\'!r}", f"{3!s}", f"{[1, 2]}")'),
    # --- str methods ------------------------------------------------------------------------
    ("str_split", "strings", 'print("a,b,,c".split(","), "  many   spaces here ".split(), "a b c".split(" ", 1))'),
    ("str_rsplit_splitlines", "strings", 'print("a.b.c".rsplit(".", 1), "l1\\nl2\\r\\nl3".splitlines())'),
    ("str_join", "strings", 'print(", ".join(["x", "y", "z"]), "-".join(str(i) for i in range(4)))'),
    ("str_strip", "strings", 'print(repr("  pad  ".strip()), repr("xxhixx".strip("x")), repr("  l".lstrip()), repr("r  ".rstrip()))'),
    ("str_case", "strings", 'print("hello world".title(), "ABC".lower(), "abc".upper(), "hello".capitalize(), "MiXeD".swapcase(), "Stra\\u00dfe".casefold())'),
    ("str_replace_find", "strings", 'print("banana".replace("a", "o"), "banana".replace("a", "o", 1), "banana".find("n"), "banana".rfind("n"), "banana".find("z"), "banana".count("a"))'),
    ("str_zfill_pad", "strings", 'print("42".zfill(5), "-42".zfill(5), "ab".ljust(5, "."), "ab".rjust(5), "ab".center(6, "*"))'),
    ("str_partition", "strings", 'print("key=value=x".partition("="), "nothing".partition("="), "a/b/c".rpartition("/"))'),
    ("str_predicates", "strings", 'print("123".isdigit(), "abc".isalpha(), "ab1".isalnum(), "  ".isspace(), "Title Case".istitle(), "hello".startswith("he"), "hello".endswith(("lo", "x")))'),
    ("str_slicing", "strings", 's = "abcdefghij"\nprint(s[2:5], s[:3], s[-3:], s[::2], s[::-1], s[5:2], s[100:])'),
    ("str_index_error_value", "strings", 'print("abc".index("c"))\nprint("abc".index("z"))'),
    ("str_misc", "strings", 'print(len("h\\u00e9llo"), ord("A"), chr(9731), "ab" * 3, "a" < "b", "apple".removeprefix("ap"), "file.txt".removesuffix(".txt"))'),
    ("str_expandtabs_encode", "strings", 'print("a\\tb".expandtabs(4), "x".encode("utf-8"), "%r" % "q")'),
    # --- comprehensions, sorting, builtins ----------------------------------------------
    ("list_comprehension", "builtins", "print([x * x for x in range(10) if x % 2 == 0])"),
    ("dict_comprehension", "builtins", 'words = ["apple", "kiwi", "banana"]\nprint({w: len(w) for w in words})'),
    ("nested_comprehension", "builtins", "print([[i * j for j in range(1, 4)] for i in range(1, 4)])"),
    ("sorted_key_reverse", "builtins", 'people = [("ann", 31), ("bob", 25), ("cid", 31), ("dan", 19)]\nprint(sorted(people, key=lambda p: p[1]))\nprint(sorted(people, key=lambda p: (-p[1], p[0])))\nprint(sorted(people, key=lambda p: p[1], reverse=True))'),
    ("sort_in_place", "builtins", 'xs = [5, 2, 9, 1]\nxs.sort()\nprint(xs)\nxs.sort(reverse=True)\nprint(xs)\nprint(sorted("hello"))'),
    ("min_max_key", "builtins", 'items = [{"n": "a", "p": 3.5}, {"n": "b", "p": 1.25}, {"n": "c", "p": 9.0}]\nprint(min(items, key=lambda d: d["p"]), max(items, key=lambda d: d["p"])["n"])\nprint(max([], default=None), min(3, 1, 2))'),
    ("enumerate_zip", "builtins", 'for i, (a, b) in enumerate(zip("xyz", [10, 20, 30]), start=1):\n    print(i, a, b)\nprint(list(zip([1, 2, 3], "ab")))'),
    ("sum_any_all", "builtins", "print(sum([1, 2, 3]), sum([0.1] * 10), sum([], 0.0), any([0, '', 3]), all([]), all([1, 0]))"),
    ("range_reversed", "builtins", "print(list(range(10, 0, -3)), list(reversed([1, 2, 3])), range(5), len(range(0, 100, 7)))"),
    ("map_filter", "builtins", "print(list(map(str.upper, ['a', 'b'])), list(filter(None, [0, 1, '', 'x', None])))"),
    ("list_methods", "builtins", "xs = [3, 1, 2]\nxs.append(4)\nxs.extend([5, 6])\nxs.insert(0, 0)\nprint(xs, xs.pop(), xs.pop(0), xs.index(2), xs.count(1))\nxs.remove(1)\nprint(xs)"),
    ("dict_methods", "builtins", 'd = {"a": 1, "b": 2}\nprint(d.get("c"), d.get("c", 0), list(d.keys()), list(d.values()), list(d.items()))\nd.update(c=3)\nprint(d.pop("a"), d.setdefault("z", []), d)'),
    ("dict_views_repr", "builtins", 'd = {"a": 1, "b": 2}\nprint(d.keys(), d.values(), d.items())'),
    ("dict_merge", "builtins", 'a = {"x": 1, "y": 2}\nb = {"y": 20, "z": 30}\nprint(a | b, {**b, **a})'),
    ("unpacking", "builtins", "first, *rest = [1, 2, 3, 4]\na, b = b, a = 1, 2\nprint(first, rest, a, b)"),
    ("abs_pow_int", "builtins", "print(abs(-3.5), pow(2, 10), pow(2, -1), pow(3, 4, 5), 2 ** 0.5, int('0x1f', 16), int(' 42 '), int(7.9), int(-7.9))"),
    ("float_conversions", "builtins", "print(float('3.50'), float('1e3'), str(1.0), int('007'), bin(10), hex(255), oct(8))"),
    # --- numbers ------------------------------------------------------------------------
    ("int_div_mod_negative", "numbers", "print(7 // 2, -7 // 2, 7 // -2, 7 % 3, -7 % 3, 7 % -3, -7.5 // 2, 7.5 % 2)"),
    ("divmod", "numbers", "print(divmod(17, 5), divmod(-17, 5), divmod(7.5, 2))"),
    ("big_ints", "numbers", "print(2 ** 100, 10 ** 30 + 1, -(3 ** 50), 12345678901234567890 * 98765432109876543210)"),
    ("bool_arithmetic", "numbers", "print(True + True, True * 3, sum([True, False, True]), int(False), True == 1)"),
    ("none_handling", "numbers", "x = None\nprint(x is None, x == None, x or 'default', bool(x), str(x), [x])"),
    ("comparison_chain", "numbers", "print(1 < 2 < 3, 3 > 2 > 2, 1 == 1.0, 0.1 + 0.2 == 0.3, 'a' * 0 == '')"),
    ("float_methods", "numbers", "print((2.5).is_integer(), (3.0).is_integer(), (0.1).as_integer_ratio(), float.fromhex('0x1.8p1'))"),
    ("math_functions", "numbers", "import math\nprint(math.sqrt(16), math.sqrt(2), math.floor(-2.5), math.ceil(2.1), math.pi, math.e)\nprint(math.isclose(0.1 + 0.2, 0.3), math.inf, -math.inf, math.fabs(-3), math.factorial(10), math.gcd(12, 18))"),
    ("math_log_trig", "numbers", "import math\nprint(math.log(100, 10), math.log10(1000), math.log2(8), math.exp(1), math.sin(0), math.cos(math.pi), math.hypot(3, 4))"),
    ("math_domain_error", "numbers", "import math\nprint(math.sqrt(-1))"),
    ("decimal_blocked", "safety", "from decimal import Decimal\nprint(Decimal('1.10') + Decimal('2.205'))"),
    ("fractions", "numbers", "from fractions import Fraction\nf = Fraction(3, 4) + Fraction(1, 6)\nprint(f, repr(f), float(f), Fraction('0.25'), Fraction(6, 4).limit_denominator(10))"),
    # --- collections ------------------------------------------------------------------------
    ("counter_most_common", "stdlib", "from collections import Counter\nc = Counter([3, 1, 3, 2, 3, 1])\nprint(c)\nprint(c.most_common(2), c[3], c[99])"),
    ("counter_string", "stdlib", 'from collections import Counter\nc = Counter("mississippi")\nprint(c.most_common())\nprint(sorted(c.items()))'),
    ("counter_arith", "stdlib", "from collections import Counter\na = Counter(a=3, b=1)\nb = Counter(a=1, b=2)\nprint(a + b, a - b, dict(a))"),
    ("defaultdict", "stdlib", "from collections import defaultdict\ndd = defaultdict(list)\nfor k, v in [(1, 'x'), (2, 'y'), (1, 'z')]:\n    dd[k].append(v)\nprint(dd)\nprint(dict(dd), dd[3])"),
    ("defaultdict_int", "stdlib", "from collections import defaultdict\ncounts = defaultdict(int)\nfor w in 'a b a c a b'.split():\n    counts[w] += 1\nprint(dict(counts), repr(counts))"),
    ("ordereddict", "stdlib", "from collections import OrderedDict\nod = OrderedDict()\nod['b'] = 2\nod['a'] = 1\nod.move_to_end('b')\nprint(od, list(od))"),
    ("deque", "stdlib", "from collections import deque\nd = deque([1, 2, 3], maxlen=4)\nd.appendleft(0)\nd.append(4)\nd.rotate(1)\nprint(d, d.popleft(), list(d))"),
    ("namedtuple", "stdlib", "from collections import namedtuple\nPoint = namedtuple('Point', ['x', 'y'])\np = Point(1, y=2)\nprint(p, p.x + p.y, p._asdict(), p._replace(x=5))"),
    # --- itertools / functools -------------------------------------------------------
    ("itertools_groupby", "stdlib", "from itertools import groupby\ndata = [1, 1, 2, 3, 3, 3, 1]\nprint([(k, len(list(g))) for k, g in groupby(data)])\nwords = ['apple', 'avocado', 'banana', 'blueberry', 'cherry']\nprint({k: list(g) for k, g in groupby(words, key=lambda w: w[0])})"),
    ("itertools_chain_product", "stdlib", "import itertools\nprint(list(itertools.chain([1, 2], (3,), range(4, 6))))\nprint(list(itertools.product('ab', [0, 1])))\nprint(list(itertools.chain.from_iterable([[1], [2, 3]])))"),
    ("itertools_islice_accumulate", "stdlib", "from itertools import islice, accumulate, count\nprint(list(islice(count(10, 5), 4)), list(accumulate([1, 2, 3, 4])), list(accumulate([3, 1, 4], max)))"),
    ("itertools_combinations", "stdlib", "from itertools import combinations, permutations\nprint(list(combinations([1, 2, 3], 2)), len(list(permutations(range(4)))))"),
    ("itertools_zip_longest", "stdlib", "from itertools import zip_longest\nprint(list(zip_longest([1, 2, 3], 'ab', fillvalue='-')))"),
    ("functools_reduce", "stdlib", "from functools import reduce\nimport operator\nprint(reduce(lambda a, b: a * b, [1, 2, 3, 4, 5]), reduce(operator.add, [[1], [2]], []))"),
    ("functools_lru_cache", "stdlib", "from functools import lru_cache\n@lru_cache(maxsize=None)\ndef fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\nprint(fib(80), fib.cache_info())"),
    ("heapq_bisect", "stdlib", "import heapq, bisect\nh = [5, 1, 8, 3]\nheapq.heapify(h)\nprint(h, heapq.nlargest(2, h), heapq.nsmallest(2, h), bisect.bisect_left([1, 3, 5], 4))"),
    # --- json -------------------------------------------------------------------------------
    ("json_dumps_basic", "stdlib", 'import json\nprint(json.dumps({"b": 1, "a": [1.5, None, True], "c": "x"}))'),
    ("json_dumps_indent_sorted", "stdlib", 'import json\nprint(json.dumps({"b": 1, "a": {"y": [1, 2], "x": None}}, indent=2, sort_keys=True))'),
    ("json_dumps_non_ascii", "stdlib", 'import json\ns = {"city": "M\\u00fcnchen", "emoji": "\\u2713"}\nprint(json.dumps(s))\nprint(json.dumps(s, ensure_ascii=False))'),
    ("json_loads", "stdlib", 'import json\nobj = json.loads(\'{"a": 1, "b": [true, null, 2.50], "c": "\\\\u00e9"}\')\nprint(obj, type(obj["b"][2]).__name__)'),
    ("json_loads_error", "stdlib", "import json\njson.loads('{bad json}')"),
    ("json_dumps_type_error", "stdlib", "import json\njson.dumps({1, 2})"),
    # --- re ---------------------------------------------------------------------------------
    ("re_findall", "stdlib", 'import re\nprint(re.findall(r"\\d+", "a1b22c333"), re.findall(r"(\\w)=(\\d)", "a=1, b=2"))'),
    ("re_sub", "stdlib", 'import re\nprint(re.sub(r"\\s+", " ", "a   b \\t c"), re.sub(r"(\\d+)", lambda m: str(int(m.group(1)) * 2), "x5 y10"))'),
    ("re_search_groups", "stdlib", 'import re\nm = re.search(r"(?P<user>\\w+)@(?P<host>[\\w.]+)", "mail: joe@example.com now")\nprint(m.group(0), m.group(1), m.group("host"), m.groups(), m.groupdict(), m.span())'),
    ("re_fullmatch_none", "stdlib", 'import re\nprint(re.fullmatch(r"\\d{3}", "1234"), re.match(r"a", "ba"), bool(re.fullmatch(r"[a-z]+", "abc")))'),
    ("re_split_compile", "stdlib", 'import re\npat = re.compile(r"[,;]\\s*")\nprint(pat.split("a, b;c,d"), re.split(r"(-)", "1-2-3"), re.escape("a.b*c"))'),
    ("re_match_repr", "stdlib", 'import re\nprint(re.match(r"\\w+", "hello world"))'),
    # --- datetime / calendar ---------------------------------------------------------------
    ("datetime_now", "datetime", "from datetime import datetime\nnow = datetime.now()\nprint(now)\nprint(now.isoformat(), now.year, now.month, now.day, now.hour)"),
    ("datetime_now_repr", "datetime", "import datetime\nprint(repr(datetime.datetime.now()), repr(datetime.date.today()))"),
    ("date_today", "datetime", "from datetime import date\nprint(date.today(), date.today().weekday(), date.today().isoweekday(), date.today().strftime('%A %B %d'))"),
    ("datetime_arithmetic", "datetime", "from datetime import datetime, timedelta\nd = datetime(2023, 5, 18, 12, 0)\nprint(d + timedelta(days=30), d - timedelta(hours=36, minutes=5), (datetime(2024, 1, 1) - d).days)"),
    ("timedelta_repr_str", "datetime", "from datetime import timedelta\nt = timedelta(days=2, hours=3, minutes=4, seconds=5)\nprint(t, repr(t))\nprint(timedelta(seconds=-1), repr(timedelta(hours=-1)), timedelta(microseconds=1500), t.total_seconds())"),
    ("strftime_strptime", "datetime", "from datetime import datetime\nd = datetime.strptime('2023-03-07 14:05', '%Y-%m-%d %H:%M')\nprint(d, repr(d))\nprint(d.strftime('%d/%m/%y %I:%M %p %a %b %j'), d.date(), d.time())"),
    ("fromisoformat", "datetime", "from datetime import datetime, date\nprint(datetime.fromisoformat('2023-05-01T09:30:00'), date.fromisoformat('2022-12-31') < date(2023, 1, 1))\nprint(datetime.fromisoformat('2023-05-01T09:30:00').isoformat(), date(2023, 5, 1).isoformat())"),
    ("date_weekday_replace", "datetime", "from datetime import date\nd = date(2024, 2, 29)\nprint(d.weekday(), d.replace(day=1), repr(d), d.strftime('%Y-%m-%d'), (d - date(2024, 1, 1)).days)"),
    ("datetime_compare_now", "datetime", "from datetime import datetime, timedelta\ncutoff = datetime.now() - timedelta(days=7)\nprint(cutoff, datetime(2023, 5, 12) > cutoff, type(cutoff).__name__)"),
    ("strptime_error", "datetime", "from datetime import datetime\ndatetime.strptime('2023/05/18', '%Y-%m-%d')"),
    ("calendar_monthrange", "datetime", "import calendar\nprint(calendar.monthrange(2024, 2), calendar.monthrange(2023, 2), calendar.monthrange(2023, 12))"),
    ("calendar_names", "datetime", "import calendar\nprint(calendar.month_name[5], list(calendar.month_name)[:3], calendar.day_name[0], list(calendar.day_abbr), calendar.month_abbr[12])"),
    ("calendar_isleap", "datetime", "import calendar\nprint(calendar.isleap(2024), calendar.isleap(1900), calendar.isleap(2000), calendar.leapdays(2000, 2025), calendar.weekday(2023, 5, 18))"),
    # --- classes, functions, types ------------------------------------------------------
    ("type_builtins", "classes", "print(type(1), type('s'), type([]), type(None), type(1.5).__name__, type({}).__name__)"),
    ("class_repr", "classes", "class Item:\n    def __init__(self, n):\n        self.n = n\n    def __repr__(self):\n        return f'Item({self.n!r})'\nprint(Item(3), [Item('a')], type(Item(1)), Item.__name__)"),
    ("class_str_vs_repr", "classes", "class P:\n    def __str__(self):\n        return 'str-form'\n    def __repr__(self):\n        return 'repr-form'\nprint(P(), [P()], str(P()), f'{P()!r}')"),
    ("function_name_type", "classes", "def helper(x, y=2):\n    '''Doc.'''\n    return x + y\nprint(helper(1), helper.__name__, helper.__doc__, type(helper).__name__, callable(helper))"),
    ("isinstance_checks", "classes", "print(isinstance(True, int), isinstance(1, (str, float)), issubclass(bool, int), type(True) is bool)"),
    ("dataclass_blocked", "safety", "from dataclasses import dataclass\n@dataclass\nclass Row:\n    id: int\n    name: str = 'x'\nprint(Row(1))"),
    ("enum_repr", "classes", "from enum import Enum\nclass Color(Enum):\n    RED = 1\n    GREEN = 2\nprint(Color.RED, repr(Color.GREEN), Color(2).name, Color['RED'].value, list(Color))"),
    ("class_inheritance", "classes", "class A:\n    def who(self):\n        return 'A'\nclass B(A):\n    def who(self):\n        return 'B>' + super().who()\nprint(B().who(), B.__mro__[1].__name__, [c.__name__ for c in B.__mro__])"),
    ("generator_lambda", "classes", "gen = (x * 2 for x in range(3))\nprint(list(gen), list(gen), (lambda a, b=1: a + b)(5), type(gen).__name__)"),
    ("global_nonlocal", "classes", "total = 0\ndef add(n):\n    global total\n    total += n\nadd(5)\nadd(7)\ndef outer():\n    c = 0\n    def inc():\n        nonlocal c\n        c += 1\n        return c\n    inc()\n    return inc()\nprint(total, outer())"),
    ("copy_module", "stdlib", "import copy\na = [[1, 2], [3]]\nb = copy.copy(a)\nc = copy.deepcopy(a)\na[0].append(9)\nprint(b, c)"),
    ("textwrap_pprint", "stdlib", "import textwrap, pprint\nprint(textwrap.shorten('The quick brown fox jumps over the lazy dog', width=20))\nprint(textwrap.fill('word ' * 12, width=25))\npprint.pprint({'k%02d' % i: list(range(i)) for i in range(6)})"),
    ("string_module", "stdlib", "import string\nprint(string.ascii_lowercase, string.digits, string.punctuation, string.capwords('hello big world'))"),
    ("random_seeded", "stdlib", "import random\nrandom.seed(3)\nprint(random.randint(1, 100), random.random())"),
    ("random_instance", "stdlib", "import random\nr = random.Random(42)\nprint(r.choice([1, 2, 3, 4]), r.sample(range(10), 3))\nxs = list(range(8))\nr.shuffle(xs)\nprint(xs, round(r.uniform(1, 2), 6))"),
    ("difflib_close_matches", "stdlib", "import difflib\nprint(difflib.get_close_matches('appel', ['ape', 'apple', 'peach', 'puppy']))"),
    # --- exceptions caught ---------------------------------------------------------------
    ("caught_str_repr", "exceptions", "try:\n    {}['missing']\nexcept KeyError as e:\n    print(str(e), repr(e), type(e).__name__)"),
    ("caught_zero_division", "exceptions", "try:\n    1 / 0\nexcept ZeroDivisionError as e:\n    print('caught:', e, repr(e))"),
    ("caught_value_error_args", "exceptions", "try:\n    int('abc')\nexcept ValueError as e:\n    print(e.args, e)"),
    ("caught_custom_exception", "exceptions", "class AppError(Exception):\n    pass\ntry:\n    raise AppError('bad thing', 42)\nexcept Exception as e:\n    print(e, repr(e), e.args)"),
    ("try_else_finally", "exceptions", "def f(x):\n    try:\n        r = 10 // x\n    except ZeroDivisionError:\n        return 'div0'\n    else:\n        return r\n    finally:\n        print('finally', x)\nprint(f(2), f(0))"),
    ("caught_multiple", "exceptions", "for v in ['1', 'x', None]:\n    try:\n        print(int(v))\n    except (ValueError, TypeError) as e:\n        print(type(e).__name__, '-', e)"),
    # --- uncaught exceptions -------------------------------------------------------------
    ("name_error_suggestion", "exceptions", "values = [1, 2, 3]\nprint(valuess)"),
    ("name_error_plain", "exceptions", "print(undefined_thing_xyz)"),
    ("key_error", "exceptions", 'd = {"a": 1}\nprint(d["b"])'),
    ("key_error_int", "exceptions", "d = {1: 'x'}\nd[2]"),
    ("index_error", "exceptions", "xs = [1, 2, 3]\nprint(xs[3])"),
    ("zero_division", "exceptions", "x = 0\ny = 10 / x"),
    ("type_error_len", "exceptions", "len(5)"),
    ("type_error_concat", "exceptions", "'a' + 1"),
    ("type_error_call_args", "exceptions", "def f(a, b):\n    return a + b\nf(1)"),
    ("type_error_unhashable", "exceptions", "s = {[1, 2]}"),
    ("type_error_not_subscriptable", "exceptions", "x = None\nx['key']"),
    ("attribute_error_none", "exceptions", "result = None\nresult.get('id')"),
    ("attribute_error_str_suggestion", "exceptions", "s = 'hello'\ns.uper()"),
    ("attribute_error_list", "exceptions", "[1, 2].push(3)"),
    ("value_error_int", "exceptions", "int('x')"),
    ("value_error_unpack", "exceptions", "a, b = [1, 2, 3]"),
    ("raise_custom", "exceptions", "raise Exception('custom')"),
    ("raise_value_error_bare", "exceptions", "raise ValueError"),
    ("error_in_function", "exceptions", "def compute(values):\n    total = 0\n    for v in values:\n        total += v\n    return total / len(values)\n\nprint(compute([]))"),
    ("error_nested_functions", "exceptions", "def inner(d):\n    return d['x']\n\ndef outer(d):\n    return inner(d) + 1\n\nouter({})"),
    ("error_in_comprehension", "exceptions", "items = [1, 2, 0, 4]\ninverse = [1 / x for x in items]"),
    ("error_in_lambda_sort", "exceptions", "data = [{'p': 1}, {'q': 2}]\nsorted(data, key=lambda d: d['p'])"),
    ("print_then_fail", "exceptions", "print('step 1 done')\nprint('step 2 done')\nraise RuntimeError('step 3 failed')"),
    ("error_chained", "exceptions", "try:\n    int('x')\nexcept ValueError as e:\n    raise KeyError('wrapped') from e"),
    ("error_during_handling", "exceptions", "try:\n    1 / 0\nexcept ZeroDivisionError:\n    undefined_name"),
    ("assert_error", "exceptions", "x = 5\nassert x > 10, f'x too small: {x}'"),
    ("assert_error_bare", "exceptions", "assert 1 == 2"),
    ("stop_iteration", "exceptions", "it = iter([])\nnext(it)"),
    ("error_long_line", "exceptions", "data = {'alpha': 1, 'beta': 2}\nvalue = data['alpha'] + data['beta'] + data['gamma'] + data['alpha']"),
    ("error_multiline_expression", "exceptions", "total = (\n    1 +\n    undefined_var\n)"),
    ("raise_multiline_message", "exceptions", "raise ValueError('first line\\nsecond line')"),
    ("raise_empty_message", "exceptions", "raise Exception()"),
    ("raise_empty_string", "exceptions", "raise Exception('')"),
    ("raise_non_ascii_message", "exceptions", "raise Exception('caf\\u00e9 \\u2713')"),
    ("error_in_class_method", "exceptions", "class Cart:\n    def __init__(self):\n        self.items = []\n    def total(self):\n        return sum(i['price'] for i in self.items) / len(self.items)\n\nc = Cart()\nprint(c.total())"),
    ("error_in_fstring", "exceptions", "user = {'name': 'x'}\nprint(f\"Hello {user['email']}\")"),
    ("error_deep_indent_block", "exceptions", "for i in range(3):\n    if i == 2:\n        for j in range(2):\n            print(i / (j - 1))"),
    # --- syntax errors ----------------------------------------------------------------
    ("syntax_unclosed_paren", "syntax", "print('hello'"),
    ("syntax_bad_indent", "syntax", "x = 1\n    y = 2"),
    ("syntax_unexpected_unindent", "syntax", "def f():\n    x = 1\n  return x"),
    ("syntax_missing_colon", "syntax", "for i in range(3)\n    print(i)"),
    ("syntax_invalid_assignment", "syntax", "1 = x"),
    ("syntax_invalid_syntax", "syntax", "x = = 2"),
    ("syntax_unterminated_string", "syntax", "print('abc)"),
    ("syntax_missing_comma", "syntax", "print([1 2 3])"),
    ("syntax_on_later_line", "syntax", "print('before')\nx = 1\nif x == 1 print(x)"),
    ("syntax_expected_indent", "syntax", "if True:\nprint('x')"),
    ("syntax_return_outside", "syntax", "return 5"),
    ("syntax_if_without_body", "syntax", "if True:"),
    ("syntax_multiline_unclosed", "syntax", "x = (1,\n     2,\n\ny = 3"),
    ("syntax_python2_print", "syntax", "print 'hello'"),
    ("syntax_tab_error", "syntax", "if True:\n\tx = 1\n        y = 2"),
    ("syntax_else_without_if", "syntax", "x = 1\nelse:\n    x = 2"),
    ("syntax_bad_def", "syntax", "def f(:\n    pass"),
    ("syntax_break_outside_loop", "syntax", "print('a')\nbreak"),
    ("syntax_fstring_error", "syntax", "print(f'{1 +}')"),
    # --- cell-level contract --------------------------------------------------------------
    ("trailing_expression", "cell", "x = 5\nx * 2"),
    ("only_expression", "cell", "'just a string'"),
    ("trailing_expression_after_print", "cell", "print('shown')\n[1, 2, 3]"),
    ("assignment_only", "cell", "x = 10"),
    ("empty_cell", "cell", ""),
    ("whitespace_cell", "cell", "   \n\n  "),
    ("only_comment", "cell", "# just a comment"),
    ("leading_trailing_blank_lines", "cell", "\n\n    \nprint('indented after strip?')\n\n"),
    ("pass_statement", "cell", "pass"),
    ("single_line_indented", "cell", "    print('indented single line')"),
    ("multi_line_indented", "cell", "  x = 1\n  print(x)"),
    ("print_stderr_like", "cell", "print('a', flush=True)"),
    ("print_only_whitespace", "cell", "print('   ')"),
    ("print_empty_string", "cell", "print('')"),
    ("print_trailing_newlines", "cell", "print('text\\n\\n\\n')"),
    ("semicolons", "cell", "a = 1; b = 2; print(a + b)"),
    ("display_call", "cell", "display('shown by display?')"),
    ("import_blocked_module", "safety", "import sys\nprint(sys.version_info[0])"),
    ("import_blocked_two_modules", "safety", "import subprocess, socket\nprint('x')"),
    ("import_allowed_os_path", "safety", "import os.path\nprint(os.path.join('a', 'b', 'c.txt'), os.path.splitext('x/y.tar.gz'), os.path.basename('/p/q.txt'))"),
    ("builtin_open_blocked", "safety", "f = open('notes.txt')\nprint(f.read())"),
    ("exit_call", "safety", "print('before exit')\nexit()"),
    ("help_len_doc", "cell", "print(len.__doc__)"),
    # === version: where CPython 3.11 differs from 3.12+ or from other interpreters ==========
    ("v_float_sum_builtin", "version", "print(sum([0.1] * 10), sum([0.1, 0.2, 0.3]), sum([1e100, 1.0, -1e100]), sum([0.1] * 3) == 0.3)"),
    ("v_float_sum_generator", "version", "prices = [19.99, 5.01, 0.1, 0.2, 3.3]\nprint(sum(prices), sum(p * 3 for p in prices), math.fsum(prices))"),
    ("v_float_arith_repr", "version", "print(1.1 * 3, 0.1 * 3, 4.35 * 100, 1 - 0.9, 2 ** 0.5 * 2 ** 0.5, 0.1 + 0.7, 3 * 1.1 == 3.3)"),
    ("v_calendar_monthrange", "version", "import calendar\nprint(calendar.monthrange(2023, 5), repr(calendar.monthrange(2024, 2)[0]), calendar.weekday(2023, 5, 18), repr(calendar.weekday(2023, 5, 18)))"),
    ("v_calendar_constants", "version", "import calendar\nprint(calendar.MONDAY, repr(calendar.SUNDAY), calendar.firstweekday(), type(calendar.MONDAY).__name__)"),
    ("v_calendar_month_text", "version", "import calendar\nprint(calendar.month(2023, 5))\nprint(calendar.monthcalendar(2023, 2)[0])"),
    ("v_enum_str_repr_format", "version", "from enum import Enum, IntEnum\nclass Color(Enum):\n    RED = 1\nclass Prio(IntEnum):\n    LOW = 1\n    HIGH = 2\nprint(Color.RED, str(Color.RED), f'{Color.RED}', repr(Color.RED))\nprint(Prio.HIGH, str(Prio.HIGH), f'{Prio.HIGH}', repr(Prio.HIGH), Prio.HIGH + 1, format(Prio.LOW, '03d'))"),
    ("v_enum_strenum", "version", "from enum import StrEnum, auto\nclass Status(StrEnum):\n    OPEN = auto()\n    DONE = 'done'\nprint(Status.OPEN, repr(Status.OPEN), Status.DONE == 'done', f'{Status.DONE}', Status('done').name, list(Status))"),
    ("v_enum_flag", "version", "from enum import Flag, auto\nclass Perm(Flag):\n    R = auto()\n    W = auto()\n    X = auto()\nrw = Perm.R | Perm.W\nprint(rw, repr(rw), list(rw), Perm.R in rw, repr(Perm(0)), len(rw))"),
    ("v_enum_errors", "version", "from enum import Enum\nclass Color(Enum):\n    RED = 1\ntry:\n    Color(5)\nexcept ValueError as e:\n    print(e)\ntry:\n    Color['BLUE']\nexcept KeyError as e:\n    print(repr(e))"),
    ("v_ordereddict_repr", "version", "from collections import OrderedDict\nod = OrderedDict(a=1, b=[2])\nprint(repr(od), str(OrderedDict()), od)\nprint('od', od)"),
    ("v_counter_defaultdict_repr", "version", "from collections import Counter, defaultdict\nprint('c', Counter('abca'), Counter())\nprint('d', defaultdict(list, {'k': [1]}), defaultdict(int))"),
    ("v_max_empty_uncaught", "version", "scores = []\nbest = max(scores)"),
    ("v_min_empty_tuple_caught", "version", "for f in (min, max):\n    try:\n        f(())\n    except ValueError as e:\n        print(f.__name__, '->', e)\ntry:\n    max(1)\nexcept TypeError as e:\n    print(e)"),
    ("v_caret_binop", "version", "count = 3\nlabel = 'items: '\nmessage = label + count"),
    ("v_caret_binop_nested", "version", "a, b, c = 1, 2, None\nresult = (a + b) * c + 10"),
    ("v_caret_subscript_chain", "version", "data = {'user': {'emails': ['a@x.com']}}\nsecond = data['user']['emails'][1]"),
    ("v_caret_subscript_key_chain", "version", "data = {'user': {'name': 'ann'}}\nprint(data['user']['email'].lower())"),
    ("v_caret_attribute_chain", "version", "class Node:\n    def __init__(self):\n        self.child = None\nroot = Node()\nprint(root.child.child.value)"),
    ("v_caret_method_on_none", "version", "response = {'data': None}\nnames = response['data'].get('names')"),
    ("v_caret_call_in_expression", "version", "def parse(x):\n    return int(x)\ntotal = parse('1') + parse('two') + parse('3')"),
    ("v_caret_whole_line_no_marker", "version", "def fail():\n    raise RuntimeError('boom')\nfail()"),
    ("v_caret_name_error_statement", "version", "x = 1\nundefined_variable_name"),
    ("v_caret_non_ascii_line", "version", "name = 'Zo\u00eb \u2013 caf\u00e9'\nresult = name + 5"),
    ("v_caret_long_line", "version", "config = {'alpha': 1, 'beta': 2, 'gamma': 3}\nvalue = config['alpha'] * 1000 + config['beta'] * 100 + config['gamma'] * 10 + config['delta'] + config['alpha'] + config['beta'] + config['gamma']"),
    ("v_caret_multiline_call", "version", "def f(a, b):\n    return a / b\nresult = f(\n    10,\n    0,\n)"),
    ("v_fstring_empty_expression", "version", "print(f'value: {}')"),
    ("v_fstring_same_quotes", "version", "d = {'a': 1}\nprint(f'{d['a']}')"),
    ("v_fstring_backslash_in_expr", "version", "items = ['a', 'b']\nprint(f'{\"\\n\".join(items)}')"),
    ("v_fstring_bad_conversion", "version", "x = 1\nprint(f'{x!z}')"),
    ("v_fstring_unclosed_brace", "version", "x = 1\nprint(f'{x')"),
    ("v_fstring_single_brace", "version", "print(f'a } b')"),
    ("v_int_float_parse_messages", "version", "for s in ['3.5', '', ' ', '1_000', '١٢', '0x10', None, [1]]:\n    try:\n        print(repr(s), int(s))\n    except (ValueError, TypeError) as e:\n        print(type(e).__name__, e)\nfor s in ['abc', '1e3', 'nan', '1,5', '']:\n    try:\n        print(float(s))\n    except ValueError as e:\n        print(e)"),
    ("v_zero_division_messages", "version", "cases = [lambda: 1 / 0, lambda: 1 // 0, lambda: 1 % 0, lambda: 1.0 / 0, lambda: 1.0 // 0, lambda: 1.0 % 0, lambda: divmod(1, 0), lambda: divmod(1.0, 0), lambda: 0 ** -1, lambda: 0.0 ** -1, lambda: pow(0, -1, 5)]\nfor case in cases:\n    try:\n        case()\n    except (ZeroDivisionError, ValueError) as e:\n        print(type(e).__name__ + ':', e)"),
    ("v_zero_division_uncaught_modulo", "version", "n = 0\nprint(10 % n)"),
    ("v_index_messages", "version", "cases = [lambda: [1, 2].index(3), lambda: 'abc'.index('z'), lambda: (1, 2).index(5), lambda: [].pop(), lambda: {}.popitem(), lambda: set().pop(), lambda: [1].remove(2), lambda: 'a,b'.split(''), lambda: 'abc'[5], lambda: [1][-2], lambda: (1,)[3], lambda: 'abc'.rindex('q'), lambda: b'ab'.index(b'z'), lambda: range(3).index(7)]\nfor case in cases:\n    try:\n        case()\n    except Exception as e:\n        print(type(e).__name__, repr(e))"),
    ("v_keyerror_reprs", "version", "cases = [('a',), (1, 2), \"it's\", 'say \"hi\"', None, 3.5, '']\nfor key in cases:\n    try:\n        {}[key]\n    except KeyError as e:\n        print(repr(e), '|', str(e), '|', e.args)"),
    ("v_keyerror_tuple_uncaught", "version", "grid = {(0, 0): 'x'}\nprint(grid[(1, 2)])"),
    ("v_in_operator_errors", "version", "cases = [lambda: '9' in 9, lambda: 9 in '9', lambda: [1] in {1: 2}, lambda: None in 'abc', lambda: 'a' in None]\nfor case in cases:\n    try:\n        print(case())\n    except TypeError as e:\n        print(e)"),
    ("v_set_int_orders", "version", "print({3, 1, 2}, {64, 0, 32, 16, 8}, {-1, -2, -3}, set(range(10, 0, -1)), {True, 1, 1.0, 0, False})\nprint({33, 1, 65, 97, 2}, {2 ** 40, 5, 2 ** 61 - 1, -2}, {1.5, 0.5, 2.0})"),
    ("v_floor_div_floats", "version", "print(5 // 0.5, 3.0 // 1.5, 10 // 2.5, -7 // 2, 1 // 0.1, 0.3 // 0.1, 7 // -2.0)\nprint(-7 % 2.5, 7.0 % -2, 5.5 % 1, -0.0 // 1, divmod(-7.5, 2), 2 ** -1, (-8) ** (1 / 3))"),
    ("v_round_halves", "version", "print(round(0.125, 2), round(0.375, 2), round(2.5), round(-2.5), round(-0.5), round(1.005, 2), round(2.675, 2))\nprint(round(5, -1), round(15, -1), round(25, -1), round(0.5 + 1e-16), round(1e300, 2), round(123.456, -1), round(-0.0001, 2))"),
    ("v_math_outputs", "version", "import math\nprint(math.exp(1), math.exp(2), math.log(10), math.log(8, 2), math.log(1000, 10), math.log(0.5))\nprint(math.sqrt(2), 2 ** 0.5, math.pow(2, 0.5), 10 ** -2, math.sin(math.pi), math.tan(math.pi / 4), math.atan2(1, 1))"),
    ("v_math_311_functions", "version", "import math\nprint(math.cbrt(27), math.exp2(10), math.isqrt(17), math.lcm(4, 6), math.dist((0, 0), (3, 4)), math.prod([1.5, 2, 3]), math.comb(5, 2), math.perm(5, 2))"),
    ("v_float_format_specs", "version", "x = 2.675\nprint(f'{x:.2f}', f'{1.005:.2f}', f'{0.5:.0f}', f'{1.5:.0f}', f'{2.5:.0f}', f'{-0.0:.1f}', f'{1e-7:.3f}')\nprint(format(1e22), format(1e16), format(1e15), repr(1 / 3), str(1e-7), 1e21, 123456789012345678.0, f'{1e22:f}', f'{0.1:.20f}')"),
    ("v_format_g_and_grouping", "version", "print(f'{1234.5:g}', f'{0.00001234:g}', f'{1e6:g}', f'{123456789:,}', f'{1234.5:_.2f}', '%g' % 1e-5, f'{12:+d}', f'{3.0:n}', f'{7:b}', f'{-3:x}', f'{1e100:.3e}', f'{12.0:%}')"),
    ("v_str_method_errors", "version", "cases = [lambda: ''.join([1, 2]), lambda: 'a' * 'b', lambda: 'a'.replace(1, 2), lambda: 'abc'.startswith(['a']), lambda: '%d' % 'x', lambda: '{}{}'.format(1), lambda: '{x}'.format(), lambda: 'a' + None, lambda: 'abc'.split(1), lambda: 'x'.center('5'), lambda: 'ab'.encode('nope'), lambda: b'\\xff'.decode(), lambda: 'abc'.zfill(), lambda: ord('ab'), lambda: chr(-1)]\nfor case in cases:\n    try:\n        case()\n    except Exception as e:\n        print(type(e).__name__ + ':', e)"),
    ("v_sorted_mixed_types", "version", "values = [3, 'a', 1]\nprint(sorted(values))"),
    ("v_comparison_type_errors", "version", "cases = [lambda: sorted([3, None, 1]), lambda: max(1, 'a'), lambda: [1] < (1,), lambda: {1: 2} < {3: 4}, lambda: None > 0, lambda: min([{'a': 1}, {'a': 2}])]\nfor case in cases:\n    try:\n        case()\n    except TypeError as e:\n        print(e)"),
    ("v_unpack_messages", "version", "def t1():\n    a, b = [1, 2, 3]\ndef t2():\n    a, b, c = [1]\ndef t3():\n    a, b = 5\ndef t4():\n    a, *b, c = [1]\ndef t5():\n    for k, v in {'ab': 1, 'cde': 2}:\n        pass\ndef t6():\n    (a, b), c = [1, 2], 3, 4\nfor t in (t1, t2, t3, t4, t5, t6):\n    try:\n        t()\n    except (ValueError, TypeError) as e:\n        print(t.__name__, type(e).__name__, e)"),
    ("v_unpack_uncaught_dict_items", "version", "user = {'name': 'ann', 'age': 3}\nfor key, value in user:\n    print(key, value)"),
    ("v_zip_strict", "version", "names = ['a', 'b', 'c']\nages = [1, 2]\nprint(list(zip(names, ages)))\nprint(list(zip(names, ages, strict=True)))"),
    ("v_zip_strict_caught", "version", "for args in ([[1], [1, 2]], [[1, 2], [1]], [[1], [1], []]):\n    try:\n        list(zip(*args, strict=True))\n    except ValueError as e:\n        print(e)"),
    ("v_newer_str_and_int_methods", "version", "print('prefix_name'.removeprefix('prefix_'), 'a.txt'.removesuffix('.txt'), 'x'.removeprefix('y'), 'caf\u00e9'.isascii(), (255).bit_count(), (10).bit_length(), int.from_bytes(b'\\x01\\x00', 'big'))"),
    ("v_itertools_pairwise_batched", "version", "import itertools\nprint(list(itertools.pairwise([1, 2, 3, 4])), hasattr(itertools, 'batched'))\nprint(list(itertools.batched(range(5), 2)))"),
    ("v_match_literals_guards", "version", "def classify(x):\n    match x:\n        case 0:\n            return 'zero'\n        case int(n) if n < 0:\n            return f'negative {n}'\n        case int() | float():\n            return 'number'\n        case str() as s if s.isdigit():\n            return 'digits'\n        case [] | ():\n            return 'empty sequence'\n        case [first, *rest]:\n            return f'seq first={first} rest={rest}'\n        case {'type': 'user', 'id': uid}:\n            return f'user {uid}'\n        case _:\n            return 'other'\nfor v in [0, -3, 2.5, '42', 'x', [], [1, 2, 3], (9,), {'type': 'user', 'id': 7, 'extra': 1}, None]:\n    print(repr(v), '->', classify(v))"),
    ("v_match_class_patterns", "version", "class Point:\n    __match_args__ = ('x', 'y')\n    def __init__(self, x, y):\n        self.x, self.y = x, y\ndef where(p):\n    match p:\n        case Point(0, 0):\n            return 'origin'\n        case Point(x, 0):\n            return f'on x axis at {x}'\n        case Point(x=0, y=y):\n            return f'on y axis at {y}'\n        case Point():\n            return 'elsewhere'\nfor p in [Point(0, 0), Point(3, 0), Point(0, -2), Point(1, 1)]:\n    print(where(p))"),
    ("v_match_no_case_matches", "version", "command = 'stop'\nmatch command.split():\n    case ['go', direction]:\n        print('going', direction)\n    case ['look']:\n        print('looking')\nprint('done', command)"),
    ("v_exception_group_uncaught", "version", "raise ExceptionGroup('several problems', [ValueError('bad value'), TypeError('bad type')])"),
    ("v_except_star", "version", "try:\n    raise ExceptionGroup('batch', [ValueError(1), KeyError('k'), ValueError(2)])\nexcept* ValueError as group:\n    print('values:', repr(group.exceptions))\nexcept* KeyError as group:\n    print('keys:', group.exceptions, group.message)"),
    ("v_exception_group_caught_str", "version", "try:\n    raise ExceptionGroup('outer', [ValueError('a'), ExceptionGroup('inner', [KeyError('b')])])\nexcept ExceptionGroup as e:\n    print(str(e))\n    print(repr(e))\n    print(len(e.exceptions), e.subgroup(lambda x: isinstance(x, KeyError)))"),
    ("v_exception_add_note", "version", "err = ValueError('amount must be positive')\nerr.add_note('while processing order 17')\nerr.add_note('second note')\nraise err"),
    ("v_exception_add_note_caught", "version", "try:\n    e = KeyError('id')\n    e.add_note('context')\n    raise e\nexcept KeyError as caught:\n    print(caught, caught.__notes__)"),
    ("v_typing_reprs", "version", "from typing import List, Dict, Optional, Union, Any, Callable, Tuple\nprint(List[int], Dict[str, int], Optional[int], Union[int, str], Any, Callable[[int], str], Tuple[int, ...])\nprint(list[int], int | None, dict[str, list[int]], Optional[List[Dict[str, Any]]], type(int | str).__name__)"),
    ("v_typing_typeddict_namedtuple", "version", "from typing import TypedDict, NamedTuple, Literal, get_type_hints\nclass Row(TypedDict):\n    id: int\n    name: str\nclass Pair(NamedTuple):\n    a: int\n    b: str = 'x'\nprint(Row(id=1, name='n'), Pair(1), Pair._fields, Literal['a', 'b'])\nprint(get_type_hints(Row))"),
    ("v_isinstance_union", "version", "print(isinstance(1, int | str), isinstance(None, int | None), issubclass(bool, int | float))"),
    ("v_int_str_digit_limit", "version", "try:\n    int('1' * 5000)\nexcept ValueError as e:\n    print(e)\ntry:\n    str(10 ** 5000)\nexcept ValueError as e:\n    print(e)\nprint(len(str(10 ** 4000)))"),
    ("v_int_str_digit_limit_uncaught", "version", "big = 7 ** 6000\nprint(big)"),
    ("v_fromisoformat_311_forms", "version", "from datetime import datetime, date, time\nprint(repr(datetime.fromisoformat('2023-05-18T12:00:00Z')), repr(date.fromisoformat('20230518')))\nprint(datetime.fromisoformat('2023-05-18 10:30:00.123+02:00'), datetime.fromisoformat('20230518T1030'), repr(time.fromisoformat('10:30Z')))"),
    ("v_fromisoformat_invalid", "version", "from datetime import datetime\ndatetime.fromisoformat('2023-13-01')"),
    ("v_comprehension_frames", "version", "items = {'a': 1, 'b': 0}\nratios = {k: 10 / v for k, v in items.items()}"),
    ("v_setcomp_genexpr_frames", "version", "values = [1, 0]\ntry:\n    {1 / v for v in values}\nexcept ZeroDivisionError as e:\n    print('set comp:', e)\ntotal = sum(1 / v for v in values)"),
    ("v_class_body_frame", "version", "class Config:\n    base = 10\n    ratio = base / 0"),
    ("v_lambda_frame_sort_key", "version", "rows = [{'n': 'b', 'p': 2}, {'n': 'a'}]\nrows.sort(key=lambda r: r['p'])"),
    # === contract: AppWorld's shell around the cell ===========================================
    # --- the frozen clock ---
    ("c_now_values", "contract", "from datetime import datetime, date\nprint(datetime.now(), date.today(), datetime.utcnow(), datetime.today())"),
    ("c_now_reprs", "contract", "from datetime import datetime, date\nprint(repr(datetime.now()), repr(datetime.utcnow()), repr(date.today()))\nprint(repr(datetime.now().date()), repr(datetime.now().time()), repr(datetime.today()))"),
    ("c_now_module_path", "contract", "print(repr(datetime.datetime.now()), repr(datetime.date.today()), repr(datetime.datetime.utcnow()))"),
    ("c_time_time", "contract", "import time\nprint(time.time(), int(time.time()), type(time.time()).__name__)"),
    ("c_time_localtime_gmtime", "contract", "import time\nprint(time.localtime())\nprint(time.gmtime())\nprint(time.localtime().tm_hour, time.gmtime(0).tm_year, time.mktime(time.localtime()))"),
    ("c_time_strftime_ctime", "contract", "import time\nprint(time.strftime('%Y-%m-%d %H:%M:%S'), '|', time.asctime(time.gmtime()), '|', time.asctime(time.localtime()))\nprint(len(time.ctime()), time.ctime()[-4:] != '2023', time.asctime()[-4:] != '2023')"),
    ("c_time_monotonic_frozen", "contract", "import time\na = time.monotonic()\nb = time.perf_counter()\nprint(time.monotonic() - a, time.perf_counter() - b, time.time_ns())"),
    ("c_type_now", "contract", "from datetime import datetime, date\nprint(type(datetime.now()), type(date.today()))\nprint(type(datetime.now()).__name__, type(datetime.now()).__module__, datetime.__name__, datetime)"),
    ("c_isinstance_now", "contract", "from datetime import datetime, date\nimport datetime as dt\nnow = datetime.now()\nprint(isinstance(now, datetime), isinstance(now, dt.datetime), isinstance(date.today(), date), isinstance(now, date))\nprint(type(now) is datetime, now == datetime(2023, 5, 18, 12), now == dt.datetime(2023, 5, 18, 12), issubclass(datetime, dt.date))"),
    ("c_isoformat_variants", "contract", "from datetime import datetime\nnow = datetime.now()\nprint(now.isoformat(), now.isoformat(timespec='minutes'), now.isoformat(sep=' '), str(now), now.strftime('%Y-%m-%dT%H:%M:%SZ'), now.ctime())"),
    ("c_timestamp", "contract", "from datetime import datetime, timezone\nprint(datetime.now().timestamp(), datetime(2023, 1, 1, tzinfo=timezone.utc).timestamp(), datetime.fromtimestamp(0, tz=timezone.utc))"),
    ("c_fromisoformat_repr", "contract", "from datetime import datetime, date\nd = datetime.fromisoformat('2023-01-02T03:04:05')\nprint(repr(d), repr(date.fromisoformat('2023-01-02')), repr(datetime(2023, 1, 2)), repr(date(2023, 1, 2)))"),
    ("c_real_datetime_class_repr", "contract", "import datetime as dt\nprint(repr(dt.datetime(2023, 1, 2, 3, 4)), repr(dt.date(2023, 1, 2)), repr(dt.datetime.max), repr(dt.date.min), repr(dt.time(9, 30)))"),
    ("c_combine", "contract", "from datetime import datetime, date, time as dtime\nc = datetime.combine(date(2023, 5, 1), dtime(9, 30))\nprint(c, repr(c), type(c).__name__, repr(datetime.combine(date.today(), dtime.min)))"),
    ("c_arithmetic_reprs", "contract", "from datetime import datetime, date, timedelta\nprint(repr(datetime.now() - timedelta(days=1)), repr(date.today() + timedelta(1)))\nprint(repr(datetime.now() - datetime(2023, 1, 1)), repr(timedelta(days=1) + datetime.now()))\nprint(type(datetime.now() + timedelta(hours=1)).__name__, type(date.today() - timedelta(days=3)).__name__)"),
    ("c_date_differences", "contract", "from datetime import datetime, date\nprint(repr(date.today() - date(2023, 1, 1)), (date.today() - date(2023, 1, 1)).days, datetime.now() - datetime(2023, 5, 17, 8, 30))\nprint((datetime(2023, 6, 1) - datetime.now()).total_seconds(), abs(date(2023, 1, 1) - date.today()))"),
    ("c_datetime_minus_date_error", "contract", "from datetime import datetime, date\nprint(datetime.now() - date.today())"),
    ("c_compare_naive_aware", "contract", "from datetime import datetime, timezone\nprint(datetime.now() < datetime.now(timezone.utc))"),
    ("c_now_with_timezones", "contract", "from datetime import datetime, timezone, timedelta\nprint(repr(datetime.now(timezone.utc)), datetime.now(tz=timezone(timedelta(hours=2))), datetime.now(timezone.utc).isoformat())"),
    ("c_json_dumps_now_error", "contract", "import json\nfrom datetime import datetime\nprint(json.dumps({'created': datetime.now()}))"),
    ("c_json_dumps_date_error_caught", "contract", "from datetime import date, datetime\nfor v in (date.today(), datetime.now(), datetime.now() - datetime(2023, 1, 1)):\n    try:\n        json.dumps(v)\n    except TypeError as e:\n        print(e)"),
    ("c_json_dumps_default_str", "contract", "from datetime import datetime, date\nprint(json.dumps({'t': datetime.now(), 'd': date.today()}, default=str))"),
    ("c_print_list_with_now", "contract", "from datetime import datetime\nprint([datetime.now()])"),
    ("c_strptime_type_and_replace", "contract", "from datetime import datetime\nd = datetime.strptime('2023-03-07', '%Y-%m-%d')\nprint(type(d).__name__, repr(d.replace(hour=5)), d.weekday(), d.strftime('%A'), d.isocalendar(), repr(d.isocalendar()))"),
    ("c_timedelta_division", "contract", "from datetime import datetime, timedelta\nspan = datetime.now() - datetime(2023, 5, 1)\nprint(span / timedelta(days=1), span // timedelta(hours=1), span % timedelta(days=7), span * 2, -span)"),
    ("c_pendulum_now", "contract", "print(pendulum.now(), repr(pendulum.now()), type(pendulum.now()).__name__, pendulum.today().to_date_string())"),
    # --- the cell's print() ---
    ("c_print_json_nested_deep", "contract", "print({'a': {'b': {'c': [1, [2, [3, {'d': None}]]]}}})"),
    ("c_print_json_non_ascii_keys", "contract", "print({'\u043a\u043b\u044e\u0447': '\u0437\u043d\u0430\u0447\u0435\u043d\u0438\u0435', 'emoji': '\U0001F600', 'jp': '\u65e5\u672c'})"),
    ("c_print_json_long_list_indent", "contract", "print(list(range(40)))"),
    ("c_print_json_list_of_dicts_indent", "contract", "print([{'id': i, 'name': f'user{i}', 'tags': ['a'] * i} for i in range(4)])"),
    ("c_print_list_end_empty", "contract", "print([1, 2], end='')"),
    ("c_print_list_with_flush", "contract", "print(['a', None], flush=True)"),
    ("c_print_star_single_list", "contract", "print(*[[1, 'x']])"),
    ("c_print_star_empty", "contract", "print(*[])"),
    ("c_print_empty_tuple", "contract", "print(())"),
    ("c_print_empty_list", "contract", "print([])"),
    ("c_print_empty_dict", "contract", "print({})"),
    ("c_print_namedtuple_alone", "contract", "from collections import namedtuple\nUser = namedtuple('User', 'id name')\nprint(User(1, 'ann'))"),
    ("c_print_counter_alone", "contract", "print(Counter('abracadabra'))"),
    ("c_print_defaultdict_alone", "contract", "d = defaultdict(list)\nd['x'].append(1)\nprint(d)"),
    ("c_print_bytes_in_list", "contract", "print([b'raw', 1])"),
    ("c_print_list_of_tuples", "contract", "print([(1, 'a'), (2, 'b')])"),
    ("c_print_bool_float_keys", "contract", "print({True: 1, False: 0, 1.5: 'x', float('inf'): 'y', -0.0: 'z'})"),
    ("c_print_list_float_forms", "contract", "print([1.0, 1e-7, 1e22, -0.0, 2.5e-5, 100.0, 1/3])"),
    ("c_print_list_big_ints", "contract", "print([10 ** 20, 2 ** 64, -(2 ** 70)])"),
    ("c_print_list_subclass", "contract", "class Items(list):\n    def __repr__(self):\n        return 'Items!'\nprint(Items([1, 2]))\nprint('as text:', Items([1, 2]))"),
    ("c_print_list_enums", "contract", "from enum import Enum, IntEnum\nclass P(IntEnum):\n    LOW = 1\nclass C(Enum):\n    RED = 'r'\nprint([P.LOW])\nprint([C.RED])"),
    ("c_print_list_surrogate_pair", "contract", "print(['caf\u00e9', '\U0001F600', 'tab\there'])"),
    ("c_print_dict_file_none", "contract", "print({'a': 1}, file=None)"),
    ("c_print_invalid_keyword", "contract", "print('x', colour='red')"),
    ("c_print_builtins_print_list", "contract", "builtins.print([1, None, 'a'])\nbuiltins.print({'k': (1, 2)})"),
    ("c_print_alone_blank", "contract", "print()"),
    ("c_print_newlines_only", "contract", "print('\\n\\n')\nprint('\\t')"),
    ("c_print_text_then_blank", "contract", "print('a')\nprint()"),
    ("c_print_end_only", "contract", "print(end='x')"),
    ("c_print_sep_only", "contract", "print(sep='-')"),
    ("c_print_function_info", "contract", "print(type(print), print.__name__, print.__module__, print.__doc__, input.__name__, type(len))"),
    ("c_print_json_shadowed", "contract", "json = None\nprint([1, 2])"),
    ("c_print_deleted", "contract", "del print\nprint([1, 2], {'a': None})"),
    ("c_print_redefined", "contract", "def print(*args):\n    builtins.print('custom:', *args)\nprint([1])"),
    ("c_print_to_stderr", "contract", "err = __import__('sys').stderr\nprint('to stderr', file=err)"),
    ("c_print_stdout_and_stderr", "contract", "s = __import__('sys')\nprint('out line')\nprint('err line', file=s.stderr)"),
    # --- input() ---
    ("c_input_no_prompt", "contract", "answer = input()"),
    ("c_input_in_function", "contract", "def ask():\n    return input('continue? ')\nprint('asking')\nask()"),
    ("c_input_caught", "contract", "try:\n    input('x')\nexcept Exception as e:\n    print(type(e).__name__, '|', e)"),
    # --- the safety check: modules ---
    ("c_import_statistics", "contract", "import statistics\nprint(statistics.mean([1, 2, 3]))"),
    ("c_import_hashlib", "contract", "import hashlib\nprint(hashlib.md5(b'x').hexdigest())"),
    ("c_import_many_refused", "contract", "import sys, os, hashlib, decimal\nprint('x')"),
    ("c_import_sys_alias", "contract", "import sys as system\nprint(system.argv)"),
    ("c_from_sys_import", "contract", "from sys import argv"),
    ("c_import_importlib", "contract", "import importlib\nm = importlib.import_module('json')"),
    ("c_import_third_party", "contract", "import numpy as np\nimport pandas as pd\nimport requests"),
    ("c_import_refused_inside_function", "contract", "def helper():\n    import subprocess\n    return subprocess\nprint('defined')"),
    ("c_import_refused_in_try", "contract", "try:\n    import zoneinfo\nexcept ImportError:\n    zoneinfo = None\nprint(zoneinfo)"),
    ("c_import_traceback_logging", "contract", "import traceback\nimport logging"),
    ("c_import_io_shutil_pickle", "contract", "import io, shutil, pickle, tomllib, warnings, asyncio, inspect"),
    ("c_import_time_allowed", "contract", "import time\nprint(time.strftime('%H:%M'), time.timezone == time.timezone)"),
    ("c_import_collections_abc", "contract", "import collections.abc\nfrom collections.abc import Mapping, Sequence\nprint(collections.abc.Mapping.__name__, isinstance({}, Mapping), isinstance('s', Sequence))"),
    ("c_from_os_import_path", "contract", "from os import path\nimport os.path as osp\nprint(path.join('a', 'b'), osp.splitext('report.final.pdf'), path.basename('x/y/z.txt'), path.dirname('x/y/z.txt'))"),
    ("c_os_allowed_bits", "contract", "import os\nprint(os.path.join('a', 'b', 'c'), os.sep, os.name, os.path.splitext('archive.tar.gz'), os.path.exists('/definitely/not/here/appsim'), os.linesep == '\\n', os.path.normpath('a//b/../c'))"),
    ("c_import_allowed_misc", "contract", "import uuid, typing, unittest, numbers, operator, string, array, contextlib\nprint(uuid.UUID(int=0), uuid.uuid5(uuid.NAMESPACE_DNS, 'example.com'), typing.Optional[int], isinstance(3, numbers.Number), operator.add(2, 3), array.array('i', [1, 2]))"),
    ("c_import_yaml", "contract", "import yaml\nprint(yaml.safe_dump({'b': [1, 2], 'a': 'x'}), yaml.safe_load('k: [1, 2]\\nn: null'))"),
    ("c_import_pathlib", "contract", "import pathlib\np = pathlib.Path('data') / 'file.txt'\nprint(p, repr(p), p.suffix, p.stem, p.parent, p.name, pathlib.PurePosixPath('/a/b').parts)"),
    ("c_dunder_import_sys", "contract", "s = __import__('sys')\nprint(s.version_info[:2], s.version_info.major, s.getrecursionlimit(), s.maxsize, s.byteorder)"),
    ("c_dunder_import_sys_exit", "contract", "s = __import__('sys')\ns.exit(3)\nprint('still running after sys.exit')"),
    ("c_dunder_import_chain_exit", "contract", "__import__('sys').exit(0)"),
    ("c_method_named_exit_refused", "contract", "class Session:\n    def exit(self):\n        return 'bye'\nprint(Session().exit())"),
    ("c_method_named_exit_on_name", "contract", "class Session:\n    def exit(self):\n        return 'bye'\ns = Session()\nprint(s.exit())"),
    ("c_method_named_open_refused", "contract", "class Door:\n    def open(self):\n        return 'opened'\nprint(Door().open())"),
    # --- the safety check: functions ---
    ("c_quit_call", "contract", "quit()"),
    ("c_exit_and_quit", "contract", "exit()\nquit()"),
    ("c_exit_with_code", "contract", "print('x')\nexit(1)"),
    ("c_breakpoint_call", "contract", "breakpoint()"),
    ("c_time_sleep", "contract", "import time\ntime.sleep(1)\nprint('woke')"),
    ("c_time_sleep_alias", "contract", "import time as t\nt.sleep(1)"),
    ("c_from_time_import_sleep", "contract", "from time import sleep\nsleep(1)"),
    ("c_from_time_import_sleep_alias", "contract", "from time import sleep as nap\nnap(0.5)"),
    ("c_sleep_via_variable", "contract", "import time\npause = time.sleep\npause(5)\nprint('returned at once:', pause(5))"),
    ("c_sleep_import_inside_function", "contract", "def wait():\n    from time import sleep\n    return sleep(3)\nprint(wait())"),
    ("c_os_system", "contract", "import os\nos.system('ls')"),
    ("c_os_listdir", "contract", "import os\nprint(os.listdir('.'))"),
    ("c_os_listdir_via_variable", "contract", "import os\nls = os.listdir\nprint(ls('.'))"),
    ("c_os_system_via_getattr", "contract", "import os\nprint(getattr(os, 'system')('true'))"),
    ("c_os_remove_and_walk", "contract", "import os\nos.remove('x.txt')\nfor root, dirs, files in os.walk('.'):\n    pass"),
    ("c_json_dump_load", "contract", "import json\njson.dump({'a': 1}, None)\njson.load(None)"),
    ("c_open_write", "contract", "with open('out.txt', 'w') as f:\n    f.write('x')"),
    ("c_open_via_variable_read_missing", "contract", "reader = open\nreader('appsim_probe_missing_file.txt')"),
    ("c_open_via_variable_write", "contract", "writer = open\nwriter('appsim_probe_out.txt', 'w')"),
    ("c_pathlib_write_text_instance", "contract", "import pathlib\np = pathlib.Path('appsim_probe.txt')\np.write_text('x')"),
    ("c_pathlib_write_text_chained", "contract", "import pathlib\nprint(pathlib.Path('appsim_probe.txt').write_text('x'))"),
    ("c_csv_reader_refused", "contract", "import csv\nrows = csv.reader(['a,b', '1,2'])\nprint(list(rows))"),
    ("c_eval_exec_allowed", "contract", "print(eval('1 + 2 * 3'))\nexec('z = 10')\nprint(z, eval('z * 2', {'z': 4}))"),
    ("c_compile_allowed", "contract", "code = compile('a = 5', '<s>', 'exec')\nns = {}\nexec(code, ns)\nprint(ns['a'])"),
    # --- SystemExit, KeyboardInterrupt ---
    ("c_raise_system_exit", "contract", "print('before')\nraise SystemExit"),
    ("c_raise_system_exit_code", "contract", "raise SystemExit(2)"),
    ("c_system_exit_is_exception", "contract", "print(SystemExit is Exception, SystemExit.__name__)\ntry:\n    raise SystemExit('bye')\nexcept Exception as e:\n    print('caught', type(e).__name__, e)"),
    ("c_raise_keyboard_interrupt", "contract", "raise KeyboardInterrupt"),
    ("c_raise_keyboard_interrupt_msg", "contract", "print('working')\nraise KeyboardInterrupt('stop')"),
    ("c_raise_base_exception", "contract", "raise BaseException('base')"),
    ("c_raise_generator_exit", "contract", "raise GeneratorExit('g')"),
    # --- statements outside their blocks ---
    ("c_continue_outside_loop", "contract", "x = 1\ncontinue"),
    ("c_yield_outside_function", "contract", "yield 5"),
    ("c_await_top_level", "contract", "async def get():\n    return 41 + 1\nvalue = await get()\nprint(value)"),
    ("c_await_in_plain_function", "contract", "async def get():\n    return 1\ndef f():\n    return await get()"),
    ("c_async_function_not_awaited", "contract", "async def get():\n    return 1\nprint(type(get()).__name__)"),
    ("c_global_at_module_level", "contract", "global counter\ncounter = 5\nprint(counter)"),
    ("c_nonlocal_at_module_level", "contract", "nonlocal counter"),
    ("c_return_inside_class_body", "contract", "class A:\n    return 1"),
    ("c_duplicate_argument", "contract", "def f(x, x):\n    return x"),
    ("c_ipython_magic_line", "contract", "%pwd"),
    ("c_ipython_shell_escape", "contract", "!ls"),
    ("c_ipython_help_suffix", "contract", "len?"),
    ("c_ipython_magic_after_code", "contract", "x = 1\n%whos"),
    # --- syntax errors ---
    ("c_syntax_unclosed_bracket", "contract", "items = [1, 2,\nprint(items)"),
    ("c_syntax_unclosed_brace_dict", "contract", "user = {'name': 'ann',\n        'age': 3\nprint(user)"),
    ("c_syntax_mismatched_bracket", "contract", "values = [1, 2, 3)"),
    ("c_syntax_unmatched_close", "contract", "x = 1)\n"),
    ("c_syntax_def_body_not_indented", "contract", "def f():\nreturn 1"),
    ("c_syntax_unindent_mismatch", "contract", "if True:\n        x = 1\n    y = 2"),
    ("c_syntax_assign_to_call", "contract", "f() = 1"),
    ("c_syntax_assign_to_expression", "contract", "x + 1 = 2"),
    ("c_syntax_assign_to_none", "contract", "None = 1"),
    ("c_syntax_assign_to_literal_in_for", "contract", "for 1 in range(3):\n    pass"),
    ("c_syntax_if_assignment", "contract", "x = 3\nif x = 3:\n    print(x)"),
    ("c_syntax_walrus_statement", "contract", "x := 5"),
    ("c_syntax_walrus_attribute", "contract", "class A: pass\na = A()\nif (a.b := 1):\n    pass"),
    ("c_syntax_unterminated_triple", "contract", "text = '''abc\nprint(text)"),
    ("c_syntax_unterminated_double", "contract", "print(\"hello)\nprint('x')"),
    ("c_syntax_error_line_3_of_5", "contract", "a = 1\nb = 2\nc = a +* b\nd = 4\nprint(a, b, c, d)"),
    ("c_syntax_default_before_plain", "contract", "def f(a=1, b):\n    return a"),
    ("c_syntax_generator_unparenthesized", "contract", "print(sum(x for x in range(3), 1))"),
    ("c_syntax_double_comma", "contract", "print(1,, 2)"),
    ("c_syntax_nbsp_character", "contract", "x = 1\u00a0+ 2"),
    ("c_syntax_smart_quotes", "contract", "print(\u201chello\u201d)"),
    ("c_syntax_missing_closing_quote_fstring", "contract", "name = 'x'\nprint(f\"hello {name})"),
    ("c_syntax_keyword_as_name", "contract", "class = 'a'"),
    ("c_syntax_lambda_statement", "contract", "f = lambda x: return x"),
    ("c_syntax_try_without_except", "contract", "try:\n    x = 1\nprint(x)"),
    ("c_syntax_elif_after_else", "contract", "if 1:\n    pass\nelse:\n    pass\nelif 2:\n    pass"),
    ("c_syntax_star_expression", "contract", "x = *[1, 2]"),
    ("c_syntax_print_then_error", "contract", "print('this never runs')\nfor x in range(3) print(x)"),
    ("c_syntax_markdown_fence", "contract", "```python\nprint(1)\n```"),
    # --- uncaught exceptions: frames and chains ---
    ("c_raise_from_fresh_cause", "contract", "raise Exception('outer') from ValueError('inner cause')"),
    ("c_raise_from_none", "contract", "try:\n    {}['k']\nexcept KeyError:\n    raise ValueError('no key') from None"),
    ("c_raise_from_caught_cause_frames", "contract", "def load():\n    return int('x')\ndef run():\n    try:\n        load()\n    except ValueError as e:\n        raise RuntimeError('load failed') from e\nrun()"),
    ("c_error_in_handler_in_function", "contract", "def f():\n    try:\n        return [][0]\n    except IndexError:\n        return {}['missing']\nf()"),
    ("c_exception_str_multiline_indented", "contract", "raise ValueError('first line\\n  indented second line\\nthird')"),
    ("c_custom_exception_str", "contract", "class ApiError(Exception):\n    def __init__(self, code, msg):\n        super().__init__(msg)\n        self.code = code\n    def __str__(self):\n        return f'[{self.code}] {self.args[0]}'\nraise ApiError(404, 'not found')"),
    ("c_custom_exception_module_name", "contract", "class NotFound(LookupError):\n    pass\nraise NotFound('user 7')"),
    ("c_exception_in_library_callback", "contract", "import json\ndef encode(o):\n    raise TypeError(f'cannot encode {type(o).__name__}')\njson.dumps({'s': {1}}, default=encode)"),
    ("c_exception_in_re_sub_callback", "contract", "import re\nre.sub(r'\\d+', lambda m: str(1 / int(m.group())), 'a 1 b 0')"),
    ("c_exception_in_library_only", "contract", "import json\nrecord = json.loads('{\"a\": 1,}')"),
    ("c_assert_multiline_message", "contract", "items = []\nassert items, 'no items found\\ncheck the filters'"),
    ("c_assert_tuple_always_true", "contract", "assert (1 == 2, 'this is a tuple')\nprint('assert passed')"),
    ("c_syntax_warning_is_literal", "contract", "x = 'abc'\nprint(x is 'abc')"),
    # --- what the namespace holds ---
    ("c_globals_public_names", "contract", "print(sorted(k for k in globals() if not k.startswith('_')))"),
    ("c_dir_length", "contract", "print(len(dir()), len([k for k in dir() if k.startswith('_')]))"),
    ("c_apis_requester_types", "contract", "print(type(apis).__name__, type(requester).__name__, ApiCollection.__name__, Requester.__name__)"),
    ("c_preloaded_classes", "contract", "print(Counter, defaultdict, Iterator, deepcopy.__name__, reduce.__name__, builtins.__name__, type(datetime).__name__, calendar.__name__, itertools.__name__, random.__name__)"),
    ("c_preloaded_pendulum_names", "contract", "print(pendulum.__name__, MONDAY, repr(FRIDAY), type(SUNDAY).__name__, int(THURSDAY), TUESDAY.value, WEDNESDAY < SATURDAY)"),
    ("c_preloaded_date_classes", "contract", "d = Date(2023, 5, 18)\nt = DateTime(2023, 5, 18, 9, 30)\nprint(d, repr(d), t, repr(t), Time(9, 30), repr(Time(9, 30, 15)), Date.__name__, DateTime.__name__)"),
    ("c_preloaded_iterator_check", "contract", "print(isinstance(iter([]), Iterator), isinstance([], Iterator), isinstance((x for x in []), Iterator))"),
    ("c_get_ipython_type", "contract", "print(type(get_ipython()).__name__, __name__, __builtins__ is builtins)"),
    ("c_exit_quit_objects", "contract", "print(type(exit).__name__, type(quit).__name__)"),
    ("c_help_len", "contract", "help(len)"),
    ("c_help_user_function", "contract", "def total(prices, tax=0.1):\n    '''Sum the prices and add tax.'''\n    return sum(prices) * (1 + tax)\nhelp(total)"),
    ("c_random_first_cell", "contract", "print(random.random(), random.randint(1, 100), random.choice('abcdef'))"),
    ("c_random_imported_first_cell", "contract", "import random as rnd\nprint(rnd.random(), rnd.sample(range(10), 3))"),
    # === agent: code as LLM agents write it in AppWorld (inline fake API-like data) ==========
    ("a_filter_list_of_dicts", "agent", _cell(r"""
songs = [
    {"id": 1, "title": "Blue Sky", "duration": 210, "liked": True},
    {"id": 2, "title": "Night Drive", "duration": 185, "liked": False},
    {"id": 3, "title": "Morning", "duration": 240, "liked": True},
]
liked = [s for s in songs if s["liked"]]
print([s["title"] for s in liked])
print(sum(s["duration"] for s in liked))
""")),
    ("a_dict_comprehension_by_id", "agent", _cell(r"""
contacts = [{"id": 11, "name": "Ann Lee", "phone": "555-0101"}, {"id": 12, "name": "Bo Chen", "phone": "555-0102"}]
by_id = {c["id"]: c for c in contacts}
print(by_id[12]["name"], sorted(by_id))
print({c["name"].split()[0]: c["phone"] for c in contacts})
""")),
    ("a_sort_by_keys_with_ties", "agent", _cell(r"""
items = [
    {"name": "pen", "price": 1.5, "qty": 10},
    {"name": "cup", "price": 4.0, "qty": 2},
    {"name": "ink", "price": 1.5, "qty": 3},
    {"name": "bag", "price": 4.0, "qty": 7},
]
for item in sorted(items, key=lambda x: x["price"]):
    print(item["name"], item["price"])
print([i["name"] for i in sorted(items, key=lambda x: (-x["price"], x["name"]))])
print([i["name"] for i in sorted(items, key=lambda x: x["price"], reverse=True)])
""")),
    ("a_group_with_defaultdict", "agent", _cell(r"""
transactions = [
    {"user": "ann", "amount": 12.5},
    {"user": "bob", "amount": 7.25},
    {"user": "ann", "amount": 3.1},
    {"user": "cid", "amount": 0.1},
    {"user": "bob", "amount": 0.2},
]
totals = defaultdict(float)
for t in transactions:
    totals[t["user"]] += t["amount"]
print(dict(totals))
for user, total in sorted(totals.items()):
    print(f"{user}: {total:.2f}")
""")),
    ("a_sum_prices_round", "agent", _cell(r"""
cart = [{"item": "apple", "price": 0.1}, {"item": "pear", "price": 0.2}, {"item": "fig", "price": 0.3}]
total = sum(x["price"] for x in cart)
print(total)
print(round(total, 2))
print(f"Total: ${total:.2f}")
print(round(19.999, 2), round(2.345, 2), round(1.0, 2))
""")),
    ("a_table_formatting", "agent", _cell(r"""
rows = [("Alice", 34, 1234.5), ("Bob", 7, 0.25), ("Christina", 120, 99999.999)]
print(f"{'Name':<10}|{'Qty':>5}|{'Amount':>12}")
print("-" * 29)
for name, qty, amount in rows:
    print(f"{name:<10}|{qty:>5}|{amount:>12,.2f}")
""")),
    ("a_enumerate_zip_report", "agent", _cell(r"""
names = ["Inbox", "Work", "Personal"]
counts = [12, 0, 5]
for i, (name, count) in enumerate(zip(names, counts), 1):
    print(f"{i}. {name} ({count})")
print(dict(zip(names, counts)))
""")),
    ("a_pagination_loop", "agent", _cell(r"""
all_items = [{"id": i, "title": f"note {i}"} for i in range(1, 12)]
def fetch_page(page_index, page_limit=5):
    start = page_index * page_limit
    return all_items[start:start + page_limit]
results = []
page_index = 0
while True:
    page = fetch_page(page_index)
    if not page:
        break
    results.extend(page)
    page_index += 1
print(len(results), page_index, results[-1])
""")),
    ("a_try_except_print_e", "agent", _cell(r"""
data = {"items": [1, 2]}
try:
    value = data["missing"]
except Exception as e:
    print(e)
    print(repr(e))
    print(type(e).__name__)
    print(f"Error: {e}")
""")),
    ("a_try_except_various", "agent", _cell(r"""
def risky(kind):
    if kind == 1:
        return [1, 2][5]
    if kind == 2:
        return None.upper()
    if kind == 3:
        return int("12a")
    if kind == 4:
        return {"a": 1}["b"]
    return 1 / 0
for k in range(1, 6):
    try:
        risky(k)
    except Exception as e:
        print(k, type(e).__name__, e)
""")),
    ("a_json_dumps_indent", "agent", _cell(r"""
import json
profile = {"name": "Ann", "emails": ["a@x.com", "ann@y.org"], "address": {"city": "Paris", "zip": None}, "active": True, "score": 4.5}
print(json.dumps(profile, indent=2))
print(json.dumps(profile, indent=2, sort_keys=True)[:60])
""")),
    ("a_json_loads_inline", "agent", _cell(r"""
import json
raw = '{"status": "ok", "data": [{"id": 1, "price": 9.99}, {"id": 2, "price": 0.5}], "next": null}'
payload = json.loads(raw)
print(payload["status"], len(payload["data"]), payload["next"])
print(sum(d["price"] for d in payload["data"]))
print(payload)
""")),
    ("a_regex_extract", "agent", _cell(r"""
import re
text = "Order #4521 shipped to alice@example.com on 2023-05-12; refund $12.50 for #4522."
print(re.findall(r"#(\d+)", text))
print(re.search(r"[\w.]+@[\w.]+", text).group())
print(re.findall(r"\d{4}-\d{2}-\d{2}", text))
amount = float(re.search(r"\$(\d+\.\d+)", text).group(1))
print(amount, type(amount).__name__)
""")),
    ("a_strptime_iso_z", "agent", _cell(r"""
from datetime import datetime
s = "2023-05-12T08:30:00Z"
d = datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ")
print(d, repr(d))
print(datetime.fromisoformat(s.replace("Z", "+00:00")))
print(datetime.fromisoformat(s))
""")),
    ("a_strptime_offset", "agent", _cell(r"""
from datetime import datetime
d = datetime.strptime("2023-05-12T08:30:00+0200", "%Y-%m-%dT%H:%M:%S%z")
print(d, d.utcoffset(), d.tzinfo)
print(repr(d))
print(d.isoformat())
""")),
    ("a_pendulum_parse", "agent", _cell(r"""
d = pendulum.parse("2023-05-12T08:30:00")
print(d, repr(d), type(d).__name__)
e = pendulum.parse("2023-05-12")
print(e, e.day_of_week, e.format("YYYY/MM/DD"))
""")),
    ("a_pendulum_parse_z", "agent", _cell(r"""
d = pendulum.parse("2023-05-12T08:30:00Z")
print(d, d.tzinfo)
print(d.to_iso8601_string())
""")),
    ("a_pendulum_now_arithmetic", "agent", _cell(r"""
now = pendulum.now()
print(now)
print(now.subtract(days=7), now.add(months=1))
print(now.start_of("month"), now.end_of("week"))
print(now.to_date_string(), now.to_datetime_string(), now.day_of_week, now.day_of_year)
""")),
    ("a_pendulum_diff", "agent", _cell(r"""
start = pendulum.parse("2023-01-01")
end = pendulum.now()
print(end.diff(start).in_days(), (end - start).days, repr(end - start))
print(pendulum.duration(days=2, hours=3))
""")),
    ("a_get_with_defaults", "agent", _cell(r"""
user = {"name": "ann", "prefs": {"theme": "dark"}}
print(user.get("email"), user.get("email", "n/a"), user.get("prefs", {}).get("theme"), user.get("prefs", {}).get("lang", "en"))
print(user.get("missing", {}).get("x", 0))
""")),
    ("a_set_operations_sorted", "agent", _cell(r"""
friends_a = {"zoe", "ann", "bob", "cid"}
friends_b = {"bob", "dan", "zoe"}
print(sorted(friends_a & friends_b))
print(sorted(friends_a | friends_b))
print(sorted(friends_a - friends_b), sorted(friends_a ^ friends_b))
print(len(friends_a), "bob" in friends_b)
""")),
    ("a_nested_error_deep", "agent", _cell(r"""
def get_price(item):
    return item["price"]

def line_total(item):
    return get_price(item) * item["qty"]

def order_total(order):
    return sum(line_total(i) for i in order["items"])

order = {"items": [{"price": 2.5, "qty": 2}, {"qty": 1}]}
print(order_total(order))
""")),
    ("a_class_with_repr", "agent", _cell(r"""
class Task:
    def __init__(self, title, done=False):
        self.title = title
        self.done = done
    def __repr__(self):
        return f"Task({self.title!r}, done={self.done})"

tasks = [Task("buy milk"), Task("call mom", True)]
print(tasks)
print(*tasks)
print(repr(tasks[0]), str(tasks[1]))
print([t for t in tasks if not t.done])
""")),
    ("a_string_cleanup", "agent", _cell(r"""
raw_names = ["  Alice Smith ", "BOB jones", "cid   o'neil"]
clean = [" ".join(n.split()).title() for n in raw_names]
print(clean)
print([n.lower().replace(" ", "_") for n in clean])
""")),
    ("a_counter_most_common_ties", "agent", _cell(r"""
genres = ["rock", "pop", "jazz", "pop", "rock", "indie", "jazz"]
c = Counter(genres)
print(c.most_common(3))
print(c.most_common()[0][0])
print(sorted(c.items(), key=lambda kv: (-kv[1], kv[0])))
""")),
    ("a_max_by_key_ties", "agent", _cell(r"""
reviews = [{"id": 1, "rating": 5}, {"id": 2, "rating": 3}, {"id": 3, "rating": 5}]
print(max(reviews, key=lambda r: r["rating"]))
print(min(reviews, key=lambda r: r["rating"])["id"])
print(sorted(reviews, key=lambda r: r["rating"], reverse=True)[0]["id"])
""")),
    ("a_any_all_checks", "agent", _cell(r"""
orders = [{"id": 1, "paid": True}, {"id": 2, "paid": False}]
print(any(o["paid"] for o in orders), all(o["paid"] for o in orders))
unpaid = next((o for o in orders if not o["paid"]), None)
missing = next((o for o in orders if o["id"] == 9), None)
print(unpaid, missing)
""")),
    ("a_flatten_nested", "agent", _cell(r"""
playlists = [{"name": "a", "songs": [1, 2, 3]}, {"name": "b", "songs": [3, 4]}, {"name": "c", "songs": []}]
all_songs = [s for p in playlists for s in p["songs"]]
print(all_songs, sorted(set(all_songs)), len(set(all_songs)))
print(list(itertools.chain.from_iterable(p["songs"] for p in playlists)))
""")),
    ("a_date_filtering", "agent", _cell(r"""
from datetime import datetime, timedelta
events = [
    {"name": "a", "at": "2023-05-10T09:00:00"},
    {"name": "b", "at": "2023-05-17T18:30:00"},
    {"name": "c", "at": "2023-05-20T07:15:00"},
]
now = datetime.now()
week_ago = now - timedelta(days=7)
recent = [e["name"] for e in events if week_ago <= datetime.fromisoformat(e["at"]) <= now]
upcoming = [e["name"] for e in events if datetime.fromisoformat(e["at"]) > now]
print(recent, upcoming)
""")),
    ("a_month_boundaries", "agent", _cell(r"""
from datetime import date, timedelta
today = date.today()
first_this_month = today.replace(day=1)
last_month_end = first_this_month - timedelta(days=1)
last_month_start = last_month_end.replace(day=1)
print(first_this_month, last_month_start, last_month_end)
print(calendar.monthrange(today.year, today.month)[1])
""")),
    ("a_weekday_names", "agent", _cell(r"""
from datetime import date, timedelta
start = date.today()
for i in range(7):
    d = start + timedelta(days=i)
    print(d.isoformat(), d.strftime("%a"), calendar.day_name[d.weekday()])
""")),
    ("a_string_join_lines", "agent", _cell(r"""
lines = [f"- {name}: {qty}" for name, qty in [("eggs", 12), ("milk", 1)]]
message = "Shopping list:\n" + "\n".join(lines)
print(message)
print(len(message), message.count("\n"))
""")),
    ("a_zip_dict_build", "agent", _cell(r"""
headers = ["id", "name", "email"]
rows = [[1, "ann", "a@x.com"], [2, "bob", None]]
records = [dict(zip(headers, r)) for r in rows]
print(records)
print([r["email"] or "-" for r in records])
""")),
    ("a_unique_preserve_order", "agent", _cell(r"""
emails = ["b@x.com", "a@x.com", "b@x.com", "c@x.com", "a@x.com"]
seen = set()
unique = []
for e in emails:
    if e not in seen:
        seen.add(e)
        unique.append(e)
print(unique)
print(list(dict.fromkeys(emails)))
""")),
    ("a_percentages", "agent", _cell(r"""
votes = {"yes": 7, "no": 2, "maybe": 1}
total = sum(votes.values())
for k, v in votes.items():
    print(f"{k}: {v / total:.1%} ({v}/{total})")
print(round(7 / 9 * 100, 1), 100 * 2 / 3)
""")),
    ("a_integer_division_pages", "agent", _cell(r"""
total_items = 47
page_size = 10
pages = (total_items + page_size - 1) // page_size
print(pages, math.ceil(total_items / page_size), total_items % page_size, divmod(total_items, page_size))
""")),
    ("a_error_wrong_key_type", "agent", _cell(r"""
users = [{"id": 1, "name": "ann"}, {"id": 2, "name": "bob"}]
lookup = {u["id"]: u for u in users}
print(lookup["1"])
""")),
    ("a_error_none_subscript_in_loop", "agent", _cell(r"""
responses = [{"data": {"id": 1}}, {"data": None}]
for r in responses:
    print(r["data"]["id"])
""")),
    ("a_error_str_int_concat_in_fstring_fn", "agent", _cell(r"""
def describe(order):
    return "Order " + order["id"] + " costs " + str(order["total"])

print(describe({"id": "A1", "total": 5}))
print(describe({"id": 7, "total": 5}))
""")),
    ("a_error_attribute_on_dict", "agent", _cell(r"""
song = {"title": "x", "artist": "y"}
print(song.title)
""")),
    ("a_error_list_index_str", "agent", _cell(r"""
results = ["a", "b"]
print(results["0"])
""")),
    ("a_error_call_missing_kwarg", "agent", _cell(r"""
def send_message(to, body, *, urgent):
    return f"{to}: {body} ({urgent})"
print(send_message("ann", "hi"))
""")),
    ("a_error_unexpected_kwarg", "agent", _cell(r"""
def create(title, content=""):
    return {"title": title, "content": content}
create(title="t", body="b")
""")),
    ("a_error_too_many_positional", "agent", _cell(r"""
def area(w, h):
    return w * h
area(1, 2, 3)
""")),
    ("a_error_method_missing_self", "agent", _cell(r"""
class Counter2:
    def inc():
        return 1
Counter2().inc()
""")),
    ("a_error_iterate_int", "agent", _cell(r"""
count = 5
for i in count:
    print(i)
""")),
    ("a_error_float_index", "agent", _cell(r"""
items = [10, 20, 30]
middle = items[len(items) / 2]
""")),
    ("a_error_dict_changed_size", "agent", _cell(r"""
stock = {"a": 0, "b": 3, "c": 0}
for k in stock:
    if stock[k] == 0:
        del stock[k]
""")),
    ("a_error_recursion_in_getattr", "agent", _cell(r"""
class Wrapper:
    def __getattr__(self, name):
        return self.data[name]
w = Wrapper()
try:
    w.x
except RecursionError as e:
    print("RecursionError:", e)
""")),
    ("a_string_formatting_mix", "agent", _cell(r"""
name, n, price = "widget", 3, 4.5
print("%s x%d = %.2f" % (name, n, n * price))
print("{} x{} = {:.2f}".format(name, n, n * price))
print(f"{name} x{n} = {n * price:.2f}")
print("{name} costs {price}".format(name=name, price=price))
print("{0[a]} {1.real}".format({"a": "A"}, 2))
""")),
    ("a_lambda_map_filter_chain", "agent", _cell(r"""
prices = [3.5, 12.0, 7.25, 40.0]
discounted = list(map(lambda p: round(p * 0.9, 2), prices))
expensive = list(filter(lambda p: p > 10, discounted))
print(discounted, expensive, reduce(lambda a, b: a + b, expensive))
""")),
    ("a_nested_dict_update", "agent", _cell(r"""
settings = {"notifications": {"email": True, "sms": False}, "theme": "light"}
settings["notifications"]["sms"] = True
settings.setdefault("language", "en")
settings.update({"theme": "dark"})
print(settings)
print(deepcopy(settings) == settings, deepcopy(settings) is settings)
""")),
    ("a_copy_pitfall", "agent", _cell(r"""
template = {"tags": []}
a = template.copy()
b = deepcopy(template)
a["tags"].append("x")
print(template, b)
grid = [[0] * 3] * 2
grid[0][0] = 1
print(grid)
""")),
    ("a_string_search_case_insensitive", "agent", _cell(r"""
notes = [{"title": "Grocery List"}, {"title": "Workout plan"}, {"title": "groceries (old)"}]
query = "grocer"
matches = [n["title"] for n in notes if query.lower() in n["title"].lower()]
print(matches, len(matches))
""")),
    ("a_parse_key_value_text", "agent", _cell(r"""
text = "name=Ann; age=31; city=Paris ;  empty="
pairs = {}
for part in text.split(";"):
    if "=" in part:
        k, v = part.strip().split("=", 1)
        pairs[k] = v
print(pairs)
""")),
    ("a_phone_normalize_regex", "agent", _cell(r"""
import re
phones = ["(555) 010-1234", "555.010.9999", "+1 555 010 0000"]
print([re.sub(r"\D", "", p)[-10:] for p in phones])
print([re.sub(r"(\d{3})(\d{3})(\d{4})", r"\1-\2-\3", re.sub(r"\D", "", p)[-10:]) for p in phones])
""")),
    ("a_bool_string_parsing", "agent", _cell(r"""
values = ["true", "False", "1", "0", "yes", ""]
print([v.lower() in ("true", "1", "yes") for v in values])
print(bool("False"), bool(""), bool("0"), bool(0), bool([]), bool([0]))
""")),
    ("a_min_max_dates", "agent", _cell(r"""
from datetime import datetime
dates = ["2023-03-01T10:00:00", "2022-12-31T23:59:59", "2023-05-18T08:00:00"]
parsed = [datetime.fromisoformat(d) for d in dates]
print(min(parsed), max(parsed), repr(max(parsed)))
print(sorted(dates)[0], max(dates))
""")),
    ("a_print_dict_and_list_variants", "agent", _cell(r"""
result = {"status": "success", "count": 2}
print(result)
print("Result:", result)
print(list(result.items()))
print(tuple(result))
print(result.keys())
""")),
    ("a_while_counter_break", "agent", _cell(r"""
balance = 100.0
months = 0
while balance < 150:
    balance *= 1.05
    months += 1
    if months > 100:
        break
print(months, balance, round(balance, 2))
""")),
    ("a_for_else", "agent", _cell(r"""
for n in [3, 5, 7]:
    if n % 2 == 0:
        print("found even", n)
        break
else:
    print("no even number")
""")),
    ("a_sorted_case_insensitive", "agent", _cell(r"""
names = ["bob", "Alice", "carol", "Bob", "alice"]
print(sorted(names))
print(sorted(names, key=str.lower))
print(sorted(names, key=lambda s: (s.lower(), s)))
""")),
    ("a_chunks", "agent", _cell(r"""
ids = list(range(1, 11))
chunks = [ids[i:i + 3] for i in range(0, len(ids), 3)]
print(chunks)
print([sum(c) for c in chunks])
""")),
    ("a_running_balance", "agent", _cell(r"""
moves = [("deposit", 100), ("withdraw", 30.5), ("withdraw", 80), ("deposit", 0.1)]
balance = 0
for kind, amount in moves:
    if kind == "withdraw" and amount > balance:
        print(f"declined {amount}")
        continue
    balance += amount if kind == "deposit" else -amount
    print(f"{kind:<8} {amount:>7} -> {balance}")
""")),
    ("a_inline_api_response_paging", "agent", _cell(r"""
pages = {0: [{"id": 1}, {"id": 2}], 1: [{"id": 3}], 2: []}
collected = []
for page_index in itertools.count():
    batch = pages.get(page_index, [])
    if not batch:
        break
    collected += [x["id"] for x in batch]
print(collected, page_index)
""")),
    ("a_generator_function", "agent", _cell(r"""
def evens(limit):
    n = 0
    while n < limit:
        yield n
        n += 2
gen = evens(7)
print(next(gen), list(gen), list(evens(0)))
""")),
    ("a_default_mutable_arg", "agent", _cell(r"""
def add_item(item, bucket=[]):
    bucket.append(item)
    return bucket
print(add_item(1), add_item(2), add_item(3, []))
""")),
    ("a_closures_in_loop", "agent", _cell(r"""
funcs = [lambda: i for i in range(3)]
print([f() for f in funcs])
funcs = [lambda i=i: i for i in range(3)]
print([f() for f in funcs])
""")),
    ("a_string_slicing_ids", "agent", _cell(r"""
ids = ["user-00017", "user-00420", "admin-1"]
print([int(x.split("-")[1]) for x in ids])
print([x[:4] for x in ids], [x[-3:] for x in ids])
""")),
    ("a_truthiness_filter", "agent", _cell(r"""
fields = {"name": "ann", "bio": "", "age": 0, "tags": [], "city": None, "zip": "0"}
print({k: v for k, v in fields.items() if v})
print([k for k, v in fields.items() if v is None])
""")),
    ("a_numeric_string_sort", "agent", _cell(r"""
versions = ["1.10", "1.2", "1.9", "2.0"]
print(sorted(versions))
print(sorted(versions, key=lambda v: tuple(int(p) for p in v.split("."))))
print(max(versions, key=lambda v: [int(p) for p in v.split(".")]))
""")),
    ("a_dict_sorted_by_value", "agent", _cell(r"""
scores = {"ann": 88, "bob": 95, "cid": 88, "dan": 70}
print(sorted(scores, key=scores.get, reverse=True))
print(dict(sorted(scores.items(), key=lambda kv: kv[1])))
print(max(scores, key=scores.get), min(scores.values()))
""")),
    ("a_int_conversion_loop", "agent", _cell(r"""
raw = ["10", " 20", "3.5", "abc", "40"]
total = 0
bad = []
for r in raw:
    try:
        total += int(r)
    except ValueError:
        bad.append(r)
print(total, bad)
""")),
    ("a_repr_vs_str_in_fstring", "agent", _cell(r"""
title = "It's done"
items = ["a", "b"]
print(f"{title}", f"{title!r}", f"{items}", f"{items!s}", f"{None}", f"{3.0}")
""")),
    ("a_multiline_string_dedent", "agent", _cell(r"""
import textwrap
body = textwrap.dedent('''
    Hi Ann,
        Your order shipped.
    Thanks
''').strip()
print(body)
print(repr(body))
""")),
    ("a_list_methods_chain", "agent", _cell(r"""
queue = ["a", "b", "c"]
queue.append("d")
first = queue.pop(0)
queue.insert(1, "x")
queue.reverse()
print(first, queue, queue.index("x"), queue.count("b"))
""")),
    ("a_heapq_top_n", "agent", _cell(r"""
import heapq
products = [{"n": "a", "sold": 5}, {"n": "b", "sold": 50}, {"n": "c", "sold": 12}, {"n": "d", "sold": 50}]
print(heapq.nlargest(2, products, key=lambda p: p["sold"]))
print([p["n"] for p in heapq.nsmallest(2, products, key=lambda p: p["sold"])])
""")),
    ("a_bisect_grades", "agent", _cell(r"""
import bisect
def grade(score, breakpoints=[60, 70, 80, 90], grades="FDCBA"):
    return grades[bisect.bisect(breakpoints, score)]
print([grade(s) for s in [33, 99, 77, 70, 89, 90, 100]])
""")),
    ("a_enumerate_find_index", "agent", _cell(r"""
songs = ["intro", "hit", "outro", "hit"]
print([i for i, s in enumerate(songs) if s == "hit"])
print(songs.index("hit"), next(i for i, s in enumerate(songs) if s.startswith("o")))
""")),
    ("a_nested_loops_pairs", "agent", _cell(r"""
people = ["ann", "bob", "cid"]
pairs = []
for i in range(len(people)):
    for j in range(i + 1, len(people)):
        pairs.append((people[i], people[j]))
print(pairs)
print(list(itertools.combinations(people, 2)) == pairs)
""")),
    # --- agent: longer programs (15-40 lines) ---
    ("a_long_spotify_stats", "agent", _cell(r"""
library = [
    {"song_id": 1, "title": "Echoes", "artist": "Nova", "genre": "rock", "plays": 120, "duration": 245},
    {"song_id": 2, "title": "Glass", "artist": "Mira", "genre": "pop", "plays": 87, "duration": 198},
    {"song_id": 3, "title": "Dunes", "artist": "Nova", "genre": "rock", "plays": 120, "duration": 301},
    {"song_id": 4, "title": "Tide", "artist": "Kel", "genre": "jazz", "plays": 15, "duration": 412},
    {"song_id": 5, "title": "Ember", "artist": "Mira", "genre": "pop", "plays": 230, "duration": 176},
]

def minutes(seconds):
    m, s = divmod(seconds, 60)
    return f"{m}:{s:02d}"

by_artist = defaultdict(list)
for song in library:
    by_artist[song["artist"]].append(song)

for artist in sorted(by_artist):
    songs = by_artist[artist]
    total = sum(s["duration"] for s in songs)
    plays = sum(s["plays"] for s in songs)
    print(f"{artist:<5} songs={len(songs)} time={minutes(total)} plays={plays}")

top = sorted(library, key=lambda s: (-s["plays"], s["title"]))[:3]
print("top:", [s["title"] for s in top])
print("genres:", Counter(s["genre"] for s in library).most_common())
avg = sum(s["duration"] for s in library) / len(library)
print("average length:", avg, round(avg, 1), minutes(int(avg)))
""")),
    ("a_long_venmo_balance", "agent", _cell(r"""
transactions = [
    {"id": 101, "sender": "me", "receiver": "ann", "amount": 25.0, "created_at": "2023-05-01T10:00:00"},
    {"id": 102, "sender": "bob", "receiver": "me", "amount": 12.35, "created_at": "2023-05-03T12:30:00"},
    {"id": 103, "sender": "me", "receiver": "bob", "amount": 7.1, "created_at": "2023-05-10T09:15:00"},
    {"id": 104, "sender": "ann", "receiver": "me", "amount": 30.0, "created_at": "2023-04-28T18:00:00"},
    {"id": 105, "sender": "me", "receiver": "cid", "amount": 0.2, "created_at": "2023-05-17T20:45:00"},
]
from datetime import datetime

start = datetime(2023, 5, 1)
net = defaultdict(float)
for t in transactions:
    when = datetime.fromisoformat(t["created_at"])
    if when < start:
        continue
    if t["sender"] == "me":
        net[t["receiver"]] -= t["amount"]
    else:
        net[t["sender"]] += t["amount"]

for person, amount in sorted(net.items(), key=lambda kv: kv[1]):
    sign = "+" if amount >= 0 else "-"
    print(f"{person}: {sign}${abs(amount):.2f}")
print("net total:", sum(net.values()), round(sum(net.values()), 2))
print("in May:", [t["id"] for t in transactions if t["created_at"].startswith("2023-05")])
""")),
    ("a_long_todo_manager", "agent", _cell(r"""
class TodoList:
    def __init__(self, name):
        self.name = name
        self.items = []
        self._next_id = 1

    def add(self, title, priority=2, tags=None):
        item = {"id": self._next_id, "title": title, "priority": priority, "tags": tags or [], "done": False}
        self.items.append(item)
        self._next_id += 1
        return item["id"]

    def complete(self, item_id):
        for item in self.items:
            if item["id"] == item_id:
                item["done"] = True
                return True
        raise KeyError(f"no item {item_id}")

    def pending(self):
        return sorted((i for i in self.items if not i["done"]), key=lambda i: (i["priority"], i["id"]))

    def __repr__(self):
        done = sum(i["done"] for i in self.items)
        return f"<TodoList {self.name!r}: {done}/{len(self.items)} done>"

todo = TodoList("home")
a = todo.add("laundry", 3)
b = todo.add("pay rent", 1, ["bills"])
c = todo.add("call plumber", 1)
todo.complete(b)
print(todo)
print([i["title"] for i in todo.pending()])
try:
    todo.complete(42)
except KeyError as e:
    print("error:", e)
print(todo.items[1])
""")),
    ("a_long_email_digest", "agent", _cell(r"""
import re
emails = [
    {"id": 1, "from": "boss@work.com", "subject": "Q2 report due Friday", "body": "Please send by 2023-05-19.", "read": False},
    {"id": 2, "from": "news@shop.com", "subject": "50% OFF everything!!", "body": "Use code SAVE50.", "read": True},
    {"id": 3, "from": "ann@home.org", "subject": "Dinner?", "body": "Are you free on 2023-05-20 at 7pm?", "read": False},
    {"id": 4, "from": "boss@work.com", "subject": "Re: Q2 report due Friday", "body": "Thanks!", "read": False},
]

def domain(address):
    return address.split("@", 1)[1]

unread = [e for e in emails if not e["read"]]
print(f"{len(unread)} unread of {len(emails)}")

threads = defaultdict(list)
for e in emails:
    key = re.sub(r"^(re|fwd):\s*", "", e["subject"], flags=re.I).lower()
    threads[key].append(e["id"])
print(dict(threads))

dates = sorted({d for e in emails for d in re.findall(r"\d{4}-\d{2}-\d{2}", e["body"])})
print("dates mentioned:", dates)
print("domains:", Counter(domain(e["from"]) for e in emails).most_common())
codes = [m.group(1) for e in emails if (m := re.search(r"code (\w+)", e["body"]))]
print("codes:", codes)
""")),
    ("a_long_calendar_free_slots", "agent", _cell(r"""
from datetime import datetime, timedelta

events = [
    ("Standup", "2023-05-18T09:00", "2023-05-18T09:15"),
    ("Lunch", "2023-05-18T12:00", "2023-05-18T13:00"),
    ("Review", "2023-05-18T14:30", "2023-05-18T15:30"),
    ("1:1", "2023-05-18T15:30", "2023-05-18T16:00"),
]
day_start = datetime(2023, 5, 18, 9, 0)
day_end = datetime(2023, 5, 18, 17, 0)

busy = sorted((datetime.fromisoformat(s), datetime.fromisoformat(e)) for _, s, e in events)
free = []
cursor = day_start
for start, end in busy:
    if start > cursor:
        free.append((cursor, start))
    cursor = max(cursor, end)
if cursor < day_end:
    free.append((cursor, day_end))

for start, end in free:
    length = end - start
    print(f"{start:%H:%M}-{end:%H:%M} ({int(length.total_seconds() // 60)} min)", length)
longest = max(free, key=lambda f: f[1] - f[0])
print("longest:", longest[0].time(), longest[1] - longest[0])
print("busy total:", sum((e - s for s, e in busy), timedelta()))
""")),
    ("a_long_inventory_restock", "agent", _cell(r"""
inventory = {
    "apples": {"qty": 5, "min": 10, "unit_price": 0.35},
    "bread": {"qty": 2, "min": 2, "unit_price": 2.49},
    "milk": {"qty": 0, "min": 4, "unit_price": 1.19},
    "eggs": {"qty": 30, "min": 12, "unit_price": 0.21},
}

def restock_plan(inv):
    plan = {}
    for name, info in inv.items():
        missing = info["min"] - info["qty"]
        if missing > 0:
            plan[name] = missing
    return plan

plan = restock_plan(inventory)
print(plan)
cost = 0
for name, qty in sorted(plan.items()):
    line = qty * inventory[name]["unit_price"]
    cost += line
    print(f"{name:<7}{qty:>3} x {inventory[name]['unit_price']:.2f} = {line:.2f}")
print("total cost:", cost, f"{cost:.2f}", round(cost, 2))
value = sum(i["qty"] * i["unit_price"] for i in inventory.values())
print("stock value:", value)
""")),
    ("a_long_grade_book", "agent", _cell(r"""
students = [
    {"name": "Ann", "scores": [88, 92, 79]},
    {"name": "Bob", "scores": [72, 65, 80, 91]},
    {"name": "Cid", "scores": []},
    {"name": "Dee", "scores": [100, 100, 99]},
]

def average(values):
    if not values:
        return None
    return sum(values) / len(values)

def letter(avg):
    if avg is None:
        return "n/a"
    for cutoff, grade in ((90, "A"), (80, "B"), (70, "C"), (60, "D")):
        if avg >= cutoff:
            return grade
    return "F"

report = []
for s in students:
    avg = average(s["scores"])
    report.append((s["name"], avg, letter(avg)))
    shown = f"{avg:.2f}" if avg is not None else "-"
    print(f"{s['name']}: avg={shown} grade={letter(avg)}")

ranked = sorted((r for r in report if r[1] is not None), key=lambda r: r[1], reverse=True)
print([r[0] for r in ranked])
print(report[0])
""")),
    ("a_long_order_pipeline_error", "agent", _cell(r"""
orders = [
    {"id": "o1", "items": [{"sku": "A", "qty": 2}, {"sku": "B", "qty": 1}]},
    {"id": "o2", "items": [{"sku": "C", "qty": 1}]},
]
prices = {"A": 3.25, "B": 10.0}

def price_of(sku):
    return prices[sku]

def line_total(line):
    return price_of(line["sku"]) * line["qty"]

def order_total(order):
    return sum(line_total(line) for line in order["items"])

def summarize(all_orders):
    summary = {}
    for order in all_orders:
        summary[order["id"]] = order_total(order)
    return summary

print("computing")
print(summarize(orders))
""")),
    ("a_long_retry_wrapper", "agent", _cell(r"""
attempts = {"count": 0}

def flaky_fetch(resource):
    attempts["count"] += 1
    if attempts["count"] < 3:
        raise ConnectionError(f"timeout fetching {resource} (attempt {attempts['count']})")
    return {"resource": resource, "ok": True}

def with_retries(func, *args, retries=5):
    errors = []
    for i in range(retries):
        try:
            return func(*args), errors
        except ConnectionError as e:
            errors.append(str(e))
    raise RuntimeError(f"gave up after {retries} attempts")

result, errors = with_retries(flaky_fetch, "playlists")
print(result)
for e in errors:
    print(" -", e)
attempts["count"] = -10
try:
    with_retries(flaky_fetch, "songs", retries=2)
except RuntimeError as e:
    print(type(e).__name__, e)
""")),
    ("a_long_text_report", "agent", _cell(r"""
notes = [
    {"title": "Trip to Rome", "content": "Flights booked. Hotel near the Pantheon.\nBudget: 1200 EUR", "tags": ["travel", "2023"]},
    {"title": "Recipes", "content": "Pasta: 200g flour, 2 eggs.\nPesto: basil, pine nuts.", "tags": ["food"]},
    {"title": "Books", "content": "", "tags": []},
]

def word_count(text):
    return len(text.split())

lines = []
for i, note in enumerate(notes, start=1):
    wc = word_count(note["content"])
    tags = ", ".join(note["tags"]) or "(no tags)"
    first_line = note["content"].splitlines()[0] if note["content"] else "(empty)"
    lines.append(f"{i}. {note['title']} [{tags}] - {wc} words")
    lines.append(f"   {first_line[:30]}{'...' if len(first_line) > 30 else ''}")

print("\n".join(lines))
print("total words:", sum(word_count(n["content"]) for n in notes))
print("all tags:", sorted({t for n in notes for t in n["tags"]}))
""")),
    ("a_long_splitwise", "agent", _cell(r"""
expenses = [
    {"payer": "ann", "amount": 90.0, "shared_with": ["ann", "bob", "cid"]},
    {"payer": "bob", "amount": 45.5, "shared_with": ["bob", "cid"]},
    {"payer": "cid", "amount": 10.0, "shared_with": ["ann", "bob", "cid", "dan"]},
]
balance = defaultdict(float)
for e in expenses:
    share = e["amount"] / len(e["shared_with"])
    for person in e["shared_with"]:
        balance[person] -= share
    balance[e["payer"]] += e["amount"]

for person in sorted(balance):
    print(f"{person}: {balance[person]:+.2f}", balance[person])

debtors = sorted((p for p in balance if balance[p] < 0), key=lambda p: balance[p])
creditors = sorted((p for p in balance if balance[p] > 0), key=lambda p: -balance[p])
print("debtors:", debtors)
print("creditors:", creditors)
print("check sum:", sum(balance.values()), abs(sum(balance.values())) < 1e-9)
""")),
    ("a_long_file_manager_paths", "agent", _cell(r"""
import os
files = [
    "/home/ann/docs/report_2023.pdf",
    "/home/ann/docs/notes.txt",
    "/home/ann/photos/rome/IMG_001.JPG",
    "/home/ann/photos/rome/IMG_002.jpg",
    "/home/ann/music/track.mp3",
    "/home/ann/docs/archive.tar.gz",
]
by_ext = defaultdict(list)
for path in files:
    name = os.path.basename(path)
    root, ext = os.path.splitext(name)
    by_ext[ext.lower() or "(none)"].append(root)
for ext in sorted(by_ext):
    print(ext, by_ext[ext])
dirs = Counter(os.path.dirname(p) for p in files)
print(dirs.most_common(1))
print(os.path.join("backup", *files[0].split("/")[3:]))
print(sorted(files, key=lambda p: (p.count("/"), p))[0])
""")),
    ("a_long_dedupe_contacts", "agent", _cell(r"""
contacts = [
    {"first": "Ann", "last": "Lee", "email": "ANN.LEE@mail.com", "phone": "555-0101"},
    {"first": "ann", "last": "lee", "email": "ann.lee@mail.com", "phone": None},
    {"first": "Bo", "last": "Chen", "email": "bo@mail.com", "phone": "555-0199"},
    {"first": "Bo", "last": "Chen", "email": "bo.chen@work.com", "phone": "555-0199"},
    {"first": "Cy", "last": "Ray", "email": None, "phone": None},
]

def key(c):
    return (c["first"].lower(), c["last"].lower())

merged = {}
for c in contacts:
    k = key(c)
    if k not in merged:
        merged[k] = {"name": f"{c['first'].title()} {c['last'].title()}", "emails": set(), "phones": set()}
    if c["email"]:
        merged[k]["emails"].add(c["email"].lower())
    if c["phone"]:
        merged[k]["phones"].add(c["phone"])

for k in sorted(merged):
    m = merged[k]
    print(m["name"], sorted(m["emails"]), sorted(m["phones"]))
print(len(contacts), "->", len(merged))
""")),
    ("a_long_amazon_cart", "agent", _cell(r"""
catalog = {
    101: {"name": "USB cable", "price": 7.99, "stock": 12},
    102: {"name": "Headphones", "price": 59.5, "stock": 0},
    103: {"name": "Mouse", "price": 19.95, "stock": 3},
}
cart = [(101, 3), (102, 1), (103, 5), (999, 1)]
total = 0.0
messages = []
for product_id, qty in cart:
    product = catalog.get(product_id)
    if product is None:
        messages.append(f"unknown product {product_id}")
        continue
    if product["stock"] == 0:
        messages.append(f"{product['name']} is out of stock")
        continue
    take = min(qty, product["stock"])
    if take < qty:
        messages.append(f"only {take} x {product['name']} available")
    total += take * product["price"]
    product["stock"] -= take
print("\n".join(messages))
print("subtotal:", total)
tax = round(total * 0.0825, 2)
print(f"tax: {tax}, total: {total + tax:.2f}")
print({pid: p["stock"] for pid, p in catalog.items()})
""")),
    ("a_long_week_schedule", "agent", _cell(r"""
from datetime import date, timedelta
alarms = [
    {"label": "Gym", "time": "06:30", "days": ["monday", "wednesday", "friday"]},
    {"label": "Work", "time": "08:00", "days": ["monday", "tuesday", "wednesday", "thursday", "friday"]},
    {"label": "Brunch", "time": "10:30", "days": ["sunday"]},
]
today = date.today()
week = [today + timedelta(days=i) for i in range(7)]
for d in week:
    name = d.strftime("%A").lower()
    todays = sorted((a["time"], a["label"]) for a in alarms if name in a["days"])
    shown = ", ".join(f"{t} {l}" for t, l in todays) or "-"
    print(f"{d:%a %d %b}: {shown}")
counts = Counter(day for a in alarms for day in a["days"])
print(counts["monday"], counts["saturday"], len(counts))
""")),
    ("a_long_parse_log_lines", "agent", _cell(r"""
import re
log = '''2023-05-18 09:00:01 INFO  login user=ann
2023-05-18 09:00:05 ERROR payment failed user=bob code=402
2023-05-18 09:01:00 WARN  slow request ms=1200
2023-05-18 09:02:13 ERROR payment failed user=ann code=500
2023-05-18 09:03:00 INFO  logout user=ann'''
pattern = re.compile(r"^(\S+) (\S+) (\w+)\s+(.*)$")
levels = Counter()
errors = []
for line in log.splitlines():
    m = pattern.match(line)
    if not m:
        continue
    day, clock, level, rest = m.groups()
    levels[level] += 1
    if level == "ERROR":
        fields = dict(kv.split("=") for kv in rest.split() if "=" in kv)
        errors.append((clock, fields))
print(dict(levels))
for clock, fields in errors:
    print(clock, fields, int(fields["code"]) >= 500)
print(max(errors, key=lambda e: e[0])[0])
""")),
    ("a_long_bank_statement", "agent", _cell(r"""
from datetime import datetime
statement = [
    ("2023-05-01", "Salary", 3200.00),
    ("2023-05-02", "Rent", -1450.00),
    ("2023-05-05", "Groceries", -86.43),
    ("2023-05-09", "Coffee", -4.1),
    ("2023-05-12", "Refund", 19.99),
    ("2023-05-15", "Groceries", -102.57),
]
balance = 0.0
by_category = defaultdict(float)
print(f"{'date':<12}{'description':<12}{'amount':>10}{'balance':>11}")
for day, desc, amount in statement:
    balance += amount
    by_category[desc] += amount
    when = datetime.strptime(day, "%Y-%m-%d")
    print(f"{when:%b %d}      {desc:<12}{amount:>10.2f}{balance:>11.2f}")
print("final balance:", balance)
spent = -sum(a for _, _, a in statement if a < 0)
print("spent:", spent, "largest:", min(statement, key=lambda r: r[2])[1])
print(sorted(by_category.items(), key=lambda kv: kv[1])[:2])
""")),
    ("a_long_matrix_ops", "agent", _cell(r"""
def matmul(a, b):
    rows, inner, cols = len(a), len(b), len(b[0])
    if len(a[0]) != inner:
        raise ValueError(f"shape mismatch: {len(a)}x{len(a[0])} @ {inner}x{cols}")
    return [[sum(a[i][k] * b[k][j] for k in range(inner)) for j in range(cols)] for i in range(rows)]

def transpose(m):
    return [list(row) for row in zip(*m)]

a = [[1, 2], [3, 4], [5, 6]]
b = [[0.5, 1], [1.5, -1]]
print(matmul(a, b))
print(transpose(a))
identity = [[1 if i == j else 0 for j in range(3)] for i in range(3)]
print(matmul(identity, a) == a)
try:
    matmul(a, a)
except ValueError as e:
    print(e)
print(matmul(b, b))
""")),
    ("a_long_state_machine", "agent", _cell(r"""
transitions = {
    ("draft", "submit"): "review",
    ("review", "approve"): "published",
    ("review", "reject"): "draft",
    ("published", "archive"): "archived",
}

def run(events, state="draft"):
    history = [state]
    for event in events:
        key = (state, event)
        if key not in transitions:
            raise ValueError(f"cannot {event!r} from {state!r}")
        state = transitions[key]
        history.append(state)
    return history

print(run(["submit", "reject", "submit", "approve"]))
print(" -> ".join(run(["submit", "approve", "archive"])))
for events in (["approve"], ["submit", "archive"]):
    try:
        run(events)
    except ValueError as e:
        print("error:", e)
print(sorted({s for s, _ in transitions}))
""")),
    ("a_long_recurring_payments", "agent", _cell(r"""
from datetime import date, timedelta

def add_months(d, months):
    month = d.month - 1 + months
    year = d.year + month // 12
    month = month % 12 + 1
    day = min(d.day, calendar.monthrange(year, month)[1])
    return date(year, month, day)

start = date(2023, 1, 31)
schedule = [add_months(start, i) for i in range(6)]
print([d.isoformat() for d in schedule])
print([d.strftime("%a") for d in schedule])
weekly = [start + timedelta(weeks=i) for i in range(4)]
print("weekly:", weekly)
print(repr(weekly[0]), type(weekly[1]).__name__)
upcoming = [d for d in schedule if d >= date.today()]
print("next:", upcoming[0], "in", (upcoming[0] - date.today()).days, "days")
""")),
    ("a_long_word_frequency", "agent", _cell(r"""
import re
text = '''The quick brown fox jumps over the lazy dog. The dog sleeps;
the fox runs! Quick, quick... said the bird. Dogs and foxes.'''
words = re.findall(r"[a-z']+", text.lower())
freq = Counter(words)
print(len(words), len(freq))
print(freq.most_common(4))
stop = {"the", "and", "over"}
content = [(w, c) for w, c in freq.most_common() if w not in stop]
print(content[:5])
longest = max(freq, key=lambda w: (len(w), w))
print(longest, len(longest))
print(sorted(w for w in freq if w.startswith("f")))
sentences = [s.strip() for s in re.split(r"[.!?;]+", text) if s.strip()]
print(len(sentences), sentences[-1])
""")),
    ("a_long_nested_json_walk", "agent", _cell(r"""
import json
doc = json.loads('''{
  "user": {"id": 7, "name": "Ann", "address": {"city": "Oslo", "geo": [59.9, 10.7]}},
  "orders": [{"id": 1, "lines": [{"sku": "a", "qty": 2}]}, {"id": 2, "lines": []}],
  "flags": {"beta": true, "legacy": null}
}''')

def walk(node, path=""):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from walk(v, f"{path}.{k}" if path else k)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from walk(v, f"{path}[{i}]")
    else:
        yield path, node

for path, value in walk(doc):
    print(f"{path} = {value!r}")
print(sum(1 for _ in walk(doc)))
""")),
    ("a_long_class_hierarchy", "agent", _cell(r"""
class Account:
    fee = 0.0
    def __init__(self, owner, balance=0.0):
        self.owner = owner
        self.balance = balance
    def withdraw(self, amount):
        total = amount + self.fee
        if total > self.balance:
            raise ValueError(f"{self.owner}: insufficient funds ({self.balance:.2f} < {total:.2f})")
        self.balance -= total
        return self.balance
    def __repr__(self):
        return f"{type(self).__name__}({self.owner!r}, {self.balance:.2f})"

class Checking(Account):
    fee = 0.5

class Savings(Account):
    def withdraw(self, amount):
        if amount > 100:
            raise PermissionError("savings limit is 100")
        return super().withdraw(amount)

accounts = [Checking("ann", 50), Savings("bob", 500), Account("cid", 5)]
for acct in accounts:
    for amount in (20, 150):
        try:
            acct.withdraw(amount)
        except (ValueError, PermissionError) as e:
            print(type(e).__name__, e)
print("accounts:", accounts)
""")),
    ("a_long_dijkstra", "agent", _cell(r"""
import heapq
graph = {
    "home": {"cafe": 4, "park": 2},
    "park": {"cafe": 1, "gym": 7},
    "cafe": {"gym": 3, "office": 8},
    "gym": {"office": 2},
    "office": {},
}

def shortest(start, goal):
    queue = [(0, start, [start])]
    seen = set()
    while queue:
        cost, node, path = heapq.heappop(queue)
        if node == goal:
            return cost, path
        if node in seen:
            continue
        seen.add(node)
        for nxt, w in graph[node].items():
            if nxt not in seen:
                heapq.heappush(queue, (cost + w, nxt, path + [nxt]))
    return None

print(shortest("home", "office"))
print(shortest("park", "home"))
print(shortest("home", "home"))
""")),
    ("a_long_validation", "agent", _cell(r"""
import re
def validate(user):
    problems = []
    if not user.get("name", "").strip():
        problems.append("name is required")
    email = user.get("email") or ""
    if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", email):
        problems.append(f"invalid email: {email!r}")
    age = user.get("age")
    if not isinstance(age, int) or isinstance(age, bool):
        problems.append(f"age must be int, got {type(age).__name__}")
    elif not 0 < age < 130:
        problems.append(f"age out of range: {age}")
    return problems

users = [
    {"name": "Ann", "email": "ann@example.com", "age": 31},
    {"name": " ", "email": "bad@", "age": "31"},
    {"email": "x@y.io", "age": 200},
    {"name": "Bo", "email": None, "age": True},
]
for u in users:
    issues = validate(u)
    print(u.get("name"), "OK" if not issues else issues)
""")),
    ("a_long_interval_merge", "agent", _cell(r"""
def merge(intervals):
    result = []
    for start, end in sorted(intervals):
        if result and start <= result[-1][1]:
            result[-1][1] = max(result[-1][1], end)
        else:
            result.append([start, end])
    return result

bookings = [(9, 10), (13, 15), (9.5, 11), (14, 16), (17, 18), (11, 11.5)]
merged = merge(bookings)
print(merged)
print(sum(e - s for s, e in merged))

def fmt(h):
    return f"{int(h):02d}:{int(round((h % 1) * 60)):02d}"

print([f"{fmt(s)}-{fmt(e)}" for s, e in merged])
gaps = [(merged[i][1], merged[i + 1][0]) for i in range(len(merged) - 1)]
print(gaps)
""")),
    ("a_long_error_in_method_chain", "agent", _cell(r"""
class Repo:
    def __init__(self, rows):
        self.rows = rows

    def find(self, **criteria):
        return [r for r in self.rows if all(r.get(k) == v for k, v in criteria.items())]

    def first(self, **criteria):
        matches = self.find(**criteria)
        return matches[0]

class Service:
    def __init__(self, repo):
        self.repo = repo

    def email_of(self, name):
        return self.repo.first(name=name)["email"]

service = Service(Repo([{"name": "ann", "email": "a@x.com"}, {"name": "bob"}]))
print(service.email_of("ann"))
print(service.email_of("zed"))
""")),
    ("a_long_binary_search_versions", "agent", _cell(r"""
releases = [
    ("1.0.0", "2022-01-10"), ("1.1.0", "2022-03-02"), ("1.2.0", "2022-07-19"),
    ("2.0.0", "2022-11-30"), ("2.1.0", "2023-02-14"), ("2.2.0", "2023-05-01"),
]

def release_at(day):
    lo, hi = 0, len(releases)
    while lo < hi:
        mid = (lo + hi) // 2
        if releases[mid][1] <= day:
            lo = mid + 1
        else:
            hi = mid
    return releases[lo - 1][0] if lo else None

for day in ["2021-12-31", "2022-03-02", "2022-12-25", "2023-05-18"]:
    print(day, "->", release_at(day))
majors = defaultdict(list)
for version, _ in releases:
    majors[int(version.split(".")[0])].append(version)
print(dict(majors))
""")),
    ("a_long_text_table_widths", "agent", _cell(r"""
rows = [
    {"app": "spotify", "calls": 120, "errors": 3, "p50_ms": 12.5},
    {"app": "venmo", "calls": 48, "errors": 0, "p50_ms": 8.25},
    {"app": "simple_note", "calls": 7, "errors": 1, "p50_ms": 120.0},
]
columns = ["app", "calls", "errors", "p50_ms"]
widths = {c: max(len(c), *(len(str(r[c])) for r in rows)) for c in columns}
header = " | ".join(c.ljust(widths[c]) for c in columns)
print(header)
print("-+-".join("-" * widths[c] for c in columns))
for r in rows:
    cells = []
    for c in columns:
        v = r[c]
        cells.append(str(v).rjust(widths[c]) if isinstance(v, (int, float)) else str(v).ljust(widths[c]))
    print(" | ".join(cells))
rate = sum(r["errors"] for r in rows) / sum(r["calls"] for r in rows)
print(f"error rate: {rate:.3%}", rate)
""")),
    ("a_long_generator_pipeline", "agent", _cell(r"""
def read_records():
    data = "id,amount,currency\n1,10.5,USD\n2,abc,USD\n3,7,EUR\n4,,USD\n5,3.25,usd"
    header, *lines = data.splitlines()
    keys = header.split(",")
    for line in lines:
        yield dict(zip(keys, line.split(",")))

def parse_amounts(records):
    for r in records:
        try:
            r["amount"] = float(r["amount"])
        except ValueError:
            print("skipping", r["id"], repr(r["amount"]))
            continue
        yield r

def only(currency, records):
    return (r for r in records if r["currency"].upper() == currency)

usd = list(only("USD", parse_amounts(read_records())))
print([r["id"] for r in usd], sum(r["amount"] for r in usd))
print(usd[-1])
""")),
    ("a_long_memo_and_counts", "agent", _cell(r"""
from functools import lru_cache

@lru_cache(maxsize=None)
def ways(amount, coins):
    if amount == 0:
        return 1
    if amount < 0 or not coins:
        return 0
    return ways(amount - coins[0], coins) + ways(amount, coins[1:])

print(ways(100, (50, 25, 10, 5, 1)))
print(ways(7, (2, 4)))
info = ways.cache_info()
print(info.hits > 0, info.misses > 0, info.maxsize)
ways.cache_clear()
print(ways.cache_info())

def count_calls(func):
    def wrapper(*args):
        wrapper.calls += 1
        return func(*args)
    wrapper.calls = 0
    return wrapper

@count_calls
def square(x):
    return x * x

print([square(i) for i in range(4)], square.calls, square.__name__)
""")),
    ("a_long_uncaught_in_loop_after_prints", "agent", _cell(r"""
playlist = [
    {"title": "a", "duration": 200},
    {"title": "b", "duration": "3:20"},
    {"title": "c", "duration": 180},
]
total = 0
for index, song in enumerate(playlist):
    print("adding", song["title"])
    total += song["duration"]
    print("running total", total)
print("done", total)
""")),
    ("a_long_sort_multi_criteria", "agent", _cell(r"""
apartments = [
    {"id": "A", "rent": 1800, "rooms": 2, "area": 65.5, "pets": True},
    {"id": "B", "rent": 1500, "rooms": 2, "area": 58.0, "pets": False},
    {"id": "C", "rent": 1800, "rooms": 3, "area": 80.25, "pets": True},
    {"id": "D", "rent": 1500, "rooms": 1, "area": 40.0, "pets": True},
    {"id": "E", "rent": 2100, "rooms": 3, "area": 80.25, "pets": False},
]
by_rent_then_area = sorted(apartments, key=lambda a: (a["rent"], -a["area"]))
print([a["id"] for a in by_rent_then_area])
per_sqm = {a["id"]: round(a["rent"] / a["area"], 2) for a in apartments}
print(per_sqm)
print(min(per_sqm, key=per_sqm.get), max(per_sqm.values()))
pet_ok = [a["id"] for a in apartments if a["pets"] and a["rooms"] >= 2]
print(pet_ok)
groups = itertools.groupby(sorted(apartments, key=lambda a: a["rooms"]), key=lambda a: a["rooms"])
print({rooms: [a["id"] for a in grp] for rooms, grp in groups})
""")),
    ("a_long_json_roundtrip", "agent", _cell(r"""
import json
state = {
    "version": 3,
    "users": [{"name": "Zoë", "tags": ("a", "b"), "score": 1e-3}, {"name": "Łukasz", "tags": [], "score": float("inf")}],
    "ids": {1: "one", 2: "two"},
    "ok": None,
}
text = json.dumps(state, ensure_ascii=False)
print(text)
back = json.loads(text)
print(back["ids"], back["users"][0]["tags"], back["users"][1]["score"])
print(back == state, json.dumps(back, sort_keys=True, separators=(",", ":"))[:70])
try:
    json.dumps(state, allow_nan=False)
except ValueError as e:
    print("ValueError:", e)
""")),
    # --- agent: more everyday cells ---
    ("a_print_repr_of_response", "agent", _cell(r"""
response = {"message": "Login successful.", "access_token": "tok_123", "token_type": "Bearer"}
print(response["message"])
print(response)
print(repr(response["access_token"]))
""")),
    ("a_status_branching", "agent", _cell(r"""
statuses = [200, 201, 404, 500, 302]
for code in statuses:
    if 200 <= code < 300:
        kind = "ok"
    elif code == 404:
        kind = "missing"
    elif code >= 500:
        kind = "server error"
    else:
        kind = "other"
    print(code, kind)
""")),
    ("a_ternary_and_walrus", "agent", _cell(r"""
data = [5, 12, 7, 30]
if (n := len(data)) > 3:
    print(f"list is long ({n} elements)")
print(["big" if x > 10 else "small" for x in data])
print([y for x in data if (y := x * 2) > 20])
""")),
    ("a_str_methods_report", "agent", _cell(r"""
title = "  the lord of the rings: the return of the king  "
t = title.strip()
print(t.title(), t.upper()[:10], t.count("the"), t.find("rings"), t.replace("the ", "", 1))
print(t.split(":")[0].strip().capitalize(), len(t), t.endswith("king"))
""")),
    ("a_nested_comprehension_matrix", "agent", _cell(r"""
seats = [[f"{row}{col}" for col in "ABCD"] for row in range(1, 4)]
print(seats)
taken = {"1A", "2C", "3D"}
free = [s for row in seats for s in row if s not in taken]
print(free, len(free))
""")),
    ("a_divide_and_format_money", "agent", _cell(r"""
bill = 100.0
people = 3
share = bill / people
print(share, round(share, 2), f"{share:.2f}", int(share * 100) / 100)
print(round(share, 2) * people, round(round(share, 2) * people, 2))
""")),
    ("a_slice_assignment_and_del", "agent", _cell(r"""
xs = list(range(10))
xs[2:5] = ["a", "b"]
del xs[-2:]
del xs[0]
print(xs, xs[::3], xs[-1])
""")),
    ("a_dict_of_lists_invert", "agent", _cell(r"""
tags = {"note1": ["work", "urgent"], "note2": ["home"], "note3": ["work"]}
inverse = defaultdict(list)
for note, ts in tags.items():
    for t in ts:
        inverse[t].append(note)
print(dict(inverse))
print({t: len(n) for t, n in sorted(inverse.items())})
""")),
    ("a_email_template", "agent", _cell(r"""
template = "Hi {name},\nYour order #{order_id} of {count} item(s) totals ${total:.2f}.\n- The Shop"
print(template.format(name="Ann", order_id=17, count=3, total=42.5))
""")),
    ("a_error_format_missing_key", "agent", _cell(r"""
template = "Hello {name}, you owe {amount}"
print(template.format(name="Bob"))
""")),
    ("a_assert_checks", "agent", _cell(r"""
def checked_total(values):
    assert all(isinstance(v, (int, float)) for v in values), f"non-numeric value in {values}"
    return sum(values)
print(checked_total([1, 2.5]))
print(checked_total([1, "2"]))
""")),
    ("a_isinstance_dispatch", "agent", _cell(r"""
def describe(v):
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    if isinstance(v, str):
        return "str"
    if isinstance(v, (list, tuple)):
        return f"sequence of {len(v)}"
    if isinstance(v, dict):
        return f"mapping with keys {sorted(v)}"
    return type(v).__name__
print([describe(v) for v in [True, 3, 2.0, "s", [1], (1, 2), {"b": 1, "a": 2}, None, range(2)]])
""")),
    # === recursion ============================================================================
    ("r_infinite_recursion", "recursion", "def f(n):\n    return f(n + 1)\nf(0)"),
    ("r_infinite_recursion_after_print", "recursion", "def countdown(n):\n    return countdown(n - 1)\nprint('start')\ncountdown(10)"),
    ("r_mutual_recursion", "recursion", "def is_even(n):\n    return True if n == 0 else is_odd(n - 1)\ndef is_odd(n):\n    return False if n == 0 else is_even(n - 1)\nprint(is_even(10), is_odd(7))\nis_even(-1)"),
    ("r_recursion_through_repr", "recursion", "class Node:\n    def __init__(self):\n        self.me = self\n    def __repr__(self):\n        return f'Node({self.me!r})'\nprint(repr(Node()))"),
    ("r_self_referencing_list_repr", "recursion", "a = [1, 2]\na.append(a)\nd = {'k': 1}\nd['self'] = d\nprint(a, d)\nprint(repr(a), str(d))"),
    ("r_self_referencing_list_json_print", "recursion", "a = [1]\na.append(a)\nprint(a)"),
    ("r_lru_cache_fib_80_400", "recursion", "from functools import lru_cache\n@lru_cache(maxsize=None)\ndef fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\nprint(fib(80))\nprint(fib(400))"),
    ("r_lru_cache_fib_deep_cold", "recursion", "from functools import lru_cache\n@lru_cache(maxsize=None)\ndef fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\nprint(fib(2000) % 1000000007)"),
    ("r_caught_recursion_error", "recursion", "def depth(n):\n    return depth(n + 1)\ntry:\n    depth(0)\nexcept RecursionError as e:\n    print(type(e).__name__, e)\nprint('ok')"),
    ("r_recursion_depth_reached", "recursion", "def probe(n):\n    try:\n        return probe(n + 1)\n    except RecursionError:\n        return n\nd = probe(0)\nprint(d > 100, d < 100000)"),
    ("r_setrecursionlimit_import", "recursion", "import sys\nsys.setrecursionlimit(10000)"),
    ("r_getrecursionlimit_dunder", "recursion", "print(__import__('sys').getrecursionlimit())"),
    ("r_json_dumps_deep_list", "recursion", "import json\nx = []\nfor _ in range(2000):\n    x = [x]\ns = json.dumps(x)"),
    ("r_json_dumps_deep_list_caught", "recursion", "import json\nx = []\nfor _ in range(2000):\n    x = [x]\ntry:\n    json.dumps(x)\nexcept RecursionError as e:\n    print('RecursionError', e)\nprint(len(json.dumps(eval('[' * 50 + ']' * 50))))"),
    ("r_str_deep_list", "recursion", "x = []\nfor _ in range(2000):\n    x = [x]\ns = str(x)"),
    ("r_str_deep_list_caught", "recursion", "x = []\nfor _ in range(2000):\n    x = [x]\ntry:\n    print(len(str(x)))\nexcept RecursionError as e:\n    print('RecursionError:', e)"),
    ("r_deep_recursion_ok_500", "recursion", "def depth(n):\n    return 0 if n == 0 else 1 + depth(n - 1)\nprint(depth(500))"),
    ("r_recursive_flatten", "recursion", "def flatten(x):\n    if isinstance(x, list):\n        return [y for item in x for y in flatten(item)]\n    return [x]\nprint(flatten([1, [2, [3, [4, [5]]]], [], [[6]]]))"),
    ("r_recursion_in_generator", "recursion", "def gen(n):\n    yield n\n    yield from gen(n + 1)\nfor i, v in enumerate(gen(0)):\n    pass"),
    ("r_deepcopy_deep", "recursion", "x = []\nfor _ in range(5000):\n    x = [x]\ny = deepcopy(x)"),
    # === ipython: IPython's objects and hooks in AppWorld's namespace ========================
    ("i_open_variable_roundtrip", "ipython", "w = open\nf = w('appsim_probe_rt.txt', 'w')\nprint(f.write('hello\\n'), type(f).__name__)\nf.close()\nr = w('appsim_probe_rt.txt')\nprint(repr(r.read()), r.name, r.mode)\nr.close()"),
    ("i_open_variable_append_binary", "ipython", "w = open\nwith w('appsim_probe_ab.txt', 'a') as f:\n    f.write('x')\nwith w('appsim_probe_ab.txt', 'a') as f:\n    f.write('y')\nwith w('appsim_probe_ab.txt', 'rb') as f:\n    print(f.read())"),
    ("i_open_variable_exclusive_exists", "ipython", "w = open\nw('appsim_probe_x.txt', 'x').close()\nw('appsim_probe_x.txt', 'x')"),
    ("i_open_variable_bad_mode", "ipython", "w = open\nprint(w('appsim_probe_m.txt', 'q'))"),
    ("i_open_variable_readlines", "ipython", "w = open\nwith w('appsim_probe_l.txt', 'w') as f:\n    f.write('a\\nb\\nc')\nwith w('appsim_probe_l.txt') as f:\n    print(f.readlines())\nwith w('appsim_probe_l.txt') as f:\n    print([line.strip() for line in f])"),
    ("i_help_method", "ipython", "help(str.upper)"),
    ("i_help_class_method_doc", "ipython", "class Cart:\n    \"\"\"A shopping cart.\"\"\"\n    def total(self, tax=0.0):\n        \"\"\"The sum of the items.\"\"\"\n        return 0\nhelp(Cart.total)"),
    ("i_in_out_values", "ipython", "print(In, Out, In is _ih, Out is _oh, repr(_), repr(__), repr(___), __builtin__ is builtins, __doc__)"),
    ("i_dir_after_assignment", "ipython", "total_price = 3\nnames = dir()\nprint(len(names), 'total_price' in names, names[:4])"),
    ("i_get_ipython_names", "ipython", "print(get_ipython.__name__, get_ipython.__qualname__, type(get_ipython).__name__, type(get_ipython()).__module__)"),
    ("i_exit_objects_called", "ipython", "e = exit\nq = quit\nprint(e(), q(), type(e).__module__, e is q)"),
    ("i_await_chain", "ipython", "async def price(x):\n    return x * 2\nasync def total(xs):\n    s = 0\n    for x in xs:\n        s += await price(x)\n    return s\nprint(await total([1, 2, 3]))"),
    ("i_await_result_assigned", "ipython", "async def fetch():\n    return {'id': 7}\nrow = await fetch()\nprint(row['id'])"),
    ("i_recursionlimit_roundtrip", "ipython", "s = __import__('sys')\nold = s.getrecursionlimit()\ns.setrecursionlimit(2000)\nnew = s.getrecursionlimit()\ns.setrecursionlimit(old)\nprint(old, new, s.getrecursionlimit())"),
    ("i_maxsize_sentinel", "ipython", "s = __import__('sys')\nbest = s.maxsize\nfor v in [5000000000, 3000000000, 7000000000]:\n    best = min(best, v)\nprint(best, s.maxsize > 2 ** 40)"),
    ("i_assert_is_none", "ipython", "x = 1\nassert x is None"),
    ("i_assert_not", "ipython", "items = [1]\nassert not items"),
    ("i_assert_in", "ipython", "assert 5 in [1, 2]"),
    ("i_assert_call_in_function", "ipython", "def check(v):\n    assert isinstance(v, int), f'bad {v!r}'\ncheck('a')"),
    ("i_apis_type_names", "ipython", "print(type(apis).__name__, type(apis).__module__, type(requester).__module__)"),
]


SEQUENCES: list[tuple[str, list[str]]] = [
    ("s_variable_carries", [
        "x = 41\nitems = ['a', 'b']",
        "x += 1\nitems.append('c')\nprint(x, items)",
    ]),
    ("s_function_defined_then_used", [
        "def area(w, h):\n    return w * h",
        "print(area(3, 4))",
        "def area(w, h):\n    return w * h * 10\nprint(area(3, 4))",
    ]),
    ("s_class_defined_then_used", [
        "class Point:\n    def __init__(self, x, y):\n        self.x, self.y = x, y\n    def __repr__(self):\n        return f'Point({self.x}, {self.y})'",
        "p = Point(1, 2)\nprint(p, [p])",
        "print(type(p).__name__, isinstance(p, Point), p.x + p.y)",
    ]),
    ("s_import_then_use", [
        "import re\nfrom collections import OrderedDict as OD",
        "print(re.findall(r'\\d', 'a1b2'), OD(a=1))",
    ]),
    ("s_failing_cell_keeps_earlier_assignments", [
        "a = 1\nb = 2",
        "a = 10\nc = 3\nraise ValueError('stop here')\nd = 4",
        "print(a, b, c)\nprint('d' in globals())",
    ]),
    ("s_syntax_error_cell_changes_nothing", [
        "value = 'before'",
        "value = 'during'\nprint(value",
        "print(value)",
    ]),
    ("s_refused_cell_changes_nothing", [
        "counter = 1",
        "counter = 2\nimport sys",
        "print(counter)",
    ]),
    ("s_variable_deleted", [
        "temp = [1, 2, 3]",
        "del temp",
        "print(temp)",
    ]),
    ("s_random_seeded_across_cells", [
        "random.seed(1)\nprint(random.random())",
        "print(random.random())",
        "print(random.randint(1, 1000), random.choice(['a', 'b', 'c']))",
    ]),
    ("s_random_unseeded_across_cells", [
        "print(random.random())",
        "print(random.random())",
    ]),
    ("s_lru_cache_fib_across_cells", [
        "from functools import lru_cache\n@lru_cache(maxsize=None)\ndef fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)",
        "print(fib(80))",
        "print(fib.cache_info().currsize, fib(90))",
    ]),
    ("s_recursion_error_then_state_survives", [
        "keep = {'k': 'v'}\ndef down(n):\n    return down(n + 1)",
        "down(0)",
        "print(keep, 'down' in globals())",
        "print(sum(range(10)))",
    ]),
    ("s_print_redefined_persists", [
        "def print(*args, **kwargs):\n    builtins.print('>>', *args, **kwargs)",
        "print([1, 2])",
        "del print\nprint([1, 2])",
    ]),
    ("s_json_shadowed_breaks_print", [
        "json = 'not a module'",
        "print({'a': 1})",
        "import json\nprint({'a': 1})",
    ]),
    ("s_accumulate_results", [
        "results = []",
        "for i in range(3):\n    results.append(i * i)\nprint(results)",
        "results.extend([9, 16])\nprint(results)",
        "print(sum(results), len(results))",
    ]),
    ("s_exception_object_kept", [
        "try:\n    {}['missing']\nexcept KeyError as e:\n    saved = e",
        "print(repr(saved), type(saved).__name__)",
        "raise saved",
    ]),
    ("s_generator_consumed_across_cells", [
        "gen = (i * 10 for i in range(4))\nprint(next(gen))",
        "print(next(gen), next(gen))",
        "print(list(gen))",
        "print(next(gen))",
    ]),
    ("s_time_frozen_across_cells", [
        "from datetime import datetime\nt0 = datetime.now()\nprint(t0)",
        "print(datetime.now() - t0, datetime.now() == t0)",
        "import time\nprint(time.time())",
    ]),
    ("s_counter_class_state", [
        "class Clicker:\n    count = 0\n    def click(self):\n        Clicker.count += 1\n        return Clicker.count\nc = Clicker()",
        "print(c.click(), c.click())",
        "print(Clicker().click(), Clicker.count)",
    ]),
    ("s_failing_function_then_fixed", [
        "def total(xs):\n    return sum(x['price'] for x in xs)",
        "print(total([{'price': 1}, {'cost': 2}]))",
        "def total(xs):\n    return sum(x.get('price', 0) for x in xs)\nprint(total([{'price': 1}, {'cost': 2}]))",
    ]),
    ("s_name_error_then_defined", [
        "print(later_value)",
        "later_value = 5",
        "print(later_value)",
    ]),
    ("s_empty_and_comment_cells", [
        "",
        "# nothing here",
        "x = 1",
        "print(x)",
    ]),
    ("s_input_then_continue", [
        "answer = input('yes or no? ')",
        "print('answer' in globals())",
    ]),
    ("s_system_exit_then_continue", [
        "flag = 'set'\nraise SystemExit(1)",
        "print(flag)",
    ]),
    ("s_keyboard_interrupt_then_continue", [
        "flag = 'set'\nraise KeyboardInterrupt",
        "print(flag)",
    ]),
    ("s_modified_preloaded_module", [
        "math.answer = 42",
        "print(math.answer)",
        "import math\nprint(math.answer, math.floor(1.5))",
        "del math.answer\nprint(hasattr(math, 'answer'))",
    ]),
    ("s_global_counter_function", [
        "calls = 0\ndef tick():\n    global calls\n    calls += 1\n    return calls",
        "tick()\ntick()",
        "print(tick(), calls)",
    ]),
    ("s_dict_built_over_cells", [
        "summary = defaultdict(list)",
        "for k, v in [('a', 1), ('b', 2), ('a', 3)]:\n    summary[k].append(v)",
        "print(summary)",
        "print(dict(summary))",
    ]),
    ("s_overwrite_builtin_name", [
        "list = [1, 2, 3]",
        "print(list)",
        "print(list('abc'))",
        "del list\nprint(list('abc'))",
    ]),
    ("s_recursion_limit_in_function_then_ok", [
        "def fact(n):\n    return 1 if n <= 1 else n * fact(n - 1)",
        "print(fact(20))",
        "print(len(str(fact(5000))))",
        "print(fact(5))",
    ]),
    ("s_chained_helpers_error_later", [
        "def parse(row):\n    name, qty = row.split(':')\n    return name, int(qty)",
        "def load(rows):\n    return dict(parse(r) for r in rows)",
        "print(load(['a:1', 'b:2']))",
        "print(load(['a:1', 'b:two']))",
    ]),
    ("s_pendulum_state", [
        "start = pendulum.now()",
        "print(start.add(days=1) > start, (pendulum.now() - start).in_seconds())",
    ]),
    ("s_open_file_across_cells", [
        "w = open\nwith w('appsim_probe_seq.txt', 'w') as f:\n    f.write('{\"n\": 3}')",
        "r = open\nwith r('appsim_probe_seq.txt') as f:\n    print(json.loads(f.read())['n'] + 1)",
    ]),
    ("s_await_helpers_across_cells", [
        "async def double(x):\n    return 2 * x",
        "print(await double(21))",
    ]),
]
