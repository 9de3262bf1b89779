"""The ``mysql-9.7`` flavour's SQL layer answers as MySQL 9.7.4 does where MariaDB 10.11
answers otherwise (docs/RULES-mysql-9.7.md section 8; each text below is what the real
9.7.4 server sent, recorded with `replbed run --reference mysql-9.7`)."""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
from tests.model.flavors._probe import Bed, show_warnings


def _err(thd, sql: str) -> ServerError:
    with pytest.raises(ServerError) as exc:
        thd.execute(sql)
    return exc.value


@pytest.fixture(params=["mysql-9.7", "mariadb-10.11"])
def bed(request, tmp_path):
    return Bed(tmp_path, request.param)


def test_error_texts(bed):
    t = bed.thd
    mysql = bed.state.flavor.name == "mysql-9.7"
    t.execute("CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(2), c DATE, UNIQUE KEY uk (b))")
    t.execute("INSERT INTO t VALUES (1, 'a', NULL)")
    e = _err(t, "INSERT INTO t VALUES (1, 'b', NULL)")
    assert (e.code, e.message) == (1062, "Duplicate entry '1' for key 't.PRIMARY'" if mysql
                                   else "Duplicate entry '1' for key 'PRIMARY'")
    e = _err(t, "INSERT INTO t VALUES (2, 'a', NULL)")
    assert e.message.endswith("for key 't.uk'" if mysql else "for key 'uk'")
    e = _err(t, "UPDATE t SET c = 'abc'")
    assert (e.code, e.message) == (1292, "Incorrect date value: 'abc' for column 'c' at row 1" if mysql
                                   else "Incorrect date value: 'abc' for column `test`.`t`.`c` at row 1")
    assert show_warnings(t) == [("Error", 1292, e.message)]
    e = _err(t, "SELECT nocol FROM t")
    assert e.message == "Unknown column 'nocol' in '" + ("field list" if mysql else "SELECT") + "'"
    e = _err(t, "SELECT 1 FROM t WHERE nocol = 1")
    assert e.message == "Unknown column 'nocol' in '" + ("where clause" if mysql else "WHERE") + "'"


def test_alter_ignore_is_a_syntax_error_in_mysql(bed):
    t = bed.thd
    t.execute("CREATE TABLE t (a INT)")
    if bed.state.flavor.name == "mariadb-10.11":
        t.execute("ALTER IGNORE TABLE t ADD KEY (a)")
        return
    e = _err(t, "ALTER IGNORE TABLE t ADD KEY (a)")
    assert (e.code, e.message) == (
        1064, "You have an error in your SQL syntax; check the manual that corresponds to your MySQL server "
              "version for the right syntax to use near 'IGNORE TABLE t ADD KEY (a)' at line 1")
    assert bed.entries()[-1].event.query == "CREATE TABLE t (a INT)"  # nothing logged


def test_every_statement_clears_the_warnings_in_mysql(bed):
    t = bed.thd
    t.execute("DROP DATABASE IF EXISTS nosuch")
    note = ("Note", 1008, "Can't drop database 'nosuch'; database doesn't exist")
    assert show_warnings(t) == [note]
    t.execute("SELECT 1")  # no table: MariaDB keeps the list (opt_clear_warning_info)
    assert show_warnings(t) == ([] if bed.state.flavor.name == "mysql-9.7" else [note])


def test_variables_are_the_servers(bed):
    t = bed.thd
    mysql = bed.state.flavor.name == "mysql-9.7"
    t.execute("SET SESSION innodb_lock_wait_timeout = 1")
    assert list(t.execute("SELECT @@innodb_lock_wait_timeout").rows[0]) == [1]
    for name in ("tx_isolation", "gtid_seq_no", "check_constraint_checks", "skip_parallel_replication"):
        if mysql:
            e = _err(t, f"SET {name} = 1")
            assert (e.code, e.message) == (1193, f"Unknown system variable '{name}'")
    if mysql:
        t.execute("SET transaction_isolation = 'READ-COMMITTED'")
        assert list(t.execute("SELECT @@transaction_isolation").rows[0]) == ["READ-COMMITTED"]


