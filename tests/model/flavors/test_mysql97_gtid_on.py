"""The ``mysql-9.7`` flavour under GTID_MODE=ON (9.7's default): enforce_gtid_consistency's
refusals, what ROLLBACK writes, the 6414 deprecation warning, MIXED and temporary tables,
CREATE ... SELECT framing (docs/RULES-mysql-9.7.md sections 4 and 5; each rule observed on
real MySQL 9.7.4). Asserted on replbed's own answers and binlog, no server but replbed."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.binlog.mysql_gtid import MysqlGtidEvent
from harness.binlog.query import QueryEvent
from harness.binlog.constants import QueryStatus as Q
from tests.model.flavors._probe import Bed, error_code

UUID = "3e11fa47-71ca-11e1-9e33-c80aa9429562"


def _bed(tmp: Path, fmt: str = "ROW", flavor: str = "mysql-9.7", gtid: str = "ON") -> Bed:
    bed = Bed(tmp, flavor, gtid_mode=gtid, server_uuid=UUID)
    bed.thd.execute(f"SET binlog_format = {fmt}")
    bed.thd.execute("CREATE TABLE i (a INT PRIMARY KEY) ENGINE=InnoDB")
    bed.thd.execute("CREATE TABLE m (a INT PRIMARY KEY) ENGINE=MyISAM")
    return bed


def _warnings(bed: Bed) -> list[int]:
    return [n.code for n in bed.thd.notes]


def _groups(bed: Bed) -> list[list[str]]:
    """Each GTID group's events after its Gtid: Query texts, or the event class name."""
    out: list[list[str]] = []
    for e in bed.entries():
        ev = e.event
        if isinstance(ev, MysqlGtidEvent):
            out.append([])
        elif out:
            out[-1].append(ev.query if isinstance(ev, QueryEvent) else type(ev).__name__)
    return out


@pytest.mark.parametrize("fmt", ["STATEMENT", "ROW", "MIXED"])
def test_create_select_without_atomic_ddl_is_1786_in_every_format_after_the_commit(tmp_path, fmt):
    bed = _bed(tmp_path, fmt)
    bed.thd.execute("BEGIN")
    bed.thd.execute("INSERT INTO i VALUES (1)")
    assert error_code(bed.thd, "CREATE TABLE c ENGINE=MyISAM SELECT * FROM i") == 1786
    assert error_code(bed.thd, "CREATE TABLE c2 ENGINE=MEMORY SELECT * FROM i WHERE 1=0") == 1786
    bed.thd.execute("ROLLBACK")
    # the statement's implicit commit ran before the refusal: the INSERT is committed
    assert [list(r) for r in bed.thd.execute("SELECT a FROM i").rows] == [[1]]
    assert error_code(bed.thd, "CREATE TABLE c3 SELECT * FROM m") == 0  # InnoDB: atomic, allowed


def test_create_select_start_transaction_has_no_ddl_xid(tmp_path):
    bed = _bed(tmp_path, "ROW")
    bed.thd.execute("INSERT INTO i VALUES (1)")
    bed.thd.execute("CREATE TABLE c SELECT * FROM i")
    create = [e.event for e in bed.entries() if isinstance(e.event, QueryEvent)
              and e.event.query.endswith("START TRANSACTION")]
    assert len(create) == 1 and create[0].status(Q.Q_DDL_LOGGED_WITH_XID) is None
    # no database names on it nor on its BEGIN (9.7.4 observed in the corpus's ROW run)
    begin = [e.event for e in bed.entries() if isinstance(e.event, QueryEvent)][-2]
    assert begin.query == "BEGIN" and create[0].status(Q.Q_UPDATED_DB_NAMES, "absent") == "absent"
    assert begin.status(Q.Q_UPDATED_DB_NAMES, "absent") == "absent"
    assert _groups(bed)[-1] == ["BEGIN", create[0].query, "TableMapEvent", "WriteRowsEvent", "XidEvent"]


def test_1785_is_decided_on_the_written_tables_after_name_resolution(tmp_path):
    bed = _bed(tmp_path, "STATEMENT")
    bed.thd.execute("INSERT INTO i VALUES (1)")
    # a multi-table UPDATE that only reads the InnoDB table is a MyISAM-only statement
    assert error_code(bed.thd, "UPDATE i, m SET m.a = 5 WHERE m.a = i.a") == 0
    assert error_code(bed.thd, "UPDATE i, m SET m.a = 5 WHERE m.a = i.nosuch") == 1054
    assert error_code(bed.thd, "UPDATE i, m SET i.a = i.a + 1, m.a = 5") == 1785
    # the deprecation warning comes before the refusal
    assert _warnings(bed) == [6414, 1785]


