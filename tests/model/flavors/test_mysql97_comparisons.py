"""MySQL 9.7's comparison conversions and strict DELETE (docs/RULES-mysql-9.7.md section 7;
harness/sql/item/arg_comparator_mysql.py): every expected row below is what 9.7.4 answered
to the same statements (probed against the real server); ``mariadb-10.11`` must keep its own."""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
from tests.model.flavors._probe import Bed, show_warnings


@pytest.fixture(params=["mysql-9.7", "mariadb-10.11"])
def bed(request, tmp_path):
    b = Bed(tmp_path, request.param)
    b.thd.execute("SET sql_mode = 'STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO'")
    b.thd.execute("CREATE TABLE t (id INT, dt DATETIME, d DECIMAL(5,2), s VARCHAR(10), i INT) ENGINE=InnoDB")
    b.thd.execute("INSERT INTO t VALUES (1, NULL, NULL, 'a', NULL), (2, '2020-01-01', 1.5, 'b', 2)")
    return b


def _mysql(bed: Bed) -> bool:
    return bed.state.flavor.name == "mysql-9.7"


def _outcome(bed: Bed, sql: str) -> tuple[int, list[tuple]]:
    try:
        bed.thd.execute(sql)
        code = 0
    except ServerError as exc:
        code = exc.code
    return code, show_warnings(bed.thd)


def test_strict_delete_fails_on_its_where_conversion_in_mysql(bed):
    code, warnings = _outcome(bed, "DELETE FROM t WHERE s = 5")
    if _mysql(bed):
        assert (code, warnings) == (1292, [("Error", 1292, "Truncated incorrect DOUBLE value: 'a'")])
    else:
        assert code == 0 and warnings[0][:2] == ("Warning", 1292)
    assert _outcome(bed, "DELETE IGNORE FROM t WHERE s = 5")[0] == 0


def test_decimal_against_a_string_constant_is_decimal_in_mysql(bed):
    code, warnings = _outcome(bed, "SELECT id FROM t WHERE d = 'x'")
    assert code == 0
    if _mysql(bed):
        assert warnings == [("Warning", 1292, "Truncated incorrect DECIMAL value: 'x'")]
    # an INT against the empty string: 0 without a word in MySQL (my_strntod)
    code, warnings = _outcome(bed, "SELECT id FROM t WHERE i = ''")
    if _mysql(bed):
        assert (code, warnings) == (0, [])


def test_datetime_against_a_bad_string_constant_is_1525_in_mysql(bed):
    code, warnings = _outcome(bed, "SELECT id FROM t WHERE dt < 'x'")
    if _mysql(bed):
        assert (code, warnings) == (1525, [("Warning", 1292, "Incorrect datetime value: 'x' for column 'dt' at row 1"),
                                           ("Error", 1525, "Incorrect DATETIME value: 'x'")])
        # a strict UPDATE fails with the 1292 itself, the 1525 after it
        code, warnings = _outcome(bed, "UPDATE t SET i = 3 WHERE dt = 'x'")
        assert (code, [w[:2] for w in warnings]) == (1292, [("Error", 1292), ("Error", 1525)])
    else:
        assert code == 0


def test_trigger_field_conversions_in_mysql(bed):
    t = bed.thd
    t.execute("SET sql_mode = 'TRADITIONAL'")
    t.execute("CREATE TABLE t1 (id INT PRIMARY KEY, c1 VARCHAR(10), u INT) ENGINE=InnoDB")
    t.execute("CREATE TABLE t2 (c2 DECIMAL(5,2), n INT, i INT) ENGINE=InnoDB")
    t.execute("INSERT INTO t2 VALUES (3.50, 0, 1), (NULL, 1, 3)")
    t.execute("CREATE TRIGGER tr AFTER INSERT ON t1 FOR EACH ROW UPDATE t2 SET n = n + 1 WHERE c2 > NEW.c1")
    code, warnings = _outcome(bed, "INSERT INTO t1 VALUES (3, 'x1', 0)")
    if _mysql(bed):
        assert (code, warnings) == (1366, [("Error", 1366, "Incorrect DECIMAL value: '0' for column '' at row -1"),
                                           ("Error", 1292, "Truncated incorrect DECIMAL value: 'x1'")])
    else:
        assert code == 1292
    assert _outcome(bed, "INSERT INTO t1 VALUES (2, ' 5 ', 0)")[0] == 0
    # a DATETIME against a number field compares as numbers in MySQL: no conversion
    t.execute("CREATE TABLE t3 (id INT PRIMARY KEY, c1 INT) ENGINE=InnoDB")
    t.execute("CREATE TABLE t4 (c2 DATETIME, n INT) ENGINE=InnoDB")
    t.execute("INSERT INTO t4 VALUES ('2024-01-02 10:00:00', 1)")
    t.execute("CREATE TRIGGER tr3 AFTER INSERT ON t3 FOR EACH ROW UPDATE t4 SET n = n + 1 WHERE NEW.c1 <> c2")
    assert _outcome(bed, "INSERT INTO t3 VALUES (9, 3)")[0] == (0 if _mysql(bed) else 1292)