def test_engine_mix_warns_once_per_transaction(bed):
    t = bed.thd
    mysql = bed.state.flavor.name == "mysql-9.7"
    t.execute("CREATE TABLE t (a INT)")
    t.execute("CREATE TABLE m (a INT) ENGINE=MyISAM")
    t.execute("BEGIN")
    t.execute("INSERT INTO m VALUES (1)")
    assert show_warnings(t) == []
    t.execute("INSERT INTO t VALUES (1)")
    mix = ("Warning", 6414, "Combining the storage engines InnoDB and MyISAM is deprecated, but the statement or "
                            "transaction updates both the InnoDB table test.t and the MyISAM table test.m.")
    assert show_warnings(t) == ([mix] if mysql else [])
    t.execute("INSERT INTO m VALUES (2)")
    assert show_warnings(t) == []  # once per transaction
    t.execute("COMMIT")
    t.execute("UPDATE t, m SET t.a = 1, m.a = 2")  # an autocommitted statement: the later table first
    assert [w[2] for w in show_warnings(t)] == ([
        "Combining the storage engines MyISAM and InnoDB is deprecated, but the statement or transaction updates "
        "both the MyISAM table test.m and the InnoDB table test.t."] if mysql else [])


def test_deprecations_and_sql_mode(bed):
    t = bed.thd
    mysql = bed.state.flavor.name == "mysql-9.7"
    t.execute("SELECT @a := 1, @b := 2")
    assert [w[1] for w in show_warnings(t)] == ([1287, 1287] if mysql else [])
    t.execute("SET @c := 1")  # SET's own assignment: no warning
    assert show_warnings(t) == []
    t.execute("SET binlog_format = STATEMENT")
    fmt = ("Warning", 1287, "'@@binlog_format' is deprecated and will be removed in a future release.")
    assert show_warnings(t) == ([fmt] if mysql else [])
    t.execute("SELECT @@binlog_format")
    assert show_warnings(t) == ([fmt] if mysql else [])
    t.execute("SET sql_mode = 'STRICT_ALL_TABLES'")
    assert [w[1] for w in show_warnings(t)] == ([3135] if mysql else [])
    t.execute("SET sql_mode = 'TRADITIONAL'")
    assert show_warnings(t) == []
    mode = t.execute("SELECT @@sql_mode").rows[0][0]
    assert ("NO_AUTO_CREATE_USER" in mode) is not mysql
    if mysql:
        assert _err(t, "SET sql_mode = 'NO_AUTO_CREATE_USER'").code == 1231


def test_time_zone_used_by_a_datetime_store(bed):
    from harness.binlog.constants import QueryStatus as Q
    from harness.binlog.query import QueryEvent
    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    t.execute("CREATE TABLE d (id INT PRIMARY KEY, dt DATETIME, da DATE)")
    t.execute("INSERT INTO d VALUES (1, '2020-01-01 00:00:00', NULL)")
    t.execute("INSERT INTO d VALUES (2, NULL, '2020-01-01')")
    tz = {e.event.query: e.event.status(Q.Q_TIME_ZONE_CODE) for e in bed.entries()
          if isinstance(e.event, QueryEvent) and e.event.query.startswith("INSERT")}
    mysql = bed.state.flavor.name == "mysql-9.7"
    assert tz["INSERT INTO d VALUES (1, '2020-01-01 00:00:00', NULL)"] == (b"SYSTEM" if mysql else None)
    assert tz["INSERT INTO d VALUES (2, NULL, '2020-01-01')"] is None


def test_table_map_charsets_and_flags(tmp_path):
    """init_charset_field: DEFAULT_CHARSET when more than half the character columns share a
    collation, else COLUMN_CHARSET (9.7.4 [bytes]); no TM_BIT_HAS_TRIGGERS_F; a ROW multi-table
    DELETE's BEGIN is not thread-specific though its COMMIT is."""
    from harness.binlog.constants import OptionalMetadata as OM
    from harness.binlog.query import QueryEvent
    from harness.binlog.rows import TableMapEvent
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    t.execute("SET binlog_format = ROW")
    t.execute("CREATE TABLE three (a VARCHAR(5), b TEXT, c BLOB)")
    t.execute("CREATE TABLE two (a VARCHAR(5), c BLOB)")
    t.execute("CREATE TABLE log (a INT)")
    t.execute("CREATE TRIGGER tr AFTER INSERT ON two FOR EACH ROW INSERT INTO log VALUES (1)")
    t.execute("INSERT INTO three VALUES ('a', 'b', 'c')")
    t.execute("INSERT INTO two VALUES ('a', 'c')")
    t.execute("CREATE TABLE m1 (id INT) ENGINE=MyISAM")
    t.execute("CREATE TABLE m2 (id INT) ENGINE=MyISAM")
    t.execute("INSERT INTO m1 VALUES (1)")
    t.execute("INSERT INTO m2 VALUES (1)")
    t.execute("DELETE a, b FROM m1 a JOIN m2 b ON a.id = b.id")
    entries = bed.entries()
    maps = {e.event.table: e.event for e in entries if isinstance(e.event, TableMapEvent)}
    assert dict(maps["three"].optional_metadata)[int(OM.DEFAULT_CHARSET)] == bytes([0xfc, 0xff, 0x00, 2, 63])
    assert dict(maps["two"].optional_metadata)[int(OM.COLUMN_CHARSET)] == bytes([0xfc, 0xff, 0x00, 63])
    assert maps["two"].flags == 1
    queries = [e.event for e in entries if isinstance(e.event, QueryEvent)]
    assert (queries[-2].query, queries[-2].header.flags & 0x4) == ("BEGIN", 0)
    assert (queries[-1].query, queries[-1].header.flags & 0x4) == ("COMMIT", 0x4)


