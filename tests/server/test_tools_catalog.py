"""What dump tools, ORMs and CDC snapshots send besides rows, answered as MariaDB 10.11
answers it (issue 27): FLUSH TABLES WITH READ LOCK and how it blocks writers,
LOCK TABLES ... READ LOCAL, the SHOW forms that describe tables, information_schema,
and the binlog position a consistent snapshot reads.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import mysql.connector
import pytest

from harness.providers.base import ServerHandle

pytestmark = pytest.mark.server

SETUP = [
    "DROP DATABASE IF EXISTS k", "CREATE DATABASE k", "USE k",
    "CREATE TABLE i (id INT PRIMARY KEY AUTO_INCREMENT, u VARCHAR(10) NOT NULL DEFAULT 'x', "
    "n DECIMAL(5,2) DEFAULT 1.50, t TIMESTAMP NULL DEFAULT NULL, "
    "d DATETIME DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP, e ENUM('a','b') NOT NULL, b BLOB, "
    "UNIQUE KEY uu (u), KEY nd (n, d)) ENGINE=InnoDB",
    "CREATE TABLE m (a INT NOT NULL, b CHAR(3), PRIMARY KEY (a)) ENGINE=MyISAM",
    "CREATE TABLE ar (a BIGINT UNSIGNED, f FLOAT, g DOUBLE) ENGINE=Aria",
    "CREATE TABLE me (a TINYINT, y YEAR, tm TIME(2), dt DATE) ENGINE=MEMORY",
    "CREATE TABLE bh (a INT) ENGINE=BLACKHOLE",
    "CREATE TRIGGER tr BEFORE INSERT ON m FOR EACH ROW SET NEW.b = 'trg'",
    "INSERT INTO i (u, e) VALUES ('p','a'),('q','b')", "INSERT INTO m VALUES (1,'z')",
]
TABLES = ("i", "m", "ar", "me", "bh")
PER_TABLE = ["SHOW CREATE TABLE {t}", "SHOW COLUMNS FROM {t}", "SHOW FULL COLUMNS FROM {t}", "SHOW INDEX FROM {t}",
             "DESCRIBE {t}", "SHOW COLUMNS FROM {t} LIKE '%a%'", "SHOW INDEX FROM {t} WHERE Non_unique = 0"]
QUERIES = [
    "SHOW TRIGGERS", "SHOW CREATE DATABASE k", "SHOW CREATE DATABASE IF NOT EXISTS k", "SHOW FULL TABLES",
    "SELECT * FROM information_schema.COLUMNS WHERE table_schema='k' AND table_name <> 'v' "
    "ORDER BY table_name, ordinal_position",
    "SELECT COLUMN_NAME, COLLATION_NAME, CHARACTER_SET_NAME, COLUMN_COMMENT, COLUMN_TYPE "
    "FROM information_schema.columns WHERE table_schema='k' AND table_name='i' ORDER BY ORDINAL_POSITION",
    "SELECT * FROM information_schema.STATISTICS WHERE table_schema='k' ORDER BY table_name, index_name, seq_in_index",
    "SELECT * FROM information_schema.KEY_COLUMN_USAGE WHERE table_schema='k' ORDER BY table_name, constraint_name",
    "SELECT * FROM information_schema.TABLE_CONSTRAINTS WHERE table_schema='k' ORDER BY table_name, constraint_name",
    "SELECT TRIGGER_NAME, EVENT_MANIPULATION, EVENT_OBJECT_TABLE, ACTION_STATEMENT, ACTION_TIMING, SQL_MODE, "
    "DEFINER FROM information_schema.TRIGGERS WHERE trigger_schema='k'",
    "SELECT TABLE_NAME, TABLE_TYPE, ENGINE, VERSION, ROW_FORMAT, TABLE_ROWS, AUTO_INCREMENT, TABLE_COLLATION "
    "FROM information_schema.TABLES WHERE table_schema='k' ORDER BY table_name",
    "SELECT TABLE_NAME, PARTITION_NAME, PARTITION_METHOD, TABLE_ROWS FROM information_schema.PARTITIONS "
    "WHERE table_schema='k' ORDER BY table_name",
    "SELECT * FROM information_schema.SCHEMATA WHERE schema_name='k'",
    "SELECT * FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE constraint_schema='k'",
    "SELECT * FROM information_schema.ROUTINES WHERE routine_schema='k'",
    "SELECT * FROM information_schema.EVENTS", "SELECT * FROM information_schema.FILES",
    "SELECT LOGFILE_GROUP_NAME, FILE_NAME, TOTAL_EXTENTS, INITIAL_SIZE, ENGINE, EXTRA FROM INFORMATION_SCHEMA.FILES "
    "WHERE FILE_TYPE = 'UNDO LOG' AND FILE_NAME IS NOT NULL",
    "EXPLAIN SELECT * FROM i WHERE 1=1",
]
#: SHOW TABLE STATUS's columns that describe the table rather than its files (sizes, times)
STATUS_COLUMNS = ("Name", "Engine", "Version", "Row_format", "Rows", "Auto_increment", "Collation", "Comment")


def _answer(cur: Any, sql: str) -> Any:
    try:
        cur.execute(sql)
    except mysql.connector.Error as e:
        return ["error", e.errno]
    if not cur.with_rows:
        return ["ok"]
    rows = [[v.decode() if isinstance(v, (bytes, bytearray)) else v for v in r] for r in cur.fetchall()]
    return [list(cur.column_names), rows]


def _answers(h: ServerHandle) -> dict[str, Any]:
    conn = h.connect()
    try:
        cur = conn.cursor()
        for sql in SETUP:
            cur.execute(sql)
        out = {q.format(t=t): _answer(cur, q.format(t=t)) for t in TABLES for q in PER_TABLE}
        for q in QUERIES:
            out[q] = _answer(cur, q)
        names, rows = out["SHOW TRIGGERS"]
        created = names.index("Created")  # when the trigger was created: not kept by replbed
        out["SHOW TRIGGERS"] = [names, [r[:created] + r[created + 1:] for r in rows]]
        names, rows = _answer(cur, "SHOW TABLE STATUS")
        keep = [names.index(c) for c in STATUS_COLUMNS]
        out["SHOW TABLE STATUS"] = [[r[i] for i in keep] for r in rows]
        return out
    finally:
        conn.close()


def test_show_and_information_schema_answer_as_mariadb(servers) -> None:  # type: ignore[no-untyped-def]
    ref, rb = _answers(servers[0]), _answers(servers[1])
    for q in ref:
        assert rb[q] == ref[q], q


def _outcomes(h: ServerHandle) -> list[Any]:
    """FTWRL in one session against writers in another: error codes, waits and the binlog."""
    a, b = h.connect(), h.connect()
    out: list[Any] = []
    try:
        ca, cb = a.cursor(), b.cursor()
        for sql in ("DROP DATABASE IF EXISTS f", "CREATE DATABASE f",
                    "CREATE TABLE f.t (x INT PRIMARY KEY) ENGINE=InnoDB", "RESET MASTER"):
            ca.execute(sql)
        out.append(_answer(ca, "BEGIN"))
        out.append(_answer(ca, "INSERT INTO f.t VALUES (1)"))
        out.append(("ftwrl", _answer(ca, "FLUSH TABLES WITH READ LOCK")))  # commits the open transaction
        out.append(("holder writes", _answer(ca, "INSERT INTO f.t VALUES (2)")))
        out.append(("holder DDL", _answer(ca, "CREATE TABLE f.u (a INT)")))
        out.append(("other reads", _answer(cb, "SELECT x FROM f.t")))
        cb.execute("SET SESSION lock_wait_timeout = 1")
        t0 = time.monotonic()
        out.append(("other writes", _answer(cb, "INSERT INTO f.t VALUES (3)")))
        out.append(("waited", time.monotonic() - t0 >= 0.9))
        out.append(("other DDL", _answer(cb, "DROP TABLE f.t")))
        cb.execute("SET SESSION lock_wait_timeout = 30")
        done: list[Any] = []
        writer = threading.Thread(target=lambda: done.append(_answer(cb, "INSERT INTO f.t VALUES (4)")))
        writer.start()
        time.sleep(0.5)
        out.append(("still waiting", not done))
        out.append(("unlock", _answer(ca, "UNLOCK TABLES")))
        writer.join(10)
        out.append(("writer went on", done))
        out.append(("lock tables", _answer(ca, "LOCK TABLES f.t READ LOCAL")))
        out.append(("ftwrl under lock tables", _answer(ca, "FLUSH TABLES WITH READ LOCK")))
        out.append(_answer(ca, "UNLOCK TABLES"))
        out.append(("rows", _answer(ca, "SELECT x FROM f.t ORDER BY x")))
        ev = _answer(ca, "SHOW BINLOG EVENTS")[1]
        out.append(("binlog", [(r[2], r[5]) for r in ev if r[2] in ("Query", "Xid")
                               and not str(r[5]).startswith("COMMIT")]))
    finally:
        a.close()
        b.close()
    return out


def test_flush_tables_with_read_lock_blocks_writers_as_mariadb(servers) -> None:  # type: ignore[no-untyped-def]
    ref = _outcomes(servers[0])
    rb = _outcomes(servers[1])
    assert rb == ref
    assert ("holder writes", ["error", 1223]) in ref and ("other writes", ["error", 1205]) in ref


def test_consistent_snapshot_reads_its_binlog_position(servers) -> None:  # type: ignore[no-untyped-def]
    """mariadb-dump --single-transaction --master-data: START TRANSACTION WITH CONSISTENT
    SNAPSHOT, then Binlog_snapshot_file/position stay where the snapshot was taken while
    other sessions write; BINLOG_GTID_POS of that position is the GTID state then."""
    for name, h in zip(("reference", "replbed"), servers):
        a, b = h.connect(), h.connect()
        try:
            ca, cb = a.cursor(), b.cursor()
            for sql in ("DROP DATABASE IF EXISTS s", "CREATE DATABASE s", "CREATE TABLE s.t (x INT) ENGINE=InnoDB"):
                cb.execute(sql)
            ca.execute("START TRANSACTION WITH CONSISTENT SNAPSHOT")
            ca.execute("SHOW STATUS LIKE 'binlog_snapshot_%'")
            snap = dict(ca.fetchall())
            cb.execute("SHOW MASTER STATUS")
            file, pos = cb.fetchone()[:2]
            assert (snap["Binlog_snapshot_file"], int(snap["Binlog_snapshot_position"])) == (file, pos), name
            cb.execute("SELECT @@gtid_binlog_pos")
            gtid = cb.fetchone()[0]
            cb.execute("INSERT INTO s.t VALUES (1)")
            ca.execute("SHOW STATUS LIKE 'binlog_snapshot_%'")
            assert dict(ca.fetchall()) == snap, name
            ca.execute(f"SELECT BINLOG_GTID_POS('{file}', {pos})")
            assert ca.fetchone()[0] == gtid, name
            ca.execute("SELECT COUNT(*) FROM s.t")
            assert ca.fetchone()[0] == 0, name
            ca.execute("COMMIT")
            ca.execute("SHOW STATUS LIKE 'binlog_snapshot_position'")
            assert int(ca.fetchone()[1]) > pos, name
        finally:
            a.close()
            b.close()
