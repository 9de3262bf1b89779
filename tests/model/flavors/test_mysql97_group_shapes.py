"""Which events a statement logs on MySQL 9.7.4 (docs/RULES-mysql-9.7.md, "Group shapes"):
each test runs on the ``mysql-9.7`` flavour, whose answer was observed on the real server
(the corpus case named), and on ``mariadb-10.11``, which must keep MariaDB's answer."""

from __future__ import annotations

import pytest

from harness.binlog.query import QueryEvent
from harness.binlog.control import UserVarEvent
from tests.model.flavors._probe import Bed, error_code


@pytest.fixture(params=["mysql-9.7", "mariadb-10.11"])
def bed(request, tmp_path):
    return Bed(tmp_path, request.param)


def _mysql(bed: Bed) -> bool:
    return bed.state.flavor.name == "mysql-9.7"


def _shape(bed: Bed, start: int) -> list[str]:
    """The event kinds (a Query by its text) logged from entry ``start`` on."""
    out = []
    for e in bed.entries()[start:]:
        ev = e.event
        if isinstance(ev, QueryEvent):
            out.append(ev.query.decode() if isinstance(ev.query, bytes) else ev.query)
        elif isinstance(ev, UserVarEvent):
            name = ev.name.decode() if isinstance(ev.name, bytes) else ev.name
            out.append(f"@{name}")
        else:
            out.append(type(ev).__name__)
    return out


def test_user_var_is_logged_when_evaluated_in_mysql(bed):
    # 9.7.4 (fw_user_var_fixed_without_rows, STATEMENT): an UPDATE matching no row logs no
    # User_var for the variable it names; IF() logs only the branch it evaluated.
    # MariaDB: Item_func_get_user_var::fix_fields logs every variable the statement names.
    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    t.execute("CREATE TABLE t2 (id INT PRIMARY KEY, c CHAR(4)) ENGINE=InnoDB")
    t.execute("INSERT INTO t2 VALUES (1, 'a')")
    t.execute("SET @set = 'x'")
    n = len(bed.entries())
    t.execute("UPDATE t2 SET c = @w WHERE c IS NULL")
    t.execute("UPDATE t2 SET c = IF(id > 0, @set, @other) WHERE id = 1")
    vars_ = [s for s in _shape(bed, n) if s.startswith("@")]
    assert vars_ == (["@set"] if _mysql(bed) else ["@w", "@set", "@other"])


def test_rollback_to_unjoined_savepoint_keeps_nothing_when_cache_can_roll_back_in_mysql(bed):
    # 9.7.4 (fidseed_rollback_to_savepoint_after_temp_myisam, ROW): the binlog joined after
    # the savepoint, so ROLLBACK TO rolls it back as a whole (binlog_rollback); a temporary
    # MyISAM change logged nowhere (ROW) leaves trx_cache.cannot_rollback() false: the
    # cache is emptied and COMMIT logs no group. MariaDB writes it, ended by ROLLBACK.
    t = bed.thd
    t.execute("SET binlog_format = ROW")
    t.execute("CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB")
    t.execute("CREATE TEMPORARY TABLE tmp (a INT) ENGINE=MyISAM")
    n = len(bed.entries())
    for sql in ("BEGIN", "INSERT INTO tmp VALUES (2)", "SAVEPOINT sp2", "INSERT INTO t VALUES (3)",
                "ROLLBACK TO sp2", "COMMIT"):
        t.execute(sql)
    shape = _shape(bed, n)
    if _mysql(bed):
        assert shape == []
    else:
        assert shape[-1] == "ROLLBACK"


def _end(bed: Bed, start: int) -> str:
    """The end event of the last group logged from entry ``start`` on."""
    return _shape(bed, start)[-1]


