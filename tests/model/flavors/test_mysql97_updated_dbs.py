"""The ``mysql-9.7`` flavour's Q_UPDATED_DB_NAMES (12) on statements and the BEGIN a group is
written with, and the charset of the disconnect DROP (docs/RULES-mysql-9.7.md 2). Every expected
value was read from real MySQL 9.7.4's binlog (`replbed run --reference mysql-9.7 --profile
mysql-9.7-gtid-off`, the corpus case each test names)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from harness.binlog.constants import QueryStatus as Q
from tests.model.flavors._probe import Bed

NONE = "absent"


def _bed(tmp: Path, fmt: str) -> Bed:
    bed = Bed(tmp, "mysql-9.7", gtid_mode="OFF")
    bed.thd.execute(f"SET binlog_format = {fmt}")
    bed.thd.execute("CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB")
    bed.thd.execute("CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM")
    return bed


def _dbs(bed: Bed, start: int) -> list[tuple[str, Any]]:
    return [(" ".join(ev.query.split()[:3]), codes.get(int(Q.Q_UPDATED_DB_NAMES), NONE))
            for ev, codes in bed.query_events()[start:]]


def _run(bed: Bed, *sqls: str) -> list[tuple[str, Any]]:
    start = len(bed.query_events())
    for s in sqls:
        bed.thd.execute(s)
    return _dbs(bed, start)


def test_xa_start_is_the_begin_of_the_first_statement(tmp_path):
    # xa_state_errors_mysql STATEMENT: `XA START X'61',X'',1` 12=(test)
    bed = _bed(tmp_path, "STATEMENT")
    assert _run(bed, "XA START 'a'", "INSERT INTO t VALUES (1, 1)", "XA END 'a'", "XA PREPARE 'a'")[:2] == [
        ("XA START X'61',X'',1", ("test",)), ("INSERT INTO t", ("test",))]


def test_truncate_names_the_database_of_a_temporary_table_only(tmp_path):
    # ddl_truncate_in_transaction, fidlog_statement_stays_row_while_temporary_tables STATEMENT
    bed = _bed(tmp_path, "STATEMENT")
    bed.thd.execute("CREATE TEMPORARY TABLE tmp (a INT)")
    assert _run(bed, "TRUNCATE TABLE tmp", "TRUNCATE TABLE t") == [
        ("TRUNCATE TABLE tmp", ("test",)), ("TRUNCATE TABLE t", NONE)]


def test_optimize_and_repair_name_the_tables_opened_for_write(tmp_path):
    # ddl_table_maintenance ROW: `OPTIMIZE TABLE t, n` (t InnoDB: recreated) (test), `REPAIR
    # TABLE t` none, ANALYZE none; seed004_admin_statements: `OPTIMIZE TABLE nosuch` none
    bed = _bed(tmp_path, "ROW")
    assert _run(bed, "ANALYZE TABLE t", "OPTIMIZE TABLE t, n", "REPAIR TABLE t", "OPTIMIZE TABLE nosuch") == [
        ("ANALYZE TABLE t", NONE), ("OPTIMIZE TABLE t,", ("test",)), ("REPAIR TABLE t", NONE),
        ("OPTIMIZE TABLE nosuch", NONE)]
    bed.thd.execute("SET binlog_format = MIXED")
    assert _run(bed, "REPAIR TABLE n", "OPTIMIZE TABLE nosuch") == [
        ("REPAIR TABLE n", ("test",)), ("OPTIMIZE TABLE nosuch", NONE)]


def test_create_temporary_select_in_a_transaction_gives_its_begin_the_database(tmp_path):
    # explore2_autocommit0_temporary STATEMENT: BEGIN 12=(test) before CREATE TEMPORARY ... SELECT
    bed = _bed(tmp_path, "STATEMENT")
    bed.thd.execute("SET autocommit = 0")
    assert _run(bed, "CREATE TEMPORARY TABLE t0 SELECT * FROM t", "ROLLBACK") == [
        ("BEGIN", ("test",)), ("CREATE TEMPORARY TABLE", ("test",)), ("ROLLBACK", NONE)]


def test_create_select_names_the_new_tables_database_without_a_default_one(tmp_path):
    # mtr_drop_current_database STATEMENT: `CREATE TABLE test.t2 SELECT * FROM test.t1` 12=(test)
    bed = _bed(tmp_path, "STATEMENT")
    bed.thd.execute("CREATE DATABASE d1")
    bed.thd.execute("USE d1")
    bed.thd.execute("DROP DATABASE d1")
    assert _run(bed, "CREATE TABLE test.t2 SELECT * FROM test.t") == [("CREATE TABLE test.t2", ("test",))]


def test_create_temporary_like_names_no_database(tmp_path):
    # mtr_tmp_tables_two_sessions STATEMENT: `CREATE TEMPORARY TABLE tmp1_foo LIKE foo` without 12
    bed = _bed(tmp_path, "STATEMENT")
    assert _run(bed, "CREATE TEMPORARY TABLE tmp1 LIKE t") == [("CREATE TEMPORARY TABLE", NONE)]


def test_a_savepoint_that_opens_the_trx_cache_gives_its_begin_no_database(tmp_path):
    # fidseed_rollback_to_savepoint_after_temp_myisam STATEMENT: BEGIN, SAVEPOINT `sp2`, COMMIT
    bed = _bed(tmp_path, "STATEMENT")
    bed.thd.execute("CREATE TEMPORARY TABLE tmp (a INT) ENGINE=MyISAM")
    out = _run(bed, "BEGIN", "INSERT INTO tmp VALUES (2)", "SAVEPOINT sp2", "INSERT INTO t VALUES (3, 3)",
               "ROLLBACK TO sp2", "COMMIT")
    assert out[-3:] == [("BEGIN", NONE), ("SAVEPOINT `sp2`", NONE), ("COMMIT", NONE)]


def test_a_call_sub_statement_does_not_keep_the_previous_ones_databases(tmp_path):
    # s002_procedure_unrolled MIXED: the row-logged MyISAM INSERT's BEGIN names none
    bed = _bed(tmp_path, "MIXED")
    bed.thd.execute("CREATE PROCEDURE p(x INT) BEGIN INSERT INTO t VALUES (x, x+1); "
                    "INSERT INTO n VALUES (x, 0); END")
    out = _run(bed, "BEGIN", "CALL p(20)", "COMMIT")
    assert ("BEGIN", NONE) in out and ("BEGIN", ("test",)) in out


def test_foreign_keys_put_the_databases_over_max_only_when_another_table_is_opened(tmp_path):
    # fk_cascade_no_child_trigger STATEMENT: `DELETE FROM c WHERE id = 11` (a child) 12=(test);
    # fk_checks_off: with foreign_key_checks=0 `INSERT INTO c VALUES (11, 5)` 12=(test);
    # an INSERT into a child with the checks on: over max (None)
    bed = _bed(tmp_path, "STATEMENT")
    for s in ("CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB",
              "CREATE TABLE c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) "
              "ON DELETE CASCADE) ENGINE=InnoDB", "INSERT INTO p VALUES (1), (2)", "INSERT INTO c VALUES (10, 1), (11, 2)"):
        bed.thd.execute(s)
    assert _run(bed, "DELETE FROM c WHERE id = 11", "INSERT INTO c VALUES (12, 1)", "SET foreign_key_checks = 0",
                "INSERT INTO c VALUES (13, 5)", "DELETE FROM p WHERE id = 1") == [
        ("BEGIN", ("test",)), ("DELETE FROM c", ("test",)), ("BEGIN", None), ("INSERT INTO c", None),
        ("BEGIN", ("test",)), ("INSERT INTO c", ("test",)),
        # a referenced parent's write is over max with the checks off too (fk_checks_off)
        ("BEGIN", None), ("DELETE FROM p", None)]


def test_flush_names_no_database_and_commits_no_data_dictionary(tmp_path):
    # mtr_flush_tables_logged (9.7.4 observed): `FLUSH TABLES`, `FLUSH TABLE t1` without codes 12, 17
    bed = _bed(tmp_path, "STATEMENT")
    start = len(bed.query_events())
    bed.thd.execute("FLUSH TABLES")
    bed.thd.execute("FLUSH TABLE t")
    got = [(ev.query, int(Q.Q_UPDATED_DB_NAMES) in c, int(Q.Q_DDL_LOGGED_WITH_XID) in c)
           for ev, c in bed.query_events()[start:]]
    assert got == [("FLUSH TABLES", False, False), ("FLUSH TABLE t", False, False)]
