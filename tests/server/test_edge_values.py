"""Valid SQL at the edges of the value domain gets MariaDB's answer (issue 12, items 2 and 6).

Each statement below once answered ``1105 Unknown error: <Python exception>``, a wrong
value, or ran for seconds while growing the server by gigabytes. Both a real MariaDB 10.11
and ``replbed serve`` run them over the wire; the result rows, the error (code and
text) and the SHOW WARNINGS rows must be the same, and each must answer quickly.

Statements are sent as bytes: some carry bytes that are not UTF-8, as a client may.
"""

from __future__ import annotations

import time
from typing import Any

import mysql.connector

from harness.providers.base import ServerHandle

STATEMENTS: list[bytes] = [
    # Results larger than max_allowed_packet: NULL with 1301, decided before building them.
    b"SELECT LENGTH(SPACE(1000000000))",
    b"SELECT LENGTH(LPAD('a', 4294967296, 'b')), LENGTH(RPAD('a', 4194305, 'b'))",
    b"SELECT LENGTH(REPEAT('ab', 900000000)), LENGTH(REPEAT('ab', -1))",
    b"SELECT LENGTH(CONCAT(SPACE(8388608), SPACE(8388609)))",
    b"SELECT LENGTH(CONCAT_WS(',', REPEAT('a', 9000000), REPEAT('b', 9000000)))",
    b"SELECT LENGTH(INSERT(SPACE(16777216), 1, 1, 'ab'))",
    # CONV works in 64 bits.
    b"SELECT CONV(REPEAT('f',100000),16,10)",
    b"SELECT CONV('-1', 10, 16), CONV('-1', 10, -16), CONV('99999999999999999999', 10, -10)",
    b"SELECT CONV('zz', 36, 10), CONV('1a', 10, 16), CONV('', 10, 16), CONV(10, 37, 10), CONV(10, 10, 1)",
    # Doubles that overflow are 1690, naming the expression.
    b"SELECT POW(10,400)",
    b"SELECT POWER(-8, 1/3)",
    b"SELECT EXP(1000)",
    b"SELECT 10*1e308",
    b"SELECT 1e308/1e-308",
    # BIGINT arithmetic: signed unless an operand is beyond the signed range.
    b"SELECT 9223372036854775807+1",
    b"SELECT 18446744073709551615*2",
    b"SELECT 18446744073709551615 - 1, 0 - 18446744073709551615",
    # Out-of-range and degenerate arguments.
    b"SELECT FROM_UNIXTIME(99999999999999)",
    b"SELECT FROM_UNIXTIME(2147483647), FROM_UNIXTIME(2147483648), FROM_UNIXTIME(-1)",
    b"SELECT SLEEP(-1), SLEEP(NULL)",
    # Deep nesting that MariaDB accepts.
    b"SELECT " + b"(" * 2000 + b"1" + b")" * 2000,
    b"SELECT " + b"-(" * 1000 + b"1" + b")" * 1000,
    # Bytes that are not UTF-8.
    b"SELECT HEX(_binary'\xff\xfe'), HEX('\xff')",
    b"CREATE TABLE t (b VARBINARY(10), c VARCHAR(10))",
    b"INSERT INTO t VALUES (_binary'\xff', 'a'), ('\xfe', 'b')",
    b"INSERT INTO t VALUES ('a', '\xff')",
    b"SET sql_mode=''",
    b"INSERT INTO t VALUES ('a', 'xy\xff\xfez'), ('b', '\xc3\xa9\xc3')",
    b"SELECT HEX(b), HEX(c) FROM t ORDER BY b, c",
]




def _answers(handle: ServerHandle) -> list[tuple[Any, ...]]:
    conn = mysql.connector.connect(host=handle.host, port=handle.port, user=handle.user,
                                   password=handle.password, autocommit=True)
    cur = conn.cursor(raw=True)
    cur.execute("CREATE DATABASE IF NOT EXISTS test")
    cur.execute("USE test")
    out = []
    try:
        for sql in STATEMENTS:
            start = time.monotonic()
            try:
                cur.execute(sql)
                answer: tuple[Any, ...] = ("OK", cur.fetchall() if cur.with_rows else None)
            except mysql.connector.Error as err:
                answer = ("ERR", err.errno, err.msg)
            cur.execute("SHOW WARNINGS")
            out.append((sql[:80], answer, cur.fetchall(), time.monotonic() - start))
    finally:
        conn.close()
    return out


def test_edge_values_answer_as_mariadb(servers) -> None:  # type: ignore[no-untyped-def]
    ref, rb = servers
    expected, got = _answers(ref), _answers(rb)
    diffs = [(e[0], e[1:3], g[1:3]) for e, g in zip(expected, got) if e[1:3] != g[1:3]]
    assert not diffs, "\n".join(f"{sql!r}\n  MariaDB: {a}\n  replbed: {b}" for sql, a, b in diffs)
    slow = [(g[0], round(g[3], 2)) for g in got if g[3] > 2.0]
    assert not slow, slow
