"""Error and warning texts of the ``mysql-9.7`` flavour against golden vectors recorded from
the real MySQL 9.7.4 server (each statement run on it, its error and SHOW WARNINGS rows kept;
docs/RULES-mysql-9.7.md section 7), and MariaDB 10.11 keeping its own."""

from __future__ import annotations

from typing import Any

from tests.model.flavors._probe import Bed, show_warnings


def _run(thd: Any, sql: str) -> tuple[int, str, list[tuple[Any, ...]]]:
    """(error code or 0, error text, SHOW WARNINGS rows) of ``sql``."""
    try:
        thd.execute(sql)
        code, text = 0, ""
    except Exception as exc:  # noqa: BLE001 - the server error is what is compared
        code, text = int(getattr(exc, "code", -1)), str(getattr(exc, "message", exc))
    return code, text, show_warnings(thd)


def _errors(tmp_path, setup: list[str], golden: list[tuple[str, int, str]], flavor: str = "mysql-9.7") -> None:
    bed = Bed(tmp_path, flavor)
    for sql in setup:
        bed.thd.execute(sql)
    got = [(sql, *_run(bed.thd, sql)[:2]) for sql, _c, _t in golden]
    assert got == golden


# 9.7.4: every 1054/1052 names thd->where in MySQL's words (sql_base.cc THD::DEFAULT_WHERE
# "field list" for DO, VALUES, SET and ON DUPLICATE KEY UPDATE too; window.cc "window partition by")
_CLAUSES_97 = [
    ("DO nocol", 1054, "Unknown column 'nocol' in 'field list'"),
    ("INSERT INTO t VALUES (nocol, 1)", 1054, "Unknown column 'nocol' in 'field list'"),
    ("INSERT INTO t SET a = nocol", 1054, "Unknown column 'nocol' in 'field list'"),
    ("INSERT INTO t (a) VALUES (1) ON DUPLICATE KEY UPDATE b = nocol", 1054, "Unknown column 'nocol' in 'field list'"),
    ("UPDATE t SET a = nocol", 1054, "Unknown column 'nocol' in 'field list'"),
    ("SELECT ROW_NUMBER() OVER (PARTITION BY nocol) FROM t", 1054, "Unknown column 'nocol' in 'window partition by'"),
    ("SELECT ROW_NUMBER() OVER (PARTITION BY a) FROM t, u", 1052, "Column 'a' in window partition by is ambiguous"),
    ("SELECT ROW_NUMBER() OVER (ORDER BY nocol) FROM t", 1054, "Unknown column 'nocol' in 'window order by'"),
    ("SELECT 1 FROM t t1 JOIN t t2 USING (nocol)", 1054, "Unknown column 'nocol' in 'from clause'"),
    ("SELECT 1 FROM t, u GROUP BY a", 1052, "Column 'a' in group statement is ambiguous"),
    ("SELECT 1 FROM t HAVING nocol", 1054, "Unknown column 'nocol' in 'having clause'"),
    ("DELETE FROM t ORDER BY nocol", 1054, "Unknown column 'nocol' in 'order clause'"),
]


def test_unknown_column_names_mysql_clause(tmp_path):
    _errors(tmp_path, ["CREATE TABLE t (a INT, b INT)", "CREATE TABLE u (a INT, b INT)"], _CLAUSES_97)


def test_unknown_column_clause_mariadb_keeps_keywords(tmp_path):
    _errors(tmp_path, ["CREATE TABLE t (a INT, b INT)"], [
        ("DO nocol", 1054, "Unknown column 'nocol' in 'DO'"),
        ("INSERT INTO t VALUES (nocol, 1)", 1054, "Unknown column 'nocol' in 'VALUES'"),
        ("SELECT ROW_NUMBER() OVER (PARTITION BY nocol) FROM t", 1054, "Unknown column 'nocol' in 'GROUP BY'"),
        ("SELECT ROW_NUMBER() OVER (ORDER BY nocol) FROM t", 1054, "Unknown column 'nocol' in 'ORDER BY'"),
        ("SELECT 1 FROM t t1 JOIN t t2 USING (nocol)", 1054, "Unknown column 'nocol' in 'FROM'"),
    ], flavor="mariadb-10.11")


