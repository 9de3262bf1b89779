"""The scripted client session of test_client_compat.py, shared by every client.

Each step is ``(name, sql)``; a driver runs it and prints one normalized JSON line
per step. Values are rendered as text the same way in every driver, so two servers
that answer the same print the same lines.
"""

from __future__ import annotations

BIG = 1024 * 1024 + 7  # a row above 1 MiB
HUGE = 8 * 1024 * 1024 + 3  # a statement and a row of 8 MiB (max_allowed_packet is 16 MiB on MariaDB)

TABLE = (
    "CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, ti TINYINT, si SMALLINT, mi MEDIUMINT, i INT,"
    " u BIGINT UNSIGNED, d DECIMAL(10,3), f FLOAT, g DOUBLE, s VARCHAR(50), c CHAR(3), b BLOB,"
    " vb VARBINARY(8), dt DATE, ts DATETIME(6), tm TIME, y YEAR, e ENUM('a','b'), st SET('x','y'),"
    " bits BIT(8), tx TEXT) ENGINE=InnoDB"
)

ROWS = (
    "INSERT INTO t (ti, si, mi, i, u, d, f, g, s, c, b, vb, dt, ts, tm, y, e, st, bits, tx) VALUES"
    " (-128, -32768, -8388608, -2147483648, 18446744073709551615, -1234567.891, 1.5, -2.25e-10, 'é€ \\'q\\'',"
    " 'abc', X'00FF27', X'0102', '2021-02-03', '2020-01-02 03:04:05.123456', '-838:59:59', 2155, 'b', 'x,y',"
    " b'10100101', 'text'),"
    " (127, 32767, 8388607, 2147483647, 0, 0.5, -0.0, 1e300, '', '', '', '', '1000-01-01',"
    " '1970-01-01 00:00:01', '00:00:00', 1901, 'a', '', b'0', ''),"
    " (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,"
    " NULL, NULL, NULL, NULL)"
)

#: (name, SQL). Errors, warnings and info strings are part of the expected output.
STEPS: list[tuple[str, str]] = [
    ("drop_db", "DROP DATABASE IF EXISTS {db}"),
    ("create_db", "CREATE DATABASE {db}"),
    ("use", "USE {db}"),
    ("create_table", TABLE),
    ("insert_one", "INSERT INTO t (i, s) VALUES (1, 'one')"),
    ("insert_rows", ROWS),
    ("update_rows", "UPDATE t SET i = i + 1 WHERE i IS NOT NULL AND i < 100"),
    ("insert_ignore_warning", "INSERT IGNORE INTO t (id, i) VALUES (1, 5), (100, 6)"),
    ("show_warnings", "SHOW WARNINGS"),
    ("out_of_range_error", "INSERT INTO t (ti) VALUES (1000)"),
    ("duplicate_error", "INSERT INTO t (id) VALUES (1)"),
    ("syntax_error", "SELEC 1"),
    ("select_all", "SELECT * FROM t ORDER BY id"),
    ("select_exprs", "SELECT 1 AS one, -2.5 AS dec_, 'x' AS str, NULL AS nul, 1e0 AS dbl,"
                     " CAST('2020-01-01' AS DATE) AS dt, 18446744073709551615 AS big, 0x41 AS hex"),
    ("delete_rows", "DELETE FROM t WHERE id = 100"),
    ("create_big", "CREATE TABLE big (id INT PRIMARY KEY, b LONGBLOB) ENGINE=InnoDB"),
    ("insert_big", f"INSERT INTO big VALUES (1, REPEAT('a', {BIG}))"),
    ("insert_huge", "INSERT INTO big VALUES (2, '" + "h" * HUGE + "')"),
    ("select_big", "SELECT id, b FROM big ORDER BY id"),
    ("transaction", "BEGIN"),
    ("in_trx", "INSERT INTO t (i) VALUES (42)"),
    ("rollback", "ROLLBACK"),
    ("count", "SELECT COUNT(*) FROM t"),
]

#: Several statements in one COM_QUERY, for clients that send them together.
MULTI = "INSERT INTO t (i) VALUES (7); SELECT i FROM t WHERE i = 7; UPDATE t SET i = 8 WHERE i = 7"

#: A prepared statement with every parameter kind the drivers bind.
PREPARED_INSERT = "INSERT INTO t (i, d, g, s, b, dt, ts) VALUES (?, ?, ?, ?, ?, ?, ?)"
PREPARED_SELECT = "SELECT id, i, d, g, s, b, dt, ts, tm, u FROM t WHERE id > ? ORDER BY id"
