"""MySQL 9.7.4's rules found by `replbed fuzz --reference mysql-9.7` (docs/RULES-mysql-9.7.md
section 7): each test runs the statement on the ``mysql-9.7`` flavour and on
``mariadb-10.11``, which must keep MariaDB's answer."""

from __future__ import annotations

import datetime as dt

import pytest

from harness.binlog.constants import QueryStatus as Q
from harness.binlog.query import QueryEvent
from harness.sql.sql_errors import ServerError
from tests.model.flavors._probe import Bed, show_warnings as _warnings


@pytest.fixture(params=["mysql-9.7", "mariadb-10.11"])
def bed(request, tmp_path):
    return Bed(tmp_path, request.param)


def _mysql(bed: Bed) -> bool:
    return bed.state.flavor.name == "mysql-9.7"


def _err(thd, sql: str) -> ServerError:
    with pytest.raises(ServerError) as exc:
        thd.execute(sql)
    return exc.value


def _codes(thd) -> list[tuple[str, int]]:
    """SHOW WARNINGS as (Level, Code)."""
    return [(r[0], r[1]) for r in _warnings(thd)]


def _query(bed: Bed, head: str) -> QueryEvent:
    return [e.event for e in bed.entries() if isinstance(e.event, QueryEvent) and e.event.query.startswith(head)][-1]


def _has_ddl_xid(ev: QueryEvent) -> bool:
    return any(sv.code in (Q.Q_DDL_LOGGED_WITH_XID, Q.Q_XID) for sv in ev.status_vars)


def test_innodb_refusing_statement_format_fails_its_lock_with_1015_in_mysql(bed):
    # sql/lock.cc print_lock_error: ER_CANT_LOCK for HA_ERR_LOGGING_IMPOSSIBLE (MariaDB: 1030)
    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    t.execute("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED")
    t.execute("CREATE TABLE t1 (id INT) ENGINE=InnoDB")
    assert _err(t, "INSERT INTO t1 VALUES (1)").code == 1665
    second = _warnings(t)[1]
    if _mysql(bed):
        assert second == ("Error", 1015, "Can't lock file (errno: 170 - It is not possible to log this statement)")
    else:
        assert second == ("Error", 1030, 'Got error 170 "It is not possible to log this statement" '
                                         'from storage engine InnoDB')


def test_create_select_into_myisam_logs_no_ddl_xid_in_mysql(bed):
    t = bed.thd
    t.execute("SET binlog_format = ROW")
    t.execute("CREATE TABLE t1 (id INT) ENGINE=InnoDB")
    t.execute("INSERT INTO t1 VALUES (1)")
    t.execute("START TRANSACTION")
    t.execute("CREATE TABLE t2 ENGINE=MyISAM SELECT id FROM t1")
    create = _query(bed, "CREATE TABLE")
    assert "t2" in create.query
    assert not _has_ddl_xid(create)  # 9.7.4 observed; MariaDB neither
    if _mysql(bed):  # nor Q_UPDATED_DB_NAMES (observed)
        assert not any(sv.code == Q.Q_UPDATED_DB_NAMES for sv in create.status_vars)


def test_temporary_create_inside_a_transaction_logs_no_ddl_xid_in_mysql(bed):
    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    t.execute("BEGIN")
    t.execute("CREATE TEMPORARY TABLE tmp2 (id INT) ENGINE=InnoDB")
    t.execute("COMMIT")
    # MariaDB logs its Q_XID on it
    assert _has_ddl_xid(_query(bed, "CREATE TEMPORARY TABLE tmp2")) is (not _mysql(bed))


