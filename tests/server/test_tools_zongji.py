"""ZongJi (npm ``@vlasky/zongji``), a Node.js CDC reader, reads replbed's binlog as it reads
MariaDB's (issue 27): the same events, GTIDs, statements, table maps and row values.

Both servers run the same statements (row format, several column types, NULLs,
multi-row changes, a transaction, DDL); ZongJi reads each binlog from its first file
until the ``zj_end`` marker, through its information_schema.COLUMNS query for the
column names; the printed events must be equal line by line. ZongJi and its mysql2
are installed by scripts/bootstrap.sh (``npm ci`` in tests/server/zongji).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from harness.providers.base import ServerHandle

pytestmark = pytest.mark.server

HERE = Path(__file__).resolve().parent / "zongji"
NODE = shutil.which("node")

STATEMENTS = [
    "RESET MASTER",
    "DROP DATABASE IF EXISTS test",
    "CREATE DATABASE test",
    "SET SESSION binlog_format = 'ROW'",
    "CREATE TABLE test.people (id INT PRIMARY KEY AUTO_INCREMENT, name VARCHAR(30) NOT NULL, "
    "score DECIMAL(8,3), born DATE, seen DATETIME(3), flag TINYINT UNSIGNED, big BIGINT, note TEXT, "
    "kind ENUM('a','b','c'), ratio DOUBLE) ENGINE=InnoDB",
    "CREATE TABLE test.plain (a INT, b VARCHAR(5)) ENGINE=MyISAM",
    "INSERT INTO test.people (name, score, born, seen, flag, big, note, kind, ratio) VALUES "
    "('ann', 12.5, '1990-02-03', '2024-05-06 07:08:09.123', 255, -9007199254740993, 'hello', 'b', 0.25), "
    "('bob', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), "
    "('çé', -0.001, '2000-01-01', '1999-12-31 23:59:59.999', 0, 42, REPEAT('x', 300), 'c', -1e10)",
    "INSERT INTO test.plain VALUES (1, 'x'), (NULL, NULL)",
    "BEGIN",
    "UPDATE test.people SET score = score * 2, note = 'changed' WHERE id <> 2",
    "DELETE FROM test.people WHERE id = 2",
    "COMMIT",
    "UPDATE test.plain SET b = 'y' WHERE a = 1",
    "SET SESSION binlog_format = 'STATEMENT'",
    "INSERT INTO test.plain VALUES (3, 'stmt')",
    "CREATE TABLE test.zj_end (a INT)",
]


def _events(h: ServerHandle) -> list[dict[str, object]]:
    conn = h.connect()
    try:
        cur = conn.cursor()
        for sql in STATEMENTS:
            cur.execute(sql)
    finally:
        conn.close()
    out = subprocess.run([str(NODE), str(HERE / "zongji_client.mjs"), h.host, str(h.port), h.user, h.password],
                         capture_output=True, text=True, timeout=90)
    assert out.returncode == 0, out.stderr[-2000:]
    return [json.loads(line) for line in out.stdout.splitlines()]


@pytest.mark.skipif(NODE is None or not (HERE / "node_modules" / "@vlasky" / "zongji").is_dir(),
                    reason="node or @vlasky/zongji not installed (scripts/bootstrap.sh installs them)")
def test_zongji_reads_the_same_events_and_rows(servers) -> None:  # type: ignore[no-untyped-def]
    ref = _events(servers[0])
    rb = _events(servers[1])
    kinds = {e["event"] for e in ref}
    assert {"mariadbgtid", "query", "tablemap", "writerows", "updaterows", "deleterows", "xid"} <= kinds
    for i, (a, b) in enumerate(zip(ref, rb)):
        assert b == a, f"event {i}: replbed {b} != MariaDB {a}"
    assert len(rb) == len(ref)