def test_trigger_set_new_names_row_1(tmp_path):
    """sp_head::execute's own Diagnostics_area: row 1 whichever row fired the trigger."""
    setup = ["CREATE TABLE t1 (id VARCHAR(10), c INT) ENGINE=InnoDB",
             "CREATE TABLE m1 (id VARCHAR(10), c INT) ENGINE=MyISAM",
             "CREATE TRIGGER tr BEFORE INSERT ON t1 FOR EACH ROW SET NEW.c = NEW.c + 2147483647"]
    row1 = "Out of range value for column 'c' at row 1"
    _errors(tmp_path, setup, [
        ("INSERT INTO t1 VALUES ('a', 5)", 1264, row1),
        ("INSERT INTO t1 VALUES ('c', -5), ('c', -5), ('d', 5)", 1264, row1),
        ("INSERT IGNORE INTO t1 VALUES ('e', -5), ('f', 5)", 1264, row1),
        ("INSERT INTO m1 VALUES ('x', -5), ('y', 5)", 0, ""),
        ("INSERT INTO t1 SELECT id, c FROM m1", 1264, row1),
    ])


def test_trigger_set_new_mariadb_row_0(tmp_path):
    _errors(tmp_path, ["CREATE TABLE t1 (id VARCHAR(10), c INT)",
                       "CREATE TRIGGER tr BEFORE INSERT ON t1 FOR EACH ROW SET NEW.c = NEW.c + 2147483647"], [
        ("INSERT INTO t1 VALUES ('a', -5), ('b', 5)", 1264, "Out of range value for column 'c' at row 0"),
    ], flavor="mariadb-10.11")


def test_alter_default_stored_in_statement(tmp_path):
    """ALTER's ADD COLUMN / SET DEFAULT store an invalid default as CREATE TABLE does: the store's
    error at row 1 (strict), then 1067."""
    bed = Bed(tmp_path, "mysql-9.7")
    bed.thd.execute("CREATE TABLE ok (c INT)")
    assert _run(bed.thd, "ALTER TABLE ok ADD COLUMN d TINYINT DEFAULT 300") == (
        1067, "Invalid default value for 'd'",
        [("Error", 1264, "Out of range value for column 'd' at row 1"), ("Error", 1067, "Invalid default value for 'd'")])
    assert _run(bed.thd, "ALTER TABLE ok ALTER c SET DEFAULT 'abc'") == (
        1067, "Invalid default value for 'c'",
        [("Error", 1366, "Incorrect integer value: 'abc' for column 'c' at row 1"),
         ("Error", 1067, "Invalid default value for 'c'")])


def test_texts_ending_with_a_period(tmp_path):
    """messages_to_clients.txt ends 1422 and 1792 (and the rest of _PERIOD_CODES) with '.'."""
    _errors(tmp_path, ["CREATE TABLE t (a INT)"], [
        ("CREATE FUNCTION f() RETURNS INT BEGIN COMMIT; RETURN 1; END", 1422,
         "Explicit or implicit commit is not allowed in stored function or trigger."),
        ("START TRANSACTION READ ONLY", 0, ""),
        ("INSERT INTO t VALUES (1)", 1792, "Cannot execute statement in a READ ONLY transaction."),
        ("COMMIT", 0, ""),
    ])
    _errors(tmp_path / "m", [], [
        ("CREATE FUNCTION f() RETURNS INT BEGIN COMMIT; RETURN 1; END", 1422,
         "Explicit or implicit commit is not allowed in stored function or trigger"),
    ], flavor="mariadb-10.11")


