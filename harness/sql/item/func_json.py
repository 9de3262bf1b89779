"""MariaDB's JSON functions (item_jsonfunc.cc), the subset DML uses.

MariaDB has no JSON type: a JSON column is LONGTEXT utf8mb4_bin with a
``CHECK (json_valid(col))``, and these functions read and write text. What the model
keeps of the server's behaviour:

* results that are JSON documents are written back in the server's layout: ``", "``
  between members, ``": "`` after a key, numbers as written (probed:
  ``JSON_SET('{"a":1}', '$.b', 2)`` is ``{"a": 1, "b": 2}``);
* a string argument is a JSON string (quoted) unless it is itself the result of a JSON
  function (``JSON_OBJECT('a', JSON_ARRAY(1))`` nests);
* an invalid document: JSON_VALID is 0 with Note 4037/4038, the others NULL with
  Warning 4037/4038 naming the argument and the function;
* paths: ``$``, ``.key``, ``."key"``, ``[n]``; wildcards are refused (1235).
"""

from __future__ import annotations

import copy
import datetime as dt
import re
from decimal import Decimal
from typing import Any, Callable

from harness.binlog import json_binary as JB
from harness.diagnostics import Note
from harness.sql.parse import parse_tree as A
from harness.sql.item.json_text import JsonSyntaxError, parse_json_text
from harness.sql.parse.parse_errors import UnsupportedError
from harness.sql.sql_errors import error

Fn = Callable[[Any], Any]


class JsonText(str):
    """A string that is a JSON document (a JSON function's result): nests unquoted."""


class TemporalStr(str):
    """A temporal argument of a JSON function: its text (MariaDB's JSON string), keeping the
    value (MySQL stores it as an opaque DATE/DATETIME/TIME: field_json.from_function_tree)."""

    value: Any


class _Num:
    """A JSON number, kept as written."""

    __slots__ = ("text", "kind")

    def __init__(self, text: str) -> None:
        self.text = text
        self.kind: str | None = None  # "decimal": an SQL DECIMAL argument (MySQL keeps its type)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Num) and Decimal(self.text) == Decimal(other.text)

    def __hash__(self) -> int:
        return hash(Decimal(self.text))


class JsonError(Exception):
    def __init__(self, kind: str, pos: int) -> None:
        super().__init__(kind)
        self.kind, self.pos = kind, pos


_WS = " \t\n\r"
_NUM = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?")
_STR_ESC = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


class _Parser:
    def __init__(self, text: str) -> None:
        self.s, self.i = text, 0

    def ws(self) -> None:
        while self.i < len(self.s) and self.s[self.i] in _WS:
            self.i += 1

    def fail(self) -> JsonError:
        # json_lib reports the position after the character it could not take (probed:
        # 'not json' is "at position 1"), and "Unexpected end" at the end of the text.
        return JsonError("end", self.i) if self.i >= len(self.s) else JsonError("syntax", self.i + 1)

    def value(self) -> Any:
        self.ws()
        if self.i >= len(self.s):
            raise self.fail()
        c = self.s[self.i]
        if c == "{":
            return self.obj()
        if c == "[":
            return self.arr()
        if c == '"':
            return self.string()
        for word, v in (("true", True), ("false", False), ("null", None)):
            if c == word[0]:
                # json_lib reads the literal while it matches: the error is at the first
                # character that does not (probed: '{"k": tru}' fails at position 9).
                n = 0
                while n < len(word) and self.s[self.i + n:self.i + n + 1] == word[n]:
                    n += 1
                self.i += n
                if n < len(word):
                    raise JsonError("end", self.i) if self.i >= len(self.s) else JsonError("syntax", self.i)
                return v
        m = _NUM.match(self.s, self.i)
        if m is None:
            raise self.fail()
        self.i = m.end()
        return _Num(m.group())

    def string(self) -> str:
        self.i += 1
        out: list[str] = []
        while self.i < len(self.s):
            c = self.s[self.i]
            if c == '"':
                self.i += 1
                return "".join(out)
            if c == "\\":
                self.i += 1
                if self.i >= len(self.s):
                    break
                e = self.s[self.i]
                if e == "u":
                    out.append(chr(int(self.s[self.i + 1:self.i + 5], 16)))
                    self.i += 5
                    continue
                if e not in _STR_ESC:
                    raise self.fail()
                out.append(_STR_ESC[e])
            else:
                out.append(c)
            self.i += 1
        raise self.fail()

    def obj(self) -> dict[str, Any]:
        self.i += 1
        out: dict[str, Any] = {}
        self.ws()
        if self.s[self.i:self.i + 1] == "}":
            self.i += 1
            return out
        while True:
            self.ws()
            if self.s[self.i:self.i + 1] != '"':
                raise self.fail()
            k = self.string()
            self.ws()
            if self.s[self.i:self.i + 1] != ":":
                raise self.fail()
            self.i += 1
            out.setdefault(k, self.value())
            self.ws()
            c = self.s[self.i:self.i + 1]
            self.i += 1
            if c == "}":
                return out
            if c != ",":
                self.i -= 1
                raise self.fail()

    def arr(self) -> list[Any]:
        self.i += 1
        out: list[Any] = []
        self.ws()
        if self.s[self.i:self.i + 1] == "]":
            self.i += 1
            return out
        while True:
            out.append(self.value())
            self.ws()
            c = self.s[self.i:self.i + 1]
            self.i += 1
            if c == "]":
                return out
            if c != ",":
                self.i -= 1
                raise self.fail()