def test_multi_update_unchanged_innodb_row_ends_with_commit_in_mysql(bed):
    # 9.7.4 (fid_update_unchanged_row_innodb_rw S): Query_result_update skips the unchanged
    # row without the engine although t.a was not named: t is const (t.id = m.id, m.id = 2),
    # its row read whole -- COMMIT (MariaDB 10.11: Xid).
    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    t.execute("CREATE TABLE t (id INT PRIMARY KEY, a INT, b INT) ENGINE=InnoDB")
    t.execute("CREATE TABLE m (id INT PRIMARY KEY, a INT) ENGINE=MyISAM")
    t.execute("INSERT INTO t VALUES (2, 2, 2)")
    t.execute("INSERT INTO m VALUES (2, 2)")
    n = len(bed.entries())
    t.execute("UPDATE t, m SET t.a = 2 WHERE t.id = m.id AND m.id = 2")
    assert _end(bed, n) == ("COMMIT" if _mysql(bed) else "XidEvent")


def test_multi_update_unchanged_row_not_read_calls_innodb_in_mysql(bed):
    """records_are_comparable: a non-const InnoDB row whose assigned column the statement did
    not read is passed to the engine (Xid); read, or the statement logged as rows (FULL image:
    the whole row read), it is compared and skipped (9.7.4 probed, GTID_MODE=ON, the
    wl2687_multi_table_mixed_engines tables)."""
    if not _mysql(bed):
        pytest.skip("MySQL 9.7's rule")
    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    t.execute("CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB")
    t.execute("CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM")
    t.execute("INSERT INTO t VALUES (1,1),(2,2),(3,3)")
    t.execute("INSERT INTO n VALUES (1,1),(2,2),(4,4)")
    for sql, end in [("UPDATE t JOIN n ON t.a = n.a SET t.b = n.b", "XidEvent"),
                     ("UPDATE t JOIN n ON t.a = n.a SET t.b = n.b WHERE t.a = 1", "COMMIT"),
                     ("UPDATE t JOIN n ON t.a = n.a SET t.b = t.b", "COMMIT"),
                     ("UPDATE t JOIN n ON t.a = n.a SET t.b = n.b + 0 WHERE n.b < 100", "XidEvent"),
                     ("UPDATE t, n SET t.b = 1 WHERE t.a = n.a AND n.a = 1", "COMMIT"),
                     ("UPDATE n JOIN t ON t.a = n.a SET t.b = n.b", "XidEvent")]:
        n = len(bed.entries())
        t.execute(sql)
        assert _end(bed, n) == end, sql
    t.execute("SET binlog_format = ROW")
    n = len(bed.entries())
    t.execute("UPDATE t JOIN n ON t.a = n.a SET t.b = n.b")
    assert _shape(bed, n) == []  # compared: nothing changed, nothing logged


def test_multi_update_scanned_table_compares_only_read_columns(bed):
    # 9.7.4 probed (fid_err_multi_update_not_null_1048 S): a scanned (not const) InnoDB table
    # whose assigned column the statement does not read is passed to ha_update_row even when
    # the row is unchanged (records_are_comparable false): InnoDB read-write, Xid; reading the
    # column (WHERE t.a >= 0, SET t.a = t.a) lets the server compare and skip it: COMMIT.
    # A NULL stored as 0 with warning 1048 (not strict) over a row already 0 is such a row.
    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    t.execute("SET sql_mode = ''")
    t.execute("CREATE TABLE t (id INT PRIMARY KEY, a INT NOT NULL) ENGINE=InnoDB")
    t.execute("CREATE TABLE s (id INT PRIMARY KEY, b INT) ENGINE=InnoDB")
    t.execute("INSERT INTO t VALUES (1, 0), (2, 5)")
    t.execute("INSERT INTO s VALUES (1, NULL), (2, 5)")
    ends = []
    for sql in ("UPDATE t, s SET t.a = s.b WHERE t.id = s.id",
                "UPDATE t, s SET t.a = s.b WHERE t.id = s.id AND t.a >= 0",
                "UPDATE t, s SET t.a = t.a WHERE t.id = s.id",
                "UPDATE t, s SET t.a = 5 WHERE t.id = s.id AND s.id = 2"):
        n = len(bed.entries())
        t.execute(sql)
        ends.append(_end(bed, n))
    const_end = "COMMIT" if _mysql(bed) else "XidEvent"
    assert ends == ["XidEvent", "COMMIT", "COMMIT", const_end]


