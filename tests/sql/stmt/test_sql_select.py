"""harness/sql/stmt/sql_select.py: a SELECT without tables (FROM DUAL) honours WHERE,
HAVING, aggregates and LIMIT as MariaDB 10.11 does (workloads/query.wl compares the same
statements and their binlogs with the real server)."""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


@pytest.mark.parametrize("sql, rows", [
    ("SELECT 5 FROM DUAL WHERE 1=0", []),
    ("SELECT 5 WHERE 1=0", []),
    ("SELECT 5 FROM DUAL WHERE 1=1", [[5]]),
    ("SELECT COUNT(*) FROM DUAL WHERE 1=0", [[0]]),
    ("SELECT COUNT(*) FROM DUAL", [[1]]),
    ("SELECT 5 FROM DUAL HAVING 1=0", []),
    ("SELECT 5 FROM DUAL LIMIT 0", []),
    ("SELECT (SELECT 7 FROM DUAL WHERE 0) IS NULL, EXISTS (SELECT 7 FROM DUAL WHERE 0)", [[1, 0]]),
])
def test_a_tableless_select_keeps_its_row_only_when_where_holds(bed: Bed, sql: str, rows: list) -> None:
    s = bed.session("STATEMENT")
    assert s.execute(sql).rows == rows


@pytest.mark.parametrize("fmt", ["STATEMENT", "ROW", "MIXED"])
def test_insert_select_from_dual_where_not_exists_inserts_once(bed: Bed, fmt: str) -> None:
    s = bed.session(fmt)
    s.execute("CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(5)) ENGINE=InnoDB")
    bed.state.binlog.reset()
    sql = "INSERT INTO t SELECT 1, '{}' FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM t WHERE a = 1)"
    s.execute(sql.format("x"))
    first = bed.shape()
    s.execute(sql.format("y"))  # no 1062: the WHERE is false, no row is selected
    assert s.execute("SELECT * FROM t").rows == [[1, "x"]]
    if fmt == "ROW":
        assert first == ["G", "A", "TM(t)", "W*", "Xid"]
        # An InnoDB statement that changed no row leaves nothing in ROW format.
        assert bed.shape() == first
    else:
        # Logged as a statement all the same; InnoDB changed no row, so no Xid but a
        # COMMIT query (as the server: compared in workloads/query.wl).
        assert bed.shape()[-2:] == [f"Q:{sql.format('y')}", "COMMIT"]


def test_where_one_is_zero_inserts_nothing(bed: Bed) -> None:
    s = bed.session("STATEMENT")
    s.execute("CREATE TABLE t (a INT PRIMARY KEY) ENGINE=InnoDB")
    s.execute("INSERT INTO t VALUES (1)")
    s.execute("INSERT INTO t SELECT 1 FROM DUAL WHERE 1=0")
    s.execute("CREATE TABLE c SELECT 1 AS a FROM DUAL WHERE 1=0")
    assert s.execute("SELECT COUNT(*) FROM c").rows == [[0]]
    with pytest.raises(ServerError) as e:
        s.execute("INSERT INTO t SELECT 1 FROM DUAL WHERE 1=1")
    assert e.value.code == 1062


def test_an_impossible_where_inside_a_trigger_leaves_the_firing_statement_logged(bed: Bed) -> None:
    """MariaDB 10.11 and 11.8 (workloads/views_routines.wl vr_trigger_impossible_where): a
    trigger's UPDATE whose WHERE is impossible ends alone; the INSERT that fired it is
    still written to the binlog."""
    from harness.binlog.query import QueryEvent
    from harness.binlog.reader import read_binlog_file
    s = bed.session("STATEMENT")
    s.execute("CREATE TABLE t1 (id VARCHAR(10) NOT NULL PRIMARY KEY, c INT) ENGINE=MyISAM")
    s.execute("CREATE TABLE t2 (id INT NOT NULL PRIMARY KEY, c INT) ENGINE=MyISAM")
    s.execute("CREATE TRIGGER trg AFTER INSERT ON t2 FOR EACH ROW UPDATE t1 SET c = c + 1 WHERE 1 = 0")
    s.execute("INSERT INTO t2 VALUES (7, 1)")
    logged = [ev.query for f in bed.state.binlog.files for ev in read_binlog_file(bed.state.binlog.dir / f)
              if isinstance(ev, QueryEvent)]
    assert "INSERT INTO t2 VALUES (7, 1)" in logged