def test_do_sends_its_functions_error_in_mysql(bed):
    # MariaDB's mysql_do clears the error ("DO always is OK"); MySQL 8.0's Query_result_do
    # sends it (9.7.4: `DO f_log(1)` whose INSERT hits the unique key -> 1062)
    t = bed.thd
    t.execute("CREATE TABLE u (id INT NOT NULL UNIQUE) ENGINE=MyISAM")
    t.execute("INSERT INTO u VALUES (1)")
    t.execute("CREATE FUNCTION f_log(x INT) RETURNS INT DETERMINISTIC MODIFIES SQL DATA "
              "BEGIN INSERT INTO u VALUES (x); RETURN x + 1; END")
    code, warnings = _outcome(bed, "DO f_log(1)")
    assert code == (1062 if _mysql(bed) else 0)
    assert warnings[0][:2] == ("Error", 1062)


def test_drop_table_with_a_missing_table_drops_nothing_in_mysql(bed):
    t = bed.thd
    t.execute("CREATE TABLE t3 (a INT) ENGINE=MyISAM")
    code, warnings = _outcome(bed, "DROP TABLE t10, t3")
    assert (code, warnings) == (1051, [("Error", 1051, "Unknown table 'test.t10'")])
    # MySQL 8.0's atomic DROP checked first (9.7.4: t3 is still there); MariaDB dropped t3
    assert _outcome(bed, "CREATE TABLE t3 (a INT) ENGINE=MyISAM")[0] == (1050 if _mysql(bed) else 0)


@pytest.mark.parametrize("sql", ["FLUSH HOSTS", "FLUSH STATUS, HOSTS", "PURGE MASTER LOGS BEFORE '2001-01-01 00:00:00'"])
def test_syntax_mysql_84_removed_is_1064(bed, sql):
    code, warnings = _outcome(bed, sql)
    assert code == (1064 if _mysql(bed) else 0)
    if _mysql(bed):
        near = "HOSTS" if "HOSTS" in sql else sql[len("PURGE "):]
        assert warnings[0][2].endswith(f"near '{near}' at line 1")


def test_session_binlog_format_with_temporary_tables_in_mysql(bed):
    t = bed.thd
    t.execute("SET SESSION binlog_format = 'ROW'")
    t.execute("CREATE TEMPORARY TABLE tt (a INT)")
    assert _outcome(bed, "SET SESSION binlog_format = 'ROW'")[0] == (3745 if _mysql(bed) else 0)
    t.execute("DROP TEMPORARY TABLE tt")
    assert _outcome(bed, "SET SESSION binlog_format = 'ROW'")[0] == 0


def test_show_binlog_events_from_inside_an_event_in_mysql(bed):
    code, _w = _outcome(bed, "SHOW BINLOG EVENTS FROM 5")
    if _mysql(bed):
        # 9.7.4: the events that start at or after 5 (the Format_desc at 4 is left out)
        rows = bed.thd.execute("SHOW BINLOG EVENTS FROM 5").rows
        assert code == 0 and rows and rows[0][1] > 4
    else:
        assert code == 1220


def test_update_set_default_without_one_is_checked_per_row_in_mysql(bed):
    t = bed.thd
    t.execute("CREATE TABLE t1 (id INT PRIMARY KEY, b INT NOT NULL, v VARCHAR(3) NOT NULL) ENGINE=MyISAM")
    t.execute("INSERT INTO t1 VALUES (1, 1, 'v'), (2, 2, 'r'), (3, 3, 'w')")
    t.execute("SET sql_mode = ''")
    code, warnings = _outcome(bed, "UPDATE t1 SET b = DEFAULT, v = DEFAULT WHERE id < 3")
    if _mysql(bed):
        # 9.7.4: a warning per row and column, the zeros stored
        assert code == 0 and [w[1] for w in warnings] == [1364] * 4
        assert [list(r) for r in t.execute("SELECT b, v FROM t1 ORDER BY id").rows] == [[0, ""], [0, ""], [3, "w"]]
    else:
        assert code == 1364  # refused while prepared, whatever the sql_mode
    t.execute("SET sql_mode = DEFAULT")
    assert _outcome(bed, "UPDATE t1 SET b = DEFAULT WHERE id = 99")[0] == (0 if _mysql(bed) else 1364)
    assert _outcome(bed, "UPDATE t1 SET b = DEFAULT WHERE id = 3")[0] == 1364


