"""What CPython 3.11 shows and RustPython 0.6 does not, for the RustPython executor (module
`_appsim_rp`): tracebacks as 3.11 writes them, syntax errors in 3.11's words, and float floor
divisions of constants.

RustPython's own traceback writer prints no source lines (it reads them from files, and this
build has no host files) and no position markers, and its `traceback` module draws 3.13's
markers. This module draws what AppWorld's CPython 3.11 prints: each frame's source line from
the episode's own cell sources (`__appsim_cells__` in the frame's globals: file name -> source,
kept per scope so forks carry them and other episodes never see them), `^` markers under the
failing expression with `~`/`^` anchors for binary operators and subscripts, repeated frames
folded after three, chained exceptions, notes and syntax errors.
"""

import ast as _ast
import linecache as _linecache
import re as _re

_RECURSIVE_CUTOFF = 3
_CAUSE = "\nThe above exception was the direct cause of the following exception:\n\n"
_CONTEXT = "\nDuring handling of the above exception, another exception occurred:\n\n"


def _safe_str(value, what, fn=str):
    try:
        return fn(value)
    except BaseException:  # noqa: BLE001  (a __str__ that raises: CPython's placeholder)
        return f"<{what} str() failed>"


def _char_offset(line, byte_offset):
    return len(line.encode("utf-8")[:byte_offset].decode("utf-8", errors="replace"))


def _source_line(frame, filename, lineno):
    """The raw line (with its newline) of a cell file, or None for any other file."""
    if lineno is None:
        return None
    try:
        sources = frame.f_globals.get("__appsim_cells__")
    except BaseException:  # noqa: BLE001
        return None
    lines = sources.get(filename) if isinstance(sources, dict) else None
    if lines is None and filename.startswith("<"):
        # The prelude (`print`, `input`) and other in-memory sources; never a host file.
        entry = _linecache.cache.get(filename)
        lines = entry[2] if isinstance(entry, tuple) and len(entry) == 4 else None
    if not isinstance(lines, list) or not 1 <= lineno <= len(lines):
        return None
    return lines[lineno - 1]


def _position(code, lasti):
    if lasti < 0:
        return None, None, None
    try:
        for i, pos in enumerate(code.co_positions()):
            if i == lasti // 2:
                return pos[1], pos[2], pos[3]
    except BaseException:  # noqa: BLE001
        pass
    return None, None, None


def _anchors(segment):
    """(left, right) of the `^` part inside a failing binary operation or subscript."""
    tree = _ast.parse(segment)
    if len(tree.body) != 1 or not isinstance(tree.body[0], _ast.Expr):
        return None
    expr = tree.body[0].value

    def norm(offset):
        return _char_offset(segment, offset)

    if isinstance(expr, _ast.BinOp):
        start, end = norm(expr.left.end_col_offset), norm(expr.right.col_offset)
        between = segment[start:end]
        skip = len(between) - len(between.lstrip())
        left = expr.left.end_col_offset + skip
        right = left + 1
        if skip + 1 < len(between) and not between[skip + 1].isspace():
            right += 1
        while left < len(segment) and (segment[left].isspace() or segment[left] in ")#"):
            left += 1
            right += 1
        return norm(left), norm(right)
    if isinstance(expr, _ast.Subscript):
        left = norm(expr.value.end_col_offset)
        right = norm(expr.slice.end_col_offset + 1)
        while left < len(segment) and (segment[left].isspace() or segment[left] != "["):
            left += 1
        while right < len(segment) and (segment[right].isspace() or segment[right] != "]"):
            right += 1
        if right < len(segment):
            right += 1
        return left, right
    return None


def _frame(frame, filename, lineno, name, lasti):
    row = [f'  File "{filename}", line {lineno}, in {name}\n']
    raw = _source_line(frame, filename, lineno)
    if not raw or not raw.strip():
        return "".join(row)
    stripped = raw.strip()
    row.append(f"    {stripped}\n")
    end_lineno, col, end_col = _position(frame.f_code, lasti)
    if col is None or end_col is None:
        return "".join(row)
    skipped = len(raw) - len(stripped)
    start = _char_offset(raw, col) + 1
    end = _char_offset(raw, end_col) + 1
    anchors = None
    if end_lineno == lineno:
        try:
            anchors = _anchors(raw[start - 1:end - 1])
        except BaseException:  # noqa: BLE001
            anchors = None
    else:
        end = skipped + len(stripped)
    if end - start < len(stripped) or (anchors and anchors[1] - anchors[0] > 0):
        marks = " " * (start - skipped)
        if anchors:
            marks += "~" * anchors[0] + "^" * (anchors[1] - anchors[0])
            marks += "~" * (end - start - anchors[1])
        else:
            marks += "^" * (end - start)
        if stripped.startswith("assert") and not _compare_assert(stripped, marks):
            return "".join(row)
        row.append(f"    {marks}\n")
    return "".join(row)