def test_columns_without_default_are_checked_per_row_after_the_fill_in_mysql(bed):
    # sql_insert.cc: check_that_all_fields_are_given_values after each row's fill_record
    # (9.7.4 observed, replbed run --reference mysql-9.7); MariaDB checks once, at prepare
    t = bed.thd
    mysql = _mysql(bed)
    t.execute("CREATE TABLE t1 (id INT NOT NULL, c_int INT NOT NULL, c_str VARCHAR(5) NOT NULL, c_x INT)")
    t.execute("CREATE TABLE t2 (a VARCHAR(5))")
    t.execute("INSERT INTO t2 VALUES (''), ('x')")
    t.execute("SET sql_mode = 'STRICT_TRANS_TABLES'")
    # the row's store error first: the 1364 check never runs for a VALUES row
    e = _err(t, "INSERT INTO t1 (c_x, c_str) VALUES (1, NULL)")
    assert e.code == (1048 if mysql else 1364)
    # INSERT ... SELECT checks after a failed store: the columns after the failed one too
    e = _err(t, "INSERT INTO t1 (id, c_int, c_x) SELECT a, a, 1 FROM t2")
    assert _codes(t) == ([("Error", 1366), ("Error", 1364), ("Error", 1364)] if mysql else [("Error", 1364)])
    # no row, no check
    if mysql:
        t.execute("INSERT INTO t1 (id, c_x) SELECT 1, 1 FROM t2 WHERE 1 = 0")
    else:
        assert _err(t, "INSERT INTO t1 (id, c_x) SELECT 1, 1 FROM t2 WHERE 1 = 0").code == 1364
    # non-strict: one warning per column, however many rows
    t.execute("SET sql_mode = ''")
    t.execute("INSERT INTO t1 (c_x) VALUES (1), (2)")
    assert _codes(t) == [("Warning", 1364)] * 3


def test_found_rows_and_sql_calc_found_rows_are_deprecated_in_mysql(bed):
    # 8.0.17 deprecations, 1287, raised by the parser (9.7.4 observed texts)
    t = bed.thd
    t.execute("CREATE TABLE t1 (id INT)")
    t.execute("SELECT SQL_CALC_FOUND_ROWS id FROM t1 WHERE FOUND_ROWS() >= 0 LIMIT 1")
    got = _warnings(t)
    if not _mysql(bed):
        assert got == []
        return
    assert got == [("Warning", 1287, "SQL_CALC_FOUND_ROWS is deprecated and will be removed in a future release. "
                                     "Consider using two separate queries instead."),
                   ("Warning", 1287, "FOUND_ROWS() is deprecated and will be removed in a future release. "
                                     "Consider using COUNT(*) instead.")]


def test_sql_mode_1231_names_the_first_unknown_element_in_mysql(bed):
    # sys_vars.cc Sys_var_set::do_check: find_set's error element (MariaDB: the whole value)
    t = bed.thd
    e = _err(t, "SET sql_mode = 'ANSI_QUOTES,FOO,BAR'")
    assert e.code == 1231
    shown = "FOO" if _mysql(bed) else "ANSI_QUOTES,FOO,BAR"
    assert e.message == f"Variable 'sql_mode' can't be set to the value of '{shown}'"


def test_date_arithmetic_over_a_stored_zero_date_is_null_silently_in_mysql(bed):
    # 9.7.4 observed: NULL, no 1292, in a strict UPDATE too; a '0000-00-00' string still warns
    t = bed.thd
    t.execute("CREATE TABLE t1 (id INT, d DATETIME)")
    t.execute("SET sql_mode = ''")
    t.execute("INSERT INTO t1 VALUES (1, '0000-00-00 00:00:00')")
    t.execute("SET sql_mode = 'STRICT_TRANS_TABLES'")
    if _mysql(bed):
        t.execute("UPDATE t1 SET d = d + INTERVAL 1 DAY")
        assert _warnings(t) == []
        assert [tuple(r) for r in t.execute("SELECT d FROM t1").rows] == [(None,)]
    else:
        assert _err(t, "UPDATE t1 SET d = d + INTERVAL 1 DAY").code == 1292
    assert _err(t, "UPDATE t1 SET d = DATE_ADD('0000-00-00', INTERVAL 1 DAY)").code == 1292