def test_mixed_temporary_myisam_in_a_transaction_is_rows_so_allowed(tmp_path):
    bed = _bed(tmp_path, "MIXED")
    bed.thd.execute("CREATE TEMPORARY TABLE tt (a INT) ENGINE=MyISAM")
    bed.thd.execute("BEGIN")
    bed.thd.execute("INSERT INTO i VALUES (1)")
    assert error_code(bed.thd, "INSERT INTO tt VALUES (1)") == 0
    bed.thd.execute("COMMIT")
    # 9.7 refuses SET binlog_format while a temporary table is open (3745, binlog_format_check)
    assert error_code(bed.thd, "SET binlog_format = STATEMENT") == 3745
    bed.thd.execute("DROP TEMPORARY TABLE tt")
    bed.thd.execute("SET binlog_format = STATEMENT")
    bed.thd.execute("BEGIN")
    bed.thd.execute("INSERT INTO i VALUES (2)")
    assert error_code(bed.thd, "INSERT INTO m VALUES (2)") == 1785


def test_mixed_rows_do_not_stick_while_temporary_tables_exist(tmp_path):
    bed = _bed(tmp_path, "MIXED")
    bed.thd.execute("CREATE TEMPORARY TABLE tt (a INT) ENGINE=InnoDB")
    bed.thd.execute("INSERT INTO tt VALUES (1)")
    bed.thd.execute("INSERT INTO i SELECT a FROM tt")  # touches a temporary table: rows
    bed.thd.execute("INSERT INTO i VALUES (3)")  # a statement again (MariaDB keeps rows)
    groups = _groups(bed)
    assert "WriteRowsEvent" in groups[-2]
    assert "INSERT INTO i VALUES (3)" in groups[-1]
    assert not any("tt" in q for g in groups for q in g)  # temporary tables are not logged


@pytest.mark.parametrize("fmt", ["STATEMENT", "ROW", "MIXED"])
def test_rollback_writes_the_cache_only_when_it_holds_what_cannot_be_undone(tmp_path, fmt):
    bed = _bed(tmp_path, fmt)
    n = len(_groups(bed))
    bed.thd.execute("BEGIN")
    bed.thd.execute("INSERT INTO m VALUES (1)")  # before any InnoDB change: a group of its own
    bed.thd.execute("INSERT INTO i VALUES (1)")
    bed.thd.execute("ROLLBACK")
    assert _warnings(bed) == [1196]
    groups = _groups(bed)[n:]
    assert len(groups) == 1 and groups[0][-1] == "COMMIT"  # m's; the InnoDB part is dropped


@pytest.mark.parametrize("fmt,logged,warns", [("STATEMENT", True, [1751]), ("ROW", False, [1751]),
                                              ("MIXED", False, [1751])])
def test_rollback_after_create_temporary(tmp_path, fmt, logged, warns):
    bed = _bed(tmp_path, fmt, gtid="OFF")
    n = len(_groups(bed))
    bed.thd.execute("BEGIN")
    bed.thd.execute("INSERT INTO i VALUES (1)")
    bed.thd.execute("CREATE TEMPORARY TABLE tx (a INT) ENGINE=InnoDB")
    bed.thd.execute("ROLLBACK")
    assert _warnings(bed) == warns
    groups = _groups(bed)[n:]
    assert (groups[-1][-1] == "ROLLBACK") if logged else groups == []


def test_engine_mix_warning_once_per_transaction_and_not_in_8_0(tmp_path):
    bed = _bed(tmp_path / "a", "ROW", gtid="OFF")
    bed.thd.execute("BEGIN")
    bed.thd.execute("INSERT INTO i VALUES (1)")
    bed.thd.execute("INSERT INTO m VALUES (1)")
    assert [(n.code, n.message) for n in bed.thd.notes] == [(6414, (
        "Combining the storage engines MyISAM and InnoDB is deprecated, but the statement or transaction "
        "updates both the MyISAM table test.m and the InnoDB table test.i."))]
    bed.thd.execute("INSERT INTO m VALUES (2)")
    assert _warnings(bed) == []
    bed.thd.execute("COMMIT")
    bed.thd.execute("INSERT INTO i SELECT a + 10 FROM m")  # reads m: no warning
    assert _warnings(bed) == []
    old = _bed(tmp_path / "b", "ROW", flavor="mysql-8.0", gtid="OFF")
    old.thd.execute("BEGIN")
    old.thd.execute("INSERT INTO i VALUES (1)")
    old.thd.execute("INSERT INTO m VALUES (1)")
    assert _warnings(old) == []