def _compare_assert(source, marks):
    """AppWorld's 3.11.7 marks a failed `assert` only where its test is a comparison."""
    start = len(marks) - len(marks.lstrip())
    try:
        test = compile(source[start:len(marks.rstrip())], "<assert>", "eval", _ast.PyCF_ONLY_AST)
    except BaseException:  # noqa: BLE001
        return True
    return isinstance(test.body, _ast.Compare)


def _stack(tb):
    out = []
    last = None
    count = 0

    def repeated(n):
        n -= _RECURSIVE_CUTOFF
        return f"  [Previous line repeated {n} more time{'s' if n > 1 else ''}]\n"

    while tb is not None:
        frame = tb.tb_frame
        code = frame.f_code
        key = (code.co_filename, tb.tb_lineno, code.co_name)
        if key != last:
            if count > _RECURSIVE_CUTOFF:
                out.append(repeated(count))
            last = key
            count = 0
        count += 1
        if count <= _RECURSIVE_CUTOFF:
            out.append(_frame(frame, key[0], key[1], key[2], tb.tb_lasti))
        tb = tb.tb_next
    if count > _RECURSIVE_CUTOFF:
        out.append(repeated(count))
    return out


def _type_name(cls):
    name = getattr(cls, "__qualname__", cls.__name__)
    module = getattr(cls, "__module__", None)
    if module not in ("__main__", "builtins"):
        if not isinstance(module, str):
            module = "<unknown>"
        name = f"{module}.{name}"
    return name


def _syntax(e, name):
    out = []
    suffix = ""
    if e.lineno is not None:
        out.append(f'  File "{e.filename or "<string>"}", line {e.lineno}\n')
    elif e.filename is not None:
        suffix = f" ({e.filename})"
    text = e.text
    if text is not None:
        rtext = text.rstrip("\n")
        ltext = rtext.lstrip(" \n\f")
        spaces = len(rtext) - len(ltext)
        out.append(f"    {ltext}\n")
        if e.offset is not None:
            offset = e.offset
            end_offset = e.end_offset if e.end_offset not in (None, 0) else offset
            if offset == end_offset or end_offset == -1:
                end_offset = offset + 1
            col, end_col = offset - 1 - spaces, end_offset - 1 - spaces
            if col >= 0:
                space = "".join(c if c.isspace() else " " for c in ltext[:col])
                out.append(f"    {space}{'^' * (end_col - col)}\n")
    out.append(f"{name}: {e.msg or '<no detail available>'}{suffix}\n")
    return out


def _only(e):
    name = _type_name(type(e))
    if isinstance(e, SyntaxError):
        out = _syntax(e, name)
    else:
        value = _safe_str(e, "exception")
        out = [f"{name}: {value}\n" if value else f"{name}\n"]
    notes = getattr(e, "__notes__", None)
    if isinstance(notes, (list, tuple)):
        for note in notes:
            out.extend(line + "\n" for line in _safe_str(note, "note").split("\n"))
    elif notes is not None:
        out.append(_safe_str(notes, "__notes__", repr) + "\n")
    return out


def format_exception(e):
    """The full traceback text of `e` with its causes and contexts, oldest first."""
    chain = []
    seen = set()
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        if e.__cause__ is not None:
            chain.append((e, _CAUSE))
            e = e.__cause__
        elif e.__context__ is not None and not e.__suppress_context__:
            chain.append((e, _CONTEXT))
            e = e.__context__
        else:
            chain.append((e, None))
            e = None
    out = []
    for e, joint in reversed(chain):
        if joint is not None:
            out.append(joint)
        if e.__traceback__ is not None:
            out.append("Traceback (most recent call last):\n")
            out.extend(_stack(e.__traceback__))
        out.extend(_only(e))
    return "".join(out)