def parse_json(text: str) -> Any:
    p = _Parser(text)
    v = p.value()
    p.ws()
    if p.i < len(p.s):
        raise JsonError("syntax", p.i + 1)
    return v


def _quote(s: str) -> str:
    out = s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
    return f'"{out}"'


def dump(v: Any) -> str:
    """The server's layout of a document it writes back."""
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, _Num):
        return v.text
    if isinstance(v, (int, float, JB.JOpaque)):
        return JB.to_text(v)  # a MySQL JSON value's scalar (field_json.sql_to_tree)
    if isinstance(v, str):
        return _quote(v)
    if isinstance(v, list):
        return "[" + ", ".join(dump(x) for x in v) + "]"
    return "{" + ", ".join(f"{_quote(k)}: {dump(x)}" for k, x in v.items()) + "}"


def _result(tree: Any) -> JsonText:
    """A function's document: its text in the server's layout, keeping the tree (a MySQL
    JSON column stores the values with their SQL types: field_json.from_function_tree)."""
    out = JsonText(dump(tree))
    out.tree = tree  # type: ignore[attr-defined]
    return out


def _sql_to_json(v: Any) -> Any:
    """A SQL value as a JSON value (JSON_OBJECT / JSON_ARRAY / JSON_SET arguments)."""
    if isinstance(v, JsonText):
        tree = getattr(v, "tree", None)  # a value of its own types (MySQL: field_json)
        return copy.deepcopy(tree) if tree is not None else parse_json(v)
    if v is None or isinstance(v, bool):
        return v
    if isinstance(v, Decimal):
        n = _Num(str(v))
        n.kind = "decimal"
        return n
    if isinstance(v, int):
        return _Num(str(v))
    if isinstance(v, float):
        return _Num(repr(v))
    if isinstance(v, bytes):
        return v.decode("utf-8", "replace")
    if isinstance(v, (dt.date, dt.timedelta)):
        out = TemporalStr(str(v))
        out.value = v
        return out
    return str(v)


def _text(v: Any) -> str:
    return v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v)


def _doc(env: Any, v: Any, arg: int, fname: str, level: str = "Warning") -> tuple[bool, Any]:
    """(ok, parsed) for a document argument; a warning (JSON_VALID: a note) when invalid.
    MySQL (the flavour's ``native_json``): rapidjson's error 3141 naming the argument, the
    function, the message and the byte offset; JSON_VALID is 0 without a condition
    (item_json_func.cc: parse_json's error handler; 9.7.4 probed)."""
    if native_json(env):
        try:
            parse_json_text(_text(v))
        except JsonSyntaxError as e:
            if level == "Note":
                return False, None
            raise error("ER_INVALID_JSON_TEXT_IN_PARAM", arg, fname, e.message, e.pos) from None
    try:
        return True, parse_json(_text(v))
    except JsonError as e:
        if e.kind == "end":
            env.ctx.notes.append(Note(level, 4037, f"Unexpected end of JSON text in argument {arg} to function "
                                                   f"'{fname}'"))
        else:
            env.ctx.notes.append(Note(level, 4038, f"Syntax error in JSON text in argument {arg} to function "
                                                   f"'{fname}' at position {e.pos}"))
        return False, None


def native_json(env: Any) -> bool:
    """The flavour's SqlDialect.native_json (MySQL's JSON type)."""
    thd = getattr(getattr(env, "ctx", None), "thd", None)
    sql = getattr(getattr(getattr(thd, "server", None), "flavor", None), "sql", None)
    return bool(getattr(sql, "native_json", False))


_STEP = re.compile(r'\.(?:"((?:[^"\\]|\\.)*)"|([A-Za-z_$][\w$]*))|\[\s*(\d+)\s*\]')