def test_single_update_reads_only_the_primary_key_in_mysql(bed):
    # 9.7.4 (fidlog_innodb_reads_its_primary_key S, and probed): MySQL's InnoDB reads the
    # primary key (or the NOT NULL unique key it clusters on) with every row, but not the
    # columns of its other keys (no HA_REQUIRES_KEY_COLUMNS_FOR_DELETE): an unchanged value
    # for a secondary or nullable unique key column is not compared -- Xid. MariaDB 10.11
    # reads every key with an assigned column: COMMIT.
    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    t.execute("CREATE TABLE t3 (id INT UNIQUE, a INT) ENGINE=InnoDB")
    t.execute("CREATE TABLE t4 (id INT PRIMARY KEY, b INT, c INT, KEY(b)) ENGINE=InnoDB")
    t.execute("CREATE TABLE t6 (id INT NOT NULL, k INT NOT NULL, c INT, UNIQUE KEY (k, id)) ENGINE=InnoDB")
    t.execute("INSERT INTO t3 VALUES (9, 1)")
    t.execute("INSERT INTO t4 VALUES (1, 2, 3)")
    t.execute("INSERT INTO t6 VALUES (1, 2, 3)")
    ends = []
    for sql in ("UPDATE t3 SET id = 9", "UPDATE t4 SET b = 2", "UPDATE t4 SET id = 1", "UPDATE t6 SET k = 2",
                "UPDATE t4 SET b = 2 WHERE b = 2"):
        n = len(bed.entries())
        t.execute(sql)
        ends.append(_end(bed, n))
    key_end = "XidEvent" if _mysql(bed) else "COMMIT"
    assert ends == [key_end, key_end, "COMMIT", "COMMIT", "COMMIT"]


def test_ignored_foreign_key_row_leaves_innodb_read_only_in_mysql(bed):
    # 9.7.4 (fk_insert_ignore S, fk_update_key_dup_and_referenced S): the SQL layer checks
    # the foreign key before ha_update_row, so an UPDATE IGNORE whose only row fails it
    # (1452; 1451 before a duplicate) ends with COMMIT; a duplicate alone (the engine
    # refused it) keeps Xid. MariaDB's InnoDB checks inside the row call: Xid.
    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    t.execute("CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB")
    t.execute("CREATE TABLE c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id)) ENGINE=InnoDB")
    t.execute("INSERT INTO p VALUES (1), (3), (7)")
    t.execute("INSERT INTO c VALUES (1, 1), (2, 1)")
    n = len(bed.entries())
    t.execute("UPDATE IGNORE c SET pid = 9 WHERE id = 1")
    assert _end(bed, n) == ("COMMIT" if _mysql(bed) else "XidEvent")
    n = len(bed.entries())
    t.execute("UPDATE IGNORE p SET id = 7 WHERE id = 1")  # referenced and a duplicate: 1451
    assert _end(bed, n) == ("COMMIT" if _mysql(bed) else "XidEvent")
    n = len(bed.entries())
    t.execute("UPDATE IGNORE c SET id = 2 WHERE id = 1")  # a duplicate only
    assert _end(bed, n) == "XidEvent"


def test_temporary_table_created_with_binlog_off_is_dropped_unlogged_in_mysql(bed):
    # 9.7.4 (fidseed_sql_log_bin_in_trx S): TABLE::should_binlog_drop_if_temp is fixed when
    # the table is created; one created under sql_log_bin = 0 is dropped without a DROP
    # event even once the binlog is on again. MariaDB logs the DROP.
    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    t.execute("SET SESSION sql_log_bin = 0")
    t.execute("CREATE TEMPORARY TABLE tmp (a INT)")
    t.execute("SET SESSION sql_log_bin = 1")
    n = len(bed.entries())
    t.execute("DROP TEMPORARY TABLE tmp")
    drops = [s for s in _shape(bed, n) if "DROP" in s]
    assert drops == ([] if _mysql(bed) else ["DROP TEMPORARY TABLE `tmp` /* generated by server */"])


def test_unset_user_var_in_ifnull_is_no_string_in_mysql(bed):
    # 9.7.4 (fw_replace_fires_after_insert_per_conflict S): `SET @c = IFNULL(@c, 0) + 1` over
    # an unset @c makes @c an INT (User_var type 2, flags 0); MariaDB types the NULL variable
    # as a string, so the sum is a DOUBLE (type 1, no flags byte).
    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    t.execute("CREATE TABLE log (n INT) ENGINE=InnoDB")
    t.execute("SET @c = IFNULL(@c, 0) + 1")
    n = len(bed.entries())
    t.execute("INSERT INTO log VALUES (@c)")
    ev = [e.event for e in bed.entries()[n:] if isinstance(e.event, UserVarEvent)]
    assert [(v.value_type, v.flags) for v in ev] == ([(2, 0)] if _mysql(bed) else [(1, None)])