def test_engine_mix_survives_a_myisam_statement_that_changed_nothing(tmp_path):
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    t.execute("CREATE TABLE t (a INT)")
    t.execute("CREATE TABLE m (a INT) ENGINE=MyISAM")
    t.execute("INSERT INTO m VALUES (1)")  # wrote a row: the next statement starts afresh
    t.execute("INSERT INTO t VALUES (1)")
    assert show_warnings(t) == []
    t.execute("DELETE FROM m WHERE a = 99")  # no row, no engine commit: m stays the first table
    t.execute("INSERT INTO t VALUES (2)")
    assert [w[1] for w in show_warnings(t)] == [6414]
    t.execute("INSERT INTO m VALUES (2)")
    assert show_warnings(t) == []


def test_string_number_comparison_converts_to_double(bed):
    t = bed.thd
    t.execute("CREATE TABLE s (id INT PRIMARY KEY, v VARCHAR(5), n INT)")
    t.execute("INSERT INTO s VALUES (1, 'a', 1), (2, '3', 2)")
    word = "DOUBLE" if bed.state.flavor.name == "mysql-9.7" else "DECIMAL"
    e = _err(t, "UPDATE s SET n = 5 WHERE v = 3")  # strict: the conversion is the error
    assert (e.code, e.message) == (1292, f"Truncated incorrect {word} value: 'a'")
    assert show_warnings(t) == [("Error", 1292, e.message)]
    t.execute("SET sql_mode = ''")
    t.execute("UPDATE s SET n = 5 WHERE v = 3")
    assert show_warnings(t)[-1] == ("Warning", 1292, f"Truncated incorrect {word} value: 'a'")


def test_rollback_warns_what_it_cannot_undo(bed):
    t = bed.thd
    mysql = bed.state.flavor.name == "mysql-9.7"
    t.execute("CREATE TABLE ti (a INT)")
    t.execute("BEGIN")
    t.execute("INSERT INTO ti VALUES (1)")
    t.execute("CREATE TEMPORARY TABLE tt (a INT) ENGINE=MyISAM")
    t.execute("INSERT INTO tt VALUES (1)")
    t.execute("ROLLBACK")
    assert [w[1] for w in show_warnings(t)] == ([1196, 1751] if mysql else [1196])
    t.execute("BEGIN")
    t.execute("INSERT INTO ti VALUES (1)")
    t.execute("DROP TEMPORARY TABLE tt")
    t.execute("ROLLBACK")
    assert [w[1] for w in show_warnings(t)] == ([1752] if mysql else [])


def test_column_type_deprecations_and_generated_text(tmp_path):
    from harness.binlog.query import QueryEvent
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    t.execute("CREATE TABLE w (a INT(11), b TINYINT(1), d INT(5) ZEROFILL, e YEAR(4), g DOUBLE(10,2), "
              "j BOOL, k DECIMAL(5,2) UNSIGNED, n INT DEFAULT 5)")
    assert [(w[1], w[2].split(" ")[0]) for w in show_warnings(t)] == [
        (1681, "Integer"), (1681, "Integer"), (1681, "The"), (1681, "Integer"), (1287, "'YEAR(4)'"),
        (1681, "Specifying"), (1681, "UNSIGNED")]
    t.execute("SET binlog_format = ROW")
    t.execute("CREATE TABLE c1 SELECT a, b, e, n FROM w")
    t.execute("CREATE FUNCTION f(x INT) RETURNS INT DETERMINISTIC RETURN x + 1")
    queries = [e.event for e in bed.entries() if isinstance(e.event, QueryEvent)]
    ctas = next(q for q in queries if q.query.startswith("CREATE TABLE `c1`"))
    assert ctas.query == ("CREATE TABLE `c1` (\n  `a` int DEFAULT NULL,\n  `b` tinyint(1) DEFAULT NULL,\n"
                          "  `e` year DEFAULT NULL,\n  `n` int DEFAULT '5'\n) START TRANSACTION")
    from harness.binlog.constants import QueryStatus as Q
    assert ctas.status(Q.Q_DDL_LOGGED_WITH_XID) is None and ctas.status(Q.Q_UPDATED_DB_NAMES) is None
    assert queries[-1].query.startswith("CREATE DEFINER=`root`@`127.0.0.1` FUNCTION `f`(x INT) RETURNS int\n")