def remember(scope, code, source):
    """Keeps `source` as the cell file of `code` in `scope` (every line ends with a newline, as
    in a file: the markers' columns assume it)."""
    cells = scope.get("__appsim_cells__")
    if not isinstance(cells, dict):
        cells = scope["__appsim_cells__"] = {}
    cells[code.co_filename] = [ln if ln.endswith("\n") else ln + "\n" for ln in source.splitlines(True)]


def _number(node):
    """The value of a constant numeric expression, or None."""
    if isinstance(node, _ast.Constant) and type(node.value) in (int, float, bool):
        return node.value
    if isinstance(node, _ast.UnaryOp) and isinstance(node.op, (_ast.USub, _ast.UAdd)):
        v = _number(node.operand)
        if v is None:
            return None
        return -v if isinstance(node.op, _ast.USub) else +v
    if isinstance(node, _ast.BinOp):
        left, right = _number(node.left), _number(node.right)
        if left is None or right is None:
            return None
        op = type(node.op)
        if op in (_ast.Pow, _ast.LShift) and not (isinstance(left, float) or isinstance(right, float)):
            return None  # (a big integer: nothing of a float to fix below it)
        ops = {_ast.Add: lambda a, b: a + b, _ast.Sub: lambda a, b: a - b,
               _ast.Mult: lambda a, b: a * b, _ast.Div: lambda a, b: a / b,
               _ast.FloorDiv: lambda a, b: a // b, _ast.Mod: lambda a, b: a % b,
               _ast.Pow: lambda a, b: a ** b}
        if op not in ops:
            return None
        try:
            v = ops[op](left, right)
        except Exception:  # noqa: BLE001  (left for run time: ZeroDivisionError, ...)
            return None
        return v if type(v) in (int, float) else None
    return None


class _FloorDivFolder(_ast.NodeTransformer):
    changed = False

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, _ast.FloorDiv):
            v = _number(node)
            if isinstance(v, float):
                self.changed = True
                return _ast.copy_location(_ast.Constant(value=v), node)
        return node


def compile_cell(source, filename):
    """`source` compiled with its float floor divisions of constants folded right, or None
    where it has none. (rustpython-codegen 0.6.0 folds `5 // 0.5` to 0.0: its float_div_mod
    answers a zero quotient whenever the remainder is zero; the same operation at run time is
    right, so the folding is done here first.)"""
    try:
        tree = _ast.parse(source, filename, "exec")
    except SyntaxError:
        return None
    folder = _FloorDivFolder()
    tree = folder.visit(tree)
    if not folder.changed:
        return None
    return compile(tree, filename, "exec", dont_inherit=True)


_OPEN = {"(": ")", "[": "]", "{": "}"}
_CLOSE = {v: k for k, v in _OPEN.items()}
_INDENT_AFTER = _re.compile(r"expected an indented block after (`(\w+)` statement|function definition|class definition)")
_IF_ASSIGN = _re.compile(r"^\s*(if|elif|while)\b[^=]*[^=<>!:]=[^=]")


def _bracket_error(code):
    """CPython's tokenizer errors about brackets and characters, which 3.11 reports before the
    parser's: `(line text, message)` or None."""
    lines = code.split("\n")
    stack = []
    i, n, line = 0, len(code), 1
    quote = None
    while i < n:
        c = code[i]
        if quote:
            if c == "\\":
                i += 2
                continue
            if code.startswith(quote, i):
                i += len(quote)
                quote = None
                continue
            if c == "\n":
                line += 1
                if len(quote) == 1:
                    quote = None
            i += 1
            continue
        if c == "#":
            while i < n and code[i] != "\n":
                i += 1
            continue
        if c in "'\"":
            quote = code[i:i + 3] if code[i:i + 3] in ("'''", '"""') else c
            i += len(quote)
            continue
        if c == "\n":
            line += 1
        elif c in _OPEN:
            stack.append((c, line))
        elif c in _CLOSE:
            if not stack:
                return lines[line - 1], f"unmatched '{c}'"
            opener, at = stack.pop()
            if _OPEN[opener] != c:
                where = "" if at == line else f" on line {at}"
                return lines[line - 1], (
                    f"closing parenthesis '{c}' does not match opening parenthesis '{opener}'{where}")
        elif c == "\u00a0" or (c.isspace() is False and not c.isprintable()):
            return lines[line - 1], f"invalid non-printable character U+{ord(c):04X}"
        elif ord(c) > 127 and not (c.isidentifier() or ("a" + c).isidentifier()):
            return lines[line - 1], f"invalid character '{c}' (U+{ord(c):04X})"
        i += 1
    if stack and quote is None:
        opener, at = stack[-1]
        return lines[at - 1], f"'{opener}' was never closed"
    return None