def test_disconnect_drop_second_statement_keeps_session_charset_in_mysql(bed):
    # 9.7.4 (fidseed_drop_temporary_in_trx_each_engine S, fid_disconnect_temp_drop_and_rollback_2 S):
    # close_temporary_tables sets character_set_client to the system charset (33) and restores
    # the session's right after building a database's first DROP, so the non-transactional
    # tables' DROP that follows the transactional ones' carries the session's (255).
    from harness.binlog.constants import QueryStatus as Q
    from harness.sql.stmt.sql_table import drop_temporary_on_disconnect

    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    t.execute("CREATE TEMPORARY TABLE tt (a INT) ENGINE=InnoDB")
    t.execute("CREATE TEMPORARY TABLE tm (a INT) ENGINE=MyISAM")
    n = len(bed.entries())
    drop_temporary_on_disconnect(t)
    clients = [codes[int(Q.Q_CHARSET_CODE)][0] for ev, codes in bed.query_events()
               if "40005" in (ev.query.decode() if isinstance(ev.query, bytes) else ev.query)]
    assert len(bed.entries()) > n
    assert clients == ([33, 255] if _mysql(bed) else [33])


def test_select_function_logged_when_its_update_matched_nothing_in_mysql(bed):
    # 9.7.4 (GTID_MODE=ON s002_call_unrolled_nested_mixed S): the function's UPDATE called
    # binlog_query although it matched no row (binlog_evt_union.unioned_events), so
    # `SELECT f1(4)` is logged as the call; MariaDB logs the call only when rows changed.
    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    t.execute("CREATE TABLE n (a INT PRIMARY KEY, b INT) ENGINE=MyISAM")
    t.execute("CREATE FUNCTION f1(x INT) RETURNS INT DETERMINISTIC BEGIN UPDATE n SET b = b + 1 WHERE a = x; RETURN x; END")
    n = len(bed.entries())
    t.execute("SELECT f1(4)")
    calls = [s for s in _shape(bed, n) if "f1" in s]
    assert calls == (["SELECT `test`.`f1`(4)"] if _mysql(bed) else [])


def _lock_tables_trigger_setup(bed: Bed) -> None:
    t = bed.thd
    t.execute("SET binlog_format = ROW")
    t.execute("CREATE TABLE t1 (a INT) ENGINE=InnoDB")
    t.execute("INSERT INTO t1 VALUES (1), (2), (3)")
    t.execute("CREATE TABLE t2 (b INT) ENGINE=InnoDB")
    t.execute("CREATE TRIGGER tr2 BEFORE INSERT ON t2 FOR EACH ROW DELETE FROM t1 LIMIT 1")
    t.execute("SET autocommit = 0")
    t.execute("LOCK TABLES t2 WRITE")


def test_prelocked_statement_under_lock_tables_keeps_its_rows_pending_in_mysql(bed):
    # 9.7.4 probed (mtr_lock_tables_trigger_tables R): THD::binlog_query leaves a prelocked
    # statement's pending rows event to close_thread_tables, which returns early under LOCK
    # TABLES. The first INSERT's Write_rows stays pending: the second INSERT writes no Table_map
    # (binlog_table_maps not cleared) and flushes it at its Delete_rows; the second INSERT's
    # Write_rows is then dropped by the failing statement's rollback (truncate). MariaDB logs
    # each statement's rows with their maps.
    _lock_tables_trigger_setup(bed)
    t = bed.thd
    n = len(bed.entries())
    t.execute("INSERT INTO t2 VALUES (1)")
    t.execute("INSERT INTO t2 VALUES (2)")
    t.execute("SELECT COUNT(*) FROM t2")  # logs nothing: the event stays pending
    assert error_code(t, "INSERT INTO t2 VALUES ('x')") == 1366
    t.execute("UNLOCK TABLES")
    rows = [s for s in _shape(bed, n) if s in ("TableMapEvent", "WriteRowsEvent", "DeleteRowsEvent")]
    if _mysql(bed):
        assert rows == ["TableMapEvent", "TableMapEvent", "DeleteRowsEvent", "WriteRowsEvent", "DeleteRowsEvent"]
    else:
        assert rows == ["TableMapEvent", "TableMapEvent", "DeleteRowsEvent", "WriteRowsEvent"] * 2


