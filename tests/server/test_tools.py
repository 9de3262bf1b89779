"""Real tools against ``replbed serve`` as a primary, compared with a real MariaDB 10.11
(issue 27): mariadb-dump seeds a replica that then replicates from replbed,
pt-table-checksum finds 0 diffs with a real replica (and the one planted), and
mariadb-admin status / extended-status show counters that move.

Each tool runs against both servers, which hold the same schema and rows; what the
tool produced (the dump file, the checksums, the status lines) is compared.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import Iterator

import pytest

from harness.pipeline.live_replica import detach, wait_applied
from harness.providers.base import ServerHandle, ServerSettings
from harness.providers.local import LocalMariaDBProvider
from harness.providers.replbed import ReplbedProvider
from harness.runner import read_tables

pytestmark = pytest.mark.server

#: the schema both primaries hold: several engines, keys, NULLs, a trigger, a view
SCHEMA = [
    "DROP DATABASE IF EXISTS test",
    "CREATE DATABASE test",
    "CREATE TABLE test.customers (id INT PRIMARY KEY AUTO_INCREMENT, name VARCHAR(40) NOT NULL, "
    "email VARCHAR(80), created DATETIME DEFAULT '2020-01-01 00:00:00', UNIQUE KEY email (email)) ENGINE=InnoDB",
    "CREATE TABLE test.orders (id INT PRIMARY KEY AUTO_INCREMENT, customer_id INT NOT NULL, "
    "total DECIMAL(10,2) NOT NULL DEFAULT 0.00, note TEXT, KEY customer_id (customer_id)) ENGINE=InnoDB",
    "CREATE TABLE test.log (a INT, b VARCHAR(10)) ENGINE=MyISAM",
    "INSERT INTO test.customers (name, email) VALUES ('ann', 'ann@x'), ('bob', NULL), ('cy', 'cy@x')",
    "INSERT INTO test.orders (customer_id, total, note) VALUES (1, 10.50, 'first'), (1, 3.00, NULL), "
    "(3, 99.99, 'big')",
    "INSERT INTO test.log VALUES (1, 'a'), (2, NULL)",
]

DUMP = shutil.which("mariadb-dump")
MARIADB = shutil.which("mariadb")
ADMIN = shutil.which("mariadb-admin")
CHECKSUM = shutil.which("pt-table-checksum")


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, ServerHandle]]:
    """A reference MariaDB, replbed, and a real MariaDB to be seeded as replbed's replica."""
    tmp = tmp_path_factory.mktemp("tools")
    started: dict[str, ServerHandle] = {}
    try:
        started["reference"] = LocalMariaDBProvider().start(ServerSettings(), tmp / "reference")
        started["replbed"] = ReplbedProvider().start(ServerSettings(), tmp / "replbed")
        started["replica"] = LocalMariaDBProvider().start(ServerSettings(server_id=3), tmp / "replica")
        yield started
    finally:
        for h in started.values():
            h.stop()


def _run_sql(h: ServerHandle, statements: list[str]) -> None:
    conn = h.connect()
    try:
        cur = conn.cursor()
        for sql in statements:
            cur.execute(sql)
            if cur.with_rows:
                cur.fetchall()
    finally:
        conn.close()


def _cnf(h: ServerHandle, tmp: Path) -> Path:
    path = tmp / f"{h.port}.cnf"
    path.write_text(f"[client]\nhost={h.host}\nport={h.port}\nuser={h.user}\npassword={h.password}\n")
    path.chmod(0o600)
    return path


def _tool(args: list[str], timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout)


def _fresh(h: ServerHandle) -> None:
    _run_sql(h, ["STOP SLAVE", "RESET SLAVE ALL", "SET SESSION sql_log_bin=0", "DROP DATABASE IF EXISTS test",
                 "DROP DATABASE IF EXISTS percona", "SET GLOBAL gtid_slave_pos=''"])


def _masked_dump(text: str) -> str:
    """A dump without what differs by nature: the comment lines (host, dates, versions),
    the binlog position and GTID (the two servers' binlogs differ in length)."""
    keep = [line for line in text.splitlines() if not line.startswith("-- ") and line != "--"]
    return "\n".join(keep).strip()