def test_foreign_key_tables_log_updated_dbs_over_max(tmp_path):
    from harness.binlog.constants import QueryStatus as Q
    from harness.binlog.query import QueryEvent
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    t.execute("SET binlog_format = ROW")
    t.execute("CREATE TABLE p (id INT PRIMARY KEY)")
    t.execute("CREATE TABLE c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id))")
    t.execute("CREATE TABLE z (a INT)")
    t.execute("INSERT INTO p VALUES (1)")
    t.execute("INSERT INTO z VALUES (1)")
    begins = [e.event for e in bed.entries() if isinstance(e.event, QueryEvent) and e.event.query == "BEGIN"]
    over = [next((sv for sv in b.status_vars if sv.code == Q.Q_UPDATED_DB_NAMES), "absent") for b in begins]
    assert [o if o == "absent" else o.value for o in over] == [None, "absent"]  # None: 254, over max


def test_mysql_writes_each_cache_as_its_own_group(tmp_path):
    """An autocommit statement that filled both caches: the MyISAM group, then the InnoDB one;
    a cache with only a table map is a group too (9.7.4 [bytes])."""
    from harness.binlog.query import QueryEvent
    from harness.binlog.rows import RowsEvent, TableMapEvent
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    t.execute("SET binlog_format = ROW")
    t.execute("CREATE TABLE t1 (id INT, c INT) ENGINE=InnoDB")
    t.execute("CREATE TABLE t2 (id INT, c INT) ENGINE=MyISAM")
    t.execute("CREATE TRIGGER tr AFTER INSERT ON t1 FOR EACH ROW INSERT INTO t2 VALUES (NEW.id, 1)")
    t.execute("INSERT INTO t1 VALUES (1, 1)")
    shape = []
    for e in bed.entries():
        ev = e.event
        if isinstance(ev, QueryEvent) and ev.query in ("BEGIN", "COMMIT"):
            shape.append(ev.query)
        elif isinstance(ev, (TableMapEvent, RowsEvent)):
            shape.append(ev.table if isinstance(ev, TableMapEvent) else "rows")
        elif type(ev).__name__ == "XidEvent":
            shape.append("Xid")
    assert shape[-8:] == ["BEGIN", "t2", "rows", "COMMIT", "BEGIN", "t1", "rows", "Xid"]


def test_engine_mix_cleared_by_a_read_engine_and_not_raised_before_a_resolution_error(tmp_path):
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    t.execute("CREATE TABLE t (id INT PRIMARY KEY, a INT NOT NULL)")
    t.execute("CREATE TABLE s (id INT PRIMARY KEY, b INT)")
    t.execute("CREATE TABLE m (id INT PRIMARY KEY, a INT NOT NULL) ENGINE=MyISAM")
    t.execute("INSERT INTO t VALUES (1, 1)")
    t.execute("INSERT INTO s VALUES (1, NULL)")
    t.execute("INSERT INTO m VALUES (1, 1)")
    assert _err(t, "UPDATE m, s SET m.a = s.b WHERE m.id = s.id").code == 1048  # s (InnoDB) was read
    t.execute("SET sql_mode = ''")
    t.execute("UPDATE t, s SET t.a = s.b WHERE t.id = s.id")
    assert [w[1] for w in show_warnings(t)] == [1048]
    t.execute("DELETE FROM m WHERE id = 99")  # MyISAM alone, nothing changed: m stays first
    e = _err(t, "UPDATE t a, s b SET b.nosuch = 1 WHERE a.id = 1")
    assert e.code == 1054 and [w[1] for w in show_warnings(t)] == [1054]
    t.execute("INSERT INTO t VALUES (2, 2)")
    assert [w[1] for w in show_warnings(t)] == [6414]