def test_kept_rows_event_goes_out_before_the_next_query_in_mysql(bed):
    # 9.7.4 probed: a SAVEPOINT after the prelocked INSERT writes the kept Write_rows (with
    # STMT_END_F) before its Query, and the next INSERT maps its tables again
    _lock_tables_trigger_setup(bed)
    t = bed.thd
    n = len(bed.entries())
    t.execute("INSERT INTO t2 VALUES (1)")
    t.execute("SAVEPOINT a")
    t.execute("INSERT INTO t2 VALUES (2)")
    t.execute("UNLOCK TABLES")
    shape = [s for s in _shape(bed, n) if s not in ("AnnotateRowsEvent", "GtidEvent", "MysqlGtidEvent", "BEGIN")]
    assert shape == ["TableMapEvent", "TableMapEvent", "DeleteRowsEvent", "WriteRowsEvent", "SAVEPOINT `a`",
                     "TableMapEvent", "TableMapEvent", "DeleteRowsEvent", "WriteRowsEvent", "XidEvent"]


def test_map_only_cache_under_lock_tables_is_a_group_in_mysql(bed):
    # 9.7.4 [bytes] ddl_lock_tables R: under LOCK TABLES every WRITE-locked table is mapped
    # into its engine's cache; MySQL writes the cache that got only maps as a group of its own
    # (`BEGIN, Table_map t, COMMIT` after the MyISAM row's group); MariaDB drops those maps.
    t = bed.thd
    t.execute("SET binlog_format = ROW")
    t.execute("CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB")
    t.execute("CREATE TABLE n (a INT PRIMARY KEY) ENGINE=MyISAM")
    t.execute("LOCK TABLES t WRITE, n WRITE")
    n = len(bed.entries())
    t.execute("INSERT INTO n VALUES (8)")
    shape = [s for s in _shape(bed, n) if s not in ("AnnotateRowsEvent", "GtidEvent", "MysqlGtidEvent", "BEGIN")]
    if _mysql(bed):
        assert shape == ["TableMapEvent", "WriteRowsEvent", "COMMIT", "TableMapEvent", "COMMIT"]
    else:
        assert shape == ["TableMapEvent", "WriteRowsEvent", "COMMIT"]


def test_xa_rollback_of_unprepared_branch_keeps_the_xa_group_in_mysql(bed):
    # 9.7.4 [bytes] xa_nontrans_writes S: an unprepared branch whose cache holds a MyISAM
    # statement (it cannot be rolled back) is written by XA ROLLBACK as the branch's group:
    # `XA START X'6335',X'',1`, body, `XA END ...`, ended by `XA ROLLBACK ...`
    # (MYSQL_BIN_LOG::rollback, SQLCOM_XA_ROLLBACK); MariaDB: ended by ROLLBACK.
    t = bed.thd
    t.execute("SET binlog_format = STATEMENT")
    t.execute("CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB")
    t.execute("CREATE TABLE m (a INT PRIMARY KEY, b INT) ENGINE=MyISAM")
    n = len(bed.entries())
    for sql in ("XA START 'c5'", "INSERT INTO t VALUES (8, 1)", "INSERT INTO m VALUES (8, 1)", "XA END 'c5'",
                "XA ROLLBACK 'c5'"):
        t.execute(sql)
    shape = [s for s in _shape(bed, n) if s not in ("GtidEvent", "MysqlGtidEvent")]
    if _mysql(bed):
        assert shape == ["XA START X'6335',X'',1", "INSERT INTO t VALUES (8, 1)", "INSERT INTO m VALUES (8, 1)",
                         "XA END X'6335',X'',1", "XA ROLLBACK X'6335',X'',1"]
    else:
        assert shape[-1] == "ROLLBACK"
