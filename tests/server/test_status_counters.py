"""Binlog_cache_use / Binlog_stmt_cache_use and their *_disk_use move as MariaDB 10.11's do.

Both servers run the same scenarios; the counter deltas of each scenario
must be equal (docs/RULES-mariadb-10.11.md 4.5).
"""

from __future__ import annotations

from typing import Iterator

import pytest

from harness.providers.base import ServerHandle, ServerSettings
from harness.providers.local import LocalMariaDBProvider
from harness.providers.replbed import ReplbedProvider

SCENARIOS = {
    "autocommit T": ("STATEMENT", ["INSERT INTO t VALUES (1)"]),
    "autocommit N": ("ROW", ["INSERT INTO n VALUES (1)"]),
    "B T N C stmt": ("STATEMENT", ["BEGIN", "INSERT INTO t VALUES (2)", "INSERT INTO n VALUES (2)", "COMMIT"]),
    "B T N C row": ("ROW", ["BEGIN", "INSERT INTO t VALUES (3)", "INSERT INTO n VALUES (3)", "COMMIT"]),
    "B T R": ("ROW", ["BEGIN", "INSERT INTO t VALUES (4)", "ROLLBACK"]),
    "DDL": ("MIXED", ["CREATE TABLE x (a INT)", "DROP TABLE x"]),
    "SELECT": ("MIXED", ["SELECT * FROM t"]),
    "empty trx": ("MIXED", ["BEGIN", "COMMIT"]),
    # The default 32768-byte cache buffer: the Annotate_rows + Table_map + Write_rows of
    # this row are 32767 bytes (no spill), 4 more bytes spill to the temporary file.
    "T fits the buffer": ("ROW", ["INSERT INTO tb VALUES (REPEAT('a', 32632))"]),
    "T spills": ("ROW", ["INSERT INTO tb VALUES (REPEAT('a', 32636))"]),
    "N spills": ("ROW", ["INSERT INTO nb VALUES (REPEAT('a', 32636))"]),
    "T spills, rolled back": ("ROW", ["BEGIN", "INSERT INTO tb VALUES (REPEAT('a', 40000))", "ROLLBACK"]),
    "FLUSH STATUS zeroes them": ("ROW", ["INSERT INTO tb VALUES (1)", "FLUSH STATUS"]),
    "T spills in STATEMENT": ("STATEMENT", ["BEGIN"] + [f"INSERT INTO tb VALUES ('{'b' * 1000}')"] * 40
                              + ["COMMIT"]),
}


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, ServerHandle]]:
    tmp = tmp_path_factory.mktemp("counters")
    with LocalMariaDBProvider().start(ServerSettings(), tmp / "reference") as ref, \
            ReplbedProvider().start(ServerSettings(), tmp / "replbed") as rb:
        for h in (ref, rb):
            c = h.connect()
            k = c.cursor()
            for q in ("DROP DATABASE IF EXISTS test", "CREATE DATABASE test", "USE test",
                      "CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB",
                      "CREATE TABLE n (a INT PRIMARY KEY) ENGINE=MyISAM",
                      "CREATE TABLE tb (a LONGBLOB) ENGINE=InnoDB", "CREATE TABLE nb (a LONGBLOB) ENGINE=MyISAM"):
                k.execute(q)
            c.close()
        yield {"reference": ref, "replbed": rb}


def counters(k) -> dict[str, int]:  # type: ignore[no-untyped-def]
    k.execute("SHOW GLOBAL STATUS LIKE 'Binlog_%cache%use'")
    return {name: int(value) for name, value in k.fetchall()}


def deltas(h: ServerHandle, fmt: str, stmts: list[str]) -> dict[str, int]:
    c = h.connect(database="test")
    k = c.cursor()
    k.execute(f"SET SESSION binlog_format = '{fmt}'")
    before = counters(k)
    for q in stmts:
        k.execute(q)
        if k.with_rows:
            k.fetchall()
    after = counters(k)
    c.close()
    return {name: after[name] - before[name] for name in before}


@pytest.mark.server
@pytest.mark.parametrize("name", list(SCENARIOS))
def test_cache_use_counters_match(servers, name: str) -> None:  # type: ignore[no-untyped-def]
    fmt, stmts = SCENARIOS[name]
    ref = deltas(servers["reference"], fmt, stmts)
    rb = deltas(servers["replbed"], fmt, stmts)
    assert set(ref) == {"Binlog_cache_use", "Binlog_stmt_cache_use", "Binlog_cache_disk_use",
                        "Binlog_stmt_cache_disk_use"}
    assert rb == ref