def test_a_rows_first_store_error_alone(bed):
    t = bed.thd
    t.execute("CREATE TABLE t (id INT NOT NULL, s VARCHAR(3))")
    e = _err(t, "INSERT INTO t (s, id) VALUES ('abcdef', NULL)")
    codes = [w[1] for w in show_warnings(t)]
    assert e.code == 1406 and codes == ([1406] if bed.state.flavor.name == "mysql-9.7" else [1406, 1048, 1105])


def test_grammar_refusals_differ(bed):
    """An alias-less derived table and SIGNAL ... = f(x): MariaDB's grammar 1064 / 1327,
    MySQL's 1248 / 1064 near the parenthesis (9.7.4 observed: gaps_derived_tables,
    explore2_signal_syntax)."""
    t = bed.thd
    mysql = bed.state.flavor.name == "mysql-9.7"
    t.execute("CREATE TABLE t (a INT)")
    e = _err(t, "SELECT * FROM (SELECT a FROM t)")
    assert (e.code, e.message) == ((1248, "Every derived table must have its own alias") if mysql else (
        1064, "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server "
              "version for the right syntax to use near '' at line 1"))
    assert _err(t, "SELECT * FROM (SELECT a FROM t) AS").code == 1064  # a dangling AS: both
    e = _err(t, "CREATE TRIGGER b BEFORE INSERT ON t FOR EACH ROW BEGIN IF NEW.a < 0 THEN SIGNAL SQLSTATE '45001' "
                "SET MESSAGE_TEXT = CONCAT('negative ', NEW.a); END IF; END")
    assert (e.code, e.message) == ((1064, "You have an error in your SQL syntax; check the manual that corresponds "
                                          "to your MySQL server version for the right syntax to use near "
                                          "'('negative ', NEW.a); END IF; END' at line 1") if mysql
                                   else (1327, "Undeclared variable: CONCAT"))


def test_session_variable_refusals(bed):
    """SET GLOBAL sql_log_bin (MariaDB's own check 1238, MySQL's SESSION_ONLY 1228) and a session
    SET binlog_format with a temporary table open (MySQL binlog_format_check: 3745, whatever the
    value; MariaDB refuses only a switch out of row format) -- 9.7.4 observed."""
    t = bed.thd
    mysql = bed.state.flavor.name == "mysql-9.7"
    e = _err(t, "SET GLOBAL sql_log_bin = 0")
    assert (e.code, e.message) == ((1228, "Variable 'sql_log_bin' is a SESSION variable and can't be used with "
                                          "SET GLOBAL") if mysql else (1238, "Variable 'sql_log_bin' is a SESSION variable"))
    t.execute("SET SESSION binlog_format = 'STATEMENT'")
    t.execute("CREATE TEMPORARY TABLE tt (a INT)")
    if not mysql:
        t.execute("SET SESSION binlog_format = 'ROW'")
        return
    e = _err(t, "SET SESSION binlog_format = 'ROW'")
    assert (e.code, e.message) == (3745, "Changing @@session.binlog_format is disallowed when the session has open "
                                         "temporary table(s). You could wait until these temporary table(s) are "
                                         "dropped and try again.")
    t.execute("DROP TEMPORARY TABLE tt")
    t.execute("SET SESSION binlog_format = 'ROW'")


def test_recursive_cte_rules(bed):
    """cte_max_recursion_depth's 3636 (MariaDB: max_recursive_iterations, Warning 1931 and the rows
    so far), anchors first (3574), a UNION required (3573), a column list of the wrong length 1353
    (9.7.4 observed: query_cte_recursive, query_cte_recursive_anchor_placement, query_cte_in_select_and_dml)."""
    t = bed.thd
    mysql = bed.state.flavor.name == "mysql-9.7"
    deep = "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 2000) SELECT COUNT(*) FROM c"
    late = "WITH RECURSIVE c(n) AS (SELECT n + 1 FROM c WHERE n < 5 UNION ALL SELECT 1) SELECT * FROM c"
    alone = "WITH RECURSIVE c(n) AS (SELECT n + 1 FROM c WHERE n < 3) SELECT * FROM c"
    if not mysql:
        assert list(t.execute(deep).rows[0]) == [1001]
        assert len(t.execute(late).rows) == 5
        assert (_err(t, alone).code, _err(t, "WITH c(x) AS (SELECT 1, 2) SELECT * FROM c").code) == (4005, 4002)
        return
    assert (_err(t, deep).code, _err(t, deep).message) == (
        3636, "Recursive query aborted after 1001 iterations. Try increasing @@cte_max_recursion_depth to a larger value.")
    e = _err(t, late)
    assert (e.code, e.message) == (3574, "Recursive Common Table Expression 'c' should have one or more non-recursive "
                                         "query blocks followed by one or more recursive ones")
    e = _err(t, alone)
    assert (e.code, e.message) == (3573, "Recursive Common Table Expression 'c' should contain a UNION")
    e = _err(t, "WITH c(x) AS (SELECT 1, 2) SELECT * FROM c")
    assert (e.code, e.message) == (1353, "In definition of view, derived table or common table expression, SELECT "
                                         "list and column names list have different column counts")


