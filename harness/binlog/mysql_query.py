"""Query events the way MySQL 8.0 writes them (same codec as ``query.py``).

Status variables observed in real 8.0.18 events (see tests/binlog/
test_mysql80.py, vectors V18_*) in the order ``Query_log_event::write``
emits them::

    BEGIN              FLAGS2 SQL_MODE CATALOG_NZ CHARSET [TABLE_MAP_FOR_UPDATE]
                       DEFAULT_COLLATION_FOR_UTF8MB4
    CREATE DATABASE    FLAGS2 SQL_MODE CATALOG_NZ CHARSET UPDATED_DB_NAMES
                       DDL_LOGGED_WITH_XID DEFAULT_COLLATION_FOR_UTF8MB4
                       DEFAULT_TABLE_ENCRYPTION
    CREATE TABLE       FLAGS2 SQL_MODE CATALOG_NZ CHARSET UPDATED_DB_NAMES
                       DDL_LOGGED_WITH_XID DEFAULT_COLLATION_FOR_UTF8MB4
                       SQL_REQUIRE_PRIMARY_KEY

Differences from MariaDB 10.11: no Q_XID (129) -- the DDL xid is
Q_DDL_LOGGED_WITH_XID (17); UPDATED_DB_NAMES (12) on DDL/DML that names
databases (MTS); 8.0-only codes 18/19/20; default sql_mode 1168113696
(ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,
ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION); charset triple
(255,255,255) = utf8mb4_0900_ai_ci for client, connection and server.
"""

from __future__ import annotations

from .constants import QueryStatus as Q
from .query import QueryEvent, StatusVar, new_query_event, present_status_vars

MYSQL_8_0_SQL_MODE = 1168113696
MYSQL_8_0_CHARSET = (255, 255, 255)
MYSQL_8_0_FLAGS2 = 0
UTF8MB4_0900_AI_CI = 255


def mysql80_query_status_vars(
    *,
    flags2: int = MYSQL_8_0_FLAGS2,
    sql_mode: int = MYSQL_8_0_SQL_MODE,
    catalog: bytes | None = b"std",
    auto_increment: tuple[int, int] | None = None,
    charset: tuple[int, int, int] | None = MYSQL_8_0_CHARSET,
    time_zone: bytes | None = None,
    lc_time_names: int | None = None,
    charset_database: int | None = None,
    table_map_for_update: int | None = None,
    invoker: tuple[bytes, bytes] | None = None,
    updated_db_names: tuple[bytes, ...] | None = None,
    microseconds: int | None = None,
    ddl_xid: int | None = None,
    default_collation_for_utf8mb4: int | None = UTF8MB4_0900_AI_CI,
    sql_require_primary_key: int | None = None,
    default_table_encryption: int | None = None,
) -> list[StatusVar]:
    """Status variables in MySQL 8.0's order (None = not written)."""
    return present_status_vars(
        (Q.Q_FLAGS2_CODE, flags2), (Q.Q_SQL_MODE_CODE, sql_mode), (Q.Q_CATALOG_NZ_CODE, catalog),
        (Q.Q_AUTO_INCREMENT, auto_increment), (Q.Q_CHARSET_CODE, charset), (Q.Q_TIME_ZONE_CODE, time_zone),
        (Q.Q_LC_TIME_NAMES_CODE, lc_time_names), (Q.Q_CHARSET_DATABASE_CODE, charset_database),
        (Q.Q_TABLE_MAP_FOR_UPDATE_CODE, table_map_for_update), (Q.Q_INVOKER, invoker),
        (Q.Q_UPDATED_DB_NAMES, updated_db_names), (Q.Q_MICROSECONDS, microseconds),
        (Q.Q_DDL_LOGGED_WITH_XID, ddl_xid), (Q.Q_DEFAULT_COLLATION_FOR_UTF8MB4, default_collation_for_utf8mb4),
        (Q.Q_SQL_REQUIRE_PRIMARY_KEY, sql_require_primary_key),
        (Q.Q_DEFAULT_TABLE_ENCRYPTION, default_table_encryption))


def new_mysql_query_event(
    query: str,
    *,
    database: str,
    thread_id: int,
    timestamp: int,
    server_id: int,
    exec_time: int = 0,
    error_code: int = 0,
    status_vars: list[StatusVar] | None = None,
    suppress_use: bool = False,
    thread_specific: bool = False,
) -> QueryEvent:
    """A Query event with MySQL 8.0 defaults (``BEGIN``/``COMMIT`` and
    CREATE/DROP DATABASE carry LOG_EVENT_SUPPRESS_USE_F, as in the 8.0.18
    vectors)."""
    return new_query_event(query, database=database, thread_id=thread_id, timestamp=timestamp,
                           server_id=server_id, exec_time=exec_time, error_code=error_code,
                           status_vars=mysql80_query_status_vars() if status_vars is None else status_vars,
                           suppress_use=suppress_use, thread_specific=thread_specific)


def new_mysql_begin_event(*, database: str, thread_id: int, timestamp: int, server_id: int,
                          table_map_for_update: bool = False) -> QueryEvent:
    """The ``BEGIN`` Query MySQL writes after the Gtid of every non-DDL group."""
    svs = mysql80_query_status_vars(table_map_for_update=1 if table_map_for_update else None)
    return new_mysql_query_event("BEGIN", database=database, thread_id=thread_id,
                                 timestamp=timestamp, server_id=server_id, status_vars=svs,
                                 suppress_use=True)