def test_every_statement_clears_the_warnings(tmp_path):
    bed = _bed(tmp_path, "ROW")
    assert error_code(bed.thd, "CREATE TABLE c ENGINE=MyISAM SELECT * FROM i") == 1786
    assert _warnings(bed) == [1786]
    bed.thd.execute("BEGIN")  # MariaDB keeps the list for a statement without tables
    assert _warnings(bed) == []


A = "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"


def test_gtid_next_ownership_as_9_7(tmp_path):
    """@@gtid_next's life (9.7.4 observed, docs/RULES-mysql-9.7.md 5b)."""
    bed = _bed(tmp_path, "ROW")
    t = bed.thd
    t.execute(f"SET gtid_next = '{A}:1'")
    assert t.execute("SELECT @@gtid_owned").rows == [[f"{A}:1"]]
    t.execute("INSERT INTO i VALUES (1)")  # uses the GTID up
    assert t.execute("SELECT @@gtid_next").rows == [[f"{A}:1"]]  # innocent: allowed
    assert error_code(bed.thd, "INSERT INTO i VALUES (50)") == 1837
    t.execute("SET gtid_next = AUTOMATIC")
    t.execute(f"SET gtid_next = '{A}:1'")  # already executed: the statements are skipped
    assert error_code(bed.thd, "INSERT INTO i VALUES (2)") == 0
    assert error_code(bed.thd, "INSERT INTO i VALUES (3)") == 0
    t.execute("SET gtid_next = AUTOMATIC")
    assert [list(r) for r in t.execute("SELECT a FROM i").rows] == [[1]]
    t.execute(f"SET gtid_next = '{A}:2'")
    t.execute("BEGIN")
    t.execute("INSERT INTO i VALUES (4)")
    assert error_code(bed.thd, "CREATE TABLE k (a INT)") == 1778
    t.execute("ROLLBACK")  # uses the GTID up without logging it
    assert error_code(bed.thd, "INSERT INTO i VALUES (5)") == 1837
    t.execute("SET gtid_next = AUTOMATIC")
    n = len(_groups(bed))
    t.execute(f"SET gtid_next = '{A}:3'")
    t.execute("DO 1")
    t.execute("COMMIT")  # owns a GTID, logged nothing: an empty group
    assert _groups(bed)[n:] == [["BEGIN", "COMMIT"]]
    t.execute("SET gtid_next = AUTOMATIC")
    t.execute(f"SET gtid_next = '{A}:4'")
    assert error_code(bed.thd, f"SET gtid_next = '{A}:5'") == 1790
    assert bed.thd.notes[-1].message == (
        f"@@SESSION.GTID_NEXT cannot be changed by a client that owns a GTID. The client owns {A}:4. "
        "Ownership is released on COMMIT or ROLLBACK.")
    t.execute(f"SET gtid_next = '{A}:6'")  # the failed SET released :4
    assert error_code(bed.thd, "CREATE TABLE i (a INT)") == 1050  # a failed statement releases :6
    assert error_code(bed.thd, "SET gtid_next = AUTOMATIC") == 0
    assert t.execute("SELECT @@gtid_executed").rows[0][0].endswith(f"{A}:1:3")


def test_gtid_purged_is_refused_by_name(tmp_path):
    bed = _bed(tmp_path, "ROW")
    assert error_code(bed.thd, f"SET GLOBAL gtid_purged = '+{A}:1-5'") == 1235
    assert "gtid_purged" in bed.thd.notes[-1].message


def test_consistent_snapshot_does_not_register_the_binlog(tmp_path):
    """9.7.4 observed (fw_consistent_snapshot_registers_binlog_and_innodb): no SAVEPOINT is
    logged before the transaction's first write, so the MyISAM row after it is its own
    group and no 1785 (MariaDB logs SAVEPOINT c: binlog_start_consistent_snapshot)."""
    bed = _bed(tmp_path, "ROW")
    n = len(_groups(bed))
    bed.thd.execute("START TRANSACTION WITH CONSISTENT SNAPSHOT")
    bed.thd.execute("SAVEPOINT c")
    assert error_code(bed.thd, "INSERT INTO m VALUES (1)") == 0
    bed.thd.execute("COMMIT")
    assert _groups(bed)[n:] == [["BEGIN", "TableMapEvent", "WriteRowsEvent", "COMMIT"]]