def test_generated_column_value(bed):
    """A value for a generated column: MySQL 3105 in any sql_mode, an UPDATE's while it is prepared
    (no row needed); MariaDB 1906, a warning outside strict mode (9.7.4 observed: gcol_1906)."""
    t = bed.thd
    mysql = bed.state.flavor.name == "mysql-9.7"
    t.execute("CREATE TABLE g (id INT PRIMARY KEY, a INT, b INT AS (a * 2) VIRTUAL, c INT AS (a + 1) STORED)")
    t.execute("SET sql_mode = ''")
    if not mysql:
        t.execute("INSERT INTO g VALUES (2, 2, 5, 5)")
        assert [w[1] for w in show_warnings(t)] == [1906, 1906]
        return
    e = _err(t, "INSERT INTO g VALUES (2, 2, 5, 5)")
    assert (e.code, e.message) == (3105, "The value specified for generated column 'b' in table 'g' is not allowed.")
    assert _err(t, "UPDATE g SET c = 0 WHERE id = 2").code == 3105  # no such row
    t.execute("INSERT INTO g VALUES (1, 1, DEFAULT, DEFAULT)")
    t.execute("UPDATE g SET b = DEFAULT, a = 4")
    assert [list(r) for r in t.execute("SELECT * FROM g").rows] == [[1, 4, 8, 5]]


def test_drop_of_a_referenced_parent(bed):
    """MySQL's atomic DROP TABLE checks the foreign keys before it drops anything: 3730, every table
    kept; MariaDB drops the others and refuses the parent with 1451 (9.7.4 observed: fk_ddl)."""
    t = bed.thd
    t.execute("CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB")
    t.execute("CREATE TABLE x (a INT)")
    t.execute("CREATE TABLE c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id)) ENGINE=InnoDB")
    e = _err(t, "DROP TABLE x, p")
    if bed.state.flavor.name == "mysql-9.7":
        assert (e.code, e.message) == (3730, "Cannot drop table 'p' referenced by a foreign key constraint 'c_ibfk_1' "
                                             "on table 'c'.")
        assert sorted(r[0] for r in t.execute("SHOW TABLES").rows) == ["c", "p", "x"]
    else:
        assert e.code == 1451
        assert sorted(r[0] for r in t.execute("SHOW TABLES").rows) == ["c", "p"]


def test_insert_through_a_view_with_an_expression_column(bed):
    """MySQL: naming an expression column (or no column list) is 1348, and a view with any
    expression column is not insertable-into (1471) even when the INSERT fills only plain ones;
    MariaDB refuses only an INSERT that fills the expression (1471). 1054 says 'field list'
    (9.7.4 observed: vr_view_writes, vr_view_errors_check_option)."""
    t = bed.thd
    mysql = bed.state.flavor.name == "mysql-9.7"
    t.execute("CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(5), c INT)")
    t.execute("CREATE VIEW ve AS SELECT a AS x, b, c * 2 AS cc FROM t")
    e = _err(t, "INSERT INTO ve (x, cc) VALUES (13, 5)")
    assert (e.code, e.message) == ((1348, "Column 'cc' is not updatable") if mysql
                                   else (1471, "The target table ve of the INSERT is not insertable-into"))
    if mysql:
        e = _err(t, "INSERT INTO ve (x, b) VALUES (12, 'q')")
        assert (e.code, e.message) == (1471, "The target table ve of the INSERT is not insertable-into")
        assert _err(t, "INSERT INTO ve (x, zz) VALUES (13, 5)").message == "Unknown column 'zz' in 'field list'"
    else:
        t.execute("INSERT INTO ve (x, b) VALUES (12, 'q')")