def test_disconnect_rolls_back_before_it_drops_temporary_tables_in_mysql(bed):
    # MySQL's THD::cleanup: the rollback (its cache, with ROLLBACK) then close_temporary_tables
    # (9.7.4 observed, STATEMENT); MariaDB logs the DROP first
    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    t.execute("SET autocommit = 0")
    t.execute("CREATE TEMPORARY TABLE tmp5 (id INT) ENGINE=InnoDB")
    t.disconnect()
    texts = [e.event.query for e in bed.entries() if isinstance(e.event, QueryEvent)]
    drop = next(i for i, q in enumerate(texts) if q.startswith("DROP /*!40005 TEMPORARY */"))
    rollback = texts.index("ROLLBACK")
    assert (rollback < drop) is _mysql(bed)


def test_function_returns_charset_without_the_primary_collation_in_mysql(bed):
    # sp.cc sp_returns_type: COLLATE only for a non-primary collation (9.7.4 [bytes] corpus
    # mixing_*: `RETURNS varchar(64) CHARSET utf8mb4`); MariaDB spells it out
    t = bed.thd
    t.execute("CREATE FUNCTION f1(a INT) RETURNS VARCHAR(64) DETERMINISTIC RETURN 'x'")
    text = _query(bed, "CREATE DEFINER").query
    head = text.split("\n", 1)[0]
    if _mysql(bed):
        assert head.endswith("RETURNS varchar(64) CHARSET utf8mb4")
    else:
        assert " COLLATE " in head


def test_check_date_refusals_warn_out_of_range_in_mysql(bed):
    # my_time.cc check_date: MYSQL_TIME_WARN_OUT_OF_RANGE -> 1264 (9.7.4 observed: a day past
    # the month's end, a zero month/day under NO_ZERO_IN_DATE, DATE, DATETIME and TIMESTAMP);
    # a month 13 is truncated (1265) on both
    t = bed.thd
    t.execute("CREATE TABLE t1 (c_dt DATETIME NOT NULL, c_d DATE NOT NULL, c_ts TIMESTAMP NULL)")
    t.execute("INSERT IGNORE INTO t1 (c_dt, c_d, c_ts) VALUES ('2024-13-01 00:00:00', '2024-02-30', "
              "'2024-00-10 00:00:00')")
    got = [r[1] for r in _warnings(t)]
    assert got == ([1265, 1264, 1264] if _mysql(bed) else [1265, 1265, 1265])


def test_fractional_seconds_are_rounded_on_store_in_mysql(bed):
    # my_datetime_round / my_time_round (9.7.4 [bytes] types_temporal_*): rounded half up to the
    # column's precision, the second carrying into the date; MariaDB cuts
    t = bed.thd
    t.execute("SET sql_mode = ''")
    t.execute("CREATE TABLE t (b DATETIME(2), c DATETIME(3), f TIME(2), e TIME)")
    t.execute("INSERT INTO t VALUES ('2024-02-29 23:59:59.999', '2024-01-15 10:30:00.123456789', "
              "'-12:34:56.789', '12:60:00')")
    codes = _codes(t)
    b, c, f = t.execute("SELECT b, c, f FROM t").rows[0]
    assert c == dt.datetime(2024, 1, 15, 10, 30, 0, 123000)
    if _mysql(bed):
        assert (b, f) == (dt.datetime(2024, 3, 1), -dt.timedelta(hours=12, minutes=34, seconds=56, microseconds=790000))
        assert codes == [("Warning", 1264)]  # the TIME's minute 60; no Note for the nine digits
    else:
        assert (b, f) == (dt.datetime(2024, 2, 29, 23, 59, 59, 990000),
                          -dt.timedelta(hours=12, minutes=34, seconds=56, microseconds=780000))
        assert codes == [("Note", 1265), ("Warning", 1265)]


