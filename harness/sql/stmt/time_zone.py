"""Which row stores read the session time zone (thd->time_zone_used -> Q_TIME_ZONE_CODE).

MariaDB 10.11: storing a value into a TIMESTAMP column converts it with the session time zone
(observed Q_TIME_ZONE_CODE "SYSTEM"); a zero value skips the conversion, a rejected one not.
MySQL 9.7 ([bytes], docs/RULES-mysql-9.7.md 2): a DATETIME column too -- any non-NULL value
stored into one, a string, a number, another column's DATETIME or DATE, a zero literal (8.0.19's
datetime literals with a time zone offset: Field_datetime's store asks THD::time_zone()) -- but
not the zero a refused value leaves ('x', a DECIMAL 8.00, a zero date under NO_ZERO_DATE: observed
9.7.4, `INSERT INTO t4 VALUES (1, 'x')` carries no Q_TIME_ZONE_CODE, `VALUES ('0000-00-00
00:00:00')` with sql_mode '' does; the conversion fails before the zone is read).

MySQL's field_conv copies a bare column into an identical field (same type and precision) with
memmove, calling no store -- unless the target is a temporal type with a date and sql_mode has
NO_ZERO_DATE or NO_ZERO_IN_DATE, where it converts (field_conv_slow) to check the date (9.7.4
observed: `INSERT INTO m SELECT id, dt FROM t`, DATETIME to DATETIME, sql_mode '': no
Q_TIME_ZONE_CODE; under TRADITIONAL: SYSTEM). ``note_field_copy`` records such a copy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from harness.sql.item.column_types import DateTimeType, RejectedDateTime, RejectedTimestamp, ZeroDate

if TYPE_CHECKING:
    from harness.sql.thd import Thd


def row_uses_time_zone(thd: Thd, table: Any, after: list[Any], assigned: set[int] | None) -> bool:
    datetime_too = thd.server.flavor.sql.datetime_store_uses_time_zone
    copies = thd.stmt_log.field_copies.get(id(table), ())
    for i, c in enumerate(table.columns):
        v = after[i]
        if v is None or (assigned is not None and i not in assigned) or i in copies:
            continue
        if getattr(c.type, "timestamp", False):
            if not isinstance(v, ZeroDate) or isinstance(v, RejectedTimestamp):
                return True
        elif datetime_too and getattr(c.type, "name", "") == "DATETIME" and not isinstance(v, RejectedDateTime):
            return True
    return False


def note_field_copy(thd: Thd, table: Any, ci: int, src: Any, dst: Any) -> None:
    """A bare source column stored into column ``ci``: remember a plain copy (see above) of a
    DATETIME into an identical DATETIME."""
    if isinstance(src, DateTimeType) and isinstance(dst, DateTimeType) and not src.timestamp \
            and not dst.timestamp and src.fsp == dst.fsp \
            and not any(m in str(thd.vars.get("sql_mode")) for m in ("NO_ZERO_DATE", "NO_ZERO_IN_DATE")):
        thd.stmt_log.field_copies.setdefault(id(table), set()).add(ci)


def note_default_stores(thd: Thd, columns: Any) -> None:
    """MySQL's CREATE TABLE stores a column's literal DEFAULT into the default record with the
    field's store: a DATETIME or TIMESTAMP default reads the zone like a row store (9.7.4
    observed: `CREATE TABLE t1 (..., c_dt DATETIME NOT NULL DEFAULT '2020-02-02 02:02:02', ...)`
    carries Q_TIME_ZONE_CODE SYSTEM; a DATE default, DEFAULT NULL or CURRENT_TIMESTAMP not)."""
    from harness.sql.parse import parse_tree as A
    if not thd.server.flavor.sql.datetime_store_uses_time_zone:
        return
    for cd in columns:
        if cd.type_name in ("DATETIME", "TIMESTAMP") and isinstance(cd.default, A.Literal) \
                and cd.default.value is not None:
            thd.stmt_log.time_zone_used = True
            return
