"""The statements dump tools, ORMs and CDC readers send (harness/sql/parse/parse_show.py)."""

from __future__ import annotations

import pytest

from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import UnsupportedError
from harness.sql.parse.parser import parse


@pytest.mark.parametrize("sql,what,table,full,like", [
    ("DESCRIBE t", "COLUMNS", "t", False, None),
    ("DESC d.t c", "COLUMNS", "t", False, "c"),
    ("EXPLAIN t 'a%'", "COLUMNS", "t", False, "a%"),
    ("SHOW FULL COLUMNS FROM t FROM d LIKE 'a%'", "COLUMNS", "t", True, "a%"),
    ("SHOW FIELDS IN t", "COLUMNS", "t", False, None),
    ("SHOW INDEX FROM t", "INDEX", "t", False, None),
    ("SHOW KEYS FROM d.t", "INDEX", "t", False, None),
    ("SHOW TABLE STATUS LIKE 't%'", "TABLE_STATUS", None, False, "t%"),
    ("SHOW CREATE VIEW v", "CREATE_VIEW", "v", False, None),
    ("SHOW BINLOG STATUS", "MASTER_STATUS", None, False, None),
    ("SHOW BINARY LOG STATUS", "MASTER_STATUS", None, False, None),
    ("SHOW TRIGGERS FROM d LIKE 't'", "TRIGGERS", None, False, "t"),
])
def test_catalog_show_forms(sql: str, what: str, table: str | None, full: bool, like: str | None) -> None:
    st = parse(sql)
    assert isinstance(st, A.Show)
    assert (st.what, st.table.name if st.table else None, st.full, st.like) == (what, table, full, like)


def test_show_where_and_create_database() -> None:
    st = parse("SHOW GLOBAL STATUS WHERE Variable_name IN ('Threads_running', 'Questions')")
    assert isinstance(st, A.Show) and st.what == "STATUS" and st.scope == "global" and st.where is not None
    st = parse("SHOW CREATE DATABASE IF NOT EXISTS `d1`")
    assert isinstance(st, A.Show) and (st.what, st.db, st.if_not_exists) == ("CREATE_DATABASE", "d1", True)


def test_explain_select_and_read_locks() -> None:
    st = parse("EXPLAIN SELECT * FROM `d1`.`t1` WHERE 1=1")
    assert isinstance(st, A.Explain) and isinstance(st.select, A.Select)
    with pytest.raises(UnsupportedError):
        parse("EXPLAIN FORMAT=JSON SELECT 1")
    assert isinstance(parse("FLUSH TABLES WITH READ LOCK"), A.FlushReadLock)
    assert parse("FLUSH LOCAL TABLES WITH READ LOCK").no_write_to_binlog  # type: ignore[attr-defined]
    st = parse("LOCK TABLES `t1` READ /*!32311 LOCAL */,`t2` READ /*!32311 LOCAL */")
    assert isinstance(st, A.LockTables) and [m for _n, _a, m in st.locks] == ["READ", "READ"]