def test_a_time_cut_off_a_date_is_note_1292_when_strict_in_mysql(bed):
    t = bed.thd
    t.execute("CREATE TABLE t (a DATE)")
    t.execute("SET sql_mode = 'STRICT_ALL_TABLES'")
    t.execute("INSERT INTO t VALUES ('2024-01-01 10:00:00')")
    got = _warnings(t)
    if _mysql(bed):
        assert got == [("Note", 1292, "Incorrect date value: '2024-01-01 10:00:00' for column 'a' at row 1")]
    else:
        assert [(r[0], r[1]) for r in got] == [("Note", 1265)]
    t.execute("SET sql_mode = ''")
    t.execute("INSERT INTO t VALUES ('2024-01-01 10:00:00')")
    assert _codes(t) == [("Note", 1265)]


def test_innodb_lock_refusal_comes_before_the_gtid_consistency_check(tmp_path):
    # ha_innobase::external_lock raises 1665 when the statement locks its tables, before
    # decide_logging_format's is_dml_gtid_compatible (9.7.4 observed, GTID_MODE=ON, fuzz seed
    # 97231: a multi-table UPDATE of MyISAM and InnoDB at READ UNCOMMITTED is 1665, not 1785)
    bed = Bed(tmp_path, "mysql-9.7", gtid_mode="ON", server_uuid="3e11fa47-71ca-11e1-9e33-c80aa9429562")
    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    t.execute("SET SESSION TRANSACTION ISOLATION LEVEL READ UNCOMMITTED")
    t.execute("CREATE TABLE i (id INT PRIMARY KEY, a INT) ENGINE=InnoDB")
    t.execute("CREATE TABLE m (id INT PRIMARY KEY, a INT) ENGINE=MyISAM")
    assert _err(t, "UPDATE m a, i b SET a.a = b.a, b.a = 2 WHERE a.id = b.id").code == 1665
    assert [r[1] for r in _warnings(t)] == [1665, 1015]  # no 6414: decide_logging_format never ran


def test_create_select_into_innodb_below_repeatable_read_is_refused_by_the_engine_in_mysql(bed):
    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    t.execute("CREATE TABLE s (id INT) ENGINE=MyISAM")
    t.execute("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED")
    e = _err(t, "CREATE TABLE c (PRIMARY KEY (id)) ENGINE=InnoDB SELECT id FROM s")
    assert e.code == 1665
    codes = [r[1] for r in _warnings(t)]
    if _mysql(bed):
        assert codes == [1665, 1015] and e.message.endswith("READ COMMITTED or READ UNCOMMITTED.")
    else:
        assert codes == [1665] and e.message.endswith("row-based logging.")


def test_statement_cache_groups_of_one_transaction_share_its_writeset(tmp_path):
    # Transaction_write_set_ctx is reset only when the transaction ends: the second MyISAM
    # group of `BEGIN; INSERT nt (7,2); INSERT nt (7,4)` carries (7,2) too and depends on the
    # first; the next transaction's (8,4) does not (9.7.4 [bytes] corpus mixing_trx_m_n)
    from harness.binlog.mysql_gtid import MysqlGtidEvent
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    t.execute("SET binlog_format = ROW")
    t.execute("CREATE TABLE nt (a INT, b INT, PRIMARY KEY (a, b)) ENGINE=MyISAM")
    for sql in ("BEGIN", "INSERT INTO nt VALUES (7, 2)", "INSERT INTO nt VALUES (7, 4)", "COMMIT",
                "BEGIN", "INSERT INTO nt VALUES (8, 4)", "COMMIT"):
        t.execute(sql)
    g = [(e.event.last_committed, e.event.sequence_number) for e in bed.entries()
         if isinstance(e.event, MysqlGtidEvent)]
    ddl = g[-4][1]
    assert g[-3:] == [(ddl, ddl + 1), (ddl + 1, ddl + 2), (ddl, ddl + 3)]


