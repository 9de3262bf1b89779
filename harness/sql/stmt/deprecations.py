"""MySQL's deprecation warnings that MariaDB does not give (docs/RULES-mysql-9.7.md 7).

**1287, user variables set in expressions** (8.0.13+, sql_yacc.yy: a warning per ``@v := expr``
the parser reads outside ``SET``'s own assignment; ``SELECT ... INTO @v`` is the alternative
and gives none), raised before the statement runs.

**6414, a transaction that writes two storage engines.** Observed on 9.7.4 (docs/RULES-mysql-9.7.md 7, "engine mix"): when a statement write-locks a
table whose engine differs from the engine of the first table the transaction (or the
autocommitted statement) wrote, the statement gets, before anything it raises itself,

    Warning 6414 Combining the storage engines NEW and FIRST is deprecated, but the statement
    or transaction updates both the NEW table db.new and the FIRST table db.first.

once per transaction. A table counts when the statement opens it for write (its triggers'
tables and the tables of a multi-table UPDATE/DELETE in their order), whether or not a row
changes and whether or not the statement then fails; a table only read does not count.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from harness.sql.parse import parse_tree as A
from harness.sql.sql_errors import Note

if TYPE_CHECKING:
    from harness.sql.thd import Thd

WARNED = ("", "")  # the transaction already got its warning


def warn_engine_mix(thd: Thd, info: Any) -> None:
    if not thd.server.flavor.sql.engine_mix_warning:
        return
    first = thd.trx.engine_mix
    for u in info.uses:
        if not u.write:
            continue
        t = u.table
        thd.trx.engine_mix_trans = thd.trx.engine_mix_trans or bool(t.engine.transactional)
        if first is WARNED:
            continue
        engine, name = str(t.engine.name), f"{t.db}.{t.name}"
        if first is None:
            first = (engine, name)
        elif engine.lower() != first[0].lower():
            thd.notes.append(Note("Warning", 6414, (
                f"Combining the storage engines {engine} and {first[0]} is deprecated, but the statement or "
                f"transaction updates both the {engine} table {name} and the {first[0]} table {first[1]}.")))
            first = WARNED
    thd.trx.engine_mix = first


def engine_mix_kept(thd: Thd) -> tuple[str, str] | None:
    """What the next transaction starts from when this one ends: nothing, unless it wrote only
    non-transactional tables and changed no row -- no engine committed or rolled back, no
    binlog write (9.7.4 [bytes]: `DELETE FROM m WHERE a = 99` or a MyISAM INSERT failing
    on its first row, then `INSERT INTO t` warns 6414 naming m; a MyISAM INSERT that wrote
    a row, or a failed InnoDB statement, leaves nothing)."""
    trx = getattr(thd, "trx", None)
    if trx is None or trx.engine_mix is None or trx.engine_mix_trans:
        return None
    log = getattr(thd, "trx_log", None)
    if thd.stmt.changed_nontrans or (log is not None and log.nontrans_modified):
        return None
    return trx.engine_mix


_ASSIGN_DEPRECATED = ("Setting user variables within expressions is deprecated and will be removed in a future "
                      "release. Consider alternatives: 'SET variable=expression, ...', or 'SELECT expression(s) "
                      "INTO variables(s)'.")


_VALUES_DEPRECATED = ("'VALUES function' is deprecated and will be removed in a future release. Please use an "
                      "alias (INSERT INTO ... VALUES (...) AS alias) and replace VALUES(col) in the ON DUPLICATE "
                      "KEY UPDATE clause with alias.col instead")


def _deprecated(x: Any, out: list[str]) -> None:
    """The parser's deprecation messages for ``x``, in the order it reads them."""
    if isinstance(x, A.Assign):
        out.append(_ASSIGN_DEPRECATED)
    elif isinstance(x, A.FuncCall) and x.name in ("VALUES", "VALUE"):
        out.append(_VALUES_DEPRECATED)
    if isinstance(x, (list, tuple)):
        for v in x:
            _deprecated(v, out)
    elif dataclasses.is_dataclass(x) and not isinstance(x, type):
        for f in dataclasses.fields(x):
            if f.name != "text":
                _deprecated(getattr(x, f.name), out)


def warn_assignments(thd: Thd, stmt: A.Statement) -> None:
    """The parser's 1287s of the client's statement (its routine bodies included: they are
    parsed with it): each ``@v := expr``, and each ``VALUES(col)`` (8.0.20: in ON DUPLICATE KEY
    UPDATE, deprecated for the row alias)."""
    text = stmt.text or ""
    if not thd.server.flavor.sql.assign_in_expr_deprecated or stmt.text != thd.stmt.text \
            or (":=" not in text and "DUPLICATE" not in text.upper()):
        return
    found: list[str] = []
    _deprecated(stmt, found)
    thd.notes.extend(Note("Warning", 1287, m) for m in found)
