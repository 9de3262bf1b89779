"""Statement shapes: parse an ``INSERT … VALUES`` once per shape, not once per statement.

A bulk load sends the same INSERT again and again with other literals. The
shape of a statement is its text with every string and number literal
replaced by ``?``; the first statement of a shape is parsed in full, and if
its AST holds exactly those literals, in order, as the plain values of its
VALUES rows, later statements of the shape reuse that AST with their own
literals. Any other statement (or a shape whose literals sit anywhere else)
goes through the full parser, so the fast path can only ever return the AST
the parser would have built.
"""

from __future__ import annotations

import copy
import re
from collections import OrderedDict
from decimal import Decimal
from typing import Any, Callable

from harness.sql.parse import parse_tree as A
from harness.sql.parse.lexer import _unquote_string, literal_value

_NAME_CHARS = r"A-Za-z0-9_$\u0080-\uffff"
_LITERALS = re.compile(
    rf"""
    (?P<skip>`[^`]*+(?:``[^`]*+)*+`|/\*.*?\*/|(?:--(?=\s)|\#)[^\n]*)
  | (?P<string>'[^'\\]*+(?:(?:\\.|'')[^'\\]*+)*+'|"[^"\\]*+(?:(?:\\.|"")[^"\\]*+)*+")
  | (?<![{_NAME_CHARS}.@])(?P<number>(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?)(?![{_NAME_CHARS}])
    """,
    re.VERBOSE | re.DOTALL,
)
# A character set introducer before a literal (``_latin1?`` in a shape).
_INTRODUCED = re.compile(rf"(?<![{_NAME_CHARS}.@])_[A-Za-z0-9]+\s*\?")
_NOT_BINDABLE = object()
_CACHE_SIZE = 128


def _number(text: str) -> int | Decimal | float:
    """The value the tokenizer gives the same text (INT, DECIMAL or FLOAT token)."""
    if "e" in text or "E" in text:
        return float(text)
    if "." in text:
        return Decimal(text)
    return int(text)


def literal_shape(sql: str) -> tuple[str, list[Any]]:
    """(shape key, literal values in text order)."""
    values: list[Any] = []

    def repl(m: re.Match[str]) -> str:
        kind = m.lastgroup
        if kind == "skip":
            return m.group()
        text = m.group()
        values.append(_unquote_string(text) if kind == "string" else _number(text))
        return "?"

    return _LITERALS.sub(repl, sql), values


def _same(a: list[Any], b: list[Any]) -> bool:
    return len(a) == len(b) and all(type(x) is type(y) and x == y for x, y in zip(a, b))


def _row_literals(stmt: A.Statement) -> list[Any] | None:
    """The literal values of an INSERT's VALUES rows, when every value is a plain
    literal, NULL or DEFAULT (neither of which is a literal in the shape's text)."""
    if not isinstance(stmt, A.Insert) or stmt.rows is None or stmt.select is not None:
        return None
    out: list[Any] = []
    for row in stmt.rows:
        for e in row:
            if type(e) is A.Default:
                continue
            if type(e) is not A.Literal:
                return None
            if e.value is not None:
                out.append(e.value)
    return out


class ShapeCache:
    """Shapes seen by one session, with the AST to rebind (or a mark that it cannot be)."""

    def __init__(self, parse: Callable[[str], A.Statement]) -> None:
        self._parse = parse
        self._shapes: OrderedDict[str, Any] = OrderedDict()

    def parse(self, sql: str) -> A.Statement:
        head = sql.lstrip()[:7].upper()
        if not (head.startswith("INSERT") or head.startswith("REPLACE")):
            return self._parse(sql)
        key, values = literal_shape(sql)
        if _INTRODUCED.search(key):
            # ``_latin1'x'``: the parser checks the text of an introduced literal (ASCII only).
            return self._parse(sql)
        template = self._shapes.get(key)
        if template is None:
            stmt = self._parse(sql)
            lits = _row_literals(stmt)
            self._shapes[key] = stmt if lits is not None and lits and _same(lits, values) else _NOT_BINDABLE
            if len(self._shapes) > _CACHE_SIZE:
                self._shapes.popitem(last=False)
            return stmt
        if template is _NOT_BINDABLE:
            return self._parse(sql)
        self._shapes.move_to_end(key)
        return _bind(template, values, sql)


def _bind(template: A.Insert, values: list[Any], sql: str) -> A.Insert:
    stmt = copy.copy(template)
    it = iter(values)
    stmt.rows = [[e if type(e) is A.Default or e.value is None else A.Literal(literal_value(next(it))) for e in row]  # type: ignore[attr-defined]
                 for row in template.rows or []]
    stmt.text = sql
    return stmt


__all__ = ["ShapeCache", "literal_shape"]