def test_out_of_range_prints_negated_number(tmp_path):
    """Item_func_neg::print: MySQL's parser keeps `-1` as a negation, printed `-(1)`."""
    setup = ["CREATE TABLE t1 (id INT UNSIGNED NOT NULL PRIMARY KEY, s INT, us SMALLINT UNSIGNED)",
             "INSERT INTO t1 VALUES (1, -5, 3), (2, 7, 0)"]
    _errors(tmp_path, setup, [
        ("UPDATE t1 SET s = us * -1", 1690, "BIGINT UNSIGNED value is out of range in '(`test`.`t1`.`us` * -(1))'"),
        ("UPDATE t1 SET s = us + -10 WHERE id = 1", 1690,
         "BIGINT UNSIGNED value is out of range in '(`test`.`t1`.`us` + -(10))'"),
        ("SELECT 1e308 * -10", 1690, "DOUBLE value is out of range in '(1e308 * -(10))'"),
        ("SELECT -1e308 * 10", 1690, "DOUBLE value is out of range in '(-(1e308) * 10)'"),
    ])
    _errors(tmp_path / "m", setup, [
        ("UPDATE t1 SET s = us * -1", 1690, "BIGINT UNSIGNED value is out of range in '`test`.`t1`.`us` * -1'"),
    ], flavor="mariadb-10.11")


def test_non_updatable_derived_table_name(tmp_path):
    """1288: a multi-table UPDATE merges a simple derived table or CTE and names its base table;
    a single-table UPDATE and a non-mergeable one name the alias."""
    _errors(tmp_path, ["CREATE TABLE t (a INT PRIMARY KEY, b INT)", "CREATE TABLE n (a INT PRIMARY KEY, b INT)"], [
        ("UPDATE (SELECT a FROM t) AS d SET a = 1", 1288, "The target table d of the UPDATE is not updatable"),
        ("UPDATE (SELECT a FROM t) AS d, n SET d.a = 1", 1288, "The target table t of the UPDATE is not updatable"),
        ("UPDATE t, (SELECT a FROM n GROUP BY a) AS d SET d.a = 1 WHERE t.a = d.a", 1288,
         "The target table d of the UPDATE is not updatable"),
        ("WITH c AS (SELECT a FROM t) UPDATE c SET a = 1", 1288, "The target table c of the UPDATE is not updatable"),
        ("WITH c AS (SELECT a FROM t) UPDATE t, c SET c.a = 1", 1288,
         "The target table t of the UPDATE is not updatable"),
    ])


_DUP_INDEX_SCRIPT = [
    "CREATE TABLE t (a INT PRIMARY KEY, b INT, c INT, KEY (c))",
    "ALTER TABLE t ADD INDEX (c)",
    "ALTER TABLE t ADD UNIQUE (c)",
    "ALTER TABLE t ADD UNIQUE (c)",
    "ALTER TABLE t ADD INDEX (a)",
    "CREATE TABLE u (a INT, KEY k1 (a), KEY k2 (a))",
    "CREATE TABLE v (a INT, UNIQUE (a), UNIQUE (a))",
]


def _dup_index_warnings(tmp_path, flavor: str) -> list[list[tuple[Any, ...]]]:
    bed = Bed(tmp_path, flavor)
    return [_run(bed.thd, sql)[2] for sql in _DUP_INDEX_SCRIPT]


def test_duplicate_index_warning(tmp_path):
    """check_duplicate_key: MySQL's Warning names the table, MariaDB's Note the index alone; both in
    CREATE TABLE too (9.7.4 and MariaDB 10.11 probed)."""
    def mysql(name: str, table: str) -> list[tuple[Any, ...]]:
        return [("Warning", 1831, f"Duplicate index '{name}' defined on the table 'test.{table}'. "
                                  "This is deprecated and will be disallowed in a future release.")]

    def mariadb(name: str) -> list[tuple[Any, ...]]:
        return [("Note", 1831, f"Duplicate index `{name}`. This is deprecated and will be disallowed in a future release")]

    assert _dup_index_warnings(tmp_path, "mysql-9.7") == [
        [], mysql("c_2", "t"), [], mysql("c_4", "t"), [], mysql("k2", "u"), mysql("a_2", "v")]
    assert _dup_index_warnings(tmp_path / "m", "mariadb-10.11") == [
        [], mariadb("c_2"), [], mariadb("c_4"), [], mariadb("k2"), mariadb("a_2")]


_CTE_CUT = ("WITH RECURSIVE c(n, s) AS (SELECT 1, 'a' UNION ALL SELECT n + 1, CONCAT(s, 'a') FROM c WHERE n < 3) "
            "SELECT * FROM c")