def test_alter_fills_rows(bed):
    """ALTER TABLE over rows, strict: MySQL refuses an added NOT NULL DATETIME without a default
    under NO_ZERO_DATE (its default sql_mode) with 1292, and a NULL copied into a NOT NULL INT is
    1138 alone; MariaDB stores the zero date and answers 1265 then 1138 (9.7.4 observed:
    ddl_alter_columns, ddl_alter_errors_strict)."""
    t = bed.thd
    mysql = bed.state.flavor.name == "mysql-9.7"
    t.execute("CREATE TABLE n (a INT PRIMARY KEY, c INT) ENGINE=MyISAM")
    t.execute("INSERT INTO n VALUES (1, 1), (3, NULL)")
    if mysql:
        e = _err(t, "ALTER TABLE n ADD f DATETIME NOT NULL")
        assert (e.code, e.message) == (1292, "Incorrect datetime value: '0000-00-00 00:00:00' for column 'f' at row 1")
        t.execute("ALTER TABLE n ADD f DATETIME NOT NULL DEFAULT '2020-01-01 00:00:00'")
    else:
        t.execute("ALTER TABLE n ADD f DATETIME NOT NULL")
    e = _err(t, "ALTER TABLE n MODIFY c INT NOT NULL")
    assert [w[1] for w in show_warnings(t)] == ([1138] if mysql else [1265, 1138])


def test_window_function_in_where(bed):
    """MySQL's ER_WINDOW_INVALID_WINDOW_FUNC_USE names the function (its text ends `.'`); MariaDB
    4015 (9.7.4 observed: query_window_functions_select)."""
    t = bed.thd
    t.execute("CREATE TABLE w (a INT)")
    e = _err(t, "SELECT a FROM w WHERE ROW_NUMBER() OVER (ORDER BY a) > 1")
    expected = ((3593, "You cannot use the window function 'row_number' in this context.'")
                if bed.state.flavor.name == "mysql-9.7"
                else (4015, "Window function is allowed only in SELECT list and ORDER BY clause"))
    assert (e.code, e.message) == expected
    assert show_warnings(t) == [("Error", *expected)]


def test_view_calling_uuid_is_mergeable_in_mysql(bed):
    """MariaDB's LEX::can_be_merged refuses an UNCACHEABLE_RAND select (1288); MySQL merges the view
    and the UPDATE goes through (9.7.4 observed: vr_view_writes)."""
    t = bed.thd
    t.execute("CREATE TABLE t (a INT PRIMARY KEY, b INT)")
    t.execute("INSERT INTO t VALUES (1103, 1)")
    t.execute("CREATE VIEW vu AS SELECT a, LENGTH(UUID()) AS u FROM t")
    if bed.state.flavor.name == "mysql-9.7":
        t.execute("UPDATE vu SET a = a + 1 WHERE a = 1103")
        assert [list(r) for r in t.execute("SELECT a FROM t").rows] == [[1104]]
    else:
        assert _err(t, "UPDATE vu SET a = a + 1 WHERE a = 1103").code == 1288


def test_strict_mode_upgrades_a_fixed_list(bed):
    """MySQL's Strict_error_handler raises only a fixed list of warning codes as errors: a strict
    INSERT ... SELECT whose SHA2 length is bad keeps 1583 a warning (9.7.4 observed:
    query_builtins_in_dml); MariaDB's abort_on_warning makes any warning the error."""
    t = bed.thd
    t.execute("SET sql_mode = 'STRICT_TRANS_TABLES'")
    t.execute("CREATE TABLE fx (id INT AUTO_INCREMENT PRIMARY KEY, a VARCHAR(200), n INT)")
    t.execute("INSERT INTO fx (n) VALUES (1)")
    sql = "INSERT INTO fx (a) SELECT SHA2('abc', n) FROM fx WHERE n IS NOT NULL"
    text = "Incorrect parameters in the call to native function 'sha2'"
    if bed.state.flavor.name == "mysql-9.7":
        t.execute(sql)
        assert ("Warning", 1583, text) in show_warnings(t)
    else:
        assert (_err(t, sql).code, show_warnings(t)) == (1583, [("Error", 1583, text)])


