"""Prepared-statement steps: ``conN: prepared [v1, v2, ...] SQL-with-?``.

The runner prepares the statement on the server (COM_STMT_PREPARE) and executes it with
the values bound in the binary protocol (COM_STMT_EXECUTE), through mysql-connector's
prepared cursor, on both sides. Each value is written as an SQL literal and becomes the
Python value whose binary type the connector sends:

=========================================  ==========================================
literal                                    sent as
=========================================  ==========================================
``42``, ``-7``                             LONGLONG (``int``)
``1.50``, ``-0.001``                       NEWDECIMAL (``Decimal``)
``1.5e0``, ``1E300``                       DOUBLE (``float``)
``'it''s'``, ``'a\\nb'``                   STRING (``str``; ``''`` and backslash escapes)
``X'00ff'``                                BLOB (``bytes``)
``NULL``                                   NULL
``DATE'2021-02-03'``                       DATE (``datetime.date``)
``TIMESTAMP'2020-01-02 03:04:05.5'``       DATETIME (``datetime.datetime``)
``TIME'-26:02:03'``                        TIME (``datetime.timedelta``)
=========================================  ==========================================
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from typing import Any

PREPARED_KEYWORD = "prepared"

_STRING_ESCAPES = {"0": "\0", "n": "\n", "r": "\r", "t": "\t", "b": "\b", "Z": "\x1a"}
_TOKEN = re.compile(r"""
    \s*(?:
      (?P<temporal>DATE|TIMESTAMP|TIME)\s*'(?P<tvalue>[^']*)'
    | [Xx]'(?P<hex>[0-9A-Fa-f]*)'
    | (?P<null>NULL)\b
    | (?P<float>[-+]?(?:\d+\.?\d*|\.\d+)[eE][-+]?\d+)
    | (?P<decimal>[-+]?(?:\d+\.\d*|\.\d+))
    | (?P<int>[-+]?\d+)
    | '(?P<string>(?:[^'\\]|\\.|'')*)'
    )\s*""", re.VERBOSE | re.IGNORECASE | re.DOTALL)


class ParamError(ValueError):
    """A parameter list that cannot be read; the parser adds the file and line."""


def _unescape(text: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            out.append(_STRING_ESCAPES.get(text[i + 1], text[i + 1]))
            i += 2
            continue
        if c == "'":  # a doubled quote
            out.append("'")
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def _temporal(kind: str, text: str) -> Any:
    kind = kind.upper()
    try:
        if kind == "DATE":
            return dt.date.fromisoformat(text)
        if kind == "TIMESTAMP":
            return dt.datetime.fromisoformat(text)
        m = re.fullmatch(r"(-)?(\d+):(\d\d):(\d\d)(?:\.(\d{1,6}))?", text)
        if not m:
            raise ValueError(text)
        neg, h, mi, s, frac = m.groups()
        value = dt.timedelta(hours=int(h), minutes=int(mi), seconds=int(s),
                             microseconds=int((frac or "0").ljust(6, "0")))
        return -value if neg else value
    except ValueError:
        raise ParamError(f"bad {kind} literal {text!r}") from None


def parse_param_list(text: str) -> tuple[Any, ...]:
    """``1, 'a', NULL`` (the inside of the brackets) -> Python values."""
    values: list[Any] = []
    pos = 0
    if not text.strip():
        return ()
    while True:
        m = _TOKEN.match(text, pos)
        if not m:
            raise ParamError(f"cannot read a parameter value at {text[pos:pos + 20]!r}")
        if m.group("temporal"):
            values.append(_temporal(m.group("temporal"), m.group("tvalue")))
        elif m.group("hex") is not None:
            if len(m.group("hex")) % 2:
                raise ParamError(f"X'{m.group('hex')}' has an odd number of hex digits")
            values.append(bytes.fromhex(m.group("hex")))
        elif m.group("null"):
            values.append(None)
        elif m.group("float"):
            values.append(float(m.group("float")))
        elif m.group("decimal"):
            values.append(Decimal(m.group("decimal")))
        elif m.group("int"):
            values.append(int(m.group("int")))
        else:
            values.append(_unescape(m.group("string")))
        pos = m.end()
        if pos == len(text):
            return tuple(values)
        if text[pos] != ",":
            raise ParamError(f"expected ',' between parameter values at {text[pos:pos + 20]!r}")
        pos += 1


def _closing_bracket(text: str, start: int) -> int:
    """Index of the ``]`` that closes the list opened at ``start``, quotes honoured."""
    i = start + 1
    quote = ""
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\":
                i += 2
                continue
            if c == quote:
                quote = ""
        elif c == "'":
            quote = c
        elif c == "]":
            return i
        i += 1
    raise ParamError("parameter list has no closing ']'")


def count_placeholders(sql: str) -> int:
    """``?`` outside quotes, backtick identifiers and comments (what the server counts)."""
    n = 0
    i = 0
    while i < len(sql):
        c = sql[i]
        if c in "'\"`":
            j = i + 1
            while j < len(sql) and sql[j] != c:
                j += 2 if sql[j] == "\\" and c != "`" else 1
            i = j + 1
            continue
        if sql.startswith("/*", i) and not sql.startswith(("/*!", "/*M!"), i):
            end = sql.find("*/", i + 2)
            i = len(sql) if end < 0 else end + 2
            continue
        if c == "?":
            n += 1
        i += 1
    return n


def split_prepared(sql: str) -> tuple[tuple[Any, ...], str] | None:
    """``prepared [values] SQL`` -> (values, SQL); None for an ordinary statement."""
    head = sql.split(None, 1)
    if len(head) != 2 or head[0].lower() != PREPARED_KEYWORD or not head[1].startswith("["):
        return None
    rest = head[1]
    end = _closing_bracket(rest, 0)
    params = parse_param_list(rest[1:end])
    statement = rest[end + 1:].strip()
    if not statement:
        raise ParamError("prepared step without a statement after the parameter list")
    if count_placeholders(statement) != len(params):
        raise ParamError(f"{len(params)} parameter value(s) for {count_placeholders(statement)} '?' placeholder(s)")
    return params, statement


def format_param(value: Any) -> str:
    """The literal :func:`parse_param_list` reads back as ``value`` (for writing cases)."""
    if value is None:
        return "NULL"
    if isinstance(value, bool) or isinstance(value, int):
        return str(int(value))
    if isinstance(value, Decimal):
        return format(value, "f") if "." in format(value, "f") else format(value, "f") + ".0"
    if isinstance(value, float):
        text = repr(value)
        return text if "e" in text else text + "e0"
    if isinstance(value, (bytes, bytearray)):
        return "X'" + bytes(value).hex() + "'"
    if isinstance(value, dt.datetime):
        return f"TIMESTAMP'{value.isoformat(sep=' ')}'"
    if isinstance(value, dt.date):
        return f"DATE'{value.isoformat()}'"
    if isinstance(value, dt.timedelta):
        us = abs(value) // dt.timedelta(microseconds=1)
        secs, micro = divmod(us, 1_000_000)
        text = f"{secs // 3600}:{secs // 60 % 60:02d}:{secs % 60:02d}" + (f".{micro:06d}" if micro else "")
        return f"TIME'{'-' if value < dt.timedelta(0) else ''}{text}'"
    text = str(value).replace("\\", "\\\\").replace("'", "''").replace("\n", "\\n").replace("\r", "\\r")
    return "'" + text.replace("\0", "\\0") + "'"


def format_prepared(params: tuple[Any, ...], sql: str) -> str:
    """A ``prepared [...] SQL`` step's text."""
    return f"{PREPARED_KEYWORD} [{', '.join(format_param(v) for v in params)}] {sql}"