def _ddl_texts(bed: Bed, n: int) -> list[tuple[str, bool]]:
    """(Query text, has Q_DDL_LOGGED_WITH_XID) of the groups after the first ``n``."""
    out = []
    groups = 0
    for e in bed.entries():
        ev = e.event
        if isinstance(ev, MysqlGtidEvent):
            groups += 1
        elif groups > n and isinstance(ev, QueryEvent) and ev.query not in ("BEGIN", "COMMIT"):
            out.append((ev.query, ev.status(Q.Q_DDL_LOGGED_WITH_XID) is not None))
    return out


def test_drop_and_rename_ddl_as_9_7_logs_them(tmp_path):
    """9.7.4 observed (docs/RULES-mysql-9.7.md 4): base tables' DROP groups before the
    temporary ones; the dropped InnoDB tables before the missing ones; no xid for a drop
    of missing tables only, a MyISAM RENAME, a missing database; DROP DATABASE logs its
    MyISAM tables' DROP first, then itself with an xid."""
    bed = _bed(tmp_path, "STATEMENT")
    t = bed.thd
    for sql in ("CREATE TABLE i2 (a INT)", "CREATE TABLE m2 (a INT) ENGINE=MyISAM",
                "CREATE TEMPORARY TABLE tt (a INT) ENGINE=MyISAM", "CREATE DATABASE d2",
                "CREATE TABLE d2.x (a INT)", "CREATE TABLE d2.y (a INT) ENGINE=MyISAM"):
        t.execute(sql)
    n = len(_groups(bed))
    for sql in ("DROP TABLE i2, m2, tt", "DROP TABLE IF EXISTS nosuch, i", "DROP TABLE IF EXISTS nosuch2",
                "RENAME TABLE m TO m3", "DROP DATABASE d2", "DROP DATABASE IF EXISTS d3"):
        t.execute(sql)
    assert _ddl_texts(bed, n) == [
        ("DROP TABLE `m2` /* generated by server */", False),
        ("DROP TABLE `i2` /* generated by server */", True),
        ("DROP TEMPORARY TABLE `tt` /* generated by server */", False),
        ("DROP TABLE IF EXISTS `i`,`nosuch` /* generated by server */", True),
        ("DROP TABLE IF EXISTS `nosuch2` /* generated by server */", False),
        ("RENAME TABLE m TO m3", False),
        ("DROP TABLE IF EXISTS `y` /* generated by server */", False),
        ("DROP DATABASE d2", True),
        ("DROP DATABASE IF EXISTS d3", False),
    ]


def test_mixed_create_temporary_select_is_not_logged(tmp_path):
    bed = _bed(tmp_path, "MIXED")
    n = len(_groups(bed))
    bed.thd.execute("CREATE TEMPORARY TABLE t3 SELECT * FROM m")
    assert _groups(bed)[n:] == []


def test_writeset_with_keyless_and_foreign_key_tables(tmp_path):
    """last_committed / sequence_number as 9.7.4 wrote them for the same statements
    (Writeset_trx_dependency_tracker): a table without a primary key gets the
    commit-order parent and keeps the history; a parent table of a foreign key restarts
    it; a child's rows carry the parent key; the BEGIN of an insert into either names
    the databases "over the limit" (254)."""
    bed = Bed(tmp_path, "mysql-9.7", gtid_mode="ON", server_uuid=UUID)
    t = bed.thd
    for sql in ("CREATE TABLE a (id INT PRIMARY KEY, u INT UNIQUE, v INT)", "CREATE TABLE n (x INT)",
                "CREATE TABLE p (id INT PRIMARY KEY)",
                "CREATE TABLE c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p(id))",
                "INSERT INTO a VALUES (1, 10, 0)", "INSERT INTO a VALUES (2, 20, 0)",
                "UPDATE a SET v = 1 WHERE id = 1", "INSERT INTO n VALUES (1)", "INSERT INTO a VALUES (3, 30, 0)",
                "UPDATE a SET u = 11 WHERE id = 1", "INSERT INTO a VALUES (4, 10, 0)", "INSERT INTO p VALUES (1)",
                "INSERT INTO p VALUES (2)", "INSERT INTO c VALUES (1, 1)", "INSERT INTO c VALUES (2, 2)",
                "DELETE FROM c WHERE id = 1", "BEGIN", "INSERT INTO a VALUES (5, 50, 0)",
                "UPDATE a SET v = 2 WHERE id = 2", "COMMIT", "UPDATE a SET v = 3 WHERE id = 5"):
        t.execute(sql)
    g = [(e.event.last_committed, e.event.sequence_number, e.event.transaction_length)
         for e in bed.entries() if isinstance(e.event, MysqlGtidEvent)][1:]  # after Bed's CREATE DATABASE
    # the real server's, with its sequence numbers shifted by Bed's CREATE DATABASE
    real = [(0, 1, 235), (1, 2, 201), (2, 3, 214), (3, 4, 261), (4, 5, 282), (4, 6, 282), (5, 7, 305),
            (7, 8, 272), (4, 9, 282), (7, 10, 305), (10, 11, 282), (11, 12, 274), (12, 13, 274), (13, 14, 279),
            (13, 15, 279), (14, 16, 277), (13, 17, 393), (17, 18, 305)]
    shift = [(lc + 1, seq + 1, n) for lc, seq, n in real]
    assert [(lc, seq) for lc, seq, _ in g] == [(lc, seq) for lc, seq, _ in shift]
    # lengths: the CREATE TABLEs differ by Bed's texts; the DML groups are the real sizes
    assert [n for _, _, n in g[4:]] == [n for _, _, n in shift[4:]]