def test_mysql_error_texts_for_drop_check_option_and_deprecated_set(bed):
    """9.7.4 observed (ddl_alter_errors_strict, vr_view_errors_check_option, s002_*): 1091 `Can't DROP
    'x'; check that column/key exists`, 1369 `CHECK OPTION failed 'test.vc'`, and a refused SET of
    a deprecated variable lists its 1287 before the error (sys_var::check)."""
    t = bed.thd
    mysql = bed.state.flavor.name == "mysql-9.7"
    t.execute("CREATE TABLE t (a INT PRIMARY KEY, b INT)")
    t.execute("CREATE VIEW vc AS SELECT a, b FROM t WHERE a > 0 WITH CHECK OPTION")
    assert _err(t, "ALTER TABLE t DROP INDEX nosuch").message == (
        "Can't DROP 'nosuch'; check that column/key exists" if mysql else "Can't DROP INDEX `nosuch`; check that it exists")
    assert _err(t, "INSERT INTO vc VALUES (-1, 1)").message == (
        "CHECK OPTION failed 'test.vc'" if mysql else "CHECK OPTION failed `test`.`vc`")
    t.execute("BEGIN")
    t.execute("INSERT INTO t VALUES (1, 1)")
    _err(t, "SET SESSION binlog_format = 'ROW'")
    assert [w[1] for w in show_warnings(t)] == ([1287, 1679] if mysql else [1679])


def test_cast_of_a_negative_number_as_unsigned_wraps_silently_in_mysql(bed):
    t = bed.thd
    row = [list(r) for r in t.execute("SELECT CAST(-12.3456 AS UNSIGNED), CAST(-1 AS UNSIGNED), "
                                      "CAST('-12' AS UNSIGNED)").rows][0]
    codes = [w[1] for w in show_warnings(t)]
    if bed.state.flavor.name == "mysql-9.7":
        # 9.7.4 [bytes] expr_strings_numbers: the DECIMAL and the integer wrap without a
        # condition (stored into a BIGINT: 1264 alone); a string's negative number notes 1105
        assert row == [18446744073709551604, 18446744073709551615, 18446744073709551604] and codes == [1105]
    else:
        assert row == [0, 18446744073709551615, 18446744073709551604] and codes == [1916, 1105, 1105]


@pytest.mark.parametrize("flavor", ["mysql-9.7", "mariadb-10.11"])
def test_found_rows_follows_the_current_and_previous_counts_in_mysql(flavor, tmp_path):
    # 9.7.4 probed (session_found_rows_row_count): a query block sets current_found_rows and
    # each DML statement's end copies it to what FOUND_ROWS() reads: an INSERT ... SELECT counts
    # its query's rows (before the LIMIT with SQL_CALC_FOUND_ROWS), a CREATE TABLE ... SELECT
    # only sets the current count (seen after the next INSERT ... VALUES), a single-table UPDATE
    # counts the rows it found, a multi-table UPDATE 0. MariaDB: 0 after INSERT ... SELECT, a
    # CREATE ... SELECT's rows at once, INSERT ... VALUES leaves it.
    bed = Bed(tmp_path, flavor)
    t = bed.thd
    t.execute("CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB")
    t.execute("INSERT INTO t VALUES (1,1),(2,2),(3,3)")
    t.execute("CREATE TABLE r (a INT, b BIGINT) ENGINE=InnoDB")

    def found(*sqls: str) -> int:
        for sql in sqls:
            t.execute(sql)
        return t.execute("SELECT FOUND_ROWS()").rows[0][0]

    got = [found("INSERT INTO r SELECT a, b FROM t"),
           found("INSERT INTO r SELECT SQL_CALC_FOUND_ROWS a, b FROM t LIMIT 1"),
           found("SELECT * FROM t WHERE a = 2", "UPDATE t SET b = 5 WHERE a > 1"),
           found("SELECT * FROM t WHERE a = 2", "UPDATE t, r SET t.b = 7 WHERE t.a = r.a")]
    t.execute("SELECT * FROM t WHERE a = 2")
    t.execute("CREATE TABLE t3 SELECT * FROM t")
    t.execute("INSERT INTO r VALUES (100, FOUND_ROWS())")
    t.execute("INSERT INTO r VALUES (101, FOUND_ROWS())")
    ctas = [row[0] for row in t.execute("SELECT b FROM r WHERE a >= 100 ORDER BY a").rows]
    if flavor == "mysql-9.7":
        assert got == [3, 3, 2, 0]
    else:  # MariaDB's probed answers (the UPDATEs' are not recorded)
        assert got[:2] == [0, 0]
    assert ctas == ([1, 3] if flavor == "mysql-9.7" else [3, 3])