def _target_message(target, statement):
    """3.11's message for an assignment to `target` (source text) that is not assignable."""
    try:
        node = _ast.parse(target.strip(), mode="eval").body
    except SyntaxError:
        return None
    here = " here. Maybe you meant '==' instead of '='?" if statement else ""
    if isinstance(node, _ast.Constant):
        if node.value is None or isinstance(node.value, bool):
            return f"cannot assign to {node.value}"
        return f"cannot assign to literal{here}"
    if isinstance(node, _ast.Call):
        return f"cannot assign to function call{here}"
    if isinstance(node, (_ast.BinOp, _ast.UnaryOp, _ast.BoolOp)):
        return f"cannot assign to expression{here}"
    if isinstance(node, _ast.Compare):
        return f"cannot assign to comparison{here}"
    return None


def _header_line(lines, lineno, keyword):
    """The line number of the block header (`if`, `def`, ...) at or above `lineno`."""
    for at in range(min(lineno, len(lines)), 0, -1):
        words = lines[at - 1].split()
        if words and (words[0] == keyword or words[:2] == ["async", keyword]
                      or words[0].startswith(keyword + ":")):
            return at
    return lineno


def _message(e, code, text):
    """RustPython's parser message of `e` in 3.11's words."""
    msg = e.msg
    lines = code.split("\n")
    if msg == "unexpected indentation":
        return "unexpected indent"
    m = _INDENT_AFTER.fullmatch(msg)
    if m:
        keyword = m.group(2) or ("def" if m.group(1).startswith("function") else "class")
        what = f"'{keyword}' statement" if m.group(2) else m.group(1)
        return f"expected an indented block after {what} on line {_header_line(lines, e.lineno or 1, keyword)}"
    if msg == "invalid assignment target":
        stripped = text.strip()
        if stripped.startswith("for ") and " in " in stripped:
            found = _target_message(stripped[4:stripped.index(" in ")], False)
        else:
            found = _target_message(stripped.split("=")[0], True) if "=" in stripped else None
        return found or msg
    if msg == "parameter without a default follows parameter with a default":
        return "non-default argument follows default argument"
    if msg == "assignment expression target must be an identifier":
        m = _re.search(r"\(?\s*([^(:=]+?)\s*:=", text)
        if m:
            try:
                node = _ast.parse(m.group(1), mode="eval").body
                kind = {_ast.Attribute: "attribute", _ast.Subscript: "subscript"}.get(type(node))
                if kind:
                    return f"cannot use assignment expressions with {kind}"
            except SyntaxError:
                pass
        return msg
    if msg == "f-string: invalid conversion character":
        return "f-string: invalid conversion character: expected 's', 'r', or 'a'"
    if msg == "unterminated f-string literal":
        return f"unterminated string literal (detected at line {e.lineno})"
    if msg.startswith("unterminated string literal") and ("'''" in text or '"""' in text):
        return f"unterminated triple-quoted string literal (detected at line {len(lines)})"
    if msg == "invalid syntax":
        stripped = text.strip()
        if _re.match(r"print\s+[^\s(=.,)]", stripped):
            return "Missing parentheses in call to 'print'. Did you mean print(...)?"
        if _IF_ASSIGN.match(stripped):
            return "invalid syntax. Maybe you meant '==' or ':=' instead of '='?"
    return msg


def syntax_error(code):
    """AppWorld's report of a cell that does not parse, `(offending line, message)` in CPython
    3.11's words, or None when the code parses (a compiler-only error)."""
    try:
        compile(code, "<unknown>", "exec", _ast.PyCF_ONLY_AST)
    except SyntaxError as e:
        found = _bracket_error(code)
        if found is not None:
            return found
        text = (e.text or "").rstrip()
        return text, _message(e, code, text)
    return None