def test_strings_into_numbers_are_reported_as_mysql_field_store_does(bed):
    # Field_new_decimal / Field_real::store (9.7.4 [bytes] types_decimal_*, types_float_*)
    t = bed.thd
    mysql = _mysql(bed)
    t.execute("CREATE TABLE t (a DECIMAL(5,2), b FLOAT, c INT)")
    t.execute("SET sql_mode = ''")
    t.execute("INSERT INTO t VALUES ('7abc', '1.5x', ' 42 ')")
    got = _codes(t)
    if mysql:
        assert got == [("Note", 1265), ("Warning", 1366)]
        assert _warnings(t)[1][2] == "Incorrect FLOAT value: '1.5x' for column 'b' at row 1"
    else:
        assert got == [("Warning", 1265), ("Warning", 1265), ("Note", 1265)]
    t.execute("SET sql_mode = 'STRICT_ALL_TABLES'")
    e = _err(t, "INSERT INTO t (a) VALUES ('1.2abc')")
    assert (e.code, e.message) == ((1366, "Incorrect decimal value: '1.2abc' for column 'a' at row 1") if mysql
                                   else (1265, "Data truncated for column 'a' at row 1"))


def test_utf8mb3_is_deprecated_and_1690_prints_the_operation_in_parentheses_in_mysql(bed):
    t = bed.thd
    t.execute("CREATE TABLE t (id INT PRIMARY KEY, d VARCHAR(4) CHARSET utf8mb3, i BIGINT)")
    got = [r[1] for r in _warnings(t)]
    assert got == ([1287] if _mysql(bed) else [])
    t.execute("INSERT INTO t VALUES (1, 'a', -9223372036854775808)")
    e = _err(t, "UPDATE t SET i = i - 1 WHERE id = 1")
    assert e.code == 1690
    assert e.message.endswith("'(`test`.`t`.`i` - 1)'" if _mysql(bed) else "'`test`.`t`.`i` - 1'")


def test_create_temporary_select_takes_part_in_the_engine_mix_in_mysql(tmp_path):
    # 9.7.4 observed (fuzz seed 97231 case 9): a MyISAM statement that changed nothing leaves its
    # table to the next; CREATE TEMPORARY ... ENGINE=InnoDB SELECT then warns 6414, and the next
    # InnoDB statement no more
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    t.execute("SET binlog_format = ROW")
    t.execute("CREATE TABLE t1 (id INT NOT NULL PRIMARY KEY, c INT) ENGINE=MyISAM")
    t.execute("INSERT INTO t1 VALUES (4, 1)")
    t.execute("CREATE TEMPORARY TABLE tmp3 (id INT PRIMARY KEY, c INT) ENGINE=InnoDB")
    t.execute("INSERT IGNORE INTO t1 SELECT id, c FROM t1")
    t.execute("CREATE TEMPORARY TABLE tmp4 ENGINE=InnoDB SELECT c FROM t1")
    assert [r[1] for r in _warnings(t)] == [6414]
    t.execute("INSERT INTO tmp3 VALUES (1, 1)")
    assert [r[1] for r in _warnings(t)] == []