def test_statement_format_foreign_key_inserts_name_their_databases_over_the_limit(tmp_path):
    """9.7.4 observed, STATEMENT: the Query and the BEGIN of an INSERT into a parent or a
    child table carry Q_UPDATED_DB_NAMES over the limit; a DELETE from the child its db."""
    bed = Bed(tmp_path, "mysql-9.7", gtid_mode="ON", server_uuid=UUID)
    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    for sql in ("CREATE TABLE p (id INT PRIMARY KEY)",
                "CREATE TABLE c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p(id))",
                "INSERT INTO p VALUES (1)", "INSERT INTO c VALUES (1, 1)", "DELETE FROM c WHERE id = 1"):
        t.execute(sql)
    dbs = [(e.event.query, e.event.status(Q.Q_UPDATED_DB_NAMES, "absent")) for e in bed.entries()
           if isinstance(e.event, QueryEvent) and not e.event.query.startswith("CREATE")]
    # (the child's DELETE: 9.7.4 gave 12=(test) in this probe, main's fk_tables rule gives
    # over the limit -- left open after the merge, see the report)
    assert dbs[:4] == [("BEGIN", None), ("INSERT INTO p VALUES (1)", None), ("BEGIN", None),
                       ("INSERT INTO c VALUES (1, 1)", None)]
    lengths = [e.event.transaction_length for e in bed.entries() if isinstance(e.event, MysqlGtidEvent)][3:5]
    assert lengths == [285, 288]  # the real server's


def test_alter_table_runs_without_mariadbs_two_phase_variable(tmp_path):
    """MySQL 9.7 has no binlog_alter_two_phase (MariaDB's): an ALTER ran into a KeyError
    (1105) in the mysql-9.7 flavour after the two-phase ALTER landed."""
    bed = _bed(tmp_path, "ROW")
    assert error_code(bed.thd, "ALTER TABLE i ADD COLUMN c INT DEFAULT 5") == 0
    assert error_code(bed.thd, "SELECT @@binlog_alter_two_phase") == 1193


def test_lock_tables_writing_both_kinds_is_1785(tmp_path):
    """lock_tables' decide_logging_format (9.7.4 observed, ddl_lock_tables)."""
    bed = _bed(tmp_path, "ROW")
    assert error_code(bed.thd, "LOCK TABLES i WRITE, m WRITE") == 1785
    assert error_code(bed.thd, "LOCK TABLES i WRITE, m READ") == 0
    bed.thd.execute("UNLOCK TABLES")


def test_statement_myisam_group_commit_names_its_database(tmp_path):
    """9.7.4 [bytes]: the COMMIT Query closing a statement-logged MyISAM group carries the
    group's databases, as its BEGIN does (lost once by the over-the-limit branch)."""
    bed = _bed(tmp_path, "STATEMENT")
    bed.thd.execute("INSERT INTO m VALUES (1)")
    q = [e.event for e in bed.entries() if isinstance(e.event, QueryEvent)][-3:]
    assert [(e.query, e.status(Q.Q_UPDATED_DB_NAMES)) for e in q] == [
        ("BEGIN", (b"test",)), ("INSERT INTO m VALUES (1)", (b"test",)), ("COMMIT", (b"test",))]