def parse_path(path: str) -> list[Any]:
    p = path.strip()
    if not p.startswith("$") or "*" in p:
        raise UnsupportedError(f"the JSON path {path!r}")
    steps: list[Any] = []
    i = 1
    while i < len(p):
        m = _STEP.match(p, i)
        if m is None:
            raise UnsupportedError(f"the JSON path {path!r}")
        steps.append(m.group(1) if m.group(1) is not None else m.group(2) if m.group(2) is not None
                     else int(m.group(3)))
        i = m.end()
    return steps


_MISSING = object()


def _get(doc: Any, steps: list[Any]) -> Any:
    cur = doc
    for s in steps:
        if isinstance(s, int):
            if isinstance(cur, list):
                if s >= len(cur):
                    return _MISSING
                cur = cur[s]
            elif s == 0:
                continue  # a scalar is its own [0]
            else:
                return _MISSING
        elif isinstance(cur, dict) and s in cur:
            cur = cur[s]
        else:
            return _MISSING
    return cur


def _put(doc: Any, steps: list[Any], value: Any, mode: str) -> Any:
    """JSON_SET (``set``), JSON_INSERT (``insert``), JSON_REPLACE (``replace``) of one path;
    JSON_ARRAY_APPEND (``append``): the value appended to the array the path names, a
    scalar or an object there wrapped in an array first, a missing path left alone."""
    if mode == "append":
        target = _get(doc, steps)
        if target is _MISSING:
            return doc
        if isinstance(target, list):
            target.append(value)
            return doc
        value = [target, value]
        mode = "replace"
    if not steps:
        return value if mode != "insert" else doc
    parent = _get(doc, steps[:-1])
    last = steps[-1]
    if isinstance(last, str) and isinstance(parent, dict):
        exists = last in parent
        if (exists and mode != "insert") or (not exists and mode != "replace"):
            parent[last] = value
    elif isinstance(last, int) and isinstance(parent, list):
        if last < len(parent):
            if mode != "insert":
                parent[last] = value
        elif mode != "replace":
            parent.append(value)
    return doc


def _modified_doc(env: Any, v: Any, fname: str) -> tuple[bool, Any]:
    """The document JSON_SET/INSERT/REPLACE/REMOVE/ARRAY_APPEND change: MySQL's JSON value
    keeps its own types (a copy of its tree), otherwise the text read again."""
    tree = getattr(v, "tree", None)
    if tree is not None and native_json(env):
        return True, copy.deepcopy(tree)
    return _doc(env, v, 1, fname)


def _partial(res: JsonText, first: Any, ops: list[tuple[str, list[Any], Any]]) -> JsonText:
    """Remembers what a JSON_SET/REPLACE/REMOVE did to a stored JSON value (its first
    argument, or the value under a nested call's): MySQL updates the stored bytes in place
    when the UPDATE assigns the result to that same column (field_json.keep_partial_update)."""
    base = getattr(first, "partial_base", None)
    done = getattr(first, "partial_ops", [])
    if base is None and hasattr(first, "binary"):
        base, done = first, []
    if base is not None:
        res.partial_base = base  # type: ignore[attr-defined]
        res.partial_ops = done + ops  # type: ignore[attr-defined]
    return res


def _modify(mode: str) -> Callable[[list[Fn], A.FuncCall], Fn]:
    fname = {"set": "json_set", "insert": "json_insert", "replace": "json_replace",
             "append": "json_array_append"}[mode]

    def make(args: list[Fn], e: A.FuncCall) -> Fn:
        def call(env: Any) -> Any:
            vals = [a(env) for a in args]
            if vals[0] is None:
                return None
            ok, doc = _modified_doc(env, vals[0], fname)
            if not ok:
                return None
            ops = []
            for k in range(1, len(vals) - 1, 2):
                if vals[k] is None:
                    return None
                steps, value = parse_path(_text(vals[k])), _sql_to_json(vals[k + 1])
                ops.append((mode, steps, copy.deepcopy(value)))
                doc = _put(doc, steps, value, mode)
            return _partial(_result(doc), vals[0], ops)
        return call
    return make


def _remove(args: list[Fn], e: A.FuncCall) -> Fn:
    def call(env: Any) -> Any:
        vals = [a(env) for a in args]
        if any(v is None for v in vals):
            return None
        ok, doc = _modified_doc(env, vals[0], "json_remove")
        if not ok:
            return None
        ops = []
        for p in vals[1:]:
            steps = parse_path(_text(p))
            if not steps:
                return None
            ops.append(("remove", steps, None))
            parent = _get(doc, steps[:-1])
            last = steps[-1]
            if isinstance(parent, dict) and isinstance(last, str):
                parent.pop(last, None)
            elif isinstance(parent, list) and isinstance(last, int) and last < len(parent):
                del parent[last]
        return _partial(_result(doc), vals[0], ops)
    return call