def test_xa_groups_and_detach_on_prepare(tmp_path):
    """MySQL 9.7's user XA (9.7.4 observed, probe workload and xa.wl): the prepared group is
    `XA START xid` + body + `XA END xid` + XA_prepare; XA PREPARE detaches the branch, which
    another session commits as its own group `XA COMMIT xid`; XA COMMIT ... ONE PHASE writes the
    first group with one_phase = 1; a MyISAM-only branch logs nothing at PREPARE/COMMIT."""
    from harness.sql.sql_errors import ServerError
    from harness.sql.thd import Thd
    from tests.model.flavors._probe import Bed
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    other = Thd(bed.state, 8, db=None)
    bed.state.sessions[8] = other
    other.execute("USE test")
    t.execute("CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB")
    t.execute("CREATE TABLE m (a INT PRIMARY KEY) ENGINE=MyISAM")
    start = len(bed.entries())
    for sql in ("XA START 'a'", "INSERT INTO t VALUES (1, 1)", "XA END 'a'", "XA PREPARE 'a'"):
        t.execute(sql)
    with pytest.raises(ServerError) as e:
        t.execute("XA END 'a'")  # detached: the session has no branch
    assert e.value.code == 1399 and e.value.message.endswith("in the  NON-EXISTING state")
    other.execute("XA COMMIT 'a'")
    with pytest.raises(ServerError) as e:
        other.execute("XA COMMIT 'a'")
    assert e.value.code == 1397
    for sql in ("XA START 'c'", "INSERT INTO t VALUES (3, 1)", "XA END 'c'", "XA COMMIT 'c' ONE PHASE",
                "XA START 'e'", "INSERT INTO m VALUES (5)", "XA END 'e'", "XA PREPARE 'e'", "XA COMMIT 'e'"):
        t.execute(sql)
    names = [(type(x.event).__name__, getattr(x.event, "query", None) or getattr(x.event, "one_phase", None))
             for x in bed.entries()[start:]]
    gtid = ("MysqlGtidEvent", None)
    assert names == [gtid, ("QueryEvent", "XA START X'61',X'',1"), ("TableMapEvent", None), ("WriteRowsEvent", None),
                     ("QueryEvent", "XA END X'61',X'',1"), ("XaPrepareEvent", False),
                     gtid, ("QueryEvent", "XA COMMIT X'61',X'',1"),
                     gtid, ("QueryEvent", "XA START X'63',X'',1"), ("TableMapEvent", None), ("WriteRowsEvent", None),
                     ("QueryEvent", "XA END X'63',X'',1"), ("XaPrepareEvent", True),
                     gtid, ("QueryEvent", "BEGIN"), ("TableMapEvent", None), ("WriteRowsEvent", None),
                     ("QueryEvent", "COMMIT")]


@pytest.mark.parametrize("fmt", ["STATEMENT", "MIXED"])
def test_statement_inside_an_xa_branch_is_unsafe(tmp_path, fmt):
    """BINLOG_STMT_UNSAFE_XA (9.7.4 observed, xa.wl): Note 1592 in STATEMENT, rows in MIXED."""
    from tests.model.flavors._probe import Bed
    bed = Bed(tmp_path, "mysql-9.7")
    t = bed.thd
    t.execute(f"SET SESSION binlog_format = '{fmt}'")
    t.execute("CREATE TABLE t (a INT PRIMARY KEY, b INT)")
    t.execute("XA START 'x'")
    t.execute("INSERT INTO t VALUES (1, 1)")
    notes = _warnings(t)
    for sql in ("XA END 'x'", "XA PREPARE 'x'", "XA COMMIT 'x'"):
        t.execute(sql)
    kinds = [type(e.event).__name__ for e in bed.entries()]
    if fmt == "STATEMENT":
        assert [n[1] for n in notes] == [1592] and "inside a XA transaction" in notes[0][2]
        assert "WriteRowsEvent" not in kinds
    else:
        assert notes == [] and "WriteRowsEvent" in kinds


def test_xa_rollback_of_a_detached_branch_undoes_it(tmp_path):
    """9.7.4 observed (xa_prepare_commit_rollback_t_only): XA ROLLBACK of a prepared, detached branch
    undoes its rows."""
    from tests.model.flavors._probe import Bed
    t = Bed(tmp_path, "mysql-9.7").thd
    t.execute("CREATE TABLE t (a INT PRIMARY KEY, b INT)")
    t.execute("INSERT INTO t VALUES (100, 0)")
    for sql in ("XA START 'x2'", "INSERT INTO t VALUES (2, 1)", "UPDATE t SET b = 5 WHERE a = 100",
                "XA END 'x2'", "XA PREPARE 'x2'", "XA ROLLBACK 'x2'"):
        t.execute(sql)
    assert [list(r) for r in t.execute("SELECT * FROM t ORDER BY a").rows] == [[100, 0]]