def test_table_map_flags_of_foreign_key_tables(tmp_path):
    """9.7.4 observed (ROW): Table_map flags 3 for the parent and for a child the statement
    inserts into, 1 for a child's DELETE and for other tables."""
    from harness.binlog.rows import RowsEvent, TableMapEvent
    bed = Bed(tmp_path, "mysql-9.7", gtid_mode="ON", server_uuid=UUID)
    for sql in ("CREATE TABLE p (id INT PRIMARY KEY)", "CREATE TABLE a (id INT PRIMARY KEY)",
                "CREATE TABLE c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p(id))",
                "INSERT INTO p VALUES (1)", "INSERT INTO c VALUES (1, 1)", "DELETE FROM c WHERE id = 1",
                "INSERT INTO a VALUES (1)"):
        bed.thd.execute(sql)
    got, last = [], None
    for e in bed.entries():
        if isinstance(e.event, TableMapEvent):
            last = (e.event.table, e.event.flags)
        elif isinstance(e.event, RowsEvent) and last is not None:
            got.append((*last, e.event.kind))
            last = None
    assert got == [("p", 3, "write"), ("c", 3, "write"), ("c", 1, "delete"), ("a", 1, "write")]


def test_lock_tables_of_two_engines_warns_6414_before_1785(tmp_path):
    # lock_tables runs decide_logging_format over the WRITE-locked tables: 6414, then the
    # refusal under GTID_MODE=ON; with GTIDs off the warning alone (9.7.4 [bytes]
    # ddl_lock_tables: `LOCK TABLES t WRITE, n WRITE, t2 WRITE`, n MyISAM, both modes)
    for gtid, code, warnings in (("ON", 1785, [6414, 1785]), ("OFF", 0, [6414])):
        bed = _bed(tmp_path / gtid, gtid=gtid)
        bed.thd.execute("CREATE TABLE i2 (a INT PRIMARY KEY) ENGINE=InnoDB")
        assert error_code(bed.thd, "LOCK TABLES i WRITE, m WRITE, i2 WRITE") == code
        assert _warnings(bed) == warnings
        msg = [n.message for n in bed.thd.notes if n.code == 6414][0]
        assert msg.endswith("updates both the MyISAM table test.m and the InnoDB table test.i.")
        bed.thd.execute("UNLOCK TABLES")
    mariadb = _bed(tmp_path / "maria", flavor="mariadb-10.11", gtid="OFF")
    assert error_code(mariadb.thd, "LOCK TABLES i WRITE, m WRITE") == 0 and _warnings(mariadb) == []


def test_a_call_refused_with_1785_still_issues_its_unsafe_note(tmp_path):
    # decide_logging_format set the sub-statement's unsafe flags before is_dml_gtid_compatible
    # refused it; the CALL's end issues them (9.7.4 [bytes] gaps_sp_transaction_control
    # STATEMENT: `CALL p1(1)` -> 6414, 1785, Note 1592). A plain statement gets no 1592.
    bed = _bed(tmp_path, "STATEMENT")
    bed.thd.execute("CREATE PROCEDURE p1(x INT) BEGIN START TRANSACTION; INSERT INTO i VALUES (x); "
                    "INSERT INTO m VALUES (x); COMMIT; END")
    assert error_code(bed.thd, "CALL p1(1)") == 1785
    assert _warnings(bed) == [6414, 1785, 1592]
    bed.thd.execute("ROLLBACK")
    bed.thd.execute("BEGIN")
    bed.thd.execute("INSERT INTO i VALUES (7)")
    assert error_code(bed.thd, "INSERT INTO m VALUES (7)") == 1785
    assert 1592 not in _warnings(bed)


def test_a_refused_autocommit_statement_ends_its_engine_mix(tmp_path):
    # 9.7.4 observed (fidseed_trigger_myisam_writes_innodb, mixing_autocommit_m, GTID_MODE=ON):
    # the 1785 refusal ends the autocommitted statement's transaction, so the next statement
    # mixing the engines warns 6414 again before its 1785.
    bed = _bed(tmp_path)
    t = bed.thd
    t.execute("CREATE TRIGGER tr AFTER INSERT ON m FOR EACH ROW INSERT INTO i VALUES (NEW.a)")
    for sql in ("INSERT INTO m VALUES (1)", "INSERT INTO m VALUES (2), (1)"):
        assert error_code(t, sql) == 1785
        assert _warnings(bed) == [6414, 1785]
