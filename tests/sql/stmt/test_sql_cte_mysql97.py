"""harness/sql/stmt/sql_cte.py, MySQL 9.7's recursive CTE (_recursive_mysql): the union's
DISTINCT operators and the FollowTailIterator order. Golden vectors: MySQL 9.7.4 probed
(the rows in the order the server returned them, the errors it gave)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.model.flavors._probe import Bed

_REC = "WITH RECURSIVE c(n) AS ({}) SELECT * FROM c"
_STOP = "This version of MySQL doesn't yet support '{}'"
# (recursive CTE's query, rows or (error code, message)): 9.7.4 probed
GOLDEN = [
    ("SELECT 1 UNION SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3", [1, 2, 3]),
    ("SELECT 1 UNION ALL SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3", [1, 1, 2, 2, 3, 3]),
    ("SELECT 1 UNION ALL SELECT 1 UNION SELECT n + 1 FROM c WHERE n < 3", [1, 2, 3]),
    ("SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3 UNION SELECT n + 1 FROM c WHERE n < 3", [1, 2, 3]),
    ("SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 1 UNION SELECT 2 UNION ALL SELECT n + 1 FROM c WHERE n < 4",
     [1, 2, 2, 3, 3, 4, 4]),
    ("SELECT 1 UNION SELECT 2 UNION ALL SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 4",
     [1, 2, 1, 2, 3, 2, 3, 4, 3, 4, 4]),
    # two recursive blocks: each follows the table's tail from where it stopped
    ("SELECT 1 UNION DISTINCT SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3 "
     "UNION ALL SELECT n + 1 FROM c WHERE n < 3", [1, 2, 3, 2, 3, 3, 3]),
    ("SELECT 1 UNION SELECT 1 UNION ALL SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3", [1, 1, 2, 2, 3, 3]),
    ("SELECT 1 UNION SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3 LIMIT 2", [1, 2]),
    ("SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 9 LIMIT 2 OFFSET 3", [4, 5]),
    ("SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT n + 1 FROM c WHERE n < 9 LIMIT 2", [1, 2]),
    ("SELECT 1 UNION ALL SELECT 1 UNION SELECT n + 1 FROM c WHERE n < 3 UNION ALL SELECT n + 1 FROM c WHERE n < 3",
     (1235, _STOP.format("recursive query blocks with UNION DISTINCT then UNION ALL, in recursive Common Table "
                         "Expression"))),
    ("SELECT 1 UNION SELECT n + 1 FROM c WHERE n < 3 UNION ALL SELECT n + 1 FROM c WHERE n < 3",
     (1235, _STOP.format("recursive query blocks with UNION DISTINCT then UNION ALL, in recursive Common Table "
                         "Expression"))),
    # a recursive block's row longer than the anchor's column: the row counted in the block's pass
    ("SELECT 'a' UNION ALL SELECT CONCAT(n, 'a') FROM c WHERE LENGTH(n) < 5",
     (1406, "Data too long for column 'n' at row 1")),
    ("SELECT 1 UNION SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3 ORDER BY n DESC",
     (1235, _STOP.format("ORDER BY over UNION in recursive Common Table Expression"))),
]


@pytest.fixture(scope="module")
def bed(tmp_path_factory: pytest.TempPathFactory) -> Bed:
    return Bed(Path(tmp_path_factory.mktemp("cte97")), "mysql-9.7", gtid_mode="OFF")


@pytest.mark.parametrize(("query", "want"), GOLDEN)
def test_recursive_cte_as_mysql_97(bed: Bed, query: str, want: object) -> None:
    try:
        got: object = [r[0] for r in bed.thd.execute(_REC.format(query)).rows]
    except Exception as e:  # noqa: BLE001 - the server error is the answer
        got = (getattr(e, "code", None), getattr(e, "message", str(e)))
    assert got == want


def test_the_depth_limit_counts_each_blocks_own_iterations(bed: Bed) -> None:
    """cte_max_recursion_depth = 3: the first block's 4th iteration (its second pass) is 3636
    although it adds nothing; LIMIT 3 stops before a 4th iteration is needed (9.7.4 probed)."""
    t = bed.thd
    t.execute("SET SESSION cte_max_recursion_depth = 3")
    try:
        with pytest.raises(Exception) as e:
            t.execute(_REC.format("SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3 "
                                  "UNION ALL SELECT n + 10 FROM c WHERE n < 3"))
        assert (e.value.code, e.value.message) == (  # type: ignore[attr-defined]
            3636, "Recursive query aborted after 4 iterations. Try increasing @@cte_max_recursion_depth to a "
                  "larger value.")
        assert [r[0] for r in t.execute(_REC.format("SELECT 1 UNION ALL SELECT n + 1 FROM c LIMIT 3")).rows] == [1, 2, 3]
        with pytest.raises(Exception) as e:
            t.execute(_REC.format("SELECT 1 UNION ALL SELECT n + 1 FROM c LIMIT 5"))
        assert e.value.code == 3636  # type: ignore[attr-defined]
    finally:
        t.execute("SET SESSION cte_max_recursion_depth = DEFAULT")
