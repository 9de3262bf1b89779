"""harness/sql/stmt/sql_cte.py: WITH [RECURSIVE] as MariaDB 10.11 runs it (workloads/query.wl
compares the same statements and their binlogs with the real server)."""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def _t(bed: Bed, fmt: str = "STATEMENT"):  # type: ignore[no-untyped-def]
    s = bed.session(fmt)
    s.execute("CREATE TABLE t (a INT PRIMARY KEY, b INT) ENGINE=InnoDB")
    s.execute("INSERT INTO t VALUES (1,10),(2,20),(3,30)")
    return s


def test_a_cte_reads_like_a_derived_table_and_names_its_columns(bed: Bed) -> None:
    s = _t(bed)
    assert s.execute("WITH c(x, y) AS (SELECT a, b FROM t WHERE a > 1) SELECT y, x FROM c").rows == [[20, 2], [30, 3]]
    assert s.execute("WITH c AS (SELECT 1 AS x), d AS (SELECT x + 1 AS y FROM c) SELECT * FROM c, d").rows == [[1, 2]]


def test_an_inner_with_shadows_an_outer_one(bed: Bed) -> None:
    s = _t(bed)
    sql = "WITH c AS (SELECT 1 AS x) SELECT * FROM (WITH c AS (SELECT 2 AS x) SELECT x FROM c) q, c"
    assert s.execute(sql).rows == [[2, 1]]


def test_a_column_list_of_the_wrong_length_is_4002(bed: Bed) -> None:
    s = _t(bed)
    with pytest.raises(ServerError) as e:
        s.execute("WITH c(x) AS (SELECT 1, 2) SELECT * FROM c")
    assert e.value.code == 4002


def test_a_recursive_cte_runs_to_a_fixpoint_and_stops_at_max_recursive_iterations(bed: Bed) -> None:
    s = _t(bed)
    assert s.execute("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 4) "
                     "SELECT * FROM c").rows == [[1], [2], [3], [4]]
    assert s.execute("WITH RECURSIVE c(n) AS (SELECT 1 UNION SELECT n MOD 3 + 1 FROM c) SELECT * FROM c").rows == [
        [1], [2], [3]]
    assert s.execute("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT COUNT(*) FROM c").rows == [
        [1001]]
    assert [r[1] for r in s.execute("SHOW WARNINGS").rows] == [1931]


def test_a_longer_string_than_the_anchor_is_1406_in_strict_mode(bed: Bed) -> None:
    s = _t(bed)
    with pytest.raises(ServerError) as e:
        s.execute("WITH RECURSIVE c(s) AS (SELECT 'a' UNION ALL SELECT CONCAT(s, 'a') FROM c WHERE LENGTH(s) < 3) "
                  "SELECT * FROM c")
    assert e.value.code == 1406


@pytest.mark.parametrize("fmt", ["STATEMENT", "ROW"])
def test_insert_with_is_logged_as_the_statement_or_its_rows(bed: Bed, fmt: str) -> None:
    s = _t(bed, fmt)
    s.execute("CREATE TABLE u (a INT) ENGINE=InnoDB")
    bed.state.binlog.reset()
    sql = "INSERT INTO u WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3) SELECT n FROM c"
    s.execute(sql)
    assert s.execute("SELECT * FROM u").rows == [[1], [2], [3]]
    if fmt == "ROW":
        assert bed.shape() == ["G", "A", "TM(u)", "W*", "Xid"]
    else:
        assert bed.shape()[-2:] == [f"Q:{sql}", "Xid"]


def test_with_before_update_is_a_syntax_error(bed: Bed) -> None:
    s = _t(bed)
    with pytest.raises(ServerError) as e:
        s.execute("WITH c AS (SELECT a FROM t) UPDATE t SET b = 0")
    assert e.value.code == 1064