def test_recursive_cte_cut_names_the_statement_row(tmp_path):
    """MaterializeIterator does not move the row counter: 1406 at row 1; non-strict, no 1265."""
    bed = Bed(tmp_path, "mysql-9.7")
    assert _run(bed.thd, _CTE_CUT)[:2] == (1406, "Data too long for column 's' at row 1")
    bed.thd.execute("SET sql_mode = ''")
    assert _run(bed.thd, _CTE_CUT)[2] == []
    m = Bed(tmp_path / "m", "mariadb-10.11")
    assert _run(m.thd, _CTE_CUT)[:2] == (1406, "Data too long for column 's' at row 2")
    m.thd.execute("SET sql_mode = ''")
    assert _run(m.thd, _CTE_CUT)[2] == [("Warning", 1265, "Data truncated for column 's' at row 2"),
                                         ("Warning", 1265, "Data truncated for column 's' at row 3")]


def test_create_select_counts_sent_rows(tmp_path):
    """CREATE ... SELECT numbers its rows as sent (the WHERE's rejects not counted), as INSERT ... SELECT."""
    bed = Bed(tmp_path, "mysql-9.7")
    bed.thd.execute("SET sql_mode = ''")
    bed.thd.execute("CREATE TABLE m (id INT, c_int INT) ENGINE=MyISAM")
    bed.thd.execute("INSERT INTO m VALUES (3, 1), (8, 2), (1, 3), (9, 4)")
    assert _run(bed.thd, "CREATE TABLE n (c TINYINT) SELECT c_int * 100 AS c FROM m WHERE c_int > 1")[2] == [
        ("Warning", 1264, f"Out of range value for column 'c' at row {i}") for i in (1, 2, 3)]


def test_engine_mix_blackhole_composes_with_innodb_only(tmp_path):
    """6414: BLACKHOLE is an engine of the transaction (the first one named for a later MEMORY or
    MyISAM table) but composes with InnoDB; an autocommitted UPDATE of it that logs no row (ROW)
    leaves it as the next transaction's first engine (9.7.4 probed)."""
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    for sql in ("SET binlog_format = ROW", "CREATE TABLE m (a INT PRIMARY KEY) ENGINE=MEMORY",
                "CREATE TABLE bh (a INT PRIMARY KEY, b INT) ENGINE=BLACKHOLE",
                "CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB", "INSERT INTO bh VALUES (1, 1)"):
        t.execute(sql)
    got = [_run(t, sql)[2] for sql in ("UPDATE bh SET b = 5", "BEGIN", "INSERT INTO t VALUES (1)",
                                       "INSERT INTO m VALUES (3)", "ROLLBACK")]
    assert [[w[1] for w in ws] for ws in got] == [[1870], [], [], [6414], [1196]]
    assert got[3][0][2] == ("Combining the storage engines MEMORY and BLACKHOLE is deprecated, but the statement or "
                            "transaction updates both the MEMORY table test.m and the BLACKHOLE table test.bh.")


def test_unsafe_create_select_autoinc_keeps_double_space(tmp_path):
    """9.7.4's ER_BINLOG_UNSAFE_CREATE_SELECT_AUTOINC reads `SELECT...  on` (two spaces)."""
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    for sql in ("SET binlog_format = STATEMENT", "CREATE TABLE src (a INT)", "INSERT INTO src VALUES (1)"):
        t.execute(sql)
    notes = _run(t, "CREATE TABLE dst (id INT AUTO_INCREMENT PRIMARY KEY, a INT) SELECT a FROM src")[2]
    assert any("CREATE TABLE... SELECT...  on a table with an auto-increment column" in n[2] for n in notes), notes


def test_default_store_is_mysql_field_store(tmp_path):
    """An invalid DEFAULT is stored by MySQL's own Field store: a day past the month's end is 1264."""
    bed = Bed(tmp_path, "mysql-9.7")
    bed.thd.execute("SET sql_mode = ''")
    assert _run(bed.thd, "CREATE TABLE b3 (c DATE DEFAULT '2024-02-30')")[2] == [
        ("Warning", 1264, "Out of range value for column 'c' at row 1"), ("Error", 1067, "Invalid default value for 'c'")]


