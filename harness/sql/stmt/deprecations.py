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
    if first is WARNED:
        return
    for u in info.uses:
        if not u.write:
            continue
        t = u.table
        engine, name = str(t.engine.name), f"{t.db}.{t.name}"
        if first is None:
            first = (engine, name)
        elif engine.lower() != first[0].lower():
            thd.notes.append(Note("Warning", 6414, (
                f"Combining the storage engines {engine} and {first[0]} is deprecated, but the statement or "
                f"transaction updates both the {engine} table {name} and the {first[0]} table {first[1]}.")))
            first = WARNED
            break
    thd.trx.engine_mix = first


_ASSIGN_DEPRECATED = ("Setting user variables within expressions is deprecated and will be removed in a future "
                      "release. Consider alternatives: 'SET variable=expression, ...', or 'SELECT expression(s) "
                      "INTO variables(s)'.")


def _assignments(x: Any) -> int:
    if isinstance(x, A.Assign):
        return 1 + _assignments(x.expr)
    if isinstance(x, (list, tuple)):
        return sum(_assignments(v) for v in x)
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return sum(_assignments(getattr(x, f.name)) for f in dataclasses.fields(x)
                   if f.name not in ("text",))
    return 0


def warn_assignments(thd: Thd, stmt: A.Statement) -> None:
    """The parser's 1287 for each ``@v := expr`` of the client's statement (its routine bodies
    included: they are parsed with it)."""
    if not thd.server.flavor.sql.assign_in_expr_deprecated or ":=" not in (stmt.text or "") \
            or stmt.text != thd.stmt.text:
        return
    thd.notes.extend(Note("Warning", 1287, _ASSIGN_DEPRECATED) for _ in range(_assignments(stmt)))
