"""Which row stores read the session time zone (thd->time_zone_used -> Q_TIME_ZONE_CODE).

MariaDB 10.11: storing a value into a TIMESTAMP column converts it with the session time zone
(observed Q_TIME_ZONE_CODE "SYSTEM"); a zero value skips the conversion, a rejected one not.
MySQL 9.7 ([bytes], docs/RULES-mysql-9.7.md 2): a DATETIME column too -- any non-NULL value
stored into one, a string, a number, another column's DATETIME or DATE, a zero literal (8.0.19's
datetime literals with a time zone offset: Field_datetime's store asks THD::time_zone()) -- but
not the zero a refused value leaves ('x', a DECIMAL 8.00, a zero date under NO_ZERO_DATE: observed
9.7.4, `INSERT INTO t4 VALUES (1, 'x')` carries no Q_TIME_ZONE_CODE, `VALUES ('0000-00-00
00:00:00')` with sql_mode '' does; the conversion fails before the zone is read).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from harness.sql.item.column_types import RejectedDateTime, RejectedTimestamp, ZeroDate

if TYPE_CHECKING:
    from harness.sql.thd import Thd


def row_uses_time_zone(thd: Thd, table: Any, after: list[Any], assigned: set[int] | None) -> bool:
    datetime_too = thd.server.flavor.sql.datetime_store_uses_time_zone
    for i, c in enumerate(table.columns):
        v = after[i]
        if v is None or (assigned is not None and i not in assigned):
            continue
        if getattr(c.type, "timestamp", False):
            if not isinstance(v, ZeroDate) or isinstance(v, RejectedTimestamp):
                return True
        elif datetime_too and getattr(c.type, "name", "") == "DATETIME" and not isinstance(v, RejectedDateTime):
            return True
    return False
