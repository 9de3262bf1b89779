"""The ``mysql-9.7`` flavour's Q_UPDATED_DB_NAMES (12) and Q_TABLE_MAP_FOR_UPDATE (9): which
statement a BEGIN, COMMIT or ROLLBACK takes them from, and which databases a statement names
(docs/RULES-mysql-9.7.md 2). Every expected value was read from real MySQL 9.7.4's binlog
(`replbed run --reference mysql-9.7 --profile mysql-9.7-gtid-off`, workload in the RULES)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from harness.binlog.constants import QueryStatus as Q
from harness.binlog.query import QueryEvent
from tests.model.flavors._probe import Bed

NOT_SET = "absent"


def _bed(tmp: Path, fmt: str) -> Bed:
    bed = Bed(tmp, "mysql-9.7", gtid_mode="OFF")
    bed.thd.execute(f"SET binlog_format = {fmt}")
    bed.thd.execute("CREATE TABLE i (a INT PRIMARY KEY, b INT) ENGINE=InnoDB")
    bed.thd.execute("CREATE TABLE m (a INT) ENGINE=MyISAM")
    return bed


def _queries(bed: Bed) -> list[tuple[str, Any, Any]]:
    """(query, code 12's databases or NOT_SET, code 9 or NOT_SET) of every Query event."""
    return [(ev.query, codes.get(int(Q.Q_UPDATED_DB_NAMES), NOT_SET),
             codes.get(int(Q.Q_TABLE_MAP_FOR_UPDATE_CODE), NOT_SET)) for ev, codes in bed.query_events()]


def _after(qs: list[tuple[str, Any, Any]], n: int) -> list[tuple[str, Any, Any]]:
    return qs[n:]


def test_a_rollback_statement_names_no_database_but_an_autocommit_commit_does(tmp_path):
    bed = _bed(tmp_path, "STATEMENT")
    start = len(_queries(bed))
    bed.thd.execute("INSERT INTO m VALUES (1)")  # its own group: BEGIN, INSERT, COMMIT all (test)
    bed.thd.execute("BEGIN")
    bed.thd.execute("UPDATE i SET b = 1")
    bed.thd.execute("INSERT INTO m VALUES (2)")  # into the trx cache (it is not empty)
    bed.thd.execute("ROLLBACK")
    assert _after(_queries(bed), start) == [
        ("BEGIN", ("test",), NOT_SET),
        ("INSERT INTO m VALUES (1)", ("test",), NOT_SET),
        ("COMMIT", ("test",), NOT_SET),
        # the group's BEGIN was made with the UPDATE's first event: its table map and databases
        ("BEGIN", ("test",), 1),
        ("UPDATE i SET b = 1", ("test",), 1),
        ("INSERT INTO m VALUES (2)", ("test",), NOT_SET),
        # built by the ROLLBACK statement, which opened no table
        ("ROLLBACK", NOT_SET, NOT_SET),
    ]


def test_a_statement_cache_group_inside_a_transaction_takes_its_own_statement(tmp_path):
    bed = _bed(tmp_path, "ROW")
    start = len(_queries(bed))
    bed.thd.execute("BEGIN")
    bed.thd.execute("UPDATE i SET b = 1")
    bed.thd.execute("INSERT INTO m VALUES (1)")  # a group of its own, before the transaction's
    bed.thd.execute("COMMIT")
    # rows: no databases; the MyISAM group's BEGIN and COMMIT have no table map (9.7.4 [bytes],
    # conc_deadlock_victim_with_myisam_writes ROW)
    assert _after(_queries(bed), start) == [("BEGIN", NOT_SET, NOT_SET), ("COMMIT", NOT_SET, NOT_SET)]


def test_a_dml_statement_names_its_tables_databases_in_descending_order(tmp_path):
    bed = _bed(tmp_path, "STATEMENT")
    for sql in ("CREATE DATABASE a1", "CREATE DATABASE b1", "CREATE TABLE a1.x (a INT) ENGINE=InnoDB",
                "CREATE TABLE b1.y (a INT) ENGINE=InnoDB", "INSERT INTO b1.y VALUES (1)"):
        bed.thd.execute(sql)
    start = len(_queries(bed))
    bed.thd.execute("INSERT INTO a1.x SELECT a FROM b1.y")
    assert _after(_queries(bed), start) == [
        ("BEGIN", ("b1", "a1"), NOT_SET),
        ("INSERT INTO a1.x SELECT a FROM b1.y", ("b1", "a1"), NOT_SET),
    ]


def test_ddl_names_the_databases_it_changes(tmp_path):
    bed = _bed(tmp_path, "STATEMENT")
    bed.thd.execute("CREATE DATABASE a1")
    bed.thd.execute("CREATE DATABASE b1")
    bed.thd.execute("CREATE DATABASE z1")
    start = len(_queries(bed))
    for sql in ("CREATE TABLE a1.x (a INT) ENGINE=InnoDB", "CREATE TABLE z1.w (a INT) ENGINE=MyISAM",
                "CREATE TABLE z1.w2 LIKE z1.w", "RENAME TABLE a1.x TO b1.x", "CREATE VIEW a1.v AS SELECT 1 AS c",
                "DROP VIEW a1.v", "DROP TABLE b1.x, z1.w2"):
        bed.thd.execute(sql)
    got = [(q.split(" /*")[0], dbs) for q, dbs, _m in _after(_queries(bed), start)]
    assert got[:4] == [("CREATE TABLE a1.x (a INT) ENGINE=InnoDB", ("a1",)),
                       ("CREATE TABLE z1.w (a INT) ENGINE=MyISAM", ("z1",)),
                       ("CREATE TABLE z1.w2 LIKE z1.w", NOT_SET),
                       ("RENAME TABLE a1.x TO b1.x", ("b1", "a1"))]
    assert got[4][1] == ("a1",) and got[5] == ("DROP VIEW a1.v", ("a1",))
    # one group per engine (MyISAM first), each naming the databases dropped so far
    assert got[6:] == [("DROP TABLE `z1`.`w2`", ("z1",)), ("DROP TABLE `b1`.`x`", ("z1", "b1"))]


def _begin_flags(bed: Bed, start: int) -> list[int]:
    """Header flags of the BEGIN events after the first ``start`` Query events."""
    out, n = [], 0
    for e in bed.entries():
        if isinstance(e.event, QueryEvent):
            n += 1
            if n > start and e.event.query == "BEGIN":
                out.append(int(e.event.header.flags))
    return out


def test_a_begin_is_thread_specific_when_its_first_statement_opened_a_temporary_table(tmp_path):
    # 9.7.4 [bytes], mix_temp_table_rollbacks: ROW, the MyISAM group of `INSERT INTO nt SELECT
    # ... FROM tmp` has BEGIN 0x0c; STATEMENT, a transaction whose first statement is a plain
    # InnoDB INSERT keeps BEGIN 0x08 though a CREATE TEMPORARY follows inside it
    bed = _bed(tmp_path, "ROW")
    bed.thd.execute("CREATE TEMPORARY TABLE tmp (a INT) ENGINE=InnoDB")
    bed.thd.execute("INSERT INTO tmp VALUES (1)")
    start = len(_queries(bed))
    bed.thd.execute("INSERT INTO m SELECT a FROM tmp")
    bed.thd.execute("BEGIN")
    bed.thd.execute("INSERT INTO i SELECT a, a FROM tmp")
    bed.thd.execute("COMMIT")
    assert _begin_flags(bed, start) == [0x0C, 0x0C]
    st = _bed(tmp_path / "st", "STATEMENT")
    start = len(_queries(st))
    st.thd.execute("BEGIN")
    st.thd.execute("INSERT INTO i VALUES (1, 1)")
    st.thd.execute("CREATE TEMPORARY TABLE tmp2 (a INT) ENGINE=InnoDB")
    st.thd.execute("INSERT INTO tmp2 VALUES (1)")
    st.thd.execute("COMMIT")
    assert _begin_flags(st, start) == [0x08]


def test_rollback_to_savepoint_is_logged_only_when_the_trx_cache_cannot_be_undone(tmp_path):
    # 9.7.4 [bytes], mixing_savepoint STATEMENT: a MyISAM write that went out as its own group
    # before the transaction's InnoDB rows does not keep ROLLBACK TO; one in the trx cache does
    bed = _bed(tmp_path, "STATEMENT")
    start = len(_queries(bed))
    for sql in ("BEGIN", "INSERT INTO m VALUES (1)", "INSERT INTO i VALUES (1, 1)", "SAVEPOINT s",
                "INSERT INTO i VALUES (2, 2)", "ROLLBACK TO s", "COMMIT",
                "BEGIN", "INSERT INTO i VALUES (3, 3)", "INSERT INTO m VALUES (3)", "SAVEPOINT s",
                "INSERT INTO i VALUES (4, 4)", "ROLLBACK TO s", "COMMIT"):
        bed.thd.execute(sql)
    texts = [q for q, _d, _m in _after(_queries(bed), start) if q not in ("BEGIN", "COMMIT")]
    assert texts == ["INSERT INTO m VALUES (1)", "INSERT INTO i VALUES (1, 1)", "SAVEPOINT `s`",
                     "INSERT INTO i VALUES (3, 3)", "INSERT INTO m VALUES (3)", "SAVEPOINT `s`",
                     "INSERT INTO i VALUES (4, 4)", "ROLLBACK TO `s`"]


def test_a_rows_begin_keeps_the_table_map_an_after_trigger_clears_later(tmp_path):
    # 9.7.4 observed (fid_trigger_field_conversion_1, ROW): the BEGIN is written with the
    # UPDATE's first row, before its AFTER trigger's sub-statement clears the map
    bed = _bed(tmp_path, "ROW")
    bed.thd.execute("CREATE TABLE t2 (n INT) ENGINE=InnoDB")
    bed.thd.execute("INSERT INTO i VALUES (1, 1)")
    bed.thd.execute("INSERT INTO t2 VALUES (0)")
    bed.thd.execute("CREATE TRIGGER tr AFTER UPDATE ON i FOR EACH ROW UPDATE t2 SET n = n + 1")
    start = len(_queries(bed))
    bed.thd.execute("UPDATE i SET b = 2")
    assert _after(_queries(bed), start)[0] == ("BEGIN", NOT_SET, 1)


def test_each_group_of_an_unrolled_call_takes_its_own_first_row_state(tmp_path):
    # 9.7.4 observed (s002_procedure_unrolled, ROW): CALL p() = INSERT t; INSERT n; UPDATE t,
    # autocommit: the UPDATE's own group's BEGIN has 9=1
    bed = _bed(tmp_path, "ROW")
    bed.thd.execute("CREATE PROCEDURE p(x INT) BEGIN INSERT INTO i VALUES (x, x+1); "
                    "INSERT INTO m VALUES (x); UPDATE i SET b = b + x WHERE a = x; END")
    start = len(_queries(bed))
    bed.thd.execute("CALL p(5)")
    begins = [q for q in _after(_queries(bed), start) if q[0] == "BEGIN"]
    assert [b[2] for b in begins] == [NOT_SET, NOT_SET, 1]


def test_a_statement_cache_begin_keeps_the_map_a_trigger_clears_later(tmp_path):
    # fid_trigger_field_conversion_14 / smap_maps_success_in_trx (9.7.4 observed): the MyISAM
    # group's BEGIN is written with its Table_map at the statement's first row (9=1), the
    # AFTER trigger's sub-statement clears the map before the group's COMMIT
    bed = _bed(tmp_path, "ROW")
    for sql in ("CREATE TABLE t2 (c2 VARCHAR(10) NOT NULL PRIMARY KEY, n INT) ENGINE=MyISAM",
                "INSERT INTO i VALUES (1, 7)", "INSERT INTO t2 VALUES ('7', 0)",
                "CREATE TRIGGER tr AFTER UPDATE ON i FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE c2 = OLD.b"):
        bed.thd.execute(sql)
    start = len(_queries(bed))
    bed.thd.execute("UPDATE i SET b = b + 1")
    assert _after(_queries(bed), start) == [
        ("BEGIN", NOT_SET, 1), ("COMMIT", NOT_SET, NOT_SET),  # the statement cache's group
        ("BEGIN", NOT_SET, 1)]


def test_a_right_joins_right_table_is_numbered_first_in_the_update_map(tmp_path):
    # gaps_right_left_join_writes, multi_update_outer_join_nullable (9.7.4 observed): the parser
    # swaps `a RIGHT JOIN b` into `b LEFT JOIN a`, so b's table->map is bit 0
    bed = _bed(tmp_path, "STATEMENT")
    bed.thd.execute("CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=InnoDB")
    bed.thd.execute("INSERT INTO i VALUES (1, 1)")
    bed.thd.execute("INSERT INTO n VALUES (1, 1), (2, 2)")
    start = len(_queries(bed))
    bed.thd.execute("UPDATE i RIGHT JOIN n ON i.a = n.a SET n.b = COALESCE(i.b, -2)")
    bed.thd.execute("UPDATE i RIGHT JOIN n ON i.a = n.a SET i.b = 7")
    assert [m for q, _d, m in _after(_queries(bed), start) if q.startswith("UPDATE")] == [1, 2]


def test_a_rows_begin_written_by_a_triggers_first_row_has_its_sql_mode_and_map(tmp_path):
    # fid_trigger_field_conversion_11 ROW (9.7.4 observed): the BEFORE trigger (created under
    # TRADITIONAL) writes the group's first row: BEGIN 1=1306525696 9=1, the caller's mode elsewhere
    bed = _bed(tmp_path, "ROW")
    for sql in ("CREATE TABLE t2 (c2 INT PRIMARY KEY, n INT) ENGINE=InnoDB", "INSERT INTO i VALUES (1, 7)",
                "INSERT INTO t2 VALUES (7, 0)", "SET sql_mode = 'TRADITIONAL'",
                "CREATE TRIGGER tr BEFORE UPDATE ON i FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE c2 = OLD.b",
                "SET sql_mode = DEFAULT"):
        bed.thd.execute(sql)
    start = len(bed.query_events())
    bed.thd.execute("UPDATE i SET b = b + 1")
    got = [(ev.query, codes.get(int(Q.Q_SQL_MODE_CODE)), codes.get(int(Q.Q_TABLE_MAP_FOR_UPDATE_CODE)))
           for ev, codes in bed.query_events()[start:]]
    assert got[0] == ("BEGIN", 1306525696, 1)


def _functions_and_trigger(bed: Bed) -> int:
    for sql in ("CREATE TABLE tb (a INT PRIMARY KEY, b INT) ENGINE=InnoDB",
                "CREATE TABLE tlog (id INT AUTO_INCREMENT PRIMARY KEY, v INT) ENGINE=InnoDB",
                "INSERT INTO i VALUES (1, 1), (2, 2)", "INSERT INTO tb VALUES (1, 1), (2, 2)",
                "CREATE FUNCTION f(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA BEGIN "
                "INSERT INTO tlog (v) VALUES (x); RETURN x + 1; END",
                "CREATE FUNCTION g(x INT) RETURNS INT DETERMINISTIC RETURN x + 1",
                "CREATE TRIGGER trb BEFORE UPDATE ON tb FOR EACH ROW SET NEW.b = NEW.b + 100"):
        bed.thd.execute(sql)
    start = len(_queries(bed))
    for sql in ("UPDATE i SET b = f(b) WHERE a = 1", "UPDATE i SET b = g(b) WHERE a = 1",
                "UPDATE i SET b = 5 WHERE a = f(1)", "UPDATE tb SET b = 7 WHERE a = 1",
                "UPDATE i, tb SET i.b = g(tb.b) WHERE i.a = tb.a", "UPDATE i, tb SET i.b = f(tb.b) WHERE i.a = tb.a"):
        bed.thd.execute(sql)
    return start


def test_every_instruction_of_a_stored_function_clears_the_update_map(tmp_path):
    # 9.7.4 probed (explore2_autoinc_through_triggers_and_functions S): every UPDATE below calls
    # a function or fires a trigger, so its Query has no 9 (even g, a bare RETURN)
    bed = _bed(tmp_path, "STATEMENT")
    start = _functions_and_trigger(bed)
    assert [m for q, _d, m in _after(_queries(bed), start) if q.startswith("UPDATE")] == [NOT_SET] * 6


def test_a_rows_begin_keeps_the_map_when_a_function_writes_the_first_row(tmp_path):
    # 9.7.4 probed, ROW: f's INSERT writes the group's first row while the UPDATE's map is 1 (its
    # cleanup clears it after); g, the BEFORE trigger's SET clear it before the UPDATE's own row
    bed = _bed(tmp_path, "ROW")
    start = _functions_and_trigger(bed)
    assert [m for q, _d, m in _after(_queries(bed), start) if q == "BEGIN"] == [
        1, NOT_SET, 1, NOT_SET, NOT_SET, 1]


def test_a_call_sub_statement_starts_without_the_previous_ones_update_map(tmp_path):
    # fw_call_sub_statement_clears_conditions (9.7.4 observed, ROW): `UPDATE t3 ...; INSERT
    # IGNORE INTO t3 ...` in a procedure: the INSERT's group has no 9
    bed = _bed(tmp_path, "ROW")
    bed.thd.execute("INSERT INTO m VALUES (1)")
    bed.thd.execute("CREATE PROCEDURE p() BEGIN UPDATE m SET a = 2; INSERT INTO m VALUES (3); END")
    start = len(_queries(bed))
    bed.thd.execute("CALL p()")
    assert [(q, m) for q, _d, m in _after(_queries(bed), start)] == [
        ("BEGIN", 1), ("COMMIT", 1), ("BEGIN", NOT_SET), ("COMMIT", NOT_SET)]


def test_a_begin_names_the_default_database_of_the_statement_that_wrote_first(tmp_path):
    # explore2_databases_use_qualified (9.7.4 observed, every format): `BEGIN; INSERT INTO d1.t1
    # ...; USE d1; ...; COMMIT` started under `test`: the BEGIN's database field is test
    for fmt in ("STATEMENT", "ROW"):
        bed = _bed(tmp_path / fmt, fmt)
        for sql in ("CREATE DATABASE d1", "CREATE TABLE d1.t1 (a INT PRIMARY KEY) ENGINE=InnoDB", "BEGIN",
                    "INSERT INTO d1.t1 VALUES (2)", "USE d1", "INSERT INTO t1 VALUES (3)", "COMMIT",
                    "BEGIN", "INSERT INTO t1 VALUES (4)", "USE test", "INSERT INTO i VALUES (4, 4)", "COMMIT"):
            bed.thd.execute(sql)
        assert [ev.database for ev, _c in bed.query_events() if ev.query == "BEGIN"][-2:] == ["test", "d1"], fmt