def test_enum_not_null_keeps_its_first_member_under_a_before_trigger_in_mysql(bed):
    t = bed.thd
    t.execute("CREATE TABLE t2 (id BIGINT, c_blob BLOB, c_enum ENUM('a','b','c') NOT NULL) ENGINE=InnoDB")
    t.execute("CREATE TABLE t3 (id INT) ENGINE=InnoDB")
    t.execute("CREATE TRIGGER trg BEFORE UPDATE ON t2 FOR EACH ROW INSERT INTO t3 VALUES (1)")
    assert _outcome(bed, "INSERT INTO t2 (c_blob) VALUES ('y')")[0] == (0 if _mysql(bed) else 1364)


def test_null_left_by_a_before_trigger_precedes_the_missing_field_in_mysql(bed):
    t = bed.thd
    t.execute("SET sql_mode = 'STRICT_ALL_TABLES'")
    t.execute("CREATE TABLE t1 (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, "
              "c_dt DATETIME NOT NULL DEFAULT '2020-02-02 02:02:02', c_int INT NOT NULL) ENGINE=InnoDB")
    t.execute("CREATE TRIGGER trg BEFORE INSERT ON t1 FOR EACH ROW SET NEW.c_dt = DATE_ADD(NEW.c_dt, INTERVAL 1 MONTH)")
    # 9.7.4: check_inserting_record's 1048 before check_that_all_fields_are_given_values' 1364
    assert _outcome(bed, "INSERT INTO t1 (c_dt) VALUES (0)")[0] == (1048 if _mysql(bed) else 1292)
    assert _outcome(bed, "INSERT INTO t1 (c_dt) VALUES ('2024-01-01'), ('2024-01-02')")[0] == 1364


def test_auto_increment_past_the_types_maximum_in_mysql(bed):
    t = bed.thd
    t.execute("CREATE TABLE t2 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, c INT) ENGINE=MyISAM")
    t.execute("CREATE TABLE t3 (id TINYINT NOT NULL AUTO_INCREMENT PRIMARY KEY, c INT) ENGINE=InnoDB")
    t.execute("INSERT INTO t2 VALUES (2147483647, 1)")
    t.execute("INSERT INTO t3 VALUES (126, 1)")
    code, warnings = _outcome(bed, "INSERT INTO t2 (c) VALUES (2)")
    if not _mysql(bed):
        assert code == 167
        return
    # 9.7.4: the value stored like a number (1264), print_error's HA_ERR_AUTOINC_ERANGE after it
    assert (code, warnings) == (1264, [("Error", 1264, "Out of range value for column 'id' at row 1"),
                                       ("Error", 1264, "Out of range value for column 't2' at row 167")])
    assert _outcome(bed, "INSERT INTO t3 (c) VALUES (2), (3)")[0] == 1467  # InnoDB's interval crosses 127
    assert _outcome(bed, "INSERT INTO t3 (c) VALUES (2)")[0] == 0  # 127
    t.execute("SET sql_mode = ''")
    code, warnings = _outcome(bed, "INSERT INTO t2 (c) VALUES (2)")
    assert (code, [w[1] for w in warnings]) == (1062, [1264, 1062])  # the maximum, a duplicate


def test_strict_multi_table_delete_fails_on_the_joins_conversion_in_mysql(bed):
    # 9.7.4 [bytes] fid_plan_fewer_rows_first: the compared conversion is the DELETE's error
    t = bed.thd
    t.execute("CREATE TABLE s (id VARCHAR(10), c INT) ENGINE=InnoDB")
    t.execute("CREATE TABLE n (id DECIMAL(6,2) NULL UNIQUE, c INT) ENGINE=MyISAM")
    t.execute("INSERT INTO s VALUES ('k7', 1), ('k4', 1), ('k9', 1)")
    t.execute("INSERT INTO n VALUES (5.00, 1), (6.00, 1)")
    code, warnings = _outcome(bed, "DELETE a FROM s a JOIN n b ON a.id = b.id")
    if _mysql(bed):
        assert (code, warnings[-1]) == (1292, ("Error", 1292, "Truncated incorrect DOUBLE value: 'k7'"))
    else:
        assert code == 0 and warnings[-1][:2] == ("Warning", 1292)


