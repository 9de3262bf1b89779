"""ALTER TABLE, RENAME, table maintenance and LOCK TABLES in-process: what the table
becomes and what reaches the binlog (cases probed against MariaDB 10.11)."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.binlog.reader import read_binlog_file
from harness.binlog.render import event_type_name, info_text
from harness.sql.sql_errors import ServerError
from harness.sql.stmt.sql_admin import table_checksum
from harness.sql.thd import Thd
from tests.sql._thd import thd_in_test_db


@pytest.fixture
def thd(tmp_path: Path) -> Thd:
    t = thd_in_test_db(tmp_path)
    t.execute("SET SESSION binlog_format = 'ROW'")
    t.server.binlog.reset()
    return t


def events(thd: Thd) -> list[str]:
    out = []
    b = thd.server.binlog
    for f in b.files:
        for ev in read_binlog_file(b.dir / f)[3:]:
            name = event_type_name(ev)
            if name in ("Query", "Table_map", "Xid"):
                out.append(f"{name}: {info_text(ev).split('; ', 1)[-1]}" if name == "Query" else name)
    return out


def rows(thd: Thd, table: str) -> list[list[object]]:
    t = thd.catalog.get_table("test", table)
    assert t is not None
    return [list(r) for _s, r in t.data.scan()]


def test_add_drop_change_convert_rows_and_keep_scan_order(thd: Thd) -> None:
    thd.execute("CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(10)) ENGINE=InnoDB")
    thd.execute("INSERT INTO t VALUES (2, 'yy'), (1, 'x')")
    thd.execute("ALTER TABLE t ADD c INT DEFAULT 5 FIRST, ADD d INT NOT NULL AFTER a, CHANGE b bb CHAR(2)")
    t = thd.catalog.get_table("test", "t")
    assert t is not None and [c.name for c in t.columns] == ["c", "a", "d", "bb"]
    assert rows(thd, "t") == [[5, 1, 0, "x"], [5, 2, 0, "yy"]]
    thd.execute("ALTER TABLE t DROP c, DROP PRIMARY KEY, ADD PRIMARY KEY (d, a)")
    assert [k.name for k in thd.catalog.get_table("test", "t").keys] == ["PRIMARY"]  # type: ignore[union-attr]
    assert events(thd)[-2:] == ["Query: ALTER TABLE t ADD c INT DEFAULT 5 FIRST, ADD d INT NOT NULL AFTER a, "
                                "CHANGE b bb CHAR(2)", "Query: ALTER TABLE t DROP c, DROP PRIMARY KEY, "
                                "ADD PRIMARY KEY (d, a)"]


def test_strict_conversion_fails_without_logging_and_keeps_the_old_table(thd: Thd) -> None:
    thd.execute("CREATE TABLE n (a INT PRIMARY KEY, c INT) ENGINE=MyISAM")
    thd.execute("INSERT INTO n VALUES (1, 1), (2, 300)")
    before = events(thd)
    with pytest.raises(ServerError) as ei:
        thd.execute("ALTER TABLE n MODIFY c TINYINT")
    assert (ei.value.code, ei.value.message) == (1264, "Out of range value for column 'c' at row 2")
    assert events(thd) == before and rows(thd, "n") == [[1, 1], [2, 300]]
    thd.execute("ALTER IGNORE TABLE n MODIFY c TINYINT")
    assert rows(thd, "n") == [[1, 1], [2, 127]]
    assert [(n.level, n.code) for n in thd.last_notes] == [("Warning", 1264)]


@pytest.mark.parametrize("sql,code", [("ALTER TABLE t ADD z INT, DROP nosuch", 1091), ("ALTER TABLE t ADD a INT", 1060),
                                      ("ALTER TABLE t MODIFY nosuch INT", 1054),
                                      ("ALTER TABLE t DROP a, DROP b", 1090), ("ALTER TABLE t ADD UNIQUE (b)", 1062),
                                      ("ALTER TABLE t ADD PRIMARY KEY (b)", 1068),
                                      ("ALTER TABLE t ADD INDEX (nosuch)", 1072)])
def test_bad_alters_report_the_servers_errors(thd: Thd, sql: str, code: int) -> None:
    thd.execute("CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB")
    thd.execute("INSERT INTO t VALUES (1, 7), (2, 7)")
    with pytest.raises(ServerError) as ei:
        thd.execute(sql)
    assert ei.value.code == code


def test_ddl_in_a_transaction_commits_it_first(thd: Thd) -> None:
    thd.execute("CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB")
    thd.execute("BEGIN")
    thd.execute("INSERT INTO t VALUES (1)")
    with pytest.raises(ServerError):
        thd.execute("ALTER TABLE t ADD a INT")  # fails, but the transaction is already committed
    assert events(thd)[-2:] == ["Table_map", "Xid"] and not thd.trx.explicit


def test_rename_table_swaps_in_order(thd: Thd) -> None:
    thd.execute("CREATE TABLE a (x INT) ENGINE=InnoDB")
    thd.execute("CREATE TABLE b (y INT) ENGINE=MyISAM")
    thd.execute("RENAME TABLE a TO tmp, b TO a, tmp TO b")
    assert thd.catalog.get_table("test", "a").columns[0].name == "y"  # type: ignore[union-attr]
    assert thd.catalog.get_table("test", "b").columns[0].name == "x"  # type: ignore[union-attr]
    assert events(thd)[-1] == "Query: RENAME TABLE a TO tmp, b TO a, tmp TO b"


def test_maintenance_logging_and_checksum(thd: Thd) -> None:
    thd.execute("CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(10)) ENGINE=InnoDB")
    thd.execute("INSERT INTO t VALUES (1, 'x'), (2, 'yy')")
    res = thd.execute("OPTIMIZE TABLE t, nosuch")
    assert [r[2:] for r in res.rows] == [  # type: ignore[union-attr]
        ["note", "Table does not support optimize, doing recreate + analyze instead"], ["status", "OK"],
        ["Error", "Table 'test.nosuch' doesn't exist"], ["status", "Operation failed"]]
    thd.execute("ANALYZE NO_WRITE_TO_BINLOG TABLE t")
    thd.execute("CHECK TABLE t")
    thd.execute("CHECKSUM TABLE t")
    assert events(thd)[-1] == "Query: OPTIMIZE TABLE t, nosuch"
    # observed on 10.11 for these two rows (same for MyISAM)
    assert table_checksum(thd.catalog.get_table("test", "t")) == 832912970  # type: ignore[arg-type]


def test_lock_tables_checks_and_commits(thd: Thd) -> None:
    thd.execute("CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB")
    thd.execute("CREATE TABLE n (a INT PRIMARY KEY) ENGINE=MyISAM")
    thd.execute("SET autocommit = 0")
    thd.execute("INSERT INTO t VALUES (1)")
    thd.execute("LOCK TABLES t WRITE, n READ")
    assert events(thd)[-1] == "Xid"  # LOCK TABLES committed the open transaction
    with pytest.raises(ServerError) as ei:
        thd.execute("INSERT INTO n VALUES (1)")
    assert ei.value.code == 1099
    thd.execute("INSERT INTO t VALUES (2)")
    n = len(events(thd))
    thd.execute("UNLOCK TABLES")  # commits: tables were locked
    assert len(events(thd)) > n and thd.locked_tables is None


def test_an_in_place_innodb_alter_keeps_a_zero_date_a_copying_one_fails(thd: Thd) -> None:
    thd.execute("SET sql_mode = ''")
    thd.execute("CREATE TABLE z (id INT PRIMARY KEY, d DATE, dt DATETIME) ENGINE=InnoDB")
    thd.execute("INSERT INTO z VALUES (1, '0000-00-00', '0000-00-00 00:00:00')")
    thd.execute("SET sql_mode = 'TRADITIONAL'")
    thd.execute("ALTER TABLE z ADD COLUMN c INT DEFAULT 5")
    thd.execute("CREATE INDEX ix ON z (d)")
    with pytest.raises(ServerError):
        thd.execute("ALTER TABLE z ENGINE=MyISAM")
    assert [n.code for n in thd.last_notes] == [1292, 1292]  # every field of the row


def test_keys_onoff_is_a_note_outside_myisam_and_aria(thd: Thd) -> None:
    thd.execute("CREATE TABLE i (a INT, KEY (a)) ENGINE=InnoDB")
    ok = thd.execute("ALTER TABLE i ENABLE KEYS")
    assert ok.info == "" and [(n.level, n.code, n.message) for n in thd.last_notes] == [
        ("Note", 1031, "Storage engine InnoDB of the table `test`.`i` doesn't have this option")]
    thd.execute("CREATE TABLE m (a INT, b INT, UNIQUE (b), KEY (a)) ENGINE=MyISAM")
    thd.execute("ALTER TABLE m DISABLE KEYS")
    assert thd.last_notes == []
    thd.execute("ALTER TABLE m ADD COLUMN c INT")  # a copy keeps the state
    assert [r[11] for r in thd.execute("SHOW INDEX FROM m").rows] == ["", "disabled"]
    ok = thd.execute("ALTER TABLE m ENABLE KEYS, ENGINE=InnoDB")
    assert ok.info == "Records: 0  Duplicates: 0  Warnings: 1"
    assert events(thd)[-1] == "Query: ALTER TABLE m ENABLE KEYS, ENGINE=InnoDB"


def test_alter_of_a_temporary_table_is_logged_as_its_create_was(thd: Thd) -> None:
    thd.execute("SET SESSION binlog_format = 'STATEMENT'")
    thd.execute("CREATE TEMPORARY TABLE t1 (a INT, b INT) ENGINE=InnoDB")
    thd.execute("ALTER TABLE t1 ADD COLUMN c INT, RENAME TO t2")
    assert events(thd)[-1] == "Query: ALTER TABLE t1 ADD COLUMN c INT, RENAME TO t2"
    assert [c.name for c in thd.temp_tables[("test", "t2")].columns] == ["a", "b", "c"]
    assert thd.catalog.get_table("test", "t2") is None
    thd.execute("DROP TEMPORARY TABLE t2")
    thd.execute("SET SESSION binlog_format = 'ROW'")
    thd.execute("CREATE TEMPORARY TABLE r (a INT)")
    n = len(events(thd))
    thd.execute("CREATE INDEX ix ON r (a)")
    assert len(events(thd)) == n  # created in row format: nothing logged


def test_two_phase_alter_logs_start_then_commit_or_rollback(thd: Thd) -> None:
    thd.execute("SET binlog_alter_two_phase = ON")
    thd.execute("CREATE TABLE t (a INT PRIMARY KEY, v INT) ENGINE=InnoDB")
    thd.execute("INSERT INTO t VALUES (1, 5), (2, 5)")
    thd.execute("ALTER TABLE t ADD COLUMN (b INT, c INT)")
    with pytest.raises(ServerError):
        thd.execute("ALTER TABLE t ADD UNIQUE (v)")  # the copy fails: START, then ROLLBACK
    with pytest.raises(ServerError):
        thd.execute("ALTER TABLE t ADD COLUMN b INT")  # refused while prepared: nothing
    thd.execute("ALTER TABLE t RENAME TO t2")  # simple: logged once
    b = thd.server.binlog
    gtids = [(ev.seq_no, ev.flags_extra, ev.sa_seq_no) for f in b.files for ev in read_binlog_file(b.dir / f)
             if event_type_name(ev) == "Gtid"]
    queries = [ev for f in b.files for ev in read_binlog_file(b.dir / f) if event_type_name(ev) == "Query"]
    assert gtids[-5:] == [(3, 2, None), (4, 4, 3), (5, 2, None), (6, 8, 5), (7, 0, None)]
    assert [q.error_code for q in queries[-5:]] == [0, 0, 0, 1062, 0]
    assert queries[-4].status(130) == (4, 3)  # Q_GTID_FLAGS3 of the COMMIT ALTER
