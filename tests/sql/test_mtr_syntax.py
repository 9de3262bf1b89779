"""Syntax MariaDB's mysql-test suites and mariadb-binlog output use (issue 16)."""

from __future__ import annotations

import pytest

from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import EmptyQueryError, ParseError, UnsupportedError
from harness.sql.parse.parser import parse


def test_call_with_a_database() -> None:
    st = parse("CALL mtr.add_suppression('x')")
    assert isinstance(st, A.Call) and (st.db, st.name) == ("mtr", "add_suppression")
    assert parse("CALL p()").db is None  # type: ignore[attr-defined]


def test_flush_forms() -> None:
    st = parse("FLUSH NO_WRITE_TO_BINLOG TABLE test_suppressions")
    assert isinstance(st, A.Flush) and st.no_write_to_binlog and st.options == ["TABLES"]
    assert [t.name for t in st.tables] == ["test_suppressions"]
    st = parse("FLUSH STATUS, PRIVILEGES")
    assert isinstance(st, A.Flush) and st.options == ["STATUS", "PRIVILEGES"] and not st.no_write_to_binlog
    assert isinstance(parse("FLUSH LOGS"), A.FlushBinaryLogs)
    assert isinstance(parse("FLUSH LOCAL BINARY LOGS"), A.FlushBinaryLogs)
    assert parse("FLUSH ERROR LOGS, STATUS").options == ["ERROR LOGS", "STATUS"]  # type: ignore[attr-defined]
    with pytest.raises(ParseError) as e:
        parse("FLUSH TABLES, LOGS")
    assert "near ' LOGS'" in str(e.value)
    assert isinstance(parse("FLUSH TABLES WITH READ LOCK"), A.FlushReadLock)
    with pytest.raises(UnsupportedError):
        parse("FLUSH TABLES FOR EXPORT")


def test_purge_binary_logs() -> None:
    st = parse("PURGE BINARY LOGS TO 'master-bin.000002'")
    assert isinstance(st, A.PurgeBinaryLogs) and st.to == "master-bin.000002"
    st = parse("PURGE MASTER LOGS BEFORE '2001-01-01 00:00:00'")
    assert isinstance(st, A.PurgeBinaryLogs) and st.before is not None


def test_executable_comments_of_mariadb_binlog_output() -> None:
    st = parse("/*M!100001 SET @@session.gtid_seq_no=4*/")
    assert isinstance(st, A.Set)
    st = parse("/*!50530 SET @@SESSION.PSEUDO_SLAVE_MODE=0*/")
    assert isinstance(st, A.Set)
    assert isinstance(parse("/*!*/"), A.Empty)
    assert isinstance(parse("/* only a comment */"), A.Empty)
    with pytest.raises(EmptyQueryError) as e:
        parse("   ")
    assert e.value.code == 1065


def test_collate_only_on_the_literal_of_a_logged_name_const() -> None:
    st = parse("INSERT INTO t VALUES ( NAME_CONST('p',_utf8mb4'x' COLLATE 'utf8mb4_general_ci'))")
    assert isinstance(st, A.Insert)
    with pytest.raises(UnsupportedError):
        parse("SELECT 'a' COLLATE latin1_bin")


def test_value_is_not_reserved() -> None:
    """VALUE is a keyword but not reserved (only VALUES is): MTR's query_get_value calls
    read ``SELECT @@binlog_cache_size AS Value``."""
    st = parse("SELECT @@binlog_cache_size AS Value, 1 value")
    assert isinstance(st, A.Select)
    assert isinstance(parse("INSERT INTO t VALUE (1)"), A.Insert)
    assert isinstance(parse("CREATE TABLE t (value INT)"), A.CreateTable)