@pytest.mark.skipif(DUMP is None or MARIADB is None, reason="mariadb-client not installed")
def test_mariadb_dump_seeds_a_replica_that_replicates_from_replbed(servers, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """``mariadb-dump --single-transaction --master-data=2 --gtid`` of both primaries gives
    the same dump; replbed's loads into a real MariaDB with replbed's tables, and that
    replica, started at the dumped GTID position, replicates what replbed writes next."""
    ref, rb, replica = servers["reference"], servers["replbed"], servers["replica"]
    dumps = {}
    for name, h in (("reference", ref), ("replbed", rb)):
        _run_sql(h, ["RESET MASTER", *SCHEMA])
        out = _tool([str(DUMP), f"--defaults-file={_cnf(h, tmp_path)}", "--single-transaction", "--master-data=2",
                     "--gtid", "--databases", "test"])
        assert out.returncode == 0, f"{name}: {out.stderr}"
        dumps[name] = out.stdout
    assert _masked_dump(dumps["replbed"]) == _masked_dump(dumps["reference"])
    m = re.search(r"^-- SET GLOBAL gtid_slave_pos='([^']*)';$", dumps["replbed"], re.MULTILINE)
    assert m is not None, "the dump names no GTID position"
    conn = rb.connect()
    try:
        cur = conn.cursor()
        cur.execute("SELECT @@gtid_binlog_pos")
        assert m.group(1) == cur.fetchone()[0]  # nothing written since the dump
    finally:
        conn.close()

    _fresh(replica)
    load = subprocess.run([str(MARIADB), f"--defaults-file={_cnf(replica, tmp_path)}"], input=dumps["replbed"],
                          capture_output=True, text=True, timeout=120)
    assert load.returncode == 0, load.stderr
    rconn = replica.connect()
    try:
        assert read_tables(rconn) == _tables(rb)
        rcur = rconn.cursor()
        for sql in (f"SET GLOBAL gtid_slave_pos='{m.group(1)}'",
                    f"CHANGE MASTER TO MASTER_HOST='{rb.host}', MASTER_PORT={rb.port}, MASTER_USER='{rb.user}', "
                    f"MASTER_PASSWORD='{rb.password}', MASTER_CONNECT_RETRY=1, MASTER_USE_GTID=slave_pos",
                    "START SLAVE"):
            rcur.execute(sql)
    finally:
        rconn.close()
    try:
        _run_sql(rb, ["INSERT INTO test.customers (name, email) VALUES ('dee', 'dee@x')",
                      "UPDATE test.orders SET total = total + 1 WHERE customer_id = 1",
                      "DELETE FROM test.log WHERE a = 2",
                      "CREATE TABLE test.later (k INT PRIMARY KEY) ENGINE=InnoDB",
                      "INSERT INTO test.later VALUES (7)"])
        res = wait_applied(replica, rb)
        assert res.caught_up and not res.io_errno and not res.sql_errno, res
        assert res.tables == _tables(rb)
    finally:
        detach(replica)


def _tables(h: ServerHandle) -> dict[str, dict[str, object]]:
    conn = h.connect()
    try:
        return read_tables(conn)
    finally:
        conn.close()


@pytest.mark.skipif(DUMP is None, reason="mariadb-client not installed")
def test_mariadb_dump_all_databases(servers, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A plain ``--all-databases`` dump (LOCK TABLES ... READ LOCAL per database, the I_S
    tables it reads): the user database is dumped as MariaDB dumps it."""
    parts = {}
    for name in ("reference", "replbed"):
        h = servers[name]
        _run_sql(h, SCHEMA)
        out = _tool([str(DUMP), f"--defaults-file={_cnf(h, tmp_path)}", "--all-databases"])
        assert out.returncode == 0, f"{name}: {out.stderr}"
        # the `test` database's part: from its CREATE DATABASE to the next database or the end
        m = re.search(r"^CREATE DATABASE [^\n]*`test`.*?(?=^-- Current Database|^/\*!40103 SET TIME_ZONE=@OLD|\Z)",
                      out.stdout, re.MULTILINE | re.DOTALL)
        assert m is not None, f"{name}: no `test` database in the dump"
        parts[name] = _masked_dump(m.group(0))
    assert parts["replbed"] == parts["reference"]


def _status(h: ServerHandle, tmp: Path) -> dict[str, int | str]:
    out = _tool([str(ADMIN), f"--defaults-file={_cnf(h, tmp)}", "extended-status"])
    assert out.returncode == 0, out.stderr
    values: dict[str, int | str] = {}
    for line in out.stdout.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[0] and cells[0] != "Variable_name":
            values[cells[0]] = int(cells[1]) if cells[1].isdigit() else cells[1]
    return values


#: what tools read: pt-table-checksum / pt-online-schema-change throttle on these
TOOL_STATUS = ["Threads_running", "Threads_connected", "Questions", "Queries", "Uptime", "Connections",
               "Com_select", "Com_insert", "Com_update", "Com_delete", "Com_commit", "Com_begin",
               "Binlog_snapshot_file", "Binlog_snapshot_position"]


@pytest.mark.skipif(ADMIN is None, reason="mariadb-client not installed")
def test_mariadb_admin_status_and_extended_status_move(servers, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    for name in ("reference", "replbed"):
        h = servers[name]
        before = _status(h, tmp_path)
        missing = [v for v in TOOL_STATUS if v not in before]
        assert not missing, f"{name}: extended-status lacks {missing}"
        _run_sql(h, ["SELECT 1", "INSERT INTO test.log VALUES (9, 'z')", "SELECT COUNT(*) FROM test.log"])
        time.sleep(1.1)
        after = _status(h, tmp_path)
        assert int(after["Questions"]) >= int(before["Questions"]) + 3, name
        assert int(after["Connections"]) >= int(before["Connections"]) + 2, name
        assert int(after["Com_insert"]) >= int(before["Com_insert"]) + 1, name
        assert int(after["Uptime"]) > int(before["Uptime"]) - 1, name
        assert int(after["Threads_running"]) >= 1 and int(after["Threads_connected"]) >= 1, name
        assert after["Binlog_snapshot_position"] != before["Binlog_snapshot_position"], name
        out = _tool([str(ADMIN), f"--defaults-file={_cnf(h, tmp_path)}", "status"])
        assert out.returncode == 0, out.stderr
        assert re.fullmatch(r"Uptime: \d+  Threads: \d+  Questions: \d+  Slow queries: \d+  Opens: \d+  "
                            r"Open tables: \d+  Queries per second avg: [\d.]+\n?", out.stdout), out.stdout


def _checksum(primary: ServerHandle, replica: ServerHandle, tmp: Path) -> tuple[int, str]:
    """pt-table-checksum of database ``test`` on ``primary``, its replica named by a DSN table."""
    _run_sql(primary, ["CREATE DATABASE IF NOT EXISTS percona",
                       "CREATE TABLE IF NOT EXISTS percona.dsns (id INT PRIMARY KEY AUTO_INCREMENT, "
                       "parent_id INT, dsn VARCHAR(255) NOT NULL) ENGINE=InnoDB",
                       "DELETE FROM percona.dsns",
                       f"INSERT INTO percona.dsns (dsn) VALUES ('h={replica.host},P={replica.port},"
                       f"u={replica.user},p={replica.password}')"])
    out = _tool([str(CHECKSUM), f"h={primary.host},P={primary.port},u={primary.user},p={primary.password}",
                 "--databases", "test", "--no-check-binlog-format", "--chunk-size=50",
                 f"--recursion-method=dsn=h={primary.host},P={primary.port},D=percona,t=dsns"], timeout=300)
    return out.returncode, out.stdout + out.stderr


#: a table of several chunks at --chunk-size=50: pt-table-checksum nibbles it by its
#: primary key, which needs EXPLAIN to show the key and its length (sql_explain.py)
BIG = ["CREATE TABLE test.big (id INT PRIMARY KEY, v VARCHAR(20), n INT) ENGINE=InnoDB",
       "INSERT INTO test.big VALUES " + ", ".join(f"({i}, 'v{i % 7}', {i * 3 if i % 5 else 'NULL'})"
                                                 for i in range(1, 301))]


def _report(text: str) -> dict[str, tuple[int, int]]:
    """TABLE -> (ERRORS, DIFFS) of pt-table-checksum's report."""
    rows = {}
    for line in text.splitlines():
        cells = line.split()
        if len(cells) == 9 and cells[1].isdigit() and "." in cells[8]:
            rows[cells[8]] = (int(cells[1]), int(cells[2]))
    return rows


@pytest.mark.skipif(CHECKSUM is None, reason="percona-toolkit not installed")
def test_pt_table_checksum_with_a_real_replica_of_replbed(servers, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """0 errors and 0 diffs with a replica that replicated everything; a row changed on the
    replica behind replication's back is reported as a diff. The reference primary gives
    the same report for the same tables."""
    rb, replica = servers["replbed"], servers["replica"]
    _fresh(replica)
    _run_sql(rb, ["RESET MASTER", "DROP DATABASE IF EXISTS percona", *SCHEMA, *BIG])
    rconn = replica.connect()
    try:
        rcur = rconn.cursor()
        for sql in (f"CHANGE MASTER TO MASTER_HOST='{rb.host}', MASTER_PORT={rb.port}, MASTER_USER='{rb.user}', "
                    f"MASTER_PASSWORD='{rb.password}', MASTER_CONNECT_RETRY=1, MASTER_USE_GTID=slave_pos",
                    "START SLAVE"):
            rcur.execute(sql)
    finally:
        rconn.close()
    try:
        assert wait_applied(replica, rb).caught_up
        rc, text = _checksum(rb, replica, tmp_path)
        report = _report(text)
        assert set(report) == {"test.customers", "test.orders", "test.log", "test.big"}, text
        assert re.search(r"\s0\s+0\s+300\s+0\s+[2-9]\d*\s+0\s+\S+\s+test\.big$", text, re.MULTILINE), text
        assert all(v == (0, 0) for v in report.values()), text
        assert rc == 0, text
        _run_sql(replica, ["SET SESSION sql_log_bin=0", "UPDATE test.orders SET total = 0 WHERE id = 3"])
        rc, text = _checksum(rb, replica, tmp_path)
        report = _report(text)
        assert report["test.orders"] == (0, 1), text
        assert report["test.customers"] == (0, 0) and report["test.log"] == (0, 0), text
        _run_sql(replica, ["SET SESSION sql_log_bin=0", "DELETE FROM test.big WHERE id = 200"])
        rc, text = _checksum(rb, replica, tmp_path)
        assert _report(text)["test.big"] == (0, 1), text
        assert rc != 0, text
        res = wait_applied(replica, rb)
        assert not res.io_errno and not res.sql_errno, res
    finally:
        detach(replica)


OBJECTS = [
    "CREATE VIEW big_orders AS SELECT id, total FROM orders WHERE total > 5",
    "CREATE TRIGGER stamp BEFORE INSERT ON log FOR EACH ROW SET NEW.b = 'trg'",
    "CREATE PROCEDURE p1() BEGIN SELECT 1; END",
    "CREATE FUNCTION f1(a INT) RETURNS INT DETERMINISTIC RETURN a + 1",
]


@pytest.mark.skipif(DUMP is None or MARIADB is None, reason="mariadb-client not installed")
def test_mariadb_dump_of_views_triggers_and_routines_loads_into_mariadb(servers, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """``--routines --events --triggers`` with a view, a trigger, a procedure and a function
    (SHOW CREATE TRIGGER / PROCEDURE / FUNCTION, SHOW FIELDS of a view, LOCK TABLES of a
    view): the dump loads into a real MariaDB, which then has replbed's tables, and the
    loaded objects work there."""
    rb, replica = servers["replbed"], servers["replica"]
    conn = rb.connect()
    try:
        cur = conn.cursor()
        for sql in SCHEMA:
            cur.execute(sql)
        cur.execute("USE test")
        for sql in OBJECTS:
            cur.execute(sql)  # in `test` (replbed refuses a database-qualified routine name)
    finally:
        conn.close()
    for opts in (["--routines", "--events", "--triggers", "--databases", "test"],
                 ["--master-data=1", "--databases", "test"], ["--lock-all-tables", "--databases", "test"]):
        out = _tool([str(DUMP), f"--defaults-file={_cnf(rb, tmp_path)}", *opts])
        assert out.returncode == 0, f"{opts}: {out.stderr}"
    out = _tool([str(DUMP), f"--defaults-file={_cnf(rb, tmp_path)}", "--routines", "--events", "--triggers",
                 "--databases", "test"])
    _fresh(replica)
    load = subprocess.run([str(MARIADB), f"--defaults-file={_cnf(replica, tmp_path)}"], input=out.stdout,
                          capture_output=True, text=True, timeout=120)
    assert load.returncode == 0, load.stderr
    rconn = replica.connect()
    try:
        assert {k: v for k, v in read_tables(rconn).items() if k != "big_orders"} == \
            {k: v for k, v in _tables(rb).items() if k != "big_orders"}
        rcur = rconn.cursor()
        rcur.execute("SELECT test.f1(41), (SELECT COUNT(*) FROM test.big_orders)")
        assert rcur.fetchone() == (42, 2)
        rcur.execute("SET SESSION sql_log_bin=0")
        rcur.execute("INSERT INTO test.log (a) VALUES (5)")
        rcur.execute("SELECT b FROM test.log WHERE a = 5")
        assert rcur.fetchone() == ("trg",)
    finally:
        rconn.close()
