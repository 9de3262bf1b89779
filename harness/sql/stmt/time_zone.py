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
from harness.sql.item.type_codes import T_DATETIME, T_TIMESTAMP

if TYPE_CHECKING:
    from harness.sql.thd import Thd


def row_uses_time_zone(thd: Thd, table: Any, after: list[Any], assigned: set[int] | None) -> bool:
    """Whether storing ``after``'s assigned columns reads the session time zone. MySQL: any
    DATETIME or TIMESTAMP value whose conversion succeeded, a zero one too (9.7.4 observed: `INSERT
    INTO w VALUES (1, 0)` into a TIMESTAMP carries SYSTEM; '2024-13-01 00:00:00' or 'x', a
    RejectedDateTime, none). MariaDB: a TIMESTAMP value but a zero one."""
    mysql = thd.server.flavor.sql.datetime_store_uses_time_zone
    copies = thd.stmt_log.field_copies.get(id(table), ())
    for i, c in enumerate(table.columns):
        v = after[i]
        if v is None or (assigned is not None and i not in assigned) or i in copies:
            continue
        if mysql:
            if isinstance(c.type, DateTimeType) and not isinstance(v, RejectedDateTime):
                return True
        elif getattr(c.type, "timestamp", False):
            if not isinstance(v, ZeroDate) or isinstance(v, RejectedTimestamp):
                return True
    return False


def note_row_stores(thd: Thd, table: Any, after: list[Any] | None, assigned: set[int] | None) -> None:
    """A row's stores into ``table`` (write_record, an UPDATE's new values, CREATE ... SELECT's
    rows): thd->time_zone_used when one of them reads the zone (row_uses_time_zone)."""
    if after is not None and not thd.stmt_log.time_zone_used and row_uses_time_zone(thd, table, after, assigned):
        thd.stmt_log.read_time_zone()


def note_field_copy(thd: Thd, table: Any, ci: int, src: Any, dst: Any) -> None:
    """A bare source column stored into column ``ci``: remember a plain copy (see above) of a
    DATETIME into an identical DATETIME."""
    if isinstance(src, DateTimeType) and isinstance(dst, DateTimeType) and not src.timestamp \
            and not dst.timestamp and src.fsp == dst.fsp \
            and not any(m in str(thd.vars.get("sql_mode")) for m in ("NO_ZERO_DATE", "NO_ZERO_IN_DATE")):
        thd.stmt_log.field_copies.setdefault(id(table), set()).add(ci)


def note_buffered_rows(thd: Thd, columns: Any, rows: Any) -> None:
    """MySQL: the internal temporary table an INSERT ... SELECT reading its own table fills first
    (sql_insert._buffer_own_rows) stores each selected value into a field of the item's type. A
    DATETIME or TIMESTAMP value read by an expression (`c_dt + INTERVAL 1 DAY`, `CAST(d AS
    DATETIME)`) is a store that reads the zone; a bare column is copied into an identical field,
    a memmove unless NO_ZERO_DATE / NO_ZERO_IN_DATE make field_conv convert it (9.7.4 observed:
    `INSERT INTO t1 (id, c_blob) SELECT id + 100, c_dt FROM t1` carries no Q_TIME_ZONE_CODE under
    sql_mode '', SYSTEM under the default sql_mode or with `c_dt + INTERVAL 1 DAY`)."""
    modes = str(thd.vars.get("sql_mode"))
    converts = "NO_ZERO_DATE" in modes or "NO_ZERO_IN_DATE" in modes
    stores = [i for i, rc in enumerate(columns) if _datetime_item(rc) and (
        converts or not (rc.type is not None and rc.org_name and rc.meta is None))]
    if stores and any(row[i] is not None and not _refused_zero(row[i], modes) for row in rows for i in stores):
        thd.stmt_log.read_time_zone()


def _datetime_item(rc: Any) -> bool:
    """A select item of type DATETIME or TIMESTAMP (a column's, or an expression's send field)."""
    if rc.meta is not None:
        return rc.meta.type_code in (T_DATETIME, T_TIMESTAMP)
    return isinstance(rc.type, DateTimeType)


def _refused_zero(v: Any, modes: str) -> bool:
    """A zero date the temporary table's field refuses (1292, sql_insert._warn_in_temporary_table):
    its conversion fails before the zone is read."""
    if not isinstance(v, ZeroDate):
        return False
    zero_date = not (v.year or v.month or v.day)
    return zero_date and "NO_ZERO_DATE" in modes or not zero_date and (not v.month or not v.day) \
        and "NO_ZERO_IN_DATE" in modes


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
            thd.stmt_log.read_time_zone()
            return
