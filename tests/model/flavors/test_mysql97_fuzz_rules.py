"""MySQL 9.7 rules found by ``replbed fuzz --reference mysql-9.7`` (binlog layers), each
asserted against golden vectors recorded from mysqld 9.7.4-2 (and MariaDB 10.11 where
the rule is MySQL's only), with ``/work``-style probes: the statements' binlog texts."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.model.flavors._probe import Bed, error_code

IS_NULL_STATEMENTS = (
    "CREATE TABLE t1 (id INT, c_int INT, c_str VARCHAR(6) NOT NULL, c_dt DATETIME NOT NULL) ENGINE=InnoDB",
    "CREATE TABLE t2 (id INT, c_int INT NOT NULL) ENGINE=MyISAM",
    "INSERT INTO t1 VALUES (1,1,'a','2020-01-01 00:00:00')",
    "INSERT INTO t2 VALUES (1,1)",
    "DELETE FROM t1 WHERE c_str IS NULL",
    "UPDATE t1 SET c_int = 2 WHERE c_int = NULL",
    "DELETE FROM t1 WHERE c_int IN (NULL)",
    "UPDATE t1 SET c_int = 3 WHERE c_dt IS NULL",
    "UPDATE t1 SET c_int = 4 WHERE id = 1 AND c_str IS NULL",
    "UPDATE t1 a, t2 b SET a.c_int = 5 WHERE a.id = b.id AND b.c_int IS NULL",
    "DELETE a FROM t1 a JOIN t2 b ON a.id = b.id WHERE b.c_int IS NULL",
    "UPDATE t1 SET c_int = 6 WHERE c_int IS NULL",
    "DELETE FROM t2 WHERE c_int IS NULL ORDER BY id, c_int LIMIT 1",
)
# What each server logged of IS_NULL_STATEMENTS (binlog_format=STATEMENT), by index:
# MySQL 9.7.4 leaves out the single-table UPDATE/DELETE with `not_null_col IS NULL`
# (4, 8, 12; the DATETIME NOT NULL one, 7, and the multi-table ones, 9 and 10, are
# logged); MariaDB 10.11 logs every one.
LOGGED = {"mysql-9.7": (0, 1, 2, 3, 5, 6, 7, 9, 10, 11),
          "mariadb-10.11": tuple(range(len(IS_NULL_STATEMENTS)))}


def _logged_statements(bed: Bed) -> list[str]:
    out = []
    for e in bed.entries():
        q = getattr(e, "query", None) or getattr(getattr(e, "event", None), "query", None)
        if q and q not in ("BEGIN", "COMMIT") and not q.startswith("CREATE DATABASE"):
            out.append(q)
    return out


@pytest.mark.parametrize("flavor", sorted(LOGGED))
def test_not_null_column_is_null_is_an_impossible_where_on_mysql(flavor: str, tmp_path: Path) -> None:
    bed = Bed(tmp_path, flavor)
    bed.thd.execute("SET SESSION binlog_format=STATEMENT")
    for sql in IS_NULL_STATEMENTS:
        assert error_code(bed.thd, sql) == 0, sql
    assert _logged_statements(bed) == [IS_NULL_STATEMENTS[i] for i in LOGGED[flavor]]
    # no 1592 for the LIMIT of a statement never logged (the warning comes with binlog_query)
    if flavor == "mysql-9.7":
        bed.thd.execute(IS_NULL_STATEMENTS[-1])
        assert [r[1] for r in bed.thd.execute("SHOW WARNINGS").rows] == []


def _listing(bed: Bed) -> list[str]:
    from harness.fuzz.differential import event_listing

    return [" ".join(x.split()) for x in event_listing([bed.state.binlog.dir / f for f in bed.state.binlog.files])]


def test_blob_columns_print_no_default_null_and_temporary_innodb_truncate_has_an_xid(tmp_path: Path) -> None:
    bed = Bed(tmp_path, "mysql-9.7")
    bed.thd.execute("SET SESSION binlog_format=STATEMENT")
    for sql in ("CREATE TABLE t1 (id INT, c_blob BLOB, c_t TEXT) ENGINE=MyISAM",
                "CREATE TEMPORARY TABLE tmp3 (id INT) ENGINE=InnoDB", "TRUNCATE TABLE tmp3",
                "CREATE TEMPORARY TABLE tmp4 (id INT) ENGINE=MyISAM", "TRUNCATE TABLE tmp4"):
        bed.thd.execute(sql)
    # 9.7.4: SHOW CREATE TABLE (and a CREATE ... SELECT's logged CREATE in ROW) prints no
    # DEFAULT NULL for BLOB/TEXT (print_default_clause: NO_DEFAULT_VALUE_FLAG)
    assert bed.thd.execute("SHOW CREATE TABLE t1").rows[0][1].startswith(
        "CREATE TABLE `t1` (\n  `id` int DEFAULT NULL,\n  `c_blob` blob,\n  `c_t` text\n)")
    # 9.7.4 (STATEMENT): `TRUNCATE TABLE tmp3 /* xid=27 */`, `TRUNCATE TABLE tmp4`
    lines = [x for x in _listing(bed) if "TRUNCATE" in x]
    assert lines == ["Query use `test`; TRUNCATE TABLE tmp3 /* xid=# */", "Query use `test`; TRUNCATE TABLE tmp4"]
    # binlog_format cannot change while temporary tables are open (3745 on 9.7.4)
    bed.thd.execute("DROP TEMPORARY TABLE tmp3, tmp4")
    bed.thd.execute("SET SESSION binlog_format=ROW")
    bed.thd.execute("CREATE TABLE t2 ENGINE=MyISAM SELECT c_blob, c_t FROM t1")
    assert "Query use `test`; CREATE TABLE `t2` ( `c_blob` blob, `c_t` text ) ENGINE=MyISAM" in _listing(bed)


KEYLESS_IMAGES = (
    "CREATE TABLE t1 (id INT, c_blob BLOB, c_dec DECIMAL(5,2), c_str VARCHAR(6)) ENGINE=InnoDB",
    "SET binlog_row_image = MINIMAL",
    "INSERT INTO t1 (id) VALUES (1), (2)",
    "INSERT INTO t1 (id, c_blob, c_str) VALUES (3, 'x', 'a')",
    "UPDATE t1 SET c_str = 'u' WHERE id = 3",
    "DELETE FROM t1 WHERE id = 1",
    "SET binlog_row_image = NOBLOB",
    "INSERT INTO t1 (id) VALUES (4)",
    "UPDATE t1 SET c_str = 'v' WHERE id = 3",
    "DELETE FROM t1 WHERE id = 2",
)
# mysqld 9.7.4-2, ROW: a table without a primary key keeps the mode's after image (the
# write set; NOBLOB adds the non-blob columns) and logs every column in the before image
# (TABLE::mark_columns_per_binlog_row_image); MariaDB 10.11 logs such a table's images full.
KEYLESS_ROWS_9_7 = [
    ("Write_rows", [[None, ["1"]], [None, ["2"]]]),
    ("Write_rows", [[None, ["3", "x", "a"]]]),
    ("Update_rows", [[["3", "x", None, "a"], ["u"]]]),
    ("Delete_rows", [[["1", None, None, None], None]]),
    ("Write_rows", [[None, ["4", None, None]]]),
    ("Update_rows", [[["3", "x", None, "u"], ["3", None, "v"]]]),
    ("Delete_rows", [[["2", None, None, None], None]]),
]


def test_a_keyless_tables_images_follow_the_mode_on_mysql(tmp_path: Path) -> None:
    import json

    from harness.binlog.records import records_from_files

    bed = Bed(tmp_path, "mysql-9.7")
    bed.thd.execute("SET SESSION binlog_format=ROW")
    for sql in KEYLESS_IMAGES:
        bed.thd.execute(sql)
    got = []
    for e in records_from_files([bed.state.binlog.dir / f for f in bed.state.binlog.files]):
        if e["event_type"] in ("Write_rows", "Update_rows", "Delete_rows"):
            got.append((e["event_type"], [[r["before"], r["after"]] for r in json.loads(e.get("rows") or e["rows_json"])]))
    assert got == KEYLESS_ROWS_9_7


@pytest.mark.parametrize("flavor", ["mysql-9.7", "mariadb-10.11"])
def test_the_disconnect_drops_transactional_temporary_tables_first_on_mysql(flavor: str, tmp_path: Path) -> None:
    bed = Bed(tmp_path, flavor)
    bed.thd.execute("SET SESSION binlog_format=STATEMENT")
    for i, engine in enumerate(("InnoDB", "MyISAM", "InnoDB", "MyISAM"), 1):
        bed.thd.execute(f"CREATE TEMPORARY TABLE tmp{i} (id INT) ENGINE={engine}")
    bed.thd.disconnect()
    drops = [x for x in _listing(bed) if "DROP" in x]
    # 9.7.4 observed: close_temporary_tables' two statements, InnoDB's first; MariaDB 10.11: one
    assert drops == {
        "mysql-9.7": ["Query use `test`; DROP /*!40005 TEMPORARY */ TABLE IF EXISTS `tmp3`,`tmp1`",
                      "Query use `test`; DROP /*!40005 TEMPORARY */ TABLE IF EXISTS `tmp4`,`tmp2`"],
        "mariadb-10.11": ["Query use `test`; DROP /*!40005 TEMPORARY */ TABLE IF EXISTS `tmp4`,`tmp3`,`tmp2`,`tmp1`"],
    }[flavor]


IGNORED_ROWS = (
    "CREATE TABLE i (id INT PRIMARY KEY) ENGINE=InnoDB",
    "CREATE TABLE m (id INT PRIMARY KEY) ENGINE=MyISAM",
    "CREATE TEMPORARY TABLE tm (id INT PRIMARY KEY) ENGINE=MyISAM",
    "INSERT INTO tm VALUES (1)", "INSERT INTO m VALUES (1)",
    "BEGIN", "INSERT INTO i VALUES (1)", "INSERT IGNORE INTO tm SELECT 1", "ROLLBACK",
    "BEGIN", "INSERT INTO i VALUES (2)", "INSERT IGNORE INTO m SELECT 1", "ROLLBACK",
    "BEGIN", "INSERT INTO i VALUES (3)", "INSERT IGNORE INTO tm VALUES (1)", "ROLLBACK",
    "BEGIN", "INSERT INTO i VALUES (4)", "UPDATE tm SET id = 1 WHERE id = 5", "ROLLBACK",
)


@pytest.mark.parametrize("fmt", ["STATEMENT", "ROW", "MIXED"])
def test_an_ignored_row_of_a_non_transactional_table_makes_rollback_write_the_cache(fmt: str, tmp_path: Path) -> None:
    bed = Bed(tmp_path, "mysql-9.7")
    bed.thd.execute(f"SET SESSION binlog_format={fmt}")
    rollback_warnings = []
    for sql in IGNORED_ROWS:
        bed.thd.execute(sql)
        if sql == "ROLLBACK":
            rollback_warnings.append([r[1] for r in bed.thd.execute("SHOW WARNINGS").rows])
    # 9.7.4, every format: 1196 after each ignored duplicate of a MyISAM table (base or
    # temporary), none after the UPDATE that matched nothing
    assert rollback_warnings == [[1196], [1196], [1196], []]
    groups = [x for x in _listing(bed) if x.startswith("Query use `test`; INSERT IGNORE") or x == "Query ROLLBACK"]
    # 9.7.4 STATEMENT: each of the three transactions is written, ended by ROLLBACK; ROW and
    # MIXED log no temporary table and no row of the ignored INSERT: nothing
    assert groups == ([] if fmt != "STATEMENT" else [
        "Query use `test`; INSERT IGNORE INTO tm SELECT 1", "Query ROLLBACK",
        "Query use `test`; INSERT IGNORE INTO m SELECT 1", "Query ROLLBACK",
        "Query use `test`; INSERT IGNORE INTO tm VALUES (1)", "Query ROLLBACK"])


EMPTY_MYISAM = (
    "CREATE TABLE t3 (id DATETIME NULL UNIQUE, c_str VARCHAR(6), c_int INT) ENGINE=MyISAM",
    "DELETE FROM t3 WHERE id IS NULL ORDER BY id, c_str, c_int LIMIT 2",
    "CREATE TABLE t5 (id VARCHAR(10) NULL UNIQUE, c_int INT) ENGINE=MyISAM",
    "UPDATE t5 SET c_int = 1 WHERE id IN ('k4', 'k1') ORDER BY id, c_int LIMIT 1",
    "INSERT INTO t5 VALUES ('k1', 1)",
    "DELETE FROM t5 WHERE id = NULL",
)


@pytest.mark.parametrize("flavor", ["mysql-9.7", "mariadb-10.11"])
def test_a_range_over_an_empty_myisam_table_is_read_and_logged_on_mysql(flavor: str, tmp_path: Path) -> None:
    bed = Bed(tmp_path, flavor)
    bed.thd.execute("SET SESSION binlog_format=STATEMENT")
    notes = []
    for sql in EMPTY_MYISAM:
        bed.thd.execute(sql)
        notes.append([r[1] for r in bed.thd.execute("SHOW WARNINGS").rows])
    logged = _logged_statements(bed)
    # 9.7.4: the empty table's statements are logged (1592 for their LIMIT); an empty
    # range (id = NULL) is not, as on MariaDB 10.11, which logs neither
    if flavor == "mysql-9.7":
        assert logged == [EMPTY_MYISAM[i] for i in (0, 1, 2, 3, 4)]
        assert notes[1] == notes[3] == [1592]
    else:
        assert logged == [EMPTY_MYISAM[i] for i in (0, 2, 4)]


CREATE_SELECT_BELOW_RR = (
    "CREATE TABLE i (id INT) ENGINE=InnoDB", "CREATE TABLE m (id INT) ENGINE=MyISAM",
    "INSERT INTO i VALUES (1)", "INSERT INTO m VALUES (1)",
    "SET transaction_isolation = 'READ-UNCOMMITTED'",
    "CREATE TABLE m2 ENGINE=MyISAM SELECT id FROM i",
    "SET transaction_isolation = 'REPEATABLE-READ'",
    "CREATE TABLE m3 ENGINE=MyISAM SELECT id FROM i",
    "SET autocommit = 0",
    "CREATE TABLE i2 ENGINE=InnoDB SELECT id FROM m",
    "CREATE TABLE m4 ENGINE=MyISAM SELECT id FROM i",
    "COMMIT",
)


@pytest.mark.parametrize("fmt", ["STATEMENT", "MIXED"])
def test_create_select_counts_its_new_table_below_repeatable_read_on_mysql(fmt: str, tmp_path: Path) -> None:
    bed = Bed(tmp_path, "mysql-9.7")
    bed.thd.execute(f"SET SESSION binlog_format={fmt}")
    notes = {}
    for sql in CREATE_SELECT_BELOW_RR:
        bed.thd.execute(sql)
        notes[sql] = [r[1] for r in bed.thd.execute("SHOW WARNINGS").rows]
    creates = [x for x in _listing(bed) if x.startswith("Query use `test`; CREATE TABLE") and "SELECT" in x
               or x.startswith("Query use `test`; CREATE TABLE `m2`")]
    # 9.7.4, MIXED: m2 (READ UNCOMMITTED, MyISAM from InnoDB) is its CREATE and rows; m3
    # (REPEATABLE READ) and, under autocommit=0, i2 and m4 are statements. STATEMENT: m2 warns 1592.
    m2 = ("Query use `test`; CREATE TABLE `m2` ( `id` int DEFAULT NULL ) ENGINE=MyISAM" if fmt == "MIXED"
          else "Query use `test`; CREATE TABLE m2 ENGINE=MyISAM SELECT id FROM i")
    assert creates == [m2, "Query use `test`; CREATE TABLE m3 ENGINE=MyISAM SELECT id FROM i",
                       "Query use `test`; CREATE TABLE i2 ENGINE=InnoDB SELECT id FROM m /* xid=# */",
                       "Query use `test`; CREATE TABLE m4 ENGINE=MyISAM SELECT id FROM i"]
    assert notes["CREATE TABLE m2 ENGINE=MyISAM SELECT id FROM i"] == ([1592] if fmt == "STATEMENT" else [])
    assert notes["CREATE TABLE m3 ENGINE=MyISAM SELECT id FROM i"] == []


def test_a_base_tables_create_select_from_a_temporary_table_has_its_xid(tmp_path: Path) -> None:
    bed = Bed(tmp_path, "mysql-9.7")
    bed.thd.execute("SET SESSION binlog_format=STATEMENT")
    for sql in ("CREATE TEMPORARY TABLE tmp2 (id INT) ENGINE=InnoDB",
                "CREATE TABLE t3 ENGINE=InnoDB SELECT id FROM tmp2", "CREATE TABLE t5 ENGINE=InnoDB SELECT 1 AS a"):
        bed.thd.execute(sql)
    # 9.7.4: `CREATE TABLE t3 ENGINE=InnoDB SELECT id FROM tmp2 /* xid=21 */` (fuzz seed 9802 case 28)
    assert [x for x in _listing(bed) if "CREATE TABLE t" in x] == [
        "Query use `test`; CREATE TABLE t3 ENGINE=InnoDB SELECT id FROM tmp2 /* xid=# */",
        "Query use `test`; CREATE TABLE t5 ENGINE=InnoDB SELECT 1 AS a /* xid=# */"]


def test_a_duplicate_that_fails_the_insert_marks_nothing(tmp_path: Path) -> None:
    bed = Bed(tmp_path, "mysql-9.7")
    bed.thd.execute("SET SESSION binlog_format=ROW")
    bed.thd.execute("CREATE TABLE m (id VARCHAR(10) NOT NULL UNIQUE) ENGINE=MyISAM")
    bed.thd.execute("INSERT INTO m VALUES ('k9')")
    # 9.7.4 (fuzz seed 9802 case 27): the 1062 alone, no 1196 (write_record's err: path)
    assert error_code(bed.thd, "INSERT INTO m VALUES ('k9')") == 1062
    assert [r[1] for r in bed.thd.execute("SHOW WARNINGS").rows] == [1062]
