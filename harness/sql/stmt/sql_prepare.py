"""SQL-level prepared statements: PREPARE, EXECUTE ... USING, DEALLOCATE/DROP PREPARE.

As MariaDB 10.11's sql_prepare.cc runs them (observed on 10.11.19):

* ``PREPARE name FROM 'text' | @var`` parses the text (a syntax error is the PREPARE's
  1064; a ``?`` stands for a value); an existing statement of that name is dropped
  first, so a failed PREPARE leaves none. PREPARE, EXECUTE and DEALLOCATE cannot
  themselves be prepared (1295). Nothing is logged.
* ``EXECUTE name [USING v, ...]``: 1243 for an unknown name, 1210 when the number of
  values is not the number of placeholders. The statement runs with each ``?``
  replaced by its value written as SQL (insert_params_from_actual_params_with_log,
  Item_param::query_val_str), and that *expanded* text is ``thd->query()``: what a
  Query event and an Annotate_rows event hold, in every format -- as for the binary
  protocol (harness/server/prepared.py). A user variable's value: integers and
  decimals as written, a DOUBLE in its shortest form, a string quoted with backslash
  escapes (doubled quotes under NO_BACKSLASH_ESCAPES), NULL (also an undefined
  variable) as ``NULL``; a date the variable holds is a string (``'2020-01-02'``).
* ``DEALLOCATE PREPARE name`` / ``DROP PREPARE name``: 1243 for an unknown name.
* ``EXECUTE IMMEDIATE text [USING ...]`` prepares and executes at once; a value given
  as an expression (not a user variable) keeps its type: a DATE is ``DATE'...'``, a
  TIME ``TIME'...'``, a DATETIME ``TIMESTAMP'...'``; ``USING DEFAULT`` is ``DEFAULT``.

Names are case-insensitive. The statements live in the session (Thd.sql_prepared).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from harness.sql.item.expr import Compiler, Env, Scope
from harness.sql.item.number_text import format_float
from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import SqlParseError
from harness.sql.parse.stmtinfo import StatementInfo
from harness.sql.parse.text_scan import split_placeholders
from harness.sql.sql_errors import ServerError
from harness.sql.stmt.sql_result import OkPacket

if TYPE_CHECKING:
    from harness.sql.thd import Thd

_NOT_PREPARABLE = (A.Prepare, A.Execute, A.Deallocate)
_ESCAPES = {"\0": "\\0", "\n": "\\n", "\r": "\\r", "\\": "\\\\", "'": "\\'", '"': '\\"', "\x1a": "\\Z"}


def _unknown(name: str, verb: str) -> ServerError:
    return ServerError(1243, f"Unknown prepared statement handler ({name}) given to {verb}", "HY000")


def _value(thd: "Thd", e: A.Expr) -> Any:
    from harness.sql.stmt.context import ExecContext
    info = StatementInfo(kind="SET")
    return Compiler(Scope([]), info).compile(e)(Env(ExecContext(thd, info)))


def _pieces(thd: "Thd", source: A.Expr) -> list[str]:
    """The statement text of PREPARE / EXECUTE IMMEDIATE, checked and cut at its ``?``."""
    text = _value(thd, source)
    if isinstance(text, bytes):
        text = text.decode("utf-8", "surrogateescape")
    text = "NULL" if text is None else str(text)
    pieces = split_placeholders(text, "NO_BACKSLASH_ESCAPES" not in str(thd.vars.get("sql_mode")))
    try:
        parsed = thd.parse("0".join(pieces))
    except SqlParseError as e:
        raise ServerError(e.code, str(e), e.sqlstate) from None
    if isinstance(parsed, _NOT_PREPARABLE):
        raise ServerError(1295, "This command is not supported in the prepared statement protocol yet", "HY000")
    return pieces


def prepare(thd: "Thd", st: A.Prepare) -> OkPacket:
    key = st.name.lower()
    thd.sql_prepared.pop(key, None)
    assert st.source is not None
    thd.sql_prepared[key] = _pieces(thd, st.source)
    return OkPacket(info="Statement prepared")


def execute(thd: "Thd", st: A.Execute) -> Any:
    if st.immediate is not None:
        pieces = _pieces(thd, st.immediate)
    else:
        found = thd.sql_prepared.get(st.name.lower())
        if found is None:
            raise _unknown(st.name, "EXECUTE")
        pieces = found
    if len(st.using) != len(pieces) - 1:
        raise ServerError(1210, "Incorrect arguments to EXECUTE", "HY000")
    no_bs = "NO_BACKSLASH_ESCAPES" in str(thd.vars.get("sql_mode"))
    out = [pieces[0]]
    for e, piece in zip(st.using, pieces[1:]):
        if isinstance(e, A.Default):
            out.append("DEFAULT")
        else:
            # A user variable holds no temporal type: its date is a string (observed).
            out.append(sql_value(_value(thd, e), no_bs, temporal=not isinstance(e, A.UserVar)))
        out.append(piece)
    return thd.run_expanded("".join(out))


def deallocate(thd: "Thd", st: A.Deallocate) -> OkPacket:
    if thd.sql_prepared.pop(st.name.lower(), None) is None:
        raise _unknown(st.name, "DEALLOCATE PREPARE")
    return OkPacket()


def sql_value(v: Any, no_backslash_escapes: bool = False, temporal: bool = True) -> str:
    """A value as Item_param::query_val_str writes it into the expanded query: a
    temporal value as a typed literal (``DATE'2001-01-02'``, ``TIME'10:20:30.123'``,
    ``TIMESTAMP'2001-01-02 10:20:30'``; binlog_stm_ps.result)."""
    if temporal and isinstance(v, dt.date | dt.timedelta):
        from harness.sql.item.column_types import value_to_string
        text = value_to_string(v)
        micro = v.microsecond if isinstance(v, dt.datetime) else v.microseconds if isinstance(v, dt.timedelta) else 0
        if micro and "." not in text:
            text += f".{micro:06d}"
        if "." in text:  # the value's precision is not kept: its significant digits
            text = text.rstrip("0").rstrip(".")
        kind = "TIMESTAMP" if isinstance(v, dt.datetime) else "DATE" if isinstance(v, dt.date) else "TIME"
        return f"{kind}'{text}'"
    if v is None:
        return "NULL"
    if isinstance(v, bool):
        return str(int(v))
    if isinstance(v, int):
        return str(v)
    if isinstance(v, Decimal):
        return str(v)
    if isinstance(v, float):
        return format_float(v, 17)
    if isinstance(v, bytes):
        v = v.decode("utf-8", "surrogateescape")
    elif isinstance(v, dt.datetime | dt.date | dt.time | dt.timedelta):
        v = str(v)
    s = str(v)
    if no_backslash_escapes:
        return "'" + s.replace("'", "''") + "'"
    out = []
    for ch in s:
        if "\udc80" <= ch <= "\udcff":  # a byte that starts no well-formed character
            out.append("\\" + ch)
        else:
            out.append(_ESCAPES.get(ch, ch))
    return "'" + "".join(out) + "'"