def _with_doc(fname: str, fn: Callable[..., Any], level: str = "Warning") -> Callable[[list[Fn], A.FuncCall], Fn]:
    """A function of a document and more arguments, NULL when one is NULL or the document is invalid."""
    def make(args: list[Fn], e: A.FuncCall) -> Fn:
        def call(env: Any) -> Any:
            vals = [a(env) for a in args]
            if any(v is None for v in vals):
                return None
            ok, doc = _doc(env, vals[0], 1, fname, level)
            if not ok:
                return 0 if fname == "json_valid" else None
            return fn(doc, *[_text(v) for v in vals[1:]])
        return call
    return make


def _extract(doc: Any, *paths: str) -> Any:
    found = [v for v in (_get(doc, parse_path(p)) for p in paths) if v is not _MISSING]
    if not found:
        return None
    return _result(found[0] if len(paths) == 1 else found)


def _value(doc: Any, path: str) -> Any:
    v = _get(doc, parse_path(path))
    if v is _MISSING or v is None or isinstance(v, (dict, list)):
        return None
    if isinstance(v, bool):
        return "true" if v else "false"
    return v.text if isinstance(v, _Num) else v


def _length(doc: Any, *path: str) -> Any:
    v = _get(doc, parse_path(path[0])) if path else doc
    if v is _MISSING:
        return None
    return len(v) if isinstance(v, (dict, list)) else 1


def _keys(doc: Any, *path: str) -> Any:
    v = _get(doc, parse_path(path[0])) if path else doc
    return _result(list(v)) if isinstance(v, dict) else None


def _contains_value(target: Any, cand: Any) -> bool:
    if isinstance(target, dict):
        return isinstance(cand, dict) and all(k in target and _contains_value(target[k], v) for k, v in cand.items())
    if isinstance(target, list):
        if isinstance(cand, list):
            return all(_contains_value(target, c) for c in cand)
        return any(_contains_value(t, cand) for t in target)
    return type(target) is type(cand) and target == cand


def _contains(args: list[Fn], e: A.FuncCall) -> Fn:
    def call(env: Any) -> Any:
        vals = [a(env) for a in args]
        if any(v is None for v in vals):
            return None
        ok, doc = _doc(env, vals[0], 1, "json_contains")
        ok2, cand = _doc(env, vals[1], 2, "json_contains") if ok else (False, None)
        if not ok2:
            return None
        if len(vals) > 2:
            doc = _get(doc, parse_path(_text(vals[2])))
            if doc is _MISSING:
                return None
        return int(_contains_value(doc, cand))
    return call


def _unquote(args: list[Fn], e: A.FuncCall) -> Fn:
    def call(env: Any) -> Any:
        v = args[0](env)
        if v is None:
            return None
        s = _text(v)
        if len(s) >= 2 and s[0] == '"' and s[-1] == '"':
            try:
                r = parse_json(s)
                return r if isinstance(r, str) else s
            except JsonError:
                return s
        return s
    return call


def _object(args: list[Fn], e: A.FuncCall) -> Fn:
    def call(env: Any) -> Any:
        vals = [a(env) for a in args]
        out: dict[str, Any] = {}
        for k in range(0, len(vals) - 1, 2):
            if vals[k] is None:
                return None
            out[_text(vals[k])] = _sql_to_json(vals[k + 1])
        return _result(out)
    return call


def _array(args: list[Fn], e: A.FuncCall) -> Fn:
    return lambda env: _result([_sql_to_json(a(env)) for a in args])


def _valid(doc: Any) -> int:
    return 1


JSON_FUNCTIONS: dict[str, Callable[[list[Fn], A.FuncCall], Fn]] = {
    "JSON_OBJECT": _object,
    "JSON_ARRAY": _array,
    "JSON_EXTRACT": _with_doc("json_extract", _extract),
    "JSON_VALUE": _with_doc("json_value", _value),
    "JSON_SET": _modify("set"),
    "JSON_INSERT": _modify("insert"),
    "JSON_REPLACE": _modify("replace"),
    "JSON_ARRAY_APPEND": _modify("append"),
    "JSON_REMOVE": _remove,
    "JSON_CONTAINS": _contains,
    "JSON_VALID": _with_doc("json_valid", _valid, "Note"),
    "JSON_UNQUOTE": _unquote,
    "JSON_LENGTH": _with_doc("json_length", _length),
    "JSON_KEYS": _with_doc("json_keys", _keys),
}

__all__ = ["JSON_FUNCTIONS", "JsonText", "parse_json", "dump", "parse_path"]