def test_lookup_into_a_decimal_key_is_the_stores_1366_in_mysql(bed):
    # 9.7.4 [bytes] fid_err_join_string_number_conversion: store_key stores 'k5' into the
    # DECIMAL unique key (Field_new_decimal::store), the strict DELETE's error
    t = bed.thd
    t.execute("CREATE TABLE s3 (id VARCHAR(10), c INT) ENGINE=MyISAM")
    t.execute("INSERT INTO s3 VALUES ('k5', 1), ('k6', 1), ('k7', 1)")
    t.execute("CREATE TABLE nu (id DECIMAL(5,2) UNIQUE, c INT) ENGINE=MyISAM")
    t.execute("INSERT INTO nu VALUES (1.5, 1), (2.5, 1), (3.5, 1), (4.5, 1)")
    code, warnings = _outcome(bed, "DELETE a FROM s3 a JOIN nu b ON a.id = b.id")
    if _mysql(bed):
        assert (code, warnings) == (1366, [("Error", 1366, "Incorrect decimal value: 'k5' for column 'id' at row 1")])
    else:
        assert code == 0 and {w[1] for w in warnings} == {1292}


@pytest.mark.parametrize("mode, literal, mysql_code", [
    ("DEFAULT", "TIMESTAMP'0000-00-00 00:00:00'", 1525), ("DEFAULT", "DATE'2020-00-01'", 1525),
    ("''", "DATE'2020-02-30'", 1525), ("''", "DATE'0000-00-00'", 0),
    ("'NO_ZERO_IN_DATE'", "DATE'0000-00-00'", 0), ("DEFAULT", "TIMESTAMP'2020-01-01 00:00:00'", 0)])
def test_temporal_literals_are_checked_in_mysql(bed, mode, literal, mysql_code):
    # 9.7.4 probed: create_temporal_literal's ER_WRONG_VALUE by the sql_mode's date flags
    bed.thd.execute(f"SET sql_mode = {mode}")
    code, warnings = _outcome(bed, f"SELECT {literal}")
    if _mysql(bed):
        assert code == mysql_code
        if code:
            word = "DATE" if literal.startswith("DATE") else "DATETIME"
            assert warnings == [("Error", 1525, f"Incorrect {word} value: '{literal.split(chr(39))[1]}'")]
    elif "0000-00-00" in literal:
        assert code == 0  # MariaDB reads the zero literals as the zero date


def test_odku_assignments_are_not_given_columns_in_mysql(bed):
    t = bed.thd
    t.execute("CREATE TABLE u2 (id INT PRIMARY KEY, a INT, b INT, UNIQUE KEY (a)) ENGINE=InnoDB")
    code, _w = _outcome(bed, "INSERT INTO u2 (a, b) VALUES (3, 1) ON DUPLICATE KEY UPDATE id = 4")
    assert code == (1364 if _mysql(bed) else 0)


def test_update_with_limit_stops_reading_at_the_limit(bed):
    # mysql_update / mysql_delete stop once LIMIT rows matched: 'x' after the matching '0'
    # is never compared (9.7.4 [bytes] fid_trigger_field_conversion_22: the trigger's
    # `UPDATE ... WHERE NEW.c1 <> c2 LIMIT 1` succeeds before reaching 'k3')
    t = bed.thd
    t.execute("CREATE TABLE w (s VARCHAR(10), n INT) ENGINE=MyISAM")
    t.execute("INSERT INTO w VALUES ('0', 0), ('x', 0)")
    assert _outcome(bed, "UPDATE w SET n = n + 1 WHERE s = 0 LIMIT 1") == (0, [])
    assert _outcome(bed, "UPDATE w SET n = n + 1 WHERE s = 0")[0] == 1292


def test_a_bad_temporal_literal_fails_before_any_row_in_mysql(bed):
    # 9.7.4 [bytes] mtrb_zero_temporal_literals: the parser's literal, over an empty table too
    bed.thd.execute("CREATE TABLE z (d DATE) ENGINE=InnoDB")
    code, _w = _outcome(bed, "SELECT d, DATE'0000-00-00' = d FROM z")
    assert code == (1525 if _mysql(bed) else 0)