def test_routine_and_trigger_names(tmp_path):
    """1305 of DROP PROCEDURE/FUNCTION names db.routine (both kinds); 1359 names db.trigger in
    MariaDB, nothing in MySQL (MariaDB 10.11 and 9.7.4 probed)."""
    setup = ["CREATE TABLE t (a INT)", "CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.a = 1"]
    dup = "CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.a = 1"
    _errors(tmp_path, setup, [
        ("DROP PROCEDURE nosuch", 1305, "PROCEDURE test.nosuch does not exist"),
        ("DROP FUNCTION nosuch", 1305, "FUNCTION test.nosuch does not exist"),
        (dup, 1359, "Trigger already exists"),
    ])
    _errors(tmp_path / "m", setup, [
        ("DROP PROCEDURE nosuch", 1305, "PROCEDURE test.nosuch does not exist"),
        (dup, 1359, "Trigger 'test.tr' already exists"),
    ], flavor="mariadb-10.11")


_TEMPORAL_ARGS = ["SELECT CAST('abc' AS DATE)", "SELECT CAST(20241301 AS DATE)", "SELECT CAST('abc' AS TIME)",
                  "SELECT CAST('abc' AS DATETIME)", "SELECT DATE('abc')", "SELECT TIME_TO_SEC('abc')",
                  "SELECT ADDTIME('abc', '01:00:00')", "SELECT TIMEDIFF('01:00:00', 'abc')"]


def test_bad_temporal_argument_words(tmp_path):
    """get_date_from_string / get_time_from_string: `Truncated incorrect date|time value`; a number
    or an argument read as DATETIME first: `Incorrect datetime value` (9.7.4, MariaDB 10.11 probed)."""
    def texts(flavor: str, where) -> list[str]:
        bed = Bed(where, flavor)
        return [_run(bed.thd, sql)[2][0][2] for sql in _TEMPORAL_ARGS]
    assert texts("mysql-9.7", tmp_path) == [
        "Truncated incorrect date value: 'abc'", "Incorrect datetime value: '20241301'",
        "Truncated incorrect time value: 'abc'", "Incorrect datetime value: 'abc'",
        "Truncated incorrect date value: 'abc'", "Truncated incorrect time value: 'abc'",
        "Incorrect datetime value: 'abc'", "Incorrect datetime value: 'abc'"]
    got = texts("mariadb-10.11", tmp_path / "m")  # the CASTs probed on MariaDB 10.11
    assert [got[0], got[2], got[3]] == ["Incorrect datetime value: 'abc'", "Incorrect time value: 'abc'",
                                        "Incorrect datetime value: 'abc'"]


def test_decimal_column_limits_name_the_column(tmp_path):
    """Create_field::init: scale (1425), then precision (1426), then M < D (1427), each naming the
    column and its number in MySQL; MariaDB's 1426 names the column alone (both probed)."""
    _errors(tmp_path, [], [
        ("CREATE TABLE p (d DECIMAL(70, 2))", 1426, "Too-big precision 70 specified for 'd'. Maximum is 65."),
        ("CREATE TABLE p (d DECIMAL(10, 40))", 1425, "Too big scale 40 specified for column 'd'. Maximum is 30."),
        ("CREATE TABLE p (d DECIMAL(5, 6))", 1427,
         "For float(M,D), double(M,D) or decimal(M,D), M must be >= D (column 'd')."),
    ])
    _errors(tmp_path / "m", [], [
        ("CREATE TABLE p (d DECIMAL(70, 2))", 1426, "Too big precision specified for 'd'. Maximum is 65"),
        ("CREATE TABLE p (d DECIMAL(10, 40))", 1425, "Too big scale specified for 'd'. Maximum is 38"),
        ("CREATE TABLE p (d DECIMAL(5, 6))", 1427,
         "For float(M,D), double(M,D) or decimal(M,D), M must be >= D (column 'd')"),
    ], flavor="mariadb-10.11")
