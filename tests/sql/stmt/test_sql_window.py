"""harness/sql/stmt/sql_window.py: window functions' values and the order their rows come
out in (checked against MariaDB 10.11.19; workloads/query.wl compares the same)."""

from __future__ import annotations

import pytest

from harness.sql.sql_errors import ServerError
from tests.model.conftest import Bed, bed  # noqa: F401  (the in-process server fixture)


def _w(bed: Bed, fmt: str = "STATEMENT"):  # type: ignore[no-untyped-def]
    s = bed.session(fmt)
    s.execute("CREATE TABLE w (a INT PRIMARY KEY, g INT, v INT) ENGINE=InnoDB")
    s.execute("INSERT INTO w VALUES (1,1,5),(2,2,3),(3,1,7),(4,2,3),(5,1,1),(6,3,9)")
    return s


def test_ranking_and_running_sums(bed: Bed) -> None:
    s = _w(bed)
    rows = s.execute("SELECT a, RANK() OVER (ORDER BY v) r, DENSE_RANK() OVER (ORDER BY v) d, "
                     "SUM(v) OVER (PARTITION BY g ORDER BY a) cs FROM w").rows
    assert [[a, r, d, int(cs)] for a, r, d, cs in rows] == [
        [1, 4, 3, 5], [3, 5, 4, 12], [5, 1, 1, 13], [2, 2, 2, 3], [4, 2, 2, 6], [6, 6, 5, 9]]


def test_lag_lead_and_a_rows_frame(bed: Bed) -> None:
    s = _w(bed)
    rows = s.execute("SELECT a, LAG(v) OVER (ORDER BY a), LEAD(v, 2) OVER (PARTITION BY g ORDER BY a), "
                     "AVG(v) OVER (ORDER BY a ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM w").rows
    assert [r[:3] for r in rows] == [[1, None, 1], [2, 5, None], [3, 3, None], [4, 7, None], [5, 3, None],
                                     [6, 1, None]]
    assert str(rows[0][3]) == "4.0000" and str(rows[2][3]) == "4.3333"


def test_rows_come_out_in_the_first_specification_order_ties_in_the_next(bed: Bed) -> None:
    s = _w(bed)
    # compare_window_funcs_by_window_specs puts PARTITION BY g (field 1) before PARTITION BY v (field 2)
    rows = s.execute("SELECT a FROM (SELECT a, COUNT(*) OVER (PARTITION BY g) x, "
                     "COUNT(*) OVER (PARTITION BY v) y FROM w) d").rows
    assert rows == [[5], [1], [3], [2], [4], [6]]


def test_a_tie_sensitive_function_over_tied_rows_is_refused(bed: Bed) -> None:
    s = _w(bed)
    with pytest.raises(ServerError) as e:
        s.execute("SELECT a, ROW_NUMBER() OVER (ORDER BY v) FROM w")
    assert e.value.code == 1235
    assert s.execute("SELECT COUNT(*) FROM (SELECT ROW_NUMBER() OVER () r FROM w) d").rows == [[6]]


def test_a_window_function_in_where_is_4015(bed: Bed) -> None:
    s = _w(bed)
    with pytest.raises(ServerError) as e:
        s.execute("SELECT a FROM w WHERE ROW_NUMBER() OVER (ORDER BY a) > 1")
    assert e.value.code == 4015


def test_insert_select_with_a_window_is_safe_and_its_rows_are_in_window_order(bed: Bed) -> None:
    s = _w(bed, "ROW")
    s.execute("CREATE TABLE u (a INT, r BIGINT) ENGINE=InnoDB")
    bed.state.binlog.reset()
    s.execute("INSERT INTO u SELECT a, ROW_NUMBER() OVER (ORDER BY a DESC) FROM w")
    assert bed.shape() == ["G", "A", "TM(u)", "W*", "Xid"]
    assert s.execute("SELECT a, r FROM u").rows == [[6, 1], [5, 2], [4, 3], [3, 4], [2, 5], [1, 6]]
    st = _w_stmt(bed)
    st.execute("INSERT INTO u SELECT a, RANK() OVER (ORDER BY a) FROM w")
    assert st.execute("SHOW WARNINGS").rows == []


def _w_stmt(bed: Bed):  # type: ignore[no-untyped-def]
    return bed.session("STATEMENT")


def test_create_select_makes_the_other_columns_nullable(bed: Bed) -> None:
    s = _w(bed)
    s.execute("CREATE TABLE c SELECT a, a + 1 AS x, ROW_NUMBER() OVER (ORDER BY a) AS rn FROM w")
    text = s.execute("SHOW CREATE TABLE c").rows[0][1]
    assert "`a` int(11),\n" in text and "`x` bigint(12) DEFAULT NULL" in text and "`rn` bigint(21) NOT NULL" in text
