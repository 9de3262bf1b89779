"""A statement within max_allowed_packet grows the server by a small multiple of its size.

An 8 MiB string literal once peaked at ~1.4 GB (174x): the lexer's and the INSERT shape
cache's string patterns backtracked per character. The server runs as its own process
(``replbed serve``) and its peak resident size (VmHWM) is read from /proc.
"""

from __future__ import annotations

from pathlib import Path

import mysql.connector
import pytest

from harness.providers.base import ServerSettings
from harness.providers.replbed import ReplbedProvider

SIZE = 8 * 1024 * 1024
#: Measured 10-14x (the stored row, its before/after images in the undo log and the
#: rows event, the packet buffers); 174x before the fix.
MAX_GROWTH = 20


def _peak_rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmHWM")


@pytest.mark.parametrize("fmt", ["ROW", "STATEMENT"])
def test_peak_memory_is_a_small_multiple_of_the_statement(tmp_path: Path, fmt: str) -> None:
    handle = ReplbedProvider().start(ServerSettings(), tmp_path / "serve")
    assert handle.process is not None
    pid = handle.process.pid
    try:
        conn = mysql.connector.connect(host=handle.host, port=handle.port, user=handle.user,
                                       password=handle.password, autocommit=True)
        cur = conn.cursor()
        for sql in ("CREATE DATABASE test", "USE test", f"SET binlog_format={fmt}",
                    "CREATE TABLE t (id INT PRIMARY KEY, b LONGTEXT) ENGINE=InnoDB", "INSERT INTO t VALUES (0, 'x')"):
            cur.execute(sql)
        base = _peak_rss(pid)
        statements = ["INSERT INTO t VALUES (1, '" + "a" * SIZE + "')",
                      "SELECT LENGTH('" + "b" * SIZE + "')",
                      "UPDATE t SET b = CONCAT(b, 'z') WHERE id = 1",
                      "SELECT b FROM t WHERE id = 1"]
        for sql in statements:
            cur.execute(sql)
            if cur.with_rows:
                cur.fetchall()
            growth = (_peak_rss(pid) - base) / SIZE
            assert growth <= MAX_GROWTH, f"{sql[:40]}…: the server grew by {growth:.1f}x the statement's size"
        conn.close()
    finally:
        handle.stop()
