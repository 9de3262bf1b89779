"""``col IS NULL`` on a NOT NULL DATE/DATETIME column (Item_func_isnull): the zero date counts
as NULL, and MySQL, which rewrites it ``col = 0``, stores the 0 into a DATETIME field (the
session time zone read). Used by the expression compiler (expr.Compiler.c_IsNull)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from harness.sql.parse import parse_tree as A

if TYPE_CHECKING:
    from harness.sql.item.expr import Env, Scope


def notnull_date_type(scope: "Scope", e: A.Expr) -> Any:
    """The type of a NOT NULL DATE/DATETIME column ``e`` names, else None."""
    from harness.sql.item.column_types import DateTimeType, DateType
    if not isinstance(e, A.ColumnRef) or (e.table is None and e.name.lower() in scope.local_names):
        return None
    try:
        depth, ti, ci = scope.resolve(e)
    except Exception:  # noqa: BLE001 - compile() reports the unresolved name itself
        return None
    sc = scope
    for _ in range(depth):
        sc = sc.outer  # type: ignore[assignment]
    cols = getattr(sc.tables[ti][1], "columns", None)
    if cols is None or ci >= len(cols):
        return None
    col = cols[ci]
    return col.type if not col.nullable and type(col.type) in (DateType, DateTimeType) else None


def zero_into_datetime(env: "Env") -> None:
    """MySQL rewrites ``datetime_col IS NULL`` on a NOT NULL column as ``datetime_col = 0``,
    storing the constant 0 into the field, which reads the session time zone (9.7.4 observed:
    `UPDATE m1 SET a = 4 WHERE d IS NULL` carries Q_TIME_ZONE_CODE; on a DATE column not)."""
    thd = getattr(getattr(env, "ctx", None), "thd", None)
    if thd is not None and thd.server.flavor.sql.datetime_store_uses_time_zone:
        thd.stmt_log.read_time_zone()


def string_to_temporal_reads_time_zone(env: "Env") -> None:
    """MySQL 8.0.19+: a string converted to DATETIME or TIME (CAST('...' AS DATETIME), AS TIME)
    may carry a time zone displacement, so the conversion reads the session time zone
    (thd->time_zone_used -> Q_TIME_ZONE_CODE) -- 9.7.4 observed: `INSERT INTO x VALUES
    (HOUR(CAST('10:11:12' AS TIME)))` and `YEAR(CAST('2020-01-02 03:04:05' AS DATETIME))` carry
    5=SYSTEM; CAST of a number, of a DATE/TIME column, and CAST(... AS DATE) do not."""
    zero_into_datetime(env)
